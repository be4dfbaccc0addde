package skirmish35

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Compelled moves. A suppressed figure out of cover has to head for
// cover, and a shaken one has to get away from the enemy it knows of.
// While such a figure can still make that move this turn, it may only
// do what belongs to moving (move or crawl, stand up or go prone, open or
// force a door, climb through a window), look about (acquisition is
// free), or rally (the book's rally takes the marker off, and with it the
// duty to run). Whatever of the run is left when its side ends the turn,
// the engine makes for it: one straight run as far as its points and the
// rules allow.

// fRan is the turn in which the engine made a figure's compelled run at
// the end of its side's turn: it is not made to run twice.
const fRan = "ran"

// compelledVerbs are the commands a compelled figure may still give.
var compelledVerbs = map[string]bool{
	"move": true, "stand": true, "prone": true, "door": true, "climb": true,
	"acquire": true, "rally": true,
}

// compelled says why f must move now ("" when it need not): it is
// suppressed out of cover, or shaken with a known enemy, and a move of
// the kind the book asks for is open to it.
func (r Skirmish) compelled(s *rules.State, f *rules.Figure) string {
	if _, why := r.forcedRun(s, f); why != "" {
		return why
	}
	return ""
}

// forcedRun is the straight run the engine would make for a compelled
// figure, and why it must run; nil and "" when it need not (or cannot).
func (r Skirmish) forcedRun(s *rules.State, f *rules.Figure) ([]geom.Pt, string) {
	if path, why := r.runOf(s, f); path != nil {
		return path, why()
	}
	return nil, ""
}

// mustRun is compelled(s, f) != "", the reason left unworded (the
// listing asks it of every suppressed or shaken figure).
func (r Skirmish) mustRun(s *rules.State, f *rules.Figure) bool {
	path, _ := r.runOf(s, f)
	return path != nil
}

// runOf is forcedRun with the reason still to word (nil with no run).
func (r Skirmish) runOf(s *rules.State, f *rules.Figure) ([]geom.Pt, func() string) {
	lvl := levelOf(f)
	if (lvl != Suppressed && lvl != Shaken) || s.Map == nil || s.Terrain == nil || f.Removed ||
		f.Markers.Has(rules.Surrendered) || f.Var(fLock) != 0 || f.Var(fAP) < 1 ||
		f.Var(fRan) == turnNo(s) || (len(s.Vehicles) > 0 && s.Carrier(f.ID) != 0) ||
		s.Over || s.Phase != PhaseTurn || f.Side != s.Active { // no move is open to it then
		return nil, nil
	}
	allow := r.allowance(f)
	if allow <= 0 {
		return nil, nil
	}
	var dirs []geom.Pt // points to head for, the first that takes a move wins
	reach := allow
	var why func() string // made only when a run is found
	if lvl == Suppressed {
		if r.inCover(s, f) {
			return nil, nil
		}
		id, q, ok := r.nearestCover(s, f.Pos)
		if !ok || q == f.Pos {
			return nil, nil
		}
		pc := &s.Map.Pieces[id]
		d := dist(f.Pos, q)
		if pc.Props.Linear {
			reach = min(allow, max(0, d-s.BaseR-pc.Props.Width/2)) // to stand beside it
		} else {
			reach = min(allow, d+s.BaseR) // a base into it
		}
		dirs = []geom.Pt{q}
		why = func() string {
			return fmt.Sprintf("%s is suppressed out of cover and must move towards cover (the nearest is the %s)", f.Name, rules.PieceName(s, id))
		}
	} else {
		e := r.nearestKnownEnemy(s, f, f.Pos)
		if e == nil || e.Pos == f.Pos {
			return nil, nil
		}
		v := f.Pos.Sub(e.Pos)
		// straight away, then half right and half left (a rotation of
		// 45 degrees with integer factors)
		dirs = []geom.Pt{
			f.Pos.Add(v),
			f.Pos.Add(geom.Pt{X: (v.X - v.Y) * 707 / 1000, Y: (v.X + v.Y) * 707 / 1000}),
			f.Pos.Add(geom.Pt{X: (v.X + v.Y) * 707 / 1000, Y: (v.Y - v.X) * 707 / 1000}),
		}
		why = func() string {
			return fmt.Sprintf("%s is shaken and must move away from %s until he rallies", f.Name, e.Name)
		}
	}
	if reach <= 0 {
		return nil, nil
	}
	step := int64(geom.PerInch)
	near := r.nearestKnownEnemy(s, f, f.Pos)
	var dm doorsOpen
	if s.Terrain != nil {
		dm = doorsOpenOf(s, openDoors(s))
	}
	for _, aim := range dirs {
		for l := reach; l > 0; l -= step {
			p := towards(f.Pos, aim, l)
			if p == f.Pos {
				break
			}
			if r.moveOKFrom(s, f, p, near, dm) {
				return []geom.Pt{p}, why
			}
		}
	}
	return nil, nil
}

// nearestCover is the terrain piece giving cover whose outline is
// nearest p, and the nearest point of it (p itself inside an area piece).
func (r Skirmish) nearestCover(s *rules.State, p geom.Pt) (int, geom.Pt, bool) {
	best, bd, bq := -1, int64(0), p
	for id := range s.Map.Pieces {
		pc := &s.Map.Pieces[id]
		if pc.Props.Cover == terrain.CoverNone {
			continue
		}
		q, ok := pieceNearest(pc, p)
		if !ok {
			continue
		}
		if d := geom.Dist2(p, q); best < 0 || d < bd {
			best, bd, bq = id, d, q
		}
	}
	return best, bq, best >= 0
}

// pieceNearest is the point of a piece's outline nearest p (p itself
// inside an area piece); false for a piece with no shape.
func pieceNearest(pc *terrain.Piece, p geom.Pt) (geom.Pt, bool) {
	var pts []geom.Pt
	closed := false
	switch {
	case len(pc.Poly) > 2:
		if pc.Poly.PointIn(p) >= 0 {
			return p, true
		}
		pts, closed = pc.Poly, true
	case len(pc.Path) > 1:
		pts = pc.Path
	default:
		return p, false
	}
	best, bq := int64(-1), p
	n := len(pts) - 1
	if closed {
		n = len(pts)
	}
	for i := 0; i < n; i++ {
		q := geom.ClosestOnSeg(geom.Seg{A: pts[i], B: pts[(i+1)%len(pts)]}, p)
		if d := geom.Dist2(q, p); best < 0 || d < best {
			best, bq = d, q
		}
	}
	return bq, true
}

// compelledRuns makes, at the end of the active side's turn, the runs its
// compelled figures have not made: each is an ordinary move with its
// obstacle dice, suppressive fire and opportunity fire. When one opens
// an opportunity window the turn waits for it, and the side ends its
// turn again once the window has closed. done is false then.
func (r Skirmish) compelledRuns(s *rules.State) (evs []rules.Event, done bool) {
	for _, f := range alive(s, s.Active) {
		path, why := r.forcedRun(s, f)
		if path == nil {
			continue
		}
		f.SetVar(fRan, turnNo(s))
		evs = append(evs, rules.Event{Kind: "morale", Side: f.Side, Fig: f.ID,
			Text: why + ": the turn cannot end before he has, so he runs as far as he can"})
		mevs, err := r.applyMove(s, f, rules.Command{Verb: "move", Fig: f.ID, Path: path})
		if err != nil {
			continue // forcedRun checked the move; nothing was changed
		}
		evs = append(evs, mevs...)
		if s.Over || s.Phase != PhaseTurn {
			return evs, false
		}
	}
	return evs, true
}
