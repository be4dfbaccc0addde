package firefight

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
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
		c.Mods = append(c.Mods, rules.Mod{Value: n * data.Morale.EachHit, Reason: fmt.Sprintf("%d of its figures hit this turn (house rule)", n), Rule: rule})
	}
	// "Leader killed or neutralised" is listed with the reaction table
	// (beside "leader testing"): it is a reaction modifier, not this one.
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

// ReactionMods are a figure's modifiers on the reaction table, as they
// stand when the unit's cohesion has just failed.
func ReactionMods(s *rules.State, u *rules.Unit, f *rules.Figure) []rules.Mod {
	return reactionMods(LeaderDown(s, u), f)
}

// reactionMods are f's reaction modifiers, down telling whether the
// unit's leader was down when its cohesion failed (worked out once for
// the whole test, so a leader routing or neutralised by his own reaction
// does not change his men's).
func reactionMods(down bool, f *rules.Figure) []rules.Mod {
	const rule = "Firefight Lite Morale"
	var mods []rules.Mod
	if down {
		mods = append(mods, rules.Mod{Value: data.Morale.LeaderDown, Reason: "leader killed or neutralised", Rule: rule})
	}
	if f.Leader {
		mods = append(mods, rules.Mod{Value: data.Morale.LeaderTesting, Reason: "a leader testing", Rule: rule})
	}
	return mods
}

// ReactionOdds is the reaction table's distribution for f, in twentieths.
func ReactionOdds(s *rules.State, u *rules.Unit, f *rules.Figure) map[string]int {
	return reactionDist(reactionMods(LeaderDown(s, u), f))
}

// reactionDist is the reaction table's distribution with mods, in twentieths.
func reactionDist(mods []rules.Mod) map[string]int {
	m := map[string]int{}
	add := sum(mods)
	for face := 1; face <= 20; face++ {
		m[Lookup(data.Reaction, face+add)]++
	}
	return m
}

// ReactionOrder is the order a failed unit's men roll their reactions:
// by where they stand on the table (top to bottom, then left to right;
// no two bases share a place), so that the dice do not depend on the
// order the scenario lists them in.
func ReactionOrder(s *rules.State, u *rules.Unit) []*rules.Figure {
	figs := unitFigs(s, u.ID)
	slices.SortStableFunc(figs, func(a, b *rules.Figure) int {
		if c := cmp.Compare(a.Pos.Y, b.Pos.Y); c != 0 {
			return c
		}
		return cmp.Compare(a.Pos.X, b.Pos.X)
	})
	return figs
}

var reactionRank = map[string]int{"ok": 0, "suppressed": 1, "neutralised": 2, "routs": 3}

// moralePhase takes each unit that lost initiative this turn through its
// cohesion test, and each figure of a failed unit through the reaction
// table; it then names new leaders where one was lost.
func moralePhase(s *rules.State) []rules.Event {
	var evs []rules.Event
	for i := range s.Units {
		u := &s.Units[i]
		if s.Over {
			return evs // a rout has ended the game: no more tests
		}
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
			Roll: ledger1(rules.Ledger{What: "Cohesion: " + u.Name, Target: c.Target, Compare: ">=", Mods: c.Mods, Total: total, Outcome: out,
				Note: "initiative " + strconv.Itoa(init) + " needs " + strconv.Itoa(c.Target) + " or more (house table)"}, d),
			Text: u.Name + " tests cohesion: " + strconv.Itoa(total) + " against " + strconv.Itoa(c.Target) + ": " + out})
		if total >= c.Target {
			continue
		}
		down := LeaderDown(s, u)
		for _, f := range ReactionOrder(s, u) {
			if s.Over {
				return evs
			}
			mods := reactionMods(down, f)
			r := s.Roll(20)
			t := r.Face + sum(mods)
			res := Lookup(data.Reaction, t)
			evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID,
				Roll: ledger1(rules.Ledger{What: "Reaction: " + f.Name, Compare: "table", Mods: mods, Total: t, Outcome: res,
					Note: "up to 5 routs (house rule), 6-10 neutralised, 11-15 suppressed, 16 or more O.K."}, r),
				Text: f.Name + " reacts: " + strconv.Itoa(t) + ": " + res})
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

// ---- new leaders ----
//
// A unit that has lost a leader from the fight (killed, wounded out of
// action or routed) chooses a man to take his place at the end of the
// turn, in phase "leader": its side decides, "leader F<n>" names the man
// (any figure of the unit still in the fight who is not a leader), and
// "end" takes the default, DefaultLeader. He rolls 1d6+1 for his
// leadership and commands from the next turn. A neutralised leader keeps
// his post: the book replaces only a leader who is lost, and he commands
// again once he comes to.

// PhaseLeader: a unit that lost a leader this turn chooses his successor.
const PhaseLeader = "leader"

// gLeaderUnit is the unit choosing a new leader now.
const gLeaderUnit = "leader_unit"

// needsLeader reports whether unit u has fewer leaders than it started
// with and a man who could take command.
func needsLeader(s *rules.State, u *rules.Unit) bool {
	return len(Leaders(s, u.ID)) < getU(u, uLeaders) && len(LeaderCandidates(s, u.ID)) > 0
}

// LeaderCandidates lists the men of unit u who may be made its leader.
func LeaderCandidates(s *rules.State, u rules.UnitID) []*rules.Figure {
	var out []*rules.Figure
	for _, f := range unitFigs(s, u) {
		if !f.Leader {
			out = append(out, f)
		}
	}
	return out
}

// DefaultLeader is the man promoted when the side does not choose: the
// one with the most men of his unit within command range of him (he
// could motivate the most), not neutralised if any is not, the first in
// scenario order on a tie.
func DefaultLeader(s *rules.State, u rules.UnitID) *rules.Figure {
	var best *rules.Figure
	bestN := -1
	for _, f := range LeaderCandidates(s, u) {
		n := 0
		for _, g := range unitFigs(s, u) {
			if geom.WithinDist(f.Pos, g.Pos, data.Dist.Command.U) {
				n++
			}
		}
		if !Neutralised(s, f) {
			n += 1000
		}
		if n > bestN {
			best, bestN = f, n
		}
	}
	return best
}

// nextLeader asks the next unit that lost a leader to choose one, or,
// when none is left, finishes the turn.
func nextLeader(s *rules.State) []rules.Event {
	for i := range s.Units {
		u := &s.Units[i]
		if !needsLeader(s, u) {
			continue
		}
		s.Phase, s.Active, s.Decider = PhaseLeader, u.Side, u.Side
		s.SetVar(gLeaderUnit, int(u.ID))
		d := DefaultLeader(s, u.ID)
		return []rules.Event{{Kind: "phase", Side: u.Side, Unit: u.ID,
			Text: fmt.Sprintf("%s has lost a leader: %s choose the man to take his place (%s if they do not)", u.Name, s.Sides[u.Side].Name, d.Name)}}
	}
	s.SetVar(gLeaderUnit, 0)
	return finishRound(s)
}

// applyLeader promotes the man named (or the default on "end") and moves
// on to the next unit or the next turn.
func applyLeader(s *rules.State, c rules.Command) ([]rules.Event, error) {
	u := s.UnitOf(rules.UnitID(s.Var(gLeaderUnit)))
	if u == nil {
		return nil, fmt.Errorf("no unit is choosing a leader")
	}
	var nf *rules.Figure
	switch c.Verb {
	case "end":
		if c.Fig != 0 || c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
			return nil, fmt.Errorf(`"end" takes nothing more`)
		}
		nf = DefaultLeader(s, u.ID)
	case "leader":
		if c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
			return nil, fmt.Errorf("leader names one figure: %q", c.String())
		}
		for _, f := range LeaderCandidates(s, u.ID) {
			if f.ID == c.Fig {
				nf = f
			}
		}
		if nf == nil {
			return nil, fmt.Errorf("%s cannot take command of %s: not one of its men in the fight, or a leader already", figWords(s, c.Fig), u.Name)
		}
	default:
		return nil, fmt.Errorf("%s must choose a new leader for %s (leader F<n>, or end for the default)", s.Sides[u.Side].Name, u.Name)
	}
	evs := []rules.Event{promote(s, u, nf)}
	return append(evs, nextLeader(s)...), nil
}

// promote makes nf a leader of u with 1d6+1 leadership, from next turn.
func promote(s *rules.State, u *rules.Unit, nf *rules.Figure) rules.Event {
	d := s.Roll(6)
	nf.Leader = true
	nf.Rating = d.Face + data.NewLeader.Add
	nf.SetVar(fLeadFrom, s.Round+1)
	return rules.Event{Kind: "roll", Side: u.Side, Fig: nf.ID, Unit: u.ID,
		Roll: &rules.Ledger{What: "New leader: " + nf.Name, Dice: []rules.Die{d}, Compare: "table",
			Mods: []rules.Mod{{Value: data.NewLeader.Add, Reason: "a new leader rolls a die and adds 1", Rule: "Firefight Lite Leaders"}}, Total: nf.Rating,
			Outcome: fmt.Sprintf("leadership %d", nf.Rating)},
		Text: fmt.Sprintf("%s takes command of %s with leadership %d, from next turn", nf.Name, u.Name, nf.Rating)}
}

// leaderOdds: the new leader's leadership, each of 2 to 7 as likely.
func leaderOdds() rules.Odds {
	var out []rules.Outcome
	for face := 1; face <= 6; face++ {
		out = append(out, rules.Outcome{Name: fmt.Sprintf("leadership %d", face+data.NewLeader.Add), P: 1.0 / 6})
	}
	return rules.Odds{Outcomes: out, Note: "a die plus 1, from next turn"}
}
