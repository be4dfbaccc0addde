package skirmish35

import (
	"errors"
	"fmt"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// maxWaypoints bounds a move's path so a hostile save cannot stall the
// engine.
const maxWaypoints = 32

// maxObstacles bounds the obstacles one move may cross.
const maxObstacles = 4

// perPoint is how far a figure goes for one point: walking, or crawling
// when prone.
func (r Skirmish) perPoint(f *rules.Figure) int64 {
	if f.Posture == rules.Prone {
		return in(r.d.T.Move.CrawlPerPoint)
	}
	return in(r.d.T.Move.PerPoint)
}

// allowance is how far the figure may still go this turn.
func (r Skirmish) allowance(f *rules.Figure) int64 {
	a := int64(f.Var(fAP)) * r.perPoint(f)
	return max(0, min(a, in(r.d.T.Move.Max)-int64(f.Var(fMoved))))
}

func pathLen(legs []geom.Pt) int64 {
	var n int64
	for i := 1; i < len(legs); i++ {
		n += dist(legs[i-1], legs[i])
	}
	return n
}

// cutPath is the path up to distance d along legs.
func cutPath(legs []geom.Pt, d int64) []geom.Pt {
	out := []geom.Pt{legs[0]}
	for i := 1; i < len(legs); i++ {
		l := dist(legs[i-1], legs[i])
		if d <= l {
			if l == 0 {
				break
			}
			a, b := legs[i-1], legs[i]
			out = append(out, geom.Pt{X: a.X + (b.X-a.X)*d/l, Y: a.Y + (b.Y-a.Y)*d/l})
			return out
		}
		d -= l
		out = append(out, legs[i])
	}
	return out
}

// standProblem says why a figure cannot stand at p ("" if it can).
func (r Skirmish) standProblem(s *rules.State, f *rules.Figure, p geom.Pt) string {
	rad := s.BaseR
	if s.Map != nil && (p.X < rad || p.Y < rad || p.X > s.Map.Width-rad || p.Y > s.Map.Height-rad) {
		return "off the table"
	}
	if s.Terrain != nil {
		if ok, why := s.Terrain.CanStandDoors(geom.Circle{C: p, R: rad}, openDoors(s)); !ok {
			return why
		}
		if id := innerWallHit(s, p, p, rad); id >= 0 {
			return "it would stand in the inside wall of " + rules.PieceName(s, id)
		}
	}
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.ID != f.ID && !g.Removed && geom.Dist2(g.Pos, p) < (2*rad)*(2*rad) && (len(s.Vehicles) == 0 || s.Carrier(g.ID) == 0) {
			return "it would overlap " + g.Name
		}
	}
	if len(s.Vehicles) > 0 {
		return hullProblem(r, s, p)
	}
	return ""
}

// nearestKnownEnemy is the nearest enemy the figure's side knows of.
// It walks the figures in the order alive lists them, the first of
// equals winning, without making the list.
func (r Skirmish) nearestKnownEnemy(s *rules.State, f *rules.Figure, at geom.Pt) *rules.Figure {
	var best *rules.Figure
	var bd int64
	for i := range s.Figures {
		e := &s.Figures[i]
		if e.Side != 1-f.Side || e.Removed || !r.known(s, f.Side, e) || e.Markers.Has(rules.Surrendered) ||
			len(s.Vehicles) > 0 && s.Carrier(e.ID) != 0 {
			continue
		}
		if d := geom.Dist2(at, e.Pos); best == nil || d < bd {
			best, bd = e, d
		}
	}
	return best
}

// routeDoors is s.Terrain.RouteDoors(from, to, s.BaseR, open) for a
// straight line from-to the walls block. RouteDoors finds no way when
// both ends stand in the same building (or both outside) or when a
// building one end stands in has no open door; those are seen here
// without its own look at the blocked line and at every door.
func routeDoors(s *rules.State, from, to geom.Pt, open terrain.Open) ([]geom.Pt, bool) {
	bf, bt := s.Terrain.InsideBuilding(from), s.Terrain.InsideBuilding(to)
	if bf == bt || !anyOpenDoor(s, bf, open) || !anyOpenDoor(s, bt, open) {
		return nil, false
	}
	return s.Terrain.RouteDoors(from, to, s.BaseR, open)
}

// anyOpenDoor is whether building id (-1: none, true) has an open door
// in its outline.
func anyOpenDoor(s *rules.State, id int, open terrain.Open) bool {
	if id < 0 {
		return true
	}
	for k := 0; ; k++ {
		d := terrain.DoorRef{Piece: id, Index: k}
		if !s.Terrain.DoorExists(d) {
			return false
		}
		if open(d) {
			return true
		}
	}
}

// moveOK is MoveCheck(s, f.ID, []geom.Pt{p}).OK, worked out without
// the reasons of a refusal: the engine's compelled runs try many points
// for each figure that may have to run. Every refusal of MoveCheck is
// one here too, asked cheapest first (the order changes only which
// reason MoveCheck would give, not whether it refuses).
func (r Skirmish) moveOK(s *rules.State, f *rules.Figure, p geom.Pt) bool {
	var dm doorsOpen
	if s.Terrain != nil && s.Map != nil {
		dm = doorsOpenOf(s, openDoors(s))
	}
	return r.moveOKFrom(s, f, p, r.nearestKnownEnemy(s, f, f.Pos), dm)
}

// moveOKFrom is moveOK for e, the nearest known enemy of f (nil: none),
// and dm, the doors open, worked out once for the many points of a
// compelled run.
func (r Skirmish) moveOKFrom(s *rules.State, f *rules.Figure, p geom.Pt, e *rules.Figure, dm doorsOpen) bool {
	if s.Over || s.Phase != PhaseTurn || f.Side != s.Active || f.Removed ||
		f.Markers.Has(rules.Surrendered) || f.Var(fLock) != 0 {
		return false
	}
	rad := s.BaseR
	if s.Map != nil && (p.X < rad || p.Y < rad || p.X > s.Map.Width-rad || p.Y > s.Map.Height-rad) {
		return false // off the table (standProblem)
	}
	if e != nil && levelOf(f) == Shaken && geom.Dist2(p, e.Pos) <= geom.Dist2(f.Pos, e.Pos) {
		return false // not away from the enemy
	}
	allow, per, ap := r.allowance(f), r.perPoint(f), int64(f.Var(fAP))
	legs := []geom.Pt{f.Pos, p}
	length := pathLen(legs)
	obstacles := 0
	if s.Terrain != nil {
		open := openDoors(s)
		pc := straightLeg(s, f.Pos, p, open, dm)
		if pc.blocked >= 0 && s.Terrain.Enterable(pc.blocked) {
			if route, ok := routeDoors(s, f.Pos, p, open); ok {
				legs = append([]geom.Pt{f.Pos}, route...)
				length = pathLen(legs)
				if length == 0 || length > allow || ceilDiv(length, per) > ap {
					return false
				}
				rc := s.Terrain.PathCostBrief(legs, s.BaseR, open)
				pc = legCost{rc.Blocked, len(rc.Obstacles)}
			}
		}
		if pc.blocked >= 0 {
			return false
		}
		obstacles = pc.obstacles
	}
	if length == 0 || length > allow || obstacles > maxObstacles || ceilDiv(length, per)+int64(obstacles) > ap {
		return false
	}
	if s.Terrain != nil && innerPathProblem(s, legs) != "" {
		return false
	}
	if r.standProblem(s, f, p) != "" ||
		len(s.Vehicles) > 0 && pathThroughHull(r, s, legs) != "" ||
		r.toCoverProblem(s, f, p) != "" {
		return false
	}
	if e != nil && levelOf(f) == Suppressed && geom.Dist2(p, e.Pos) < geom.Dist2(f.Pos, e.Pos) && !r.intoClosestCover(s, f, p, e.Pos) {
		return false
	}
	return true
}

// MoveCheck measures a proposed move for the tape.
func (r Skirmish) MoveCheck(s *rules.State, fig rules.FigID, path []geom.Pt) rules.MoveInfo {
	info := rules.MoveInfo{}
	f := s.Fig(fig)
	if f == nil {
		info.Why = "there is no figure F" + strconv.Itoa(int(fig))
		return info
	}
	info.Allowance = r.allowance(f)
	info.Stop = f.Pos
	info.Legs = append([]geom.Pt{f.Pos}, path...)
	if len(path) == 0 {
		info.Why = "give the point to move to"
		return info
	}
	if len(path) > maxWaypoints {
		info.Why = "a move may have at most " + strconv.Itoa(maxWaypoints) + " waypoints"
		return info
	}
	info.Length = pathLen(info.Legs)
	info.Cost = info.Length
	obstacles := 0
	if s.Terrain != nil {
		open := openDoors(s)
		// brief: BlockedAt is read below only when what blocks is not a wall
		pc := s.Terrain.PathCostBrief(info.Legs, s.BaseR, open)
		if pc.Blocked >= 0 && s.Terrain.Enterable(pc.Blocked) && len(path) == 1 {
			// walls in the way: go by an open door, if there is a way
			if legs, ok := routeDoors(s, f.Pos, path[0], open); ok {
				info.Legs = append([]geom.Pt{f.Pos}, legs...)
				info.Length = pathLen(info.Legs)
				info.Cost = info.Length
				pc = s.Terrain.PathCostBrief(info.Legs, s.BaseR, open)
			}
		}
		if pc.Blocked >= 0 {
			// worded without fmt: the random player's tries are refused here most
			if s.Terrain.Enterable(pc.Blocked) {
				info.Why = wallWhy(s, f, pc.Blocked)
			} else {
				info.Why = "the path runs into impassable " + rules.PieceName(s, pc.Blocked)
			}
			return info
		}
		obstacles = len(pc.Obstacles)
		if why := innerPathProblem(s, info.Legs); why != "" {
			info.Why = why
			return info
		}
	}
	end := path[len(path)-1]
	pts := ceilDiv(info.Length, r.perPoint(f)) + int64(obstacles)
	switch {
	case s.Over:
		info.Why = "the game is over"
	case s.Phase != PhaseTurn:
		info.Why = "an opportunity fire window is open"
	case f.Side != s.Active:
		info.Why = "it is " + rules.Possessive(s.Sides[s.Active].Name) + " turn"
	case f.Removed:
		info.Why = f.Name + " is out of the fight"
	case f.Markers.Has(rules.Surrendered):
		info.Why = f.Name + " is a prisoner"
	case f.Var(fLock) != 0:
		info.Why = f.Name + " is locked in hand to hand"
	case info.Length == 0:
		info.Why = "give a point away from the figure"
	case info.Length > info.Allowance:
		info.Why = f.Name + " may go " + rules.InchText(info.Allowance) + "\" more this turn; this path is " + rules.InchTextPast(info.Length, info.Allowance) + "\""
	case obstacles > maxObstacles:
		info.Why = "a move may cross at most " + strconv.Itoa(maxObstacles) + " obstacles"
	case pts > int64(f.Var(fAP)):
		info.Why = f.Name + " has " + strconv.Itoa(f.Var(fAP)) + " points: this move needs " + strconv.FormatInt(pts, 10) + ", and at least a point for each obstacle"
	default:
		if why := r.standProblem(s, f, end); why != "" {
			info.Why = f.Name + " cannot end there: " + why
			return info
		}
		if len(s.Vehicles) > 0 {
			if why := pathThroughHull(r, s, info.Legs); why != "" {
				info.Why = f.Name + " cannot go that way: " + why
				return info
			}
		}
		if why := r.toCoverProblem(s, f, end); why != "" {
			info.Why = why
			return info
		}
		if e := r.nearestKnownEnemy(s, f, f.Pos); e != nil {
			d0, d1 := geom.Dist2(f.Pos, e.Pos), geom.Dist2(end, e.Pos)
			switch levelOf(f) {
			case Suppressed:
				// it may close on the enemy only to reach the closest cover
				if d1 < d0 && !r.intoClosestCover(s, f, end, e.Pos) {
					info.Why = f.Name + " is suppressed and may not move towards " + e.Name + " except into the closest cover"
					return info
				}
			case Shaken:
				if d1 <= d0 {
					info.Why = f.Name + " is shaken and must move away from " + e.Name
					return info
				}
			}
		}
		info.OK = true
		info.Stop = end
		if obstacles > 0 {
			info.Why = "crosses " + strconv.Itoa(obstacles) + " " + rules.OneOrMany(obstacles, "obstacle", "obstacles") + ": a roll of 1 to 3 points each"
		}
	}
	return info
}

// obstacleStop is the furthest distance along legs at which the figure
// has crossed fewer than k obstacles (it halts there, before the k-th).
func (r Skirmish) obstacleStop(s *rules.State, legs []geom.Pt, k int) int64 {
	lo, hi := int64(0), pathLen(legs)
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if len(s.Terrain.PathCostBrief(cutPath(legs, mid), s.BaseR, openDoors(s)).Obstacles) < k {
			lo = mid
		} else {
			hi = mid
		}
	}
	// step back a base radius so it stands clear of the obstacle
	return max(0, lo-s.BaseR)
}

// safeStop walks back from distance d along legs until the figure can
// stand there.
func (r Skirmish) safeStop(s *rules.State, f *rules.Figure, legs []geom.Pt, d int64) geom.Pt {
	for ; d > 0; d -= s.BaseR / 2 {
		p := cutPath(legs, d)
		at := p[len(p)-1]
		if r.standProblem(s, f, at) == "" {
			return at
		}
	}
	return legs[0]
}

func (r Skirmish) applyMove(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("a move names one figure and its path")
	}
	info := r.MoveCheck(s, f.ID, c.Path)
	if !info.OK {
		return nil, errors.New(info.Why)
	}
	legs := info.Legs
	pts := int(ceilDiv(info.Length, r.perPoint(f)))
	var evs []rules.Event
	stopAt := info.Length
	halted := ""
	if s.Terrain != nil {
		pc := s.Terrain.PathCostBrief(legs, s.BaseR, openDoors(s))
		left := f.Var(fAP) - pts
		for k, id := range pc.Obstacles {
			d := s.Roll(3)
			l := &rules.Ledger{What: fmt.Sprintf("Negotiating %s: %s", rules.PieceName(s, id), f.Name), Dice: []rules.Die{d},
				Compare: "<=", Target: left, Total: d.Face, Note: fmt.Sprintf("crossing costs a roll of 1 to 3 points; %s has %d left", f.Name, left)}
			if d.Face <= left {
				l.Outcome = "crosses"
				left -= d.Face
				pts += d.Face
				evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l,
					Text: fmt.Sprintf("%s spends %d %s getting over %s", f.Name, d.Face, rules.OneOrMany(d.Face, "point", "points"), rules.PieceName(s, id))})
				continue
			}
			l.Outcome = "fails to cross"
			evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l,
				Text: fmt.Sprintf("%s needs %d points to get over %s and has %d left: he halts before it", f.Name, d.Face, rules.PieceName(s, id), left)})
			stopAt = r.obstacleStop(s, legs, k+1)
			pts = f.Var(fAP)
			halted = "obstacle"
			break
		}
	}
	_ = spend(f, pts, "the move")
	moved := cutPath(legs, stopAt)
	if stopAt < info.Length {
		end := r.safeStop(s, f, legs, stopAt)
		moved = cutPath(legs, stopAt)
		moved[len(moved)-1] = end
	}
	// suppressive fire lines met along the way
	cross, gun, sevs := r.lineChecks(s, f, moved)
	evs = append(evs, sevs...)
	if cross >= 0 {
		// the book: it stops at the point before it broke cover
		stop := r.brokeCover(s, f, moved, max(0, cross-s.BaseR), gun)
		end := r.safeStop(s, f, moved, stop)
		moved = cutPath(moved, stop)
		moved[len(moved)-1] = end
		halted = "fire"
	}
	from := f.Pos
	f.Pos = moved[len(moved)-1]
	if len(moved) >= 2 && moved[len(moved)-1] != moved[len(moved)-2] {
		f.Facing = bearing(moved[len(moved)-2], moved[len(moved)-1])
	}
	d := pathLen(moved)
	r.beforeMove(s, f)
	f.SetVar(fMoved, f.Var(fMoved)+int(d))
	f.SetVar(fTMoved, f.Var(fTMoved)+int(d))
	s.SetVar(gLastFig, int(f.ID))
	f.SetVar(fLean, 0)
	wasHidden := f.Markers.Has(rules.Hidden)
	unhide(f)
	text := fmt.Sprintf("%s moves %s\"", f.Name, rules.InchText(d))
	switch halted {
	case "obstacle":
		text += ", halted by an obstacle"
	case "fire":
		text += ", stopped by suppressive fire"
	}
	if wasHidden {
		text += " and gives itself away"
	}
	path := append([]geom.Pt{from}, moved[1:]...)
	evs = append([]rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: path, Text: text}}, evs...)
	evs = append(evs, r.leadPrisoners(s, f, from)...)
	return append(evs, r.openOpp(s, f, path)...), nil
}

// moveOdds enumerates the dice of a move: the obstacle dice, then the
// suppressive fire lines met on the part of the path travelled.
func (r Skirmish) moveOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the figure")
	}
	info := r.MoveCheck(s, f.ID, c.Path)
	if !info.OK {
		return rules.Odds{}, errors.New(info.Why)
	}
	legs := info.Legs
	var obs []int
	if s.Terrain != nil {
		obs = s.Terrain.PathCostBrief(legs, s.BaseR, openDoors(s)).Obstacles
	}
	left0 := f.Var(fAP) - int(ceilDiv(info.Length, r.perPoint(f)))
	out := map[string]float64{}
	// walk the obstacle dice
	var walk func(k, left int, p float64)
	walk = func(k, left int, p float64) {
		if k == len(obs) {
			ps := r.lineStopP(s, f, legs)
			out["stopped by suppressive fire"] += p * ps
			out["moves"] += p * (1 - ps)
			return
		}
		for d := 1; d <= 3; d++ {
			if d <= left {
				walk(k+1, left-d, p/3)
				continue
			}
			stop := r.obstacleStop(s, legs, k+1)
			moved := cutPath(legs, stop)
			moved[len(moved)-1] = r.safeStop(s, f, legs, stop)
			ps := r.lineStopP(s, f, moved)
			out["stopped by suppressive fire"] += p / 3 * ps
			out["halted at an obstacle"] += p / 3 * (1 - ps)
		}
	}
	walk(0, left0, 1)
	var o rules.Odds
	for _, n := range []string{"moves", "halted at an obstacle", "stopped by suppressive fire"} {
		if out[n] > 0 {
			o.Outcomes = append(o.Outcomes, rules.Outcome{Name: n, P: out[n]})
		}
	}
	if len(obs) > 0 {
		o.Note = fmt.Sprintf("%d %s to cross at a roll of 1 to 3 points each", len(obs), rules.OneOrMany(len(obs), "obstacle", "obstacles"))
	}
	return o, nil
}

// toCoverProblem says why a suppressed figure out of cover may not end a
// move at end ("" when it may): the book has it move towards cover, so
// the move must end in cover or nearer the nearest piece of terrain that
// gives cover than it started.
func (r Skirmish) toCoverProblem(s *rules.State, f *rules.Figure, end geom.Pt) string {
	if levelOf(f) != Suppressed || s.Map == nil || r.inCover(s, f) {
		return ""
	}
	from := geom.Pt{X: end.X, Y: end.Y - 100*geom.PerInch}
	if e := r.nearestKnownEnemy(s, f, f.Pos); e != nil {
		from = e.Pos
	}
	if r.coverAt(s, f, end, from) {
		return ""
	}
	best, d0 := -1, int64(0)
	for id := range s.Map.Pieces {
		pc := &s.Map.Pieces[id]
		if pc.Props.Cover == terrain.CoverNone {
			continue
		}
		if d, ok := pieceDist2(pc, f.Pos); ok && (best < 0 || d < d0) {
			best, d0 = id, d
		}
	}
	if best < 0 || d0 == 0 {
		return "" // no cover on the table, or already within its piece
	}
	if d1, _ := pieceDist2(&s.Map.Pieces[best], end); d1 < d0 {
		return ""
	}
	return fmt.Sprintf("%s is suppressed out of cover: he must move towards cover (the nearest is the %s)", f.Name, rules.PieceName(s, best))
}

// pieceDist2 is the squared distance from p to a piece's outline (0
// inside an area piece), on the grid; false for a piece with no shape.
func pieceDist2(pc *terrain.Piece, p geom.Pt) (int64, bool) {
	var pts []geom.Pt
	closed := false
	switch {
	case len(pc.Poly) > 2:
		if pc.Poly.PointIn(p) >= 0 {
			return 0, true
		}
		pts, closed = pc.Poly, true
	case len(pc.Path) > 1:
		pts = pc.Path
	default:
		return 0, false
	}
	best := int64(-1)
	n := len(pts) - 1
	if closed {
		n = len(pts)
	}
	for i := 0; i < n; i++ {
		seg := geom.Seg{A: pts[i], B: pts[(i+1)%len(pts)]}
		if d := geom.Dist2(geom.ClosestOnSeg(seg, p), p); best < 0 || d < best {
			best = d
		}
	}
	return best, true
}

// intoClosestCover reports whether a figure standing at p would have
// cover from an enemy at from given by the piece of cover closest to
// where f stands now (the book: a suppressed figure may move closer to a
// known enemy only when that is the closest cover; lowest piece id on a
// tie).
func (r Skirmish) intoClosestCover(s *rules.State, f *rules.Figure, p, from geom.Pt) bool {
	if s.Terrain == nil || s.Map == nil {
		return false
	}
	cv, id := s.Terrain.CoverFor(geom.Circle{C: p, R: s.BaseR}, from)
	if cv == terrain.CoverNone {
		return false
	}
	best, d0 := -1, int64(0)
	for k := range s.Map.Pieces {
		pc := &s.Map.Pieces[k]
		if pc.Props.Cover == terrain.CoverNone {
			continue
		}
		if d, ok := pieceDist2(pc, f.Pos); ok && (best < 0 || d < d0) {
			best, d0 = k, d
		}
	}
	return id == best
}

// coverAt reports whether a figure standing at p would have cover from
// an enemy at from.
func (r Skirmish) coverAt(s *rules.State, f *rules.Figure, p, from geom.Pt) bool {
	if s.Terrain == nil {
		return false
	}
	cv, _ := s.Terrain.CoverFor(geom.Circle{C: p, R: s.BaseR}, from)
	return cv != terrain.CoverNone
}

// wallWhy says why a path meets a building's wall: a man goes in and out
// by an open door, and when none of its doors is open, what keeps them
// shut as his side knows it ("the door of the Inn is locked": dragged out
// of the Inn, a man stopped at its wall and the log said only how far he
// went, play-test 11).
func wallWhy(s *rules.State, f *rules.Figure, id int) string {
	name := rules.The(rules.PieceName(s, id))
	why := "the path meets the wall of " + name + " (a building is entered by an open door)"
	if s.Map == nil || id < 0 || id >= len(s.Map.Pieces) || len(s.Map.Pieces[id].Doors) == 0 {
		return why
	}
	locked, shut := 0, 0
	n := len(s.Map.Pieces[id].Doors)
	for i := range n {
		key := doorKey(terrain.DoorRef{Piece: id, Index: i})
		switch v := s.Var(key); {
		case isOpen(v):
			return why // an open door, but not on his way
		case v == doorLocked && (Skirmish{}).GameVarKnown(s, f.Side, key):
			locked++
		default:
			shut++
		}
	}
	door := "the door of " + name
	if n > 1 {
		door = "the doors of " + name
	}
	switch {
	case shut == 0 && n > 1:
		return "the path meets the wall of " + name + ", and " + door + " are locked (a locked door may be forced)"
	case shut == 0:
		return "the path meets the wall of " + name + ", and " + door + " is locked (a locked door may be forced)"
	case locked == 0 && n > 1:
		return "the path meets the wall of " + name + ", and " + door + " are shut (open one first)"
	case locked == 0:
		return "the path meets the wall of " + name + ", and " + door + " is shut (open it first)"
	}
	return "the path meets the wall of " + name + ", and no door of it is open (some are locked)"
}
