package skirmish35

import (
	"errors"
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

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
	if m, ok := r.hatchMod(v, rule); ok {
		mods = append(mods, m)
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
	sh, why := r.atVehicleShot(s, r.d.T.Vehicle.GunBands, v.Pos, firedOnLately(s, v.Var(vFiredAt)), v.Var(vMoved) > 0, tv)
	if m, ok := r.hatchMod(v, "Tank gun (house)"); ok && why == "" {
		sh.mods = append(sh.mods, m)
	}
	return sh, why
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
			Text: fmt.Sprintf("The %s fires at %s: %s: %s", v.Name, e.Name, shellText(l.Total, l.Target), l.Outcome)}}
		e.SetVar(fFiredAt, turnNo(s))
		if l.Outcome != "hit" {
			return evs, nil
		}
		return append(evs, r.blast(s, v.Side, e.Pos, in(r.d.T.Vehicle.HERadius), "The "+rules.Possessive(v.Name)+" shell", false)...), nil
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
		l := rollAT(s, fmt.Sprintf("The %s gun at the %s (%s)", rules.Possessive(v.Name), tv.Name, sh.strike.Face), sh.mods)
		evs := []rules.Event{{Kind: "roll", Side: v.Side, Unit: v.Unit, Roll: l, Path: []geom.Pt{v.Pos, tv.Pos},
			Text: fmt.Sprintf("The %s fires at the %s %s: %s: %s", v.Name, rules.Possessive(tv.Name), sh.strike.Face, shellText(l.Total, l.Target), l.Outcome)}}
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
		o.Note = fmt.Sprintf("two dice needing more than %d (a double six is a failed shell); strikes the %s", sh.need(), sh.strike.Face)
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
	o.Parts = r.burstParts(s, e, []landing{{e.Pos, ph}}, 1, 0, in(r.d.T.Vehicle.HERadius))
	o.Note = fmt.Sprintf("two dice needing more than %d (a double six is a failed shell); a hit bursts on %s (%s row of the effect table)", need, e.Name, where)
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
	if m, ok := r.hatchMod(v, "Vehicle machine gun (house)"); ok {
		sh.mods = append(sh.mods, m)
		sh.need += m.Value
	}
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
	o.Note = fmt.Sprintf("unaimed: needs %d on two dice (a double six always hits), a burst rolls twice; save %d", sh.need, sh.save)
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

// VehicleFireWhy is the VehicleFireWhyer hook: why vehicle id may fire
// neither its gun nor a machine gun at figure t now ("" when one may).
func (r Skirmish) VehicleFireWhy(s *rules.State, id rules.VehicleID, t rules.FigID) string {
	v, e := s.Veh(id), s.Fig(t)
	if v == nil || e == nil {
		return ""
	}
	vd, vt := r.vinfo(v)
	switch {
	case vd == nil || vt == nil:
		return ""
	case s.Over:
		return "the game is over"
	case s.Phase != PhaseTurn || v.Side != s.Active:
		return "it is not its side's turn"
	case !working(s, v):
		return "it cannot act: destroyed, abandoned or without a crew"
	}
	if _, err := r.figTarget(s, v, rules.Command{Targets: []rules.FigID{t}}); err != nil {
		return err.Error()
	}
	least := r.d.T.Vehicle.MG
	if vd.Gun != "" {
		least = min(least, r.d.T.Vehicle.Gun)
	}
	if ap := v.Var(vAP); ap < least {
		return fmt.Sprintf("it has %d action points left, and a shot from its gun or a machine gun costs %d", ap, least)
	}
	var whys []string
	if vd.Gun != "" {
		_, why := r.gunFigure(s, v, vd, vt, e)
		if why == "" {
			return ""
		}
		whys = append(whys, why)
	}
	_, _, why := r.mgShot(s, v, vt, e)
	if why == "" {
		return ""
	}
	return strings.Join(append(whys, why), "; ")
}

var _ rules.VehicleFireWhyer = Skirmish{}
