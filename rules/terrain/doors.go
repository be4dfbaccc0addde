package terrain

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"hedgerow/rules/geom"
)

// Doors and building interiors (house rules, used by rule sets that let
// figures go indoors; the plain movement functions keep every building
// wholly impassable):
//
//   - An enterable building is an impassable area piece with at least one
//     door on its outline.
//   - Each door leaves a gap in the outline: on the outline edge nearest
//     the door point (the lowest edge index on a tie), the stretch within
//     DoorWidth/2 of the door point's foot on that edge, cut short at the
//     edge's ends. Gap ends are rounded to the unit grid once, when the
//     index is built.
//   - With a given set of open doors an enterable building is nothing but
//     its walls: its outline less the gaps of the open doors (a closed door
//     is wall). A base may stand inside or outside and may touch a wall,
//     but may not overlap one, standing or swept along a leg of its move.
//     Every other impassable piece is as in the plain model.
//   - A leg passes through a door when its centre line meets the door's
//     gap (touching counts).

// DoorWidth is the width of a door gap: 1.5", room for a 1" base with a
// little to spare.
const DoorWidth int64 = 1500

// DoorRef names a door: the building's piece ID and the index of the door
// in its Doors list.
type DoorRef struct{ Piece, Index int }

// String is the door's short name, "piece.index", as saves write it.
func (d DoorRef) String() string { return fmt.Sprintf("%d.%d", d.Piece, d.Index) }

// Less orders doors by piece, then index.
func (d DoorRef) Less(e DoorRef) bool {
	return d.Piece < e.Piece || (d.Piece == e.Piece && d.Index < e.Index)
}

// ParseDoorRef reads the form String writes.
func ParseDoorRef(s string) (DoorRef, bool) {
	a, b, ok := strings.Cut(s, ".")
	if !ok {
		return DoorRef{}, false
	}
	p, err1 := strconv.Atoi(a)
	i, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || p < 0 || i < 0 {
		return DoorRef{}, false
	}
	return DoorRef{p, i}, true
}

// Open says which doors are open. A nil Open means every door is closed.
type Open func(DoorRef) bool

func (o Open) is(d DoorRef) bool { return o != nil && o(d) }

// doorGap is one door's gap, worked out when the index is built.
type doorGap struct {
	edge int      // the outline edge it is cut in
	gap  geom.Seg // along the edge, from the edge's start towards its end
}

// buildGaps works out every door gap of every enterable building.
func buildGaps(m *Map) [][]doorGap {
	out := make([][]doorGap, len(m.Pieces))
	for id := range m.Pieces {
		pc := &m.Pieces[id]
		if pc.Props.Going != GoingImpassable || len(pc.Poly) < 3 || len(pc.Doors) == 0 {
			continue
		}
		gs := make([]doorGap, len(pc.Doors))
		for k := range pc.Doors {
			gs[k].edge, gs[k].gap = DoorGapOf(pc, k)
		}
		out[id] = gs
	}
	return out
}

// DoorGapOf is the gap door k leaves in area piece pc's outline, and the
// index of the outline edge it is cut in (for drawing a map without an
// Index).
func DoorGapOf(pc *Piece, k int) (int, geom.Seg) {
	if k < 0 || k >= len(pc.Doors) || len(pc.Poly) < 2 {
		return -1, geom.Seg{}
	}
	dp := pc.Doors[k]
	best, bd := 0, int64(-1)
	for i := range pc.Poly {
		e := pc.Poly.Edge(i)
		if d := geom.Dist2(dp, geom.ClosestOnSeg(e, dp)); bd < 0 || d < bd {
			best, bd = i, d
		}
	}
	return best, gapOn(pc.Poly.Edge(best), dp)
}

// gapOn is the gap a door at p cuts in edge e.
func gapOn(e geom.Seg, p geom.Pt) geom.Seg {
	d := e.B.Sub(e.A)
	l2 := float64(d.Len2())
	if l2 == 0 {
		return geom.Seg{A: e.A, B: e.A}
	}
	l := math.Sqrt(l2)
	t := float64(p.Sub(e.A).Dot(d)) / l2
	h := float64(DoorWidth) / 2 / l
	t0, t1 := max(0, min(1, float64(t-h))), max(0, min(1, float64(t+h)))
	at := func(t float64) geom.Pt {
		return geom.Pt{
			X: e.A.X + int64(math.Round(float64(t*float64(d.X)))),
			Y: e.A.Y + int64(math.Round(float64(t*float64(d.Y)))),
		}
	}
	return geom.Seg{A: at(t0), B: at(t1)}
}

// Enterable reports whether piece id is a building figures may enter: an
// impassable area piece with doors.
func (ix *Index) Enterable(id int) bool {
	return id >= 0 && id < len(ix.gaps) && len(ix.gaps[id]) > 0
}

// Doors lists every door of every enterable building, by piece then index.
func (ix *Index) Doors() []DoorRef {
	var out []DoorRef
	for id, gs := range ix.gaps {
		for k := range gs {
			out = append(out, DoorRef{id, k})
		}
	}
	return out
}

// DoorGap is the gap door d leaves in its wall (a zero segment for a door
// that does not exist).
func (ix *Index) DoorGap(d DoorRef) geom.Seg {
	if !ix.Enterable(d.Piece) || d.Index < 0 || d.Index >= len(ix.gaps[d.Piece]) {
		return geom.Seg{}
	}
	return ix.gaps[d.Piece][d.Index].gap
}

// DoorExists reports whether d names a door of an enterable building.
func (ix *Index) DoorExists(d DoorRef) bool {
	return ix.Enterable(d.Piece) && d.Index >= 0 && d.Index < len(ix.gaps[d.Piece])
}

// DoorsNear lists the doors whose gap comes within reach of p (reach
// included), nearest first, ties by ref.
func (ix *Index) DoorsNear(p geom.Pt, reach int64) []DoorRef {
	type near struct {
		d  DoorRef
		d2 int64
	}
	var ns []near
	for id, gs := range ix.gaps {
		for k, g := range gs {
			if geom.SegWithin(g.gap, p, reach, false) {
				ns = append(ns, near{DoorRef{id, k}, geom.Dist2(p, geom.ClosestOnSeg(g.gap, p))})
			}
		}
	}
	sort.SliceStable(ns, func(a, b int) bool {
		if ns[a].d2 != ns[b].d2 {
			return ns[a].d2 < ns[b].d2
		}
		return ns[a].d.Less(ns[b].d)
	})
	out := make([]DoorRef, len(ns))
	for i, n := range ns {
		out[i] = n.d
	}
	return out
}

// InsideBuilding is the enterable building strictly holding p (the lowest
// ID if several do), or -1.
func (ix *Index) InsideBuilding(p geom.Pt) int {
	for _, id := range ix.all.pointCell(p) {
		if ix.Enterable(int(id)) && ix.bounds[id].ContainsPt(p) && ix.Map.Pieces[id].Poly.PointIn(p) > 0 {
			return int(id)
		}
	}
	return -1
}

// walls calls fn with each stretch of wall of enterable building id, given
// which doors are open, until fn returns true; it reports whether fn did.
func (ix *Index) walls(id int, open Open, fn func(w geom.Seg) bool) bool {
	poly := ix.Map.Pieces[id].Poly
	gs := ix.gaps[id]
	var cut [8]geom.Seg
	for i := range poly {
		e := poly.Edge(i)
		cuts := cut[:0]
		for k, g := range gs {
			if g.edge == i && open.is(DoorRef{id, k}) {
				cuts = append(cuts, g.gap)
			}
		}
		if len(cuts) == 0 {
			if fn(e) {
				return true
			}
			continue
		}
		// slices.SortFunc runs the same pattern-defeating quicksort as
		// sort.Slice, so the order (ties included) is the one it gave,
		// without the allocation sort.Slice makes for its swapper
		slices.SortFunc(cuts, func(a, b geom.Seg) int {
			return cmp.Compare(geom.Dist2(e.A, a.A), geom.Dist2(e.A, b.A))
		})
		from := e.A
		for _, c := range cuts {
			if geom.Dist2(e.A, c.A) > geom.Dist2(e.A, from) {
				if fn(geom.Seg{A: from, B: c.A}) {
					return true
				}
			}
			if geom.Dist2(e.A, c.B) > geom.Dist2(e.A, from) {
				from = c.B
			}
		}
		if from != e.B && fn(geom.Seg{A: from, B: e.B}) {
			return true
		}
	}
	return false
}

// baseOverlapsD is baseOverlaps with enterable buildings taken as walls.
func (ix *Index) baseOverlapsD(id int, b geom.Circle, open Open) bool {
	if !ix.Enterable(id) {
		return ix.baseOverlaps(id, b)
	}
	if b.R == 0 {
		return false
	}
	return ix.walls(id, open, func(w geom.Seg) bool { return geom.SegWithin(w, b.C, b.R, true) })
}

// legOverlapsD is legOverlaps with enterable buildings taken as walls.
func (ix *Index) legOverlapsD(id int, s geom.Seg, r int64, open Open) bool {
	if !ix.Enterable(id) {
		return ix.legOverlaps(id, s, r)
	}
	if r == 0 {
		return ix.walls(id, open, func(w geom.Seg) bool { return geom.SegmentsCrossProperly(w, s) })
	}
	box := segBox(s, r)
	return ix.walls(id, open, func(w geom.Seg) bool { return wallNear(w, s, r, box) })
}

// segBox is s's bounding box grown by r on every side.
func segBox(s geom.Seg, r int64) geom.Rect {
	return geom.Rect{
		Min: geom.Pt{X: min(s.A.X, s.B.X) - r, Y: min(s.A.Y, s.B.Y) - r},
		Max: geom.Pt{X: max(s.A.X, s.B.X) + r, Y: max(s.A.Y, s.B.Y) + r},
	}
}

// wallNear is geom.SegsWithin(w, s, r, true), box being segBox(s, r): a
// wall whose box lies wholly beyond it, more than r from s along an
// axis, is farther than r from s, and is passed over without the exact
// test (most of a building's walls are, for one leg of a move).
func wallNear(w, s geom.Seg, r int64, box geom.Rect) bool {
	if max(w.A.X, w.B.X) < box.Min.X || min(w.A.X, w.B.X) > box.Max.X ||
		max(w.A.Y, w.B.Y) < box.Min.Y || min(w.A.Y, w.B.Y) > box.Max.Y {
		return false
	}
	return geom.SegsWithin(w, s, r, true)
}

// CanStandDoors is CanStand with enterable buildings taken as walls: a
// base may stand inside one, but not across a wall.
func (ix *Index) CanStandDoors(b geom.Circle, open Open) (ok bool, why string) {
	if !ix.OnTable(b) {
		return false, "off the table"
	}
	var buf [32]int
	for _, id := range ix.boxPieces(circleBox(b, 0), buf[:0]) {
		if ix.Map.Pieces[id].Props.Going != GoingImpassable || !ix.baseOverlapsD(id, b, open) {
			continue
		}
		if ix.Enterable(id) {
			return false, "overlaps the wall of " + ix.label(id)
		}
		return false, "overlaps " + ix.label(id)
	}
	return true, ""
}

// PathCostBrief is PathCostDoors for a caller that wants only Length,
// Obstacles, Blocked, and BlockedAt when what blocks is not an enterable
// building: it leaves Difficult 0 and Doors empty, and when a building's
// wall blocks the path it does not search for the last point reached
// (BlockedAt stays the path's end). Those are its costly parts, and a
// move checked again and again (a random player's tries) needs none of
// them.
func (ix *Index) PathCostBrief(path []geom.Pt, baseR int64, open Open) PathCost {
	return ix.pathCost(path, baseR, true, open, true)
}

// PathCostDoors is PathCost with enterable buildings taken as walls. It
// also lists, in Doors, the doors whose gap the centre line passes
// through, in path order (a door met by consecutive legs is listed once).
func (ix *Index) PathCostDoors(path []geom.Pt, baseR int64, open Open) PathCost {
	pc := ix.pathCost(path, baseR, true, open, false)
	for i := 0; i+1 < len(path); i++ {
		s := geom.Seg{A: path[i], B: path[i+1]}
		type hit struct {
			d DoorRef
			t float64
		}
		var hs []hit
		var idbuf [64]int
		for _, id := range ix.legPieces(s, baseR, idbuf[:0]) {
			if !ix.Enterable(id) {
				continue
			}
			for k, g := range ix.gaps[id] {
				if t, ok := firstMeet([]geom.Pt{g.gap.A, g.gap.B}, s); ok {
					hs = append(hs, hit{DoorRef{id, k}, t})
				}
			}
		}
		slices.SortFunc(hs, func(a, b hit) int {
			if a.t < b.t || (a.t == b.t && a.d.Less(b.d)) {
				return -1
			}
			if b.t < a.t || (a.t == b.t && b.d.Less(a.d)) {
				return 1
			}
			return 0
		})
		for _, h := range hs {
			if n := len(pc.Doors); n > 0 && pc.Doors[n-1] == h.d {
				continue
			}
			pc.Doors = append(pc.Doors, h.d)
		}
	}
	return pc
}

// FurthestAlongDoors is FurthestAlong with enterable buildings taken as
// walls.
func (ix *Index) FurthestAlongDoors(from, to geom.Pt, baseR, allowance int64, difficultCost int, open Open) geom.Pt {
	return ix.furthestAlong(from, to, baseR, allowance, difficultCost, true, open)
}

// doorSide is the point baseR+100 out from the middle of door d's gap:
// inside the building when in is true, else outside. It is rounded to the
// grid.
func (ix *Index) doorSide(d DoorRef, baseR int64, in bool) geom.Pt {
	g := ix.gaps[d.Piece][d.Index]
	e := ix.Map.Pieces[d.Piece].Poly.Edge(g.edge)
	dir := e.B.Sub(e.A)
	l := math.Sqrt(float64(dir.Len2()))
	// The left normal (-dy, dx) points inside for a positively oriented
	// outline.
	sg := float64(ix.orient[d.Piece])
	if !in {
		sg = -sg
	}
	k := float64(baseR+100) / l * sg
	// Each step rounded on its own (float64(...)) so no machine fuses a
	// multiply and an add: the same point everywhere.
	mx := float64(float64(g.gap.A.X+g.gap.B.X) / 2)
	my := float64(float64(g.gap.A.Y+g.gap.B.Y) / 2)
	return geom.Pt{
		X: int64(math.Round(float64(mx + float64(-float64(dir.Y)*k)))),
		Y: int64(math.Round(float64(my + float64(float64(dir.X)*k)))),
	}
}

// DoorThrough is the point just beyond door d's gap seen from `from`: the
// middle of the gap plus baseR+100 along the wall's normal, on the other
// side of the wall from `from` (inside the building when from is not
// strictly inside it, outside when it is).
func (ix *Index) DoorThrough(d DoorRef, from geom.Pt, baseR int64) geom.Pt {
	if !ix.DoorExists(d) {
		return from
	}
	in := ix.Map.Pieces[d.Piece].Poly.PointIn(from) <= 0
	return ix.doorSide(d, baseR, in)
}

// RouteDoors finds a way from `from` to `to` through open doors when the
// straight leg is blocked by walls: out of the building holding from
// and/or into the one holding to, one door each, through the points just
// either side of each door. It returns the waypoints after from, ending
// with to, each leg clear by PathCostDoors: the shortest such route, ties
// by door ref. A clear straight leg is returned as [to]. ok is false when
// there is no such route.
func (ix *Index) RouteDoors(from, to geom.Pt, baseR int64, open Open) ([]geom.Pt, bool) {
	clear := func(path []geom.Pt) bool { return ix.pathBlockedDoors(path, baseR, open) < 0 }
	if clear([]geom.Pt{from, to}) {
		return []geom.Pt{to}, true
	}
	bf, bt := ix.InsideBuilding(from), ix.InsideBuilding(to)
	if bf == bt {
		return nil, false
	}
	openOf := func(id int) []DoorRef {
		if id < 0 {
			return []DoorRef{{-1, -1}}
		}
		var ds []DoorRef
		for k := range ix.gaps[id] {
			if d := (DoorRef{id, k}); open.is(d) {
				ds = append(ds, d)
			}
		}
		return ds
	}
	var best []geom.Pt
	var bestLen int64
	for _, out := range openOf(bf) {
		for _, into := range openOf(bt) {
			path := []geom.Pt{from}
			if out.Piece >= 0 {
				path = append(path, ix.doorSide(out, baseR, true), ix.doorSide(out, baseR, false))
			}
			if into.Piece >= 0 {
				path = append(path, ix.doorSide(into, baseR, false), ix.doorSide(into, baseR, true))
			}
			path = append(path, to)
			var l int64
			ok := true
			for i := 0; i+1 < len(path) && ok; i++ {
				ok = clear(path[i : i+2])
				l += geom.Dist(path[i], path[i+1])
			}
			if ok && (best == nil || l < bestLen) {
				best, bestLen = path[1:], l
			}
		}
	}
	return best, best != nil
}

// InnerDoorGapOf is the gap inside door k leaves in piece pc's inner
// wall, and the index (from 1) of the wall segment it is cut in: the
// DoorWidth stretch of the segment nearest the door point, centred on the
// point's foot and cut short at the segment's ends (integer arithmetic).
func InnerDoorGapOf(pc *Piece, k int) (int, geom.Seg) {
	if k < 0 || k >= len(pc.InnerDoors) || len(pc.InnerWall) < 2 {
		return -1, geom.Seg{}
	}
	p := pc.InnerDoors[k]
	best, bd := 1, int64(-1)
	for i := 1; i < len(pc.InnerWall); i++ {
		seg := geom.Seg{A: pc.InnerWall[i-1], B: pc.InnerWall[i]}
		if x := geom.Dist2(p, geom.ClosestOnSeg(seg, p)); bd < 0 || x < bd {
			best, bd = i, x
		}
	}
	seg := geom.Seg{A: pc.InnerWall[best-1], B: pc.InnerWall[best]}
	foot := geom.ClosestOnSeg(seg, p)
	h := DoorWidth / 2
	toward := func(q geom.Pt) geom.Pt {
		v := q.Sub(foot)
		n := geom.Isqrt(v.Len2())
		if n <= h {
			return q
		}
		return geom.Pt{X: foot.X + v.X*h/n, Y: foot.Y + v.Y*h/n}
	}
	return best, geom.Seg{A: toward(seg.A), B: toward(seg.B)}
}
