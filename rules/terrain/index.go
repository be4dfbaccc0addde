package terrain

import (
	"cmp"
	"math"
	"slices"
	"sync"

	"hedgerow/rules/geom"
)

// Index is a map prepared for fast queries (built once; read-only after,
// so safe to share between goroutines).
//
// It keeps three uniform grids over the table, all with the same cells:
// one of the pieces that can stop a line of sight (blocking and
// woods-like pieces), walked cell by cell along a sight line, one of the
// hills (for a figure's eye height) and one of every piece, for point and
// base queries. A piece is listed in every cell its bounding box touches.
type Index struct {
	Map *Map

	orient []int        // per piece: its polygon's orientation (+1/-1; 0 for linear)
	bounds []geom.Rect  // per piece: bounding box (linear pieces grown by half width)
	sp     []sightPiece // per piece: what the sight walk reads, packed (los.go)
	sight  grid         // pieces whose Sight is blocks or blocks-beyond
	hills  grid         // pieces a figure stands on to see from a height (isHill)
	all    grid         // every piece
	gaps   [][]doorGap  // per piece: the gaps its doors leave (enterable buildings only)
	memo   *sightMemo   // Visible's remembered answers (visible.go)
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
	ix.hills = newGrid(ext, cs, ix.bounds, func(i int) bool { return isHill(&m.Pieces[i]) })
	ix.all = newGrid(ext, cs, ix.bounds, func(int) bool { return true })
	ix.sp = make([]sightPiece, n)
	for i := range m.Pieces {
		ix.sp[i] = newSightPiece(&m.Pieces[i], ix.bounds[i])
	}
	// Within each cell of the sight grid, the pieces whose exact test is
	// cheapest come first (lines, then areas, then woods; by ID within
	// each): a line is stopped when any piece stops it, so the order
	// changes only how soon the walk finds one. Only stoppedBy reads this
	// grid.
	for c := 0; c+1 < len(ix.sight.start); c++ {
		slices.SortFunc(ix.sight.items[ix.sight.start[c]:ix.sight.start[c+1]], func(a, b int32) int {
			return cmp.Or(cmp.Compare(testCost[ix.sp[a].test], testCost[ix.sp[b].test]), cmp.Compare(a, b))
		})
	}
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
// cell c are items[start[c]:start[c+1]], in increasing ID order. Cells are
// numbered column by column (c = x*ny + y), so the lists of a run of rows
// in one column lie end to end: the sight walk reads a column's cells as
// one stretch of items.
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
					fn(x*g.ny+y, id)
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
	c := x*g.ny + y
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
// Each column's span of rows is found exactly, in integers (colWalk): the
// rows of the segment's lowest and highest points within the column, no
// wider (the old float walk widened every column by a row each side to be
// safe, three times the cells for a flat line). Segments too long or too
// far off the table for the exact products fall back to that wider walk.
func (g *grid) segCells(a, b geom.Pt, fn func(cell []int32) bool) bool {
	var w colWalk
	if !w.init(g, a, b) {
		return g.segCellsWide(a, b, fn)
	}
	for {
		cx, cy0, cy1, ok := w.next()
		if !ok {
			return true
		}
		for cy := cy0; cy <= cy1; cy++ {
			if !fn(g.at(cx, cy)) {
				return false
			}
		}
	}
}

// colWalk yields the cells of segCells a column at a time (left to right,
// each column's rows low to high), with no callback: a caller may keep its
// loop over the rows and their pieces inline (the sight walk does).
//
// The line's row at x is floor(N(x) / D), with N(x) = (a.Y-min.Y)*dx +
// dy*(x-a.X) and D = dx*cs (a being the left end): floor((floor(y(x)) -
// min.Y) / cs), the two floors merged into one (exact: flooring a
// quotient and then dividing by a positive integer and flooring again is
// one floor division by the product). A column starts on the row the one
// before it ended on, and its last row is reached by whole-row steps on N
// compared with multiples of D, so a column costs no division unless the
// line climbs more than a row in it.
type colWalk struct {
	g        *grid
	ax, bx   int64 // the left and right ends' X
	dy       int64 // b.Y - a.Y, left end to right
	n0, d    int64 // N(a.X) and D; d is 0 for a vertical segment
	r, base  int64 // the unclamped row reached so far, and r*D
	cx, x1   int   // the next column and the last
	vlo, vhi int   // a vertical segment's rows (d == 0)
}

// walkLimit bounds dx, |dy|, the left end's height above the grid and the
// cell size so that every product colWalk forms stays below 2^62.
const walkLimit = 1 << 30

// init starts the walk along a->b. It reports false, walking nothing,
// when the segment is too long or too far off the grid for the exact
// products to fit in 64 bits (see walkLimit).
func (w *colWalk) init(g *grid, a, b geom.Pt) bool {
	if a.X > b.X {
		a, b = b, a
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	ay := a.Y - g.min.Y
	if dx >= walkLimit || dy >= walkLimit || dy <= -walkLimit || ay >= walkLimit || ay <= -walkLimit || g.cs >= 2*walkLimit {
		return false
	}
	x0 := g.clampX((a.X - g.min.X) / g.cs) // as cell, without the row
	x1 := g.clampX((b.X - g.min.X) / g.cs)
	*w = colWalk{g: g, ax: a.X, bx: b.X, dy: dy, cx: x0, x1: x1}
	if dx == 0 {
		w.vlo = g.clampY(gridFloorDiv(min(a.Y, b.Y)-g.min.Y, g.cs))
		w.vhi = g.clampY(gridFloorDiv(max(a.Y, b.Y)-g.min.Y, g.cs))
		return true
	}
	w.d = dx * g.cs
	w.n0 = ay * dx
	w.r = gridFloorDiv(ay, g.cs) // = floor(n0 / d)
	w.base = w.r * w.d
	return true
}

// next returns the next column and its rows (clamped to the grid, low to
// high); ok is false when the walk is done.
func (w *colWalk) next() (cx, cy0, cy1 int, ok bool) {
	if w.cx > w.x1 {
		return 0, 0, 0, false
	}
	cx = w.cx
	w.cx++
	g := w.g
	if w.d == 0 {
		return cx, w.vlo, w.vhi, true
	}
	hi := w.bx
	if cx != w.x1 {
		hi = min(hi, g.min.X+int64(cx+1)*g.cs)
	}
	n := w.n0 + w.dy*(hi-w.ax)
	r0 := w.r
	switch {
	case n-w.base >= w.d: // climbed a row or more
		if n-w.base < 2*w.d {
			w.r++
			w.base += w.d
		} else {
			w.r = gridFloorDiv(n, w.d)
			w.base = w.r * w.d
		}
	case n < w.base: // fell a row or more
		if w.base-n <= w.d {
			w.r--
			w.base -= w.d
		} else {
			w.r = gridFloorDiv(n, w.d)
			w.base = w.r * w.d
		}
	}
	lo, up := min(r0, w.r), max(r0, w.r)
	return cx, g.clampY(lo), g.clampY(up), true
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

// gridCeilDiv is a/b rounded up (b > 0).
func gridCeilDiv(a, b int64) int64 { return -gridFloorDiv(-a, b) }

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
