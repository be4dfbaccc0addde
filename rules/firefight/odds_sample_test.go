package firefight

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"hedgerow/rules"
)

// classify names the outcome an applied command had, in the odds' words.
func classify(s *rules.State, c rules.Command, evs []rules.Event) string {
	switch c.Verb {
	case "spot":
		if Spotted(s, s.Fig(c.Fig).Side, s.Fig(c.Targets[0])) {
			return "spotted"
		}
		return "not spotted"
	case "fire":
		return resultOf(evs, c.Targets[0])
	case "end", "leader":
		for _, e := range evs {
			if e.Roll == nil {
				continue
			}
			if strings.HasPrefix(e.Roll.What, "New leader") {
				return e.Roll.Outcome
			}
			if strings.HasPrefix(e.Roll.What, "Chit drawn") {
				return "next chit " + e.Roll.Outcome
			}
			if strings.HasPrefix(e.Roll.What, "Cohesion") {
				return e.Roll.Outcome
			}
		}
		return "certain"
	}
	return "certain"
}

type sampleCase struct {
	st *rules.State
	c  rules.Command
}

// collectCases plays random games and keeps varied states at which a
// command with dice is legal: spotting, fire of every kind, opportunity
// fire, chit draws and morale.
func collectCases(t *testing.T, want map[string]int) []sampleCase {
	var out []sampleCase
	got := map[string]int{}
	done := func() bool {
		for k, n := range want {
			if got[k] < n {
				return false
			}
		}
		return true
	}
	for _, name := range scenarioFiles {
		sc, m := loadNamed(t, name)
		for seed := uint64(1); seed <= 40 && !done(); seed++ {
			g, _, err := rules.NewGame(New(), sc, m, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 5))
			for !g.St.Over && len(g.Log) < 3000 && !done() {
				for _, c := range g.Legal() {
					key := c.Verb
					if c.Verb == "fire" {
						f := g.St.Fig(c.Fig)
						w, _ := fireWeapon(f, c.Arg)
						key = "fire " + w.Template
						if g.St.Var(gOppMover) != 0 {
							key = "opp fire"
						}
					}
					if c.Verb == "end" && g.St.Phase == PhaseUnmotivated && g.St.Var(gUnmotLeft) == 0 {
						if o, _ := New().Odds(g.St, c); len(o.Outcomes) < 2 {
							continue
						}
						key = "morale"
					}
					if got[key] < want[key] && r.IntN(8) == 0 {
						got[key]++
						out = append(out, sampleCase{g.St.Clone(), c})
					}
				}
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					break
				}
				if _, err := g.Apply(c); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("cases: %v", got)
	return out
}

// The odds shown are the engine's: sampling Apply from varied states
// agrees with Odds within bounds that a real difference would break.
func TestOddsMatchEngine(t *testing.T) {
	want := map[string]int{"spot": 8, "fire ": 8, "fire auto": 5, "fire lmg": 5, "fire hmg": 4, "fire blast": 4, "opp fire": 4, "end": 6, "morale": 4, "leader": 3}
	n := 2000
	if testing.Short() {
		n = 600
	}
	cases := collectCases(t, want)
	chi2, df, worst := 0.0, 0, 0.0
	for i, sc := range cases {
		o, err := New().Odds(sc.st, sc.c)
		if err != nil {
			t.Fatalf("%s: %v", sc.c, err)
		}
		counts := map[string]int{}
		for k := 0; k < n; k++ {
			st := sc.st.Clone()
			st.RNG = *rand.NewPCG(uint64(i+1), uint64(k))
			evs, err := New().Apply(st, sc.c)
			if err != nil {
				t.Fatalf("%s: %v", sc.c, err)
			}
			counts[classify(st, sc.c, evs)]++
		}
		var names []string
		for name := range counts {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if o.P(name) == 0 {
				t.Fatalf("%s: outcome %q happened %d times but has no odds (%+v)", sc.c, name, counts[name], o.Outcomes)
			}
		}
		for _, x := range o.Outcomes {
			f := float64(counts[x.Name]) / float64(n)
			sd := math.Sqrt(x.P * (1 - x.P) / float64(n))
			if d := math.Abs(f - x.P); d > 4.5*sd+1.0/float64(n) {
				t.Errorf("%s: %q sampled %.4f, odds %.4f (%.1f sd)", sc.c, x.Name, f, x.P, d/sd)
			}
			if sd > 0 {
				worst = math.Max(worst, math.Abs(f-x.P)/sd)
			}
			if x.P > 0 && x.P < 1 {
				e := x.P * float64(n)
				chi2 += (float64(counts[x.Name]) - e) * (float64(counts[x.Name]) - e) / e
			}
		}
		df += len(o.Outcomes) - 1
	}
	// All cases together: a chi-square with df degrees of freedom has
	// mean df and spread sqrt(2 df); a consistent small bias shows here.
	if bound := float64(df) + 5*math.Sqrt(2*float64(df)); chi2 > bound {
		t.Errorf("chi-square %.1f over %d degrees of freedom (bound %.1f)", chi2, df, bound)
	}
	t.Logf("%d states, %d samples each: chi-square %.1f on %d df, worst outcome %.2f sd", len(cases), n, chi2, df, worst)
	if len(cases) < 30 {
		t.Errorf("only %d states sampled", len(cases))
	}
	_ = fmt.Sprint
}
