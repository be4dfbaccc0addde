// 1/35th Skirmish: openings in walls, leaning out and climbing through, and sight into and out of buildings.

package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// openings are the window points and open door points of building id.
func openings(s *rules.State, id int) []geom.Pt {
	pc := &s.Map.Pieces[id]
	out := append([]geom.Pt(nil), pc.Windows...)
	for k, p := range pc.Doors {
		if isOpen(s.Var(doorKey(terrain.DoorRef{Piece: id, Index: k}))) {
			out = append(out, p)
		}
	}
	return out
}

// nearOpening is whether one of openings(s, id) lies within d of p,
// found without making the list.
func nearOpening(s *rules.State, id int, p geom.Pt, d int64) bool {
	pc := &s.Map.Pieces[id]
	for _, o := range pc.Windows {
		if within(o, p, d) {
			return true
		}
	}
	for k, o := range pc.Doors {
		if within(o, p, d) && isOpen(s.Var(doorKey(terrain.DoorRef{Piece: id, Index: k}))) {
			return true
		}
	}
	return false
}

// wallCrossing is where segment a-b crosses the outline of polygon poly
// (the crossing nearest a), and whether it does.
func wallCrossing(poly geom.Polygon, a, b geom.Pt) (geom.Pt, bool) {
	seg := geom.Seg{A: a, B: b}
	var bestN, bestD int64
	found := false
	for k := range poly {
		e := poly.Edge(k)
		if !geom.SegmentsIntersect(seg, e) {
			continue
		}
		num, den, ok := geom.IntersectParam(seg, e)
		if !ok {
			continue
		}
		if !found || geom.Mul128Cmp(num, bestD, bestN, den) < 0 {
			bestN, bestD, found = num, den, true
		}
	}
	if !found {
		return geom.Pt{}, false
	}
	d := b.Sub(a)
	return geom.Pt{X: a.X + d.X*bestN/bestD, Y: a.Y + d.Y*bestN/bestD}, true
}

// throughOpening says why the line from a (inside building id) to b
// cannot pass out of the building ("" when it leaves by a window or an
// open door).
func (r Skirmish) throughOpening(s *rules.State, id int, a, b geom.Pt) string {
	if !r.wallBlocks(s, id, a, b) {
		return ""
	}
	return "the wall of " + rules.PieceName(s, id) + " is in the way: only windows and open doors look out"
}

// fLean is the turn a figure inside leaned out of its window or door.
const fLean = "lean"

// leaning reports whether f is leaning out: from the turn it paid the
// point until its side's next turn begins.
func leaning(s *rules.State, f *rules.Figure) bool {
	l := f.Var(fLean)
	return l > 0 && l >= turnNo(s)-1
}

// climbOK is climbProblem(s, f) == "", its commonest refusal (no window
// beside the figure) found before the reasons are worded.
func (r Skirmish) climbOK(s *rules.State, f *rules.Figure) bool {
	if _, _, _, ok := r.windowBeside(s, f); !ok {
		return false
	}
	return r.climbProblem(s, f) == ""
}

// listClimbOK is climbOK with the window beside f asked of the listing's
// kept answers.
func (r Skirmish) listClimbOK(s *rules.State, f *rules.Figure, lc *listing) bool {
	if !memoOn || s.Terrain == nil || s.Map == nil || s.Terrain.Map != s.Map {
		return r.climbOK(s, f)
	}
	return lc.posAt(s, f).window && r.climbProblem(s, f) == ""
}

// leanProblem: a figure inside a building, within reach of one of its
// windows or open doors, may lean out for a point.
func (r Skirmish) leanProblem(s *rules.State, f *rules.Figure) string {
	if s.Terrain == nil {
		return "there is no building"
	}
	b := s.Terrain.InsideBuilding(f.Pos)
	switch {
	case b < 0:
		return f.Name + " is not in a building"
	case leaning(s, f):
		return f.Name + " is already leaning out"
	case f.Var(fAP) < r.d.T.Costs.Move:
		return f.Name + " has no point to lean out"
	}
	if nearOpening(s, b, f.Pos, s.BaseR+in(r.d.T.Buildings.Window)) {
		return ""
	}
	return f.Name + " is not at a window or open door"
}

// applyLean: "lean F1" leans out of the window or door beside it for a
// point (the book: pay a point to move): it sees and is seen past the
// window's angle, with soft cover only, until its side's next turn.
func (r Skirmish) applyLean(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("lean names only the figure")
	}
	if why := r.leanProblem(s, f); why != "" {
		return nil, errors.New(why)
	}
	_ = spend(f, r.d.T.Costs.Move, "leaning out")
	f.SetVar(fLean, turnNo(s))
	s.SetVar(gLastFig, int(f.ID))
	return []rules.Event{{Kind: "lean", Side: f.Side, Fig: f.ID, Text: f.Name + " leans out: soft cover only until its next turn"}}, nil
}

// wallBlocks is whether throughOpening refuses the line (its reason not
// worded).
func (r Skirmish) wallBlocks(s *rules.State, id int, a, b geom.Pt) bool {
	x, ok := wallCrossing(s.Map.Pieces[id].Poly, a, b)
	return ok && !nearOpening(s, id, x, in(r.d.T.Buildings.Window))
}

// buildingSight checks the walls of the buildings the looker and target
// stand in (a figure leaning out sees and is seen past its window).
func (r Skirmish) buildingSight(s *rules.State, f, t *rules.Figure) string {
	if s.Terrain == nil {
		return ""
	}
	return r.buildingSightIn(s, f, t, s.Terrain.InsideBuilding(f.Pos), s.Terrain.InsideBuilding(t.Pos))
}

// buildingSightIn is buildingSight for figures known to stand in
// buildings bf and bt (-1: in none).
func (r Skirmish) buildingSightIn(s *rules.State, f, t *rules.Figure, bf, bt int) string {
	switch inner, wall := r.buildingBlock(s, f, t, bf, bt, bf >= 0 && leaning(s, f), bt >= 0 && leaning(s, t)); {
	case inner >= 0:
		return "the inside wall of " + rules.PieceName(s, inner) + " is in the way"
	case wall >= 0:
		return r.throughOpening(s, wall, wallFrom(f, t, wall, bf), wallFrom(t, f, wall, bf))
	}
	return ""
}

// wallFrom is the end of the line f-t inside building wall, which
// buildingBlock found in the way: f's when f stands in it (bf).
func wallFrom(f, t *rules.Figure, wall, bf int) geom.Pt {
	if wall == bf {
		return f.Pos
	}
	return t.Pos
}

// buildingBlock is what of the buildings stops the sight line f-t, for
// figures standing in buildings bf and bt (-1: none): the building whose
// inside wall is in the way, else the building whose outline wall (no
// window or open door where the line leaves it) is; -1 for none. lf and
// lt say whether f and t lean out (asked only of one in a building).
func (r Skirmish) buildingBlock(s *rules.State, f, t *rules.Figure, bf, bt int, lf, lt bool) (inner, wall int) {
	if id := innerWallHit(s, f.Pos, t.Pos, 0); id >= 0 {
		return id, -1
	}
	if bf >= 0 && bf == bt {
		return -1, -1
	}
	if bf >= 0 && lf {
		bf = -1
	}
	if bt >= 0 && lt {
		bt = -1
	}
	if bf >= 0 && r.wallBlocks(s, bf, f.Pos, t.Pos) {
		return -1, bf
	}
	if bt >= 0 && r.wallBlocks(s, bt, t.Pos, f.Pos) {
		return -1, bt
	}
	return -1, -1
}

// ---- grenades into buildings ----

// intoBuilding is the building an aim point lies in that the thrower is
// not in (-1 for none).
func intoBuilding(s *rules.State, f *rules.Figure, p geom.Pt) int {
	if s.Terrain == nil {
		return -1
	}
	b := s.Terrain.InsideBuilding(p)
	if b < 0 || b == s.Terrain.InsideBuilding(f.Pos) {
		return -1
	}
	return b
}

// windowNeed is the 2D6 needed to get a grenade through a window or door
// from distance d (0: automatic; -1: too far for this figure).
func (r Skirmish) windowNeed(f *rules.Figure, d int64) int {
	for _, w := range r.d.T.Buildings.Throw {
		if d <= in(w.Upto) {
			if w.Standing && f.Posture != rules.Standing {
				return -1
			}
			return w.Need
		}
	}
	return -1
}

// nearestOpening is the window or open door of building id nearest p,
// stepped out of the building by a base radius.
func (r Skirmish) outsideOpening(s *rules.State, id int, from geom.Pt) geom.Pt {
	var best geom.Pt
	found := false
	for _, o := range openings(s, id) {
		if !found || geom.Dist2(from, o) < geom.Dist2(from, best) {
			best, found = o, true
		}
	}
	if !found {
		x, ok := wallCrossing(s.Map.Pieces[id].Poly, from, s.Map.Pieces[id].Poly[0])
		if ok {
			best = x
		} else {
			best = s.Map.Pieces[id].Poly[0]
		}
	}
	return towards(best, from, s.BaseR)
}

// ---- anti-tank weapons against buildings ----

func (r Skirmish) atMods(s *rules.State, f *rules.Figure, p geom.Pt) ([]rules.Mod, string) {
	a := r.d.T.AT
	const rule = "Anti-tank fire"
	var mods []rules.Mod
	band := -1
	for i, b := range a.Bands {
		if within(f.Pos, p, in(b.Upto)) {
			band = i
			break
		}
	}
	if band < 0 {
		return nil, fmt.Sprintf("beyond %g\"", a.Bands[len(a.Bands)-1].Upto)
	}
	mods = append(mods, rules.Mod{Value: a.Bands[band].Mod, Reason: fmt.Sprintf("range up to %g\"", a.Bands[band].Upto), Rule: rule})
	if t := f.Var(fFiredAt); t > 0 && t >= turnNo(s)-1 {
		mods = append(mods, rules.Mod{Value: a.FiredOn, Reason: "been fired on", Rule: rule})
	}
	if f.Var(fMoved) > 0 {
		mods = append(mods, rules.Mod{Value: a.FirerMoved, Reason: "firer moved", Rule: rule})
	}
	mods = append(mods, rules.Mod{Value: a.Side, Reason: "a building counts as a side shot", Rule: rule})
	return mods, ""
}

func (r Skirmish) atProblem(s *rules.State, f *rules.Figure, p geom.Pt) string {
	switch {
	case !r.carries(f, "at"):
		return f.Name + " has no anti-tank weapon"
	case f.Markers.Has(rules.Hidden):
		return f.Name + " is hidden: it must move first"
	case levelOf(f) >= Suppressed:
		return f.Name + " is " + levelNames[levelOf(f)] + " and cannot fire"
	case f.Var(fAP) < r.d.T.Costs.Unaimed:
		return fmt.Sprintf("%s needs %d points to fire", f.Name, r.d.T.Costs.Unaimed)
	case s.Terrain == nil || s.Terrain.InsideBuilding(p) < 0 && !onBuilding(s, p):
		return "aim at a building, or name a vehicle (at F1 V2)"
	case !inFront(f, p, r.d.T.Sight.Front):
		return f.Name + " must turn to face it first"
	}
	if _, why := r.atMods(s, f, p); why != "" {
		return "the target is " + why
	}
	return ""
}

// atInRange is whether p lies within one of the anti-tank range bands
// from a (atMods refuses only a target beyond them all).
func (r Skirmish) atInRange(a, p geom.Pt) bool {
	for _, b := range r.d.T.AT.Bands {
		if within(a, p, in(b.Upto)) {
			return true
		}
	}
	return false
}

// onBuilding reports whether p lies in or on any building.
func onBuilding(s *rules.State, p geom.Pt) bool {
	for i := range s.Map.Pieces {
		pc := &s.Map.Pieces[i]
		if pc.Kind == "building" && len(pc.Poly) > 2 && pc.Poly.PointIn(p) >= 0 {
			return true
		}
	}
	return false
}

// applyAT: "at F1 x,y" fires a bazooka, Panzerschreck, Panzerfaust or
// PIAT at a building: 2D6 needing more than the modifiers, a double six a
// dud shell; a hit catches everyone within 2" of the strike.
func (r Skirmish) applyAT(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if a, ok := rules.ParseVehicleArg(c.Arg); ok {
		return r.applyATVehicle(s, f, c, a)
	}
	if len(c.Path) != 1 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("at names the firer and the point struck")
	}
	p := c.Path[0]
	if why := r.atProblem(s, f, p); why != "" {
		return nil, errors.New(why)
	}
	mods, _ := r.atMods(s, f, p)
	_ = spend(f, r.d.T.Costs.Unaimed, "anti-tank fire")
	acted(s, f)
	unhide(f)
	f.SetVar(fFired, turnNo(s))
	l := rollAT(s, "Anti-tank fire at "+rules.PieceName(s, s.Terrain.InsideBuilding(p))+": "+f.Name, mods)
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, p},
		Text: fmt.Sprintf("%s fires at the building: %s: %s", f.Name, shellText(l.Total, l.Target), l.Outcome)}}
	evs = append(evs, r.useAT(f)...)
	if l.Outcome != "hit" {
		return evs, nil
	}
	return append(evs, r.blast(s, f.Side, p, in(r.d.T.AT.Radius), "Anti-tank round", true)...), nil
}

func (r Skirmish) atOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if a, ok := rules.ParseVehicleArg(c.Arg); ok && f != nil {
		return r.atVehicleOdds(s, f, a)
	}
	if f == nil || len(c.Path) != 1 {
		return rules.Odds{}, errors.New("name the firer and the point")
	}
	if why := r.atProblem(s, f, c.Path[0]); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	mods, _ := r.atMods(s, f, c.Path[0])
	t := sumMods(mods)
	hit := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if !(a == 6 && b == 6) && a+b > t {
				hit++
			}
		}
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "hit", P: float64(hit) / 36}, {Name: "miss", P: float64(35-hit) / 36},
		{Name: "dud shell", P: 1.0 / 36}}, Mods: mods, Note: fmt.Sprintf("two dice needing more than %d; a double six is a dud", t)}, nil
}

// ---- climbing through a window ----

// windowBeside finds a window of an enterable building within reach of
// f, and the point just across the wall from f.
func (r Skirmish) windowBeside(s *rules.State, f *rules.Figure) (geom.Pt, geom.Pt, int, bool) {
	return windowBesideAt(s, f.Pos)
}

// windowBesideAt is windowBeside for a figure at p.
func windowBesideAt(s *rules.State, p geom.Pt) (geom.Pt, geom.Pt, int, bool) {
	if s.Terrain == nil || s.Map == nil {
		return geom.Pt{}, geom.Pt{}, -1, false
	}
	reach := s.BaseR + geom.PerInch
	for id := range s.Map.Pieces {
		pc := &s.Map.Pieces[id]
		if !s.Terrain.Enterable(id) {
			continue
		}
		for _, w := range pc.Windows {
			if !within(w, p, reach) {
				continue
			}
			for k := range pc.Poly {
				e := pc.Poly.Edge(k)
				if !geom.SegWithin(e, w, 10, false) {
					continue
				}
				d := e.B.Sub(e.A)
				n := geom.Isqrt(d.Len2())
				if n == 0 {
					continue
				}
				off := s.BaseR + 100
				a := geom.Pt{X: w.X - d.Y*off/n, Y: w.Y + d.X*off/n}
				b := geom.Pt{X: w.X + d.Y*off/n, Y: w.Y - d.X*off/n}
				in := s.Terrain.InsideBuilding(p) == id
				for _, c := range []geom.Pt{a, b} {
					if (pc.Poly.PointIn(c) > 0) != in {
						return w, c, id, true
					}
				}
			}
		}
	}
	return geom.Pt{}, geom.Pt{}, -1, false
}

func (r Skirmish) climbProblem(s *rules.State, f *rules.Figure) string {
	_, to, _, ok := r.windowBeside(s, f)
	switch {
	case !ok:
		return f.Name + " is not beside a window"
	case f.Var(fAP) < 1:
		return f.Name + " has no points left"
	case f.Posture == rules.Prone:
		return f.Name + " must stand to climb"
	case int64(f.Var(fMoved))+dist(f.Pos, to) > in(r.d.T.Move.Max):
		return f.Name + " has moved as far as it may this turn"
	}
	if why := r.standProblem(s, f, to); why != "" {
		return "the other side of the window: " + why
	}
	if levelOf(f) >= Suppressed {
		if e := r.nearestKnownEnemy(s, f, f.Pos); e != nil && geom.Dist2(to, e.Pos) < geom.Dist2(f.Pos, e.Pos) && !r.coverAt(s, f, to, e.Pos) {
			return f.Name + " is " + levelNames[levelOf(f)] + " and may not close on the enemy"
		}
	}
	return ""
}

// applyClimb: "climb F1" goes through the window beside it, crossing the
// wall as an obstacle: 1D3 points, and a figure short of them spends what
// it has and stays.
func (r Skirmish) applyClimb(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("climb names only the figure")
	}
	if why := r.climbProblem(s, f); why != "" {
		return nil, errors.New(why)
	}
	w, to, id, _ := r.windowBeside(s, f)
	d := s.Roll(3)
	l := &rules.Ledger{What: fmt.Sprintf("Climbing through a window of %s: %s", rules.PieceName(s, id), f.Name), Dice: []rules.Die{d},
		Compare: "<=", Target: f.Var(fAP), Total: d.Face, Note: "a window is crossed as a wall: a roll of 1 to 3 points"}
	if d.Face > f.Var(fAP) {
		l.Outcome = "stuck"
		f.SetVar(fAP, 0)
		acted(s, f)
		return []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: f.Name + " cannot get through the window this turn"}}, nil
	}
	l.Outcome = "through"
	_ = spend(f, d.Face, "climbing")
	from := f.Pos
	moved := dist(from, to)
	f.Pos = to
	f.Facing = bearing(from, to)
	r.beforeMove(s, f)
	f.SetVar(fMoved, f.Var(fMoved)+int(moved))
	f.SetVar(fTMoved, f.Var(fTMoved)+int(moved))
	f.SetVar(fLean, 0)
	unhide(f)
	s.SetVar(gLastFig, int(f.ID))
	evs := []rules.Event{
		{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: fmt.Sprintf("%s climbs through the window for %d %s", f.Name, d.Face, rules.OneOrMany(d.Face, "point", "points"))},
		{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{from, w, to}, Text: f.Name + " is through the window"},
	}
	evs = append(evs, r.leadPrisoners(s, f, from)...)
	return append(evs, r.openOpp(s, f, []geom.Pt{from, w, to})...), nil
}

func (r Skirmish) climbOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the figure")
	}
	if why := r.climbProblem(s, f); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	n := float64(min(f.Var(fAP), 3)) / 3
	o := rules.Odds{Note: "a roll of 1 to 3 points"}
	for _, x := range []rules.Outcome{{Name: "through", P: n}, {Name: "stuck", P: 1 - n}} {
		if x.P > 0 {
			o.Outcomes = append(o.Outcomes, x)
		}
	}
	return o, nil
}
