package game

import (
	"math"
	"testing"

	"hedgerow/game/art"
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
