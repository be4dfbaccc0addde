package smle

import (
	"fmt"
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
			return fmt.Sprintf("U%d %s activates first", u.ID, u.Name)
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
					if len(o.Outcomes) < 2 {
						t.Fatalf("%s: %+v", name, o)
					}
					res := oddscheck.Run(New(), g.St, c, firstActivated, 6000, uint64(steps))
					if err := res.Err(); err != nil {
						t.Error(err)
					}
					done++
					checked++
				}
			}
			g.Apply(c)
		}
	}
	if checked < 3 {
		t.Fatalf("only %d round ends checked", checked)
	}
}
