package game

import (
	"testing"

	"hedgerow/game/art"
)

// Four men a rim apart, shrunk for one another, are one group with one
// plate; at 1920x1080 each stood in a group of his own and wore a plate
// "1 of 4 men". A man shrunk only for an enemy beside him is no group.
func TestPackedMenAreOneGroup(t *testing.T) {
	r := 10.0
	dark, pale := baseEdges(r)
	gap := 2*r + dark // closer than bases and rims, farther than bare bases
	var spots []baseSpot
	for i := 0; i < 4; i++ {
		spots = append(spots, baseSpot{pos: art.Pt{X: 100 + float64(i%2)*gap, Y: 100 + float64(i/2)*gap}, side: 0, weapon: "rifle"})
	}
	lay := layoutBases(spots, r)
	if len(lay.groups) != 1 || len(lay.groups[0].members) != 4 {
		t.Fatalf("four packed men make %d groups: %+v (rims %.1f+%.1f)", len(lay.groups), lay.groups, dark, pale)
	}
	// a lone man shrunk beside an enemy
	two := []baseSpot{{pos: art.Pt{X: 100, Y: 100}, side: 0}, {pos: art.Pt{X: 100 + gap, Y: 100}, side: 1}}
	if lay := layoutBases(two, r); len(lay.groups) != 0 {
		t.Errorf("two men of two sides make %d groups", len(lay.groups))
	}
}
