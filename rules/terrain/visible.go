package terrain

import (
	"slices"
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
	if ix.memo == nil || o.Stops != nil {
		return ix.visible(from, target, o, n)
	}
	k := sightKey(from, target, o, n)
	if o.WoodsHinderFromHeight {
		k.near = 2 // as LineOfSight's key: the answer differs from a height
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
	// by: the piece that stopped the last flat ray. Neighbouring rays
	// are mostly stopped by the same hedge or wall, and a ray is stopped
	// exactly when any one piece stops it (stoppedBy), so that piece is
	// asked first: one test instead of a walk along the ray's cells.
	by := -1
	for k := 0; k < len(rays); k++ {
		// m, m-1, m+1, m-2, m+2, ... (every index once)
		i := m + (k+1)/2
		if k%2 == 1 {
			i = m - (k+1)/2
		}
		s := geom.Seg{A: from, B: rays[i]}
		if o.FigureHeight > 0 || o.Stops != nil {
			if ix.raySeen(s, target.C, ea, eb, o) {
				return true
			}
			continue
		}
		if by >= 0 && ix.pieceStops(by, s, target.C, ea, eb, false, o.WoodsHinderFromHeight) {
			continue
		}
		id, stop := ix.stoppedBy(s, target.C, ea, eb, false, o.WoodsHinderFromHeight)
		if !stop {
			return true
		}
		by = id
	}
	return false
}

// raySeen is LineOfSight's test of whether one ray shows the target (in
// three dimensions: its helmet).
func (ix *Index) raySeen(s geom.Seg, centre geom.Pt, ea, eb int64, o LOSOptions) bool {
	if o.Stops != nil && o.Stops(s) {
		return false
	}
	if o.FigureHeight > 0 {
		th := o.TargetHeight
		if th <= 0 {
			th = o.FigureHeight
		}
		return !ix.stopped3D(s, centre, ea+o.FigureHeight, eb+th, false, nil)
	}
	return !ix.stopped(s, centre, ea, eb, false, o.WoodsHinderFromHeight)
}

// memoKey is everything a sight answer depends on besides the map. For
// Visible, near is 0 or 2 (IgnoreNearFirer does not change it;
// WoodsHinderFromHeight does); a flat query
// has fh = th = 0.
type memoKey struct {
	from, c geom.Pt
	r, rays int64
	fh, th  int64
	near    int64
}

func sightKey(from geom.Pt, target geom.Circle, o LOSOptions, n int) memoKey {
	k := memoKey{from: from, c: target.C, r: target.R, rays: int64(n)}
	if o.FigureHeight > 0 {
		k.fh, k.th = o.FigureHeight, o.TargetHeight
		if k.th <= 0 {
			k.th = o.FigureHeight
		}
	}
	return k
}

// The sight memo is two direct-mapped tables (a new answer replaces
// whatever shared its slot), so they never grow past a bound: at most
// 4,096 visibility answers (about 300 KB) and 1,024 full ones (about
// 150 KB plus their crossing lists). Each starts small on first use and
// doubles when an answer would push out another, so a short game on a
// small map pays for a small table.
const (
	visSlots   = 1 << 12
	fullSlots  = 1 << 10
	firstSlots = 1 << 8
)

type visSlot struct {
	k     memoKey
	v, ok bool
}

type fullSlot struct {
	k   memoKey
	los LOS
	ok  bool
}

// sightMemo remembers sight answers. The index is shared between games
// and goroutines, so a mutex guards it.
type sightMemo struct {
	mu   sync.Mutex
	vis  []visSlot
	full []fullSlot
}

// slot spreads a key over a table of n slots (a power of two).
func (k *memoKey) slot(n int) int {
	h := uint64(k.from.X)*0x9e3779b97f4a7c15 ^ uint64(k.from.Y)*0xc2b2ae3d27d4eb4f ^
		uint64(k.c.X)*0x165667b19e3779f9 ^ uint64(k.c.Y)*0x27d4eb2f165667c5 ^
		uint64(k.r)*0x94d049bb133111eb ^ uint64(k.rays+k.fh<<8+k.th<<32+k.near<<62)*0xbf58476d1ce4e5b9
	return int((h >> 32) & uint64(n-1)) // high bits: every input bit reaches them
}

func (m *sightMemo) get(k *memoKey) (bool, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.vis) == 0 {
		return false, false
	}
	if sl := &m.vis[k.slot(len(m.vis))]; sl.ok && sl.k == *k {
		return sl.v, true
	}
	return false, false
}

func (m *sightMemo) put(k *memoKey, v bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.vis) == 0 {
		m.vis = make([]visSlot, firstSlots)
	}
	i := k.slot(len(m.vis))
	if m.vis[i].ok && len(m.vis) < visSlots {
		old := m.vis
		m.vis = make([]visSlot, 2*len(old))
		for _, sl := range old {
			if sl.ok {
				m.vis[sl.k.slot(len(m.vis))] = sl
			}
		}
		i = k.slot(len(m.vis))
	}
	m.vis[i] = visSlot{k: *k, v: v, ok: true}
}

// getFull returns a remembered full answer, with its own copies of the
// lists (the caller may keep or change them).
func (m *sightMemo) getFull(k *memoKey) (LOS, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.full) == 0 {
		return LOS{}, false
	}
	if sl := &m.full[k.slot(len(m.full))]; sl.ok && sl.k == *k {
		return sl.los.clone(), true
	}
	return LOS{}, false
}

func (m *sightMemo) putFull(k *memoKey, los LOS) {
	los = los.clone()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.full) == 0 {
		m.full = make([]fullSlot, firstSlots/4)
	}
	i := k.slot(len(m.full))
	if m.full[i].ok && len(m.full) < fullSlots {
		old := m.full
		m.full = make([]fullSlot, 2*len(old))
		for _, sl := range old {
			if sl.ok {
				m.full[sl.k.slot(len(m.full))] = sl
			}
		}
		i = k.slot(len(m.full))
	}
	m.full[i] = fullSlot{k: *k, los: los, ok: true}
}

// clone copies the answer's lists (nil stays nil).
func (l LOS) clone() LOS {
	l.PartBy = slices.Clone(l.PartBy)
	l.Crossings = slices.Clone(l.Crossings)
	return l
}

// LineOfSight answers whether a firer with its eye at from sees a target
// base, with the reasons: rays to points across the base, the pieces the
// centre line crosses, hindrances and the target's cover (see
// lineOfSight). Answers are remembered, as Visible's are; each caller
// gets its own copy of the lists.
func (ix *Index) LineOfSight(from geom.Pt, target geom.Circle, o LOSOptions) LOS {
	if ix.memo == nil || o.Stops != nil {
		return ix.lineOfSight(from, target, o)
	}
	n := o.Rays
	if n <= 0 {
		n = 9
	}
	k := sightKey(from, target, o, n)
	if o.IgnoreNearFirer {
		k.near = 1
	}
	if o.WoodsHinderFromHeight {
		k.near |= 2
	}
	if los, ok := ix.memo.getFull(&k); ok {
		return los
	}
	los := ix.lineOfSight(from, target, o)
	ix.memo.putFull(&k, los)
	return los
}
