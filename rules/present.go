package rules

import (
	"fmt"
	"strings"
)

// What the table shows, asked of the rule set
//
// The table (game/) never names a rule set. Everything rule-set-specific
// that it draws comes through these hooks, each optional, with a plain
// default when a rule set does not have it. By file:
//
// present.go, what a side may know (View):
//
//	Knower        what a side may know of the state and of each event
//	Quieter       an unknown team's chance that its enemy is not told of
//	GameVarKnower, UnitVarKnower, SideVarKnower
//	              which variables a side's copy of the battle carries
//
// present_figure.go, what stands and lies on the table:
//
//	Overlayer     smoke, lines of fire, live grenades, rounds on their way
//	FigureCarder  a figure as the rule set sees it: card lines, markers,
//	              weapons with range bands, spent or not
//
// present_controls.go, the table's controls:
//
//	Shaper        every area a command would affect while aiming
//	Scaler        the unit distances are shown in (ScaleOf)
//	ActionLabeler a command's button label, hotkey hint and kind (ActionOf)
//
// present_terrain.go, the ground:
//
//	DoorStater    how each door looks (shut, open, broken)
//	TerrainCarder, BuildingGoer  what a terrain piece does (its card)
//
// and in ruleset.go, Explainer: where play stands (head line, phase,
// end-button label, the step under way, the order of play, panels).
// A new rule set fills those it needs; the table draws whatever it is
// given with generic widgets (see Panel for the kinds of panel).

// ---- what a side may know ----

// Knower is an optional RuleSet hook deciding what one side may know. A
// figure or unit it does not know is not drawn for that side, not named in
// the order of play, and its events reach that side withheld (View.Tell).
// Without the hook both sides know everything.
type Knower interface {
	// UnitKnown reports whether side may know of unit u at all (its
	// name, where its figures stand, its dice).
	UnitKnown(s *State, side int, u UnitID) bool
	// FigureKnown reports whether side may see figure f.
	FigureKnown(s *State, side int, f FigID) bool
}

// View is the state as one side may know it. Build it with ViewOf; the
// table, the log, the dice tray, the curtain and deployment read through
// it, and so will online play.
type View struct {
	rs   RuleSet
	k    Knower
	s    *State
	Side int
}

// ViewOf is side's view of s under rs.
func ViewOf(rs RuleSet, s *State, side int) View {
	k, _ := rs.(Knower)
	return View{rs: rs, k: k, s: s, Side: side}
}

// Figure reports whether the side may see figure id. A side always knows
// its own figures and the figures already out of the fight.
func (v View) Figure(id FigID) bool {
	f := v.s.Fig(id)
	if f == nil {
		return false
	}
	if f.Unknown {
		return false // a copy's figure its side may not see (Figure.Unknown)
	}
	if v.k == nil || f.Side == v.Side || f.Removed {
		return true
	}
	return v.k.UnitKnown(v.s, v.Side, f.Unit) && v.k.FigureKnown(v.s, v.Side, id)
}

// Unit reports whether the side may know of unit id.
func (v View) Unit(id UnitID) bool {
	u := v.s.UnitOf(id)
	if u == nil {
		return true // not about a unit
	}
	if v.k == nil || u.Side == v.Side {
		return true
	}
	return v.k.UnitKnown(v.s, v.Side, id)
}

// EventUnit is the unit an event concerns: its own, or its figure's.
func (v View) EventUnit(ev Event) UnitID {
	if ev.Unit != 0 {
		return ev.Unit
	}
	if f := v.s.Fig(ev.Fig); f != nil {
		return f.Unit
	}
	return 0
}

// Tell is the event as the side may be told it. An event of a unit the
// side may not know keeps its kind and side but loses its name, dice,
// path and area; withheld is then true. One the rule set's Quieter hook
// keeps quiet is given with no text at all: show nothing for it.
func (v View) Tell(ev Event) (out Event, withheld bool) {
	u := v.EventUnit(ev)
	known := u == 0 || v.Unit(u)
	if known && ev.Fig != 0 && v.s.Fig(ev.Fig) != nil && !v.Figure(ev.Fig) {
		known = false // an unseen figure of a unit the side knows of
	}
	if known {
		return ev, false
	}
	out = Event{Kind: ev.Kind, Side: ev.Side}
	if q, ok := v.rs.(Quieter); ok && q.Quiet(v.s, v.Side, ev) {
		return out, true // nothing to tell: no text, no roll
	}
	switch ev.Kind {
	case "move":
		out.Text = "An unseen enemy figure moves."
	case "roll":
		out.Text = "An unseen enemy team rolls dice."
	default:
		out.Text = "An unseen enemy team acts."
	}
	return out, true
}

// Quieter is an optional RuleSet hook for an event of a unit the side may
// not know that the side is not told at all, not even withheld ("an
// unseen enemy team acts"), because that much would say an unknown unit
// is there and sees: a hidden team's chance to interrupt a mover, or its
// holding fire. View.Tell gives such an event with no text and no roll;
// the log and the wire leave it out.
type Quieter interface {
	Quiet(s *State, side int, ev Event) bool
}

// GameVarKnower is an optional RuleSet hook: which of the game-level
// variables (State.Vars) side may know. A side's copy of the battle in
// network play (game/netplay) carries only these; without the hook it
// carries none, since a rule set may keep anything there (a booby trap's
// place, where a mover came from) and its own Legal may need some (the
// team now acting).
type GameVarKnower interface {
	GameVarKnown(s *State, side int, key string) bool
}

// UnitVarKnower is an optional RuleSet hook: which variables of a unit
// of the other side (and of its figures) side may know, asked only of a
// unit the side's view knows of (View.Unit) and a figure it sees. A
// side's copy of the battle in network play (game/netplay) carries only
// these of the enemy, so that its status panel reads as the host's where
// the book makes a thing public (an activation roll, an order given);
// without the hook it carries none of them. A side always knows its own.
type UnitVarKnower interface {
	UnitVarKnown(s *State, side int, u UnitID, key string) bool
	FigureVarKnown(s *State, side int, f FigID, key string) bool
}

// UnitVars is the variables of unit id the side may know: all of its
// own (but those OwnUnitVarHider hides), those the rule set's UnitVarKnower passes of a known enemy unit,
// none of an unknown one.
func (v View) UnitVars(id UnitID) map[string]int {
	u := v.s.UnitOf(id)
	if u == nil || !v.Unit(id) {
		return nil
	}
	if u.Side == v.Side {
		if oh, ok := v.rs.(OwnUnitVarHider); ok {
			return copyIntMap(u.Vars, func(k string) bool { return !oh.OwnUnitVarHidden(v, id, k) })
		}
		return copyIntMap(u.Vars, nil)
	}
	uk, ok := v.rs.(UnitVarKnower)
	if !ok {
		return nil
	}
	return copyIntMap(u.Vars, func(k string) bool { return uk.UnitVarKnown(v.s, v.Side, id, k) })
}

// OwnUnitVarHider is an optional RuleSet hook for a variable of the
// side's own unit u that names an enemy the side may not know of (a
// hidden team that fired on it): the side's copy leaves it out. Without
// the hook a side knows all of its own.
type OwnUnitVarHider interface {
	OwnUnitVarHidden(v View, u UnitID, key string) bool
}

// FigureVars is the variables of figure id the side may know: all of its
// own, those the rule set's UnitVarKnower passes of a seen enemy figure,
// none of an unseen one.
func (v View) FigureVars(id FigID) map[string]int {
	f := v.s.Fig(id)
	if f == nil || !v.Figure(id) {
		return nil
	}
	if f.Side == v.Side {
		return copyIntMap(f.Vars, nil)
	}
	uk, ok := v.rs.(UnitVarKnower)
	if !ok || !v.Unit(f.Unit) {
		return nil
	}
	return copyIntMap(f.Vars, func(k string) bool { return uk.FigureVarKnown(v.s, v.Side, id, k) })
}

// SideVarKnower is an optional RuleSet hook: which variables of the
// other side (Side.Vars) side may know, such as an initiative roll made
// in the open. A side's copy in network play carries only these of the
// other side; without the hook none. A side always knows its own.
type SideVarKnower interface {
	SideVarKnown(s *State, side, of int, key string) bool
}

// SideVars is the variables of side of the viewing side may know.
func (v View) SideVars(of int) map[string]int {
	if of < 0 || of >= len(v.s.Sides) {
		return nil
	}
	if of == v.Side {
		return copyIntMap(v.s.Sides[of].Vars, nil)
	}
	sk, ok := v.rs.(SideVarKnower)
	if !ok {
		return nil
	}
	return copyIntMap(v.s.Sides[of].Vars, func(k string) bool { return sk.SideVarKnown(v.s, v.Side, of, k) })
}

// copyIntMap copies the entries of m that keep passes (all when nil); nil
// when none.
func copyIntMap(m map[string]int, keep func(string) bool) map[string]int {
	var out map[string]int
	for k, n := range m {
		if keep == nil || keep(k) {
			if out == nil {
				out = map[string]int{}
			}
			out[k] = n
		}
	}
	return out
}

// ScenarioVar reports whether game-level variable key is one NewState
// sets from the scenario, which both players hold (losses for victory,
// hit locations, random quality or leaders, bad going, locked doors): a
// rule set's GameVarKnower may pass these to either side.
func ScenarioVar(key string) bool {
	switch key {
	case VarVictoryLosses, VarHitLocations, VarRandomQuality, VarRandomLeaders:
		return true
	}
	return strings.HasPrefix(key, VarBadGoing) || strings.HasPrefix(key, VarLockedDoor)
}

// GameVarShaper is an optional RuleSet hook for what GameVarKnower
// cannot pass key by key: a list of which the side may know some rows
// only (its own plotted mortar rounds, but neither the enemy's nor how
// many the enemy has). Given the state and what GameVarKnower passed
// (nil for nothing), it returns the side's variables with such a list
// written afresh, holding those rows alone.
type GameVarShaper interface {
	ShapeGameVars(s *State, side int, known map[string]int) map[string]int
}

// GameVars is the game-level variables the side may know: those the rule
// set's GameVarKnower passes (then shaped by its GameVarShaper), none
// without it.
func (v View) GameVars() map[string]int {
	gk, ok := v.rs.(GameVarKnower)
	if !ok || v.s == nil {
		return nil
	}
	var out map[string]int
	for k, n := range v.s.Vars {
		if gk.GameVarKnown(v.s, v.Side, k) {
			if out == nil {
				out = map[string]int{}
			}
			out[k] = n
		}
	}
	if sh, ok := v.rs.(GameVarShaper); ok {
		out = sh.ShapeGameVars(v.s, v.Side, out)
	}
	return out
}

// Forget makes st, a copy of the state v views, the side's own: every
// variable the side may not know (a game variable, the other side's, an
// enemy team's or figure's: the enemy's plotted mortar aim point, a
// hidden team's orders) is dropped, as the side's copy in network play
// lacks it. Where the figures it does not see stand is the caller's to
// hide.
func (v View) Forget(st *State) {
	st.Vars, st.varsShared = v.GameVars(), false
	for i := range st.Sides {
		st.Sides[i].Vars, st.Sides[i].varsShared = v.SideVars(i), false
	}
	for i := range st.Units {
		st.Units[i].Vars, st.Units[i].varsShared = v.UnitVars(st.Units[i].ID), false
	}
	for i := range st.Figures {
		st.Figures[i].Vars, st.Figures[i].varsShared = v.FigureVars(st.Figures[i].ID), false
	}
}

// OrderLabel is an entry of the order of play as the side may read it,
// its place an ordinal ("2nd: 1 Section"), so that a unit whose name
// starts with a number does not read as part of the count ("2. 1
// Section").
func (v View) OrderLabel(i int, o OrderEntry) string {
	if o.Unit != 0 && !v.Unit(o.Unit) {
		return Ordinal(i+1) + ": unseen enemy team"
	}
	return Ordinal(i+1) + ": " + o.Label
}

// Ordinal is n as "1st", "2nd", "3rd", "4th", ... "11th", "12th", "21st".
func Ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprint(n) + suffix
}

// DeployKnown reports whether, while the scenario is being set up, side
// viewer may see the figures of side owner: a side that sets up hidden is
// never shown to the other during deployment, nor is an enemy the
// scenario's rule set says is out of sight at set-up (DeployKnower).
func DeployKnown(sc *Scenario, viewer, owner int) bool {
	if viewer == owner || owner < 0 || owner > 1 {
		return true
	}
	if sc.Sides[owner].Hidden {
		return false
	}
	if LookupRuleSet == nil {
		return true
	}
	rs, ok := LookupRuleSet(sc.RuleSet)
	if !ok {
		return true
	}
	dk, ok := rs.(DeployKnower)
	return !ok || dk.DeployKnown(sc, viewer, owner)
}

// DeployKnower is an optional RuleSet hook: whether, while scenario sc is
// being set up, side viewer sees the figures of the other side owner (one
// not set up hidden). Without it the sides see each other at set-up, as
// most books have it; a rule set whose enemies are out of sight until
// spotted (Firefight) says no. The deployment screen, the computer's and
// network play's set-up all ask through DeployKnown.
type DeployKnower interface {
	DeployKnown(sc *Scenario, viewer, owner int) bool
}
