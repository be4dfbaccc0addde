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
		what := "Move, "
		if second {
			what = "Second move, "
		}
		var mods []rules.Mod
		if da.Add != 0 {
			mods = []rules.Mod{{Value: da.Add, Reason: fmt.Sprintf("%s: %dD6+%d\"", strings.ReplaceAll(k.Class, "_", " "), da.Dice, da.Add), Rule: "Move Chart"}}
		}
		l := &rules.Ledger{What: what + v.Name, Dice: d, Compare: "table", Mods: mods, Total: tot,
			Outcome: fmt.Sprintf("up to %s\"%s", rules.FormatInches(int64(dist)), note),
			Note:    fmt.Sprintf("%s (%s): %dD6%s inches", t.Name, strings.ReplaceAll(k.Class, "_", " "), da.Dice, signed(da.Add))}
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
	case v.Side != mover || s.Decider != mover:
		return fmt.Sprintf("%s moves this turn", s.Sides[mover].Name)
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
		return rules.DriveCheck(Maxim{}, s, v.ID, plan, moveRules(s, v))
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
		return nil, fmt.Errorf("there is no vehicle V%d", a.ID)
	}
	if c.Unit != 0 && c.Unit != v.Unit {
		return nil, fmt.Errorf("%s does not belong to U%d", v.Name, c.Unit)
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
	s.MoveVehicle(v.ID, res.End)
	if second {
		v.SetVar(vMoved2, s.Round)
	} else {
		v.SetVar(vMoved, s.Round)
	}
	v.SetVar(vMove, 0)
	text := fmt.Sprintf("%s drives %s\"", v.Name, rules.FormatInches(res.Length))
	if res.Length == 0 {
		text = fmt.Sprintf("%s turns on the spot", v.Name)
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

// movedTwice reports whether a vehicle counts as moving twice: from its
// second move until it next moves, through the next turn's fire (house
// reading: the second move comes after the fire phases, so its penalty
// falls on the fire that follows it).
func movedTwice(s *rules.State, v *rules.Vehicle) bool {
	m2 := v.Var(vMoved2)
	return m2 != 0 && (m2 == s.Round || (m2 == s.Round-1 && v.Var(vMoved) != s.Round))
}

// movingMods is the modifier for a moving vehicle, firing or fired at.
func movingMod(s *rules.State, v *rules.Vehicle, firing bool) (int, string, bool) {
	gfcs := firing && vehKinds[v.Type].GFCS
	switch {
	case movedTwice(s, v):
		if gfcs {
			return data.Vehicle.ToHit.MovingTwiceGFCS, "firer's vehicle moved twice (advanced fire control)", true
		}
		if firing {
			return data.Vehicle.ToHit.MovingTwice, "firer's vehicle moved twice", true
		}
		return data.Vehicle.ToHit.MovingTwice, "target vehicle moving twice", true
	case v.Var(vMoved) == s.Round:
		if gfcs {
			return data.Vehicle.ToHit.MovingGFCS, "firer's vehicle moved (advanced fire control)", true
		}
		if firing {
			return data.ToHit.Moving, "firer's vehicle moved", true
		}
		return data.ToHit.Moving, "target vehicle moving", true
	}
	return 0, "", false
}

// exitSpots appends where figures getting out of vehicle v may stand, best
// first: by each door, then in rings hugging the hull, rear first.
func exitSpots(dst []geom.Pt, s *rules.State, v *rules.Vehicle) []geom.Pt {
	t := vehType(v)
	out := dst
	for _, d := range t.Doors {
		out = append(out, t.DoorOut(d, v.Pose, s.BaseR))
	}
	fw, rt := vehicle.Dir(v.Facing), vehicle.Dir(v.Facing+90)
	at := func(a, b int64) geom.Pt {
		return v.Pos.Add(geom.Pt{X: divRound(fw.X*a+rt.X*b, vehicle.Scale), Y: divRound(fw.Y*a+rt.Y*b, vehicle.Scale)})
	}
	hl, hw := t.Length/2, t.Width/2
	for ring := int64(0); ring < 3; ring++ {
		off := s.BaseR + 50 + ring*(2*s.BaseR+50)
		out = append(out, at(-(hl+off), 0), at(-(hl+off), hw), at(-(hl+off), -hw))
		for k := int64(-3); k <= 3; k++ {
			a := -k * hl / 4
			out = append(out, at(a, hw+off), at(a, -(hw+off)))
		}
		out = append(out, at(hl+off, 0))
	}
	return out
}

// freeSpot is the first exit spot where figure f may stand (within an
// inch of the hull when near).
func freeSpot(s *rules.State, v *rules.Vehicle, f *rules.Figure, near bool) (geom.Pt, bool) {
	var buf [64]geom.Pt // the doors and three rings of 18 spots
	for _, p := range exitSpots(buf[:0], s, v) {
		if near && !hullNear(s, v, p) {
			continue
		}
		if standProblem(s, f.ID, p) == "" {
			return p, true
		}
	}
	return geom.Pt{}, false
}

// hullNear reports whether a base at p is within an inch of v's hull.
func hullNear(s *rules.State, v *rules.Vehicle, p geom.Pt) bool {
	h := vehType(v).Hull(v.Pose)
	return h.TouchesBase(geom.Circle{C: p, R: s.BaseR + geom.PerInch})
}

// dismountProblem says why f may not get out to p now.
func dismountProblem(s *rules.State, f *rules.Figure, p *geom.Pt) string {
	v := s.Veh(s.Carrier(f.ID))
	switch {
	case f == nil || f.Removed:
		return "that figure is out of the fight"
	case v == nil:
		return f.Name + " is not in a vehicle"
	case s.Phase != PhaseMove || f.Side != s.Active || s.Decider != s.Active:
		return "men get out of vehicles in their side's move phase"
	case f.Var(fMoved) == s.Round:
		return f.Name + " has already moved this turn"
	case stunned(f):
		return f.Name + " is stunned"
	case crewOf(s, f) != nil && !v.Damage.Has(vehicle.Immobilised):
		return f.Name + " crews " + v.Name + ": a crew leaves its vehicle only when it is immobilised (house rule)"
	}
	if p != nil {
		if !hullNear(s, v, *p) {
			return "get out within an inch of the vehicle"
		}
		if why := standProblem(s, f.ID, *p); why != "" {
			return f.Name + " cannot stand there: " + why
		}
	}
	return ""
}

func applyDismount(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) != 1 || len(c.Targets) > 0 || c.Arg != "" || c.Unit != 0 {
		return nil, errors.New(`getting out names the figure and where it stands: "dismount F3 30,12"`)
	}
	f := s.Fig(c.Fig)
	if f == nil {
		return nil, fmt.Errorf("there is no figure F%d", c.Fig)
	}
	p := c.Path[0]
	if why := dismountProblem(s, f, &p); why != "" {
		return nil, errors.New(why)
	}
	v := s.Veh(s.Carrier(f.ID))
	from := v.Pos
	s.Alight(f.ID, p)
	f.SetVar(fMoved, s.Round)
	f.Facing = facingOf(from, p, f.Facing)
	evs := []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{from, p}, Text: fmt.Sprintf("%s gets out of %s", f.Name, v.Name)}}
	return append(evs, offerOpp(s, f, []geom.Pt{from, p})...), nil
}

// offerOpp opens opportunity fire at figure f after its move along legs.
func offerOpp(s *rules.State, f *rules.Figure, legs []geom.Pt) []rules.Event {
	storePath(s, legs)
	s.SetVar(gOppFig, int(f.ID))
	if anyOppShot(s) {
		s.Phase = PhaseOpportunity
		s.Decider = 1 - f.Side
		return []rules.Event{{Kind: "phase", Side: s.Decider, Fig: f.ID,
			Text: fmt.Sprintf("%s may take opportunity fire at %s, at any point of its move", s.Sides[s.Decider].Name, f.Name)}}
	}
	clearPath(s)
	return nil
}

// boardProblem says why f may not get into v now.
func boardProblem(s *rules.State, f *rules.Figure, v *rules.Vehicle) string {
	switch {
	case f == nil || f.Removed:
		return "that figure is out of the fight"
	case v == nil || v.Removed:
		return "there is no such vehicle"
	case aboard(s, f):
		return f.Name + " is already aboard a vehicle"
	case s.Phase != PhaseMove || f.Side != s.Active || s.Decider != s.Active:
		return "men get into vehicles in their side's move phase"
	case v.Side != f.Side:
		return v.Name + " is the enemy's"
	case v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) != 0:
		return v.Name + " is knocked out"
	case len(v.Passengers) >= vehType(v).Passengers:
		return v.Name + " has no room"
	case f.Var(fMoved) == s.Round:
		return f.Name + " has already moved this turn"
	case stunned(f):
		return f.Name + " is stunned"
	case !hullNear(s, v, f.Pos):
		return f.Name + " must be within an inch of " + v.Name
	}
	return ""
}

func applyBoard(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Unit != 0 {
		return nil, errors.New(`getting in names the figure and the vehicle: "board F3 V1"`)
	}
	v, err := vehicleOf(s, c)
	if err != nil {
		return nil, err
	}
	f := s.Fig(c.Fig)
	if why := boardProblem(s, f, v); why != "" {
		return nil, errors.New(why)
	}
	from := f.Pos
	s.Board(v.ID, f.ID, false)
	f.SetVar(fMoved, s.Round)
	return []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{from, v.Pos}, Text: fmt.Sprintf("%s gets into %s", f.Name, v.Name)}}, nil
}

// driveCandidates appends to dst a few drives of v the random player and Legal
// offer (the table's drag gives any other): ahead a full and a half
// move, towards the nearest enemy, and turns of 45 degrees either way.
func driveCandidates(dst []rules.Command, s *rules.State, v *rules.Vehicle) []rules.Command {
	d := int64(v.Var(vMove))
	arg := rules.VehicleArg{ID: v.ID}.String() // one word for every drive listed
	out := dst
	da := newDriveArriver(s, v)
	try := func(c rules.Command) {
		_, plan, _ := rules.PlanOf(c)
		if da.arrives(plan) {
			out = append(out, c)
		}
	}
	ahead := func(facing int, dist int64) geom.Pt {
		u := vehicle.Dir(facing)
		return v.Pos.Add(geom.Pt{X: divRound(u.X*dist, vehicle.Scale), Y: divRound(u.Y*dist, vehicle.Scale)})
	}
	for _, frac := range []int64{2, 4} {
		try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{ahead(v.Facing, d*frac/4-10)}, Arg: arg})
	}
	if e := nearestEnemy(s, v.Side, v.Pos); e != nil {
		dist := min(d*3/4, isqrt(geom.Dist2(v.Pos, e.Pos))/2)
		if dist > geom.PerInch {
			try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{toward(v.Pos, e.Pos, dist)}, Arg: arg})
		}
	}
	for _, turn := range []int{45, -45} {
		try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{ahead(v.Facing+turn, d/2)}, Arg: arg})
	}
	return out
}

// vehicleLegal lists the drives, and getting in and out, for the move
// phase or the vehicles' phase.
func vehicleLegal(dst []rules.Command, s *rules.State) []rules.Command {
	out := dst
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if mayDrive(s, v) != "" {
			continue
		}
		out = append(out, rules.Command{Verb: "drive", Unit: v.Unit, Arg: rules.VehicleArg{ID: v.ID}.String()})
		out = driveCandidates(out, s, v)
	}
	if s.Phase != PhaseMove {
		return out
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		for _, id := range v.Aboard() {
			f := s.Fig(id)
			if f == nil || dismountProblem(s, f, nil) != "" {
				continue
			}
			if p, ok := freeSpot(s, v, f, true); ok {
				out = append(out, rules.Command{Verb: "dismount", Fig: f.ID, Path: []geom.Pt{p}})
			}
		}
	}
	for _, f := range s.Alive(s.Active) {
		if aboard(s, f) {
			continue
		}
		for i := range s.Vehicles {
			v := &s.Vehicles[i]
			if boardProblem(s, f, v) == "" {
				out = append(out, rules.Command{Verb: "board", Fig: f.ID, Arg: rules.VehicleArg{ID: v.ID}.String()})
			}
		}
	}
	return out
}

// openSecondMoves starts the vehicles' phase: the moving side's vehicles
// that moved roll their second move. It reports whether any may move.
func openSecondMoves(s *rules.State) ([]rules.Event, bool) {
	mover := s.Var(gMover)
	s.Active, s.Decider = mover, mover
	s.Phase = PhaseVehicles
	evs := rollVehicleMoves(s, mover, true)
	for i := range s.Vehicles {
		if mayDrive(s, &s.Vehicles[i]) == "" {
			return append([]rules.Event{{Kind: "phase", Side: mover,
				Text: fmt.Sprintf("Vehicles' second move: %s's vehicles that moved may move again (-30%% to hit for and against them)", s.Sides[mover].Name)}}, evs...), true
		}
	}
	for i := range s.Vehicles {
		s.Vehicles[i].SetVar(vMove, 0)
	}
	return []rules.Event{{Kind: "phase", Side: mover, Text: "Vehicles' second move: no vehicle of the moving side may move again"}}, false
}

// Vehicle is the VehicleCarder hook: a vehicle's card.
func (Maxim) Vehicle(s *rules.State, id rules.VehicleID) rules.VehicleInfo {
	v := s.Veh(id)
	if v == nil {
		return rules.VehicleInfo{}
	}
	vi := rules.BasicVehicle(Maxim{}, s, id)
	t := vehType(v)
	k := vehKinds[v.Type]
	da := data.Vehicle.Move[k.Class]
	mv := fmt.Sprintf("Moves %dD6", da.Dice)
	if da.Add > 0 {
		mv += fmt.Sprintf("+%d", da.Add)
	}
	mv += "\" (" + strings.ReplaceAll(k.Class, "_", " ") + "), twice a turn at -30% to hit"
	if v.Var(vLoco) > 0 {
		mv += "; half speed (locomotion hit)"
	}
	if m := v.Var(vMove); m > 0 {
		mv += fmt.Sprintf("; %s\" this move", rules.FormatInches(int64(m)))
	}
	vi.Lines = append(vi.Lines, mv)
	if k.GFCS {
		vi.Lines = append(vi.Lines, "Advanced gun fire control: no penalty for one move, -10% for two")
	}
	vi.Weapons = nil
	for i, w := range t.Weapons {
		wc := WeaponCard(w.ID)
		wc.Label += " (" + w.Mount.String() + ")"
		if i == 0 && v.Damage.Has(vehicle.WeaponOut) {
			wc.Label += ": out of action"
		}
		vi.Weapons = append(vi.Weapons, wc)
	}
	if v.Var(vMoved) == s.Round || movedTwice(s, v) {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkMoved, Label: "moved this turn (-20% to hit it and for it; -30% after a second move)"})
	}
	if s.Phase == PhaseMove && v.Side == s.Active {
		vi.Spent = v.Var(vMoved) == s.Round
	}
	if s.Phase == PhaseVehicles && v.Side == s.Active {
		vi.Spent = mayDrive(s, v) != ""
	}
	return vi
}

var (
	_ rules.Vehicled      = Maxim{}
	_ rules.VehicleMover  = Maxim{}
	_ rules.VehicleCarder = Maxim{}
)
