package rules

import (
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// AimWords tells where vehicle self's turret points when it bears deg
// (degrees clockwise from up the table), for the log, as a wargamer says
// it: towards the nearest figure or vehicle lying near the line, else
// the nearest named terrain piece the line meets ("towards Gefr Braun", "towards the wood (Long wood)"),
// else relative to the hull ("to its front-left"). Only what both sides
// may see is named (the log reaches both), through rs's Knower.
func AimWords(rs RuleSet, s *State, self VehicleID, deg int) string {
	v := s.Veh(self)
	if v == nil {
		return FacingWords(deg)
	}
	if name := aimedAt(rs, s, v, deg); name != "" {
		return "towards " + name
	}
	return RelativeWords(vehicle.Norm(deg - v.Facing))
}

// RelativeWords tells a bearing relative to a hull's front (degrees
// clockwise): "to its front", "to its front-right", "to its right", ...
func RelativeWords(rel int) string {
	names := [8]string{"front", "front-right", "right", "rear-right", "rear", "rear-left", "left", "front-left"}
	return "to its " + names[(vehicle.Norm(rel)+22)/45%8]
}

// aimNear is how far off the line, in degrees, a figure or vehicle still
// counts as the one aimed at.
const aimNear = 6

// aimedAt names what the line from v at bearing deg points at, "" when
// nothing known to both sides lies near it.
func aimedAt(rs RuleSet, s *State, v *Vehicle, deg int) string {
	views := [2]View{ViewOf(rs, s, 0), ViewOf(rs, s, 1)}
	aboard := map[FigID]bool{}
	for i := range s.Vehicles {
		for _, id := range s.Vehicles[i].Aboard() {
			aboard[id] = true
		}
	}
	best, bestD := "", int64(-1)
	near := func(p geom.Pt, name string) {
		if p == v.Pos {
			return
		}
		if t := vehicle.Turn(deg, geom.Bearing(v.Pos, p)); t > aimNear || t < -aimNear {
			return
		}
		if d := geom.Dist2(v.Pos, p); bestD < 0 || d < bestD {
			best, bestD = name, d
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed || f.Unknown || aboard[f.ID] || !views[0].Figure(f.ID) || !views[1].Figure(f.ID) {
			continue
		}
		near(f.Pos, f.Name)
	}
	for i := range s.Vehicles {
		o := &s.Vehicles[i]
		if o.ID == v.ID || o.Removed || !views[0].Unit(o.Unit) || !views[1].Unit(o.Unit) {
			continue
		}
		near(o.Pos, o.Name)
	}
	if best != "" {
		return best // a figure or vehicle aimed at says more than the ground
	}
	if m := s.Map; m != nil {
		// the ray to the table's far side: its length is at least the
		// table's diagonal
		far := m.Width + m.Height
		d := vehicle.Dir(deg)
		ray := geom.Seg{A: v.Pos, B: geom.Pt{X: v.Pos.X + d.X*far/vehicle.Scale, Y: v.Pos.Y + d.Y*far/vehicle.Scale}}
		for i := range m.Pieces {
			p := &m.Pieces[i]
			if p.Name == "" || len(p.Poly) > 0 && p.Poly.Contains(v.Pos) {
				continue
			}
			pts := p.Path
			if len(p.Poly) > 0 {
				pts = append(append([]geom.Pt(nil), p.Poly...), p.Poly[0])
			}
			for k := 0; k+1 < len(pts); k++ {
				e := geom.Seg{A: pts[k], B: pts[k+1]}
				if !geom.SegmentsIntersect(ray, e) {
					continue
				}
				num, den, ok := geom.IntersectParam(ray, e)
				if !ok {
					continue
				}
				at := geom.Pt{X: ray.A.X + (ray.B.X-ray.A.X)*num/den, Y: ray.A.Y + (ray.B.Y-ray.A.Y)*num/den}
				if dd := geom.Dist2(v.Pos, at); bestD < 0 || dd < bestD {
					best, bestD = PieceWithKind(m, i), dd
				}
			}
		}
	}
	return best
}
