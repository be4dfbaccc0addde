package terrain

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"hedgerow/rules/geom"
)

// Visible is exactly "LineOfSight is not Blocked", flat and in three
// dimensions, with any ray count, on a generated table full of corners.
func TestVisibleAgreesWithLineOfSight(t *testing.T) {
	ix, figs := benchTable()
	mix := NewIndex(ix.Map) // remembering
	opts := []LOSOptions{{}, {Rays: 5}, {Rays: 4}, {Rays: 1}, {IgnoreNearFirer: true}, {FigureHeight: ManHeight}, {FigureHeight: ManHeight, TargetHeight: 400, Rays: 3}, {WoodsHinderFromHeight: true}, {WoodsHinderFromHeight: true, IgnoreNearFirer: true}}
	seen, blocked := 0, 0
	for _, p := range allPairs(len(figs)) {
		for _, o := range opts {
			for _, r := range []int64{1, 500} {
				tg := geom.Circle{C: figs[p.b], R: r}
				full := ix.LineOfSight(figs[p.a], tg, o)
				want := full.Vis != Blocked
				if got := ix.Visible(figs[p.a], tg, o); got != want {
					t.Fatalf("Visible(%v, %v, %+v) = %v, LineOfSight says %v", figs[p.a], tg, o, got, want)
				}
				for try := 0; try < 2; try++ { // worked out, then remembered
					if got := mix.Visible(figs[p.a], tg, o); got != want {
						t.Fatalf("remembering Visible(%v, %v, %+v) = %v, LineOfSight says %v (try %d)", figs[p.a], tg, o, got, want, try)
					}
					if mix.Clear(figs[p.a], figs[p.b]) != ix.Clear(figs[p.a], figs[p.b]) {
						t.Fatalf("remembering Clear(%v, %v) differs", figs[p.a], figs[p.b])
					}
					got := mix.LineOfSight(figs[p.a], tg, o)
					if !reflect.DeepEqual(got, full) {
						t.Fatalf("remembering LineOfSight(%v, %v, %+v) = %+v, afresh %+v (try %d)", figs[p.a], tg, o, got, full, try)
					}
					if len(got.Crossings) > 0 {
						got.Crossings[0].Piece = -7 // the caller's own copy
					}
				}
				if want {
					seen++
				} else {
					blocked++
				}
			}
		}
	}
	if seen == 0 || blocked == 0 {
		t.Fatalf("degenerate table: %d seen, %d blocked", seen, blocked)
	}
}

func TestVisibleAllocatesNothing(t *testing.T) {
	ix, figs := benchTable()
	n := testing.AllocsPerRun(100, func() {
		ix.Visible(figs[0], geom.Circle{C: figs[1], R: 500}, LOSOptions{})
		ix.Visible(figs[2], geom.Circle{C: figs[3], R: 500}, LOSOptions{FigureHeight: ManHeight})
	})
	if n != 0 {
		t.Fatalf("Visible allocates %v times", n)
	}
}

// segCells visits every cell holding a piece whose box the segment meets
// (exact segment-box test), including segments along cell lines, through
// cell corners and off the table; and no more cells than the wide walk.
func TestSegCellsCoverBoxes(t *testing.T) {
	ix, _ := benchTable()
	g := &ix.all
	rng := rand.New(rand.NewPCG(9, 9))
	pt := func() geom.Pt {
		switch rng.IntN(4) {
		case 0: // on a cell corner
			return geom.Pt{X: g.min.X + int64(rng.IntN(g.nx+1))*g.cs, Y: g.min.Y + int64(rng.IntN(g.ny+1))*g.cs}
		case 1: // on a cell line
			return geom.Pt{X: g.min.X + int64(rng.IntN(g.nx+1))*g.cs, Y: rng.Int64N(ix.Map.Height+2000) - 1000}
		default:
			return geom.Pt{X: rng.Int64N(ix.Map.Width+2000) - 1000, Y: rng.Int64N(ix.Map.Height+2000) - 1000}
		}
	}
	for i := 0; i < 20000; i++ {
		a, b := pt(), pt()
		switch i % 7 {
		case 0:
			b.X = a.X
		case 1:
			b.Y = a.Y
		}
		var got, wide seen
		ng, nw := 0, 0
		g.segCells(a, b, func(c []int32) bool {
			ng++
			for _, id := range c {
				got.first(id)
			}
			return true
		})
		g.segCellsWide(a, b, func(c []int32) bool {
			nw++
			for _, id := range c {
				wide.first(id)
			}
			return true
		})
		if ng > nw {
			t.Fatalf("%v-%v: %d cells, more than the wide walk's %d", a, b, ng, nw)
		}
		s := geom.Seg{A: a, B: b}
		for id, r := range ix.bounds {
			if r.Min.X > r.Max.X || segBoxMiss(s, r) {
				continue
			}
			w, bit := id>>6, uint64(1)<<(id&63)
			if got[w]&bit == 0 {
				t.Fatalf("%v-%v meets piece %d's box %v but no visited cell lists it", a, b, id, r)
			}
		}
	}
}

// BenchmarkVisible is the visibility-only query for every pair of the
// benchmark table's 100 figures, cycling, with answers remembered (the
// memo holds 4,096 of the 4,950 pairs, so many are worked out again).
func BenchmarkVisible(b *testing.B) {
	ix, figs := benchTable()
	ix = NewIndex(ix.Map) // remembering answers, as in play
	ps := allPairs(len(figs))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := ps[i%len(ps)]
		i++
		ix.Visible(figs[p.a], geom.Circle{C: figs[p.b], R: 500}, LOSOptions{})
	}
}

// BenchmarkVisibleFresh is the same query worked out afresh every time
// (nothing remembered): the cost of one visibility answer.
func BenchmarkVisibleFresh(b *testing.B) {
	ix, figs := benchTable()
	ps := allPairs(len(figs))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := ps[i%len(ps)]
		i++
		ix.visible(figs[p.a], geom.Circle{C: figs[p.b], R: 500}, LOSOptions{}, 9)
	}
}
