package skirmish35

import (
	"cmp"
	"fmt"
	"slices"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// sightRays is how many sight lines run from an eye to a base: to its
// centre and its two edges (house: enough to tell a figure half behind a
// corner from one wholly hidden, at a third of the cost of nine).
const sightRays = 3

// Sight is what one figure can make out of another.
type Sight struct {
	OK    bool
	Why   string // when not OK
	Hind  int    // hindrances on the line
	Cover terrain.Cover
	// HindNames names the hindering pieces, for the ledger.
	HindNames []string
	CoverName string
}

// figHeight is the height tester's answer for a figure.
func (r Skirmish) figHeight(f *rules.Figure) int64 {
	if f.Posture == rules.Prone {
		return in(r.d.T.Sight.Prone)
	}
	return in(r.d.T.Sight.Standing)
}

// SightLine is the table's sight line from figure from to figure to as
// this rule set sees: blocked when it cannot see him, partial through
// hindrances, clear otherwise (rules.SightJudge).
func (r Skirmish) SightLine(s *rules.State, from, to rules.FigID) terrain.Visibility {
	sg := r.lookAt(s, s.Fig(from), s.Fig(to), false)
	switch {
	case !sg.OK:
		return terrain.Blocked
	case sg.Hind > 0:
		return terrain.Partial
	}
	return terrain.Clear
}

var _ rules.SightJudge = Skirmish{}

// look says whether f can see t now, and through what. Facing is not
// considered here (see inFront).
func (r Skirmish) look(s *rules.State, f, t *rules.Figure) Sight { return r.lookAt(s, f, t, true) }

// lookAt is look; without words it answers the same but leaves the
// reasons and names unworded (Why, CoverName and HindNames empty), for
// callers that ask only whether f sees t.
func (r Skirmish) lookAt(s *rules.State, f, t *rules.Figure, words bool) Sight {
	var sg Sight
	if t.Removed {
		if words {
			sg.Why = t.Name + " is out of the fight"
		}
		return sg
	}
	if _, ok := r.smokeOn(s, f.Pos, t.Pos); ok {
		if words {
			sg.Why = fmt.Sprintf("smoke hides %s", t.Name)
		}
		return sg
	}
	if why := r.hullHides(s, f.Pos, t.Pos, s.BaseR); why != "" {
		if words {
			sg.Why = why + ": it hides " + t.Name
		}
		return sg
	}
	if s.Terrain == nil {
		sg.OK = true
		return sg
	}
	if !words {
		bf, bt := s.Terrain.InsideBuilding(f.Pos), s.Terrain.InsideBuilding(t.Pos)
		// buildingSight is "" exactly when buildingBlock finds nothing
		if inner, wall := r.buildingBlock(s, f, t, bf, bt, bf >= 0 && leaning(s, f), bt >= 0 && leaning(s, t)); inner >= 0 || wall >= 0 {
			return sg
		}
	} else if why := r.buildingSight(s, f, t); why != "" {
		sg.Why = why
		return sg
	}
	// From a height, woods taller than the eye no longer stop the line:
	// the book makes trees seen from above a hindrance, counted below.
	// Hedges are seen through here (sightIx): the height test below
	// decides them.
	six := sightIx(s)
	los := six.LineOfSight(f.Pos, geom.Circle{C: t.Pos, R: s.BaseR}, terrain.LOSOptions{Rays: sightRays, WoodsHinderFromHeight: true})
	if los.Vis == terrain.Blocked {
		if words {
			sg.Why = "terrain blocks the view of " + t.Name
		}
		return sg
	}
	sg.Cover = los.Cover
	if sg.Cover == terrain.CoverPrepared {
		sg.Cover = terrain.CoverHard
	}
	if words && los.CoverPiece >= 0 && sg.Cover != terrain.CoverNone {
		sg.CoverName = rules.PieceName(s, los.CoverPiece)
	}
	if sg.Cover == terrain.CoverHard && leaning(s, t) && s.Terrain.InsideBuilding(t.Pos) >= 0 {
		sg.Cover = terrain.CoverSoft
		if words {
			sg.CoverName += ", leaning out"
		}
	}
	ea, eb := s.Terrain.Elevation(f.Pos), s.Terrain.Elevation(t.Pos)
	high := max(ea, eb)
	th := r.figHeight(t)
	hides := "" // the first hindrance that hides a figure not standing
	for _, x := range los.Crossings {
		pc := &six.Map.Pieces[x.Piece]
		if high > 0 && pc.Props.Height <= high {
			continue // seen over from above
		}
		if x.Piece == los.CoverPiece {
			// the target's own cover counts as cover, not a hindrance;
			// but bushes that fail the height test block the line even
			// when the target lies right behind them
			if pc.Kind == "hedge" && pc.Props.Linear && pc.Props.Sight == terrain.SightNone && pc.Props.Height >= th {
				if words {
					sg.Why = fmt.Sprintf("%s is as high as %s: it hides it", rules.PieceName(s, x.Piece), t.Name)
				}
				return sg
			}
			continue
		}
		hinders := false
		switch {
		case pc.Props.Linear && pc.Props.Sight == terrain.SightNone && pc.Props.Height > 0:
			// walls by the height tester: lower than the figure hinders,
			// as high or higher hides it
			if pc.Props.Height >= th {
				if words {
					sg.Why = fmt.Sprintf("%s is as high as %s: it hides it", rules.PieceName(s, x.Piece), t.Name)
				}
				return sg
			}
			hinders = true
		case x.Sight == terrain.SightHinders, x.Sight == terrain.SightBlocksBeyond:
			hinders = true
		}
		if hinders {
			sg.Hind++
			if words {
				sg.HindNames = append(sg.HindNames, rules.PieceName(s, x.Piece))
			}
			if pc.Kind != "fence" && hides == "" {
				hides = rules.PieceName(s, x.Piece)
			}
		}
	}
	// Fences are seen through, so the terrain's sight line passes them by;
	// the book makes each a hindrance all the same.
	if fs := fencesCrossed(s, f.Pos, t.Pos, high); len(fs) > 0 {
		for _, id := range fs {
			sg.Hind++
			if words {
				sg.HindNames = append(sg.HindNames, rules.PieceName(s, id))
			}
		}
		// A figure lying behind a fence is only hindered by it when no
		// bushes are beside it; lying against a hedge it cannot be made
		// out through the fence at all.
		if t.Posture != rules.Standing {
			if b := r.besideBushes(s, t); b >= 0 {
				if words {
					sg.Why = fmt.Sprintf("%s lies beside the %s behind the %s: it cannot be made out", t.Name, rules.PieceName(s, b), rules.PieceName(s, fs[0]))
				}
				return sg
			}
		}
	}
	// Any hindrance but a fence hides a figure that is not standing; a
	// fence, seen through, still only hinders it (the book: only fences
	// count as a hindrance to a prone figure).
	if hides != "" && t.Posture != rules.Standing {
		if words {
			sg.Why = fmt.Sprintf("%s is not standing: the %s hides him", t.Name, hides)
		}
		return sg
	}
	if sg.Cover != terrain.CoverHard && len(s.Vehicles) > 0 {
		if id := rules.VehicleShelter(r, s, t.ID, f.Pos, in(r.d.T.Vehicle.Shelter)); id != 0 {
			sg.Cover = terrain.CoverHard
			if words {
				sg.CoverName = "behind the " + s.Veh(id).Name
			}
		}
	}
	sg.OK = true
	return sg
}

// besideBushes is the first bush piece (a hedge or bocage, map order)
// whose edge lies within the house adjacency of f's base, or -1.
func (r Skirmish) besideBushes(s *rules.State, f *rules.Figure) int {
	if s.Map == nil {
		return -1
	}
	reach := s.BaseR + in(r.d.T.Sight.BushAdjacent)
	for id := range s.Map.Pieces {
		pc := &s.Map.Pieces[id]
		if (pc.Kind != "hedge" && pc.Kind != "bocage") || len(pc.Path) < 2 {
			continue
		}
		for i := 1; i < len(pc.Path); i++ {
			if geom.SegWithin(geom.Seg{A: pc.Path[i-1], B: pc.Path[i]}, f.Pos, reach+pc.Props.Width/2, false) {
				return id
			}
		}
	}
	return -1
}

// fencesCrossed lists the fences (map order) that the line a->b crosses,
// less those seen over from a height above them.
func fencesCrossed(s *rules.State, a, b geom.Pt, high int64) []int {
	if s.Map == nil {
		return nil
	}
	var out []int
	seg := geom.Seg{A: a, B: b}
	var buf [8]geom.Frac
	for _, id := range gapsOf(s.Map).fences {
		pc := &s.Map.Pieces[id]
		if high > 0 && pc.Props.Height <= high {
			continue
		}
		if len(geom.PolylineCrossings(pc.Path, seg, buf[:0])) > 0 {
			out = append(out, id)
		}
	}
	return out
}

// seesFriend reports whether f can see any other figure of its side, by
// the sight acquisition uses (facing does not matter).
//
// Whether any friend is seen does not depend on the order they are
// looked at, so the nearest are looked at first: one is most likely
// seen, and the rest need no look.
func (r Skirmish) seesFriend(s *rules.State, f *rules.Figure) bool {
	var buf [32]*rules.Figure
	friends := buf[:0]
	for i := range s.Figures {
		o := &s.Figures[i]
		if o.Side != f.Side || o.Removed || o.ID == f.ID || o.Markers.Has(rules.Surrendered) ||
			len(s.Vehicles) > 0 && s.Carrier(o.ID) != 0 {
			continue
		}
		friends = append(friends, o)
	}
	slices.SortStableFunc(friends, func(a, b *rules.Figure) int {
		return cmp.Compare(geom.Dist2(f.Pos, a.Pos), geom.Dist2(f.Pos, b.Pos))
	})
	for _, o := range friends {
		if r.sees(s, f, o) {
			return true
		}
	}
	return false
}

// sees reports whether f can see t at all, facing aside: the same sight
// as acquisition (smoke, hulls, windows and doors, walls by the height
// tester, woods seen over from a hill, a figure not standing hidden by a
// hindrance), so that morale, surrender, mortar spotting and
// opportunity suppression never see what acquisition cannot, nor the
// other way.
func (r Skirmish) sees(s *rules.State, f, t *rules.Figure) bool {
	return r.lookAt(s, f, t, false).OK
}
