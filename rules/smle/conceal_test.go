package smle

import (
	"strings"
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

// hiddenState is an open table: Blue's team at the south, Red's hidden
// team 20" north in the open, both with rifles.
func hiddenState(t *testing.T, hidden bool) (*rules.State, *rules.Scenario) {
	t.Helper()
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	sc.Sides[1].Hidden = hidden
	sc.Sides[0].Units = []rules.ScenarioUnit{{Name: "Seekers", Quality: "trained", Figures: []rules.ScenarioFigure{
		{Name: "Blue1", Weapons: []string{"rifle"}, Pos: geom.P(10, 40), HasPos: true}}}}
	sc.Sides[1].Units = []rules.ScenarioUnit{{Name: "Lurkers", Quality: "trained", Figures: []rules.ScenarioFigure{
		{Name: "Red1", Weapons: []string{"rifle"}, Pos: geom.P(10, 20), HasPos: true},
		{Name: "Red2", Weapons: []string{"rifle"}, Pos: geom.P(12, 20), HasPos: true}}}}
	s, err := rules.NewState(sc, &terrain.Map{Name: "open", Width: geom.In(48), Height: geom.In(48)})
	if err != nil {
		t.Fatal(err)
	}
	s.Force(3, 4)
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	return s, sc
}

// A side set up hidden costs double, cannot be shot at until spotted, and
// is spotted when an enemy comes within 4" in sight, or when it moves in
// sight of the enemy.
func TestHiddenSetUp(t *testing.T) {
	r := New().(SMLE)
	open, plainSc := hiddenState(t, false)
	s, sc := hiddenState(t, true)
	plain, _ := Points(plainSc)
	pts, lines := Points(sc)
	if pts[1] != 2*plain[1] || pts[0] != plain[0] || !strings.Contains(strings.Join(lines, "\n"), "set up hidden x2") {
		t.Errorf("hidden side costs double: %v against %v\n%s", pts, plain, strings.Join(lines, "\n"))
	}
	blue, red := s.UnitOf(1), s.UnitOf(2)
	if !Unspotted(s, red) || Unspotted(s, blue) {
		t.Fatal("only the hidden side starts unspotted")
	}
	if len(r.firers(open, open.UnitOf(1), []*rules.Figure{open.Fig(2)})) != 1 {
		t.Fatal("without hidden set-up Blue1 can shoot Red1")
	}
	if len(r.firers(s, blue, []*rules.Figure{s.Fig(2)})) != 0 {
		t.Error("an unspotted team cannot be fired at")
	}
	// moving in sight of the enemy gives it away
	s2 := s.Clone()
	s2.Fig(3).Pos = geom.P(14, 20)
	if evs := r.spotMover(s2, s2.Fig(3)); len(evs) != 1 || Unspotted(s2, s2.UnitOf(2)) {
		t.Errorf("moving in the open in sight of Blue1 spots the team: %v", evs)
	}
	if len(r.firers(s2, s2.UnitOf(1), []*rules.Figure{s2.Fig(2)})) != 1 {
		t.Error("once spotted, the team may be fired at")
	}
	// an enemy 4.5" away (base edges 3.5") spots it; 6" away (5") does not
	s.Fig(1).Pos = geom.P(10, 26)
	if evs := r.spotAll(s); len(evs) != 0 || !Unspotted(s, red) {
		t.Errorf("5\" between bases is too far to spot: %v", evs)
	}
	s.Fig(1).Pos = geom.P(10, 24.5)
	evs := r.spotAll(s)
	if len(evs) != 1 || Unspotted(s, red) || !strings.Contains(evs[0].Text, "within 4\"") {
		t.Errorf("3.5\" between bases spots the team: %v", evs)
	}
}
