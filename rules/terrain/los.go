package terrain

import (
	"math"
	"math/big"

	"hedgerow/rules/geom"
)

// Line of sight model (see the README section "Line of sight and measured
// figures"):
//
//   - Blocking area pieces (buildings, hills) stop a line that enters their
//     interior. Touching the outline does not: grazing a corner, running
//     along a wall or ending on it leaves the line clear.
//   - A figure standing strictly inside a blocking area piece (a man at a
//     window of the house he holds, a man on a hill) sees out of that piece
//     and is seen from outside it: the piece the firer or the target stands
//     in never blocks the line between them.
//   - Blocking linear pieces (hedges, bocage, high walls) stop a line that
//     crosses the drawn polyline from one side to the other strictly
//     between its ends. A line that only touches it, or ends on it, is clear.
//   - Woods-like pieces (blocks-beyond) let sight travel SightDepth inside
//     them, in total along the line, then stop it: a line blocks when the
//     length of it strictly inside the piece is more than SightDepth.
//   - Height: a figure standing on a hill (an area piece that blocks sight
//     and can be walked on) has its eye at the hill's Height. A piece whose
//     Height is no more than the raised eye of either end does not block
//     (or hinder) the line. Figures on flat ground are all at height 0 and
//     every piece counts between them.
//
// Every test is exact integer arithmetic except the woods depth, which
// sums float64 fractions and compares with a margin of 1/1000 of a unit;
// inside that margin it decides with exact rationals (math/big).

// isHill reports whether figures can stand on a piece and see from its top.
func isHill(p *Piece) bool {
	return !p.Props.Linear && len(p.Poly) > 0 && p.Props.Sight == SightBlocks && p.Props.Going != GoingImpassable
}

// Elevation is the eye height of a figure standing at p: the Height of the
// highest hill holding p (on its outline counts), or 0.
func (ix *Index) Elevation(p geom.Pt) int64 {
	var e int64
	for _, id := range ix.hills.pointCell(p) { // hills only (isHill)
		sp := &ix.sp[id]
		if sp.height > e && sp.box.ContainsPt(p) && ix.Map.Pieces[id].Poly.PointIn(p) >= 0 {
			e = sp.height
		}
	}
	return e
}

// overlooked reports whether a piece of height h is seen over from an eye
// at ea or eb.
func overlooked(h, ea, eb int64) bool {
	return (ea > 0 && ea >= h) || (eb > 0 && eb >= h)
}

// Clear is the fast centre-to-centre test: true when no blocking terrain
// stops the line a->b. Exact and allocation-free; answers are remembered
// (visible.go).
func (ix *Index) Clear(a, b geom.Pt) bool {
	if ix.memo == nil {
		return ix.clear(a, b)
	}
	k := memoKey{from: a, c: b, rays: -1} // a key no Visible question has
	if v, ok := ix.memo.get(&k); ok {
		return v
	}
	v := ix.clear(a, b)
	ix.memo.put(&k, v)
	return v
}

// clear is Clear worked out afresh.
func (ix *Index) clear(a, b geom.Pt) bool {
	return !ix.stopped(geom.Seg{A: a, B: b}, b, ix.Elevation(a), ix.Elevation(b), false, false)
}

// stopped reports whether sight along s is stopped. own is the point whose
// strictly-containing blocking areas are the target's own pieces (s.A's are
// the firer's). nearOnly counts only pieces whose crossing reaches past the
// middle of s (nearer the target than the firer).
// woodsUnder, when the line runs from a height (either end above the
// table), lets woods never stop it (LOSOptions.WoodsHinderFromHeight).
func (ix *Index) stopped(s geom.Seg, own geom.Pt, ea, eb int64, nearOnly, woodsUnder bool) bool {
	_, stop := ix.stoppedBy(s, own, ea, eb, nearOnly, woodsUnder)
	return stop
}

// stoppedBy is stopped, also naming the first piece found to stop the
// line. Every piece whose box the line meets sits in a cell segCells
// visits, and pieceStops is false for any other, so s is stopped exactly
// when any one piece stops it: a caller may try a likely piece first.
//
// This is the hot loop of every sight question, so it walks the cells
// itself (colWalk: the cells of segCells, column by column) and turns a
// piece away on its packed facts (sightPiece: box, height, then the box's
// corners against the line, in segQuery.scan) before anything else is
// read; piece by piece it is pieceStops.
func (ix *Index) stoppedBy(s geom.Seg, own geom.Pt, ea, eb int64, nearOnly, woodsUnder bool) (int, bool) {
	g := &ix.sight
	var w colWalk
	if !w.init(g, s.A, s.B) {
		return ix.stoppedByWide(s, own, ea, eb, nearOnly, woodsUnder)
	}
	q := segQuery{
		sx0: min(s.A.X, s.B.X), sx1: max(s.A.X, s.B.X),
		sy0: min(s.A.Y, s.B.Y), sy1: max(s.A.Y, s.B.Y),
		a: s.A, d: s.B.Sub(s.A), eye: max(ea, eb),
	}
	var sn seen
	sps, start, items, ny := ix.sp, g.start, g.items, g.ny
	for {
		cx, cy0, cy1, ok := w.next()
		if !ok {
			return -1, false
		}
		// the column's rows cy0..cy1 are consecutive cells: one stretch
		run := items[start[cx*ny+cy0]:start[cx*ny+cy1+1]]
		for {
			k := q.scan(run, sps, &sn)
			if k < 0 {
				break
			}
			id := run[k]
			if ix.pieceStopsIn(int(id), &sps[id], s, own, ea, eb, nearOnly, woodsUnder) {
				return int(id), true
			}
			run = run[k+1:]
		}
	}
}

// segQuery is what turning pieces away reads of a sight line.
type segQuery struct {
	sx0, sx1, sy0, sy1 int64   // the line's box
	a, d               geom.Pt // its start and its direction (end - start)
	eye                int64   // overlooked(h, ea, eb) is eye > 0 && h <= eye
}

// scan returns the index in ids of the first piece that the line may
// meet (it is not overlooked, its box is not apart from the line's and
// not wholly to one side of the line: pieceStops' tests before the exact
// one) and has not been seen, marking it seen; -1 when there is none. A
// leaf (it calls nothing), so the loop keeps its values in registers.
func (q *segQuery) scan(ids []int32, sps []sightPiece, sn *seen) int {
	for k, id := range ids {
		p := &sps[id]
		if p.box.Max.X < q.sx0 || p.box.Min.X > q.sx1 || p.box.Max.Y < q.sy0 || p.box.Min.Y > q.sy1 ||
			(q.eye > 0 && p.height <= q.eye) || !sn.first(id) {
			continue
		}
		// segBoxMiss's corner test, the four orientations sharing their
		// differences (the same products as geom.Orient)
		ex0, ex1 := p.box.Min.X-q.a.X, p.box.Max.X-q.a.X
		ey0, ey1 := p.box.Min.Y-q.a.Y, p.box.Max.Y-q.a.Y
		o1 := q.d.X*ey0 - q.d.Y*ex0
		o2 := q.d.X*ey1 - q.d.Y*ex1
		o3 := q.d.X*ey1 - q.d.Y*ex0
		o4 := q.d.X*ey0 - q.d.Y*ex1
		if min(o1, o2, o3, o4) > 0 || max(o1, o2, o3, o4) < 0 { // every corner to one side
			continue
		}
		return k
	}
	return -1
}

// stoppedByWide is stoppedBy along segCellsWide's cells, for the segments
// colWalk cannot take.
func (ix *Index) stoppedByWide(s geom.Seg, own geom.Pt, ea, eb int64, nearOnly, woodsUnder bool) (int, bool) {
	var sn seen
	by := -1
	ix.sight.segCellsWide(s.A, s.B, func(cell []int32) bool {
		for _, id := range cell {
			if sn.first(id) && ix.pieceStops(int(id), s, own, ea, eb, nearOnly, woodsUnder) {
				by = int(id)
				return false
			}
		}
		return true
	})
	return by, by >= 0
}

// sightPiece is what the sight walk reads of a piece, packed together so
// that turning a piece away touches nothing else: its box, its height and
// which exact test decides it.
type sightPiece struct {
	box    geom.Rect // as Index.bounds
	height int64
	depth  int64 // woods: SightDepth
	test   uint8 // spNone, spArea, spLine or spWoods
}

// The exact test that decides whether a piece stops flat sight.
const (
	spNone  = iota // never stops it
	spArea         // a blocking area: the line enters its interior
	spLine         // a blocking line: the line crosses it
	spWoods        // woods: the line runs deeper than SightDepth inside
)

// testCost ranks the exact tests by their usual cost, cheapest first.
var testCost = [...]int{spNone: 0, spLine: 1, spArea: 2, spWoods: 3}

func newSightPiece(pc *Piece, box geom.Rect) sightPiece {
	sp := sightPiece{box: box, height: pc.Props.Height, depth: pc.Props.SightDepth}
	switch {
	case pc.Props.Sight == SightBlocks && len(pc.Poly) > 0:
		sp.test = spArea
	case pc.Props.Sight == SightBlocks && len(pc.Path) > 1:
		sp.test = spLine
	case pc.Props.Sight == SightBlocksBeyond && len(pc.Poly) > 0:
		sp.test = spWoods
	}
	return sp
}

// pieceStops reports whether piece id stops sight along s.
func (ix *Index) pieceStops(id int, s geom.Seg, own geom.Pt, ea, eb int64, nearOnly, woodsUnder bool) bool {
	if overlooked(ix.sp[id].height, ea, eb) || segBoxMiss(s, ix.bounds[id]) {
		return false
	}
	return ix.pieceStopsIn(id, &ix.sp[id], s, own, ea, eb, nearOnly, woodsUnder)
}

// pieceStopsIn is pieceStops for a piece not overlooked whose box s may
// meet: the exact test.
func (ix *Index) pieceStopsIn(id int, sp *sightPiece, s geom.Seg, own geom.Pt, ea, eb int64, nearOnly, woodsUnder bool) bool {
	pc := &ix.Map.Pieces[id]
	switch sp.test {
	case spArea:
		if ix.ownPiece(id, s.A) || ix.ownPiece(id, own) {
			return false
		}
		if !nearOnly {
			return pc.Poly.SegEntersInterior(s, ix.orient[id])
		}
		var buf [16]geom.Contact
		cs := pc.Poly.SegContacts(s, ix.orient[id], buf[:0])
		last, any := lastInside(cs, pc.Poly.PointIn(s.A) > 0)
		return any && last.PastHalf()
	case spLine:
		if !nearOnly {
			return lineCrosses(pc.Path, s)
		}
		var buf [8]geom.Frac
		xs := geom.PolylineCrossings(pc.Path, s, buf[:0])
		if len(xs) == 0 {
			return false
		}
		return !nearOnly || xs[len(xs)-1].PastHalf()
	case spWoods:
		if woodsUnder && (ea > 0 || eb > 0) {
			return false
		}
		if shallowIn(s, sp.box, sp.depth) {
			return false
		}
		var buf [16]geom.Contact
		cs := pc.Poly.SegContacts(s, ix.orient[id], buf[:0])
		startIn := len(cs) == 0 && pc.Poly.PointIn(s.A) > 0
		if !deeperThan(cs, startIn, s, pc.Props.SightDepth) {
			return false
		}
		if nearOnly {
			last, _ := lastInside(cs, startIn)
			return last.PastHalf()
		}
		return true
	}
	return false
}

// shallowIn reports, exactly, that no more than depth of segment s lies
// inside box r, so not inside any piece within it: false when it cannot
// tell, or when the products would not fit. The part of s in r runs
// across the X range where s is within r both ways (found in whole units,
// rounded outwards), and a stretch of s spanning ex across is ex*L/dx long
// (L the length of s), so ex^2 * L^2 <= depth^2 * dx^2 settles it.
func shallowIn(s geom.Seg, r geom.Rect, depth int64) bool {
	a, b := s.A, s.B
	if a.X > b.X {
		a, b = b, a
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	lo, hi := r.Min.Y-a.Y, r.Max.Y-a.Y
	if dx >= walkLimit || dy >= walkLimit || dy <= -walkLimit || lo <= -walkLimit || hi >= walkLimit ||
		depth < 0 || depth >= walkLimit {
		return false
	}
	if dx == 0 { // upright: the part in r is its overlap with r's rows
		return min(max(a.Y, b.Y), r.Max.Y)-max(min(a.Y, b.Y), r.Min.Y) <= depth
	}
	x0, x1 := max(a.X, r.Min.X), min(b.X, r.Max.X)
	switch {
	case dy > 0: // meets r's bottom, then its top
		x0 = max(x0, a.X+gridFloorDiv(lo*dx, dy))
		x1 = min(x1, a.X+gridCeilDiv(hi*dx, dy))
	case dy < 0: // meets r's top, then its bottom
		x0 = max(x0, a.X+gridFloorDiv(-hi*dx, -dy))
		x1 = min(x1, a.X+gridCeilDiv(-lo*dx, -dy))
	}
	ex := x1 - x0
	if ex <= 0 {
		return true
	}
	return geom.Mul128Cmp(ex*ex, dx*dx+dy*dy, depth*depth, dx*dx) <= 0
}

// lineCrosses is len(geom.PolylineCrossings(path, s)) > 0, sooner: a
// crossing of the line of s strictly between two bends is found in one
// pass, and only when some bend lies on that line (the one case of a
// crossing along a run of bends) is the full list worked out.
func lineCrosses(path []geom.Pt, s geom.Seg) bool {
	n := len(path)
	if s.B.Sub(s.A).Len2() == 0 || n < 2 {
		return false
	}
	prev := geom.Orient(s.A, s.B, path[0])
	on := prev == 0
	for i := 0; i+1 < n; i++ {
		o := geom.Orient(s.A, s.B, path[i+1])
		on = on || o == 0
		if prev*o < 0 && geom.Orient(path[i], path[i+1], s.A)*geom.Orient(path[i], path[i+1], s.B) < 0 {
			return true
		}
		prev = o
	}
	if !on {
		return false
	}
	var buf [8]geom.Frac
	return len(geom.PolylineCrossings(path, s, buf[:0])) > 0
}

// ownPiece reports whether p stands strictly inside area piece id.
func (ix *Index) ownPiece(id int, p geom.Pt) bool {
	return ix.bounds[id].ContainsPt(p) && ix.Map.Pieces[id].Poly.PointIn(p) > 0
}

// lastInside returns the end of the last inside interval.
func lastInside(cs []geom.Contact, startIn bool) (geom.Frac, bool) {
	var last geom.Frac
	any := false
	geom.InsideIntervals(cs, startIn, func(_, t1 geom.Frac) { last, any = t1, true })
	return last, any
}

// deeperThan reports whether the part of s strictly inside the polygon
// (given by its contacts) is longer than depth.
func deeperThan(cs []geom.Contact, startIn bool, s geom.Seg, depth int64) bool {
	var sum float64
	any := false
	geom.InsideIntervals(cs, startIn, func(t0, t1 geom.Frac) {
		sum += t1.Float() - t0.Float()
		any = true
	})
	if !any {
		return false
	}
	l := math.Sqrt(float64(s.Len2()))
	in := float64(l * sum) // explicit conversion: no fused multiply-add
	const margin = 1e-3
	if in > float64(depth)+margin {
		return true
	}
	if in < float64(depth)-margin {
		return false
	}
	return deeperThanExact(cs, startIn, s, depth)
}

// deeperThanExact decides len(s) * S > depth exactly, S being the sum of
// the inside intervals, by comparing len2 * S^2 with depth^2.
func deeperThanExact(cs []geom.Contact, startIn bool, s geom.Seg, depth int64) bool {
	sum := new(big.Rat)
	geom.InsideIntervals(cs, startIn, func(t0, t1 geom.Frac) {
		sum.Add(sum, big.NewRat(t1.Num, t1.Den))
		sum.Sub(sum, big.NewRat(t0.Num, t0.Den))
	})
	lhs := new(big.Rat).Mul(sum, sum)
	lhs.Mul(lhs, new(big.Rat).SetInt64(s.Len2()))
	d := new(big.Rat).SetInt64(depth)
	return lhs.Cmp(d.Mul(d, d)) > 0
}

// rayTargets spreads n points across the target's base, along the
// diameter square to the line from the eye (so each ray shows a slice of
// the figure's width). With an odd n the middle one is the centre. Points
// are rounded to the grid and pulled in by one unit so they stay on the
// base; the tests on each ray are exact.
func rayTargets(from geom.Pt, t geom.Circle, n int, out []geom.Pt) []geom.Pt {
	d := t.C.Sub(from)
	l := math.Sqrt(float64(d.Len2()))
	if n == 1 || l == 0 || t.R <= 1 {
		return append(out, t.C)
	}
	r := float64(t.R - 1)
	ux, uy := -float64(d.Y)/l, float64(d.X)/l
	for i := 0; i < n; i++ {
		f := float64(2*i-(n-1)) / float64(n-1) * r
		out = append(out, geom.Pt{X: t.C.X + int64(math.Round(float64(f*ux))), Y: t.C.Y + int64(math.Round(float64(f*uy)))})
	}
	return out
}

// lineOfSight answers whether a firer with its eye at from sees a target
// base (LineOfSight, worked out afresh), with the reasons: rays to points across the base, the pieces the
// centre line crosses, hindrances and the target's cover.
//
// With o.FigureHeight set, sight is judged in three dimensions (see
// stopped3D): each ray runs from the firer's helmet to the target's
// helmet and to its feet, so terrain lower than a man can hide part of
// the target. With o.IgnoreNearFirer, terrain not nearer the target than
// the firer can still block every line (Blocked) but never makes the
// target partly hidden.
func (ix *Index) lineOfSight(from geom.Pt, target geom.Circle, o LOSOptions) LOS {
	n := o.Rays
	if n <= 0 {
		n = 9
	}
	var res LOS
	ea, eb := ix.Elevation(from), ix.Elevation(target.C)
	var pts [32]geom.Pt
	for _, p := range rayTargets(from, target, n, pts[:0]) {
		res.Rays++
		// A ray shows the target when no terrain stops it (in 3D: its
		// helmet); it shows the whole target when no terrain that counts
		// for partial sight stops it (in 3D: down to its feet).
		s := geom.Seg{A: from, B: p}
		var seen, whole bool
		if o.FigureHeight > 0 {
			th := o.TargetHeight
			if th <= 0 {
				th = o.FigureHeight
			}
			eye := ea + o.FigureHeight
			seen = !ix.stopped3D(s, target.C, eye, eb+th, false, nil)
			whole = !ix.stopped3D(s, target.C, eye, eb, o.IgnoreNearFirer, &res.PartBy)
		} else {
			seen = !ix.stopped(s, target.C, ea, eb, false, o.WoodsHinderFromHeight)
			whole = seen
			if o.IgnoreNearFirer {
				whole = !ix.stopped(s, target.C, ea, eb, true, o.WoodsHinderFromHeight)
			}
		}
		if o.Stops != nil && o.Stops(s) {
			seen, whole = false, false
		}
		if seen {
			res.Visible++
		}
		if whole {
			res.Whole++
		}
	}
	switch {
	case res.Visible == 0:
		res.Vis = Blocked
	case res.Whole == res.Rays:
		res.Vis = Clear
	default:
		res.Vis = Partial
	}
	res.Crossings, res.Hindrances, res.BlockerNearTarget = ix.centreLine(from, target.C, ea, eb)
	res.Cover, res.CoverPiece = ix.CoverFor(target, from)
	return res
}

// ManHeight is a standing man's height at 28mm scale (position units),
// the helmet height of three-dimensional sight (LOSOptions.FigureHeight).
const ManHeight = 1000

// Solid3D reports whether a piece hides what is below its top in
// three-dimensional sight: anything that stops or hinders sight, and walls
// (hard cover) that do not. A fence (no sight effect, no cover) is seen
// through.
func Solid3D(p *Props) bool {
	return p.Height > 0 && (p.Sight != SightNone || p.Cover >= CoverHard)
}

// below reports exactly whether the 3D sight line rising from height ea at
// s.A to eb at s.B is strictly lower than h at the fraction t along it.
// The line's height there is ea + (eb-ea)*t; with t = Num/Den (Den > 0)
// that is ea*Den + (eb-ea)*Num < h*Den, compared in 128 bits.
func below(ea, eb, h int64, t geom.Frac) bool {
	// ea*Den + (eb-ea)*Num < h*Den  <=>  (eb-ea)*Num < (h-ea)*Den
	return geom.Mul128Cmp(eb-ea, t.Num, h-ea, t.Den) < 0
}

// stopped3D reports whether the 3D sight line from height ea above s.A to
// height eb above s.B is stopped by terrain. A piece stops it when the
// line passes strictly below the piece's top where it crosses the piece:
// at a linear piece's crossing, or at either end of a stretch inside an
// area piece (the line is straight, so its lowest point over the stretch
// is at an end). Woods stop it only when the stretch inside them is also
// deeper than they can be seen into. As in flat sight, a blocking area
// piece the firer or the target (own) stands inside never stops it.
// nearOnly counts only pieces nearer the target than the firer (their
// crossing reaches past the middle of the line); when by is not nil, the
// IDs of the pieces that stop the line are added to it once each.
func (ix *Index) stopped3D(s geom.Seg, own geom.Pt, ea, eb int64, nearOnly bool, by *[]int) bool {
	var sn seen
	stop := false
	ix.all.segCells(s.A, s.B, func(cell []int32) bool {
		for _, id := range cell {
			if !sn.first(id) {
				continue
			}
			if ix.pieceStops3D(int(id), s, own, ea, eb, nearOnly) {
				stop = true
				if by == nil {
					return false
				}
				addID(by, int(id))
			}
		}
		return true
	})
	return stop
}

func addID(ids *[]int, id int) {
	for i, x := range *ids {
		if x == id {
			return
		}
		if x > id {
			*ids = append((*ids)[:i], append([]int{id}, (*ids)[i:]...)...)
			return
		}
	}
	*ids = append(*ids, id)
}

// pieceStops3D reports whether piece id stops the 3D line (see stopped3D).
func (ix *Index) pieceStops3D(id int, s geom.Seg, own geom.Pt, ea, eb int64, nearOnly bool) bool {
	pc := &ix.Map.Pieces[id]
	if !Solid3D(&pc.Props) || segBoxMiss(s, ix.bounds[id]) {
		return false
	}
	h := pc.Props.Height
	switch {
	case len(pc.Poly) > 0:
		if pc.Props.Sight == SightBlocks && (ix.ownPiece(id, s.A) || ix.ownPiece(id, own)) {
			return false
		}
		var buf [16]geom.Contact
		cs := pc.Poly.SegContacts(s, ix.orient[id], buf[:0])
		startIn := len(cs) == 0 && pc.Poly.PointIn(s.A) > 0
		if pc.Props.Sight == SightBlocksBeyond && !deeperThan(cs, startIn, s, pc.Props.SightDepth) {
			return false
		}
		low, any := false, false
		var last geom.Frac
		geom.InsideIntervals(cs, startIn, func(t0, t1 geom.Frac) {
			any, last = true, t1
			low = low || below(ea, eb, h, t0) || below(ea, eb, h, t1)
		})
		return any && low && (!nearOnly || last.PastHalf())
	case len(pc.Path) > 1:
		var buf [8]geom.Frac
		xs := geom.PolylineCrossings(pc.Path, s, buf[:0])
		if len(xs) == 0 || (nearOnly && !xs[len(xs)-1].PastHalf()) {
			return false
		}
		for _, t := range xs {
			if below(ea, eb, h, t) {
				return true
			}
		}
	}
	return false
}

// centreLine lists the pieces that matter for sight or cover crossed by the
// line a->b, in order of where the line meets them (ties by ID).
func (ix *Index) centreLine(a, b geom.Pt, ea, eb int64) (xs []Crossing, hind int, nearBlock bool) {
	s := geom.Seg{A: a, B: b}
	var sn seen
	type hit struct {
		c      Crossing
		t0, t1 geom.Frac
	}
	var hits []hit
	ix.all.segCells(a, b, func(cell []int32) bool {
		for _, id32 := range cell {
			id := int(id32)
			if !sn.first(id32) {
				continue
			}
			pc := &ix.Map.Pieces[id]
			if (pc.Props.Sight == SightNone && pc.Props.Cover == CoverNone) || segBoxMiss(s, ix.bounds[id]) {
				continue
			}
			var t0, t1 geom.Frac
			switch {
			case len(pc.Poly) > 0:
				var buf [16]geom.Contact
				cs := pc.Poly.SegContacts(s, ix.orient[id], buf[:0])
				first := true
				geom.InsideIntervals(cs, len(cs) == 0 && pc.Poly.PointIn(a) > 0, func(u0, u1 geom.Frac) {
					if first {
						t0, first = u0, false
					}
					t1 = u1
				})
				if first {
					continue
				}
			case len(pc.Path) > 1:
				var buf [8]geom.Frac
				fs := geom.PolylineCrossings(pc.Path, s, buf[:0])
				if len(fs) == 0 {
					continue
				}
				t0, t1 = fs[0], fs[len(fs)-1]
			default:
				continue
			}
			c := Crossing{Piece: id, EnterT: t0.Float(), ExitT: t1.Float(), Sight: pc.Props.Sight}
			c.Enter, c.Exit = s.At(c.EnterT), s.At(c.ExitT)
			hits = append(hits, hit{c, t0, t1})
		}
		return true
	})
	// Order by entry, then ID (exact).
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0; j-- {
			c := hits[j].t0.Cmp(hits[j-1].t0)
			if c > 0 || (c == 0 && hits[j].c.Piece > hits[j-1].c.Piece) {
				break
			}
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	for _, h := range hits {
		xs = append(xs, h.c)
		pc := &ix.Map.Pieces[h.c.Piece]
		if overlooked(pc.Props.Height, ea, eb) {
			continue
		}
		if pc.Props.Sight == SightHinders {
			hind++
		}
		if h.t1.PastHalf() && ix.pieceStops(h.c.Piece, s, b, ea, eb, false, false) {
			nearBlock = true
		}
	}
	return xs, hind, nearBlock
}
