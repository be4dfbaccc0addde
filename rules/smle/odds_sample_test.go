package smle

import (
	"fmt"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
)

var severity = map[string]int{Miss: 0, NearMiss: 1, Light: 2, Serious: 3, Kill: 4}

// fireClass names what a fire command did to the target team, in the
// odds' words: the worst result any hit had (a wound on a wounded man
// counting as the worse wound it makes), or "pinned down" for panic fire.
func fireClass(_, _ *rules.State, evs []rules.Event) string {
	worst := Miss
	up := func(x string) {
		if severity[x] > severity[worst] {
			worst = x
		}
	}
	for _, e := range evs {
		switch {
		case e.Kind == "pinned":
			return "pinned down"
		case e.Kind == "removed":
			up(Kill)
		case e.Kind == "wounded" && strings.Contains(e.Text, "serious"):
			up(Serious)
		case e.Kind == "wounded":
			up(Light)
		case e.Roll != nil && (strings.HasPrefix(e.Roll.What, "Effect of") || strings.HasPrefix(e.Roll.What, "Burst of")):
			up(NearMiss)
		}
	}
	return worst
}

// active makes unit 1 (side 0) the acting team at the given band, after
// the opening rolls gave unit 2 the first go and it ended.
func active(t *testing.T, units []tunit, band string) *rules.State {
	t.Helper()
	s, _ := newState(t, units, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 should be active")
	}
	uset(s.UnitOf(1), vBand, Std().BandIndex(band))
	return s
}

func smgs(n int, x, y float64) []tfig {
	var out []tfig
	for i := 0; i < n; i++ {
		out = append(out, tfig{x: x + 2*float64(i), y: y, weapons: []string{"smg"}})
	}
	return out
}

// Odds must be the engine's exact distribution, for every kind of fire,
// from varied states (see package oddscheck for the bound).
func TestFireOddsMatchEngineSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	cases := []struct {
		name  string
		state func() *rules.State
		cmd   rules.Command
	}{
		{"SMG volley at a lone man (second serious wound kills)", func() *rules.State {
			return active(t, []tunit{{0, "trained", "", smgs(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 13)}}, "double")
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect}},
		{"three SMGs at two men, one already lightly wounded", func() *rules.State {
			s := active(t, []tunit{{0, "veteran", "", smgs(3, 10, 10)}, {1, "trained", "", rifles(2, 10, 14)}}, "double")
			s.Fig(5).Markers |= rules.Wounded
			return s
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{4}, Arg: FireDirect}},
		{"rifles and an LMG at a team of three, one prone, one seriously wounded", func() *rules.State {
			s := active(t, []tunit{{0, "trained", "", append(rifles(2, 10, 5), tfig{x: 16, y: 5, weapons: []string{"lmg"}})},
				{1, "green", "", rifles(3, 10, 30)}}, "advance-8")
			s.Fig(4).Posture = rules.Prone
			s.Fig(6).Markers |= rules.BadlyWounded
			return s
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{4}, Arg: FireDirect}},
		{"aimed fire at one figure", func() *rules.State {
			return active(t, []tunit{{0, "veteran", "", rifles(3, 10, 10)}, {1, "trained", "", rifles(3, 10, 20)}}, "advance-8")
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{5}, Arg: FireAimed}},
		{"return fire", func() *rules.State {
			s := active(t, []tunit{{0, "trained", "", smgs(2, 10, 10)}, {1, "trained", "", rifles(2, 10, 14)}}, "pinned")
			uset(s.UnitOf(1), firedByKey(2), s.Round)
			return s
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FireReturn}},
		{"panic fire", func() *rules.State {
			return active(t, []tunit{{0, "green", "", rifles(2, 10, 10)}, {1, "trained", "", rifles(2, 10, 20)}}, "fall-back-half")
		}, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FirePanic}},
	}
	for _, c := range cases {
		res := oddscheck.Run(New(), c.state(), c.cmd, fireClass, 20000, 11)
		if err := res.Err(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		t.Logf("%s: %s", c.name, res)
	}
}

// dryClass names whether figure id's heavy weapon ran dry.
func dryClass(id rules.FigID) oddscheck.Classify {
	return func(_, _ *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Kind == "dry" && e.Fig == id {
				return RunsDry
			}
		}
		return KeepsFiring
	}
}

// partClass classifies one part of a command's odds: a heavy weapon's
// ammunition, or the effect on a figure.
func partClass(p rules.OddsPart) oddscheck.Classify {
	if strings.HasSuffix(p.Name, ": ammunition") {
		return dryClass(p.Fig)
	}
	return figClass(p.Fig)
}

// figClass names what a command did to one figure: the worst effect, or
// unhurt when no effect roll reached it.
func figClass(id rules.FigID) oddscheck.Classify {
	return func(_, _ *rules.State, evs []rules.Event) string {
		worst := Unhurt
		sev := map[string]int{Unhurt: 0, NearMiss: 1, Light: 2, Serious: 3, Kill: 4}
		up := func(x string) {
			if sev[x] > sev[worst] {
				worst = x
			}
		}
		for _, e := range evs {
			switch {
			case e.Kind == "removed" && e.Fig == id:
				up(Kill)
			case e.Kind == "wounded" && e.Fig == id && strings.Contains(e.Text, "serious"):
				up(Serious)
			case e.Kind == "wounded" && e.Fig == id:
				up(Light)
			case e.Roll != nil && e.Target == id && (strings.HasPrefix(e.Roll.What, "Effect of") || strings.HasPrefix(e.Roll.What, "Burst of")):
				up(NearMiss)
			}
		}
		return worst
	}
}

// pairClass names a close assault pairing's result from its roll.
func pairClass(a, d rules.FigID) oddscheck.Classify {
	return func(_, _ *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Roll != nil && e.Fig == a && e.Target == d && strings.HasPrefix(e.Roll.What, "Close assault") {
				return e.Roll.Outcome
			}
		}
		return NotFought
	}
}

// firstRoll names the first roll's outcome (a door kick), or what the
// events say when there is no roll (a broken team surrendering).
func firstRoll(_, _ *rules.State, evs []rules.Event) string {
	for _, e := range evs {
		if e.Roll != nil {
			return e.Roll.Outcome
		}
	}
	return "no roll"
}

func check(t *testing.T, name string, res oddscheck.Result) {
	t.Helper()
	if err := res.Err(); err != nil {
		t.Errorf("%s: %v", name, err)
	}
	t.Logf("%s: %s", name, res)
}

// Opportunity fire, explosives on every figure under the template, close
// assault (each pairing), door kicks and rushes, and the activation roll:
// each held to its odds by sampling the engine.
func TestOtherOddsMatchEngineSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	const n = 20000
	r := New().(SMLE)

	// Opportunity fire at a mover.
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "veteran", "", smgs(2, 10, 20)}}, 1, 4)
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 13)}})
	opp := rules.Command{Verb: "oppfire", Unit: 2, Targets: []rules.FigID{1}}
	oo, err := New().Odds(s, opp)
	if err != nil {
		t.Fatal(err)
	}
	for _, react := range []string{"pass", "posture F1 prone"} {
		play := func(st *rules.State) ([]rules.Event, error) {
			if _, err := New().Apply(st, opp); err != nil {
				return nil, err
			}
			if react == "pass" {
				return New().Apply(st, rules.Command{Verb: "pass"})
			}
			return New().Apply(st, mustParse(t, react))
		}
		if react == "pass" {
			check(t, "opportunity fire, the mover stands", oddscheck.RunDist("oppfire - U2 F1, pass", oo.Outcomes, s, play, fireClass, n, 3))
			continue
		}
		// Dropping prone changes the odds: they are those of the fire at
		// the prone mover.
		prone := s.Clone()
		prone.Fig(1).Posture = rules.Prone
		po, err := New().Odds(prone, opp)
		if err != nil {
			t.Fatal(err)
		}
		check(t, "opportunity fire, the mover drops prone", oddscheck.RunDist("oppfire - U2 F1, prone", po.Outcomes, s, play, fireClass, n, 3))
	}

	// A grenade launcher at a team of three, a friend near the target too.
	s = active(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle", "grenade-launcher"}}, {x: 11, y: 28.6, weapons: []string{"rifle"}}}},
		{1, "green", "", []tfig{{x: 10, y: 30, weapons: []string{"rifle"}}, {x: 11.2, y: 30, weapons: []string{"rifle"}}, {x: 8.5, y: 30.5, weapons: []string{"rifle"}}}}}, "advance-8")
	blast := rules.Command{Verb: "blast", Fig: 1, Targets: []rules.FigID{4}, Arg: "grenade-launcher"}
	o, err := New().Odds(s, blast)
	if err != nil || len(o.Parts) < 3 {
		t.Fatalf("blast odds %v %v", o, err)
	}
	check(t, "explosive to-hit", oddscheck.Run(New(), s, blast, func(_, _ *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Roll != nil {
				return e.Roll.Outcome
			}
		}
		return ""
	}, n, 5))
	for _, res := range oddscheck.RunParts(New(), s, blast, partClass, n, 5) {
		check(t, "explosive", res)
	}

	// A close assault, two against three with one defender wounded.
	s = active(t, []tunit{{0, "veteran", "", []tfig{{x: 10, y: 10, weapons: []string{"smg", MeleeWeapon}}, {x: 12, y: 10, weapons: []string{"rifle"}}}},
		{1, "trained", "", []tfig{{x: 10, y: 11.8, weapons: []string{"rifle"}}, {x: 12, y: 11.8, weapons: []string{"rifle"}}, {x: 14, y: 11.8, weapons: []string{"rifle"}}}}}, "close-9")
	s.Fig(4).Markers |= rules.Wounded
	as := rules.Command{Verb: "assault", Unit: 1, Targets: []rules.FigID{3}}
	check(t, "close assault, first pairing", oddscheck.Run(New(), s, as, func(b, a *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Close assault") {
				return e.Roll.Outcome
			}
		}
		return ""
	}, n, 9))
	for _, res := range oddscheck.RunParts(New(), s, as, func(p rules.OddsPart) oddscheck.Classify { return pairClass(p.Fig, p.Target) }, n, 9) {
		check(t, "close assault", res)
	}

	// Door kicks: a wounded green man kicking, and a rush.
	s = doorState(t)
	s.Fig(1).Markers |= rules.Wounded
	check(t, "door kick, lightly wounded", oddscheck.Run(New(), s, mustParse(t, "door F1 "+door+" kick"), firstRoll, n, 13))
	s = doorState(t)
	if hasLegal(s, "door F1 "+door+" rush") {
		check(t, "door rush", oddscheck.Run(New(), s, mustParse(t, "door F1 "+door+" rush"), func(_, after *rules.State, evs []rules.Event) string {
			for _, e := range evs {
				if e.Roll != nil {
					if e.Roll.Outcome == "door open" {
						return "door open"
					}
					return "in a heap"
				}
			}
			return ""
		}, n, 13))
	}

	// The activation roll: a team under fire last round, with a casualty
	// and a wounded man, and a fresh one.
	s, _ = newState(t, []tunit{{0, "veteran", "steady", rifles(3, 10, 10)}, {1, "green", "", rifles(2, 10, 30)}}, 6, 1)
	uset(s.UnitOf(1), vUF, ufDirect|ufAuto)
	s.Fig(1).Markers |= rules.Wounded
	s.Fig(2).Markers |= rules.BadlyWounded
	for _, id := range []rules.UnitID{1, 2} {
		o, err := New().Odds(s, rules.Command{Verb: "activate", Unit: id})
		if err != nil {
			t.Fatal(err)
		}
		play := func(st *rules.State) ([]rules.Event, error) { return r.beginRound(st), nil }
		band := func(_, after *rules.State, _ []rules.Event) string {
			return Std().Bands[uget(after.UnitOf(id), vBand)].Name
		}
		check(t, fmt.Sprintf("activation of U%d", id), oddscheck.RunDist(fmt.Sprintf("activate U%d", id), o.Outcomes, s, play, band, n, 17))
	}
}

// A fire mission's odds, taken when it is called, hold for where it lands
// next round (nobody moving in between).
func TestCallOddsMatchEngineSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}}, {x: 12, y: 10, weapons: []string{"light-mortar"}}}},
		{1, "green", "", []tfig{{x: 10, y: 30, weapons: []string{"rifle"}}, {x: 11.5, y: 30, weapons: []string{"rifle"}}, {x: 10, y: 31.2, weapons: []string{"rifle"}}}},
	}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	s.Fig(2).SetVar(fBraced, 1)
	call := mustParse(t, "call U1 10,30 light-mortar")
	o, err := New().Odds(s, call)
	if err != nil || len(o.Parts) < 3 {
		t.Fatalf("call odds %+v %v", o, err)
	}
	r := New().(SMLE)
	called := s.Clone()
	apply(t, called, call)
	land := func(st *rules.State) ([]rules.Event, error) {
		st.Round++
		for _, u := range teams(st) {
			r.newRoundVars(st, u)
		}
		return r.landMission(st, st.UnitOf(1)), nil
	}
	check(t, "observer's roll", oddscheck.RunDist("call: observer", o.Outcomes, called, land, func(_, _ *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Roll != nil {
				return e.Roll.Outcome
			}
		}
		return ""
	}, 20000, 21))
	for _, p := range o.Parts {
		check(t, "mission", oddscheck.RunDist("call: "+p.Name, p.Outcomes, called, land, partClass(p), 20000, 21))
	}
}

// A team following an incompetent leader takes his team's roll: its
// activation odds are his team's, and hold against the engine.
func TestFollowerActivationOddsSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	s, _ := newState(t, []tunit{
		{0, "veteran", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}, leader: true}}},
		{0, "green", "", rifles(2, 10, 14)},
		{1, "trained", "", rifles(1, 10, 40)},
	}, 2, 5, 6)
	s.Units[1].Parent = 1
	s.Fig(1).Rating = 1 // incompetent
	r := New().(SMLE)
	o, err := New().Odds(s, rules.Command{Verb: "activate", Unit: 2})
	if err != nil {
		t.Fatal(err)
	}
	play := func(st *rules.State) ([]rules.Event, error) { return r.beginRound(st), nil }
	band := func(_, after *rules.State, _ []rules.Event) string {
		return Std().Bands[uget(after.UnitOf(2), vBand)].Name
	}
	check(t, "follower's activation", oddscheck.RunDist("activate U2 (follower)", o.Outcomes, s, play, band, 20000, 23))
}
