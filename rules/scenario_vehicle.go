package rules

import (
	"fmt"

	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// Vehicles in scenario files
//
// A unit may bring vehicles, each a [[side.unit.vehicle]] table after
// the unit's figures:
//
//	    [[side.unit.vehicle]]
//	    name = "Sherman 2"               # unique on its side
//	    type = "medium-tank"             # one of the rule set's vehicle types
//	    pos = [30, 40]                   # inches: the hull's centre (required)
//	    facing = 0                       # degrees clockwise from up the table
//	    turret = 45                      # the turret's own facing (default: facing)
//	    crew = ["Cdr Hale", "Tpr Ames"]  # figures of the side, who start aboard
//	    passengers = ["Pte Cole"]        # likewise, carried
//	    hatches = "open"                 # open or closed (default closed)
//	    damage = ["immobilised"]         # optional starting damage
//	    fire_control = "advanced"        # optional: advanced gun fire control (Maxim to Minimi)
//
// Figures named as crew or passengers start aboard (Aboard), off the
// table; they need no pos and must have none. The rule set must have
// vehicles (the Vehicled hook); its types give the hull, turret and
// capacity that are checked here. A hull must lie wholly on the table,
// clear of terrain that blocks vehicles (buildings, high walls), of other
// hulls and of figures' bases (touching is allowed).

// ScenarioVehicle is one vehicle in a scenario.
type ScenarioVehicle struct {
	Name        string
	Type        string
	Pos         geom.Pt
	Facing      int
	Turret      int // absolute; equal to Facing when the file gives none
	Crew        []string
	Passengers  []string
	HatchesOpen bool
	Damage      vehicle.Damage
	// AdvancedFC: fire_control = "advanced", the vehicle has an advanced
	// gun fire control system (its Vars["gfcs"] is 1).
	AdvancedFC bool
}

// addVehicles puts the scenario's vehicles into a new state, numbered
// from 1 in file order (side 0 first), with their crews and passengers
// aboard. unitIDs[si][ui] is the UnitID NewState gave each unit.
func addVehicles(s *State, sc *Scenario, unitIDs [2][]UnitID) error {
	for si := range sc.Sides {
		for ui, u := range sc.Sides[si].Units {
			for _, sv := range u.Vehicles {
				v := Vehicle{
					ID: VehicleID(len(s.Vehicles) + 1), Name: sv.Name, Type: sv.Type, Side: si, Unit: unitIDs[si][ui],
					Pose:   vehicle.Pose{Pos: sv.Pos, Facing: sv.Facing, Turret: sv.Turret},
					Damage: sv.Damage, HatchesOpen: sv.HatchesOpen,
				}
				if sv.AdvancedFC {
					v.SetVar("gfcs", 1)
				}
				for _, list := range []struct {
					names []string
					to    *[]FigID
				}{{sv.Crew, &v.Crew}, {sv.Passengers, &v.Passengers}} {
					for _, name := range list.names {
						id := FigID(0)
						for i := range s.Figures {
							if f := &s.Figures[i]; f.Side == si && f.Name == name {
								id = f.ID
								break
							}
						}
						if id == 0 {
							return fmt.Errorf("vehicle %q: side %d has no figure called %q", sv.Name, si+1, name)
						}
						for _, w := range s.Vehicles {
							for _, f := range w.Aboard() {
								if f == id {
									return fmt.Errorf("vehicle %q: %q is already aboard %q", sv.Name, name, w.Name)
								}
							}
						}
						*list.to = append(*list.to, id)
						s.Figures[id-1].Pos = sv.Pos
					}
				}
				s.Vehicles = append(s.Vehicles, v)
			}
		}
	}
	return nil
}

func cloneScenarioVehicles(vs []ScenarioVehicle) []ScenarioVehicle {
	if vs == nil {
		return nil
	}
	out := make([]ScenarioVehicle, len(vs))
	for i, v := range vs {
		v.Crew = append([]string(nil), v.Crew...)
		v.Passengers = append([]string(nil), v.Passengers...)
		out[i] = v
	}
	return out
}

// ScenarioHulls is every hull the scenario places (for automatic
// deployment to keep clear of); nil when the rule set has no vehicles.
func ScenarioHulls(sc *Scenario) []vehicle.Hull {
	types, ok := VehicleTypesOf(sc.RuleSet)
	if !ok {
		return nil
	}
	var out []vehicle.Hull
	for si := range sc.Sides {
		for _, u := range sc.Sides[si].Units {
			for _, v := range u.Vehicles {
				if t, ok := VehicleTypeByID(types, v.Type); ok {
					out = append(out, t.Hull(vehicle.Pose{Pos: v.Pos, Facing: v.Facing, Turret: v.Turret}))
				}
			}
		}
	}
	return out
}

// clearOfHulls drops the deployment spots where a base would overlap a
// hull.
func clearOfHulls(spots []geom.Pt, r int64, hulls []vehicle.Hull) []geom.Pt {
	if len(hulls) == 0 {
		return spots
	}
	out := spots[:0:0]
	for _, p := range spots {
		ok := true
		for _, h := range hulls {
			if h.OverlapsBase(geom.Circle{C: p, R: r}) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// VehicleTypesOf is the vehicle catalogue of the scenario's rule set.
func VehicleTypesOf(ruleSet string) ([]vehicle.Type, bool) {
	if LookupRuleSet == nil {
		return nil, false
	}
	rs, ok := LookupRuleSet(ruleSet)
	if !ok {
		return nil, false
	}
	vd, ok := rs.(Vehicled)
	if !ok {
		return nil, false
	}
	return vd.VehicleTypes(), true
}

// VehicleTypeByID finds a vehicle type in a catalogue by its id.
func VehicleTypeByID(ts []vehicle.Type, id string) (*vehicle.Type, bool) {
	for i := range ts {
		if ts[i].ID == id {
			return &ts[i], true
		}
	}
	return nil, false
}
