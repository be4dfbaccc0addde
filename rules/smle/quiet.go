package smle

import "hedgerow/rules"

// What the moving side is told of an opportunity-fire window
//
// A window opens when an enemy team may fire at the mover; with hidden
// set-up that team may be one the mover's side does not know. Being told
// "British may opportunity fire at Schtz Zeller", or that they hold
// fire, would say that an unseen team is there and sees him. So the
// window's announcements name the team that may fire (one the mover's
// side knows, when there is one) and, when that team is unknown to the
// mover's side, are not told to it at all (the rules.Quieter hook); its
// screen only waits on the other side.

// oppAnnouncer is the team an opportunity window's announcement belongs
// to: the first team offered that moverSide knows, else the first
// offered (0 when none is).
func (r SMLE) oppAnnouncer(s *rules.State, moverSide int) rules.UnitID {
	v := rules.ViewOf(r, s, moverSide)
	first := rules.UnitID(0)
	for _, c := range r.Legal(s) {
		var u rules.UnitID
		switch c.Verb {
		case "oppfire", "shoot", "gun":
			u = c.Unit
			if u == 0 {
				if f := s.Fig(c.Fig); f != nil {
					u = f.Unit
				}
			}
		}
		if u == 0 {
			continue
		}
		if v.Unit(u) {
			return u
		}
		if first == 0 {
			first = u
		}
	}
	return first
}

// oppMover is a figure of the window's mover: the figure, or the first
// of the vehicle's crew (0 when neither).
func oppMover(s *rules.State) rules.FigID {
	if id := s.Var(vOppFig); id != 0 {
		return rules.FigID(id)
	}
	if vh := s.Veh(rules.VehicleID(s.Var(vOppVeh))); vh != nil && len(vh.Crew) > 0 {
		return vh.Crew[0]
	}
	return 0
}

// Quiet: an opportunity window's announcement (its chance to fire, or
// its holding fire) belonging to a team the side does not know. A
// declared fire the mover may still drop prone before is not quiet: the
// mover's side must answer it.
func (SMLE) Quiet(s *rules.State, side int, ev rules.Event) bool {
	u, f := s.UnitOf(ev.Unit), s.Fig(ev.Fig)
	return ev.Kind == "phase" && s.Phase != PhaseReact && u != nil && f != nil &&
		u.Side == ev.Side && f.Side != ev.Side && u.Side != side
}

var _ rules.Quieter = SMLE{}
