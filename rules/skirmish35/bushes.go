package skirmish35

import (
	"sync"
	"sync/atomic"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Bushes are height-tested like walls (the book: the height tester
// decides whether walls and bushes hinder, and only bushes and high walls
// that fail it block the line). The shared terrain makes every hedge stop
// a sight line, so this rule set asks its sight questions of a copy of
// the map in which hedges are seen through (Sight none, their cover and
// height kept): the terrain then lists each hedge the centre line
// crosses, and lookAt's height test hides the target behind one as high
// or higher than it, or counts it a hindrance when lower.
//
// sightIx is that copy's index (the state's own when the map has no
// hedge), built once per map and kept.
func sightIx(s *rules.State) *terrain.Index {
	ix := s.Terrain
	if ix == nil || ix.Map == nil {
		return ix
	}
	if e := lastSight.Load(); e != nil && e.from == ix {
		return e.to
	}
	sightIxs.mu.Lock()
	defer sightIxs.mu.Unlock()
	for _, e := range sightIxs.of {
		if e.from == ix {
			lastSight.Store(e)
			return e.to
		}
	}
	e := &sightEntry{from: ix, to: bushless(ix)}
	if len(sightIxs.of) < 4 {
		sightIxs.of = append(sightIxs.of, e)
	} else {
		sightIxs.of[sightIxs.next] = e
		sightIxs.next = (sightIxs.next + 1) % 4
	}
	lastSight.Store(e)
	return e.to
}

// bushless builds the index of ix's map with its hedges seen through, or
// gives back ix when it has none.
func bushless(ix *terrain.Index) *terrain.Index {
	m := ix.Map
	any := false
	for i := range m.Pieces {
		if heightTested(&m.Pieces[i]) {
			any = true
			break
		}
	}
	if !any {
		return ix
	}
	cp := *m
	cp.Pieces = make([]terrain.Piece, len(m.Pieces))
	copy(cp.Pieces, m.Pieces)
	for i := range cp.Pieces {
		if heightTested(&cp.Pieces[i]) {
			cp.Pieces[i].Props.Sight = terrain.SightNone
		}
	}
	return terrain.NewIndex(&cp)
}

// heightTested reports whether a piece is bushes the terrain would let
// stop sight outright: a hedge (bocage is the tall hedge, always higher
// than a man, and stays as it is).
func heightTested(pc *terrain.Piece) bool {
	return pc.Kind == "hedge" && pc.Props.Linear && pc.Props.Height > 0 && pc.Props.Sight == terrain.SightBlocks
}

type sightEntry struct {
	from, to *terrain.Index
}

var lastSight atomic.Pointer[sightEntry]

var sightIxs struct {
	mu   sync.Mutex
	of   []*sightEntry
	next int
}
