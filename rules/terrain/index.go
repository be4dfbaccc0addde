package terrain

import (
	"math"
	"sync"

	"hedgerow/rules/geom"
)

// Index is a map prepared for fast queries (built once; read-only after,
// so safe to share between goroutines).
//
// It keeps two uniform grids over the table: one of the pieces that can
// stop a line of sight (blocking and woods-like pieces), walked cell by
// cell along a sight line, and one of every piece, for point and base
// queries. A piece is listed in every cell its bounding box touches.
type Index struct {
	Map *Map

	orient []int       // per piece: its polygon's orientation (+1/-1; 0 for linear)
	bounds []geom.Rect // per piece: bounding box (linear pieces grown by half width)
	sight  grid        // pieces whose Sight is blocks or blocks-beyond
	all    grid        // every piece
	gaps   [][]doorGap // per piece: the gaps its doors leave (enterable buildings only)
	memo   *sightMemo  // Visible's remembered answers (visible.go)
}

// NewIndex prepares a map for queries. The map must not change afterwards.
func NewIndex(m *Map) *Index {
	ix := &Index{Map: m}
	n := len(m.Pieces)
	ix.orient = make([]int, n)
	ix.bounds = make([]geom.Rect, n)
	ext := geom.Rect{Max: geom.Pt{X: m.Width, Y: m.Height}}
	for i := range m.Pieces {
		p := &m.Pieces[i]
		if len(p.Poly) == 0 && len(p.Path) == 0 {
			ix.bounds[i] = geom.Rect{Min: geom.Pt{X: 1, Y: 1}, Max: geom.Pt{}} // empty: overlaps nothing
			continue
		}
		if len(p.Poly) > 0 {
			ix.orient[i] = p.Poly.Orientation()
		}
		b := p.Bounds()
		ix.bounds[i] = b
		ext.Min.X, ext.Min.Y = min(ext.Min.X, b.Min.X), min(ext.Min.Y, b.Min.Y)
		ext.Max.X, ext.Max.Y = max(ext.Max.X, b.Max.X), max(ext.Max.Y, b.Max.Y)
	}
	// About 32 cells along the longer side, never smaller than an inch.
	cs := max(int64(geom.PerInch), max(ext.Max.X-ext.Min.X, ext.Max.Y-ext.Min.Y)/32+1)
	ix.sight = newGrid(ext, cs, ix.bounds, func(i int) bool {
		s := m.Pieces[i].Props.Sight
		return s == SightBlocks || s == SightBlocksBeyond
	})
	ix.all = newGrid(ext, cs, ix.bounds, func(int) bool { return true })
	ix.gaps = buildGaps(m)
	ix.memo = &sightMemo{}
	return ix
}

// PieceBounds is piece id's bounding box as the index keeps it (Piece.Bounds:
// a linear piece's grown by half its width; a piece with neither outline
// nor line gets an empty box, Min past Max).
func (ix *Index) PieceBounds(id int) geom.Rect { return ix.bounds[id] }

// SharedIndex is NewIndex(m) built once per map: every game played on the
// same map (a player's next battle, the random player's thousands) asks
// the same index, so the grids are built once and the sight answers one
// game remembered serve the next (they depend on the map alone). The last
// few maps are kept. A map is told apart by its address, its size and its
// list of pieces (address and length): one that changed in place after a
// game was built on it would be taken for the old one, and no map does
// (State.Map is shared and never changed; a test that adds pieces appends
// them, which the length catches).
func SharedIndex(m *Map) *Index {
	k := indexKey{m: m, n: len(m.Pieces), w: m.Width, h: m.Height}
	if len(m.Pieces) > 0 {
		k.p0 = &m.Pieces[0]
	}
	sharedIx.mu.Lock()
	defer sharedIx.mu.Unlock()
	for _, e := range sharedIx.of {
		if e.k == k {
			return e.ix
		}
	}
	ix := NewIndex(m)
	if len(sharedIx.of) < sharedIndexes {
		sharedIx.of = append(sharedIx.of, sharedEntry{k, ix})
	} else {
		sharedIx.of[sharedIx.next] = sharedEntry{k, ix}
		sharedIx.next = (sharedIx.next + 1) % sharedIndexes
	}
	return ix
}

// sharedIndexes is how many maps' indexes SharedIndex keeps.
const sharedIndexes = 4

type indexKey struct {
	m    *Map
	p0   *Piece
	n    int
	w, h int64
}

type sharedEntry struct {
	k  indexKey
	ix *Index
}

var sharedIx struct {
	mu   sync.Mutex
	of   []sharedEntry
	next int
}

// grid is a uniform grid of piece lists in compressed form: the pieces of
// cell c are items[start[c]:start[c+1]], in increasing ID order.
type grid struct {
	min    geom.Pt
	cs     int64
	nx, ny int
	start  []int32
	items  []int32
}

func newGrid(ext geom.Rect, cs int64, bounds []geom.Rect, keep func(int) bool) grid {
	g := grid{min: ext.Min, cs: cs}
	g.nx = int((ext.Max.X-ext.Min.X)/cs) + 1
	g.ny = int((ext.Max.Y-ext.Min.Y)/cs) + 1
	count := make([]int32, g.nx*g.ny+1)
	each := func(fn func(c int, id int)) {
		for id, b := range bounds {
			if b.Min.X > b.Max.X || !keep(id) {
				continue
			}
			x0, y0 := g.cell(b.Min)
			x1, y1 := g.cell(b.Max)
			for y := y0; y <= y1; y++ {
				for x := x0; x <= x1; x++ {
					fn(y*g.nx+x, id)
				}
			}
		}
	}
	each(func(c, _ int) { count[c+1]++ })
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	g.start = count
	g.items = make([]int32, count[len(count)-1])
	fill := make([]int32, g.nx*g.ny)
	copy(fill, count)
	each(func(c, id int) { g.items[fill[c]] = int32(id); fill[c]++ })
	return g
}

// cell returns the (clamped) cell holding p.
func (g *grid) cell(p geom.Pt) (int, int) {
	return g.clampX((p.X - g.min.X) / g.cs), g.clampY((p.Y - g.min.Y) / g.cs)
}

func (g *grid) clampX(v int64) int {
	if v < 0 {
		return 0
	}
	if v >= int64(g.nx) {
		return g.nx - 1
	}
	return int(v)
}

func (g *grid) clampY(v int64) int {
	if v < 0 {
		return 0
	}
	if v >= int64(g.ny) {
		return g.ny - 1
	}
	return int(v)
}

func (g *grid) at(x, y int) []int32 {
	c := y*g.nx + x
	return g.items[g.start[c]:g.start[c+1]]
}

// pointCell lists the pieces whose bounding box may hold p.
func (g *grid) pointCell(p geom.Pt) []int32 {
	x, y := g.cell(p)
	return g.at(x, y)
}

// seen is a small set of piece IDs on the stack; maps with more pieces
// than it holds simply test a piece once per cell (the answers are the
// same, only slower).
type seen [16]uint64

// first reports whether id has not been seen yet, and marks it.
func (s *seen) first(id int32) bool {
	if int(id) >= len(s)*64 {
		return true
	}
	w, b := id>>6, uint64(1)<<(id&63)
	if s[w]&b != 0 {
		return false
	}
	s[w] |= b
	return true
}

// segCells calls fn for every cell a segment passes through (every cell
// holding a point of it, cells being closed below and open above as cell
// rounds). fn returns false to stop; segCells then returns false.
//
// Each column's span of rows is found exactly, in integers: the rows of
// the segment's lowest and highest points within the column, no wider
// (the old float walk widened every column by a row each side to be safe,
// three times the cells for a flat line). Tables too large for the exact
// products fall back to that wider walk.
func (g *grid) segCells(a, b geom.Pt, fn func(cell []int32) bool) bool {
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

// segCellsWide is the float walk, a superset of segCells' cells (each
// column's span widened by a cell both sides, so rounding in the slope
// cannot lose a cell), for segments too long for exact products.
func (g *grid) segCellsWide(a, b geom.Pt, fn func(cell []int32) bool) bool {
	if a.X > b.X {
		a, b = b, a
	}
	x0, _ := g.cell(a)
	x1, _ := g.cell(b)
	dx, dy := b.X-a.X, b.Y-a.Y
	for cx := x0; cx <= x1; cx++ {
		lo := max(a.X, g.min.X+int64(cx)*g.cs)
		hi := min(b.X, g.min.X+int64(cx+1)*g.cs)
		if cx == 0 {
			lo = a.X
		}
		if cx == g.nx-1 {
			hi = b.X
		}
		var ylo, yhi int64
		if dx == 0 {
			ylo, yhi = min(a.Y, b.Y), max(a.Y, b.Y)
		} else {
			k := float64(dy) / float64(dx)
			y0 := float64(a.Y) + float64(float64(lo-a.X)*k) // no fused multiply-add
			y1 := float64(a.Y) + float64(float64(hi-a.X)*k)
			ylo, yhi = int64(math.Floor(min(y0, y1))), int64(math.Ceil(max(y0, y1)))
		}
		cy0 := g.clampY(gridFloorDiv(ylo-g.min.Y, g.cs) - 1)
		cy1 := g.clampY(gridFloorDiv(yhi-g.min.Y, g.cs) + 1)
		for cy := cy0; cy <= cy1; cy++ {
			if !fn(g.at(cx, cy)) {
				return false
			}
		}
	}
	return true
}

func gridFloorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) {
		q--
	}
	return q
}

// segBoxMiss reports whether segment s certainly misses box r: their
// bounding boxes are apart, or every corner of r is strictly on one side of
// the line through s. Exact.
func segBoxMiss(s geom.Seg, r geom.Rect) bool {
	if max(s.A.X, s.B.X) < r.Min.X || min(s.A.X, s.B.X) > r.Max.X ||
		max(s.A.Y, s.B.Y) < r.Min.Y || min(s.A.Y, s.B.Y) > r.Max.Y {
		return true
	}
	o1 := geom.Orient(s.A, s.B, r.Min)
	o2 := geom.Orient(s.A, s.B, r.Max)
	o3 := geom.Orient(s.A, s.B, geom.Pt{X: r.Min.X, Y: r.Max.Y})
	o4 := geom.Orient(s.A, s.B, geom.Pt{X: r.Max.X, Y: r.Min.Y})
	return (o1 > 0 && o2 > 0 && o3 > 0 && o4 > 0) || (o1 < 0 && o2 < 0 && o3 < 0 && o4 < 0)
}
