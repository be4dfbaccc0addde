package game

import (
	"math/rand/v2"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
)

// A tank crewman with a gun and a machine gun, aiming at a vehicle's
// hull: the click gives the shot of the button pressed, its weapon
// included, whichever the rule set lists first.
func TestHullShotKeepsTheButtonsWeapon(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := shippedGame(t, "maxim-armour-crossroads.toml", seed)
		r := rand.New(rand.NewPCG(seed, 7))
		for n := 0; n < 400 && !g.St.Over; n++ {
			// two listed hull shots by one figure with different weapons
			var first, other *rules.Command
			legal := g.Legal()
			for i := range legal {
				c := &legal[i]
				if c.Fig == 0 || len(c.Targets) > 0 || len(c.Path) == 0 || c.Arg == "" {
					continue
				}
				if first == nil {
					first = c
				} else if c.Fig == first.Fig && c.Verb == first.Verb && c.Arg != first.Arg && other == nil {
					other = c
				}
			}
			if other != nil {
				a := &App{W: 1280, H: 800, speed: 8}
				b := newBattle(a, g, nil)
				before := len(g.Log)
				group := b.action(*other).Group
				if group == b.action(*first).Group {
					t.Fatalf("%s and %s share a button (group %q)", first, other, group)
				}
				b.sel.Mode, b.sel.Sel = view.Selected, other.Fig
				if !b.beginTargeting(other.Verb) {
					t.Fatalf("%s: no targeting", other)
				}
				b.sel.Only = func(x rules.Command) bool { return b.action(x).Group == group }
				if !b.aimAtVehicle(a, other.Path[0]) {
					t.Fatalf("a click at %v is on no vehicle", other.Path[0])
				}
				if len(g.Log) != before+1 {
					t.Fatalf("the click on the hull gave nothing (%s)", a.toast)
				}
				if got := g.Log[len(g.Log)-1]; got.Arg != other.Arg || got.Fig != other.Fig {
					t.Fatalf("the %q button's hull shot gave %s, want the %s", group, got, other.Arg)
				}
				return
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			g.Apply(c)
		}
	}
	t.Fatal("no game offered a figure two weapons against a hull")
}

// Aimed and unaimed fire at one man are two buttons of one verb: pressing
// the second and clicking the target gives the second, though the rule
// set lists the first before it.
func TestTargetClickGivesTheButtonsCommand(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := shippedGame(t, "skirmish35-ford.toml", seed)
		r := rand.New(rand.NewPCG(seed, 7))
		for n := 0; n < 600 && !g.St.Over; n++ {
			var first, second *rules.Command
			legal := g.Legal()
			for i := range legal {
				c := &legal[i]
				if c.Verb != "fire" || c.Fig == 0 || len(c.Targets) != 1 {
					continue
				}
				if first == nil {
					first = c
				} else if c.Fig == first.Fig && c.Targets[0] == first.Targets[0] && c.Arg != first.Arg && second == nil {
					second = c
				}
			}
			if second != nil {
				a := &App{W: 1280, H: 800, speed: 8}
				b := newBattle(a, g, nil)
				b.sel.Mode, b.sel.Sel = view.Selected, second.Fig
				b.layoutButtons(a)
				want := b.action(*second).Label + "..."
				pressed := false
				for i, bt := range b.buttons {
					if bt.label == want || bt.short == b.action(*second).Short+"..." {
						b.bcmds[i]()
						pressed = true
						break
					}
				}
				if !pressed {
					t.Fatalf("no button %q on the bar", want)
				}
				c := b.sel.Press(view.Hit{Fig: second.Targets[0]}, g.St.Fig(second.Targets[0]).Pos)
				if c == nil || c.Arg != second.Arg {
					t.Fatalf("the %q button and a click on F%d gave %v, want %s", want, second.Targets[0], c, second)
				}
				return
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			g.Apply(c)
		}
	}
	t.Fatal("no game offered one man two ways to fire at one target")
}
