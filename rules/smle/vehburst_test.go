package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
)

// burstDuel: a bazooka man (F1, his team under fire) 10" in front of a
// jeep (V1 facing him, its crew F2-F3 aboard) with three riflemen of the
// jeep's side round it: F4 1.5" behind the jeep's centre line point
// 24,19, F5 beside the hull, F6 2.1" behind it.
func burstDuel(t *testing.T) *rules.State {
	t.Helper()
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{x: 24, y: 30, weapons: []string{"rifle", "bazooka"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}},
			veh: "jeep", vx: 24, vy: 20, facing: 180},
		{tunit: tunit{1, "trained", "", []tfig{{x: 24, y: 17.5, weapons: []string{"rifle"}}, {x: 25.4, y: 19, weapons: []string{"rifle"}}, {x: 24, y: 16.9, weapons: []string{"rifle"}}}}},
	}, 6, 1)
	setActive(s, 1, "advance-8")
	uset(s.UnitOf(1), vUF, ufDirect) // no "not under fire" bonus
	return s
}

// effectRolls counts the damage rolls on each figure.
func effectRolls(evs []rules.Event) map[rules.FigID]int {
	out := map[rules.FigID]int{}
	for _, e := range evs {
		if e.Roll != nil && e.Target != 0 {
			out[e.Target]++
		}
	}
	return out
}

// A bazooka that misses a jeep by one lands one inch long, along the line
// of fire from the jeep's centre (24,20 -> 24,19), and bursts there: its
// 2" burst gives one die to each rifleman within 1-2" (F4, F5) and none
// beyond (F6); the jeep takes no damage roll.
func TestMissedBazookaAtVehicleBursts(t *testing.T) {
	s := burstDuel(t)
	s.Force(1, 2, 6) // 1+2+2 (direct) +1 (small) = 6 against 7: missed by 1; 6 = long
	evs := apply(t, s, rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"})
	if l := evs[0].Roll; l == nil || l.Outcome != Miss || l.Target-l.Total != 1 {
		t.Fatalf("want a miss by 1: %+v", evs[0])
	}
	var blast *geom.Circle
	for _, e := range evs {
		if e.Kind == "blast" {
			blast = e.Area
		}
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Damage of") {
			t.Errorf("a missed round rolled damage on the jeep: %s", e.Text)
		}
	}
	if blast == nil || blast.C != geom.P(24, 19) || blast.R != 2*geom.PerInch {
		t.Fatalf("burst %v, want 2\" round 24,19: %v", blast, evs)
	}
	got := effectRolls(evs)
	if got[4] != 1 || got[5] != 1 || got[6] != 0 || got[1] != 0 || len(got) != 2 {
		t.Errorf("burst dice by figure %v, want F4 and F5 one each", got)
	}
}

// A hit bursts at the hull's centre as well as rolling damage: F5 (1.7"
// away) takes a die, F4 (2.5") none.
func TestBazookaHitOnVehicleBursts(t *testing.T) {
	s := burstDuel(t)
	s.Force(6, 6, 1, 1, 1) // hit; damage 1+1+2 = 4 against the jeep's 1D
	evs := apply(t, s, rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"})
	got := effectRolls(evs)
	if got[5] != 1 || len(got) != 1 {
		t.Errorf("burst dice by figure %v, want F5 one", got)
	}
	dmg := false
	for _, e := range evs {
		dmg = dmg || e.Roll != nil && strings.HasPrefix(e.Roll.What, "Damage of")
	}
	if !dmg {
		t.Errorf("no damage roll on a hit: %v", evs)
	}
}

// The burst's odds on each figure are the engine's, hit or miss.
func TestVehicleBurstOddsSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	s := burstDuel(t)
	c := rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"}
	o, err := New().Odds(s, c)
	if err != nil {
		t.Fatal(err)
	}
	figs := 0
	for _, p := range o.Parts {
		if p.Fig != 0 {
			figs++
		}
	}
	if figs != 3 { // a wider miss may reach F6; the firer is out of reach
		t.Fatalf("want a burst part for F4, F5 and F6: %+v", o.Parts)
	}
	check(t, "bazooka at a jeep", oddscheck.Run(New(), s, c, vehClass, 20000, 31))
	play := func(s *rules.State) ([]rules.Event, error) { return New().Apply(s, c) }
	for _, p := range o.Parts {
		if p.Fig != 0 { // the damage part is "if it hits": checked above
			check(t, "bazooka burst part", oddscheck.RunDist(c.String()+" / "+p.Name, p.Outcomes, s, play, figClass(p.Fig), 20000, 33))
		}
	}
}
