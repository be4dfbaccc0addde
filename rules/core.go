package rules

import (
	"maps"

	"hedgerow/rules/geom"
)

// FigID names a figure; UnitID names a unit. Both are small positive
// integers assigned in scenario order, stable for the whole game.
type FigID int
type UnitID int

// Posture is how a figure stands.
type Posture int

const (
	Standing Posture = iota
	Crouching
	Prone
)

var postureNames = []string{"standing", "crouching", "prone"}

func (p Posture) String() string { return postureNames[p] }

// ParsePosture reads a posture name.
func ParsePosture(s string) (Posture, bool) {
	for i, n := range postureNames {
		if n == s {
			return Posture(i), true
		}
	}
	return 0, false
}

// Marker is a status a figure can carry. Markers are a bit set so that a
// state hashes and copies cheaply.
type Marker uint32

const (
	Pinned Marker = 1 << iota
	Suppressed
	Hidden
	OutOfAmmo
	Wounded      // lightly wounded
	BadlyWounded // seriously wounded / knocked down
	Stunned
	Broken
	Surrendered
	OppFire // waiting on opportunity fire
	Neutralised
	Running
)

var markerNames = []string{"pinned", "suppressed", "hidden", "out of ammunition", "wounded",
	"badly wounded", "stunned", "broken", "surrendered", "opportunity fire", "neutralised", "running"}

// Names lists the markers set, in a fixed order.
func (m Marker) Names() []string {
	var out []string
	for i, n := range markerNames {
		if m&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// Has reports whether every marker in x is set.
func (m Marker) Has(x Marker) bool { return m&x == x }

// Figure is one miniature on the table.
type Figure struct {
	ID      FigID
	Name    string
	Side    int // 0 or 1
	Unit    UnitID
	Pos     geom.Pt
	Facing  int // degrees clockwise from "up the table" (negative Y), 0..359
	Posture Posture
	Weapons []string // weapon ids, first is the one in hand
	Quality string   // rule set's troop quality word, e.g. "trained"
	Motive  string   // motivation / morale class, e.g. "steady"
	Leader  bool
	Rating  int // leadership rating, initiative, or the rule set's figure value
	Wounds  int
	Markers Marker
	Removed bool // off the table: killed, fled, surrendered
	// Unknown is set only in a side's copy of the battle (network play's
	// snapshot): a figure the side may not see, held there off the table
	// with no place. No view shows it, as a casualty or otherwise. Not
	// part of the state hash: a real battle never has one.
	Unknown bool
	// Vars is the rule set's own per-figure data (action points left, ammo
	// counts, has-fired flags...). Keys are the rule set's constants; never
	// iterate it to decide a rule. Write it with SetVar.
	Vars map[string]int
	// varsShared says Vars is also another state's: the headless random
	// player's copies share their figures' maps with the state they were
	// copied from until a figure's first SetVar, which copies its map then
	// (probe.go). Clone and the probes always give a figure its own map.
	varsShared bool
}

// Base is the figure's round base on the table.
func (f *Figure) Base(radius int64) geom.Circle { return geom.Circle{C: f.Pos, R: radius} }

// Var reads a per-figure variable (0 when unset).
func (f *Figure) Var(k string) int { return f.Vars[k] }

// SetVar writes a per-figure variable, deleting zero values so that equal
// states hash equally.
func (f *Figure) SetVar(k string, v int) { setVar(&f.Vars, &f.varsShared, k, v) }

// setVar writes k=v into the variable map *m (zero deletes), copying the
// map first when *shared says another state holds it too (probe.go): a
// write that changes nothing leaves it shared, and deleting its only
// entry leaves no map at all (nil and empty read and hash alike).
func setVar(m *map[string]int, shared *bool, k string, v int) {
	if *shared {
		if old, ok := (*m)[k]; ok == (v != 0) && old == v {
			return // no change: the shared map stays shared
		}
		*shared = false
		if v == 0 && len(*m) == 1 {
			*m = nil // its only entry deleted: nothing to copy
			return
		}
		*m = maps.Clone(*m)
	}
	if v == 0 {
		delete(*m, k)
		return
	}
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[k] = v
}

// Unit is a team, squad, section or platoon. Units nest through Parent
// (0 for a top-level unit).
type Unit struct {
	ID      UnitID
	Name    string
	Side    int
	Parent  UnitID
	Leader  FigID // 0 when leaderless
	Quality string
	Motive  string
	Rating  int    // initiative / leadership value, when the rule set uses one
	Armour  string // from the scenario: what the figures wear ("" the rule set's default)
	Mount   string // from the scenario: what they ride ("" on foot)
	// Vars is the rule set's own per-unit data. A rule set that writes it
	// only through SetVar can say so (VarsBySetter) and then the random
	// player's copies share it until written, as figures' maps are.
	Vars map[string]int
	// varsShared: as Figure's, set only for a VarsBySetter rule set.
	varsShared bool
}

// Var reads a unit variable (0 when unset).
func (u *Unit) Var(k string) int { return u.Vars[k] }

// SetVar writes a unit variable (zero deletes), copying a map the random
// player's copy still shares (see VarsBySetter).
func (u *Unit) SetVar(k string, v int) { setVar(&u.Vars, &u.varsShared, k, v) }

// Side is one of the two players.
type Side struct {
	Name   string
	Colour string // "#rrggbb", from the scenario
	Losses int    // figures removed so far
	Vars   map[string]int
	// varsShared: as Unit's.
	varsShared bool
}

// Var reads a side variable (0 when unset).
func (sd *Side) Var(k string) int { return sd.Vars[k] }

// SetVar writes a side variable (zero deletes), copying a map the random
// player's copy still shares (see VarsBySetter).
func (sd *Side) SetVar(k string, v int) { setVar(&sd.Vars, &sd.varsShared, k, v) }

// Die is one die rolled: how many sides and the face that came up.
type Die struct {
	Sides int `json:"sides"`
	Face  int `json:"face"`
}

// Mod is one modifier in a roll's ledger: its value, a short reason in
// plain words, and the rule it comes from (e.g. "SSG Shooting").
type Mod struct {
	Value  int    `json:"value"`
	Reason string `json:"reason"`
	Rule   string `json:"rule,omitempty"`
}

// Ledger explains one roll completely: what it was for, the dice and their
// faces, the target number and how it is compared, each modifier, the
// total and the outcome.
type Ledger struct {
	What    string `json:"what"`           // "Rifle shot, Pte Smith at Gefr Bauer"
	Dice    []Die  `json:"dice"`           // in the order rolled
	Target  int    `json:"target"`         // number to reach (meaning set by Compare)
	Compare string `json:"compare"`        // ">=", "<=", "opposed", "table", CompareDraw
	Mods    []Mod  `json:"mods,omitempty"` // in the order applied
	Total   int    `json:"total"`          // dice + modifiers, as compared
	Outcome string `json:"outcome"`        // documented outcome name, e.g. "hit", "miss"
	Note    string `json:"note,omitempty"` // anything else worth saying

	// Whose names the roller of each die, in the order of Dice, when the
	// dice are not all one roller's (a roll-off: "Red", "Blue"); the log
	// then says whose each die is, not "rolled two dice: 4 5".
	Whose []string `json:"whose,omitempty"`
}

// CompareDraw is the Compare of a draw from a cup, not a roll: one die of
// as many sides as there were chits in the cup picks one, its face the
// chit's place among them (Total), and the Outcome names the chit.
const CompareDraw = "draw"

// ModTotal sums the modifiers.
func (l *Ledger) ModTotal() int {
	t := 0
	for _, m := range l.Mods {
		t += m.Value
	}
	return t
}

// DiceTotal sums the faces.
func (l *Ledger) DiceTotal() int {
	t := 0
	for _, d := range l.Dice {
		t += d.Face
	}
	return t
}

// Event says what happened, with everything needed to animate and log it.
type Event struct {
	Kind    string       `json:"kind"` // "move", "roll", "removed", "turn", "phase", "pinned", "win", ...
	Side    int          `json:"side"`
	Fig     FigID        `json:"fig,omitempty"`
	Unit    UnitID       `json:"unit,omitempty"` // the team it concerns, when no single figure does
	Target  FigID        `json:"target,omitempty"`
	Path    []geom.Pt    `json:"path,omitempty"` // for moves: every point passed through
	Roll    *Ledger      `json:"roll,omitempty"`
	Text    string       `json:"text"` // one line in plain words for the log
	Figures []FigID      `json:"figures,omitempty"`
	Area    *geom.Circle `json:"area,omitempty"` // burst templates, etc.
}

// Outcome is one possible result of a proposed command and its exact
// probability.
type Outcome struct {
	Name string  `json:"name"`
	P    float64 `json:"p"`
}

// Odds lists every outcome of a proposed command, in a fixed order, with
// exact probabilities (by enumeration) that sum to 1, plus the modifier
// ledger that will apply.
type Odds struct {
	Outcomes []Outcome `json:"outcomes"`
	Mods     []Mod     `json:"mods,omitempty"`
	Note     string    `json:"note,omitempty"`
	// Parts, when a command has several results at once, gives each its
	// own exact distribution (each part's outcomes sum to 1): an
	// explosive's effect on each figure that may be under its template,
	// each pairing of a close assault.
	Parts []OddsPart `json:"parts,omitempty"`
}

// OddsPart is one result's distribution within a command's odds.
type OddsPart struct {
	Name     string    `json:"name"`             // e.g. "F9, 1.5\" from the aim point"
	Fig      FigID     `json:"fig,omitempty"`    // the figure it concerns (an assault: the attacker)
	Target   FigID     `json:"target,omitempty"` // an assault pairing's defender
	Outcomes []Outcome `json:"outcomes"`
}

// P returns the probability of a named outcome (0 when absent).
func (o Odds) P(name string) float64 {
	for _, x := range o.Outcomes {
		if x.Name == name {
			return x.P
		}
	}
	return 0
}
