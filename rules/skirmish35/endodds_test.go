package skirmish35

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/terrain"
)

// endPart names what one "end" did for a part of its odds, in the odds'
// words.
func endPart(p rules.OddsPart) oddscheck.Classify {
	return func(_, after *rules.State, evs []rules.Event) string {
		switch {
		case strings.HasSuffix(p.Name, "under the end-of-turn bursts"):
			fate := "not caught"
			for _, e := range evs {
				if e.Fig == p.Fig && e.Roll != nil && strings.Contains(e.Roll.What, " effect on ") {
					if e.Roll.Outcome == "killed" || e.Roll.Outcome == "suppressed" && fate != "killed" || fate == "not caught" {
						fate = e.Roll.Outcome
					}
				}
			}
			return fate
		case strings.HasSuffix(p.Name, "forced run"):
			return runNames[runOutcome(after, evs, p.Fig)]
		case strings.HasSuffix(p.Name, "escape"):
			for _, e := range evs {
				if e.Fig == p.Fig && e.Roll != nil && strings.HasPrefix(e.Roll.What, "Escape") {
					return e.Roll.Outcome
				}
			}
			return "no try"
		case strings.HasSuffix(p.Name, "morale test"):
			for _, e := range evs {
				if e.Fig == p.Fig && e.Roll != nil && strings.HasPrefix(e.Roll.What, "Morale test") {
					return e.Roll.Outcome
				}
			}
			return "not tested"
		}
		return "?"
	}
}

func endTop(_, after *rules.State, _ []rules.Event) string {
	if after.Over {
		return "game ends"
	}
	if after.Phase == PhaseOpp {
		return "a forced run meets opportunity fire first"
	}
	return "next turn"
}

func checkEnd(t *testing.T, s *rules.State, n int, seed uint64) rules.Odds {
	t.Helper()
	r := New()
	c := rules.Command{Verb: "end"}
	o, err := r.Odds(s.Clone(), c)
	if err != nil {
		t.Fatal(err)
	}
	if res := oddscheck.Run(r, s, c, endTop, n, seed); res.Err() != nil {
		t.Error(res.Err())
	}
	for _, res := range oddscheck.RunParts(r, s, c, endPart, n, seed) {
		if res.Err() != nil {
			t.Error(res.Err())
		}
	}
	return o
}

func partOf(o rules.Odds, name string) rules.OddsPart {
	for _, p := range o.Parts {
		if p.Name == name {
			return p
		}
	}
	return rules.OddsPart{}
}

func pOf(p rules.OddsPart, name string) float64 {
	for _, x := range p.Outcomes {
		if x.Name == name {
			return x.P
		}
	}
	return 0
}

// The rolls made when a 1/35th turn ends are priced exactly: a morale
// test of a figure that sees no friend (worked by hand), and the same
// against the engine's own dice.
func TestEndOddsMorale(t *testing.T) {
	wall := piece("high-wall", 20, 30, 20, 46)
	s := newState(t, []terrain.Piece{wall},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 0, x: 40, y: 10, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 10, y: 40, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 30, y: 40, weapons: []string{"rifle"}, facing: 0})
	setLevel(s.Fig(4), Shaken)
	o := checkEnd(t, s, 4000, 1)
	// F3 sees no friend: 2D6 needing more than 4 (cannot see a friend);
	// no enemy within 20": P = 30/36. F4 shaken, recovering: +5 shaken
	// +4 no friend in sight = 9: P(2D6 > 9) = 6/36.
	if p := pOf(partOf(o, "F3's morale test"), "passes"); !near(p, 30.0/36) {
		t.Errorf("F3's morale test passes %.6f, want 30/36: %+v", p, o)
	}
	if p := pOf(partOf(o, "F4's morale test"), "passes"); !near(p, 6.0/36) {
		t.Errorf("F4's morale test passes %.6f, want 6/36: %+v", p, o)
	}
}

// A mortar round plotted last turn lands as the turn ends, its burst
// reaching two men; two kills lose their side the game (no morale tests
// then); a lone man of the other side tests after. A late grenade and a
// prisoner whose guard is far off are priced too.
func TestEndOddsMortarGrenadeEscape(t *testing.T) {
	wall := piece("high-wall", 50, 2, 50, 20)
	s := newState(t, []terrain.Piece{wall},
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "radio"}, facing: 180},
		tfig{side: 0, x: 60, y: 10, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 37.5, y: 31, weapons: []string{"rifle"}},
		tfig{side: 1, x: 10, y: 45, weapons: []string{"rifle"}},
		tfig{side: 1, x: 12, y: 45, weapons: []string{"rifle"}})
	apply(t, s, "plot F2 36,30", 3, 4)
	apply(t, s, "end")
	// Red's turn: a grenade of Blue's lies live by F7, and Blue's F3 is
	// a prisoner of F6, who is far off
	setLive(s, []LiveGrenade{{At: geom.P(12, 43.5), Side: 0}})
	p := s.Fig(3)
	p.Markers |= rules.Surrendered
	p.SetVar(fGuard, 6)
	s.Sides[0].Losses++
	o := checkEnd(t, s, 3000, 2)
	for _, want := range []string{"F4 under the end-of-turn bursts", "F5 under the end-of-turn bursts", "F7 under the end-of-turn bursts", "F3's escape"} {
		if len(partOf(o, want).Outcomes) == 0 {
			t.Errorf("no part %q: %+v", want, o.Parts)
		}
	}
	if o.P("game ends") <= 0 {
		t.Errorf("two kills end the game: %+v", o.Outcomes)
	}
	// the late grenade 1.5" from F7 in the open, rolled whenever the
	// mortar has not ended the game first: 7-12 kills (21/36 of that)
	if x := partOf(o, "F7 under the end-of-turn bursts"); !near(pOf(x, "killed"), (1-pOf(x, "not caught"))*21/36) {
		t.Errorf("F7 under the late grenade: %+v", x)
	}
}

// A late grenade going off beside an open-hatched tank as the turn ends
// rolls for its commander on the in-building row (the hatch burst): the
// end's odds follow that roll (they were refused before), giving the
// commander's fate a part of its own, sampled against the engine.
func TestEndOddsOpenHatch(t *testing.T) {
	s := vehState(t, nil, []tveh{{side: 1, typ: "sherman", x: 36, y: 20, facing: 0, crew: 2}},
		tfig{side: 0, x: 10, y: 10, weapons: []string{"rifle"}},
		tfig{side: 0, x: 12, y: 10, weapons: []string{"rifle"}},
		tfig{side: 1, x: 37, y: 23, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	s.Veh(1).HatchesOpen = true
	setLive(s, []LiveGrenade{{At: geom.P(36, 22), Side: 1}})
	o := checkEnd(t, s, 4000, 4)
	cmdr := s.Fig(s.Veh(1).Crew[0])
	x := partOf(o, cmdr.Name+" in the open hatch under the end-of-turn bursts")
	e := New().(Skirmish).d.T.Effect.Building
	if want := float64(count2D6(e.SuppressMax+1, 12)) / 36; !near(pOf(x, "killed"), want) || pOf(x, "not caught") != 0 {
		t.Errorf("the commander in the open hatch: %+v, killed want %.4f; parts %+v", x, want, o.Parts)
	}
}

// A shaken figure's run, made by the engine as its side ends the turn,
// meets a low wall: crossing it costs 1D3 of the points the run leaves
// (here 1 of 4 after 9", so it crosses only on a 1). The end's odds
// price the run and everything after it from wherever it stops (the
// enemy's morale test sees the runner or not), sampled.
func TestEndOddsForcedRun(t *testing.T) {
	wall := piece("low-wall", 30, 20, 42, 20)
	s := newState(t, []terrain.Piece{wall},
		tfig{side: 0, quality: "experienced", x: 36, y: 25, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "experienced", x: 36, y: 35, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "experienced", x: 70, y: 45, weapons: []string{"rifle"}})
	f := s.Fig(1)
	setLevel(f, Shaken)
	f.SetVar(fAP, 4)
	o := checkEnd(t, s, 4000, 6)
	x := partOf(o, f.Name+"'s forced run")
	if !near(pOf(x, "runs"), 1.0/3) || !near(pOf(x, "halted at an obstacle"), 2.0/3) {
		t.Fatalf("the forced run: %+v", o)
	}
}
