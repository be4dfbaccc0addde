package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Team activation: a team's go begins, the round ends, the game ends, and the activation roll's inputs.

// activate makes u the active team and carries out its forced actions.
func (r SMLE) activate(s *rules.State, u *rules.Unit) []rules.Event {
	evs := r.activateHead(s, u)
	evs = append(evs, r.landMission(s, u)...)
	return append(evs, r.activateTail(s, u)...)
}

// activateHead is activate up to its fire mission landing: the team's
// level worked out again and the team made active. It rolls no dice.
func (r SMLE) activateHead(s *rules.State, u *rules.Unit) []rules.Event {
	var evs []rules.Event
	uset(u, vDone, 1)
	// The level may have dropped since the roll (fire taken before
	// activating); in the second pass of a double move it is recomputed.
	in := r.activationInput(s, u)
	total, band, l := r.d.ResolveActivation(uget(u, vDie), in, "Activation now, "+teamName(s, u))
	if lt := r.followedTeam(s, u); lt != nil {
		total, band = uget(lt, vTotal), uget(lt, vBand)
		l.Total, l.Outcome = total, r.d.Bands[band].Label
		l.Note = "acts at its incompetent leader's level"
	}
	if ct := r.carriedBy(s, u); ct != nil {
		total, band = uget(ct, vTotal), uget(ct, vBand)
		l.Total, l.Outcome = total, r.d.Bands[band].Label
		l.Note = "rides in " + rules.Possessive(teamName(s, ct)) + " vehicle and acts at its level"
	}
	if s.Var(vSecond) == 1 {
		uset(u, vDouble, 0)
		if band == len(r.d.Bands)-1 {
			band-- // no third go
		}
	}
	if total != uget(u, vTotal) || band != uget(u, vBand) {
		uset(u, vTotal, total)
		uset(u, vBand, band)
		evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Roll: &l,
			Text: fmt.Sprintf("%s activation is now %d: %s", rules.Possessive(teamName(s, u)), total, r.d.Bands[band].Label)})
	}
	s.Active, s.Decider = u.Side, u.Side
	s.Phase = PhaseActivate
	s.SetVar(vCur, int(u.ID))
	uset(u, vRunning, 0)
	for _, f := range members(s, u.ID) {
		if f.Var(fJoined) == s.Round && s.Var(vSecond) == 0 {
			continue // a leader who joined this team this round has had his go
		}
		f.SetVar(fMoved, 0)
		f.SetVar(fStopped, 0)
		f.SetVar(fCarry, 0)
		f.SetVar(fStartX, int(f.Pos.X))
		f.SetVar(fStartY, int(f.Pos.Y))
	}
	b := r.d.Bands[band]
	return append(evs, rules.Event{Kind: "phase", Side: u.Side, Unit: u.ID, Text: fmt.Sprintf("%s activates: %s", teamName(s, u), b.Label)})
}

// activateTail is what activate does once u's fire mission (if due) has
// landed: the forced actions of its band, ending its activation at once
// when it breaks or falls back a full move.
func (r SMLE) activateTail(s *rules.State, u *rules.Unit) []rules.Event {
	var evs []rules.Event
	b := r.d.Bands[uget(u, vBand)]
	if b.Name == "double" && s.Var(vSecond) == 0 {
		uset(u, vDouble, 1)
	}
	switch {
	case b.Move <= -20:
		evs = append(evs, r.breakTeam(s, u)...)
		evs = append(evs, r.endActivation(s)...)
	case b.Move < 0:
		evs = append(evs, r.fallBack(s, u, -b.Move)...)
		if b.Combat == "none" {
			evs = append(evs, r.endActivation(s)...)
		}
	case b.Move == 0:
		for _, f := range members(s, u.ID) {
			if f.Posture != rules.Prone && !aboard(s, f) && r.coverAt(s, f.Pos) == terrain.CoverNone {
				f.Posture = rules.Prone
				faceNearestEnemy(s, f)
				evs = append(evs, rules.Event{Kind: "posture", Side: f.Side, Fig: f.ID, Text: f.Name + " is pinned in the open and goes prone"})
			}
		}
	case b.Label == "Stand":
		for _, f := range members(s, u.ID) {
			if f.Posture == rules.Prone || !r.canAct(s, f) || r.coverAgainst(s, f, f.Pos) != terrain.CoverNone {
				continue
			}
			if _, ok := r.coverWithin(s, f); ok {
				continue
			}
			f.Posture = rules.Prone
			faceNearestEnemy(s, f)
			evs = append(evs, rules.Event{Kind: "posture", Side: f.Side, Fig: f.ID,
				Text: f.Name + " has no cover within half a move and goes prone facing the enemy"})
		}
	}
	return evs
}

// endActivation closes the active team's turn.
func (r SMLE) endActivation(s *rules.State) []rules.Event {
	u := s.UnitOf(rules.UnitID(s.Var(vCur)))
	s.SetVar(vCur, 0)
	s.SetVar(vOppFig, 0)
	s.Phase = PhaseActivate
	if u == nil {
		return nil
	}
	for _, f := range members(s, u.ID) {
		f.Markers &^= rules.Running
	}
	return []rules.Event{{Kind: "phase", Side: u.Side, Unit: u.ID, Text: teamName(s, u) + " ends its activation"}}
}

func (r SMLE) endRound(s *rules.State) []rules.Event {
	var evs []rules.Event
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed {
			continue
		}
		// A figure that spent the round without moving or firing braces.
		if f.Var(fStill) != s.Round && f.Var(fBraced) == 0 {
			f.SetVar(fBraced, 1)
		}
	}
	if s.Round >= s.TurnLimit {
		l0, l1 := s.Sides[0].Losses, s.Sides[1].Losses
		switch {
		case l0 < l1:
			r.finish(s, 0, "time is up: fewer losses")
		case l1 < l0:
			r.finish(s, 1, "time is up: fewer losses")
		default:
			r.finish(s, -1, "time is up with equal losses: a draw")
		}
		return append(evs, rules.Event{Kind: "win", Side: s.Winner, Text: s.Result})
	}
	s.Round++
	return evs
}

func (r SMLE) finish(s *rules.State, winner int, why string) {
	s.Over = true
	s.Winner = winner
	s.Phase = PhaseOver
	if winner >= 0 {
		s.Result = "Victory to " + s.Sides[winner].Name + ": " + why
	} else {
		s.Result = why
	}
}

// anyAlive: len(s.Alive(side)) > 0, without building the list.
func anyAlive(s *rules.State, side int) bool {
	for i := range s.Figures {
		if f := &s.Figures[i]; f.Side == side && !f.Removed {
			return true
		}
	}
	return false
}

// checkEnd ends the game when a side is wiped out or reaches the loss
// limit.
func (r SMLE) checkEnd(s *rules.State) []rules.Event {
	if s.Over {
		return nil
	}
	lim := s.Var(rules.VarVictoryLosses)
	for side := 0; side < 2; side++ {
		if !anyAlive(s, side) || (lim > 0 && s.Sides[side].Losses >= lim) {
			why := s.Sides[side].Name + " have lost too many men"
			if lim == 0 || s.Sides[side].Losses < lim {
				// wiped off the table with men who left it alive (flown out
				// in a helicopter that aborted): "lost too many men" beside
				// a loss count of 0 read as a wrong result
				if gone := sideFigures(s, side) - s.Sides[side].Losses; gone > 0 {
					why = fmt.Sprintf("%s have no one left on the table (%d lost, %d gone off it)", s.Sides[side].Name, s.Sides[side].Losses, gone)
				}
			}
			r.finish(s, 1-side, why)
			return []rules.Event{{Kind: "win", Side: 1 - side, Text: s.Result}}
		}
	}
	return nil
}

// sideFigures counts a side's figures, on the table or not.
func sideFigures(s *rules.State, side int) int {
	n := 0
	for i := range s.Figures {
		if s.Figures[i].Side == side {
			n++
		}
	}
	return n
}

// remove takes a figure off the table.
func remove(s *rules.State, f *rules.Figure, why string) rules.Event {
	f.Removed = true
	s.Sides[f.Side].Losses++
	return rules.Event{Kind: "removed", Side: f.Side, Fig: f.ID, Text: f.Name + " " + why}
}

// activationInput reads the situation of a team.
func (r SMLE) activationInput(s *rules.State, u *rules.Unit) ActivationInput {
	in := ActivationInput{Quality: u.Quality, Motive: u.Motive}
	ms := members(s, u.ID)
	uf := worstArc(uget(u, vUF) | uget(u, vUFPrev))
	in.DirectFire = uf&ufDirect != 0
	in.AutoFire = uf&ufAuto != 0
	in.ExplosiveFire = uf&ufExplosive != 0
	in.Flank = uf&ufFlank != 0
	in.Rear = uf&ufRear != 0
	in.Fresh = uget(u, vContact) == 0
	in.Broken = uget(u, vBreaks) > 0
	in.Armoured = false
	hard, prep := len(ms) > 0, len(ms) > 0
	for _, f := range ms {
		if f.Markers.Has(rules.BadlyWounded) {
			in.Casualties++
		} else if f.Markers.Has(rules.Wounded) {
			in.Wounded++
		}
		c := r.coverAt(s, f.Pos)
		if e := nearestEnemy(s, f); e != nil && s.Terrain != nil {
			// Cover against the nearest enemy: the area stood in or a
			// wall or hedge between.
			c, _ = s.Terrain.CoverFor(f.Base(s.BaseR), e.Pos)
		}
		hard = hard && c >= terrain.CoverHard
		prep = prep && c == terrain.CoverPrepared && !settling(s, f)
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Unit == u.ID && f.Removed {
			in.Casualties++
		}
	}
	in.Prepared = prep
	in.HardCover = hard && !prep
	r.vehicleActivation(s, u, &in)
	in.Concealed = r.concealed(s, u)
	r.leaderEffect(s, u, ms, &in)
	// Separated: some figure is more than half a move from every team-mate.
	for _, f := range ms {
		if len(ms) < 2 {
			break
		}
		half := r.baseMove(s, f) / 2
		near := false
		for _, g := range ms {
			if g != f && geom.WithinDist(f.Pos, g.Pos, half+2*s.BaseR) {
				near = true
				break
			}
		}
		if !near {
			in.Separated = true
			break
		}
	}
	if !in.Separated && r.awayFromGroupLeader(s, u, ms) {
		in.Separated = true
	}
	return in
}

// awayFromGroupLeader: section cohesion. A team under a parent unit whose
// leader is on the table but more than a full move from every figure of
// the team is separated from its group.
func (r SMLE) awayFromGroupLeader(s *rules.State, u *rules.Unit, ms []*rules.Figure) bool {
	if u.Parent == 0 || len(ms) == 0 {
		return false
	}
	found := false
	for i := range s.Figures {
		l := &s.Figures[i]
		if l.Removed || !l.Leader || l.Unit != u.Parent {
			continue
		}
		found = true
		for _, f := range ms {
			if geom.WithinDist(f.Pos, l.Pos, r.baseMove(s, f)) {
				return false
			}
		}
	}
	return found
}

// coverAt is the best cover of the area pieces under a point.
func (r SMLE) coverAt(s *rules.State, p geom.Pt) terrain.Cover {
	best := terrain.CoverNone
	if s.Terrain == nil || s.Map == nil {
		return best
	}
	for _, id := range s.Terrain.AreaAt(p) {
		if id >= 0 && id < len(s.Map.Pieces) {
			best = max(best, s.Map.Pieces[id].Props.Cover)
		}
	}
	return best
}

func nearestEnemy(s *rules.State, f *rules.Figure) *rules.Figure {
	var best *rules.Figure
	var bd int64
	for i := range s.Figures {
		e := &s.Figures[i]
		if e.Side != 1-f.Side || e.Removed {
			continue // s.Alive's figures, without building the list
		}
		d := geom.Dist2(f.Pos, e.Pos)
		if best == nil || d < bd {
			best, bd = e, d
		}
	}
	return best
}
