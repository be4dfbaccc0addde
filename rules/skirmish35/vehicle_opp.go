package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/vehicle"
)

// ---- a vehicle holding opportunity fire ----
//
// A vehicle with a machine gun may hold the opportunity fire cost of its
// points ("vopp U3 V1") for the enemy's turn, as a figure holds four.
// When an enemy figure then moves where a machine gun of the vehicle
// bears and sees it, the window offers "oppmg - U3 F7 V1": the gun's
// burst, hitting only on a double six like any opportunity fire, with
// the usual save. The main gun never fires this way: its double six is a
// failed shell, so it could never hit.

const vOpp = "opp" // 1: holding opportunity fire for the enemy's turn

func (r Skirmish) vHoldProblem(s *rules.State, v *rules.Vehicle, t *vehicle.Type) string {
	switch {
	case v.Var(vOpp) != 0:
		return "the " + v.Name + " is already holding its fire"
	case !hasKind(r, t, "fire"):
		return "the " + v.Name + " has no machine gun to hold for opportunity fire"
	case v.Var(vAP) < r.d.T.Costs.Opportunity:
		return fmt.Sprintf("the %s needs %d points to hold for opportunity fire", v.Name, r.d.T.Costs.Opportunity)
	}
	return ""
}

// applyVHold: "vopp U3 V1".
func (r Skirmish) applyVHold(s *rules.State, v *rules.Vehicle, t *vehicle.Type, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 {
		return nil, errors.New("vopp names only the vehicle's unit and the vehicle")
	}
	if why := r.vHoldProblem(s, v, t); why != "" {
		return nil, errors.New(why)
	}
	_ = vehSpend(v, r.d.T.Costs.Opportunity, "opportunity fire")
	v.SetVar(vOpp, 1)
	return []rules.Event{{Kind: "opp", Side: v.Side, Unit: v.Unit, Text: "The " + v.Name + " holds its machine guns for the enemy's turn"}}, nil
}

// vOppShot checks vehicle v's opportunity fire at mover m and gives the
// shot and the stand-in firer.
func (r Skirmish) vOppShot(s *rules.State, v *rules.Vehicle, m *rules.Figure) (shot, *rules.Figure, string) {
	vd, t := r.vinfo(v)
	switch {
	case s.Phase != PhaseOpp:
		return shot{}, nil, "no opportunity fire window is open"
	case rules.FigID(s.Var(gOppMover)) != m.ID:
		return shot{}, nil, "only the figure that has just moved may be fired at"
	case vd == nil || v.Side == s.Active || v.Var(vOpp) == 0:
		return shot{}, nil, "the " + v.Name + " is not holding opportunity fire"
	case !working(s, v) || !targetable(v):
		return shot{}, nil, "the " + v.Name + " cannot fire"
	case m.Removed:
		return shot{}, nil, m.Name + " is out of the fight"
	}
	w, ok := r.mount(t, v, "fire", m.Base(s.BaseR))
	if !ok {
		return shot{}, nil, "no machine gun of the " + v.Name + " bears on " + m.Name
	}
	p := r.proxy(s, v, w.ID)
	sg := r.look(s, p, m)
	if !sg.OK {
		return shot{}, nil, sg.Why
	}
	sh := r.shotOf(s, p, m, sg, "opp")
	sh.ammo = false // the crew keep a vehicle's belts fed
	return sh, p, ""
}

// vOppCommands lists the held vehicles' shots at the figure that moved.
func (r Skirmish) vOppCommands(s *rules.State, m *rules.Figure) []rules.Command {
	var out []rules.Command
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side == s.Active || v.Var(vOpp) == 0 {
			continue
		}
		if _, _, why := r.vOppShot(s, v, m); why == "" {
			out = append(out, rules.Command{Verb: "oppmg", Unit: v.Unit, Targets: []rules.FigID{m.ID}, Arg: rules.VehicleArg{ID: v.ID}.String()})
		}
	}
	return out
}

// oppVehicle finds the vehicle an "oppmg" command names.
func oppVehicle(s *rules.State, c rules.Command) (*rules.Vehicle, *rules.Figure, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok || a.Reverse || a.HasFace || c.Fig != 0 || len(c.Path) > 0 {
		return nil, nil, errors.New(`oppmg names the vehicle's unit, the mover and the vehicle ("oppmg - U3 F7 V1")`)
	}
	v := s.Veh(a.ID)
	if v == nil {
		return nil, nil, fmt.Errorf("there is no vehicle V%d", a.ID)
	}
	if c.Unit != v.Unit {
		return nil, nil, fmt.Errorf("only the %s own crew may work it", rules.Possessive(v.Name))
	}
	m, err := target(s, c)
	if err != nil {
		return nil, nil, err
	}
	return v, m, nil
}

// applyVOppFire: "oppmg - U3 F7 V1" in an opportunity window.
func (r Skirmish) applyVOppFire(s *rules.State, c rules.Command) ([]rules.Event, error) {
	v, m, err := oppVehicle(s, c)
	if err != nil {
		return nil, err
	}
	sh, p, why := r.vOppShot(s, v, m)
	if why != "" {
		return nil, errors.New(why)
	}
	v.SetVar(vOpp, 0)
	evs := r.resolve(s, p, m, sh, fmt.Sprintf("Opportunity fire: the %s machine gun at %s", rules.Possessive(v.Name), m.Name))
	for i := range evs {
		if evs[i].Fig == p.ID && evs[i].Kind == "roll" && evs[i].Target == m.ID {
			evs[i].Unit = v.Unit
		}
	}
	if s.Over {
		return evs, nil
	}
	if m.Removed || len(r.oppCommands(s)) == 0 {
		evs = append(evs, r.closeOpp(s)...)
	}
	return evs, nil
}

func (r Skirmish) vOppOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	v, m, err := oppVehicle(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	sh, _, why := r.vOppShot(s, v, m)
	if why != "" {
		return rules.Odds{}, errors.New(why)
	}
	o, _ := r.shotOdds(m, sh)
	o.Note = fmt.Sprintf("opportunity fire: only a double six hits, a burst rolls twice; save %d", sh.save)
	return o, nil
}
