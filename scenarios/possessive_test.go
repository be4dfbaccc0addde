package scenarios

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
)

// A name ending in a quote takes the quote as its apostrophe: the dice
// card and the log wrote the Sherman's move and front with a second
// quote before the s (play-test 9). No text of any shipped scenario's
// random game (the log's lines, the dice's headings and notes, the bar's
// labels, the odds' notes) doubles the quote; and the Sherman's move is
// "Sherman 'Dixie's move".
func TestNamesEndingInAQuoteTakePossessive(t *testing.T) {
	dixie := false
	for _, n := range Names() {
		rs, g, _ := startGame(t, n, 1)
		r := rand.New(rand.NewPCG(1, 9))
		check := func(where, s string) {
			if strings.Contains(s, "''s") {
				t.Errorf("%s, %s: %q", n, where, s)
			}
			dixie = dixie || strings.Contains(s, "Sherman 'Dixie's move")
		}
		for step := 0; step < 800 && !g.St.Over; step++ {
			for _, c := range g.Legal() {
				check("a button", rules.ActionOf(rs, g.St, c).Label)
				if o, err := g.Odds(c); err == nil {
					check("the odds", o.Note)
					for _, p := range o.Parts {
						check("the odds", p.Name)
					}
				}
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			evs, err := g.Apply(c)
			if err != nil {
				continue // (a random drive without its path)
			}
			for _, ev := range evs {
				check("the log", ev.Text)
				if l := ev.Roll; l != nil {
					check("the dice", l.What)
					check("the dice", l.Note)
					check("the dice", l.Outcome)
				}
			}
		}
	}
	if !dixie {
		t.Error("the Sherman's move was never rolled as \"Sherman 'Dixie's move\"")
	}
}
