package smle

import (
	"slices"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// The odds card names who fires: of a team of two, the man with the
// farmhouse between him and the enemy leader cannot see him and is left
// out of aimed fire; the man round the corner fires. With both behind the
// house none can. Any other command is not answered for.
func TestFirersOfNameWhoCanSee(t *testing.T) {
	// the house stands at (10,20)-(20,26); the enemy leader north of it
	s := facedState(t, []terrain.Piece{house(15)}, []ffig{{0, "A", "trained", 3, 23, 0}, {0, "A", "trained", 15, 30, 0}, {1, "B", "trained", 15, 14, 180}}, 6, 1)
	atBand(t, s, s.UnitOf(1), "close-11")
	r := New().(SMLE)
	aimed := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FireAimed}
	if got := r.FirersOf(s, aimed); !slices.Equal(got, []rules.FigID{1}) {
		t.Errorf("aimed fire from the corner and from behind the house: firers %v, want [1]", got)
	}
	s.Fig(1).Pos = s.Fig(2).Pos
	s.Fig(1).Pos.X -= 1000
	if got := r.FirersOf(s, aimed); got == nil || len(got) != 0 {
		t.Errorf("both behind the house: firers %v, want none (an empty list)", got)
	}
	if got := r.FirersOf(s, rules.Command{Verb: "end"}); got != nil {
		t.Errorf("an end: %v, want no answer", got)
	}
}
