package maxim

import (
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// Why a drive stops, in the words a player needs: the play-tester's
// Sherman stopped at the brook with no reason, and its centre had left
// the road, which fords the brook, a few inches before.

// stopWords is res.Why told in Maxim's words: water stops a vehicle
// except where a road crosses it, so a stop at water says which road to
// keep to; woods stop wheels.
func stopWords(s *rules.State, v *rules.Vehicle, res vehicle.Result) string {
	if res.Stop != vehicle.NoGoing || s.Map == nil || res.Piece < 0 || res.Piece >= len(s.Map.Pieces) {
		return res.Why
	}
	p := &s.Map.Pieces[res.Piece]
	what := strings.TrimPrefix(res.Why, "it cannot go into ")
	if what == res.Why {
		return res.Why
	}
	switch vehicle.DefaultGoing(p) {
	case vehicle.Water:
		if road := roadOver(s.Map, p); road != "" {
			return what + " stops vehicles except on a road: keep its middle on " + road + " to cross"
		}
		return what + " stops vehicles, and no road crosses it"
	case vehicle.Woods:
		return what + " stops wheeled vehicles"
	}
	return res.Why
}

// roadOver names a road that crosses water piece w ("" when none does).
func roadOver(m *terrain.Map, w *terrain.Piece) string {
	for i := range m.Pieces {
		r := &m.Pieces[i]
		if vehicle.DefaultGoing(r) != vehicle.Road || len(r.Poly) < 3 {
			continue
		}
		over := false
		for k := range r.Poly {
			if w.Poly.SegTouches(r.Poly.Edge(k)) {
				over = true
				break
			}
		}
		if !over {
			continue
		}
		if r.Name != "" {
			return "the " + r.Name
		}
		return "the road"
	}
	return ""
}

// stopsAt is why a drive that ended at res.End with move to spare could
// go no further straight on (a stream, a wall, a figure in the way), ""
// when it could, or when it ended by its own choice in the open. Words
// only: nothing is decided by it.
func stopsAt(s *rules.State, v *rules.Vehicle, plan vehicle.Plan, res vehicle.Result) string {
	t := vehType(v)
	n := len(res.Path)
	if t.Flying || n < 2 || len(plan.Legs) == 0 || plan.Legs[len(plan.Legs)-1].Reverse || res.Used >= vehicle.MoveParts {
		return ""
	}
	d := res.Path[n-1].Sub(res.Path[n-2])
	l := geom.Isqrt(d.X*d.X + d.Y*d.Y)
	if l == 0 {
		return ""
	}
	step := geom.In(0.25)
	ahead := geom.Pt{X: res.End.Pos.X + d.X*step/l, Y: res.End.Pos.Y + d.Y*step/l}
	on := vehicle.Drive(s.Map, t, res.End, vehicle.Through(ahead), moveRules(s, v), obstructions(s, v.ID))
	switch on.Stop {
	case vehicle.Terrain, vehicle.NoGoing, vehicle.NoCrossing, vehicle.Vehicle, vehicle.Figure, vehicle.TableEdge:
		if on.Length < geom.In(0.1) {
			return stopWords(s, v, on)
		}
	}
	return ""
}
