package maxim

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// ridersTable: a Blue half-track at 20,10 facing east with a rider,
// about to drive 10" east past a Red sniper (26,20) and a Red HMG and
// grenadier further off.
func ridersTable(t *testing.T) *rules.Game {
	g := vtable(t, []tf{
		{0, "A", "Drv", []string{"pistol"}, 0, 0, true},
		{0, "A", "Sgt", []string{"rifle"}, 0, 0, false},
		{1, "R", "Foe", []string{"sniper-rifle"}, 26, 20, false},
		{1, "R", "Roth", []string{"hmg"}, 40, 30, false},
		{1, "R", "Gren", []string{"grenade-launcher"}, 10, 25, false},
	}, []tv{{"A", "Track", "halftrack", 20, 10, 90, []string{"Drv"}, []string{"Sgt"}}}, nil)
	phase(g, PhaseMove, 0)
	g.St.Veh(1).SetVar(vMove, 12000)
	apply(t, g, "drive U1 30,10 V1")
	if g.St.Phase != PhaseOpportunity {
		t.Fatalf("no opportunity fire at the drive: phase %s", g.St.Phase)
	}
	return g
}

// A man riding in the open in a driving vehicle may be picked out by
// opportunity fire at any point of its drive (house rule): behind its
// sides (-40%, a 5-6 save) and moving (-20%), measured to where the hull
// was. A hit on him does not stop the vehicle.
func TestOpportunityAtRider(t *testing.T) {
	g := ridersTable(t)
	// The listed shot is at the closest approach to the sniper, 26,10.
	if !hasCmd(g.Legal(), "fire F3 26,10 F2") {
		t.Fatalf("the shot at the rider along the drive is not offered: %v", g.Legal())
	}
	if !hasCmd(g.Legal(), "fire F4 30,10 F2 F2") && !hasCmd(g.Legal(), "fire F4 29.8,10 F2 F2") {
		var l []string
		for _, c := range g.Legal() {
			if c.Fig == 4 {
				l = append(l, c.String())
			}
		}
		if len(l) < 2 {
			t.Fatalf("the HMG should have shots at the vehicle and at its rider: %v", l)
		}
	}
	refuse(t, g, "fire F3 26,12 F2", "not on")
	refuse(t, g, "fire F3 26,10 F1", "is not")
	refuse(t, g, "fire F5 22,10 F2", "not at a man riding")
	// Sniper 80, -20 moving, -40 sides: 20% to hit; a hit does harm
	// unless the 5-6 save: no effect 0.8 + 0.2/3 = 13/15.
	o := odds(t, g, "fire F3 26,10 F2")
	if !near(o.P("no effect"), 13.0/15) || modSum(o.Mods) != -60 {
		t.Fatalf("odds at the rider: %+v %+v", o.Outcomes, o.Mods)
	}
	var why []string
	for _, m := range o.Mods {
		why = append(why, m.Reason)
	}
	if w := strings.Join(why, "|"); !strings.Contains(w, "target moving") || !strings.Contains(w, "sides of Track") {
		t.Fatalf("modifiers: %q", w)
	}
	// A forced 20 hits, 10 on the d10 kills, a 4 fails the save.
	evs := apply(t, g, "fire F3 26,10 F2", 20, 10, 4)
	if !g.St.Fig(2).Removed {
		t.Fatalf("the rider should be down: %q", texts(evs))
	}
	if v := g.St.Veh(1); v.Pos != geom.P(30, 10) {
		t.Fatalf("a hit rider stopped the vehicle at %v", v.Pos)
	}
	if g.St.Phase != PhaseOpportunity || g.St.Fig(3).Var(fOpp) != g.St.Round {
		t.Fatalf("the HMG may still fire at the vehicle: phase %s", g.St.Phase)
	}
	// The rider is gone: the HMG's shots are at the hull only now.
	for _, c := range g.Legal() {
		if c.Verb == "fire" && len(c.Targets) > 0 {
			t.Fatalf("a shot at a dead rider is listed: %v", c)
		}
	}
}

// A rider saved by the vehicle's sides is not hurt; after a second move
// he counts as moving twice (-30%).
func TestOpportunityAtRiderSavedAndSecondMove(t *testing.T) {
	g := ridersTable(t)
	g.St.Veh(1).SetVar(vMoved2, g.St.Round)
	// Sniper 80, -30 moving twice, -40 sides: 10%, then the 5-6 save.
	o := odds(t, g, "fire F3 26,10 F2")
	if modSum(o.Mods) != data.Vehicle.ToHit.MovingTwice+data.ToHit.Cover || !near(o.P("no effect"), 0.9+0.1/3) {
		t.Fatalf("after a second move: %+v %+v", o.Mods, o.Outcomes)
	}
	refuse(t, g, "fire F4 28,10 F2 F2", "no chance")
	evs := apply(t, g, "fire F3 26,10 F2", 10, 10, 5)
	if f := g.St.Fig(2); f.Removed || f.Markers.Has(rules.Wounded) || !strings.Contains(strings.Join(texts(evs), "|"), "hard cover") {
		t.Fatalf("the sides should save him: %q", texts(evs))
	}
}
