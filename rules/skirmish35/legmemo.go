package skirmish35

import (
	"sync"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// A compelled figure's runs are tried again at every listing while
// nothing about it changes, and most of the tries end on a wall. The
// terrain's cost of a straight leg depends only on the map, the two
// ends, the base and which doors stand open, so the answer (whether it
// is blocked, how many obstacles it crosses) is kept for the next ask.

// doorsOpen is which of the map's outline doors stand open, one bit each
// in the terrain's order; ok is false when there are more than 64.
type doorsOpen struct {
	bits uint64
	ok   bool
}

func doorsOpenOf(s *rules.State, open terrain.Open) doorsOpen {
	var d doorsOpen
	n := 0
	for id := range s.Map.Pieces {
		if !s.Terrain.Enterable(id) {
			continue
		}
		for k := 0; ; k++ {
			ref := terrain.DoorRef{Piece: id, Index: k}
			if !s.Terrain.DoorExists(ref) {
				break
			}
			if n == 64 {
				return doorsOpen{}
			}
			if open(ref) {
				d.bits |= 1 << uint(n)
			}
			n++
		}
	}
	d.ok = true
	return d
}

type legKey struct {
	ix   *terrain.Index
	a, b geom.Pt
	r    int64
	open uint64
}

// legCost is what moveOK needs of a straight leg's PathCostDoors (which
// PathCostBrief gives alike).
type legCost struct{ blocked, obstacles int }

var legMemo struct {
	sync.Mutex
	m map[legKey]legCost
}

// legMemoMax bounds the answers kept: the lot is dropped when full.
const legMemoMax = 1 << 14

// straightLeg is the blocking piece (-1: none) and the obstacle count of
// s.Terrain.PathCostDoors([]geom.Pt{a, b}, s.BaseR, open), with dm the
// doors open.
func straightLeg(s *rules.State, a, b geom.Pt, open terrain.Open, dm doorsOpen) legCost {
	if !dm.ok {
		pc := s.Terrain.PathCostBrief([]geom.Pt{a, b}, s.BaseR, open)
		return legCost{pc.Blocked, len(pc.Obstacles)}
	}
	k := legKey{ix: s.Terrain, a: a, b: b, r: s.BaseR, open: dm.bits}
	legMemo.Lock()
	c, hit := legMemo.m[k]
	legMemo.Unlock()
	if hit {
		return c
	}
	pc := s.Terrain.PathCostBrief([]geom.Pt{a, b}, s.BaseR, open)
	c = legCost{pc.Blocked, len(pc.Obstacles)}
	legMemo.Lock()
	if legMemo.m == nil || len(legMemo.m) >= legMemoMax {
		legMemo.m = make(map[legKey]legCost)
	}
	legMemo.m[k] = c
	legMemo.Unlock()
	return c
}
