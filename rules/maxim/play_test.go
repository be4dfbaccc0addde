package maxim

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

var scenarioFiles = []string{"maxim-trench-raid.toml", "maxim-rue-principale.toml", "maxim-uhlans-1914.toml", "maxim-armour-crossroads.toml", "maxim-hot-lz.toml"}

func lookup(id string) (rules.RuleSet, bool) {
	if id == "maxim" {
		return New(), true
	}
	return nil, false
}

func init() {
	if rules.LookupRuleSet == nil {
		rules.LookupRuleSet = lookup
	}
}

// loadScenario loads one of the shipped scenarios.
func loadScenario(t testing.TB, name string) (*rules.Scenario, *terrain.Map) {
	t.Helper()
	sc, m, err := scenario.Load(os.DirFS("../../scenarios"), name, maps.FS)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			t.Skipf("%s: %v", name, err)
		}
		t.Fatalf("%s: %v", name, err)
	}
	return sc, m
}

func TestScenariosStart(t *testing.T) {
	for _, name := range scenarioFiles {
		sc, m := loadScenario(t, name)
		g, evs, err := rules.NewGame(New(), sc, m, 7)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.St.Phase != PhaseMove || len(evs) < 2 {
			t.Fatalf("%s: phase %q after start, %d events", name, g.St.Phase, len(evs))
		}
	}
}

// checkInvariants holds after every command of a random game.
func checkInvariants(t *testing.T, g *rules.Game, c rules.Command) {
	s := g.St
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed || aboard(s, f) {
			continue
		}
		if why := standProblem(s, f.ID, f.Pos); why != "" {
			t.Fatalf("after %s: %s %s", c, f.Name, why)
		}
		if f.Markers.Has(rules.Wounded) && f.Markers.Has(rules.BadlyWounded) {
			t.Fatalf("after %s: %s is both lightly and seriously wounded", c, f.Name)
		}
	}
	for i := range s.Units {
		if m := s.Units[i].Vars[uMorale]; m < 0 || m > MaxMorale {
			t.Fatalf("morale %d", m)
		}
	}
	for side := range 2 {
		n := 0
		for i := range s.Figures {
			if s.Figures[i].Side == side && s.Figures[i].Removed {
				n++
			}
		}
		if n != s.Sides[side].Losses {
			t.Fatalf("after %s: side %d losses %d, removed %d", c, side, s.Sides[side].Losses, n)
		}
	}
	if !s.Over {
		if s.Phase == PhaseOpportunity && s.Decider == s.Active {
			t.Fatalf("opportunity fire decided by the moving side")
		}
		if s.Phase != PhaseOpportunity && s.Decider != s.Active {
			t.Fatalf("phase %s: decider %d active %d", s.Phase, s.Decider, s.Active)
		}
	}
}

// playChecked plays one seeded random game, checking invariants.
func playChecked(t *testing.T, sc *rules.Scenario, m *terrain.Map, seed uint64) *rules.Game {
	g, _, err := rules.NewGame(New(), sc, m, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	for steps := 0; !g.St.Over; steps++ {
		if steps > 3000 {
			t.Fatalf("seed %d: not over after %d commands (round %d)", seed, steps, g.St.Round)
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			t.Fatalf("seed %d: nothing legal in phase %s", seed, g.St.Phase)
		}
		if back, err := rules.ParseCommand(c.String()); err != nil || back.String() != c.String() {
			t.Fatalf("seed %d: %s does not survive the notation: %v", seed, c, err)
		}
		if _, err := g.Apply(c); err != nil {
			if c.Verb == "move" || c.Verb == "drive" && len(c.Path) == 0 {
				continue
			}
			t.Fatalf("seed %d: legal %s refused: %v", seed, c, err)
		}
		checkInvariants(t, g, c)
	}
	return g
}

// closeQuarters is a small fight on the test table: three a side a few
// inches apart with grenades, an SMG, a flamethrower, a claymore and
// knives, so that random play reaches melee, blasts and morale.
func closeQuarters(t testing.TB) (*rules.Scenario, *terrain.Map) {
	m, err := terrain.Parse("test.toml", []byte(testMap))
	if err != nil {
		t.Fatal(err)
	}
	sc := &rules.Scenario{Name: "close quarters", RuleSet: "maxim", BaseR: 250, TurnLimit: 6}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	sc.Sides[0].Units = []rules.ScenarioUnit{{Name: "Blue team", Quality: "veteran", Armour: "kevlar", Figures: []rules.ScenarioFigure{
		{Name: "B1", Weapons: []string{"assault-rifle", "grenade", "knife"}, Pos: geom.P(14, 24), HasPos: true, Leader: true},
		{Name: "B2", Weapons: []string{"smg", "claymore"}, Pos: geom.P(16, 24), HasPos: true},
		{Name: "B3", Weapons: []string{"lmg"}, Pos: geom.P(18, 24), HasPos: true},
	}}}
	sc.Sides[1].Units = []rules.ScenarioUnit{{Name: "Red team", Quality: "green", Motive: "fanatic", Figures: []rules.ScenarioFigure{
		{Name: "R1", Weapons: []string{"rifle", "bayonet", "grenade"}, Pos: geom.P(14, 15), HasPos: true, Leader: true},
		{Name: "R2", Weapons: []string{"flamethrower", "pistol"}, Pos: geom.P(16, 16), HasPos: true},
		{Name: "R3", Weapons: []string{"shotgun", "molotov"}, Pos: geom.P(18, 15), HasPos: true},
	}}, {Name: "Red horse", Quality: "regular", Mount: "horse", Figures: []rules.ScenarioFigure{
		{Name: "R4", Weapons: []string{"pistol", "sabre"}, Pos: geom.P(24, 16), HasPos: true},
	}}}
	return sc, m
}

// 1,000 seeded random games at close quarters (100 with -short), every
// one ending cleanly with the invariants held, and every command used.
func TestRandomGames(t *testing.T) {
	sc, m := closeQuarters(t)
	n := 1000
	if testing.Short() {
		n = 100
	}
	verbs := map[string]int{}
	hurt, cmds := 0, 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g := playChecked(t, sc, m, seed)
		cmds += len(g.Log)
		for _, c := range g.Log {
			verbs[c.Verb]++
		}
		hurt += g.St.Sides[0].Losses + g.St.Sides[1].Losses
	}
	t.Logf("%d games, mean %d commands, mean losses %.1f, verbs %v", n, cmds/n, float64(hurt)/float64(n), verbs)
	for _, v := range []string{"move", "fire", "melee", "pass", "end"} {
		if verbs[v] == 0 {
			t.Errorf("no %q in %d games", v, n)
		}
	}
}

// The shipped scenarios play to their end too.
func TestScenarioGames(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 3
	}
	for _, name := range scenarioFiles {
		sc, m := loadScenario(t, name)
		wins := [3]int{}
		for seed := uint64(1); seed <= uint64(n); seed++ {
			g := playChecked(t, sc, m, seed)
			wins[g.St.Winner+1]++
		}
		t.Logf("%s: %d games, draws %d, %s %d, %s %d", name, n, wins[0], sc.Sides[0].Name, wins[1], sc.Sides[1].Name, wins[2])
	}
}

func BenchmarkFullGame(b *testing.B) {
	b.Run("close-quarters", func(b *testing.B) {
		sc, m := closeQuarters(b)
		for i := 0; i < b.N; i++ {
			if _, err := rules.PlayRandom(New(), sc, m, uint64(i+1), 5000); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, name := range scenarioFiles {
		b.Run(strings.TrimSuffix(name, ".toml"), func(b *testing.B) {
			sc, m := loadScenario(b, name)
			for i := 0; i < b.N; i++ {
				if _, err := rules.PlayRandom(New(), sc, m, uint64(i+1), 5000); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A side's name takes its verb: "Move phase: British raiders move", the
// panel's "British raiders move", and "the US Army moves" for a body
// named as one (the play-test read "British raiders moves").
func TestPhaseWordsAgreeWithTheSide(t *testing.T) {
	for name, verb := range map[string]string{"maxim-trench-raid.toml": "move", "maxim-armour-crossroads.toml": "moves"} {
		sc, m := loadScenario(t, name)
		g, evs, err := rules.NewGame(New(), sc, m, 1)
		if err != nil {
			t.Fatal(err)
		}
		mover := g.St.Sides[g.St.Active].Name
		want := "Move phase: " + mover + " " + verb + ";"
		found := false
		for _, ev := range evs {
			found = found || strings.HasPrefix(ev.Text, want)
		}
		if !found {
			t.Errorf("%s: no event opens %q", name, want)
		}
		if head := New().(Maxim).Explain(g.St).Head; head != mover+" "+verb {
			t.Errorf("%s: the panel heads %q, want %q", name, head, mover+" "+verb)
		}
	}
}
