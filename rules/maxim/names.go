package maxim

import (
	"fmt"
	"strings"

	"hedgerow/rules"
)

// Weapons' own names (data/names.toml, and the mounts' names in
// data/vehicles.toml): the words a player knows a weapon by, in place of
// the weapons tables' class. Words only: no number depends on them.

type nameRow struct {
	Scenario string `toml:"scenario"`
	Side     string `toml:"side"`
	Weapon   string `toml:"weapon"`
	Name     string `toml:"name"`
}

var ownNames = mustNames()

func mustNames() []nameRow {
	var nf struct {
		Name []nameRow `toml:"name"`
	}
	if err := decode("data/names.toml", &nf); err != nil {
		panic("maxim names: " + err.Error())
	}
	for _, r := range nf.Name {
		if _, ok := data.Weapon(r.Weapon); !ok || r.Name == "" || r.Scenario == "" || r.Side == "" {
			panic(fmt.Sprintf("maxim names: a bad line for weapon %q", r.Weapon))
		}
	}
	return nf.Name
}

// ownName is what side calls weapon id in this battle: its own name when
// data/names.toml gives one, else the weapons tables' name.
func ownName(s *rules.State, side int, id string) string {
	if side >= 0 && side < len(s.Sides) {
		sc, sn := s.Scenario, s.Sides[side].Name
		for _, r := range ownNames {
			if r.Weapon == id && r.Side == sn && r.Scenario == sc {
				return r.Name
			}
		}
	}
	if w, ok := data.Weapon(id); ok {
		return w.Name
	}
	return id
}

// WeaponName (rules.WeaponNamer): what side calls weapon id in scenario,
// when data/names.toml gives it a name of its own ("" otherwise).
func (Maxim) WeaponName(scenario, side, id string) string {
	for _, r := range ownNames {
		if r.Weapon == id && r.Side == side && r.Scenario == scenario {
			return r.Name
		}
	}
	return ""
}

var _ rules.WeaponNamer = Maxim{}

// mountName is the own name of vehicle v's weapon on mount i, else the
// weapons tables' name.
func mountName(v *rules.Vehicle, i int) string {
	if ns := mountNames[v.Type]; i >= 0 && i < len(ns) && ns[i] != "" {
		return ns[i]
	}
	t := vehType(v)
	if i >= 0 && i < len(t.Weapons) {
		if w, ok := data.Weapon(t.Weapons[i].ID); ok {
			return w.Name
		}
		return t.Weapons[i].ID
	}
	return ""
}

// named is w under the name n: w itself when n is its own, else a copy
// (the tables' line is shared and never written).
func named(w *Weapon, n string) *Weapon {
	if w == nil || n == "" || n == w.Name {
		return w
	}
	c := *w
	c.Name = n
	return &c
}

// className is the weapons tables' class of a weapon named otherwise, for
// the card's detail ("RPG"), "" when the name is the class.
func className(id, name string) string {
	w, ok := data.Weapon(id)
	if !ok || w.Name == name {
		return ""
	}
	return w.Name
}

// chartWords is a ten-sided damage chart in words: "a ten-sided die: 1-4
// stun, 5-7 light wound, 8-9 serious wound, 10 kill" (a band no face
// reaches is left out).
func chartWords(c Chart) string {
	var parts []string
	lo := 1
	for _, b := range []struct {
		hi   int
		name string
	}{{c.Stun, "stun"}, {c.Light, "light wound"}, {c.Serious, "serious wound"}, {10, "kill"}} {
		hi := min(b.hi, 10)
		switch {
		case hi < lo:
			continue
		case hi == lo:
			parts = append(parts, fmt.Sprintf("%d %s", lo, b.name))
		default:
			parts = append(parts, fmt.Sprintf("%d-%d %s", lo, hi, b.name))
		}
		lo = hi + 1
	}
	return "a ten-sided die: " + strings.Join(parts, ", ")
}
