package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/vehicle"
)

// The optional hit location chart: with the State variable
// VarHitLocations set to 1 (a scenario option), every vehicle serious
// wound also rolls 1D6 for where it struck:
//
//	1 fuel or ammunition: it explodes, as a vehicle kill
//	2 engine: it stops and will not move again (immobilised)
//	3 crew: everyone in the crew takes a 1D explosive attack
//	4 weapon mount: its main weapon is out of action
//	5 track, wheel or drive: it is slowed to a walking pace, 6" a move
//	6 cargo or passengers: every passenger takes a 1D explosive attack
//
// A 2-6 comes on top of the serious wound's own effects; a 1 replaces
// them with the kill's.

// VarHitLocations is the State variable that turns the chart on.
// A scenario sets it with hit_locations = true (rules.VarHitLocations).
const VarHitLocations = rules.VarHitLocations

// vvWalk: per-vehicle: its drive is hit and it moves at a walk.
const vvWalk = "walk"

// walkSpeed is a vehicle with its drive hit: 6" a move.
const walkSpeed = 6

var hitLocNames = []string{"", "fuel or ammunition", "engine", "crew", "weapon mount", "track, wheel or drive", "cargo or passengers"}

// hitLocation rolls where a serious wound struck and applies it; kill
// reports a 1 (the caller then plays a vehicle kill instead).
func (r SMLE) hitLocation(s *rules.State, v *rules.Vehicle) (evs []rules.Event, kill bool) {
	d := s.Roll(6)
	l := rules.Ledger{What: "Hit location, " + v.Name, Dice: []rules.Die{d}, Compare: "table", Total: d.Face, Outcome: hitLocNames[d.Face],
		Note: "1 explodes, 2 engine, 3 crew, 4 weapon, 5 drive, 6 passengers"}
	evs = append(evs, rules.Event{Kind: "roll", Side: v.Side, Roll: &l, Text: fmt.Sprintf("%s is hit in the %s", v.Name, hitLocNames[d.Face])})
	attack := func(ids []rules.FigID) {
		for _, id := range ids {
			if g := s.Fig(id); g != nil && !g.Removed {
				evs = append(evs, r.effect(s, nil, g, EffectInput{Weapon: &brewUp, Armour: armourOf(s, g), Quality: g.Quality, Motive: g.Motive})...)
			}
		}
	}
	switch d.Face {
	case 1:
		return evs, true
	case 2:
		v.Damage |= vehicle.Immobilised
		evs = append(evs, rules.Event{Kind: "vdamage", Side: v.Side, Unit: v.Unit, Text: rules.Possessive(v.Name) + " engine is wrecked: it will not move again"})
	case 3:
		attack(v.Crew)
	case 4:
		v.Damage |= vehicle.WeaponOut
		evs = append(evs, rules.Event{Kind: "vdamage", Side: v.Side, Unit: v.Unit, Text: rules.Possessive(v.Name) + " main weapon is out of action"})
	case 5:
		v.SetVar(vvWalk, 1)
		evs = append(evs, rules.Event{Kind: "vdamage", Side: v.Side, Unit: v.Unit, Text: fmt.Sprintf("%s drive is hit: it crawls at %d\" a move", rules.Possessive(v.Name), walkSpeed)})
	case 6:
		attack(v.Passengers)
	}
	return evs, false
}

// hitLocP folds the chart into a hit's damage odds: a sixth of serious
// wounds become kills.
func hitLocP(s *rules.State, p [4]float64) [4]float64 {
	if s.Var(VarHitLocations) != 1 {
		return p
	}
	p[0] += p[1] / 6
	p[1] -= p[1] / 6
	return p
}
