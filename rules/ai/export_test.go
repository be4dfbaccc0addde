package ai

import (
	"math/rand/v2"

	"hedgerow/rules"
)

// DangerOf is the danger side reckons to its figure f where it stands
// from enemy e's shot (shotDanger), for the tests; ok is false when e is
// not known to the side or the rule set gives no odds of its shot.
func DangerOf(g *rules.Game, side int, f, e rules.FigID) (int, bool) {
	b := newBelief(g, side, rand.New(rand.NewPCG(1, 2)))
	if !b.known[e-1] {
		return 0, false
	}
	ff := b.s.Fig(f)
	return b.shotDanger(ff, ff.Pos, b.s.Fig(e))
}

// MissLike exports missLike for the tests.
var MissLike = missLike
