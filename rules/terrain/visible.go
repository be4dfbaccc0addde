package terrain

import (
	"sync"

	"hedgerow/rules/geom"
)

// Visible answers only whether a firer with its eye at from can see any
// part of a target base: exactly LineOfSight(from, target, o).Vis !=
// Blocked, with the same rays and the same tests on each, but it stops at
// the first ray that shows the target and works out neither the centre
// line's crossings nor the target's cover. It allocates nothing (for up to
// 32 rays). Listing legal commands needs only this; the card and the roll
// still ask LineOfSight for the full answer.
//
// The middle ray (the centre, for an odd count) is tried first and then
// the others from the middle outwards, as the centre is the likeliest to
// be open; the order changes only how soon it stops, never the answer.
//
// Answers are remembered (sightMemo): the map never changes, so the same
// question always has the same answer, and between two commands most
// figures have not moved.
func (ix *Index) Visible(from geom.Pt, target geom.Circle, o LOSOptions) bool {
	n := o.Rays
	if n <= 0 {
		n = 9
	}
	if ix.memo == nil {
		return ix.visible(from, target, o, n)
	}
	k := memoKey{from: from, c: target.C, r: target.R, rays: int64(n)}
	if o.FigureHeight > 0 {
		k.fh, k.th = o.FigureHeight, o.TargetHeight
		if k.th <= 0 {
			k.th = o.FigureHeight
		}
	}
	if v, ok := ix.memo.get(&k); ok {
		return v
	}
	v := ix.visible(from, target, o, n)
	ix.memo.put(&k, v)
	return v
}

// visible is Visible worked out afresh.
func (ix *Index) visible(from geom.Pt, target geom.Circle, o LOSOptions, n int) bool {
	ea, eb := ix.Elevation(from), ix.Elevation(target.C)
	var pts [32]geom.Pt
	rays := rayTargets(from, target, n, pts[:0])
	m := len(rays) / 2
	for k := 0; k < len(rays); k++ {
		// m, m-1, m+1, m-2, m+2, ... (every index once)
		i := m + (k+1)/2
		if k%2 == 1 {
			i = m - (k+1)/2
		}
		if ix.raySeen(geom.Seg{A: from, B: rays[i]}, target.C, ea, eb, o) {
			return true
		}
	}
	return false
}

// raySeen is LineOfSight's test of whether one ray shows the target (in
// three dimensions: its helmet).
func (ix *Index) raySeen(s geom.Seg, centre geom.Pt, ea, eb int64, o LOSOptions) bool {
	if o.FigureHeight > 0 {
		th := o.TargetHeight
		if th <= 0 {
			th = o.FigureHeight
		}
		return !ix.stopped3D(s, centre, ea+o.FigureHeight, eb+th, false, nil)
	}
	return !ix.stopped(s, centre, ea, eb, false)
}

// memoKey is everything Visible's answer depends on besides the map
// (IgnoreNearFirer does not change it; a flat query has fh = th = 0).
type memoKey struct {
	from, c geom.Pt
	r, rays int64
	fh, th  int64
}

// memoSlots is the size of the sight memo: a direct-mapped table (a new
// answer replaces whatever shared its slot), so it never grows: 64 bytes a
// slot, half a megabyte a map.
const memoSlots = 1 << 13 // slot() takes 13 bits

type memoSlot struct {
	k     memoKey
	v, ok bool
}

// sightMemo remembers Visible's answers. The index is shared between
// games and goroutines, so a mutex guards it.
type sightMemo struct {
	mu    sync.Mutex
	slots [memoSlots]memoSlot
}

func (k *memoKey) slot() int {
	h := uint64(k.from.X)*0x9e3779b97f4a7c15 ^ uint64(k.from.Y)*0xc2b2ae3d27d4eb4f ^
		uint64(k.c.X)*0x165667b19e3779f9 ^ uint64(k.c.Y)*0x27d4eb2f165667c5 ^
		uint64(k.r)*0x94d049bb133111eb ^ uint64(k.rays+k.fh<<8+k.th<<32)*0xbf58476d1ce4e5b9
	return int(h >> (64 - 13)) // the top bits: every input bit reaches them
}

func (m *sightMemo) get(k *memoKey) (bool, bool) {
	i := k.slot()
	m.mu.Lock()
	sl := m.slots[i]
	m.mu.Unlock()
	if sl.ok && sl.k == *k {
		return sl.v, true
	}
	return false, false
}

func (m *sightMemo) put(k *memoKey, v bool) {
	i := k.slot()
	m.mu.Lock()
	m.slots[i] = memoSlot{k: *k, v: v, ok: true}
	m.mu.Unlock()
}
