package maxim

import (
	"fmt"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// tv is a vehicle for a test table: it belongs to unit and carries the
// named figures (which must be in figs with no matter what position).
type tv struct {
	unit       string
	name, typ  string
	x, y       float64
	facing     int
	crew, pass []string
}

// vtable is table with vehicles.
func vtable(t *testing.T, figs []tf, vehs []tv, opts map[string]unitOpt) *rules.Game {
	t.Helper()
	m, err := terrain.Parse("test.toml", []byte(testMap))
	if err != nil {
		t.Fatal(err)
	}
	sc := &rules.Scenario{Name: "test", RuleSet: "maxim", BaseR: 250}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	inside := map[string]tv{}
	for _, v := range vehs {
		for _, n := range append(append([]string(nil), v.crew...), v.pass...) {
			inside[n] = v
		}
	}
	for _, f := range figs {
		sd := &sc.Sides[f.side]
		ui := -1
		for i := range sd.Units {
			if sd.Units[i].Name == f.unit {
				ui = i
			}
		}
		if ui < 0 {
			o := opts[f.unit]
			sd.Units = append(sd.Units, rules.ScenarioUnit{Name: f.unit, Quality: o.quality, Motive: o.motive, Armour: o.armour, Mount: o.mount})
			ui = len(sd.Units) - 1
		}
		sf := rules.ScenarioFigure{Name: f.name, Weapons: f.weapons, Pos: geom.P(f.x, f.y), HasPos: true, Leader: f.leader}
		if v, ok := inside[f.name]; ok {
			sf.Aboard, sf.Pos = true, geom.P(v.x, v.y)
		}
		sd.Units[ui].Figures = append(sd.Units[ui].Figures, sf)
	}
	for _, v := range vehs {
		for si := range sc.Sides {
			for ui := range sc.Sides[si].Units {
				u := &sc.Sides[si].Units[ui]
				if u.Name == v.unit {
					u.Vehicles = append(u.Vehicles, rules.ScenarioVehicle{Name: v.name, Type: v.typ, Pos: geom.P(v.x, v.y),
						Facing: v.facing, Turret: v.facing, Crew: v.crew, Passengers: v.pass})
				}
			}
		}
	}
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// tankTable: a Blue Sherman (crew of five) at 20,10 facing right, Red
// infantry with rockets south of it, and a Red truck.
func tankTable(t *testing.T) *rules.Game {
	return vtable(t, []tf{
		{0, "T", "Lyle", []string{"smg"}, 0, 0, true},
		{0, "T", "Ruiz", []string{"pistol"}, 0, 0, false},
		{0, "T", "Nash", []string{"pistol"}, 0, 0, false},
		{0, "T", "Tubbs", []string{"pistol"}, 0, 0, false},
		{0, "T", "Webb", []string{"pistol"}, 0, 0, false},
		{1, "R", "Lenz", []string{"rpg"}, 20, 16, true},            // south of the tank: its right side
		{1, "R", "Ott", []string{"rifle", "law"}, 30, 10.2, false}, // ahead: its front
		{1, "R", "Roth", []string{"hmg"}, 50, 30, false},
		{0, "D", "Driver", []string{"pistol"}, 0, 0, false},
	}, []tv{
		{"T", "Dixie", "sherman", 20, 10, 90, []string{"Lyle", "Ruiz", "Nash", "Tubbs", "Webb"}, nil},
		{"D", "Lorry", "truck", 50, 35, 0, []string{"Driver"}, nil},
	}, nil)
}

func TestVehicleTypesLoad(t *testing.T) {
	want := map[string]string{"jeep": "jeep", "truck": "truck", "halftrack": "halftrack", "armoured-car": "armoured-car",
		"light-tank": "light-tank", "sherman": "medium-tank", "panzer-iv": "medium-tank", "infantry-tank": "medium-tank",
		"apc": "apc", "helicopter": "helicopter", "mbt": "medium-tank"}
	got := map[string]bool{}
	for _, ty := range New().(rules.Vehicled).VehicleTypes() {
		if want[ty.ID] != ty.Look {
			t.Errorf("%s: look %q, want %q", ty.ID, ty.Look, want[ty.ID])
		}
		got[ty.ID] = true
	}
	if len(got) != len(want) {
		t.Errorf("types %v", got)
	}
}

func TestVehicleMoveDice(t *testing.T) {
	g := tankTable(t)
	s := g.St
	s.Veh(2).Removed = true
	for _, c := range []struct {
		typ   string
		faces []int
		want  int
	}{{"sherman", []int{3, 4}, 7}, {"truck", []int{1, 1}, 8}, {"infantry-tank", []int{5}, 5}, {"helicopter", []int{1, 2, 3, 4}, 10}} {
		v := s.Veh(1)
		v.Type = c.typ
		s.Forced = append([]int(nil), c.faces...)
		evs := rollVehicleMoves(s, 0, false)
		if got := v.Var(vMove); got != c.want*1000 || len(s.Forced) != 0 || len(evs) != 1 {
			t.Errorf("%s %v: move %d, want %d\"", c.typ, c.faces, got, c.want)
		}
	}
	s.Veh(1).Type = "sherman"
	s.Veh(1).SetVar(vLoco, 1)
	s.Forced = []int{6, 6}
	rollVehicleMoves(s, 0, false)
	if got := s.Veh(1).Var(vMove); got != 6000 {
		t.Errorf("half speed: %d", got)
	}
}

func TestDriveAndSecondMove(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseMove, 0)
	s := g.St
	s.Veh(1).SetVar(vMove, 8000)
	refuse(t, g, "drive U1 40,10 V1", "cannot drive that way")
	refuse(t, g, "drive U1 V1", "give the drive's path")
	// Lenz (rpg) is 6" from the path: opportunity fire is offered.
	apply(t, g, "drive U1 26,10 V1")
	if s := g.St; s.Veh(1).Pos != geom.P(26, 10) || s.Phase != PhaseOpportunity || s.Decider != 1 {
		t.Fatalf("after the drive: %v, phase %s decider %d", s.Veh(1).Pos, s.Phase, s.Decider)
	}
	apply(t, g, "pass")
	refuse(t, g, "drive U1 27,10 V1", "has made its move")
	apply(t, g, "end")
	apply(t, g, "end")
	apply(t, g, "end", 2, 3) // the second move: 2D6 = 5"
	s = g.St
	if s.Phase != PhaseVehicles || s.Veh(1).Var(vMove) != 5000 {
		t.Fatalf("phase %s, second move %d", s.Phase, s.Veh(1).Var(vMove))
	}
	apply(t, g, "drive U1 26,5 V1")
	if g.St.Phase == PhaseOpportunity {
		apply(t, g, "pass")
	}
	if !movedTwice(g.St, g.St.Veh(1)) {
		t.Fatal("not moving twice")
	}
	apply(t, g, "end")
	if g.St.Phase != PhaseMove || g.St.Round != 2 {
		t.Fatalf("after the vehicles' phase: %s round %d", g.St.Phase, g.St.Round)
	}
}

func TestMovingTwiceModifiers(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseOffensive, 1)
	s := g.St
	v := s.Veh(1)
	v.SetVar(vMoved, 1)
	o := odds(t, g, "fire F7 20,10") // Lenz's RPG at the tank's side
	if modSum(o.Mods) != -20 {
		t.Fatalf("moving once: %+v", o.Mods)
	}
	v.SetVar(vMoved2, 1)
	o = odds(t, g, "fire F7 20,10")
	if modSum(o.Mods) != -30 {
		t.Fatalf("moving twice: %+v", o.Mods)
	}
	// Next turn it is no longer moving twice: the book's "moving twice
	// in a turn" is that turn's.
	s.Round = 2
	if movedTwice(s, v) {
		t.Fatal("the second move's penalty lasts only its own turn")
	}
	v.SetVar(vMoved, 2)
	if movedTwice(s, v) {
		t.Fatal("one move is not two")
	}
	// The tank's own fire after a second move.
	s.Round = 1
	v.SetVar(vMoved, 1)
	phase(g, PhaseOffensive, 0)
	o = odds(t, g, "fire F1 F7 mmg")
	found := false
	for _, m := range o.Mods {
		if m.Value == -30 && strings.Contains(m.Reason, "firer moved twice") {
			found = true
		}
	}
	if !found {
		t.Fatalf("firer moving twice: %+v", o.Mods)
	}
}

func TestPenetration(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseDefensive, 0) // Red fires
	// Ott's LAW (40) at the front (90): hits and bounces.
	evs := apply(t, g, "fire F8 20,10 law", 10)
	if !hasKind(evs, "bounce") || hasKind(evs, "penetration") {
		t.Fatalf("front: %v", texts(evs))
	}
	// Lenz's RPG (40) at the right side (38): goes through; critical 4,
	// fuel: the crew bails out and the tank burns.
	evs = apply(t, g, "fire F7 20,10", 10, 4)
	v := g.St.Veh(1)
	if !hasKind(evs, "penetration") || !v.Damage.Has(vehicle.BrewedUp|vehicle.Abandoned) || len(v.Crew) != 0 {
		t.Fatalf("side: %v damage %v crew %v", texts(evs), v.Damage.Names(), v.Crew)
	}
	for _, id := range []rules.FigID{1, 2, 3, 4, 5} {
		if f := g.St.Fig(id); f.Removed || aboard(g.St, f) || standProblem(g.St, f.ID, f.Pos) != "" {
			t.Fatalf("%s did not get out clear: %v", f.Name, f.Pos)
		}
	}
}

func texts(evs []rules.Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Text)
	}
	return out
}

func TestCriticalHits(t *testing.T) {
	for _, c := range []struct {
		name  string
		dice  []int
		check func(t *testing.T, s *rules.State)
	}{
		{"locomotion hit", []int{10, 1}, func(t *testing.T, s *rules.State) {
			if s.Veh(1).Var(vLoco) != 1 || s.Veh(1).Damage != 0 {
				t.Fatal("half speed only")
			}
		}},
		{"crewman killed", []int{10, 2, 2, 6}, func(t *testing.T, s *rules.State) {
			if !s.Fig(2).Removed || s.Fig(2).Var(fDead) != 1 {
				t.Fatal("Ruiz (the second crewman) should be dead")
			}
		}},
		{"crewman stunned", []int{10, 2, 5, 2}, func(t *testing.T, s *rules.State) {
			if !stunned(s.Fig(5)) {
				t.Fatal("Webb should be stunned")
			}
		}},
		{"engine hit", []int{10, 3, 31}, func(t *testing.T, s *rules.State) {
			if d := s.Veh(1).Damage; d != vehicle.Immobilised {
				t.Fatalf("damage %v", d.Names())
			}
		}},
		{"engine fire", []int{10, 3, 30}, func(t *testing.T, s *rules.State) {
			if d := s.Veh(1).Damage; !d.Has(vehicle.Immobilised | vehicle.BrewedUp | vehicle.Abandoned) {
				t.Fatalf("damage %v", d.Names())
			}
		}},
		{"ammunition explodes", []int{10, 5}, func(t *testing.T, s *rules.State) {
			for id := rules.FigID(1); id <= 5; id++ {
				if !s.Fig(id).Removed {
					t.Fatalf("%s survived", s.Fig(id).Name)
				}
			}
			if s.Sides[0].Losses != 5 {
				t.Fatal("losses")
			}
		}},
		{"weapon out", []int{10, 6}, func(t *testing.T, s *rules.State) {
			if !s.Veh(1).Damage.Has(vehicle.WeaponOut) {
				t.Fatal("gun not out")
			}
			s.Phase, s.Active, s.Decider = PhaseOffensive, 0, 0
			s.SetVar(gMover, 0)
			if _, err := planFire(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{7}, Arg: "medium-gun"}); err == nil {
				t.Fatal("a gun out of action fired")
			}
			if _, err := planFire(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{7}, Arg: "mmg"}); err != nil {
				t.Fatalf("the machine guns still work: %v", err)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := tankTable(t)
			phase(g, PhaseDefensive, 0)
			evs := apply(t, g, "fire F7 20,10", c.dice...)
			found := false
			for _, e := range evs {
				if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Critical") && e.Roll.Outcome == c.name {
					found = true
				}
			}
			if !found {
				t.Fatalf("no %q: %v", c.name, texts(evs))
			}
			c.check(t, g.St)
		})
	}
	// A second locomotion hit immobilises; an unarmed truck's ammunition
	// result falls on its running gear.
	g := tankTable(t)
	phase(g, PhaseDefensive, 0)
	apply(t, g, "fire F7 20,10", 10, 1)
	apply(t, g, "fire F8 20,10 law", 99) // a miss: deviation d8, 1D8
	g.St.Forced = nil
	g.St.Fig(7).SetVar(fFired, 0)
	apply(t, g, "fire F7 20,10", 10, 1)
	if !g.St.Veh(1).Damage.Has(vehicle.Immobilised) {
		t.Fatal("two locomotion hits should immobilise")
	}
	g = tankTable(t)
	phase(g, PhaseDefensive, 0)
	// Roth's HMG (ROF 2, pen 15) at the truck: first shot ammunition (none:
	// locomotion), second misses.
	evs := apply(t, g, "fire F9 50,35", 10, 5, 99)
	if g.St.Veh(2).Var(vLoco) != 1 || !strings.Contains(strings.Join(texts(evs), "|"), "carries no ammunition") {
		t.Fatalf("truck: %v", texts(evs))
	}
}

func TestVehicleOddsExact(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseDefensive, 0)
	o := odds(t, g, "fire F8 20,10 law") // the front: cannot go through
	if !near(o.P("miss"), 0.45) || !near(o.P("no penetration"), 0.55) || len(o.Outcomes) != 2 {
		t.Fatalf("front: %+v", o.Outcomes)
	}
	o = odds(t, g, "fire F7 20,10") // the side: 55%, then 1/6 each
	e := 0.55 / 6
	for name, p := range map[string]float64{"miss": 0.45, "locomotion hit": e, "crewman stunned": e * 2 / 6,
		"crewman lightly wounded": e * 2 / 6, "crewman seriously wounded": e / 6, "crewman killed": e / 6,
		"engine hit": e * 0.7, "engine fire": e * 0.3, "fuel fire": e, "ammunition explodes": e, "weapon out": e} {
		if !near(o.P(name), p) {
			t.Errorf("side: %s %v, want %v", name, o.P(name), p)
		}
	}
	// Two HMG shots at the unarmed truck (70%, pen 15 > 0): the worst of
	// the two. A shot: miss .3; locomotion 2/6 (its ammunition result
	// falls there too); weapon hit with no weapon 1/6 "penetrates, no
	// effect".
	o = odds(t, g, "fire F9 50,35")
	q := []float64{0.3, 0, 0.7 / 6, 0.7 / 36 * 2, 0.7 / 36 * 2, 0.7 / 36, 0.7 / 36, 0, 0, 0, 0, 0.7 / 3, 0, 0.7 / 6 * 0.7, 0.7 / 6 * 0.3, 0.7 / 6, 0}
	cum, prev := 0.0, 0.0
	for k, name := range vehResults {
		cum += q[k]
		if !near(o.P(name), cum*cum-prev) {
			t.Errorf("truck: %s %v, want %v", name, o.P(name), cum*cum-prev)
		}
		prev = cum * cum
	}
	if !near(o.P("miss"), 0.09) {
		t.Errorf("two misses: %v", o.P("miss"))
	}
}

// cargoTable: a Blue truck carrying two riflemen, a Red HMG 5" away.
func cargoTable(t *testing.T) *rules.Game {
	return vtable(t, []tf{
		{0, "D", "Driver", []string{"pistol"}, 0, 0, true},
		{0, "D", "Able", []string{"rifle"}, 0, 0, false},
		{0, "D", "Baker", []string{"rifle"}, 0, 0, false},
		{1, "R", "Roth", []string{"hmg"}, 50, 30, true},
	}, []tv{{"D", "Lorry", "truck", 50, 35, 0, []string{"Driver"}, []string{"Able", "Baker"}}}, nil)
}

// The chart's 5 on a vehicle with no ammunition falls on its cargo when
// it carries men: one passenger picked by die, then the crewman's 1D6
// table (house); the odds split that sixth the same way.
func TestCargoHit(t *testing.T) {
	g := cargoTable(t)
	phase(g, PhaseDefensive, 0)
	// HMG, two shots: the first hits (10), critical 5 (no ammunition:
	// cargo), 1D2 picks Baker, 1D6 6 kills him; the second misses.
	evs := apply(t, g, "fire F4 50,35", 10, 5, 2, 6, 99)
	if !g.St.Fig(3).Removed || g.St.Fig(2).Removed || g.St.Veh(1).Var(vLoco) != 0 {
		t.Fatalf("Baker should be dead, Able alive, the running gear whole: %v", texts(evs))
	}
	var crit *rules.Ledger
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Critical") {
			crit = e.Roll
		}
	}
	if crit == nil || crit.Outcome != "passenger killed" {
		t.Fatalf("critical ledger %+v", crit)
	}
	// A 3 on the passenger's die is a light wound.
	g = cargoTable(t)
	phase(g, PhaseDefensive, 0)
	evs = apply(t, g, "fire F4 50,35", 10, 5, 1, 3, 99)
	if g.St.Fig(2).Removed || g.St.Fig(2).Markers&rules.Wounded == 0 {
		t.Fatalf("Able should be lightly wounded: %v", texts(evs))
	}
	// Odds: two shots at 70%; each hit's 5 splits over the table.
	g = cargoTable(t)
	phase(g, PhaseDefensive, 0)
	o := odds(t, g, "fire F4 50,35")
	h := 0.7 / 6
	q := map[string]float64{"miss": 0.3, "passenger stunned": h * 2 / 6, "passenger lightly wounded": h * 2 / 6,
		"passenger seriously wounded": h / 6, "passenger killed": h / 6}
	if o.P("passenger killed") <= 0 || o.P("locomotion hit") <= 0 {
		t.Fatalf("outcomes %+v", o.Outcomes)
	}
	cum, prev := 0.0, 0.0
	one := make([]float64, len(vehResults))
	one[0] = 0.3
	one[vehRank("crewman stunned")], one[vehRank("crewman lightly wounded")] = h*2/6, h*2/6
	one[vehRank("crewman seriously wounded")], one[vehRank("crewman killed")] = h/6, h/6
	for n, p := range q {
		one[vehRank(n)] = p
	}
	one[vehRank("locomotion hit")] = h
	one[vehRank("engine hit")], one[vehRank("engine fire")] = h*0.7, h*0.3
	one[vehRank("fuel fire")] = h
	one[vehRank("penetrates, no effect")] = h // the weapon result: no weapon
	for k, name := range vehResults {
		cum += one[k]
		if !near(o.P(name), cum*cum-prev) {
			t.Errorf("%s %v, want %v", name, o.P(name), cum*cum-prev)
		}
		prev = cum * cum
	}
}

func TestOpportunityStopsVehicle(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseMove, 0)
	s := g.St
	s.Veh(1).SetVar(vMove, 12000)
	s.Fig(8).Pos = geom.P(30, 20) // Ott out of the way, to the south-east
	apply(t, g, "drive U1 29,10 V1")
	if g.St.Phase != PhaseOpportunity {
		t.Fatal("no opportunity fire offered")
	}
	var shot *rules.Command
	for _, c := range g.Legal() {
		if c.Verb == "fire" && c.Fig == 7 {
			c := c
			shot = &c
		}
	}
	if shot == nil || len(shot.Path) != 1 {
		t.Fatalf("Lenz has no shot: %v", g.Legal())
	}
	// Lenz at 20,16: the best point is the closest approach, 20,10 is the
	// start (excluded), so somewhere along the path.
	shot.Path = []geom.Pt{geom.P(24, 10)}
	g.St.Forced = []int{10, 3, 31} // hit, engine hit, no fire
	if _, err := g.Apply(*shot); err != nil {
		t.Fatal(err)
	}
	v := g.St.Veh(1)
	if v.Pos != geom.P(24, 10) || !v.Damage.Has(vehicle.Immobilised) || g.St.Phase != PhaseMove {
		t.Fatalf("not stopped: %v %v phase %s", v.Pos, v.Damage.Names(), g.St.Phase)
	}
}

func TestDismountAndBoard(t *testing.T) {
	g := vtable(t, []tf{
		{0, "A", "Drv", []string{"pistol"}, 0, 0, true},
		{0, "A", "Sgt", []string{"assault-rifle"}, 0, 0, false},
		{0, "A", "Pte", []string{"assault-rifle"}, 20, 27.5, false},
		{1, "R", "Foe", []string{"rifle"}, 55, 38, false},
	}, []tv{{"A", "Track", "apc", 20, 30, 0, []string{"Drv"}, []string{"Sgt"}}}, nil)
	phase(g, PhaseMove, 0)
	refuse(t, g, "dismount F1 20,33", "crews")
	refuse(t, g, "dismount F2 20,40", "within an inch")
	apply(t, g, "dismount F2 20,32.5")
	if aboard(g.St, g.St.Fig(2)) || g.St.Fig(2).Pos != geom.P(20, 32.5) {
		t.Fatal("not out")
	}
	// Pte at 20,27.5: the APC's front is at 28.1, so he is within an inch.
	refuse(t, g, "board F3 V2", "there is no such vehicle")
	apply(t, g, "board F3 V1")
	if g.St.Carrier(3) != 1 {
		t.Fatal("not aboard")
	}
	// A man inside cannot be shot at, only his vehicle.
	phase(g, PhaseOffensive, 1)
	refuse(t, g, "fire F4 F3", "inside")
}

// Passengers of an open-topped vehicle fire their own weapons over the
// side, from the hull's centre and moving as it moved (house rule); a
// closed vehicle's passengers do not, and no one fires a mortar from one.
func TestOpenToppedRidersFire(t *testing.T) {
	g := vtable(t, []tf{
		{0, "A", "Drv", []string{"pistol"}, 0, 0, true},
		{0, "A", "Cmdr", []string{"pistol"}, 0, 0, false},
		{0, "A", "Sgt", []string{"rifle", "light-mortar"}, 0, 0, false},
		{0, "B", "Drv2", []string{"pistol"}, 0, 0, true},
		{0, "B", "Pte", []string{"rifle"}, 0, 0, false},
		{1, "R", "Foe", []string{"rifle"}, 26, 22, false},
	}, []tv{
		{"A", "Track", "halftrack", 20, 10, 0, []string{"Drv", "Cmdr"}, []string{"Sgt"}},
		{"B", "Box", "apc", 52, 18, 0, []string{"Drv2"}, []string{"Pte"}},
	}, nil)
	phase(g, PhaseOffensive, 0)
	if !hasCmd(g.Legal(), "fire F3 F6 rifle") {
		t.Fatalf("the rider's rifle shot is not offered: %v", g.Legal())
	}
	refuse(t, g, "fire F5 F6", "closed vehicle")
	refuse(t, g, "fire F3 F6 light-mortar", "cannot be used from inside")
	// The half-track drove this turn: the rider takes the moving firer's
	// -20 on the rifle's 60.
	g.St.Veh(1).SetVar(vMoved, g.St.Round)
	evs := apply(t, g, "fire F3 F6 rifle", 41)
	var l *rules.Ledger
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Compare == "<=" {
			l = e.Roll
		}
	}
	if l == nil || l.Target != 40 || l.Outcome != "miss" {
		t.Fatalf("ledger %+v", l)
	}
	if g.St.Fig(3).Var(fFired) != g.St.Round {
		t.Fatal("the rider has fired")
	}
}

func hasCmd(l []rules.Command, want string) bool {
	for _, c := range l {
		if c.String() == want {
			return true
		}
	}
	return false
}

func TestManpadsOnlyAtAircraft(t *testing.T) {
	g := vtable(t, []tf{
		{0, "H", "Pilot", []string{"pistol"}, 0, 0, true},
		{0, "H", "Gunner", []string{"pistol"}, 0, 0, false},
		{1, "R", "Stinger", []string{"manpads", "rifle"}, 20, 30, false},
	}, []tv{{"H", "Huey", "helicopter", 30, 15, 90, []string{"Pilot", "Gunner"}, nil}}, nil)
	phase(g, PhaseDefensive, 0)
	o := odds(t, g, "fire F3 30,15 manpads") // 70%, pen 7 against 5
	if !near(o.P("miss"), 0.3) || !near(o.P("fuel fire"), 0.7/6) {
		t.Fatalf("manpads: %+v", o.Outcomes)
	}
	o = odds(t, g, "fire F3 30,15 rifle") // 5 against 5: no
	if !near(o.P("no penetration"), 0.6) {
		t.Fatalf("rifle: %+v", o.Outcomes)
	}
	refuse(t, g, "fire F3 F1 manpads", "inside")
}

func TestAFVMorale(t *testing.T) {
	g := tankTable(t)
	s := g.St
	u := s.UnitOf(s.Fig(7).Unit) // Red riflemen: Lenz is 6" from the tank
	_, mods := moraleChance(s, u)
	if modSum(mods) != data.Morale.AFVNear {
		t.Fatalf("near: %+v", mods)
	}
	s.Veh(1).Damage |= vehicle.BrewedUp
	_, mods = moraleChance(s, u)
	if modSum(mods) != data.Morale.EnemyAFVKO {
		t.Fatalf("knocked out: %+v", mods)
	}
	_, mods = moraleChance(s, s.UnitOf(1))
	if modSum(mods) != data.Morale.FriendlyAFVKO {
		t.Fatalf("own knocked out: %+v", mods)
	}
}

// motorPool is a small fight with a vehicle of most kinds on the test
// table: an APC with passengers and a helicopter against a half-track, a
// truck, an armoured car and men with rockets and a MANPADS.
func motorPool(t testing.TB) (*rules.Scenario, *terrain.Map) {
	m, err := terrain.Parse("test.toml", []byte(testMap))
	if err != nil {
		t.Fatal(err)
	}
	sc := &rules.Scenario{Name: "motor pool", RuleSet: "maxim", BaseR: 250, TurnLimit: 6}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	fig := func(name string, ws ...string) rules.ScenarioFigure {
		return rules.ScenarioFigure{Name: name, Weapons: ws}
	}
	at := func(f rules.ScenarioFigure, x, y float64) rules.ScenarioFigure {
		f.Pos, f.HasPos = geom.P(x, y), true
		return f
	}
	in := func(f rules.ScenarioFigure, x, y float64) rules.ScenarioFigure {
		f.Pos, f.HasPos, f.Aboard = geom.P(x, y), true, true
		return f
	}
	sc.Sides[0].Units = []rules.ScenarioUnit{
		{Name: "Squad", Quality: "veteran", Armour: "kevlar", Figures: []rules.ScenarioFigure{
			in(fig("Drv", "assault-rifle"), 8, 10), in(fig("Gnr", "assault-rifle"), 8, 10),
			in(fig("S1", "assault-rifle", "law"), 8, 10), in(fig("S2", "lmg"), 8, 10), in(fig("S3", "assault-rifle", "grenade"), 8, 10),
			at(fig("S4", "assault-rifle", "grenade-launcher"), 5, 16),
		}, Vehicles: []rules.ScenarioVehicle{{Name: "Track", Type: "apc", Pos: geom.P(8, 10), Facing: 90, Turret: 90,
			Crew: []string{"Drv", "Gnr"}, Passengers: []string{"S1", "S2", "S3"}}}},
		{Name: "Air", Quality: "regular", Figures: []rules.ScenarioFigure{in(fig("Pilot", "pistol"), 10, 30), in(fig("Door", "pistol"), 10, 30)},
			Vehicles: []rules.ScenarioVehicle{{Name: "Huey", Type: "helicopter", Pos: geom.P(10, 30), Facing: 90, Turret: 90, Crew: []string{"Pilot", "Door"}}}},
	}
	sc.Sides[1].Units = []rules.ScenarioUnit{
		{Name: "Mech", Quality: "green", Figures: []rules.ScenarioFigure{
			in(fig("HDrv", "rifle"), 45, 20), in(fig("HGnr", "rifle"), 45, 20), in(fig("P1", "rifle"), 45, 20),
			at(fig("R1", "rpg"), 50, 26), at(fig("R2", "manpads", "rifle"), 52, 14), at(fig("R3", "rifle", "molotov"), 36, 24),
			in(fig("TDrv", "pistol"), 54, 34), in(fig("CCmd", "pistol"), 30, 14), in(fig("CGnr", "pistol"), 30, 14), in(fig("CDrv", "pistol"), 30, 14),
		}, Vehicles: []rules.ScenarioVehicle{
			{Name: "Half-track", Type: "halftrack", Pos: geom.P(45, 20), Facing: 270, Turret: 270, Crew: []string{"HDrv", "HGnr"}, Passengers: []string{"P1"}},
			{Name: "Lorry", Type: "truck", Pos: geom.P(54, 34), Facing: 270, Turret: 270, Crew: []string{"TDrv"}},
			{Name: "Scout", Type: "armoured-car", Pos: geom.P(30, 14), Facing: 270, Turret: 270, Crew: []string{"CCmd", "CGnr", "CDrv"}},
		}},
	}
	return sc, m
}

// Random games with every kind of vehicle end cleanly, invariants held,
// with vehicles driven, shot at and knocked out.
func TestRandomGamesWithVehicles(t *testing.T) {
	sc, m := motorPool(t)
	n := 60
	if testing.Short() {
		n = 15
	}
	verbs, kinds := map[string]int{}, map[string]int{}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g := playChecked(t, sc, m, seed)
		for _, c := range g.Log {
			verbs[c.Verb]++
		}
		for i := range g.St.Vehicles {
			v := &g.St.Vehicles[i]
			for _, d := range v.Damage.Names() {
				kinds[d]++
			}
			for _, f := range v.Aboard() {
				if fg := g.St.Fig(f); !fg.Removed && fg.Pos != v.Pos {
					t.Fatalf("seed %d: %s aboard %s is not with it", seed, fg.Name, v.Name)
				}
			}
		}
	}
	t.Logf("%d games, verbs %v, vehicle damage %v", n, verbs, kinds)
	for _, v := range []string{"drive", "dismount", "fire"} {
		if verbs[v] == 0 {
			t.Errorf("no %q in %d games", v, n)
		}
	}
	if kinds["brewed up"] == 0 {
		t.Error("no vehicle brewed up")
	}
}

// Going: wheels cannot cross the low wall, tracks pay 2" for it; rough
// ground costs double; a helicopter flies over the building.
func TestVehicleGoing(t *testing.T) {
	g := vtable(t, []tf{
		{0, "A", "Drv", []string{"pistol"}, 0, 0, true},
		{1, "R", "Foe", []string{"rifle"}, 55, 38, false},
	}, []tv{{"A", "Car", "truck", 15, 16, 180, []string{"Drv"}, nil}}, nil)
	phase(g, PhaseMove, 0)
	s := g.St
	v := s.Veh(1)
	v.SetVar(vMove, 10000)
	plan := vehicle.Through(geom.P(15, 25))
	if r := (Maxim{}).VehicleMove(s, 1, plan); r.Arrived || r.Stop != vehicle.NoCrossing {
		t.Fatalf("wheels over the wall: %+v", r.Stop)
	}
	v.Type = "apc"
	// 9" of clear going and 2" for the wall is more than 10".
	v.SetVar(vMove, 10999)
	if r := (Maxim{}).VehicleMove(s, 1, plan); r.Arrived {
		t.Fatal("the wall should cost 2\"")
	}
	v.SetVar(vMove, 11000)
	if r := (Maxim{}).VehicleMove(s, 1, plan); !r.Arrived {
		t.Fatalf("9\" and the wall's 2\" in an 11\" move: %s", r.Why)
	}
	// Over the trench (rough): 6" wide costs 12".
	v.Pose = vehicle.Pose{Pos: geom.P(26, 31.5), Facing: 90, Turret: 90}
	s.MoveVehicle(1, v.Pose)
	v.SetVar(vMove, 13000)
	if r := (Maxim{}).VehicleMove(s, 1, vehicle.Through(geom.P(38, 31.5))); r.Arrived {
		t.Fatal("12\" of going with 6\" of it rough should cost 18\"")
	}
	v.SetVar(vMove, 18000)
	if r := (Maxim{}).VehicleMove(s, 1, vehicle.Through(geom.P(38, 31.5))); !r.Arrived {
		t.Fatalf("18\" should do: %s", r.Why)
	}
	// A helicopter flies over the building.
	v.Type = "helicopter"
	s.MoveVehicle(1, vehicle.Pose{Pos: geom.P(34, 7), Facing: 90, Turret: 90})
	v.SetVar(vMove, 20000)
	if r := (Maxim{}).VehicleMove(s, 1, vehicle.Through(geom.P(50, 7))); !r.Arrived {
		t.Fatalf("helicopter: %s", r.Why)
	}
	// and over men.
	s.Fig(2).Pos = geom.P(45, 12)
	if r := (Maxim{}).VehicleMove(s, 1, vehicle.Through(geom.P(45, 14))); !r.Arrived {
		t.Fatalf("helicopter over a man: %s", r.Why)
	}
}

// A man close behind a hull is in hard cover: -40% and a 5-6 save.
func TestShelterBehindHull(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseOffensive, 1)
	g.St.Fig(1).Pos = geom.P(20, 12) // Lyle, dismounted, just south of the tank
	g.St.Veh(1).Crew = g.St.Veh(1).Crew[1:]
	g.St.Fig(8).Pos = geom.P(20, 4) // Ott north of the tank
	o := odds(t, g, "fire F8 F1")
	if modSum(o.Mods) != data.ToHit.Cover || !strings.Contains(o.Note, "a 5 or 6 saves him (hard cover)") {
		t.Fatalf("behind the hull: %+v %s", o.Mods, o.Note)
	}
}

// Men riding an open-topped vehicle can be shot at as they can shoot out
// (house rule): in hard cover behind its sides (-40%, a 5-6 save), moving
// as it moves. Its crew and a closed vehicle's passengers stay out of
// reach but through the vehicle.
func TestOpenToppedRidersShot(t *testing.T) {
	g := vtable(t, []tf{
		{0, "A", "Drv", []string{"pistol"}, 0, 0, true},
		{0, "A", "Sgt", []string{"rifle"}, 0, 0, false},
		{0, "B", "Drv2", []string{"pistol"}, 0, 0, true},
		{0, "B", "Pte", []string{"rifle"}, 0, 0, false},
		{1, "R", "Foe", []string{"rifle"}, 20, 20, false},
	}, []tv{
		{"A", "Track", "halftrack", 20, 10, 0, []string{"Drv"}, []string{"Sgt"}},
		{"B", "Box", "apc", 52, 18, 0, []string{"Drv2"}, []string{"Pte"}},
	}, nil)
	phase(g, PhaseOffensive, 1)
	refuse(t, g, "fire F5 F1", "inside")
	refuse(t, g, "fire F5 F4", "inside")
	if !hasCmd(g.Legal(), "fire F5 F2") && !hasCmd(g.Legal(), "fire F5 F2 rifle") {
		t.Fatalf("the shot at the rider is not offered: %v", g.Legal())
	}
	// Rifle 60 at 10", -40 for the half-track's sides: 20% to hit, and a
	// hit does harm unless the 5-6 save: no effect 0.8 + 0.2/3 = 13/15.
	if o := odds(t, g, "fire F5 F2"); !near(o.P("no effect"), 13.0/15) {
		t.Fatalf("odds at the rider: %+v", o.Outcomes)
	}
	// Once it has moved, -20 more: no chance at all.
	g.St.Veh(1).SetVar(vMoved, g.St.Round)
	refuse(t, g, "fire F5 F2", "no chance")
	g.St.Veh(1).SetVar(vMoved, 0)
	// A forced 20 hits, a 10 on the d10 is the rifle's worst, and a 6 on
	// the hard-cover save keeps him alive.
	evs := apply(t, g, "fire F5 F2", 20, 10, 6)
	var texts []string
	saved := false
	for _, e := range evs {
		texts = append(texts, e.Text)
		if e.Roll != nil && strings.Contains(e.Roll.What+e.Roll.Note+e.Text, "hard cover") && e.Roll.Total == 6 {
			saved = true
		}
	}
	if !saved || g.St.Fig(2).Removed {
		t.Fatalf("the rider should save behind the sides: %q", texts)
	}
}

// A grenade thrown at a man riding an open-topped vehicle bursts on him
// (house rule): the blast's damage roll, then the hard-cover save of its
// sides; the crew, inside, is left to the vehicle's own rules.
func TestOpenToppedRidersBlast(t *testing.T) {
	g := vtable(t, []tf{
		{0, "A", "Drv", []string{"pistol"}, 0, 0, true},
		{0, "A", "Sgt", []string{"rifle"}, 0, 0, false},
		{1, "R", "Foe", []string{"grenade"}, 21.2, 12.5, false},
	}, []tv{
		{"A", "Track", "halftrack", 20, 10, 0, []string{"Drv"}, []string{"Sgt"}},
	}, nil)
	phase(g, PhaseOffensive, 1)
	evs := apply(t, g, "fire F3 21.8,10 grenade", 1, 10, 1, 1)
	var texts []string
	caught := ""
	for _, e := range evs {
		texts = append(texts, e.Text)
		if e.Kind == "blast" {
			caught = fmt.Sprint(e.Figures)
		}
	}
	// Aimed 1.8" off him (clear of his cover, which the point would take
	// within an inch of him): a forced 1 hits, 10 on the d10 kills in the
	// B radius, and a 1 fails the 5-6 save; the thrower, 2.6" off, is in
	// his own C radius (1: stunned).
	if caught != "[2 3]" || !stunned(g.St.Fig(3)) || !g.St.Fig(2).Removed || g.St.Fig(1).Removed || !strings.Contains(strings.Join(texts, "|"), "save (hard cover): rolls 1, a 5 or 6 saves him: not saved") {
		t.Fatalf("caught %s: %q", caught, texts)
	}
}

// A man who carries two of one weapon (the SA-7 team's two missiles) has
// it named once on his card, counted, not twice.
func TestCardNamesTwoOfAWeaponOnce(t *testing.T) {
	sc, m := loadScenario(t, "maxim-hot-lz.toml")
	if err := rules.AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	seen := false
	for _, f := range g.St.Figures {
		if len(f.Weapons) < 2 || f.Weapons[0] != "manpads" || f.Weapons[1] != "manpads" {
			continue
		}
		seen = true
		for _, l := range (Maxim{}).Figure(g.St, f.ID).Lines {
			if strings.HasPrefix(l, "Weapons: ") && (strings.Count(l, "MANPADS") != 1 || !strings.Contains(l, "2 MANPADS")) {
				t.Errorf("%s's card: %q", f.Name, l)
			}
		}
	}
	if !seen {
		t.Fatal("no man with two MANPADS")
	}
}
