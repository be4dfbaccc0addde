package terrain

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules/geom"
)

// benchTable is a generated 72"x48" table with 300 pieces and 100 figures,
// its index remembering no sight answers.
func benchTable() (*Index, []geom.Pt) {
	rng := rand.New(rand.NewPCG(3, 5))
	m := genMap(rng, 300, geom.In(72), geom.In(48), 1, 2500)
	ix := NewIndex(m)
	ix.memo = nil // nothing remembered: the benchmarks time the work itself
	figs := make([]geom.Pt, 100)
	for i := range figs {
		figs[i] = geom.Pt{X: rng.Int64N(m.Width), Y: rng.Int64N(m.Height)}
	}
	return ix, figs
}

type pair struct{ a, b int }

func allPairs(n int) []pair {
	var ps []pair
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			ps = append(ps, pair{i, j})
		}
	}
	return ps
}

// BenchmarkLineOfSight is one centre-to-centre sight test (Clear) per
// iteration, cycling through all 4,950 pairs of 100 figures.
func BenchmarkLineOfSight(b *testing.B) {
	ix, figs := benchTable()
	ps := allPairs(len(figs))
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		if ix.Clear(figs[p.a], figs[p.b]) {
			n++
		}
	}
	_ = n
}

// naiveClear tests every edge of every piece, with no grid and no
// bounding boxes: the baseline the index is measured against.
func naiveClear(ix *Index, a, b geom.Pt) bool {
	s := geom.Seg{A: a, B: b}
	ea, eb := ix.Elevation(a), ix.Elevation(b)
	for id := range ix.Map.Pieces {
		pc := &ix.Map.Pieces[id]
		if overlooked(pc.Props.Height, ea, eb) {
			continue
		}
		switch {
		case pc.Props.Sight == SightBlocks && len(pc.Poly) > 0:
			if pc.Poly.PointIn(a) > 0 || pc.Poly.PointIn(b) > 0 {
				continue
			}
			if pc.Poly.SegEntersInterior(s, ix.orient[id]) {
				return false
			}
		case pc.Props.Sight == SightBlocks && len(pc.Path) > 1:
			var buf [8]geom.Frac
			if len(geom.PolylineCrossings(pc.Path, s, buf[:0])) > 0 {
				return false
			}
		case pc.Props.Sight == SightBlocksBeyond && len(pc.Poly) > 0:
			var buf [16]geom.Contact
			cs := pc.Poly.SegContacts(s, ix.orient[id], buf[:0])
			if deeperThan(cs, len(cs) == 0 && pc.Poly.PointIn(a) > 0, s, pc.Props.SightDepth) {
				return false
			}
		}
	}
	return true
}

// BenchmarkLineOfSightNaive is the same workload testing every edge of
// every piece.
func BenchmarkLineOfSightNaive(b *testing.B) {
	ix, figs := benchTable()
	ps := allPairs(len(figs))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		naiveClear(ix, figs[p.a], figs[p.b])
	}
}

// BenchmarkLineOfSightFull is the whole LineOfSight answer (9 rays, the
// centre line's crossings and cover) for the same pairs.
func BenchmarkLineOfSightFull(b *testing.B) {
	ix, figs := benchTable()
	ps := allPairs(len(figs))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		ix.LineOfSight(figs[p.a], geom.Circle{C: figs[p.b], R: 500}, LOSOptions{})
	}
}

// TestNaiveAgrees keeps the naive benchmark honest: it must give the same
// answers as the indexed test.
func TestNaiveAgrees(t *testing.T) {
	ix, figs := benchTable()
	clear := 0
	for _, p := range allPairs(len(figs)) {
		a, b := figs[p.a], figs[p.b]
		got := ix.Clear(a, b)
		if got != naiveClear(ix, a, b) {
			t.Fatalf("Clear(%v,%v) = %v but the naive test disagrees", a, b, got)
		}
		if got {
			clear++
		}
	}
	if clear == 0 || clear == 4950 {
		t.Fatalf("benchmark table is degenerate: %d of 4950 lines clear", clear)
	}
	t.Logf("%d of 4950 lines clear", clear)
}
