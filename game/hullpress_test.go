package game

import (
	"math"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// In 1/35th a man stands against a tank's hull, a comrade's base touching
// his: his base is drawn a rim smaller than it is, and a press on the
// edge of his base took the hull. A press inside a figure's base takes
// the figure, whatever hull lies under the press.
func TestPressOnAManAgainstAHullTakesTheMan(t *testing.T) {
	a, b, g := restingBattle(t, "skirmish35-panzer.toml")
	st := g.St
	b.tv.cam.Resize(a.W, a.H)
	b.tv.pads(battlePads())
	b.tv.fit(true)
	b.tv.fitted = true
	tried, onHull := 0, 0
	for vi := range st.Vehicles {
		v := &st.Vehicles[vi]
		h, ok := rules.HullOf(g.RS, st, v.ID)
		if !ok || v.Removed {
			continue
		}
		for fi := range st.Figures {
			f := &st.Figures[fi]
			if f.Removed || st.Carrier(f.ID) != 0 || b.hiddenFromViewer(f) {
				continue
			}
			var mate *rules.Figure
			for k := range st.Figures {
				if o := &st.Figures[k]; o.ID != f.ID && !o.Removed && st.Carrier(o.ID) == 0 && !b.hiddenFromViewer(o) {
					mate = o
					break
				}
			}
			was, mateWas := f.Pos, mate.Pos
			for _, zoom := range []float64{1, 3, 3, 2} {
				if zoom > 1 {
					c := b.tv.scr(v.Pos)
					b.tv.cam.ZoomAt(c.X, c.Y, zoom)
					b.tv.cam.Snap()
				}
				// his base against the hull's side (touching it)
				for _, deg := range []int{0, 90, 180, 270} {
					rad := float64(v.Facing+deg) * math.Pi / 180
					long := math.Sqrt(float64(geom.Dist2(h.Corners[0], h.Corners[1])))
					wide := math.Sqrt(float64(geom.Dist2(h.Corners[1], h.Corners[2])))
					if long < wide {
						long, wide = wide, long
					}
					// (his base's edge a little over the hull's, as the
					// hull's drawn tracks stand out of its footprint)
					reach := wide/2 + 0.7*float64(st.BaseR)
					if deg == 0 || deg == 180 {
						reach = long/2 + 0.7*float64(st.BaseR)
					}
					f.Pos = geom.Pt{X: v.Pos.X + int64(reach*math.Sin(rad)), Y: v.Pos.Y - int64(reach*math.Cos(rad))}
					// a comrade's base touching his, on the side away from
					// the hull (men stand packed: his base is drawn smaller)
					mate.Pos = geom.Pt{X: f.Pos.X + int64(2*float64(st.BaseR)*math.Sin(rad)), Y: f.Pos.Y - int64(2*float64(st.BaseR)*math.Cos(rad))}
					render(a, b)
					c := b.tv.scr(f.Pos)
					r := b.tv.px(geom.Inches(st.BaseR))
					for k := 0; k <= 16; k++ {
						x, y := c.X, c.Y
						if k > 0 {
							ang := float64(k) * math.Pi / 8
							x, y = c.X+0.9*r*math.Cos(ang), c.Y+0.9*r*math.Sin(ang)
						}
						tried++
						if b.vehAt(b.tv.tbl(x, y)) != 0 {
							onHull++
						}
						if got := b.figAt(x, y); got != f.ID {
							t.Fatalf("zoom %v: a press inside %s's base (%.0f,%.0f, base %.1f px) against %s takes F%d (hull there: %v)", b.tv.cam.Zoom, f.Name, x, y, r, v.Name, got, b.vehAt(b.tv.tbl(x, y)) != 0)
						}
					}
				}
			}
			f.Pos, mate.Pos = was, mateWas
			b.tv.fit(true)
			break
		}
	}
	if tried == 0 || onHull == 0 {
		t.Fatalf("%d presses tried, %d of them over a hull: the test looks at nothing", tried, onHull)
	}
}
