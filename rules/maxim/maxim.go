package maxim

import (
	"errors"
	"fmt"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Phase names.
const (
	PhaseInitiative  = "initiative"
	PhaseMove        = "move"
	PhaseOpportunity = "opportunity"
	PhaseOffensive   = "offensive"
	PhaseDefensive   = "defensive"
	PhaseVehicles    = "vehicles"
	PhaseMorale      = "morale"
)

// Figure variables. Most hold the round they were last set in, so that
// nothing needs clearing between rounds ("moved this turn" is
// Var(fMoved) == Round).
const (
	fMoved  = "moved"  // round it moved
	fFired  = "fired"  // round it fired in the offensive or defensive phase
	fOpp    = "opp"    // round it took opportunity fire
	fShotAt = "shotat" // round it was last shot at
	fFought = "fought" // round it fought a melee
	fStunTo = "stunto" // stunned until the end of this round
	fRide   = "ride"   // this round's horse move, thousandths of an inch
	fDead   = "dead"   // 1: killed (its body counts for the enemy's morale)
	fFled   = "fled"   // 1: left the table falling back
	fLeft   = "left"   // 1: left behind by its unit
)

// Unit variables.
const (
	uMorale = "morale" // 0 normal, 1..4 failures
	uCasRnd = "casrnd" // round a member was last wounded or killed
)

// Side and game variables.
const (
	sInitDie = "initdie" // this round's d20
	sInitMod = "initmod" // its modifier
	gMover   = "mover"   // side moving this round
	gOppFig  = "oppfig"  // the figure whose move may be fired at
	gOppN    = "op.n"    // points of its path
)

// MaxMorale is the worst morale state: the fourth failure.
const MaxMorale = 4

// maxWaypoints bounds a move's path.
const maxWaypoints = 16

// Maxim is the rule set; it holds no state.
type Maxim struct{}

// New returns the Maxim to Minimi rule set.
func New() rules.RuleSet { return Maxim{} }

func (Maxim) ID() string   { return "maxim" }
func (Maxim) Name() string { return "Maxim to Minimi" }

// Start checks the forces and opens the first round.
func (Maxim) Start(s *rules.State) ([]rules.Event, error) {
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
		if u.Quality != "" {
			if _, ok := data.Quality[u.Quality]; !ok {
				return nil, fmt.Errorf("%s: Maxim to Minimi has no troop quality %q", u.Name, u.Quality)
			}
		}
		if u.Motive != "" && u.Motive != "fanatic" {
			return nil, fmt.Errorf("%s: the only motivation is \"fanatic\", not %q", u.Name, u.Motive)
		}
		if u.Armour != "" && u.Armour != "none" && u.Armour != "kevlar" {
			return nil, fmt.Errorf("%s: armour is \"kevlar\" or \"none\", not %q", u.Name, u.Armour)
		}
		if u.Mount != "" && u.Mount != "horse" {
			return nil, fmt.Errorf("%s: the only mount is \"horse\", not %q", u.Name, u.Mount)
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		for _, w := range f.Weapons {
			if _, ok := data.Weapon(w); !ok {
				return nil, fmt.Errorf("%s carries %q, which is not in the weapons tables", f.Name, w)
			}
		}
		if aboard(s, f) {
			continue
		}
		if why := standProblem(s, f.ID, f.Pos); why != "" {
			return nil, fmt.Errorf("%s cannot stand where he is placed: %s", f.Name, why)
		}
	}
	// Figures the scenario leaves facing straight up the table start
	// facing the nearest enemy instead (house rule: for "attacked from
	// behind" in melee).
	for i := range s.Figures {
		f := &s.Figures[i]
		if e := nearestEnemy(s, f.Side, f.Pos); e != nil && f.Facing == 0 && !f.Removed {
			f.Facing = facingOf(f.Pos, e.Pos, 0)
		}
	}
	s.Round = 1
	s.Over = false
	s.Winner = -1
	return beginRound(s), nil
}

// beginRound rolls initiative and opens the move phase.
func beginRound(s *rules.State) []rules.Event {
	s.Phase = PhaseInitiative
	evs := []rules.Event{{Kind: "turn", Side: -1, Text: fmt.Sprintf("Turn %d", s.Round)}}
	evs = append(evs, rollInitiative(s)...)
	mover := s.Var(gMover)
	s.Active, s.Decider, s.Phase = mover, mover, PhaseMove
	evs = append(evs, rollHorses(s, mover)...)
	evs = append(evs, rollVehicleMoves(s, mover, false)...)
	evs = append(evs, rules.Event{Kind: "phase", Side: mover,
		Text: fmt.Sprintf("Move phase: %s %s; %s may fire at figures as they move", s.Sides[mover].Name, rules.Agree(s.Sides[mover].Name, "moves", "move"), s.Sides[1-mover].Name)})
	return evs
}

// commanderQuality is the quality the initiative roll uses for a side:
// that of its first unit (house rule: the commander's own unit).
func commanderQuality(s *rules.State, side int) string {
	for i := range s.Units {
		if s.Units[i].Side == side {
			return qualityOf(&s.Units[i])
		}
	}
	return "regular"
}

// initMods lists a side's initiative modifiers this round.
func initMods(s *rules.State, side int) []rules.Mod { return initModsAt(s, side, s.Round) }

// initModsAt lists a side's initiative modifiers in a round.
func initModsAt(s *rules.State, side, round int) []rules.Mod {
	var mods []rules.Mod
	q := commanderQuality(s, side)
	if v := data.Quality[q].Initiative; v != 0 {
		mods = append(mods, rules.Mod{Value: v, Reason: q + " commander", Rule: "Initiative"})
	}
	if round == 1 && s.Sides[side].Vars["hidden"] == 1 {
		mods = append(mods, rules.Mod{Value: data.Initiative.Surprise, Reason: "surprise (set up hidden)", Rule: "Initiative"})
	}
	return mods
}

func rollInitiative(s *rules.State) []rules.Event {
	var evs []rules.Event
	m0, m1 := initMods(s, 0), initMods(s, 1)
	t0, t1 := modSum(m0), modSum(m1)
	for {
		a, b := s.Roll(data.Initiative.Die), s.Roll(data.Initiative.Die)
		var mods []rules.Mod
		for _, m := range m0 {
			m.Reason = s.Sides[0].Name + ": " + m.Reason
			mods = append(mods, m)
		}
		for _, m := range m1 {
			m.Reason = s.Sides[1].Name + ": " + m.Reason
			m.Value = -m.Value // the ledger's total is side 0's lead
			mods = append(mods, m)
		}
		x, y := a.Face+t0, b.Face+t1
		out := "tie: roll again"
		win := -1
		switch {
		case x > y:
			win = 0
		case y > x:
			win = 1
		}
		if win >= 0 {
			out = rules.Does(s.Sides[win].Name, "moves", "move")
		}
		sideSet(&s.Sides[0], sInitDie, a.Face)
		sideSet(&s.Sides[1], sInitDie, b.Face)
		sideSet(&s.Sides[0], sInitMod, t0)
		sideSet(&s.Sides[1], sInitMod, t1)
		l := &rules.Ledger{What: fmt.Sprintf("Initiative, turn %d: %s against %s", s.Round, s.Sides[0].Name, s.Sides[1].Name),
			Dice: []rules.Die{a, b}, Target: y, Compare: "opposed", Mods: mods, Total: x, Outcome: out,
			Note: "each side rolls a twenty-sided die and adds its modifiers; the higher total moves this turn. Dice: " +
				s.Sides[0].Name + " first; the total shown is " + possessive(s.Sides[0].Name) + ", the number it must beat " + possessive(s.Sides[1].Name)}
		evs = append(evs, rules.Event{Kind: "roll", Side: -1, Roll: l,
			Text: fmt.Sprintf("Initiative: %s, %s: %s", initScore(s.Sides[0].Name, a.Face, t0),
				initScore(s.Sides[1].Name, b.Face, t1), out)})
		if win >= 0 {
			s.SetVar(gMover, win)
			return evs
		}
	}
}

// initScore says a side's initiative roll as a player would: "US Army
// rolls 18", or with modifiers "Wehrmacht rolls 12 and adds 2, 14".
func initScore(side string, face, mod int) string {
	switch {
	case mod > 0:
		return fmt.Sprintf("%s rolls %d and adds %d, %d", side, face, mod, face+mod)
	case mod < 0:
		return fmt.Sprintf("%s rolls %d less %d, %d", side, face, -mod, face+mod)
	}
	return fmt.Sprintf("%s rolls %d", side, face)
}

// rollHorses rolls this round's move for every mounted figure of the
// moving side (1D6+3").
func rollHorses(s *rules.State, side int) []rules.Event {
	var evs []rules.Event
	for _, f := range s.Alive(side) {
		f.SetVar(fRide, 0)
		u := s.UnitOf(f.Unit)
		if u == nil || u.Mount != "horse" {
			continue
		}
		d := s.RollN(data.Move.HorseDice, 6)
		tot := data.Move.HorseAdd
		for _, x := range d {
			tot += x.Face
		}
		f.SetVar(fRide, tot*int(geom.PerInch))
		l := &rules.Ledger{What: rules.Possessive(f.Name) + " horse move", Dice: d, Compare: "table",
			Mods:  []rules.Mod{{Value: data.Move.HorseAdd, Reason: "horses move a die's roll plus 3\"", Rule: "Move Chart"}},
			Total: tot, Outcome: fmt.Sprintf("moves up to %d\"", tot)}
		evs = append(evs, rules.Event{Kind: "roll", Side: side, Fig: f.ID, Roll: l,
			Text: fmt.Sprintf("%s horse: %d + %d = %d\" this turn", rules.Possessive(f.Name), d[0].Face, data.Move.HorseAdd, tot)})
	}
	return evs
}

// Legal lists what the deciding side may do now, in a stable order.
func (m Maxim) Legal(s *rules.State) []rules.Command { return m.AppendLegal(nil, s) }

var _ rules.LegalAppender = Maxim{}

// AppendLegal appends Legal's commands to dst (rules.LegalAppender: the
// random player lists into one list it reuses).
func (Maxim) AppendLegal(dst []rules.Command, s *rules.State) []rules.Command {
	if s.Over {
		return dst
	}
	out := dst
	switch s.Phase {
	case PhaseMove:
		for _, f := range s.Alive(s.Active) {
			if mayMove(s, f) == "" {
				out = append(out, rules.Command{Verb: "move", Fig: f.ID})
			}
		}
		out = vehicleLegal(out, s)
		contact := contactDist(s)
		enemies := s.Alive(1 - s.Active)
		for _, f := range s.Alive(s.Active) {
			for _, e := range enemies {
				// out of contact is the usual answer: asked first, it
				// spares meleeProblem's reasons
				if geom.WithinDist(f.Pos, e.Pos, contact) && meleeProblem(s, f, e) == "" {
					out = append(out, rules.Command{Verb: "melee", Fig: f.ID, Targets: []rules.FigID{e.ID}},
						rules.Command{Verb: "melee", Fig: f.ID, Targets: []rules.FigID{e.ID}, Arg: "capture"})
				}
			}
		}
		out = append(out, rules.Command{Verb: "end"})
	case PhaseOpportunity:
		out = append(out, oppShots(s)...)
		out = append(out, rules.Command{Verb: "pass"})
	case PhaseOffensive, PhaseDefensive:
		for _, f := range s.Alive(s.Active) {
			if holdsFire(s, f) {
				continue // neither list would have a shot
			}
			out = fireList(out, s, f, nil, false)
			out = append(out, vehFireCommands(s, f, nil)...)
		}
		out = append(out, rules.Command{Verb: "end"})
	case PhaseVehicles:
		out = vehicleLegal(out, s)
		out = append(out, rules.Command{Verb: "end"})
	}
	return out
}

// Apply carries out one command; on error the caller discards s.
func (Maxim) Apply(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if s.Over {
		return nil, errors.New("the game is over")
	}
	switch c.Verb {
	case "move":
		if s.Phase != PhaseMove {
			return nil, fmt.Errorf("figures move only in the move phase (this is the %s phase)", phaseWord(s.Phase))
		}
		return applyMove(s, c)
	case "melee":
		if s.Phase != PhaseMove {
			return nil, errors.New("melee is joined in the move phase, by the moving side")
		}
		return applyMelee(s, c)
	case "drive":
		return applyDrive(s, c)
	case "dismount":
		return applyDismount(s, c)
	case "board":
		return applyBoard(s, c)
	case "fire":
		switch s.Phase {
		case PhaseOffensive, PhaseDefensive, PhaseOpportunity:
			return applyFire(s, c)
		}
		return nil, fmt.Errorf("no one fires in the %s phase", phaseWord(s.Phase))
	case "pass":
		if s.Phase != PhaseOpportunity || c.Fig != 0 || len(c.Targets) > 0 || len(c.Path) > 0 || c.Arg != "" || c.Unit != 0 {
			return nil, errors.New(`"pass" lets a move go by without opportunity fire`)
		}
		return closeOpp(s, "holds fire"), nil
	case "end":
		if c.Fig != 0 || c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
			return nil, errors.New(`"end" takes nothing more`)
		}
		switch s.Phase {
		case PhaseMove:
			s.Phase = PhaseOffensive
			return []rules.Event{{Kind: "phase", Side: s.Active,
				Text: fmt.Sprintf("Offensive fire phase: %s %s", s.Sides[s.Active].Name, rules.Agree(s.Sides[s.Active].Name, "fires", "fire"))}}, nil
		case PhaseOffensive:
			s.Phase = PhaseDefensive
			s.Active, s.Decider = 1-s.Active, 1-s.Active
			return []rules.Event{{Kind: "phase", Side: s.Active,
				Text: fmt.Sprintf("Defensive fire phase: %s %s back", s.Sides[s.Active].Name, rules.Agree(s.Sides[s.Active].Name, "fires", "fire"))}}, nil
		case PhaseDefensive:
			return endOfTurn(s), nil
		case PhaseVehicles:
			return finishTurn(s), nil
		case PhaseOpportunity:
			return nil, errors.New(`fire at the moving figure or "pass"`)
		}
		return nil, fmt.Errorf("unknown phase %q", s.Phase)
	}
	return nil, fmt.Errorf("Maxim to Minimi has no %q command (move, melee, fire, pass, end, drive, dismount, board)", c.Verb)
}

// endOfTurn opens the vehicles' second move; when no vehicle may move
// again it goes straight on to the morale phase and the end of the turn.
func endOfTurn(s *rules.State) []rules.Event {
	evs, open := openSecondMoves(s)
	if open {
		return evs
	}
	return append(evs, finishTurn(s)...)
}

// finishTurn runs the morale phase and the end of the turn.
func finishTurn(s *rules.State) []rules.Event {
	mover := s.Var(gMover)
	s.Active, s.Decider = mover, mover
	for i := range s.Vehicles {
		s.Vehicles[i].SetVar(vMove, 0)
	}
	var evs []rules.Event
	s.Phase = PhaseMorale
	evs = append(evs, rules.Event{Kind: "phase", Side: -1, Text: "Morale phase: units that took casualties check, units below normal try to rally"})
	evs = append(evs, moralePhase(s)...)
	if s.Over {
		return evs
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Markers.Has(rules.Stunned) && f.Var(fStunTo) <= s.Round {
			f.Markers &^= rules.Stunned
			f.SetVar(fStunTo, 0)
			if !f.Removed {
				evs = append(evs, rules.Event{Kind: "recover", Side: f.Side, Fig: f.ID, Text: f.Name + " is no longer stunned"})
			}
		}
	}
	for side := range 2 {
		if !canFight(s, side) {
			return append(evs, win(s, 1-side, fmt.Sprintf("%s has no one left willing to fight: victory to %s",
				s.Sides[side].Name, s.Sides[1-side].Name))...)
		}
	}
	if s.TurnLimit > 0 && s.Round >= s.TurnLimit {
		return append(evs, timeUp(s)...)
	}
	s.Round++
	return append(evs, beginRound(s)...)
}

// canFight reports whether a side still has a figure on the table that is
// not routing (fourth morale failure).
func canFight(s *rules.State, side int) bool {
	for _, f := range s.Alive(side) {
		if moraleOf(s, f) < MaxMorale {
			return true
		}
	}
	return false
}

func timeUp(s *rules.State) []rules.Event {
	clearPath(s)
	return rules.EndOnLosses(s, rules.TurnLimitReached(s))
}

func win(s *rules.State, side int, why string) []rules.Event {
	s.Over = true
	s.Winner = side
	s.Phase = ""
	s.Result = why
	clearPath(s)
	return []rules.Event{{Kind: "win", Side: side, Text: why}}
}

// lossLimit is how many losses lose the game for a side.
func lossLimit(s *rules.State, side int) int {
	total := 0
	for i := range s.Figures {
		if s.Figures[i].Side == side {
			total++
		}
	}
	if v := s.Var(rules.VarVictoryLosses); v > 0 && v < total {
		return v
	}
	return total
}

// remove takes a figure off the table (killed, fled or surrendered) and
// checks for the end of the game.
func remove(s *rules.State, f *rules.Figure, how, why string) []rules.Event {
	f.Removed = true
	f.Markers &^= rules.Stunned | rules.OppFire
	switch how {
	case "killed":
		f.SetVar(fDead, 1)
	case "fled":
		f.SetVar(fFled, 1)
	case "surrendered":
		f.Markers |= rules.Surrendered
	}
	if u := s.UnitOf(f.Unit); u != nil && how == "killed" {
		unitSet(u, uCasRnd, s.Round)
	}
	s.Sides[f.Side].Losses++
	evs := []rules.Event{{Kind: "removed", Side: f.Side, Fig: f.ID, Text: fmt.Sprintf("%s is %s (%s)", f.Name, how, why)}}
	if s.Over {
		return evs
	}
	if s.Sides[f.Side].Losses >= lossLimit(s, f.Side) || len(s.Alive(f.Side)) == 0 {
		evs = append(evs, win(s, 1-f.Side, fmt.Sprintf("%d figures of %s lost: victory to %s",
			s.Sides[f.Side].Losses, s.Sides[f.Side].Name, s.Sides[1-f.Side].Name))...)
	}
	return evs
}

// ---- small helpers ----

func qualityOf(u *rules.Unit) string {
	if u == nil || u.Quality == "" {
		return "regular"
	}
	return u.Quality
}

func figQuality(s *rules.State, f *rules.Figure) string {
	if f.Quality != "" {
		if _, ok := data.Quality[f.Quality]; ok {
			return f.Quality
		}
	}
	return qualityOf(s.UnitOf(f.Unit))
}

func fanatic(s *rules.State, f *rules.Figure) bool {
	u := s.UnitOf(f.Unit)
	return u != nil && u.Motive == "fanatic"
}

func kevlar(s *rules.State, f *rules.Figure) bool {
	u := s.UnitOf(f.Unit)
	return u != nil && u.Armour == "kevlar"
}

func moraleOf(s *rules.State, f *rules.Figure) int {
	if u := s.UnitOf(f.Unit); u != nil {
		return u.Vars[uMorale]
	}
	return 0
}

func stunned(f *rules.Figure) bool { return f.Markers.Has(rules.Stunned) }

func modSum(ms []rules.Mod) int {
	t := 0
	for _, m := range ms {
		t += m.Value
	}
	return t
}

// signed is " +3", " -2", or "" for 0 (fmt's " %+d", without fmt: it
// goes into most ledgers' notes).
func signed(v int) string {
	switch {
	case v == 0:
		return ""
	case v > 0:
		return " +" + strconv.Itoa(v)
	}
	return " " + strconv.Itoa(v)
}

var phaseWords = map[string]string{PhaseInitiative: "initiative", PhaseMove: "move", PhaseOpportunity: "opportunity fire",
	PhaseOffensive: "offensive fire", PhaseDefensive: "defensive fire", PhaseVehicles: "vehicle second move", PhaseMorale: "morale"}

func phaseWord(p string) string {
	if w, ok := phaseWords[p]; ok {
		return w
	}
	return p
}

func ordinal(n int) string {
	return [...]string{"normal", "1st failure", "2nd failure", "3rd failure", "4th failure"}[min(max(n, 0), 4)]
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// toward is the point dist along the line from a towards b (a itself when
// they coincide), in integers.
func toward(a, b geom.Pt, dist int64) geom.Pt {
	d := b.Sub(a)
	l := geom.Isqrt(d.Len2())
	if l == 0 {
		return a
	}
	return geom.Pt{X: a.X + divRound(d.X*dist, l), Y: a.Y + divRound(d.Y*dist, l)}
}

// divRound divides rounding half away from zero (b > 0).
func divRound(a, b int64) int64 {
	if a >= 0 {
		return (a + b/2) / b
	}
	return -((-a + b/2) / b)
}

func sideSet(sd *rules.Side, k string, v int) { sd.SetVar(k, v) }
func unitSet(u *rules.Unit, k string, v int)  { u.SetVar(k, v) }

// VarsBySetter: Maxim writes units', sides' and the game's variables only
// through their SetVar (sideSet, unitSet), so the random player's copies
// share those maps until written.
func (Maxim) VarsBySetter() bool { return true }
