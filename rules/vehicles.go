package rules

import (
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// VehiclePose and VehicleDamage are a vehicle's place and its damage as
// the core keeps them (rules/vehicle's types), for those that read a
// vehicle through the core, such as network play's snapshot.
type (
	VehiclePose   = vehicle.Pose
	VehicleDamage = vehicle.Damage
)

// Vehicles on the table
//
// The shared vehicle model (its types, hull geometry, faces struck, arcs
// and the drive check) lives in rules/vehicle; this file holds vehicles
// in the battle state. A vehicle belongs to a unit (its crew's team) and
// carries figures: its crew and its passengers, by id. A figure aboard
// stays in State.Figures (it can be hurt, it keeps its unit) but is off
// the table: its Pos follows the vehicle and the table does not draw it
// (Carrier says where it is).

// VehicleID names a vehicle: a small positive integer in scenario order,
// stable for the whole game.
type VehicleID int

// Vehicle is one vehicle model in the battle.
type Vehicle struct {
	ID   VehicleID
	Name string
	Type string // the rule set's vehicle type id (see Vehicled)
	Side int
	Unit UnitID // the team it belongs to
	vehicle.Pose
	Damage      vehicle.Damage
	HatchesOpen bool
	Crew        []FigID // aboard, working it
	Passengers  []FigID // aboard, carried
	Removed     bool    // off the table (driven off, or a wreck the rule set clears)
	// Vars is the rule set's own per-vehicle data (speed this round, shots
	// taken, ammunition). Written through SetVar, never iterated to decide.
	Vars map[string]int
}

// Var reads a per-vehicle variable (0 when unset).
func (v *Vehicle) Var(k string) int { return v.Vars[k] }

// SetVar writes a per-vehicle variable, deleting zero values so that equal
// states hash equally.
func (v *Vehicle) SetVar(k string, n int) {
	if n == 0 {
		delete(v.Vars, k)
		return
	}
	if v.Vars == nil {
		v.Vars = map[string]int{}
	}
	v.Vars[k] = n
}

// Aboard lists everyone in the vehicle, crew first.
func (v *Vehicle) Aboard() []FigID {
	return append(append([]FigID(nil), v.Crew...), v.Passengers...)
}

// Veh returns the vehicle with that id (nil if out of range).
func (s *State) Veh(id VehicleID) *Vehicle {
	if id < 1 || int(id) > len(s.Vehicles) {
		return nil
	}
	return &s.Vehicles[id-1]
}

// Carrier is the vehicle figure id is aboard, or 0 when it is on foot.
func (s *State) Carrier(id FigID) VehicleID {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		for _, f := range v.Crew {
			if f == id {
				return v.ID
			}
		}
		for _, f := range v.Passengers {
			if f == id {
				return v.ID
			}
		}
	}
	return 0
}

// MoveVehicle sets a vehicle's pose and carries everyone aboard with it.
func (s *State) MoveVehicle(id VehicleID, p vehicle.Pose) {
	v := s.Veh(id)
	if v == nil {
		return
	}
	v.Pose = p
	for _, f := range v.Aboard() {
		if fig := s.Fig(f); fig != nil {
			fig.Pos = p.Pos
		}
	}
}

// Board puts a figure aboard a vehicle, as crew or as a passenger; it
// reports false when the figure is already aboard one.
func (s *State) Board(id VehicleID, f FigID, crew bool) bool {
	v, fig := s.Veh(id), s.Fig(f)
	if v == nil || fig == nil || s.Carrier(f) != 0 {
		return false
	}
	if crew {
		v.Crew = append(v.Crew, f)
	} else {
		v.Passengers = append(v.Passengers, f)
	}
	fig.Pos = v.Pos
	return true
}

// Alight takes a figure out of whatever vehicle carries it and stands it
// at p (the rule set has checked p: by a door, clear of the hull).
func (s *State) Alight(f FigID, p geom.Pt) bool {
	id := s.Carrier(f)
	v, fig := s.Veh(id), s.Fig(f)
	if v == nil || fig == nil {
		return false
	}
	v.Crew = dropFig(v.Crew, f)
	v.Passengers = dropFig(v.Passengers, f)
	fig.Pos = p
	return true
}

func dropFig(l []FigID, f FigID) []FigID {
	out := l[:0:0]
	for _, x := range l {
		if x != f {
			out = append(out, x)
		}
	}
	return out
}

func cloneVehicles(vs []Vehicle) []Vehicle {
	if vs == nil {
		return nil
	}
	out := make([]Vehicle, len(vs))
	for i, v := range vs {
		v.Crew = append([]FigID(nil), v.Crew...)
		v.Passengers = append([]FigID(nil), v.Passengers...)
		v.Vars = cloneVars(v.Vars)
		out[i] = v
	}
	return out
}

// vehicles writes the vehicles into a state hash. Hash calls it only
// when there are vehicles, so a state without any hashes as it always has.
func (e hasher) vehicles(vs []Vehicle) {
	e.str("vehicles")
	e.int(int64(len(vs)))
	for _, v := range vs {
		e.int(int64(v.ID))
		e.str(v.Name)
		e.str(v.Type)
		e.int(int64(v.Side))
		e.int(int64(v.Unit))
		e.int(v.Pos.X)
		e.int(v.Pos.Y)
		e.int(int64(v.Facing))
		e.int(int64(v.Turret))
		e.int(int64(v.Damage))
		e.bool(v.HatchesOpen)
		e.int(int64(len(v.Crew)))
		for _, f := range v.Crew {
			e.int(int64(f))
		}
		e.int(int64(len(v.Passengers)))
		for _, f := range v.Passengers {
			e.int(int64(f))
		}
		e.bool(v.Removed)
		e.vars(v.Vars)
	}
}

// ---- hooks ----

// Mark kinds for vehicles, beside the figures' (present.go): the damage
// names of rules/vehicle, and open hatches.
const (
	MarkImmobilised = "immobilised"
	MarkBrewedUp    = "brewed up"
	MarkSmoking     = "smoking"
	MarkWeaponOut   = "weapon out"
	MarkAbandoned   = "abandoned"
	MarkHatchesOpen = "hatches open"
)

// Vehicled is an optional RuleSet hook: the rule set's vehicle types.
// Without it a scenario may not place vehicles. The scenario loader checks
// type ids, capacities and hull placement against it, and the table draws
// each vehicle from its type (Look, Length, Width, turret).
type Vehicled interface {
	VehicleTypes() []vehicle.Type
}

// VehicleTypeOf finds a vehicle type of rs by id.
func VehicleTypeOf(rs RuleSet, id string) (*vehicle.Type, bool) {
	vd, ok := rs.(Vehicled)
	if !ok {
		return nil, false
	}
	ts := vd.VehicleTypes()
	for i := range ts {
		if ts[i].ID == id {
			return &ts[i], true
		}
	}
	return nil, false
}

// HullOf is vehicle id's footprint on the table under rs (ok false for an
// unknown vehicle or type).
func HullOf(rs RuleSet, s *State, id VehicleID) (vehicle.Hull, bool) {
	v := s.Veh(id)
	if v == nil {
		return vehicle.Hull{}, false
	}
	t, ok := VehicleTypeOf(rs, v.Type)
	if !ok {
		return vehicle.Hull{}, false
	}
	return t.Hull(v.Pose), true
}

// VehicleInfo is a vehicle as the rule set sees it, for its card.
type VehicleInfo struct {
	Lines   []string     // the hover card's lines, after its name
	Marks   []Mark       // damage and states, drawn as icons
	Weapons []WeaponInfo // its weapons, main armament first
	Spent   bool         // has had its go this turn (drawn dimmed)
}

// VehicleCarder is an optional RuleSet hook: a vehicle's card. Without it
// VehicleOf builds a plain one from the core's fields and the type.
type VehicleCarder interface {
	Vehicle(s *State, id VehicleID) VehicleInfo
}

// VehicleOf is vehicle id as rs sees it.
func VehicleOf(rs RuleSet, s *State, id VehicleID) VehicleInfo {
	if vc, ok := rs.(VehicleCarder); ok {
		return vc.Vehicle(s, id)
	}
	return BasicVehicle(rs, s, id)
}

// BasicVehicle is the plain card: side and unit, type, armour by face,
// who is aboard, damage and hatches.
func BasicVehicle(rs RuleSet, s *State, id VehicleID) VehicleInfo {
	v := s.Veh(id)
	if v == nil {
		return VehicleInfo{}
	}
	var vi VehicleInfo
	un := ""
	if u := s.UnitOf(v.Unit); u != nil {
		un = u.Name
	}
	vi.Lines = append(vi.Lines, fmt.Sprintf("%s  -  %s", s.Sides[v.Side].Name, un))
	if t, ok := VehicleTypeOf(rs, v.Type); ok {
		vi.Lines = append(vi.Lines, t.Name)
		a := t.Armour
		vi.Lines = append(vi.Lines, fmt.Sprintf("Armour: front %d, side %d, rear %d, top %d", a[vehicle.ArmourFront], a[vehicle.ArmourSide], a[vehicle.ArmourRear], a[vehicle.ArmourTop]))
		for _, w := range t.Weapons {
			vi.Weapons = append(vi.Weapons, WeaponInfo{ID: w.ID, Label: w.ID + " (" + w.Mount.String() + ")"})
		}
	}
	var names []string
	for _, f := range v.Aboard() {
		if fig := s.Fig(f); fig != nil && !fig.Removed { // (the dead are aboard no more)
			names = append(names, fig.Name)
		}
	}
	if len(names) > 0 {
		vi.Lines = append(vi.Lines, "Aboard: "+strings.Join(names, ", "))
	}
	state := "hatches closed"
	if v.HatchesOpen {
		state = "hatches open"
	}
	if d := v.Damage.Names(); len(d) > 0 {
		state += ", " + strings.Join(d, ", ")
	}
	vi.Lines = append(vi.Lines, "State: "+state)
	for _, n := range v.Damage.Names() {
		vi.Marks = append(vi.Marks, Mark{Kind: n, Label: n})
	}
	if v.HatchesOpen {
		vi.Marks = append(vi.Marks, Mark{Kind: MarkHatchesOpen, Label: "hatches open"})
	}
	return vi
}

// Vehicle reports whether the side may see vehicle id: its own, a wreck,
// or one of a unit it may know of.
func (v View) Vehicle(id VehicleID) bool {
	veh := v.s.Veh(id)
	if veh == nil {
		return false
	}
	if veh.Side == v.Side || veh.Damage.Has(vehicle.BrewedUp) {
		return true
	}
	return v.Unit(veh.Unit)
}

// ---- what a rule set calls ----

// Obstructions are the models vehicle self must not drive into, for
// vehicle.Drive: every other vehicle on the table (wrecks too) and every
// figure on the table, with the ids behind each entry of Others.
func Obstructions(rs RuleSet, s *State, self VehicleID) (vehicle.Others, []VehicleID, []FigID) {
	var o vehicle.Others
	var vids []VehicleID
	var fids []FigID
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.ID == self || v.Removed {
			continue
		}
		if h, ok := HullOf(rs, s, v.ID); ok {
			o.Hulls = append(o.Hulls, h)
			vids = append(vids, v.ID)
		}
	}
	aboard := map[FigID]bool{}
	for i := range s.Vehicles {
		for _, f := range s.Vehicles[i].Aboard() {
			aboard[f] = true
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed || aboard[f.ID] {
			continue
		}
		o.Bases = append(o.Bases, f.Base(s.BaseR))
		fids = append(fids, f.ID)
	}
	return o, vids, fids
}

// VehicleAcross is the first vehicle (by id) whose hull stands across the
// sight line a-b, leaving out those in except (the firer's and target's
// own), or 0. Flying vehicles never block. Whether hulls block sight is
// the rule set's choice.
func VehicleAcross(rs RuleSet, s *State, a, b geom.Pt, except ...VehicleID) VehicleID {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed || containsVeh(except, v.ID) {
			continue
		}
		t, ok := VehicleTypeOf(rs, v.Type)
		if !ok || t.Flying {
			continue
		}
		if t.Hull(v.Pose).BlocksSight(a, b) {
			return v.ID
		}
	}
	return 0
}

// VehicleShelter is the first vehicle (by id) that shelters figure id from
// a firer at from: the figure's base within near of its hull and the line
// of fire meeting the hull (vehicle.Hull.Shelters); 0 when none.
func VehicleShelter(rs RuleSet, s *State, id FigID, from geom.Pt, near int64) VehicleID {
	f := s.Fig(id)
	if f == nil || s.Carrier(id) != 0 {
		return 0
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed {
			continue
		}
		t, ok := VehicleTypeOf(rs, v.Type)
		if !ok || t.Flying {
			continue
		}
		if t.Hull(v.Pose).Shelters(f.Base(s.BaseR), from, near) {
			return v.ID
		}
	}
	return 0
}

func containsVeh(l []VehicleID, id VehicleID) bool {
	for _, x := range l {
		if x == id {
			return true
		}
	}
	return false
}

// VehicleFireWhyer is an optional RuleSet hook: why vehicle id may fire
// none of its weapons at figure t now, in the rule set's words ("" when
// one may, or when the rule set cannot say). The table says it when a
// click on an enemy with the vehicle selected aims nothing (a 1/35th
// Panzer with two action points left was told its commander "is aboard
// a vehicle", not that its gun needs three).
type VehicleFireWhyer interface {
	VehicleFireWhy(s *State, id VehicleID, t FigID) string
}

// AtVehicleWhyer is an optional RuleSet hook: why figure f may not fire
// at vehicle v now, in the rule set's words ("" when he may, or when the
// rule set cannot say). The table says it when a click on an enemy
// vehicle with the man selected offers no shot (a 1/35th bazooka out of
// range was answered with the notation of a look about).
type AtVehicleWhyer interface {
	AtVehicleWhy(s *State, f FigID, v VehicleID) string
}

// ---- driving ----

// VehicleMover is an optional RuleSet hook for a rule set with vehicles:
// the drive check behind the table's drag, as MoveCheck is for figures.
// It says how far vehicle id could go along plan now, under the rule
// set's speeds, budget and going (most rule sets answer with DriveCheck).
// The table draws the hull at each of the result's Poses and the swept
// band between them, and says Why it stops.
type VehicleMover interface {
	VehicleMove(s *State, id VehicleID, plan vehicle.Plan) vehicle.Result
}

// NoDriveWhy is the rule set's reason vehicle id may not drive now, as
// its drive check gives it for a drive of no legs ("" when it may, or
// when the rule set has no drive check or says nothing): the table says
// it when the vehicle is pressed or dragged.
func NoDriveWhy(rs RuleSet, s *State, id VehicleID) string {
	vm, ok := rs.(VehicleMover)
	if !ok {
		return ""
	}
	if r := vm.VehicleMove(s, id, vehicle.Plan{}); r.Stop == vehicle.Immobile {
		return r.Why
	}
	return ""
}

// DriveCheck is the usual body of VehicleMove: vehicle id's drive along
// plan under mr, keeping clear of every other model on the table. A
// vehicle immobilised or brewed up does not move (Stop is Immobile).
func DriveCheck(rs RuleSet, s *State, id VehicleID, plan vehicle.Plan, mr vehicle.MoveRules) vehicle.Result {
	v := s.Veh(id)
	var t *vehicle.Type
	ok := false
	if v != nil {
		t, ok = VehicleTypeOf(rs, v.Type)
	}
	if !ok || v.Removed || v.Damage&(vehicle.Immobilised|vehicle.BrewedUp) != 0 {
		r := vehicle.Result{Stop: vehicle.Immobile, Piece: -1, Other: -1, Why: "it cannot move"}
		if v != nil {
			r.End, r.Path, r.Poses = v.Pose, []geom.Pt{v.Pos}, []vehicle.Pose{v.Pose}
		}
		return r
	}
	o, _, _ := Obstructions(rs, s, id)
	return vehicle.Drive(s.Map, t, v.Pose, plan, mr, o)
}

// Vehicle commands
//
// A rule set's vehicle commands name the vehicle in the command's ARG
// word, so they need nothing new in the notation: "V<n>", optionally
// followed by "-r" (every leg driven in reverse) and "-f<deg>" (a last
// turn to that facing, or for a turret verb the facing to turn to). The
// path's points are the legs. For example
//
//	drive U2 30,12 34,10 V1
//	drive U2 30,18 V1-r
//	drive U2 V1-f270
//	turret U2 V1-f45

// VehicleArg is a vehicle command's ARG word, read.
type VehicleArg struct {
	ID      VehicleID
	Reverse bool
	Face    int
	HasFace bool
}

// String writes the ARG word.
func (a VehicleArg) String() string {
	s := fmt.Sprintf("V%d", a.ID)
	if a.Reverse {
		s += "-r"
	}
	if a.HasFace {
		s += fmt.Sprintf("-f%d", vehicle.Norm(a.Face))
	}
	return s
}

// ParseVehicleArg reads an ARG word written by VehicleArg.String.
func ParseVehicleArg(arg string) (VehicleArg, bool) {
	var a VehicleArg
	parts := strings.Split(arg, "-")
	if len(parts[0]) < 2 || parts[0][0] != 'V' {
		return a, false
	}
	n, err := strconv.Atoi(parts[0][1:])
	if err != nil || n < 1 || parts[0][1] == '0' {
		return a, false
	}
	a.ID = VehicleID(n)
	for i, p := range parts[1:] {
		switch {
		case p == "r" && i == 0 && !a.Reverse:
			a.Reverse = true
		case len(p) > 1 && p[0] == 'f' && !a.HasFace:
			f, err := strconv.Atoi(p[1:])
			if err != nil || f < 0 || f > 359 || (len(p) > 2 && p[1] == '0') {
				return a, false
			}
			a.Face, a.HasFace = f, true
		default:
			return a, false
		}
	}
	return a, true
}

// PlanOf reads a vehicle command: the vehicle its ARG names and the plan
// its path and ARG describe.
func PlanOf(c Command) (VehicleID, vehicle.Plan, bool) {
	a, ok := ParseVehicleArg(c.Arg)
	if !ok {
		return 0, vehicle.Plan{}, false
	}
	p := vehicle.Plan{Face: a.Face, HasFace: a.HasFace}
	for _, q := range c.Path {
		p.Legs = append(p.Legs, vehicle.Leg{To: q, Reverse: a.Reverse})
	}
	return a.ID, p, true
}

// FaceStruck is the face of vehicle id that a shot from the point from
// at its centre strikes (the corner rule with the type's armour), for
// the line-of-sight tool and the targeting card as much as for the rule
// set. ok is false for an unknown vehicle or type.
func FaceStruck(rs RuleSet, s *State, id VehicleID, from geom.Pt) (st vehicle.Strike, ok bool) {
	v := s.Veh(id)
	if v == nil {
		return st, false
	}
	t, ok := VehicleTypeOf(rs, v.Type)
	if !ok {
		return st, false
	}
	return t.Hull(v.Pose).StruckFrom(from, t.Armour), true
}

// ---- what the table draws of vehicles ----

// VehicleLook is a vehicle as the table draws it, in plain data: the
// table reads vehicles through this and DriveViewOf, never through the
// vehicle model itself.
type VehicleLook struct {
	Look                       string // jeep, truck, lorry, halftrack, carrier, armoured-car, light-tank, medium-tank, apc, helicopter
	Length, Width              int64  // position units
	HasTurret                  bool
	TurretOffset, TurretRadius int64
	Facing, Turret             int // whole degrees, clockwise from up the table
	Immobilised, BrewedUp      bool
	Smoking, Abandoned         bool
	HatchesOpen                bool
}

// VehicleLookOf is vehicle id as the table draws it under rs.
func VehicleLookOf(rs RuleSet, s *State, id VehicleID) (VehicleLook, bool) {
	v := s.Veh(id)
	if v == nil {
		return VehicleLook{}, false
	}
	t, ok := VehicleTypeOf(rs, v.Type)
	if !ok {
		return VehicleLook{}, false
	}
	return VehicleLook{Look: t.Look, Length: t.Length, Width: t.Width, HasTurret: t.HasTurret,
		TurretOffset: t.TurretOffset, TurretRadius: t.TurretRadius, Facing: v.Facing, Turret: v.Turret,
		Immobilised: v.Damage.Has(vehicle.Immobilised), BrewedUp: v.Damage.Has(vehicle.BrewedUp),
		Smoking: v.Damage.Has(vehicle.Smoking), Abandoned: v.Damage.Has(vehicle.Abandoned), HatchesOpen: v.HatchesOpen}, true
}

// DriveView is a proposed drive as the table shows it: the centre's
// route, the hull's outline at each turn and where it stops, whether it
// arrives and, if not, why.
type DriveView struct {
	Path    []geom.Pt
	Hulls   [][4]geom.Pt
	Arrived bool
	Why     string
	Length  int64   // centre-line distance driven
	End     geom.Pt // where it stops
}

// DriveViewOf checks a drive command (a vehicle named in its Arg, the
// dragged points as its Path) with the rule set's VehicleMover, on a copy
// of s. ok is false when rs cannot drive that vehicle.
func DriveViewOf(rs RuleSet, s *State, c Command) (DriveView, bool) {
	vm, ok := rs.(VehicleMover)
	id, plan, okp := PlanOf(c)
	v := s.Veh(id)
	if !ok || !okp || v == nil {
		return DriveView{}, false
	}
	t, okt := VehicleTypeOf(rs, v.Type)
	if !okt {
		return DriveView{}, false
	}
	r := vm.VehicleMove(s.Clone(), id, plan)
	dv := DriveView{Path: r.Path, Arrived: r.Arrived, Why: r.Why, Length: r.Length, End: r.End.Pos}
	for i, p := range r.Poses {
		if i > 0 {
			dv.Hulls = append(dv.Hulls, t.Hull(p).Corners)
		}
	}
	return dv, true
}

// SightStopper is an optional RuleSet hook: what besides terrain stops a
// sight line under the rule set (S.M.L.E.: vehicle hulls), for the
// table's line-of-sight tool and aiming line, which otherwise know only
// the terrain. The answer is a terrain.LOSOptions.Stops for sight from
// from to the base to (nil when nothing can be in the way).
type SightStopper interface {
	SightStops(s *State, from geom.Pt, to geom.Circle) func(geom.Seg) bool
}

// SightStopsOf is rs's SightStops, or nil when it has none.
func SightStopsOf(rs RuleSet, s *State, from geom.Pt, to geom.Circle) func(geom.Seg) bool {
	if ss, ok := rs.(SightStopper); ok && s != nil {
		return ss.SightStops(s, from, to)
	}
	return nil
}

// SightJudge is an optional RuleSet hook: how the rule set itself sees
// from figure from to figure to, for the sight line the table draws when
// one aims at the other: clear, partial (hindered, or part hidden) or
// blocked. Without it the table judges the terrain in the flat, which
// under a rule set of its own sight (1/35th: heights, hindrances a man
// sees through) drew a line crossed out as blocked to a man the odds
// gave 83% to acquire.
type SightJudge interface {
	SightLine(s *State, from, to FigID) terrain.Visibility
}

// SightLineOf is rs's SightLine; ok is false when it has none.
func SightLineOf(rs RuleSet, s *State, from, to FigID) (terrain.Visibility, bool) {
	if sj, ok := rs.(SightJudge); ok && s != nil && s.Fig(from) != nil && s.Fig(to) != nil {
		return sj.SightLine(s, from, to), true
	}
	return 0, false
}
