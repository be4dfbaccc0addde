package game

import (
	"strings"
	"testing"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// A refusal reaches the screen in plain words: ids read as names, and
// notation (a quoted command, a template) never shows (issue 24, item 4).
func TestPlainWords(t *testing.T) {
	st := &rules.State{
		Figures: []rules.Figure{{ID: 1, Name: "Red rifle 2"}, {ID: 2, Name: "Blue leader"}},
		Units:   []rules.Unit{{ID: 1, Name: "Rifle team"}},
	}
	for _, c := range []struct{ in, want string }{
		{"Fire names the active team and one target figure: fire U4 F<target> <kind>", "Fire names the active team and one target figure."},
		{"F2 is not within 1\" of F1", "Blue leader is not within 1\" of Red rifle 2."},
		{"a melee names the two figures that fight, or nothing: \"melee F1 F2 F9\"", "A melee names the two figures that fight, or nothing."},
		{"U1 has already acted", "Rifle team has already acted."},
		{"out of range: 14.2\" of 12\"", "Out of range: 14.2\" of 12\"."},
		{"there is no figure F9", "There is no such figure."},
		{"(12.345,6) is not on F1's path", "That point is not on Red rifle 2's path."},
	} {
		if got := plainWords(c.in, st); got != c.want {
			t.Errorf("plainWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Distances reach the screen to one decimal, as a tape reads.
func TestOneDecimal(t *testing.T) {
	for in, want := range map[string]string{
		`range 26.004"`:                     `range 26.0"`,
		`Blue rifle 1 moves 3.952"`:         `Blue rifle 1 moves 4.0"`,
		`12.5" of 12"`:                      `12.5" of 12"`,
		`command range 15.25 cm`:            `command range 15.2 cm`,
		`rolled 2d6: 1 5, needs 7+`:         `rolled 2d6: 1 5, needs 7+`,
		`at (43.500,20.000) in the orchard`: `at (43.500,20.000) in the orchard`,
	} {
		if got := art.OneDecimal(in); got != want {
			t.Errorf("oneDecimal(%q) = %q, want %q", in, got, want)
		}
	}
	chit := ledgerLines(&rules.Ledger{Dice: []rules.Die{{Sides: 7, Face: 5}}, Total: 5, Outcome: "Americans 4"})
	if strings.Join(chit, " / ") != "drew Americans 4, one of the 7 chits in the cup" {
		t.Errorf("a chit drawn from seven reads %q", chit)
	}
	// a number no roll reaches, or any roll does, in words ("needs 0
	// or less" was read for a save no roll makes)
	for _, c := range []struct {
		l    rules.Ledger
		want string
	}{
		{rules.Ledger{Dice: []rules.Die{{Sides: 6, Face: 3}}, Compare: "<=", Target: 0, Total: 3, Outcome: "killed"}, "no roll can do it (total 3): killed"},
		{rules.Ledger{Dice: []rules.Die{{Sides: 6, Face: 3}, {Sides: 6, Face: 4}}, Compare: ">=", Target: 2, Total: 7, Outcome: "hit"}, "any roll does it (total 7): hit"},
		{rules.Ledger{Dice: []rules.Die{{Sides: 6, Face: 3}}, Mods: []rules.Mod{{Value: -2}}, Compare: ">=", Target: 3, Total: 1, Outcome: "miss"}, "needs 3 or more, total 1: miss"},
		// (Maxim's percentile: the modifiers go to the chance, the total
		// is the die)
		{rules.Ledger{Dice: []rules.Die{{Sides: 100, Face: 42}}, Mods: []rules.Mod{{Value: 10}}, Compare: "<=", Target: 55, Total: 42, Outcome: "hit"}, "needs 55 or less, total 42: hit"},
		{rules.Ledger{Dice: []rules.Die{{Sides: 100, Face: 42}}, Mods: []rules.Mod{{Value: 60}}, Compare: "<=", Target: 100, Total: 42, Outcome: "hit"}, "any roll does it (total 42): hit"},
	} {
		lines := ledgerLines(&c.l)
		if got := lines[len(lines)-1]; got != c.want {
			t.Errorf("%+v reads %q, want %q", c.l, got, c.want)
		}
	}
}

// A save's name is safe as a file's name: no colon or slash, no leading
// dot, no run of spaces, at most 60 characters.
func TestSaveFileName(t *testing.T) {
	for in, want := range map[string]string{
		"SSG: The Standard Game 28 Nov 06.34": "SSG The Standard Game 28 Nov 06.34",
		"../../etc/passwd":                    "etc passwd",
		"  Before the assault  ":              "Before the assault",
		"":                                    "",
	} {
		if got := saveFileName(in); got != want {
			t.Errorf("saveFileName(%q) = %q, want %q", in, got, want)
		}
	}
}
