package maxim

import (
	"strconv"
	"strings"

	"hedgerow/rules"
)

// diceWords says how many dice of how many sides are rolled, in words:
// "a die", "two dice", "a ten-sided die".
func diceWords(n, sides int) string {
	count := strconv.Itoa(n)
	if n >= 1 && n <= 6 {
		count = [...]string{"a", "two", "three", "four", "five", "six"}[n-1]
	}
	what := " dice"
	if n == 1 {
		what = " die"
	}
	if sides != 6 {
		what = " " + strconv.Itoa(sides) + "-sided" + what
	}
	return count + what
}

// possessive is name's possessive: "Insurgents'" but "NVA's" (the
// core's Possessive).
func possessive(name string) string { return rules.Possessive(name) }

// oddsUnit names a unit in odds a player reads, never by its number: by
// its name, with its side's in front when a unit of the other side has
// the same name ("Germans' MG team"), and by its first man still in the
// fight when another of its own side has it ("Rifle team of Cpl Hall").
func oddsUnit(s *rules.State, u *rules.Unit) string {
	name, mine := sidedUnit(s, u)
	if mine {
		for i := range s.Figures {
			if f := &s.Figures[i]; f.Unit == u.ID && !f.Removed {
				return name + " of " + f.Name
			}
		}
	}
	return name
}

// sidedUnit is a unit's name, with its side's in front when a unit of the
// other side has the same name; mine tells whether one of its own side
// has it too.
func sidedUnit(s *rules.State, u *rules.Unit) (name string, mine bool) {
	name = u.Name
	for i := range s.Units {
		v := &s.Units[i]
		if v.ID == u.ID || !strings.EqualFold(v.Name, u.Name) {
			continue
		}
		if v.Side != u.Side {
			name = possessive(s.Sides[u.Side].Name) + " " + u.Name
		} else {
			mine = true
		}
	}
	return name, mine
}

// oddsFig names a man in odds a player reads, never by his number: by
// his name, and by his unit's too when another man still in the fight
// bears the same one ("Pte Smith of 1st Squad").
func oddsFig(s *rules.State, f *rules.Figure) string {
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.ID != f.ID && !g.Removed && strings.EqualFold(g.Name, f.Name) {
			if u := s.UnitOf(f.Unit); u != nil {
				name, _ := sidedUnit(s, u)
				return f.Name + " of " + name
			}
			break
		}
	}
	return f.Name
}

// oddsVehicle names a vehicle in odds a player reads, never by its
// number: by its name, with its side's in front when a vehicle of the
// other side has the same name, and as the first, second... of the name
// when another of its own side has it.
func oddsVehicle(s *rules.State, v *rules.Vehicle) string {
	name, nth, same := v.Name, 1, false
	for i := range s.Vehicles {
		w := &s.Vehicles[i]
		if w.ID == v.ID || !strings.EqualFold(w.Name, v.Name) {
			continue
		}
		if w.Side != v.Side {
			name = possessive(s.Sides[v.Side].Name) + " " + v.Name
			continue
		}
		same = true
		if w.ID < v.ID {
			nth++
		}
	}
	if same {
		name += " (the " + ordinalWord(nth) + " of the name)"
	}
	return name
}

// ordinalWord is "first", "second"... ("11th" past the tenth).
func ordinalWord(n int) string {
	if n >= 1 && n <= 10 {
		return [...]string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}[n-1]
	}
	return strconv.Itoa(n) + "th"
}

// countWords is a count with its noun agreeing: "1 officer or NCO hit",
// "2 officers or NCOs hit".
func countWords(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
