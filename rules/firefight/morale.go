package firefight

import (
	"fmt"

	"hedgerow/rules"
)

// ---- morale ----

// Cohesion is what a unit's cohesion test needs: the d20 plus the
// modifiers must reach Target (the number for its initiative).
type Cohesion struct {
	Target int
	Mods   []rules.Mod
}

// LeaderDown reports whether a unit's leader was killed this turn or is
// neutralised now.
func LeaderDown(s *rules.State, u *rules.Unit) bool {
	if getU(u, uLeaderLost) == 1 {
		return true
	}
	for _, l := range Leaders(s, u.ID) {
		if Neutralised(s, l) {
			return true
		}
	}
	return false
}

// CohesionTest is the test unit u takes now (after its initiative loss).
func CohesionTest(s *rules.State, u *rules.Unit) Cohesion {
	const rule = "Firefight Lite Morale"
	init := max(1, min(MaxInitiative, getU(u, uInit)))
	c := Cohesion{Target: data.Morale.Cohesion[init-1]}
	if n := getU(u, uHit); n > 0 {
		c.Mods = append(c.Mods, rules.Mod{Value: n * data.Morale.EachHit, Reason: fmt.Sprintf("%d of its figures hit this turn (house)", n), Rule: rule})
	}
	if LeaderDown(s, u) {
		c.Mods = append(c.Mods, rules.Mod{Value: data.Morale.LeaderDown, Reason: "leader killed or neutralised", Rule: rule})
	}
	return c
}

// CohesionFails is the chance, in twentieths, that the test fails.
func (c Cohesion) CohesionFails() int {
	n := 0
	for face := 1; face <= 20; face++ {
		if face+sum(c.Mods) < c.Target {
			n++
		}
	}
	return n
}

// ReactionMods are a figure's modifiers on the reaction table.
func ReactionMods(s *rules.State, u *rules.Unit, f *rules.Figure) []rules.Mod {
	const rule = "Firefight Lite Morale"
	var mods []rules.Mod
	if LeaderDown(s, u) {
		mods = append(mods, rules.Mod{Value: data.Morale.LeaderDown, Reason: "leader killed or neutralised", Rule: rule})
	}
	if f.Leader {
		mods = append(mods, rules.Mod{Value: data.Morale.LeaderTesting, Reason: "a leader testing", Rule: rule})
	}
	return mods
}

// ReactionOdds is the reaction table's distribution for f, in twentieths.
func ReactionOdds(s *rules.State, u *rules.Unit, f *rules.Figure) map[string]int {
	m := map[string]int{}
	add := sum(ReactionMods(s, u, f))
	for face := 1; face <= 20; face++ {
		m[Lookup(data.Reaction, face+add)]++
	}
	return m
}

var reactionRank = map[string]int{"ok": 0, "suppressed": 1, "neutralised": 2, "routs": 3}

// moralePhase takes each unit that lost initiative this turn through its
// cohesion test, and each figure of a failed unit through the reaction
// table; it then names new leaders where one was lost.
func moralePhase(s *rules.State) []rules.Event {
	var evs []rules.Event
	for i := range s.Units {
		u := &s.Units[i]
		if getU(u, uHit) == 0 || len(unitFigs(s, u.ID)) == 0 {
			continue
		}
		old := getU(u, uInit)
		init := max(data.Morale.InitiativeFloor, old-data.Morale.InitiativeLoss)
		setU(u, uInit, init)
		evs = append(evs, rules.Event{Kind: "initiative", Side: u.Side, Unit: u.ID,
			Text: fmt.Sprintf("%s lost men this turn: initiative %d to %d", u.Name, old, init)})
		c := CohesionTest(s, u)
		d := s.Roll(20)
		total := d.Face + sum(c.Mods)
		out := "holds"
		if total < c.Target {
			out = "cohesion fails"
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID,
			Roll: &rules.Ledger{What: "Cohesion: " + u.Name, Dice: []rules.Die{d}, Target: c.Target, Compare: ">=", Mods: c.Mods, Total: total, Outcome: out,
				Note: fmt.Sprintf("initiative %d needs %d or more (house table)", init, c.Target)},
			Text: fmt.Sprintf("%s tests cohesion: %d against %d: %s", u.Name, total, c.Target, out)})
		if total >= c.Target {
			continue
		}
		for _, f := range unitFigs(s, u.ID) {
			if s.Over {
				return evs
			}
			mods := ReactionMods(s, u, f)
			r := s.Roll(20)
			t := r.Face + sum(mods)
			res := Lookup(data.Reaction, t)
			evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID,
				Roll: &rules.Ledger{What: "Reaction: " + f.Name, Dice: []rules.Die{r}, Compare: "table", Mods: mods, Total: t, Outcome: res,
					Note: "up to 5 routs (house), 6-10 neutralised, 11-15 suppressed, 16 or more O.K."},
				Text: fmt.Sprintf("%s reacts: %d: %s", f.Name, t, res)})
			switch res {
			case "routs":
				if f.Leader {
					setU(u, uLeaderLost, 1)
				}
				evs = append(evs, remove(s, f, "routs")...)
			case "neutralised":
				neutralise(s, f)
				f.SetVar(fNeut, s.Round+1)
			case "suppressed":
				if !Neutralised(s, f) {
					suppress(s, f)
					f.SetVar(fSupp, s.Round+1)
				}
			}
		}
	}
	return evs
}

// newLeaders promotes a figure for each leader a unit has lost: the first
// figure of the unit (by id) not already a leader, with 1d6+1 leadership,
// in command from the next turn.
func newLeaders(s *rules.State) []rules.Event {
	var evs []rules.Event
	for i := range s.Units {
		u := &s.Units[i]
		for len(Leaders(s, u.ID)) < getU(u, uLeaders) {
			var nf *rules.Figure
			for _, f := range unitFigs(s, u.ID) {
				if !f.Leader {
					nf = f
					break
				}
			}
			if nf == nil {
				break
			}
			d := s.Roll(6)
			nf.Leader = true
			nf.Rating = d.Face + data.NewLeader.Add
			nf.SetVar(fLeadFrom, s.Round+1)
			evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Fig: nf.ID,
				Roll: &rules.Ledger{What: "New leader: " + nf.Name, Dice: []rules.Die{d}, Compare: "table",
					Mods: []rules.Mod{{Value: data.NewLeader.Add, Reason: "1d6+1", Rule: "Firefight Lite Leaders"}}, Total: nf.Rating,
					Outcome: fmt.Sprintf("leadership %d", nf.Rating)},
				Text: fmt.Sprintf("%s takes command of %s with leadership %d, from next turn", nf.Name, u.Name, nf.Rating)})
		}
	}
	return evs
}
