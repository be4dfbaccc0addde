package skirmish35

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// A fire that names no kind (what the table asks when a player clicks an
// enemy) is refused with the reasons neither kind may be taken: a hidden
// sniper that acquired its man this turn, not last, may neither fire
// unaimed from hiding nor aim yet.
func TestFireWithNoKindSaysWhyNeither(t *testing.T) {
	s := newState(t, []terrain.Piece{},
		tfig{side: 0, quality: "elite", x: 36, y: 10.3, weapons: []string{"sniper-rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 40, weapons: []string{"rifle"}, facing: 0})
	s.Fig(1).Markers |= rules.Hidden
	refuse(t, s, "fire F1 F2", "has not acquired")
	apply(t, s, "acquire F1 F2", 6, 6)
	refuse(t, s, "fire F1 F2", "from hiding he takes only aimed shots; F1 did not have F2 in sight last turn, so he cannot aim at him")
}

// A fire at a man not yet acquired says what to do, or why it cannot be
// done (a play-tester in the Inn read only "has not acquired" at every
// click, with no word of how to acquire or why he could not).
func TestFireNotAcquiredSaysHowOrWhyNot(t *testing.T) {
	s := newState(t, []terrain.Piece{},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0})
	refuse(t, s, "fire F1 F2 aimed", "has not acquired F2 this turn: he must acquire him first")
	s.Fig(1).Facing = 0 // his back to him
	refuse(t, s, "fire F1 F2 aimed", "has not acquired F2 this turn, and cannot: F1 must turn to face F2 first")
}
