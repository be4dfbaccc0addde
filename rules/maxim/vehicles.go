package maxim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// Vehicle variables (rules.Vehicle.Vars).
const (
	vMove   = "move"   // this move's rolled distance, position units
	vMoved  = "moved"  // round of its first move
	vMoved2 = "moved2" // round of its second move
	vLoco   = "loco"   // locomotion hits: 1 half speed, 2 immobilised
	vGFCS   = "gfcs"   // 1: advanced gun fire control (the scenario's fire_control = "advanced")
	vShotAt = "shotat" // round it was last fired at (its crew and riders were shot at)
	vFired  = "wf"     // + weapon index: round*10 + phase code it fired in
)

// Game variables for a vehicle's move under opportunity fire.
const (
	gOppVeh  = "oppveh"  // the vehicle whose drive may be fired at
	gOppFrom = "oppfrom" // 1: the drive was a second move (vehicles phase)
)

const ruleVehicles = "Vehicles"

// obstacleCost is what a tracked vehicle pays to cross a hedge or wall
// (house value: 2" of its move); wheeled vehicles cannot cross them.
const obstacleCost = 2 * geom.PerInch

// vehType is vehicle v's type.
func vehType(v *rules.Vehicle) *vehicle.Type {
	t, _ := vehTypeOf(v.Type)
	return t
}

// aboard reports whether figure f is in a vehicle.
func aboard(s *rules.State, f *rules.Figure) bool { return s.Carrier(f.ID) != 0 }

// liveCrew lists the crew still aboard and alive.
func liveCrew(s *rules.State, v *rules.Vehicle) []*rules.Figure {
	var out []*rules.Figure
	for _, id := range v.Crew {
		if f := s.Fig(id); f != nil && !f.Removed {
			out = append(out, f)
		}
	}
	return out
}

// knockedOut reports whether a vehicle is out of the fight: brewed up,
// abandoned, or with no crew left (liveCrew empty, asked without
// listing them: Legal asks it of every vehicle for every firer).
func knockedOut(s *rules.State, v *rules.Vehicle) bool {
	if v.Removed || v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) != 0 {
		return true
	}
	for _, id := range v.Crew {
		if f := s.Fig(id); f != nil && !f.Removed {
			return false
		}
	}
	return true
}

// firedKeys are the names of the vehicle variables vFired+index, made
// once: Legal asks them of every crewed weapon.
var firedKeys = func() []string {
	out := make([]string, 16)
	for i := range out {
		out[i] = vFired + strconv.Itoa(i)
	}
	return out
}()

// firedKey is vFired followed by weapon index i.
func firedKey(i int) string {
	if i >= 0 && i < len(firedKeys) {
		return firedKeys[i]
	}
	return vFired + strconv.Itoa(i)
}

// crewWho can drive or fire: an unstunned crewman aboard.
func crewReady(s *rules.State, v *rules.Vehicle) bool {
	for _, f := range liveCrew(s, v) {
		if !stunned(f) {
			return true
		}
	}
	return false
}

// rollVehicleMoves rolls this move's distance for every vehicle of side
// that may move now (first move: every one; second: those that moved).
func rollVehicleMoves(s *rules.State, side int, second bool) []rules.Event {
	var evs []rules.Event
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		v.SetVar(vMove, 0)
		if v.Side != side || knockedOut(s, v) || v.Damage.Has(vehicle.Immobilised) {
			continue
		}
		if second && v.Var(vMoved) != s.Round {
			continue
		}
		t := vehType(v)
		k := vehKinds[v.Type]
		da := data.Vehicle.Move[k.Class]
		d := s.RollN(da.Dice, 6)
		tot := da.Add
		for _, x := range d {
			tot += x.Face
		}
		dist := tot * int(geom.PerInch)
		note := ""
		if v.Var(vLoco) > 0 {
			dist /= 2
			note = ", halved for a locomotion hit"
		}
		v.SetVar(vMove, dist)
		// "Track 2-1's move" ("Move, Track 2-1" read as a list)
		what := " move"
		if second {
			what = " second move"
		}
		var mods []rules.Mod
		if da.Add != 0 {
			mods = []rules.Mod{{Value: da.Add, Reason: fmt.Sprintf("%s: the roll of %s, in inches", strings.ReplaceAll(k.Class, "_", " "), rules.DiceWords(da.Dice, da.Add)), Rule: "Move Chart"}}
		}
		l := &rules.Ledger{What: rules.Possessive(v.Name) + what, Dice: d, Compare: "table", Mods: mods, Total: tot,
			Outcome: fmt.Sprintf("up to %s\"%s", rules.FormatInches(int64(dist)), note),
			Note:    fmt.Sprintf("%s (%s): %s%s inches", t.Name, strings.ReplaceAll(k.Class, "_", " "), diceWords(da.Dice, 6), signed(da.Add))}
		evs = append(evs, rules.Event{Kind: "roll", Side: side, Unit: v.Unit, Roll: l,
			Text: fmt.Sprintf("%s rolls %d\" for its %s%s", v.Name, tot, map[bool]string{false: "move", true: "second move"}[second], note)})
	}
	return evs
}

// mayDrive says why vehicle v may not drive now ("" when it may).
func mayDrive(s *rules.State, v *rules.Vehicle) string {
	mover := s.Var(gMover)
	switch {
	case v == nil:
		return "there is no such vehicle"
	case s.Over:
		return "the game is over"
	case knockedOut(s, v):
		return v.Name + " is knocked out"
	case v.Damage.Has(vehicle.Immobilised):
		return v.Name + " is immobilised"
	case v.Side != mover:
		return fmt.Sprintf("%s %s this turn", s.Sides[mover].Name, rules.Agree(s.Sides[mover].Name, "moves", "move"))
	case s.Decider != mover && s.Phase == PhaseOpportunity:
		return fmt.Sprintf("%s first decide on opportunity fire at the last move", s.Sides[s.Decider].Name)
	case s.Decider != mover:
		return fmt.Sprintf("it is %s decision now", rules.Possessive(s.Sides[s.Decider].Name))
	case !crewReady(s, v):
		return v.Name + " has no crewman fit to drive"
	}
	switch s.Phase {
	case PhaseMove:
		if v.Var(vMoved) == s.Round {
			return v.Name + " has made its move; it may move again in the vehicles' phase"
		}
	case PhaseVehicles:
		if v.Var(vMoved) != s.Round {
			return v.Name + " did not move in the move phase, so it has no second move"
		}
		if v.Var(vMoved2) == s.Round {
			return v.Name + " has made its second move"
		}
	default:
		return fmt.Sprintf("vehicles drive in the move phase and the vehicles' phase (this is the %s phase)", phaseWord(s.Phase))
	}
	if v.Var(vMove) <= 0 {
		return v.Name + " has no move this turn"
	}
	return ""
}

// moveRules is what vehicle v's drive may spend now: its rolled move in
// the open and on roads, difficult going (rough, woods) at double cost
// like men, no water; tracks cross hedges and walls for 2", wheels do not
// (house values). A helicopter flies over everything.
func moveRules(s *rules.State, v *rules.Vehicle) vehicle.MoveRules {
	d := int64(v.Var(vMove))
	k := vehKinds[v.Type]
	var mr vehicle.MoveRules
	if k.Class == "helicopter" {
		for g := range mr.Speeds {
			mr.Speeds[g] = d
		}
		mr.GoingOf = func(*terrain.Piece) vehicle.Going { return vehicle.Clear }
		return mr
	}
	mr.Speeds[vehicle.Clear], mr.Speeds[vehicle.Road] = d, d
	mr.Speeds[vehicle.Rough], mr.Speeds[vehicle.Woods] = d/2, d/2
	mr.ObstacleCost = obstacleCost
	if k.Class == "wheeled" {
		mr.Speeds[vehicle.Woods] = 0
		mr.ObstacleCost = -1
	}
	return mr
}

// VehicleMove is the VehicleMover hook: how far vehicle id could drive
// along plan now.
func (m Maxim) VehicleMove(s *rules.State, id rules.VehicleID, plan vehicle.Plan) vehicle.Result {
	v := s.Veh(id)
	if why := mayDrive(s, v); why != "" {
		r := vehicle.Result{Stop: vehicle.Immobile, Piece: -1, Other: -1, Why: why}
		if v != nil {
			r.End, r.Path, r.Poses = v.Pose, []geom.Pt{v.Pos}, []vehicle.Pose{v.Pose}
		}
		return r
	}
	return driveCheck(s, v, plan)
}

// driveCheck is rules.DriveCheck under the vehicle's move rules, except
// that a helicopter flies over men and ground vehicles (only other
// aircraft are in its way).
func driveCheck(s *rules.State, v *rules.Vehicle, plan vehicle.Plan) vehicle.Result {
	t := vehType(v)
	if !t.Flying || v.Damage&(vehicle.Immobilised|vehicle.BrewedUp) != 0 {
		res := rules.DriveCheck(Maxim{}, s, v.ID, plan, moveRules(s, v))
		res.Why = stopWords(s, v, res)
		return res
	}
	var o vehicle.Others
	for i := range s.Vehicles {
		w := &s.Vehicles[i]
		if w.ID != v.ID && !w.Removed && vehType(w).Flying {
			o.Hulls = append(o.Hulls, vehType(w).Hull(w.Pose))
		}
	}
	return vehicle.Drive(s.Map, t, v.Pose, plan, moveRules(s, v), o)
}

// driveArriver answers driveCheck(s, v, plan).Arrived for many plans of
// one vehicle in one state, finding what is in the way once.
type driveArriver struct {
	s      *rules.State
	v      *rules.Vehicle
	t      *vehicle.Type
	mr     vehicle.MoveRules
	others vehicle.Others
	never  bool // it cannot move at all
}

func newDriveArriver(s *rules.State, v *rules.Vehicle) *driveArriver {
	a := &driveArriver{s: s, v: v, mr: moveRules(s, v)}
	t, ok := vehTypeOf(v.Type)
	a.t = t
	if !ok || v.Removed || v.Damage&(vehicle.Immobilised|vehicle.BrewedUp) != 0 {
		a.never = true
		return a
	}
	if !t.Flying {
		a.others = obstructions(s, v.ID)
		return a
	}
	for i := range s.Vehicles {
		w := &s.Vehicles[i]
		if w.ID != v.ID && !w.Removed && vehType(w).Flying {
			a.others.Hulls = append(a.others.Hulls, vehType(w).Hull(w.Pose))
		}
	}
	return a
}

// obstructions is rules.Obstructions(Maxim{}, s, self)'s Others, in the
// same order, without its lists of ids or its map of who is aboard: every
// other vehicle's hull (wrecks too), and every figure on the table that
// rides in no vehicle.
func obstructions(s *rules.State, self rules.VehicleID) vehicle.Others {
	var o vehicle.Others
	for i := range s.Vehicles {
		w := &s.Vehicles[i]
		if w.ID == self || w.Removed {
			continue
		}
		if t, ok := vehTypeOf(w.Type); ok {
			o.Hulls = append(o.Hulls, t.Hull(w.Pose))
		}
	}
	o.Bases = make([]geom.Circle, 0, len(s.Figures))
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed || s.Carrier(f.ID) != 0 {
			continue
		}
		o.Bases = append(o.Bases, f.Base(s.BaseR))
	}
	return o
}

func (a *driveArriver) arrives(plan vehicle.Plan) bool {
	if a.never {
		return false
	}
	return vehicle.Arrives(a.s.Map, a.t, a.v.Pose, plan, a.mr, a.others)
}

func vehicleOf(s *rules.State, c rules.Command) (*rules.Vehicle, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok {
		return nil, fmt.Errorf("name the vehicle as V<n>, not %q", c.Arg)
	}
	v := s.Veh(a.ID)
	if v == nil {
		return nil, errors.New("there is no such vehicle")
	}
	if c.Unit != 0 && c.Unit != v.Unit {
		return nil, fmt.Errorf("%s does not belong to that team", v.Name)
	}
	return v, nil
}

func applyDrive(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if c.Fig != 0 || len(c.Targets) > 0 {
		return nil, errors.New(`a drive names the vehicle's unit, its path and the vehicle: "drive U2 30,12 V1"`)
	}
	v, err := vehicleOf(s, c)
	if err != nil {
		return nil, err
	}
	if why := mayDrive(s, v); why != "" {
		return nil, errors.New(why)
	}
	_, plan, _ := rules.PlanOf(c)
	if len(plan.Legs) == 0 && !plan.HasFace {
		return nil, errors.New("give the drive's path or a facing to turn to")
	}
	if len(plan.Legs) > maxWaypoints {
		return nil, fmt.Errorf("a drive may have at most %d waypoints", maxWaypoints)
	}
	res := driveCheck(s, v, plan)
	if !res.Arrived {
		return nil, fmt.Errorf("%s cannot drive that way: %s", v.Name, res.Why)
	}
	second := s.Phase == PhaseVehicles
	stop := stopsAt(s, v, plan, res)
	s.MoveVehicle(v.ID, res.End)
	if second {
		v.SetVar(vMoved2, s.Round)
	} else {
		v.SetVar(vMoved, s.Round)
	}
	v.SetVar(vMove, 0)
	text := fmt.Sprintf("%s drives %s\"", v.Name, rules.InchText(res.Length))
	if res.Length == 0 {
		text = fmt.Sprintf("%s turns on the spot", v.Name)
	}
	if stop != "" {
		text += " and stops there (" + stop + ")"
	}
	if second {
		text += " (its second move: -30% to hit for and against it until it next moves)"
	}
	evs := []rules.Event{{Kind: "drive", Side: v.Side, Unit: v.Unit, Path: res.Path, Text: text}}
	if len(res.Path) < 2 {
		return evs, nil
	}
	storePath(s, res.Path)
	s.SetVar(gOppVeh, int(v.ID))
	if second {
		s.SetVar(gOppFrom, 1)
	}
	if anyOppShot(s) {
		s.Phase = PhaseOpportunity
		s.Decider = 1 - v.Side
		evs = append(evs, rules.Event{Kind: "phase", Side: s.Decider, Unit: v.Unit,
			Text: fmt.Sprintf("%s may take opportunity fire at %s, at any point of its drive", s.Sides[s.Decider].Name, v.Name)})
	} else {
		clearPath(s)
	}
	return evs, nil
}

// movedTwice reports whether a vehicle counts as moving twice: in the
// turn of its second move (the book's "moving twice in a turn"), which
// comes after the fire phases, so that it weighs on the opportunity fire
// at that move; next turn it is still only if it does not move.
func movedTwice(s *rules.State, v *rules.Vehicle) bool {
	return vehMotion(s, v) == movingTwice
}

// hasGFCS reports whether a vehicle has advanced gun fire control: its
// type's (gfcs in data/vehicles.toml) or given it by the scenario (the
// vehicle's "gfcs" variable, from its fire_control = "advanced" key).
func hasGFCS(v *rules.Vehicle) bool {
	return vehKinds[v.Type].GFCS || v.Var(vGFCS) == 1
}
