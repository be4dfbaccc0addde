package maxim

import (
	"math"
	"math/rand/v2"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// outcomeOf names what one Apply of c did, in the words Odds uses.
func outcomeOf(before *rules.State, c rules.Command, v *volley, after *rules.State, evs []rules.Event) string {
	switch c.Verb {
	case "melee":
		if before.Fig(c.Targets[0]) != nil && moraleOf(before, before.Fig(c.Targets[0])) >= MaxMorale {
			return "defender surrenders"
		}
		var nerve []string
		for _, e := range evs {
			if e.Roll != nil && len(e.Roll.What) > 5 && e.Roll.What[:5] == "Melee" && e.Roll.Compare == "<=" {
				nerve = append(nerve, e.Roll.Outcome)
			}
		}
		switch {
		case nerve[0] == "falls back" && nerve[1] == "falls back":
			return "both fall back"
		case nerve[0] == "falls back":
			return "attacker falls back"
		case nerve[1] == "falls back":
			return "defender falls back"
		case after.Fig(c.Targets[0]).Removed:
			return "attacker wins"
		}
		return "defender wins"
	}
	if len(v.targets) == 0 {
		if v.w.Auto {
			return "certain"
		}
		for _, e := range evs {
			if e.Roll != nil && e.Roll.Compare == "<=" {
				if e.Roll.Outcome == "hit" {
					return "on the point"
				}
				return "off the point"
			}
		}
	}
	if len(v.targets) == 1 {
		a := v.targets[0]
		return change(statusOf(a.t), statusOf(after.Fig(a.t.ID)))
	}
	name := ""
	for i, a := range v.targets {
		if i > 0 {
			name += ", "
		}
		name += oddsFig(before, a.t) + " " + change(statusOf(a.t), statusOf(after.Fig(a.t.ID)))
	}
	return name
}

type sample struct {
	s    *rules.State
	c    rules.Command
	kind string
}

func kindOf(s *rules.State, c rules.Command) string {
	if c.Verb == "melee" {
		return "melee"
	}
	f := s.Fig(c.Fig)
	w, _, _ := firingWeapon(s, f, c.Arg)
	switch {
	case s.Phase == PhaseOpportunity:
		return "opportunity"
	case w.Explosive:
		return "explosive"
	}
	return "direct"
}

func full(got, want map[string]int) bool {
	for k, n := range want {
		if k != "melee" && got[k] < n {
			return false
		}
	}
	return true
}

// TestOddsMatchEngine samples Apply from many states of random games and
// checks every outcome's frequency against Odds, within five standard
// errors (a real difference of a few percent fails; chance alone fails
// about once in a million checks).
func TestOddsMatchEngine(t *testing.T) {
	want := map[string]int{"direct": 10, "explosive": 10, "melee": 5, "opportunity": 8}
	got := map[string]int{}
	var samples []sample
	cq, cqm := closeQuarters(t)
	rp, rpm := loadScenario(t, "maxim-rue-principale.toml")
	for _, game := range []struct {
		sc *rules.Scenario
		m  *terrain.Map
	}{{cq, cqm}, {rp, rpm}} {
		sc, m := game.sc, game.m
		for seed := uint64(1); seed <= 60 && !full(got, want); seed++ {
			g, _, err := rules.NewGame(New(), sc, m, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 7))
			for step := 0; step < 400 && !g.St.Over; step++ {
				for _, c := range g.Legal() {
					if c.Verb != "fire" && c.Verb != "melee" {
						continue
					}
					k := kindOf(g.St, c)
					if got[k] < want[k] && r.IntN(6) == 0 {
						got[k]++
						samples = append(samples, sample{g.St.Clone(), c, k})
					}
				}
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					break
				}
				g.Apply(c)
			}
		}
	}
	// Melee is rare in random games: add hand-set fights.
	for i, o := range []map[string]unitOpt{
		nil,
		{"A": {quality: "elite"}, "R": {quality: "green", motive: "fanatic"}},
		{"A": {quality: "untrained"}, "R": {quality: "veteran"}},
	} {
		g := table(t, []tf{
			{0, "A", "Able", []string{"smg", "knife"}, 5, 20.6, true},
			{1, "R", "Rot", []string{"rifle", "bayonet"}, 5, 20, false},
			{1, "R", "Rost", []string{"pistol"}, 30, 5, false},
		}, o)
		phase(g, PhaseMove, 0)
		unitSet(g.St.UnitOf(2), uMorale, i)
		samples = append(samples, sample{g.St.Clone(), rules.Command{Verb: "melee", Fig: 1, Targets: []rules.FigID{2}}, "melee"})
		got["melee"]++
	}
	// Opportunity fire at a man riding in a driving open-topped vehicle:
	// every shot at the rider the list offers, once as driven, once after
	// a second move (-30%).
	for _, twice := range []bool{false, true} {
		g := ridersTable(t)
		if twice {
			g.St.Veh(1).SetVar(vMoved2, g.St.Round)
		}
		for _, c := range g.Legal() {
			if c.Verb == "fire" && len(c.Targets) > 0 {
				samples = append(samples, sample{g.St.Clone(), c, "rider"})
				got["rider"]++
			}
		}
	}
	if got["rider"] < 2 {
		t.Fatalf("only %d shots at riders sampled", got["rider"])
	}
	t.Logf("sampled %v", got)
	trials := 3000
	if testing.Short() {
		trials = 1000
	}
	checks, worst := 0, 0.0
	for i, sm := range samples {
		o, err := New().Odds(sm.s.Clone(), sm.c)
		if err != nil {
			t.Fatalf("%s: %v", sm.c, err)
		}
		var v *volley
		if sm.c.Verb == "fire" {
			if v, err = planFire(sm.s.Clone(), sm.c); err != nil {
				t.Fatal(err)
			}
		}
		counts := map[string]int{}
		for k := 0; k < trials; k++ {
			st := sm.s.Clone()
			st.RNG = *rand.NewPCG(uint64(i)*1_000_003+uint64(k), 12345)
			evs, err := New().Apply(st, sm.c)
			if err != nil {
				t.Fatalf("%s: %v", sm.c, err)
			}
			counts[outcomeOf(sm.s, sm.c, v, st, evs)]++
		}
		for name, n := range counts {
			if o.P(name) == 0 {
				t.Fatalf("%s (%s): the engine gave %q %d times, the odds never: %+v", sm.c, sm.kind, name, n, o.Outcomes)
			}
		}
		for _, x := range o.Outcomes {
			f := float64(counts[x.Name]) / float64(trials)
			se := math.Sqrt(x.P*(1-x.P)/float64(trials)) + 1e-9
			z := math.Abs(f-x.P) / se
			worst = math.Max(worst, z)
			checks++
			if math.Abs(f-x.P) > 5*se+0.5/float64(trials) {
				t.Errorf("%s (%s): %q %.4f in %d trials, odds say %.4f", sm.c, sm.kind, x.Name, f, trials, x.P)
			}
		}
	}
	t.Logf("%d commands, %d outcome checks, worst %.2f standard errors", len(samples), checks, worst)
	for k, n := range want {
		if got[k] == 0 {
			t.Errorf("no %s commands sampled (wanted %d)", k, n)
		}
	}
}
