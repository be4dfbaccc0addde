package terrain

import "hedgerow/rules/geom"

// boxPieces appends the IDs of every piece whose bounding box overlaps r,
// once each, in increasing ID order.
func (ix *Index) boxPieces(r geom.Rect, out []int) []int {
	g := &ix.all
	x0, y0 := g.cell(r.Min)
	x1, y1 := g.cell(r.Max)
	var sn seen
	start := len(out)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			for _, id := range g.at(x, y) {
				if sn.first(id) && ix.bounds[id].Overlaps(r) {
					out = append(out, int(id))
				}
			}
		}
	}
	// Cells are each in ID order; merge by insertion sort, dropping repeats
	// (maps too big for the seen set may list a piece more than once).
	c := out[start:]
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j] < c[j-1]; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	k := start
	for i := start; i < len(out); i++ {
		if i == start || out[i] != out[k-1] {
			out[k] = out[i]
			k++
		}
	}
	return out[:k]
}

func circleBox(c geom.Circle, grow int64) geom.Rect {
	r := c.R + grow
	return geom.Rect{Min: geom.Pt{X: c.C.X - r, Y: c.C.Y - r}, Max: geom.Pt{X: c.C.X + r, Y: c.C.Y + r}}
}

// pathNear reports exactly whether some point of polyline path is within r
// of p (strictly closer when strict).
func pathNear(path []geom.Pt, p geom.Pt, r int64, strict bool) bool {
	for i := 0; i+1 < len(path); i++ {
		if geom.SegWithin(geom.Seg{A: path[i], B: path[i+1]}, p, r, strict) {
			return true
		}
	}
	return len(path) == 1 && geom.SegWithin(geom.Seg{A: path[0], B: path[0]}, p, r, strict)
}

// pathMeets reports exactly whether segment s shares a point with the
// polyline path.
func pathMeets(path []geom.Pt, s geom.Seg) bool {
	for i := 0; i+1 < len(path); i++ {
		if geom.SegmentsIntersect(geom.Seg{A: path[i], B: path[i+1]}, s) {
			return true
		}
	}
	return false
}

// CoverFor is the cover a target base has against a firer at from:
//   - from an area piece its centre stands in (on the outline counts), or
//   - from a linear piece its base touches (within half the piece's width
//     of the drawn line, touching counts) that lies between it and the
//     firer: the line from the firer to the target's centre meets the
//     drawn line.
//
// The best cover wins; between equals, the lowest piece ID. It returns
// CoverNone and -1 when the target has none.
func (ix *Index) CoverFor(target geom.Circle, from geom.Pt) (Cover, int) {
	best, bestID := CoverNone, -1
	var buf [32]int
	for _, id := range ix.boxPieces(circleBox(target, 0), buf[:0]) {
		pc := &ix.Map.Pieces[id]
		if pc.Props.Cover <= best {
			continue
		}
		switch {
		case len(pc.Poly) > 0:
			if pc.Poly.PointIn(target.C) < 0 {
				continue
			}
		case len(pc.Path) > 0:
			if !pathNear(pc.Path, target.C, target.R+pc.Props.Width/2, false) ||
				!pathMeets(pc.Path, geom.Seg{A: from, B: target.C}) {
				continue
			}
		default:
			continue
		}
		best, bestID = pc.Props.Cover, id
	}
	return best, bestID
}
