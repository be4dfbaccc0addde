package terrain

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules/geom"
)

// TestClearMatchesReference compares the fast sight test with the exact
// brute-force reference on generated maps full of lines through corners
// and along edges. Any disagreement is a wrong ruling at the table.
func TestClearMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	queries, rays := 0, 0
	blocked := 0
	throughVertex, alongEdge := 0, 0
	maps := 500
	per := 200
	if testing.Short() {
		maps = 50
	}
	for mi := 0; mi < maps; mi++ {
		snap := []int64{250, 500, 1000, 1}[mi%4]
		m := genMap(rng, 12+rng.IntN(10), 24000, 24000, snap, 5000)
		ix := NewIndex(m)
		for q := 0; q < per; q++ {
			a, b := genPoint(rng, m, snap), genPoint(rng, m, snap)
			switch q % 5 {
			case 0: // through a corner: b is beyond corner v as seen from a
				v := genCorner(rng, m)
				k := int64(2 + rng.IntN(2))
				b = geom.Pt{X: a.X + (v.X-a.X)*k, Y: a.Y + (v.Y-a.Y)*k}
			case 1: // along an edge, starting and ending beyond, on or inside it
				u, w := genEdge(rng, m)
				k0, k1 := []int64{-2, -1, 0, 1}[rng.IntN(4)], []int64{0, 1, 2, 3}[rng.IntN(4)]
				a = geom.Pt{X: u.X + (w.X-u.X)*k0/2, Y: u.Y + (w.Y-u.Y)*k0/2}
				b = geom.Pt{X: u.X + (w.X-u.X)*k1/2, Y: u.Y + (w.Y-u.Y)*k1/2}
			}
			ea, eb := refElevation(m, a), refElevation(m, b)
			if got := ix.Elevation(a); got != ea {
				t.Fatalf("map %d: elevation at %v = %d, reference %d", mi, a, got, ea)
			}
			want := !refStopped(m, geom.Seg{A: a, B: b}, b, ea, eb, false)
			if want == false {
				blocked++
			}
			if got := ix.Clear(a, b); got != want {
				t.Fatalf("map %d (snap %d): Clear(%v,%v) = %v, reference %v\npieces: %+v", mi, snap, a, b, got, want, m.Pieces)
			}
			queries++
			v, e := degenerate(m, geom.Seg{A: a, B: b})
			throughVertex += v
			alongEdge += e
			if q%16 == 0 {
				// The rays of LineOfSight, with and without the
				// nearer-the-target rule.
				tg := geom.Circle{C: b, R: 250 + rng.Int64N(400)}
				near := q%32 == 0
				res := ix.LineOfSight(a, tg, LOSOptions{IgnoreNearFirer: near})
				var pts [32]geom.Pt
				// Visible counts every piece; Whole, under the rule,
				// only pieces nearer the target.
				vis, whole := 0, 0
				rp := rayTargets(a, tg, 9, pts[:0])
				for _, p := range rp {
					if !refStopped(m, geom.Seg{A: a, B: p}, b, ea, eb, false) {
						vis++
					}
					if !refStopped(m, geom.Seg{A: a, B: p}, b, ea, eb, near) {
						whole++
					}
					rays++
				}
				if res.Visible != vis || res.Whole != whole || res.Rays != len(rp) {
					t.Fatalf("map %d: LineOfSight(%v,%v,near=%v) sees %d/%d rays (%d whole), reference %d/%d (%d)", mi, a, tg, near, res.Visible, res.Rays, res.Whole, vis, len(rp), whole)
				}
			}
		}
	}
	if queries < 10000 || blocked == 0 || blocked == queries || throughVertex < queries/10 || alongEdge < queries/100 {
		t.Fatalf("test did not exercise the hard cases: %d queries, %d blocked, %d through a corner, %d along an edge",
			queries, blocked, throughVertex, alongEdge)
	}
	t.Logf("%d Clear queries (%d blocked, %d through a corner, %d along an edge) and %d rays agree with the reference",
		queries, blocked, throughVertex, alongEdge, rays)
}

// degenerate reports whether s passes through some corner of a piece
// (not at its own ends) and whether it runs along some edge.
func degenerate(m *Map, s geom.Seg) (vertex, edge int) {
	for i := range m.Pieces {
		pts := []geom.Pt(m.Pieces[i].Poly)
		if len(pts) == 0 {
			pts = m.Pieces[i].Path
		}
		for j, v := range pts {
			if v != s.A && v != s.B && s.Contains(v) {
				vertex = 1
			}
			w := pts[(j+1)%len(pts)]
			if geom.Orient(s.A, s.B, v) == 0 && geom.Orient(s.A, s.B, w) == 0 && v != w &&
				geom.SegmentsIntersect(s, geom.Seg{A: v, B: w}) && s.A != s.B {
				edge = 1
			}
		}
	}
	return vertex, edge
}

func genCorner(rng *rand.Rand, m *Map) geom.Pt {
	u, _ := genEdge(rng, m)
	return u
}

func genEdge(rng *rand.Rand, m *Map) (geom.Pt, geom.Pt) {
	p := &m.Pieces[rng.IntN(len(m.Pieces))]
	pts := []geom.Pt(p.Poly)
	if len(pts) == 0 {
		i := rng.IntN(len(p.Path) - 1)
		return p.Path[i], p.Path[i+1]
	}
	i := rng.IntN(len(pts))
	return pts[i], pts[(i+1)%len(pts)]
}
