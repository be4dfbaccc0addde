package terrain

import (
	"math/rand/v2"
	"testing"

	"github.com/solarlune/resolv"

	"hedgerow/rules/geom"
)

// exactBoundaryMeets is what resolv's circle-convex test claims to answer:
// does the circle's outline meet the polygon's outline? (A base wholly
// inside a polygon does not.) Exact.
func exactBoundaryMeets(p geom.Polygon, c geom.Circle) bool {
	for i := range p {
		e := p.Edge(i)
		if geom.SegWithin(e, c.C, c.R, false) && (geom.Dist2(c.C, e.A) >= c.R*c.R || geom.Dist2(c.C, e.B) >= c.R*c.R) {
			return true
		}
	}
	return false
}

func toResolv(p geom.Polygon, scale float64) *resolv.ConvexPolygon {
	var pts []float64
	for _, q := range p {
		pts = append(pts, float64(q.X)/scale, float64(q.Y)/scale)
	}
	return resolv.NewConvexPolygon(0, 0, pts)
}

// TestResolvCircleConvexAtOurScale measures resolv's circle-against-convex
// test against the exact answer, at 1 unit = 1 inch and at our native
// 1 unit = 1/1000 inch, separately for bases exactly touching an edge or a
// corner and for the rest. It requires resolv to be right on every case at
// our scale (that is what Slide leans on) and logs the inch-scale figures.
func TestResolvCircleConvexAtOurScale(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	type tally struct{ n, wrong int }
	// Keyed by the divisor: 1 is our native unit, 1000 is inches.
	res := map[float64]*[2]tally{1000: {}, 1: {}}
	for i := 0; i < 20000; i++ {
		// Axis-aligned and slanted convex quads on a 1/1000" grid.
		x, y := rng.Int64N(40000), rng.Int64N(40000)
		w, h := 500+rng.Int64N(4000), 500+rng.Int64N(4000)
		sl := rng.Int64N(2000)
		poly := geom.Polygon{{X: x, Y: y}, {X: x + w, Y: y + sl}, {X: x + w, Y: y + h + sl}, {X: x, Y: y + h}}
		r := 250 + rng.Int64N(500)
		var c geom.Circle
		touching := i%2 == 0
		if touching {
			// Exactly touching the left edge from outside, or a corner
			// along a 3-4-5 line.
			if rng.IntN(2) == 0 {
				c = geom.Circle{C: geom.Pt{X: x - r, Y: y + rng.Int64N(h+1)}, R: r}
			} else {
				k := r / 5
				c = geom.Circle{C: geom.Pt{X: x - 3*k, Y: y - 4*k}, R: 5 * k}
			}
		} else {
			c = geom.Circle{C: geom.Pt{X: x - 2000 + rng.Int64N(w+4000), Y: y - 2000 + rng.Int64N(h+4000)}, R: r}
		}
		want := exactBoundaryMeets(poly, c)
		for scale, tl := range res {
			rc := resolv.NewCircle(float64(c.C.X)/scale, float64(c.C.Y)/scale, float64(c.R)/scale)
			got := rc.IsIntersecting(toResolv(poly, scale))
			k := 1
			if touching {
				k = 0
			}
			tl[k].n++
			if got != want {
				tl[k].wrong++
			}
		}
	}
	for _, scale := range []float64{1000, 1} {
		tl := res[scale]
		t.Logf("1 unit = %g/1000 inch: touching cases %d wrong of %d; other cases %d wrong of %d",
			scale, tl[0].wrong, tl[0].n, tl[1].wrong, tl[1].n)
	}
	if w := res[1][1].wrong + res[1][0].wrong; w != 0 {
		t.Errorf("resolv is wrong on %d circle/polygon cases at our scale", w)
	}
}

// TestSlideAlwaysStandable drags figures all over a crowded table: Slide
// must only ever answer a place where the base can stand (the exact test),
// and must rescue drops that just clip a building or a wall.
func TestSlideAlwaysStandable(t *testing.T) {
	ix, _ := benchTable()
	rng := rand.New(rand.NewPCG(1, 4))
	rescued, refused, direct := 0, 0, 0
	for i := 0; i < 5000; i++ {
		from := geom.Circle{C: geom.Pt{X: 1000 + rng.Int64N(ix.Map.Width-2000), Y: 1000 + rng.Int64N(ix.Map.Height-2000)}, R: 500}
		if ok, _ := ix.CanStand(from); !ok {
			continue
		}
		to := geom.Pt{X: from.C.X + rng.Int64N(6001) - 3000, Y: from.C.Y + rng.Int64N(6001) - 3000}
		got := ix.Slide(from, to)
		if ok, why := ix.CanStand(geom.Circle{C: got, R: 500}); !ok {
			t.Fatalf("Slide(%v -> %v) = %v, where the base cannot stand (%s)", from.C, to, got, why)
		}
		switch got {
		case to:
			direct++
		case from.C:
			refused++
		default:
			rescued++
		}
	}
	if rescued == 0 || direct == 0 {
		t.Fatalf("drags: %d direct, %d slid clear, %d refused: the test did not exercise sliding", direct, rescued, refused)
	}
	t.Logf("drags: %d direct, %d slid clear by resolv, %d refused", direct, rescued, refused)
}

func TestSlideAlongFarmhouse(t *testing.T) {
	ix := testTable()
	got := ix.Slide(base(27, 7), geom.P(30.2, 7))
	if got.X > geom.In(29.5) || got.X < geom.In(29.49) || got.Y != geom.In(7) {
		t.Errorf("dropped 0.7\" into the farmhouse wall: slid to %v, want just left of (29.5,7)", got)
	}
	// Dropped deep inside, resolv sees no outline crossing: stays put.
	if got := ix.Slide(base(27, 7), geom.P(32, 7)); got != geom.P(27, 7) {
		t.Errorf("dropped inside the farmhouse: %v, want it to stay at (27,7)", got)
	}
}

func BenchmarkResolvCircleConvex(b *testing.B) {
	poly := geom.Polygon{{X: 30000, Y: 5000}, {X: 34000, Y: 5000}, {X: 34000, Y: 9000}, {X: 30000, Y: 9000}}
	rp := toResolv(poly, 1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c := resolv.NewCircle(float64(29000+i%2000), 7000, 500)
		c.IsIntersecting(rp)
	}
}

func BenchmarkExactCircleConvex(b *testing.B) {
	poly := geom.Polygon{{X: 30000, Y: 5000}, {X: 34000, Y: 5000}, {X: 34000, Y: 9000}, {X: 30000, Y: 9000}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		poly.CircleOverlaps(geom.Circle{C: geom.Pt{X: int64(29000 + i%2000), Y: 7000}, R: 500})
	}
}

func BenchmarkCanStand(b *testing.B) {
	ix, figs := benchTable()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ix.CanStand(geom.Circle{C: figs[i%len(figs)], R: 500})
	}
}
