package scenarios

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/save"
)

// Every shipped scenario loads strictly, names a shipped rule set,
// starts every figure in its side's set-up zone (or says placed = true)
// and deploys every figure legally.
func TestEveryScenarioLoads(t *testing.T) {
	names := Names()
	if len(names) == 0 {
		t.Fatal("no scenarios are embedded")
	}
	for _, n := range names {
		sc, m, err := Load(n)
		if err != nil {
			t.Errorf("%s:\n%v", n, err)
			continue
		}
		if _, ok := all.Get(sc.RuleSet); !ok {
			t.Errorf("%s: rule set %q is not shipped", n, sc.RuleSet)
		}
		for _, p := range sc.ZoneProblems { // hedgerow check refuses these
			t.Errorf("%s", p)
		}
		c := sc.Clone()
		if err := rules.AutoDeploy(c, m); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// Every shipped scenario plays to the end with random commands, and the
// game saves and replays to the identical state.
func TestEveryScenarioPlaysAndReplays(t *testing.T) {
	for _, n := range Names() {
		sc, m, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		rs, ok := all.Get(sc.RuleSet)
		if !ok {
			continue
		}
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := rules.PlayRandom(rs, sc, m, seed, 5000)
			if err != nil {
				t.Fatalf("%s seed %d: %v", n, seed, err)
			}
			var buf bytes.Buffer
			if err := save.Write(g, &buf); err != nil {
				t.Fatal(err)
			}
			r, _, err := save.Replay(bytes.NewReader(buf.Bytes()), FS, maps.FS, all.Get)
			if err != nil {
				t.Fatalf("%s seed %d: replay: %v", n, seed, err)
			}
			if r.St.Hash() != g.St.Hash() {
				t.Fatalf("%s seed %d: replay ended in a different state", n, seed)
			}
		}
	}
}

// Saves kept in testdata replay exactly (golden replays).
func TestGoldenSaves(t *testing.T) {
	paths, _ := filepath.Glob("testdata/*.json")
	if len(paths) == 0 {
		t.Skip("no saves in scenarios/testdata yet")
	}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = save.Replay(f, FS, maps.FS, all.Get)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func BenchmarkPlayRandomStandard(b *testing.B) {
	sc, m, err := Load("ssg-standard")
	if err != nil {
		b.Fatal(err)
	}
	rs, _ := all.Get("ssg")
	cmds := 0
	for i := 0; b.Loop(); i++ {
		g, err := rules.PlayRandom(rs, sc, m, uint64(i), 5000)
		if err != nil {
			b.Fatal(err)
		}
		cmds += len(g.Log)
	}
	b.ReportMetric(float64(cmds)/float64(b.N), "commands/game")
}

// FuzzApplySSG feeds arbitrary command text to a game in progress: the
// rules must never panic, and a refused command must leave the state
// exactly as it was.
func FuzzApplySSG(f *testing.F) {
	for _, s := range []string{"move F1 14.5,12", "fire F7 F1 F1", "melee F2 F8", "end", "melee", "move F7 14.5,23 14.5,22", "fire - F3", "move F1 -5,-5"} {
		f.Add(s, uint8(3))
	}
	sc, m, err := Load("ssg-standard")
	if err != nil {
		f.Fatal(err)
	}
	rs, _ := all.Get("ssg")
	f.Fuzz(func(t *testing.T, text string, warm uint8) {
		c, err := rules.ParseCommand(text)
		if err != nil {
			return
		}
		g, _, err := rules.NewGame(rs, sc, m, 11)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(warm), 1))
		for i := 0; i < int(warm%40) && !g.St.Over; i++ {
			if rc, ok := rules.RandomCommand(g, r); ok {
				g.Apply(rc)
			}
		}
		before := g.St.Hash()
		n := len(g.Log)
		if _, err := g.Apply(c); err != nil {
			if g.St.Hash() != before || len(g.Log) != n {
				t.Fatalf("%q refused (%v) but the game changed", text, err)
			}
		}
	})
}
