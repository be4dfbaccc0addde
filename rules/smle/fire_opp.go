package smle

// Opportunity fire and the mover's reaction to it (split from fire.go by
// job).

import (
	"fmt"

	"hedgerow/rules"
)

func (r SMLE) applyOppFire(s *rules.State, c rules.Command) ([]rules.Event, error) {
	u := r.oppTeam(s, c.Unit)
	if u == nil {
		return nil, fmt.Errorf("%s may not take opportunity fire now", teamWords(s, c.Unit))
	}
	mover := s.Fig(rules.FigID(s.Var(vOppFig)))
	if len(c.Targets) > 1 || (len(c.Targets) == 1 && c.Targets[0] != mover.ID) {
		return nil, fmt.Errorf("opportunity fire is at the moving figure %s", mover.Name)
	}
	if s.Var(vOppMove) == 1 && mover.Posture != rules.Prone && !mover.Markers.Has(rules.BadlyWounded) {
		// The mover's side may throw it flat before the fire lands.
		s.Phase = PhaseReact
		s.Decider = mover.Side
		s.SetVar(vOppUnit, int(u.ID))
		return []rules.Event{{Kind: "phase", Side: s.Decider, Fig: mover.ID, Unit: u.ID,
			Text: fmt.Sprintf("%s opens fire on %s: %s may drop prone first", teamName(s, u), mover.Name, s.Sides[mover.Side].Name)}}, nil
	}
	return r.resolveOppFire(s, u, mover)
}

// applyReaction: the mover under declared opportunity fire drops prone
// (its move ends there) or not, then the fire is resolved.
func (r SMLE) applyReaction(s *rules.State, c rules.Command) ([]rules.Event, error) {
	mover := s.Fig(rules.FigID(s.Var(vOppFig)))
	u := s.UnitOf(rules.UnitID(s.Var(vOppUnit)))
	if mover == nil || u == nil {
		return nil, fmt.Errorf("no opportunity fire is waiting")
	}
	var evs []rules.Event
	switch {
	case c.Verb == "pass":
	case c.Verb == "posture" && c.Fig == mover.ID && c.Arg == "prone":
		mover.Posture = rules.Prone
		mover.SetVar(fBraced, 0)
		mover.SetVar(fStopped, 1)
		evs = append(evs, rules.Event{Kind: "posture", Side: mover.Side, Fig: mover.ID, Text: mover.Name + " drops prone under fire (its move ends)"})
	default:
		return nil, fmt.Errorf("%s may only drop prone or let the fire pass", mover.Name)
	}
	s.Phase = PhaseOpportunity
	s.SetVar(vOppUnit, 0)
	more, err := r.resolveOppFire(s, u, mover)
	if err != nil {
		return nil, err
	}
	return append(evs, more...), nil
}

// resolveOppFire makes u's opportunity fire at the mover and closes the
// window when no other team may fire.
func (r SMLE) resolveOppFire(s *rules.State, u *rules.Unit, mover *rules.Figure) ([]rules.Event, error) {
	s.Decider = 1 - mover.Side
	evs, err := r.volley(s, u, mover, FireOpportunity)
	if err != nil {
		return nil, err
	}
	uset(u, vOpp, 1)
	for _, g := range members(s, u.ID) {
		g.Markers &^= rules.OppFire
	}
	if m := s.Fig(rules.FigID(s.Var(vOppFig))); m == nil || m.Removed || !r.anyOppTeam(s, m) { // oppTeams(s) is empty
		r.closeOpp(s)
	}
	return evs, nil
}

// reactionOdds: the mover's side, under declared opportunity fire,
// chooses to drop prone or stay on its feet ("pass"); either way the
// fire then lands, and its odds are those of the opportunity fire at the
// mover as the choice leaves him.
func (r SMLE) reactionOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	mover := s.Fig(rules.FigID(s.Var(vOppFig)))
	u := s.UnitOf(rules.UnitID(s.Var(vOppUnit)))
	if mover == nil || u == nil {
		return rules.Odds{}, fmt.Errorf("no opportunity fire is waiting")
	}
	ns := s.Clone()
	m := ns.Fig(mover.ID)
	how := "on his feet"
	switch {
	case c.Verb == "pass":
	case c.Verb == "posture" && c.Fig == mover.ID && c.Arg == "prone":
		m.Posture = rules.Prone // as applyReaction leaves him
		m.SetVar(fBraced, 0)
		m.SetVar(fStopped, 1)
		how = "prone"
	default:
		return rules.Odds{}, fmt.Errorf("%s may only drop prone or let the fire come", mover.Name)
	}
	ns.Phase = PhaseOpportunity
	ns.SetVar(vOppUnit, 0)
	o, err := r.fireOdds(ns, rules.Command{Verb: "oppfire", Unit: u.ID, Targets: []rules.FigID{mover.ID}})
	if err != nil {
		return rules.Odds{}, err
	}
	note := fmt.Sprintf("%s opportunity fire at %s, %s", rules.Possessive(teamName(s, u)), mover.Name, how)
	if o.Note != "" {
		note += "; " + o.Note
	}
	o.Note = note
	return o, nil
}
