package view

import (
	"math"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Mode is what the pointer is doing on the table.
type Mode int

const (
	Idle      Mode = iota // nothing selected
	Selected              // a figure is selected
	Pressing              // button down on the selected figure, not yet dragged
	Dragging              // dragging a move tape from the selected figure
	Targeting             // choosing a target for Verb
)

// DragStart is how far (position units) the pointer must travel before a
// press on a figure becomes a move, when the caller sets no Slop.
const DragStart = 150

// DragSlopPx is how far, in screen pixels, a pressed pointer may wander
// and still count as a click: a hand on a mouse shakes by a few pixels
// whatever the zoom, so the battle turns this into table units with Slop.
const DragSlopPx = 6

// Hit is what lies under the pointer: a figure (0 for none), whether it
// belongs to the side giving orders, and the table point.
type Hit struct {
	Fig rules.FigID
	Own bool
	Pt  geom.Pt
}

// Selector turns pointer actions into commands. It knows nothing of the
// screen: the game layer says what was under the pointer.
type Selector struct {
	Mode  Mode
	Sel   rules.FigID
	Verb  string  // targeting verb ("fire", "melee")
	Start geom.Pt // where the dragged figure stood
	// From is where the press landed (anywhere on the figure's base): the
	// drag threshold is measured from it, not from the figure's centre,
	// so a click near the rim of a base that wobbles by a pixel stays a
	// click.
	From  geom.Pt
	Trail []geom.Pt // pointer positions while dragging
	// Legal is the list of commands the deciding side may give now.
	Legal []rules.Command
	// Team maps each figure to its unit, so that a command given by a
	// whole unit (Fig 0, Unit set: team fire, close assault, opportunity
	// fire) is offered through any of its figures.
	Team map[rules.FigID]rules.UnitID
	// Check, when set, says whether the rule set would take a command; it
	// lets a unit's fire be aimed at any figure of a target unit, not only
	// the one the legal list names.
	Check func(rules.Command) bool
	// Slop, when positive, replaces DragStart: the distance in position
	// units the pointer must travel before a press becomes a drag. The
	// battle sets it from the zoom so that it is DragSlopPx on screen.
	Slop int64
	// Shots, when above one, is how many dice the selected figure's
	// weapon may split among targets (a submachine gun's three): each
	// click in targeting places one (Volley) and the command is given
	// when all are placed, or by Finish with the rest on the last target.
	Shots  int
	Volley []rules.FigID
	// Waypoints are the bends of the move being dragged, added by
	// AddWaypoint (a right click while dragging); the move runs straight
	// from the last of them to the pointer, so pulling back shortens it.
	Waypoints []geom.Pt
	// Fit, when set, turns a dragged path the rules would refuse into the
	// furthest legal part of it (nil when no part is legal), so a drag
	// past the allowance stops at the allowance instead of being lost.
	Fit func(path []geom.Pt) []geom.Pt
	// Point is set while targeting asks for a point on the table, not a
	// figure (turn to face, aim at the ground): a click there gives the
	// command with that point as its Path, if PointCheck takes it.
	Point      bool
	PointCheck func(rules.Command) bool
	// Aim is the command whose button began targeting (BeginAim): its
	// verb, figure or unit and Arg (the weapon chosen). A target clicked
	// then gives a legal command of the same button (GroupOf) only, and a
	// point gives Aim itself with the point as its Path. Nil when
	// targeting was begun by verb alone (any command of the verb).
	Aim *rules.Command
	// GroupOf, when set, names the button a legal command is offered on
	// (rules.Action.Group): aiming from one button (aimed fire, one
	// weapon of several) gives only that button's commands.
	GroupOf  func(rules.Command) string
	aimGroup string
	// Ground is set while aiming a command that may also be aimed at bare
	// ground (rules.Action.Ground): a click on open table gives Aim at
	// that point, if PointCheck takes it.
	Ground bool
	// Line is set while pointing asks for the two ends of a line
	// (rules.ActLine); LineA is the first end once clicked.
	Line  bool
	LineA *geom.Pt
}

// Reset clears the selection.
func (s *Selector) Reset() {
	*s = Selector{Legal: s.Legal, Team: s.Team, Check: s.Check, Slop: s.Slop, Fit: s.Fit, PointCheck: s.PointCheck, GroupOf: s.GroupOf}
}

// BeginAim enters targeting for the command c a button stands for, as
// the rule set offers it (kind: rules.ActAim, ActPoint or ActLine;
// ground: the aimed command may also be given at a point). It reports
// whether it did.
func (s *Selector) BeginAim(c rules.Command, kind string, ground bool) bool {
	if !s.CanAct(c.Verb) && !(c.Fig == 0 && c.Unit != 0) {
		return false
	}
	aim := c
	aim.Targets, aim.Path = nil, nil
	s.Mode, s.Verb, s.Volley = Targeting, c.Verb, nil
	s.Aim, s.Ground, s.LineA, s.aimGroup = &aim, ground && kind == rules.ActAim, nil, ""
	if s.GroupOf != nil {
		s.aimGroup = s.GroupOf(c)
	}
	s.Point = kind == rules.ActPoint || kind == rules.ActLine
	s.Line = kind == rules.ActLine
	return true
}

// argOK reports whether a legal command is offered on the aimed button.
func (s *Selector) argOK(c rules.Command) bool {
	return s.Aim == nil || s.GroupOf == nil || s.GroupOf(c) == s.aimGroup
}

// AtPoint is the command the aimed button would give at the points pts
// (the point clicked, or a line's two ends): Aim with pts as its Path
// and no target, or, without Aim, the verb for the selected figure.
func (s *Selector) AtPoint(pts ...geom.Pt) rules.Command {
	c := rules.Command{Verb: s.Verb, Fig: s.Sel}
	if s.Aim != nil {
		c = *s.Aim
		c.Targets = nil
	}
	c.Path = append([]geom.Pt(nil), pts...)
	return c
}

// Pending is the command that a click at p would give now while
// pointing, a line's first end placed, or aiming at the ground: it is
// what the table checks and draws as the pointer moves (ok false when a
// click at p would give nothing yet, as for a line's first end).
func (s *Selector) Pending(p geom.Pt) (rules.Command, bool) {
	switch {
	case s.Mode != Targeting:
		return rules.Command{}, false
	case s.Line && s.LineA == nil:
		return rules.Command{}, false
	case s.Line:
		return s.AtPoint(*s.LineA, p), true
	case s.Point || s.Ground:
		return s.AtPoint(p), true
	}
	return rules.Command{}, false
}

func (s *Selector) done() {
	s.Mode, s.Verb, s.Point, s.Line, s.LineA, s.Ground, s.Aim = Selected, "", false, false, nil, false, nil
}

// BeginPointing enters targeting of a point on the table with a verb the
// selected figure may use.
func (s *Selector) BeginPointing(verb string) bool {
	if !s.CanAct(verb) {
		return false
	}
	s.Mode, s.Verb, s.Volley, s.Point = Targeting, verb, nil, true
	s.Aim, s.Line, s.LineA, s.Ground = nil, false, nil, false
	return true
}

// PointCommand is the command a click at p would give while pointing (a
// line's second end), or nil if it would give none: a refused point, a
// line's first end.
func (s *Selector) PointCommand(p geom.Pt) *rules.Command {
	c, ok := s.Pending(p)
	if !ok {
		return nil
	}
	if s.PointCheck != nil && !s.PointCheck(c) {
		return nil
	}
	return &c
}

// AddWaypoint bends the move being dragged at p.
func (s *Selector) AddWaypoint(p geom.Pt) {
	if s.Mode != Dragging {
		return
	}
	if n := len(s.Waypoints); n > 0 && s.Waypoints[n-1] == p {
		return
	}
	s.Waypoints = append(s.Waypoints, p)
}

// volleyCommand is the command firing the dice placed so far (nil if it
// would not be legal).
func (s *Selector) volleyCommand(targets []rules.FigID) *rules.Command {
	if len(targets) == 0 {
		return nil
	}
	c := rules.Command{Verb: s.Verb, Fig: s.Sel, Targets: append([]rules.FigID(nil), targets...)}
	if s.Aim != nil {
		c.Arg = s.Aim.Arg
	}
	// a listed command may carry a point (opportunity fire at a point of
	// the move): the volley keeps it
	if lc := s.TargetCommand(targets[0]); lc != nil {
		c.Path = append([]geom.Pt(nil), lc.Path...)
		if c.Arg == "" {
			c.Arg = lc.Arg
		}
	}
	if s.Check != nil && !s.Check(c) {
		return nil
	}
	return &c
}

// VolleyCommand is the command the placed dice would give now, with the
// rest of the dice on the last target placed (nil when none is placed).
func (s *Selector) VolleyCommand() *rules.Command {
	if len(s.Volley) == 0 {
		return nil
	}
	t := append([]rules.FigID(nil), s.Volley...)
	for len(t) < s.Shots {
		t = append(t, t[len(t)-1])
	}
	return s.volleyCommand(t)
}

// Finish fires the volley placed so far, the dice not yet placed going
// to the last target (one click then Enter puts them all on one figure).
func (s *Selector) Finish() *rules.Command {
	c := s.VolleyCommand()
	if c != nil {
		s.done()
		s.Volley = nil
	}
	return c
}

// volleying reports whether targeting places dice one by one.
func (s *Selector) volleying() bool { return s.Shots > 1 && s.Verb == "fire" }

// SlopFor is the Slop for a zoom of pixelsPerInch (logical pixels: the
// caller divides by the device scale), never less than DragStart so that
// a close zoom still ignores a tremble.
func SlopFor(pixelsPerInch float64) int64 {
	if pixelsPerInch <= 0 {
		return DragStart
	}
	return max(DragStart, int64(DragSlopPx/pixelsPerInch*geom.PerInch))
}

// For reports whether a legal command is given through figure id: its
// own command, or its unit's when the command names no figure.
func (s *Selector) For(c rules.Command, id rules.FigID) bool {
	if id == 0 {
		return false
	}
	if c.Fig == id {
		return true
	}
	return c.Fig == 0 && c.Unit != 0 && s.Team[id] == c.Unit
}

// CanAct reports whether the selected figure has any legal command with
// this verb.
func (s *Selector) CanAct(verb string) bool {
	for _, c := range s.Legal {
		if c.Verb == verb && s.For(c, s.Sel) {
			return true
		}
	}
	return false
}

// Press handles a left-button press. figPos is the position of the figure
// hit (if any).
func (s *Selector) Press(h Hit, figPos geom.Pt) *rules.Command {
	if s.Mode == Targeting && s.Line && s.LineA == nil {
		p := h.Pt
		s.LineA = &p // the line's first end; the second click gives it
		return nil
	}
	if s.Mode == Targeting && s.Point {
		if c := s.PointCommand(h.Pt); c != nil {
			s.done()
			return c
		}
		return nil
	}
	if s.Mode == Targeting && s.Ground && h.Fig == 0 {
		if c := s.PointCommand(h.Pt); c != nil {
			s.done()
			return c
		}
		return nil
	}
	if s.Mode == Targeting {
		if h.Fig != 0 && !h.Own && s.volleying() {
			if c := s.TargetCommand(h.Fig); c != nil && c.Fig == s.Sel {
				s.Volley = append(s.Volley, h.Fig)
				if len(s.Volley) < s.Shots {
					return nil
				}
				return s.Finish()
			}
		}
		if h.Fig != 0 {
			// an enemy, or one of your own when the command aims at them
			// (a leader motivating a man)
			if c := s.TargetCommand(h.Fig); c != nil {
				s.done()
				return c
			}
		}
		if h.Fig == 0 || !h.Own {
			return nil
		}
		// one of your own not aimed at: aiming stops and he is pressed
		// as when not aiming, so that a drag from him moves him (in a
		// Firefight phase a first drag only picked the man, the table
		// aiming for the man picked before)
		s.done()
		s.Volley = nil
	}
	if h.Fig != 0 && h.Own {
		s.Sel = h.Fig
		s.Mode = Pressing
		s.Start = figPos
		s.From = h.Pt
		s.Trail = []geom.Pt{figPos}
		s.Waypoints = nil
		return nil
	}
	if h.Fig == 0 {
		s.Mode, s.Sel = Idle, 0
	}
	return nil
}

// TargetCommand finds the legal command for the selected figure with the
// targeting verb aimed at target, or nil.
func (s *Selector) TargetCommand(target rules.FigID) *rules.Command {
	for _, c := range s.Legal {
		if c.Verb != s.Verb || !s.For(c, s.Sel) || !s.argOK(c) {
			continue
		}
		for _, t := range c.Targets {
			if t == target {
				cc := c
				cc.Targets = append([]rules.FigID(nil), c.Targets...)
				return &cc
			}
		}
	}
	// a command aimed at one figure of a unit may be aimed at another
	// figure of that unit, when the rule set takes it (Legal may list one
	// figure a unit: a team's fire, a mortar plotted on a squad); a
	// unit's command takes the unit whichever of its figures is clicked
	for _, c := range s.Legal {
		if c.Verb != s.Verb || !s.For(c, s.Sel) || len(c.Targets) != 1 || !s.argOK(c) {
			continue
		}
		if u := s.Team[target]; u != 0 && s.Team[c.Targets[0]] == u {
			cc := c
			cc.Targets = []rules.FigID{target}
			if s.Check == nil || s.Check(cc) {
				return &cc
			}
			if c.Fig != 0 {
				continue // a figure's command is aimed at the man clicked, or not at all
			}
			cc.Targets = []rules.FigID{c.Targets[0]}
			return &cc
		}
	}
	return nil
}

// Targetable reports whether a figure can be clicked as a target for
// the targeting verb (directly, or as one of a target unit's figures).
func (s *Selector) Targetable(id rules.FigID) bool {
	for _, c := range s.Legal {
		if c.Verb != s.Verb || !s.For(c, s.Sel) || !s.argOK(c) {
			continue
		}
		for _, t := range c.Targets {
			if t == id {
				return true
			}
		}
	}
	c := s.TargetCommand(id)
	return c != nil && len(c.Targets) == 1 && c.Targets[0] == id
}

// Move handles the pointer moving with the button down.
func (s *Selector) Move(p geom.Pt) {
	switch s.Mode {
	case Pressing:
		slop := s.Slop
		if slop <= 0 {
			slop = DragStart
		}
		if !geom.WithinDist(s.From, p, slop) {
			s.Mode = Dragging
			s.Trail = append(s.Trail, p)
		}
	case Dragging:
		last := s.Trail[len(s.Trail)-1]
		if last != p {
			s.Trail = append(s.Trail, p)
		}
	}
}

// Path is the move path being dragged: the waypoints placed so far, then
// the pointer, in straight lines (a hand's wobble never bends a move).
func (s *Selector) Path() []geom.Pt {
	if len(s.Trail) < 2 {
		return nil
	}
	end := s.Trail[len(s.Trail)-1]
	path := append([]geom.Pt(nil), s.Waypoints...)
	if len(path) == 0 || path[len(path)-1] != end {
		path = append(path, end)
	}
	return path
}

// Release handles the button coming up; a finished drag gives a move.
func (s *Selector) Release(p geom.Pt) *rules.Command {
	switch s.Mode {
	case Pressing:
		s.Mode = Selected
		s.Waypoints = nil
	case Dragging:
		s.Move(p)
		path := s.Path()
		s.Mode = Selected
		s.Trail, s.Waypoints = nil, nil
		if len(path) > 0 && s.Fit != nil {
			path = s.Fit(path)
		}
		if len(path) > 0 {
			return &rules.Command{Verb: "move", Fig: s.Sel, Path: path}
		}
	}
	return nil
}

// BeginTargeting enters targeting with a verb when the selected figure
// may use it; it reports whether it did.
func (s *Selector) BeginTargeting(verb string) bool {
	if !s.CanAct(verb) {
		return false
	}
	s.Mode, s.Verb, s.Volley, s.Point = Targeting, verb, nil, false
	s.Aim, s.Line, s.LineA, s.Ground = nil, false, nil, false
	return true
}

// Escape leaves targeting (or a drag), then the selection.
func (s *Selector) Escape() {
	switch s.Mode {
	case Targeting, Dragging, Pressing:
		if s.Mode == Targeting && len(s.Volley) > 0 {
			s.Volley = s.Volley[:len(s.Volley)-1] // take back the last die placed
			return
		}
		if s.Mode == Targeting && s.LineA != nil {
			s.LineA = nil // take back the line's first end
			return
		}
		s.done()
		s.Trail, s.Waypoints = nil, nil
	default:
		s.Mode, s.Sel = Idle, 0
	}
}

// Simplify reduces a polyline (Douglas-Peucker) keeping points that stray
// more than tol position units from the straight line; ends always stay.
func Simplify(pts []geom.Pt, tol float64) []geom.Pt {
	if len(pts) <= 2 {
		return append([]geom.Pt(nil), pts...)
	}
	keep := make([]bool, len(pts))
	keep[0], keep[len(pts)-1] = true, true
	var rec func(i, j int)
	rec = func(i, j int) {
		best, bi := 0.0, -1
		for k := i + 1; k < j; k++ {
			d := segDist(pts[i], pts[j], pts[k])
			if d > best {
				best, bi = d, k
			}
		}
		if bi >= 0 && best > tol {
			keep[bi] = true
			rec(i, bi)
			rec(bi, j)
		}
	}
	rec(0, len(pts)-1)
	var out []geom.Pt
	for i, p := range pts {
		if keep[i] {
			out = append(out, p)
		}
	}
	return out
}

// SegDist is the distance from p to the segment a-b, in position units
// (display maths).
func SegDist(a, b, p geom.Pt) float64 { return segDist(a, b, p) }

func segDist(a, b, p geom.Pt) float64 {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	px, py := float64(p.X-a.X), float64(p.Y-a.Y)
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return math.Hypot(px, py)
	}
	t := math.Max(0, math.Min(1, (px*dx+py*dy)/l2))
	return math.Hypot(px-t*dx, py-t*dy)
}

// PathLength is the length of start + path in position units.
func PathLength(start geom.Pt, path []geom.Pt) float64 {
	l, prev := 0.0, start
	for _, p := range path {
		l += math.Hypot(float64(p.X-prev.X), float64(p.Y-prev.Y))
		prev = p
	}
	return l
}

// CutPath is the part of a path (start, then waypoints) up to frac of its
// length (0..1), as waypoints after the start. Display maths only: the
// rules check whatever path is given exactly.
func CutPath(start geom.Pt, path []geom.Pt, frac float64) []geom.Pt {
	total := PathLength(start, path)
	if frac >= 1 || total <= 0 {
		return append([]geom.Pt(nil), path...)
	}
	want := total * math.Max(0, frac)
	var out []geom.Pt
	prev := start
	for _, q := range path {
		seg := PathLength(prev, []geom.Pt{q})
		if seg >= want {
			if seg > 0 {
				k := want / seg
				out = append(out, geom.Pt{X: prev.X + int64(math.Round(float64(q.X-prev.X)*k)), Y: prev.Y + int64(math.Round(float64(q.Y-prev.Y)*k))})
			}
			return out
		}
		want -= seg
		out = append(out, q)
		prev = q
	}
	return out
}

// FurthestLegal is the longest part of a path (start, then waypoints)
// that ok accepts: the whole path when ok takes it, nil when no part of
// it is taken. Legality need not grow shorter-is-better along a path: a
// man may pass through his friends but not stop on them, so the point at
// his allowance may be legal while one halfway is not (halving the path
// stopped at the first friend, a mere step, and the drag was refused,
// play test 11). So the path is walked back in short steps to the last
// legal one, then that step is halved down. reach (position units, 0 for
// none) is how far along the path he could stop at most, his allowance:
// the walk starts from there, not from the path's end, so a long drag
// past the allowance asks the rules a few times, not fifty, on each
// movement of the pointer; the steps beyond it are tried only when none
// before it is legal.
func FurthestLegal(start geom.Pt, path []geom.Pt, reach float64, ok func([]geom.Pt) bool) []geom.Pt {
	if len(path) == 0 || ok(path) {
		return path
	}
	legal := func(frac float64) []geom.Pt {
		p := CutPath(start, path, frac)
		if len(p) > 0 && p[len(p)-1] != start && ok(p) {
			return p
		}
		return nil
	}
	// steps of a quarter inch, at most 48 of them on a long drag
	length := PathLength(start, path)
	n := int(math.Ceil(length / (geom.PerInch / 4)))
	n = max(1, min(n, 48))
	order := make([]int, 0, n)
	from := n - 1
	if reach > 0 && reach < length {
		from = min(n-1, int(math.Ceil(reach/length*float64(n))))
	}
	for k := from; k > 0; k-- {
		order = append(order, k)
	}
	for k := n - 1; k > from; k-- {
		order = append(order, k)
	}
	for _, k := range order {
		best := legal(float64(k) / float64(n))
		if best == nil {
			continue
		}
		lo, hi := float64(k)/float64(n), float64(k+1)/float64(n)
		for i := 0; i < 8; i++ {
			mid := (lo + hi) / 2
			if p := legal(mid); p != nil {
				lo, best = mid, p
			} else {
				hi = mid
			}
		}
		return best
	}
	// not even the first step: halve it
	var best []geom.Pt
	lo, hi := 0.0, 1/float64(n)
	for i := 0; i < 12; i++ {
		mid := (lo + hi) / 2
		if p := legal(mid); p != nil {
			lo, best = mid, p
		} else {
			hi = mid
		}
	}
	return best
}

// FinishAt fires the volley with every die not yet placed on target id
// (Enter with the pointer on a target: the card's "Enter puts the rest
// here and fires"); nil when id is no target of the selected figure's
// volley.
func (s *Selector) FinishAt(id rules.FigID) *rules.Command {
	if s.Mode != Targeting || !s.volleying() || id == 0 {
		return nil
	}
	if c := s.TargetCommand(id); c == nil || c.Fig != s.Sel {
		return nil
	}
	for len(s.Volley) < s.Shots {
		s.Volley = append(s.Volley, id)
	}
	return s.Finish()
}
