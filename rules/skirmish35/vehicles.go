package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
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
		v.SetVar(vOpp, 0)
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
	case "drive", "turret", "gun", "mg", "smoke", "shell", "bail", "dismount", "vopp", "hatch":
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
		return nil, nil, nil, a, fmt.Errorf("it is %s turn", rules.Possessive(s.Sides[s.Active].Name))
	case c.Fig != 0:
		return nil, nil, nil, a, errors.New("a vehicle's command names its unit, not a figure")
	case c.Unit != v.Unit:
		return nil, nil, nil, a, fmt.Errorf("only the %s own crew may work it", rules.Possessive(v.Name))
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
	case "vopp":
		return r.applyVHold(s, v, t, c)
	case "hatch":
		return r.applyHatch(s, v, c)
	}
	return nil, fmt.Errorf("this rule set has no %q command", c.Verb)
}
