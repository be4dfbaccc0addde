// Package ssg is the Simple Skirmish Game rule set (rulebook version 0.1):
// six figures a side, you-go-I-go turns of movement, melee and shooting,
// and the first side to lose four figures loses.
//
// # Turn flow
//
// Start checks the set-up, then rolls off for the first turn (one d6 each,
// ties rolled again; every roll-off is a ledger). Each player's turn has
// three phases, held in State.Phase:
//
//   - "move": each of the active side's figures may make one move of up to
//     4". Commands: "move F3 x,y ..." and "end".
//   - "melee": every pair of opposing figures within 1" fights until no
//     such pair is left. Commands: "melee F3 F9" (the active player picks
//     the next pair) or "melee" (the engine fights every pair in id
//     order). With no pair in contact the phase is skipped at once.
//   - "shoot": each of the active side's figures may fire once. Command:
//     "fire F3 F9 F9 F10" (one target per die, no more dice than the
//     weapon's rate of fire) and "end", which hands the turn over.
//
// State.Decider is always State.Active: in melee both players take part,
// but the engine rolls both dice.
//
// # House choices
//
// The rulebook leaves these open; this package decides them so:
//
//   - "Within 1 inch" (movement stop and melee contact) is measured base
//     edge to base edge: centres at most 1" + two base radii apart. Bases
//     cannot overlap, so a centre-to-centre inch would be nearly
//     unreachable with inch-wide bases. Shooting ranges are measured centre
//     to centre, as the rulebook says.
//   - Set-up "within 2 inches of the home base" means the base edge is
//     within 2" of the home base area (centre within 2" + base radius). A
//     map without a home area for a side falls back to its deployment
//     area; with neither, the set-up is not checked.
//   - The 4" allowance is measured along the path actually followed (to
//     the stop point when the figure is stopped by an enemy), centre path,
//     each leg rounded to the thousandth of an inch. Terrain does not slow
//     movement (SSG has no such rule); impassable terrain cannot be
//     entered or crossed; a move may pass friendly bases but may not end
//     overlapping any base, off the table or in impassable terrain.
//   - A figure that comes within 1" of an enemy stops at the first point of
//     its path where that is so (found to the thousandth of an inch). A
//     figure that starts its move within 1" of an enemy may not move.
//   - Figures do not block sight. Exactly at short range there is no
//     modifier; beyond short and up to long range inclusive, -1; beyond
//     long range no shot.
//   - Dice of a volley are rolled in the order declared. A die declared at
//     a target already removed by an earlier die of the same volley is
//     lost (not rolled).
//   - The game ends when a side has lost four figures (or the scenario's
//     victory_losses, or all its figures if it has fewer). With a turn
//     limit, the game ends after that many full rounds: the side with
//     fewer losses wins, equal losses are a draw.
//
// # Events and ledgers
//
// Event kinds: "roll" (with its Ledger), "move" (Path: the start and every
// point passed through, ending where the figure stopped), "removed",
// "lost" (a die at a target already down), "turn", "phase" and "win".
// A shot's ledger is one d6, Target 5, Compare ">=", with the modifiers
// "partial line of sight" and "beyond short range (N\")", each -1. Melee
// and roll-off ledgers are "opposed": Dice holds both dice (the active or
// first side's first), Total is the first die and Target the second; a
// tie has the outcome "tie: roll again" and is followed by another ledger.
// A roll-off's ledger names each die's side (Whose) and has the outcome
// "<side> goes first".
//
// # Odds outcome names
//
//   - fire at one target: "hit" (the target is removed by at least one
//     die) and "miss".
//   - fire split over several targets: every combination, named by the
//     targets removed, e.g. "F9 removed", "F9 and F10 removed", plus
//     "no hits"; the probabilities sum to 1, and Note gives each target's
//     own chance of being removed.
//   - melee pair: "attacker wins" and "defender wins" (1/2 each: ties are
//     rolled again).
//   - anything without dice: "certain".
package ssg

import (
	"errors"
	"fmt"
	"sort"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Phase names.
const (
	PhaseMove  = "move"
	PhaseMelee = "melee"
	PhaseShoot = "shoot"
)

// Figure and game variables.
const (
	VarMoved = "moved"
	VarFired = "fired"
	VarFirst = "first" // side that took the first turn
)

// Rule numbers.
const (
	Move       = 4 * geom.PerInch // movement allowance
	Contact    = 1 * geom.PerInch // base edge gap that stops a move and starts a melee
	SetupDist  = 2 * geom.PerInch // set-up distance from the home base
	HitOn      = 5                // modified d6 needed to hit
	LossesLose = 4                // losses that lose the game
)

// SSG is the rule set; it holds no state.
type SSG struct{}

// New returns the Simple Skirmish Game rule set.
func New() rules.RuleSet { return SSG{} }

func (SSG) ID() string   { return "ssg" }
func (SSG) Name() string { return "Simple Skirmish Game" }

// Start checks the set-up and rolls off for the first turn.
func (SSG) Start(s *rules.State) ([]rules.Event, error) {
	if s.BaseR <= 0 {
		return nil, errors.New("figures need a base radius")
	}
	for side := range s.Sides {
		if len(s.Alive(side)) == 0 {
			return nil, fmt.Errorf("%s on the table", rules.Does(s.Sides[side].Name, "has no figures", "have no figures"))
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed {
			continue
		}
		for _, w := range f.Weapons {
			if _, ok := WeaponByID(w); !ok {
				return nil, fmt.Errorf("%s carries %q: SSG knows only rifle, pistol and smg", f.Name, w)
			}
		}
		if why := standProblem(s, f.ID, f.Pos); why != "" {
			return nil, fmt.Errorf("%s cannot stand at %s: %s", f.Name, f.Pos, why)
		}
		if why := SetupProblem(s, f); why != "" {
			return nil, fmt.Errorf("%s: %s", f.Name, why)
		}
	}
	var evs []rules.Event
	first := -1
	for first < 0 {
		a, b := s.Roll(6), s.Roll(6)
		out := "tie: roll again"
		switch {
		case a.Face > b.Face:
			first = 0
		case b.Face > a.Face:
			first = 1
		}
		if first >= 0 {
			out = rules.Does(s.Sides[first].Name, "goes", "go") + " first"
		}
		// the ledger says whose each die is and who goes first; the
		// heading only what the roll is for ("Roll-off: Red 4, Blue 5:
		// first turn: Blue" over "rolled two dice: 4 5 / total 4: first
		// turn: Blue" said it twice, beside a "total" of one die)
		evs = append(evs, rules.Event{Kind: "roll", Side: 0,
			Roll: &rules.Ledger{What: fmt.Sprintf("Roll-off for the first turn: %s against %s", s.Sides[0].Name, s.Sides[1].Name),
				Dice: []rules.Die{a, b}, Whose: []string{s.Sides[0].Name, s.Sides[1].Name},
				Target: b.Face, Compare: "opposed", Total: a.Face, Outcome: out,
				Note: "SSG Who Goes First: the higher roll goes first; ties are rolled again"},
			Text: "Roll-off for the first turn"})
	}
	s.SetVar(VarFirst, first)
	s.Round = 1
	s.Over = false
	s.Winner = -1
	evs = append(evs, beginTurn(s, first)...)
	return evs, nil
}

// SetupProblem says why a figure is not within 2" of its home base ("" when
// it is, or when the map has no area to check against). A deployment UI
// may call it for each figure placed by hand.
func SetupProblem(s *rules.State, f *rules.Figure) string {
	if s.Map == nil {
		return ""
	}
	a := homeArea(s.Map, f.Side)
	if a == nil || len(a.Poly) < 3 {
		return ""
	}
	c := geom.Circle{C: f.Pos, R: SetupDist + s.BaseR}
	if a.Poly.CircleOverlaps(c) {
		return ""
	}
	return fmt.Sprintf("set up more than 2\" from %s", a.Name)
}

func homeArea(m *terrain.Map, side int) *terrain.Area {
	for _, kind := range []terrain.AreaKind{terrain.AreaHome, terrain.AreaDeployment} {
		for _, name := range m.SortedAreaNames() {
			a, _ := m.AreaByName(name)
			if a.Kind == kind && a.Side == side {
				return a
			}
		}
	}
	return nil
}

// beginTurn hands the turn to a side: flags cleared, movement phase.
func beginTurn(s *rules.State, side int) []rules.Event {
	for i := range s.Figures {
		s.Figures[i].SetVar(VarMoved, 0)
		s.Figures[i].SetVar(VarFired, 0)
	}
	s.Active, s.Decider, s.Phase = side, side, PhaseMove
	return []rules.Event{{Kind: "turn", Side: side,
		Text: fmt.Sprintf("Turn %d: %s %s", s.Round, s.Sides[side].Name, rules.Agree(s.Sides[side].Name, "moves", "move"))}}
}

// Legal lists what the active player may do now, in a stable order.
//
// It runs before every command of the random player, so it walks the
// figures in place (id order, as Alive lists them) rather than building
// lists, and gives every fire command's target one shared array (each
// capped at its one entry, so an append by a caller reallocates).
func (r SSG) Legal(s *rules.State) []rules.Command { return r.AppendLegal(nil, s) }

// AppendLegal is Legal appending to dst (rules.LegalAppender: the random
// player lists into one list it reuses).
func (SSG) AppendLegal(out []rules.Command, s *rules.State) []rules.Command {
	if s.Over {
		return out
	}
	switch s.Phase {
	case PhaseMove:
		if out == nil {
			out = make([]rules.Command, 0, len(s.Figures)/2+1)
		}
		for i := range s.Figures {
			f := &s.Figures[i]
			if f.Side == s.Active && !f.Removed && f.Var(VarMoved) == 0 && !startsInContact(s, f) {
				out = append(out, rules.Command{Verb: "move", Fig: f.ID})
			}
		}
		out = append(out, rules.Command{Verb: "end"})
	case PhaseMelee:
		for _, p := range contacts(s) {
			out = append(out, rules.Command{Verb: "melee", Fig: p[0], Targets: []rules.FigID{p[1]}})
		}
		out = append(out, rules.Command{Verb: "melee"})
	case PhaseShoot:
		var ids []rules.FigID
		n0 := len(out)
		for i := range s.Figures {
			f := &s.Figures[i]
			if f.Side != s.Active || f.Removed {
				continue
			}
			w, ok := weaponOf(f)
			if f.Var(VarFired) != 0 || !ok {
				continue
			}
			for j := range s.Figures {
				t := &s.Figures[j]
				if t.Side != 1-s.Active || t.Removed {
					continue
				}
				if !geom.WithinDist(f.Pos, t.Pos, w.Long) {
					continue // out of range: skip the sight line and the words
				}
				if inSight(s, f, t) { // in range, so only sight can refuse the shot (shotMods)
					out = append(out, rules.Command{Verb: "fire", Fig: f.ID})
					ids = append(ids, t.ID)
				}
			}
		}
		for i := range ids {
			out[n0+i].Targets = ids[i : i+1 : i+1]
		}
		out = append(out, rules.Command{Verb: "end"})
	}
	return out
}

// Apply carries out one command; on error the caller discards s.
func (SSG) Apply(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if s.Over {
		return nil, errors.New("the game is over")
	}
	switch c.Verb {
	case "move":
		if s.Phase != PhaseMove {
			return nil, fmt.Errorf("figures move only in the movement phase (this is the %s phase)", s.Phase)
		}
		return applyMove(s, c)
	case "melee":
		if s.Phase != PhaseMelee {
			return nil, fmt.Errorf("melee is fought only in the melee phase (this is the %s phase)", s.Phase)
		}
		return applyMelee(s, c)
	case "fire":
		if s.Phase != PhaseShoot {
			return nil, fmt.Errorf("figures shoot only in the shooting phase (this is the %s phase)", s.Phase)
		}
		return applyFire(s, c)
	case "end":
		if c.Fig != 0 || c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
			return nil, errors.New(`"end" takes nothing more`)
		}
		switch s.Phase {
		case PhaseMove:
			return enterMelee(s), nil
		case PhaseShoot:
			return endTurn(s), nil
		case PhaseMelee:
			return nil, errors.New("every melee must be fought before the phase ends")
		}
		return nil, fmt.Errorf("unknown phase %q", s.Phase)
	}
	return nil, fmt.Errorf("SSG has no %q command (move, melee, fire, end)", c.Verb)
}

// enterMelee starts the melee phase, skipping it when no one is in contact.
func enterMelee(s *rules.State) []rules.Event {
	s.Phase = PhaseMelee
	if len(contacts(s)) > 0 {
		return []rules.Event{{Kind: "phase", Side: s.Active, Text: "Melee phase: figures within 1\" of an enemy must fight"}}
	}
	s.Phase = PhaseShoot
	return []rules.Event{{Kind: "phase", Side: s.Active, Text: "No figures in contact: no melee. Shooting phase"}}
}

// endTurn hands over to the other side, ending the round (and perhaps the
// game at the turn limit) when the second player finishes.
func endTurn(s *rules.State) []rules.Event {
	next := 1 - s.Active
	var evs []rules.Event
	if next == s.Var(VarFirst) {
		if s.TurnLimit > 0 && s.Round >= s.TurnLimit {
			return timeUp(s)
		}
		s.Round++
	}
	return append(evs, beginTurn(s, next)...)
}

func timeUp(s *rules.State) []rules.Event { return rules.EndOnLosses(s, rules.TurnLimitReached(s)) }

// lossLimit is how many losses lose the game for a side.
func lossLimit(s *rules.State, side int) int {
	n := LossesLose
	if v := s.Var(rules.VarVictoryLosses); v > 0 {
		n = v
	}
	total := 0
	for i := range s.Figures {
		if s.Figures[i].Side == side {
			total++
		}
	}
	return min(n, total)
}

// remove takes a figure off the table and checks for the end of the game.
func remove(s *rules.State, id rules.FigID, why string) []rules.Event {
	f := s.Fig(id)
	f.Removed = true
	f.SetVar(VarMoved, 0)
	f.SetVar(VarFired, 0)
	s.Sides[f.Side].Losses++
	evs := []rules.Event{{Kind: "removed", Side: f.Side, Fig: id, Text: fmt.Sprintf("%s is removed (%s)", f.Name, why)}}
	if !s.Over && s.Sides[f.Side].Losses >= lossLimit(s, f.Side) {
		s.Over = true
		s.Winner = 1 - f.Side
		s.Phase = ""
		s.Result = fmt.Sprintf("%d figures of %s lost: victory to %s", s.Sides[f.Side].Losses, s.Sides[f.Side].Name, s.Sides[s.Winner].Name)
		evs = append(evs, rules.Event{Kind: "win", Side: s.Winner, Text: s.Result})
	}
	return evs
}

// contacts lists every (active figure, enemy figure) pair within 1",
// sorted by the active figure's id then the enemy's.
func contacts(s *rules.State) [][2]rules.FigID {
	var out [][2]rules.FigID
	for i := range s.Figures {
		a := &s.Figures[i]
		if a.Side != s.Active || a.Removed {
			continue
		}
		for j := range s.Figures {
			e := &s.Figures[j]
			if e.Side != 1-s.Active || e.Removed {
				continue
			}
			if inContact(s, a.Pos, e.Pos) {
				out = append(out, [2]rules.FigID{a.ID, e.ID})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i][0] != out[j][0] {
			return out[i][0] < out[j][0]
		}
		return out[i][1] < out[j][1]
	})
	return out
}

// contactDist is the greatest centre distance that counts as within 1"
// (base edge to base edge).
func contactDist(s *rules.State) int64 { return Contact + 2*s.BaseR }

func inContact(s *rules.State, a, b geom.Pt) bool {
	return geom.WithinDist(a, b, contactDist(s))
}

// Odds gives the exact chances of a proposed command.
func (SSG) Odds(s *rules.State, c rules.Command) (rules.Odds, error) {
	switch c.Verb {
	case "fire":
		return fireOdds(s, c)
	case "melee":
		pairs := contacts(s)
		if len(pairs) == 0 {
			return rules.Odds{}, errors.New("no figures are in contact")
		}
		note := "Each side rolls a die, ties are rolled again: an even chance"
		odds := rules.Odds{Outcomes: []rules.Outcome{{Name: "attacker wins", P: 0.5}, {Name: "defender wins", P: 0.5}}}
		if c.Fig != 0 {
			if _, _, err := meleePair(s, c); err != nil {
				return rules.Odds{}, err
			}
		} else {
			note = fmt.Sprintf("First fight %s against %s. ", figName(s, pairs[0][0]), figName(s, pairs[0][1])) + note +
				"; parts: each figure in contact, fought to the end as the engine does"
			odds.Parts = meleeParts(s)
		}
		odds.Note = note
		return odds, nil
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}}, nil
}

// meleeParts gives, for "melee" (every contact fought in turn until none
// is left), each figure's chance of being removed, by following both
// results of every fight as the engine orders them.
func meleeParts(s *rules.State) []rules.OddsPart {
	removed := map[rules.FigID]float64{}
	var ids []rules.FigID
	for _, p := range contacts(s) {
		for _, id := range p {
			if _, ok := removed[id]; !ok {
				removed[id] = 0
				ids = append(ids, id)
			}
		}
	}
	var walk func(st *rules.State, pr float64)
	walk = func(st *rules.State, pr float64) {
		pairs := contacts(st)
		if st.Over || len(pairs) == 0 {
			for _, id := range ids {
				if st.Fig(id).Removed {
					removed[id] += pr
				}
			}
			return
		}
		for _, loser := range []rules.FigID{pairs[0][1], pairs[0][0]} {
			c := st.Clone()
			remove(c, loser, "")
			walk(c, pr/2)
		}
	}
	walk(s.Clone(), 1)
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	var parts []rules.OddsPart
	for _, id := range ids {
		parts = append(parts, rules.OddsPart{Name: figName(s, id), Fig: id,
			Outcomes: []rules.Outcome{{Name: "removed", P: removed[id]}, {Name: "survives", P: 1 - removed[id]}}})
	}
	return parts
}
