package game

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/game/art"
	"hedgerow/game/keys"
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
	if keys.Pressed(keys.ActTape) {
		t.toggle('M', a, "Tape measure: drag on the table. "+keys.KeyName(keys.ActTape)+" or Esc to put it away.")
	}
	if keys.Pressed(keys.ActSight) {
		t.toggle('L', a, "Line of sight: drag from an eye to a spot. "+keys.KeyName(keys.ActSight)+" or Esc to stop.")
	}
	if keys.Pressed(keys.ActRings) {
		t.rings = !t.rings
	}
	if t.mode == 0 {
		return false
	}
	if keys.Pressed(keys.ActCancel) {
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
		drawTape(dst, tv, pa, pb, d, art.RGB(0xf2d04a))
		label := tv.scale.Format(geom.Dist(t.a, t.b))
		if tv.scale.PerInch == 1 {
			label += fmt.Sprintf("  (%.1f cm)", d*2.54)
		} else {
			label += fmt.Sprintf("  (%.1f\")", d)
		}
		art.Say(dst, label, art.BoldFace(15), pb.X+14*art.UIScale, pb.Y-8*art.UIScale, art.RGB(0xfff6c8), 0)
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
		art.Say(dst, fmt.Sprintf("%s  sight %s", tv.scale.Format(geom.Dist(t.a, t.b)), why), art.BoldFace(15), pb.X+14*art.UIScale, pb.Y-8*art.UIScale, art.RGB(0xffffff), 0)
		if t.face != nil {
			if f := t.face(t.a, t.b); f != "" { // the end is on a vehicle: the face a shot strikes
				ff := art.BoldFace(15)
				x := math.Min(pb.X+14*art.UIScale, a.W-tv.padR-art.TextW(f, ff)-8*art.UIScale)
				art.Say(dst, f, ff, x, pb.Y+12*art.UIScale, art.RGB(0xffe066), 0)
			}
		}
	}
}

// drawTape draws a measuring tape with inch marks from a to b (screen).
func drawTape(dst *ebiten.Image, tv *tableView, a, b art.Pt, inches float64, c color.RGBA) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l < 1 {
		return
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	nx, ny := -uy, ux
	w := 7 * art.UIScale
	art.Line(dst, art.Pt{X: a.X + 2, Y: a.Y + 2}, art.Pt{X: b.X + 2, Y: b.Y + 2}, w, art.RGBA(0x000000, 90))
	art.Line(dst, a, b, w, c)
	z := tv.cam.Zoom
	for i := 0.0; i <= inches; i++ {
		q := art.Pt{X: a.X + ux*i*z, Y: a.Y + uy*i*z}
		k := 0.5
		if int(i)%6 == 0 {
			k = 1
		}
		art.Line(dst, art.Pt{X: q.X - nx*w*k/2, Y: q.Y - ny*w*k/2}, art.Pt{X: q.X + nx*w*k/2, Y: q.Y + ny*w*k/2}, 1.2, art.RGB(0x2b2418))
	}
	art.Circle(dst, a, 4*art.UIScale, art.RGB(0x2b2418))
	art.Circle(dst, b, 4*art.UIScale, art.RGB(0x2b2418))
}

// drawSight draws a sight line that reads without colour: solid when
// clear, dashed when partial, crossed when blocked.
func drawSight(dst *ebiten.Image, a, b art.Pt, vis terrain.Visibility) {
	w := 3 * art.UIScale
	art.Line(dst, art.Pt{X: a.X + 1, Y: a.Y + 1}, art.Pt{X: b.X + 1, Y: b.Y + 1}, w+2*art.UIScale, art.RGBA(0x000000, 110))
	switch vis {
	case terrain.Clear:
		art.Line(dst, a, b, w, art.RGB(0x6ee07a))
	case terrain.Partial:
		art.StrokeDashed(dst, a, b, w, 10*art.UIScale, 7*art.UIScale, art.RGB(0xf2c04a))
	default:
		art.Line(dst, a, b, w*0.7, art.RGBA(0xe05040, 200))
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		if l < 1 {
			return
		}
		ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
		s := 6 * art.UIScale
		for d := 18 * art.UIScale; d < l; d += 26 * art.UIScale {
			q := art.Pt{X: a.X + ux*d, Y: a.Y + uy*d}
			art.Line(dst, art.Pt{X: q.X - s, Y: q.Y - s}, art.Pt{X: q.X + s, Y: q.Y + s}, 2.5*art.UIScale, art.RGB(0xe05040))
			art.Line(dst, art.Pt{X: q.X - s, Y: q.Y + s}, art.Pt{X: q.X + s, Y: q.Y - s}, 2.5*art.UIScale, art.RGB(0xe05040))
		}
	}
}

// areaLabels are what the zones are called at the table: a deployment or
// home zone carries its side's name from the scenario when there is one
// ("Germans set-up"), not the map's own word ("Red set-up").
type areaLabels struct {
	sides  [2]string     // side names ("" to keep the map's names)
	cols   [2]color.RGBA // side colours (zero to draw zones pale)
	avoid  []art.Pt      // screen points the name plates keep clear of (figures)
	boxes  []plate       // and screen boxes (vehicles' hulls: a tank hid the "o" of "The ford")
	placed []plate       // where the name plates went (the rosters keep clear of them)
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
		pts := make([]art.Pt, len(ar.Poly))
		for i, q := range ar.Poly {
			pts[i] = tv.scr(q)
		}
		c := art.RGB(0xf2ead6)
		if lab != nil && ar.Side >= 0 && ar.Side < 2 && lab.cols[ar.Side] != (color.RGBA{}) {
			c = art.Brighten(lab.cols[ar.Side], 0.35)
		}
		if ar.Kind == terrain.AreaObjective {
			c = art.RGB(0xf2d04a)
		}
		if side >= 0 {
			art.FillPoly(dst, pts, art.RGBA(uint32(c.R)<<16|uint32(c.G)<<8|uint32(c.B), 50))
		}
		art.StrokeDashPoly(dst, pts, 2*art.UIScale, 12*art.UIScale, 8*art.UIScale, c)
		name := lab.name(ar)
		f := art.BoldFace(12)
		w, h := art.TextW(name, f)+14*art.UIScale, 20*art.UIScale
		x0, y0, x1, y1 := art.BoundsOf(pts)
		// the zone's corners inside, then (a base on each) just outside
		// it, above or below: a label never sits on a figure when a
		// place is free
		g := 4 * art.UIScale
		corners := []art.Pt{{X: x0 + g, Y: y0 + g}, {X: x1 - w - g, Y: y0 + g},
			{X: x0 + g, Y: y1 - h - g}, {X: x1 - w - g, Y: y1 - h - g},
			{X: x0, Y: y0 - h - g}, {X: x1 - w, Y: y0 - h - g}, {X: x0, Y: y1 + g}, {X: x1 - w, Y: y1 + g},
			{X: x1 + g, Y: (y0+y1)/2 - h/2}, {X: x0 - w - g, Y: (y0+y1)/2 - h/2}}
		// each place kept on the board and in the table's part of the
		// window: a zone at the table's edge had its name run off the
		// board under the side panel ("Outpost set-u", play test 11)
		b0, b1 := tv.scr(geom.Pt{}), tv.scr(geom.Pt{X: tv.m.Width, Y: tv.m.Height})
		lo := art.Pt{X: max(b0.X, tv.padL) + g, Y: max(b0.Y, tv.padT) + g}
		hi := art.Pt{X: min(b1.X, tv.cam.W-tv.padR) - w - g, Y: min(b1.Y, tv.cam.H-tv.padB) - h - g}
		for i := range corners {
			if hi.X >= lo.X {
				corners[i].X = min(max(corners[i].X, lo.X), hi.X)
			}
			if hi.Y >= lo.Y {
				corners[i].Y = min(max(corners[i].Y, lo.Y), hi.Y)
			}
		}
		at := corners[0]
		if lab != nil {
			// the first place that covers nothing; when every place
			// covers something (a small place with a tank in it: "The
			// ford" lay on the Panzer, play-test 10), the one that covers
			// least, a hull or a name worse than a figure
			best := -1
			for _, k := range corners {
				n := 0
				for _, q := range lab.avoid {
					if q.X > k.X-12*art.UIScale && q.X < k.X+w+12*art.UIScale && q.Y > k.Y-12*art.UIScale && q.Y < k.Y+h+12*art.UIScale {
						n++
					}
				}
				for _, p := range lab.boxes {
					if p.meets(plate{x: k.X, y: k.Y, w: w, h: h}, 2*art.UIScale) {
						n += 4
					}
				}
				// nor on a zone's name already written (a set-up zone's
				// name lay over its home base's)
				for _, p := range lab.placed {
					if p.meets(plate{x: k.X, y: k.Y, w: w, h: h}, 2*art.UIScale) {
						n += 4
					}
				}
				if best < 0 || n < best {
					best, at = n, k
				}
				if n == 0 {
					break
				}
			}
		}
		if lab != nil {
			lab.placed = append(lab.placed, plate{x: at.X, y: at.Y, w: w, h: h})
		}
		art.RoundRect(dst, at.X, at.Y, w, h, 4*art.UIScale, art.RGBA(0x14110c, 200))
		art.Rect(dst, at.X, at.Y+3*art.UIScale, 3*art.UIScale, h-6*art.UIScale, c)
		art.Say(dst, name, f, at.X+8*art.UIScale, at.Y+3*art.UIScale, art.RGB(0xf2ead6), 0)
	}
}
