package maxim

import (
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// allowance is how far a figure may move this turn: 6" for men, the
// rolled 1D6+3" for riders, less 1" for a light wound, halved for a
// serious one.
func allowance(s *rules.State, f *rules.Figure) int64 {
	a := int64(data.Move.Men) * geom.PerInch
	if r := f.Var(fRide); r > 0 {
		a = int64(r)
	}
	switch {
	case f.Markers.Has(rules.BadlyWounded):
		a /= 2
	case f.Markers.Has(rules.Wounded):
		a -= int64(data.Wound.LightMove) * geom.PerInch
	}
	return max(a, 0)
}

// mayMove says why f may not start a move now ("" when it may).
func mayMove(s *rules.State, f *rules.Figure) string {
	switch {
	case s.Over:
		return "the game is over"
	case f.Removed:
		return f.Name + " is out of the fight"
	case aboard(s, f):
		return f.Name + " is in a vehicle: get out first"
	case s.Phase != PhaseMove:
		return fmt.Sprintf("figures move only in the move phase (this is the %s phase)", phaseWord(s.Phase))
	case f.Side != s.Active:
		return fmt.Sprintf("%s %s this turn", s.Sides[s.Active].Name, rules.Agree(s.Sides[s.Active].Name, "moves", "move"))
	case f.Var(fMoved) == s.Round:
		return f.Name + " has already moved this turn"
	case f.Var(fFought) == s.Round:
		return f.Name + " has fought a melee this turn"
	case stunned(f):
		return f.Name + " is stunned"
	case allowance(s, f) == 0:
		return f.Name + " cannot move"
	}
	return ""
}

// MoveCheck measures a proposed move for the tape.
func (Maxim) MoveCheck(s *rules.State, fig rules.FigID, path []geom.Pt) rules.MoveInfo {
	return moveCheck(s, fig, path)
}

func moveCheck(s *rules.State, fig rules.FigID, path []geom.Pt) rules.MoveInfo {
	var info rules.MoveInfo
	f := s.Fig(fig)
	if f == nil {
		info.Why = fmt.Sprintf("there is no figure F%d", fig)
		return info
	}
	info.Allowance = allowance(s, f)
	info.Stop = f.Pos
	info.Legs = []geom.Pt{f.Pos}
	if len(path) == 0 {
		info.Why = "give the point to move to"
		return info
	}
	if len(path) > maxWaypoints {
		info.Why = fmt.Sprintf("a move may have at most %d waypoints", maxWaypoints)
		return info
	}
	// a man who may not move at all is told so before anything about
	// this path ("has already moved this turn", not "cannot end there")
	if why := mayMove(s, f); why != "" {
		info.Why = why
		return info
	}
	for _, p := range path {
		if !onTable(s, p) {
			info.Why = fmt.Sprintf("%s would leave the table", f.Name)
			return info
		}
	}
	legs := append([]geom.Pt{f.Pos}, path...)
	info.Legs = legs
	info.Stop = legs[len(legs)-1]
	cost := int64(0)
	if s.Terrain != nil {
		pc := s.Terrain.PathCost(legs, s.BaseR)
		info.Length = pc.Length
		cost = pc.Length + int64(max(data.Move.DifficultCost, 1)-1)*pc.Difficult
		if pc.Blocked >= 0 {
			info.Cost = cost
			info.Why = blockedWhy(s, pc.Blocked)
			return info
		}
	} else {
		for i := 1; i < len(legs); i++ {
			info.Length += geom.Dist(legs[i-1], legs[i])
		}
		cost = info.Length
	}
	info.Cost = cost
	if len(legs) == 2 && cost > info.Allowance && cost == info.Length && geom.WithinDist(legs[0], legs[1], info.Allowance) {
		info.Cost, info.Length = info.Allowance, info.Allowance // rounding only: exactly within reach
	}
	if info.Cost > info.Allowance {
		info.Why = fmt.Sprintf("%s may move %s\" this turn; this path costs %s\"", f.Name,
			rules.InchText(info.Allowance), rules.InchTextPast(info.Cost, info.Allowance))
		return info
	}
	if why := standProblem(s, f.ID, info.Stop); why != "" {
		info.Why = fmt.Sprintf("%s cannot end there: %s", f.Name, why)
		return info
	}
	if moraleOf(s, f) > 0 {
		if e := nearestEnemy(s, f.Side, f.Pos); e != nil && geom.Dist2(info.Stop, e.Pos) < geom.Dist2(f.Pos, e.Pos) {
			info.Why = fmt.Sprintf("%s unit has failed morale (%s): it may not advance towards the enemy", rules.Possessive(f.Name), ordinal(moraleOf(s, f)))
			return info
		}
	}
	info.OK = true
	return info
}

func applyMove(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if c.Unit != 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, fmt.Errorf("a move names one figure and its path: %q", c.String())
	}
	info := moveCheck(s, c.Fig, c.Path)
	if !info.OK {
		return nil, fmt.Errorf("%s", info.Why)
	}
	f := s.Fig(c.Fig)
	f.Pos = info.Stop
	f.SetVar(fMoved, s.Round)
	if n := len(info.Legs); n >= 2 {
		f.Facing = facingOf(info.Legs[n-2], info.Stop, f.Facing)
	}
	text := fmt.Sprintf("%s moves %s\"", f.Name, rules.InchText(info.Length))
	if info.Cost != info.Length {
		text += fmt.Sprintf(" (costs %s\" with difficult going)", rules.InchText(info.Cost))
	}
	evs := []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: info.Legs, Text: text}}
	// Keep the path for opportunity fire and offer it if anyone can shoot.
	return append(evs, offerOpp(s, f, info.Legs)...), nil
}

// closeOpp ends the opportunity to fire at the last mover.
func closeOpp(s *rules.State, why string) []rules.Event {
	var evs []rules.Event
	if s.Phase == PhaseOpportunity {
		// "Insurgents hold fire", not "holds" (play-test 6)
		who := s.Sides[s.Decider].Name
		if rules.Agree(who, "one", "many") == "many" {
			if rest, ok := strings.CutPrefix(why, "holds "); ok {
				why = "hold " + rest
			} else if rest, ok := strings.CutPrefix(why, "has "); ok {
				why = "have " + rest
			}
		}
		mover := s.Sides[s.Active].Name
		evs = append(evs, rules.Event{Kind: "phase", Side: s.Decider, Text: fmt.Sprintf("%s %s; %s %s on moving",
			who, why, mover, rules.Agree(mover, "goes", "go"))})
	}
	from := PhaseMove
	if s.Var(gOppFrom) == 1 {
		from = PhaseVehicles
	}
	clearPath(s)
	if !s.Over {
		s.Phase = from
		s.Decider = s.Active
	}
	return evs
}

// The mover's path is kept in game variables while opportunity fire is
// open: op.n points, op.x<i> and op.y<i>.
func storePath(s *rules.State, legs []geom.Pt) {
	clearPoints(s)
	s.SetVar(gOppN, len(legs))
	for i, p := range legs {
		s.SetVar(pathKey(pathKeysX, "op.x", i), int(p.X))
		s.SetVar(pathKey(pathKeysY, "op.y", i), int(p.Y))
	}
}

// pathKeysX and pathKeysY are the path variables' names ("op.x3"), made
// once: opportunity fire reads the path for every shot it weighs.
var pathKeysX, pathKeysY = pathKeys("op.x"), pathKeys("op.y")

func pathKeys(prefix string) []string {
	out := make([]string, 64)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i)
	}
	return out
}

// pathKey is prefix followed by i, the same string as prefix+Itoa(i).
func pathKey(keys []string, prefix string, i int) string {
	if i < len(keys) {
		return keys[i]
	}
	return prefix + strconv.Itoa(i)
}

func loadPath(s *rules.State) []geom.Pt {
	n := s.Var(gOppN)
	out := make([]geom.Pt, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, geom.Pt{X: int64(s.Var(pathKey(pathKeysX, "op.x", i))), Y: int64(s.Var(pathKey(pathKeysY, "op.y", i)))})
	}
	return out
}

func clearPath(s *rules.State) {
	clearPoints(s)
	s.SetVar(gOppFig, 0)
	s.SetVar(gOppVeh, 0)
	s.SetVar(gOppFrom, 0)
}

func clearPoints(s *rules.State) {
	n := s.Var(gOppN)
	for i := 0; i < n; i++ {
		s.SetVar(pathKey(pathKeysX, "op.x", i), 0)
		s.SetVar(pathKey(pathKeysY, "op.y", i), 0)
	}
	s.SetVar(gOppN, 0)
}

// onPath reports whether p lies on the stored path (within a hundredth of
// an inch, so that a rounded point on a slanting leg counts), and how far
// along it (the index of the leg it is on).
func onPath(path []geom.Pt, p geom.Pt) (int, bool) {
	for i := 1; i < len(path); i++ {
		if geom.SegWithin(geom.Seg{A: path[i-1], B: path[i]}, p, 10, false) {
			return i, true
		}
	}
	return 0, false
}

// truncatePath cuts the stored path at p on leg i: the mover was stopped
// there.
func truncatePath(s *rules.State, i int, p geom.Pt) {
	path := loadPath(s)
	if i < 1 || i >= len(path) {
		return
	}
	storePath(s, append(append([]geom.Pt(nil), path[:i]...), p))
}

func onTable(s *rules.State, p geom.Pt) bool {
	if s.Map == nil {
		return true
	}
	r := s.BaseR
	return p.X-r >= 0 && p.Y-r >= 0 && p.X+r <= s.Map.Width && p.Y+r <= s.Map.Height
}

// standProblem says why a base cannot stand at p ("" when it can).
func standProblem(s *rules.State, id rules.FigID, p geom.Pt) string {
	if !onTable(s, p) {
		return "its base would be off the table"
	}
	if s.Terrain != nil {
		if ok, why := s.Terrain.CanStand(geom.Circle{C: p, R: s.BaseR}); !ok {
			if why == "" {
				why = "the ground there is impassable"
			}
			return why
		}
	}
	for i := range s.Figures {
		o := &s.Figures[i]
		if o.ID == id || o.Removed {
			continue
		}
		if geom.Dist2(p, o.Pos) < 4*s.BaseR*s.BaseR && !aboard(s, o) {
			return "it would overlap " + o.Name
		}
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed {
			continue
		}
		t := vehType(v)
		if t == nil || t.Flying {
			continue
		}
		if t.Hull(v.Pose).OverlapsBase(geom.Circle{C: p, R: s.BaseR}) {
			return "it would be under " + v.Name
		}
	}
	return ""
}

// nearestEnemy is the enemy of side nearest p (lowest id on ties).
func nearestEnemy(s *rules.State, side int, p geom.Pt) *rules.Figure {
	var best *rules.Figure
	var bd int64
	for _, e := range s.Alive(1 - side) {
		d := geom.Dist2(p, e.Pos)
		if best == nil || d < bd {
			best, bd = e, d
		}
	}
	return best
}

// fallBack moves f up to dist straight away from the point from. It
// reports "fled" when the way leads off the table (the figure leaves the
// battle), "blocked" when it could not get even 1" away, else "".
func fallBack(s *rules.State, f *rules.Figure, from geom.Pt, dist int64) (geom.Pt, string) {
	away := f.Pos.Add(f.Pos.Sub(from))
	if away == f.Pos {
		away = f.Pos.Add(geom.Pt{Y: 1000})
	}
	goal := toward(f.Pos, away, dist)
	if !onTable(s, goal) {
		return f.Pos, "fled"
	}
	end := goal
	if s.Terrain != nil {
		end = s.Terrain.FurthestAlong(f.Pos, goal, s.BaseR, dist, data.Move.DifficultCost)
	}
	// Step back from figures in the way.
	for k := int64(8); k >= 0; k-- {
		p := geom.Pt{X: f.Pos.X + (end.X-f.Pos.X)*k/8, Y: f.Pos.Y + (end.Y-f.Pos.Y)*k/8}
		if k == 0 || standProblem(s, f.ID, p) == "" {
			end = p
			break
		}
	}
	if dist >= geom.PerInch && geom.WithinDist(f.Pos, end, geom.PerInch-1) {
		return end, "blocked"
	}
	return end, ""
}

// facingOf is the facing (degrees clockwise from up the table) of the
// direction a->b, to the nearest 45 degrees, from integer comparisons.
func facingOf(a, b geom.Pt, old int) int {
	d := b.Sub(a)
	if d.X == 0 && d.Y == 0 {
		return old
	}
	// tan(22.5 degrees) ~ 0.41421: compare 1000*|minor| with 414*|major|.
	ax, ay := abs64(d.X), abs64(d.Y)
	switch {
	case 1000*ax <= 414*ay: // mostly vertical
		if d.Y < 0 {
			return 0
		}
		return 180
	case 1000*ay <= 414*ax: // mostly horizontal
		if d.X > 0 {
			return 90
		}
		return 270
	}
	switch {
	case d.X > 0 && d.Y < 0:
		return 45
	case d.X > 0:
		return 135
	case d.Y > 0:
		return 225
	}
	return 315
}

// blockedWhy says what stops a path at piece id: a building's walls, for
// a man does not go into buildings in these rules ("the way is blocked by
// Farmhouse" left a play-tester asking why he stopped at the wall), or
// the impassable ground by name.
func blockedWhy(s *rules.State, id int) string {
	name := rules.PieceName(s, id)
	if s.Map != nil && id >= 0 && id < len(s.Map.Pieces) && s.Map.Pieces[id].Kind == "building" {
		return fmt.Sprintf("the walls of %s are in the way (men do not enter buildings in this game)", rules.The(name))
	}
	return fmt.Sprintf("the way is blocked by %s", name)
}
