package game

import (
	"fmt"
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// Every chit drawn says it the same way, in words: which chit, of how
// many in the cup. A play-tester read "drew chit 7 of the 7 in the cup"
// for the first draw and "rolled one die: 5, total 5: Germans 1" for a
// later one, from a cup of six (a die of six sides read as a roll).
func TestEveryChitDrawSaysWhichChitOfHowMany(t *testing.T) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "firefight-crossroads.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	sizes := map[int]bool{}
	for seed := uint64(1); seed <= 3; seed++ {
		played, _ := rules.PlayRandom(rs, sc, m, seed, 3000)
		g, evs, err := rules.NewGame(rs, sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range played.Log {
			more, err := g.Apply(c)
			if err != nil {
				t.Fatalf("seed %d: replaying %v: %v", seed, c, err)
			}
			evs = append(evs, more...)
		}
		for _, ev := range evs {
			l := ev.Roll
			if l == nil || !strings.HasPrefix(l.What, "Chit drawn") {
				continue
			}
			n := l.Dice[0].Sides
			sizes[n] = true
			lines := (&battle{}).ledgerShown(l)
			want := "drew " + l.Outcome + ", one of the " + fmt.Sprint(n) + " chits in the cup"
			if n == 1 {
				want = "drew " + l.Outcome + ", the last chit in the cup"
			}
			if len(lines) != 1 || lines[0] != want {
				t.Errorf("seed %d: a chit drawn from %d reads %q, not %q", seed, n, lines, want)
			}
		}
	}
	if !sizes[6] {
		t.Errorf("no draw from a cup of six among %v: the case the play-tester met is not tried", sizes)
	}
}
