package skirmish35

import (
	"errors"
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// Vehicles
//
// The book gives vehicles two things: anti-tank weapons and what their
// hits do (by the face struck on a tank, any hit on a halftrack or
// truck), and smoke from a tank's dischargers and shells. Everything a
// vehicle does besides is a house value (data/vehicles.toml and the
// [vehicle] table of tables.toml): a working vehicle (crew aboard, not
// destroyed or abandoned) has its type's action points each turn, spent
// on driving (inches per point by going, through the shared model's drive
// check), turning its turret, firing its gun (rolled as an anti-tank
// weapon; high explosive against figures bursts with the effect table)
// and machine guns (unaimed fire with a burst, needing no acquisition
// roll but a clear sight line and the weapon's arc), its smoke, and
// letting its passengers out. A crew may bail out of an immobilised tank,
// or out of a soft vehicle at any time. Figures aboard are off the table:
// they do not act, are not seen and are not caught by bursts; a
// destroyed vehicle takes everyone aboard with it.

// Vehicle variables.
const (
	vAP      = "ap"    // action points left this turn
	vMax     = "apmax" // the turn's budget
	vMoved   = "mv"    // distance driven this turn
	vMovedT  = "mvt"   // turn it last drove
	vFiredAt = "fat"   // turn it was last fired on
	vDisch   = "dis"   // discharger loads used
	vShells  = "shl"   // smoke shells used
)

// VehicleTypes lists the rule set's vehicles (the Vehicled hook).
func (r Skirmish) VehicleTypes() []vehicle.Type { return r.d.Types }

var (
	_ rules.Vehicled      = Skirmish{}
	_ rules.VehicleMover  = Skirmish{}
	_ rules.VehicleCarder = Skirmish{}
)

// alive lists a side's figures on the table: not removed and not aboard a
// vehicle.
func alive(s *rules.State, side int) []*rules.Figure {
	all := s.Alive(side)
	if len(s.Vehicles) == 0 {
		return all
	}
	out := all[:0]
	for _, f := range all {
		if s.Carrier(f.ID) == 0 {
			out = append(out, f)
		}
	}
	return out
}

func (r Skirmish) vinfo(v *rules.Vehicle) (*VehicleData, *vehicle.Type) {
	vd, t, ok := r.d.vehicleData(v.Type)
	if !ok {
		return nil, nil
	}
	return vd, t
}

// crewLeft counts the crew aboard still in the fight.
func crewLeft(s *rules.State, v *rules.Vehicle) int {
	n := 0
	for _, id := range v.Crew {
		if f := s.Fig(id); f != nil && !f.Removed {
			n++
		}
	}
	return n
}

// working reports whether a vehicle can act: on the table, a crew aboard,
// neither destroyed nor abandoned.
func working(s *rules.State, v *rules.Vehicle) bool {
	return !v.Removed && v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) == 0 && crewLeft(s, v) > 0
}

// targetable reports whether a vehicle is worth a shot: on the table and
// not yet destroyed or abandoned.
func targetable(v *rules.Vehicle) bool {
	return !v.Removed && v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) == 0
}

// beginVehicles gives a side's working vehicles their points.
func (r Skirmish) beginVehicles(s *rules.State, side int) {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side != side {
			continue
		}
		v.SetVar(vMoved, 0)
		n := 0
		if vd, _ := r.vinfo(v); vd != nil && working(s, v) {
			n = vd.Points
		}
		v.SetVar(vAP, n)
		v.SetVar(vMax, n)
	}
}

func (r Skirmish) endVehicles(s *rules.State, side int) {
	for i := range s.Vehicles {
		if v := &s.Vehicles[i]; v.Side == side {
			v.SetVar(vAP, 0)
		}
	}
}

// isVehicleVerb reports whether a verb is a vehicle's own command.
func isVehicleVerb(v string) bool {
	switch v {
	case "drive", "turret", "gun", "mg", "smoke", "shell", "bail", "dismount":
		return true
	}
	return false
}

// vehActor checks a vehicle command's vehicle: the active side's, named
// with its unit, able to act.
func (r Skirmish) vehActor(s *rules.State, c rules.Command) (*rules.Vehicle, *VehicleData, *vehicle.Type, rules.VehicleArg, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok {
		return nil, nil, nil, a, errors.New(`name the vehicle in the last word ("V1")`)
	}
	v := s.Veh(a.ID)
	if v == nil {
		return nil, nil, nil, a, fmt.Errorf("there is no vehicle V%d", a.ID)
	}
	vd, t := r.vinfo(v)
	switch {
	case vd == nil:
		return nil, nil, nil, a, fmt.Errorf("%s is of an unknown type", v.Name)
	case s.Phase != PhaseTurn:
		return nil, nil, nil, a, errors.New("this is a window for opportunity fire: fire or let it pass")
	case v.Side != s.Active:
		return nil, nil, nil, a, fmt.Errorf("it is %s's turn", s.Sides[s.Active].Name)
	case c.Fig != 0:
		return nil, nil, nil, a, errors.New("a vehicle's command names its unit, not a figure")
	case c.Unit != v.Unit:
		return nil, nil, nil, a, fmt.Errorf("name the %s's unit, U%d", v.Name, v.Unit)
	case v.Damage.Has(vehicle.BrewedUp) || v.Removed:
		return nil, nil, nil, a, fmt.Errorf("the %s is destroyed", v.Name)
	case v.Damage.Has(vehicle.Abandoned):
		return nil, nil, nil, a, fmt.Errorf("the %s is abandoned", v.Name)
	case crewLeft(s, v) == 0:
		return nil, nil, nil, a, fmt.Errorf("the %s has no crew aboard", v.Name)
	}
	return v, vd, t, a, nil
}

func vehSpend(v *rules.Vehicle, n int, what string) error {
	if v.Var(vAP) < n {
		return fmt.Errorf("the %s has %d action points left; %s costs %d", v.Name, v.Var(vAP), what, n)
	}
	v.SetVar(vAP, v.Var(vAP)-n)
	return nil
}

// applyVehicle carries out a vehicle's command.
func (r Skirmish) applyVehicle(s *rules.State, c rules.Command) ([]rules.Event, error) {
	v, vd, t, a, err := r.vehActor(s, c)
	if err != nil {
		return nil, err
	}
	if c.Verb != "drive" && (a.Reverse || a.HasFace != (c.Verb == "turret")) {
		return nil, fmt.Errorf("%q takes the vehicle alone in its last word (V%d)%s", c.Verb, v.ID, map[bool]string{true: " with the facing (-f<deg>)"}[c.Verb == "turret"])
	}
	switch c.Verb {
	case "drive":
		return r.applyDrive(s, v, vd, c)
	case "turret":
		return r.applyTurret(s, v, vd, t, a, c)
	case "gun":
		return r.applyGun(s, v, vd, t, c)
	case "mg":
		return r.applyMG(s, v, vd, t, c)
	case "smoke":
		return r.applyDischarge(s, v, vd, t, c)
	case "shell":
		return r.applyShell(s, v, vd, t, c)
	case "bail":
		return r.applyBail(s, v, vd, t, c, true)
	case "dismount":
		return r.applyBail(s, v, vd, t, c, false)
	}
	return nil, fmt.Errorf("this rule set has no %q command", c.Verb)
}

// ---- driving ----

// moveRules is a vehicle's move for the drive check: its inches a point
// by going, with the points it has left as the budget.
func (r Skirmish) moveRules(v *rules.Vehicle, vd *VehicleData) vehicle.MoveRules {
	var sp vehicle.Speeds
	for g := range sp {
		sp[g] = in(vd.Speed[g])
	}
	mr := vehicle.MoveRules{Speeds: sp, Budget: int64(max(v.Var(vAP), 0)) * vehicle.MoveParts, ObstacleCost: in(vd.Obstacle)}
	if vd.Obstacle < 0 {
		mr.ObstacleCost = -1
	}
	return mr
}

func immobile(v *rules.Vehicle, why string) vehicle.Result {
	r := vehicle.Result{Stop: vehicle.Immobile, Piece: -1, Other: -1, Why: why}
	if v != nil {
		r.End, r.Path, r.Poses = v.Pose, []geom.Pt{v.Pos}, []vehicle.Pose{v.Pose}
	}
	return r
}

// VehicleMove is the drive check behind dragging a vehicle: how far it
// gets along the plan on the points it has left.
func (r Skirmish) VehicleMove(s *rules.State, id rules.VehicleID, plan vehicle.Plan) vehicle.Result {
	v := s.Veh(id)
	if v == nil {
		return immobile(nil, "there is no such vehicle")
	}
	vd, _ := r.vinfo(v)
	switch {
	case vd == nil:
		return immobile(v, "its type is unknown")
	case s.Over:
		return immobile(v, "the game is over")
	case s.Phase != PhaseTurn || v.Side != s.Active:
		return immobile(v, "it is not its side's turn")
	case !working(s, v):
		return immobile(v, "it cannot act: destroyed, abandoned or without a crew")
	case v.Var(vAP) < r.d.T.Vehicle.MinDrive:
		return immobile(v, "it has no action points left")
	case len(plan.Legs) > maxWaypoints:
		return immobile(v, fmt.Sprintf("a drive may have at most %d legs", maxWaypoints))
	}
	return rules.DriveCheck(r, s, id, plan, r.moveRules(v, vd))
}

// drivePoints is what a drive costs: its share of moves, rounded up, and
// never less than the least a drive costs.
func (r Skirmish) drivePoints(res vehicle.Result) int {
	return max(r.d.T.Vehicle.MinDrive, int(ceilDiv(res.Used, vehicle.MoveParts)))
}

func (r Skirmish) applyDrive(s *rules.State, v *rules.Vehicle, vd *VehicleData, c rules.Command) ([]rules.Event, error) {
	if len(c.Targets) > 0 {
		return nil, errors.New("a drive names the vehicle and its legs")
	}
	_, plan, _ := rules.PlanOf(c)
	if len(plan.Legs) == 0 && !plan.HasFace {
		return nil, errors.New("give the drive's legs or a facing to turn to")
	}
	res := r.VehicleMove(s, v.ID, plan)
	if !res.Arrived {
		why := res.Why
		if why == "" {
			why = "it cannot drive there"
		}
		return nil, fmt.Errorf("the %s cannot make that drive: %s", v.Name, why)
	}
	if res.End == v.Pose {
		return nil, errors.New("the drive goes nowhere")
	}
	pts := r.drivePoints(res)
	if err := vehSpend(v, pts, "the drive"); err != nil {
		return nil, err
	}
	from := v.Pos
	s.MoveVehicle(v.ID, res.End)
	if res.Length > 0 {
		v.SetVar(vMoved, v.Var(vMoved)+int(res.Length))
		v.SetVar(vMovedT, turnNo(s))
	}
	text := fmt.Sprintf("The %s drives %s\" for %d %s", v.Name, rules.FormatInches(res.Length), pts, word(pts, "point", "points"))
	if res.Length == 0 {
		text = fmt.Sprintf("The %s turns on the spot to face %d degrees (%d %s)", v.Name, res.End.Facing, pts, word(pts, "point", "points"))
	}
	path := append([]geom.Pt{from}, res.Path[1:]...)
	return []rules.Event{{Kind: "drive", Side: v.Side, Unit: v.Unit, Path: path, Text: text}}, nil
}

func (r Skirmish) applyTurret(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, a rules.VehicleArg, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 {
		return nil, errors.New("a turret command names the vehicle and the facing (V1-f90)")
	}
	if !t.HasTurret {
		return nil, fmt.Errorf("the %s has no turret", v.Name)
	}
	to := vehicle.Norm(a.Face)
	if to == v.Turret {
		return nil, errors.New("the turret already faces that way")
	}
	if err := vehSpend(v, r.d.T.Vehicle.Turret, "turning the turret"); err != nil {
		return nil, err
	}
	v.Turret = to
	return []rules.Event{{Kind: "turret", Side: v.Side, Unit: v.Unit, Text: fmt.Sprintf("The %s's turret turns to %d degrees", v.Name, to)}}, nil
}

// ---- seeing vehicles ----

// seeVehicle says why a looker at from (the figure f, or nil for a
// vehicle) cannot see vehicle v ("" when it can): smoke on the line,
// a building's walls, terrain hiding every sight line to the hull.
func (r Skirmish) seeVehicle(s *rules.State, f *rules.Figure, from geom.Pt, v *rules.Vehicle, t *vehicle.Type) string {
	if sm, ok := r.smokeOn(s, from, v.Pos); ok {
		return fmt.Sprintf("smoke at %s hides the %s", sm, v.Name)
	}
	if why := r.hullBlocks(s, from, v.Pos); why != "" {
		return why
	}
	if s.Terrain == nil {
		return ""
	}
	if f != nil {
		at := rules.Figure{Name: "the " + v.Name, Pos: v.Pos}
		if why := r.buildingSight(s, f, &at); why != "" {
			return why
		}
	}
	los := s.Terrain.LineOfSight(from, geom.Circle{C: v.Pos, R: t.Width / 2}, terrain.LOSOptions{Rays: sightRays})
	if los.Vis == terrain.Blocked {
		return "terrain hides the " + v.Name
	}
	return ""
}

// ---- anti-tank fire ----

// band is the modifier of the range band from a to b (ok false beyond
// the last band).
func bandOf(bands []Band, a, b geom.Pt) (rules.Mod, bool) {
	for _, bd := range bands {
		if within(a, b, in(bd.Upto)) {
			return rules.Mod{Value: bd.Mod, Reason: fmt.Sprintf("range %s\" (band up to %g\")", rules.FormatInches(dist(a, b)), bd.Upto), Rule: "Anti-tank fire"}, true
		}
	}
	return rules.Mod{}, false
}

// atShot is an anti-tank roll at a vehicle: its modifiers and the face
// the round would strike.
type atShot struct {
	mods   []rules.Mod
	strike vehicle.Strike
}

func (a atShot) need() int { return sumMods(a.mods) }

// atVehicleShot is the ledger for fire from `from` at vehicle v: the range
// band, the firer having been fired on or having moved, the target
// having moved in its last turn, a side shot.
func (r Skirmish) atVehicleShot(s *rules.State, bands []Band, from geom.Pt, firedOn, moved bool, v *rules.Vehicle) (atShot, string) {
	a := r.d.T.AT
	const rule = "Anti-tank fire"
	var sh atShot
	m, ok := bandOf(bands, from, v.Pos)
	if !ok {
		return sh, fmt.Sprintf("the %s is beyond %g\"", v.Name, bands[len(bands)-1].Upto)
	}
	st, ok := rules.FaceStruck(r, s, v.ID, from)
	if !ok || st.Inside || st.Miss {
		return sh, "too close: the firer is on or under the " + v.Name
	}
	sh.strike = st
	sh.mods = append(sh.mods, m)
	if firedOn {
		sh.mods = append(sh.mods, rules.Mod{Value: a.FiredOn, Reason: "been fired on", Rule: rule})
	}
	if moved {
		sh.mods = append(sh.mods, rules.Mod{Value: a.FirerMoved, Reason: "firer moved", Rule: rule})
	}
	if t := v.Var(vMovedT); t > 0 && t >= turnNo(s)-1 {
		sh.mods = append(sh.mods, rules.Mod{Value: a.TargetMoved, Reason: "target moved", Rule: rule})
	}
	if st.Face.Side() {
		sh.mods = append(sh.mods, rules.Mod{Value: a.Side, Reason: "side shot (" + st.Face.String() + ")", Rule: rule})
	}
	return sh, ""
}

func firedOnLately(s *rules.State, turn int) bool { return turn > 0 && turn >= turnNo(s)-1 }

// atVehicleProblem says why figure f cannot fire its anti-tank weapon at
// vehicle v ("" if it can), with the shot when it can.
func (r Skirmish) atVehicleProblem(s *rules.State, f *rules.Figure, v *rules.Vehicle) (atShot, string) {
	vd, t := r.vinfo(v)
	switch {
	case !r.carries(f, "at"):
		return atShot{}, f.Name + " has no anti-tank weapon"
	case f.Markers.Has(rules.Hidden):
		return atShot{}, f.Name + " is hidden: it must move first"
	case levelOf(f) >= Suppressed:
		return atShot{}, f.Name + " is " + levelNames[levelOf(f)] + " and cannot fire"
	case f.Var(fContrib) == turnNo(s) && turnNo(s) > 0:
		return atShot{}, f.Name + " is standing over a surrender this turn and may not fire"
	case f.Var(fAP) < r.d.T.Costs.Unaimed:
		return atShot{}, fmt.Sprintf("%s needs %d points to fire", f.Name, r.d.T.Costs.Unaimed)
	case vd == nil:
		return atShot{}, "an unknown vehicle"
	case v.Side == f.Side:
		return atShot{}, "fire at an enemy vehicle"
	case !targetable(v):
		return atShot{}, "the " + v.Name + " is already out of the fight"
	case !inFront(f, v.Pos, r.d.T.Sight.Front):
		return atShot{}, f.Name + " must turn to face the " + v.Name + " first"
	}
	if why := r.seeVehicle(s, f, f.Pos, v, t); why != "" {
		return atShot{}, why
	}
	return r.atVehicleShot(s, r.d.T.AT.Bands, f.Pos, firedOnLately(s, f.Var(fFiredAt)), f.Var(fMoved) > 0, v)
}

// rollAT rolls 2D6 needing more than the shot's total, a double six a
// failed shell.
func rollAT(s *rules.State, what string, mods []rules.Mod) *rules.Ledger {
	l := &rules.Ledger{What: what, Compare: ">", Mods: mods, Note: "a double six is a failed shell"}
	l.Target = l.ModTotal()
	l.Dice = s.RollN(2, 6)
	l.Total = l.DiceTotal()
	switch {
	case l.Dice[0].Face == 6 && l.Dice[1].Face == 6:
		l.Outcome = "dud shell"
	case l.Total > l.Target:
		l.Outcome = "hit"
	default:
		l.Outcome = "miss"
	}
	return l
}

// applyATVehicle: "at F1 V2" fires a bazooka, Panzerschreck, Panzerfaust
// or PIAT at a vehicle.
func (r Skirmish) applyATVehicle(s *rules.State, f *rules.Figure, c rules.Command, a rules.VehicleArg) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || a.Reverse || a.HasFace {
		return nil, errors.New("anti-tank fire at a vehicle names the firer and the vehicle (at F1 V2)")
	}
	v := s.Veh(a.ID)
	if v == nil {
		return nil, fmt.Errorf("there is no vehicle V%d", a.ID)
	}
	sh, why := r.atVehicleProblem(s, f, v)
	if why != "" {
		return nil, errors.New(why)
	}
	_ = spend(f, r.d.T.Costs.Unaimed, "anti-tank fire")
	acted(s, f)
	unhide(f)
	f.SetVar(fFired, turnNo(s))
	v.SetVar(vFiredAt, turnNo(s))
	l := rollAT(s, fmt.Sprintf("Anti-tank fire at the %s (%s): %s", v.Name, sh.strike.Face, f.Name), sh.mods)
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Unit: v.Unit, Roll: l, Path: []geom.Pt{f.Pos, v.Pos},
		Text: fmt.Sprintf("%s fires at the %s's %s: %d needing more than %d, %s", f.Name, v.Name, sh.strike.Face, l.Total, l.Target, l.Outcome)}}
	if l.Outcome != "hit" {
		return evs, nil
	}
	return append(evs, r.vehicleHit(s, v, sh.strike.Face)...), nil
}

// Effect names of a hit on a vehicle, for the odds.
const (
	effDestroyed   = "destroyed"
	effImmobilised = "immobilised"
	effNone        = "no damage"
)

// hitEffect is the book's table: what a hit on a face does with the
// effect dice a, b (ignored where no roll is made).
func hitEffect(tank bool, face vehicle.Face, a, b int) string {
	switch {
	case !tank, face == vehicle.Rear:
		return effDestroyed
	case face.Side():
		switch {
		case a == 1 && b == 1:
			return effNone
		case a == 6 && b == 6:
			return effImmobilised
		}
		// any other double destroys; the book is silent on the rest and
		// we read them as destroying too (house: a side is never better
		// protected than the front, where they destroy)
		return effDestroyed
	}
	if a == b {
		return effNone
	}
	return effDestroyed
}

// rollsEffect reports whether a hit on the face needs an effect roll.
func rollsEffect(tank bool, face vehicle.Face) bool { return tank && face != vehicle.Rear }

// effectOdds is the exact chance of each effect of a hit on a face.
func effectOdds(tank bool, face vehicle.Face) map[string]float64 {
	out := map[string]float64{}
	if !rollsEffect(tank, face) {
		out[hitEffect(tank, face, 0, 0)] = 1
		return out
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			out[hitEffect(tank, face, a, b)] += 1.0 / 36
		}
	}
	return out
}

// vehicleHit rolls the effect of a hit on vehicle v's face.
func (r Skirmish) vehicleHit(s *rules.State, v *rules.Vehicle, face vehicle.Face) []rules.Event {
	vd, _ := r.vinfo(v)
	tank := vd != nil && vd.Tank()
	if !rollsEffect(tank, face) {
		why := "hit in the rear"
		if !tank {
			why = "any hit destroys a " + vd.Class
		}
		return r.destroyVehicle(s, v, why)
	}
	l := &rules.Ledger{What: fmt.Sprintf("Effect of a hit on the %s's %s", v.Name, face), Compare: "table"}
	if face.Side() {
		l.Note = "double one no damage, double six immobilised, anything else destroyed"
	} else {
		l.Note = "any double no damage, anything else destroyed"
	}
	l.Dice = s.RollN(2, 6)
	l.Total = l.DiceTotal()
	l.Outcome = hitEffect(true, face, l.Dice[0].Face, l.Dice[1].Face)
	evs := []rules.Event{{Kind: "roll", Side: v.Side, Unit: v.Unit, Roll: l,
		Text: fmt.Sprintf("The %s is hit on the %s: %d and %d, %s", v.Name, face, l.Dice[0].Face, l.Dice[1].Face, l.Outcome)}}
	switch l.Outcome {
	case effDestroyed:
		evs = append(evs, r.destroyVehicle(s, v, "hit on the "+face.String())...)
	case effImmobilised:
		v.Damage |= vehicle.Immobilised
		evs = append(evs, rules.Event{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: "The " + v.Name + " is immobilised"})
	}
	return evs
}

// destroyVehicle brews a vehicle up; everyone aboard is lost with it.
func (r Skirmish) destroyVehicle(s *rules.State, v *rules.Vehicle, why string) []rules.Event {
	v.Damage |= vehicle.BrewedUp | vehicle.Smoking
	v.SetVar(vAP, 0)
	evs := []rules.Event{{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: fmt.Sprintf("The %s is destroyed (%s)", v.Name, why)}}
	for _, id := range v.Aboard() {
		if f := s.Fig(id); f != nil && !f.Removed {
			evs = append(evs, r.remove(s, f, "lost with the "+v.Name)...)
		}
	}
	return evs
}

// vehicleShotOdds is the exact distribution of an anti-tank roll needing
// more than need and its effect on a face.
func vehicleShotOdds(need int, tank bool, face vehicle.Face) rules.Odds {
	hit := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if !(a == 6 && b == 6) && a+b > need {
				hit++
			}
		}
	}
	ph := float64(hit) / 36
	eff := effectOdds(tank, face)
	var o rules.Odds
	for _, n := range []string{effDestroyed, effImmobilised, effNone} {
		if p := eff[n] * ph; p > 0 {
			o.Outcomes = append(o.Outcomes, rules.Outcome{Name: n, P: p})
		}
	}
	if miss := 35 - hit; miss > 0 {
		o.Outcomes = append(o.Outcomes, rules.Outcome{Name: "miss", P: float64(miss) / 36})
	}
	o.Outcomes = append(o.Outcomes, rules.Outcome{Name: "dud shell", P: 1.0 / 36})
	return o
}

func (r Skirmish) atVehicleOdds(s *rules.State, f *rules.Figure, a rules.VehicleArg) (rules.Odds, error) {
	v := s.Veh(a.ID)
	if v == nil {
		return rules.Odds{}, fmt.Errorf("there is no vehicle V%d", a.ID)
	}
	sh, why := r.atVehicleProblem(s, f, v)
	if why != "" {
		return rules.Odds{}, errors.New(why)
	}
	vd, _ := r.vinfo(v)
	o := vehicleShotOdds(sh.need(), vd.Tank(), sh.strike.Face)
	o.Mods = sh.mods
	o.Note = fmt.Sprintf("2D6 needing more than %d (a double six is a failed shell); strikes the %s", sh.need(), sh.strike.Face)
	return o, nil
}

// ---- the vehicle's own weapons ----

// proxy stands in for a vehicle as a firer at figures: its commander (or
// a nameless crewman), at the hull's centre, having moved as far as the
// vehicle has this turn, holding the weapon.
func (r Skirmish) proxy(s *rules.State, v *rules.Vehicle, weapon string) *rules.Figure {
	var p rules.Figure
	for _, id := range v.Crew {
		if f := s.Fig(id); f != nil && !f.Removed {
			p = *f
			break
		}
	}
	p.Name = "the " + v.Name
	p.Vars, p.Markers, p.Removed = nil, 0, false
	p.Side, p.Unit, p.Pos, p.Posture, p.Facing = v.Side, v.Unit, v.Pos, rules.Standing, v.Facing
	p.Weapons = []string{weapon}
	p.SetVar(fMoved, v.Var(vMoved))
	return &p
}

// mount finds a vehicle's first weapon of a kind that bears on a base.
func (r Skirmish) mount(t *vehicle.Type, v *rules.Vehicle, kind string, base geom.Circle) (vehicle.Weapon, bool) {
	for _, w := range t.Weapons {
		wd, ok := r.d.Weapon(w.ID)
		if !ok || wd.Kind != kind {
			continue
		}
		if t.WeaponCoversBase(w, v.Pose, base) {
			return w, true
		}
	}
	return vehicle.Weapon{}, false
}

func hasKind(r Skirmish, t *vehicle.Type, kind string) bool {
	for _, w := range t.Weapons {
		if wd, ok := r.d.Weapon(w.ID); ok && wd.Kind == kind {
			return true
		}
	}
	return false
}

// figTarget checks a vehicle's target figure: a known enemy on the table,
// not a prisoner.
func (r Skirmish) figTarget(s *rules.State, v *rules.Vehicle, c rules.Command) (*rules.Figure, error) {
	t, err := target(s, c)
	if err != nil {
		return nil, err
	}
	switch {
	case t.Side == v.Side:
		return nil, errors.New("fire at an enemy figure")
	case s.Carrier(t.ID) != 0:
		return nil, errors.New(t.Name + " is aboard a vehicle")
	case !r.known(s, v.Side, t):
		return nil, errors.New("no such target is known")
	case t.Markers.Has(rules.Surrendered):
		return nil, errors.New(t.Name + " is a prisoner")
	}
	return t, nil
}

// gunFigure is the main gun's shot at a figure: why not, or its ledger.
func (r Skirmish) gunFigure(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, e *rules.Figure) ([]rules.Mod, string) {
	a := r.d.T.AT
	const rule = "Tank gun (house)"
	switch {
	case vd.Gun == "":
		return nil, "the " + v.Name + " has no gun"
	case v.Var(vAP) < r.d.T.Vehicle.Gun:
		return nil, fmt.Sprintf("the %s needs %d points to fire its gun", v.Name, r.d.T.Vehicle.Gun)
	}
	if _, ok := r.mount(t, v, "gun", e.Base(s.BaseR)); !ok {
		return nil, "the gun does not bear on " + e.Name + ": turn the turret"
	}
	if sg := r.look(s, r.proxy(s, v, vd.Gun), e); !sg.OK {
		return nil, sg.Why
	}
	m, ok := bandOf(r.d.T.Vehicle.GunBands, v.Pos, e.Pos)
	if !ok {
		return nil, e.Name + " is beyond the gun's range"
	}
	m.Rule = rule
	mods := []rules.Mod{m}
	if firedOnLately(s, v.Var(vFiredAt)) {
		mods = append(mods, rules.Mod{Value: a.FiredOn, Reason: "been fired on", Rule: rule})
	}
	if v.Var(vMoved) > 0 {
		mods = append(mods, rules.Mod{Value: a.FirerMoved, Reason: "firer moved", Rule: rule})
	}
	if e.Var(fTMoved) > 0 {
		mods = append(mods, rules.Mod{Value: a.TargetMoved, Reason: "target moved", Rule: rule})
	}
	return mods, ""
}

// gunVehicle is the main gun's shot at a vehicle.
func (r Skirmish) gunVehicle(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, tv *rules.Vehicle) (atShot, string) {
	switch {
	case vd.Gun == "":
		return atShot{}, "the " + v.Name + " has no gun"
	case v.Var(vAP) < r.d.T.Vehicle.Gun:
		return atShot{}, fmt.Sprintf("the %s needs %d points to fire its gun", v.Name, r.d.T.Vehicle.Gun)
	case tv.Side == v.Side:
		return atShot{}, "fire at an enemy vehicle"
	case !targetable(tv):
		return atShot{}, "the " + tv.Name + " is already out of the fight"
	}
	_, tt := r.vinfo(tv)
	if tt == nil {
		return atShot{}, "an unknown vehicle"
	}
	if _, ok := r.mount(t, v, "gun", geom.Circle{C: tv.Pos, R: tt.Width / 2}); !ok {
		return atShot{}, "the gun does not bear on the " + tv.Name + ": turn the turret"
	}
	if why := r.seeVehicle(s, nil, v.Pos, tv, tt); why != "" {
		return atShot{}, why
	}
	return r.atVehicleShot(s, r.d.T.Vehicle.GunBands, v.Pos, firedOnLately(s, v.Var(vFiredAt)), v.Var(vMoved) > 0, tv)
}

// vehicleUnder finds the targetable vehicle whose hull lies under p.
func (r Skirmish) vehicleUnder(s *rules.State, p geom.Pt) *rules.Vehicle {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if h, ok := rules.HullOf(r, s, v.ID); ok && !v.Removed && h.Under(p) {
			return v
		}
	}
	return nil
}

func (r Skirmish) applyGun(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, c rules.Command) ([]rules.Event, error) {
	switch {
	case len(c.Targets) == 1 && len(c.Path) == 0:
		e, err := r.figTarget(s, v, c)
		if err != nil {
			return nil, err
		}
		mods, why := r.gunFigure(s, v, vd, t, e)
		if why != "" {
			return nil, errors.New(why)
		}
		_ = vehSpend(v, r.d.T.Vehicle.Gun, "the gun")
		l := rollAT(s, fmt.Sprintf("High explosive from the %s at %s", v.Name, e.Name), mods)
		evs := []rules.Event{{Kind: "roll", Side: v.Side, Unit: v.Unit, Target: e.ID, Roll: l, Path: []geom.Pt{v.Pos, e.Pos},
			Text: fmt.Sprintf("The %s fires at %s: %d needing more than %d, %s", v.Name, e.Name, l.Total, l.Target, l.Outcome)}}
		e.SetVar(fFiredAt, turnNo(s))
		if l.Outcome != "hit" {
			return evs, nil
		}
		return append(evs, r.blast(s, v.Side, e.Pos, in(r.d.T.Vehicle.HERadius), "The "+v.Name+"'s shell", false)...), nil
	case len(c.Targets) == 0 && len(c.Path) == 1:
		tv := r.vehicleUnder(s, c.Path[0])
		if tv == nil {
			return nil, errors.New("aim the gun at a vehicle (its hull) or a figure")
		}
		sh, why := r.gunVehicle(s, v, vd, t, tv)
		if why != "" {
			return nil, errors.New(why)
		}
		_ = vehSpend(v, r.d.T.Vehicle.Gun, "the gun")
		tv.SetVar(vFiredAt, turnNo(s))
		l := rollAT(s, fmt.Sprintf("The %s's gun at the %s (%s)", v.Name, tv.Name, sh.strike.Face), sh.mods)
		evs := []rules.Event{{Kind: "roll", Side: v.Side, Unit: v.Unit, Roll: l, Path: []geom.Pt{v.Pos, tv.Pos},
			Text: fmt.Sprintf("The %s fires at the %s's %s: %d needing more than %d, %s", v.Name, tv.Name, sh.strike.Face, l.Total, l.Target, l.Outcome)}}
		if l.Outcome != "hit" {
			return evs, nil
		}
		return append(evs, r.vehicleHit(s, tv, sh.strike.Face)...), nil
	}
	return nil, errors.New("the gun fires at one figure or at a vehicle's hull")
}

// gunOdds: at a vehicle, as anti-tank fire; at a figure, the target's
// fate from the shell (the effect table's row for where it stands).
func (r Skirmish) gunOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	v, vd, t, _, err := r.vehActor(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if len(c.Path) == 1 && len(c.Targets) == 0 {
		tv := r.vehicleUnder(s, c.Path[0])
		if tv == nil {
			return rules.Odds{}, errors.New("aim the gun at a vehicle")
		}
		sh, why := r.gunVehicle(s, v, vd, t, tv)
		if why != "" {
			return rules.Odds{}, errors.New(why)
		}
		tvd, _ := r.vinfo(tv)
		o := vehicleShotOdds(sh.need(), tvd.Tank(), sh.strike.Face)
		o.Mods = sh.mods
		o.Note = fmt.Sprintf("2D6 needing more than %d (a double six is a failed shell); strikes the %s", sh.need(), sh.strike.Face)
		return o, nil
	}
	e, err := r.figTarget(s, v, c)
	if err != nil {
		return rules.Odds{}, err
	}
	mods, why := r.gunFigure(s, v, vd, t, e)
	if why != "" {
		return rules.Odds{}, errors.New(why)
	}
	need := sumMods(mods)
	hit := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if !(a == 6 && b == 6) && a+b > need {
				hit++
			}
		}
	}
	ph := float64(hit) / 36
	row, where := r.effectRow(s, e.Pos, false)
	none, sup, kill := effectDist(row)
	var o rules.Odds
	for _, x := range []rules.Outcome{{Name: "killed", P: ph * kill}, {Name: "suppressed", P: ph * sup}, {Name: "no effect", P: ph * none},
		{Name: "miss", P: float64(35-hit) / 36}, {Name: "dud shell", P: 1.0 / 36}} {
		if x.P > 0 {
			o.Outcomes = append(o.Outcomes, x)
		}
	}
	o.Mods = mods
	o.Note = fmt.Sprintf("2D6 needing more than %d (a double six is a failed shell); a hit bursts on %s (%s row of the effect table)", need, e.Name, where)
	return o, nil
}

// mgShot is a vehicle machine gun's shot at a figure.
func (r Skirmish) mgShot(s *rules.State, v *rules.Vehicle, t *vehicle.Type, e *rules.Figure) (shot, *rules.Figure, string) {
	if v.Var(vAP) < r.d.T.Vehicle.MG {
		return shot{}, nil, fmt.Sprintf("the %s needs %d points to fire a machine gun", v.Name, r.d.T.Vehicle.MG)
	}
	w, ok := r.mount(t, v, "fire", e.Base(s.BaseR))
	if !ok {
		return shot{}, nil, "no machine gun bears on " + e.Name
	}
	p := r.proxy(s, v, w.ID)
	sg := r.look(s, p, e)
	if !sg.OK {
		return shot{}, nil, sg.Why
	}
	sh := r.shotOf(s, p, e, sg, "unaimed")
	sh.ammo = false // house: the crew keep a vehicle's belts fed
	return sh, p, ""
}

func (r Skirmish) applyMG(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 {
		return nil, errors.New("a machine gun fires at one figure")
	}
	e, err := r.figTarget(s, v, c)
	if err != nil {
		return nil, err
	}
	sh, p, why := r.mgShot(s, v, t, e)
	if why != "" {
		return nil, errors.New(why)
	}
	_ = vehSpend(v, r.d.T.Vehicle.MG, "machine gun fire")
	evs := r.resolve(s, p, e, sh, fmt.Sprintf("Machine gun fire: the %s at %s", v.Name, e.Name))
	for i := range evs {
		if evs[i].Fig == p.ID && evs[i].Roll != nil && evs[i].Kind == "roll" && evs[i].Target == e.ID {
			evs[i].Unit = v.Unit
		}
	}
	return evs, nil
}

func (r Skirmish) mgOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	v, _, t, _, err := r.vehActor(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	e, err := r.figTarget(s, v, c)
	if err != nil {
		return rules.Odds{}, err
	}
	sh, _, why := r.mgShot(s, v, t, e)
	if why != "" {
		return rules.Odds{}, errors.New(why)
	}
	o, _ := r.shotOdds(e, sh)
	o.Note = fmt.Sprintf("unaimed: needs %d on 2D6 (a double six always hits), a burst rolls twice; save %d", sh.need, sh.save)
	return o, nil
}

// ---- smoke ----

func (r Skirmish) dischargeProblem(v *rules.Vehicle, vd *VehicleData) string {
	switch {
	case v.Var(vDisch) >= vd.Dischargers:
		return "the " + v.Name + " has no smoke dischargers loaded"
	case v.Var(vAP) < r.d.T.Vehicle.Smoke:
		return fmt.Sprintf("the %s needs %d points to fire its dischargers", v.Name, r.d.T.Vehicle.Smoke)
	}
	return ""
}

// dischargePoint is where discharger smoke settles: a cloud just ahead
// of the hull.
func (r Skirmish) dischargePoint(v *rules.Vehicle, t *vehicle.Type) geom.Pt {
	d := t.Length/2 + in(r.d.T.Vehicle.SmokeAhead) + in(r.d.T.Smoke.Radius)
	u := vehicle.Dir(v.Facing)
	return geom.Pt{X: v.Pos.X + divRound(u.X*d, vehicle.Scale), Y: v.Pos.Y + divRound(u.Y*d, vehicle.Scale)}
}

func (r Skirmish) laySmoke(s *rules.State, side int, p geom.Pt, what string) []rules.Event {
	setSmokes(s, append(Smokes(s), Smoke{C: p, Turn: turnNo(s)}))
	c := geom.Circle{C: p, R: in(r.d.T.Smoke.Radius)}
	return []rules.Event{{Kind: "smoke", Side: side, Area: &c, Text: what}}
}

func (r Skirmish) applyDischarge(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 {
		return nil, errors.New("the dischargers take no aim")
	}
	if why := r.dischargeProblem(v, vd); why != "" {
		return nil, errors.New(why)
	}
	_ = vehSpend(v, r.d.T.Vehicle.Smoke, "the dischargers")
	v.SetVar(vDisch, v.Var(vDisch)+1)
	return r.laySmoke(s, v.Side, r.dischargePoint(v, t), "The "+v.Name+" fires its smoke dischargers"), nil
}

func (r Skirmish) shellProblem(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, p geom.Pt) string {
	switch {
	case vd.Gun == "":
		return "the " + v.Name + " has no gun"
	case v.Var(vShells) >= vd.SmokeShells:
		return "the " + v.Name + " has no smoke shells left"
	case v.Var(vAP) < r.d.T.Vehicle.Shell:
		return fmt.Sprintf("the %s needs %d points to fire a smoke shell", v.Name, r.d.T.Vehicle.Shell)
	case !within(v.Pos, p, in(r.d.T.Vehicle.ShellRange)):
		return fmt.Sprintf("a smoke shell reaches %g\"", r.d.T.Vehicle.ShellRange)
	case s.Map != nil && (p.X < 0 || p.Y < 0 || p.X > s.Map.Width || p.Y > s.Map.Height):
		return "aim on the table"
	}
	if _, ok := r.mount(t, v, "gun", geom.Circle{C: p}); !ok {
		return "the gun does not bear there: turn the turret"
	}
	if _, ok := r.smokeOn(s, v.Pos, p); ok {
		return "smoke hides the aim point"
	}
	if s.Terrain != nil && !s.Terrain.Clear(v.Pos, p) {
		return "terrain hides the aim point"
	}
	return ""
}

func (r Skirmish) applyShell(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) != 1 || len(c.Targets) > 0 {
		return nil, errors.New("a smoke shell is aimed at one point")
	}
	if why := r.shellProblem(s, v, vd, t, c.Path[0]); why != "" {
		return nil, errors.New(why)
	}
	_ = vehSpend(v, r.d.T.Vehicle.Shell, "a smoke shell")
	v.SetVar(vShells, v.Var(vShells)+1)
	return r.laySmoke(s, v.Side, c.Path[0], "The "+v.Name+" fires a smoke shell"), nil
}

// ---- getting out ----

func (r Skirmish) bailProblem(s *rules.State, v *rules.Vehicle, vd *VehicleData, all bool) string {
	if !all {
		switch {
		case len(v.Passengers) == 0:
			return "the " + v.Name + " carries no passengers"
		case v.Var(vAP) < r.d.T.Vehicle.Dismount:
			return fmt.Sprintf("the %s needs %d points to let its passengers out", v.Name, r.d.T.Vehicle.Dismount)
		}
		return ""
	}
	if vd.Tank() && !v.Damage.Has(vehicle.Immobilised) {
		return "a tank's crew bails out only once it is immobilised"
	}
	return ""
}

// outSpots are the places figures getting out may stand, best first: by
// each door, then around the hull, starting behind it.
func (r Skirmish) outSpots(s *rules.State, v *rules.Vehicle, t *vehicle.Type) []geom.Pt {
	var out []geom.Pt
	for _, d := range t.Doors {
		out = append(out, t.DoorOut(d, v.Pose, s.BaseR))
	}
	half := isqrt(t.Length*t.Length+t.Width*t.Width)/2 + s.BaseR + s.BaseR/4
	for ring := int64(0); ring < 3; ring++ {
		for k := 0; k < 24; k++ {
			u := vehicle.Dir(v.Facing + 180 + k*15)
			d := half + ring*(2*s.BaseR+s.BaseR/2)
			out = append(out, geom.Pt{X: v.Pos.X + divRound(u.X*d, vehicle.Scale), Y: v.Pos.Y + divRound(u.Y*d, vehicle.Scale)})
		}
	}
	return out
}

func (r Skirmish) applyBail(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, c rules.Command, all bool) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 {
		return nil, fmt.Errorf("%s names the vehicle alone", c.Verb)
	}
	if why := r.bailProblem(s, v, vd, all); why != "" {
		return nil, errors.New(why)
	}
	who := v.Passengers
	if all {
		who = v.Aboard()
	} else {
		_ = vehSpend(v, r.d.T.Vehicle.Dismount, "letting the passengers out")
	}
	who = append([]rules.FigID(nil), who...)
	spots := r.outSpots(s, v, t)
	var names []string
	var figs []rules.FigID
	for _, id := range who {
		f := s.Fig(id)
		if f == nil || f.Removed {
			continue
		}
		for _, p := range spots {
			if r.standProblem(s, f, p) == "" {
				s.Alight(id, p)
				f.Facing = v.Facing
				f.SetVar(fAP, 0)
				f.SetVar(fMax, 0)
				names = append(names, f.Name)
				figs = append(figs, id)
				break
			}
		}
	}
	text := fmt.Sprintf("%s get out of the %s", joinNames(names), v.Name)
	if all {
		v.Damage |= vehicle.Abandoned
		v.SetVar(vAP, 0)
		text = fmt.Sprintf("The crew bail out of the %s: %s", v.Name, joinNames(names))
	}
	return []rules.Event{{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Figures: figs, Text: text}}, nil
}

func joinNames(ns []string) string {
	switch len(ns) {
	case 0:
		return "nobody"
	case 1:
		return ns[0]
	}
	out := ns[0]
	for _, n := range ns[1 : len(ns)-1] {
		out += ", " + n
	}
	return out + " and " + ns[len(ns)-1]
}

// hullProblem says why a figure's base at p would stand on a hull.
func hullProblem(r Skirmish, s *rules.State, p geom.Pt) string {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed {
			continue
		}
		if h, ok := rules.HullOf(r, s, v.ID); ok && h.OverlapsBase(geom.Circle{C: p, R: s.BaseR}) {
			return "it would stand on the " + v.Name
		}
	}
	return ""
}

// vehicleTemplate is the burst a tank's shell would make on a figure, or
// the cloud its smoke shell or dischargers would lay.
func (r Skirmish) vehicleTemplate(s *rules.State, c rules.Command) (geom.Circle, bool) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	v := s.Veh(a.ID)
	if !ok || v == nil {
		return geom.Circle{}, false
	}
	switch {
	case c.Verb == "gun" && len(c.Targets) == 1:
		if e := s.Fig(c.Targets[0]); e != nil {
			return geom.Circle{C: e.Pos, R: in(r.d.T.Vehicle.HERadius)}, true
		}
	case c.Verb == "shell" && len(c.Path) == 1:
		return geom.Circle{C: c.Path[0], R: in(r.d.T.Smoke.Radius)}, true
	case c.Verb == "smoke":
		if _, t := r.vinfo(v); t != nil {
			return geom.Circle{C: r.dischargePoint(v, t), R: in(r.d.T.Smoke.Radius)}, true
		}
	}
	return geom.Circle{}, false
}

// hullBlocks says why a vehicle's hull hides b from a ("" if none does):
// a hull the centre line passes inside, other than one standing over
// either end (the looker's own vehicle, the target vehicle).
func (r Skirmish) hullBlocks(s *rules.State, a, b geom.Pt) string {
	if len(s.Vehicles) == 0 {
		return ""
	}
	var except []rules.VehicleID
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if h, ok := rules.HullOf(r, s, v.ID); ok && !v.Removed && (h.Under(a) || h.Under(b)) {
			except = append(except, v.ID)
		}
	}
	if id := rules.VehicleAcross(r, s, a, b, except...); id != 0 {
		return "the " + s.Veh(id).Name + " is in the way"
	}
	return ""
}

// hullHides says why a hull hides a figure's base (centre b, radius rad)
// from a ("" if none does): one hull across all three sight lines, to
// the base's centre and to its two edges across the line.
func (r Skirmish) hullHides(s *rules.State, a, b geom.Pt, rad int64) string {
	why := r.hullBlocks(s, a, b)
	if why == "" {
		return ""
	}
	v := b.Sub(a)
	n := isqrt(v.Len2())
	if n == 0 {
		return why
	}
	off := geom.Pt{X: -v.Y * rad / n, Y: v.X * rad / n}
	if r.hullBlocks(s, a, b.Add(off)) == "" || r.hullBlocks(s, a, b.Sub(off)) == "" {
		return ""
	}
	return why
}

// pathThroughHull says why a figure's path would pass through a hull ("" if
// it does not): its centre line may not run inside one.
func pathThroughHull(r Skirmish, s *rules.State, legs []geom.Pt) string {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed {
			continue
		}
		h, ok := rules.HullOf(r, s, v.ID)
		if !ok {
			continue
		}
		for k := 1; k < len(legs); k++ {
			if h.BlocksSight(legs[k-1], legs[k]) || h.Under(legs[k]) {
				return "the " + v.Name + " is in the way"
			}
		}
	}
	return ""
}

// ---- getting in ----

// boardProblem says why figure f cannot climb aboard vehicle v as a
// passenger ("" if it can): a friendly vehicle, working, with room,
// within reach of its hull, a point to spend.
func (r Skirmish) boardProblem(s *rules.State, f *rules.Figure, v *rules.Vehicle) string {
	_, t := r.vinfo(v)
	switch {
	case t == nil:
		return "an unknown vehicle"
	case v.Side != f.Side:
		return "board a vehicle of your own side"
	case !working(s, v):
		return "the " + v.Name + " cannot move off: destroyed, abandoned or without a crew"
	case len(v.Passengers) >= t.Passengers:
		return "the " + v.Name + " has no room"
	case f.Var(fAP) < r.d.T.Costs.Action:
		return fmt.Sprintf("%s needs %d point to climb aboard", f.Name, r.d.T.Costs.Action)
	}
	h, _ := rules.HullOf(r, s, v.ID)
	if !h.OverlapsBase(geom.Circle{C: f.Pos, R: s.BaseR + in(r.d.T.Melee.Contact)}) {
		return fmt.Sprintf("%s must be within %g\" of the %s", f.Name, r.d.T.Melee.Contact, v.Name)
	}
	return ""
}

// applyBoard: "board F1 V2" climbs aboard as a passenger (an action, 1
// point); the figure's turn ends there.
func (r Skirmish) applyBoard(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok || a.Reverse || a.HasFace || len(c.Path) > 0 || len(c.Targets) > 0 {
		return nil, errors.New("board names the figure and the vehicle (board F1 V2)")
	}
	v := s.Veh(a.ID)
	if v == nil {
		return nil, fmt.Errorf("there is no vehicle V%d", a.ID)
	}
	if why := r.boardProblem(s, f, v); why != "" {
		return nil, errors.New(why)
	}
	f.Markers &^= rules.OppFire | rules.Hidden
	f.SetVar(fAP, 0)
	f.SetVar(fLean, 0)
	s.Board(v.ID, f.ID, false)
	s.SetVar(gLastFig, int(f.ID))
	return []rules.Event{{Kind: "vehicle", Side: f.Side, Fig: f.ID, Unit: v.Unit, Figures: []rules.FigID{f.ID},
		Text: fmt.Sprintf("%s climbs aboard the %s", f.Name, v.Name)}}, nil
}

func (r Skirmish) boardCommands(s *rules.State, f *rules.Figure) []rules.Command {
	var out []rules.Command
	for i := range s.Vehicles {
		if v := &s.Vehicles[i]; v.Side == f.Side && r.boardProblem(s, f, v) == "" {
			out = append(out, rules.Command{Verb: "board", Fig: f.ID, Arg: rules.VehicleArg{ID: v.ID}.String()})
		}
	}
	return out
}

// ---- what a vehicle may do now ----

// vehicleCommands lists a vehicle's commands with the points it has.
func (r Skirmish) vehicleCommands(s *rules.State, v *rules.Vehicle) []rules.Command {
	vd, t := r.vinfo(v)
	if vd == nil || v.Removed || v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) != 0 || crewLeft(s, v) == 0 {
		return nil
	}
	var out []rules.Command
	arg := rules.VehicleArg{ID: v.ID}
	mk := func(verb string, a rules.VehicleArg, path []geom.Pt, tg ...rules.FigID) rules.Command {
		return rules.Command{Verb: verb, Unit: v.Unit, Path: path, Targets: tg, Arg: a.String()}
	}
	vc := r.d.T.Vehicle
	ap := v.Var(vAP)
	var enemies []*rules.Figure
	for _, e := range alive(s, 1-v.Side) {
		if r.known(s, v.Side, e) && !e.Markers.Has(rules.Surrendered) {
			enemies = append(enemies, e)
		}
	}
	var foes []*rules.Vehicle
	for i := range s.Vehicles {
		if o := &s.Vehicles[i]; o.Side != v.Side && targetable(o) {
			foes = append(foes, o)
		}
	}
	near := nearest(s, v.Pos, enemies)
	if ap >= vc.MinDrive && !v.Damage.Has(vehicle.Immobilised) {
		out = append(out, mk("drive", arg, nil)) // the table's drag: any plan VehicleMove accepts
		try := func(a rules.VehicleArg, path []geom.Pt) {
			c := mk("drive", a, path)
			_, plan, _ := rules.PlanOf(c)
			res := r.VehicleMove(s, v.ID, plan)
			if !res.Arrived && len(path) == 1 && res.Length > 0 {
				c.Path = []geom.Pt{res.End.Pos}
				_, plan, _ = rules.PlanOf(c)
				res = r.VehicleMove(s, v.ID, plan)
			}
			if res.Arrived && res.End != v.Pose {
				out = append(out, c)
			}
		}
		if near != nil {
			reach := int64(ap) * in(vd.Speed[vehicle.Clear])
			d := dist(v.Pos, near.Pos)
			if step := min(reach, d-in(10)); step > 0 {
				try(arg, []geom.Pt{towards(v.Pos, near.Pos, step)})
			}
			if b := bearing(v.Pos, near.Pos); b != v.Facing {
				try(rules.VehicleArg{ID: v.ID, Face: b, HasFace: true}, nil)
			}
		}
		back := towards(v.Pos, r.dischargePoint(v, t), -in(4))
		try(rules.VehicleArg{ID: v.ID, Reverse: true}, []geom.Pt{back})
	}
	if t.HasTurret && ap >= vc.Turret {
		aim := geom.Pt{}
		has := false
		if near != nil {
			aim, has = near.Pos, true
		}
		if len(foes) > 0 {
			if nv := foes[0]; !has || geom.Dist2(v.Pos, nv.Pos) < geom.Dist2(v.Pos, aim) {
				aim, has = nv.Pos, true
			}
		}
		if has {
			if b := bearing(t.TurretCentre(v.Pose), aim); b != v.Turret {
				out = append(out, mk("turret", rules.VehicleArg{ID: v.ID, Face: b, HasFace: true}, nil))
			}
		}
	}
	for _, e := range enemies {
		if vd.Gun != "" && ap >= vc.Gun && within(v.Pos, e.Pos, in(vc.GunBands[len(vc.GunBands)-1].Upto)) {
			if _, why := r.gunFigure(s, v, vd, t, e); why == "" {
				out = append(out, mk("gun", arg, nil, e.ID))
			}
		}
		if ap >= vc.MG {
			if _, _, why := r.mgShot(s, v, t, e); why == "" {
				out = append(out, mk("mg", arg, nil, e.ID))
			}
		}
	}
	for _, o := range foes {
		if vd.Gun != "" && ap >= vc.Gun {
			if _, why := r.gunVehicle(s, v, vd, t, o); why == "" {
				out = append(out, mk("gun", arg, []geom.Pt{o.Pos}))
			}
		}
	}
	if r.dischargeProblem(v, vd) == "" {
		out = append(out, mk("smoke", arg, nil))
	}
	if near != nil && r.shellProblem(s, v, vd, t, near.Pos) == "" {
		out = append(out, mk("shell", arg, []geom.Pt{near.Pos}))
	}
	if r.bailProblem(s, v, vd, false) == "" {
		out = append(out, mk("dismount", arg, nil))
	}
	if r.bailProblem(s, v, vd, true) == "" {
		out = append(out, mk("bail", arg, nil))
	}
	return out
}

// atVehicleCommands lists a figure's anti-tank shots at vehicles.
func (r Skirmish) atVehicleCommands(s *rules.State, f *rules.Figure) []rules.Command {
	if !r.carries(f, "at") {
		return nil
	}
	var out []rules.Command
	last := in(r.d.T.AT.Bands[len(r.d.T.AT.Bands)-1].Upto)
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side == f.Side || !targetable(v) || !within(f.Pos, v.Pos, last) {
			continue
		}
		if _, why := r.atVehicleProblem(s, f, v); why == "" {
			out = append(out, rules.Command{Verb: "at", Fig: f.ID, Arg: rules.VehicleArg{ID: v.ID}.String()})
		}
		if !inFront(f, v.Pos, r.d.T.Sight.Front) && f.Var(fAP) >= r.d.T.Costs.Face {
			out = append(out, rules.Command{Verb: "face", Fig: f.ID, Path: []geom.Pt{v.Pos}})
		}
	}
	return out
}

// ---- the vehicle's card ----

// Vehicle is a vehicle's card: type, points, armour read as the book's
// faces, smoke left, damage.
func (r Skirmish) Vehicle(s *rules.State, id rules.VehicleID) rules.VehicleInfo {
	v := s.Veh(id)
	if v == nil {
		return rules.VehicleInfo{}
	}
	vd, t := r.vinfo(v)
	if vd == nil {
		return rules.BasicVehicle(r, s, id)
	}
	var vi rules.VehicleInfo
	un := ""
	if u := s.UnitOf(v.Unit); u != nil {
		un = u.Name
	}
	vi.Lines = append(vi.Lines, fmt.Sprintf("%s  -  %s", s.Sides[v.Side].Name, un), vd.Name)
	if vd.Tank() {
		vi.Lines = append(vi.Lines, "Anti-tank hits: rear destroys; side and front roll 2D6")
	} else {
		vi.Lines = append(vi.Lines, "Any anti-tank hit destroys it")
	}
	vi.Lines = append(vi.Lines, fmt.Sprintf("%d action points a turn; %g\" a point across open ground, %g\" on a road", vd.Points, vd.Speed[vehicle.Clear], vd.Speed[vehicle.Road]))
	if v.Side == s.Active && s.Phase == PhaseTurn && working(s, v) {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Points left: %d of %d", v.Var(vAP), v.Var(vMax)))
	}
	if vd.Dischargers > 0 || vd.SmokeShells > 0 {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Smoke: dischargers %d, shells %d", max(0, vd.Dischargers-v.Var(vDisch)), max(0, vd.SmokeShells-v.Var(vShells))))
	}
	var names []string
	for _, f := range v.Aboard() {
		if fig := s.Fig(f); fig != nil && !fig.Removed {
			names = append(names, fig.Name)
		}
	}
	if len(names) > 0 {
		vi.Lines = append(vi.Lines, "Aboard: "+joinNames(names))
	}
	if d := v.Damage.Names(); len(d) > 0 {
		vi.Lines = append(vi.Lines, "State: "+joinNames(d))
	}
	for _, w := range t.Weapons {
		wi := r.WeaponInfo(w.ID)
		wi.Label += " (" + w.Mount.String() + ")"
		vi.Weapons = append(vi.Weapons, wi)
	}
	for _, n := range v.Damage.Names() {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: n, Label: n})
	}
	if v.HatchesOpen {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkHatchesOpen, Label: "hatches open"})
	}
	if v.Side == s.Active && s.Phase == PhaseTurn && working(s, v) {
		n := v.Var(vAP)
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkAP, Label: fmt.Sprintf("%d action %s", n, word(n, "point", "points")), N: n})
		vi.Spent = n == 0
	}
	return vi
}

// vehicleAction labels a vehicle's commands for the action bar.
func (r Skirmish) vehicleAction(s *rules.State, c rules.Command) rules.Action {
	vc := r.d.T.Vehicle
	ap := func(label string, n int) string {
		if n == 0 {
			return label + " (free)"
		}
		return fmt.Sprintf("%s (%d AP)", label, n)
	}
	name := "vehicle"
	if a, ok := rules.ParseVehicleArg(c.Arg); ok {
		if v := s.Veh(a.ID); v != nil {
			name = v.Name
		}
	}
	g := func(k string) string { return k + " " + c.Arg }
	switch c.Verb {
	case "drive":
		if len(c.Path) == 0 && !stringsHas(c.Arg, "-f") {
			return rules.Action{Label: "Drive the " + name + " (inches a point by going)", Short: "Drive", Kind: rules.ActDrag, Group: g("drive")}
		}
		if len(c.Path) == 0 {
			return rules.Action{Label: ap("Turn the "+name+" to face the enemy", vc.MinDrive), Short: "Pivot", Kind: rules.ActButton, Group: g("pivot")}
		}
		if stringsHas(c.Arg, "-r") {
			return rules.Action{Label: "Back the " + name + " up", Short: "Reverse", Kind: rules.ActButton, Group: g("reverse")}
		}
		return rules.Action{Label: "Drive the " + name + " towards the enemy", Short: "Advance", Kind: rules.ActButton, Group: g("advance")}
	case "turret":
		return rules.Action{Label: ap("Turn the "+name+"'s turret", vc.Turret), Short: "Turret", Kind: rules.ActButton, Group: g("turret")}
	case "gun":
		if len(c.Path) == 1 {
			return rules.Action{Label: ap("The "+name+"'s gun at a vehicle", vc.Gun), Short: "Gun", Kind: rules.ActAim, Group: g("gun vehicle")}
		}
		return rules.Action{Label: ap("The "+name+"'s gun (high explosive)", vc.Gun), Short: "Gun HE", Kind: rules.ActAim, Group: g("gun")}
	case "mg":
		return rules.Action{Label: ap("The "+name+"'s machine gun", vc.MG), Short: "MG", Kind: rules.ActAim, Group: g("mg")}
	case "smoke":
		return rules.Action{Label: ap("Fire the "+name+"'s smoke dischargers", vc.Smoke), Short: "Dischargers", Kind: rules.ActButton, Group: g("smoke")}
	case "shell":
		return rules.Action{Label: ap("The "+name+" fires a smoke shell", vc.Shell), Short: "Smoke shell", Kind: rules.ActAim, Group: g("shell")}
	case "dismount":
		return rules.Action{Label: ap("Passengers out of the "+name, vc.Dismount), Short: "Dismount", Kind: rules.ActButton, Group: g("dismount")}
	case "bail":
		return rules.Action{Label: "The crew bail out of the " + name + " (free)", Short: "Bail out", Kind: rules.ActButton, Group: g("bail")}
	case "board":
		return rules.Action{Label: ap("Climb aboard the "+name, r.d.T.Costs.Action), Short: "Board", Kind: rules.ActButton, Group: g("board")}
	}
	return rules.Action{}
}

func stringsHas(s, sub string) bool { return strings.Contains(s, sub) }
