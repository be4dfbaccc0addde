package game

import (
	"sort"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules/geom"
)

// atWindow sizes a test's App as a window of w x h would be, the
// interface scaled as the window's layout scales it.
func atWindow(t *testing.T, a *App, w, h float64) {
	t.Helper()
	a.W, a.H = w, h
	art.UIScale = windowScale(w, h)
	t.Cleanup(func() { art.UIScale = 1 })
}

// On a 1920x1080 screen the side panel's words were small (play-test 5):
// the interface grows with a large window, so the panel's lines are drawn
// taller there than at 1280x800, the panel is wider, and every word stays
// inside the window; 1024x640 and 1280x800 keep the interface as it was.
func TestLargeWindowDrawsLargerWords(t *testing.T) {
	if s := windowScale(1024, 640); s != 1 {
		t.Errorf("1024x640 scales the interface by %v, not 1", s)
	}
	if s := windowScale(1280, 800); s != 1 {
		t.Errorf("1280x800 scales the interface by %v, not 1", s)
	}
	if s := windowScale(3840, 2160); s > 1.35 {
		t.Errorf("a 4K window scales the interface by %v, over 1.35", s)
	}
	// the panel's lines: their median height, and the panel's width
	panel := func(file string, w, h float64) (line, width float64) {
		t.Helper()
		g, evs := shippedGameEvents(t, file, 1)
		a := &App{speed: 8}
		atWindow(t, a, w, h)
		b := newBattle(a, g, evs)
		b.tv.cam.Resize(w, h)
		b.tl.SkipAll()
		for _, an := range b.tl.Step(100) {
			b.finished(an)
		}
		b.shown, b.curtain = g.St.Decider, false
		b.refresh()
		var hs []float64
		art.Said = func(_ *ebiten.Image, s string, x0, y0, x1, y1 float64) {
			if x0 < 0 || y0 < 0 || x1 > w+1 || y1 > h+1 {
				t.Errorf("%s at %vx%v: %q is drawn at %.0f,%.0f..%.0f,%.0f, outside the window", file, w, h, s, x0, y0, x1, y1)
			}
			if x0 >= w-b.tv.padR {
				hs = append(hs, y1-y0)
			}
		}
		render(a, b)
		art.Said = nil
		if len(hs) < 5 {
			t.Fatalf("%s at %vx%v: only %d words in the side panel", file, w, h, len(hs))
		}
		sort.Float64s(hs)
		return hs[len(hs)/2], b.tv.padR
	}
	for _, file := range []string{"ssg-standard.toml", "smle-skirmish.toml", "firefight-crossroads.toml", "maxim-rue-principale.toml", "skirmish35-inn.toml"} {
		small, sw := panel(file, 1280, 800)
		large, lw := panel(file, 1920, 1080)
		if large < small*1.15 {
			t.Errorf("%s: the side panel's lines are %.1f px tall at 1920x1080, %.1f at 1280x800: no larger to read", file, large, small)
		}
		if lw <= sw {
			t.Errorf("%s: the side panel is %.0f px wide at 1920x1080, %.0f at 1280x800", file, lw, sw)
		}
		if s, _ := panel(file, 1024, 640); s != small {
			t.Errorf("%s: the side panel's lines are %.1f px tall at 1024x640, %.1f at 1280x800", file, s, small)
		}
	}
}

// The title fits its table on the first frame, before the window's
// layout scales the panels: at 1920x1080 its left part then lay under
// the enlarged title panel. A change of the interface's scale refits a
// table already fitted.
func TestScaleChangeRefitsTheTable(t *testing.T) {
	a := &App{W: 1920, H: 1080, speed: 1}
	art.UIScale = 1
	t.Cleanup(func() { art.UIScale = 1 })
	s := newTitle(a)
	s.tv.update(a, 1.0/60) // fitted at the interface's 1:1
	art.UIScale = windowScale(1920, 1080)
	s.tv.update(a, 1.0/60)
	if left := s.tv.scr(geom.Pt{}).X; left < s.tv.padL-1 {
		t.Errorf("the table's left edge is at %.0f, under the title's panel to %.0f", left, s.tv.padL)
	}
}
