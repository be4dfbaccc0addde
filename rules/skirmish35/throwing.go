package skirmish35

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// ---- throwing over obstacles ----

// wallsCrossed lists, nearest first, where the throw from a to b crosses
// a linear piece standing up from the table (hedge, wall, fence, bocage),
// more than 1" from the thrower, with the piece.
func wallsCrossed(s *rules.State, a, b geom.Pt) []struct {
	at    geom.Pt
	piece int
} {
	var out []struct {
		at    geom.Pt
		piece int
	}
	if s.Map == nil {
		return nil
	}
	seg := geom.Seg{A: a, B: b}
	for i := range s.Map.Pieces {
		pc := &s.Map.Pieces[i]
		if !pc.Props.Linear || pc.Props.Height <= 0 || len(pc.Path) < 2 {
			continue
		}
		for k := 0; k+1 < len(pc.Path); k++ {
			e := geom.Seg{A: pc.Path[k], B: pc.Path[k+1]}
			if !geom.SegmentsIntersect(seg, e) {
				continue
			}
			num, den, ok := geom.IntersectParam(seg, e)
			if !ok {
				continue
			}
			d := b.Sub(a)
			x := geom.Pt{X: a.X + d.X*num/den, Y: a.Y + d.Y*num/den}
			if within(a, x, geom.PerInch) {
				continue
			}
			out = append(out, struct {
				at    geom.Pt
				piece int
			}{x, i})
			break
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && geom.Dist2(a, out[j].at) < geom.Dist2(a, out[j-1].at); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// nearWall reports whether p lies closer to piece id's line than its
// height.
func nearWall(s *rules.State, id int, p geom.Pt) bool {
	pc := &s.Map.Pieces[id]
	for k := 0; k+1 < len(pc.Path); k++ {
		if geom.SegWithin(geom.Seg{A: pc.Path[k], B: pc.Path[k+1]}, p, pc.Props.Height, true) {
			return true
		}
	}
	return false
}

// overWallProblem: a grenade thrown over an obstacle more than 1" away
// may not be aimed beyond it nearer than the obstacle's height.
func overWallProblem(s *rules.State, a, p geom.Pt) string {
	for _, w := range wallsCrossed(s, a, p) {
		if nearWall(s, w.piece, p) {
			return fmt.Sprintf("aim further beyond %s: at least its height (%s\") past it", rules.PieceName(s, w.piece), rules.InchText(s.Map.Pieces[w.piece].Props.Height))
		}
	}
	return ""
}

// wallFall is where a grenade thrown from a that would land at b comes
// down: if it lands beyond an obstacle within the obstacle's height, it
// hits the obstacle and drops at its foot on the thrower's side.
func wallFall(s *rules.State, a, b geom.Pt) (geom.Pt, int) {
	for _, w := range wallsCrossed(s, a, b) {
		if nearWall(s, w.piece, b) {
			return towards(w.at, a, geom.PerInch/2), w.piece
		}
	}
	return b, -1
}
