package smle

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

func TestVehicleScenariosLoad(t *testing.T) {
	for _, name := range []string{"smle-tank-bocage.toml", "smle-mech-assault.toml", "smle-heli-drop.toml"} {
		sc, m := loadNamed(t, name)
		g, _, err := rules.NewGame(New(), sc, m, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(g.St.Vehicles) != 1 {
			t.Fatalf("%s: %d vehicles", name, len(g.St.Vehicles))
		}
	}
}

// Seeded random games of both vehicle scenarios end cleanly, with the
// vehicle commands used and the invariants held (nobody aboard a wreck,
// nobody aboard two vehicles, every hull on the table).
func TestRandomVehicleGames(t *testing.T) {
	// 1,000 games of the mechanised assault (about 20 ms each),
	// 50 of the bocage (its sight lines make a game about 50 ms).
	n := map[string]int{"smle-tank-bocage.toml": 50, "smle-mech-assault.toml": 1000, "smle-heli-drop.toml": 100}
	if testing.Short() {
		n = map[string]int{"smle-tank-bocage.toml": 10, "smle-mech-assault.toml": 100, "smle-heli-drop.toml": 20}
	}
	want := map[string][]string{"smle-tank-bocage.toml": {"drive", "gun", "shoot"}, "smle-mech-assault.toml": {"drive", "gun", "shoot", "debus", "board"},
		"smle-heli-drop.toml": {"arrive", "debus", "leave"}}
	for _, name := range []string{"smle-tank-bocage.toml", "smle-mech-assault.toml", "smle-heli-drop.toml"} {
		sc, m := loadNamed(t, name)
		verbs := map[string]int{}
		kills, over := 0, 0
		for seed := uint64(1); seed <= uint64(n[name]); seed++ {
			g, err := rules.PlayRandom(New(), sc, m, seed, 5000)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if g.St.Over {
				over++
			}
			for _, c := range g.Log {
				verbs[c.Verb]++
			}
			checkVehicleInvariants(t, g.St)
			for _, v := range g.St.Vehicles {
				if v.Damage.Has(1 << 1) {
					kills++
				}
			}
		}
		t.Logf("%s: %d games, over %d, vehicles brewed up %d, verbs %v", name, n[name], over, kills, verbs)
		for _, v := range want[name] {
			if verbs[v] == 0 {
				t.Errorf("%s: no game used %q", name, v)
			}
		}
	}
}

func checkVehicleInvariants(t *testing.T, s *rules.State) {
	t.Helper()
	seen := map[rules.FigID]bool{}
	for _, v := range s.Vehicles {
		for _, f := range v.Aboard() {
			if seen[f] {
				t.Fatalf("F%d aboard twice", f)
			}
			seen[f] = true
			if fig := s.Fig(f); fig.Pos != v.Pos && !fig.Removed {
				t.Fatalf("%s aboard %s but elsewhere", fig.Name, v.Name)
			}
		}
		if v.Damage.Has(2) && len(v.Aboard()) > 0 {
			t.Fatalf("%s brewed up with men aboard", v.Name)
		}
		if v.Removed && v.Var(vvGone) == 1 && len(liveCrew(s, &v)) > 0 {
			t.Fatalf("%s left the battle with its crew still fighting", v.Name)
		}
		if v.Pos.X < 0 || v.Pos.Y < 0 || v.Pos.X > s.Map.Width || v.Pos.Y > s.Map.Height {
			t.Fatalf("%s off the table", v.Name)
		}
	}
}

// BenchmarkFullGame plays one random game of each vehicle scenario.
func BenchmarkFullGame(b *testing.B) {
	for _, name := range []string{"smle-tank-bocage.toml", "smle-mech-assault.toml", "smle-heli-drop.toml"} {
		b.Run(name, func(b *testing.B) {
			sc, m := loadNamed(b, name)
			for i := 0; i < b.N; i++ {
				if _, err := rules.PlayRandom(New(), sc, m, uint64(i+1), 5000); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVehicleMove is the drive check behind the table's drag: the
// Sherman of the bocage scenario across the fields towards the farm.
func BenchmarkVehicleMove(b *testing.B) {
	sc, m := loadNamed(b, "smle-tank-bocage.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		b.Fatal(err)
	}
	r := New().(SMLE)
	plan := vehicle.Through(geom.P(50, 38), geom.P(46, 33))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = r.VehicleMove(g.St, 1, plan)
	}
}

// vunit is a test team with an optional vehicle its figures crew
// (aboard: true) and other teams' figures ride in (riders: unit index).
type vunit struct {
	tunit
	veh    string  // vehicle type, "" none
	vx, vy float64 // hull centre
	facing int
	riders []int // indexes of units riding as passengers
}

// vehState builds an open 48" table with teams and vehicles; a team with
// a vehicle starts aboard it as its crew, and rider teams as passengers.
func vehState(t *testing.T, units []vunit, dice ...int) *rules.State {
	t.Helper()
	return vehStateOn(t, nil, nil, units, dice...)
}

// vehStateOn is vehState on a 48" table with the given terrain pieces,
// the scenario naming bad going.
func vehStateOn(t *testing.T, pieces []terrain.Piece, badGoing []string, units []vunit, dice ...int) *rules.State {
	t.Helper()
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500, BadGoing: badGoing}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	riding := map[int]bool{}
	for _, u := range units {
		for _, i := range u.riders {
			riding[i] = true
		}
	}
	names := func(i int) []string {
		var out []string
		for j := range units[i].figs {
			out = append(out, "T"+string(rune('A'+i))+string(rune('1'+j)))
		}
		return out
	}
	for i, u := range units {
		su := rules.ScenarioUnit{Name: "T" + string(rune('A'+i)), Quality: u.quality, Motive: u.motive}
		for j, f := range u.figs {
			aboard := u.veh != "" || riding[i]
			su.Figures = append(su.Figures, rules.ScenarioFigure{Name: su.Name + string(rune('1'+j)), Weapons: f.weapons,
				Leader: f.leader, Pos: geom.P(f.x, f.y), HasPos: true, Aboard: aboard})
		}
		if u.veh != "" {
			sv := rules.ScenarioVehicle{Name: "V-" + su.Name, Type: u.veh, Pos: geom.P(u.vx, u.vy), Facing: u.facing, Turret: u.facing, Crew: names(i)}
			for _, ri := range u.riders {
				sv.Passengers = append(sv.Passengers, names(ri)...)
			}
			su.Vehicles = append(su.Vehicles, sv)
		}
		sc.Sides[u.side].Units = append(sc.Sides[u.side].Units, su)
	}
	m := &terrain.Map{Name: "open", Width: geom.In(48), Height: geom.In(48), Pieces: pieces}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	s.Force(dice...)
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestVehicleTypesData(t *testing.T) {
	r := New().(SMLE)
	want := map[string]string{"helicopter": "helicopter", "jeep": "jeep", "truck": "truck", "lorry": "lorry", "halftrack": "halftrack", "apc": "apc",
		"scout-car": "armoured-car", "light-tank": "light-tank", "medium-tank": "medium-tank", "battle-tank": "medium-tank"}
	got := map[string]bool{}
	for _, ty := range r.VehicleTypes() {
		if want[ty.ID] != ty.Look {
			t.Errorf("%s: look %q, want %q", ty.ID, ty.Look, want[ty.ID])
		}
		got[ty.ID] = true
	}
	if len(got) != len(want) {
		t.Errorf("types %v", got)
	}
	// Jeep: fast wheeled 24/12/12/40/N-A, softskin 1D, small +1.
	vd, _ := r.d.VehicleDataOf("jeep")
	sc, _ := r.d.SpeedClassOf(vd.Speed)
	if sc != (SpeedClass{"fast-wheeled", 24, 12, 12, 40, 0}) {
		t.Errorf("jeep speeds %+v", sc)
	}
	hv, _ := r.d.SpeedClassOf("heavy-track")
	if hv != (SpeedClass{"heavy-track", 12, 8, 8, 16, 4}) {
		t.Errorf("heavy track %+v", hv)
	}
}

func TestArmourByFace(t *testing.T) {
	r := New().(SMLE)
	cases := []struct {
		typ    string
		vsw    int
		face   vehicle.Face
		dice   int
		add    int
		reason string
	}{
		{"medium-tank", 0, vehicle.Front, 3, 0, "medium front 3D"},
		{"medium-tank", 0, vehicle.Left, 2, 0, "a class less at the side: light 2D"},
		{"medium-tank", 0, vehicle.Rear, 2, 0, "and at the rear"},
		{"medium-tank", 0, vehicle.Top, 1, 2, "bulletproof on top"},
		{"medium-tank", 0, vehicle.Turret, 3, 0, "turret as front"},
		{"battle-tank", 0, vehicle.Front, 4, 0, "heavy 4D"},
		{"battle-tank", 0, vehicle.Right, 3, 0, "heavy side: medium 3D"},
		{"light-tank", 0, vehicle.Rear, 1, 2, "light tank rear: bulletproof"},
		{"truck", 0, vehicle.Rear, 1, 0, "softskin all round"},
		{"lorry", 0, vehicle.Left, 1, 1, "larger softskin all round"},
		{"halftrack", 0, vehicle.Rear, 1, 2, "bulletproof all round"},
		{"medium-tank", 1, vehicle.Front, 2, 0, "a damaged tank drops a die"},
		{"medium-tank", 1, vehicle.Left, 1, 0, "side too"},
		{"battle-tank", 2, vehicle.Front, 2, 0, "two serious wounds, two dice"},
		{"medium-tank", 3, vehicle.Front, 1, 0, "never under one die"},
	}
	for _, c := range cases {
		ty, _ := rules.VehicleTypeOf(r, c.typ)
		v := &rules.Vehicle{Type: c.typ}
		v.SetVar(vvVSW, c.vsw)
		n, add, _ := r.armourAt(v, ty, c.face)
		if n != c.dice || add != c.add {
			t.Errorf("%s: got %s", c.reason, diceText(n, add))
		}
	}
}

func TestVehicleResultsAndHandOdds(t *testing.T) {
	for _, c := range []struct {
		att, def int
		want     string
	}{{24, 12, VKill}, {23, 12, VSerious}, {13, 12, VSerious}, {12, 12, VLight}, {11, 12, VNone}, {2, 1, VKill}, {1, 1, VLight}} {
		if got := VehicleResult(c.att, c.def); got != c.want {
			t.Errorf("%d vs %d: %s, want %s", c.att, c.def, got, c.want)
		}
	}
	// The book's example: 15 against a medium tank's 12 is a vehicle
	// serious wound.
	if VehicleResult(15, 12) != VSerious {
		t.Error("book example")
	}
	// 1D against 1D by hand: kill 9/36 (d=1: a 2-6, d=2: a 4-6, d=3: a 6),
	// serious 6/36, light 6/36, none 15/36.
	rifle, _ := Std().Weapon("rifle")
	p := VehicleHitP(VehicleHitInput{Weapon: rifle, ArmourDice: 1})
	want := [4]float64{9.0 / 36, 6.0 / 36, 6.0 / 36, 15.0 / 36}
	for i := range p {
		if math.Abs(p[i]-want[i]) > 1e-12 {
			t.Errorf("1D vs 1D %s: %v want %v", VehicleEffectNames[i], p[i], want[i])
		}
	}
	// Every armour class against every weapon: the convolution equals a
	// brute enumeration of the dice through ResolveVehicleHit.
	d := Std()
	for _, wid := range []string{"rifle", "hmg", "bazooka", "at-gun-75", "tank-gun", "guided-missile"} {
		w, _ := d.Weapon(wid)
		for _, ac := range d.Veh.ArmourClass {
			for _, screens := range []bool{false, true} {
				in := VehicleHitInput{Weapon: w, ArmourDice: ac.Dice, ArmourAdd: ac.Add, Screens: screens}
				n, _, _ := in.attack()
				if n+ac.Dice > 8 {
					continue
				}
				var cnt [4]float64
				faces := make([]int, n+ac.Dice)
				total := 0.0
				var rec func(i int)
				rec = func(i int) {
					if i == len(faces) {
						o, _ := d.ResolveVehicleHit(in, faces, "")
						for k, name := range VehicleEffectNames {
							if o == name {
								cnt[k]++
							}
						}
						total++
						return
					}
					for f := 1; f <= 6; f++ {
						faces[i] = f
						rec(i + 1)
					}
				}
				rec(0)
				got := VehicleHitP(in)
				for k := range cnt {
					if math.Abs(cnt[k]/total-got[k]) > 1e-12 {
						t.Errorf("%s vs %s (screens %v): %s %v, enumerated %v", wid, ac.ID, screens, VehicleEffectNames[k], got[k], cnt[k]/total)
					}
				}
			}
		}
	}
	// Anti-missile screens take a die off a missile: 4D becomes 3D.
	gm, _ := d.Weapon("guided-missile")
	if n, _, ok := (VehicleHitInput{Weapon: gm, Screens: true}).attack(); n != 3 || !ok {
		t.Errorf("screens: %d dice", n)
	}
}

// setActive makes team u the active team at the named band (tests of a
// command's ruling, whatever the activation dice).
func setActive(s *rules.State, u rules.UnitID, band string) {
	r := New().(SMLE)
	un := s.UnitOf(u)
	uset(un, vBand, r.d.BandIndex(band))
	s.SetVar(vCur, int(u))
	s.Active, s.Decider, s.Phase = un.Side, un.Side, PhaseActivate
	for _, f := range members(s, u) {
		f.SetVar(fMoved, 0)
		f.SetVar(fStopped, 0)
	}
}

func hasVerb(s *rules.State, text string) bool {
	for _, c := range New().Legal(s) {
		if c.String() == text {
			return true
		}
	}
	return false
}

func tankDuel(t *testing.T) *rules.State {
	// Bazooka man (F1) 10" in front of a medium tank (V1, facing him).
	return vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{x: 24, y: 30, weapons: []string{"rifle", "bazooka"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}, {weapons: []string{"smg"}}, {weapons: []string{"handgun"}}}},
			veh: "medium-tank", vx: 24, vy: 20, facing: 180},
	}, 6, 1)
}

// The book's example with the weapons table's bazooka (2D+2, our
// choice): a hit on a medium tank's front, 13 against 12, is a vehicle
// serious wound: it stops, may not fire this round, its armour drops to
// 2D, and its crew count a casualty next round.
func TestBazookaSeriousWound(t *testing.T) {
	s := tankDuel(t)
	r := New().(SMLE)
	apply(t, s, rules.Command{Verb: "end"}) // the tank crew (lower band) first
	c := rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"}
	if !hasVerb(s, c.String()) {
		t.Fatalf("shoot not offered: %v", New().Legal(s))
	}
	o, err := New().Odds(s, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Parts) != 1 || !strings.Contains(o.Parts[0].Name, "medium tank 3 dice, front") {
		t.Errorf("odds part %+v", o.Parts)
	}
	s.Force(4, 4, 6, 5, 4, 4, 4) // hit; 6+5+2 = 13 against 4+4+4 = 12
	evs := apply(t, s, c)
	v := s.Veh(1)
	if v.Var(vvVSW) != 1 || v.Var(vvHit) != s.Round || !v.Damage.Has(vehicle.Smoking) {
		t.Fatalf("want a vehicle serious wound: %v", evs)
	}
	ty, _ := rules.VehicleTypeOf(r, v.Type)
	if n, _, _ := r.armourAt(v, ty, vehicle.Front); n != 2 {
		t.Errorf("armour after the wound: %dD", n)
	}
	if r.vehicleMayFire(s, v) {
		t.Error("a vehicle hit this round may not fire")
	}
	if res, _ := r.driveCheck(s, v, ty, vehicle.Through(geom.P(24, 10))); res.Stop != vehicle.Immobile {
		t.Error("a vehicle hit this round stops")
	}
	if usesLeft(s.Fig(1), "bazooka") != 0 {
		t.Error("the one-shot bazooka is spent")
	}
	s.Round++
	in := r.activationInput(s, s.UnitOf(2))
	if in.Casualties != 1 || !in.Armoured {
		t.Errorf("next round the crew count a casualty and are armoured: %+v", in)
	}
}

// A kill: the tank brews up, everyone aboard takes a 1D explosive attack
// and the survivors bail out prone.
func TestBazookaKill(t *testing.T) {
	s := tankDuel(t)
	apply(t, s, rules.Command{Verb: "end"})
	// hit; 6+6+2 = 14 against 2+2+2 = 6; four crew: 1D vs 1D-1: (1, 6) near miss each.
	s.Force(4, 4, 6, 6, 2, 2, 2, 1, 6, 1, 6, 1, 6, 1, 6)
	evs := apply(t, s, rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"})
	v := s.Veh(1)
	if !v.Damage.Has(vehicle.BrewedUp) || len(v.Aboard()) != 0 {
		t.Fatalf("want a brewed up tank, empty: %v", evs)
	}
	ty, _ := rules.VehicleTypeOf(New(), v.Type)
	hull := ty.Hull(v.Pose)
	for _, id := range []rules.FigID{2, 3, 4, 5} {
		f := s.Fig(id)
		if f.Removed || s.Carrier(id) != 0 || f.Posture != rules.Prone || hull.OverlapsBase(f.Base(s.BaseR)) {
			t.Errorf("%s should have bailed out prone clear of the hull: %+v", f.Name, f)
		}
	}
}

// Shooting at the side of a tank meets its side armour (a class less).
func TestShootSideFace(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{x: 34, y: 20, weapons: []string{"rifle", "bazooka"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 24, vy: 20, facing: 0},
	}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	o, err := New().Odds(s, rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(o.Parts[0].Name, "light tank 2 dice, right side") {
		t.Errorf("side shot: %s", o.Parts[0].Name)
	}
	// to-hit: large vehicle +3 among the modifiers.
	found := false
	for _, m := range o.Mods {
		if m.Value == 3 && strings.Contains(m.Reason, "large vehicle") {
			found = true
		}
	}
	if !found {
		t.Errorf("size modifier missing: %v", o.Mods)
	}
}

// Driving: from a standstill a vehicle reaches half its road speed; the
// next round its combat move, or flat out up to twice it on clear
// going (then it may not fire this round).
func TestDriveAcceleration(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 10, vy: 44, facing: 0},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 4)}},
	}, 6, 1)
	setActive(s, 1, "close-11")
	r := New().(SMLE)
	v := s.Veh(1)
	apply(t, s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 14)}, Arg: "V1"})
	passOpp(t, s)
	if v.Pos != geom.P(10, 32) { // tracks: road 24, so 12" from a standstill
		t.Fatalf("first round: at %v", v.Pos)
	}
	if _, err := New().Apply(s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 20)}, Arg: "V1"}); err == nil {
		t.Error("no acceleration left this round")
	}
	s.Round++
	setActive(s, 1, "close-11")
	apply(t, s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 2)}, Arg: "V1"})
	// last round 12" + half road 12" = 24": beyond the 20" combat move,
	// so flat out on clear going.
	if v.Pos != geom.P(10, 8) || v.Var(vvFlat) != s.Round || r.vehicleMayFire(s, v) {
		t.Fatalf("second round: at %v flat %d", v.Pos, v.Var(vvFlat))
	}
	// The enemy rifleman may take opportunity fire at the tank: he passes.
	if s.Phase != PhaseOpportunity || !hasVerb(s, "shoot F3 V1") {
		t.Fatalf("an opportunity window at the driving tank: %v", New().Legal(s))
	}
	apply(t, s, rules.Command{Verb: "pass"})
	// The drag's check agrees with the command.
	res := r.VehicleMove(s, 1, vehicle.Through(geom.P(10, 4)))
	if res.Stop != vehicle.OutOfMove && res.Stop != vehicle.Immobile {
		t.Errorf("drag check: %v", res.Stop)
	}
	// Turning the turret: to a facing (the notation), or to face the
	// point the player clicked (a play-tester could only turn it towards
	// the nearest enemy, not to cover a road).
	apply(t, s, rules.Command{Verb: "turret", Unit: 1, Arg: "V1-f90"})
	if v.Turret != 90 {
		t.Errorf("turret at %d", v.Turret)
	}
	at := v.Pos.Add(geom.P(-5, 0)) // due west of the hull
	apply(t, s, rules.Command{Verb: "turret", Unit: 1, Path: []geom.Pt{at}, Arg: "V1"})
	if want := bearing(v.Pos, at); v.Turret != want {
		t.Errorf("turret at %d, want %d (facing the point clicked)", v.Turret, want)
	}
	for _, bad := range []rules.Command{
		{Verb: "turret", Unit: 1, Path: []geom.Pt{v.Pos}, Arg: "V1"},
		{Verb: "turret", Unit: 1, Path: []geom.Pt{at, v.Pos.Add(geom.P(0, 5))}, Arg: "V1"},
		{Verb: "turret", Unit: 1, Arg: "V1"},
	} {
		if _, err := New().Apply(s.Clone(), bad); err == nil {
			t.Errorf("%s is taken", bad)
		}
	}
}

// Boarding: a team within half its move of a stationary vehicle gets in;
// the vehicle may drive off next round; the team rides with its crew.
// De-bussing: only at Stand (6) or better, the vehicle no faster than a
// foot move; out by a door, prone.
func TestBoardAndDebus(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"assault-rifle"}}, {weapons: []string{"assault-rifle"}}}}, veh: "apc", vx: 10, vy: 10, facing: 0},
		{tunit: tunit{0, "trained", "", []tfig{{x: 9, y: 14, weapons: []string{"rifle"}}, {x: 11, y: 14, weapons: []string{"rifle"}}}}},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 44)}},
	}, 6, 1, 5)
	r := New().(SMLE)
	setActive(s, 2, "advance-8")
	c := rules.Command{Verb: "board", Unit: 2, Arg: "V1"}
	if !hasVerb(s, c.String()) {
		t.Fatalf("board not offered: %v", New().Legal(s))
	}
	apply(t, s, c)
	v := s.Veh(1)
	if len(v.Passengers) != 2 || s.Carrier(3) != 1 || v.Var(vvReady) != s.Round+1 {
		t.Fatalf("aboard: %+v", v)
	}
	if hasVerb(s, "debus U2 V1") {
		t.Error("no getting straight out again in the same go")
	}
	setActive(s, 1, "close-11")
	if _, err := New().Apply(s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 5)}, Arg: "V1"}); err == nil {
		t.Error("it may drive off only next round")
	}
	if ct := r.carriedBy(s, s.UnitOf(2)); ct == nil || ct.ID != 1 {
		t.Error("the riders act with the crew's team")
	}
	in := r.activationInput(s, s.UnitOf(2))
	if !in.Armoured {
		t.Error("men in an armoured vehicle are armoured troops")
	}
	s.Round++
	setActive(s, 1, "close-11")
	apply(t, s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 22)}, Arg: "V1-r"})
	passOpp(t, s)
	setActive(s, 2, "stand-5")
	if hasVerb(s, "debus U2 V1") {
		t.Error("de-bus needs Stand (6) or better")
	}
	setActive(s, 2, "stand-6")
	if hasVerb(s, "debus U2 V1") {
		t.Errorf("the carrier went %v: faster than a foot move", spdNow(s, v))
	}
	s.Round++
	setActive(s, 2, "stand-6")
	apply(t, s, rules.Command{Verb: "debus", Unit: 2, Arg: "V1"})
	ty, _ := rules.VehicleTypeOf(r, "apc")
	for _, id := range []rules.FigID{3, 4} {
		f := s.Fig(id)
		if s.Carrier(id) != 0 || f.Posture != rules.Prone || ty.Hull(v.Pose).OverlapsBase(f.Base(s.BaseR)) || f.Pos.Y < v.Pos.Y {
			t.Errorf("%s out behind the carrier, prone: %+v", f.Name, f.Pos)
		}
	}
	if len(v.Passengers) != 0 || len(v.Crew) != 2 {
		t.Errorf("carrier after: %+v", v)
	}
}

// Door kicking is for doors in buildings: a vehicle's hatches are never
// offered to the door commands.
func TestNoKickingHatches(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{x: 24, y: 25, weapons: []string{"rifle"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 24, vy: 20, facing: 0},
	}, 6, 1)
	setActive(s, 1, "double")
	for _, c := range New().Legal(s) {
		if c.Verb == "door" {
			t.Errorf("door command offered: %s", c)
		}
	}
	ty, _ := rules.VehicleTypeOf(New(), "medium-tank")
	if _, ok := doorAt(s, ty.DoorAt(ty.Doors[0], s.Veh(1).Pose)); ok {
		t.Error("a hatch is not a door")
	}
}

// vehClass names a shot at a vehicle: "miss", or the damage roll's
// result (an explosive's burst rolls on the men round it come between).
func vehClass(_, _ *rules.State, evs []rules.Event) string {
	hit := false
	for _, e := range evs {
		if e.Roll == nil {
			continue
		}
		if !hit {
			if e.Roll.Outcome == Miss {
				return Miss
			}
			hit = true
			continue
		}
		if strings.HasPrefix(e.Roll.What, "Damage of") {
			return e.Roll.Outcome
		}
	}
	return "no roll"
}

// The odds of every vehicle command with dice are the engine's exact
// distribution (sampled with rules/oddscheck), from varied states: each
// armour class and face, direct and opportunity fire, figures and
// vehicles shooting, autofire and explosives at infantry.
func TestVehicleOddsMatchEngineSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	const n = 20000
	type vcase struct {
		name  string
		state func() *rules.State
		cmd   rules.Command
		class oddscheck.Classify
	}
	tankVs := func(typ string, facing int, x, y float64, w ...string) func() *rules.State {
		return func() *rules.State {
			s := vehState(t, []vunit{
				{tunit: tunit{0, "trained", "", []tfig{{x: x, y: y, weapons: w}}}},
				{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: typ, vx: 24, vy: 20, facing: facing},
			}, 6, 1)
			setActive(s, 1, "advance-8")
			return s
		}
	}
	shoot := rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"}
	cases := []vcase{
		{"bazooka at a medium tank's front", tankVs("medium-tank", 180, 24, 30, "rifle", "bazooka"), shoot, vehClass},
		{"bazooka at a battle tank's rear", tankVs("battle-tank", 180, 24, 10, "rifle", "bazooka"), shoot, vehClass},
		{"rifle at a truck's side", tankVs("truck", 90, 24, 28, "rifle"), shoot, vehClass},
		{"HMG at a half-track (one hit counts)", func() *rules.State {
			s := tankVs("halftrack", 0, 36, 20, "hmg")()
			s.Fig(1).SetVar(fBraced, 1)
			return s
		}, shoot, vehClass},
		{"anti-tank rifle at a damaged light tank", func() *rules.State {
			s := tankVs("light-tank", 0, 24, 34, "atr")()
			s.Fig(1).SetVar(fBraced, 1)
			s.Veh(1).SetVar(vvVSW, 1)
			return s
		}, shoot, vehClass},
	}
	// A medium tank's guns: its 75 mm at a light tank, its coaxial MG and
	// its gun at an infantry team of three.
	gunState := func() *rules.State {
		s := vehState(t, []vunit{
			{tunit: tunit{0, "veteran", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 24, vy: 40, facing: 0},
			{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "light-tank", vx: 14, vy: 20, facing: 90},
			{tunit: tunit{1, "green", "", rifles(3, 22, 26)}},
		}, 6, 1, 2)
		setActive(s, 1, "advance-8")
		return s
	}
	cases = append(cases,
		vcase{"75 mm gun at a light tank's side", gunState, rules.Command{Verb: "gun", Fig: 2, Unit: 1, Arg: "V1w0t2"}, vehClass},
		vcase{"coaxial MG at an infantry team", gunState, rules.Command{Verb: "gun", Fig: 2, Unit: 1, Targets: []rules.FigID{5}, Arg: "V1w1"}, fireClass},
		vcase{"75 mm gun at an infantry team: to hit", gunState, rules.Command{Verb: "gun", Fig: 2, Unit: 1, Targets: []rules.FigID{5}, Arg: "V1w0"}, firstRoll},
	)
	for _, c := range cases {
		s := c.state()
		if !hasVerb(s, c.cmd.String()) {
			t.Errorf("%s: %s not legal: %v", c.name, c.cmd, New().Legal(s))
			continue
		}
		check(t, c.name, oddscheck.Run(New(), s, c.cmd, c.class, n, 21))
	}
	// The 75 mm's burst on each figure it may reach.
	s := gunState()
	gun := rules.Command{Verb: "gun", Fig: 2, Unit: 1, Targets: []rules.FigID{5}, Arg: "V1w0"}
	for _, res := range oddscheck.RunParts(New(), s, gun, func(p rules.OddsPart) oddscheck.Classify { return figClass(p.Fig) }, n, 23) {
		check(t, "75 mm burst part", res)
	}
	// Opportunity fire at a tank that has just driven.
	s = vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 10, vy: 30, facing: 0},
		{tunit: tunit{1, "trained", "", []tfig{{x: 24, y: 16, weapons: []string{"rifle", "bazooka"}}}}},
	}, 6, 1)
	setActive(s, 1, "advance-8")
	uset(s.UnitOf(2), vBand, New().(SMLE).d.BandIndex("stand-6"))
	uset(s.UnitOf(2), vDone, 1)
	apply(t, s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 22)}, Arg: "V1"})
	opp := rules.Command{Verb: "shoot", Fig: 3, Arg: "V1"}
	if s.Phase != PhaseOpportunity || !hasVerb(s, opp.String()) {
		t.Fatalf("no window at the tank: %v", New().Legal(s))
	}
	check(t, "opportunity bazooka at a driving tank's side", oddscheck.Run(New(), s, opp, vehClass, n, 25))
}

// Men sheltering behind a vehicle's hull are in hard cover (-3 to hit).
func TestHullIsHardCover(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", rifles(1, 24, 40)}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "truck", vx: 24, vy: 20, facing: 90},
		{tunit: tunit{1, "trained", "", rifles(1, 24, 17.8)}},
	}, 6, 1, 2)
	r := New().(SMLE)
	in := r.shotInput(s, s.Fig(1), s.Fig(3), r.primary(s.Fig(1)), FireDirect)
	if in.Cover != terrain.CoverHard {
		t.Errorf("behind the truck: cover %v", in.Cover)
	}
	s.Fig(3).Pos = geom.P(30, 17.8)
	if in := r.shotInput(s, s.Fig(1), s.Fig(3), r.primary(s.Fig(1)), FireDirect); in.Cover != terrain.CoverNone {
		t.Errorf("clear of the truck: cover %v", in.Cover)
	}
}

// The table's words: action labels, the vehicle card with armour by face,
// a rider's card line and the status lines.
func TestVehiclePresentation(t *testing.T) {
	s := tankDuel(t)
	r := New().(SMLE)
	vi := r.Vehicle(s, 1)
	joined := strings.Join(vi.Lines, "\n")
	for _, want := range []string{"Medium tank", "Armour: front 3 dice, side 2 dice, rear 2 dice, top 1 die + 2, turret 3 dice", "Size: large vehicle, +3 to hit", "Aboard: TB1"} {
		if !strings.Contains(joined, want) {
			t.Errorf("card lacks %q:\n%s", want, joined)
		}
	}
	if len(vi.Weapons) != 3 {
		t.Errorf("weapons %+v", vi.Weapons)
	}
	if fi := r.Figure(s, 2); !strings.Contains(strings.Join(fi.Lines, "\n"), "Aboard: crewing") {
		t.Errorf("crew card: %v", fi.Lines)
	}
	ex := r.Explain(s)
	if !strings.Contains(strings.Join(ex.Lines, "\n"), "combat move 20\" clear") {
		t.Errorf("status lines: %v", ex.Lines)
	}
	for _, c := range []struct {
		cmd  string
		kind string
	}{{"drive U2 24,10 V1", rules.ActDrag}, {"turret U2 V1-f90", rules.ActPoint}, {"board U2 V1", rules.ActButton}, {"debus U2 V1", rules.ActButton}} {
		a := rules.ActionOf(r, s, mustParse(t, c.cmd))
		if a.Kind != c.kind || a.Label == "" {
			t.Errorf("%s: %+v", c.cmd, a)
		}
	}
	apply(t, s, rules.Command{Verb: "end"})
	a := rules.ActionOf(r, s, rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"})
	if a.Kind != rules.ActAim || !strings.Contains(a.Label, "to knock it out") {
		t.Errorf("shoot: %+v", a)
	}
}

// The optional hit location chart: a serious wound rolls where it
// struck.
func TestHitLocations(t *testing.T) {
	for _, c := range []struct {
		loc   int
		check func(s *rules.State, v *rules.Vehicle) bool
		what  string
	}{
		{1, func(s *rules.State, v *rules.Vehicle) bool {
			return v.Damage.Has(vehicle.BrewedUp) && v.Var(vvVSW) == 0
		}, "fuel: it explodes"},
		{2, func(s *rules.State, v *rules.Vehicle) bool {
			return v.Damage.Has(vehicle.Immobilised) && v.Var(vvVSW) == 1
		}, "engine: immobilised"},
		{4, func(s *rules.State, v *rules.Vehicle) bool { return v.Damage.Has(vehicle.WeaponOut) }, "weapon out"},
		{5, func(s *rules.State, v *rules.Vehicle) bool { return v.Var(vvWalk) == 1 }, "drive: walking pace"},
	} {
		s := tankDuel(t)
		s.SetVar(VarHitLocations, 1)
		apply(t, s, rules.Command{Verb: "end"})
		dice := []int{4, 4, 6, 5, 4, 4, 4, c.loc}
		if c.loc == 1 { // four crew take the explosion: (1, 6) each
			dice = append(dice, 1, 6, 1, 6, 1, 6, 1, 6)
		}
		s.Force(dice...)
		apply(t, s, rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"})
		if v := s.Veh(1); !c.check(s, v) {
			t.Errorf("%s: %+v", c.what, v)
		}
	}
	// A walking tank: 6" a move.
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 10, vy: 40, facing: 0},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 4)}},
	}, 6, 1)
	s.Veh(1).SetVar(vvWalk, 1)
	setActive(s, 1, "close-11")
	apply(t, s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 20)}, Arg: "V1"})
	if s.Veh(1).Pos != geom.P(10, 34) {
		t.Errorf("walking tank at %v", s.Veh(1).Pos)
	}
}

// With the chart, a sixth of serious wounds are kills: sampled.
func TestHitLocationOddsSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{x: 34, y: 20, weapons: []string{"rifle", "bazooka"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 24, vy: 20, facing: 0},
	}, 6, 1)
	s.SetVar(VarHitLocations, 1)
	setActive(s, 1, "advance-8")
	class := func(b, a *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Kind == "brewup" {
				return VKill
			}
		}
		return vehClass(b, a, evs)
	}
	check(t, "bazooka at a tank's side, hit locations", oddscheck.Run(New(), s, rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"}, class, 20000, 27))
}

// Men walk round a hull, never through it or onto it.
func TestFiguresGoRoundHulls(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", rifles(1, 24, 25)}},
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 24, vy: 20, facing: 90},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 4)}},
	}, 6, 1, 2)
	setActive(s, 1, "close-11")
	r := New().(SMLE)
	if mi := r.MoveCheck(s, 1, []geom.Pt{geom.P(24, 17)}); mi.OK || !strings.Contains(mi.Why, "V-TB") {
		t.Errorf("through the tank: %+v", mi)
	}
	if mi := r.MoveCheck(s, 1, []geom.Pt{geom.P(24, 21)}); mi.OK {
		t.Errorf("onto the tank: %+v", mi)
	}
	if mi := r.MoveCheck(s, 1, []geom.Pt{geom.P(28, 23)}); !mi.OK {
		t.Errorf("beside the tank: %+v", mi)
	}
}

// A helicopter starts off the table, lands at its drop zone (opening
// opportunity fire at -4 for a flying target, +3 for its size), lets its
// riders out, and leaves with its crew, who are not losses.
func TestHelicopterDrop(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"smg"}}}}, veh: "helicopter", vx: 20, vy: 20, facing: 90, riders: []int{1}},
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"rifle"}}, {weapons: []string{"rifle"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{x: 20, y: 36, weapons: []string{"rifle", "bazooka"}}}}},
	}, 6, 1, 2)
	r := New().(SMLE)
	v := s.Veh(1)
	if !v.Removed || v.Var(vvAloft) != 1 {
		t.Fatalf("the helicopter starts off the table: %+v", v)
	}
	if hasVerb(s, "shoot F5 V1") {
		t.Error("no shooting at a helicopter off the table")
	}
	setActive(s, 1, "advance-8")
	uset(s.UnitOf(3), vBand, r.d.BandIndex("stand-6"))
	uset(s.UnitOf(3), vDone, 1)
	if hasVerb(s, "drive U1 20,10 V1") || hasVerb(s, "leave U1 V1") {
		t.Error("a helicopter aloft only arrives")
	}
	apply(t, s, rules.Command{Verb: "arrive", Unit: 1, Arg: "V1"})
	if v.Removed || s.Phase != PhaseOpportunity {
		t.Fatalf("landed, with a window for the bazooka: %v", New().Legal(s))
	}
	o, err := New().Odds(s, rules.Command{Verb: "shoot", Fig: 5, Arg: "V1"})
	if err != nil {
		t.Fatal(err)
	}
	got := 0
	for _, m := range o.Mods {
		if strings.Contains(m.Reason, "large vehicle, flying") {
			got = m.Value
		}
	}
	if got != -1 {
		t.Errorf("flying large: -1 to hit in all, got %d (%v)", got, o.Mods)
	}
	apply(t, s, rules.Command{Verb: "pass"})
	if hasVerb(s, "leave U1 V1") {
		t.Error("it may not leave in the go it landed")
	}
	setActive(s, 2, "stand-6")
	apply(t, s, rules.Command{Verb: "debus", Unit: 2, Arg: "V1"})
	if s.Carrier(3) != 0 || s.Carrier(4) != 0 {
		t.Fatal("riders out")
	}
	s.Round++
	setActive(s, 1, "advance-8")
	losses := s.Sides[0].Losses
	apply(t, s, rules.Command{Verb: "leave", Unit: 1, Arg: "V1"})
	if !v.Removed || !s.Fig(1).Removed || s.Sides[0].Losses != losses {
		t.Errorf("gone with its crew, no losses: %+v", v)
	}
}

// A seriously wounded helicopter aborts: it leaves at once with those
// aboard.
func TestHelicopterAborts(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "helicopter", vx: 20, vy: 20, facing: 90, riders: []int{1}},
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"rifle"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{x: 20, y: 36, weapons: []string{"rifle", "bazooka"}}}}},
	}, 6, 1, 2)
	r := New().(SMLE)
	setActive(s, 1, "advance-8")
	uset(s.UnitOf(3), vBand, r.d.BandIndex("stand-6"))
	uset(s.UnitOf(3), vDone, 1)
	apply(t, s, rules.Command{Verb: "arrive", Unit: 1, Arg: "V1"})
	// hit (6,6); 2D+2: 5+5+2 = 12 against bulletproof 1D+2: 6+2 = 8: serious.
	s.Force(6, 6, 5, 5, 6)
	apply(t, s, rules.Command{Verb: "shoot", Fig: 3, Arg: "V1"})
	if v := s.Veh(1); !v.Removed || v.Var(vvGone) != 1 || !s.Fig(2).Removed {
		t.Errorf("aborted with its rider: %+v", v)
	}
}

// volleyClass names a team volley at a vehicle: the worst damage roll,
// a kill when it brewed up, "miss" when nothing hit.
func volleyClass(_, _ *rules.State, evs []rules.Event) string {
	rank := map[string]int{Miss: 0, VNone: 1, VLight: 2, VSerious: 3, VKill: 4}
	worst := Miss
	for _, e := range evs {
		if e.Kind == "brewup" {
			return VKill
		}
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Damage of") && rank[e.Roll.Outcome] > rank[worst] {
			worst = e.Roll.Outcome
		}
	}
	return worst
}

// A team's volley at a vehicle: each man rolls, each hit rolls damage,
// a serious wound weakens a tank's armour before the next hit. Sampled
// against its odds.
func TestTeamVolleyAtVehicle(t *testing.T) {
	mk := func(typ string, facing int, figs []tfig) *rules.State {
		s := vehState(t, []vunit{
			{tunit: tunit{0, "green", "", figs}},
			{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: typ, vx: 24, vy: 20, facing: facing},
		}, 6, 1)
		setActive(s, 1, "advance-8")
		return s
	}
	vol := rules.Command{Verb: "shoot", Unit: 1, Arg: "V1"}
	// Forced: three rifles at a truck's side, all hit; damage 6 vs 2
	// (kill): the volley stops there, the crew take the explosion.
	s := mk("truck", 0, rifles(3, 30, 18))
	if !hasVerb(s, vol.String()) {
		t.Fatalf("no volley: %v", New().Legal(s))
	}
	s.Force(6, 6, 6, 2, 1, 6, 1, 6)
	evs := apply(t, s, vol)
	if !s.Veh(1).Damage.Has(vehicle.BrewedUp) {
		t.Fatalf("killed: %v", evs)
	}
	n := 0
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Bolt action rifle,") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the volley stops at the kill: %d shots", n)
	}
	if testing.Short() {
		return
	}
	for _, c := range []struct {
		name  string
		state *rules.State
	}{
		{"three rifles at a truck", mk("truck", 0, rifles(3, 30, 18))},
		{"rifles and an LMG at a medium tank's side (wounds weaken it)", mk("medium-tank", 0, append(rifles(3, 32, 16), tfig{x: 38, y: 16, weapons: []string{"lmg"}}))},
		{"four rifles at a helicopter (a serious wound sends it off)", func() *rules.State {
			s := vehState(t, []vunit{
				{tunit: tunit{0, "trained", "", rifles(4, 14, 30)}},
				{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "helicopter", vx: 24, vy: 20, facing: 90},
			}, 6, 1)
			v := s.Veh(1)
			v.Removed = false
			v.SetVar(vvAloft, 0)
			setActive(s, 1, "advance-8")
			return s
		}()},
	} {
		if !hasVerb(c.state, vol.String()) {
			t.Errorf("%s: no volley: %v", c.name, New().Legal(c.state))
			continue
		}
		check(t, c.name, oddscheck.Run(New(), c.state, vol, volleyClass, 20000, 29))
	}
}

// Any vehicle command text either applies or is refused; nothing panics
// and a refusal leaves the game unchanged.
func FuzzApplyVehicles(f *testing.F) {
	for _, s := range []string{"drive U3 50,30 V1", "drive U3 V1-f90", "drive U3 50,30 V1-r", "turret U3 V1-f45", "board U1 V1",
		"debus U1 V1", "shoot F1 V1", "shoot U1 V1", "gun - U3 F9 V1w0", "gun U3 V1w0t1", "gun U3 V1w9t9", "arrive U3 V1", "leave U3 V1",
		"drive U3 1000,-5 V1", "turret U3 V2-f0", "gun U3 V0w0", "shoot F1 V0", "end", "pass"} {
		f.Add(s)
	}
	sc, m := loadNamed(f, "smle-tank-bocage.toml")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := rules.ParseCommand(text)
		if err != nil {
			return
		}
		g, _, err := rules.NewGame(New(), sc, m, 5)
		if err != nil {
			t.Fatal(err)
		}
		before := g.St.Hash()
		if _, err := g.Apply(c); err != nil && g.St.Hash() != before {
			t.Fatalf("%s refused but the state changed", text)
		}
		_ = New().Legal(g.St)
		_, _ = New().Odds(g.St.Clone(), c)
		if id, plan, ok := rules.PlanOf(c); ok {
			_ = New().(SMLE).VehicleMove(g.St, id, plan)
		}
	})
}

// The odds of next round's activation know a vehicle's serious wound
// this round (a casualty) and that riders act at their carrier's level.
func TestVehicleActivationOdds(t *testing.T) {
	s := tankDuel(t)
	r := New().(SMLE)
	apply(t, s, rules.Command{Verb: "end"})
	before, err := New().Odds(s, rules.Command{Verb: "activate", Unit: 2})
	if err != nil {
		t.Fatal(err)
	}
	s.Force(4, 4, 6, 5, 4, 4, 4)
	apply(t, s, rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"})
	after, _ := New().Odds(s, rules.Command{Verb: "activate", Unit: 2})
	found := false
	for _, m := range after.Mods {
		if strings.Contains(m.Reason, "casualt") {
			found = true
		}
	}
	if !found || before.P("double") <= after.P("double") {
		t.Errorf("a vehicle serious wound counts as a casualty next round: %v", after.Mods)
	}
	if testing.Short() {
		return
	}
	band := func(id rules.UnitID) oddscheck.Classify {
		return func(_, after *rules.State, _ []rules.Event) string {
			return Std().Bands[uget(after.UnitOf(id), vBand)].Name
		}
	}
	nextRound := func(st *rules.State) ([]rules.Event, error) { st.Round++; return r.beginRound(st), nil }
	check(t, "crew's activation after a serious wound", oddscheck.RunDist("activate U2", after.Outcomes, s, nextRound, band(2), 20000, 31))
	// Riders act at their carrier's level.
	s = vehState(t, []vunit{
		{tunit: tunit{0, "veteran", "", []tfig{{weapons: []string{"assault-rifle"}}, {weapons: []string{"assault-rifle"}}}}, veh: "apc", vx: 10, vy: 10, facing: 0, riders: []int{1}},
		{tunit: tunit{0, "green", "", []tfig{{weapons: []string{"rifle"}}, {weapons: []string{"rifle"}}}}},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 44)}},
	}, 6, 1, 5)
	o, err := New().Odds(s, rules.Command{Verb: "activate", Unit: 2})
	if err != nil {
		t.Fatal(err)
	}
	check(t, "riders' activation", oddscheck.RunDist("activate U2 (riders)", o.Outcomes, s, nextRound, band(2), 20000, 33))
}

// A crew that got out may take its abandoned vehicle back; nobody else
// may ride in it.
func TestCrewRemounts(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 10, vy: 10, facing: 0},
		{tunit: tunit{0, "trained", "", rifles(1, 14, 14)}},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 44)}},
	}, 6, 1, 5)
	setActive(s, 1, "stand-6")
	apply(t, s, rules.Command{Verb: "debus", Unit: 1, Arg: "V1"})
	v := s.Veh(1)
	if !v.Damage.Has(vehicle.Abandoned) {
		t.Fatal("abandoned once the crew are out")
	}
	setActive(s, 2, "advance-8")
	if hasVerb(s, "board U2 V1") {
		t.Error("infantry do not ride in an abandoned tank")
	}
	s.Round++
	setActive(s, 1, "advance-8")
	apply(t, s, rules.Command{Verb: "board", Unit: 1, Arg: "V1"})
	// The driver and commander have only just got in: a further round
	// before it moves.
	if v.Damage.Has(vehicle.Abandoned) || len(v.Crew) != 2 || v.Var(vvReady) != s.Round+2 {
		t.Errorf("crewed again, ready the round after next: %+v", v)
	}
}

// The table aims at a vehicle by a point of its hull, and a vehicle's
// gunner at a figure without naming the weapon: both are taken.
func TestTableAimForms(t *testing.T) {
	s := tankDuel(t)
	apply(t, s, rules.Command{Verb: "end"})
	byPoint, err := New().Odds(s, mustParse(t, "shoot F1 24,21"))
	if err != nil {
		t.Fatal(err)
	}
	byArg, _ := New().Odds(s, mustParse(t, "shoot F1 V1"))
	if byPoint.P(VKill) != byArg.P(VKill) || byPoint.P(VKill) == 0 {
		t.Errorf("a point on the hull aims at it: %v / %v", byPoint.Outcomes, byArg.Outcomes)
	}
	s.Force(4, 4, 6, 5, 4, 4, 4)
	apply(t, s, mustParse(t, "shoot F1 24,21"))
	if s.Veh(1).Var(vvVSW) != 1 {
		t.Error("the shot by point was taken")
	}
	// The tank's gunner (F5, the last of its crew) at the bazooka man,
	// with no weapon named: its first weapon that bears (the 75 mm).
	s = tankDuel(t)
	if !hasVerb(s, "drive U2 V1") {
		t.Error("the drag's drive (no path) is listed first for the table")
	}
	if _, err := New().Apply(s.Clone(), mustParse(t, "drive U2 V1")); err == nil {
		t.Error("a drive with no path and no facing is refused")
	}
	o, err := New().Odds(s, mustParse(t, "gun F5 F1"))
	if err != nil || len(o.Parts) == 0 {
		t.Fatalf("gun by target: %v %v", o, err)
	}
	apply(t, s, mustParse(t, "gun F5 F1"))
	if s.Veh(1).Var(vvShot+"0") != 1 {
		t.Error("the main gun fired")
	}
}

// A helicopter's card says how it comes and goes, not a drive table of
// "clear 0\", rough N/A" (a play-tester read it as a broken card); a
// ground vehicle's card says "cannot" where the book writes N/A.
func TestVehicleCardMoveWords(t *testing.T) {
	sc, m := loadNamed(t, "smle-heli-drop.toml")
	if err := rules.AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := New().(SMLE)
	heli := strings.Join(r.Vehicle(g.St, g.St.Vehicles[0].ID).Lines, "\n")
	if strings.Contains(heli, "N/A") || strings.Contains(heli, "clear 0") || !strings.Contains(heli, "land at its drop zone") {
		t.Errorf("the helicopter's card:\n%s", heli)
	}
	// its crew getting out is not "De-bus": it abandons the helicopter
	v := &g.St.Vehicles[0]
	arg := fmt.Sprintf("V%d", v.ID)
	if a := r.Action(g.St, rules.Command{Verb: "debus", Unit: v.Unit, Arg: arg}); !strings.Contains(a.Label, "abandon") || a.Short == "De-bus" {
		t.Errorf("the crew's getting out reads %+v", a)
	}
	for _, u := range g.St.Units {
		if u.ID != v.Unit && u.Side == v.Side {
			if a := r.Action(g.St, rules.Command{Verb: "debus", Unit: u.ID, Arg: arg}); a.Short != "De-bus" {
				t.Errorf("%s's getting out reads %+v", u.Name, a)
			}
		}
	}
	tank := strings.Join(r.Vehicle(tankDuel(t), 1).Lines, "\n")
	if strings.Contains(tank, "N/A") || !strings.Contains(tank, "Combat move") {
		t.Errorf("the tank's card:\n%s", tank)
	}
}

// Every vehicle's card says its dice in words: the carrier's "front 2D,
// side 1D+2" and "guided anti-tank missile (4D, 2 reloads)" read as
// notation to a play-tester.
func TestVehicleCardsSayDiceInWords(t *testing.T) {
	notation := regexp.MustCompile(`\b\d+D\d*\b`)
	for _, id := range []string{"jeep", "truck", "lorry", "halftrack", "apc", "scout-car", "light-tank", "medium-tank", "battle-tank"} {
		s := vehState(t, []vunit{
			{tunit: tunit{0, "trained", "", []tfig{{x: 24, y: 40, weapons: []string{"rifle"}}}}},
			{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: id, vx: 24, vy: 20, facing: 180},
		}, 6, 1)
		vi := New().(SMLE).Vehicle(s, 1)
		card := strings.Join(vi.Lines, "\n")
		for _, w := range vi.Weapons {
			card += "\n" + w.Label
		}
		if m := notation.FindString(card); m != "" || !strings.Contains(card, " die") && !strings.Contains(card, " dice") {
			t.Errorf("%s: card reads %q:\n%s", id, m, card)
		}
	}
}
