package game

import (
	"testing"
)

// The prompt of an interruption (opportunity fire) stood over men beside
// the mover (play-test 5): it is placed where it covers no figure, at
// 1024x640 and 1280x800, in the opportunity windows of several games of
// S.M.L.E. and Maxim, the movers pushed towards the enemy.
func TestInterruptionPromptCoversNoFigure(t *testing.T) {
	plainTable(t)
	games := 0
	for _, file := range []string{"smle-woods-sections.toml", "smle-mech-assault.toml", "smle-platoon-attack.toml", "maxim-rue-principale.toml", "maxim-armour-crossroads.toml", "maxim-uhlans-1914.toml"} {
		for seed := uint64(1); seed < 6; seed++ {
			g := shippedGame(t, file, seed)
			if !playUntilOpportunity(g) {
				continue
			}
			games++
			for _, size := range [][2]float64{{1024, 640}, {1280, 800}} {
				a := &App{W: size[0], H: size[1], speed: 8}
				b := newBattle(a, g, nil)
				b.tv.cam.Resize(size[0], size[1])
				b.tv.fit(true)
				b.tl.SkipAll()
				b.shown = g.St.Active
				render(a, b) // (the figures' boxes are those of the frame before)
				b.offerBox = [4]float64{}
				render(a, b)
				x, y, w, h := b.offerBox[0], b.offerBox[1], b.offerBox[2], b.offerBox[3]
				if w == 0 {
					t.Fatalf("%s seed %d at %v: no prompt drawn", file, seed, size)
				}
				for _, q := range b.figBoxes {
					if rectsOverlap(x, y, w, h, q.x, q.y, q.w, q.h) {
						t.Errorf("%s seed %d at %vx%v: the prompt %.0f,%.0f %.0fx%.0f covers a figure at %.0f,%.0f", file, seed, size[0], size[1], x, y, w, h, q.x, q.y)
						break
					}
				}
			}
		}
	}
	if games < 8 {
		t.Fatalf("only %d opportunity windows", games)
	}
	t.Logf("%d opportunity windows", games)
}
