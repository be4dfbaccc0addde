package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// Helicopters, played as the rulebook's "space elevators": a flying
// vehicle starts off the table; the scenario's position is its drop
// zone. In its crew's go "arrive U2 V1" lands it there (the drop zone
// must be clear), and the other side may fire at it at once (opportunity
// fire, -4 for a flying target on top of its size). Troops then de-bus
// or board as from any vehicle; in a later go of its crew "leave U2 V1"
// takes it off the table with everyone aboard, out of the battle (not
// counted as losses). A serious wound makes it abort: it leaves at once
// with everyone aboard. A kill brings it down where it is: it burns, and
// those aboard take the explosion and scramble out.

// Per-vehicle variables of a helicopter.
const (
	vvAloft  = "aloft"   // 1: off the table, not yet arrived
	vvGone   = "gone"    // 1: has left the battle
	vvArrKey = "arrived" // round*2 + second pass of the go it landed in, plus 1
)

// goKey names the go under way (the same team's second go differs).
func goKey(s *rules.State) int { return s.Round*2 + s.Var(vSecond) + 1 }

// grounded: a helicopter on the table (not aloft, not gone).
func grounded(v *rules.Vehicle) bool { return v.Var(vvAloft) == 0 && v.Var(vvGone) == 0 }

// startAloft takes every helicopter off the table as the game begins.
func (r SMLE) startAloft(s *rules.State) {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if _, t, _ := r.vehicleOf(s, v.ID); t != nil && t.Flying && !v.Removed {
			v.Removed = true
			v.SetVar(vvAloft, 1)
		}
	}
}

// dropZoneClear says what stands on a helicopter's drop zone ("" none).
func (r SMLE) dropZoneClear(s *rules.State, v *rules.Vehicle, t *vehicle.Type) string {
	h := t.Hull(v.Pose)
	for i := range s.Figures {
		g := &s.Figures[i]
		if onTable(s, g) && h.OverlapsBase(g.Base(s.BaseR)) {
			return g.Name + " is on the drop zone"
		}
	}
	for i := range s.Vehicles {
		o := &s.Vehicles[i]
		if o.ID == v.ID || o.Removed {
			continue
		}
		if _, ot, _ := r.vehicleOf(s, o.ID); ot != nil && !ot.Flying && h.OverlapsHull(ot.Hull(o.Pose)) {
			return o.Name + " is on the drop zone"
		}
	}
	return ""
}

// helicopterOptions: arrive while aloft, leave once landed in an earlier
// go.
func (r SMLE) helicopterOptions(s *rules.State, u *rules.Unit, v *rules.Vehicle, t *vehicle.Type, b Band) []rules.Command {
	if b.Move <= 0 || len(liveCrew(s, v)) == 0 || v.Var(vvGone) == 1 || v.Damage.Has(vehicle.BrewedUp) {
		return nil
	}
	arg := fmt.Sprintf("V%d", v.ID)
	if v.Var(vvAloft) == 1 {
		if r.dropZoneClear(s, v, t) == "" {
			return []rules.Command{{Verb: "arrive", Unit: u.ID, Arg: arg}}
		}
		return nil
	}
	if v.Var(vvArrKey) != goKey(s) {
		return []rules.Command{{Verb: "leave", Unit: u.ID, Arg: arg}}
	}
	return nil
}

func (r SMLE) findHeli(s *rules.State, u *rules.Unit, c rules.Command) (*rules.Vehicle, error) {
	id, ok := r.parseVehArg(c.Arg)
	if !ok || c.Unit != u.ID {
		if c.Unit != u.ID {
			return nil, notActive(s, u, c.Unit)
		}
		return nil, fmt.Errorf("%s needs the helicopter of %s", c.Verb, teamName(s, u))
	}
	for _, l := range r.Legal(s) {
		if l.Verb == c.Verb && l.Unit == c.Unit && l.Arg == c.Arg {
			return s.Veh(id), nil
		}
	}
	return nil, fmt.Errorf("%s cannot %s now", vehWords(s, id), c.Verb)
}

func (r SMLE) applyArrive(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	v, err := r.findHeli(s, u, c)
	if err != nil {
		return nil, err
	}
	v.Removed = false
	v.SetVar(vvAloft, 0)
	v.SetVar(vvArrKey, goKey(s))
	evs := []rules.Event{{Kind: "arrive", Side: v.Side, Unit: u.ID, Path: []geom.Pt{v.Pos}, Text: v.Name + " comes in and lands at its drop zone"}}
	return append(evs, r.openVehOpp(s, v)...), nil
}

func (r SMLE) applyLeave(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	v, err := r.findHeli(s, u, c)
	if err != nil {
		return nil, err
	}
	return r.flyOff(s, v, v.Name+" lifts off and leaves the battle"), nil
}

// flyOff takes a helicopter and everyone aboard out of the battle.
func (r SMLE) flyOff(s *rules.State, v *rules.Vehicle, text string) []rules.Event {
	v.Removed = true
	v.SetVar(vvGone, 1)
	n := 0
	for _, id := range v.Aboard() {
		if f := s.Fig(id); f != nil && !f.Removed {
			f.Removed = true // flown out: not a loss
			n++
		}
	}
	if n > 0 {
		text += fmt.Sprintf(" with %d aboard", n)
	}
	return []rules.Event{{Kind: "leave", Side: v.Side, Unit: v.Unit, Text: text}}
}
