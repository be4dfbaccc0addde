package art

import (
	"strings"
	"testing"
)

// A name of KeepTogether is never broken across two lines when it fits
// on one ("Pfc / Ingle", play-test 5); a name too long for the line
// still breaks, and text without names wraps as before.
func TestWrapKeepsNamesTogether(t *testing.T) {
	f := Face(12)
	s := "The shot at Pfc Ingle from the hedge misses"
	w := TextW("The shot at Pfc", f) + 2
	KeepTogether = nil
	plain := Wrap(s, f, w)
	if len(plain) < 2 || plain[0] != "The shot at Pfc" {
		t.Fatalf("the test's width does not break after \"Pfc\": %q", plain)
	}
	KeepTogether = []string{"Pfc Ingle", "1 Section"}
	defer func() { KeepTogether = nil }()
	kept := Wrap(s, f, w)
	for _, l := range kept {
		if l == "The shot at Pfc" || len(l) >= 5 && l[:5] == "Ingle" {
			t.Errorf("the name is broken: %q", kept)
		}
		if TextW(l, f) > w && l != "Pfc Ingle" {
			t.Errorf("%q runs past the width", l)
		}
	}
	joined := ""
	for i, l := range kept {
		if i > 0 {
			joined += " "
		}
		joined += l
	}
	if joined != s {
		t.Errorf("the words changed: %q", joined)
	}
	// too long for the line: broken as any words are
	narrow := TextW("Pfc", f) + 1
	if got := Wrap("Pfc Ingle", f, narrow); len(got) != 2 {
		t.Errorf("a name wider than the line is kept whole: %q", got)
	}
}

// A short item of a list stays whole: the vehicle card read "water /
// cannot" and "General / purpose machine-gun" (play-test 7).
func TestWrapKeepsListItemsWhole(t *testing.T) {
	f := Face(13)
	KeepTogether = nil
	for _, c := range []struct{ s, item string }{
		{"Combat move (tracks): clear 20\", rough 16\", woods 12\", road 24\", water cannot", "water cannot"},
		{"Weapons: 75 mm anti-tank gun (turret, 3D+3), 20 rounds left, General purpose machine-gun (coaxial, 1D+1)", "General purpose machine-gun"},
		// a weapon's name and its bracket: "LMG / (MG34/42)" (play-test 9)
		{"Weapons: 75mm tank gun (turret), LMG (MG34/42) (coaxial), smoke dischargers", "LMG (MG34/42)"},
	} {
		first := c.s[:strings.Index(c.s, c.item)+strings.Index(c.item, " ")]
		w := TextW(first, f) + 2 // the plain wrap breaks inside the item
		lines := Wrap(c.s, f, w)
		whole := false
		for _, l := range lines {
			whole = whole || strings.Contains(l, c.item)
			if TextW(l, f) > w {
				t.Errorf("%q runs past the width", l)
			}
		}
		if !whole {
			t.Errorf("%q is broken: %q", c.item, lines)
		}
		if got := strings.Join(lines, " "); got != c.s {
			t.Errorf("the words changed: %q", got)
		}
	}
}
