package terrain

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules/geom"
)

// segCellsDiv is the walk colWalk replaced (four divisions a column): the
// reference for the cells it must visit.
func (g *grid) segCellsDiv(a, b geom.Pt, fn func(cell []int32) bool) bool {
	if a.X > b.X {
		a, b = b, a
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	if dx > 1<<31 || dy > 1<<31 || dy < -(1<<31) {
		return g.segCellsWide(a, b, fn)
	}
	x0, _ := g.cell(a)
	x1, _ := g.cell(b)
	for cx := x0; cx <= x1; cx++ {
		lo := max(a.X, g.min.X+int64(cx)*g.cs)
		hi := min(b.X, g.min.X+int64(cx+1)*g.cs)
		if cx == x0 {
			lo = a.X
		}
		if cx == x1 {
			hi = b.X
		}
		var ylo, yhi int64
		if dx == 0 {
			ylo, yhi = min(a.Y, b.Y), max(a.Y, b.Y)
		} else {
			// y(x) = a.Y + dy*(x-a.X)/dx, floored; x-a.X and |dy| are
			// below 2^31 here, so the products fit
			y0 := a.Y + gridFloorDiv(dy*(lo-a.X), dx)
			y1 := a.Y + gridFloorDiv(dy*(hi-a.X), dx)
			ylo, yhi = min(y0, y1), max(y0, y1)
		}
		cy0 := g.clampY(gridFloorDiv(ylo-g.min.Y, g.cs))
		cy1 := g.clampY(gridFloorDiv(yhi-g.min.Y, g.cs))
		for cy := cy0; cy <= cy1; cy++ {
			if !fn(g.at(cx, cy)) {
				return false
			}
		}
	}
	return true
}

// colWalk visits exactly the cells of the division walk, in its order,
// on lines through cell corners, along cell lines, off the table and
// upright or flat; segments too long for its products are left to the
// wide walk.
func TestColWalkMatchesDivision(t *testing.T) {
	ix, _ := benchTable()
	g0 := ix.all
	g := &g0
	n := g.nx * g.ny
	g.start = make([]int32, n+1)
	g.items = make([]int32, n)
	for i := range g.items {
		g.items[i] = int32(i)
		g.start[i+1] = int32(i + 1)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	skipped := 0
	defer func() {
		if skipped > 150000 {
			t.Errorf("%d segments left to the wide walk", skipped)
		}
	}()
	for i := 0; i < 300000; i++ {
		span := []int64{100, 5000, 80000, 1 << 29, 1 << 31, 1 << 33}[rng.IntN(6)]
		pt := func() geom.Pt {
			switch rng.IntN(4) {
			case 0:
				return geom.Pt{X: g.min.X + int64(rng.IntN(g.nx+3)-1)*g.cs, Y: g.min.Y + int64(rng.IntN(g.ny+3)-1)*g.cs}
			case 1:
				return geom.Pt{X: g.min.X + int64(rng.IntN(g.nx+1))*g.cs + rng.Int64N(3) - 1, Y: rng.Int64N(2*span) - span/2}
			}
			return geom.Pt{X: rng.Int64N(2*span) - span/2, Y: rng.Int64N(2*span) - span/2}
		}
		a, b := pt(), pt()
		switch i % 7 {
		case 0:
			b.X = a.X
		case 1:
			b.Y = a.Y
		case 2:
			b = geom.Pt{X: a.X + rng.Int64N(5000) - 2500, Y: a.Y + rng.Int64N(5000) - 2500}
		}
		var w colWalk
		if !w.init(g, a, b) {
			skipped++
			continue
		}
		var x, y []int32
		g.segCells(a, b, func(c []int32) bool { x = append(x, c[0]); return true })
		g.segCellsDiv(a, b, func(c []int32) bool { y = append(y, c[0]); return true })
		if len(x) != len(y) {
			t.Fatalf("%v %v: %d cells, old %d", a, b, len(x), len(y))
		}
		for k := range x {
			if x[k] != y[k] {
				t.Fatalf("%v %v: cell %d differs", a, b, k)
			}
		}
	}
}
