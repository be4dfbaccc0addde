package smle

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Ambushers in a wood are concealed (+1 activation) until they fire; their
// first volley catches a fresh team unaware (+2 to hit), the next does not.
func TestConcealmentAndUnaware(t *testing.T) {
	k, _ := terrain.KindByName("woods")
	wood := terrain.Piece{ID: 0, Kind: "woods", Props: k.Props,
		Poly: geom.Polygon{geom.P(5, 5), geom.P(15, 5), geom.P(15, 12), geom.P(5, 12)}}
	// Unit 1 (in the wood): 4 + 2 fresh + 1 + 1 concealed + die 6 = 14,
	// double move; unit 2 in the open rolls 1 and goes first.
	s := facedState(t, []terrain.Piece{wood}, []ffig{{0, "A", "trained", 10, 11, 180}, {1, "B", "trained", 10, 20, 0}}, 6, 1)
	r := New().(SMLE)
	if !r.activationInput(s, s.UnitOf(1)).Concealed || r.activationInput(s, s.UnitOf(2)).Concealed {
		t.Fatalf("the team in the wood is concealed, the one in the open is not")
	}
	if uget(s.UnitOf(1), vTotal) != 14 {
		t.Errorf("total %d, want 14", uget(s.UnitOf(1), vTotal))
	}
	apply(t, s, rules.Command{Verb: "end"})
	w, _ := Std().Weapon("rifle")
	if !r.shotInput(s, s.Fig(1), s.Fig(2), w, FireDirect).Unaware {
		t.Fatalf("the first volley from concealment catches the target unaware")
	}
	s.Force(1, 1)
	apply(t, s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect})
	if r.concealed(s, s.UnitOf(1)) || r.shotInput(s, s.Fig(1), s.Fig(2), w, FireDirect).Unaware {
		t.Errorf("after firing: not concealed, target no longer unaware")
	}
}
