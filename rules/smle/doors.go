package smle

import (
	"fmt"
	"math"
	"slices"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Doors (house rules on the rulebook's "opening a door"):
//
//   - Buildings with doors on the map can be entered; their walls are the
//     outline less the gaps of open doors (rules/terrain, doors.go). Every
//     door starts closed. s.Vars["door.<piece>.<index>"] holds its state:
//     0 closed, 1 opened, 2 kicked in.
//   - A figure is at a door when its base edge is within 1" of the door's
//     gap. Its team must be allowed to move and the figure must still be
//     able to move, on its feet.
//   - "door F3 X,Y open": the door at X,Y (the map's door point) opens.
//     With less than half of this activation's allowance used the figure
//     may go on through, but has at most 2" of it left; otherwise its move
//     ends at the door. Once open the door is open for everyone.
//   - "door F3 X,Y kick": only at Advance or better (Advance, Close,
//     Double move). 1D6 + quality, motivation and door breakers (the
//     figure lists "door-breaker" among its weapons: equipment, not a
//     weapon), 4+ succeeds: the door is broken in for good and the figure
//     is placed just inside it (if there is room), its move over. A
//     failure ends its move. One kick per door per team per round.
//   - "door F3 X,Y rush": a kick with the team behind it, offered when a
//     team-mate on its feet has the movement left to reach the door. It
//     succeeds as a kick does; if it fails the door bursts anyway and the
//     kicker and those team-mates tumble in, prone, their moves over.
//   - A move whose straight line is blocked by walls follows the way
//     through the nearest open door (RouteDoors), so a figure is dragged
//     into or out of a house like any other move.

// DoorBreaker is the equipment id that gives the door-breaker bonus.
const DoorBreaker = "door-breaker"

// doorReach: a figure's base edge must be this close to the gap.
const doorReach = geom.PerInch

func doorKey(d terrain.DoorRef) string { return "door." + d.String() }

// DoorState is a door's state: 0 closed, 1 opened, 2 kicked in.
func DoorState(s *rules.State, d terrain.DoorRef) int { return s.Var(doorKey(d)) }

// openDoors says which doors are open in s.
func openDoors(s *rules.State) terrain.Open {
	return func(d terrain.DoorRef) bool { return s.Var(doorKey(d)) != 0 }
}

// doorAt finds the door whose map point is p.
func doorAt(s *rules.State, p geom.Pt) (terrain.DoorRef, bool) {
	if s.Terrain == nil || s.Map == nil {
		return terrain.DoorRef{}, false
	}
	for _, d := range s.Terrain.Doors() {
		if s.Map.Pieces[d.Piece].Doors[d.Index] == p {
			return d, true
		}
	}
	return terrain.DoorRef{}, false
}

// doorPoint is the map point of door d.
func doorPoint(s *rules.State, d terrain.DoorRef) geom.Pt {
	return s.Map.Pieces[d.Piece].Doors[d.Index]
}

// doorName names a door's building in plain words.
func doorName(s *rules.State, d terrain.DoorRef) string {
	pc := &s.Map.Pieces[d.Piece]
	if pc.Name != "" {
		return "the door of " + rules.The(pc.Name)
	}
	return "the door of the " + pc.Kind
}

// kickBand: the bands whose move may kick in a door.
func kickBand(b Band) bool {
	return b.Label == "Advance" || b.Label == "Close" || b.Label == "Double move"
}

// canUseDoor reports whether figure f may open or kick a door now.
func (r SMLE) canUseDoor(s *rules.State, u *rules.Unit, f *rules.Figure) bool {
	b := r.d.Bands[uget(u, vBand)]
	return b.Move > 0 && uget(u, vWinded) == 0 && uget(u, vMount) == mountFoot && r.canAct(s, f) && f.Var(fStopped) == 0 &&
		f.Posture != rules.Prone && r.allowance(s, f)-int64(f.Var(fMoved)) > 0
}

// doorOptions lists the door commands figure f may give.
func (r SMLE) doorOptions(s *rules.State, u *rules.Unit, f *rules.Figure) []rules.Command {
	if s.Terrain == nil || s.Map == nil || !r.canUseDoor(s, u, f) {
		return nil
	}
	return r.doorOptionsFit(s, u, f)
}

// doorOptionsFit is doorOptions for a figure already known fit to use a
// door (canUseDoor).
func (r SMLE) doorOptionsFit(s *rules.State, u *rules.Unit, f *rules.Figure) []rules.Command {
	if s.Terrain == nil || s.Map == nil {
		return nil
	}
	var out []rules.Command
	kick := kickBand(r.d.Bands[uget(u, vBand)])
	for _, d := range s.Terrain.DoorsNear(f.Pos, s.BaseR+doorReach) {
		if DoorState(s, d) != 0 {
			continue
		}
		p := []geom.Pt{doorPoint(s, d)}
		out = append(out, rules.Command{Verb: "door", Fig: f.ID, Path: p, Arg: "open"})
		if kick && uget(u, "kick."+d.String()) != s.Round {
			out = append(out, rules.Command{Verb: "door", Fig: f.ID, Path: p, Arg: "kick"})
			if len(r.rushers(s, u, f, d)) > 0 {
				out = append(out, rules.Command{Verb: "door", Fig: f.ID, Path: p, Arg: "rush"})
			}
		}
	}
	return out
}

// kickKeys are the door table's modifiers that apply to f.
func kickKeys(f *rules.Figure) []string {
	var keys []string
	switch f.Quality {
	case "untrained", "green", "veteran":
		keys = append(keys, f.Quality)
	}
	switch f.Motive {
	case "elite", "fanatic", "reluctant":
		keys = append(keys, f.Motive)
	}
	if slices.Contains(f.Weapons, DoorBreaker) {
		keys = append(keys, "breakers")
	}
	if f.Markers.Has(rules.Wounded) {
		keys = append(keys, "wounded")
	}
	return keys
}

func (r SMLE) applyDoor(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID {
		return nil, fmt.Errorf("only figures of %s may act now", teamName(s, u))
	}
	if len(c.Path) != 1 || (c.Arg != "open" && c.Arg != "kick" && c.Arg != "rush") {
		return nil, fmt.Errorf("a door command names a figure, the door's point and open, kick or rush: %q", c.String())
	}
	d, ok := doorAt(s, c.Path[0])
	if !ok {
		return nil, fmt.Errorf("there is no door at %s", c.Path[0])
	}
	legal := false
	for _, l := range r.doorOptions(s, u, f) {
		legal = legal || (l.Path[0] == c.Path[0] && l.Arg == c.Arg)
	}
	if !legal {
		switch {
		case DoorState(s, d) != 0:
			return nil, fmt.Errorf("%s is already open", doorName(s, d))
		case !r.canUseDoor(s, u, f):
			return nil, fmt.Errorf("%s cannot move now, so cannot try a door", f.Name)
		case !geom.SegWithin(s.Terrain.DoorGap(d), f.Pos, s.BaseR+doorReach, false):
			return nil, fmt.Errorf("%s is not at %s (within 1\")", f.Name, doorName(s, d))
		case c.Arg != "open" && !kickBand(r.d.Bands[uget(u, vBand)]):
			return nil, fmt.Errorf("only a team at Advance or better may kick in a door")
		case c.Arg == "rush" && uget(u, "kick."+d.String()) != s.Round:
			return nil, fmt.Errorf("no team-mate of %s could follow through %s this go", f.Name, doorName(s, d))
		default:
			return nil, fmt.Errorf("%s has already tried to kick in %s this round", teamName(s, u), doorName(s, d))
		}
	}
	f.SetVar(fBraced, 0)
	f.SetVar(fStill, s.Round)
	if c.Arg == "open" {
		s.SetVar(doorKey(d), 1)
		all := r.allowance(s, f)
		text := fmt.Sprintf("%s opens %s", f.Name, doorName(s, d))
		if 2*int64(f.Var(fMoved)) < all {
			f.SetVar(fMoved, max(f.Var(fMoved), int(all-2*geom.PerInch)))
			text += ` and may go on through (2" of its move left)`
		} else {
			f.SetVar(fStopped, 1)
			text += "; it had used half its move, so it stops there"
		}
		return []rules.Event{{Kind: "door", Side: f.Side, Fig: f.ID, Path: []geom.Pt{c.Path[0]}, Text: text}}, nil
	}
	followers := r.rushers(s, u, f, d)
	uset(u, "kick."+d.String(), s.Round)
	die := s.Roll(6)
	ok, l := r.d.KickDoor(die.Face, kickKeys(f)...)
	verb := "kicks at"
	if c.Arg == "rush" {
		verb = "leads a rush at"
		if !ok {
			l.Outcome = "in a heap"
		}
	}
	l.What = f.Name + " " + verb + " " + doorName(s, d)
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: &l, Text: fmt.Sprintf("%s %s %s: %d, %s", f.Name, verb, doorName(s, d), l.Total, l.Outcome)}}
	f.SetVar(fStopped, 1)
	if !ok && c.Arg == "rush" {
		return append(evs, r.tumbleIn(s, d, append([]*rules.Figure{f}, followers...))...), nil
	}
	if !ok {
		return evs, nil
	}
	s.SetVar(doorKey(d), 2)
	through := s.Terrain.DoorThrough(d, f.Pos, s.BaseR)
	text := fmt.Sprintf("%s bursts through %s", f.Name, doorName(s, d))
	if r.standProblem(s, f, through) == "" {
		from := f.Pos
		f.Pos = through
		f.Facing = bearing(from, through)
		r.takePosition(s, f)
		evs = append(evs, rules.Event{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{from, through}, Text: text})
		evs = append(evs, r.spotMover(s, f)...)
	} else {
		evs = append(evs, rules.Event{Kind: "door", Side: f.Side, Fig: f.ID, Path: []geom.Pt{c.Path[0]},
			Text: fmt.Sprintf("%s breaks in %s, but there is no room beyond it", f.Name, doorName(s, d))})
	}
	return evs, nil
}

// rushers are the team-mates who would follow f in a rush at door d:
// figures of its team, on their feet and free to move, whose remaining
// movement reaches the middle of the door's gap.
func (r SMLE) rushers(s *rules.State, u *rules.Unit, f *rules.Figure, d terrain.DoorRef) []*rules.Figure {
	g := s.Terrain.DoorGap(d)
	mid := geom.Pt{X: (g.A.X + g.B.X) / 2, Y: (g.A.Y + g.B.Y) / 2}
	var out []*rules.Figure
	for _, m := range members(s, u.ID) {
		if m.ID == f.ID || !r.canUseDoor(s, u, m) {
			continue
		}
		if geom.WithinDist(m.Pos, mid, r.allowance(s, m)-int64(m.Var(fMoved))) {
			out = append(out, m)
		}
	}
	return out
}

// tumbleIn puts the figures of a failed rush through the burst door, in a
// heap: prone, their moves over, in the first free places just inside
// (rows a base and a little apart, straight in from the door, then to
// either side). A figure with no room stays where it is, its move over.
func (r SMLE) tumbleIn(s *rules.State, d terrain.DoorRef, figs []*rules.Figure) []rules.Event {
	s.SetVar(doorKey(d), 2)
	g := s.Terrain.DoorGap(d)
	mid := geom.Pt{X: (g.A.X + g.B.X) / 2, Y: (g.A.Y + g.B.Y) / 2}
	in0 := s.Terrain.DoorThrough(d, figs[0].Pos, s.BaseR)
	// No math.Hypot and every product rounded on its own (float64(...)):
	// Hypot is plain Go that arm64 contracts into fused multiply-adds, and
	// these spots decide where figures land.
	nx, ny := float64(in0.X-mid.X), float64(in0.Y-mid.Y)
	nl := math.Sqrt(float64(in0.Sub(mid).Len2()))
	if nl == 0 {
		nl = 1
	}
	nx, ny = nx/nl, ny/nl
	gap := float64(2*s.BaseR + 200)
	var spots []geom.Pt
	for row := 0; row < 4; row++ {
		for _, side := range []float64{0, 1, -1} {
			k, w := float64(row)*gap, side*gap
			spots = append(spots, geom.Pt{X: in0.X + int64(math.Round(float64(nx*k)-float64(ny*w))), Y: in0.Y + int64(math.Round(float64(ny*k)+float64(nx*w)))})
		}
	}
	evs := []rules.Event{{Kind: "door", Side: figs[0].Side, Unit: figs[0].Unit, Path: []geom.Pt{doorPoint(s, d)},
		Text: fmt.Sprintf("%s bursts open under the rush", rules.Capital(doorName(s, d)))}}
	for _, f := range figs {
		f.SetVar(fStopped, 1)
		for _, p := range spots {
			if r.standProblem(s, f, p) != "" || s.Terrain.InsideBuilding(p) != d.Piece {
				continue
			}
			from := f.Pos
			f.Pos, f.Posture = p, rules.Prone
			f.Facing = bearing(mid, p)
			r.takePosition(s, f)
			evs = append(evs, rules.Event{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{from, mid, p},
				Text: f.Name + " tumbles through in a heap (prone)"})
			evs = append(evs, r.spotMover(s, f)...)
			break
		}
	}
	return evs
}

// doorOdds is the exact chance of a kick or rush (an open is certain).
func (r SMLE) doorOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, fmt.Errorf("there is no such figure")
	}
	if c.Arg == "open" {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}}, nil
	}
	_, l := r.d.KickDoor(1, kickKeys(f)...)
	n := 0
	for face := 1; face <= 6; face++ {
		if ok, _ := r.d.KickDoor(face, kickKeys(f)...); ok {
			n++
		}
	}
	fail := "door holds"
	if c.Arg == "rush" {
		fail = "in a heap" // the team bursts through anyway, prone
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "door open", P: float64(n) / 6}, {Name: fail, P: float64(6-n) / 6}},
		Mods: l.Mods, Note: fmt.Sprintf("a die %+d: a total of %d or more breaks it in", l.ModTotal(), l.Target)}, nil
}

// doorLines explains the doors the active team's figures stand at.
func (r SMLE) doorLines(s *rules.State, u *rules.Unit, b Band) []string {
	var out []string
	seen := map[terrain.DoorRef]bool{}
	for _, f := range members(s, u.ID) {
		if s.Terrain == nil || !r.canUseDoor(s, u, f) {
			continue
		}
		for _, d := range s.Terrain.DoorsNear(f.Pos, s.BaseR+doorReach) {
			if seen[d] || DoorState(s, d) != 0 {
				continue
			}
			seen[d] = true
			line := fmt.Sprintf("%s is at %s, which is shut: open it (through with under half its move used, 2\" left; else it stops there)", f.Name, doorName(s, d))
			if kickBand(b) {
				line += ", or kick it in (a die, 4+: through and stop)"
			}
			out = append(out, line+".")
		}
	}
	return out
}
