package ai_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/ai"
)

// endOnOffer says whether the deciding side may end or pass now.
func endOnOffer(g *rules.Game) bool {
	for _, c := range g.Legal() {
		if c.Verb == "end" || c.Verb == "pass" {
			return true
		}
	}
	return false
}

// A shot that can only miss is no better than passing: the computer does
// not take one while it may end or pass instead (it took a dozen in a
// game of ssg-woods-sections: "it cannot hit, but it is the best on
// offer").
func TestNoHopelessShotWhenItMayPass(t *testing.T) {
	hopeless := 0
	for _, name := range []string{"ssg-woods-sections", "smle-farmhouse-rearguard"} {
		for seed := uint64(1); seed <= 2; seed++ {
			g := newGame(t, name, seed)
			p := ai.New(ai.Normal, seed)
			r := rand.New(rand.NewPCG(seed, 7))
			for step := 0; step < 400 && !g.St.Over; step++ {
				if g.St.Decider == 1 {
					c, ok := rules.RandomCommand(g, r)
					if !ok {
						break
					}
					if _, err := g.Apply(c); err != nil {
						for _, c := range g.Legal() {
							if len(c.Path) == 0 && c.Verb != "move" {
								if _, err := g.Apply(c); err == nil {
									break
								}
							}
						}
					}
					continue
				}
				ch := p.Decide(g)
				if len(ch) == 0 {
					break
				}
				if strings.Contains(ch[0].Why, "cannot hit") && endOnOffer(g) {
					hopeless++
					t.Errorf("%s seed %d: %s (%s) while it may end or pass", name, seed, ch[0].Cmd, ch[0].Why)
				}
				if _, _, _, err := p.Play(g); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if hopeless > 0 {
		t.Logf("%d hopeless shots", hopeless)
	}
}
