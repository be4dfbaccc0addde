package oddscheck_test

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/scenarios"
)

// Issue 28: nothing a player may decide rolls dice whose odds cannot be
// asked. On every shipped scenario, played at random, each command
// offered (the first 60 of each position) that rolls dice when played
// must have odds: not refused, and not "certain" with nothing else
// (the answer for a command without dice). This found the S.M.L.E.
// mover's choice under opportunity fire, 1/35th's look about and
// Firefight's end through empty steps.
func TestEveryOfferedRollHasOdds(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every scenario")
	}
	for _, name := range scenarios.Names() {
		sc, m, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := all.Get(sc.RuleSet)
		g, _, err := rules.NewGame(rs, sc, m, 1)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 4))
		bad := 0
		for step := 0; step < 200 && !g.St.Over && bad < 3; step++ {
			for i, c := range g.Legal() {
				if i >= 60 {
					break
				}
				st := g.St.Clone()
				before := st.Rolls
				if _, err := rs.Apply(st, c); err != nil || st.Rolls == before {
					continue
				}
				o, err := rs.Odds(g.St.Clone(), c)
				switch {
				case err != nil:
					t.Errorf("%s: %s (%s step) rolls dice, but its odds are refused: %v", name, c, g.St.Phase, err)
					bad++
				case len(o.Outcomes) == 1 && o.Outcomes[0].Name == "certain" && len(o.Parts) == 0:
					t.Errorf("%s: %s (%s step) rolls %d dice, but its odds say certain", name, c, g.St.Phase, st.Rolls-before)
					bad++
				}
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			_, _ = g.Apply(c)
		}
	}
}
