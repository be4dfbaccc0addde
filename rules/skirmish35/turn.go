package skirmish35

import (
	"fmt"

	"hedgerow/rules"
)

// The turn: a side's turn begins, time runs out, figures leave the table, the game ends.

// beginTurn hands the turn to side: lines and smoke that have run their
// time go, its figures get their points, and the morale tests are taken.
func (r Skirmish) beginTurn(s *rules.State, side int) []rules.Event {
	evs := r.beginPre(s, side)
	if s.Over {
		return evs
	}
	return append(evs, r.beginRest(s, side)...)
}

// beginPre is the start of a turn up to the prisoners' escapes (the last
// dice before the morale tests).
func (r Skirmish) beginPre(s *rules.State, side int) []rules.Event {
	s.Active, s.Decider, s.Phase = side, side, PhaseTurn
	s.SetVar(gOppMover, 0)
	s.SetVar(gLastFig, 0)
	evs := []rules.Event{{Kind: "turn", Side: side, Text: fmt.Sprintf("Round %d: %s turn", s.Round, rules.Possessive(s.Sides[side].Name))}}
	evs = append(evs, r.expireLines(s, side)...)
	evs = append(evs, r.expireSmoke(s)...)
	for _, f := range alive(s, side) {
		f.Markers &^= rules.OppFire
		f.SetVar(fMoved, 0)
		f.SetVar(fTMoved, 0)
		f.SetVar(fTryMask, 0)
		f.SetVar(fTryTurn, 0)
		for _, e := range s.Figures {
			if e.ID > maskIDs {
				f.SetVar(vTried(e.ID), 0)
			}
		}
	}
	return append(evs, r.escapes(s, side)...)
}

// beginRest is the rest of a turn's start: the morale tests, then the
// points.
func (r Skirmish) beginRest(s *rules.State, side int) []rules.Event {
	var evs []rules.Event
	for _, f := range alive(s, side) {
		if f.Markers.Has(rules.Surrendered) {
			continue
		}
		evs = append(evs, r.turnMorale(s, f)...)
		if s.Over {
			return evs
		}
	}
	for _, f := range alive(s, side) {
		n := r.budget(f)
		if f.Markers.Has(rules.Surrendered) {
			n = 0
		}
		if p := f.Var(fPenalty); p > 0 {
			evs = append(evs, rules.Event{Kind: "points", Side: side, Fig: f.ID,
				Text: fmt.Sprintf("%s won a hand-to-hand fight as the defender: %d points fewer this turn", f.Name, min(p, n))})
			n = max(0, n-p)
			f.SetVar(fPenalty, 0)
		}
		f.SetVar(fAP, n)
		f.SetVar(fMax, n)
	}
	r.beginVehicles(s, side)
	return evs
}

// endTurn closes the active side's turn: mortar rounds the other side
// called arrive, then the other side begins (a new round after the
// second side, and the game ends at the turn limit).
func (r Skirmish) endTurn(s *rules.State) []rules.Event {
	var evs []rules.Event
	evs = append(evs, r.arrive(s, 1-s.Active)...)
	if !s.Over {
		evs = append(evs, r.fuses(s, 1-s.Active)...)
	}
	if s.Over {
		return evs
	}
	more, next, ok := r.handOver(s)
	evs = append(evs, more...)
	if !ok {
		return evs
	}
	return append(evs, r.beginTurn(s, next)...)
}

// handOver closes the active side's turn once the rounds and grenades
// are down: the side to begin next, or false when time is up.
func (r Skirmish) handOver(s *rules.State) ([]rules.Event, int, bool) {
	for _, f := range alive(s, s.Active) {
		f.SetVar(fAP, 0)
	}
	r.endVehicles(s, s.Active)
	next := 1 - s.Active
	s.SetVar(gTurn, turnNo(s)+1)
	if next == 0 {
		if s.TurnLimit > 0 && s.Round >= s.TurnLimit {
			return r.timeUp(s), next, false
		}
		s.Round++
	}
	return nil, next, true
}

func (r Skirmish) timeUp(s *rules.State) []rules.Event {
	return rules.EndOnLosses(s, rules.TurnsAreUp(s))
}

// lossLimit is the losses that lose a side the game.
func (r Skirmish) lossLimit(s *rules.State, side int) int {
	total := 0
	for i := range s.Figures {
		if s.Figures[i].Side == side {
			total++
		}
	}
	if v := s.Var(rules.VarVictoryLosses); v > 0 {
		return min(v, total)
	}
	return (total + 1) / 2
}

// remove takes a figure out of the fight (killed, broken, captured) and
// ends the game when its side has lost too many.
func (r Skirmish) remove(s *rules.State, f *rules.Figure, why string) []rules.Event {
	if f.Removed {
		return nil
	}
	f.Removed = true
	f.Markers &^= rules.OppFire | rules.Hidden
	if l := f.Var(fLock); l != 0 {
		if o := s.Fig(rules.FigID(l)); o != nil && o.Var(fLock) == int(f.ID) {
			o.SetVar(fLock, 0)
		}
		f.SetVar(fLock, 0)
	}
	if !f.Markers.Has(rules.Surrendered) {
		s.Sides[f.Side].Losses++ // a prisoner was counted when taken
	}
	evs := []rules.Event{{Kind: "removed", Side: f.Side, Fig: f.ID, Text: fmt.Sprintf("%s is out of the fight (%s)", f.Name, why)}}
	return append(evs, r.checkEnd(s)...)
}

// capture makes e a prisoner of captor: it stays on the table, does
// nothing, follows its guard and counts as lost while it is held.
func (r Skirmish) capture(s *rules.State, captor, e *rules.Figure, why string) []rules.Event {
	e.Markers |= rules.Surrendered
	e.Markers &^= rules.OppFire | rules.Hidden
	e.SetVar(fGuard, int(captor.ID))
	e.SetVar(fAP, 0)
	for _, x := range []*rules.Figure{e, captor} {
		if l := x.Var(fLock); l != 0 {
			if o := s.Fig(rules.FigID(l)); o != nil {
				o.SetVar(fLock, 0)
			}
			x.SetVar(fLock, 0)
		}
	}
	s.Sides[e.Side].Losses++
	evs := []rules.Event{{Kind: "captured", Side: e.Side, Fig: e.ID, Target: captor.ID,
		Text: fmt.Sprintf("%s is taken prisoner by %s (%s)", e.Name, captor.Name, why)}}
	return append(evs, r.checkEnd(s)...)
}

func (r Skirmish) checkEnd(s *rules.State) []rules.Event {
	if s.Over {
		return nil
	}
	for _, side := range []int{s.Active, 1 - s.Active} {
		fighting := 0
		for _, f := range s.Alive(side) {
			if !f.Markers.Has(rules.Surrendered) {
				fighting++
			}
		}
		if s.Sides[side].Losses >= r.lossLimit(s, side) || fighting == 0 {
			s.Over, s.Phase = true, ""
			s.Winner = 1 - side
			s.Result = fmt.Sprintf("%s have lost %d figures: victory to %s", s.Sides[side].Name, s.Sides[side].Losses, s.Sides[s.Winner].Name)
			return []rules.Event{{Kind: "win", Side: s.Winner, Text: s.Result}}
		}
	}
	return nil
}

// spend takes points from a figure, refusing when it has too few.
func spend(f *rules.Figure, n int, what string) error {
	if f.Var(fAP) < n {
		return fmt.Errorf("%s has %d action points left; %s costs %d", f.Name, f.Var(fAP), what, n)
	}
	f.SetVar(fAP, f.Var(fAP)-n)
	return nil
}
