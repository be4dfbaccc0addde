package game

import (
	"testing"

	"hedgerow/rules"
)

// A chit drawn from the cup is shown as the cup's own token with its
// number, and its outcome in neither success's green nor failure's red:
// it was a die, and "GERMANS 1" read red as a failed roll (play-test 7).
func TestChitDrawnIsAToken(t *testing.T) {
	for name, want := range map[string]string{"Americans 4": "4", "Germans 12": "12", "Turn end": "T", "": "?"} {
		if got := chitFace(name); got != want {
			t.Errorf("chit %q shows %q, want %q", name, got, want)
		}
	}
	draw := &rules.Ledger{Compare: rules.CompareDraw, Outcome: "Germans 1", Total: 5}
	if c := outcomeColour(draw); c == outcomeColour(&rules.Ledger{Compare: ">=", Total: 6, Target: 4}) || c == outcomeColour(&rules.Ledger{Compare: ">=", Total: 1, Target: 4}) {
		t.Errorf("a chit drawn is coloured as a success or a failure: %v", c)
	}
}
