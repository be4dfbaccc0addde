package smle

import (
	"testing"

	"hedgerow/rules"
)

func TestVehicleScenariosLoad(t *testing.T) {
	for _, name := range []string{"smle-tank-bocage.toml", "smle-mech-assault.toml"} {
		sc, m := loadNamed(t, name)
		g, _, err := rules.NewGame(New(), sc, m, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(g.St.Vehicles) != 1 {
			t.Fatalf("%s: %d vehicles", name, len(g.St.Vehicles))
		}
	}
}

// Seeded random games of both vehicle scenarios end cleanly, with the
// vehicle commands used and the invariants held (nobody aboard a wreck,
// nobody aboard two vehicles, every hull on the table).
func TestRandomVehicleGames(t *testing.T) {
	n := map[string]int{"smle-tank-bocage.toml": 1000, "smle-mech-assault.toml": 200}
	if testing.Short() {
		n = map[string]int{"smle-tank-bocage.toml": 100, "smle-mech-assault.toml": 50}
	}
	for _, name := range []string{"smle-tank-bocage.toml", "smle-mech-assault.toml"} {
		sc, m := loadNamed(t, name)
		verbs := map[string]int{}
		kills, over := 0, 0
		for seed := uint64(1); seed <= uint64(n[name]); seed++ {
			g, err := rules.PlayRandom(New(), sc, m, seed, 5000)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if g.St.Over {
				over++
			}
			for _, c := range g.Log {
				verbs[c.Verb]++
			}
			checkVehicleInvariants(t, g.St)
			for _, v := range g.St.Vehicles {
				if v.Damage.Has(1 << 1) {
					kills++
				}
			}
		}
		t.Logf("%s: %d games, over %d, vehicles brewed up %d, verbs %v", name, n[name], over, kills, verbs)
		for _, v := range []string{"drive", "gun", "shoot"} {
			if verbs[v] == 0 {
				t.Errorf("%s: no game used %q", name, v)
			}
		}
	}
}

func checkVehicleInvariants(t *testing.T, s *rules.State) {
	t.Helper()
	seen := map[rules.FigID]bool{}
	for _, v := range s.Vehicles {
		for _, f := range v.Aboard() {
			if seen[f] {
				t.Fatalf("F%d aboard twice", f)
			}
			seen[f] = true
			if fig := s.Fig(f); fig.Pos != v.Pos && !fig.Removed {
				t.Fatalf("%s aboard %s but elsewhere", fig.Name, v.Name)
			}
		}
		if v.Damage.Has(2) && len(v.Aboard()) > 0 {
			t.Fatalf("%s brewed up with men aboard", v.Name)
		}
		if v.Pos.X < 0 || v.Pos.Y < 0 || v.Pos.X > s.Map.Width || v.Pos.Y > s.Map.Height {
			t.Fatalf("%s off the table", v.Name)
		}
	}
}

func TestQuickVehicleGames(t *testing.T) {
	for _, name := range []string{"smle-tank-bocage.toml", "smle-mech-assault.toml"} {
		sc, m := loadNamed(t, name)
		verbs := map[string]int{}
		for seed := uint64(1); seed <= 20; seed++ {
			g, err := rules.PlayRandom(New(), sc, m, seed, 5000)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			for _, c := range g.Log {
				verbs[c.Verb]++
			}
		}
		t.Logf("%s: verbs %v", name, verbs)
	}
}
