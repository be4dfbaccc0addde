package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Maxim's Crossroads (play-test 9): a rifleman's shot at the Panzer was
// refused as "Pvt Greer cannot fire at Panzer IV 412 there", as though
// the place clicked were the trouble, and the table said "beyond the
// Rifle's range of 30\"" in one place and "beyond the Rifle's reach of
// 30\"" in another. The refusal names the shot and says why; the table
// says "range" everywhere, the cards' weapons too, never "reach".
func TestMaximRefusalSaysWhy(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	r := rand.New(rand.NewPCG(1, 3))
	refused, why := 0, 0
	for step := 0; step < 300 && !g.St.Over && (refused < 3 || why < 3); step++ {
		a, b := deciderTable(g)
		a.W, a.H = 1024, 640
		b.tv.cam.Resize(1024, 640)
		b.tv.fit(true)
		b.refresh()
		for _, f := range g.St.Figures {
			if f.Removed {
				continue
			}
			for _, l := range b.figureLines(&f) {
				if strings.Contains(l, "reach") {
					t.Errorf("%s's card: %q", f.Name, l)
				}
			}
		}
		for _, c := range g.Legal() {
			if c.Verb != "fire" || c.Fig == 0 {
				continue
			}
			f := g.St.Fig(c.Fig)
			// a man out of range
			b.sel.Reset()
			b.sel.Mode, b.sel.Sel, b.sel.Verb = view.Targeting, c.Fig, "fire"
			for _, e := range g.St.Alive(1 - f.Side) {
				if w := b.whyNoTarget(e.ID); strings.Contains(w, "beyond") {
					why++
					if strings.Contains(w, "reach") {
						t.Errorf("%s at %s: %q", f.Name, e.Name, w)
					}
				}
			}
			// a vehicle he may not shoot at
			for i := range g.St.Vehicles {
				v := &g.St.Vehicles[i]
				if v.Removed || v.Side == f.Side {
					continue
				}
				c.Targets, c.Path = nil, []geom.Pt{v.Pos}
				_, err := g.Odds(c)
				if err == nil {
					continue
				}
				b.vaim = &vehAim{at: v.Pos, id: v.ID, cmd: c, err: err}
				render(a, b)
				refused++
				card := strings.Join(b.cardLines, " | ")
				if strings.HasSuffix(b.cardShown, " there") || !strings.HasPrefix(b.cardShown, f.Name+" cannot fire at "+v.Name) {
					t.Errorf("the refusal reads %q (%s)", b.cardShown, card)
				}
				if !strings.Contains(card, b.plain(err.Error())) || strings.Contains(card, "reach") {
					t.Errorf("the refusal %q does not say why plainly: %q", b.cardShown, card)
				}
			}
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		if _, err := g.Apply(c); err != nil {
			continue
		}
	}
	if refused < 3 || why < 3 {
		t.Fatalf("%d shots at a vehicle refused, %d men out of range: the test proves little", refused, why)
	}
}
