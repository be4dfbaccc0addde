package firefight

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Phase names (State.Phase).
const (
	PhaseMotivate    = "motivate"    // a chit is drawn: its leaders pick the figures they motivate
	PhaseAct         = "act"         // the motivated figures spend their action points
	PhaseUnmotivated = "unmotivated" // the cup is empty: figures never motivated this turn act
)

// Game variables.
const (
	gChitSide  = "chit_side"  // side of the chit drawn last
	gChitVal   = "chit_val"   // its value (0: none drawn yet this turn)
	gPhaseNo   = "phase_no"   // counts phases (chit draws and unmotivated steps) over the game
	gDrawnN    = "drawn_n"    // chits drawn this turn
	gOppMover  = "opp_mover"  // the figure opportunity fire may answer (0: none)
	gUnmotLeft = "unmot_left" // unmotivated steps still to come this turn after the current one
)

// Figure variables.
const (
	fAP        = "ap"          // action points left in the current phase
	fMot       = "mot"         // phase number in which it was last motivated
	fMotTurn   = "mot_turn"    // 1 once motivated this turn
	fMotBy     = "mot_by"      // the leader who motivated it in the current phase
	fFired     = "fired"       // phase number in which it last fired
	fMoved     = "moved_ph"    // phase number in which it last moved
	fMovedDist = "moved_dist"  // position units moved this turn
	fFiredRnd  = "fired_round" // round in which it last fired
	fFiredAuto = "fired_auto"  // round in which it last fired an automatic weapon
	fHitRnd    = "hit_round"   // round in which it was last hit (counted for its unit's cohesion)
	fNeut      = "neut_until"  // neutralised through this round
	fSupp      = "supp_until"  // suppressed through this round
	fLost      = "ap_lost"     // action points lost to wounds
	fOpp       = "opp"         // 1 while on opportunity fire
	fLeadFrom  = "lead_from"   // a new leader commands from this round on
)

// Unit variables.
const (
	uInit       = "init"        // initiative now
	uHit        = "hit"         // figures hit this turn
	uLeaders    = "leaders"     // leaders it started with
	uLeaderLost = "leader_lost" // 1 when a leader was killed this turn
)

func spotVar(side int) string {
	if side == 0 || side == 1 {
		return [2]string{"spot0", "spot1"}[side] // the same names, not built afresh
	}
	return "spot" + strconv.Itoa(side)
}

func seenVar(side int) string {
	if side == 0 || side == 1 {
		return [2]string{"seen0", "seen1"}[side]
	}
	return "seen" + strconv.Itoa(side)
}
func cupVar(side, v int) string {
	if side >= 0 && side < 2 && v >= 0 && v <= MaxInitiative {
		return cupNames[side][v] // the same names, not built afresh
	}
	return "cup_" + strconv.Itoa(side) + "_" + strconv.Itoa(v)
}

func drawnVar(k int) string {
	if k >= 0 && k < len(drawnNames) {
		return drawnNames[k]
	}
	return "drawn_" + strconv.Itoa(k)
}

// cupNames and drawnNames are cupVar's and drawnVar's names, built once
// (a turn draws at most a chit per side and initiative).
var (
	cupNames   [2][MaxInitiative + 1]string
	drawnNames [2*MaxInitiative + 1]string
)

func init() {
	for side := range cupNames {
		for v := range cupNames[side] {
			cupNames[side][v] = "cup_" + strconv.Itoa(side) + "_" + strconv.Itoa(v)
		}
	}
	for k := range drawnNames {
		drawnNames[k] = "drawn_" + strconv.Itoa(k)
	}
}

// MinInitiative and MaxInitiative bound a unit's initiative at the start
// (the book's 2 to 6); losses may take it down to the morale table's
// floor (1) during the game.
const (
	MinInitiative = 2
	MaxInitiative = 6
)

// Firefight is the rule set; it holds no state.
type Firefight struct{}

// New returns the Firefight Lite rule set.
func New() rules.RuleSet { return Firefight{} }

func (Firefight) ID() string   { return "firefight" }
func (Firefight) Name() string { return "Firefight Lite" }

// Vocabulary lets the scenario loader check weapon words.
func (Firefight) Vocabulary() rules.Vocabulary { return rules.Vocabulary{Weapons: data.WeaponIDs()} }

// Scale: the book measures in centimetres, 1 cm to 1 m.
func (Firefight) Scale() rules.Scale {
	sc := rules.Centimetres
	sc.Ground = "1 cm = 1 m"
	return sc
}

// Start checks the set-up, sets initiative and leadership, and opens the
// first turn with the first chit.
func (Firefight) Start(s *rules.State) ([]rules.Event, error) {
	if s.BaseR <= 0 {
		return nil, errors.New("figures need a base radius")
	}
	for side := range s.Sides {
		if len(s.Alive(side)) == 0 {
			return nil, fmt.Errorf("%s on the table", rules.Does(s.Sides[side].Name, "has no figures", "have no figures"))
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		init := u.Rating
		if init == 0 {
			init = data.Defaults.Initiative
		}
		if init < MinInitiative || init > MaxInitiative {
			return nil, fmt.Errorf("%s: initiative %d is outside %d to %d (the book's range for a unit)", u.Name, init, MinInitiative, MaxInitiative)
		}
		setU(u, uInit, init)
		n, leaders := 0, 0
		for _, f := range unitFigs(s, u.ID) {
			n++
			if f.Leader {
				leaders++
			}
		}
		setU(u, uLeaders, leaders)
		for _, f := range unitFigs(s, u.ID) {
			if f.Leader && f.Rating <= 0 {
				f.Rating = (n + leaders - 1) / leaders // the unit shared among its leaders
			}
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed {
			continue
		}
		if len(f.Weapons) == 0 {
			return nil, fmt.Errorf("%s carries no weapon", f.Name)
		}
		for _, w := range f.Weapons {
			if _, ok := data.Weapon(w); !ok {
				return nil, fmt.Errorf("%s carries %q, which Firefight Lite does not know", f.Name, w)
			}
		}
		if why := standProblem(s, f.ID, f.Pos); why != "" {
			return nil, fmt.Errorf("%s cannot stand at %s: %s", f.Name, f.Pos, why)
		}
		f.Facing = normFacing(f.Facing)
	}
	s.Round = 1
	s.Over = false
	s.Winner = -1
	s.SetVar(gPhaseNo, 0)
	updateSight(s)
	return beginRound(s), nil
}

func getU(u *rules.Unit, k string) int    { return u.Vars[k] }
func setU(u *rules.Unit, k string, v int) { u.SetVar(k, v) }

// VarsBySetter: Firefight Lite writes units', sides' and the game's
// variables only through their SetVar (setU), so the random player's
// copies share those maps until written.
func (Firefight) VarsBySetter() bool { return true }

func getS(sd *rules.Side, k string) int { return sd.Vars[k] }

// hasFigs reports whether a unit has a figure still in the fight
// (len(unitFigs(s, id)) > 0, without the list).
func hasFigs(s *rules.State, id rules.UnitID) bool {
	for i := range s.Figures {
		if f := &s.Figures[i]; f.Unit == id && !f.Removed {
			return true
		}
	}
	return false
}

// unitFigs lists a unit's figures still in the fight, by id.
func unitFigs(s *rules.State, id rules.UnitID) []*rules.Figure {
	var out []*rules.Figure
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Unit == id && !f.Removed {
			out = append(out, f)
		}
	}
	return out
}

func phaseNo(s *rules.State) int { return s.Var(gPhaseNo) }

// Neutralised reports whether the figure can do nothing now.
func Neutralised(s *rules.State, f *rules.Figure) bool { return f.Markers.Has(rules.Neutralised) }

// Suppressed reports whether the figure has the suppression modifiers.
func Suppressed(s *rules.State, f *rules.Figure) bool { return f.Markers.Has(rules.Suppressed) }

// APMax is what a figure may spend in a phase: the allowance less the
// points lost to wounds.
func APMax(f *rules.Figure, allowance int) int {
	return max(0, min(allowance, data.Cost.MotivatedAP-f.Var(fLost)))
}

// ---- the turn ----

func canAct(s *rules.State, f *rules.Figure) bool {
	if f.Removed || f.Side != s.Active || Neutralised(s, f) || f.Var(fAP) <= 0 {
		return false
	}
	switch s.Phase {
	case PhaseAct:
		return f.Var(fMot) == phaseNo(s)
	case PhaseUnmotivated:
		return f.Var(fMotTurn) == 0
	}
	return false
}

// ActiveUnits lists the units the current chit activates.
func ActiveUnits(s *rules.State) []*rules.Unit {
	if s.Phase != PhaseMotivate && s.Phase != PhaseAct {
		return nil
	}
	side, v := s.Var(gChitSide), s.Var(gChitVal)
	var out []*rules.Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && getU(u, uInit) >= v && hasFigs(s, u.ID) {
			out = append(out, u)
		}
	}
	return out
}

// Leaders lists the leaders of a unit still in the fight.
func Leaders(s *rules.State, u rules.UnitID) []*rules.Figure {
	var out []*rules.Figure
	for _, f := range unitFigs(s, u) {
		if f.Leader {
			out = append(out, f)
		}
	}
	return out
}

// CanCommand reports whether a leader may motivate now.
func CanCommand(s *rules.State, l *rules.Figure) bool {
	return l.Leader && !l.Removed && !Neutralised(s, l) && l.Var(fLeadFrom) <= s.Round
}

// Motivated counts the figures a leader has motivated in this phase.
func Motivated(s *rules.State, l rules.FigID) int {
	n := 0
	for i := range s.Figures {
		if s.Figures[i].Var(fMotBy) == int(l) {
			n++
		}
	}
	return n
}

// InCommand reports whether leader l may motivate f now (range, unit,
// f not yet motivated in this phase, not neutralised).
func InCommand(s *rules.State, l, f *rules.Figure) bool {
	return f.Unit == l.Unit && !f.Removed && !Neutralised(s, f) && f.Var(fMot) != phaseNo(s) &&
		geom.WithinDist(l.Pos, f.Pos, data.Dist.Command.U)
}

// firstMotivateOption is motivatePairs' first pair, found without a list.
func firstMotivateOption(s *rules.State) ([2]*rules.Figure, bool) {
	var p [2]*rules.Figure
	return p, motivatePairs(s, &p, nil)
}

// motivatePairs lists the (leader, figure) pairs open now: for each unit
// the chit activates, each leader who may command and has motivated fewer
// than his rating, each figure of the unit in his command. With first, the
// first pair is put there and the walk stops (settle asks only whether
// any is left); otherwise each pair is appended to *out. It reports
// whether there was a pair. It walks the figures in place rather than
// through ActiveUnits, Leaders and unitFigs' lists, and counts what each
// leader has motivated once.
func motivatePairs(s *rules.State, first *[2]*rules.Figure, out *[][2]*rules.Figure) bool {
	if s.Phase != PhaseMotivate && s.Phase != PhaseAct {
		return false
	}
	side, v, ph := s.Var(gChitSide), s.Var(gChitVal), phaseNo(s)
	found := false
	var motBy []int // Motivated(s, id) by id, counted when first needed
	var motBuf [64]int
	for ui := range s.Units {
		u := &s.Units[ui]
		if u.Side != side || getU(u, uInit) < v {
			continue
		}
		for li := range s.Figures {
			l := &s.Figures[li]
			if l.Unit != u.ID || l.Removed || !CanCommand(s, l) {
				continue
			}
			if motBy == nil {
				if len(s.Figures) < len(motBuf) {
					motBy = motBuf[:len(s.Figures)+1]
				} else {
					motBy = make([]int, len(s.Figures)+1)
				}
				for i := range s.Figures {
					if k := s.Figures[i].Var(fMotBy); k > 0 && k <= len(s.Figures) {
						motBy[k]++
					}
				}
			}
			if motBy[l.ID] >= l.Rating {
				continue
			}
			for fi := range s.Figures {
				f := &s.Figures[fi]
				// InCommand(s, l, f)
				if f.Unit == u.ID && !f.Removed && !Neutralised(s, f) && f.Var(fMot) != ph &&
					geom.WithinDist(l.Pos, f.Pos, data.Dist.Command.U) {
					found = true
					if first != nil {
						*first = [2]*rules.Figure{l, f}
						return true
					}
					*out = append(*out, [2]*rules.Figure{l, f})
				}
			}
		}
	}
	return found
}

// motivate gives figure f its action points for the phase.
func motivate(s *rules.State, l, f *rules.Figure) rules.Event {
	n := Motivated(s, l.ID)
	if f.Var(fMotBy) != int(l.ID) {
		n++
	}
	return motivateCounted(s, l, f, n)
}

// motivateCounted is motivate, n being Motivated(s, l.ID) once f is.
func motivateCounted(s *rules.State, l, f *rules.Figure, n int) rules.Event {
	f.SetVar(fMot, phaseNo(s))
	f.SetVar(fMotTurn, 1)
	f.SetVar(fMotBy, int(l.ID))
	f.SetVar(fAP, APMax(f, data.Cost.MotivatedAP))
	return rules.Event{Kind: "motivate", Side: f.Side, Fig: l.ID, Target: f.ID,
		Text: l.Name + " motivates " + f.Name + motivatedOf(n, l.Rating)}
}

// ---- Legal and Apply ----

func postureCost(from, to rules.Posture) int { return data.Cost.Posture[from][to] }

// Apply carries out one command; on error the caller discards s.
func (Firefight) Apply(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if s.Over {
		return nil, errors.New("the game is over")
	}
	if m := s.Var(gOppMover); m != 0 {
		switch c.Verb {
		case "pass":
			return applyPass(s, c)
		case "fire":
			return applyOppFire(s, c)
		}
		return nil, fmt.Errorf("%s may only answer with opportunity fire or let the move pass", s.Sides[s.Decider].Name)
	}
	if s.Phase == PhaseLeader {
		return applyLeader(s, c)
	}
	switch c.Verb {
	case "end":
		if c.Fig != 0 || c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
			return nil, errors.New(`"end" takes nothing more`)
		}
		if s.Phase == PhaseMotivate {
			evs := beginAct(s)
			return append(evs, settle(s, true)...), nil
		}
		return endStep(s), nil
	case "motivate":
		return applyMotivate(s, c)
	case "move", "posture", "spot", "fire", "oppfire":
		if s.Phase != PhaseAct && s.Phase != PhaseUnmotivated {
			return nil, fmt.Errorf("figures act only once their leaders have motivated them (this is the %s step)", s.Phase)
		}
		f := s.Fig(c.Fig)
		if f == nil || f.Side != s.Active {
			return nil, fmt.Errorf("%s is not a figure of the side acting (%s)", figWords(s, c.Fig), s.Sides[s.Active].Name)
		}
		if !canAct(s, f) {
			return nil, fmt.Errorf("%s has no action points to spend now", f.Name)
		}
		var evs []rules.Event
		var err error
		switch c.Verb {
		case "move":
			evs, err = applyMove(s, f, c)
		case "posture":
			evs, err = applyPosture(s, f, c)
		case "spot":
			evs, err = applySpot(s, f, c)
		case "fire":
			evs, err = applyFire(s, f, c, false)
		case "oppfire":
			evs, err = applyGoOpp(s, f, c)
		}
		if err != nil {
			return nil, err
		}
		return append(evs, settle(s, false)...), nil
	}
	return nil, fmt.Errorf("Firefight Lite has no %q command (motivate, move, posture, spot, fire, oppfire, leader, end, pass)", c.Verb)
}

func applyMotivate(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if s.Phase != PhaseMotivate {
		return nil, errors.New("leaders motivate only when their chit is drawn")
	}
	if c.Unit != 0 || len(c.Path) > 0 || c.Arg != "" || len(c.Targets) > 1 {
		return nil, fmt.Errorf("motivate names a leader and at most one figure: %q", c.String())
	}
	l := s.Fig(c.Fig)
	if l == nil || l.Side != s.Active || !l.Leader || l.Removed {
		return nil, fmt.Errorf("%s is not a leader of the side whose chit was drawn (%s)", figWords(s, c.Fig), s.Sides[s.Active].Name)
	}
	// l's unit is one of ActiveUnits(s): of the chit's side, of initiative
	// at least the chit's, with figures in the fight (l is one)
	u := s.UnitOf(l.Unit)
	if u == nil || u.Side != s.Var(gChitSide) || getU(u, uInit) < s.Var(gChitVal) {
		return nil, fmt.Errorf("%s unit does not act on this chit", rules.Possessive(l.Name))
	}
	if !CanCommand(s, l) {
		return nil, fmt.Errorf("%s cannot command now", l.Name)
	}
	if len(c.Targets) == 1 {
		f := s.Fig(c.Targets[0])
		if f == nil || !InCommand(s, l, f) {
			return nil, fmt.Errorf("%s cannot motivate %s: %s", l.Name, figWords(s, c.Targets[0]), motivateWhyNot(s, l, f))
		}
		if Motivated(s, l.ID) >= l.Rating {
			return nil, fmt.Errorf("%s has motivated all %d figures he can", l.Name, l.Rating)
		}
		evs := []rules.Event{motivate(s, l, f)}
		return append(evs, settle(s, false)...), nil
	}
	// Everyone he can, nearest first.
	var cands []*rules.Figure
	for _, f := range unitFigs(s, l.Unit) {
		if InCommand(s, l, f) {
			cands = append(cands, f)
		}
	}
	slices.SortStableFunc(cands, func(a, b *rules.Figure) int {
		if c := cmp.Compare(geom.Dist2(l.Pos, a.Pos), geom.Dist2(l.Pos, b.Pos)); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	evs := make([]rules.Event, 0, min(len(cands), max(0, l.Rating))+1)
	n := Motivated(s, l.ID) // kept up to date below rather than counted afresh
	for _, f := range cands {
		if n >= l.Rating {
			break
		}
		if f.Var(fMotBy) != int(l.ID) {
			n++
		}
		evs = append(evs, motivateCounted(s, l, f, n))
	}
	if len(evs) == 0 {
		return nil, fmt.Errorf("%s has no one left to motivate", l.Name)
	}
	evs = oneMotivation(s, l, evs, n)
	return append(evs, settle(s, false)...), nil
}

// ---- end of the turn ----

// endRound checks morale and ends spent markers; then units that lost a
// leader choose new ones (nextLeader), and the next turn opens (or the
// game ends at the turn limit).
func endRound(s *rules.State) []rules.Event {
	s.Phase = "morale"
	evs := []rules.Event{{Kind: "phase", Side: 0, Text: "Morale: units that lost initiative this turn test their cohesion"}}
	evs = append(evs, moralePhase(s)...)
	if s.Over {
		return evs
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed {
			continue
		}
		f.SetVar(fOpp, 0)
		if Neutralised(s, f) && f.Var(fNeut) <= s.Round {
			f.Markers &^= rules.Neutralised
			f.SetVar(fNeut, 0)
			f.Markers |= rules.Suppressed
			f.SetVar(fSupp, s.Round+1)
			evs = append(evs, rules.Event{Kind: "recover", Side: f.Side, Fig: f.ID, Text: f.Name + " comes to, still suppressed"})
		} else if Suppressed(s, f) && f.Var(fSupp) <= s.Round {
			f.Markers &^= rules.Suppressed
			f.SetVar(fSupp, 0)
			evs = append(evs, rules.Event{Kind: "recover", Side: f.Side, Fig: f.ID, Text: f.Name + " is no longer suppressed"})
		}
	}
	return append(evs, nextLeader(s)...)
}

// finishRound ends the game at the turn limit or opens the next turn.
func finishRound(s *rules.State) []rules.Event {
	if s.TurnLimit > 0 && s.Round >= s.TurnLimit {
		return timeUp(s)
	}
	s.Round++
	return beginRound(s)
}

func timeUp(s *rules.State) []rules.Event { return rules.EndOnLosses(s, rules.TurnsAreUp(s)) }

// lossLimit is how many losses lose the game for a side.
func lossLimit(s *rules.State, side int) int {
	total := 0
	for i := range s.Figures {
		if s.Figures[i].Side == side {
			total++
		}
	}
	n := (total + data.Defaults.VictoryFraction - 1) / data.Defaults.VictoryFraction
	if v := s.Var(rules.VarVictoryLosses); v > 0 {
		n = v
	}
	return max(1, min(n, total))
}

// remove takes a figure out of the fight and checks for the end.
func remove(s *rules.State, f *rules.Figure, why string) []rules.Event {
	f.Removed = true
	f.Markers = 0
	for _, k := range []string{fAP, fOpp, fNeut, fSupp, fMotBy, spotVar(0), spotVar(1), seenVar(0), seenVar(1)} {
		f.SetVar(k, 0)
	}
	s.Sides[f.Side].Losses++
	// A spot lasts while some figure of the side sees the target: with
	// this man gone, an enemy only he could see is lost to his side.
	for i := range s.Figures {
		t := &s.Figures[i]
		if t.Removed || t.Side == f.Side || t.Var(spotVar(f.Side)) == 0 && t.Var(seenVar(f.Side)) == 0 {
			continue
		}
		seen := 0
		for _, v := range s.Alive(f.Side) {
			if sees(s, v, t) {
				seen = 1
				break
			}
		}
		t.SetVar(seenVar(f.Side), seen)
		if seen == 0 {
			t.SetVar(spotVar(f.Side), 0)
		}
	}
	evs := []rules.Event{{Kind: "removed", Side: f.Side, Fig: f.ID, Text: f.Name + " is out of the fight (" + why + ")"}}
	if !s.Over && s.Sides[f.Side].Losses >= lossLimit(s, f.Side) {
		s.Over, s.Phase = true, ""
		s.Winner = 1 - f.Side
		s.Result = fmt.Sprintf("%s have lost %d figures: victory to %s", s.Sides[f.Side].Name, s.Sides[f.Side].Losses, s.Sides[s.Winner].Name)
		s.SetVar(gOppMover, 0)
		clearRest(s)
		evs = append(evs, rules.Event{Kind: "win", Side: s.Winner, Text: s.Result})
	}
	return evs
}
