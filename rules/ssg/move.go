package ssg

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// maxWaypoints bounds a move's path so a hostile save cannot stall the
// engine.
const maxWaypoints = 64

// MoveCheck measures a proposed move (waypoints after the figure's
// position) for the tape, and says why it is refused if it is.
func (SSG) MoveCheck(s *rules.State, fig rules.FigID, path []geom.Pt) rules.MoveInfo {
	return moveCheck(s, fig, path)
}

func moveCheck(s *rules.State, fig rules.FigID, path []geom.Pt) rules.MoveInfo {
	info := rules.MoveInfo{Allowance: Move}
	f := s.Fig(fig)
	if f == nil {
		info.Why = "there is no such figure"
		return info
	}
	info.Stop = f.Pos
	info.Legs = []geom.Pt{f.Pos}
	if f.Removed {
		info.Why = f.Name + " has been removed from play"
		return info
	}
	if len(path) == 0 {
		info.Why = "give the point to move to"
		return info
	}
	if len(path) > maxWaypoints {
		info.Why = fmt.Sprintf("a move may have at most %d waypoints", maxWaypoints)
		return info
	}
	for _, p := range path {
		if !onTable(s, p) {
			info.Why = fmt.Sprintf("%s would leave the table", f.Name)
			return info
		}
	}
	if startsInContact(s, f) {
		info.Why = f.Name + " is already within 1\" of an enemy and may not move"
		return info
	}

	// Follow the path until it first comes within 1" of an enemy.
	legs := make([]geom.Pt, 1, len(path)+1)
	legs[0] = f.Pos
	stopped := rules.FigID(0)
	for _, p := range path {
		a := legs[len(legs)-1]
		at, who := firstContact(s, a, p, 1-f.Side)
		if who != 0 {
			legs = append(legs, at)
			stopped = who
			break
		}
		legs = append(legs, p)
	}
	info.Legs = legs
	info.Stop = legs[len(legs)-1]
	var length int64
	for i := 1; i < len(legs); i++ {
		length += geom.Dist(legs[i-1], legs[i])
	}
	if len(legs) == 2 && geom.WithinDist(legs[0], legs[1], Move) && length > Move {
		length = Move // rounding only: the single leg is exactly within 4"
	}
	info.Length, info.Cost = length, length

	if length > Move {
		info.Why = fmt.Sprintf("%s may move at most 4\"; this path is %s\"", f.Name, rules.InchTextPast(length, Move))
		return info
	}
	if id, _ := sweepBlocked(s, legs); id >= 0 {
		info.Why = fmt.Sprintf("the path runs through impassable %s", rules.PieceName(s, id))
		return info
	}
	if why := standProblem(s, f.ID, info.Stop); why != "" {
		info.Why = fmt.Sprintf("%s cannot end there: %s", f.Name, why)
		return info
	}
	switch {
	case s.Over:
		info.Why = "the game is over"
	case s.Phase != PhaseMove:
		info.Why = fmt.Sprintf("figures move only in the movement phase (this is the %s phase)", s.Phase)
	case f.Side != s.Active:
		info.Why = fmt.Sprintf("it is %s turn", rules.Possessive(s.Sides[s.Active].Name))
	case f.Var(VarMoved) != 0:
		info.Why = f.Name + " has already moved this turn"
	default:
		info.OK = true
		if stopped != 0 {
			info.Why = fmt.Sprintf("stops: within 1\" of %s", s.Fig(stopped).Name)
		}
	}
	return info
}

func applyMove(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if c.Unit != 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, fmt.Errorf("a move names one figure and its path: %q", c.String())
	}
	info := moveCheck(s, c.Fig, c.Path)
	if !info.OK {
		return nil, fmt.Errorf("%s", info.Why)
	}
	f := s.Fig(c.Fig)
	f.Pos = info.Stop
	f.SetVar(VarMoved, 1)
	text := fmt.Sprintf("%s moves %s\"", f.Name, rules.InchText(info.Length))
	if info.Why != "" {
		text += " and " + info.Why
	}
	return []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: info.Legs, Text: text}}, nil
}

func onTable(s *rules.State, p geom.Pt) bool {
	if s.Map == nil {
		return true
	}
	r := s.BaseR
	return p.X-r >= 0 && p.Y-r >= 0 && p.X+r <= s.Map.Width && p.Y+r <= s.Map.Height
}

func startsInContact(s *rules.State, f *rules.Figure) bool {
	for i := range s.Figures {
		e := &s.Figures[i]
		if e.Side != 1-f.Side || e.Removed {
			continue
		}
		if inContact(s, f.Pos, e.Pos) {
			return true
		}
	}
	return false
}

// firstContact finds the first point of segment a->b within 1" (base edge
// to base edge) of any figure of the enemy side still on the table, and
// the enemy met there (0 for none). The point is on the grid and is
// itself exactly within 1".
func firstContact(s *rules.State, a, b geom.Pt, enemy int) (geom.Pt, rules.FigID) {
	d := b.Sub(a)
	n := max(abs(d.X), abs(d.Y))
	D := contactDist(s)
	bestK, best := int64(-1), rules.FigID(0)
	for i := range s.Figures {
		e := &s.Figures[i]
		if e.Side != enemy || e.Removed {
			continue
		}
		if !geom.SegWithin(geom.Seg{A: a, B: b}, e.Pos, D, false) {
			continue
		}
		if n == 0 || geom.WithinDist(a, e.Pos, D) {
			return a, e.ID
		}
		at := func(k int64) geom.Pt { return geom.Pt{X: a.X + divRound(d.X*k, n), Y: a.Y + divRound(d.Y*k, n)} }
		within := func(k int64) bool { return geom.WithinDist(at(k), e.Pos, D) }
		// The closest approach, then a few grid steps either side of it.
		kc := divRound(e.Pos.Sub(a).Dot(d)*n, d.Len2())
		kc = min(max(kc, 0), n)
		hi := int64(-1)
		for k := max(kc-3, 0); k <= min(kc+3, n); k++ {
			if within(k) {
				hi = k
				break
			}
		}
		if hi < 0 {
			continue // a graze thinner than the grid: no contact
		}
		lo := int64(0)
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if within(mid) {
				hi = mid
			} else {
				lo = mid
			}
		}
		if bestK < 0 || hi < bestK || (hi == bestK && e.ID < best) {
			bestK, best = hi, e.ID
		}
	}
	if best == 0 {
		return b, 0
	}
	return geom.Pt{X: a.X + divRound(d.X*bestK, n), Y: a.Y + divRound(d.Y*bestK, n)}, best
}

// standProblem says why a figure's base cannot stand at p ("" when it can):
// off the table, in impassable terrain, or overlapping another base.
func standProblem(s *rules.State, id rules.FigID, p geom.Pt) string {
	if !onTable(s, p) {
		return "its base would be off the table"
	}
	c := geom.Circle{C: p, R: s.BaseR}
	if s.Terrain != nil {
		if ok, why := s.Terrain.CanStand(c); !ok {
			if why == "" {
				why = "the ground there is impassable"
			}
			return why
		}
	}
	if pid := impassableUnder(s, c); pid >= 0 {
		return "it would stand in impassable " + rules.PieceName(s, pid)
	}
	for i := range s.Figures {
		o := &s.Figures[i]
		if o.ID == id || o.Removed {
			continue
		}
		if geom.Dist2(p, o.Pos) < 4*s.BaseR*s.BaseR {
			return "it would overlap " + o.Name
		}
	}
	return ""
}

// impassableUnder returns the id of an impassable piece the base overlaps
// (touching its edge is allowed), or -1.
func impassableUnder(s *rules.State, c geom.Circle) int {
	if s.Map == nil {
		return -1
	}
	ix := s.Terrain
	if ix != nil && ix.Map != s.Map {
		ix = nil
	}
	for i := range s.Map.Pieces {
		p := &s.Map.Pieces[i]
		if p.Props.Going != terrain.GoingImpassable {
			continue
		}
		// as in sweepBlocked: a piece whose bounds lie more than the
		// base's radius from its centre on either axis cannot meet it
		if len(p.Poly) == 0 || len(p.Path) == 0 {
			var bb geom.Rect
			if ix != nil {
				bb = ix.PieceBounds(i)
			} else {
				bb = p.Bounds()
			}
			if bb.Min.X-c.C.X > c.R || c.C.X-bb.Max.X > c.R || bb.Min.Y-c.C.Y > c.R || c.C.Y-bb.Max.Y > c.R {
				continue
			}
		}
		if len(p.Poly) >= 3 {
			if p.Poly.PointIn(c.C) > 0 {
				return p.ID
			}
			for k := range p.Poly {
				if geom.SegWithin(p.Poly.Edge(k), c.C, c.R, true) {
					return p.ID
				}
			}
		}
		for k := 0; k+1 < len(p.Path); k++ {
			if geom.SegWithin(geom.Seg{A: p.Path[k], B: p.Path[k+1]}, c.C, c.R+p.Props.Width/2, true) {
				return p.ID
			}
		}
	}
	return -1
}

// sweepBlocked reports the first impassable piece a base moving along the
// legs would pass over (and roughly where), or -1. The terrain index is
// asked too; either refusing is enough.
func sweepBlocked(s *rules.State, legs []geom.Pt) (int, geom.Pt) {
	if s.Terrain != nil && len(legs) > 1 {
		if pc := s.Terrain.PathCost(legs, s.BaseR); pc.Blocked >= 0 {
			return pc.Blocked, pc.BlockedAt
		}
	}
	if s.Map == nil {
		return -1, geom.Pt{}
	}
	r := s.BaseR
	ix := s.Terrain
	if ix != nil && ix.Map != s.Map {
		ix = nil
	}
	for i := 1; i < len(legs); i++ {
		leg := geom.Seg{A: legs[i-1], B: legs[i]}
		box := geom.Rect{Min: geom.Pt{X: min(leg.A.X, leg.B.X), Y: min(leg.A.Y, leg.B.Y)},
			Max: geom.Pt{X: max(leg.A.X, leg.B.X), Y: max(leg.A.Y, leg.B.Y)}}
		for j := range s.Map.Pieces {
			p := &s.Map.Pieces[j]
			if p.Props.Going != terrain.GoingImpassable {
				continue
			}
			// A piece whose bounds (a linear one's grown by its half
			// width) lie more than r from the leg's on either axis is more
			// than r from every point of the leg: none of the exact tests
			// below can find it, so they are skipped. Only for a piece that
			// is an outline or a line, not both (the bounds cover one).
			if len(p.Poly) == 0 || len(p.Path) == 0 {
				var bb geom.Rect
				if ix != nil {
					bb = ix.PieceBounds(j)
				} else {
					bb = p.Bounds()
				}
				if bb.Min.X-box.Max.X > r || box.Min.X-bb.Max.X > r || bb.Min.Y-box.Max.Y > r || box.Min.Y-bb.Max.Y > r {
					continue
				}
			}
			if len(p.Poly) >= 3 {
				if p.Poly.PointIn(leg.A) > 0 || segNear(leg, p.Poly, r) {
					return p.ID, leg.A
				}
			}
			for k := 0; k+1 < len(p.Path); k++ {
				if segsNear(leg, geom.Seg{A: p.Path[k], B: p.Path[k+1]}, r+p.Props.Width/2) {
					return p.ID, leg.A
				}
			}
		}
	}
	return -1, geom.Pt{}
}

// segNear: does some point of the leg come strictly closer than r to the
// polygon's outline?
func segNear(leg geom.Seg, poly geom.Polygon, r int64) bool {
	for k := range poly {
		if segsNear(leg, poly.Edge(k), r) {
			return true
		}
	}
	return false
}

// segsNear reports exactly whether two segments come strictly closer than r.
func segsNear(a, b geom.Seg, r int64) bool {
	if geom.SegmentsIntersect(a, b) {
		return true
	}
	return geom.SegWithin(a, b.A, r, true) || geom.SegWithin(a, b.B, r, true) ||
		geom.SegWithin(b, a.A, r, true) || geom.SegWithin(b, a.B, r, true)
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// divRound divides rounding half away from zero (b > 0).
func divRound(a, b int64) int64 {
	if a >= 0 {
		return (a + b/2) / b
	}
	return -((-a + b/2) / b)
}
