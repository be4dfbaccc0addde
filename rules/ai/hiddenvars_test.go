package ai_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/ai"
)

// hiddenVars are the variables of g the deciding side may not know: the
// game's, the other side's, and those of enemy teams and figures, each
// as a pointer into its map's owner and its key.
type hiddenVar struct {
	m     map[string]int
	key   string
	owner func(st *rules.State) map[string]int // the same map in another copy
}

// viewSig is what the deciding side sees and knows, as text.
func viewSig(g *rules.Game) string {
	v := rules.ViewOf(g.RS, g.St, g.St.Decider)
	sig := fmt.Sprint(v.GameVars())
	for i := range g.St.Sides {
		sig += fmt.Sprint(v.SideVars(i))
	}
	for i := range g.St.Units {
		sig += fmt.Sprint(v.Unit(g.St.Units[i].ID), v.UnitVars(g.St.Units[i].ID))
	}
	for i := range g.St.Figures {
		sig += fmt.Sprint(v.Figure(g.St.Figures[i].ID), v.FigureVars(g.St.Figures[i].ID))
	}
	return sig
}

func hiddenVars(g *rules.Game) []hiddenVar {
	v := rules.ViewOf(g.RS, g.St, g.St.Decider)
	var out []hiddenVar
	add := func(known map[string]int, owner func(st *rules.State) map[string]int) {
		m := owner(g.St)
		for k := range m {
			if _, ok := known[k]; !ok {
				out = append(out, hiddenVar{m, k, owner})
			}
		}
	}
	add(v.GameVars(), func(st *rules.State) map[string]int { return st.Vars })
	for i := range g.St.Sides {
		add(v.SideVars(i), func(st *rules.State) map[string]int { return st.Sides[i].Vars })
	}
	for i := range g.St.Units {
		add(v.UnitVars(g.St.Units[i].ID), func(st *rules.State) map[string]int { return st.Units[i].Vars })
	}
	for i := range g.St.Figures {
		add(v.FigureVars(g.St.Figures[i].ID), func(st *rules.State) map[string]int { return st.Figures[i].Vars })
	}
	slices.SortFunc(out, func(a, b hiddenVar) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	return out
}

// Changing what the side may not know (the enemy's plotted mortar rounds,
// a hidden team's orders: variables only the host or the other side
// holds) never changes what the computer chooses: its picture of the
// battle is the side's own copy, as a network player's is (the 1/35th
// Inn's computer once carried the Americans' mortar aim point in it).
func TestNoCheatingOnHiddenVariables(t *testing.T) {
	changed := 0
	for _, name := range []string{"skirmish35-inn", "smle-ambush", "firefight-crossroads", "maxim-hot-lz"} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			g := newGame(t, name, 3)
			r := rand.New(rand.NewPCG(3, 3))
			tested := 0
			for len(g.Log) < 300 && !g.St.Over && tested < 4 {
				if hv := hiddenVars(g); len(hv) > 0 {
					// the picture it decides on holds none of them
					b := ai.BeliefOf(g, g.St.Decider)
					for _, h := range hv {
						if _, in := h.owner(b)[h.key]; in {
							t.Fatalf("%s after %d commands: the computer's picture holds %q, which its side may not know", name, len(g.Log), h.key)
						}
					}
					p1 := ai.New(level, 42)
					p1.Budget = 200
					before := choices(p1.Decide(g))
					// each changed alone, and kept only when the side's view
					// stays as it was: what it sees and the variables it knows
					// (a changed id may name a figure it sees, a changed mark
					// may show a team): those are its to know
					seen := viewSig(g)
					was := make([]int, len(hv))
					for i, h := range hv {
						was[i] = h.m[h.key]
						h.m[h.key] = was[i] + 3
						if viewSig(g) != seen {
							h.m[h.key] = was[i]
						} else {
							changed++
						}
					}
					p2 := ai.New(level, 42)
					p2.Budget = 200
					after := choices(p2.Decide(g))
					for i, h := range hv {
						h.m[h.key] = was[i]
					}
					if len(before) == 0 || !slices.Equal(before, after) {
						t.Fatalf("%s %s after %d commands: choices changed with variables the side may not know:\n%v\n%v",
							name, level, len(g.Log), before, after)
					}
					tested++
				}
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					break
				}
				g.Apply(c)
			}
		}
	}
	if changed == 0 {
		t.Fatal("no hidden variable was ever changed")
	}
	t.Logf("%d hidden variables changed", changed)
}
