package netplay

import (
	"fmt"
	"strings"
	"testing"

	"hedgerow/rules"
)

// explainText is a rule set's status panel as text: head, phase, lines,
// the order of play and the panels.
// S.M.L.E. adds the deciding side's own booby traps; a side that is not
// deciding is not told of them (drop says so).
func explainText(rs rules.RuleSet, s *rules.State, drop string) string {
	ex, ok := rs.(rules.Explainer)
	if !ok {
		return ""
	}
	e := ex.Explain(s)
	var lines []string
	for _, l := range e.Lines {
		if drop == "" || !strings.HasPrefix(l, drop) {
			lines = append(lines, l)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "head %q\nlines %q\n", e.Head, lines)
	for _, o := range e.Order {
		fmt.Fprintf(&b, "order %d %q done %v current %v\n", o.Side, o.Label, o.Done, o.Current)
	}
	fmt.Fprintf(&b, "%+v", e.Panels)
	return b.String()
}

// seesAll reports whether side sees every figure of the battle.
func seesAll(rs rules.RuleSet, s *rules.State, side int) bool {
	v := rules.ViewOf(rs, s, side)
	for i := range s.Figures {
		if !v.Figure(s.Figures[i].ID) || !v.Unit(s.Figures[i].Unit) {
			return false
		}
	}
	return true
}

// TestCopyPanelIsTheHosts: in a battle with no hidden set-up, each
// side's copy (what the other screen holds) shows the same status panel
// as the host's full state at every step of a game played some steps:
// the activation, the order of play and its bands and totals (the
// network play-test's joiner read "activating: Break (0)" while the dice
// said "ADVANCE total 8", since no enemy variable reached the copy).
func TestCopyPanelIsTheHosts(t *testing.T) {
	for _, name := range []string{"smle-skirmish", "smle-woods-sections", "firefight-mg42-farm-lane", "maxim-hot-lz", "maxim-rue-principale", "skirmish35-ford", "skirmish35-inn", "ssg-woods-sections"} {
		t.Run(name, func(t *testing.T) {
			b := newBattle(t, name, 7, 0)
			full := 0
			for step := 0; step < 60 && !b.G.St.Over; step++ {
				for side := 0; side < 2; side++ {
					drop := ""
					if side != b.G.St.Decider {
						drop = b.G.St.Sides[b.G.St.Decider].Name + " know of " // ("British know of 1 booby trap")
					}
					host, copy := explainText(b.G.RS, b.G.St, drop), explainText(b.G.RS, b.Copy(side).St, drop)
					if !seesAll(b.G.RS, b.G.St, side) {
						// the panel rightly leaves out what the side does not
						// see (Firefight and 1/35th know the enemy by sight);
						// its head still reads as the host's
						host, copy = host[:strings.Index(host, "\n")], copy[:strings.Index(copy, "\n")]
					} else {
						full++
					}
					if host != copy {
						t.Fatalf("step %d: side %d's copy shows\n%s\nthe host\n%s", step, side+1, copy, host)
					}
				}
				l := b.G.Legal()
				if len(l) == 0 {
					t.Fatalf("step %d: nothing legal", step)
				}
				applied := false
				for k := range l {
					if _, err := b.G.Apply(l[(step*7+k)%len(l)]); err == nil {
						applied = true
						break
					}
				}
				if !applied {
					t.Fatalf("step %d: no listed command applies", step)
				}
			}
			if full == 0 {
				t.Fatal("no step had every enemy in sight: nothing compared in full")
			}
		})
	}
}

// TestCopyCardsAreTheHosts: in a battle with no hidden set-up, a figure's
// card (the rule set's rules.FigureCarder) reads the same on each side's
// copy as on the host for every figure the side sees: an enemy's marks
// (moved, fired, activation, points) are public.
func TestCopyCardsAreTheHosts(t *testing.T) {
	for _, name := range []string{"smle-skirmish", "firefight-mg42-farm-lane", "maxim-hot-lz", "skirmish35-ford", "ssg-woods-sections"} {
		t.Run(name, func(t *testing.T) {
			b := newBattle(t, name, 7, 0)
			fc, ok := b.G.RS.(rules.FigureCarder)
			if !ok {
				t.Skip("no cards")
			}
			compared := 0
			for step := 0; step < 40 && !b.G.St.Over; step++ {
				for side := 0; side < 2; side++ {
					cp := b.Copy(side).St
					v := rules.ViewOf(b.G.RS, b.G.St, side)
					for i := range b.G.St.Figures {
						f := &b.G.St.Figures[i]
						if f.Side == side || f.Removed || !v.Figure(f.ID) {
							continue
						}
						host, got := fc.Figure(b.G.St, f.ID), fc.Figure(cp, f.ID)
						if fmt.Sprint(host.Lines, host.Marks, host.Spent) != fmt.Sprint(got.Lines, got.Marks, got.Spent) {
							t.Fatalf("step %d: side %d's copy shows %s as\n%q %v\nthe host\n%q %v", step, side+1, f.Name, got.Lines, got.Marks, host.Lines, host.Marks)
						}
						compared++
					}
				}
				l := b.G.Legal()
				for k := range l {
					if _, err := b.G.Apply(l[(step*7+k)%len(l)]); err == nil {
						break
					}
				}
			}
			if compared == 0 {
				t.Fatal("no enemy card compared")
			}
		})
	}
}

// TestAmbushCopyNamesNoUnknownTeam: with the British set up hidden, the
// Germans' copy never carries anything of a British team they do not know
// (no variable of it or of its figures), and the panel worked out on it
// (head, lines, order of play, panels) never names such a team, while
// the known British teams' activation is carried as the host has it.
func TestAmbushCopyNamesNoUnknownTeam(t *testing.T) {
	for _, seed := range []uint64{3, 5, 9} {
		b := newBattle(t, "smle-ambush", seed, 0)
		unknown, known := 0, 0
		for step := 0; step < 150 && !b.G.St.Over; step++ {
			for side := 0; side < 2; side++ {
				v := rules.ViewOf(b.G.RS, b.G.St, side)
				sn := b.Snapshot(side)
				cp, err := sn.Apply(b.base)
				if err != nil {
					t.Fatal(err)
				}
				panel := explainText(b.G.RS, cp, "")
				for i := range b.G.St.Units {
					u := &b.G.St.Units[i]
					if u.Side == side {
						continue
					}
					if v.Unit(u.ID) {
						if u.Vars["total"] != 0 && sn.Units[i].Vars["total"] != u.Vars["total"] {
							t.Fatalf("seed %d step %d: side %d's copy has %s's total %d, the host %d", seed, step, side+1, u.Name, sn.Units[i].Vars["total"], u.Vars["total"])
						}
						known++
						continue
					}
					unknown++
					if sn.Units[i].Vars != nil {
						t.Fatalf("seed %d step %d: side %d is sent variables of %s, a team it does not know: %v", seed, step, side+1, u.Name, sn.Units[i].Vars)
					}
					if strings.Contains(panel, u.Name) {
						t.Fatalf("seed %d step %d: side %d's panel names %s, a team it does not know:\n%s", seed, step, side+1, u.Name, panel)
					}
				}
				for i := range b.G.St.Figures {
					if !v.Figure(b.G.St.Figures[i].ID) && sn.Figures[i].Vars != nil {
						t.Fatalf("seed %d step %d: side %d is sent variables of an unseen figure", seed, step, side+1)
					}
				}
			}
			l := b.G.Legal()
			for k := range l {
				if _, err := b.G.Apply(l[(step*5+k)%len(l)]); err == nil {
					break
				}
			}
		}
		if unknown == 0 || known == 0 {
			t.Fatalf("seed %d: %d looks at unknown teams, %d at known enemy teams: the test shows nothing", seed, unknown, known)
		}
	}
}
