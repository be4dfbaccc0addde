package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
)

// A braced mortar team calls fire on an enemy it sees; the rounds land in
// its activation next round after the observer's to-hit roll.
func TestIndirectFire(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}}, {x: 12, y: 10, weapons: []string{"light-mortar"}}}},
		{1, "trained", "", rifles(1, 10, 30)},
	}, 6, 1)
	call := "call U1 10,30 light-mortar"
	apply(t, s, rules.Command{Verb: "end"}) // unit 2
	if hasLegal(s, call) {
		t.Fatalf("an unbraced mortar cannot be called")
	}
	s.Fig(2).SetVar(fBraced, 1)
	if !hasLegal(s, call) {
		t.Fatalf("%q should be legal: %v", call, New().Legal(s))
	}
	c, _ := rules.ParseCommand(call)
	apply(t, s, c)
	passOpp(t, s)
	// the rounds on their way lie on the table as the burst to come, for
	// both sides while the calling team is known, for its own side only
	// while it is unspotted
	for side := 0; side < 2; side++ {
		ov := rules.ViewOf(New(), s, side).Overlays()
		if len(ov) != 1 || ov[0].Kind != rules.OverRound || ov[0].Circle.C != geom.P(10, 30) || ov[0].Circle.R != 2*geom.PerInch || ov[0].Side != 0 {
			t.Fatalf("side %d sees %+v, want the light mortar's 2\" burst at 10,30", side, ov)
		}
	}
	uset(s.UnitOf(1), vUnspotted, 1)
	if ov := rules.ViewOf(New(), s, 1).Overlays(); len(ov) != 0 {
		t.Errorf("an unspotted team's fire mission reaches the enemy: %+v", ov)
	}
	if ov := rules.ViewOf(New(), s, 0).Overlays(); len(ov) != 1 {
		t.Errorf("the calling side lost sight of its own mission: %+v", ov)
	}
	uset(s.UnitOf(1), vUnspotted, 0)
	if hasLegal(s, "fire - U1 F3 direct") || hasLegal(s, call) {
		t.Errorf("the call is the team's attack for the round")
	}
	if s.Fig(3).Removed {
		t.Fatalf("nothing lands this round")
	}
	apply(t, s, rules.Command{Verb: "end"}) // first go
	// Round 2 activation: unit 1 rolls 1 (4+2+1+1 = 8) and goes first,
	// unit 2 rolls 6. Then the observer: 3+3 + 2 not under fire = 8 vs
	// 7 (no braced or direct-fire bonus), a hit on the point; burst 2 dice at 0":
	// first attack 6 against 1 kills.
	s.Force(1, 6, 3, 3, 6, 1)
	apply(t, s, rules.Command{Verb: "end"}) // second go
	if !s.Fig(3).Removed {
		t.Fatalf("the mortar rounds should have killed F3")
	}
	if uget(s.UnitOf(1), vFMSeen) != 1 || uget(s.UnitOf(1), vFMRound) != 0 {
		t.Errorf("the mission should be resolved")
	}
	if ov := rules.ViewOf(New(), s, 0).Overlays(); len(ov) != 0 {
		t.Errorf("the landed mission still lies on the table: %+v", ov)
	}
}

// A miss deviates twice the distance missed by (indirect), and a second
// mission on the same point gets +2 for the round already observed.
func TestIndirectDeviationAndObserved(t *testing.T) {
	if dev := Std().Deviation(3, 5, false, true); dev != 6*geom.PerInch {
		t.Errorf("missed by 3, long: %d, want 6\"", dev)
	}
	w, _ := Std().Weapon("light-mortar")
	base := ShotInput{Quality: "trained", Kind: FireDirect, Weapon: w, Braced: true, Indirect: true}
	again := base
	again.Observed = 1
	_, m0, _ := Std().ShotMods(base)
	_, m1, _ := Std().ShotMods(again)
	sum := func(ms []rules.Mod) int {
		n := 0
		for _, m := range ms {
			n += m.Value
		}
		return n
	}
	if sum(m1)-sum(m0) != 2 {
		t.Errorf("observed once more: %+d, want +2", sum(m1)-sum(m0))
	}
}

// The "end" that brings on a team whose fire mission is due prices the
// mission as it lands: the observer's roll, each figure under the burst
// at its point of impact, the mortar's ammunition; sampled against the
// engine.
func TestEndOddsPriceTheLandingMission(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}}, {x: 12, y: 10, weapons: []string{"light-mortar"}}}},
		{1, "trained", "", append(rifles(1, 10, 30), tfig{x: 11.5, y: 30, weapons: []string{"rifle"}})},
	}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"}) // unit 2
	s.Fig(2).SetVar(fBraced, 1)
	c, _ := rules.ParseCommand("call U1 10,30 light-mortar")
	apply(t, s, c)
	passOpp(t, s)
	apply(t, s, rules.Command{Verb: "end"})
	// Round 2: unit 1 rolls 6 (late), unit 2 rolls 1 (first).
	s.Force(6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	if s.Round != 2 || s.Var(vCur) != 2 {
		t.Fatalf("round %d, team %d active; want round 2, team 2", s.Round, s.Var(vCur))
	}
	end := rules.Command{Verb: "end"}
	o, err := New().Odds(s, end)
	if err != nil {
		t.Fatal(err)
	}
	figs := 0
	for _, p := range o.Parts {
		if p.Fig == 3 || p.Fig == 4 {
			figs++
		}
	}
	if len(o.Outcomes) != 2 || figs != 2 {
		t.Fatalf("the landing's odds: %+v", o)
	}
	res := oddscheck.Run(New(), s, end, func(_, _ *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Indirect fire") {
				return e.Roll.Outcome
			}
		}
		return "no landing"
	}, 20000, 17)
	if err := res.Err(); err != nil {
		t.Error(err)
	}
	for _, res := range oddscheck.RunParts(New(), s, end, partClass, 20000, 17) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}
