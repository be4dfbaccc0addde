package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// A fanatic team that can fire may not end its activation (or go prone)
// before it has attacked.
func TestFanaticsMustAttack(t *testing.T) {
	// Unit 1, fanatic: 6 + 2 fresh + 1 + die 1 = 10 (Close), goes first;
	// unit 2 rolls 6 (13).
	s, _ := newState(t, []tunit{{0, "trained", "fanatic", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 1, 6)
	if s.Var(vCur) != 1 {
		t.Fatalf("the fanatics should act first, cur %d", s.Var(vCur))
	}
	if hasLegal(s, "end") || hasLegal(s, "posture F1 prone") || !hasLegal(s, "fire - U1 F2 direct") {
		t.Fatalf("fanatics with a target: fire, not end or prone: %v", New().Legal(s))
	}
	if _, err := New().Apply(s, rules.Command{Verb: "end"}); err == nil || !strings.Contains(err.Error(), "fanatics") {
		t.Fatalf("end should be refused, got %v", err)
	}
	s.Force(1, 1) // a miss
	apply(t, s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect})
	passOpp(t, s)
	if !hasLegal(s, "end") {
		t.Errorf("after firing the fanatics may end")
	}
	// Steady troops in the same place may end at once.
	s, _ = newState(t, []tunit{{0, "veteran", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 1, 6)
	if !hasLegal(s, "end") {
		t.Errorf("non-fanatics may end without firing")
	}
}

// Warriors (and fanatics) may not move away from the enemy.
func TestWarriorsCloseIn(t *testing.T) {
	// Warriors: 4 + 2 + 2 fresh + 1 + die 1 = 10.
	s, _ := newState(t, []tunit{{0, "trained", "warriors", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 6)
	r := New().(SMLE)
	if info := r.MoveCheck(s, 1, []geom.Pt{geom.P(10, 8)}); info.OK || !strings.Contains(info.Why, "away from the enemy") {
		t.Errorf("moving away: %+v", info.Why)
	}
	if info := r.MoveCheck(s, 1, []geom.Pt{geom.P(11, 13)}); !info.OK {
		t.Errorf("moving closer: %s", info.Why)
	}
	s, _ = newState(t, []tunit{{0, "trained", "steady", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 6, 6)
	if s.Var(vCur) == 1 {
		if info := r.MoveCheck(s, 1, []geom.Pt{geom.P(10, 8)}); !info.OK {
			t.Errorf("steady troops may move back: %s", info.Why)
		}
	}
}

// A side may not pass up opportunity fire its fanatics could take.
func TestFanaticsTakeOpportunity(t *testing.T) {
	// Unit 1 (side 0) 4+2+1+1 = 8 acts first; unit 2 fanatic 6+2+1+3 = 12.
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "fanatic", rifles(1, 10, 20)}}, 1, 3)
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 first, got %d", s.Var(vCur))
	}
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(12, 10)}})
	if s.Phase != PhaseOpportunity {
		t.Fatalf("the fanatics should be offered opportunity fire")
	}
	if hasLegal(s, "pass") || !hasLegal(s, "oppfire - U2 F1") {
		t.Errorf("legal: %v", New().Legal(s))
	}
	if _, err := New().Apply(s, rules.Command{Verb: "pass"}); err == nil {
		t.Errorf("pass should be refused")
	}
}

// Random games with fanatics against warriors end without error: the
// forcing never leaves a side with nothing legal to do.
func TestRandomGamesFanaticsAndWarriors(t *testing.T) {
	sc, m := loadNamed(t, "smle-farmhouse-rearguard.toml")
	sc = sc.Clone()
	for i := range sc.Sides[0].Units {
		sc.Sides[0].Units[i].Motive = "fanatic"
	}
	for i := range sc.Sides[1].Units {
		sc.Sides[1].Units[i].Motive = "warriors"
	}
	n := 60
	if testing.Short() {
		n = 15
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g, err := rules.PlayRandom(New(), sc, m, seed, 5000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !g.St.Over {
			t.Fatalf("seed %d: not over", seed)
		}
	}
}
