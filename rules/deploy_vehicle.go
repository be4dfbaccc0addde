package rules

import (
	"fmt"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// Vehicles placed at deployment
//
// A vehicle may be moved at deployment like a figure (the table drags its
// hull). A save records the deployment as one "place" line per figure, so
// a vehicle's start is carried by the men aboard it: they stand at its
// hull's centre, and when they stand elsewhere than the scenario's pos
// the vehicle starts where they stand (FollowCrews). A save whose vehicles
// were not moved reads as it always did. A vehicle with no one aboard
// stays where the scenario puts it.

// VehicleAboard is the figures of side si aboard v (its crew, then its
// passengers), as the scenario names them.
func VehicleAboard(sc *Scenario, si int, v *ScenarioVehicle) []*ScenarioFigure {
	var out []*ScenarioFigure
	for _, name := range append(append([]string{}, v.Crew...), v.Passengers...) {
		for ui := range sc.Sides[si].Units {
			u := &sc.Sides[si].Units[ui]
			for k := range u.Figures {
				if f := &u.Figures[k]; f.Aboard && f.Name == name {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// VehicleHull is the hull of v were its centre at p (false when the rule
// set has no such vehicle type).
func VehicleHull(sc *Scenario, v *ScenarioVehicle, p geom.Pt) (vehicle.Hull, bool) {
	types, ok := VehicleTypesOf(sc.RuleSet)
	if !ok {
		return vehicle.Hull{}, false
	}
	t, ok := VehicleTypeByID(types, v.Type)
	if !ok {
		return vehicle.Hull{}, false
	}
	return t.Hull(vehicle.Pose{Pos: p, Facing: v.Facing, Turret: v.Turret}), true
}

// HullProblem says in plain words why v (of side si) cannot start with its
// hull's centre at p: off the table, on terrain vehicles cannot stand on,
// over another hull or over a figure's base; "" when it can.
func HullProblem(sc *Scenario, m *terrain.Map, si int, v *ScenarioVehicle, p geom.Pt) string {
	h, ok := VehicleHull(sc, v, p)
	if !ok {
		return fmt.Sprintf("%s is of no vehicle type of these rules", v.Name)
	}
	if id, off := vehicle.BlockedBy(m, h, nil); off {
		return fmt.Sprintf("%s hull would run off the table", Possessive(v.Name))
	} else if id >= 0 {
		return fmt.Sprintf("%s hull would stand on %s", Possessive(v.Name), PieceWords(m, id))
	}
	why := ""
	for s := range sc.Sides {
		for _, u := range sc.Sides[s].Units {
			for k := range u.Vehicles {
				o := &u.Vehicles[k]
				if o == v || why != "" {
					continue
				}
				if oh, ok := VehicleHull(sc, o, o.Pos); ok && h.OverlapsHull(oh) {
					why = fmt.Sprintf("%s hull would overlap %s", Possessive(v.Name), o.Name)
				}
			}
		}
	}
	r := sc.BaseR
	if r <= 0 {
		r = DefaultBaseR
	}
	sc.EachFigure(func(_, _, _ int, f *ScenarioFigure) {
		if why == "" && f.HasPos && !f.Aboard && h.OverlapsBase(geom.Circle{C: f.Pos, R: r}) {
			why = fmt.Sprintf("%s hull would stand on %s base", Possessive(v.Name), Possessive(f.Name))
		}
	})
	return why
}

// PlaceVehicle puts v's hull centre at p, with the men aboard it.
func PlaceVehicle(sc *Scenario, si int, v *ScenarioVehicle, p geom.Pt) {
	v.Pos = p
	for _, f := range VehicleAboard(sc, si, v) {
		f.Pos = p
	}
}

// FollowCrews moves each vehicle to where the men aboard it stand, when
// they stand elsewhere than its pos (a vehicle moved at deployment, read
// back from a save's placings); the men aboard must stand together and
// the hull must be free to stand there (HullProblem).
func FollowCrews(sc *Scenario, m *terrain.Map) error {
	type moved struct {
		si int
		v  *ScenarioVehicle
	}
	var done []moved
	for si := range sc.Sides {
		for ui := range sc.Sides[si].Units {
			for k := range sc.Sides[si].Units[ui].Vehicles {
				v := &sc.Sides[si].Units[ui].Vehicles[k]
				aboard := VehicleAboard(sc, si, v)
				if len(aboard) == 0 || aboard[0].Pos == v.Pos {
					continue
				}
				p := aboard[0].Pos
				for _, f := range aboard {
					if f.Pos != p {
						return fmt.Errorf("the men aboard %s are placed apart (%s and %s)", v.Name, aboard[0].Name, f.Name)
					}
				}
				v.Pos = p
				done = append(done, moved{si, v})
			}
		}
	}
	// checked once all have moved: two vehicles may trade places
	for _, d := range done {
		if why := HullProblem(sc, m, d.si, d.v, d.v.Pos); why != "" {
			return fmt.Errorf("%s cannot start at %s: %s", d.v.Name, PointText(d.v.Pos), why)
		}
	}
	return nil
}

// PieceWords names a map piece as a message does ("the wood \"Long Copse\"").
func PieceWords(m *terrain.Map, id int) string {
	p := &m.Pieces[id]
	l := p.Kind
	if k, ok := terrain.KindByName(p.Kind); ok {
		l = k.Label
	}
	if p.Name != "" {
		return fmt.Sprintf("the %s %q", l, p.Name)
	}
	return "the " + l
}

// PointText writes a point as a scenario file does: [x, y] in inches.
func PointText(p geom.Pt) string {
	return "[" + FormatInches(p.X) + ", " + FormatInches(p.Y) + "]"
}
