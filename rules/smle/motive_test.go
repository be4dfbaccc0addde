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

// The fanatics' filters cut only what AppendLegal adds: a list the caller
// already holds keeps its commands, and the rest is exactly Legal's, even
// in a reused list whose spare room holds old commands.
func TestAppendLegalKeepsTheCallersList(t *testing.T) {
	check := func(name string, s *rules.State) {
		t.Helper()
		r := New().(SMLE)
		want := r.Legal(s)
		prefix := []rules.Command{{Verb: "end"}, {Verb: "pass"}}
		buf := make([]rules.Command, 0, 64)
		for range cap(buf) {
			buf = append(buf, rules.Command{Verb: "stale"})
		}
		got := r.AppendLegal(append(buf[:0], prefix...), s)
		if len(got) != len(prefix)+len(want) {
			t.Fatalf("%s: %d commands after the caller's %d, want %d: %v", name, len(got)-len(prefix), len(prefix), len(want), got)
		}
		for i, c := range prefix {
			if got[i].String() != c.String() {
				t.Errorf("%s: the caller's command %d became %s", name, i, got[i])
			}
		}
		for i, c := range want {
			if got[len(prefix)+i].String() != c.String() {
				t.Errorf("%s: command %d is %s, Legal gives %s", name, i, got[len(prefix)+i], c)
			}
		}
	}
	// A fanatic team in its go (its list is cut to fire).
	s, _ := newState(t, []tunit{{0, "trained", "fanatic", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 1, 6)
	if hasLegal(s, "end") {
		t.Fatalf("the fanatics' list should be cut: %v", New().Legal(s))
	}
	check("fanatics in their go", s)
	// Fanatics offered opportunity fire (pass is cut).
	s, _ = newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "fanatic", rifles(1, 10, 20)}}, 1, 3)
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(12, 10)}})
	if hasLegal(s, "pass") {
		t.Fatalf("pass should be cut: %v", New().Legal(s))
	}
	check("fanatics' opportunity", s)
}
