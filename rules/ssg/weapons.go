package ssg

import (
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Weapon is one line of the SSG weapons list.
type Weapon struct {
	ID    string
	Label string
	Short int64 // short range, position units: up to here no range modifier
	Long  int64 // long range: beyond short and up to here, -1; beyond, no shot
	ROF   int   // dice the firer may roll, split among targets as the player likes
	Rule  string
}

// Weapons is the rule set's whole arsenal, in a fixed order. The numbers
// come from the Shooting section of the rulebook.
var Weapons = []Weapon{
	{ID: "rifle", Label: "rifle", Short: 12 * geom.PerInch, Long: 24 * geom.PerInch, ROF: 1,
		Rule: "SSG Shooting: rifles 12\"/24\", one die"},
	{ID: "pistol", Label: "pistol", Short: 6 * geom.PerInch, Long: 12 * geom.PerInch, ROF: 1,
		Rule: "SSG Shooting: pistols 6\"/12\", one die"},
	{ID: "smg", Label: "submachine gun", Short: 6 * geom.PerInch, Long: 12 * geom.PerInch, ROF: 3,
		Rule: "SSG Shooting: submachine guns 6\"/12\", three dice"},
}

// WeaponByID finds a weapon in the table.
func WeaponByID(id string) (Weapon, bool) {
	for _, w := range Weapons {
		if w.ID == id {
			return w, true
		}
	}
	return Weapon{}, false
}

// Vocabulary tells the scenario loader which weapon ids SSG knows, so a
// misspelt weapon is refused at its line. SSG has no troop qualities or
// motivations, so those words are not checked.
func (SSG) Vocabulary() rules.Vocabulary {
	ids := make([]string, len(Weapons))
	for i, w := range Weapons {
		ids[i] = w.ID
	}
	// SSG has no troop quality; "trained" is the one word its shipped
	// scenarios (and every save of them) give a unit, with no effect.
	return rules.Vocabulary{Weapons: ids, Qualities: []string{"trained"}}
}
