package maxim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// refDriveCandidates is driveCandidates with every drive checked in full
// by driveCheck.
func refDriveCandidates(s *rules.State, v *rules.Vehicle) []string {
	var out []string
	d := int64(v.Var(vMove))
	arg := rules.VehicleArg{ID: v.ID}.String()
	try := func(c rules.Command) {
		_, plan, _ := rules.PlanOf(c)
		if driveCheck(s, v, plan).Arrived {
			out = append(out, c.String())
		}
	}
	var cands []rules.Command
	for _, c := range driveCandidatesAll(s, v, d) {
		c.Arg = arg
		cands = append(cands, c)
	}
	for _, c := range cands {
		try(c)
	}
	return out
}

func aheadOf(v *rules.Vehicle, facing int, dist int64) geom.Pt {
	u := vehicle.Dir(facing)
	return v.Pos.Add(geom.Pt{X: divRound(u.X*dist, vehicle.Scale), Y: divRound(u.Y*dist, vehicle.Scale)})
}

// driveCandidatesAll lists the candidate drives before any is checked,
// as driveCandidates picks them.
func driveCandidatesAll(s *rules.State, v *rules.Vehicle, d int64) []rules.Command {
	var out []rules.Command
	for _, frac := range []int64{2, 4} {
		out = append(out, rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{aheadOf(v, v.Facing, d*frac/4-10)}})
	}
	if e := nearestEnemy(s, v.Side, v.Pos); e != nil {
		dist := min(d*3/4, geom.Isqrt(geom.Dist2(v.Pos, e.Pos))/2)
		if dist > geom.PerInch {
			out = append(out, rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{toward(v.Pos, e.Pos, dist)}})
		}
	}
	for _, turn := range []int{45, -45} {
		out = append(out, rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{aheadOf(v, v.Facing+turn, d/2)}})
	}
	return out
}

// At every state of random games on the scenarios with vehicles, the
// drives listed for each vehicle that may drive are those driveCheck
// finds arrive (the listing asks vehicle.Arrives, with what is in the way
// found once for all of them).
func TestDriveCandidatesAreDriveCheck(t *testing.T) {
	checked, hit := 0, 0
	for _, name := range []string{"maxim-rue-principale.toml", "maxim-armour-crossroads.toml", "maxim-hot-lz.toml"} {
		sc, m := loadScenario(t, name)
		for seed := uint64(1); seed <= 6; seed++ {
			g, _, err := rules.NewGame(New(), sc, m, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 9))
			for steps := 0; !g.St.Over && steps < 3000; steps++ {
				s := g.St
				for i := range s.Vehicles {
					v := &s.Vehicles[i]
					if mayDrive(s, v) != "" {
						continue
					}
					want := refDriveCandidates(s, v)
					var got []string
					for _, c := range driveCandidates(nil, s, v) {
						got = append(got, c.String())
					}
					if !slices.Equal(got, want) {
						t.Fatalf("%s seed %d step %d, %s: listed %q, driveCheck says %q", name, seed, steps, v.Name, got, want)
					}
					checked++
					hit += len(got)
				}
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					t.Fatalf("%s seed %d: nothing legal", name, seed)
				}
				g.Apply(c)
			}
		}
	}
	if checked < 100 || hit == 0 {
		t.Fatalf("only %d vehicles' drives checked (%d listed)", checked, hit)
	}
	t.Logf("%d vehicles' drives checked, %d drives listed", checked, hit)
}

// obstructions is rules.Obstructions' list of what is in the way, at
// every state of random games with vehicles aboard and wrecked.
func TestObstructionsAreTheCore(t *testing.T) {
	n := 0
	for _, name := range []string{"maxim-rue-principale.toml", "maxim-armour-crossroads.toml", "maxim-hot-lz.toml"} {
		sc, m := loadScenario(t, name)
		g, _, err := rules.NewGame(New(), sc, m, 3)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 9))
		for steps := 0; !g.St.Over && steps < 3000; steps++ {
			s := g.St
			for i := range s.Vehicles {
				want, _, _ := rules.Obstructions(Maxim{}, s, s.Vehicles[i].ID)
				got := obstructions(s, s.Vehicles[i].ID)
				if !slices.Equal(got.Hulls, want.Hulls) || !slices.Equal(got.Bases, want.Bases) {
					t.Fatalf("%s step %d, V%d: %+v, the core's %+v", name, steps, s.Vehicles[i].ID, got, want)
				}
				n++
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				t.Fatal("nothing legal")
			}
			g.Apply(c)
		}
	}
	if n < 100 {
		t.Fatalf("only %d lists compared", n)
	}
}
