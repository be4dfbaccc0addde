package game

import (
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// At 1920x1080 a fitted table filled the height and the scale bar lay
// over its bottom-left corner and ruler (play-test 7): a fitted battle
// table keeps room below it for the scale bar, at every supported size.
func TestScaleBarClearOfTheFittedTable(t *testing.T) {
	for _, file := range []string{"smle-mech-assault.toml", "ssg-standard.toml", "maxim-armour-crossroads.toml"} {
		for _, size := range [][2]float64{{1024, 640}, {1280, 800}, {1920, 1080}} {
			a, b, _ := restingBattle(t, file)
			atWindow(t, a, size[0], size[1])
			b.tv.cam.Resize(size[0], size[1])
			b.tv.pads(battlePads())
			b.tv.fit(true)
			tv := b.tv
			o, e := tv.scr(geom.Pt{}), tv.scr(geom.Pt{X: tv.m.Width, Y: tv.m.Height})
			fw := math.Max(10*art.UIScale, tv.px(1.1)) + 4*art.UIScale
			x, y := 18*art.UIScale, a.H-tv.padB-22*art.UIScale // the battle's spot (battle_draw.go)
			bx, by, bw, bh := tv.scaleBox(x, y, tv.scale.PerInch != 1, true)
			clear := bx+bw <= o.X-fw || bx >= e.X+fw || by+bh <= o.Y-fw || by >= e.Y+fw
			if !clear {
				t.Errorf("%s at %vx%v: the scale bar (%.0f,%.0f %.0fx%.0f) lies on the table (%.0f,%.0f to %.0f,%.0f)",
					file, size[0], size[1], bx, by, bw, bh, o.X-fw, o.Y-fw, e.X+fw, e.Y+fw)
			}
		}
	}
}

// Zoomed in, the scale bar stood over the British LMG team at the
// table's bottom-left (play-test 9): where no place beside the table is
// clear, it goes to the bottom corner that covers fewer figures.
func TestScaleBarKeepsOffAFigureWhenZoomed(t *testing.T) {
	a, b, g := restingBattle(t, "firefight-crossroads.toml")
	b.tv.cam.Resize(a.W, a.H)
	b.tv.pads(battlePads())
	b.tv.fit(true)
	// zoom in four times, then stand a figure where the bar's first spot is
	b.tv.fitted = true // (the player's own zoom stands)
	b.tv.cam.ZoomAt(a.W/2, a.H/2, 4)
	for range 80 {
		b.tv.cam.Step(0.05)
	}
	render(a, b)        // (the view settles)
	var f *rules.Figure // one of the side at the table (the other's may be out of sight)
	for i := range g.St.Figures {
		if g.St.Figures[i].Side == b.shown {
			f = &g.St.Figures[i]
			break
		}
	}
	f.Pos = b.tv.tbl(40*art.UIScale, a.H-b.tv.padB-16*art.UIScale)
	var bar [4]float64
	art.Said = func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64) {
		if (strings.HasSuffix(s, " cm") || strings.HasSuffix(s, " inches")) && y0 > a.H-b.tv.padB-22*art.UIScale {
			bar = [4]float64{x0, y0, x1, y1} // (under the bar's own line)
		}
	}
	defer func() { art.Said = nil }()
	render(a, b)
	if bar == [4]float64{} {
		t.Fatalf("no scale bar drawn (table %v to %v, pads %v %v)", b.tv.scr(geom.Pt{}), b.tv.scr(geom.Pt{X: b.tv.m.Width, Y: b.tv.m.Height}), b.tv.padB, b.tv.padL)
	}
	// the bar's box: of the two spots (battle_draw.go), the one its words
	// stand under the middle of
	cm := b.tv.scale.PerInch != 1
	_, _, sbw, _ := b.tv.scaleBox(0, 0, cm, true)
	y := a.H - b.tv.padB - 22*art.UIScale
	var box [4]float64
	for _, x := range []float64{18 * art.UIScale, a.W - b.tv.padR - sbw - 12*art.UIScale} {
		bx, by, bw, bh := b.tv.scaleBox(x, y, cm, true)
		if mid := (bar[0] + bar[2]) / 2; math.Abs(bx+bw/2-mid) < 2 {
			box = [4]float64{bx, by, bw, bh}
		}
	}
	if box == [4]float64{} {
		t.Fatalf("the scale bar's words at %v stand at neither corner", bar)
	}
	for _, q := range b.figBoxes {
		if rectsOverlap(box[0], box[1], box[2], box[3], q.x, q.y, q.w, q.h) {
			t.Errorf("the scale bar at %.0f,%.0f covers a figure at %.0f,%.0f", box[0], box[1], q.x, q.y)
		}
	}
}
