package game

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// tools are the free tape measure (M), line-of-sight check (L) and range
// rings (R).
type tools struct {
	// stops, when set (the battle), is what besides terrain stops sight
	// under the rule set (rules.SightStopsOf)
	stops func(from geom.Pt, to geom.Circle) func(geom.Seg) bool
	// face, when set (the battle), names the vehicle face a line from
	// from strikes when to is on a vehicle ("" when it is not)
	face     func(from, to geom.Pt) string
	mode     int // 0 none, 'M' tape, 'L' sight
	dragging bool
	a, b     geom.Pt
	rings    bool
}

func (t *tools) active() bool { return t.mode != 0 }

// update handles the tool keys and drags; ix may be nil (no sight check).
func (t *tools) update(a *App, tv *tableView, ix *terrain.Index) bool {
	if a.modal() {
		return false
	}
	if pressed(actTape) {
		t.toggle('M', a, "Tape measure: drag on the table. "+keyName(actTape)+" or Esc to put it away.")
	}
	if pressed(actSight) {
		t.toggle('L', a, "Line of sight: drag from an eye to a spot. "+keyName(actSight)+" or Esc to stop.")
	}
	if pressed(actRings) {
		t.rings = !t.rings
	}
	if t.mode == 0 {
		return false
	}
	if pressed(actCancel) {
		t.mode, t.dragging = 0, false
		return true
	}
	mx, my := cursor()
	p := tv.tbl(mx, my)
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		t.dragging, t.a, t.b = true, p, p
	}
	if t.dragging {
		t.b = p
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			t.dragging = false
		}
	}
	return true
}

func (t *tools) toggle(m int, a *App, msg string) {
	if t.mode == m {
		t.mode = 0
		return
	}
	t.mode, t.a, t.b = m, geom.Pt{}, geom.Pt{}
	a.Toast("%s", msg)
}

func (t *tools) draw(dst *ebiten.Image, a *App, tv *tableView, ix *terrain.Index) {
	if t.mode == 0 || t.a == t.b {
		return
	}
	pa, pb := tv.scr(t.a), tv.scr(t.b)
	d := geom.Inches(geom.Dist(t.a, t.b))
	switch t.mode {
	case 'M':
		drawTape(dst, tv, pa, pb, d, rgb(0xf2d04a))
		label := tv.scale.Format(geom.Dist(t.a, t.b))
		if tv.scale.PerInch == 1 {
			label += fmt.Sprintf("  (%.1f cm)", d*2.54)
		} else {
			label += fmt.Sprintf("  (%.1f\")", d)
		}
		say(dst, label, boldFace(15), pb.X+14*uiScale, pb.Y-8*uiScale, rgb(0xfff6c8), 0)
	case 'L':
		vis := terrain.Clear
		why := "clear"
		if ix != nil {
			o := terrain.LOSOptions{}
			if t.stops != nil { // what else the rule set says is in the way
				o.Stops = t.stops(t.a, geom.Circle{C: t.b, R: rules.DefaultBaseR})
			}
			los := ix.LineOfSight(t.a, geom.Circle{C: t.b, R: rules.DefaultBaseR}, o)
			vis = los.Vis
			why = fmt.Sprintf("%s (%d of %d rays to a base there)", los.Vis, los.Visible, los.Rays)
		}
		drawSight(dst, pa, pb, vis)
		say(dst, fmt.Sprintf("%s  sight %s", tv.scale.Format(geom.Dist(t.a, t.b)), why), boldFace(15), pb.X+14*uiScale, pb.Y-8*uiScale, rgb(0xffffff), 0)
		if t.face != nil {
			if f := t.face(t.a, t.b); f != "" { // the end is on a vehicle: the face a shot strikes
				ff := boldFace(15)
				x := math.Min(pb.X+14*uiScale, a.W-tv.padR-textW(f, ff)-8*uiScale)
				say(dst, f, ff, x, pb.Y+12*uiScale, rgb(0xffe066), 0)
			}
		}
	}
}

// drawTape draws a measuring tape with inch marks from a to b (screen).
func drawTape(dst *ebiten.Image, tv *tableView, a, b fpt, inches float64, c color.RGBA) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l < 1 {
		return
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	nx, ny := -uy, ux
	w := 7 * uiScale
	line(dst, fpt{a.X + 2, a.Y + 2}, fpt{b.X + 2, b.Y + 2}, w, rgba(0x000000, 90))
	line(dst, a, b, w, c)
	z := tv.cam.Zoom
	for i := 0.0; i <= inches; i++ {
		q := fpt{a.X + ux*i*z, a.Y + uy*i*z}
		k := 0.5
		if int(i)%6 == 0 {
			k = 1
		}
		line(dst, fpt{q.X - nx*w*k/2, q.Y - ny*w*k/2}, fpt{q.X + nx*w*k/2, q.Y + ny*w*k/2}, 1.2, rgb(0x2b2418))
	}
	circle(dst, a, 4*uiScale, rgb(0x2b2418))
	circle(dst, b, 4*uiScale, rgb(0x2b2418))
}

// drawSight draws a sight line that reads without colour: solid when
// clear, dashed when partial, crossed when blocked.
func drawSight(dst *ebiten.Image, a, b fpt, vis terrain.Visibility) {
	w := 3 * uiScale
	line(dst, fpt{a.X + 1, a.Y + 1}, fpt{b.X + 1, b.Y + 1}, w+2*uiScale, rgba(0x000000, 110))
	switch vis {
	case terrain.Clear:
		line(dst, a, b, w, rgb(0x6ee07a))
	case terrain.Partial:
		strokeDashed(dst, a, b, w, 10*uiScale, 7*uiScale, rgb(0xf2c04a))
	default:
		line(dst, a, b, w*0.7, rgba(0xe05040, 200))
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		if l < 1 {
			return
		}
		ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
		s := 6 * uiScale
		for d := 18 * uiScale; d < l; d += 26 * uiScale {
			q := fpt{a.X + ux*d, a.Y + uy*d}
			line(dst, fpt{q.X - s, q.Y - s}, fpt{q.X + s, q.Y + s}, 2.5*uiScale, rgb(0xe05040))
			line(dst, fpt{q.X - s, q.Y + s}, fpt{q.X + s, q.Y - s}, 2.5*uiScale, rgb(0xe05040))
		}
	}
}

// areaLabels are what the zones are called at the table: a deployment or
// home zone carries its side's name from the scenario when there is one
// ("Germans set-up"), not the map's own word ("Red set-up").
type areaLabels struct {
	sides [2]string     // side names ("" to keep the map's names)
	cols  [2]color.RGBA // side colours (zero to draw zones pale)
	avoid []fpt         // screen points the name plates keep clear of (figures)
}

func (l *areaLabels) name(ar terrain.Area) string {
	if l == nil || ar.Side < 0 || ar.Side > 1 || l.sides[ar.Side] == "" {
		return ar.Name
	}
	switch ar.Kind {
	case terrain.AreaDeployment:
		return l.sides[ar.Side] + " set-up"
	case terrain.AreaHome:
		return l.sides[ar.Side] + " home base"
	}
	return ar.Name
}

// drawAreas outlines deployment zones and objectives; side >= 0 shows
// only that side's deployment zone, highlighted; side -3 (the battle,
// once begun) leaves the set-up zones out. Each zone's name stands
// on a dark plate that reads over any terrain, at the first corner of
// the zone where it covers no figure.
func drawAreas(dst *ebiten.Image, tv *tableView, side int, lab *areaLabels) {
	for _, ar := range tv.m.Areas {
		if side >= 0 && (ar.Kind != terrain.AreaDeployment && ar.Kind != terrain.AreaHome || ar.Side != side) {
			continue
		}
		if side == -3 && ar.Kind == terrain.AreaDeployment {
			continue
		}
		pts := make([]fpt, len(ar.Poly))
		for i, q := range ar.Poly {
			pts[i] = tv.scr(q)
		}
		c := rgb(0xf2ead6)
		if lab != nil && ar.Side >= 0 && ar.Side < 2 && lab.cols[ar.Side] != (color.RGBA{}) {
			c = brighten(lab.cols[ar.Side], 0.35)
		}
		if ar.Kind == terrain.AreaObjective {
			c = rgb(0xf2d04a)
		}
		if side >= 0 {
			fillPoly(dst, pts, rgba(uint32(c.R)<<16|uint32(c.G)<<8|uint32(c.B), 50))
		}
		strokeDashPoly(dst, pts, 2*uiScale, 12*uiScale, 8*uiScale, c)
		name := lab.name(ar)
		f := boldFace(12)
		w, h := textW(name, f)+14*uiScale, 20*uiScale
		x0, y0, x1, y1 := boundsOf(pts)
		corners := []fpt{{x0 + 4*uiScale, y0 + 4*uiScale}, {x1 - w - 4*uiScale, y0 + 4*uiScale},
			{x0 + 4*uiScale, y1 - h - 4*uiScale}, {x1 - w - 4*uiScale, y1 - h - 4*uiScale}}
		at := corners[0]
		if lab != nil {
		corner:
			for _, k := range corners {
				for _, q := range lab.avoid {
					if q.X > k.X-12*uiScale && q.X < k.X+w+12*uiScale && q.Y > k.Y-12*uiScale && q.Y < k.Y+h+12*uiScale {
						continue corner
					}
				}
				at = k
				break
			}
		}
		roundRect(dst, at.X, at.Y, w, h, 4*uiScale, rgba(0x14110c, 200))
		rect(dst, at.X, at.Y+3*uiScale, 3*uiScale, h-6*uiScale, c)
		say(dst, name, f, at.X+8*uiScale, at.Y+3*uiScale, rgb(0xf2ead6), 0)
	}
}
