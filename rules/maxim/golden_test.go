package maxim

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"testing"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/save"
)

var update = flag.Bool("update", false, "rewrite the golden saves in testdata")

// A saved game of each scenario replays to the identical state: golden
// saves kept in testdata (go test -run Golden -update rewrites them after
// a deliberate change of rules).
func TestGoldenReplays(t *testing.T) {
	for _, name := range []string{"maxim-trench-raid.toml", "maxim-rue-principale.toml", "maxim-armour-crossroads.toml", "maxim-hot-lz.toml"} {
		path := "testdata/" + name[:len(name)-5] + ".json"
		if *update {
			sc, m := loadScenario(t, name)
			g, _, err := rules.NewGame(New(), sc, m, 11)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(11, 3))
			for !g.St.Over && len(g.Log) < 3000 {
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					break
				}
				g.Apply(c)
			}
			var buf bytes.Buffer
			if err := save.Write(g, &buf); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatalf("%v (run with -update to write it)", err)
		}
		g, _, err := save.Replay(f, os.DirFS("../../scenarios"), maps.FS, lookup)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !g.St.Over || len(g.Log) == 0 {
			t.Fatalf("%s: replayed %d commands, over %v", path, len(g.Log), g.St.Over)
		}
	}
}
