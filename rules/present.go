package rules

import (
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// What the table shows, asked of the rule set
//
// The table (game/) never names a rule set. Everything rule-set-specific
// that it draws comes through the hooks in this file, each optional, with
// a plain default when a rule set does not have it:
//
//	Knower        what a side may know of the state and of each event (View)
//	FigureCarder  a figure as the rule set sees it: card lines, markers,
//	              weapons with range bands, spent or not (Figure)
//	Explainer     where play stands: head line, phase, end-button label,
//	              the step under way, the order of play, panels (ruleset.go)
//	Scaler        the unit distances are shown in (ScaleOf)
//	ActionLabeler a command's button label, hotkey hint and kind (ActionOf)
//	DoorStater    how each door looks (shut, open, broken)
//	Overlayer     what lies on the table for a side to see: smoke, lines
//	              of fire, live grenades, rounds on their way (View.Overlays)
//
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
// own, those the rule set's UnitVarKnower passes of a known enemy unit,
// none of an unknown one.
func (v View) UnitVars(id UnitID) map[string]int {
	u := v.s.UnitOf(id)
	if u == nil || !v.Unit(id) {
		return nil
	}
	if u.Side == v.Side {
		return copyIntMap(u.Vars, nil)
	}
	uk, ok := v.rs.(UnitVarKnower)
	if !ok {
		return nil
	}
	return copyIntMap(u.Vars, func(k string) bool { return uk.UnitVarKnown(v.s, v.Side, id, k) })
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

// GameVars is the game-level variables the side may know: those the rule
// set's GameVarKnower passes, none without it.
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
	return out
}

// OrderLabel is an entry of the order of play as the side may read it.
func (v View) OrderLabel(i int, o OrderEntry) string {
	if o.Unit != 0 && !v.Unit(o.Unit) {
		return fmt.Sprintf("%d. unseen enemy team", i+1)
	}
	return fmt.Sprintf("%d. %s", i+1, o.Label)
}

// DeployKnown reports whether, while the scenario is being set up, side
// viewer may see the figures of side owner: a side that sets up hidden is
// never shown to the other during deployment.
func DeployKnown(sc *Scenario, viewer, owner int) bool {
	return viewer == owner || owner < 0 || owner > 1 || !sc.Sides[owner].Hidden
}

// ---- things lying on the table ----

// Overlay kinds: lasting things on the table that are no figure, each
// painted by the table in its own way. A rule set may use others; the
// table draws an unknown kind as a plain outlined shape with its label.
const (
	OverSmoke    = "smoke"    // a cloud: Circle, Turns left, Drift when blowing away
	OverFireLine = "fireline" // a line of fire laid without a target: Path's two ends, Side, Until
	OverGrenade  = "grenade"  // a grenade lying live: Circle (its blast)
	OverRound    = "round"    // indirect fire on its way: Circle (the burst to come)
	OverTemplate = "template" // a template left on the table: Circle or Poly
)

// Overlay is one lasting thing lying on the table.
type Overlay struct {
	Kind   string       // an Over* kind
	Label  string       // plain words for the card under the pointer
	Side   int          // whose it is, drawn in that side's colour; -1 for nobody's
	Circle *geom.Circle // a cloud, a blast, a burst to come
	Poly   geom.Polygon // a template's outline
	Path   []geom.Pt    // a line's two ends
	Turns  int          // turns it lasts yet, painted on it (0: not counted)
	Until  string       // when it goes, in plain words ("until the end of the Germans' turn")
	Drift  bool         // a cloud blowing away with the wind
	From   *geom.Pt     // where it came from (a drifting cloud's first place), drawn as an arrow
	Secret bool         // known to Side only: View.Overlays never gives it to the other side
}

// Overlayer is an optional RuleSet hook: what lies on the table that a
// side may see (smoke, suppressive fire lines, live grenades, mortar
// rounds plotted, templates left for a turn). The rule set leaves out
// what side may not know; the table reads it through View.Overlays.
// Without the hook nothing lies on the table.
type Overlayer interface {
	Overlays(s *State, side int) []Overlay
}

// Overlays is what lies on the table as the side may see it: the rule
// set's list for that side, less any Secret thing of another side's.
func (v View) Overlays() []Overlay {
	ol, ok := v.rs.(Overlayer)
	if !ok || v.s == nil {
		return nil
	}
	var out []Overlay
	for _, o := range ol.Overlays(v.s, v.Side) {
		if o.Secret && o.Side != v.Side {
			continue
		}
		out = append(out, o)
	}
	return out
}

// ---- a figure as the rule set sees it ----

// Mark kinds: markers the table draws as icons with a legend. A rule set
// may use others; the table draws an unknown kind as a lettered token.
const (
	MarkPinned      = "pinned"
	MarkSuppressed  = "suppressed"
	MarkShaken      = "shaken"
	MarkBroken      = "broken"
	MarkWounded     = "wounded"
	MarkBadWound    = "badly wounded"
	MarkStunned     = "stunned"
	MarkNeutralised = "neutralised"
	MarkOppFire     = "opportunity fire"
	MarkOutOfAmmo   = "out of ammunition"
	MarkHidden      = "hidden"
	MarkSurrendered = "surrendered"
	MarkRunning     = "running"
	MarkAP          = "action points" // N: points left
	MarkMoved       = "moved"
	MarkFired       = "fired"
	MarkProne       = "prone"
	MarkCrouching   = "crouching"
	MarkMorale      = "morale" // N: how far morale has fallen (failures)
)

// Mark is one marker on a figure.
type Mark struct {
	Kind  string // a Mark* kind
	Label string // plain words for the legend and card ("3 action points")
	N     int    // a count, where the kind has one (action points left)
}

// RangeBand is one band of a weapon's range: up to Dist (position units)
// the band is called Label ("short", "effective"); Note says what it does
// ("-1 to hit").
type RangeBand struct {
	Dist  int64
	Label string
	Note  string
}

// WeaponInfo is a weapon as the card and the range rings show it.
type WeaponInfo struct {
	ID    string
	Label string      // "Rifle"
	Dice  string      // "1 die", "3 dice", "" when the rule set has no such word
	Shots int         // dice the firer places one by one on targets of its choice (0 or 1: one target)
	Bands []RangeBand // nearest first; beyond the last is out of range
}

// Reach is the weapon's furthest range (0 when it has no bands).
func (w WeaponInfo) Reach() int64 {
	if len(w.Bands) == 0 {
		return 0
	}
	return w.Bands[len(w.Bands)-1].Dist
}

// Band names the band a distance falls in ("" beyond reach).
func (w WeaponInfo) Band(d int64) (RangeBand, bool) {
	for _, b := range w.Bands {
		if d <= b.Dist {
			return b, true
		}
	}
	return RangeBand{}, false
}

// FigureInfo is a figure as the rule set sees it.
type FigureInfo struct {
	Lines   []string     // the hover card's lines, after the figure's name
	Marks   []Mark       // markers, drawn as icons
	Weapons []WeaponInfo // in hand first
	Spent   bool         // has had its go this turn (drawn dimmed)
	// Radii are circles about the figure the table draws while it is
	// selected: a leader's command distance, a spotting range.
	Radii []Radius
}

// Radius is a circle about a figure, drawn while it is selected.
type Radius struct {
	R     int64  // position units
	Label string // "command 25 cm"
}

// FigureCarder is an optional RuleSet hook: a figure as the rule set sees
// it. Without it, FigureOf builds a plain card from the core's fields.
type FigureCarder interface {
	Figure(s *State, id FigID) FigureInfo
}

// FigureOf is figure id as rs sees it.
func FigureOf(rs RuleSet, s *State, id FigID) FigureInfo {
	if fc, ok := rs.(FigureCarder); ok {
		return fc.Figure(s, id)
	}
	return BasicFigure(s, id)
}

// BasicFigure is the plain card: side and unit, weapons, quality, posture
// and markers. Rule sets with a FigureCarder may start from it.
func BasicFigure(s *State, id FigID) FigureInfo {
	f := s.Fig(id)
	if f == nil {
		return FigureInfo{}
	}
	var fi FigureInfo
	un := ""
	if u := s.UnitOf(f.Unit); u != nil {
		un = u.Name
	}
	fi.Lines = append(fi.Lines, fmt.Sprintf("%s  -  %s", s.Sides[f.Side].Name, un))
	if len(f.Weapons) == 1 {
		fi.Lines = append(fi.Lines, "Weapon: "+f.Weapons[0])
	} else if len(f.Weapons) > 1 {
		fi.Lines = append(fi.Lines, "Weapons: "+strings.Join(f.Weapons, ", "))
	}
	for _, w := range f.Weapons {
		fi.Weapons = append(fi.Weapons, WeaponInfo{ID: w, Label: w})
	}
	q := f.Quality
	if u := s.UnitOf(f.Unit); q == "" && u != nil {
		q = u.Quality
	}
	if q != "" {
		fi.Lines = append(fi.Lines, "Quality: "+q)
	}
	state := f.Posture.String()
	if f.Removed {
		state = "out of the fight"
	}
	if ms := f.Markers.Names(); len(ms) > 0 {
		state += ", " + strings.Join(ms, ", ")
	}
	fi.Lines = append(fi.Lines, "State: "+state)
	fi.Marks = MarksOf(f.Markers)
	return fi
}

// MarksOf turns the core's marker bits into marks.
func MarksOf(m Marker) []Mark {
	var out []Mark
	for i, n := range markerNames {
		if m&(1<<i) != 0 {
			out = append(out, Mark{Kind: n, Label: n})
		}
	}
	return out
}

// ---- templates ----

// Shape is one area a proposed command would affect, for drawing while
// aiming: a circle (a blast's A, B or C radius) or a polygon (a burst
// template laid along the line of fire, a flamethrower's cone).
type Shape struct {
	Label  string // "A", "LMG template"
	Circle *geom.Circle
	Poly   geom.Polygon
}

// Shaper is an optional RuleSet hook: every area a proposed command would
// affect, innermost first. Without it ShapesOf uses Templater's circle.
type Shaper interface {
	Shapes(s *State, c Command) []Shape
}

// ShapesOf is what rs would show affected by command c.
func ShapesOf(rs RuleSet, s *State, c Command) []Shape {
	if sh, ok := rs.(Shaper); ok {
		return sh.Shapes(s, c)
	}
	if tp, ok := rs.(Templater); ok {
		if c, ok := tp.Template(s, c); ok {
			return []Shape{{Circle: &c}}
		}
	}
	return nil
}

// ---- scale ----

// Scale is the unit distances are shown in. The core always works in
// inches (thousandths); a rule set played in centimetres shows them so.
type Scale struct {
	Unit    string  // "\"" for inches, " cm" for centimetres
	Name    string  // "inches", "centimetres"
	PerInch float64 // units per inch: 1, or 2.54
	Ground  string  // what one unit stands for on the ground ("1\" = 5 m"), may be ""
	Step    float64 // a tick on rulers, in units (1 inch, 5 cm)
}

// Inches is the scale of most rule sets.
var Inches = Scale{Unit: "\"", Name: "inches", PerInch: 1, Step: 1}

// Centimetres is the scale of rule sets measured in cm.
var Centimetres = Scale{Unit: " cm", Name: "centimetres", PerInch: 2.54, Step: 5}

// Scaler is an optional RuleSet hook: the unit it is played in.
type Scaler interface {
	Scale() Scale
}

// ScaleOf is the scale rs is shown in (inches by default).
func ScaleOf(rs RuleSet) Scale {
	if sc, ok := rs.(Scaler); ok {
		return sc.Scale()
	}
	return Inches
}

// Of is a distance in position units in this scale's unit.
func (sc Scale) Of(d int64) float64 { return geom.Inches(d) * sc.PerInch }

// Format writes a distance with one decimal place and the unit ("4.5\"",
// "11.4 cm"); whole numbers lose the ".0".
func (sc Scale) Format(d int64) string { return sc.FormatUnits(sc.Of(d)) }

// FormatUnits writes a number of this scale's units.
func (sc Scale) FormatUnits(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	s = strings.TrimSuffix(s, ".0")
	return s + sc.Unit
}

// ---- actions ----

// Action kinds: how the table offers a command.
const (
	ActButton = "button" // a button that gives the command as it is
	ActAim    = "aim"    // a button that enters targeting; the command is given by clicking a target
	ActDrag   = "drag"   // a move: the button only says to drag the figure
	ActEnd    = "end"    // ends a phase, turn or go (drawn stronger; Enter gives it)
	ActPass   = "pass"   // lets an interruption go by (Enter gives it)
	ActPoint  = "point"  // a button that asks for a point on the table (turn to face, aim at the ground); listed with no Path
	ActLine   = "line"   // a button that asks for two points, the ends of a line (suppressive fire); listed with a Path of two offered ends, or none
)

// Action is a command as the action bar offers it.
type Action struct {
	Label string // "Shoot", "Kick in the door (3 in 6)"
	Short string // a shorter label for a crowded bar ("" = Label)
	Kind  string // an Act* kind
	Group string // commands with one group share one button ("" = the verb)
	// Ground, for an aimed command (ActAim), says it may also be aimed
	// at a bare point of the table: a click on open ground gives the
	// button's command (its verb, figure or unit, and Arg: the weapon
	// chosen) with that point as its Path and no target.
	Ground bool
}

// ActionLabeler is an optional RuleSet hook naming its commands. For
// commands it leaves blank (Label ""), ActionOf falls back to the
// defaults below.
type ActionLabeler interface {
	Action(s *State, c Command) Action
}

// ActionOf is how rs offers command c.
func ActionOf(rs RuleSet, s *State, c Command) Action {
	var a Action
	if al, ok := rs.(ActionLabeler); ok {
		a = al.Action(s, c)
	}
	d := defaultAction(c)
	if a.Label == "" {
		a.Label = d.Label
	}
	if a.Kind == "" {
		a.Kind = d.Kind
	}
	if a.Group == "" {
		a.Group = d.Group
	}
	if a.Short == "" {
		a.Short = a.Label
	}
	return a
}

// actionKind is ActionOf(rs, s, c).Kind without the words (the random
// player asks it of every candidate).
func actionKind(rs RuleSet, s *State, c Command) string {
	if al, ok := rs.(ActionLabeler); ok {
		if k := al.Action(s, c).Kind; k != "" {
			return k
		}
	}
	return defaultKind(c)
}

// defaultKind is the kind of control a command gets when the rule set
// names none.
func defaultKind(c Command) string {
	switch {
	case c.Verb == "move":
		return ActDrag
	case c.Verb == "end":
		return ActEnd
	case c.Verb == "pass" && c.Fig == 0 && c.Unit == 0:
		return ActPass
	case len(c.Targets) > 0 && c.Verb != "aid":
		return ActAim
	}
	return ActButton
}

var defaultLabels = map[string]string{"move": "Move (drag the figure)", "fire": "Shoot", "melee": "Fight in melee", "end": "End",
	"rally": "Rally", "posture": "Posture", "pass": "Let it pass"}

func defaultAction(c Command) Action {
	a := Action{Label: defaultLabels[c.Verb], Group: c.Verb}
	if a.Label == "" && c.Verb != "" {
		a.Label = strings.ToUpper(c.Verb[:1]) + c.Verb[1:]
	}
	a.Kind = defaultKind(c)
	if c.Verb == "posture" {
		a.Group = "posture " + c.Arg
		if c.Arg != "" {
			a.Label = "Go " + c.Arg
		}
	}
	if c.Verb == "aid" && len(c.Targets) > 0 {
		a.Group = fmt.Sprint("aid ", c.Targets[0])
	}
	return a
}

// ---- doors ----

// Door looks.
const (
	DoorShut   = 0
	DoorOpen   = 1
	DoorBroken = 2
)

// DoorStater is an optional RuleSet hook: how a door stands now (a Door*
// value). Without it every door is shut.
type DoorStater interface {
	DoorState(s *State, d terrain.DoorRef) int
}

// DoorStateOf is how door d stands under rs.
func DoorStateOf(rs RuleSet, s *State, d terrain.DoorRef) int {
	if ds, ok := rs.(DoorStater); ok {
		return ds.DoorState(s, d)
	}
	return DoorShut
}

// ---- terrain ----

// TerrainCarder is an optional RuleSet hook: what a terrain piece does
// under this rule set, in plain words, for the card shown when the pointer
// rests on it. Without it TerrainLines describes the map's own properties.
type TerrainCarder interface {
	TerrainLines(s *State, piece int) []string
}

// TerrainOf is what piece does under rs.
// A piece the scenario made bad going (bad_going) says so last.
func TerrainOf(rs RuleSet, s *State, piece int) []string {
	var out []string
	if tc, ok := rs.(TerrainCarder); ok {
		out = tc.TerrainLines(s, piece)
	} else {
		out = terrainLines(s.Map, piece, ScaleOf(rs), buildingGoing(rs, s, piece))
	}
	if s.Map != nil && piece >= 0 && piece < len(s.Map.Pieces) && s.Var(VarBadGoing+strconv.Itoa(s.Map.Pieces[piece].ID)) == 1 {
		out = append(out, "Bad going for vehicles, as the scenario says: no faster than over rough ground")
	}
	return out
}

// BuildingGoer is an optional RuleSet hook for a rule set with Indoors:
// the terrain card's going lines, in the rule set's own words, for a
// building its figures may enter (an impassable area piece with doors).
// Without it the card says such a building is entered by its doors.
type BuildingGoer interface {
	BuildingGoing(s *State, piece int) []string
}

// buildingGoing is the going lines for piece when rs lets figures go
// into it by its doors, else nil (the map's own going stands).
func buildingGoing(rs RuleSet, s *State, piece int) []string {
	in, ok := rs.(Indoors)
	if !ok || !in.Indoors() || s.Terrain == nil || !s.Terrain.Enterable(piece) {
		return nil
	}
	if bg, ok := rs.(BuildingGoer); ok {
		if lines := bg.BuildingGoing(s, piece); len(lines) > 0 {
			return lines
		}
	}
	return []string{"Going: only by its doors (the walls are impassable)"}
}

// TerrainLines describes a piece's cover, sight, going and height from
// the map's properties.
func TerrainLines(m *terrain.Map, piece int, sc Scale) []string {
	return terrainLines(m, piece, sc, nil)
}

// terrainLines is TerrainLines with going, when not empty, in place of
// the line the map's going would give.
func terrainLines(m *terrain.Map, piece int, sc Scale, going []string) []string {
	if m == nil || piece < 0 || piece >= len(m.Pieces) {
		return nil
	}
	pr := m.Pieces[piece].Props
	var out []string
	switch pr.Cover {
	case terrain.CoverSoft:
		out = append(out, "Cover: soft (it hides, it does not stop bullets)")
	case terrain.CoverHard:
		out = append(out, "Cover: hard")
	case terrain.CoverPrepared:
		out = append(out, "Cover: a prepared position")
	default:
		out = append(out, "Cover: none")
	}
	switch pr.Sight {
	case terrain.SightBlocks:
		out = append(out, "Sight: blocked")
	case terrain.SightHinders:
		out = append(out, "Sight: hindered (a partial view)")
	case terrain.SightBlocksBeyond:
		out = append(out, "Sight: "+sc.Format(pr.SightDepth)+" in, no further")
	default:
		out = append(out, "Sight: clear")
	}
	switch {
	case len(going) > 0:
		out = append(out, going...)
	case pr.Going == terrain.GoingDifficult:
		out = append(out, "Going: difficult (slow)")
	case pr.Going == terrain.GoingObstacle:
		out = append(out, "Going: an obstacle to cross")
	case pr.Going == terrain.GoingImpassable:
		out = append(out, "Going: impassable")
	default:
		out = append(out, "Going: open")
	}
	if pr.Height > 0 {
		out = append(out, "Height: "+sc.Format(pr.Height))
	}
	return out
}

// Possessive is a name's possessive in plain English: "Germans'",
// "Krause's" (a side or a figure: "it is the Germans' turn").
func Possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}
