package game

import (
	"strings"
	"testing"
)

// A Maxim man who had spent his move getting out of a vehicle was told
// only "has nothing to do now" (play-test 5): he is told the rules'
// reason, that he has already moved this turn.
func TestGotOutManIsToldHeHasMoved(t *testing.T) {
	tried := 0
	for seed := uint64(1); seed <= 6 && tried == 0; seed++ {
		g := shippedGame(t, "maxim-rue-principale.toml", seed)
		for step := 0; step < 40 && !g.St.Over && tried == 0; step++ {
			legal := g.Legal()
			for _, c := range legal {
				if c.Verb != "dismount" {
					continue
				}
				if _, err := g.Apply(c); err != nil {
					t.Fatal(err)
				}
				if g.St.Decider != g.St.Fig(c.Fig).Side {
					break // opportunity fire: the other side decides
				}
				_, b := deciderTable(g)
				b.refresh()
				for _, l := range b.legal {
					if l.Fig == c.Fig {
						t.Fatalf("%s may still %s after getting out", g.St.Fig(c.Fig).Name, l.Verb)
					}
				}
				why := b.idleWhy(g.St.Fig(c.Fig))
				if !strings.Contains(why, "already moved") || strings.Contains(why, "nothing to do now") {
					t.Errorf("after getting out, %s is told %q", g.St.Fig(c.Fig).Name, why)
				}
				t.Logf("%q", why)
				tried++
				break
			}
			if tried == 0 {
				if _, err := g.Apply(legal[len(legal)-1]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if tried == 0 {
		t.Fatal("no one got out of a vehicle")
	}
}
