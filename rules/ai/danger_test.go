package ai_test

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/ai"
)

// A place's danger from an enemy is that enemy's shot by the rules' exact
// odds, the odds its own player is shown on its turn: 32 points for a
// shot certain to do harm, none for one certain to miss.
func TestDangerIsTheEnemysOdds(t *testing.T) {
	g := newGame(t, "ssg-standard", 5)
	r := rand.New(rand.NewPCG(5, 7))
	checked := 0
	for step := 0; step < 400 && !g.St.Over && checked == 0; step++ {
		// on the enemy's (side 1's) turn, compare its shots' odds with the
		// danger side 0 reckons for its figures where they stand
		if g.St.Decider == 1 {
			for _, c := range g.Legal() {
				if c.Verb != "fire" || len(c.Targets) != 1 {
					continue
				}
				e, f := g.St.Fig(c.Fig), g.St.Fig(c.Targets[0])
				o, err := g.Odds(c)
				if err != nil {
					continue
				}
				harm := 0.0
				for _, x := range o.Outcomes {
					if !ai.MissLike(x.Name) {
						harm += x.P
					}
				}
				want := int(float64(harm*32) + 0.5)
				got, ok := ai.DangerOf(g, 0, f.ID, e.ID)
				if !ok {
					continue // not seen by side 0
				}
				if got != want {
					t.Errorf("%s at %s: danger %d, the odds say %d (%v)", e.Name, f.Name, got, want, o.Outcomes)
				}
				if want > 0 {
					checked++
				}
			}
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		g.Apply(c)
	}
	if checked == 0 {
		t.Fatal("no enemy shot that could do harm was compared: the test measured nothing")
	}
}
