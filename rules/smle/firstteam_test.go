package smle

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/oddscheck"
)

// firstActivated names the team the trial's new round activated first.
func firstActivated(_, after *rules.State, evs []rules.Event) string {
	for _, e := range evs {
		if e.Kind == "phase" && e.Unit != 0 && strings.Contains(e.Text, " activates: ") {
			u := after.UnitOf(e.Unit)
			return oddsTeam(after, u) + " activates first"
		}
	}
	return "none"
}

// Issue 28 odds: the "end" that closes a round prices which team the
// next round activates first (every team's activation roll, followers
// and riders taking their leader's or carrier's, ties rolled off), where
// it answered "certain". Sampled against the engine on round ends of
// shipped scenarios, one with a team due a fire mission among them.
func TestFirstTeamOddsMatchEngine(t *testing.T) {
	checked := 0
	for _, name := range []string{"smle-woods-sections.toml", "smle-platoon-attack.toml", "smle-mech-assault.toml"} {
		sc, m := loadNamed(t, name)
		g, _, err := rules.NewGame(New(), sc, m, 3)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 7))
		done := 0
		for steps := 0; steps < 4000 && !g.St.Over && done < 1; steps++ {
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			if c.Verb == "end" && g.St.Phase == PhaseActivate && g.St.Var(vCur) != 0 {
				o, err := g.Odds(c)
				if err == nil && len(o.Parts) == 1 && strings.HasPrefix(o.Parts[0].Name, "First to activate") {
					// a "certain" answer is sampled too (one team left
					// to roll may be certain; a wrong one fails here),
					// but only a round end with a choice counts
					res := oddscheck.Run(New(), g.St, c, firstActivated, 6000, uint64(steps))
					if err := res.Err(); err != nil {
						t.Errorf("%s: %v", name, err)
					}
					if len(o.Outcomes) >= 2 {
						done++
						checked++
					}
				}
			}
			g.Apply(c)
		}
	}
	if checked < 3 {
		t.Fatalf("only %d round ends checked", checked)
	}
}

// The round's end when a team's fire mission is due next round: if that
// team activates first, its mission lands in this "end". Its parts give
// the landing as the mission's own odds scaled by that chance, the rest
// "not landed"; sampled against the engine.
func TestFirstTeamMissionLands(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}}, {x: 12, y: 10, weapons: []string{"light-mortar"}}}},
		{1, "trained", "", append(rifles(1, 10, 30), tfig{x: 11.5, y: 30, weapons: []string{"rifle"}})},
	}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"}) // unit 2
	s.Fig(2).SetVar(fBraced, 1)
	c, _ := rules.ParseCommand("call U1 10,30 light-mortar")
	apply(t, s, c)
	passOpp(t, s)
	end := rules.Command{Verb: "end"}
	apply(t, s, end)
	o, err := New().Odds(s, end)
	if err != nil {
		t.Fatal(err)
	}
	var mission rules.OddsPart
	for _, p := range o.Parts {
		if strings.HasSuffix(p.Name, "'s fire mission") {
			mission = p
		}
	}
	if len(mission.Outcomes) == 0 {
		t.Fatalf("no mission part: %+v", o.Parts)
	}
	landed := 0.0
	for _, x := range mission.Outcomes {
		if x.Name != NotLanded {
			landed += x.P
		}
	}
	if !strings.HasPrefix(o.Outcomes[0].Name, s.UnitOf(1).Name+" ") || math.Abs(landed-o.Outcomes[0].P) > 1e-9 {
		t.Fatalf("the mission lands when U1 activates first: %+v", o)
	}
	for _, res := range oddscheck.RunParts(New(), s, end, func(p rules.OddsPart) oddscheck.Classify {
		inner := firstActivated
		switch {
		case strings.HasSuffix(p.Name, "'s fire mission"):
			inner = func(_, _ *rules.State, evs []rules.Event) string {
				for _, e := range evs {
					if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Indirect fire") {
						return e.Roll.Outcome
					}
				}
				return "?"
			}
		case strings.Contains(p.Name, "'s mission: "):
			inner = partClass(p)
		}
		return func(before, after *rules.State, evs []rules.Event) string {
			if strings.Contains(p.Name, "mission") {
				landed := false
				for _, e := range evs {
					landed = landed || e.Roll != nil && strings.HasPrefix(e.Roll.What, "Indirect fire")
				}
				if !landed {
					return NotLanded
				}
			}
			return inner(before, after, evs)
		}
	}, 20000, 19) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}

// missionEvents keeps the events of a fire mission's landing: from its
// observer's roll up to its team's own forced actions (breaking, falling
// back) or the next activation.
func missionEvents(evs []rules.Event) []rules.Event {
	var out []rules.Event
	in := false
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Indirect fire") {
			in = true
		} else if in && (e.Kind == "broken" || e.Kind == "phase" || strings.Contains(e.Text, "falls back")) {
			break
		}
		if in {
			out = append(out, e)
		}
	}
	return out
}

// Issue 28 odds: the round's end when a team may roll Break or a full
// fall back in the next round. Such a team's activation ends at once, so
// the next team comes on in the same "end": a fire mission lands behind
// it, on the figures where the break or fall back left them. The odds
// walk every order the activation dice give and price the mission on the
// state it meets; sampled against the engine, the landing included (a
// figure the fleeing team takes out of reach is unhurt by it).
func TestMissionLandsBehindBreakingTeam(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}}, {x: 12, y: 10, weapons: []string{"light-mortar"}}}},
		{1, "trained", "", rifles(2, 10, 30)},
		// untrained and reluctant, its men apart, one already lost:
		// a die of 1 or 2 breaks it, 3 makes it fall back a full move: its
		// first man then comes back to the aim point; breaking takes him past
		{1, "untrained", "reluctant", []tfig{{x: 10.5, y: 25.5, weapons: []string{"rifle"}}, {x: 26, y: 31.5, weapons: []string{"rifle"}}, {x: 40, y: 44, weapons: []string{"rifle"}}}},
	}, 1, 2, 6)
	lost := s.Fig(7)
	lost.Removed = true
	s.Sides[lost.Side].Losses++
	if s.Var(vCur) != 3 {
		t.Fatalf("want TC first, got U%d", s.Var(vCur))
	}
	apply(t, s, rules.Command{Verb: "end"}) // U3 ends; U1 comes on
	if s.Var(vCur) != 1 {
		t.Fatalf("want TA next, got U%d", s.Var(vCur))
	}
	s.Fig(2).SetVar(fBraced, 1)
	c, _ := rules.ParseCommand("call U1 10,30 light-mortar")
	apply(t, s, c)
	passOpp(t, s)
	apply(t, s, rules.Command{Verb: "end"}) // U1 ends; U2 comes on, last of the round
	if s.Var(vCur) != 2 {
		t.Fatalf("want TB last, got U%d", s.Var(vCur))
	}
	end := rules.Command{Verb: "end"}
	o, err := New().Odds(s, end)
	if err != nil {
		t.Fatal(err)
	}
	var mission rules.OddsPart
	near := false
	for _, p := range o.Parts {
		if strings.HasSuffix(p.Name, "'s fire mission") {
			mission = p
		}
		near = near || p.Fig == 5 && strings.Contains(p.Name, "'s mission: ")
	}
	if len(mission.Outcomes) == 0 || !near {
		t.Fatalf("no mission part, or none for TC's man by the aim point: %+v", o)
	}
	landed := 1 - mission.Outcomes[len(mission.Outcomes)-1].P
	if mission.Outcomes[len(mission.Outcomes)-1].Name != NotLanded || landed <= o.P("TA activates first")+0.01 {
		t.Fatalf("the mission lands when TA comes on first or behind TC breaking or falling back (%.4f), not only when first (%.4f): %+v",
			landed, o.P("TA activates first"), mission)
	}
	for _, res := range oddscheck.RunParts(New(), s, end, func(p rules.OddsPart) oddscheck.Classify {
		switch {
		case strings.HasSuffix(p.Name, "'s fire mission"):
			return func(_, _ *rules.State, evs []rules.Event) string {
				if m := missionEvents(evs); len(m) > 0 {
					return m[0].Roll.Outcome
				}
				return NotLanded
			}
		case strings.Contains(p.Name, "'s mission: "):
			inner := partClass(p)
			return func(before, after *rules.State, evs []rules.Event) string {
				m := missionEvents(evs)
				if len(m) == 0 {
					return NotLanded
				}
				return inner(before, after, m)
			}
		}
		return firstActivated
	}, 12000, 23) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}

// Issue 28 odds: an "end" in mid-round whose next team breaks at once
// (it rolled well, then lost men before its turn came) brings on the
// team after it in the same "end", and that team's fire mission lands
// there, on the men the break left. The "end" prices that landing, where
// it answered "certain"; sampled against the engine.
func TestMidRoundMissionLandsBehindBreak(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}}, {x: 12, y: 10, weapons: []string{"light-mortar"}}}},
		{1, "untrained", "", []tfig{{x: 11, y: 31.2, weapons: []string{"rifle"}}}},
		{1, "trained", "", []tfig{{x: 9.5, y: 30, weapons: []string{"rifle"}}, {x: 20, y: 30, weapons: []string{"rifle"}},
			{x: 22, y: 30, weapons: []string{"rifle"}}, {x: 24, y: 30, weapons: []string{"rifle"}}, {x: 26, y: 30, weapons: []string{"rifle"}}}},
	}, 2, 1, 1)
	for _, want := range []int{2, 3} {
		if s.Var(vCur) != want {
			t.Fatalf("want U%d active, got U%d", want, s.Var(vCur))
		}
		apply(t, s, rules.Command{Verb: "end"})
	}
	if s.Var(vCur) != 1 {
		t.Fatalf("want TA last in round 1, got U%d", s.Var(vCur))
	}
	s.Fig(2).SetVar(fBraced, 1)
	c, _ := rules.ParseCommand("call U1 10,30 light-mortar")
	apply(t, s, c)
	passOpp(t, s)
	s.Force(6, 1, 1) // round 2: TB first, then TC at Advance, then TA
	apply(t, s, rules.Command{Verb: "end"})
	if s.Round != 2 || s.Var(vCur) != 2 {
		t.Fatalf("want round 2 with TB first, got round %d U%d", s.Round, s.Var(vCur))
	}
	for _, id := range []rules.FigID{5, 6, 7, 8} { // TC's men fall before it comes on
		s.Fig(id).Markers |= rules.BadlyWounded
	}
	end := rules.Command{Verb: "end"}
	o, err := New().Odds(s, end)
	if err != nil {
		t.Fatal(err)
	}
	if o.P("hit")+o.P(Miss) < 0.999 || len(o.Parts) == 0 {
		t.Fatalf("want the mission's landing priced behind TC's break: %+v", o)
	}
	mission := func(_, _ *rules.State, evs []rules.Event) string {
		if m := missionEvents(evs); len(m) > 0 {
			return m[0].Roll.Outcome
		}
		return NotLanded
	}
	if err := oddscheck.Run(New(), s, end, mission, 12000, 29).Err(); err != nil {
		t.Error(err)
	}
	for _, res := range oddscheck.RunParts(New(), s, end, func(p rules.OddsPart) oddscheck.Classify {
		inner := partClass(p)
		return func(before, after *rules.State, evs []rules.Event) string {
			return inner(before, after, missionEvents(evs))
		}
	}, 12000, 31) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}
