package game

import "testing"

// The save dialog's suggested name is selected: the first letter typed
// replaces it (a play-tester's typing was added to its end), while a
// Backspace first edits the suggestion, and later letters add on.
func TestSaveNameTypingReplacesTheSuggestion(t *testing.T) {
	s := &saveAs{name: []rune("Farm Lane Skirmish 28 Nov 20.51"), fresh: true}
	s.typed([]rune("Ra"), false)
	s.typed([]rune("id"), false)
	if got := string(s.name); got != "Raid" {
		t.Fatalf("typing over the suggestion gave %q, want %q", got, "Raid")
	}
	e := &saveAs{name: []rune("Farm Lane 1"), fresh: true}
	e.typed(nil, true)
	e.typed([]rune("2"), false)
	if got := string(e.name); got != "Farm Lane 2" {
		t.Fatalf("Backspace then a letter gave %q, want the suggestion edited: %q", got, "Farm Lane 2")
	}
}
