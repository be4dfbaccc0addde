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
// press on a figure becomes a move.
const DragStart = 150

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
	Verb  string    // targeting verb ("fire", "melee")
	Start geom.Pt   // where the dragged figure stood
	Trail []geom.Pt // pointer positions while dragging
	// Legal is the list of commands the deciding side may give now.
	Legal []rules.Command
}

// Reset clears the selection.
func (s *Selector) Reset() { *s = Selector{Legal: s.Legal} }

// CanAct reports whether the selected figure has any legal command with
// this verb.
func (s *Selector) CanAct(verb string) bool {
	for _, c := range s.Legal {
		if c.Verb == verb && c.Fig == s.Sel && s.Sel != 0 {
			return true
		}
	}
	return false
}

// Press handles a left-button press. figPos is the position of the figure
// hit (if any).
func (s *Selector) Press(h Hit, figPos geom.Pt) *rules.Command {
	if s.Mode == Targeting {
		if h.Fig != 0 && !h.Own {
			if c := s.TargetCommand(h.Fig); c != nil {
				s.Mode = Selected
				s.Verb = ""
				return c
			}
		}
		if h.Fig != 0 && h.Own {
			s.Mode, s.Sel, s.Verb = Selected, h.Fig, ""
		}
		return nil
	}
	if h.Fig != 0 && h.Own {
		s.Sel = h.Fig
		s.Mode = Pressing
		s.Start = figPos
		s.Trail = []geom.Pt{figPos}
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
		if c.Verb != s.Verb || c.Fig != s.Sel {
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
	return nil
}

// Move handles the pointer moving with the button down.
func (s *Selector) Move(p geom.Pt) {
	switch s.Mode {
	case Pressing:
		if !geom.WithinDist(s.Start, p, DragStart) {
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

// Path is the move path being dragged: waypoints after the start, the
// trail simplified so that a straight drag gives one waypoint and a drag
// round a corner keeps the corner.
func (s *Selector) Path() []geom.Pt {
	if len(s.Trail) < 2 {
		return nil
	}
	simple := Simplify(s.Trail, 250)
	return simple[1:]
}

// Release handles the button coming up; a finished drag gives a move.
func (s *Selector) Release(p geom.Pt) *rules.Command {
	switch s.Mode {
	case Pressing:
		s.Mode = Selected
	case Dragging:
		s.Move(p)
		path := s.Path()
		s.Mode = Selected
		s.Trail = nil
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
	s.Mode, s.Verb = Targeting, verb
	return true
}

// Escape leaves targeting (or a drag), then the selection.
func (s *Selector) Escape() {
	switch s.Mode {
	case Targeting, Dragging, Pressing:
		s.Mode, s.Verb, s.Trail = Selected, "", nil
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
