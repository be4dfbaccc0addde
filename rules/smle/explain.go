package smle

import (
	"fmt"
	"sort"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Explain says in plain words where the round stands, for the table's
// status panel: which team is activating, its band and what that band
// lets it do, or, during opportunity fire, who may interrupt whom. It
// reads the state only.
func (r SMLE) Explain(s *rules.State) rules.Explanation {
	ex := r.explain(s)
	r.present(s, &ex)
	if !s.Over {
		if ts := Traps(s, s.Decider); len(ts) > 0 {
			// Only the deciding side's own knowledge (traps.go); the
			// traps themselves are drawn on the table (Overlays)
			line := fmt.Sprintf("%s know of %d booby traps (marked on the table)", s.Sides[s.Decider].Name, len(ts))
			if len(ts) == 1 {
				line = s.Sides[s.Decider].Name + " know of 1 booby trap (marked on the table)"
			}
			ex.Lines = append(ex.Lines, line)
		}
	}
	return ex
}

func (r SMLE) explain(s *rules.State) rules.Explanation {
	var ex rules.Explanation
	ex.Order = r.order(s)
	if s.Over {
		ex.Head = "The battle is over"
		if s.Result != "" {
			ex.Lines = []string{s.Result}
		}
		return ex
	}
	if s.Phase == PhaseReact {
		mover := s.Fig(rules.FigID(s.Var(vOppFig)))
		u := s.UnitOf(rules.UnitID(s.Var(vOppUnit)))
		if mover != nil && u != nil {
			ex.Head = fmt.Sprintf("%s opens fire on %s: %s to react", teamName(s, u), mover.Name, s.Sides[s.Decider].Name)
			ex.Lines = []string{"Drop " + mover.Name + " prone before the fire lands (its move ends there), or pass and take it standing."}
		}
		return ex
	}
	if s.Phase == PhaseOpportunity && r.oppAnnouncer(s, 1-s.Decider) == 0 {
		// a state that knows no team offered the chance (the mover's own
		// copy when only hidden teams see it): a plain wait, nothing that
		// says an unseen team is there
		ex.Head = "Waiting for the " + s.Sides[s.Decider].Name
		return ex
	}
	if s.Phase == PhaseOpportunity && s.Var(vOppVeh) != 0 {
		v := s.Veh(rules.VehicleID(s.Var(vOppVeh)))
		ex.Head = fmt.Sprintf("Opportunity fire: %s to decide", s.Sides[s.Decider].Name)
		if v != nil {
			ex.Lines = append(ex.Lines, fmt.Sprintf("%s has just driven in sight of %s men.", v.Name, s.Sides[s.Decider].Name))
		}
		ex.Lines = append(ex.Lines,
			"A team at Stand (6) or better that has not yet attacked this round may shoot at it now: one man with his best anti-tank weapon, or a vehicle's gun. That is the team's attack for the round.",
			"Or let it pass: the window closes until the next move or action.")
		return ex
	}
	if s.Phase == PhaseOpportunity {
		mover := s.Fig(rules.FigID(s.Var(vOppFig)))
		who, team := "an enemy figure", "enemy"
		if mover != nil {
			who = mover.Name
			if u := s.UnitOf(mover.Unit); u != nil {
				team = teamName(s, u)
			}
		}
		ex.Head = fmt.Sprintf("Opportunity fire: %s to decide", s.Sides[s.Decider].Name)
		var names []string
		for _, c := range r.Legal(s) {
			if c.Verb == "oppfire" {
				if u := s.UnitOf(c.Unit); u != nil {
					names = append(names, teamName(s, u))
				}
			}
		}
		verb := "has just moved"
		if s.Var(vOppMove) == 0 {
			verb = "has just acted"
		}
		ex.Lines = append(ex.Lines, fmt.Sprintf("%s (%s) %s in sight of %s.", who, team, verb, joinAnd(names)))
		ex.Lines = append(ex.Lines,
			"Such a team may interrupt and fire at the mover now; that is its attack for the whole round.",
			"Or let it pass: the window closes until the next move or action.")
		return ex
	}
	u := s.UnitOf(rules.UnitID(s.Var(vCur)))
	if u == nil {
		ex.Head = fmt.Sprintf("Round %d", s.Round)
		return ex
	}
	band := uget(u, vBand)
	if band < 0 || band >= len(r.d.Bands) {
		ex.Head = teamName(s, u) + " activating"
		return ex
	}
	b := r.d.Bands[band]
	ex.Head = fmt.Sprintf("%s (%s) activating: %s (rolled %d)", u.Name, s.Sides[u.Side].Name, b.Label, uget(u, vTotal))
	ex.Lines = r.bandLines(b)
	if s.Var(vSecond) == 1 {
		ex.Lines = append(ex.Lines, "This is its second go of the round (double move).")
	} else if b.Name == "double" {
		ex.Lines = append(ex.Lines, "It gets a second go once every team has acted.")
	}
	switch {
	case uget(u, vRunning) == 1:
		ex.Lines = append(ex.Lines, "Now: running (twice the move, no firing).")
	case uget(u, vFired) == 1:
		ex.Lines = append(ex.Lines, "Now: it has made its attack this round.")
	case uget(u, vOpp) == 1:
		ex.Lines = append(ex.Lines, "Now: it spent its attack on opportunity fire.")
	}
	ex.Lines = append(ex.Lines, r.doorLines(s, u, b)...)
	ex.Lines = append(ex.Lines, r.vehicleLines(s, u, b)...)
	return ex
}

// bandLines explains one row of the Activation Table in plain words:
// the forced team action (if any), the move, the combat and other options.
func (r SMLE) bandLines(b Band) []string {
	var out []string
	switch {
	case b.Move <= -20:
		out = append(out, "Team action: it breaks and flees twice its full move; a second break takes it off the table.")
	case b.Move < 0:
		how := "a full"
		if -b.Move < 10 {
			how = "a half"
		}
		out = append(out, fmt.Sprintf("Team action: it falls back %s move away from the nearest enemy.", how))
	case b.Move == 0:
		out = append(out, "Team action: pinned; its figures in the open drop prone.")
	default:
		out = append(out, "Team action: free to act.")
	}
	switch {
	case b.Move < 0:
		out = append(out, "Move: none of its own choosing.")
	case b.Move == 0:
		out = append(out, "Move: none.")
	case b.Move >= 10:
		out = append(out, "Move: up to a full move per figure, or run the team (double, no fire).")
	default:
		out = append(out, "Move: up to half a move per figure, or run the team (double, no fire).")
	}
	switch b.Combat {
	case "none":
		out = append(out, "Combat: none.")
	case "panic":
		out = append(out, "Combat: panic fire only (it can pin the target down, not hurt it).")
	case "return":
		out = append(out, "Combat: return fire at a team that fired at it, or panic fire instead.")
	case "opportunity":
		out = append(out, "Combat: it may interrupt an enemy moving in sight later this round (opportunity fire); in its own go, return fire or panic fire.")
	case "direct":
		out = append(out, "Combat: fire at any enemy team in sight, or throw/fire an explosive; or return or panic fire instead.")
	case "assault":
		out = append(out, "Combat: fire, explosives, or close assault on enemies within 1\"; or return or panic fire instead.")
	}
	if b.Other != "" {
		out = append(out, "Also allowed: "+b.Other+".")
	}
	return out
}

// order lists every team on the table in activation order, lowest band
// first, with its band and score.
func (r SMLE) order(s *rules.State) []rules.OrderEntry {
	ts := teams(s)
	sort.SliceStable(ts, func(i, j int) bool { return less(ts[i], ts[j]) })
	cur := rules.UnitID(s.Var(vCur))
	second := s.Var(vSecond) == 1
	var out []rules.OrderEntry
	for _, u := range ts {
		band := uget(u, vBand)
		label := teamName(s, u)
		if band >= 0 && band < len(r.d.Bands) {
			label = fmt.Sprintf("%s  %s (rolled %d)", teamName(s, u), r.d.Bands[band].Label, uget(u, vTotal))
		}
		done := uget(u, vDone) == 1 && u.ID != cur
		if second && uget(u, vDouble) != 1 && u.ID != cur {
			done = true
		}
		out = append(out, rules.OrderEntry{Side: u.Side, Label: label, Done: done, Current: u.ID == cur, Unit: u.ID})
	}
	return out
}

// Template is the burst an explosive would make if it landed on its
// target: a circle of one inch per burst die (for "trap" and "clear", the
// booby trap's burst where it lies).
func (r SMLE) Template(s *rules.State, c rules.Command) (geom.Circle, bool) {
	// A booby trap to be set or cleared: the burst it makes going off.
	if w, ok := r.d.Weapon(r.d.BoobyTrap.Weapon); ok && (c.Verb == "trap" || c.Verb == "clear") {
		if f := s.Fig(c.Fig); c.Verb == "trap" && f != nil {
			return geom.Circle{C: f.Pos, R: int64(w.Dice) * geom.PerInch}, true
		}
		if c.Verb == "clear" && len(c.Path) == 1 {
			return geom.Circle{C: c.Path[0], R: int64(w.Dice) * geom.PerInch}, true
		}
	}
	if c.Verb != "blast" || len(c.Targets) != 1 {
		return geom.Circle{}, false
	}
	w, ok := r.d.Weapon(c.Arg)
	t := s.Fig(c.Targets[0])
	if !ok || t == nil || w.Dice <= 0 {
		return geom.Circle{}, false
	}
	return geom.Circle{C: t.Pos, R: int64(w.Dice) * geom.PerInch}, true
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return "your teams"
	case 1:
		return xs[0]
	}
	out := ""
	for i, x := range xs {
		switch {
		case i == 0:
		case i == len(xs)-1:
			out += " and "
		default:
			out += ", "
		}
		out += x
	}
	return out
}

var (
	_ rules.Explainer = SMLE{}
	_ rules.Templater = SMLE{}
)

// ScenarioPoints prices a scenario's sides for the scenario choice (see
// PointsOnMap).
func (r SMLE) ScenarioPoints(sc *rules.Scenario, m *terrain.Map) ([2]int, []string) {
	return PointsOnMap(sc, m)
}

var _ rules.Pricer = SMLE{}
