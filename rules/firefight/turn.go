package firefight

import (
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules"
)

// The turn: the chit cup remixed and drawn, the unmotivated figures' go, the end of a step.

// beginRound remixes the cup and draws the first chit.
func beginRound(s *rules.State) []rules.Event {
	for i := range s.Figures {
		f := &s.Figures[i]
		f.SetVar(fMotTurn, 0)
		f.SetVar(fMovedDist, 0)
		clearMoveParts(f)
		f.SetVar(fAP, 0)
		f.SetVar(fMotBy, 0)
	}
	for i := range s.Units {
		setU(&s.Units[i], uHit, 0)
		setU(&s.Units[i], uLeaderLost, 0)
	}
	for k := 1; k <= s.Var(gDrawnN); k++ {
		s.SetVar(drawnVar(k), 0)
	}
	s.SetVar(gDrawnN, 0)
	s.SetVar(gChitVal, 0)
	s.SetVar(gChitSide, 0)
	evs := []rules.Event{{Kind: "turn", Side: 0, Text: fmt.Sprintf("Turn %d", s.Round)}}
	var words []string
	for side := range 2 {
		top := 0
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == side && hasFigs(s, u.ID) {
				top = max(top, getU(u, uInit))
			}
		}
		for v := 1; v <= MaxInitiative; v++ {
			in := 0
			if v <= top {
				in = 1
			}
			s.SetVar(cupVar(side, v), in)
		}
		words = append(words, fmt.Sprintf("%s %d", s.Sides[side].Name, top))
	}
	evs = append(evs, rules.Event{Kind: "phase", Side: 0,
		Text: "The chits are mixed in the cup: " + strings.Join(words, ", ") + " (chits 1 up to each side's best initiative)"})
	return append(evs, drawChit(s)...)
}

// Chit is one initiative chit.
type Chit struct{ Side, Value int }

// Cup lists the chits still in the cup, side 0 first, lowest first.
func Cup(s *rules.State) []Chit { return appendCup(nil, s) }

// appendCup appends Cup's chits to out.
func appendCup(out []Chit, s *rules.State) []Chit {
	for side := range 2 {
		for v := 1; v <= MaxInitiative; v++ {
			if s.Var(cupVar(side, v)) == 1 {
				out = append(out, Chit{side, v})
			}
		}
	}
	return out
}

// Drawn lists the chits drawn this turn, in order.
func Drawn(s *rules.State) []Chit {
	var out []Chit
	for k := 1; k <= s.Var(gDrawnN); k++ {
		x := s.Var(drawnVar(k)) - 1
		out = append(out, Chit{x / 100, x % 100})
	}
	return out
}

func (c Chit) label(s *rules.State) string {
	return s.Sides[c.Side].Name + " " + strconv.Itoa(c.Value)
}

// drawChit draws the next chit with the state's dice, or moves on to the
// unmotivated figures when the cup is empty.
func drawChit(s *rules.State) []rules.Event {
	if s.Over {
		return nil
	}
	var buf [2 * MaxInitiative]Chit
	cup := appendCup(buf[:0], s)
	if len(cup) == 0 {
		return beginUnmotivated(s)
	}
	d := s.Roll(len(cup))
	c := cup[d.Face-1]
	takeChit(s, c)
	// the note: "<n> chits in the cup, each as likely: <label>, <label>...;
	// drawn: <label>"
	var nb strings.Builder
	n0 := 42
	for _, x := range cup {
		n0 += len(s.Sides[x.Side].Name) + 4
	}
	nb.Grow(n0)
	nb.WriteString(strconv.Itoa(len(cup)))
	nb.WriteString(" chits in the cup, each as likely: ")
	for i, x := range cup {
		if i > 0 {
			nb.WriteString(", ")
		}
		nb.WriteString(s.Sides[x.Side].Name)
		nb.WriteByte(' ')
		nb.WriteString(strconv.Itoa(x.Value))
	}
	label := c.label(s)
	nb.WriteString("; drawn: ")
	nb.WriteString(label)
	// a draw, not a roll: the log says which chit of how many ("rolled
	// one die: 5, total 5" read as a roll whenever the cup held six)
	led := ledger1(rules.Ledger{What: "Chit drawn from the cup", Compare: rules.CompareDraw, Total: d.Face,
		Outcome: label, Note: nb.String()}, d)
	evs := []rules.Event{{Kind: "roll", Side: c.Side, Roll: led,
		Text: "Chit drawn: " + label + ". Its units of initiative " + strconv.Itoa(c.Value) + " or more act"}}
	return append(evs, settle(s, true)...)
}

// takeChit is drawChit's chit c taken from the cup: its side's units of
// its initiative or more are to be motivated. It rolls no dice.
func takeChit(s *rules.State, c Chit) {
	s.SetVar(cupVar(c.Side, c.Value), 0)
	n := s.Var(gDrawnN) + 1
	s.SetVar(gDrawnN, n)
	s.SetVar(drawnVar(n), c.Side*100+c.Value+1)
	s.SetVar(gChitSide, c.Side)
	s.SetVar(gChitVal, c.Value)
	newPhase(s)
	s.Phase, s.Active, s.Decider = PhaseMotivate, c.Side, c.Side
}

// newPhase starts a phase: no one has points or motivation from before.
func newPhase(s *rules.State) {
	s.SetVar(gPhaseNo, phaseNo(s)+1)
	s.SetVar(gOppMover, 0)
	clearRest(s)
	for i := range s.Figures {
		f := &s.Figures[i]
		f.SetVar(fAP, 0)
		f.SetVar(fMotBy, 0)
	}
}

// beginUnmotivated starts the unmotivated step: the side that drew the
// last chit goes second.
func beginUnmotivated(s *rules.State) []rules.Event {
	first := 1 - s.Var(gChitSide)
	s.SetVar(gUnmotLeft, 1)
	return unmotivatedStep(s, first)
}

func unmotivatedStep(s *rules.State, side int) []rules.Event {
	evs := unmotivatedStart(s, side)
	return append(evs, settle(s, true)...)
}

// unmotivatedStart is unmotivatedStep before it settles: side's
// unmotivated figures get their points. It rolls no dice.
func unmotivatedStart(s *rules.State, side int) []rules.Event {
	newPhase(s)
	s.Phase, s.Active, s.Decider = PhaseUnmotivated, side, side
	n := 0
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Side != side || f.Removed { // s.Alive(side)
			continue
		}
		if f.Var(fMotTurn) == 0 && !Neutralised(s, f) {
			f.SetVar(fAP, APMax(f, data.Cost.UnmotivatedAP))
			n++
		}
	}
	return []rules.Event{{Kind: "phase", Side: side,
		Text: s.Sides[side].Name + ": " + strconv.Itoa(n) + " figures not motivated this turn act with " + strconv.Itoa(data.Cost.UnmotivatedAP) + " action points, firing only at targets already spotted"}}
}

// settle moves play on past steps with nothing to decide: a motivation
// step with no one left to motivate, and (auto, when a chit has just been
// drawn with the dice) an acting step in which no one can act. After a
// player's own action an empty step waits for "end", so that only "end"
// draws chits.
func settle(s *rules.State, auto bool) []rules.Event {
	var evs []rules.Event
	for !s.Over && s.Var(gOppMover) == 0 {
		switch s.Phase {
		case PhaseMotivate:
			if _, ok := firstMotivateOption(s); ok {
				return evs
			}
			evs = append(evs, beginAct(s)...)
		case PhaseAct, PhaseUnmotivated:
			if anyActor(s) || !auto {
				return evs
			}
			evs = append(evs, endStep(s)...)
			return evs
		default:
			return evs
		}
	}
	return evs
}

// beginAct closes motivation: the motivated figures act.
func beginAct(s *rules.State) []rules.Event {
	s.Phase = PhaseAct
	n := 0
	ph := phaseNo(s)
	for i := range s.Figures {
		if f := &s.Figures[i]; f.Side == s.Active && !f.Removed && f.Var(fMot) == ph {
			n++
		}
	}
	return []rules.Event{{Kind: "phase", Side: s.Active,
		Text: s.Sides[s.Active].Name + ": " + strconv.Itoa(n) + " motivated figures act with " + strconv.Itoa(data.Cost.MotivatedAP) + " action points each"}}
}

// endStep ends the current acting step and goes on to the next.
func endStep(s *rules.State) []rules.Event {
	for i := range s.Figures {
		s.Figures[i].SetVar(fAP, 0)
	}
	switch s.Phase {
	case PhaseMotivate, PhaseAct:
		return drawChit(s)
	case PhaseUnmotivated:
		if s.Var(gUnmotLeft) > 0 {
			s.SetVar(gUnmotLeft, 0)
			return unmotivatedStep(s, 1-s.Active)
		}
		return endRound(s)
	}
	return nil
}

// anyActor reports whether some figure may still act in this step.
func anyActor(s *rules.State) bool {
	for i := range s.Figures {
		if canAct(s, &s.Figures[i]) {
			return true
		}
	}
	return false
}

// End stops: where an "end" (followed by followEnd) next waits.
const (
	stopDecide = iota // a side acts or decides: nothing rolled
	stopChit          // a chit is drawn from the cup
	stopRound         // the turn ends: the morale phase rolls
)

// followEnd follows "end" from s through the steps that roll no dice, as
// Apply and settle take them, and returns the state where it next waits
// and what comes there: a side's decision, the cup's draw, or the morale
// phase (the state then is the last unmotivated step, as its own "end"
// finds it).
func followEnd(s *rules.State) (*rules.State, int) {
	ns := s.Clone()
	if ns.Phase == PhaseMotivate {
		beginAct(ns)
		if anyActor(ns) {
			return ns, stopDecide
		}
	}
	for guard := 0; guard < 8; guard++ {
		switch ns.Phase {
		case PhaseMotivate, PhaseAct:
			if len(Cup(ns)) > 0 {
				return ns, stopChit
			}
			ns.SetVar(gUnmotLeft, 1)
			unmotivatedStart(ns, 1-ns.Var(gChitSide))
		case PhaseUnmotivated:
			if ns.Var(gUnmotLeft) == 0 {
				return ns, stopRound
			}
			ns.SetVar(gUnmotLeft, 0)
			unmotivatedStart(ns, 1-ns.Active)
		default:
			return ns, stopDecide
		}
		if anyActor(ns) {
			return ns, stopDecide
		}
	}
	return ns, stopDecide
}

// Outcomes of the chit-in-play part when the cup runs dry first.
const (
	cupDryUnmotivated = "the cup runs dry: the unmotivated figures act"
	cupDryMorale      = "the cup runs dry: the morale phase follows"
)

// chitInPlay: a chit drawn for a side none of whose leaders can motivate
// anyone, and none of whose men can act, is passed over at once and the
// next drawn (settle), in the same "end". from is the state as that "end"
// is about to draw from the cup; the part gives the chit that comes into
// play (its side then decides), each way the draws can fall, or the cup
// running dry first. ok is false when every chit drawn comes into play.
// When every chit is passed over and the morale phase follows, morale is
// the state its rolls start from (else nil).
//
// Whether a chit comes into play depends on the chit alone (its side's
// leaders and men as they stand; each draw opens a new phase, so nothing
// carries from a passed chit to the next), so the chit in play is the
// first drawn of those that do, each as likely; with none, what the
// engine does once the cup is dry.
func chitInPlay(from *rules.State) (rules.OddsPart, *rules.State, bool) {
	cup := Cup(from)
	var live []Chit
	var last *rules.State // the state after passing every chit, in cup order
	for _, c := range cup {
		ns := from.Clone()
		takeChit(ns, c)
		if _, ok := firstMotivateOption(ns); ok {
			live = append(live, c)
			continue
		}
		if after, stop := followEnd(ns); stop == stopDecide && after.Phase == PhaseAct {
			live = append(live, c)
		}
	}
	part := rules.OddsPart{Name: "Chit in play"}
	if len(live) == len(cup) {
		return part, nil, false
	}
	for _, c := range live {
		part.Outcomes = append(part.Outcomes, rules.Outcome{Name: c.label(from), P: 1 / float64(len(live))})
	}
	if len(live) > 0 {
		return part, nil, true
	}
	last = from.Clone()
	for range cup {
		takeChit(last, Cup(last)[0])
		beginAct(last)
	}
	name := cupDryUnmotivated
	after, stop := followEnd(last)
	if stop != stopRound {
		after = nil
	} else {
		name = cupDryMorale
	}
	part.Outcomes = []rules.Outcome{{Name: name, P: 1}}
	return part, after, true
}
