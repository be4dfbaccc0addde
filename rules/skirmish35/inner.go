package skirmish35

import (
	"sync/atomic"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Inside walls and inside doors. A building in the map may have a wall
// inside it (inner_wall) with doors in it (inner_doors); the map data
// decides which doors are inside ones, and the book's cost of forcing a
// locked door follows from it: 1D3 points inside, 2D3 from outside.
//
// An inside door is named like an outside one, a DoorRef on its
// building, its index counted on past the outline's doors; it is shut,
// open, locked or broken like them. The inside wall, less the gaps of
// its open doors, stops figures (their bases may not overlap it,
// standing or moving) and sight (a sight line crossing it is blocked).
// Bursts ignore it: the building is one room for a grenade (house
// value). Either side may lock a shut inside door from beside it; the
// side that locked it may unlock it, the other side forces it.

// fDoorBy is the side (+1) that locked an inside door, per door.
func doorByKey(d terrain.DoorRef) string { return "doorby." + d.String() }

// isInner reports whether d is an inside door.
func isInner(s *rules.State, d terrain.DoorRef) bool {
	if s.Map == nil || d.Piece < 0 || d.Piece >= len(s.Map.Pieces) {
		return false
	}
	pc := &s.Map.Pieces[d.Piece]
	k := d.Index - len(pc.Doors)
	return k >= 0 && k < len(pc.InnerDoors)
}

// innerDoors lists every inside door, in map order.
func innerDoors(s *rules.State) []terrain.DoorRef {
	if s.Map == nil {
		return nil
	}
	var out []terrain.DoorRef
	for id := range s.Map.Pieces {
		pc := &s.Map.Pieces[id]
		for k := range pc.InnerDoors {
			out = append(out, terrain.DoorRef{Piece: id, Index: len(pc.Doors) + k})
		}
	}
	return out
}

// doorPoint is the map point of door d (outline or inside).
func doorPoint(s *rules.State, d terrain.DoorRef) geom.Pt {
	pc := &s.Map.Pieces[d.Piece]
	if d.Index < len(pc.Doors) {
		return pc.Doors[d.Index]
	}
	return pc.InnerDoors[d.Index-len(pc.Doors)]
}

// innerGap is the gap an inside door leaves in its wall, and the wall
// segment it is cut in.
func innerGap(s *rules.State, d terrain.DoorRef) (int, geom.Seg) {
	pc := &s.Map.Pieces[d.Piece]
	k := d.Index - len(pc.Doors)
	if g := gapsOf(s.Map); d.Piece < len(g.inner) && k >= 0 && k < len(g.inner[d.Piece]) {
		e := g.inner[d.Piece][k]
		return e.edge, e.gap
	}
	return terrain.InnerDoorGapOf(pc, k)
}

// mapGaps are the inside doors' gaps of one map (terrain.InnerDoorGapOf
// of each) and the pieces the sight and wall tests walk, worked out
// once: maps are never changed.
type mapGaps struct {
	m      *terrain.Map
	inner  [][]innerGapOf // per piece, per inside door
	walled []int          // the pieces with an inside wall, in map order
	fences []int          // the fences (kind fence, a path of two points or more), in map order
}

type innerGapOf struct {
	edge int
	gap  geom.Seg
}

// lastGaps holds the gaps of the map last asked about (one battle is
// played on one map; another map simply replaces it).
var lastGaps atomic.Pointer[mapGaps]

func gapsOf(m *terrain.Map) *mapGaps {
	if g := lastGaps.Load(); g != nil && g.m == m {
		return g
	}
	g := &mapGaps{m: m, inner: make([][]innerGapOf, len(m.Pieces))}
	for id := range m.Pieces {
		pc := &m.Pieces[id]
		if len(pc.InnerWall) >= 2 {
			g.walled = append(g.walled, id)
		}
		if pc.Kind == "fence" && len(pc.Path) >= 2 {
			g.fences = append(g.fences, id)
		}
		for k := range pc.InnerDoors {
			e, gap := terrain.InnerDoorGapOf(pc, k)
			g.inner[id] = append(g.inner[id], innerGapOf{edge: e, gap: gap})
		}
	}
	lastGaps.Store(g)
	return g
}

// doorGap is the gap of door d, outline or inside.
func doorGap(s *rules.State, d terrain.DoorRef) geom.Seg {
	if isInner(s, d) {
		_, g := innerGap(s, d)
		return g
	}
	return s.Terrain.DoorGap(d)
}

// innerStretches are the standing stretches of building id's inside
// wall: its segments less the gaps of its open doors.
func innerStretches(s *rules.State, id int) []geom.Seg {
	var out []geom.Seg
	eachInnerStretch(s, id, func(w geom.Seg) bool {
		out = append(out, w)
		return false
	})
	return out
}

// eachInnerStretch calls fn with each of innerStretches(s, id), in
// order, until fn says stop (and then says so too); the stretches of a
// segment are cut in buffers on the stack.
func eachInnerStretch(s *rules.State, id int, fn func(geom.Seg) bool) bool {
	pc := &s.Map.Pieces[id]
	var bufA, bufB [8]geom.Seg
	for i := 1; i < len(pc.InnerWall); i++ {
		parts := append(bufA[:0], geom.Seg{A: pc.InnerWall[i-1], B: pc.InnerWall[i]})
		spare := bufB[:0]
		for k := range pc.InnerDoors {
			d := terrain.DoorRef{Piece: id, Index: len(pc.Doors) + k}
			e, g := innerGap(s, d)
			if e != i || !isOpen(s.Var(doorKey(d))) {
				continue
			}
			// cut the gap out of whichever part holds it
			next := spare[:0]
			for _, pt := range parts {
				if !pt.Contains(g.A) || !pt.Contains(g.B) {
					next = append(next, pt)
					continue
				}
				ga, gb := g.A, g.B
				if geom.Dist2(pt.A, ga) > geom.Dist2(pt.A, gb) {
					ga, gb = gb, ga
				}
				if ga != pt.A {
					next = append(next, geom.Seg{A: pt.A, B: ga})
				}
				if gb != pt.B {
					next = append(next, geom.Seg{A: gb, B: pt.B})
				}
			}
			parts, spare = next, parts
		}
		for _, w := range parts {
			if fn(w) {
				return true
			}
		}
	}
	return false
}

// innerWallHit is the building whose inside wall (as it stands, open
// doors left out) comes within r of segment a-b (strictly: touching is
// allowed), or -1. With r 0 it is whether the line crosses the wall.
func innerWallHit(s *rules.State, a, b geom.Pt, r int64) int {
	if s.Map == nil {
		return -1
	}
	seg := geom.Seg{A: a, B: b}
	for _, id := range gapsOf(s.Map).walled {
		if w := s.Map.Pieces[id].InnerWall; !innerWallNear(w, seg, r) {
			continue
		}
		if eachInnerStretch(s, id, func(w geom.Seg) bool {
			if r == 0 {
				return geom.SegmentsIntersect(seg, w)
			}
			return geom.SegsWithin(w, seg, r, true)
		}) {
			return id
		}
	}
	return -1
}

// innerWallNear is whether segment seg comes near enough wall (the
// inside wall whole, its door gaps not cut out) to meet it as
// innerWallHit asks: a standing stretch is part of a segment of the
// wall, so a line that meets no whole segment meets none of them, and
// the stretches (which look up each door) need not be made.
func innerWallNear(wall []geom.Pt, seg geom.Seg, r int64) bool {
	lo, hi := geom.Pt{X: min(seg.A.X, seg.B.X) - r, Y: min(seg.A.Y, seg.B.Y) - r},
		geom.Pt{X: max(seg.A.X, seg.B.X) + r, Y: max(seg.A.Y, seg.B.Y) + r}
	for i := 1; i < len(wall); i++ {
		w := geom.Seg{A: wall[i-1], B: wall[i]}
		if max(w.A.X, w.B.X) < lo.X || min(w.A.X, w.B.X) > hi.X ||
			max(w.A.Y, w.B.Y) < lo.Y || min(w.A.Y, w.B.Y) > hi.Y {
			continue // apart by more than r along an axis
		}
		if r == 0 {
			if geom.SegmentsIntersect(seg, w) {
				return true
			}
		} else if geom.SegsWithin(w, seg, r, true) {
			return true
		}
	}
	return false
}

// innerPathProblem says why a move along legs runs into an inside wall
// ("" when it does not).
func innerPathProblem(s *rules.State, legs []geom.Pt) string {
	for i := 1; i < len(legs); i++ {
		if id := innerWallHit(s, legs[i-1], legs[i], s.BaseR); id >= 0 {
			return "the path meets the inside wall of " + rules.PieceName(s, id) + " (go through its door, opened)"
		}
	}
	return ""
}

// forceDiceOf is how many D3 forcing locked door d costs: the book's 1D3
// for an inside door, 2D3 for an outside one.
func forceDiceOf(s *rules.State, d terrain.DoorRef) int {
	if isInner(s, d) {
		return 1
	}
	return 2
}
