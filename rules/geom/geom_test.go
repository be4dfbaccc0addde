package geom

import "testing"

func pts(xy ...int64) []Pt {
	var out []Pt
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, Pt{xy[i], xy[i+1]})
	}
	return out
}

func TestSegmentsIntersect(t *testing.T) {
	cases := []struct {
		name          string
		s, u          Seg
		meet, properX bool
	}{
		{"cross in middle", Seg{Pt{0, 0}, Pt{10, 10}}, Seg{Pt{0, 10}, Pt{10, 0}}, true, true},
		{"through a vertex of the other", Seg{Pt{0, 0}, Pt{10, 10}}, Seg{Pt{5, 5}, Pt{10, 0}}, true, false},
		{"end touches end", Seg{Pt{0, 0}, Pt{5, 5}}, Seg{Pt{5, 5}, Pt{10, 0}}, true, false},
		{"collinear overlap", Seg{Pt{0, 0}, Pt{10, 0}}, Seg{Pt{5, 0}, Pt{15, 0}}, true, false},
		{"collinear apart", Seg{Pt{0, 0}, Pt{4, 0}}, Seg{Pt{5, 0}, Pt{15, 0}}, false, false},
		{"parallel", Seg{Pt{0, 0}, Pt{10, 0}}, Seg{Pt{0, 1}, Pt{10, 1}}, false, false},
		{"miss by one unit", Seg{Pt{0, 0}, Pt{10, 10}}, Seg{Pt{6, 4}, Pt{10, 0}}, false, false},
		{"big coordinates", Seg{Pt{0, 0}, Pt{144000, 96000}}, Seg{Pt{0, 96000}, Pt{144000, 0}}, true, true},
	}
	for _, c := range cases {
		if got := SegmentsIntersect(c.s, c.u); got != c.meet {
			t.Errorf("%s: SegmentsIntersect = %v, want %v", c.name, got, c.meet)
		}
		if got := SegmentsCrossProperly(c.s, c.u); got != c.properX {
			t.Errorf("%s: SegmentsCrossProperly = %v, want %v", c.name, got, c.properX)
		}
	}
}

// An L-shaped (concave) field, counter-clockwise in maths axes:
//
//	(0,20)  (10,20)
//	  +-------+
//	  |       |
//	  |       +-------+ (20,10)
//	  |    (10,10)    |
//	  +---------------+
//	(0,0)           (20,0)
var lShape = Polygon(pts(0, 0, 20, 0, 20, 10, 10, 10, 10, 20, 0, 20))

func TestPointInConcave(t *testing.T) {
	cases := []struct {
		p    Pt
		want int
	}{
		{Pt{5, 5}, 1}, {Pt{15, 5}, 1}, {Pt{5, 15}, 1},
		{Pt{15, 15}, -1}, // in the notch
		{Pt{10, 10}, 0},  // the inner corner
		{Pt{12, 10}, 0},  // on the notch edge
		{Pt{20, 5}, 0}, {Pt{0, 0}, 0},
		{Pt{21, 5}, -1}, {Pt{-1, 0}, -1}, {Pt{10, 21}, -1},
		{Pt{5, 10}, 1}, // level with the inner corner, inside
	}
	for _, c := range cases {
		if got := lShape.PointIn(c.p); got != c.want {
			t.Errorf("PointIn(%v) = %d, want %d", c.p, got, c.want)
		}
		// Orientation must not matter.
		rev := make(Polygon, len(lShape))
		for i := range lShape {
			rev[i] = lShape[len(lShape)-1-i]
		}
		if got := rev.PointIn(c.p); got != c.want {
			t.Errorf("reversed PointIn(%v) = %d, want %d", c.p, got, c.want)
		}
	}
}

func TestSegEntersInterior(t *testing.T) {
	sq := Polygon(pts(0, 0, 10, 0, 10, 10, 0, 10))
	cases := []struct {
		name string
		poly Polygon
		s    Seg
		want bool
	}{
		{"straight through", sq, Seg{Pt{-5, 5}, Pt{15, 5}}, true},
		{"grazes a corner", sq, Seg{Pt{-5, 5}, Pt{5, -5}}, false},
		{"runs along an edge", sq, Seg{Pt{-5, 0}, Pt{15, 0}}, false},
		{"corner to corner diagonal", sq, Seg{Pt{0, 0}, Pt{10, 10}}, true},
		{"ends on an edge from outside", sq, Seg{Pt{-5, 5}, Pt{0, 5}}, false},
		{"starts on an edge going in", sq, Seg{Pt{0, 5}, Pt{5, 5}}, true},
		{"starts on a corner going out", sq, Seg{Pt{0, 0}, Pt{-5, -3}}, false},
		{"wholly inside", sq, Seg{Pt{2, 2}, Pt{8, 3}}, true},
		{"wholly outside", sq, Seg{Pt{12, 2}, Pt{18, 3}}, false},
		{"through notch corner only", lShape, Seg{Pt{5, 15}, Pt{15, 5}}, true},
		{"across the notch touching inner corner", lShape, Seg{Pt{10, 10}, Pt{20, 20}}, false},
		{"along notch edge", lShape, Seg{Pt{10, 15}, Pt{10, 25}}, false},
		{"in through the inner corner", lShape, Seg{Pt{15, 15}, Pt{5, 5}}, true},
		{"collinear with edge, from outside into inside", lShape, Seg{Pt{25, 10}, Pt{5, 10}}, true},
	}
	for _, c := range cases {
		if got := c.poly.SegEntersInterior(c.s, c.poly.Orientation()); got != c.want {
			t.Errorf("%s: SegEntersInterior = %v, want %v", c.name, got, c.want)
		}
		var buf []Contact
		buf = c.poly.SegContacts(c.s, c.poly.Orientation(), buf)
		any := false
		InsideIntervals(buf, c.poly.PointIn(c.s.A) > 0, func(t0, t1 Frac) { any = any || t0.Cmp(t1) < 0 })
		if any != c.want {
			t.Errorf("%s: contacts give inside=%v, want %v (%+v)", c.name, any, c.want, buf)
		}
	}
}

func TestInsideIntervalsLength(t *testing.T) {
	// A line across both arms of the L at y=5 is inside from x=0 to x=20;
	// at x=5 going up it is inside from y=0 to y=20; at y=15 only 0..10.
	cases := []struct {
		s    Seg
		want Frac // inside fraction
	}{
		{Seg{Pt{-10, 5}, Pt{30, 5}}, Frac{20, 40}},
		{Seg{Pt{5, -20}, Pt{5, 20}}, Frac{20, 40}},
		{Seg{Pt{-10, 15}, Pt{30, 15}}, Frac{10, 40}},
		{Seg{Pt{-10, 10}, Pt{30, 10}}, Frac{10, 40}}, // along the notch edge: only 0..10 counts
	}
	for _, c := range cases {
		cs := lShape.SegContacts(c.s, lShape.Orientation(), nil)
		sum := 0.0
		InsideIntervals(cs, false, func(t0, t1 Frac) { sum += t1.Float() - t0.Float() })
		if d := sum - c.want.Float(); d > 1e-12 || d < -1e-12 {
			t.Errorf("%v: inside %v, want %v", c.s, sum, c.want.Float())
		}
	}
}

func TestPolylineCrossings(t *testing.T) {
	s := Seg{Pt{0, 0}, Pt{100, 0}}
	cases := []struct {
		name string
		path []Pt
		want int
	}{
		{"straight across", pts(50, -10, 50, 10), 1},
		{"across through a bend on the line", pts(40, -10, 50, 0, 60, 10), 1},
		{"touches at a bend and goes back", pts(40, -10, 50, 0, 60, -10), 0},
		{"runs along then crosses", pts(20, -10, 30, 0, 60, 0, 70, 10), 1},
		{"runs along then goes back", pts(20, -10, 30, 0, 60, 0, 70, -10), 0},
		{"ends on the line", pts(50, -10, 50, 0), 0},
		{"crosses at the sight line's end", pts(100, -10, 100, 10), 0},
		{"crosses twice", pts(20, -10, 20, 10, 80, 10, 80, -10), 2},
		{"along the line past its end", pts(90, -10, 90, 0, 110, 0, 120, 10), 0},
		{"misses beyond the end", pts(120, -10, 120, 10), 0},
	}
	for _, c := range cases {
		if got := len(PolylineCrossings(c.path, s, nil)); got != c.want {
			t.Errorf("%s: %d crossings, want %d", c.name, got, c.want)
		}
	}
}

func TestCirclePolygon(t *testing.T) {
	cases := []struct {
		c               Circle
		overlap, inside bool
	}{
		{Circle{Pt{5, 5}, 2}, true, true},
		{Circle{Pt{15, 15}, 2}, false, false},       // in the notch, clear of it
		{Circle{Pt{15, 15}, 5}, true, false},        // touches the notch edges exactly
		{Circle{Pt{15, 15}, 4}, false, false},       // one short
		{Circle{Pt{25, 5}, 5}, true, false},         // touches the right edge
		{Circle{Pt{2, 2}, 2}, true, true},           // touches two edges from inside
		{Circle{Pt{14, 14}, 6}, true, false},        // covers the inner corner
		{Circle{Pt{-3, -4}, 5}, true, false},        // touches the corner (0,0)
		{Circle{Pt{-3, -4}, 4}, false, false},       // misses it
		{Circle{Pt{5, 5}, 6}, true, false},          // pokes out
		{Circle{Pt{100000, 0}, 99980}, true, false}, // large, exact
	}
	for _, c := range cases {
		if got := lShape.CircleOverlaps(c.c); got != c.overlap {
			t.Errorf("CircleOverlaps(%v) = %v, want %v", c.c, got, c.overlap)
		}
		if got := lShape.CircleInside(c.c); got != c.inside {
			t.Errorf("CircleInside(%v) = %v, want %v", c.c, got, c.inside)
		}
	}
}

func TestSelfIntersects(t *testing.T) {
	cases := []struct {
		name string
		p    Polygon
		want bool
	}{
		{"square", Polygon(pts(0, 0, 10, 0, 10, 10, 0, 10)), false},
		{"L shape", lShape, false},
		{"bow tie", Polygon(pts(0, 0, 10, 10, 10, 0, 0, 10)), true},
		{"repeated vertex", Polygon(pts(0, 0, 10, 0, 10, 10, 10, 0, 0, 10)), true},
		{"spike back along an edge", Polygon(pts(0, 0, 10, 0, 5, 0, 5, 10)), true},
		{"vertex on another edge", Polygon(pts(0, 0, 10, 0, 10, 10, 5, 0, 0, 10)), true},
		{"collinear vertex is fine", Polygon(pts(0, 0, 5, 0, 10, 0, 10, 10, 0, 10)), false},
	}
	for _, c := range cases {
		if got := c.p.SelfIntersects(); got != c.want {
			t.Errorf("%s: SelfIntersects = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestSegsWithin(t *testing.T) {
	a := Seg{Pt{0, 0}, Pt{10, 0}}
	cases := []struct {
		b      Seg
		r      int64
		strict bool
		want   bool
	}{
		{Seg{Pt{5, 3}, Pt{5, 10}}, 3, false, true},
		{Seg{Pt{5, 3}, Pt{5, 10}}, 3, true, false},
		{Seg{Pt{13, 4}, Pt{20, 4}}, 5, false, true}, // corner to corner 3-4-5
		{Seg{Pt{13, 4}, Pt{20, 4}}, 5, true, false},
		{Seg{Pt{5, -1}, Pt{5, 1}}, 0, true, false}, // crossing, strict zero
		{Seg{Pt{5, -1}, Pt{5, 1}}, 1, true, true},
	}
	for _, c := range cases {
		if got := SegsWithin(a, c.b, c.r, c.strict); got != c.want {
			t.Errorf("SegsWithin(%v, %d, strict=%v) = %v, want %v", c.b, c.r, c.strict, got, c.want)
		}
	}
}

func TestFracPastHalf(t *testing.T) {
	if (Frac{1, 2}).PastHalf() || !(Frac{500001, 1000000}).PastHalf() || (Frac{0, 1}).PastHalf() {
		t.Fatal("PastHalf wrong at 1/2, just past, or 0")
	}
	big := Frac{4000000000, 8000000001}
	if big.PastHalf() || big.Cmp(Frac{1, 2}) >= 0 {
		t.Fatal("large fraction just under a half compared wrong")
	}
}
