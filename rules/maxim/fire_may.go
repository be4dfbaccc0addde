package maxim

import (
	"fmt"

	"hedgerow/rules"
)

// Who may fire what: the weapon a fire command names, and why a figure
// may not fire it now.

// firingWeapon is the weapon a fire command names (Arg), or the first
// weapon the figure may fire; mount is the vehicle mount for a crewman
// firing his vehicle's weapon (-1 otherwise).
func firingWeapon(s *rules.State, f *rules.Figure, arg string) (w *Weapon, mount int, err error) {
	if rv := openRide(s, f); rv != nil {
		for _, id := range riderWeapons(f) {
			if arg == "" || arg == id {
				w, _ := data.Weapon(id)
				return named(w, ownName(s, f.Side, id)), -1, nil
			}
		}
		if arg != "" && containsStr(f.Weapons, arg) {
			return nil, -1, fmt.Errorf("a %s cannot be used from inside %s", ownName(s, f.Side, arg), rv.Name)
		}
		return nil, -1, fmt.Errorf("%s has no weapon to fire from %s", f.Name, rv.Name)
	}
	if aboard(s, f) {
		v := crewOf(s, f)
		if v == nil {
			return nil, -1, fmt.Errorf("%s is a passenger of a closed vehicle: men inside fire only the vehicle's own weapons, worked by its crew", f.Name)
		}
		if knockedOut(s, v) {
			return nil, -1, fmt.Errorf("%s is knocked out", v.Name)
		}
		for _, id := range weaponList(s, f) {
			if arg == "" || arg == id {
				w, _ := data.Weapon(id)
				i := vehWeaponIndex(s, v, id)
				return named(w, mountName(v, i)), i, nil
			}
		}
		if arg != "" && containsStr(vehWeaponIDs(v), arg) {
			return nil, -1, fmt.Errorf("%s %s has fired this phase or is out of action", rules.Possessive(v.Name), ownName(s, v.Side, arg))
		}
		if arg != "" {
			return nil, -1, fmt.Errorf("%s has no %s", v.Name, ownName(s, v.Side, arg))
		}
		return nil, -1, fmt.Errorf("%s has no weapon free to fire", v.Name)
	}
	if arg != "" {
		for _, id := range f.Weapons {
			if id == arg {
				w, _ := data.Weapon(id)
				w = named(w, ownName(s, f.Side, id))
				if w.Melee {
					return nil, -1, fmt.Errorf("a %s is for melee only", w.Name)
				}
				return w, -1, nil
			}
		}
		return nil, -1, fmt.Errorf("%s carries no %s", f.Name, ownName(s, f.Side, arg))
	}
	for _, id := range f.Weapons {
		if w, ok := data.Weapon(id); ok && !w.Melee && !w.Aircraft {
			return named(w, ownName(s, f.Side, id)), -1, nil
		}
	}
	return nil, -1, fmt.Errorf("%s has no weapon to fire", f.Name)
}

func vehWeaponIDs(v *rules.Vehicle) []string {
	var out []string
	for _, w := range vehType(v).Weapons {
		out = append(out, w.ID)
	}
	return out
}

// firerName names f in a reason about his fire: a crewman by his vehicle
// too, since the player picked the vehicle and may not know its crew by
// name ("Sherman 1's crewman Sgt Lyle").
func firerName(s *rules.State, f *rules.Figure) string {
	if v := crewOf(s, f); v != nil {
		return rules.Possessive(v.Name) + " crewman " + f.Name
	}
	return f.Name
}

// mayFire says why f may not fire now with w ("" when it may).
func mayFire(s *rules.State, f *rules.Figure, w *Weapon) string {
	mover := s.Var(gMover)
	switch {
	case f.Removed:
		return f.Name + " is out of the fight"
	case stunned(f):
		return f.Name + " is stunned"
	case moraleOf(s, f) >= 3:
		return fmt.Sprintf("%s unit has failed morale (%s) and will not fire", rules.Possessive(f.Name), ordinal(moraleOf(s, f)))
	case w.Aircraft && !anyAircraft(s, f.Side):
		return fmt.Sprintf("a %s fires only at aircraft, and there are none", w.Name)
	}
	switch s.Phase {
	case PhaseOpportunity:
		if f.Side == mover {
			return "only the side not moving takes opportunity fire"
		}
		if f.Var(fOpp) == s.Round {
			return firerName(s, f) + " has already taken opportunity fire this turn"
		}
		if s.Var(gOppFrom) == 1 && f.Var(fFired) == s.Round {
			return firerName(s, f) + " fired in the defensive fire phase: nothing fires twice in a turn"
		}
	case PhaseOffensive:
		if f.Side != mover {
			return "only the moving side fires in the offensive fire phase"
		}
		if f.Var(fFired) == s.Round {
			return firerName(s, f) + " has already fired this phase"
		}
	case PhaseDefensive:
		if f.Side == mover {
			return "only the side not moving fires in the defensive fire phase"
		}
		if f.Var(fFired) == s.Round {
			return firerName(s, f) + " has already fired this phase"
		}
		if f.Var(fOpp) == s.Round && w.ROF < 3 {
			return fmt.Sprintf("%s took opportunity fire this turn; only a weapon of rate of fire 3 or more fires again", firerName(s, f))
		}
	default:
		return fmt.Sprintf("no one fires in the %s phase", phaseWord(s.Phase))
	}
	if f.Side != s.Decider {
		return fmt.Sprintf("it is %s decision now", rules.Possessive(s.Sides[s.Decider].Name))
	}
	return ""
}
