package ssg

import (
	"bytes"
	"errors"
	"flag"
	"io/fs"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/save"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

var scenarioFiles = []string{"ssg-standard.toml", "ssg-village-patrols.toml", "ssg-woods-sections.toml"}

// loadScenario loads one of the shipped SSG scenarios; it skips the test
// when the map it names has not been written yet.
func loadScenario(t testing.TB, name string) (*rules.Scenario, *terrain.Map) {
	t.Helper()
	sc, m, err := scenario.Load(os.DirFS("../../scenarios"), name, maps.FS)
	if err != nil {
		if strings.Contains(err.Error(), "there is no map") || errors.Is(err, fs.ErrNotExist) {
			t.Skipf("%s: %v", name, err)
		}
		t.Fatalf("%s: %v", name, err)
	}
	return sc, m
}

func lookup(id string) (rules.RuleSet, bool) {
	if id == "ssg" {
		return New(), true
	}
	return nil, false
}

func TestScenariosLoadAndStart(t *testing.T) {
	for _, name := range scenarioFiles {
		t.Run(name, func(t *testing.T) {
			sc, m := loadScenario(t, name)
			if sc.RuleSet != "ssg" {
				t.Fatalf("rule set %q", sc.RuleSet)
			}
			g, evs, err := rules.NewGame(New(), sc, m, 7)
			if err != nil {
				t.Fatal(err)
			}
			for side := range 2 {
				n := len(g.St.Alive(side))
				if n < 6 || n > 10 {
					t.Fatalf("side %d has %d figures", side, n)
				}
				smg, pistol := 0, 0
				for _, f := range g.St.Alive(side) {
					switch f.Weapons[0] {
					case "smg":
						smg++
					case "pistol":
						pistol++
						if !f.Leader {
							t.Errorf("%s has a pistol but is not the leader", f.Name)
						}
					}
				}
				if smg == 0 || pistol != 1 {
					t.Errorf("side %d: %d smg, %d pistols", side, smg, pistol)
				}
			}
			if len(rolls(evs)) == 0 || g.St.Phase != PhaseMove {
				t.Fatalf("start: phase %q, %d rolls", g.St.Phase, len(rolls(evs)))
			}
		})
	}
}

// playChecked plays one seeded random game through the core, checking the
// invariants after every command. It returns the number of commands.
func playChecked(t testing.TB, sc *rules.Scenario, m *terrain.Map, seed uint64, bound int) *rules.Game {
	g, _, err := rules.NewGame(New(), sc, m, seed)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	for !g.St.Over {
		if len(g.Log) >= bound {
			t.Fatalf("seed %d: not over after %d commands", seed, bound)
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			t.Fatalf("seed %d: nothing legal in phase %q", seed, g.St.Phase)
		}
		if c.Fig != 0 && g.St.Fig(c.Fig).Removed {
			t.Fatalf("seed %d: removed figure offered %s", seed, c)
		}
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("seed %d: legal command %s refused: %v", seed, c, err)
		}
		for i := range g.St.Figures {
			f := &g.St.Figures[i]
			if f.Removed {
				continue
			}
			if why := standProblem(g.St, f.ID, f.Pos); why != "" {
				t.Fatalf("seed %d after %s: %s %s", seed, c, f.Name, why)
			}
		}
		if g.St.Phase == PhaseShoot && len(contacts(g.St)) > 0 {
			t.Fatalf("seed %d: shooting with figures still in contact", seed)
		}
	}
	return g
}

func TestRandomGames(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	type table struct {
		sc *rules.Scenario
		m  *terrain.Map
	}
	var tables []table
	for _, name := range scenarioFiles {
		sc, m, err := scenario.Load(os.DirFS("../../scenarios"), name, maps.FS)
		if err != nil {
			t.Logf("%s skipped: %v", name, err)
			continue
		}
		tables = append(tables, table{sc, m})
	}
	if len(tables) == 0 {
		t.Skip("no scenario maps yet")
	}
	wins, draws, longest := 0, 0, 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		tb := tables[int(seed)%len(tables)]
		g := playChecked(t, tb.sc, tb.m, seed, 4000)
		longest = max(longest, len(g.Log))
		if g.St.Winner >= 0 {
			wins++
		} else {
			draws++
		}
		if seed%25 == 0 {
			// Replaying the save reproduces the game exactly.
			var buf bytes.Buffer
			if err := save.Write(g, &buf); err != nil {
				t.Fatal(err)
			}
			g2, _, err := save.Replay(&buf, os.DirFS("../../scenarios"), maps.FS, lookup)
			if err != nil {
				t.Fatalf("seed %d replay: %v", seed, err)
			}
			if g2.St.Hash() != g.St.Hash() {
				t.Fatalf("seed %d: replay diverged", seed)
			}
		}
	}
	t.Logf("%d games: %d won, %d drawn at the turn limit; longest %d commands", n, wins, draws, longest)
	if wins == 0 {
		t.Fatal("no random game was ever won: the loss rule never fired")
	}
}

func TestPlayRandomCore(t *testing.T) {
	sc, m := loadScenario(t, "ssg-village-patrols.toml")
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := rules.PlayRandom(New(), sc, m, seed, 5000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !g.St.Over || g.St.Result == "" {
			t.Fatalf("seed %d: game not finished", seed)
		}
	}
}

// BenchmarkFullGame plays whole random games through the core's random
// player, one sub-benchmark per shipped SSG scenario.
func BenchmarkFullGame(b *testing.B) {
	for _, name := range scenarioFiles {
		b.Run(strings.TrimSuffix(name, ".toml"), func(b *testing.B) {
			sc, m := loadScenario(b, name)
			seed, cmds := uint64(0), 0
			for b.Loop() {
				seed++
				g, err := rules.PlayRandom(New(), sc, m, seed, 5000)
				if err != nil {
					b.Fatal(err)
				}
				cmds += len(g.Log)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(cmds)/float64(b.N), "commands/game")
		})
	}
}

var update = flag.Bool("update", false, "rewrite scenarios/testdata/sample-ssg.json")

const samplePath = "../../scenarios/testdata/sample-ssg.json"

// TestSampleSave keeps a sample save of a whole standard game (seed 2026)
// in scenarios/testdata: it must be exactly what the rules produce today
// and must replay. Rewrite it with -update after a deliberate rule change.
func TestSampleSave(t *testing.T) {
	sc, m := loadScenario(t, "ssg-standard.toml")
	g, err := rules.PlayRandom(New(), sc, m, 2026, 5000)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := save.Write(g, &buf); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll("../../scenarios/testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(samplePath, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(samplePath)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Fatalf("%s is not what seed 2026 plays today; rerun with -update if the rules changed on purpose", samplePath)
	}
	g2, _, err := save.Replay(bytes.NewReader(want), os.DirFS("../../scenarios"), maps.FS, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if !g2.St.Over || g2.St.Result != g.St.Result {
		t.Fatalf("replayed result %q, want %q", g2.St.Result, g.St.Result)
	}
}
