package maxim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
)

// A side named in the plural holds fire in the plural: "Insurgents hold
// fire; US squad goes on moving" (play-test 6 read "Insurgents holds
// fire").
func TestHoldFireAgreesWithTheSide(t *testing.T) {
	sc, m := loadScenario(t, "maxim-rue-principale.toml")
	seen := 0
	for seed := uint64(1); seed <= 20 && seen == 0; seed++ {
		g, _, err := rules.NewGame(New(), sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 1))
		for step := 0; step < 400 && !g.St.Over && seen == 0; step++ {
			if g.St.Phase == PhaseOpportunity {
				who := g.St.Sides[g.St.Decider].Name
				evs, err := g.Apply(rules.Command{Verb: "pass"})
				if err != nil {
					t.Fatal(err)
				}
				for _, ev := range evs {
					if strings.HasPrefix(ev.Text, who+" ") && strings.Contains(ev.Text, "fire") {
						want := who + " holds fire"
						if rules.Agree(who, "one", "many") == "many" {
							want = who + " hold fire"
						}
						if !strings.HasPrefix(ev.Text, want+";") {
							t.Errorf("%q, want it to begin %q", ev.Text, want)
						}
						if want == who+" hold fire" {
							seen++ // (the plural side, which the test is for)
						}
					}
				}
				continue
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			g.Apply(c)
		}
	}
	if seen == 0 {
		t.Fatal("the Insurgents never held fire")
	}
}
