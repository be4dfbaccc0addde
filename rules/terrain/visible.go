package terrain

import "hedgerow/rules/geom"

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
func (ix *Index) Visible(from geom.Pt, target geom.Circle, o LOSOptions) bool {
	n := o.Rays
	if n <= 0 {
		n = 9
	}
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
