package rules

import (
	"maps"
	"math/rand/v2"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Command is one player decision, as plain data. Which fields matter
// depends on Verb; the rule set documents its verbs. Commands have a
// one-line text notation (see notation.go) used by saves, odds and tests.
type Command struct {
	Verb    string    // "move", "fire", "melee", "end", "posture", "rally", ...
	Fig     FigID     // the acting figure, when one acts
	Unit    UnitID    // the acting unit, when a unit acts
	Path    []geom.Pt // move: waypoints after the start; other verbs: an aim point
	Targets []FigID   // fire: one entry per die (repeat a target to put more dice on it)
	Arg     string    // posture name, option name, etc.
}

// State is the whole battle at one moment. It holds no pointers into
// itself, so Clone is a deep copy and a save is seed + command log.
type State struct {
	RuleSet  string
	Scenario string
	Map      *terrain.Map   // shared, never mutated
	Terrain  *terrain.Index // shared, never mutated; built from Map
	BaseR    int64          // base radius in position units

	Sides   [2]Side
	Units   []Unit   // index = UnitID-1
	Figures []Figure // index = FigID-1
	// Vehicles are the vehicle models, index = VehicleID-1 (vehicles.go);
	// nil in a battle without any.
	Vehicles []Vehicle

	Round  int    // game turn / round, from 1
	Phase  string // rule set's phase name
	Active int    // side whose turn it is (or whose unit is activating)
	// Decider is the side whose input the engine waits for now. It differs
	// from Active when the other side may interrupt (opportunity fire) or
	// must answer (melee pairing, a forced choice).
	Decider   int
	Over      bool
	Winner    int // -1 for a draw; meaningful when Over
	Result    string
	TurnLimit int

	Vars map[string]int // rule set's game-level data (chits left, etc.)

	RNG rand.PCG // the game's only source of chance
	// Rolls counts dice rolled so far; undo stops at the last roll.
	Rolls int
	// Forced holds die faces queued by tests; empty in real play.
	Forced []int `json:"-"`

	// varsShared: Vars is also another state's (a VarsBySetter rule
	// set's random game; probe.go), copied by the first SetVar.
	varsShared bool
}

// Fig returns the figure with that id (nil if out of range).
func (s *State) Fig(id FigID) *Figure {
	if id < 1 || int(id) > len(s.Figures) {
		return nil
	}
	return &s.Figures[id-1]
}

// UnitOf returns the unit with that id (nil if out of range).
func (s *State) UnitOf(id UnitID) *Unit {
	if id < 1 || int(id) > len(s.Units) {
		return nil
	}
	return &s.Units[id-1]
}

// Var reads a game-level variable.
func (s *State) Var(k string) int { return s.Vars[k] }

// SetVar writes a game-level variable (zero deletes).
func (s *State) SetVar(k string, v int) { setVar(&s.Vars, &s.varsShared, k, v) }

// Clone deep-copies the state. Map and Terrain are shared (read-only).
//
// It runs for every command and every probe, so it allocates little: the
// figures' weapon lists share one new array (each capped at its own
// length, so an append by a rule set reallocates rather than spilling into
// the next figure's), and variable maps are copied whole by the runtime.
func (s *State) Clone() *State {
	c := *s
	c.Units = make([]Unit, len(s.Units))
	for i, u := range s.Units {
		u.Vars, u.varsShared = cloneVars(u.Vars), false
		c.Units[i] = u
	}
	c.Figures = make([]Figure, len(s.Figures))
	nw := 0
	for i := range s.Figures {
		nw += len(s.Figures[i].Weapons)
	}
	ws := make([]string, nw)
	for i, f := range s.Figures {
		if n := len(f.Weapons); n > 0 {
			copy(ws, f.Weapons)
			f.Weapons, ws = ws[:n:n], ws[n:]
		} else {
			f.Weapons = nil
		}
		f.Vars, f.varsShared = cloneVars(f.Vars), false
		c.Figures[i] = f
	}
	c.Vehicles = cloneVehicles(s.Vehicles)
	for i := range c.Sides {
		c.Sides[i].Vars, c.Sides[i].varsShared = cloneVars(s.Sides[i].Vars), false
	}
	c.Vars, c.varsShared = cloneVars(s.Vars), false
	c.Forced = append([]int(nil), s.Forced...)
	return &c
}

// cloneVars copies a variable map (nil stays nil, empty stays empty);
// maps.Clone copies the table itself, with no rehashing.
func cloneVars(m map[string]int) map[string]int { return maps.Clone(m) }

// Alive lists the figures of a side still on the table, by id.
func (s *State) Alive(side int) []*Figure {
	n := 0
	for i := range s.Figures {
		if f := &s.Figures[i]; f.Side == side && !f.Removed {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]*Figure, 0, n) // one allocation, not a growing list
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Side == side && !f.Removed {
			out = append(out, f)
		}
	}
	return out
}
