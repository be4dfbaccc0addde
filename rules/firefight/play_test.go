package firefight

import (
	"math/rand/v2"
	"testing"
	"time"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/terrain"
	"hedgerow/scenarios"
)

var scenarioFiles = []string{"firefight-mg42-farm-lane.toml", "firefight-crossroads.toml"}

func loadNamed(t testing.TB, name string) (*rules.Scenario, *terrain.Map) {
	t.Helper()
	sc, m, err := rules.LoadScenario(scenarios.FS, name, maps.FS)
	if err != nil {
		t.Fatal(err)
	}
	return sc, m
}

// playChecked plays one seeded random game, checking invariants after
// every command.
func playChecked(t testing.TB, sc *rules.Scenario, m *terrain.Map, seed uint64, bound int) *rules.Game {
	g, _, err := rules.NewGame(New(), sc, m, seed)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	r := rand.New(rand.NewPCG(seed, 77))
	for !g.St.Over {
		if len(g.Log) >= bound {
			t.Fatalf("seed %d: not over after %d commands (turn %d, phase %q)", seed, bound, g.St.Round, g.St.Phase)
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			t.Fatalf("seed %d: nothing legal in phase %q", seed, g.St.Phase)
		}
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("seed %d: legal command %s refused: %v", seed, c, err)
		}
		checkInvariants(t, g.St, seed, c)
	}
	return g
}

func checkInvariants(t testing.TB, s *rules.State, seed uint64, c rules.Command) {
	t.Helper()
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed {
			if f.Markers != 0 {
				t.Fatalf("seed %d after %s: removed %s keeps markers", seed, c, f.Name)
			}
			continue
		}
		if why := standProblem(s, f.ID, f.Pos); why != "" {
			t.Fatalf("seed %d after %s: %s %s", seed, c, f.Name, why)
		}
		if ap := f.Var(fAP); ap < 0 || ap > data.Cost.MotivatedAP {
			t.Fatalf("seed %d after %s: %s has %d AP", seed, c, f.Name, ap)
		}
		if Neutralised(s, f) && Suppressed(s, f) {
			t.Fatalf("seed %d after %s: %s both neutralised and suppressed", seed, c, f.Name)
		}
		if Spotted(s, 1-f.Side, f) && f.Var(seenVar(1-f.Side)) == 0 {
			t.Fatalf("seed %d after %s: %s spotted but unseen", seed, c, f.Name)
		}
	}
	for i := range s.Units {
		if v := getU(&s.Units[i], uInit); v < 1 || v > MaxInitiative {
			t.Fatalf("seed %d: %s initiative %d", seed, s.Units[i].Name, v)
		}
	}
}

func TestRandomGamesQuick(t *testing.T) {
	for _, name := range scenarioFiles {
		sc, m := loadNamed(t, name)
		start := time.Now()
		cmds, losses := 0, 0
		verbs := map[string]int{}
		n := 20
		for seed := uint64(1); seed <= uint64(n); seed++ {
			g := playChecked(t, sc, m, seed, 20000)
			cmds += len(g.Log)
			losses += g.St.Sides[0].Losses + g.St.Sides[1].Losses
			for _, c := range g.Log {
				verbs[c.Verb]++
			}
		}
		t.Logf("%s: %d games in %v, %d commands, %d losses, verbs %v", name, n, time.Since(start), cmds, losses, verbs)
	}
}
