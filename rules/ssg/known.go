package ssg

import "hedgerow/rules"

// What a side's copy of the battle carries over network play
// (game/netplay): the side that went first, and whether an enemy figure
// has moved or shot this turn (both done in the open, and shown on its
// card). Its status panel needs nothing more.

// GameVarKnown (rules.GameVarKnower): the side that took the first turn
// and the scenario's settings.
func (SSG) GameVarKnown(_ *rules.State, _ int, key string) bool {
	return key == VarFirst || rules.ScenarioVar(key)
}

// UnitVarKnown: SSG keeps no unit variables.
func (SSG) UnitVarKnown(*rules.State, int, rules.UnitID, string) bool { return false }

// FigureVarKnown: a figure's moved and fired marks.
func (SSG) FigureVarKnown(_ *rules.State, _ int, _ rules.FigID, key string) bool {
	return key == VarMoved || key == VarFired
}

var (
	_ rules.GameVarKnower = SSG{}
	_ rules.UnitVarKnower = SSG{}
)
