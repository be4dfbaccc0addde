package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// HashEvery is how often (in commands) a game records its state hash for
// saves. Every command: a short hash each time costs a few microseconds
// and lets a replay name the exact command where a save stops matching.
const HashEvery = 1

// ShortHashLen is how many hex digits of the state hash a save keeps per
// command (the final state is kept in full).
const ShortHashLen = 16

// pcgStream is mixed into the seed to make the PCG's second word.
const pcgStream = 0x9e3779b97f4a7c15

// Game is one battle in progress: a rule set, the current state and the
// command log that led to it from the scenario and seed. Human players,
// the random player and replays all go through Apply.
type Game struct {
	RS       RuleSet
	St       *State
	Log      []Command
	Scenario *Scenario // as played, with every figure's starting position filled in
	Seed     uint64
	// Hashes[i] is the short state hash after command (i+1)*HashEvery.
	Hashes []string
	// OnCommit, when set, runs after every accepted command and after a
	// successful undo (the UI autosaves from it).
	OnCommit func(*Game)
	// StartEvents are what the rule set's Start reported.
	StartEvents []Event
	// Players says who plays each side at the table, kept in the save
	// (save.File.Players, rules/save); nil for two players at one desk. No rule reads it.
	Players []string

	// history holds the states before each command since the last one
	// that rolled dice or passed the move to the other side (undo never
	// goes further), at most MaxUndo of them, oldest first; its last
	// entry is the state before the last command.
	history []*State
	// undoStop says why undo can go no further back than history reaches
	// (nil when history reaches the start of the game).
	undoStop error
	// probe is the scratch state MoveCheck measures on (probe.go).
	probe probe
	// pool, when set, recycles the states Apply lets go of (probe.go);
	// only PlayRandom sets it, as no one else holds its game's states.
	pool *statePool
}

// NewGame builds the opening state from the scenario and map, seeds the
// dice and lets the rule set make its opening moves. Figures the scenario
// leaves unplaced are deployed automatically (see AutoDeploy); a UI that
// lets players deploy by hand fills in the positions before calling this.
func NewGame(rs RuleSet, sc *Scenario, m *terrain.Map, seed uint64) (*Game, []Event, error) {
	if rs == nil {
		return nil, nil, errors.New("no rule set")
	}
	if sc.RuleSet != "" && sc.RuleSet != rs.ID() {
		return nil, nil, fmt.Errorf("scenario %q is written for rule set %q, not %q", sc.Name, sc.RuleSet, rs.ID())
	}
	played := sc.Clone()
	if err := AutoDeploy(played, m); err != nil {
		return nil, nil, err
	}
	st, err := NewState(played, m)
	if err != nil {
		return nil, nil, err
	}
	st.RuleSet = rs.ID()
	st.RNG = *rand.NewPCG(seed, seed^pcgStream)
	evs, err := rs.Start(st)
	if err != nil {
		return nil, nil, fmt.Errorf("the game cannot start: %v", err)
	}
	g := &Game{RS: rs, St: st, Scenario: played, Seed: seed, StartEvents: evs}
	return g, evs, nil
}

// Apply checks and carries out one command. On success the new state is
// kept, the command is logged and the events it caused are returned. On
// refusal the error says why in plain words and nothing changes.
func (g *Game) Apply(c Command) ([]Event, error) {
	if g.St.Over {
		return nil, errors.New("the game is over")
	}
	if err := g.checkRefs(c); err != nil {
		return nil, err
	}
	var next *State
	if g.pool != nil {
		next = g.pool.next(g.St)
	} else {
		next = g.St.Clone()
	}
	evs, err := g.RS.Apply(next, c)
	if err != nil {
		if g.pool != nil {
			g.pool.put(next)
		}
		return nil, err
	}
	switch {
	case next.Rolls != g.St.Rolls:
		g.forget(errDiceRolled, true)
	case next.Decider != g.St.Decider:
		// Undo takes back only the deciding side's own commands, so no
		// state from before the move changed hands can be gone back to.
		g.forget(errOtherSide, true)
	default:
		if len(g.history) == MaxUndo {
			if g.pool != nil {
				g.pool.put(g.history[0])
			}
			g.history[0] = nil
			n := copy(g.history, g.history[1:])
			g.history = g.history[:n]
			g.undoStop = errUndoLimit
		}
		g.history = append(g.history, g.St)
	}
	g.St = next
	g.Log = append(g.Log, c)
	if len(g.Log)%HashEvery == 0 {
		var fc *figVarsCache
		if g.pool != nil {
			fc = &g.pool.hashes
		}
		g.Hashes = append(g.Hashes, next.shortHash(fc))
	}
	if g.OnCommit != nil {
		g.OnCommit(g)
	}
	return evs, nil
}

// checkRefs refuses commands naming figures or units that do not exist,
// so that no rule set has to guard its slices against a bad save.
func (g *Game) checkRefs(c Command) error {
	if c.Verb == "" {
		return errors.New("empty command")
	}
	if c.Fig != 0 && g.St.Fig(c.Fig) == nil {
		return fmt.Errorf("there is no figure F%d", c.Fig)
	}
	if c.Unit != 0 && g.St.UnitOf(c.Unit) == nil {
		return fmt.Errorf("there is no unit U%d", c.Unit)
	}
	for _, t := range c.Targets {
		if g.St.Fig(t) == nil {
			return fmt.Errorf("there is no figure F%d to target", t)
		}
	}
	return offTable(g.St, c.Path)
}

// Legal lists the commands the deciding side may give now (none once the
// game is over).
func (g *Game) Legal() []Command {
	if g.St.Over {
		return nil
	}
	return g.RS.Legal(g.St)
}

// Odds gives the exact probabilities of a proposed command's outcomes. The
// state is untouched. A command Apply would refuse gets no odds but
// Apply's own refusal: Odds first carries the command out on a copy of
// the state (its own copy of the dice, so the game's dice are not used).
func (g *Game) Odds(c Command) (Odds, error) {
	if oo, ok := g.RS.(OddsOnlyer); ok && oo.OddsOnly(c) {
		// a question that is never given as a command (a team's coming
		// activation roll): only its references are checked
		if err := g.checkRefs(c); err != nil {
			return Odds{}, err
		}
		return g.RS.Odds(g.St.Clone(), c)
	}
	if err := g.Refusal(c); err != nil {
		return Odds{}, err
	}
	return g.RS.Odds(g.St.Clone(), c)
}

// Refusal is the error Apply would give for c now, or nil if Apply would
// accept it. Nothing changes: the command is tried on a copy of the state.
func (g *Game) Refusal(c Command) error {
	if g.St.Over {
		return errors.New("the game is over")
	}
	if err := g.checkRefs(c); err != nil {
		return err
	}
	_, err := g.RS.Apply(g.St.Clone(), c)
	return err
}

// MoveCheck measures a proposed move on the current state (on the game's
// scratch copy of it: like Apply, not for two goroutines at once).
func (g *Game) MoveCheck(fig FigID, path []geom.Pt) MoveInfo {
	if g.St.Fig(fig) == nil {
		return MoveInfo{Why: fmt.Sprintf("there is no figure F%d", fig)}
	}
	if err := offTable(g.St, path); err != nil {
		return MoveInfo{Why: err.Error()}
	}
	return g.RS.MoveCheck(g.probe.load(g.St), fig, path) // a refilled copy (probe.go)
}

// CanUndo reports whether Undo would take back a command.
func (g *Game) CanUndo() bool { return g.undoRefusal() == nil }

// Undo takes back the last command, if no dice were rolled for it and it
// was given by the side now deciding. Undo can be repeated back to, but
// never past, the last command that rolled dice.
func (g *Game) Undo() error {
	if err := g.undoRefusal(); err != nil {
		return err
	}
	n := len(g.Log) - 1
	if len(g.Log)%HashEvery == 0 && len(g.Hashes) > 0 {
		g.Hashes = g.Hashes[:len(g.Hashes)-1]
	}
	h := len(g.history) - 1
	g.St = g.history[h]
	g.history = g.history[:h]
	g.Log = g.Log[:n]
	if g.OnCommit != nil {
		g.OnCommit(g)
	}
	return nil
}

// MaxUndo is how many commands in a row undo can take back. However long
// a game or a save, the undo history keeps no more states than this.
const MaxUndo = 100

var (
	errDiceRolled = errors.New("the dice have been rolled: that cannot be taken back")
	// (said also once the decision has come back: after the other side
	// held its fire at a move, "the other side has the move now" was
	// untrue, play-test 6)
	errOtherSide = errors.New("the other side has had a decision since (its go, or a chance to fire at a move): what it has seen and answered stands")
	errUndoLimit = fmt.Errorf("only the last %d commands can be taken back", MaxUndo)
)

// forget empties the undo history (handing its states, and the current
// one when current is set, back to the pool): why says why undo now stops
// here.
func (g *Game) forget(why error, current bool) {
	if g.pool != nil {
		for _, h := range g.history {
			g.pool.put(h)
		}
		if current {
			g.pool.put(g.St)
		}
	}
	clear(g.history)
	g.history = g.history[:0]
	g.undoStop = why
}

func (g *Game) undoRefusal() error {
	if len(g.Log) == 0 {
		return errors.New("there is nothing to take back")
	}
	if len(g.history) == 0 {
		if g.undoStop != nil {
			return g.undoStop
		}
		return errDiceRolled
	}
	return nil
}
