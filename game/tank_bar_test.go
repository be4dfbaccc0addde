package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
)

// A tank offered opportunity fire (Maxim's Crossroads) has one button
// per weapon on its bar, named as its card names them (the main gun; the
// coaxial and hull machine guns, either of which the rule set may use,
// as one) with the crewman after a dash; pressing the main gun's button
// (which selects its crewman to aim) leaves the bar as it was, not with
// the crewman's own copy of every gun beside the vehicle's.
func TestTankBarNamesEachGunOnce(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	r := rand.New(rand.NewPCG(1, 3))
	var veh rules.VehicleID
	for step := 0; step < 400 && veh == 0 && !g.St.Over; step++ {
		if g.St.Decider != g.St.Active {
			for _, c := range g.Legal() {
				if v := g.St.Carrier(c.Fig); c.Verb == "fire" && len(c.Path) == 1 && v != 0 {
					veh = v
				}
			}
		}
		if veh != 0 {
			break
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	if veh == 0 {
		t.Fatal("no tank offered opportunity fire in the Crossroads")
	}
	a := &App{W: 1920, H: 1080, speed: 8}
	b := newBattle(a, g, nil)
	b.tv.cam.Resize(1920, 1080)
	b.tv.fit(true)
	b.tl.SkipAll()
	b.shown, b.curtain = g.St.Decider, false
	b.selVeh = veh
	bar := func() []string {
		b.layoutButtons(a)
		var out []string
		for _, bt := range b.buttons {
			out = append(out, bt.label)
		}
		return out
	}
	check := func(when string, labels []string) {
		t.Helper()
		all := strings.Join(labels, " | ")
		count := map[string]int{}
		for _, l := range labels {
			count[l]++
			if count[l] > 1 {
				t.Errorf("%s: %q twice on the bar: %s", when, l, all)
			}
		}
		main, mg := 0, 0
		for _, l := range labels {
			if strings.Contains(l, "Main gun, ") && strings.Contains(l, " — ") {
				main++
			}
			if strings.Contains(l, "MMG (coaxial or hull) — ") {
				mg++
			}
			if strings.Contains(l, "fire: Medium gun") || strings.Contains(l, "fire: MMG, ") {
				t.Errorf("%s: a gun without its crewman (a second set of buttons): %s", when, all)
			}
		}
		if main != 1 || mg != 1 {
			t.Errorf("%s: main gun %d, machine guns %d buttons, want one each named with the crewman: %s", when, main, mg, all)
		}
	}
	labels := bar()
	check("the tank selected", labels)
	for i, l := range labels {
		if strings.Contains(l, "Main gun") {
			b.bcmds[i]()
			break
		}
	}
	if b.sel.Sel == 0 || g.St.Carrier(b.sel.Sel) != veh {
		t.Fatalf("the main gun's button selected %d, not a crewman of the tank", b.sel.Sel)
	}
	check("the main gun aimed", bar())
	render(a, b)
}

// At 1024x640 the Sherman's bar, its machine guns alone left to fire,
// read "1 Fire: MMG (coaxial or hull) — Cpl Ruiz..." against the bar's
// end, which a play-tester took for a label cut off (play-test 9): on a
// small window a vehicle's weapon that would take more than half the bar
// is named short, as it is beside the main gun ("MMG..."), and no
// button's dots follow a man's name.
func TestTankBarFitsASmallWindow(t *testing.T) {
	bars := 0
	for seed := uint64(1); seed < 4; seed++ {
		g := shippedGame(t, "maxim-armour-crossroads.toml", seed)
		r := rand.New(rand.NewPCG(seed, 3))
		for step := 0; step < 400 && !g.St.Over; step++ {
			a, b := deciderTable(g)
			a.W, a.H = 1024, 640
			b.tv.cam.Resize(1024, 640)
			b.tv.fit(true)
			b.refresh()
			for i := range g.St.Vehicles {
				v := &g.St.Vehicles[i]
				if v.Side != g.St.Decider || v.Removed {
					continue
				}
				b.selVeh = v.ID
				b.layoutButtons(a)
				for _, bt := range b.buttons {
					if strings.Contains(bt.label, "MMG") {
						bars++
					}
					if strings.Contains(bt.label, " — ") && strings.HasSuffix(bt.label, "...") {
						t.Errorf("%s selected: the bar reads %q", v.Name, bt.key+" "+bt.label)
					}
				}
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			if _, err := g.Apply(c); err != nil {
				continue
			}
		}
	}
	if bars < 10 {
		t.Fatalf("a tank's machine guns on the bar only %d times", bars)
	}
}
