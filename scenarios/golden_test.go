package scenarios

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/save"
)

// Golden determinism: what amd64 recorded, every machine must reproduce.
// make test-cross runs these (with TestGoldenSaves) for GOARCH=arm64
// under qemu and for GOARCH=386. Regenerate after a deliberate rules
// change with: go test ./scenarios -run Golden -update

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenSeeds are the random games played on every shipped scenario.
var goldenSeeds = []uint64{1, 2}

// TestGoldenRandomGames plays random games on every shipped scenario and
// compares each game's length and final state hash with testdata.
func TestGoldenRandomGames(t *testing.T) {
	var b strings.Builder
	for _, n := range Names() {
		sc, m, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		rs, ok := all.Get(sc.RuleSet)
		if !ok {
			continue
		}
		for _, seed := range goldenSeeds {
			g, err := rules.PlayRandom(rs, sc, m, seed, 5000)
			if err != nil {
				t.Fatalf("%s seed %d: %v", n, seed, err)
			}
			fmt.Fprintf(&b, "%s seed %d: %d commands, state %s\n", n, seed, len(g.Log), g.St.Hash())
		}
	}
	golden := filepath.Join("testdata", "random-games.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Fatalf("random games differ from %s (run with -update after a deliberate rules change):\n%s", golden, lineDiff(string(want), got))
	}
}

// TestGoldenSamplesWritten keeps one sample save per shipped scenario in
// testdata (written with -update); TestGoldenSaves replays them all,
// checking the state hash after every command.
func TestGoldenSamplesWritten(t *testing.T) {
	for _, n := range Names() {
		path := filepath.Join("testdata", "sample-"+strings.TrimSuffix(n, ".toml")+".json")
		if !*update {
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: no sample save (run go test ./scenarios -run Golden -update)", n)
			}
			continue
		}
		sc, m, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		rs, ok := all.Get(sc.RuleSet)
		if !ok {
			continue
		}
		g, err := rules.PlayRandom(rs, sc, m, 7, 400)
		if err != nil && !strings.Contains(err.Error(), "not over") {
			t.Fatalf("%s: %v", n, err)
		}
		var buf bytes.Buffer
		if err := save.Write(g, &buf); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGoldenSavesNeedNoFiles replays the format 2 samples with no
// scenario or map files at hand: a save carries them.
func TestGoldenSavesNeedNoFiles(t *testing.T) {
	paths, _ := filepath.Glob("testdata/sample-*.json")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		sf, err := save.Read(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if sf.Format < 2 {
			continue
		}
		if _, _, err := save.ReplayFile(sf, nil, nil, all.Get); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	_ = maps.FS
}

func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			fmt.Fprintf(&b, "- %s\n+ %s\n", a, c)
		}
	}
	return b.String()
}
