package rules

import (
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// RuleSet is one rule set's hooks on the shared core. The core (Game)
// clones the state, calls Apply on the clone, and keeps the clone only on
// success, so Apply may mutate freely and simply return an error to refuse.
//
// The turn structure belongs entirely to the rule set: it sets s.Phase,
// s.Active and s.Decider, and Legal lists what s.Decider may do now.
type RuleSet interface {
	ID() string   // "ssg", "smle", ...
	Name() string // "Simple Skirmish Game"

	// Start makes the opening moves on a freshly built state: roll-offs,
	// first phase, initial activation rolls.
	Start(s *State) ([]Event, error)

	// Legal lists the commands s.Decider may give now. A move is listed
	// once per figure (or unit) with no Path: any path that MoveCheck
	// accepts is legal. Fire commands are listed once per firer and
	// target. The list is in a stable order.
	Legal(s *State) []Command

	// Apply carries out one command (see above for the contract).
	Apply(s *State, c Command) ([]Event, error)

	// Odds gives the exact probabilities of a proposed command's outcomes
	// without changing s.
	Odds(s *State, c Command) (Odds, error)

	// MoveCheck measures a proposed move for the live tape: how far it
	// goes, what it costs, the allowance, and why it is refused if it is.
	// It must leave s as it was (the random player asks it several
	// times on one copy; scenarios' TestMoveCheckChangesNothing checks).
	MoveCheck(s *State, fig FigID, path []geom.Pt) MoveInfo
}

// MoveInfo is what the tape shows for a proposed move.
type MoveInfo struct {
	Length    int64     // path length, position units
	Cost      int64     // allowance used, position units (difficult going costs more)
	Allowance int64     // what the figure may spend in all
	Stop      geom.Pt   // where the figure would end up (may be short of the end: stopped by contact)
	OK        bool      // legal as given
	Why       string    // plain words when not OK, or a note ("stops: within 1\" of an enemy")
	Legs      []geom.Pt // the path actually followed, start first
}

// Vocabulary lists the words a rule set understands in a scenario: its
// weapon ids, troop qualities and motivations. A nil list means the rule
// set ignores that word, so any value is accepted.
type Vocabulary struct {
	Weapons     []string
	Qualities   []string
	Motivations []string
	Armours     []string // unit armour words ("armour" key)
	Mounts      []string // unit mount words ("mount" key)
	// Options are the optional rules a scenario may switch on by their
	// top-level key (S.M.L.E.: "hit_locations"). Unlike the lists above,
	// an option the rule set does not list is refused, never ignored.
	Options []string
}

// Vocabularied is an optional RuleSet hook: when a rule set has it, the
// scenario loader refuses unknown words at their line and column instead
// of leaving it to Start, which can only say the game cannot begin.
type Vocabularied interface {
	Vocabulary() Vocabulary
}

// Indoors is an optional RuleSet hook: a rule set whose figures may stand
// inside buildings that have doors (S.M.L.E.). A scenario may then place
// a figure wholly inside such a building (a garrison), and so may the
// deployment screen; automatic deployment still keeps out of buildings.
type Indoors interface {
	Indoors() bool
}

// IndoorsFor reports whether the named rule set lets figures stand in
// buildings with doors.
func IndoorsFor(id string) bool {
	if LookupRuleSet == nil {
		return false
	}
	rs, ok := LookupRuleSet(id)
	if !ok {
		return false
	}
	in, ok := rs.(Indoors)
	return ok && in.Indoors()
}

// LegalAppender is an optional, cheaper form of Legal: the very commands
// Legal gives, in the same order, appended to dst. The headless random
// player (PlayRandom) passes a list it reuses from one command to the
// next, so a rule set that has it allocates no list per command; Legal
// can simply be AppendLegal(nil, s). The commands' own Path and Targets
// must still be new for each call (the caller may keep a command).
type LegalAppender interface {
	AppendLegal(dst []Command, s *State) []Command
}

// VarsBySetter is an optional RuleSet hook. A rule set whose VarsBySetter
// says true promises that it writes units', sides' and the game's
// variables only through Unit.SetVar, Side.SetVar and State.SetVar: never
// into a map itself (u.Vars[k] = v, delete, clear). A new map may be put
// in a map's place (u.Vars = kept) when nothing writes into it afterwards
// but SetVar. The headless random player's copies of the
// state then share those maps with the state they were copied from until
// the first SetVar that changes one copies it, as figures' maps always
// are, instead of refilling every map for every command.
type VarsBySetter interface {
	VarsBySetter() bool
}

// OddsOnlyer is an optional RuleSet hook naming commands that are only
// ever asked about, never given (the bands of a team's coming activation
// roll): Odds answers them without trying Apply, which would refuse them.
type OddsOnlyer interface {
	OddsOnly(c Command) bool
}

// LookupRuleSet, when set (rules/all sets it), finds a shipped rule set,
// so the scenario loader can check a scenario's words against it.
var LookupRuleSet func(id string) (RuleSet, bool)

// Explanation is what a status panel shows about the moment of play: who
// is acting, what their roll allows in plain words, and the order of play.
type Explanation struct {
	Head  string       // e.g. "Rifle team A (British) activating: Advance (7)"
	Lines []string     // plain words: what the acting side may do now
	Order []OrderEntry // the round's order of play, first to act first
	// OrderNote heads the order of play ("lowest first"); "" for none.
	OrderNote string

	// Turn is the top bar's account of the turn ("Turn 3, Movement
	// phase", "Round 2"); "" lets the table say "Round N".
	Turn string
	// End labels the button (and Enter) that gives "end" now: "End
	// movement", "End activation". "" is "End".
	End string
	// Step names the step of play under way (a team's activation, a
	// chit's draw); when it changes, the table clears the selection and
	// brings the new step's unit into view. "" when there is none.
	Step string
	// StepUnit is the unit whose go the step is (0 for none).
	StepUnit UnitID
	// Panels are what the current step needs drawn beside the status:
	// activation dice, a chit cup, action points, an initiative roll, the
	// phases of a turn.
	Panels []Panel
}

// Panel kinds, drawn by the table's generic widgets.
const (
	PanelDice       = "dice"       // one die per item (Value of Max sides), e.g. activation dice
	PanelChits      = "chits"      // a cup: items drawn (Done) and still in it
	PanelPoints     = "points"     // a row of pips per item: Value left of Max
	PanelInitiative = "initiative" // a roll-off: one die per side, the winner Current
	PanelPhases     = "phases"     // the phases of a turn, the current one marked
	PanelCosts      = "costs"      // a price list: each item's Label and its Value (0: free), in columns
)

// Panel is one generic status widget.
type Panel struct {
	Kind  string
	Title string
	Items []PanelItem
}

// PanelItem is one entry of a panel.
type PanelItem struct {
	Side    int // -1 for none
	Label   string
	Value   int // die face, chit value, points left
	Max     int // die sides, points at most
	Done    bool
	Current bool
	Unit    UnitID
	Fig     FigID
}

// OrderEntry is one place in the round's order of play.
type OrderEntry struct {
	Side    int
	Label   string // e.g. "Rifle team A  Advance (rolled 7)"
	Done    bool   // has had its go
	Current bool   // acting now
	Unit    UnitID // the team, when the entry is one (0 otherwise)
}

// Explainer is an optional RuleSet hook for the status panel: a rule set
// that has it says in plain words where play stands, so the table never
// needs to know the rule set's turn structure.
type Explainer interface {
	Explain(s *State) Explanation
}

// Templater is an optional RuleSet hook: the area a proposed command
// would affect (a burst template), so targeting can draw it.
type Templater interface {
	Template(s *State, c Command) (geom.Circle, bool)
}

// Pricer is an optional RuleSet hook: the points value of each side of a
// scenario (m may be nil), and plain lines explaining how each price was
// reached, for the scenario choice.
type Pricer interface {
	ScenarioPoints(sc *Scenario, m *terrain.Map) (perSide [2]int, lines []string)
}
