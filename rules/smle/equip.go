package smle

import (
	"fmt"
	"sort"

	"hedgerow/rules"
)

// Equipment and mounts (house rules where the rulebook is silent):
//
//   - A scenario unit may say armour = "none" | "light" | "body" (light,
//     uniform and helmet, when unsaid) and mount = "foot" | "cavalry" |
//     "bicycles". Armour sets the move (10" none, 8" light, 6" body) and
//     the armour row of the effect table; a mount sets the move instead
//     (16" cavalry, 12" bicycles), warriors' bonus and encumbrance still
//     counting.
//   - Horses and bicycles carry troops to the fight, not into it: a
//     mounted team may move, but may not run, go prone, open or kick
//     doors, fire, throw, call fire or close assault. It gets off with
//     "dismount U2" at the start of its go, before any figure moves; that
//     spends the go's movement, and it fights on foot from then on.

// Mount var values.
const (
	mountFoot = iota
	mountCavalry
	mountBicycles
)

const vMount = "mount" // unit: 1 cavalry, 2 bicycles (0 on foot)

var (
	armourWords = []string{"none", "light", "body"}
	mountWords  = []string{"foot", "cavalry", "bicycles"}
)

// Vocabulary tells the scenario loader the words S.M.L.E. knows, so a
// misspelt weapon, quality, motivation, armour or mount is refused at its
// line.
func (r SMLE) Vocabulary() rules.Vocabulary {
	var v rules.Vocabulary
	for _, w := range r.d.Weapons {
		v.Weapons = append(v.Weapons, w.ID)
	}
	v.Weapons = append(v.Weapons, DoorBreaker, MeleeWeapon, ImprovisedWeapon)
	for q := range r.d.ToHit {
		v.Qualities = append(v.Qualities, q)
	}
	for m := range r.d.Activation.Motive {
		v.Motivations = append(v.Motivations, m)
	}
	sort.Strings(v.Weapons)
	sort.Strings(v.Qualities)
	sort.Strings(v.Motivations)
	v.Armours = armourWords
	v.Mounts = mountWords
	v.Options = []string{rules.VarHitLocations, rules.OptBadGoing, rules.OptTraps, rules.OptHidden}
	return v
}

// equip turns each unit's scenario armour and mount into its game
// variables (once, at Start; a variable already set stands).
func equip(s *rules.State) error {
	for i := range s.Units {
		u := &s.Units[i]
		switch u.Armour {
		case "", "light":
		case "none":
			if uget(u, vArmour) == 0 {
				uset(u, vArmour, 1)
			}
		case "body":
			if uget(u, vArmour) == 0 {
				uset(u, vArmour, 3)
			}
		default:
			return fmt.Errorf("%s wears %q: S.M.L.E. knows none, light and body armour", teamName(s, u), u.Armour)
		}
		switch u.Mount {
		case "", "foot":
		case "cavalry":
			uset(u, vMount, mountCavalry)
		case "bicycles":
			uset(u, vMount, mountBicycles)
		default:
			return fmt.Errorf("%s rides %q: S.M.L.E. knows cavalry and bicycles", teamName(s, u), u.Mount)
		}
	}
	return nil
}

// mounted reports whether f's team is on horses or bicycles.
func mounted(s *rules.State, f *rules.Figure) bool {
	u := s.UnitOf(f.Unit)
	return u != nil && uget(u, vMount) != mountFoot
}

// canDismount: the team is mounted, may move this go and nobody has
// moved yet.
func (r SMLE) canDismount(s *rules.State, u *rules.Unit) bool {
	return uget(u, vMount) != mountFoot && r.d.Bands[uget(u, vBand)].Move > 0 && !r.anyMoved(members(s, u.ID))
}

func (r SMLE) applyDismount(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	if c.Unit != u.ID {
		return nil, fmt.Errorf("only %s may dismount now", teamName(s, u))
	}
	if !r.canDismount(s, u) {
		return nil, fmt.Errorf("%s cannot dismount now (a mounted team gets off at the start of its go, before any figure moves)", teamName(s, u))
	}
	uset(u, vMount, mountFoot)
	for _, f := range members(s, u.ID) {
		f.SetVar(fStopped, 1)
	}
	return []rules.Event{{Kind: "dismount", Side: u.Side, Unit: u.ID, Text: teamName(s, u) + " dismounts: on foot from now on, its movement spent this go"}}, nil
}
