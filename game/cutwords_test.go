package game

import (
	"testing"

	"hedgerow/game/art"
)

// A bar button cut short keeps whole words: "1 Shoot: MG team..." and not
// "1 Shoot: MG te..." (play test 11: the cut buttons' words).
func TestCutLabelsKeepWholeWords(t *testing.T) {
	f := art.BoldFace(14)
	l := "Shoot: MG team, choose target"
	w := art.TextW("1  Shoot: MG team, cho...", f) + 1
	if got := clipLabel(l, "1  ", w, f); got != "Shoot: MG team..." {
		t.Errorf("cut to %.0f px, %q reads %q", w, l, got)
	}
}
