package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
)

// With the Sherman selected, a click on the Panzer deselected it and said
// nothing (play-test 6). As a figure's first click on an enemy aims, a
// vehicle's does: its first weapon that may fire at the enemy aims, and a
// second click fires; the vehicle stays selected.
func TestEnemyClickWithAVehicleAims(t *testing.T) {
	aimed := 0
	for seed := uint64(1); seed < 30 && aimed < 3; seed++ {
		g := shippedGame(t, "maxim-armour-crossroads.toml", seed)
		r := rand.New(rand.NewPCG(seed, 3))
		for step := 0; step < 300 && !g.St.Over && aimed < 3; step++ {
			if aimed += vehicleAimsAtFirstClick(t, g); aimed >= 3 {
				break
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
	if aimed < 3 {
		t.Fatalf("a vehicle aimed at an enemy at the first click %d times; want 3", aimed)
	}
}

// vehicleAimsAtFirstClick selects a vehicle of the side deciding that may
// fire at an enemy figure now and clicks that enemy: it reports 1 when the
// vehicle aimed at him, 0 when no vehicle may fire at a figure.
func vehicleAimsAtFirstClick(t *testing.T, g *rules.Game) int {
	t.Helper()
	a, b := deciderTable(g)
	b.refresh()
	st := g.St
	for _, c := range b.legal {
		v := st.Veh(st.Carrier(c.Fig))
		if c.Fig == 0 || v == nil || len(c.Targets) == 0 || b.action(c).Kind != rules.ActAim {
			continue
		}
		target := st.Fig(c.Targets[0])
		b.selVeh = v.ID
		if !b.vehEnemyClick(a, target.Pos, target.ID) {
			t.Fatalf("a click on %s with %s selected was not answered", target.Name, v.Name)
		}
		if b.sel.Mode != view.Targeting || b.selVeh != v.ID || !strings.Contains(a.toast, "aims at "+target.Name) {
			t.Fatalf("%s selected, %s clicked: mode %v, vehicle %d selected, %q", v.Name, target.Name, b.sel.Mode, b.selVeh, a.toast)
		}
		fire := b.aimedCommand(target.ID)
		if fire == nil || b.g.Refusal(*fire) != nil || st.Carrier(fire.Fig) != v.ID {
			t.Fatalf("%s aimed at %s: the second click would give %v", v.Name, target.Name, fire)
		}
		// the card names the vehicle as the firer and reads the range
		// bands of the gun that fires, not of the gunner's own weapon ("Range 33.1\" out of range" beside the
		// odds of a 75 mm gun's legal shot)
		b.aimOdds(target.ID)
		b.hover = target.ID
		render(a, b)
		if card := strings.Join(b.cardLines, " | "); !strings.HasPrefix(b.cardShown, "Fire: "+v.Name) || strings.Contains(card, "out of range") {
			t.Fatalf("%s aiming at %s: card %q %q", v.Name, target.Name, b.cardShown, card)
		}
		return 1
	}
	return 0
}

// A click on an enemy that none of the vehicle's weapons may reach keeps
// the vehicle selected and says why; a click on anything else is not
// answered here.
func TestEnemyClickWithAVehicleSaysWhyNot(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	a, b := deciderTable(g)
	b.refresh()
	var enemy *rules.Figure
	for i := range g.St.Vehicles {
		if v := &g.St.Vehicles[i]; v.Side == g.St.Decider && !v.Removed {
			b.selVeh = v.ID
			break
		}
	}
	for _, f := range g.St.Alive(1 - g.St.Decider) {
		enemy = f
		break
	}
	if b.selVeh == 0 || enemy == nil {
		t.Fatal("no vehicle of the side to play, or no enemy")
	}
	if b.vehEnemyClick(a, enemy.Pos, 0) && b.vehAt(enemy.Pos) == 0 {
		t.Error("a click on no enemy was answered as one on an enemy")
	}
	if !b.vehEnemyClick(a, enemy.Pos, enemy.ID) || b.selVeh == 0 {
		t.Fatalf("a click on %s with %d selected: answered no, or the vehicle let go", enemy.Name, b.selVeh)
	}
	if a.toast == "" || strings.Contains(a.toast, "aims at") || strings.Contains(a.toast, "can do nothing") {
		t.Errorf("a click on %s out of every weapon's reach: %q", enemy.Name, a.toast)
	}
}
