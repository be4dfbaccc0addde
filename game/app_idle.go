package game

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// A table that sleeps when idle. The screen is not cleared every frame
// (ebiten.SetScreenClearedEveryFrame(false)), and Draw paints only while
// something changes: any input, a scene that is animating (dice, a move,
// the camera gliding, terrain tiles still being painted, a card about to
// appear), a toast, a new scene or window size. Otherwise Draw returns at
// once and the last frame stays on the screen, so an idle battle costs
// almost nothing.

// animator is a scene that knows whether it is still moving.
type animator interface {
	animating() bool
}

// redrawFrames is how many frames are drawn after the last change (a
// couple more than one, so a change made late in a frame is not missed).
const redrawFrames = 3

// wake notes whether this tick changes what is on screen.
func (a *App) wake() {
	cx, cy := ebiten.CursorPosition()
	w, h := ebiten.WindowSize()
	changed := cx != a.idle.cx || cy != a.idle.cy || w != a.idle.w || h != a.idle.h || a.scene != a.idle.scene
	a.idle.cx, a.idle.cy, a.idle.w, a.idle.h, a.idle.scene = cx, cy, w, h, a.scene
	if wx, wy := ebiten.Wheel(); wx != 0 || wy != 0 {
		changed = true
	}
	for _, b := range []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle} {
		if ebiten.IsMouseButtonPressed(b) || inpututil.IsMouseButtonJustReleased(b) {
			changed = true
		}
	}
	if len(inpututil.AppendPressedKeys(a.idle.keys[:0])) > 0 || len(inpututil.AppendJustReleasedKeys(a.idle.keys[:0])) > 0 {
		changed = true
	}
	if a.toastT > 0 || a.perf || a.idle.poked {
		changed = true
		a.idle.poked = false
	}
	if an, ok := a.scene.(animator); !ok || an.animating() {
		changed = true
	}
	if changed {
		a.idle.redraw = redrawFrames
		a.idle.still = 0
		if a.idle.dozing {
			a.idle.dozing = false
			ebiten.SetTPS(ebiten.DefaultTPS)
		}
	}
}

// Dozing. Even when Draw paints nothing, Ebiten's loop still wakes 60
// times a second to poll the window, ask its size and focus and tick the
// game: 5-7% of a core on the test machine. Once the table has been still
// for a second, Draw naps between frames and the tick rate drops to
// match, so the loop runs about 20 times a second. The first input is
// polled within one nap (under 60 ms) and wakes the table at full rate.
// A button press and its release in the same poll still count as a click
// (Ebiten keeps both edges).
var (
	dozeAfter = 60                    // undrawn frames before the table dozes (a second)
	dozeNap   = 45 * time.Millisecond // a nap between frames while dozing
)

const dozeTPS = 20 // ticks a second while dozing

// doze is called for each frame Draw skips.
func (a *App) doze() {
	a.idle.still++
	if a.idle.still < dozeAfter {
		return
	}
	if !a.idle.dozing {
		a.idle.dozing = true
		ebiten.SetTPS(dozeTPS)
	}
	time.Sleep(dozeNap)
}

// idleState is what wake compares from one tick to the next.
type idleState struct {
	cx, cy, w, h int
	scene        Scene
	keys         []ebiten.Key
	redraw       int  // frames still to draw
	skipped      int  // frames not drawn (for tests and F3)
	still        int  // frames not drawn since the last change
	poked        bool // a scene changed what it shows with no input (poke)
	dozing       bool
}

// shouldDraw reports whether this frame must be painted.
func (a *App) shouldDraw() bool {
	if a.idle.redraw <= 0 {
		a.idle.skipped++
		return false
	}
	a.idle.redraw--
	return true
}

func (b *battle) animating() bool {
	if b.tl.Busy() || !b.tv.cam.Settled() || b.tv.art.Incomplete {
		return true
	}
	if b.curtain {
		return false
	}
	if b.rest < 0.7 {
		return true // a terrain card may be about to show
	}
	return b.interrupting() && !b.viewsDiffer() // the offer's ring pulses
}

// poke says the scene has changed what it shows without any input (a
// watched file reloaded, or refused with a banner): the next frames are
// drawn.
func (a *App) poke() { a.idle.poked = true }

func (d *deploy) animating() bool { return !d.tv.cam.Settled() || d.tv.art.Incomplete }

// The title, the map on its own and the result show a table too: they
// sleep like the battle once its camera has settled and its tiles are
// painted. The scenario choice paints its previews at once.
func (s *titleScene) animating() bool { return !s.tv.cam.Settled() || s.tv.art.Incomplete }
func (s *mapScene) animating() bool   { return !s.tv.cam.Settled() || s.tv.art.Incomplete }
func (r *result) animating() bool     { return !r.b.tv.cam.Settled() || r.b.tv.art.Incomplete }
func (c *chooser) animating() bool    { return false }
