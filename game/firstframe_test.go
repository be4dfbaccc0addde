package game

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The first frame of a battle shows the whole table plainly at once,
// before any detailed tile is painted and without the figures; the next
// frame paints the full scene.
func TestFirstFrameShowsTheTableOverview(t *testing.T) {
	a, b := newTestBattle(t)
	b.tv.art.Budget = 2 // as in the game
	a.scene = b
	a.idle.redraw = redrawFrames
	dst := ebiten.NewImage(1280, 800)
	a.Draw(dst)
	if n := len(b.tv.art.Tiles); n != 0 {
		t.Errorf("the first frame painted %d detailed tiles; want the overview only", n)
	}
	f := b.st().Figures[0]
	p := b.tv.scr(f.Pos)
	first := dst.At(int(p.X), int(p.Y)).(color.RGBA)
	if first == colDesk || !(first.G > first.R && first.G > first.B) {
		t.Errorf("first frame at %s = %v: want the table's green mat, not the desk or a figure", f.Name, first)
	}
	mid := dst.At(640, 400).(color.RGBA)
	if mid == (color.RGBA{}) {
		t.Error("the first frame left the middle of the window black")
	}
	a.Draw(dst)
	if c := dst.At(int(p.X), int(p.Y)).(color.RGBA); c == first {
		t.Errorf("the second frame did not draw %s at %v (still %v)", f.Name, p, c)
	}
	if b.tv.art.Incomplete && len(b.tv.art.Tiles) == 0 {
		t.Error("the second frame painted no detailed tile")
	}
}
