package ai_test

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hedgerow/rules/ai"
)

// Golden choices: the computer's whole ranking at every decision of a
// short game, as amd64 recorded it, must be reproduced on every machine
// (make test-cross runs this for arm64 and 386 under qemu): a score
// computed with a fused multiply-add, or by a math function that differs
// across CPUs, would move a near tie and change a choice, and a duel or
// a network opponent would play another game. Regenerate after a
// deliberate change to the computer with:
// go test ./rules/ai -run Golden -update

var update = flag.Bool("update", false, "rewrite testdata/choices.golden")

// goldenGames are one scenario of each rule set, and Hard on one.
var goldenGames = []struct {
	name  string
	level ai.Level
	n     int // commands played
}{
	{"ssg-standard", ai.Normal, 40},
	{"firefight-crossroads", ai.Normal, 40},
	{"smle-skirmish", ai.Normal, 40},
	{"maxim-armour-crossroads", ai.Normal, 30},
	{"skirmish35-ford", ai.Normal, 30},
	{"ssg-standard", ai.Hard, 6},
}

func TestGoldenChoices(t *testing.T) {
	var out strings.Builder
	for _, gg := range goldenGames {
		g := newGame(t, gg.name, 5)
		ps := [2]*ai.Player{ai.New(gg.level, 21), ai.New(gg.level, 22)}
		h := fnv.New64a()
		decisions := 0
		for len(g.Log) < gg.n && !g.St.Over {
			p := ps[g.St.Decider]
			for _, c := range p.Decide(g) { // the whole ranking, scores too
				fmt.Fprintf(h, "%s %d\n", c.Cmd, c.Score)
			}
			c, _, _, err := p.Play(g)
			if err != nil {
				t.Fatalf("%s: after %d commands: %v", gg.name, len(g.Log), err)
			}
			fmt.Fprintf(h, "played %s\n", c)
			decisions++
		}
		fmt.Fprintf(&out, "%s %s: %d decisions, %016x\n", gg.name, gg.level, decisions, h.Sum64())
	}
	path := filepath.Join("testdata", "choices.golden")
	if *update {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("the computer chose otherwise than recorded:\n%s\nwant\n%s", got, want)
	}
}
