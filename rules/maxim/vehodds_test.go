package maxim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/oddscheck"
)

// worstVehResult names what a fire at a vehicle did, in the odds' words:
// the worst of its shots, read from the events.
func worstVehResult(before, after *rules.State, evs []rules.Event) string {
	worst := -1
	for _, e := range evs {
		switch {
		case e.Roll != nil && e.Roll.Compare == "<=" && !strings.HasPrefix(e.Roll.What, "Engine fire"):
			worst = max(worst, 0) // a shot: a miss at least
		case e.Kind == "bounce":
			worst = max(worst, 1)
		case e.Roll != nil && strings.HasPrefix(e.Roll.What, "Critical hit"):
			worst = max(worst, vehRank(e.Roll.Outcome))
		}
	}
	if worst < 0 {
		return "nothing rolled"
	}
	return vehResults[worst]
}

// TestVehicleOddsMatchEngine samples fire at vehicles (direct, explosive,
// several shots, opportunity fire at a drive) from random games of the
// armour scenario and from the test table, and checks Odds against
// Apply with the shared sampler.
func TestVehicleOddsMatchEngine(t *testing.T) {
	type sample struct {
		s *rules.State
		c rules.Command
	}
	var samples []sample
	kinds := map[string]int{}
	want := map[string]int{"direct": 4, "explosive": 4, "opportunity": 4}
	sc, m := loadScenario(t, "maxim-armour-crossroads.toml")
	for seed := uint64(1); seed <= 80 && (kinds["direct"] < want["direct"] || kinds["explosive"] < want["explosive"] || kinds["opportunity"] < want["opportunity"]); seed++ {
		g, _, err := rules.NewGame(New(), sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 5))
		for step := 0; step < 1500 && !g.St.Over; step++ {
			for _, c := range g.Legal() {
				if c.Verb != "fire" || len(c.Targets) > 0 || len(c.Path) != 1 {
					continue
				}
				v, err := planFire(g.St, c)
				if err != nil || v.veh == nil {
					continue
				}
				k := "direct"
				switch {
				case g.St.Phase == PhaseOpportunity:
					k = "opportunity"
				case v.w.Explosive:
					k = "explosive"
				}
				if kinds[k] < want[k] && r.IntN(4) == 0 {
					kinds[k]++
					samples = append(samples, sample{g.St.Clone(), c})
				}
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			g.Apply(c)
		}
	}
	// Several shots at a soft vehicle and a helicopter.
	g := tankTable(t)
	phase(g, PhaseDefensive, 0)
	for _, cmd := range []string{"fire F9 50,35", "fire F7 20,10"} {
		c, _ := rules.ParseCommand(cmd)
		samples = append(samples, sample{g.St.Clone(), c})
	}
	h := vtable(t, []tf{
		{0, "H", "Pilot", []string{"pistol"}, 0, 0, true},
		{0, "H", "Gunner", []string{"pistol"}, 0, 0, false},
		{1, "R", "Stinger", []string{"manpads", "rifle"}, 20, 30, false},
		{1, "R", "Fifty", []string{"hmg"}, 24, 30, false},
	}, []tv{{"H", "Huey", "helicopter", 30, 15, 90, []string{"Pilot", "Gunner"}, nil}}, nil)
	phase(h, PhaseDefensive, 0)
	for _, cmd := range []string{"fire F3 30,15 manpads", "fire F4 30,15"} {
		c, _ := rules.ParseCommand(cmd)
		samples = append(samples, sample{h.St.Clone(), c})
	}
	// A loaded truck: the cargo result.
	cg := cargoTable(t)
	phase(cg, PhaseDefensive, 0)
	c, _ := rules.ParseCommand("fire F4 50,35")
	samples = append(samples, sample{cg.St.Clone(), c})
	t.Logf("sampled %v", kinds)
	n := 1500
	if testing.Short() {
		n = 800
	}
	for i, sm := range samples {
		res := oddscheck.Run(New(), sm.s, sm.c, worstVehResult, n, uint64(i+1))
		if err := res.Err(); err != nil {
			t.Error(err)
		}
		if i < 3 {
			t.Log(res.String())
		}
	}
	for k, w := range want {
		if kinds[k] == 0 {
			t.Errorf("no %s fire at vehicles sampled (wanted %d)", k, w)
		}
	}
}

// The odds of shooting at, and bursting a grenade-launcher round on, a man
// riding an open-topped vehicle match what Apply does (the sides' hard
// cover and its 5-6 save, deviated rounds that still catch him).
func TestRiderOddsMatchEngine(t *testing.T) {
	g := vtable(t, []tf{
		{0, "A", "Drv", []string{"pistol"}, 0, 0, true},
		{0, "A", "Sgt", []string{"rifle"}, 0, 0, false},
		{1, "R", "Foe", []string{"rifle", "grenade-launcher"}, 20, 20, false},
	}, []tv{{"A", "Track", "halftrack", 20, 10, 0, []string{"Drv"}, []string{"Sgt"}}}, nil)
	phase(g, PhaseOffensive, 1)
	rider := func(before, after *rules.State, _ []rules.Event) string {
		return change(statusOf(before.Fig(2)), statusOf(after.Fig(2)))
	}
	for i, cmd := range []string{"fire F3 F2 rifle", "fire F3 F2 grenade-launcher"} {
		c, _ := rules.ParseCommand(cmd)
		res := oddscheck.Run(New(), g.St, c, rider, 3000, uint64(i+1))
		if err := res.Err(); err != nil {
			t.Error(err)
		}
		t.Log(res.String())
	}
}
