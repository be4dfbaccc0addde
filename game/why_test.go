package game

import (
	"testing"

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
	} {
		if got := plainWords(c.in, st); got != c.want {
			t.Errorf("plainWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
