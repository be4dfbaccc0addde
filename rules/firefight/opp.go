package firefight

import (
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Opportunity fire along the path of a move.
//
// A move is walked from where the figure stands, in steps of 1 cm along
// each leg. At the first step where some enemy on opportunity fire may
// fire at it (the mover spotted by his side, in his front 90 degrees, in
// his sight and his first weapon's reach, and he has neither fired this
// phase nor let this move pass), the exact point where that first became
// true is found by halving the last step, and the move is cut there: the
// figure stands at that point, the rest of the path is kept in game
// variables, and Decider passes to the other side with "fire" and "pass"
// on offer (the core's interruption, as after any move). When every
// figure that may fire has fired or the side has let it pass, the mover
// goes on along the rest of the path if he is still able (not removed,
// not neutralised), and may be interrupted again further on by other
// figures. A mover that passes out of sight of every enemy figure on the
// way loses his spot there, as he would at the end of a move, and cannot
// be fired at for the rest of it.

// Game variables of a move under way.
const (
	gMoveNo = "move_no" // counts moves over the game, so a side that let one pass is not asked again during it
	gRestN  = "rest_n"  // waypoints of the interrupted move still to go
)

// Figure variables.
const (
	fPassed = "opp_passed" // the move number its side let pass while this figure could fire
)

func restXVar(i int) string { return "rest_" + strconv.Itoa(i) + "_x" }
func restYVar(i int) string { return "rest_" + strconv.Itoa(i) + "_y" }

// walkStep is the step, in position units, at which a move is tested for
// opportunity fire before the crossing point is found exactly (1 cm).
var walkStep = CMToUnits(10)

func setRest(s *rules.State, pts []geom.Pt) {
	clearRest(s)
	for i, p := range pts {
		s.SetVar(restXVar(i+1), int(p.X))
		s.SetVar(restYVar(i+1), int(p.Y))
	}
	s.SetVar(gRestN, len(pts))
}

func takeRest(s *rules.State) []geom.Pt {
	var out []geom.Pt
	for i := 1; i <= s.Var(gRestN); i++ {
		out = append(out, geom.Pt{X: int64(s.Var(restXVar(i))), Y: int64(s.Var(restYVar(i)))})
	}
	clearRest(s)
	return out
}

func clearRest(s *rules.State) {
	for i := 1; i <= s.Var(gRestN); i++ {
		s.SetVar(restXVar(i), 0)
		s.SetVar(restYVar(i), 0)
	}
	s.SetVar(gRestN, 0)
}

// RestOfMove is the path an interrupted mover still has to go (nil when
// no move is under way), for the table and tests.
func RestOfMove(s *rules.State) []geom.Pt {
	var out []geom.Pt
	for i := 1; i <= s.Var(gRestN); i++ {
		out = append(out, geom.Pt{X: int64(s.Var(restXVar(i))), Y: int64(s.Var(restYVar(i)))})
	}
	return out
}

// oppReady reports whether o could fire at an enemy mover now, wherever
// the mover is: on opportunity fire, not neutralised, not yet fired this
// phase, and his side has not let the present move pass.
func oppReady(s *rules.State, o *rules.Figure) bool {
	if o.Removed || o.Var(fOpp) != 1 || Neutralised(s, o) || o.Var(fFired) == phaseNo(s) {
		return false
	}
	return s.Var(gMoveNo) == 0 || o.Var(fPassed) != s.Var(gMoveNo)
}

// oppCan reports whether o may fire at m were m standing at q: m spotted
// by o's side, q in o's front arc, in his sight and in his first
// weapon's reach.
func oppCan(s *rules.State, o, m *rules.Figure, q geom.Pt) bool {
	if !oppReady(s, o) || !Spotted(s, o.Side, m) || !InFrontArc(o, q) {
		return false
	}
	w, _ := data.Weapon(o.Weapons[0])
	if !geom.WithinDist(o.Pos, q, w.Reach()) {
		return false
	}
	return s.Terrain == nil || s.Terrain.Clear(o.Pos, q)
}

// oppFirers lists the enemy figures that may take opportunity fire at m
// where he stands now.
func oppFirers(s *rules.State, m *rules.Figure) []*rules.Figure {
	if m == nil || m.Removed {
		return nil
	}
	var out []*rules.Figure
	for _, o := range s.Alive(1 - m.Side) {
		if oppCan(s, o, m, m.Pos) {
			out = append(out, o)
		}
	}
	return out
}

// pointAlong is the point t units from a towards b (l = |ab| > 0).
func pointAlong(a, b geom.Pt, t, l int64) geom.Pt {
	d := b.Sub(a)
	return geom.Pt{X: a.X + divRound(d.X*t, l), Y: a.Y + divRound(d.Y*t, l)}
}

// cut is where a move is interrupted: on leg (legs[leg] to legs[leg+1])
// at point at, walked units from the start.
type cut struct {
	leg    int
	at     geom.Pt
	walked int64
}

// walkMove follows legs (legs[0] is where m stands) and finds where
// opportunity fire may first take him; ok is false when it never may.
// It clears m's spot for the other side where he passes out of all its
// sight (so that state is the only thing it may change).
func walkMove(s *rules.State, m *rules.Figure, legs []geom.Pt) (cut, bool) {
	side := 1 - m.Side
	if !Spotted(s, side, m) {
		return cut{}, false // a mover not spotted cannot be fired at, and moving does not spot him
	}
	// oppCan(s, o, m, q) for each o ready: nothing it asks of o or of m's
	// spotting changes during the walk (m is spotted, as asked above), so
	// what is left to ask at each point is the arc, the reach and the sight.
	type firer struct {
		o     *rules.Figure
		reach int64
	}
	var ready []firer
	viewers := s.Alive(side)
	for _, o := range viewers {
		if oppReady(s, o) {
			w, _ := data.Weapon(o.Weapons[0])
			ready = append(ready, firer{o, w.Reach()})
		}
	}
	anyCan := func(q geom.Pt) bool {
		for _, r := range ready {
			if InFrontArc(r.o, q) && geom.WithinDist(r.o.Pos, q, r.reach) && (s.Terrain == nil || s.Terrain.Clear(r.o.Pos, q)) {
				return true
			}
		}
		return false
	}
	last := 0 // the viewer who saw him last is asked first: he usually still does
	seen := func(q geom.Pt) bool {
		if s.Terrain == nil {
			return true
		}
		for k := range viewers {
			i := (last + k) % len(viewers)
			if s.Terrain.Clear(viewers[i].Pos, q) {
				last = i
				return true
			}
		}
		return false
	}
	var walked int64
	tested := false // some point has been tested: the leg's start, as the last leg's end
	for i := 0; i+1 < len(legs); i++ {
		a, b := legs[i], legs[i+1]
		l := dist(a, b)
		if l == 0 {
			continue
		}
		start, prev := int64(0), int64(-1)
		if tested {
			start, prev = walkStep, 0
		}
		tested = true
		for t := start; ; t += walkStep {
			if t > l {
				t = l
			}
			q := pointAlong(a, b, t, l)
			if anyCan(q) {
				hi := t
				if prev >= 0 {
					lo := prev // the crossing lies between the last step and this one
					for hi-lo > 1 {
						mid := (lo + hi) / 2
						if anyCan(pointAlong(a, b, mid, l)) {
							hi = mid
						} else {
							lo = mid
						}
					}
				}
				p := pointAlong(a, b, hi, l)
				if standProblem(s, m.ID, p) != "" {
					p, hi = q, t
				}
				if standProblem(s, m.ID, p) == "" {
					return cut{leg: i, at: p, walked: walked + hi}, true
				}
			} else if !seen(q) {
				m.SetVar(spotVar(side), 0)
				return cut{}, false
			}
			prev = t
			if t == l {
				break
			}
		}
		walked += l
	}
	return cut{}, false
}

// goOn moves m along legs (legs[0] is where he stands; length is the
// whole path's length, why the words for the move), stopping where
// opportunity fire may first take him.
func goOn(s *rules.State, m *rules.Figure, legs []geom.Pt, length int64, why string) []rules.Event {
	c, stopped := walkMove(s, m, legs)
	path := legs
	if stopped {
		path = append(append([]geom.Pt{}, legs[:c.leg+1]...), c.at)
		length = c.walked
	}
	// Facing: the way he was going.
	for i := len(path) - 1; i > 0; i-- {
		if d := path[i].Sub(path[i-1]); d.X != 0 || d.Y != 0 {
			faceTowards(m, d)
			break
		}
	}
	if stopped {
		faceTowards(m, legs[c.leg+1].Sub(legs[c.leg]))
	}
	m.Pos = path[len(path)-1]
	m.SetVar(fMovedDist, m.Var(fMovedDist)+int(length))
	if length > 0 {
		addMovePart(m, path[0], m.Pos, length)
	}
	updateSightAfterMove(s, m)
	var evs []rules.Event
	if length > 0 {
		text := m.Name + " moves " + rules.Centimetres.Format(length) + " (" + why + ")"
		if stopped {
			text = m.Name + " moves " + rules.Centimetres.Format(length) + " and comes under opportunity fire"
		}
		evs = append(evs, rules.Event{Kind: "move", Side: m.Side, Fig: m.ID, Path: path, Text: text})
	}
	if !stopped {
		return evs
	}
	setRest(s, legs[c.leg+1:])
	s.SetVar(gOppMover, int(m.ID))
	s.Decider = 1 - m.Side
	var names []string
	for _, o := range oppFirers(s, m) {
		names = append(names, o.Name)
	}
	return append(evs, rules.Event{Kind: "opportunity", Side: 1 - m.Side, Fig: m.ID,
		Text: fmt.Sprintf("%s may take opportunity fire at %s here: %s", s.Sides[1-m.Side].Name, m.Name, strings.Join(names, ", "))})
}

// resume closes the opportunity window and lets the mover go on with the
// rest of his move if he still can.
func resume(s *rules.State) []rules.Event {
	m := s.Fig(rules.FigID(s.Var(gOppMover)))
	s.SetVar(gOppMover, 0)
	s.Decider = s.Active
	rest := takeRest(s)
	if s.Over || m == nil || m.Removed || len(rest) == 0 {
		return nil
	}
	if Neutralised(s, m) {
		return []rules.Event{{Kind: "stopped", Side: m.Side, Fig: m.ID,
			Text: m.Name + " is stopped where the fire caught him"}}
	}
	legs := append([]geom.Pt{m.Pos}, rest...)
	var length int64
	for i := 0; i+1 < len(legs); i++ {
		length += dist(legs[i], legs[i+1])
	}
	return goOn(s, m, legs, length, "the rest of the move")
}

// applyPass: the deciding side lets the mover go on; no figure that
// could fire now may fire at him again during this move.
func applyPass(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if c.Fig != 0 || c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, fmt.Errorf(`"pass" takes nothing more`)
	}
	m := s.Fig(rules.FigID(s.Var(gOppMover)))
	for _, o := range oppFirers(s, m) {
		o.SetVar(fPassed, s.Var(gMoveNo))
	}
	evs := []rules.Event{{Kind: "pass", Side: 1 - s.Active, Text: s.Sides[1-s.Active].Name + " hold their opportunity fire"}}
	evs = append(evs, resume(s)...)
	return append(evs, settle(s, false)...), nil
}

func applyOppFire(s *rules.State, c rules.Command) ([]rules.Event, error) {
	m := s.Fig(rules.FigID(s.Var(gOppMover)))
	if len(c.Targets) != 1 || c.Targets[0] != m.ID || c.Arg != "" || len(c.Path) > 0 {
		return nil, fmt.Errorf("opportunity fire may only be aimed at %s, who is moving", m.Name)
	}
	o := s.Fig(c.Fig)
	ok := false
	for _, x := range oppFirers(s, m) {
		if o != nil && x.ID == o.ID {
			ok = true
		}
	}
	if !ok {
		return nil, fmt.Errorf("%s cannot take opportunity fire at %s", figWords(s, c.Fig), m.Name)
	}
	evs, err := applyFire(s, o, rules.Command{Verb: "fire", Fig: o.ID, Targets: c.Targets}, true)
	if err != nil {
		return nil, err
	}
	if s.Over {
		return evs, nil
	}
	if len(oppFirers(s, m)) == 0 {
		evs = append(evs, resume(s)...)
		evs = append(evs, settle(s, false)...)
	}
	return evs, nil
}
