package firefight

import (
	"strings"

	"hedgerow/rules"
)

// What a side's copy of the battle carries over the network (game/netplay)
//
// The chits are drawn from the cup in the open, a unit's initiative and
// its hits are on the table, and what a figure the side sees has done
// (motivated, fired, moved, suppressed, on opportunity fire, its action
// points) is done in front of both players. The rest of an interrupted
// move is the mover's own plan, how far a figure has moved this turn may
// include a stretch out of sight, and which opportunities a side let pass
// is its own choice: those stay with the host.

// GameVarKnown (rules.GameVarKnower): the scenario's settings, the chit
// draw and the cup, the step counters, the opportunity-fire mover when
// seen and the unit choosing a new leader when known.
func (r Firefight) GameVarKnown(s *rules.State, side int, key string) bool {
	switch key {
	case gChitSide, gChitVal, gPhaseNo, gDrawnN, gUnmotLeft, gMoveNo:
		return true
	case gOppMover:
		id := s.Var(key)
		return id == 0 || rules.ViewOf(r, s, side).Figure(rules.FigID(id))
	case gLeaderUnit:
		id := s.Var(key)
		return id == 0 || rules.ViewOf(r, s, side).Unit(rules.UnitID(id))
	}
	return rules.ScenarioVar(key) || strings.HasPrefix(key, "cup_") || strings.HasPrefix(key, "drawn_") && key != gDrawnN
}

// UnitVarKnown (rules.UnitVarKnower): a known enemy unit's initiative,
// hits this turn and leaders.
func (Firefight) UnitVarKnown(_ *rules.State, _ int, _ rules.UnitID, key string) bool {
	switch key {
	case uInit, uHit, uLeaders, uLeaderLost:
		return true
	}
	return false
}

// FigureVarKnown: what a seen enemy figure has done in the open, and the
// side's own sighting of it.
func (Firefight) FigureVarKnown(_ *rules.State, side int, _ rules.FigID, key string) bool {
	switch key {
	case fAP, fMot, fMotTurn, fMotBy, fFired, fMoved, fFiredRnd, fFiredAuto, fHitRnd, fNeut, fSupp, fLost, fOpp, fLeadFrom:
		return true
	}
	return key == seenVar(side) || key == spotVar(side) // (its spot mark this phase lets it fire)
}

var (
	_ rules.GameVarKnower = Firefight{}
	_ rules.UnitVarKnower = Firefight{}
)
