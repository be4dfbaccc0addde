package smle

import (
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// Vehicles in the way of sight. The book makes vehicle armour hard cover
// and says nothing more; on the table a hull is a solid block the size of
// a small building, so it is played as one: a sight ray that passes
// strictly inside a hull (grazing a corner or running along a side does
// not) shows nothing beyond it, exactly as a ray stopped by terrain. A man
// is seen while any ray to his base is open, so a man wholly behind a
// tank is out of sight and one partly behind it is seen, in hard cover if
// he is within 1" of the hull (fire.go). House values: every ground
// vehicle on the table blocks, wrecks too; a flying one (a helicopter,
// which the book keeps flying even while it hovers) and a very small one
// (size 0, a motorcycle) never do; the viewer's own vehicle and the
// vehicle looked at are not in their own way. Sight for firing, spotting,
// leaders and the odds all go through sees/inSight or the vehicle sight
// functions, so Legal and Odds agree.

// blocksSight: the vehicle's hull stands in the way of sight.
func blocksSight(v *rules.Vehicle, t *vehicle.Type) bool {
	return !v.Removed && t != nil && !t.Flying && t.Size > 0
}

// hullStops is the LOSOptions.Stops of sight from from to the base to:
// the hulls that block sight, except the vehicles in skip. It is nil when
// no such hull's box meets the box of the sight lines, so the terrain's
// own (remembered) answer stands.
func hullStops(s *rules.State, from geom.Pt, to geom.Circle, skip ...rules.VehicleID) func(geom.Seg) bool {
	if len(s.Vehicles) == 0 {
		return nil
	}
	box := geom.Rect{Min: geom.Pt{X: min(from.X, to.C.X-to.R), Y: min(from.Y, to.C.Y-to.R)},
		Max: geom.Pt{X: max(from.X, to.C.X+to.R), Y: max(from.Y, to.C.Y+to.R)}}
	r := SMLE{d: Std()}
	var hulls []vehicle.Hull
next:
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		for _, id := range skip {
			if v.ID == id {
				continue next
			}
		}
		t, ok := rules.VehicleTypeOf(r, v.Type)
		if !ok || !blocksSight(v, t) {
			continue
		}
		if h := t.Hull(v.Pose); h.Bounds().Overlaps(box) {
			hulls = append(hulls, h)
		}
	}
	if len(hulls) == 0 {
		return nil
	}
	return func(sg geom.Seg) bool {
		for _, h := range hulls {
			if h.BlocksSight(sg.A, sg.B) {
				return true
			}
		}
		return false
	}
}

// sightOpts are the sight options from from to the base to, with the hulls
// in the way.
func sightOpts(s *rules.State, from geom.Pt, to geom.Circle, skip ...rules.VehicleID) terrain.LOSOptions {
	return terrain.LOSOptions{Stops: hullStops(s, from, to, skip...)}
}

// SightStops is the table's question (rules.SightStopper): the hulls in
// the way of sight from a point to a base, leaving out a hull the point
// or the base's centre lies on (the tool measured from or to a vehicle).
func (r SMLE) SightStops(s *rules.State, from geom.Pt, to geom.Circle) func(geom.Seg) bool {
	var skip []rules.VehicleID
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if t, ok := rules.VehicleTypeOf(r, v.Type); ok && !v.Removed {
			if h := t.Hull(v.Pose); h.Under(from) || h.Under(to.C) {
				skip = append(skip, v.ID)
			}
		}
	}
	return hullStops(s, from, to, skip...)
}

var _ rules.SightStopper = SMLE{}
