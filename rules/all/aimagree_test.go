package all_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/scenarios"
)

// The table aims a command at the figure the player hovers by taking a
// listed command of the chosen verb aimed at him, or at a team-mate of a
// listed target when the rule set takes it (game/view's
// Selector.TargetCommand). When none fits, the card asks the rule set
// for the refusal of that command and shows its words; a command that
// Legal leaves out yet the rule set takes has no words to show, and the
// player reads only "X cannot fire Y now." These helpers say the same in
// a few lines, without the table.

// aimFound reports whether the table would find a listed command of
// tmpl's verb and kind (its Arg: the weapon or fire of the button the
// player chose) by fig at target: listed at him, or listed at one of his
// unit and taken at him, or a unit's command listed at one of his unit.
func aimFound(g *rules.Game, legal []rules.Command, tmpl rules.Command, fig, target rules.FigID) bool {
	st := g.St
	unitOf := func(id rules.FigID) rules.UnitID {
		if f := st.Fig(id); f != nil {
			return f.Unit
		}
		return 0
	}
	givenBy := func(c rules.Command) bool {
		return c.Fig == fig || (c.Fig == 0 && c.Unit != 0 && unitOf(fig) == c.Unit)
	}
	for _, c := range legal {
		if c.Verb != tmpl.Verb || c.Arg != tmpl.Arg || !givenBy(c) {
			continue
		}
		for _, t := range c.Targets {
			if t == target {
				return true
			}
		}
	}
	for _, c := range legal {
		if c.Verb != tmpl.Verb || c.Arg != tmpl.Arg || !givenBy(c) || len(c.Targets) != 1 {
			continue
		}
		if u := unitOf(target); u != 0 && unitOf(c.Targets[0]) == u {
			cc := c
			cc.Targets = []rules.FigID{target}
			if _, err := g.Odds(cc); err == nil || c.Fig == 0 {
				return true
			}
		}
	}
	return false
}

// aimedLike is tmpl aimed at target, as the table builds it to ask for a
// refusal: each of its dice on him, no path.
func aimedLike(tmpl rules.Command, fig, target rules.FigID) rules.Command {
	c := tmpl
	if c.Fig != 0 {
		c.Fig = fig
	}
	c.Targets = make([]rules.FigID, max(1, len(tmpl.Targets)))
	for i := range c.Targets {
		c.Targets[i] = target
	}
	c.Path = nil
	return c
}

// TestAimedRefusalsGiveAReason (issue 24, point 4): on every shipped
// scenario, random play (fixed seeds) stops at many states; there, each
// command with a target figure the deciding side has (by verb, kind and
// giver) is aimed at every other figure that side can see. Wherever the
// table would find no listed command, the rule set must refuse the one
// it builds, so that the player reads why: a command the rule set takes
// but Legal leaves out reaches the screen as "cannot ... now" with no
// reason.
func TestAimedRefusalsGiveAReason(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a few hundred commands on every scenario")
	}
	const steps, every = 300, 2
	// one report per rule set, verb and kind of target; a count of all
	// at the end
	count := map[string]int{}
	var kinds []string
	for _, name := range scenarios.Names() {
		sc, m, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := all.Get(sc.RuleSet)
		for _, seed := range []uint64{3, 8} {
			g, _, err := rules.NewGame(rs, sc, m, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 24))
			for step := 0; step < steps && !g.St.Over; step++ {
				if step%every == every-1 {
					for _, f := range aimFaults(g) {
						key := sc.RuleSet + " " + f.kind
						if count[key]++; count[key] == 1 {
							kinds = append(kinds, key)
							t.Errorf("%s seed %d, round %d: %s", name, seed, g.St.Round, f.text)
						}
					}
				}
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					break
				}
				g.Apply(c) // (a listed command missing what only a mouse gives, such as a drive's path, is refused: play on)
			}
		}
	}
	for _, k := range kinds {
		t.Logf("%s: %d aimed commands taken but not listed", k, count[k])
	}
}

type aimFault struct{ kind, text string }

// aimFaults lists, for the state g is in, the aimed commands the rule
// set takes but the table would not find among the listed ones.
func aimFaults(g *rules.Game) []aimFault {
	st := g.St
	legal := g.Legal()
	v := rules.ViewOf(g.RS, st, st.Decider)
	type key struct {
		verb, arg string
		fig       rules.FigID
		unit      rules.UnitID
	}
	done := map[key]bool{}
	var out []aimFault
	for _, tmpl := range legal {
		if len(tmpl.Targets) == 0 || (tmpl.Fig == 0 && tmpl.Unit == 0) {
			continue
		}
		k := key{tmpl.Verb, tmpl.Arg, tmpl.Fig, 0}
		if tmpl.Fig == 0 {
			k.unit = tmpl.Unit
		}
		if done[k] {
			continue
		}
		done[k] = true
		// the figure the player selected: the giver, or for a unit's
		// command the first of its men still in the fight
		fig := tmpl.Fig
		if fig == 0 {
			for _, f := range st.Figures {
				if f.Unit == tmpl.Unit && !f.Removed {
					fig = f.ID
					break
				}
			}
		}
		for i := range st.Figures {
			tf := &st.Figures[i]
			if tf.ID == fig || tf.Removed || !v.Figure(tf.ID) {
				continue
			}
			if aimFound(g, legal, tmpl, fig, tf.ID) {
				continue
			}
			c := aimedLike(tmpl, fig, tf.ID)
			if g.Refusal(c) != nil {
				continue
			}
			if _, err := g.Odds(c); err != nil {
				continue
			}
			who := st.Fig(fig)
			out = append(out, aimFault{
				kind: tmpl.Verb + " at " + sideWord(tf.Side == who.Side),
				text: fmt.Sprintf("%q (%s at %s, %s) is taken but not listed, so the table gives no reason", c, who.Name, tf.Name, sideWord(tf.Side == who.Side)),
			})
		}
	}
	return out
}

func sideWord(friend bool) string {
	if friend {
		return "a friend"
	}
	return "an enemy"
}
