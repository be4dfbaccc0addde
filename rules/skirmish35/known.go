package skirmish35

import (
	"slices"
	"strings"

	"hedgerow/rules"
)

// What a side's copy of the battle carries over network play
// (game/netplay)
//
// House reading: the book keeps no figure's points secret, so a figure
// the side can see shows its action points and budget (both follow from
// its quality, morale and wounds, and it spends them in view), its morale
// level, whether it has just been moving, whether it has been fired at
// or has flashed, its penalty points, a hand-to-hand lock, a call to
// surrender, a prisoner's guard, a crewman's vehicle, a mortar's rounds
// used. How far it moved
// this turn (part of it perhaps out of sight), what it had acquired
// before moving and the enemy's mortar aim points stay with the host,
// and so does anything of a figure the side does not see; a side's own
// plotted rounds are in its copy (ShapeGameVars).

// GameVarKnown (rules.GameVarKnower): the scenario's settings, the turn
// count and the side that went first, the smoke clouds on the table (a
// cloud is in plain sight; the copy lacked them once random play threw
// smoke, and the joiner's panel left out the host's "1 smoke cloud"), and
// the figure that acted last, the opportunity window's mover and a
// hand-to-hand winner and loser when the side sees them. A door's state
// too: open, shut or forced is in plain sight; that a shut door is locked
// is known to the side that locked it, and to both for one locked from
// the start (stated before the game); to the other it is a shut door.
func (r Skirmish) GameVarKnown(s *rules.State, side int, key string) bool {
	if key == gSmoke || isListKey(key, "sm", smokeFields) {
		return true
	}
	if key == gLive || isListKey(key, "gl", liveFields) {
		return true // a live grenade lies in plain sight (and may be thrown back)
	}
	if rest, ok := strings.CutPrefix(key, "door."); ok {
		if s.Var(key) != doorLocked {
			return true
		}
		by := s.Var("doorby." + rest)
		return by == 0 || by == side+1
	}
	if strings.HasPrefix(key, "doorby.") {
		by := s.Var(key)
		return by == 0 || by == side+1
	}
	switch key {
	case gTurn:
		return true
	case gOppMover, gLastFig, gWinner, gLoser:
		id := s.Var(key)
		return id == 0 || rules.ViewOf(r, s, side).Figure(rules.FigID(id))
	}
	return rules.ScenarioVar(key)
}

// SideVarKnown (rules.SideVarKnower): the other side's radio trouble (a
// double one rolled in the open).
// Whether the other side set up hidden is the scenario's, known to both
// (a grenade may go where a hidden enemy is only suspected).
func (Skirmish) SideVarKnown(_ *rules.State, _, _ int, key string) bool {
	return key == sRadioBad || key == "hidden"
}

// UnitVarKnown: no unit variable of the other side is needed.
func (Skirmish) UnitVarKnown(*rules.State, int, rules.UnitID, string) bool { return false }

// FigureVarKnown: what a seen figure shows (see above).
func (Skirmish) FigureVarKnown(_ *rules.State, _ int, _ rules.FigID, key string) bool {
	switch key {
	case fAP, fMax, fLvl, fLvlTest, fTMoved, fScan, fSpotted, fFlash, fFiredAt, fPenalty, fLock, fDrawn,
		fContrib, fContribOn, fChalled, fGuard, fBailed, fMortarUsed,
		fLean: // leaning out at a window, in plain sight
		return true
	}
	return false
}

// ShapeGameVars (rules.GameVarShaper): a side's copy holds the mortar
// rounds it plotted itself, so that its table shows their aim points and
// its mortar is not offered a second round the host would refuse; the
// other side's rounds, and how many there are, stay with the host (the
// list is written afresh with the side's own rows only).
func (Skirmish) ShapeGameVars(s *rules.State, side int, known map[string]int) map[string]int {
	n := 0
	for _, rd := range Rounds(s) {
		if rd.Side != side {
			continue
		}
		if known == nil {
			known = map[string]int{}
		}
		for i, v := range []int{int(rd.At.X), int(rd.At.Y), int(rd.Fig), rd.Side} {
			known[listKey("mp", n, roundFields[i])] = v
		}
		n++
	}
	if n > 0 {
		known[gMortar] = n
	}
	return known
}

var (
	_ rules.GameVarShaper = Skirmish{}
	_ rules.GameVarKnower = Skirmish{}
	_ rules.SideVarKnower = Skirmish{}
	_ rules.UnitVarKnower = Skirmish{}
)

// isListKey reports whether key is a field of a row of the list that
// listKey(prefix, k, field) names.
func isListKey(key, prefix string, fields []string) bool {
	rest, ok := strings.CutPrefix(key, prefix)
	if !ok {
		return false
	}
	k, field, ok := strings.Cut(rest, ".")
	if !ok || k == "" || strings.Trim(k, "0123456789") != "" {
		return false
	}
	return slices.Contains(fields, field)
}
