package rules

import (
	"fmt"
	"strings"

	"hedgerow/rules/geom"
)

// The hooks for the table's controls: the areas a command would affect
// while aiming, the unit distances are shown in, and the action bar's
// buttons. See present.go for the list of hooks.

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
		a.Label = Capital(c.Verb)
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
