package smle

import (
	"bytes"
	"flag"
	"strings"
	"testing"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/save"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
	"hedgerow/scenarios"
)

func loadScenario(t testing.TB) (*rules.Scenario, *terrain.Map) {
	return loadNamed(t, "smle-woods-sections.toml")
}

func loadNamed(t testing.TB, name string) (*rules.Scenario, *terrain.Map) {
	t.Helper()
	sc, m, err := scenario.Load(scenarios.FS, name, maps.FS)
	if err != nil {
		t.Fatal(err)
	}
	return sc, m
}

// The woods scenario: long range and blocked sight, few fights.
func TestRandomGamesWoods(t *testing.T) {
	sc, m := loadScenario(t)
	for seed := uint64(1); seed <= 50; seed++ {
		if _, err := rules.PlayRandom(New(), sc, m, seed, 5000); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// 1,000 seeded random games at close quarters (100 with -short), every
// one ending without error, and every command kind used somewhere.
func TestRandomGames(t *testing.T) {
	sc, m := loadNamed(t, "smle-farmhouse-rearguard.toml")
	n := 1000
	if testing.Short() {
		n = 100
	}
	lens, over, losses := 0, 0, 0
	verbs := map[string]int{}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g, err := rules.PlayRandom(New(), sc, m, seed, 5000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		lens += len(g.Log)
		if g.St.Over {
			over++
		}
		for _, c := range g.Log {
			verbs[c.Verb]++
		}
		losses += g.St.Sides[0].Losses + g.St.Sides[1].Losses
	}
	t.Logf("%d games, over: %d, mean %d commands, mean losses %.1f, verbs %v", n, over, lens/n, float64(losses)/float64(n), verbs)
	// Every kind of command the random player commonly reaches is used
	// somewhere (close assault needs a move ending within 1" of an enemy
	// and is rare at random: TestCloseAssaultCommand covers it).
	want := []string{"move", "run", "posture", "fire", "oppfire", "pass", "blast", "aid", "door", "end"}
	if testing.Short() {
		// Grenades need a thrower within 5" of an enemy: a handful of
		// games in 1,000 (TestBlastBurst covers them with forced dice).
		want = append(want[:6], want[7:]...)
	}
	for _, v := range want {
		if verbs[v] == 0 {
			t.Errorf("no game used %q", v)
		}
	}
	if losses == 0 {
		t.Errorf("nobody was hurt in %d games", n)
	}
}

// Any command text either applies or is refused; nothing panics and a
// refusal leaves the game unchanged.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"end", "move F1 10,10", "fire - U1 F7 direct", "oppfire - U3 F1", "pass", "blast F1 F7 grenade",
		"assault - U1 F7", "aid F1 F2", "run U1", "posture F1 prone", "fire - U9 F99", "move F1 -5,-5 1000,1000"} {
		f.Add(s)
	}
	sc, m := loadNamed(f, "smle-farmhouse-rearguard.toml")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := rules.ParseCommand(text)
		if err != nil {
			return
		}
		g, _, err := rules.NewGame(New(), sc, m, 5)
		if err != nil {
			t.Fatal(err)
		}
		before := g.St.Hash()
		if _, err := g.Apply(c); err != nil && g.St.Hash() != before {
			t.Fatalf("%s refused but the state changed", text)
		}
		_ = New().Legal(g.St)
		_, _ = New().Odds(g.St.Clone(), c)
	})
}

// Both scenarios save and replay to the identical state (what the shipped
// scenarios test will ask once S.M.L.E. is registered).
func TestSaveReplay(t *testing.T) {
	lookup := func(id string) (rules.RuleSet, bool) {
		if id == "smle" {
			return New(), true
		}
		return nil, false
	}
	for _, name := range []string{"smle-woods-sections.toml", "smle-farmhouse-rearguard.toml"} {
		sc, m := loadNamed(t, name)
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := rules.PlayRandom(New(), sc, m, seed, 5000)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			var buf bytes.Buffer
			if err := save.Write(g, &buf); err != nil {
				t.Fatal(err)
			}
			r, _, err := save.Replay(bytes.NewReader(buf.Bytes()), scenarios.FS, maps.FS, lookup)
			if err != nil {
				t.Fatalf("%s seed %d: replay: %v", name, seed, err)
			}
			if r.St.Hash() != g.St.Hash() {
				t.Errorf("%s seed %d: replay differs", name, seed)
			}
		}
	}
}

// BenchmarkRandomGame plays one close-quarters game with random commands.
func BenchmarkRandomGame(b *testing.B) {
	sc, m := loadNamed(b, "smle-farmhouse-rearguard.toml")
	for i := 0; i < b.N; i++ {
		if _, err := rules.PlayRandom(New(), sc, m, uint64(i+1), 5000); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFireOdds is the odds shown before a player commits a volley.
func BenchmarkFireOdds(b *testing.B) {
	sc, m := loadNamed(b, "smle-farmhouse-rearguard.toml")
	g, _, err := rules.NewGame(New(), sc, m, 3)
	if err != nil {
		b.Fatal(err)
	}
	c := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{7}, Arg: FireDirect}
	for i := 0; i < b.N; i++ {
		_, _ = New().Odds(g.St, c)
	}
}

// longGames runs the full 200 games per table-sized scenario
// (go test ./rules/smle -run TableScenarios -smle.long, about 70 s).
var longGames = flag.Bool("smle.long", false, "play 200 random games per table-sized scenario")

// The three table-sized scenarios: seeded random games (40 each, 15 with
// -short, 200 with -smle.long) end without error.
func TestRandomGamesTableScenarios(t *testing.T) {
	for _, name := range []string{"smle-bocage.toml", "smle-ambush.toml", "smle-platoon-attack.toml"} {
		sc, m := loadNamed(t, name)
		n := 40
		switch {
		case *longGames:
			n = 200
		case testing.Short():
			n = 15
		}
		over, losses := 0, 0
		verbs := map[string]int{}
		for seed := uint64(1); seed <= uint64(n); seed++ {
			g, err := rules.PlayRandom(New(), sc, m, seed, 8000)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if g.St.Over {
				over++
			}
			for _, c := range g.Log {
				verbs[c.Verb]++
			}
			losses += g.St.Sides[0].Losses + g.St.Sides[1].Losses
		}
		t.Logf("%s: %d games, %d over, mean losses %.1f, verbs %v", name, n, over, float64(losses)/float64(n), verbs)
		if over != n {
			t.Errorf("%s: only %d of %d games reached the end", name, over, n)
		}
	}
}

// Side names are plural ("Germans", "British"): no text the players read
// puts one before a singular verb.
func TestSideNamesTakePluralVerbs(t *testing.T) {
	sc, m := loadNamed(t, "smle-bocage.toml")
	for seed := uint64(1); seed <= 4; seed++ {
		played, err := rules.PlayRandom(New(), sc, m, seed, 8000)
		if err != nil {
			t.Fatal(err)
		}
		g, evs, err := rules.NewGame(New(), sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		texts := []string{}
		add := func(es []rules.Event) {
			for _, e := range es {
				texts = append(texts, e.Text)
				if e.Roll != nil {
					texts = append(texts, e.Roll.What, e.Roll.Outcome)
				}
			}
		}
		add(evs)
		for _, c := range played.Log {
			es, err := g.Apply(c)
			if err != nil {
				t.Fatalf("seed %d: %s: %v", seed, c, err)
			}
			add(es)
		}
		texts = append(texts, g.St.Result)
		if ex, ok := any(New()).(rules.Explainer); ok {
			e := ex.Explain(g.St)
			texts = append(texts, e.Head)
			texts = append(texts, e.Lines...)
		}
		for _, txt := range texts {
			for _, side := range []string{"British", "Germans"} {
				for _, verb := range []string{" holds", " has ", " wins", " is ", " was ", " goes "} {
					if strings.Contains(txt, side+verb) {
						t.Errorf("seed %d: %q reads %q", seed, txt, side+verb)
					}
				}
			}
		}
	}
}
