package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/game/art"
	"hedgerow/game/view"
)

// At 1024x640 Firefight's bar stays one row through every scenario's
// first turn, whichever figures a player picks in turn: a leader's greyed
// "Motivate all" stand-in, kept in its place after another leader was
// picked, pushed the bar to two rows of small buttons.
func TestFirefightBarIsOneRowAt1024(t *testing.T) {
	files := 0
	for _, file := range shippedFiles(t) {
		if !strings.HasPrefix(file, "firefight-") {
			continue
		}
		files++
		g, evs := shippedGameEvents(t, file, 1)
		a := &App{W: 1024, H: 640, speed: 8}
		b := newBattle(a, g, evs)
		b.tv.cam.Resize(a.W, a.H)
		r := rand.New(rand.NewPCG(5, 6))
		for step := 0; step < 60 && !g.St.Over && g.St.Round == 1; step++ {
			b.tl.SkipAll()
			for _, an := range b.tl.Step(100) {
				b.finished(an)
			}
			b.shown, b.curtain = g.St.Decider, false
			b.refresh()
			check := func(who string) {
				b.layoutButtons(a)
				for _, bt := range b.buttons {
					if bt.endSlot {
						continue
					}
					if bt.y != b.buttons[0].y || bt.h < 38*art.UIScale {
						t.Errorf("%s, turn 1 (%s), %s: the bar takes two rows: %q", file, g.St.Phase, who, barLabels(b))
						return
					}
				}
			}
			b.sel.Reset()
			check("nothing selected")
			for _, f := range g.St.Figures {
				if f.Removed || !b.anyFor(f.ID) {
					continue
				}
				b.sel.Reset()
				b.sel.Mode, b.sel.Sel = view.Selected, f.ID
				check(f.Name + " selected")
			}
			legal := g.Legal()
			if len(legal) == 0 {
				break
			}
			b.sel.Reset()
			b.apply(a, legal[r.IntN(len(legal))])
		}
	}
	if files == 0 {
		t.Fatal("no Firefight scenario")
	}
}
