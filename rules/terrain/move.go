package terrain

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"

	"hedgerow/rules/geom"
)

// Movement model:
//   - A base may not overlap impassable terrain (buildings, water, high
//     walls). Touching its outline is allowed. A linear piece is its drawn
//     line thickened by half its Width on each side.
//   - Difficult going is measured along the centre line of the move: the
//     length of the path strictly inside difficult area pieces (overlapping
//     pieces count once).
//   - A linear obstacle is crossed by a leg of the path whose centre line
//     meets its drawn line (touching counts); a piece is listed once for a
//     run of consecutive legs that meet it.

// AreaAt lists the area pieces holding p (on the outline counts), by ID.
func (ix *Index) AreaAt(p geom.Pt) []int {
	var out []int
	for _, id := range ix.all.pointCell(p) {
		pc := &ix.Map.Pieces[id]
		if len(pc.Poly) > 0 && ix.bounds[id].ContainsPt(p) && pc.Poly.PointIn(p) >= 0 {
			out = append(out, int(id))
		}
	}
	sort.Ints(out)
	return out
}

// label names a piece in plain words.
func (ix *Index) label(id int) string {
	pc := &ix.Map.Pieces[id]
	l := pc.Kind
	if k, ok := KindByName(pc.Kind); ok {
		l = k.Label
	}
	if pc.Name != "" {
		return fmt.Sprintf("the %s %q", l, pc.Name)
	}
	return "the " + l
}

// OnTable reports whether the whole base lies on the table (touching the
// edge is allowed).
func (ix *Index) OnTable(b geom.Circle) bool {
	return b.C.X-b.R >= 0 && b.C.Y-b.R >= 0 && b.C.X+b.R <= ix.Map.Width && b.C.Y+b.R <= ix.Map.Height
}

// baseOverlaps reports exactly whether a base overlaps piece id with more
// than a touch.
func (ix *Index) baseOverlaps(id int, b geom.Circle) bool {
	pc := &ix.Map.Pieces[id]
	if len(pc.Poly) > 0 {
		if pc.Poly.PointIn(b.C) > 0 {
			return true
		}
		if b.R == 0 {
			return false
		}
		if pc.Poly.PointIn(b.C) == 0 {
			return true
		}
		for i := range pc.Poly {
			if geom.SegWithin(pc.Poly.Edge(i), b.C, b.R, true) {
				return true
			}
		}
		return false
	}
	return pathNear(pc.Path, b.C, b.R+pc.Props.Width/2, true)
}

// CanStand reports whether a base may stand at b: on the table and not
// overlapping impassable terrain. why says what is wrong in plain words.
func (ix *Index) CanStand(b geom.Circle) (ok bool, why string) {
	if !ix.OnTable(b) {
		return false, "off the table"
	}
	var buf [32]int
	for _, id := range ix.boxPieces(circleBox(b, 0), buf[:0]) {
		if ix.Map.Pieces[id].Props.Going == GoingImpassable && ix.baseOverlaps(id, b) {
			return false, "overlaps " + ix.label(id)
		}
	}
	return true, ""
}

// legOverlaps reports exactly whether a base of radius r swept along s
// overlaps piece id with more than a touch.
func (ix *Index) legOverlaps(id int, s geom.Seg, r int64) bool {
	pc := &ix.Map.Pieces[id]
	if len(pc.Poly) > 0 {
		if r == 0 {
			return pc.Poly.SegEntersInterior(s, ix.orient[id])
		}
		if pc.Poly.PointIn(s.A) >= 0 {
			return true
		}
		for i := range pc.Poly {
			if geom.SegsWithin(pc.Poly.Edge(i), s, r, true) {
				return true
			}
		}
		return false
	}
	w := r + pc.Props.Width/2
	for i := 0; i+1 < len(pc.Path); i++ {
		if geom.SegsWithin(geom.Seg{A: pc.Path[i], B: pc.Path[i+1]}, s, w, true) {
			return true
		}
	}
	return false
}

// legPieces lists the pieces whose boxes come near a base of radius r
// swept along s.
func (ix *Index) legPieces(s geom.Seg, r int64, out []int) []int {
	b := geom.SegBounds(s)
	b.Min.X, b.Min.Y, b.Max.X, b.Max.Y = b.Min.X-r, b.Min.Y-r, b.Max.X+r, b.Max.Y+r
	return ix.boxPieces(b, out)
}

// stepPt is the point k/n of the way along s, rounded to the grid.
func stepPt(s geom.Seg, k, n int64) geom.Pt {
	if n == 0 {
		return s.A
	}
	d := s.B.Sub(s.A)
	return geom.Pt{X: s.A.X + roundDiv(d.X*k, n), Y: s.A.Y + roundDiv(d.Y*k, n)}
}

func roundDiv(a, n int64) int64 { return gridFloorDiv(2*a+n, 2*n) }

func legSteps(s geom.Seg) int64 {
	d := s.B.Sub(s.A)
	return max(absI(d.X), absI(d.Y))
}

func absI(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// lastGood is the largest k in [0,n] with ok(k), given ok(0) and that ok
// holds on a prefix.
func lastGood(n int64, ok func(k int64) bool) int64 {
	lo, hi := int64(0), n+1
	for hi-lo > 1 {
		m := lo + (hi-lo)/2
		if ok(m) {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// difficultLen is the length of s strictly inside difficult area pieces,
// rounded to a unit. Overlapping pieces count once.
func (ix *Index) difficultLen(s geom.Seg, ids []int) int64 {
	type iv struct{ a, b float64 }
	var buf [16]iv
	ivs := buf[:0]
	for _, id := range ids {
		pc := &ix.Map.Pieces[id]
		if pc.Props.Going != GoingDifficult || len(pc.Poly) == 0 || segBoxMiss(s, ix.bounds[id]) {
			continue
		}
		var cb [16]geom.Contact
		cs := pc.Poly.SegContacts(s, ix.orient[id], cb[:0])
		geom.InsideIntervals(cs, len(cs) == 0 && pc.Poly.PointIn(s.A) > 0, func(t0, t1 geom.Frac) {
			ivs = append(ivs, iv{t0.Float(), t1.Float()})
		})
	}
	if len(ivs) == 0 {
		return 0
	}
	// slices.SortFunc keeps the list on the stack (sort.Slice took it to
	// the heap); intervals that compare equal are equal, so the sum is the
	// same whichever order the sort leaves them in
	slices.SortFunc(ivs, func(x, y iv) int {
		if c := cmp.Compare(x.a, y.a); c != 0 {
			return c
		}
		return cmp.Compare(x.b, y.b)
	})
	var sum float64
	cur := ivs[0]
	for _, v := range ivs[1:] {
		if v.a <= cur.b {
			cur.b = max(cur.b, v.b)
			continue
		}
		sum += cur.b - cur.a
		cur = v
	}
	sum += cur.b - cur.a
	return int64(math.Round(float64(sum * math.Sqrt(float64(s.Len2())))))
}

// PathCost measures a move along path (the base centre's route) for a base
// of radius baseR: its length, the length in difficult going, the linear
// obstacles crossed, and the first impassable piece the base would
// overlap, with the last point it can reach before it (BlockedAt). Length,
// Difficult and Obstacles cover the whole path even when it is blocked.
func (ix *Index) PathCost(path []geom.Pt, baseR int64) PathCost {
	return ix.pathCost(path, baseR, false, nil, false)
}

// legHits is legOverlaps, or with doors legOverlapsD.
func (ix *Index) legHits(id int, s geom.Seg, r int64, doors bool, open Open) bool {
	if doors {
		return ix.legOverlapsD(id, s, r, open)
	}
	return ix.legOverlaps(id, s, r)
}

// pathCost is PathCost, or with doors PathCostDoors's part of it; brief
// is PathCostBrief's cut (no Difficult, no stop searched along a wall).
func (ix *Index) pathCost(path []geom.Pt, baseR int64, doors bool, open Open, brief bool) PathCost {
	return ix.pathCostUpTo(path, baseR, doors, open, brief, false)
}

// pathBlockedDoors is PathCostDoors(path, baseR, open).Blocked, found
// with nothing else worked out: it stops at the first piece in the way.
func (ix *Index) pathBlockedDoors(path []geom.Pt, baseR int64, open Open) int {
	return ix.pathCostUpTo(path, baseR, true, open, true, true).Blocked
}

// pathCostUpTo is pathCost; with blockOnly it answers Blocked alone (the
// rest of its answer is partial) and returns as soon as it is known.
func (ix *Index) pathCostUpTo(path []geom.Pt, baseR int64, doors bool, open Open, brief, blockOnly bool) PathCost {
	pc := PathCost{Blocked: -1}
	if len(path) > 0 {
		pc.BlockedAt = path[len(path)-1]
	}
	var idbuf [64]int
	for i := 0; i+1 < len(path); i++ {
		s := geom.Seg{A: path[i], B: path[i+1]}
		ids := ix.legPieces(s, baseR, idbuf[:0])
		if blockOnly {
			for _, id := range ids {
				if ix.Map.Pieces[id].Props.Going == GoingImpassable && ix.legHits(id, s, baseR, doors, open) {
					pc.Blocked = id
					return pc
				}
			}
			continue
		}
		pc.Length += geom.Dist(s.A, s.B)
		if !brief {
			pc.Difficult += ix.difficultLen(s, ids)
		}
		// Obstacles, in order of first contact along the leg.
		type ob struct {
			id int
			t  float64
		}
		var obs []ob
		for _, id := range ids {
			p := &ix.Map.Pieces[id]
			if p.Props.Going != GoingObstacle || len(p.Path) < 2 {
				continue
			}
			if t, ok := firstMeet(p.Path, s); ok {
				obs = append(obs, ob{id, t})
			}
		}
		slices.SortFunc(obs, func(a, b ob) int {
			if c := cmp.Compare(a.t, b.t); c != 0 {
				return c
			}
			return cmp.Compare(a.id, b.id)
		})
		for _, o := range obs {
			if n := len(pc.Obstacles); n > 0 && pc.Obstacles[n-1] == o.id && i > 0 && o.t == 0 {
				continue // still touching the one the last leg ended on
			}
			pc.Obstacles = append(pc.Obstacles, o.id)
		}
		if pc.Blocked >= 0 {
			continue
		}
		blocker := -1
		for _, id := range ids {
			if ix.Map.Pieces[id].Props.Going == GoingImpassable && ix.legHits(id, s, baseR, doors, open) {
				blocker = id
				break
			}
		}
		if blocker < 0 {
			continue
		}
		pc.Blocked = blocker
		if brief && doors && ix.Enterable(blocker) {
			continue // a wall: BlockedAt stays the path's end
		}
		n := legSteps(s)
		k := lastGood(n, func(k int64) bool {
			return !ix.legHits(blocker, geom.Seg{A: s.A, B: stepPt(s, k, n)}, baseR, doors, open)
		})
		if k == 0 && ix.legHits(blocker, geom.Seg{A: s.A, B: s.A}, baseR, doors, open) {
			pc.BlockedAt = s.A
		} else {
			pc.BlockedAt = stepPt(s, k, n)
		}
	}
	return pc
}

// firstMeet returns where along s (0..1, for ordering) it first meets the
// polyline, and whether it does.
func firstMeet(path []geom.Pt, s geom.Seg) (float64, bool) {
	best, hit := 2.0, false
	d := s.B.Sub(s.A)
	dd := float64(d.Len2())
	for i := 0; i+1 < len(path); i++ {
		e := geom.Seg{A: path[i], B: path[i+1]}
		if !geom.SegmentsIntersect(e, s) {
			continue
		}
		hit = true
		var t float64
		if num, den, ok := geom.IntersectParam(s, e); ok {
			t = float64(num) / float64(den)
		} else if dd > 0 {
			t = min(float64(e.A.Sub(s.A).Dot(d)), float64(e.B.Sub(s.A).Dot(d))) / dd
		}
		best = min(best, max(0, min(1, t)))
	}
	return best, hit
}

// FurthestAlong is the furthest point on the line from->to (rounded to the
// grid) that a base of radius baseR can reach with allowance, where each
// unit of difficult going costs difficultCost units (values below 1 count
// as 1). The base stays on the table and stops before it would overlap
// impassable terrain. The cost is the one PathCost reports: Length +
// (difficultCost-1)*Difficult, in whole units.
func (ix *Index) FurthestAlong(from, to geom.Pt, baseR, allowance int64, difficultCost int) geom.Pt {
	return ix.furthestAlong(from, to, baseR, allowance, difficultCost, false, nil)
}

func (ix *Index) furthestAlong(from, to geom.Pt, baseR, allowance int64, difficultCost int, doors bool, open Open) geom.Pt {
	s := geom.Seg{A: from, B: to}
	var idbuf [64]int
	ids := ix.legPieces(s, baseR, idbuf[:0])
	extra := int64(max(difficultCost, 1) - 1)
	n := legSteps(s)
	ok := func(k int64) bool {
		p := stepPt(s, k, n)
		leg := geom.Seg{A: from, B: p}
		if !ix.OnTable(geom.Circle{C: p, R: baseR}) {
			return false
		}
		if geom.Dist(from, p)+extra*ix.difficultLen(leg, ids) > allowance {
			return false
		}
		for _, id := range ids {
			if ix.Map.Pieces[id].Props.Going == GoingImpassable && ix.legHits(id, leg, baseR, doors, open) {
				return false
			}
		}
		return true
	}
	if n == 0 || !ok(1) {
		return from
	}
	return stepPt(s, lastGood(n, ok), n)
}
