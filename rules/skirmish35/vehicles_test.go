package skirmish35

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

type tveh struct {
	side       int
	typ        string
	x, y       float64
	facing     int
	crew       int
	passengers int
}

// vehState builds a 72x48 table with the figures (each its own unit,
// F1, F2... in order) and then the vehicles (each with its own unit of
// crew and passengers, named C<v>.<k> and P<v>.<k>), and starts it.
func vehState(t *testing.T, pieces []terrain.Piece, vehs []tveh, figs ...tfig) *rules.State {
	t.Helper()
	sc := &rules.Scenario{Name: "test", RuleSet: "skirmish35", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	for i, f := range figs {
		su := rules.ScenarioUnit{Name: "U" + string(rune('A'+i)), Quality: f.quality}
		sf := rules.ScenarioFigure{Name: "F" + string(rune('1'+i)), Weapons: f.weapons, Pos: geom.P(f.x, f.y), HasPos: true, Facing: f.facing}
		if f.prone {
			sf.Posture = rules.Prone
		}
		su.Figures = append(su.Figures, sf)
		sc.Sides[f.side].Units = append(sc.Sides[f.side].Units, su)
	}
	for i, v := range vehs {
		su := rules.ScenarioUnit{Name: fmt.Sprintf("Vehicle unit %d", i+1)}
		sv := rules.ScenarioVehicle{Name: fmt.Sprintf("V%d %s", i+1, v.typ), Type: v.typ, Pos: geom.P(v.x, v.y), Facing: v.facing, Turret: v.facing}
		for k := 0; k < v.crew+v.passengers; k++ {
			name := fmt.Sprintf("C%d.%d", i+1, k+1)
			if k >= v.crew {
				name = fmt.Sprintf("P%d.%d", i+1, k+1)
				sv.Passengers = append(sv.Passengers, name)
			} else {
				sv.Crew = append(sv.Crew, name)
			}
			su.Figures = append(su.Figures, rules.ScenarioFigure{Name: name, Weapons: []string{"rifle"}, Pos: sv.Pos, HasPos: true, Aboard: true})
		}
		su.Vehicles = append(su.Vehicles, sv)
		sc.Sides[v.side].Units = append(sc.Sides[v.side].Units, su)
	}
	m := &terrain.Map{Name: "test", Width: geom.In(72), Height: geom.In(48)}
	for i := range pieces {
		pieces[i].ID = i
		m.Pieces = append(m.Pieces, pieces[i])
	}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// A bazooka man (F1, Blue) facing a tank (V1, Red) 8" south of him:
// the tank faces as given, so its front, side or rear is towards him.
func bazookaAndTank(t *testing.T, typ string, facing int) *rules.State {
	return vehState(t, nil, []tveh{{side: 1, typ: typ, x: 36, y: 18, facing: facing, crew: 2}},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"carbine", "bazooka"}, facing: 180},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
}

func outcomeOfRolls(evs []rules.Event) []string {
	var out []string
	for _, l := range ledgers(evs) {
		out = append(out, l.Outcome)
	}
	return out
}

func TestVehicleTypes(t *testing.T) {
	r := New().(Skirmish)
	looks := map[string]bool{}
	for _, ty := range r.VehicleTypes() {
		if ty.Look == "" || ty.Check() != "" {
			t.Errorf("%s: look %q, check %q", ty.ID, ty.Look, ty.Check())
		}
		looks[ty.Look] = true
	}
	for _, l := range []string{"medium-tank", "light-tank", "halftrack", "truck", "lorry"} {
		if !looks[l] {
			t.Errorf("no vehicle drawn as %s", l)
		}
	}
	if _, ok := rules.VehicleTypeOf(r, "panzer-iv"); !ok {
		t.Error("the Panzer IV is not listed")
	}
}

// The book's table of a hit on a tank, by face, for every pair of dice.
func TestHitEffectTable(t *testing.T) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if got := hitEffect(true, vehicle.Rear, a, b); got != effDestroyed {
				t.Errorf("rear %d,%d: %s", a, b, got)
			}
			side := effDestroyed
			switch {
			case a == 1 && b == 1:
				side = effNone
			case a == 6 && b == 6:
				side = effImmobilised
			}
			for _, f := range []vehicle.Face{vehicle.Left, vehicle.Right} {
				if got := hitEffect(true, f, a, b); got != side {
					t.Errorf("side %d,%d: %s want %s", a, b, got, side)
				}
			}
			front := effDestroyed
			if a == b {
				front = effNone
			}
			if got := hitEffect(true, vehicle.Front, a, b); got != front {
				t.Errorf("front %d,%d: %s want %s", a, b, got, front)
			}
			if got := hitEffect(false, vehicle.Front, a, b); got != effDestroyed {
				t.Errorf("soft vehicle %d,%d: %s", a, b, got)
			}
		}
	}
}

// Forced dice through the engine: the hit roll, then the effect roll.
func TestATAtVehicles(t *testing.T) {
	cases := []struct {
		name   string
		typ    string
		facing int
		dice   []int
		rolls  []string
		damage vehicle.Damage
		lost   bool // the crew lost with it
	}{
		// facing south (180), the tank shows its rear to the firer north of it
		{"rear hit destroys", "panzer-iv", 180, []int{3, 4}, []string{"hit"}, vehicle.BrewedUp | vehicle.Smoking, true},
		{"front double: no damage", "panzer-iv", 0, []int{3, 4, 2, 2}, []string{"hit", effNone}, 0, false},
		{"front otherwise destroyed", "panzer-iv", 0, []int{3, 4, 2, 5}, []string{"hit", effDestroyed}, vehicle.BrewedUp | vehicle.Smoking, true},
		{"side double one: no damage", "panzer-iv", 90, []int{3, 4, 1, 1}, []string{"hit", effNone}, 0, false},
		{"side double six: immobilised", "panzer-iv", 90, []int{3, 4, 6, 6}, []string{"hit", effImmobilised}, vehicle.Immobilised, false},
		{"side other double: destroyed", "panzer-iv", 270, []int{3, 4, 3, 3}, []string{"hit", effDestroyed}, vehicle.BrewedUp | vehicle.Smoking, true},
		{"side not a double: destroyed (house)", "panzer-iv", 270, []int{3, 4, 2, 5}, []string{"hit", effDestroyed}, vehicle.BrewedUp | vehicle.Smoking, true},
		{"halftrack: any hit destroys", "sdkfz-251", 0, []int{3, 4}, []string{"hit"}, vehicle.BrewedUp | vehicle.Smoking, true},
		{"truck: any hit destroys", "opel-blitz", 0, []int{3, 4}, []string{"hit"}, vehicle.BrewedUp | vehicle.Smoking, true},
		{"double six: failed shell", "panzer-iv", 180, []int{6, 6}, []string{"dud shell"}, 0, false},
		{"miss: no more than the total", "panzer-iv", 180, []int{1, 1}, []string{"miss"}, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := bazookaAndTank(t, tc.typ, tc.facing)
			if tc.rolls[0] == "miss" {
				// 20" off: needs more than 5
				s.MoveVehicle(1, vehicle.Pose{Pos: geom.P(36, 30), Facing: 180, Turret: 180})
				tc.dice = []int{2, 3}
			}
			evs := apply(t, s, "at F1 V1", tc.dice...)
			if got := outcomeOfRolls(evs); strings.Join(got, ",") != strings.Join(tc.rolls, ",") {
				t.Errorf("rolls %v, want %v", got, tc.rolls)
			}
			v := s.Veh(1)
			if v.Damage != tc.damage {
				t.Errorf("damage %v, want %v", v.Damage.Names(), tc.damage.Names())
			}
			for _, id := range v.Crew {
				if s.Fig(id).Removed != tc.lost {
					t.Errorf("crew removed %v, want %v", s.Fig(id).Removed, tc.lost)
				}
			}
			if f := s.Fig(1); f.Var(fAP) != 1 {
				t.Errorf("firer has %d points left, want 1", f.Var(fAP))
			}
		})
	}
}

// A Panzerfaust is thrown away after its one shot, hit or miss; a
// bazooka stays for the next turn.
func TestPanzerfaustOneShot(t *testing.T) {
	s := vehState(t, nil, []tveh{{side: 1, typ: "sherman", x: 36, y: 18, facing: 0, crew: 2}},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle", "panzerfaust"}, facing: 180, quality: "elite"},
		tfig{side: 0, x: 30, y: 10, weapons: []string{"rifle", "bazooka"}, facing: 180, quality: "elite"},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	evs := apply(t, s, "at F1 V1", 2, 2, 3, 3) // a hit on the front, a double: no damage
	if w := s.Fig(1).Weapons; len(w) != 1 || w[0] != "rifle" {
		t.Fatalf("weapons after the shot %v", w)
	}
	said := false
	for _, e := range evs {
		said = said || strings.Contains(e.Text, "spent Panzerfaust")
	}
	if !said {
		t.Errorf("no word of the spent launcher: %v", evs)
	}
	if _, err := New().Apply(s, rules.Command{Verb: "at", Fig: 1, Arg: "V1"}); err == nil || !strings.Contains(err.Error(), "no anti-tank weapon") {
		t.Fatalf("a second Panzerfaust shot: %v", err)
	}
	apply(t, s, "at F2 V1", 1, 1)
	if w := s.Fig(2).Weapons; len(w) != 2 {
		t.Fatalf("the bazooka is kept: %v", w)
	}
}

// The modifiers: range bands, been fired on, firer moved, target moved,
// side shot.
func TestATModifiers(t *testing.T) {
	r := New().(Skirmish)
	need := func(s *rules.State) (int, []string) {
		o, err := r.Odds(s, rules.Command{Verb: "at", Fig: 1, Arg: "V1"})
		if err != nil {
			t.Fatal(err)
		}
		var rs []string
		for _, m := range o.Mods {
			rs = append(rs, m.Reason)
		}
		return sumMods(o.Mods), rs
	}
	s := bazookaAndTank(t, "panzer-iv", 180) // rear, 8"
	if n, rs := need(s); n != 1 {
		t.Errorf("rear at 8\": %d %v, want 1", n, rs)
	}
	s = bazookaAndTank(t, "panzer-iv", 90) // side, 8"
	if n, rs := need(s); n != 0 {
		t.Errorf("side at 8\": %d %v, want 1-1", n, rs)
	}
	// 15" away: band +3; 20": +5; 30": refused
	for _, c := range []struct {
		y    float64
		want int
	}{{25, 3}, {30, 5}} {
		s = vehState(t, nil, []tveh{{side: 1, typ: "panzer-iv", x: 36, y: c.y, facing: 180, crew: 2}},
			tfig{side: 0, x: 36, y: 10, weapons: []string{"bazooka"}, facing: 180},
			tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
		if n, rs := need(s); n != c.want {
			t.Errorf("at %g\": %d %v, want %d", c.y-10, n, rs, c.want)
		}
	}
	s = vehState(t, nil, []tveh{{side: 1, typ: "panzer-iv", x: 36, y: 40, facing: 180, crew: 2}},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"bazooka"}, facing: 180},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	refuse(t, s, "at F1 V1", "beyond 24")
	// the tank drives in its turn, fires at the firer: target moved +3,
	// been fired on +2; the firer then moves: +5
	s = vehState(t, nil, []tveh{{side: 1, typ: "panzer-iv", x: 36, y: 24, facing: 0, crew: 2}},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"bazooka"}, facing: 180},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "end")
	apply(t, s, "drive U3 36,20 V1")
	apply(t, s, "mg - U3 F1 V1", 1, 2, 1, 2)
	apply(t, s, "end")
	if n, rs := need(s); n != 1+2+3 {
		t.Errorf("fired on, target moved, front at 6\": %d %v, want 6", n, rs)
	}
	apply(t, s, "move F1 36,11")
	if n, rs := need(s); n != 1+2+3+5 {
		t.Errorf("and the firer moved: %d %v, want 11", n, rs)
	}
}

// Exact odds against hand-worked fractions.
func TestVehicleShotOdds(t *testing.T) {
	p := func(o rules.Odds, name string) float64 { return o.P(name) }
	// need more than 1: every roll but a double six and 1-1 (2 is not
	// more than 1? 2 > 1 is) -> hits are 35 of 36 rolls
	o := vehicleShotOdds(1, true, vehicle.Rear)
	if !near(p(o, effDestroyed), 35.0/36) || !near(p(o, "dud shell"), 1.0/36) {
		t.Errorf("rear, need 1: %v", o.Outcomes)
	}
	// need more than 7: 15 rolls of 36 beat it, less the double six:
	// 14/36 hit. Front: 6 doubles of 36 do nothing.
	o = vehicleShotOdds(7, true, vehicle.Front)
	if !near(p(o, effDestroyed), 14.0/36*30/36) || !near(p(o, effNone), 14.0/36*6/36) || !near(p(o, "miss"), 21.0/36) {
		t.Errorf("front, need 7: %v", o.Outcomes)
	}
	o = vehicleShotOdds(6, true, vehicle.Left)
	// more than 6: 21 rolls, less the double six: 20
	if !near(p(o, effImmobilised), 20.0/36/36) || !near(p(o, effNone), 20.0/36/36) || !near(p(o, effDestroyed), 20.0/36*34/36) {
		t.Errorf("side, need 6: %v", o.Outcomes)
	}
	o = vehicleShotOdds(12, false, vehicle.Front)
	if !near(p(o, "miss"), 35.0/36) || p(o, effDestroyed) != 0 {
		t.Errorf("need 12: nothing hits: %v", o.Outcomes)
	}
}

func TestDrive(t *testing.T) {
	s := vehState(t, []terrain.Piece{piece("road", 0, 30, 72, 30, 72, 33, 0, 33)},
		[]tveh{{side: 0, typ: "panzer-iv", x: 20, y: 20, facing: 90, crew: 2}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	v := s.Veh(1)
	if v.Var(vAP) != 4 {
		t.Fatalf("the tank has %d points", v.Var(vAP))
	}
	r := New().(Skirmish)
	res := r.VehicleMove(s, 1, vehicle.Through(geom.P(40, 20)))
	if res.Arrived || res.Stop != vehicle.OutOfMove {
		t.Errorf("20\" of open ground on 4 points at 4\" a point: %v %s", res.Stop, res.Why)
	}
	evs := apply(t, s, "drive U1 26,20 V1")
	if v.Pos != geom.P(26, 20) || v.Var(vAP) != 2 || v.Var(vMovedT) != 1 {
		t.Errorf("6\" for 2 points: at %v, %d left", v.Pos, v.Var(vAP))
	}
	if evs[0].Kind != "drive" || len(evs[0].Path) != 2 {
		t.Errorf("drive event %+v", evs[0])
	}
	for _, id := range v.Crew {
		if s.Fig(id).Pos != v.Pos {
			t.Error("the crew did not go with it")
		}
	}
	refuse(t, s, "drive U1 36,20 V1", "cannot make that drive")
	refuse(t, s, "drive F1 30,20 V1", "names its unit")
	apply(t, s, "drive U1 V1-f180")
	if v.Facing != 180 || v.Var(vAP) != 1 {
		t.Errorf("a turn on the spot costs a point: facing %d, %d left", v.Facing, v.Var(vAP))
	}
	apply(t, s, "end")
	apply(t, s, "end")
	// onto the road: 4" of open ground... and road at 6" a point
	apply(t, s, "drive U1 26,31.5 V1")
	if v.Var(vAP) != 4-3 {
		t.Errorf("10\" open (2.5 points) + 1.5\" road (0.25) rounds up to 3: %d left", v.Var(vAP))
	}
	v.Damage |= vehicle.Immobilised
	refuse(t, s, "drive U1 34,31.5 V1", "cannot move")
	for _, c := range r.Legal(s) {
		if c.Verb == "drive" {
			t.Errorf("an immobilised tank offered %s", c)
		}
	}
}

func TestTurretGunAndMG(t *testing.T) {
	// the tank (Blue, V1) at 36,30 faces north; the target F1 at 36,20
	s := vehState(t, nil, []tveh{{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 2}},
		tfig{side: 1, x: 36, y: 20, weapons: []string{"rifle"}},
		tfig{side: 1, x: 50, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	refuse(t, s, "gun - U1 F4 V1", "turn the turret")
	apply(t, s, "turret U1 V1-f90")
	if v := s.Veh(1); v.Turret != 90 || v.Var(vAP) != 3 {
		t.Fatalf("turret %d, %d points", s.Veh(1).Turret, s.Veh(1).Var(vAP))
	}
	refuse(t, s, "gun - U1 F3 V1", "turn the turret")
	// F2 at 14": band +3, needs more than 3; a hit bursts on it: 7+
	// kills in the open
	evs := apply(t, s, "gun - U1 F4 V1", 2, 3, 4, 4)
	if got := outcomeOfRolls(evs); strings.Join(got, ",") != "hit,killed" {
		t.Errorf("gun: %v", got)
	}
	if !s.Fig(4).Removed {
		t.Error("the target survived")
	}
	// the hull machine gun bears ahead: unaimed +5, range +1: 6 to hit
	s = vehState(t, nil, []tveh{{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 2}},
		tfig{side: 1, x: 36, y: 22, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	r := New().(Skirmish)
	o, err := r.Odds(s, rules.Command{Verb: "mg", Unit: 1, Targets: []rules.FigID{3}, Arg: "V1"})
	if err != nil || sumMods(o.Mods) != 6 {
		t.Fatalf("mg odds %v %v", o, err)
	}
	evs = apply(t, s, "mg - U1 F3 V1", 3, 3, 5)
	if got := outcomeOfRolls(evs); strings.Join(got, ",") != "hit,killed" {
		t.Errorf("mg: %v", got)
	}
	// a double does not run a vehicle's gun dry
	s = vehState(t, nil, []tveh{{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 2}},
		tfig{side: 1, x: 36, y: 22, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	evs = apply(t, s, "mg - U1 F3 V1", 1, 1, 2, 1)
	if len(ledgers(evs)) != 2 {
		t.Errorf("a burst rolls twice: %v", outcomeOfRolls(evs))
	}
}

func TestGunAtVehicle(t *testing.T) {
	s := vehState(t, nil, []tveh{
		{side: 0, typ: "sherman", x: 36, y: 10, facing: 180, crew: 2},
		{side: 1, typ: "panzer-iv", x: 36, y: 40, facing: 90, crew: 2}},
		tfig{side: 0, x: 10, y: 10, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	// 30": band +7, a side shot -1: more than 6
	evs := apply(t, s, "gun U2 36,40 V1", 3, 4, 6, 6)
	if got := outcomeOfRolls(evs); strings.Join(got, ",") != "hit,immobilised" {
		t.Errorf("gun at the tank: %v", got)
	}
	if l := ledgers(evs)[0]; l.Target != 6 {
		t.Errorf("needs more than %d, want 6", l.Target)
	}
	if !s.Veh(2).Damage.Has(vehicle.Immobilised) {
		t.Error("not immobilised")
	}
}

func TestSmokeAndBail(t *testing.T) {
	s := vehState(t, nil, []tveh{{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 3}, {side: 0, typ: "sdkfz-251", x: 20, y: 30, facing: 0, crew: 1, passengers: 2}},
		tfig{side: 1, x: 36, y: 10, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	apply(t, s, "shell U1 36,20 V1")
	apply(t, s, "smoke U1 V1")
	sm := Smokes(s)
	if len(sm) != 2 || sm[1].C.X != geom.In(36) || sm[1].C.Y >= geom.In(30-3.35) || sm[0].C != geom.P(36, 20) {
		t.Fatalf("shell and discharger smoke %v", sm)
	}
	refuse(t, s, "smoke U1 V1", "no smoke dischargers")
	apply(t, s, "end")
	apply(t, s, "end")
	refuse(t, s, "shell U1 36,20 V1", "smoke hides")
	setSmokes(s, nil)
	apply(t, s, "shell U1 36,20 V1")
	refuse(t, s, "shell U1 36,20 V1", "no smoke shells")
	refuse(t, s, "bail U1 V1", "immobilised")
	// passengers out of the halftrack
	apply(t, s, "dismount U2 V2")
	hv := s.Veh(2)
	if len(hv.Passengers) != 0 || len(hv.Crew) != 1 {
		t.Fatalf("passengers still aboard: %v", hv.Passengers)
	}
	for _, id := range []rules.FigID{5, 6} {
		f := s.Fig(id)
		if s.Carrier(id) != 0 || hullProblem(New().(Skirmish), s, f.Pos) != "" || f.Var(fAP) != 0 {
			t.Errorf("%s at %v, %d points", f.Name, f.Pos, f.Var(fAP))
		}
	}
	s.Veh(1).Damage |= vehicle.Immobilised
	evs := apply(t, s, "bail U1 V1")
	if len(evs[0].Figures) != 3 || !s.Veh(1).Damage.Has(vehicle.Abandoned) {
		t.Fatalf("bail: %+v", evs[0])
	}
	refuse(t, s, "turret U1 V1-f90", "abandoned")
}

// Figures aboard are off the table: not offered to act, not targets, not
// under a burst.
func TestAboardOffTable(t *testing.T) {
	s := vehState(t, nil, []tveh{{side: 1, typ: "opel-blitz", x: 36, y: 20, facing: 0, crew: 1, passengers: 3}},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	r := New().(Skirmish)
	for _, c := range r.Legal(s) {
		for _, tg := range c.Targets {
			if s.Carrier(tg) != 0 {
				t.Errorf("%s targets a figure aboard", c)
			}
		}
	}
	if got := len(under(s, geom.Circle{C: geom.P(36, 20), R: geom.In(3)})); got != 0 {
		t.Errorf("%d figures aboard under a burst", got)
	}
	refuse(t, s, "move F1 36,18.5", "stand on")
	s.Fig(1).Pos = geom.P(36, 14)
	refuse(t, s, "move F1 36,25", "in the way")
	apply(t, s, "move F1 39,17 38.5,24")
}

// The sampled engine agrees with the odds for the new commands.
func TestVehicleOddsSampled(t *testing.T) {
	r := New().(Skirmish)
	n := 20000
	if testing.Short() {
		n = 4000
	}
	classify := func(c rules.Command) oddscheck.Classify {
		return func(before, after *rules.State, evs []rules.Event) string {
			ls := ledgers(evs)
			if len(ls) == 0 {
				return "no roll"
			}
			if c.Verb == "mg" || c.Verb == "oppmg" {
				t0, t1 := before.Fig(c.Targets[0]), after.Fig(c.Targets[0])
				if t1.Removed {
					for _, e := range evs {
						if e.Kind == "removed" && e.Fig == t1.ID && strings.Contains(e.Text, "broken") {
							return "broken"
						}
					}
					return "killed"
				}
				return fateName(t0, levelOf(t1)-levelOf(t0), false)
			}
			first := ls[0].Outcome
			if first != "hit" {
				return first
			}
			switch {
			case c.Verb == "gun" && len(c.Targets) == 1:
				for _, l := range ls[1:] {
					if strings.Contains(l.What, after.Fig(c.Targets[0]).Name) {
						return l.Outcome
					}
				}
				return "?"
			}
			if len(ls) > 1 {
				return ls[1].Outcome
			}
			a, _ := rules.ParseVehicleArg(c.Arg)
			if c.Verb == "gun" {
				a.ID = r.vehicleUnder(before, c.Path[0]).ID
			}
			if after.Veh(a.ID).Damage.Has(vehicle.BrewedUp) {
				return effDestroyed
			}
			return "?"
		}
	}
	check := func(s *rules.State, line string) {
		t.Helper()
		c, err := rules.ParseCommand(line)
		if err != nil {
			t.Fatal(err)
		}
		res := oddscheck.Run(r, s, c, classify(c), n, 7)
		if err := res.Err(); err != nil {
			t.Error(err)
		}
		t.Log(res.String())
	}
	for _, facing := range []int{0, 90, 180} {
		check(bazookaAndTank(t, "panzer-iv", facing), "at F1 V1")
	}
	check(bazookaAndTank(t, "sdkfz-251", 0), "at F1 V1")
	s := vehState(t, []terrain.Piece{piece("low-wall", 33, 25.2, 39, 25.2)}, []tveh{
		{side: 0, typ: "sherman", x: 36, y: 10, facing: 180, crew: 2},
		{side: 1, typ: "panzer-iv", x: 36, y: 30, facing: 45, crew: 2}},
		tfig{side: 0, x: 10, y: 10, weapons: []string{"rifle"}},
		tfig{side: 1, x: 36, y: 25.8, weapons: []string{"rifle"}},
		tfig{side: 1, x: 37.5, y: 26, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	check(s, "gun U2 36,30 V1")
	check(s, "gun - U2 F4 V1")
	check(s, "mg - U2 F4 V1")
	setLevel(s.Fig(4), Suppressed)
	check(s, "mg - U2 F4 V1")
	// opportunity fire from a held tank at a figure behind a wall
	s = vehState(t, []terrain.Piece{piece("low-wall", 33, 18.8, 40, 18.8)}, []tveh{{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 2}},
		tfig{side: 1, x: 36, y: 18, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}},
		tfig{side: 1, x: 62, y: 45, weapons: []string{"rifle"}})
	apply(t, s, "vopp U1 V1")
	apply(t, s, "end")
	apply(t, s, "move F3 37,18")
	check(s, "oppmg - U1 F3 V1")
}

// Every vehicle command Legal offers in Panzer at the Ford is accepted
// (but the drag's pathless drive, which the table completes through
// VehicleMove), has odds and a label; the card, panel and templates are
// filled in.
func TestVehicleLegalAndHooks(t *testing.T) {
	r := New().(Skirmish)
	sc, m := loadNamed(t, "skirmish35-panzer.toml")
	g, _, err := rules.NewGame(r, sc, m, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := g.St
	v := s.Veh(1)
	// bring the tank within reach of the Americans
	s.MoveVehicle(1, vehicle.Pose{Pos: geom.P(42, 20), Facing: 180, Turret: 180})
	seen := map[string]bool{}
	for _, c := range r.Legal(s) {
		a, ok := rules.ParseVehicleArg(c.Arg)
		if !ok || c.Verb == "at" {
			continue
		}
		seen[c.Verb] = true
		if lb := r.Action(s, c); lb.Label == "" || lb.Kind == "" {
			t.Errorf("%s: no label", c)
		}
		if c.Verb == "drive" && len(c.Path) == 0 && !a.HasFace {
			if lb := r.Action(s, c); lb.Kind != rules.ActDrag {
				t.Errorf("pathless drive is %q", lb.Kind)
			}
			continue
		}
		if _, err := r.Apply(s.Clone(), c); err != nil {
			t.Errorf("%s offered but refused: %v", c, err)
		}
		if _, err := g.Odds(c); err != nil {
			t.Errorf("%s: odds %v", c, err)
		}
	}
	for _, verb := range []string{"drive", "turret", "mg", "smoke"} {
		if !seen[verb] {
			t.Errorf("no %s offered: %v", verb, seen)
		}
	}
	vi := r.Vehicle(s, 1)
	if len(vi.Lines) < 4 || len(vi.Weapons) != 3 || vi.Weapons[0].Bands == nil {
		t.Errorf("card %+v", vi)
	}
	ex := r.Explain(s)
	found := false
	for _, p := range ex.Panels {
		for _, it := range p.Items {
			if it.Label == v.Name && it.Value == 4 {
				found = true
			}
		}
	}
	if !found {
		t.Error("the tank's points are not in the panel")
	}
	if c, ok := r.Template(s, rules.Command{Verb: "smoke", Unit: v.Unit, Arg: "V1"}); !ok || c.R == 0 {
		t.Error("no template for the dischargers")
	}
	// the Americans' bazookas: an "at" per bazooka within 24" and in sight
	apply(t, s, "end")
	s.Fig(10).Pos = geom.P(42, 30)
	s.Fig(10).Facing = 0
	ats := 0
	for _, c := range r.Legal(s) {
		if c.Verb == "at" {
			ats++
			if _, err := g.Odds(c); err != nil {
				t.Errorf("%s: %v", c, err)
			}
		}
	}
	if ats == 0 {
		t.Error("no anti-tank fire offered")
	}
}

// A hull hides what lies behind it on the centre line, and a figure
// beside it, with the line of fire meeting it, is in hard cover.
func TestHullSightAndShelter(t *testing.T) {
	r := New().(Skirmish)
	// a wrecked truck across the line between F1 (36,10) and F2 (36,30)
	s := vehState(t, nil, []tveh{{side: 1, typ: "opel-blitz", x: 36, y: 20, facing: 90, crew: 1}},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 39.95, y: 21.4, weapons: []string{"rifle"}})
	s.Veh(1).Damage |= vehicle.BrewedUp
	refuse(t, s, "acquire F1 F2", "in the way")
	// F3 just behind the hull's corner, half seen past it: hard cover
	sg := r.look(s, s.Fig(1), s.Fig(3))
	if !sg.OK || sg.Cover != terrain.CoverHard || !strings.Contains(sg.CoverName, "opel-blitz") {
		t.Errorf("sheltered: %+v", sg)
	}
}

func TestBoard(t *testing.T) {
	s := vehState(t, nil, []tveh{{side: 0, typ: "m3-halftrack", x: 36, y: 30, facing: 0, crew: 1, passengers: 9}},
		tfig{side: 0, x: 38.5, y: 30, weapons: []string{"rifle"}},
		tfig{side: 0, x: 45, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	refuse(t, s, "board F2 V1", "within 1")
	apply(t, s, "board F1 V1")
	v := s.Veh(1)
	if s.Carrier(1) != 1 || len(v.Passengers) != 10 || s.Fig(1).Var(fAP) != 0 {
		t.Fatalf("aboard: %v", v.Passengers)
	}
	apply(t, s, "move F2 39,30")
	refuse(t, s, "board F2 V1", "no room")
	for _, c := range New().Legal(s) {
		if c.Fig == 1 {
			t.Errorf("a figure aboard offered %s", c)
		}
	}
}

// Any command text on Panzer at the Ford applies or leaves the game
// untouched, vehicle commands included.
func FuzzApplyVehicles(f *testing.F) {
	for _, s := range []string{"drive U1 41.5,12 V1", "drive U1 V1-f90", "drive U1 41.5,2 V1-r", "turret U1 V1-f45",
		"gun - U1 F9 V1", "gun U1 41.5,6 V1", "mg - U1 F9 V1", "smoke U1 V1", "shell U1 40,30 V1", "bail U1 V1",
		"dismount U1 V1", "at F10 V1", "board F6 V1", "drive U1 V2", "drive F1 40,20 V1", "at F10 V1-r", "gun - U1 F1 V1"} {
		f.Add(s, uint8(5))
	}
	sc, m := loadNamed(f, "skirmish35-panzer.toml")
	f.Fuzz(func(t *testing.T, text string, warm uint8) {
		c, err := rules.ParseCommand(text)
		if err != nil {
			return
		}
		g, _, err := rules.NewGame(New(), sc, m, 5)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(warm), 3))
		for i := 0; i < int(warm%60) && !g.St.Over; i++ {
			if rc, ok := rules.RandomCommand(g, r); ok {
				g.Apply(rc)
			}
		}
		before := g.St.Hash()
		n := len(g.Log)
		_, _ = g.Odds(c)
		if _, err := g.Apply(c); err != nil && (g.St.Hash() != before || len(g.Log) != n) {
			t.Fatalf("%s refused (%v) but the game changed", text, err)
		}
		_ = g.Legal()
		_ = New().(Skirmish).Explain(g.St)
		for i := range g.St.Vehicles {
			_ = New().(Skirmish).Vehicle(g.St, g.St.Vehicles[i].ID)
		}
	})
}

// A vehicle holds its points for opportunity fire with its machine guns:
// in the enemy's turn a figure moving where a gun bears is offered to it,
// and only a double six hits.
func TestVehicleOpportunityFire(t *testing.T) {
	// the Blue tank (V1, crew F1 F2) at 36,30 faces north; Red's F3 at
	// 36,18 ahead of it, F4 far off to its rear.
	start := func(t *testing.T) *rules.State {
		s := vehState(t, nil, []tveh{{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 2}},
			tfig{side: 1, x: 36, y: 18, weapons: []string{"rifle"}, facing: 180},
			tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}},
			tfig{side: 1, x: 62, y: 45, weapons: []string{"rifle"}},
			tfig{side: 1, x: 64, y: 45, weapons: []string{"rifle"}})
		if !hasCommand(New().Legal(s), "vopp U1 V1") {
			t.Fatalf("holding fire is not offered: %v", New().Legal(s))
		}
		apply(t, s, "vopp U1 V1")
		if v := s.Veh(1); v.Var(vAP) != 0 || v.Var(vOpp) != 1 {
			t.Fatalf("the hold costs four points: %d left, opp %d", v.Var(vAP), v.Var(vOpp))
		}
		apply(t, s, "end")
		apply(t, s, "move F3 37,18")
		if s.Phase != PhaseOpp || !hasCommand(New().Legal(s), "oppmg - U1 F3 V1") {
			t.Fatalf("no window for the tank: phase %s, %v", s.Phase, New().Legal(s))
		}
		return s
	}
	s := start(t)
	o, err := New().Odds(s, rules.Command{Verb: "oppmg", Unit: 1, Targets: []rules.FigID{3}, Arg: "V1"})
	if err != nil {
		t.Fatal(err)
	}
	// two rolls, each a double six 1/36; in the open any hit kills
	if want := 1 - (35.0/36)*(35.0/36); !near(o.P("killed"), want) {
		t.Errorf("killed %v, want %v", o.P("killed"), want)
	}
	evs := apply(t, s, "oppmg - U1 F3 V1", 6, 6, 4)
	if got := outcomeOfRolls(evs); strings.Join(got, ",") != "hit,killed" || !s.Fig(3).Removed {
		t.Errorf("a double six kills in the open: %v", got)
	}
	if s.Phase != PhaseTurn || s.Veh(1).Var(vOpp) != 0 {
		t.Error("the window should close and the hold be spent")
	}
	// Eleven is not enough.
	s = start(t)
	evs = apply(t, s, "oppmg - U1 F3 V1", 5, 6, 6, 5)
	if got := outcomeOfRolls(evs); strings.Join(got, ",") != "miss,miss" || s.Fig(3).Removed {
		t.Errorf("opportunity fire needs a double six: %v", got)
	}
	// F4 behind the tank is out of every gun's arc.
	s.Fig(4).Pos = geom.P(36, 40)
	s.Veh(1).SetVar(vOpp, 1)
	apply(t, s, "move F4 37,40")
	if s.Phase == PhaseOpp {
		t.Error("a window opened for a mover no gun bears on")
	}
}

func hasCommand(l []rules.Command, want string) bool {
	for _, c := range l {
		if c.String() == want {
			return true
		}
	}
	return false
}

// Hatches (house): opening them is a point and takes one off the
// vehicle's own hit rolls; a burst over an open-hatched hull rolls the
// in-building row for its crew.
func TestHatches(t *testing.T) {
	start := func(t *testing.T) *rules.State {
		s := vehState(t, nil, []tveh{
			{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 2},
			{side: 1, typ: "sherman", x: 36.5, y: 16, facing: 180, crew: 2}},
			tfig{side: 1, x: 38.5, y: 17, weapons: []string{"rifle"}},
			tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}},
			tfig{side: 1, x: 62, y: 45, weapons: []string{"rifle"}})
		s.Veh(2).HatchesOpen = true
		return s
	}
	s := start(t)
	need := func() int {
		o, err := New().Odds(s, rules.Command{Verb: "gun", Unit: 1, Targets: []rules.FigID{3}, Arg: "V1"})
		if err != nil {
			t.Fatal(err)
		}
		return sumMods(o.Mods)
	}
	shut := need()
	if !hasCommand(New().Legal(s), "hatch U1 V1") {
		t.Fatal("opening the hatches is not offered")
	}
	apply(t, s, "hatch U1 V1")
	if v := s.Veh(1); !v.HatchesOpen || v.Var(vAP) != 3 {
		t.Fatalf("hatches %v, %d points", v.HatchesOpen, v.Var(vAP))
	}
	if open := need(); open != shut-1 {
		t.Errorf("open hatches: needs more than %d, shut %d", open, shut)
	}
	apply(t, s, "hatch U1 V1")
	if s.Veh(1).HatchesOpen {
		t.Error("the second hatch command shuts them")
	}
	// The shell hits (8) and bursts on F3: F3 rolls 2 (no effect); the
	// Sherman's open hatches are inside the burst: 6,6 kills its commander.
	s = start(t)
	evs := apply(t, s, "gun - U1 F3 V1", 4, 4, 1, 1, 6, 6)
	cmdr := s.Veh(2).Crew[0]
	if !s.Fig(cmdr).Removed || s.Fig(s.Veh(2).Crew[1]).Removed || s.Fig(3).Removed {
		t.Fatalf("the commander alone should die: %v", outcomeOfRolls(evs))
	}
	// 4: suppressed, and the crew shut the hatches.
	s = start(t)
	apply(t, s, "gun - U1 F3 V1", 4, 4, 1, 1, 2, 2)
	if s.Veh(2).HatchesOpen || crewLeft(s, s.Veh(2)) != 2 {
		t.Fatal("a suppressed crew closes up")
	}
	// Shut, the burst does not touch the crew: no third roll.
	apply(t, s, "end")
	apply(t, s, "end")
	apply(t, s, "gun - U1 F3 V1", 4, 4, 1, 1)
}

// A crew that bailed out may climb back into its abandoned tank (house
// rule): a point each, the turn over for him; the first man back makes it
// a working vehicle again, its points coming with its side's next turn.
// Nobody else may man it, and a destroyed one stays empty.
func TestCrewBackIntoAbandoned(t *testing.T) {
	s := vehState(t, nil, []tveh{{side: 0, typ: "panzer-iv", x: 36, y: 30, facing: 0, crew: 2}},
		tfig{side: 0, x: 36, y: 36, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	v := s.Veh(1)
	v.Damage |= vehicle.Immobilised
	evs := apply(t, s, "bail U2 V1")
	crew := evs[0].Figures
	if len(crew) != 2 || !v.Damage.Has(vehicle.Abandoned) {
		t.Fatalf("bail: %+v", evs[0])
	}
	refuse(t, s, fmt.Sprintf("board F%d V1", crew[0]), "needs 1 point")
	apply(t, s, "end")
	apply(t, s, "end")
	// The rifleman of another unit, beside the hull, may not man it.
	s.Fig(1).Pos = geom.P(36, 33.2)
	refuse(t, s, "board F1 V1", "own crew")
	for _, id := range crew {
		s.Fig(id).Pos = geom.P(36, 33.2)
		s.Fig(1).Pos = geom.P(30, 40)
		break
	}
	evs = apply(t, s, fmt.Sprintf("board F%d V1", crew[0]))
	if v.Damage.Has(vehicle.Abandoned) || len(v.Crew) != 1 || v.Crew[0] != crew[0] || s.Fig(crew[0]).Var(fAP) != 0 {
		t.Fatalf("back in: %+v, crew %v, damage %v", evs, v.Crew, v.Damage)
	}
	if !strings.Contains(evs[0].Text, "crews it again") {
		t.Errorf("event %q", evs[0].Text)
	}
	// Still immobilised; next turn it has its points and may turn its
	// turret again.
	refuse(t, s, "turret U2 V1-f90", "")
	apply(t, s, "end")
	apply(t, s, "end")
	apply(t, s, "turret U2 V1-f90")
	if !v.Damage.Has(vehicle.Immobilised) {
		t.Error("climbing back in mends nothing")
	}
	// A destroyed tank cannot be manned again.
	s.Fig(crew[1]).Pos = geom.P(36, 33.2)
	v.Damage |= vehicle.BrewedUp
	refuse(t, s, fmt.Sprintf("board F%d V1", crew[1]), "destroyed")
}

// A Panzer that had driven on two of its four points was clicked at an
// American with the tank selected: the table said "Lt Falk is aboard a
// vehicle" (play-test 9). The rule set says why its weapons may not fire.
func TestVehicleFireWhy(t *testing.T) {
	s := vehState(t, nil,
		[]tveh{{side: 0, typ: "panzer-iv", x: 20, y: 20, facing: 90, crew: 2}},
		tfig{side: 1, x: 30, y: 20, weapons: []string{"rifle"}})
	r := New().(Skirmish)
	var enemy *rules.Figure
	for i := range s.Figures {
		if s.Figures[i].Side == 1 {
			enemy = &s.Figures[i]
		}
	}
	v := s.Veh(1)
	if why := r.VehicleFireWhy(s, v.ID, enemy.ID); why != "" {
		t.Fatalf("with every point left: %q", why)
	}
	v.SetVar(vAP, 2)
	want := "it has 2 action points left, and a shot from its gun or a machine gun costs 3"
	if why := r.VehicleFireWhy(s, v.ID, enemy.ID); why != want {
		t.Errorf("with 2 points: %q, want %q", why, want)
	}
}
