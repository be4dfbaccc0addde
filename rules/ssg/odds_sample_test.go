package ssg

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/terrain"
)

// Odds must be the engine's exact distribution: every kind of command
// with dice is played thousands of times from varied states and the
// counts are held to the odds (see package oddscheck for the bound).
func TestOddsMatchEngineSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	fire := func(before, _ *rules.State, evs []rules.Event, c rules.Command) string {
		return FireOutcome(before, c, evs)
	}
	melee := func(_, _ *rules.State, evs []rules.Event, _ rules.Command) string {
		for _, e := range evs {
			if e.Roll != nil && e.Roll.Outcome != "tie: roll again" {
				return e.Roll.Outcome
			}
		}
		return "none"
	}
	lowWall := []terrain.Piece{{Kind: "low-wall", Path: []geom.Pt{geom.P(5, 19), geom.P(15, 19)}}}
	cases := []struct {
		name  string
		state func() *rules.State
		cmd   string
		cl    func(before, after *rules.State, evs []rules.Event, c rules.Command) string
	}{
		{"rifle at short range", func() *rules.State { return shootState(t, "rifle", 10) }, "fire F1 F2", fire},
		{"rifle at long range", func() *rules.State { return shootState(t, "rifle", 18) }, "fire F1 F2", fire},
		{"rifle over a low wall by the target", func() *rules.State {
			s := mk(t, lowWall, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 10, y: 20})
			s.Phase = PhaseShoot
			return s
		}, "fire F1 F2", fire},
		{"SMG, three dice at one", func() *rules.State { return shootState(t, "smg", 5) }, "fire F1 F2 F2 F2", fire},
		{"SMG split short and long", func() *rules.State { return shootState(t, "smg", 5, 8) }, "fire F1 F2 F3 F2", fire},
		{"SMG at three, the fourth loss ends it", func() *rules.State {
			s := shootState(t, "smg", 5, 5, 8, 30)
			s.Sides[1].Losses = 3
			return s
		}, "fire F1 F2 F3 F4", fire},
		{"melee pair", func() *rules.State {
			s := mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 10, y: 11.5})
			s.Phase = PhaseMelee
			return s
		}, "melee F1 F2", melee},
	}
	for _, c := range cases {
		cmd := cmd(t, c.cmd)
		cl := c.cl
		res := oddscheck.Run(New(), c.state(), cmd, func(b, a *rules.State, evs []rules.Event) string { return cl(b, a, evs, cmd) }, 20000, 7)
		if err := res.Err(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		t.Logf("%s: %s", c.name, res)
	}
}

// "melee" fights every contact in turn until none is left: each figure's
// chance of being removed holds against the engine.
func TestMeleeAllPartsMatchEngineSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	s := mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 0, x: 12, y: 10}, fx{side: 1, x: 11, y: 11.6}, fx{side: 1, x: 13.2, y: 11.4}, fx{side: 1, x: 30, y: 30})
	s.Phase = PhaseMelee
	c := cmd(t, "melee")
	o, err := New().Odds(s, c)
	if err != nil || len(o.Parts) != 4 {
		t.Fatalf("melee odds %+v %v", o, err)
	}
	for _, res := range oddscheck.RunParts(New(), s, c, func(p rules.OddsPart) oddscheck.Classify {
		return func(_, after *rules.State, _ []rules.Event) string {
			if after.Fig(p.Fig).Removed {
				return "removed"
			}
			return "survives"
		}
	}, 20000, 5) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
		t.Log(res)
	}
}
