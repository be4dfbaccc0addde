package maxim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// refDriveCandidates is driveCandidates asking driveCheck every time.
func refDriveCandidates(s *rules.State, v *rules.Vehicle) []rules.Command {
	d := int64(v.Var(vMove))
	arg := rules.VehicleArg{ID: v.ID}
	var out []rules.Command
	try := func(c rules.Command) {
		_, plan, _ := rules.PlanOf(c)
		if r := driveCheck(s, v, plan); r.Arrived {
			out = append(out, c)
		}
	}
	ahead := func(facing int, dist int64) geom.Pt {
		u := vehicle.Dir(facing)
		return v.Pos.Add(geom.Pt{X: divRound(u.X*dist, vehicle.Scale), Y: divRound(u.Y*dist, vehicle.Scale)})
	}
	for _, frac := range []int64{2, 4} {
		try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{ahead(v.Facing, d*frac/4-10)}, Arg: arg.String()})
	}
	if e := nearestEnemy(s, v.Side, v.Pos); e != nil {
		dist := min(d*3/4, isqrt(geom.Dist2(v.Pos, e.Pos))/2)
		if dist > geom.PerInch {
			try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{toward(v.Pos, e.Pos, dist)}, Arg: arg.String()})
		}
	}
	for _, turn := range []int{45, -45} {
		try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{ahead(v.Facing+turn, d/2)}, Arg: arg.String()})
	}
	return out
}

// The drives Legal offers, with their answers remembered from earlier
// commands and earlier games, are at every state of random games on the
// shipped scenarios with vehicles exactly those driveCheck lets arrive.
func TestDriveCandidatesRemembered(t *testing.T) {
	checked, arrived := 0, 0
	for _, name := range scenarioFiles {
		sc, m := loadScenario(t, name)
		for seed := uint64(1); seed <= 6; seed++ {
			g, _, err := rules.NewGame(New(), sc, m, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 11))
			for steps := 0; !g.St.Over && steps < 3000; steps++ {
				s := g.St
				if s.Phase == PhaseMove || s.Phase == PhaseVehicles {
					for i := range s.Vehicles {
						v := &s.Vehicles[i]
						if mayDrive(s, v) != "" {
							continue
						}
						got, want := cmdStrings(driveCandidates(s, v)), cmdStrings(refDriveCandidates(s, v))
						if !slices.Equal(got, want) {
							t.Fatalf("%s seed %d step %d, %s: remembered %q, driveCheck %q", name, seed, steps, v.Name, got, want)
						}
						checked += 5
						arrived += len(got)
					}
				}
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					t.Fatalf("%s seed %d: nothing legal", name, seed)
				}
				g.Apply(c)
			}
		}
	}
	if arrived == 0 || arrived == checked {
		t.Fatalf("%d of about %d drives arrived: too uniform to say anything", arrived, checked)
	}
	t.Logf("about %d drives checked, %d arrived", checked, arrived)
}
