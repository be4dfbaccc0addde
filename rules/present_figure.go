package rules

import (
	"fmt"
	"strings"

	"hedgerow/rules/geom"
)

// The hooks for what stands and lies on the table: overlays (smoke,
// lines of fire, live grenades) and a figure as the rule set sees it (its
// card, markers and weapons with their range bands). See present.go for
// the list of hooks.

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
// WeaponNamer is an optional RuleSet hook: the name side (by its name)
// knows weapon id by in the scenario named scenario, where the rule set
// gives weapons their own names ("Bazooka" for a rocket launcher class);
// "" when it has none. The table reads its weapon tags from it.
type WeaponNamer interface {
	WeaponName(scenario, side, id string) string
}

// WeaponNameOf is rs's own name for weapon id of side in scenario ("" for
// none, or a rule set without WeaponNamer).
func WeaponNameOf(rs RuleSet, scenario, side, id string) string {
	if wn, ok := rs.(WeaponNamer); ok {
		return wn.WeaponName(scenario, side, id)
	}
	return ""
}

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
