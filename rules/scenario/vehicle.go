package scenario

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// MaxVehicles is the most vehicles a scenario may place.
const MaxVehicles = 100

var scVehicleKeys = []string{"name", "type", "pos", "facing", "turret", "crew", "passengers", "hatches", "damage", "fire_control"}

// vehLoad is the scenario loader's memory of the vehicles it has read.
type vehLoad struct {
	n     int                // [[side.unit.vehicle]] tables so far, through the file
	paths [][3]int           // per vehicle: side, unit index on the side, vehicle index in the unit
	at    map[[3]int]string  // where each vehicle was written
	names [2]map[string]bool // names used on each side
}

// vehicles reads a unit's [[side.unit.vehicle]] tables (side si, unit uj
// on that side, written at path up).
func (ld *scLoader) vehicles(sc *rules.Scenario, ut map[string]any, up string, si, uj int) []rules.ScenarioVehicle {
	tabs := ld.tables(ut, up, "vehicle")
	if len(tabs) == 0 {
		return nil
	}
	vl := &ld.veh
	if vl.at == nil {
		vl.at = map[[3]int]string{}
	}
	types, hasTypes := rules.VehicleTypesOf(sc.RuleSet)
	var out []rules.ScenarioVehicle
	for k, vt := range tabs {
		vl.n++
		vp := fmt.Sprintf("%s.vehicle#%d", up, vl.n)
		if vl.n > MaxVehicles {
			ld.at(vp, "too many vehicles: at most %d are allowed", MaxVehicles)
			return out
		}
		vl.at[[3]int{si, uj, k}] = vp
		v := rules.ScenarioVehicle{}
		ld.checkKeys(vt, scVehicleKeys, vp, "a vehicle")
		v.Name = ld.str(vt, vp, "name", true, MaxNameLen)
		if vl.names[si] == nil {
			vl.names[si] = map[string]bool{}
		}
		if v.Name != "" && vl.names[si][v.Name] {
			ld.at(join(vp, "name"), "side %d already has a vehicle called %q", si+1, v.Name)
		}
		vl.names[si][v.Name] = true
		var t *vehicle.Type
		if _, ok := vt["type"]; !ok {
			ld.at(vp, "this vehicle is missing type = \"...\" (one of the rule set's vehicle types)")
		} else if v.Type = ld.str(vt, vp, "type", true, MaxNameLen); v.Type != "" {
			switch {
			case !hasTypes && sc.RuleSet != "":
				ld.at(join(vp, "type"), "rule set %q has no vehicles", sc.RuleSet)
			case hasTypes:
				var ok bool
				if t, ok = rules.VehicleTypeByID(types, v.Type); !ok {
					ids := make([]string, len(types))
					for i := range types {
						ids[i] = types[i].ID
					}
					msg := fmt.Sprintf("unknown vehicle type %q", v.Type)
					if near, ok := terrain.Nearest(v.Type, ids); ok {
						msg += fmt.Sprintf(" (did you mean %q?)", near)
					} else {
						msg += "; this rule set has " + strings.Join(ids, ", ")
					}
					ld.at(join(vp, "type"), "%s", msg)
				}
			}
		}
		if pv, ok := vt["pos"]; !ok {
			ld.at(vp, "this vehicle is missing pos = [x, y] (inches, the hull's centre)")
		} else {
			l, isList := pv.([]any)
			var x, y float64
			okx, oky := false, false
			if isList && len(l) == 2 {
				x, okx = num(l[0])
				y, oky = num(l[1])
			}
			if !okx || !oky || math.Abs(x) > 1e6 || math.Abs(y) > 1e6 {
				ld.at(join(vp, "pos"), "pos must be [x, y] in inches, not %s", describeVal(pv))
			} else {
				v.Pos = geom.P(x, y)
			}
		}
		if n, ok := ld.integer(vt, vp, "facing", 0, 359); ok {
			v.Facing = int(n)
		}
		v.Turret = v.Facing
		if n, ok := ld.integer(vt, vp, "turret", 0, 359); ok {
			v.Turret = int(n)
			if t != nil && !t.HasTurret {
				ld.at(join(vp, "turret"), "a %s has no turret to turn", t.Name)
			}
		}
		v.Crew = ld.names(vt, vp, "crew")
		v.Passengers = ld.names(vt, vp, "passengers")
		if t != nil {
			if len(v.Crew) > t.Crew {
				ld.at(join(vp, "crew"), "a %s has room for a crew of %d, not %d", t.Name, t.Crew, len(v.Crew))
			}
			if len(v.Passengers) > t.Passengers {
				ld.at(join(vp, "passengers"), "a %s has room for %d passengers, not %d", t.Name, t.Passengers, len(v.Passengers))
			}
		}
		if s := ld.str(vt, vp, "hatches", false, MaxNameLen); s != "" {
			switch s {
			case "open":
				v.HatchesOpen = true
			case "closed":
			default:
				ld.at(join(vp, "hatches"), "hatches must be \"open\" or \"closed\", not %q", s)
			}
		}
		if s := ld.str(vt, vp, "fire_control", false, MaxNameLen); s != "" {
			switch s {
			case "advanced":
				v.AdvancedFC = true
			case "standard":
			default:
				ld.at(join(vp, "fire_control"), "fire_control must be \"advanced\" or \"standard\", not %q", s)
			}
		}
		for _, s := range ld.names(vt, vp, "damage") {
			d, ok := vehicle.ParseDamage(s)
			if !ok {
				msg := fmt.Sprintf("unknown damage %q: a vehicle may start %s", s, strings.Join(vehicle.DamageNames(), ", "))
				if near, ok := terrain.Nearest(s, vehicle.DamageNames()); ok {
					msg += fmt.Sprintf(" (did you mean %q?)", near)
				}
				ld.at(join(vp, "damage"), "%s", msg)
			}
			v.Damage |= d
		}
		out = append(out, v)
	}
	return out
}

// names reads an optional list of names.
func (ld *scLoader) names(t map[string]any, path, key string) []string {
	v, ok := t[key]
	if !ok {
		return nil
	}
	l, ok := v.([]any)
	if !ok {
		ld.at(join(path, key), "%s must be a list of names, like [\"Smith\"], not %s", key, kindOf(v))
		return nil
	}
	if len(l) > MaxFigures {
		ld.at(join(path, key), "%s names %d figures; a scenario has at most %d", key, len(l), MaxFigures)
		return nil
	}
	var out []string
	for _, e := range l {
		s, ok := e.(string)
		if !ok || s == "" {
			ld.at(join(path, key), "each of %s must be a name in quotes, not %s", key, describeVal(e))
			continue
		}
		if msg := terrain.TextProblem("each of "+key, s, MaxNameLen, false); msg != "" {
			ld.at(join(path, key), "%s", msg)
			continue
		}
		out = append(out, s)
	}
	return out
}

// boardVehicles puts the figures each vehicle names aboard it: they take
// its position and are marked Aboard. Each name must be a figure of the
// vehicle's side, unambiguous, written without a pos, and aboard once.
func (ld *scLoader) boardVehicles(sc *rules.Scenario) {
	for si := range sc.Sides {
		type figRef struct {
			f    *rules.ScenarioFigure
			n    int
			path string
		}
		byName := map[string]*figRef{}
		fi := 0
		// Figure paths run through the file; find where this side's start.
		for s := 0; s < si; s++ {
			for _, u := range sc.Sides[s].Units {
				fi += len(u.Figures)
			}
		}
		for ui := range sc.Sides[si].Units {
			u := &sc.Sides[si].Units[ui]
			for k := range u.Figures {
				f := &u.Figures[k]
				r := byName[f.Name]
				if r == nil {
					r = &figRef{f: f}
					byName[f.Name] = r
				}
				r.n++
				if fi < len(ld.figPaths) {
					r.path = ld.figPaths[fi]
				}
				fi++
			}
		}
		aboard := map[string]string{}
		for ui := range sc.Sides[si].Units {
			u := &sc.Sides[si].Units[ui]
			for k := range u.Vehicles {
				v := &u.Vehicles[k]
				vp := ld.veh.at[[3]int{si, ui, k}]
				for _, list := range []struct {
					key   string
					names []string
				}{{"crew", v.Crew}, {"passengers", v.Passengers}} {
					for _, name := range list.names {
						r := byName[name]
						switch {
						case r == nil:
							msg := fmt.Sprintf("side %d has no figure called %q", si+1, name)
							keys := make([]string, 0, len(byName))
							for n := range byName {
								keys = append(keys, n)
							}
							sort.Strings(keys)
							if near, ok := terrain.Nearest(name, keys); ok {
								msg += fmt.Sprintf(" (did you mean %q?)", near)
							}
							ld.at(join(vp, list.key), "%s", msg)
						case r.n > 1:
							ld.at(join(vp, list.key), "side %d has %d figures called %q: give them different names to say who is aboard", si+1, r.n, name)
						case aboard[name] != "":
							ld.at(join(vp, list.key), "%q is already aboard %s", name, aboard[name])
						case r.f.HasPos && !r.f.Aboard:
							ld.at(join(r.path, "pos"), "figure %q starts aboard %q, so it takes no pos", name, v.Name)
						default:
							aboard[name] = fmt.Sprintf("%q", v.Name)
							r.f.Aboard, r.f.HasPos, r.f.Pos = true, true, v.Pos
						}
					}
				}
			}
		}
	}
}

// placeVehicles checks each hull against the map, the other hulls and
// the figures standing on the table.
func (ld *scLoader) placeVehicles(sc *rules.Scenario, m *terrain.Map) {
	types, ok := rules.VehicleTypesOf(sc.RuleSet)
	if !ok {
		return
	}
	type placed struct {
		h    vehicle.Hull
		name string
	}
	var done []placed
	for si := range sc.Sides {
		for ui := range sc.Sides[si].Units {
			for k, v := range sc.Sides[si].Units[ui].Vehicles {
				t, ok := rules.VehicleTypeByID(types, v.Type)
				if !ok {
					continue
				}
				at := join(ld.veh.at[[3]int{si, ui, k}], "pos")
				h := t.Hull(vehicle.Pose{Pos: v.Pos, Facing: v.Facing, Turret: v.Turret})
				if id, off := vehicle.BlockedBy(m, h, nil); off {
					ld.at(at, "vehicle %q at %s is not wholly on the table (%s by %s inches)", v.Name, rules.PointText(v.Pos), rules.FormatInches(m.Width), rules.FormatInches(m.Height))
					continue
				} else if id >= 0 {
					ld.at(at, "vehicle %q at %s runs into %s", v.Name, rules.PointText(v.Pos), rules.PieceWords(m, id))
					continue
				}
				bad := false
				for _, q := range done {
					if h.OverlapsHull(q.h) {
						ld.at(at, "vehicle %q at %s overlaps vehicle %q", v.Name, rules.PointText(v.Pos), q.name)
						bad = true
						break
					}
				}
				if bad {
					continue
				}
				done = append(done, placed{h, v.Name})
				n := 0
				sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
					fp := ""
					if n < len(ld.figPaths) {
						fp = ld.figPaths[n]
					}
					n++
					if f.HasPos && !f.Aboard && h.OverlapsBase(geom.Circle{C: f.Pos, R: sc.BaseR}) {
						ld.at(join(fp, "pos"), "figure %q at %s stands under vehicle %q", f.Name, rules.PointText(f.Pos), v.Name)
					}
				})
			}
		}
	}
}
