// Package geom is Hedgerow's exact table geometry.
//
// Every position is an integer number of thousandths of an inch (a "mil"
// here), so that geometric predicates are exact integer arithmetic and a
// saved game replays identically on any machine. Inches appear as decimals
// only at the edges (file loading and display).
//
// Table coordinates fit comfortably in int64 products: a 12-foot table is
// 144,000 mils, and a cross product of two such vectors is about 2e10.
package geom

import (
	"fmt"
	"math"
)

// PerInch is the number of position units in one inch.
const PerInch = 1000

// Pt is a point on the table in thousandths of an inch. X grows to the
// right, Y grows down the table (screen order).
type Pt struct{ X, Y int64 }

// In converts inches to position units, rounding half away from zero.
func In(inches float64) int64 { return int64(math.Round(inches * PerInch)) }

// Inches converts position units to inches for display.
func Inches(u int64) float64 { return float64(u) / PerInch }

// P builds a point from inches.
func P(x, y float64) Pt { return Pt{In(x), In(y)} }

func (p Pt) Add(q Pt) Pt          { return Pt{p.X + q.X, p.Y + q.Y} }
func (p Pt) Sub(q Pt) Pt          { return Pt{p.X - q.X, p.Y - q.Y} }
func (p Pt) Dot(q Pt) int64       { return p.X*q.X + p.Y*q.Y }
func (p Pt) Cross(q Pt) int64     { return p.X*q.Y - p.Y*q.X }
func (p Pt) Len2() int64          { return p.X*p.X + p.Y*p.Y }
func (p Pt) String() string       { return fmt.Sprintf("(%.3f,%.3f)", Inches(p.X), Inches(p.Y)) }
func (p Pt) InchesXY() [2]float64 { return [2]float64{Inches(p.X), Inches(p.Y)} }

// Dist2 is the exact squared distance between two points.
func Dist2(a, b Pt) int64 { return b.Sub(a).Len2() }

// Dist is the distance between two points, in position units, rounded to
// the nearest unit. Rules that compare a distance with a range should use
// WithinDist, which is exact.
func Dist(a, b Pt) int64 { return int64(math.Round(math.Sqrt(float64(Dist2(a, b))))) }

// WithinDist reports exactly whether |ab| <= d.
func WithinDist(a, b Pt, d int64) bool { return Dist2(a, b) <= d*d }

// Orient is the sign of the turn a->b->c: +1 counter-clockwise in maths
// axes (clockwise on screen, where Y grows down), -1 the other way, 0
// collinear. Exact.
func Orient(a, b, c Pt) int {
	v := b.Sub(a).Cross(c.Sub(a))
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// Seg is a closed segment from A to B.
type Seg struct{ A, B Pt }

// Len2 is the squared length of the segment.
func (s Seg) Len2() int64 { return Dist2(s.A, s.B) }

// onSegment reports whether p, known to be collinear with s, lies within
// its bounding box (and so on the closed segment).
func onSegment(s Seg, p Pt) bool {
	return min(s.A.X, s.B.X) <= p.X && p.X <= max(s.A.X, s.B.X) &&
		min(s.A.Y, s.B.Y) <= p.Y && p.Y <= max(s.A.Y, s.B.Y)
}

// Contains reports exactly whether p lies on the closed segment.
func (s Seg) Contains(p Pt) bool {
	return Orient(s.A, s.B, p) == 0 && onSegment(s, p)
}

// SegmentsIntersect reports exactly whether two closed segments share at
// least one point (touching at an end or overlapping along a line counts).
func SegmentsIntersect(s, t Seg) bool {
	d1 := Orient(t.A, t.B, s.A)
	d2 := Orient(t.A, t.B, s.B)
	d3 := Orient(s.A, s.B, t.A)
	d4 := Orient(s.A, s.B, t.B)
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	return (d1 == 0 && onSegment(t, s.A)) || (d2 == 0 && onSegment(t, s.B)) ||
		(d3 == 0 && onSegment(s, t.A)) || (d4 == 0 && onSegment(s, t.B))
}

// SegmentsCrossProperly reports whether two segments cross at a single
// point interior to both (no touching at ends, no collinear overlap).
func SegmentsCrossProperly(s, t Seg) bool {
	d1 := Orient(t.A, t.B, s.A)
	d2 := Orient(t.A, t.B, s.B)
	d3 := Orient(s.A, s.B, t.A)
	d4 := Orient(s.A, s.B, t.B)
	return d1*d2 < 0 && d3*d4 < 0
}

// IntersectParam returns, for two segments that are not parallel, the
// parameter along s where the lines meet as the exact fraction num/den
// (den > 0), so a caller can order crossings along s without rounding.
// ok is false for parallel segments.
func IntersectParam(s, t Seg) (num, den int64, ok bool) {
	r := s.B.Sub(s.A)
	q := t.B.Sub(t.A)
	den = r.Cross(q)
	if den == 0 {
		return 0, 0, false
	}
	num = t.A.Sub(s.A).Cross(q)
	if den < 0 {
		num, den = -num, -den
	}
	return num, den, true
}

// ClosestOnSeg returns the point of s nearest p, rounded to the grid, and
// the exact squared distance from p to the segment as a fraction num/den.
// For comparisons with a radius use SegWithin, which is exact.
func ClosestOnSeg(s Seg, p Pt) Pt {
	d := s.B.Sub(s.A)
	l2 := d.Len2()
	if l2 == 0 {
		return s.A
	}
	t := p.Sub(s.A).Dot(d)
	if t <= 0 {
		return s.A
	}
	if t >= l2 {
		return s.B
	}
	f := float64(t) / float64(l2)
	return Pt{s.A.X + int64(math.Round(f*float64(d.X))), s.A.Y + int64(math.Round(f*float64(d.Y)))}
}

// SegWithin reports exactly whether the distance from p to segment s is at
// most r (strict=false) or less than r (strict=true).
func SegWithin(s Seg, p Pt, r int64, strict bool) bool {
	d := s.B.Sub(s.A)
	l2 := d.Len2()
	ap := p.Sub(s.A)
	t := ap.Dot(d)
	var n2 int64
	switch {
	case l2 == 0 || t <= 0:
		n2 = ap.Len2()
		return cmpLE(n2, r*r, strict)
	case t >= l2:
		n2 = p.Sub(s.B).Len2()
		return cmpLE(n2, r*r, strict)
	}
	// Perpendicular distance^2 = cross^2 / l2; compare cross^2 <= r^2*l2
	// using 128-bit products so nothing overflows.
	c := d.Cross(ap)
	return cmp128LE(c, c, r*r, l2, strict)
}

func cmpLE(a, b int64, strict bool) bool {
	if strict {
		return a < b
	}
	return a <= b
}

// Circle is a round base or a burst: centre C and radius R, both in
// position units.
type Circle struct {
	C Pt
	R int64
}

// Overlaps reports exactly whether two circles share any point
// (touching counts).
func (c Circle) Overlaps(d Circle) bool { return WithinDist(c.C, d.C, c.R+d.R) }

// ContainsPt reports exactly whether p is inside or on the circle.
func (c Circle) ContainsPt(p Pt) bool { return WithinDist(c.C, p, c.R) }

// EdgeDist is the edge-to-edge distance between two bases (0 when they
// touch or overlap), rounded to the nearest unit.
func EdgeDist(a, b Circle) int64 {
	d := Dist(a.C, b.C) - a.R - b.R
	if d < 0 {
		return 0
	}
	return d
}

// Rect is an axis-aligned bounding box, inclusive.
type Rect struct{ Min, Max Pt }

// Overlaps reports whether two boxes share any point.
func (r Rect) Overlaps(s Rect) bool {
	return r.Min.X <= s.Max.X && s.Min.X <= r.Max.X && r.Min.Y <= s.Max.Y && s.Min.Y <= r.Max.Y
}

// ContainsPt reports whether p lies in the box.
func (r Rect) ContainsPt(p Pt) bool {
	return r.Min.X <= p.X && p.X <= r.Max.X && r.Min.Y <= p.Y && p.Y <= r.Max.Y
}

// SegBounds is the bounding box of a segment.
func SegBounds(s Seg) Rect {
	return Rect{Pt{min(s.A.X, s.B.X), min(s.A.Y, s.B.Y)}, Pt{max(s.A.X, s.B.X), max(s.A.Y, s.B.Y)}}
}
