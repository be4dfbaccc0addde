package game

import "testing"

// When a step is the whole side's (1/35th's turn), the camera brings the
// side's men into view if the player had zoomed away from them: a
// play-tester zoomed in on the Germans found the British turn's men
// under the action bar.
func TestSideTurnBringsItsMenIntoView(t *testing.T) {
	g, evs := shippedGameEvents(t, "skirmish35-ambush.toml", 1)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, evs)
	b.tv.cam.Resize(1024, 640)
	b.tv.fit(true)
	b.tv.cam.Snap()
	b.refresh()
	st := b.st()
	if b.actingUnit() != 0 {
		t.Fatal("1/35th's step names a team: the test proves nothing")
	}
	visible := func() (on, n int) {
		for i := range st.Figures {
			f := &st.Figures[i]
			if f.Side != st.Decider || f.Removed || b.hiddenFromViewer(f) || !b.anyFor(f.ID) {
				continue
			}
			n++
			p := b.tv.scr(f.Pos)
			if p.X >= b.tv.padL && p.Y >= b.tv.padT && p.X <= b.tv.cam.W-b.tv.padR && p.Y <= b.tv.cam.H-b.tv.padB {
				on++
			}
		}
		return on, n
	}
	// zoom in on the screen's corner farthest from the side's men
	var cx, cy, k float64
	for i := range st.Figures {
		if f := &st.Figures[i]; f.Side == st.Decider && !f.Removed {
			p := b.tv.scr(f.Pos)
			cx, cy, k = cx+p.X, cy+p.Y, k+1
		}
	}
	zx, zy := 0.0, 0.0
	if cx/k < 512 {
		zx = 1024
	}
	if cy/k < 320 {
		zy = 640
	}
	b.tv.cam.ZoomAt(zx, zy, 6)
	b.tv.cam.Snap()
	if on, n := visible(); n == 0 || on*2 >= n {
		t.Fatalf("%d of %d men still in view after zooming away: the test proves nothing", on, n)
	}
	b.glideToSide()
	b.tv.cam.Snap()
	if on, n := visible(); on*2 < n {
		t.Fatalf("only %d of the side's %d men in view after its turn began", on, n)
	}
}
