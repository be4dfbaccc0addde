package game

import (
	"strings"
	"testing"
)

// At 1024x640 the 1/35th ambush's Germans stand in a heap of counters at
// the fitted zoom: the log says once that the wheel zooms in. Zoomed in
// until the bases are to scale, nothing is said.
func TestZoomTipWhenBasesOverlap(t *testing.T) {
	g := shippedGame(t, "skirmish35-ambush.toml", 1)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	render(a, b)
	n := len(b.log)
	if !b.zoomTip() || len(b.log) != n+1 || !strings.Contains(b.log[n].text, "wheel zooms in") {
		t.Fatalf("no tip to zoom in at %.1f px an inch", b.tv.cam.Zoom)
	}
	if b.zoomTip() || len(b.log) != n+1 {
		t.Fatal("the tip is given twice")
	}
	c := newBattle(a, g, nil)
	render(a, c)
	c.tv.cam.Zoom = 40
	if c.zoomTip() {
		t.Fatal("a tip to zoom in with the bases to scale")
	}
}
