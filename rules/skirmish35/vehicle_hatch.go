package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// ---- hatches (house rules: the book has none) ----
//
// "hatch U3 V1" opens a working vehicle's hatches, or shuts them, for a
// point. Open, the commander sees out: the gun and the machine guns take
// the open_hatches modifier (tables.toml) on their hit roll. But the crew
// are then exposed to bursts: a grenade, mortar or shell bursting with
// the hull's centre inside its circle rolls the "in building" row of the
// effect table for the crew; killed kills the commander, suppressed
// makes the crew shut the hatches.

func (r Skirmish) applyHatch(s *rules.State, v *rules.Vehicle, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 {
		return nil, errors.New("hatch names only the vehicle's unit and the vehicle")
	}
	if err := vehSpend(v, r.d.T.Vehicle.Hatch, "opening or shutting the hatches"); err != nil {
		return nil, err
	}
	v.HatchesOpen = !v.HatchesOpen
	txt := "The " + rules.Possessive(v.Name) + " crew close up"
	if v.HatchesOpen {
		txt = "The " + rules.Possessive(v.Name) + " commander opens the hatches to look out"
	}
	return []rules.Event{{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: txt}}, nil
}

// hatchMod is the open hatches' modifier to the vehicle's own fire.
func (r Skirmish) hatchMod(v *rules.Vehicle, rule string) (rules.Mod, bool) {
	if !v.HatchesOpen || r.d.T.Vehicle.OpenHatch == 0 {
		return rules.Mod{}, false
	}
	return rules.Mod{Value: r.d.T.Vehicle.OpenHatch, Reason: "hatches open: the commander looks out", Rule: rule}, true
}

// hatchBurst rolls a burst's effect on the crews of open-hatched vehicles
// whose hull centre lies in the circle c.
func (r Skirmish) hatchBurst(s *rules.State, c geom.Circle, what string) []rules.Event {
	var evs []rules.Event
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if !v.HatchesOpen || !targetable(v) || crewLeft(s, v) == 0 || !within(v.Pos, c.C, c.R) {
			continue
		}
		var cmdr *rules.Figure
		for _, id := range v.Crew {
			if f := s.Fig(id); f != nil && !f.Removed {
				cmdr = f
				break
			}
		}
		e := r.d.T.Effect.Building
		l := &rules.Ledger{What: fmt.Sprintf("%s effect on the %s open hatches", what, rules.Possessive(v.Name)), Compare: "table", Target: e.SuppressMax + 1,
			Note: "house: an open-hatched crew rolls the in-building row"}
		l.Dice = s.RollN(2, 6)
		l.Total = l.DiceTotal()
		ev := rules.Event{Kind: "roll", Side: v.Side, Fig: cmdr.ID, Unit: v.Unit, Roll: l}
		switch {
		case l.Total <= e.NoneMax:
			l.Outcome = "no effect"
			ev.Text = fmt.Sprintf("The %s crew: %d, no effect", rules.Possessive(v.Name), l.Total)
			evs = append(evs, ev)
		case l.Total <= e.SuppressMax:
			l.Outcome = "suppressed"
			v.HatchesOpen = false
			ev.Text = fmt.Sprintf("The %s crew: %d, they duck inside and shut the hatches", rules.Possessive(v.Name), l.Total)
			evs = append(evs, ev)
		default:
			l.Outcome = "killed"
			ev.Text = fmt.Sprintf("The %s crew: %d, %s is killed in the open hatch", rules.Possessive(v.Name), l.Total, cmdr.Name)
			evs = append(evs, ev)
			evs = append(evs, r.remove(s, cmdr, "killed in the open hatch")...)
		}
	}
	return evs
}
