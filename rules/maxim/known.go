package maxim

import (
	"strings"

	"hedgerow/rules"
)

// What a side's copy of the battle carries over network play
// (game/netplay)
//
// Initiative is rolled in the open each round (the d20 and its
// modifier), the side that moves is known to both, and so is the move an
// opportunity-fire window waits on (the mover and the path it took in
// front of the other side). A unit's morale failures and when it last
// took casualties, and what a figure did this round (moved, fired, shot
// at, fought, stunned, its horse move, dead, fled, left behind) are on
// the table. Maxim has no hidden figures once play begins, but the hooks
// still pass only what a seen figure or known unit shows, so a later
// hidden rule keeps its secrets.

// SideVarKnown (rules.SideVarKnower): the other side's initiative roll
// and modifier, and whether it set up hidden (the scenario says so).
func (Maxim) SideVarKnown(_ *rules.State, _, _ int, key string) bool {
	return key == sInitDie || key == sInitMod || key == "hidden"
}

// GameVarKnown (rules.GameVarKnower): the scenario's settings, the side
// moving, and the opportunity window's mover and path when the side sees
// the mover (or the vehicle's crew).
func (r Maxim) GameVarKnown(s *rules.State, side int, key string) bool {
	switch key {
	case gMover:
		return true
	case gOppFig, gOppN:
		id := s.Var(gOppFig)
		if id == 0 {
			return key == gOppFig || r.oppVehKnown(s, side)
		}
		return rules.ViewOf(r, s, side).Figure(rules.FigID(id))
	case gOppVeh, gOppFrom:
		return r.oppVehKnown(s, side)
	}
	if strings.HasPrefix(key, "op.x") || strings.HasPrefix(key, "op.y") {
		return r.GameVarKnown(s, side, gOppN)
	}
	return rules.ScenarioVar(key)
}

func (r Maxim) oppVehKnown(s *rules.State, side int) bool {
	v := s.Veh(rules.VehicleID(s.Var(gOppVeh)))
	return v == nil || v.Side == side || rules.ViewOf(r, s, side).Unit(v.Unit)
}

// UnitVarKnown (rules.UnitVarKnower): a known unit's morale failures and
// the round it last took casualties.
func (Maxim) UnitVarKnown(_ *rules.State, _ int, _ rules.UnitID, key string) bool {
	return key == uMorale || key == uCasRnd
}

// FigureVarKnown: what a seen figure did this round, all in the open.
func (Maxim) FigureVarKnown(_ *rules.State, _ int, _ rules.FigID, key string) bool {
	switch key {
	case fMoved, fFired, fOpp, fShotAt, fFought, fStunTo, fRide, fDead, fFled, fLeft:
		return true
	}
	return false
}

var (
	_ rules.SideVarKnower = Maxim{}
	_ rules.GameVarKnower = Maxim{}
	_ rules.UnitVarKnower = Maxim{}
)
