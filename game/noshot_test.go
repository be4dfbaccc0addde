package game

import (
	"strings"
	"testing"

	"hedgerow/rules"
)

// A man with no enemy in sight or range at the start of his side's fire
// is told so, not "has nothing to do now (German garrison: offensive
// fire)" (play-test 11): the reason is the rules' refusal of a shot at
// the nearest enemy.
func TestIdleInFirePhaseSaysNoEnemyInSight(t *testing.T) {
	g := shippedGame(t, "maxim-trench-raid.toml", 1)
	for n := 0; n < 400 && g.St.Phase != "offensive" && !g.St.Over; n++ {
		var next *rules.Command
		for _, c := range g.Legal() {
			if c.Verb != "move" {
				c := c
				next = &c
				if c.Fig == 0 && c.Unit == 0 {
					break // an end of the step, before any shot
				}
			}
		}
		if next == nil {
			t.Fatalf("nothing to give in %q", g.St.Phase)
		}
		if _, err := g.Apply(*next); err != nil {
			t.Fatal(err)
		}
	}
	if g.St.Phase != "offensive" {
		t.Fatalf("never reached the offensive fire (%q)", g.St.Phase)
	}
	a, b := deciderTable(g)
	_ = a
	b.refresh()
	b.shown = g.St.Decider
	for i := range g.St.Figures {
		f := &g.St.Figures[i]
		if f.Side != g.St.Decider || f.Removed || b.anyFor(f.ID) {
			continue
		}
		why := b.idleWhy(f)
		t.Log(why)
		if strings.Contains(why, "nothing to do now") || !strings.Contains(why, "no enemy in his sight and range: ") {
			t.Errorf("%s, idle in the fire phase: %q", f.Name, why)
		}
		return
	}
	t.Skip("every man of the side may fire")
}
