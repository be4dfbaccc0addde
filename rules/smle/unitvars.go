package smle

import (
	"strconv"
	"strings"

	"hedgerow/rules"
)

// UnitVarKnown says which variables of a known enemy team a side may know
// (the rules.UnitVarKnower hook: a side's copy of the battle in network
// play carries only these of the other side, so its status panel and
// order of play read as the host's).
//
//   - The activation roll is made openly: each team's die, total, band
//     and tie roll-off, whether it has gone this pass and whether a double
//     move is still to come.
//   - What a team has done this round is done on the table: fired or
//     assaulted, spent its attack on opportunity fire, run (and for how
//     many rounds in a row, and its winding), been fired on (and by which
//     of the side's own teams), the break results it took, whether it is
//     still fresh.
//   - Its armour is written in the scenario both players hold.
//
// A fire mission's aim point and anything else stay with the host; a
// team the side does not know is never asked about.
func (SMLE) UnitVarKnown(s *rules.State, side int, _ rules.UnitID, key string) bool {
	switch key {
	case vBand, vTotal, vDie, vTie, vDone, vDouble,
		vFired, vOpp, vRunning, vRan, vRunRnds, vWinded,
		vUF, vUFPrev, vContact, vBreaks, vArmour, vUnspotted:
		return true
	}
	if rest, ok := strings.CutPrefix(key, vFiredBy); ok {
		// fired on by one of the side's own teams
		id, err := strconv.Atoi(rest)
		u := s.UnitOf(rules.UnitID(id))
		return err == nil && u != nil && u.Side == side
	}
	return false
}

// FigureVarKnown: what a figure of a known enemy team shows on its card
// and does in the open: its move used and stopped this activation, its
// braced weapon, being shaken, the one-shot weapons it has used. Where it
// started its move, when it last kept still, settling in, what it
// carries and its dry weapons stay with the host.
func (SMLE) FigureVarKnown(_ *rules.State, _ int, _ rules.FigID, key string) bool {
	switch key {
	case fMoved, fStopped, fBraced, fShaken:
		return true
	}
	return strings.HasPrefix(key, fUsedPref)
}

// OwnUnitVarHidden (rules.OwnUnitVarHider): a side's own team's record
// of being fired on by team N is its own, but names N: while N is a team
// the side does not know of (an unspotted team firing from hiding), the
// side's copy leaves it out. Return fire needs a target it can see, so
// the copy's choices do not change.
func (SMLE) OwnUnitVarHidden(v rules.View, _ rules.UnitID, key string) bool {
	rest, ok := strings.CutPrefix(key, vFiredBy)
	if !ok {
		return false
	}
	id, err := strconv.Atoi(rest)
	return err == nil && !v.Unit(rules.UnitID(id))
}

var (
	_ rules.UnitVarKnower   = SMLE{}
	_ rules.OwnUnitVarHider = SMLE{}
)
