package smle

import (
	"strconv"
	"strings"

	"hedgerow/rules"
)

// GameVarKnown says which game-level variables a side may know (the
// rules.GameVarKnower hook: a side's own copy of the battle in network
// play carries only these, and the computer opponent decides on it).
//
//   - The scenario's settings (losses for victory, hit locations, random
//     quality or leaders, bad going, locked doors) are in the scenario both
//     sides hold.
//   - The double-move pass, and a door's state (open, closed, broken), are
//     on the table for both players to see.
//   - The team now acting ("cur"), and the mover, team and vehicle of an
//     opportunity-fire window, only when the side's view knows of that
//     team, figure or vehicle (or none is named): a hidden team acting
//     tells its number to nobody.
//   - A booby trap only when the side set it or knows where it is; the
//     count of traps only when every trap counted is one of those (a trap
//     gone since cannot be told apart, so then the count is kept back).
//   - Weapons dropped on the table are kept back: a figure the side did
//     not see may have dropped them.
//
// Nothing else is known, so a variable a later change adds stays with the
// host until it is listed here.
func (r SMLE) GameVarKnown(s *rules.State, side int, key string) bool {
	switch key {
	case rules.VarVictoryLosses, rules.VarHitLocations, rules.VarRandomQuality, rules.VarRandomLeaders, vSecond:
		return true
	case vCur, vOppUnit:
		id := s.Var(key)
		return id == 0 || rules.ViewOf(r, s, side).Unit(rules.UnitID(id))
	case vOppFig, vOppMove:
		id := s.Var(vOppFig)
		return id == 0 || rules.ViewOf(r, s, side).Figure(rules.FigID(id))
	case vOppVeh:
		id := s.Var(key)
		if id == 0 {
			return true
		}
		v := s.Veh(rules.VehicleID(id))
		return v != nil && (v.Side == side || rules.ViewOf(r, s, side).Unit(v.Unit))
	case vTraps:
		for k, n := 1, s.Var(vTraps); k <= n; k++ {
			if s.Var(trapKey(k, "s")) == 0 || !trapKnown(s, k, side) {
				return false
			}
		}
		return true
	}
	if strings.HasPrefix(key, rules.VarBadGoing) || strings.HasPrefix(key, rules.VarLockedDoor) || strings.HasPrefix(key, "door.") {
		return true
	}
	if k, part, ok := trapPart(key); ok {
		if part == "k" {
			// who else knows of it is the other side's to know: told only
			// of an enemy trap the side knows
			own := s.Var(trapKey(k, "s"))
			return own != 0 && own-1 != side && trapKnown(s, k, side)
		}
		return trapKnown(s, k, side)
	}
	return false
}

// ShapeGameVars (rules.GameVarShaper): when the side may not know how many
// booby traps there are (an enemy trap it has not found), its copy still
// counts up to the last trap it knows, so that its own traps and those it
// found stay on its table and may be cleared; the others have no row in
// it and are passed over.
func (SMLE) ShapeGameVars(s *rules.State, side int, known map[string]int) map[string]int {
	if _, ok := known[vTraps]; ok {
		return known
	}
	last := 0
	for k, n := 1, s.Var(vTraps); k <= n; k++ {
		if trapKnown(s, k, side) {
			last = k
		}
	}
	if last > 0 {
		if known == nil {
			known = map[string]int{}
		}
		known[vTraps] = last
	}
	return known
}

var _ rules.GameVarShaper = SMLE{}

// trapKnown reports whether side set trap k or knows where it is.
func trapKnown(s *rules.State, k, side int) bool {
	own := s.Var(trapKey(k, "s"))
	return own != 0 && (own-1 == side || s.Var(trapKey(k, "k"))&(1<<side) != 0)
}

// trapPart reads a trap variable's name, "trap<k><part>".
func trapPart(key string) (k int, part string, ok bool) {
	rest, found := strings.CutPrefix(key, "trap")
	if !found || len(rest) < 2 {
		return 0, "", false
	}
	part = rest[len(rest)-1:]
	if !strings.Contains("sxyk", part) {
		return 0, "", false
	}
	k, err := strconv.Atoi(rest[:len(rest)-1])
	if err != nil || k < 1 {
		return 0, "", false
	}
	return k, part, true
}
