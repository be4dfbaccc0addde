package terrain

import (
	"math"
	"sync"

	"github.com/solarlune/resolv"

	"hedgerow/rules/geom"
)

// resolv is used for one job only: nudging a figure the player drags into
// a building or against a high wall back out to where it can stand (the
// base slides along the wall instead of refusing the drop). resolv's
// circle-against-convex-polygon push-out vector (its MTV) is a fast
// suggestion in floating point; every suggestion is then checked with the
// exact CanStand, and the figure stays where it was if the check fails.
// resolv never decides a rule: it cannot see a base lying wholly inside a
// polygon, and its tests are not exact when a base just touches a wall (see
// resolv_test.go for the measured numbers).
//
// resolv v0.8.1 keeps package-level scratch state, so every call into it
// goes through resolvMu.
var resolvMu sync.Mutex

// resolvShapes builds convex resolv shapes for the impassable pieces near
// r: convex area pieces as they are, and each stretch of an impassable
// linear piece as a rectangle of its width. Concave impassable areas are
// left out (the exact check still refuses them).
func (ix *Index) resolvShapes(r geom.Rect) []*resolv.ConvexPolygon {
	var buf [32]int
	var out []*resolv.ConvexPolygon
	for _, id := range ix.boxPieces(r, buf[:0]) {
		pc := &ix.Map.Pieces[id]
		if pc.Props.Going != GoingImpassable {
			continue
		}
		if len(pc.Poly) >= 3 && pc.Poly.IsConvex() {
			pts := make([]float64, 0, 2*len(pc.Poly))
			for _, p := range pc.Poly {
				pts = append(pts, float64(p.X), float64(p.Y))
			}
			out = append(out, centred(pts))
			continue
		}
		h := float64(pc.Props.Width) / 2
		for i := 0; i+1 < len(pc.Path); i++ {
			a, b := pc.Path[i], pc.Path[i+1]
			dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
			l := math.Hypot(dx, dy)
			if l == 0 {
				continue
			}
			// Rounded before the adds (float64(...)) so no machine fuses
			// them; only for picking and sliding, checked exactly after.
			ox, oy := float64(-dy/l*h), float64(dx/l*h)
			ax, ay, bx, by := float64(a.X), float64(a.Y), float64(b.X), float64(b.Y)
			out = append(out, centred([]float64{
				ax + ox, ay + oy, bx + ox, by + oy, bx - ox, by - oy, ax - ox, ay - oy}))
		}
	}
	return out
}

// centred makes a resolv polygon positioned at the mean of its corners
// (resolv picks the push-out direction from shape positions, so a polygon
// must not sit at the origin with absolute corners).
func centred(pts []float64) *resolv.ConvexPolygon {
	var cx, cy float64
	n := float64(len(pts) / 2)
	for i := 0; i+1 < len(pts); i += 2 {
		cx += pts[i]
		cy += pts[i+1]
	}
	cx, cy = cx/n, cy/n
	rel := make([]float64, len(pts))
	for i := 0; i+1 < len(pts); i += 2 {
		rel[i], rel[i+1] = pts[i]-cx, pts[i+1]-cy
	}
	return resolv.NewConvexPolygon(cx, cy, rel)
}

// Slide is for dragging a figure: it returns where a base of radius b.R,
// dragged from b.C towards to, should be drawn. When it can stand at to,
// that is the answer; when it would overlap a building or a high wall, it
// is pushed out along the wall (resolv's suggestion, checked exactly with
// CanStand); if no suggestion can stand, the base stays at b.C.
func (ix *Index) Slide(b geom.Circle, to geom.Pt) geom.Pt {
	at := geom.Circle{C: to, R: b.R}
	if ok, _ := ix.CanStand(at); ok {
		return to
	}
	g := b.R + geom.PerInch
	shapes := ix.resolvShapes(geom.Rect{Min: geom.Pt{X: to.X - g, Y: to.Y - g}, Max: geom.Pt{X: to.X + g, Y: to.Y + g}})
	resolvMu.Lock()
	x, y := float64(to.X), float64(to.Y)
	for iter := 0; iter < 4; iter++ {
		c := resolv.NewCircle(x, y, float64(b.R))
		moved := false
		for _, s := range shapes {
			set := c.Intersection(s)
			if set.IsEmpty() {
				continue
			}
			m := set.MTV
			l := math.Hypot(m.X, m.Y)
			if l == 0 {
				continue
			}
			// One extra unit so rounding cannot leave it overlapping.
			x += m.X + m.X/l
			y += m.Y + m.Y/l
			c = resolv.NewCircle(x, y, float64(b.R))
			moved = true
		}
		if !moved {
			break
		}
	}
	resolvMu.Unlock()
	p := geom.Pt{X: int64(math.Round(x)), Y: int64(math.Round(y))}
	if ok, _ := ix.CanStand(geom.Circle{C: p, R: b.R}); ok {
		return p
	}
	return b.C
}
