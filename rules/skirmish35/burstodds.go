package skirmish35

import (
	"hedgerow/rules"
)

// burstParts prices, beside a burst's aimed target, everyone else it may
// catch as it lands now (a grenade, a throw back, a mortar round over
// open sights, a vehicle's shell): each figure whose base a landing
// touches, on the effect table's row for where he stands, and the
// commander of each open-hatched vehicle whose hull centre a landing
// covers (hatchBurst: the in-building row, "suppressed" being his crew
// shutting the hatches). ls are the landings, live the chance the burst
// goes off now, later the chance it goes off at the end of the enemy's
// turn instead (priced then, as a late grenade). skip is the aimed
// target, priced in the main outcomes.
func (r Skirmish) burstParts(s *rules.State, skip *rules.Figure, ls []landing, live, later float64, rad int64) []rules.OddsPart {
	var parts []rules.OddsPart
	add := func(g *rules.Figure, name string, e Effect, caught func(l landing) bool) {
		pc := 0.0 // the chance it goes off now and catches him
		for _, l := range ls {
			if caught(l) {
				pc += l.p * live
			}
		}
		if pc == 0 {
			return
		}
		none, sup, kill := effectDist(e)
		p := rules.OddsPart{Name: name, Fig: g.ID}
		for _, x := range []rules.Outcome{{Name: "killed", P: pc * kill}, {Name: "suppressed", P: pc * sup}, {Name: "no effect", P: pc * none},
			{Name: "goes off later", P: later}, {Name: "not caught", P: max(0, 1-pc-later)}} {
			if x.P > 0 {
				p.Outcomes = append(p.Outcomes, x)
			}
		}
		parts = append(parts, p)
	}
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.Removed || (skip != nil && g.ID == skip.ID) || len(s.Vehicles) > 0 && s.Carrier(g.ID) != 0 {
			continue
		}
		e, _ := r.effectRow(s, g.Pos, false)
		add(g, g.Name+" under the burst", e, func(l landing) bool {
			return within(g.Pos, l.at, rad+s.BaseR) && reaches(s, l.at, g.Pos, false)
		})
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if !v.HatchesOpen || !targetable(v) || crewLeft(s, v) == 0 {
			continue
		}
		for _, id := range v.Crew {
			if f := s.Fig(id); f != nil && !f.Removed {
				add(f, f.Name+" in the open hatch under the burst", r.d.T.Effect.Building, func(l landing) bool {
					return within(v.Pos, l.at, rad)
				})
				break
			}
		}
	}
	return parts
}
