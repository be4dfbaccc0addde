package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

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
	text := fmt.Sprintf("The %s drives %s\" for %d %s", v.Name, rules.InchText(res.Length), pts, rules.OneOrMany(pts, "point", "points"))
	if res.Length == 0 {
		text = fmt.Sprintf("The %s turns on the spot to face %s (%d %s)", v.Name, rules.FacingWords(res.End.Facing), pts, rules.OneOrMany(pts, "point", "points"))
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
	return []rules.Event{{Kind: "turret", Side: v.Side, Unit: v.Unit, Text: fmt.Sprintf("The %s turns its turret %s", v.Name, rules.AimWords(r, s, v.ID, to))}}, nil
}

// ---- seeing vehicles ----

// seeVehicle says why a looker at from (the figure f, or nil for a
// vehicle) cannot see vehicle v ("" when it can): smoke on the line,
// a building's walls, terrain hiding every sight line to the hull.
func (r Skirmish) seeVehicle(s *rules.State, f *rules.Figure, from geom.Pt, v *rules.Vehicle, t *vehicle.Type) string {
	if _, ok := r.smokeOn(s, from, v.Pos); ok {
		return fmt.Sprintf("smoke hides the %s", v.Name)
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
			return rules.Mod{Value: bd.Mod, Reason: fmt.Sprintf("range %s\" (band up to %g\")", rangeText(dist(a, b)), bd.Upto), Rule: "Anti-tank fire"}, true
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

// AtVehicleWhy is the AtVehicleWhyer hook: why figure fid may not fire
// his anti-tank weapon at vehicle vid now ("" when he may).
func (r Skirmish) AtVehicleWhy(s *rules.State, fid rules.FigID, vid rules.VehicleID) string {
	f, v := s.Fig(fid), s.Veh(vid)
	switch {
	case f == nil || v == nil:
		return ""
	case s.Over:
		return "the game is over"
	case s.Phase != PhaseTurn || f.Side != s.Active:
		return "it is not his side's turn"
	case s.Carrier(f.ID) != 0:
		return f.Name + " is aboard a vehicle"
	}
	_, why := r.atVehicleProblem(s, f, v)
	return why
}

var _ rules.AtVehicleWhyer = Skirmish{}

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
		Text: fmt.Sprintf("%s fires at the %s %s: %s: %s", f.Name, rules.Possessive(v.Name), sh.strike.Face, shellText(l.Total, l.Target), l.Outcome)}}
	evs = append(evs, r.useAT(f)...)
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
	l := &rules.Ledger{What: fmt.Sprintf("Effect of a hit on the %s %s", rules.Possessive(v.Name), face), Compare: "table"}
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
	o.Note = fmt.Sprintf("two dice needing more than %d (a double six is a failed shell); strikes the %s", sh.need(), sh.strike.Face)
	return o, nil
}
