package skirmish35

import (
	"errors"
	"fmt"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Buildings with doors may be entered. Every door starts shut and
// unlocked (the book: unless the scenario says otherwise); opening or
// shutting one is "an action" (1 point) for a figure beside it. A figure
// inside sees out, and is seen, only through a window or an open door of
// its building; it has the building's hard cover.

// Indoors: figures may stand inside buildings with doors.
func (Skirmish) Indoors() bool { return true }

// doorKey is "door." + d.String() (asked for every door a sight line or
// a move passes): made once for small refs, joined without fmt beyond.
func doorKey(d terrain.DoorRef) string {
	if d.Piece >= 0 && d.Piece < len(doorKeys) && d.Index >= 0 && d.Index < len(doorKeys[0]) {
		return doorKeys[d.Piece][d.Index]
	}
	return "door." + strconv.Itoa(d.Piece) + "." + strconv.Itoa(d.Index)
}

// doorKeys are the names of the doors of the first 256 pieces of a map,
// eight a piece.
var doorKeys = func() (t [256][8]string) {
	for p := range t {
		for i := range t[p] {
			t[p][i] = "door." + strconv.Itoa(p) + "." + strconv.Itoa(i)
		}
	}
	return t
}()

// Door variable values.
const (
	doorShut   = 0
	doorOpen   = 1
	doorLocked = 2 // blocked during the game: forced for 2D3 points
	doorBroken = 3 // forced open; it no longer shuts
)

// DoorState is how a door looks (a locked door looks shut).
func (Skirmish) DoorState(s *rules.State, d terrain.DoorRef) int {
	switch s.Var(doorKey(d)) {
	case doorOpen:
		return rules.DoorOpen
	case doorBroken:
		return rules.DoorBroken
	}
	return rules.DoorShut
}

func isOpen(v int) bool { return v == doorOpen || v == doorBroken }

func openDoors(s *rules.State) terrain.Open {
	return func(d terrain.DoorRef) bool { return isOpen(s.Var(doorKey(d))) }
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
	for _, d := range innerDoors(s) {
		if doorPoint(s, d) == p {
			return d, true
		}
	}
	return terrain.DoorRef{}, false
}

// anyDoorNear is whether s.Terrain.DoorsNear(p, reach) lists a door,
// asked without making the list.
func anyDoorNear(s *rules.State, p geom.Pt, reach int64) bool {
	for id := range s.Map.Pieces {
		if !s.Terrain.Enterable(id) {
			continue
		}
		for k := 0; ; k++ {
			d := terrain.DoorRef{Piece: id, Index: k}
			if !s.Terrain.DoorExists(d) {
				break
			}
			if geom.SegWithin(s.Terrain.DoorGap(d), p, reach, false) {
				return true
			}
		}
	}
	return false
}

// doorCommands lists the doors beside f it may open or shut.
func (r Skirmish) doorCommands(s *rules.State, f *rules.Figure) []rules.Command {
	if s.Terrain == nil || s.Map == nil || f.Var(fAP) < r.d.T.Costs.Action {
		return nil
	}
	return r.appendDoorCommands(nil, s, f, doorsNear(s, f.Pos))
}

// listDoorCommands is doorCommands appended to out, the doors near f
// asked of the listing's kept answers (ap: f's points).
func (r Skirmish) listDoorCommands(out []rules.Command, s *rules.State, f *rules.Figure, ap int, lc *listing) []rules.Command {
	if s.Terrain == nil || s.Map == nil || ap < r.d.T.Costs.Action {
		return out
	}
	if !memoOn || s.Terrain.Map != s.Map {
		return append(out, r.doorCommands(s, f)...)
	}
	return r.appendDoorCommands(out, s, f, lc.posAt(s, f).doors)
}

// appendDoorCommands appends to out the commands for the doors near f
// (doorsNear): open, shut, lock, unlock or force, by the door's state.
func (r Skirmish) appendDoorCommands(out []rules.Command, s *rules.State, f *rules.Figure, near []terrain.DoorRef) []rules.Command {
	for _, d := range near {
		p := []geom.Pt{doorPoint(s, d)}
		mine := r.locksFrom(s, f, d)
		switch s.Var(doorKey(d)) {
		case doorShut:
			out = append(out, rules.Command{Verb: "door", Fig: f.ID, Path: p, Arg: "open"})
			if mine {
				out = append(out, rules.Command{Verb: "door", Fig: f.ID, Path: p, Arg: "lock"})
			}
		case doorOpen:
			out = append(out, rules.Command{Verb: "door", Fig: f.ID, Path: p, Arg: "close"})
		case doorLocked:
			if r.unlocksFrom(s, f, d) {
				out = append(out, rules.Command{Verb: "door", Fig: f.ID, Path: p, Arg: "unlock"})
			} else {
				out = append(out, rules.Command{Verb: "door", Fig: f.ID, Path: p, Arg: "force"})
			}
		}
	}
	return out
}

// locksFrom reports whether f may lock shut door d: an outside door from
// inside its building, an inside door from beside it.
func (r Skirmish) locksFrom(s *rules.State, f *rules.Figure, d terrain.DoorRef) bool {
	if isInner(s, d) {
		return true
	}
	return s.Terrain.InsideBuilding(f.Pos) == d.Piece
}

// unlocksFrom reports whether f may unlock locked door d (else it must
// force it): an outside door from inside, an inside door by the side that
// locked it (either side, for one locked from the start).
func (r Skirmish) unlocksFrom(s *rules.State, f *rules.Figure, d terrain.DoorRef) bool {
	if isInner(s, d) {
		by := s.Var(doorByKey(d))
		return by == 0 || by == f.Side+1
	}
	return s.Terrain.InsideBuilding(f.Pos) == d.Piece
}

// lockAtStart locks the doors the scenario says are locked when the
// battle begins (locked_doors: the book's "stated before the game
// begins"), in door order.
func lockAtStart(s *rules.State) []rules.Event {
	if s.Terrain == nil {
		return nil
	}
	var evs []rules.Event
	for _, d := range s.Terrain.Doors() {
		k := rules.VarLockedDoor + d.String()
		if s.Var(k) == 0 {
			continue
		}
		s.SetVar(k, 0)
		s.SetVar(doorKey(d), doorLocked)
		evs = append(evs, rules.Event{Kind: "door", Side: -1, Path: []geom.Pt{s.Map.Pieces[d.Piece].Doors[d.Index]},
			Text: lockedText(rules.PieceName(s, d.Piece), len(s.Map.Pieces[d.Piece].Doors))})
	}
	return evs
}

func (r Skirmish) forceOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil || len(c.Path) != 1 {
		return rules.Odds{}, errors.New("name the figure and the door")
	}
	d, ok := doorAt(s, c.Path[0])
	if !ok || s.Var(doorKey(d)) != doorLocked {
		return rules.Odds{}, errors.New("that door is not locked")
	}
	nd := forceDiceOf(s, d)
	n, all := 0, 1
	for i := 0; i < nd; i++ {
		all *= 3
	}
	for k := 0; k < all; k++ {
		sum, x := 0, k
		for i := 0; i < nd; i++ {
			sum += x%3 + 1
			x /= 3
		}
		if sum <= f.Var(fAP) {
			n++
		}
	}
	what := "an outside door: two rolls of 1 to 3 points"
	if nd == 1 {
		what = "an inside door: a roll of 1 to 3 points"
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "forced", P: float64(n) / float64(all)}, {Name: "holds", P: float64(all-n) / float64(all)}},
		Note: what + "; short of them, the figure spends all it has and the door holds"}, nil
}

// applyDoor: "door F1 x,y open|close" at the door's map point.
func (r Skirmish) applyDoor(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) != 1 || len(c.Targets) > 0 {
		return nil, errors.New(`door names the figure, the door's point and open, close, lock, unlock or force`)
	}
	d, ok := doorAt(s, c.Path[0])
	if !ok {
		return nil, errors.New("there is no door there")
	}
	if !geom.SegWithin(doorGap(s, d), f.Pos, s.BaseR+geom.PerInch, false) {
		return nil, errors.New(f.Name + " is not beside that door")
	}
	v := s.Var(doorKey(d))
	inner := isInner(s, d)
	need := map[string]int{"open": doorShut, "close": doorOpen, "lock": doorShut, "unlock": doorLocked, "force": doorLocked}
	want, known := need[c.Arg]
	switch {
	case !known:
		return nil, errors.New(`a door may be opened, closed, locked, unlocked or forced`)
	case v == doorBroken:
		return nil, errors.New("that door has been forced and hangs open")
	case v != want:
		return nil, fmt.Errorf("the door is %s", []string{"shut", "open", "locked", "broken"}[v])
	case c.Arg == "lock" && !r.locksFrom(s, f, d):
		return nil, errors.New("a door is locked from inside")
	case c.Arg == "unlock" && !r.unlocksFrom(s, f, d):
		if inner {
			return nil, errors.New("the other side locked this inside door: force it")
		}
		return nil, errors.New("a door is unlocked from inside")
	case c.Arg == "force" && r.unlocksFrom(s, f, d):
		if inner {
			return nil, errors.New("unlock it: your side locked it")
		}
		return nil, errors.New("unlock it from inside")
	}
	if c.Arg == "force" {
		return r.forceDoor(s, f, d, c.Path[0])
	}
	if c.Arg == "close" {
		for i := range s.Figures {
			g := &s.Figures[i]
			if !g.Removed && geom.SegWithin(doorGap(s, d), g.Pos, s.BaseR, true) {
				return nil, errors.New(g.Name + " stands in the doorway")
			}
		}
	}
	if err := spend(f, r.d.T.Costs.Action, "a door"); err != nil {
		return nil, err
	}
	acted(s, f)
	s.SetVar(doorKey(d), map[string]int{"open": doorOpen, "close": doorShut, "lock": doorLocked, "unlock": doorShut}[c.Arg])
	which := "the door"
	if inner {
		which = "the inside door"
	}
	// who locked it, for every door: an inside door's key is that side's
	// (unlocksFrom), and whether a shut door is locked is that side's to
	// know (GameVarKnown), a door locked in the game as much as one
	// locked from the start
	if inner || c.Arg == "lock" || s.Var(doorByKey(d)) != 0 {
		by := 0
		if c.Arg == "lock" {
			by = f.Side + 1
		}
		s.SetVar(doorByKey(d), by)
	}
	return []rules.Event{{Kind: "door", Side: f.Side, Fig: f.ID, Path: []geom.Pt{c.Path[0]},
		Text: fmt.Sprintf("%s: %s %s of %s", f.Name, c.Arg, which, rules.PieceName(s, d.Piece))}}, nil
}

// forceDoor breaks a locked door open: 1D3 points inside, 2D3 outside.
func (r Skirmish) forceDoor(s *rules.State, f *rules.Figure, d terrain.DoorRef, at geom.Pt) ([]rules.Event, error) {
	if f.Var(fAP) < 1 {
		return nil, errors.New(f.Name + " has no points left")
	}
	acted(s, f)
	nd := forceDiceOf(s, d)
	what := "Forcing the door of "
	l := &rules.Ledger{Compare: "<=", Target: f.Var(fAP), Note: "an outside door costs two rolls of 1 to 3 points"}
	if nd == 1 {
		what, l.Note = "Forcing the inside door of ", "an inside door costs a roll of 1 to 3 points"
	}
	l.What = what + rules.PieceName(s, d.Piece) + ": " + f.Name
	l.Dice = s.RollN(nd, 3)
	l.Total = l.DiceTotal()
	if l.Total > f.Var(fAP) {
		l.Outcome = "holds"
		f.SetVar(fAP, 0)
		return []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{at},
			Text: fmt.Sprintf("%s needs %d points to force the door and has %d: it holds", f.Name, l.Total, l.Target)}}, nil
	}
	l.Outcome = "forced"
	_ = spend(f, l.Total, "forcing the door")
	s.SetVar(doorKey(d), doorBroken)
	return []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{at},
		Text: fmt.Sprintf("%s forces the door for %d points", f.Name, l.Total)}}, nil
}

// lockedText tells of a door locked at the start: which of a building's
// doors is marked on the table (the event's point), never in coordinates.
func lockedText(building string, doors int) string {
	if doors > 1 {
		return fmt.Sprintf("A door of %s is locked (marked on the table)", rules.The(building))
	}
	return fmt.Sprintf("The door of %s is locked", rules.The(building))
}
