package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Motivation forcing (house reading of the rulebook's "most aggressive
// option" for fanatics and "prefer to close" for warriors):
//
//   - Fanatics and warriors may not make a move that ends farther from
//     the nearest enemy than the figure started it (forced fall back and
//     break moves are the engine's and are not limited).
//   - A fanatic team that can close assault must do so: nothing else is
//     allowed. Otherwise, while it can still fire or throw at an enemy,
//     it may not end its activation, run, go prone or give first aid:
//     it moves and attacks first.
//   - A side may not pass on opportunity fire while one of its fanatic
//     teams could take it.

// aggressive reports fanatic or warrior motivation.
func aggressive(u *rules.Unit) bool {
	return u != nil && (u.Motive == "fanatic" || u.Motive == "warriors")
}

// motiveMoveProblem says why a move of f ending at end breaks its team's
// motivation ("" if it does not).
func motiveMoveProblem(s *rules.State, u *rules.Unit, f *rules.Figure, end geom.Pt) string {
	if !aggressive(u) {
		return ""
	}
	if e := nearestEnemy(s, f); e != nil && geom.Dist2(end, e.Pos) > geom.Dist2(f.Pos, e.Pos) {
		return fmt.Sprintf("%s is %s and may not move away from the enemy", teamName(s, u), u.Motive)
	}
	return ""
}

// fanaticFilter keeps the most aggressive of a fanatic team's commands.
func fanaticFilter(u *rules.Unit, out []rules.Command) []rules.Command {
	if u == nil || u.Motive != "fanatic" {
		return out
	}
	has := func(verbs ...string) bool {
		for _, c := range out {
			for _, v := range verbs {
				if c.Verb == v {
					return true
				}
			}
		}
		return false
	}
	var keep []rules.Command
	switch {
	case has("assault"):
		for _, c := range out {
			if c.Verb == "assault" {
				keep = append(keep, c)
			}
		}
	case has("fire", "blast"):
		for _, c := range out {
			switch {
			case c.Verb == "end", c.Verb == "run", c.Verb == "aid", c.Verb == "posture" && c.Arg == "prone":
			default:
				keep = append(keep, c)
			}
		}
	default:
		return out
	}
	return keep
}

// fanaticPassFilter drops "pass" when a fanatic team may opportunity fire.
func fanaticPassFilter(s *rules.State, out []rules.Command) []rules.Command {
	forced := false
	for _, c := range out {
		if c.Verb == "oppfire" && s.UnitOf(c.Unit) != nil && s.UnitOf(c.Unit).Motive == "fanatic" {
			forced = true
		}
	}
	if !forced {
		return out
	}
	var keep []rules.Command
	for _, c := range out {
		if c.Verb != "pass" {
			keep = append(keep, c)
		}
	}
	return keep
}

// motiveRefusal refuses a command of the deciding side that its fanatics
// may not give now ("end", "run", "aid", "posture ... prone" or "pass"
// when something more aggressive is open to them).
func (r SMLE) motiveRefusal(s *rules.State, c rules.Command) error {
	switch c.Verb {
	case "end", "run", "aid", "posture", "pass", "fire", "blast":
	default:
		return nil
	}
	if c.Verb == "posture" && c.Arg != "prone" {
		return nil
	}
	var u *rules.Unit
	if s.Phase == PhaseOpportunity && c.Verb != "pass" {
		return nil
	}
	if s.Phase != PhaseOpportunity {
		u = s.UnitOf(rules.UnitID(s.Var(vCur)))
		if u == nil || u.Motive != "fanatic" {
			return nil
		}
	}
	for _, l := range r.Legal(s) {
		if l.Verb == c.Verb {
			return nil
		}
	}
	if u == nil {
		return fmt.Errorf("fanatics may take the opportunity to fire: %s may not pass", s.Sides[s.Decider].Name)
	}
	return fmt.Errorf("%s are fanatics and must take the most aggressive option open to them", teamName(s, u))
}
