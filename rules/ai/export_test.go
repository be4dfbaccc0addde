package ai

import (
	"math/rand/v2"

	"hedgerow/rules"
)

// BeliefOf is the state the computer decides on for side: its picture of
// the battle (for tests).
func BeliefOf(g *rules.Game, side int) *rules.State {
	return newBelief(g, side, rand.New(rand.NewPCG(1, 1))).s
}
