package rules

import (
	"slices"

	"hedgerow/rules/geom"
)

// Near finds the figures close to a point without walking every figure:
// a uniform grid of the figures on the table, by side, built once (build
// it at the start of a command's work, after anything has moved) and
// asked once per figure. Building is linear in the figures, and each
// question looks only at the cells within reach, so "the enemies within d
// of each of my figures" costs in proportion to the figures (at a given
// density) instead of their square.
//
// The grid is a snapshot: a figure moved or removed after NewNear is not
// seen where it now is. Answers are exact (geom.WithinDist) and in
// increasing figure ID, so picking the first is as deterministic as a
// walk over s.Figures.
type Near struct {
	min    geom.Pt
	cs     int64
	nx, ny int
	start  [2][]int32 // per side: figures of cell c are ids[start[c]:start[c+1]]
	ids    [2][]FigID
	pos    [2][]geom.Pt // where each listed figure stood
}

// NewNear builds the grid of the figures still on the table with cells of
// size cell (position units; at least an inch is used). A cell about the
// reach most questions ask about is a good size.
func NewNear(s *State, cell int64) *Near {
	n := &Near{cs: max(cell, geom.PerInch)}
	first := true
	var hi geom.Pt
	live := 0
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed {
			continue
		}
		live++
		if first {
			n.min, hi, first = f.Pos, f.Pos, false
			continue
		}
		n.min.X, n.min.Y = min(n.min.X, f.Pos.X), min(n.min.Y, f.Pos.Y)
		hi.X, hi.Y = max(hi.X, f.Pos.X), max(hi.Y, f.Pos.Y)
	}
	// no more cells than a few per figure: few figures, big cells
	for (hi.X-n.min.X)/n.cs*((hi.Y-n.min.Y)/n.cs) > int64(4*live+16) {
		n.cs *= 2
	}
	n.nx = int((hi.X-n.min.X)/n.cs) + 1
	n.ny = int((hi.Y-n.min.Y)/n.cs) + 1
	for side := 0; side < 2; side++ {
		count := make([]int32, n.nx*n.ny+1)
		for i := range s.Figures {
			if f := &s.Figures[i]; !f.Removed && f.Side == side {
				count[n.cellOf(f.Pos)+1]++
			}
		}
		for c := 1; c < len(count); c++ {
			count[c] += count[c-1]
		}
		ids := make([]FigID, count[len(count)-1])
		pos := make([]geom.Pt, len(ids))
		fill := append([]int32(nil), count[:len(count)-1]...)
		for i := range s.Figures { // in ID order, so each cell is sorted
			if f := &s.Figures[i]; !f.Removed && f.Side == side {
				c := n.cellOf(f.Pos)
				ids[fill[c]], pos[fill[c]] = f.ID, f.Pos
				fill[c]++
			}
		}
		n.start[side], n.ids[side], n.pos[side] = count, ids, pos
	}
	return n
}

func (n *Near) cellOf(p geom.Pt) int {
	x, y := n.clamp((p.X-n.min.X)/n.cs, n.nx), n.clamp((p.Y-n.min.Y)/n.cs, n.ny)
	return y*n.nx + x
}

func (n *Near) clamp(v int64, hi int) int {
	if v < 0 {
		return 0
	}
	if v >= int64(hi) {
		return hi - 1
	}
	return int(v)
}

// floorCell is the cell column (or row) of v, unclamped.
func (n *Near) floorCell(v int64) int64 {
	q := v / n.cs
	if v%n.cs != 0 && v < 0 {
		q--
	}
	return q
}

// Within appends to dst the IDs of side's figures (as they stood when the
// grid was built) whose centres are within d of p (exactly: distance <= d),
// in increasing ID order, and returns it.
func (n *Near) Within(side int, p geom.Pt, d int64, dst []FigID) []FigID {
	if side < 0 || side > 1 || len(n.ids[side]) == 0 || d < 0 {
		return dst
	}
	x0 := max(n.floorCell(p.X-d-n.min.X), 0)
	x1 := min(n.floorCell(p.X+d-n.min.X), int64(n.nx-1))
	y0 := max(n.floorCell(p.Y-d-n.min.Y), 0)
	y1 := min(n.floorCell(p.Y+d-n.min.Y), int64(n.ny-1))
	from := len(dst)
	st, ids, pos := n.start[side], n.ids[side], n.pos[side]
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			c := int(y)*n.nx + int(x)
			for i := st[c]; i < st[c+1]; i++ {
				if geom.WithinDist(p, pos[i], d) {
					dst = append(dst, ids[i])
				}
			}
		}
	}
	slices.Sort(dst[from:])
	return dst
}
