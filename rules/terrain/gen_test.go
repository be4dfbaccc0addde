package terrain

import (
	"math"
	"math/rand/v2"

	"hedgerow/rules/geom"
)

// genMap builds a random table of n pieces: convex and concave polygons
// (star shapes, rectangles, L shapes) of every sight kind and hedges, with
// corners on a grid of snap units so that many lines run through corners
// and along edges.
func genMap(rng *rand.Rand, n int, w, h, snap, size int64) *Map {
	m := &Map{Name: "generated", Width: w, Height: h}
	kinds := []string{"building", "woods", "hill", "field", "hedge", "bocage", "building", "woods", "rough", "water", "low-wall"}
	sn := func(v int64) int64 { return (v / snap) * snap }
	for len(m.Pieces) < n {
		kn := kinds[rng.IntN(len(kinds))]
		k, _ := KindByName(kn)
		p := Piece{ID: len(m.Pieces), Kind: kn, Props: k.Props}
		c := geom.Pt{X: sn(rng.Int64N(w)), Y: sn(rng.Int64N(h))}
		if k.Linear {
			q := c
			p.Path = append(p.Path, q)
			for i := 1 + rng.IntN(4); i > 0; i-- {
				q = geom.Pt{X: q.X + sn(rng.Int64N(2*size)-size), Y: q.Y + sn(rng.Int64N(2*size)-size)}
				if q != p.Path[len(p.Path)-1] {
					p.Path = append(p.Path, q)
				}
			}
			if len(p.Path) < 2 {
				continue
			}
		} else {
			switch rng.IntN(3) {
			case 0: // rectangle
				a, b := sn(rng.Int64N(size))+snap, sn(rng.Int64N(size))+snap
				p.Poly = geom.Polygon{c, {X: c.X + a, Y: c.Y}, {X: c.X + a, Y: c.Y + b}, {X: c.X, Y: c.Y + b}}
			case 1: // L shape
				a, b := sn(rng.Int64N(size))+2*snap, sn(rng.Int64N(size))+2*snap
				a2, b2 := sn(a/2)+0, sn(b/2)
				if a2 == 0 || b2 == 0 {
					continue
				}
				p.Poly = geom.Polygon{c, {X: c.X + a, Y: c.Y}, {X: c.X + a, Y: c.Y + b2}, {X: c.X + a2, Y: c.Y + b2}, {X: c.X + a2, Y: c.Y + b}, {X: c.X, Y: c.Y + b}}
			default: // star shape, convex or concave
				nv := 3 + rng.IntN(7)
				angs := make([]float64, nv)
				for i := range angs {
					angs[i] = rng.Float64() * 2 * math.Pi
				}
				sortF(angs)
				convex := rng.IntN(2) == 0
				for _, a := range angs {
					r := float64(size) * (0.5 + rng.Float64()/2)
					if convex {
						r = float64(size) * 0.8
					}
					p.Poly = append(p.Poly, geom.Pt{X: c.X + sn(int64(r*math.Cos(a))), Y: c.Y + sn(int64(r*math.Sin(a)))})
				}
			}
			if len(p.Poly) < 3 || p.Poly.SelfIntersects() || p.Poly.Orientation() == 0 {
				continue
			}
			if rng.IntN(2) == 0 { // both orientations
				for i, j := 0, len(p.Poly)-1; i < j; i, j = i+1, j-1 {
					p.Poly[i], p.Poly[j] = p.Poly[j], p.Poly[i]
				}
			}
		}
		m.Pieces = append(m.Pieces, p)
	}
	return m
}

func sortF(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// genPoint picks a query point: often a corner, a point on an edge or on an
// edge's line beyond it, otherwise a grid point or any point.
func genPoint(rng *rand.Rand, m *Map, snap int64) geom.Pt {
	p := &m.Pieces[rng.IntN(len(m.Pieces))]
	pts := []geom.Pt(p.Poly)
	if len(pts) == 0 {
		pts = p.Path
	}
	i := rng.IntN(len(pts))
	u, w := pts[i], pts[(i+1)%len(pts)]
	switch rng.IntN(6) {
	case 0:
		return u
	case 1:
		return geom.Pt{X: (u.X + w.X) / 2, Y: (u.Y + w.Y) / 2}
	case 2:
		k := []int64{-3, -2, -1, 2, 3}[rng.IntN(5)]
		return geom.Pt{X: u.X + (w.X-u.X)*k, Y: u.Y + (w.Y-u.Y)*k}
	case 3:
		return geom.Pt{X: rng.Int64N(m.Width), Y: rng.Int64N(m.Height)}
	}
	return geom.Pt{X: (rng.Int64N(m.Width) / snap) * snap, Y: (rng.Int64N(m.Height) / snap) * snap}
}
