package vehicle

import "hedgerow/rules/geom"

// Hull is a vehicle's footprint on the table: a parallelogram (a
// rectangle up to the rounding of its corners) centred on C. Corners run
// front-left, front-right, rear-right, rear-left; edge i runs from corner
// i to corner i+1, so edge 0 is the front, 1 the right side, 2 the rear
// and 3 the left side (the Face values).
type Hull struct {
	C       geom.Pt
	Corners [4]geom.Pt
}

// HullAt is the footprint of a length x width hull centred on pos and
// facing facing. The half-length and half-width vectors are each rounded
// once to position units, so opposite faces are exactly parallel and
// equal; everything after that is exact.
func HullAt(length, width int64, pos geom.Pt, facing int) Hull {
	f, r := Dir(facing), Dir(facing+90)
	a := geom.Pt{X: roundDiv(f.X*length, 2*Scale), Y: roundDiv(f.Y*length, 2*Scale)}
	b := geom.Pt{X: roundDiv(r.X*width, 2*Scale), Y: roundDiv(r.Y*width, 2*Scale)}
	return Hull{C: pos, Corners: [4]geom.Pt{
		pos.Add(a).Sub(b),
		pos.Add(a).Add(b),
		pos.Sub(a).Add(b),
		pos.Sub(a).Sub(b),
	}}
}

// Poly is the hull as a polygon.
func (h Hull) Poly() geom.Polygon { return geom.Polygon(h.Corners[:]) }

// Edge is face f's edge (f in Front..Left).
func (h Hull) Edge(f Face) geom.Seg { return geom.Seg{A: h.Corners[f], B: h.Corners[(f+1)%4]} }

// Bounds is the hull's bounding box.
func (h Hull) Bounds() geom.Rect { return h.Poly().Bounds() }

// orient is the polygon orientation of the corners (+1 or -1; 0 only for
// a degenerate hull).
func (h Hull) orient() int {
	return geom.Orient(h.Corners[0], h.Corners[1], h.Corners[2])
}

// Strike says where a line of fire meets a hull.
type Strike struct {
	Face Face // the face struck, after the corner rule
	// Corner is true when the line meets the hull first exactly at a
	// corner; Faces are then the two faces meeting there (Face is one of
	// them), otherwise both are Face.
	Corner bool
	Faces  [2]Face
	// Inside is true when the firer's point is on or under the hull (no
	// face is struck; Face is Top). Miss is true when the line never
	// reaches the hull (Face is meaningless).
	Inside, Miss bool
}

// CornerFace is the corner rule: a shot that meets a hull exactly at a
// corner strikes the less protected of the two faces meeting there (the
// smaller armour number), and, when they are equally protected, the side.
// A shot down a corner is the firer's good luck, and the side is the face
// a corner shot skids onto on a real hull.
func CornerFace(a, b Face, arm Armour) Face {
	va, vb := arm.Of(a), arm.Of(b)
	switch {
	case va < vb:
		return a
	case vb < va:
		return b
	case a.Side():
		return a
	}
	return b
}

// Struck is where a line of fire from the firer's point from towards aim
// (usually the hull centre) first meets the hull: the first face the
// segment from->aim crosses, exactly. At a corner, CornerFace decides
// with the armour arm.
func (h Hull) Struck(from, aim geom.Pt, arm Armour) Strike {
	poly := h.Poly()
	if poly.PointIn(from) >= 0 {
		return Strike{Face: Top, Faces: [2]Face{Top, Top}, Inside: true}
	}
	s := geom.Seg{A: from, B: aim}
	d := aim.Sub(from)
	dd := d.Len2()
	best := geom.Frac{Num: 2, Den: 1}
	bestCorner, bestEdge := -1, -1
	if dd == 0 {
		return Strike{Miss: true}
	}
	for i, v := range h.Corners {
		if s.Contains(v) {
			t := geom.Frac{Num: v.Sub(from).Dot(d), Den: dd}
			if t.Cmp(best) < 0 {
				best, bestCorner, bestEdge = t, i, -1
			}
		}
	}
	for i := 0; i < 4; i++ {
		e := h.Edge(Face(i))
		o3, o4 := geom.Orient(from, aim, e.A), geom.Orient(from, aim, e.B)
		if o3*o4 >= 0 {
			continue // parallel, missing, or through a corner (counted above)
		}
		if geom.Orient(e.A, e.B, from)*geom.Orient(e.A, e.B, aim) > 0 {
			continue
		}
		num, den, ok := geom.IntersectParam(s, e)
		if !ok {
			continue
		}
		t := geom.Frac{Num: num, Den: den}
		if t.Cmp(best) < 0 {
			best, bestCorner, bestEdge = t, -1, i
		}
	}
	switch {
	case bestCorner >= 0:
		a, b := Face((bestCorner+3)%4), Face(bestCorner)
		return Strike{Face: CornerFace(a, b, arm), Corner: true, Faces: [2]Face{a, b}}
	case bestEdge >= 0:
		f := Face(bestEdge)
		return Strike{Face: f, Faces: [2]Face{f, f}}
	}
	return Strike{Miss: true}
}

// StruckFrom is the face a shot from the point from at the hull's centre
// strikes.
func (h Hull) StruckFrom(from geom.Pt, arm Armour) Strike { return h.Struck(from, h.C, arm) }

// TurretFace is the face of a turret turned to facing turret, centred on
// c, that a shot from the point from strikes: front within 45 degrees
// either side of where the turret points, rear within 45 degrees of
// straight behind, and the sides between; exactly 45 degrees off is the
// side. A shot from c itself strikes the top.
func TurretFace(c geom.Pt, turret int, from geom.Pt) Face {
	d := from.Sub(c)
	if d.X == 0 && d.Y == 0 {
		return Top
	}
	u := Dir(turret)
	a, b := u.Dot(d), u.Cross(d)
	ab := b
	if ab < 0 {
		ab = -ab
	}
	switch {
	case a > ab:
		return Front
	case -a > ab:
		return Rear
	case b > 0:
		return Right
	}
	return Left
}

// Under reports whether the point p is under the hull (on its outline
// counts).
func (h Hull) Under(p geom.Pt) bool { return h.Poly().PointIn(p) >= 0 }

// OverlapsBase reports exactly whether a round base overlaps the hull by
// more than a touch.
func (h Hull) OverlapsBase(c geom.Circle) bool {
	poly := h.Poly()
	switch poly.PointIn(c.C) {
	case 1:
		return true
	case 0:
		return c.R > 0
	}
	for i := 0; i < 4; i++ {
		if geom.SegWithin(h.Edge(Face(i)), c.C, c.R, true) {
			return true
		}
	}
	return false
}

// TouchesBase reports exactly whether a base touches or overlaps the hull.
func (h Hull) TouchesBase(c geom.Circle) bool { return h.Poly().CircleOverlaps(c) }

// OverlapsHull reports exactly whether two hulls overlap by more than a
// touch (separating axes: two convex shapes are apart exactly when one
// edge's line has the other wholly on its outer side or on it).
func (h Hull) OverlapsHull(o Hull) bool { return convexOverlap(h.Corners[:], o.Corners[:]) }

// convexOverlap reports whether the interiors of two convex polygons meet.
func convexOverlap(a, b []geom.Pt) bool { return !separated(a, b) && !separated(b, a) }

// separated reports whether some edge of a has every vertex of b on its
// outer side or on its line.
func separated(a, b []geom.Pt) bool {
	n := len(a)
	or := 0
	for i := 0; i < n && or == 0; i++ {
		or = geom.Orient(a[i], a[(i+1)%n], a[(i+2)%n])
	}
	if or == 0 {
		return true // degenerate: no interior
	}
	for i := 0; i < n; i++ {
		u, w := a[i], a[(i+1)%n]
		if u == w {
			continue
		}
		out := true
		for _, p := range b {
			if geom.Orient(u, w, p)*or > 0 {
				out = false
				break
			}
		}
		if out {
			return true
		}
	}
	return false
}

// BlocksSight reports whether the hull stands across the sight line a-b:
// some part of the line passes strictly inside it (grazing a corner or
// running along a face does not block). Whether hulls block sight at all
// is the rule set's choice.
func (h Hull) BlocksSight(a, b geom.Pt) bool {
	return h.Poly().SegEntersInterior(geom.Seg{A: a, B: b}, h.orient())
}

// Shelters reports whether a man whose base is man is behind the hull as
// seen from the point from: his base is within near of the hull (touching
// counts; near 0 means base to hull) and the line from the firer to his
// centre meets the hull. The rule set says what cover that is.
func (h Hull) Shelters(man geom.Circle, from geom.Pt, near int64) bool {
	poly := h.Poly()
	if !poly.CircleOverlaps(geom.Circle{C: man.C, R: man.R + near}) {
		return false
	}
	return poly.SegTouches(geom.Seg{A: man.C, B: from})
}

// ArcCovers reports exactly whether the point target lies in arc, seen
// from apex by a mount facing facing. The apex itself is covered.
func ArcCovers(apex geom.Pt, facing int, arc Arc, target geom.Pt) bool {
	if arc.Width >= 360 {
		return true
	}
	d := target.Sub(apex)
	if d.X == 0 && d.Y == 0 {
		return true
	}
	left := facing + arc.Centre - arc.Width/2
	l, r := Dir(left), Dir(left+arc.Width)
	switch {
	case arc.Width == 0:
		return l.Cross(d) == 0 && l.Dot(d) > 0
	case arc.Width <= 180:
		return l.Cross(d) >= 0 && d.Cross(r) >= 0
	}
	// Wider than a half turn: covered unless strictly inside the gap.
	return !(r.Cross(d) > 0 && d.Cross(l) > 0)
}

// ArcCoversCircle reports exactly whether any part of a base lies in the
// arc: its centre is covered, or it touches one of the arc's edges.
func ArcCoversCircle(apex geom.Pt, facing int, arc Arc, c geom.Circle) bool {
	if ArcCovers(apex, facing, arc, c.C) {
		return true
	}
	left := facing + arc.Centre - arc.Width/2
	for _, deg := range []int{left, left + arc.Width} {
		// A ray is a segment longer than any table (Scale units is over
		// a thousand inches).
		if geom.SegWithin(geom.Seg{A: apex, B: apex.Add(Dir(deg))}, c.C, c.R, false) {
			return true
		}
	}
	return false
}
