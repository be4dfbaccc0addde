package scenario_test

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/internal/coingame"
	"hedgerow/rules/save"
	"hedgerow/rules/scenario"
	"hedgerow/rules/vehicle"
)

// tankGame is the coin game with vehicles.
type tankGame struct{ coingame.Game }

func (tankGame) VehicleTypes() []vehicle.Type {
	return []vehicle.Type{
		{ID: "tank", Name: "tank", Look: "medium-tank", Class: "tracks", Length: 5000, Width: 2500, HasTurret: true, Crew: 3,
			Armour:  vehicle.Armour{vehicle.ArmourFront: 3, vehicle.ArmourSide: 2, vehicle.ArmourRear: 2, vehicle.ArmourTop: 1, vehicle.ArmourTurret: 3},
			Weapons: []vehicle.Weapon{{ID: "gun", Mount: vehicle.MountTurret, Arc: vehicle.AllRound}, {ID: "bow mg", Mount: vehicle.MountHull, Arc: vehicle.Arc{Width: 90}}}},
		{ID: "truck", Name: "truck", Look: "truck", Class: "wheels", Length: 6000, Width: 2500, Crew: 1, Passengers: 4},
	}
}

func withTanks(t testing.TB) {
	coingame.WithCoin(t)
	old := rules.LookupRuleSet
	rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) {
		if id == "coin" {
			return tankGame{}, true
		}
		return nil, false
	}
	t.Cleanup(func() { rules.LookupRuleSet = old })
}

// The coin scenario with a truck carrying Baker and Charlie for Blue and
// a tank crewed by Easy and Fox for Red.
var vehScenario = strings.Replace(strings.Replace(coingame.ScenarioText, `    [[side.unit.figure]]
    name = "Charlie"
`, `    [[side.unit.figure]]
    name = "Charlie"
    [[side.unit.vehicle]]
    name = "Lorry"
    type = "truck"
    pos = [18, 20]
    facing = 90
    crew = ["Baker"]
    passengers = ["Charlie"]
`, 1), `    name = "Fox"
    posture = "prone"
`, `    name = "Fox"
    posture = "prone"
    [[side.unit.vehicle]]
    name = "Panzer"
    type = "tank"
    pos = [6, 3]
    facing = 180
    turret = 200
    crew = ["Easy", "Fox"]
    hatches = "open"
    damage = ["smoking"]
`, 1)

func loadVeh(t *testing.T, text string) (*rules.Scenario, error) {
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(text)}
	sc, _, err := scenario.Load(fsys, "s.toml", nil)
	return sc, err
}

func TestScenarioVehicles(t *testing.T) {
	withTanks(t)
	if !strings.Contains(vehScenario, "Lorry") || !strings.Contains(vehScenario, "Panzer") {
		t.Fatal("the test scenario did not take its vehicles")
	}
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(vehScenario)}
	sc, m, err := scenario.Load(fsys, "s.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	lorry := sc.Sides[0].Units[0].Vehicles[0]
	if lorry.Name != "Lorry" || lorry.Type != "truck" || lorry.Pos != geom.P(18, 20) || lorry.Facing != 90 || lorry.Turret != 90 ||
		len(lorry.Crew) != 1 || lorry.Passengers[0] != "Charlie" || lorry.HatchesOpen {
		t.Fatalf("lorry: %+v", lorry)
	}
	if f := sc.Sides[0].Units[0].Figures[1]; !f.Aboard || f.Pos != lorry.Pos {
		t.Fatalf("Baker is not aboard: %+v", f)
	}
	if err := rules.AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	// Nobody was deployed under a hull.
	hulls := rules.ScenarioHulls(sc)
	sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		for _, h := range hulls {
			if !f.Aboard && h.OverlapsBase(geom.Circle{C: f.Pos, R: sc.BaseR}) {
				t.Errorf("%s deployed under a hull at %v", f.Name, f.Pos)
			}
		}
	})
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Vehicles) != 2 {
		t.Fatalf("vehicles: %+v", s.Vehicles)
	}
	pz := s.Veh(2)
	if pz.Name != "Panzer" || pz.Side != 1 || pz.Unit != 2 || pz.Turret != 200 || !pz.HatchesOpen || pz.Damage != vehicle.Smoking ||
		len(pz.Crew) != 2 || s.Fig(pz.Crew[0]).Name != "Easy" || s.Carrier(pz.Crew[1]) != 2 || s.Carrier(1) != 0 {
		t.Fatalf("panzer: %+v", pz)
	}
	if s.Carrier(2) != 1 || s.Carrier(3) != 1 || s.Fig(3).Pos != geom.P(18, 20) {
		t.Fatal("the lorry's load is not aboard")
	}
	// Driving carries the load; getting out leaves it.
	s.MoveVehicle(1, vehicle.Pose{Pos: geom.P(18, 16), Facing: 0})
	if s.Fig(3).Pos != geom.P(18, 16) {
		t.Fatal("a passenger did not ride along")
	}
	h := s.Hash()
	c := s.Clone()
	if c.Hash() != h {
		t.Fatal("a clone hashes differently")
	}
	if !c.Alight(3, geom.P(20, 16)) || c.Carrier(3) != 0 || len(c.Veh(1).Passengers) != 0 || len(s.Veh(1).Passengers) != 1 {
		t.Fatal("alighting from a clone")
	}
	if c.Hash() == h {
		t.Fatal("getting out did not change the hash")
	}
	if !c.Board(1, 3, false) || c.Board(2, 3, true) {
		t.Fatal("boarding again")
	}
	c.Veh(1).SetVar("speed", 3)
	if c.Hash() == h || s.Veh(1).Var("speed") != 0 {
		t.Fatal("vehicle vars are shared or not hashed")
	}
	if hull, ok := rules.HullOf(tankGame{}, s, 2); !ok || !hull.Under(geom.P(6, 3)) {
		t.Fatal("HullOf")
	}
	vi := rules.VehicleOf(tankGame{}, s, 2)
	if len(vi.Lines) < 4 || len(vi.Weapons) != 2 || len(vi.Marks) != 2 || vi.Marks[0].Kind != rules.MarkSmoking {
		t.Fatalf("card: %+v", vi)
	}
	// The panzer faces down the table: a shot from below strikes its front.
	if st, ok := rules.FaceStruck(tankGame{}, s, 2, geom.P(6, 20)); !ok || st.Face != vehicle.Front {
		t.Fatalf("face struck: %+v", st)
	}
	if st, ok := rules.FaceStruck(tankGame{}, s, 2, geom.P(20, 3)); !ok || st.Face != vehicle.Left {
		t.Fatalf("face struck from the east: %+v", st)
	}
	if !rules.ViewOf(tankGame{}, s, 0).Vehicle(2) {
		t.Fatal("view")
	}
	// Sight, shelter and what a drive must avoid.
	rs := tankGame{}
	if rules.VehicleAcross(rs, s, geom.P(0, 3), geom.P(12, 3)) != 2 || rules.VehicleAcross(rs, s, geom.P(0, 3), geom.P(12, 3), 2) != 0 {
		t.Fatal("the panzer does not stand across the line")
	}
	c2 := s.Clone()
	dog := rules.FigID(4)
	c2.Fig(dog).Pos = geom.P(7.75, 3)
	if rules.VehicleShelter(rs, c2, dog, geom.P(0, 3), 0) != 2 || rules.VehicleShelter(rs, c2, dog, geom.P(20, 3), 0) != 0 {
		t.Fatal("shelter behind the panzer")
	}
	o, vids, fids := rules.Obstructions(rs, s, 1)
	if len(o.Hulls) != 1 || vids[0] != 2 || len(o.Bases) != 2 || fids[0] != 1 || fids[1] != 4 {
		t.Fatalf("obstructions: %v %v", vids, fids)
	}
	lt, _ := rules.VehicleTypeOf(rs, "truck")
	r := vehicle.Drive(s.Map, lt, s.Veh(1).Pose, vehicle.Through(geom.P(18, 8)), vehicle.MoveRules{Speeds: vehicle.Speeds{vehicle.Clear: 20000}}, o)
	if !r.Arrived || r.End.Facing != 0 {
		t.Fatalf("drive: %+v", r)
	}
}

// TestHashWithoutVehicles: a state without vehicles hashes exactly as it
// did before vehicles existed (the value below was taken from the core
// before this change).
func TestHashWithoutVehicles(t *testing.T) {
	g := coingame.New(t, 7)
	if h := g.St.Hash(); h != "6070e65df5e0e73958d5adac74c3680a018c3abd97da971e4998aa50d5d364b0" {
		t.Fatalf("the opening hash changed: %s", h)
	}
	c := g.St.Clone()
	if c.Vehicles != nil {
		t.Fatal("cloning made an empty vehicle list")
	}
}

func TestScenarioVehicleErrors(t *testing.T) {
	withTanks(t)
	cases := []struct {
		name, edit, with string
		col              int
		msg              string
	}{
		{"unknown key", `    facing = 90`, `    facng = 90`, 5, `unknown key "facng" in a vehicle (did you mean "facing"?)`},
		{"unknown type", `    type = "truck"`, `    type = "truk"`, 5, `unknown vehicle type "truk" (did you mean "truck"?)`},
		{"no turret", `    facing = 90`, "    turret = 10", 5, `a truck has no turret to turn`},
		{"crew size", `    crew = ["Baker"]`, `    crew = ["Baker", "Able"]`, 5, `room for a crew of 1, not 2`},
		{"no such figure", `    passengers = ["Charlie"]`, `    passengers = ["Charle"]`, 5, `side 1 has no figure called "Charle" (did you mean "Charlie"?)`},
		{"aboard twice", `    passengers = ["Charlie"]`, `    passengers = ["Baker"]`, 5, `"Baker" is already aboard "Lorry"`},
		{"hatches", `    hatches = "open"`, `    hatches = "ajar"`, 5, `hatches must be "open" or "closed", not "ajar"`},
		{"damage", `    damage = ["smoking"]`, `    damage = ["smokin"]`, 5, `unknown damage "smokin"`},
		{"pos", `    pos = [18, 20]`, `    pos = [18]`, 5, `pos must be [x, y] in inches`},
		{"off table", `    pos = [18, 20]`, `    pos = [22, 20]`, 5, `vehicle "Lorry" at [22, 20] is not wholly on the table`},
		{"building", `    pos = [18, 20]`, `    pos = [15, 14]`, 5, `vehicle "Lorry" at [15, 14] runs into the building`},
		{"facing", `    facing = 180`, `    facing = 400`, 5, `facing must be between 0 and 359`},
		{"crew list", `    crew = ["Easy", "Fox"]`, `    crew = "Easy"`, 5, `crew must be a list of names`},
		{"same name", `    name = "Panzer"`, `    name = "Panzer"`, 0, ``},
	}
	for _, c := range cases {
		if !strings.Contains(vehScenario, c.edit) {
			t.Fatalf("%s: %q not in the scenario", c.name, c.edit)
		}
		text := strings.Replace(vehScenario, c.edit, c.with, 1)
		_, err := loadVeh(t, text)
		if c.msg == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		line := strings.Count(text[:strings.Index(text, c.with)], "\n") + 1
		if c.name == "aboard twice" || c.name == "no such figure" {
			line = strings.Count(text[:strings.Index(text, "    passengers")], "\n") + 1
		}
		found := false
		for _, p := range problems(t, err) {
			if p.Line == line && p.Col == c.col && strings.Contains(p.Msg, c.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want s.toml:%d:%d: ...%s...; got\n%v", c.name, line, c.col, c.msg, err)
		}
	}
	// A figure aboard may not also have a pos.
	text := strings.Replace(vehScenario, `crew = ["Baker"]`, `crew = ["Able"]`, 1)
	if _, err := loadVeh(t, text); err == nil || !strings.Contains(err.Error(), `figure "Able" starts aboard "Lorry", so it takes no pos`) {
		t.Errorf("aboard with a pos: %v", err)
	}
	// A figure under a hull.
	text = strings.Replace(vehScenario, `    pos = [18, 20]`, `    pos = [4, 21]`, 1)
	if _, err := loadVeh(t, text); err == nil || !strings.Contains(err.Error(), `figure "Able" at [4, 20] stands under vehicle "Lorry"`) {
		t.Errorf("under a hull: %v", err)
	}
	// Two hulls on top of each other.
	text = strings.Replace(vehScenario, `    pos = [6, 3]`, `    pos = [18, 21]`, 1)
	if _, err := loadVeh(t, text); err == nil || !strings.Contains(err.Error(), `vehicle "Panzer" at [18, 21] overlaps vehicle "Lorry"`) {
		t.Errorf("hulls overlapping: %v", err)
	}
	// A rule set without vehicles.
	coingame.WithCoin(t)
	old := rules.LookupRuleSet
	rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) { return coingame.Game{}, id == "coin" }
	defer func() { rules.LookupRuleSet = old }()
	if _, err := loadVeh(t, vehScenario); err == nil || !strings.Contains(err.Error(), `rule set "coin" has no vehicles`) {
		t.Errorf("no vehicles: %v", err)
	}
}

// FuzzScenarioVehicle feeds the loader mutated vehicle scenarios: it must
// never panic, and what it accepts must build a state whose vehicles and
// passengers agree.
func FuzzScenarioVehicle(f *testing.F) {
	f.Add(vehScenario)
	f.Add(strings.Replace(vehScenario, `pos = [6, 3]`, `pos = [6, "x"]`, 1))
	f.Add(strings.Replace(vehScenario, `crew = ["Baker"]`, `crew = ["Baker", "Baker", 3]`, 1))
	f.Add(strings.Replace(vehScenario, `[[side.unit.vehicle]]`, `[side.unit.vehicle]`, 1))
	f.Add(strings.Replace(vehScenario, `type = "tank"`, `type = ["tank"]`, 1))
	f.Fuzz(func(t *testing.T, text string) {
		withTanks(t)
		sc, err := loadVeh(t, text)
		if err != nil {
			return
		}
		fsys := coingame.FS()
		fsys["s.toml"] = &fstest.MapFile{Data: []byte(text)}
		sc, m, err := scenario.Load(fsys, "s.toml", nil)
		if err != nil || rules.AutoDeploy(sc, m) != nil {
			return
		}
		s, err := rules.NewState(sc, m)
		if err != nil {
			t.Fatalf("accepted but no state: %v", err)
		}
		for _, v := range s.Vehicles {
			for _, id := range v.Aboard() {
				if s.Carrier(id) != v.ID || s.Fig(id).Pos != v.Pos {
					t.Fatalf("figure %d is not where its vehicle is", id)
				}
			}
		}
		if s.Clone().Hash() != s.Hash() {
			t.Fatal("clone hash")
		}
	})
}

func TestVehicleCommands(t *testing.T) {
	for _, c := range []struct {
		arg  string
		want rules.VehicleArg
		ok   bool
	}{
		{"V1", rules.VehicleArg{ID: 1}, true},
		{"V12-r", rules.VehicleArg{ID: 12, Reverse: true}, true},
		{"V3-f270", rules.VehicleArg{ID: 3, Face: 270, HasFace: true}, true},
		{"V3-r-f0", rules.VehicleArg{ID: 3, Reverse: true, HasFace: true}, true},
		{"V0", rules.VehicleArg{}, false}, {"V01", rules.VehicleArg{}, false}, {"V", rules.VehicleArg{}, false}, {"X1", rules.VehicleArg{}, false},
		{"V1-f360", rules.VehicleArg{}, false}, {"V1-f-1", rules.VehicleArg{}, false}, {"V1-x", rules.VehicleArg{}, false}, {"V1-r-r", rules.VehicleArg{}, false},
		{"V1-f05", rules.VehicleArg{}, false}, {"V1-f10-f20", rules.VehicleArg{}, false},
	} {
		got, ok := rules.ParseVehicleArg(c.arg)
		if ok != c.ok || (ok && (got.ID != c.want.ID || got.Reverse != c.want.Reverse || got.HasFace != c.want.HasFace || got.Face != c.want.Face)) {
			t.Errorf("%q: %+v %v", c.arg, got, ok)
		}
		if ok && got.String() != c.arg {
			t.Errorf("%q written back as %q", c.arg, got.String())
		}
	}
	cmd, err := rules.ParseCommand("drive U2 30,12 34,10.5 V1-r-f90")
	if err != nil {
		t.Fatal(err)
	}
	id, plan, ok := rules.PlanOf(cmd)
	if !ok || id != 1 || len(plan.Legs) != 2 || !plan.Legs[1].Reverse || plan.Legs[1].To != geom.P(34, 10.5) || !plan.HasFace || plan.Face != 90 {
		t.Fatalf("plan: %v %+v", id, plan)
	}
	if cmd.String() != "drive U2 30,12 34,10.5 V1-r-f90" {
		t.Fatalf("notation: %s", cmd)
	}
}

func TestDriveCheck(t *testing.T) {
	withTanks(t)
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(vehScenario)}
	sc, m, err := scenario.Load(fsys, "s.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := rules.AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	mr := vehicle.MoveRules{Speeds: vehicle.Speeds{vehicle.Clear: 12000}}
	// The panzer drives east along the north edge: Red's own deployed
	// men are in the way.
	r := rules.DriveCheck(tankGame{}, s, 2, vehicle.Through(geom.P(18, 3), geom.P(18, 22)), mr)
	_, _, fids := rules.Obstructions(tankGame{}, s, 2)
	if r.Stop != vehicle.Figure || s.Fig(fids[r.Other]).Side != 1 {
		t.Fatalf("drive into a figure: %+v", r)
	}
	// With them gone, it turns south and runs out of move.
	for _, f := range s.Alive(1) {
		if s.Carrier(f.ID) == 0 {
			f.Removed = true
		}
	}
	r = rules.DriveCheck(tankGame{}, s, 2, vehicle.Through(geom.P(18, 3), geom.P(18, 22)), mr)
	if r.Arrived || r.Stop != vehicle.OutOfMove || len(r.Poses) != 3 || r.Poses[1].Facing != 90 || r.End.Facing != 180 {
		t.Fatalf("drive: %+v", r)
	}
	s.Veh(2).Damage |= vehicle.Immobilised
	if r := rules.DriveCheck(tankGame{}, s, 2, vehicle.Through(geom.P(18, 3)), mr); r.Stop != vehicle.Immobile || r.End != s.Veh(2).Pose {
		t.Fatalf("immobilised: %+v", r)
	}
	if r := rules.DriveCheck(tankGame{}, s, 9, vehicle.Through(geom.P(18, 3)), mr); r.Stop != vehicle.Immobile {
		t.Fatalf("no such vehicle: %+v", r)
	}
}

func TestSaveReplayWithVehicles(t *testing.T) {
	withTanks(t)
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(vehScenario)}
	sc, m, err := scenario.Load(fsys, "s.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := rules.AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	g, err := rules.PlayRandom(tankGame{}, sc, m, 3, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.St.Vehicles) != 2 {
		t.Fatal("the game has no vehicles")
	}
	var buf bytes.Buffer
	if err := save.Write(g, &buf); err != nil {
		t.Fatal(err)
	}
	lookup := func(id string) (rules.RuleSet, bool) { return tankGame{}, id == "coin" }
	r, _, err := save.Replay(bytes.NewReader(buf.Bytes()), fsys, nil, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if r.St.Hash() != g.St.Hash() || len(r.St.Vehicles) != 2 || r.St.Veh(1).Passengers[0] != g.St.Veh(1).Passengers[0] {
		t.Fatal("the replay ended in a different state")
	}
}

func TestStartProblemUnderHull(t *testing.T) {
	withTanks(t)
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(vehScenario)}
	sc, m, err := scenario.Load(fsys, "s.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rules.StartProblem(sc, m, geom.P(18, 20)); got != "The base may not stand under a vehicle." {
		t.Fatalf("under the lorry: %q", got)
	}
	if got := rules.StartProblem(sc, m, geom.P(18, 22.25)); got != "" {
		t.Fatalf("beside the lorry: %q", got)
	}
}
