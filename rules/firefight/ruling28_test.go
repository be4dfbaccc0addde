package firefight

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/terrain"
)

// Issue 28: a man hit twice in a turn counts once for his unit's
// cohesion modifier (figures hit, not hits).
func TestCohesionCountsFiguresHitNotHits(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 50, y: 100, leader: true, rating: 2}, {x: 60, y: 100}}},
		{side: 1, init: 3, figs: []tfig{{x: 50, y: 80, leader: true, rating: 1}, {x: 70, y: 80}}},
	}, nil, 1)
	u := s.UnitOf(s.Fig(3).Unit)
	applyHit(s, s.Fig(4), ResNeutralised, 3)
	applyHit(s, s.Fig(4), ResWounded, 1)
	if n := getU(u, uHit); n != 1 {
		t.Fatalf("one man hit twice counted %d times", n)
	}
	applyHit(s, s.Fig(3), ResNeutralised, 3)
	if n := getU(u, uHit); n != 2 {
		t.Fatalf("two men hit counted %d", n)
	}
	// next turn he counts afresh
	s.Round = 2
	setU(u, uHit, 0)
	applyHit(s, s.Fig(4), ResWounded, 1)
	if n := getU(u, uHit); n != 1 {
		t.Fatalf("hit next turn counted %d", n)
	}
}

// Issue 28: an automatic weapon fired this turn keeps the worse spotting
// modifier even after the man fires a single shot.
func TestAutoFireRememberedAfterSingleShot(t *testing.T) {
	s := two(t, 25, []string{"smg", "pistol"})
	f3 := s.Fig(3)
	// Red F3 has fired his submachine gun earlier this turn ...
	f3.SetVar(fFiredRnd, 1)
	f3.SetVar(fFiredAuto, 1)
	// ... and now fires his pistol at F1 (and misses).
	actNow(s, 1)
	s.Fig(1).SetVar(spotVar(1), 1)
	s.Force(1)
	apply(t, s, cmd(t, "fire F3 F1 pistol"))
	actNow(s, 0)
	need, mods := SpotNeed(s, s.Fig(2), f3)
	if !hasMod(mods, "target fired an automatic weapon within a turn", data.Spot.FiredAuto) || hasMod(mods, "target fired within a turn", data.Spot.FiredSingle) {
		t.Fatalf("spotting after auto then single: need %d, %v", need, mods)
	}
}

// reactions plays a failed cohesion test with the figures listed in the
// order given (a permutation of the same men) and returns each man's
// reaction by name.
func reactions(t *testing.T, order []int) map[string]string {
	figs := []tfig{{x: 50, y: 100, leader: true, rating: 4}, {x: 55, y: 100}, {x: 60, y: 100}, {x: 65, y: 100}}
	var listed []tfig
	for _, i := range order {
		listed = append(listed, figs[i])
	}
	s, _ := newState(t, []tunit{
		{side: 0, init: 4, figs: listed},
		{side: 1, init: 2, figs: []tfig{{x: 50, y: 10, leader: true}}},
	}, nil, 1)
	u := s.UnitOf(1)
	setU(u, uHit, 1)
	// cohesion 1 fails; the first to react rolls 3, then 9, 12, 20
	s.Force(1, 3, 9, 12, 20)
	evs := moralePhase(s)
	if len(s.Forced) != 0 {
		t.Fatal("dice left")
	}
	out := map[string]string{}
	for _, e := range evs {
		if e.Roll != nil && len(e.Roll.What) > 10 && e.Roll.What[:10] == "Reaction: " {
			f := s.Fig(e.Fig)
			out[pt(f.Pos)] = e.Roll.Outcome
			for _, m := range e.Roll.Mods {
				if m.Reason == "leader killed or neutralised" {
					t.Fatalf("leader down counted for %s though the leader was up when cohesion failed", f.Name)
				}
			}
		}
	}
	return out
}

// Issue 28: the reactions do not depend on the scenario's order, and a
// leader routed by his own reaction does not give "leader killed" to the
// men who react after him (it is fixed once for the test).
func TestReactionsIndependentOfListingOrder(t *testing.T) {
	a := reactions(t, []int{0, 1, 2, 3})
	b := reactions(t, []int{3, 1, 0, 2})
	if len(a) != 4 {
		t.Fatalf("reactions %v", a)
	}
	for k, v := range a {
		if b[k] != v {
			t.Fatalf("order changed the reactions: %v against %v", a, b)
		}
	}
}

// Issue 28: "leader killed or neutralised" is a reaction modifier (the
// book lists it with "leader testing"), so the cohesion test has only
// its own modifier.
func TestLeaderDownOnReactionNotCohesion(t *testing.T) {
	c := CohesionTest(nil, &rules.Unit{Vars: map[string]int{uInit: 3, uHit: 2, uLeaderLost: 1}})
	if c.Target != 8 || sum(c.Mods) != -2 {
		t.Fatalf("cohesion %+v", c)
	}
}

// Issue 28: a spot ends when no figure of the side sees the target any
// more, the only one who saw it killed included.
func TestSpotLostWithTheOnlySpotter(t *testing.T) {
	wall := terrain.Piece{Kind: "high-wall", Path: []geom.Pt{at(100, 50), at(100, 120)}}
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 50, y: 100, leader: true, rating: 3}, {x: 150, y: 100}, {x: 160, y: 100}}},
		{side: 1, init: 3, figs: []tfig{{x: 50, y: 60, leader: true, rating: 1}, {x: 60, y: 60}}},
	}, []terrain.Piece{wall}, 1)
	f4 := s.Fig(4)
	if f4.Var(seenVar(0)) != 1 || sees(s, s.Fig(2), f4) || sees(s, s.Fig(3), f4) {
		t.Fatal("set-up: only F1 should see F4")
	}
	f4.SetVar(spotVar(0), 1)
	s.Fig(1).SetVar(spotVar(1), 1)
	actNow(s, 1)
	s.Force(20, 20) // F4 hits F1 and kills him
	apply(t, s, cmd(t, "fire F4 F1"))
	if !s.Fig(1).Removed {
		t.Fatal("F1 not killed")
	}
	if Spotted(s, 0, f4) || f4.Var(seenVar(0)) != 0 {
		t.Fatal("F4 still spotted by Blue, though no Blue figure can see him")
	}
}

// Issue 28: everyone under a blast is rolled for, the thrower included,
// and one not otherwise hurt is suppressed.
func TestGrenadeCatchesTheThrower(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 50, y: 100, leader: true, rating: 1, weapons: []string{"grenade"}}, {x: 150, y: 100}}},
		{side: 1, init: 3, figs: []tfig{{x: 50, y: 96, leader: true, rating: 1}, {x: 150, y: 10}}},
	}, nil, 1)
	actNow(s, 0)
	s.Fig(3).SetVar(spotVar(0), 1)
	// hit F3 (20), hit table 1 + 3 = 4 suppressed; F1 under it: 1 misses
	s.Force(20, 1, 1)
	evs := apply(t, s, cmd(t, "fire F1 F3"))
	l := ledgers(evs)
	if len(l) != 3 || !Suppressed(s, s.Fig(1)) || !Suppressed(s, s.Fig(3)) {
		t.Fatalf("thrower not rolled for / suppressed: %v", l)
	}
	if l[2].What != "Blast: "+s.Fig(1).Name+" under the template" {
		t.Fatalf("third roll %q", l[2].What)
	}
}

// Issue 28 odds: every figure a grenade may reach, the thrower too, has
// its own exact part, which the engine's own dice agree with.
func TestGrenadePartsMatchEngine(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 50, y: 100, leader: true, rating: 1, weapons: []string{"grenade"}}, {x: 53, y: 98}, {x: 150, y: 100}}},
		{side: 1, init: 3, figs: []tfig{{x: 50, y: 95, leader: true, rating: 1}, {x: 46, y: 93}, {x: 150, y: 10}, {x: 160, y: 10}}},
	}, nil, 1)
	actNow(s, 0)
	s.Fig(4).SetVar(spotVar(0), 1)
	c := cmd(t, "fire F1 F4")
	o := mustOdds(t, s, c)
	seen := map[rules.FigID]bool{}
	for _, p := range o.Parts {
		seen[p.Fig] = true
	}
	if !seen[1] || !seen[2] || !seen[5] || seen[4] || seen[3] {
		t.Fatalf("parts %+v", o.Parts)
	}
	checkParts(t, s, c)
}

// partClassify names what a trial did to a part's figure: NotUnder when
// no die was rolled for him, else his result.
func partClassify(p rules.OddsPart) oddscheck.Classify {
	return func(_, after *rules.State, evs []rules.Event) string {
		rolled := false
		for _, e := range evs {
			if e.Roll != nil && e.Target == p.Fig {
				rolled = true
			}
		}
		if !rolled {
			return NotUnder
		}
		return resultOf(evs, p.Fig)
	}
}

func checkParts(t *testing.T, s *rules.State, c rules.Command) {
	t.Helper()
	for _, r := range oddscheck.RunParts(New(), s, c, partClassify, 20000, 1) {
		if err := r.Err(); err != nil {
			t.Error(err)
		}
	}
}

// Issue 28 odds: each other figure under a burst template has its own
// exact part.
func TestTemplatePartsMatchEngine(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 50, y: 100, leader: true, weapons: []string{"lmg"}}}},
		{side: 1, init: 2, figs: []tfig{{x: 50, y: 60}, {x: 53, y: 60}, {x: 58, y: 60}, {x: 150, y: 10}, {x: 160, y: 10}}},
	}, nil, 1)
	actNow(s, 0)
	s.Fig(2).SetVar(spotVar(0), 1)
	s.Fig(3).Posture = rules.Prone
	c := cmd(t, "fire F1 F2")
	o := mustOdds(t, s, c)
	if len(o.Parts) != 1 || o.Parts[0].Fig != 3 {
		t.Fatalf("parts %+v", o.Parts)
	}
	checkParts(t, s, c)
}

// Issue 28 odds: the end of the turn prices every unit's cohesion test
// and every man's reaction, a rout that ends the game stopping the rest,
// exactly as the engine rolls them.
func TestMoralePartsMatchEngine(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 2, figs: []tfig{{x: 50, y: 100, leader: true, rating: 3}, {x: 55, y: 100}, {x: 60, y: 100}, {x: 65, y: 100}}},
		{side: 1, init: 3, figs: []tfig{{x: 50, y: 10, leader: true, rating: 2}, {x: 55, y: 10}, {x: 60, y: 10}, {x: 65, y: 10}}},
	}, nil, 1)
	s.Sides[0].Losses = 1 // one more loss ends it for Blue
	setU(s.UnitOf(s.Fig(1).Unit), uHit, 3)
	setU(s.UnitOf(s.Fig(5).Unit), uHit, 1)
	neutralise(s, s.Fig(5)) // Red's leader is down: -2 on his men's reactions
	newPhase(s)
	s.Phase, s.Active, s.Decider = PhaseUnmotivated, 1, 1
	s.SetVar(gUnmotLeft, 0)
	c := cmd(t, "end")
	o := mustOdds(t, s, c)
	if len(o.Parts) != 11 {
		t.Fatalf("parts %+v", o.Parts)
	}
	for _, r := range oddscheck.RunParts(New(), s, c, func(p rules.OddsPart) oddscheck.Classify {
		if strings.HasPrefix(p.Name, "First chit") {
			return chitClassify
		}
		return func(_, _ *rules.State, evs []rules.Event) string {
			for _, e := range evs {
				if e.Roll != nil && e.Roll.What == p.Name && (p.Fig == 0 || e.Fig == p.Fig) {
					return e.Roll.Outcome
				}
			}
			return NotTested
		}
	}, 20000, 1) {
		if err := r.Err(); err != nil {
			t.Error(err)
		}
	}
}

// chitClassify names the next turn's first chit a trial drew, or why
// none was drawn.
func chitClassify(_, after *rules.State, evs []rules.Event) string {
	for _, e := range evs {
		if e.Roll != nil && e.Roll.What == "Chit drawn from the cup" {
			return e.Roll.Outcome
		}
	}
	switch {
	case after.Over:
		return chitOver
	case after.Phase == PhaseLeader:
		return chitLeader
	}
	return chitEmpty
}

// Issue 28 odds: the chit drawn as the next turn begins is a part of the
// "end" that starts the morale phase. The cup follows the morale phase:
// Blue's unit A (initiative 4, losing 1 as it tests) may rout to a man,
// leaving Blue's chits to unit B's 2; its leader routing alone makes
// Blue choose a new one first. Then the leader's own "end" prices the
// chit after him. Both sampled against the engine.
func TestChitAfterMoraleMatchesEngine(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 4, figs: []tfig{{x: 50, y: 100, leader: true, rating: 3}, {x: 55, y: 100}}},
		{side: 0, init: 2, figs: []tfig{{x: 150, y: 100, leader: true, rating: 3}, {x: 155, y: 100}}},
		{side: 1, init: 3, figs: []tfig{{x: 50, y: 10, leader: true, rating: 2}, {x: 55, y: 10}, {x: 60, y: 10}}},
	}, nil, 1)
	s.SetVar(rules.VarVictoryLosses, 4)
	setU(s.UnitOf(s.Fig(1).Unit), uHit, 2)
	neutralise(s, s.Fig(1)) // -2 on his men's reactions: routs are likelier
	newPhase(s)
	s.Phase, s.Active, s.Decider = PhaseUnmotivated, 1, 1
	s.SetVar(gUnmotLeft, 0)
	c := cmd(t, "end")
	o := mustOdds(t, s, c)
	chit := o.Parts[len(o.Parts)-1]
	if chit.Name != "First chit, turn 2" {
		t.Fatalf("parts %+v", o.Parts)
	}
	p := map[string]float64{}
	for _, x := range chit.Outcomes {
		p[x.Name] = x.P
	}
	// with A whole: Blue 1-3 and Red 1-3, six chits; with A gone: Blue
	// 1-2 and Red 1-3, five; with A's leader alone gone: a new leader
	if p["Blue 3"] <= 0 || p["Blue 3"] >= p["Red 3"] || p[chitLeader] <= 0 || p["Blue 1"] <= p["Blue 3"] {
		t.Fatalf("chit part %+v", chit)
	}
	res := oddscheck.RunDist("end / first chit", chit.Outcomes, s, func(x *rules.State) ([]rules.Event, error) { return New().Apply(x, c) }, chitClassify, 20000, 4)
	if err := res.Err(); err != nil {
		t.Error(err)
	}
	// a state where A's leader routed: the leader's "end" promotes the
	// other man, then the chit: Blue 1-3, Red 1-3
	for k := 0; k < 200; k++ {
		x := s.Clone()
		x.RNG = *rand.NewPCG(9, uint64(k))
		if _, err := New().Apply(x, c); err != nil {
			t.Fatal(err)
		}
		if x.Phase != PhaseLeader {
			continue
		}
		ol := mustOdds(t, x, c)
		if len(ol.Parts) != 1 || len(ol.Parts[0].Outcomes) != 6 {
			t.Fatalf("the leader's end: %+v", ol.Parts)
		}
		res := oddscheck.RunDist("leader end / first chit", ol.Parts[0].Outcomes, x, func(y *rules.State) ([]rules.Event, error) { return New().Apply(y, c) }, chitClassify, 20000, 5)
		if err := res.Err(); err != nil {
			t.Error(err)
		}
		return
	}
	t.Fatal("no trial left A without its leader")
}

// Issue 28 odds: an "end" after which no one left can act (here Blue's
// unmotivated step, Red's men all motivated this turn) passes through
// the empty steps at once and starts the morale phase in the same
// "end": its odds are the cohesion tests and reactions, where they
// answered "certain". Sampled against the engine.
func TestEndThroughEmptyStepsPricesMorale(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 2, figs: []tfig{{x: 50, y: 100, leader: true, rating: 3}, {x: 55, y: 100}, {x: 60, y: 100}}},
		{side: 1, init: 3, figs: []tfig{{x: 50, y: 10, leader: true, rating: 2}, {x: 55, y: 10}, {x: 60, y: 10}}},
	}, nil, 1)
	setU(s.UnitOf(s.Fig(1).Unit), uHit, 2)
	for _, f := range s.Alive(1) {
		f.SetVar(fMotTurn, 1)
	}
	newPhase(s)
	s.Phase, s.Active, s.Decider = PhaseUnmotivated, 0, 0
	s.SetVar(gUnmotLeft, 1)
	c := cmd(t, "end")
	o := mustOdds(t, s, c)
	if o.P("cohesion fails") == 0 || len(o.Parts) < 2 {
		t.Fatalf("want the morale phase priced: %+v", o)
	}
	for _, r := range oddscheck.RunParts(New(), s, c, func(p rules.OddsPart) oddscheck.Classify {
		if strings.HasPrefix(p.Name, "First chit") {
			return chitClassify
		}
		return func(_, _ *rules.State, evs []rules.Event) string {
			for _, e := range evs {
				if e.Roll != nil && e.Roll.What == p.Name && (p.Fig == 0 || e.Fig == p.Fig) {
					return e.Roll.Outcome
				}
			}
			return NotTested
		}
	}, 12000, 3) {
		if err := r.Err(); err != nil {
			t.Error(err)
		}
	}
}

// Issue 28 odds: a chit drawn for a side that can neither motivate nor
// act (Red's only leader is down) is passed over and the next drawn in
// the same "end". The odds keep the first draw as their outcomes and add
// the chit that comes into play: here Blue 1 or Blue 2, even chances
// however many Red chits come first. Sampled against the engine.
func TestChitInPlayPassesDeadChits(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 2, figs: []tfig{{x: 50, y: 100, leader: true, rating: 2}, {x: 55, y: 100}}},
		{side: 1, init: 3, figs: []tfig{{x: 50, y: 10, leader: true, rating: 2}, {x: 55, y: 10}}},
	}, nil, 1)
	neutralise(s, s.Fig(3))
	for side := range 2 {
		for v := 1; v <= MaxInitiative; v++ {
			s.SetVar(cupVar(side, v), 0)
		}
	}
	for _, c := range []Chit{{0, 1}, {0, 2}, {1, 1}, {1, 2}, {1, 3}} {
		s.SetVar(cupVar(c.Side, c.Value), 1)
	}
	newPhase(s)
	s.Phase, s.Active, s.Decider = PhaseAct, 0, 0
	c := cmd(t, "end")
	o := mustOdds(t, s, c)
	closeTo := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if len(o.Parts) != 1 || !closeTo(o.P("next chit Red 1"), 0.2) {
		t.Fatalf("odds %+v", o)
	}
	part := o.Parts[0]
	if len(part.Outcomes) != 2 || !closeTo(part.Outcomes[0].P, 0.5) || !closeTo(part.Outcomes[1].P, 0.5) {
		t.Fatalf("chit in play %+v", part)
	}
	inPlay := func(_, _ *rules.State, evs []rules.Event) string {
		last := "?"
		for _, e := range evs {
			if e.Roll != nil && e.Roll.What == "Chit drawn from the cup" {
				last = e.Roll.Outcome
			}
		}
		return last
	}
	res := oddscheck.RunDist("end / chit in play", part.Outcomes, s, func(x *rules.State) ([]rules.Event, error) { return New().Apply(x, c) }, inPlay, 8000, 5)
	if err := res.Err(); err != nil {
		t.Error(err)
	}
	first := func(_, _ *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Roll != nil && e.Roll.What == "Chit drawn from the cup" {
				return "next chit " + e.Roll.Outcome
			}
		}
		return "?"
	}
	if err := oddscheck.Run(New(), s, c, first, 8000, 7).Err(); err != nil {
		t.Error(err)
	}
	// every chit dead (both leaders down, a full cup): the cup runs dry
	// and the unmotivated figures act, worked out at once
	neutralise(s, s.Fig(1))
	for side := range 2 {
		for v := 1; v <= MaxInitiative; v++ {
			s.SetVar(cupVar(side, v), 1)
		}
	}
	o = mustOdds(t, s, c)
	if len(o.Parts) != 1 || len(o.Parts[0].Outcomes) != 1 || o.Parts[0].Outcomes[0].Name != cupDryUnmotivated {
		t.Fatalf("all chits passed over: %+v", o.Parts)
	}
	// and with every man motivated this turn already, Blue's unit hit:
	// the morale phase comes in the same end, its rolls priced, sampled
	for i := range s.Figures {
		s.Figures[i].SetVar(fMotTurn, 1)
	}
	setU(s.UnitOf(s.Fig(2).Unit), uHit, 1)
	o = mustOdds(t, s, c)
	if len(o.Parts) < 3 || o.Parts[0].Outcomes[0].Name != cupDryMorale {
		t.Fatalf("the cup runs dry into the morale phase: %+v", o.Parts)
	}
	for _, r := range oddscheck.RunParts(New(), s, c, func(p rules.OddsPart) oddscheck.Classify {
		switch {
		case p.Name == "Chit in play":
			return func(_, _ *rules.State, _ []rules.Event) string { return cupDryMorale }
		case strings.HasPrefix(p.Name, "First chit"):
			// the first chit drawn once the next turn opens
			return func(before, after *rules.State, evs []rules.Event) string {
				for k, e := range evs {
					if e.Kind == "turn" {
						return chitClassify(before, after, evs[k:])
					}
				}
				return chitClassify(before, after, nil)
			}
		}
		return func(_, _ *rules.State, evs []rules.Event) string {
			for _, e := range evs {
				if e.Roll != nil && e.Roll.What == p.Name && (p.Fig == 0 || e.Fig == p.Fig) {
					return e.Roll.Outcome
				}
			}
			return NotTested
		}
	}, 5000, 9) {
		if err := r.Err(); err != nil {
			t.Error(err)
		}
	}
}
