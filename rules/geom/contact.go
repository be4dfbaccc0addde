package geom

// Frac is an exact fraction Num/Den with Den > 0, used for positions along
// a segment (0 at its start, 1 at its end) so crossings can be ordered and
// compared without rounding.
type Frac struct{ Num, Den int64 }

// Cmp compares two fractions exactly: -1, 0 or +1.
func (f Frac) Cmp(g Frac) int { return Mul128Cmp(f.Num, g.Den, g.Num, f.Den) }

// Float is the fraction as a float64 (for display and ordering only).
func (f Frac) Float() float64 { return float64(f.Num) / float64(f.Den) }

// PastHalf reports exactly whether f > 1/2.
func (f Frac) PastHalf() bool { return Mul128Cmp(f.Num, 2, f.Den, 1) > 0 }

// At returns the point a fraction f along s, rounded to the grid (for
// display; never for a rule).
func (s Seg) At(t float64) Pt {
	d := s.B.Sub(s.A)
	return Pt{s.A.X + roundF(float64(t*float64(d.X))), s.A.Y + roundF(float64(t*float64(d.Y)))}
}

func roundF(x float64) int64 {
	if x < 0 {
		return -int64(-x + 0.5)
	}
	return int64(x + 0.5)
}

// Orientation is the sign of the polygon's signed area: +1 when its
// vertices run counter-clockwise in maths axes, -1 clockwise, 0 degenerate.
func (p Polygon) Orientation() int {
	a := p.Area2()
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

// Contact is one point where a segment meets a polygon's boundary.
// Before and After say whether the open part of the segment just before and
// just after that point lies strictly inside the polygon. Running along an
// edge is on the boundary, so it is neither.
type Contact struct {
	T             Frac
	Before, After bool
}

// wedge reports whether direction d, leaving vertex i, points strictly into
// the polygon's interior. orient is p.Orientation().
func (p Polygon) wedge(i int, d Pt, orient int) bool {
	n := len(p)
	u, v, w := p[(i+n-1)%n], p[i], p[(i+1)%n]
	in, out := v.Sub(u), w.Sub(v)
	c1 := sgn(in.Cross(d)) * orient
	c2 := sgn(out.Cross(d)) * orient
	turn := sgn(in.Cross(out)) * orient
	switch {
	case turn > 0:
		return c1 > 0 && c2 > 0
	case turn < 0:
		return c1 > 0 || c2 > 0
	}
	return c2 > 0
}

func sgn(v int64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// strictlyInside reports whether p, collinear with s, lies on s but is
// neither of its ends.
func strictlyInside(s Seg, p Pt) bool { return onSegment(s, p) && p != s.A && p != s.B }

// SegContacts appends to buf every point where segment s meets the
// boundary of the simple polygon p, in order along s, and returns it.
// orient must be p.Orientation(). All tests are exact integer arithmetic.
// A zero-length segment has no contacts.
func (p Polygon) SegContacts(s Seg, orient int, buf []Contact) []Contact {
	d := s.B.Sub(s.A)
	dd := d.Len2()
	if dd == 0 {
		return buf
	}
	start := len(buf)
	nd := Pt{-d.X, -d.Y}
	n := len(p)
	for i := 0; i < n; i++ {
		v := p[i]
		if Orient(s.A, s.B, v) == 0 && onSegment(s, v) {
			t := Frac{v.Sub(s.A).Dot(d), dd}
			c := Contact{T: t}
			if t.Num > 0 {
				c.Before = p.wedge(i, nd, orient)
			}
			if t.Num < dd {
				c.After = p.wedge(i, d, orient)
			}
			buf = append(buf, c)
		}
	}
	for i := 0; i < n; i++ {
		u, w := p[i], p[(i+1)%n]
		e := w.Sub(u)
		o1, o2 := Orient(u, w, s.A), Orient(u, w, s.B)
		side := sgn(e.Cross(d)) * orient // +1: d heads into the interior across this edge
		if o1*o2 < 0 {
			o3, o4 := Orient(s.A, s.B, u), Orient(s.A, s.B, w)
			if o3*o4 < 0 {
				num, den, _ := IntersectParam(s, Seg{u, w})
				buf = append(buf, Contact{T: Frac{num, den}, Before: side < 0, After: side > 0})
			}
			continue
		}
		if o1 == 0 && strictlyInside(Seg{u, w}, s.A) {
			buf = append(buf, Contact{T: Frac{0, 1}, After: side > 0})
		}
		if o2 == 0 && strictlyInside(Seg{u, w}, s.B) {
			buf = append(buf, Contact{T: Frac{1, 1}, Before: side < 0})
		}
	}
	// Insertion sort: contact lists are short.
	c := buf[start:]
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].T.Cmp(c[j-1].T) < 0; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	return buf
}

// SegEntersInterior reports exactly whether any part of segment s lies
// strictly inside the polygon. Touching the boundary (grazing a corner,
// running along an edge, ending on an edge) does not count. orient must be
// p.Orientation().
func (p Polygon) SegEntersInterior(s Seg, orient int) bool {
	d := s.B.Sub(s.A)
	if d.Len2() == 0 {
		return p.PointIn(s.A) > 0
	}
	nd := Pt{-d.X, -d.Y}
	n := len(p)
	touched := false
	for i := 0; i < n; i++ {
		u, w := p[i], p[(i+1)%n]
		o1, o2 := Orient(u, w, s.A), Orient(u, w, s.B)
		if o1*o2 > 0 {
			continue
		}
		o3, o4 := Orient(s.A, s.B, u), Orient(s.A, s.B, w)
		if o1*o2 < 0 && o3*o4 < 0 {
			return true
		}
		e := w.Sub(u)
		side := sgn(e.Cross(d)) * orient
		if o1 == 0 && strictlyInside(Seg{u, w}, s.A) {
			touched = true
			if side > 0 {
				return true
			}
		}
		if o2 == 0 && strictlyInside(Seg{u, w}, s.B) {
			touched = true
			if side < 0 {
				return true
			}
		}
		if o3 == 0 && onSegment(s, u) {
			touched = true
			if (u != s.B && p.wedge(i, d, orient)) || (u != s.A && p.wedge(i, nd, orient)) {
				return true
			}
		}
	}
	if touched {
		return false
	}
	return p.PointIn(s.A) > 0
}

// InsideIntervals calls fn, in order, for each interval [t0, t1] of a
// segment that lies strictly inside a polygon, given the segment's contacts
// with it (from SegContacts). startInside is p.PointIn(s.A) > 0 and matters
// only when there are no contacts.
func InsideIntervals(cs []Contact, startInside bool, fn func(t0, t1 Frac)) {
	zero, one := Frac{0, 1}, Frac{1, 1}
	if len(cs) == 0 {
		if startInside {
			fn(zero, one)
		}
		return
	}
	if cs[0].Before && cs[0].T.Num > 0 {
		fn(zero, cs[0].T)
	}
	for i := range cs {
		if !cs[i].After {
			continue
		}
		if i+1 < len(cs) {
			fn(cs[i].T, cs[i+1].T)
		} else if cs[i].T.Cmp(one) < 0 {
			fn(cs[i].T, one)
		}
	}
}

// PolylineCrossings appends to buf the positions along s (as fractions) where
// the open polyline path crosses from one side of s to the other at a point
// strictly inside s, and returns it in order. Touching without crossing
// (grazing a bend, running along s and turning back, ending on s, s ending
// on the polyline) is not a crossing. Exact.
func PolylineCrossings(path []Pt, s Seg, buf []Frac) []Frac {
	d := s.B.Sub(s.A)
	dd := d.Len2()
	n := len(path)
	if dd == 0 || n < 2 {
		return buf
	}
	start := len(buf)
	prevO := Orient(s.A, s.B, path[0])
	for i := 0; i+1 < n; i++ {
		o := Orient(s.A, s.B, path[i+1])
		if prevO*o < 0 {
			if Orient(path[i], path[i+1], s.A)*Orient(path[i], path[i+1], s.B) < 0 {
				num, den, _ := IntersectParam(s, Seg{path[i], path[i+1]})
				buf = append(buf, Frac{num, den})
			}
		}
		prevO = o
	}
	// Runs of vertices lying on the line of s.
	for i := 1; i < n-1; i++ {
		if Orient(s.A, s.B, path[i]) != 0 || Orient(s.A, s.B, path[i-1]) == 0 {
			continue
		}
		j := i
		for j+1 < n && Orient(s.A, s.B, path[j+1]) == 0 {
			j++
		}
		if j == n-1 {
			break
		}
		ok := true
		first := Frac{path[i].Sub(s.A).Dot(d), dd}
		for k := i; k <= j; k++ {
			t := path[k].Sub(s.A).Dot(d)
			if t <= 0 || t >= dd {
				ok = false
				break
			}
			if f := (Frac{t, dd}); f.Cmp(first) < 0 {
				first = f
			}
		}
		if ok && Orient(s.A, s.B, path[i-1])*Orient(s.A, s.B, path[j+1]) < 0 {
			buf = append(buf, first)
		}
		i = j
	}
	c := buf[start:]
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].Cmp(c[j-1]) < 0; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	return buf
}

// SegsWithin reports exactly whether the distance between two closed
// segments is at most r (strict=false) or less than r (strict=true).
func SegsWithin(s, t Seg, r int64, strict bool) bool {
	if SegmentsIntersect(s, t) {
		return !strict || r > 0
	}
	return SegWithin(t, s.A, r, strict) || SegWithin(t, s.B, r, strict) ||
		SegWithin(s, t.A, r, strict) || SegWithin(s, t.B, r, strict)
}
