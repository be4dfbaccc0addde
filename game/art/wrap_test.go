package art

import (
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
