package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/oddscheck"
)

// A team may take any option at its activation level or below (Game
// Turn Sequence, step 2): at Advance (8) it may choose return fire at a
// team that fired at it, or panic fire, instead of direct fire; Legal
// offers them, Apply makes them, Odds prices them as the engine rolls.
func TestLowerFireChoices(t *testing.T) {
	s := active(t, []tunit{{0, "trained", "", rifles(2, 10, 10)}, {1, "trained", "", rifles(2, 10, 20)}}, "advance-8")
	uset(s.UnitOf(1), firedByKey(2), s.Round) // team 2 fired at team 1
	for _, want := range []string{"fire - U1 F3 direct", "fire - U1 F3 return", "fire - U1 F3 panic"} {
		if !hasLegal(s, want) {
			t.Errorf("not offered: %s", want)
		}
	}
	a := rules.ActionOf(New(), s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FirePanic})
	if a.Label != "Panic fire instead" || a.Group != "fire panic" {
		t.Errorf("panic fire's button: %+v", a)
	}
	// Panic fire at a team in the open: 6, 6 succeeds and pins it, no hits.
	panicked := s.Clone()
	panicked.Force(6, 6)
	evs := apply(t, panicked, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FirePanic})
	pinned := false
	for _, e := range evs {
		pinned = pinned || e.Kind == "pinned"
		if e.Kind == "wounded" || e.Kind == "removed" {
			t.Errorf("panic fire hurts no one: %s", e.Text)
		}
	}
	if !pinned || uget(panicked.UnitOf(1), vFired) == 0 {
		t.Errorf("panic fire should pin the target and be the team's fire: %v", evs)
	}
	if _, err := New().Apply(panicked, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FireDirect}); err == nil {
		t.Error("one fire attack a round")
	}
	for _, kind := range []string{FireReturn, FirePanic} {
		c := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: kind}
		if res := oddscheck.Run(New(), s, c, fireClass, 20000, 5); res.Err() != nil {
			t.Error(res.Err())
		}
	}
	// Return fire is only at a team that fired at it.
	uset(s.UnitOf(1), firedByKey(2), 0)
	if hasLegal(s, "fire - U1 F3 return") {
		t.Error("return fire at a team that did not fire")
	}
	// At Stand (6), whose own row has only opportunity fire, the team may
	// still panic fire in its own go; a pinned team likewise, not direct.
	uset(s.UnitOf(1), vBand, Std().BandIndex("stand-6"))
	if !hasLegal(s, "fire - U1 F3 panic") || hasLegal(s, "fire - U1 F3 direct") {
		t.Errorf("stand 6: %v", New().Legal(s))
	}
	_, err := New().Apply(s.Clone(), rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FireDirect})
	if err == nil || !strings.Contains(err.Error(), "may only make return or panic fire") {
		t.Errorf("direct fire from stand 6: %v", err)
	}
	if _, err := New().Odds(s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FireDirect}); err == nil {
		t.Error("odds of a fire the team may not make")
	}
}
