package all_test

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/scenarios"
)

// The deciding side's own copy of the battle (rules.View.Forget: every
// variable it may not know dropped, as its copy in network play and the
// computer's picture have them) lists every command the game offers it
// that names only figures and teams it knows: a rule set whose knowledge
// hooks leave out something the side does know would take commands from
// a network player or the computer (Firefight's own spotting marks were
// left out, and the computer never fired after spotting).
func TestSidesCopyOffersWhatTheGameOffers(t *testing.T) {
	for _, name := range scenarios.Names() {
		sc, m, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := all.Get(sc.RuleSet)
		for seed := uint64(1); seed <= 6; seed++ {
			g, _, err := rules.NewGame(rs, sc, m, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 9))
			missing := 0
			for step := 0; step < 600 && !g.St.Over && missing == 0; step++ {
				side := g.St.Decider
				v := rules.ViewOf(rs, g.St, side)
				cp := g.St.Clone()
				v.Forget(cp)
				have := map[string]bool{}
				for _, c := range rs.Legal(cp) {
					have[c.String()] = true
				}
				for _, c := range g.Legal() {
					if !knownTo(v, c) || have[c.String()] {
						continue
					}
					t.Errorf("%s seed %d after %d commands: %s may %q, but its own copy does not offer it", name, seed, len(g.Log), g.St.Sides[side].Name, c.String())
					missing++
					break
				}
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					break
				}
				g.Apply(c)
			}
		}
	}
}

// knownTo reports whether command c names only figures and teams the
// view's side knows.
func knownTo(v rules.View, c rules.Command) bool {
	if c.Fig != 0 && !v.Figure(c.Fig) {
		return false
	}
	if c.Unit != 0 && !v.Unit(c.Unit) {
		return false
	}
	for _, t := range c.Targets {
		if !v.Figure(t) {
			return false
		}
	}
	return true
}
