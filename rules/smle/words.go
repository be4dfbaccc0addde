package smle

import (
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// sideWord is a side's name as a word before a team's ("German" of
// "Germans", "British" of "British").
func sideWord(name string) string {
	if strings.HasSuffix(name, "ans") {
		return strings.TrimSuffix(name, "s")
	}
	return name
}

// teamName names a team for the log: with its side's word in front when
// a team of the other side has the same name ("German MG team",
// "British MG team"), else as the scenario names it.
func teamName(s *rules.State, u *rules.Unit) string {
	for i := range s.Units {
		v := &s.Units[i]
		if v.Side != u.Side && strings.EqualFold(v.Name, u.Name) {
			return sideWord(s.Sides[u.Side].Name) + " " + u.Name
		}
	}
	return u.Name
}

// oddsTeam names a team in odds a player reads: as teamName, and, when
// another team of its side bears the same name, by its first man still in
// the fight too ("Rifle team of Cpl Hall"); never by its number.
func oddsTeam(s *rules.State, u *rules.Unit) string {
	name := teamName(s, u)
	for i := range s.Units {
		v := &s.Units[i]
		if v.ID != u.ID && v.Side == u.Side && strings.EqualFold(v.Name, u.Name) {
			for j := range s.Figures {
				if f := &s.Figures[j]; f.Unit == u.ID && !f.Removed {
					return name + " of " + f.Name
				}
			}
			break
		}
	}
	return name
}

// tieOrder tells, in each roll-off's own line and ledger, where the
// team's die puts it among the teams tied with it (same band and total;
// lowest die first, equal dice in team order). Each line names only its
// own team: another team of the tie may be one its side does not know of.
// tied and at (the indices of the roll-off events in evs) are in step.
func tieOrder(evs []rules.Event, tied []*rules.Unit, at []int) {
	done := make([]bool, len(tied))
	for i, u := range tied {
		if done[i] {
			continue
		}
		var group []int
		for j := i; j < len(tied); j++ {
			if !done[j] && uget(tied[j], vBand) == uget(u, vBand) && uget(tied[j], vTotal) == uget(u, vTotal) {
				group = append(group, j)
				done[j] = true
			}
		}
		for _, j := range group {
			place := 1
			for _, k := range group {
				if less(tied[k], tied[j]) {
					place++
				}
			}
			words := fmt.Sprintf("goes %s of the %d tied teams", nth(place), len(group))
			for _, k := range group {
				if k != j && uget(tied[k], vTie) == uget(tied[j], vTie) {
					// the play-test saw two 3s go first and second
					// with no reason given
					words += " (an equal die: the team the scenario lists first goes first)"
					break
				}
			}
			evs[at[j]].Roll.Outcome = words
			evs[at[j]].Text += ": " + words
		}
	}
}

// nth is "first", "second", ... for a place in an order.
func nth(n int) string {
	if n >= 1 && n <= 6 {
		return [...]string{"first", "second", "third", "fourth", "fifth", "sixth"}[n-1]
	}
	return fmt.Sprintf("%dth", n)
}

// teamWords names a team a command gave, or "that team" when there is
// none such.
func teamWords(s *rules.State, id rules.UnitID) string {
	if u := s.UnitOf(id); u != nil {
		return teamName(s, u)
	}
	return "that team"
}

// vehWords names a vehicle, or "that vehicle" when there is none such.
func vehWords(s *rules.State, id rules.VehicleID) string {
	if v := s.Veh(id); v != nil && v.Name != "" {
		return v.Name
	}
	return "that vehicle"
}

// notActive is the refusal of an order given to a team that is not the
// one whose go it is.
func notActive(s *rules.State, active *rules.Unit, id rules.UnitID) error {
	if id == 0 {
		return fmt.Errorf("it is %s go: only its men may act now", rules.Possessive(teamName(s, active)))
	}
	return fmt.Errorf("%s is not the team whose go it is: only %s may act now", teamWords(s, id), teamName(s, active))
}

// fireWhyNot says why team u may not fire (kind) at figure t: the reason
// a player needs, where the rules only found t's team among no targets.
func (r SMLE) fireWhyNot(s *rules.State, u *rules.Unit, t *rules.Figure, kind string, aimed bool) string {
	if t.Side == u.Side {
		return t.Name + " is not an enemy"
	}
	e := s.UnitOf(t.Unit)
	if e == nil {
		return "he is no one's to fire at"
	}
	if kind == FireReturn && !aimed {
		if last := uget(u, firedByKey(e.ID)); last == 0 || last < s.Round-1 {
			return fmt.Sprintf("%s may only return fire, at a team that fired on it, and %s did not", teamName(s, u), teamName(s, e))
		}
	}
	if len(r.shooters(s, u)) == 0 {
		return "no man of " + teamName(s, u) + " is fit to fire"
	}
	if aimed {
		return fmt.Sprintf("no man of %s can see %s within range for aimed fire", teamName(s, u), t.Name)
	}
	return fmt.Sprintf("no man of %s can see any man of %s", teamName(s, u), teamName(s, e))
}

// moveText is a move's log line: how far, and what it cost when that
// differs, and why (the going, the obstacles crossed): "moves 2.6\"
// (costs 4\")" left a play-tester guessing.
func moveText(name string, length, cost int64, why string) string {
	if rules.InchText(cost) == rules.InchText(length) {
		return fmt.Sprintf("%s moves %s\"", name, rules.InchText(length))
	}
	if why != "" {
		why = ": " + why
	}
	return fmt.Sprintf("%s moves %s\" (costs %s\"%s)", name, rules.InchText(length), rules.InchText(cost), why)
}

// moveCostWhy says why a move along legs costs more than its length: the
// inches of difficult going it counts again, and each obstacle crossed
// with what crossing it costs ("" when nothing does).
func (r SMLE) moveCostWhy(s *rules.State, legs []geom.Pt) string {
	if s.Terrain == nil || len(legs) < 2 {
		return ""
	}
	pc := s.Terrain.PathCostDoors(legs, s.BaseR, openDoors(s))
	var parts []string
	if pc.Difficult > 0 && r.d.Movement.DifficultFactor > 1 {
		times := "double"
		if r.d.Movement.DifficultFactor != 2 {
			times = fmt.Sprintf("%d times over", r.d.Movement.DifficultFactor)
		}
		parts = append(parts, fmt.Sprintf("%s\" of difficult going counts %s", rules.InchText(pc.Difficult), times))
	}
	for _, id := range pc.Obstacles {
		parts = append(parts, fmt.Sprintf("crossing %s costs %d\"", rules.PieceName(s, id), r.d.Movement.ObstacleCost))
	}
	return strings.Join(parts, "; ")
}

// firers counts the men firing in words: "1 firer", "3 firers".
func firers(n int) string {
	if n == 1 {
		return "1 firer"
	}
	return fmt.Sprintf("%d firers", n)
}
