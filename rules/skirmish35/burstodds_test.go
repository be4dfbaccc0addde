package skirmish35

import (
	"fmt"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/oddscheck"
)

// burstPart names what a burst that lands now did to one part's figure,
// in the odds' words: the effect roll on him (or on his open hatches),
// "goes off later" when the grenade lies fizzing, else "not caught".
func burstPart(p rules.OddsPart) oddscheck.Classify {
	return func(_, _ *rules.State, evs []rules.Event) string {
		fate := "not caught"
		for _, e := range evs {
			switch {
			case e.Roll != nil && e.Fig == p.Fig && strings.Contains(e.Roll.What, " effect on "):
				fate = e.Roll.Outcome
			case e.Roll != nil && e.Roll.What == "Grenade fuse die" && e.Roll.Outcome == "goes off later":
				fate = "goes off later"
			}
		}
		return fate
	}
}

// checkBurstParts samples every part of c's odds against the engine and
// returns the odds.
func checkBurstParts(t *testing.T, s *rules.State, c rules.Command, n int, seed uint64) rules.Odds {
	t.Helper()
	o, err := New().Odds(s.Clone(), c)
	if err != nil {
		t.Fatal(err)
	}
	for _, res := range oddscheck.RunParts(New(), s, c, burstPart, n, seed) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
	return o
}

// Issue 28 odds: a burst that lands now (a grenade, a mortar round over
// open sights, a vehicle's shell) prices everyone it may catch besides
// its target, the commander of an open-hatched vehicle included (he
// rolls the in-building row; "suppressed" is his crew shutting the
// hatches). Those odds were only the target's, so a commander killed in
// his hatch came as a surprise. Sampled against the engine.
func TestBurstOddsOpenHatchCommander(t *testing.T) {
	hatch := func(o rules.Odds, s *rules.State, v rules.VehicleID) rules.OddsPart {
		t.Helper()
		cmdr := s.Fig(s.Veh(v).Crew[0])
		x := partOf(o, cmdr.Name+" in the open hatch under the burst")
		if len(x.Outcomes) == 0 || pOf(x, "killed") == 0 {
			t.Fatalf("no part for the commander in the open hatch: %+v", o.Parts)
		}
		return x
	}
	e := New().(Skirmish).d.T.Effect.Building
	kill := float64(count2D6(e.SuppressMax+1, 12)) / 36

	// A grenade thrown 8" at a point 2" from the Sherman's hull centre:
	// on target on 3+, else 2" off; it may catch the commander, a
	// rifleman beside the hull, or lie fizzing.
	s := vehState(t, nil, []tveh{{side: 1, typ: "sherman", x: 36, y: 23, facing: 90, crew: 2}},
		tfig{side: 0, x: 36, y: 13, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 0, x: 40, y: 13, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 33, y: 20.5, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	s.Veh(1).HatchesOpen = true
	apply(t, s, "acquire F1 F3", 6, 5)
	c, _ := rules.ParseCommand("grenade F1 36,21")
	o := checkBurstParts(t, s, c, 6000, 41)
	x := hatch(o, s, 1)
	if pOf(x, "goes off later") != 1.0/6 || pOf(x, "not caught") <= 1.0/6 {
		t.Errorf("the commander under a grenade that may miss him, lie fizzing or be a dud: %+v", x)
	}
	if len(partOf(o, "F3 under the burst").Outcomes) == 0 {
		t.Errorf("no part for the rifleman beside the hull: %+v", o.Parts)
	}

	// A mortar firing over open sights 21" at a point 2" from the hull.
	s = vehState(t, nil, []tveh{{side: 1, typ: "sherman", x: 36, y: 25, facing: 90, crew: 2}},
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	s.Veh(1).HatchesOpen = true
	c, _ = rules.ParseCommand("plot F1 36,23")
	o = checkBurstParts(t, s, c, 6000, 43)
	if x := hatch(o, s, 1); pOf(x, "killed") >= kill {
		t.Errorf("a round that may land off the point kills the commander less often than one on his hull: %+v", x)
	}

	// The Panzer's shell at a rifleman beside the Sherman: a hit bursts
	// over its open hatches too.
	s = vehState(t, nil, []tveh{
		{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 2},
		{side: 1, typ: "sherman", x: 36.5, y: 16, facing: 180, crew: 2}},
		tfig{side: 1, x: 38.5, y: 17, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}},
		tfig{side: 1, x: 62, y: 45, weapons: []string{"rifle"}})
	s.Veh(2).HatchesOpen = true
	c, _ = rules.ParseCommand("gun - U1 F3 V1")
	o = checkBurstParts(t, s, c, 6000, 47)
	if x := hatch(o, s, 2); !near(pOf(x, "killed"), (1-pOf(x, "not caught"))*kill) {
		t.Errorf("the shell's hit bursts over the hatches: %+v", x)
	}

	// A late grenade thrown back: where it lands, or where it lay when
	// it goes off in the thrower's hand (a 1), catching him.
	s = newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 0, x: 40, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 24, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F3", 3, 3)
	apply(t, s, "grenade F1 F3", 5)
	apply(t, s, "end")
	c, _ = rules.ParseCommand("throwback F3 F2")
	o = checkBurstParts(t, s, c, 6000, 53)
	if x := partOf(o, "F3 under the burst"); pOf(x, "killed") < 1.0/6*21/36-1e-9 {
		t.Errorf("the thrower, caught when it goes off in his hand: %+v", o.Parts)
	}
}

// Issue 28 odds: "acquire F1" alone (looking about) rolls for every
// enemy in the looker's front; its odds were refused ("name the looker
// and one target"). Now a part for each enemy and the number acquired,
// sampled against the engine; the enemy behind him is not rolled for.
func TestLookAboutOdds(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 28, weapons: []string{"rifle"}},
		tfig{side: 1, x: 42, y: 36, weapons: []string{"rifle"}, prone: true},
		tfig{side: 1, x: 30, y: 44, weapons: []string{"rifle"}},
		tfig{side: 1, x: 36, y: 6, weapons: []string{"rifle"}})
	c, _ := rules.ParseCommand("acquire F1")
	o, err := New().Odds(s.Clone(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Parts) != 3 || len(partOf(o, "F1 looks for F5").Outcomes) != 0 {
		t.Fatalf("want parts for the three enemies in front: %+v", o)
	}
	count := func(_, _ *rules.State, evs []rules.Event) string {
		n := 0
		for _, e := range evs {
			if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Acquisition: ") && e.Roll.Outcome == "acquired" {
				n++
			}
		}
		return fmt.Sprintf("%d acquired", n)
	}
	if err := oddscheck.Run(New(), s, c, count, 8000, 59).Err(); err != nil {
		t.Error(err)
	}
	for _, res := range oddscheck.RunParts(New(), s, c, func(p rules.OddsPart) oddscheck.Classify {
		return func(_, _ *rules.State, evs []rules.Event) string {
			for _, e := range evs {
				if e.Roll != nil && e.Target == p.Fig && strings.HasPrefix(e.Roll.What, "Acquisition: ") {
					return e.Roll.Outcome
				}
			}
			return "not rolled"
		}
	}, 8000, 61) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}
