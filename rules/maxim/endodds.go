package maxim

import (
	"fmt"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// The rolls made when a turn ends: "end" in the defensive fire phase
// (when no vehicle has a second move) or in the vehicles' phase runs the
// morale phase, whose checks and rallies are rolled unit by unit, and
// then the next turn's initiative. Their odds are the odds of that "end":
// one part per unit that rolls, and the initiative (also the command's
// outcomes), worked exactly by following the engine's morale phase down
// every branch of its dice.

// Outcome names of the turn's end.
const (
	endHolds     = "holds"
	endNoRally   = "does not rally"
	endNotRolled = "not rolled: the battle is over"
	endNoTurn    = "no next turn: the battle is over"
)

// endOdds prices "end" when it closes the turn or opens the vehicles'
// second move; ok is false when it does neither.
func endOdds(s *rules.State) (rules.Odds, bool, error) {
	c := s.Clone()
	c.Forced = nil
	switch c.Phase {
	case PhaseDefensive:
		if _, open := openSecondMoves(c); open {
			return secondMoveOdds(s), true, nil
		}
	case PhaseVehicles:
	default:
		return rules.Odds{}, false, nil
	}
	mover := c.Var(gMover)
	c.Active, c.Decider = mover, mover
	for i := range c.Vehicles {
		c.Vehicles[i].SetVar(vMove, 0)
	}
	c.Phase = PhaseMorale
	e := newEndEnum(c)
	if err := e.run(c); err != nil {
		return rules.Odds{}, false, err
	}
	var odds rules.Odds
	for _, i := range e.rolling {
		u := &c.Units[i]
		name := oddsUnit(c, u) + ": morale check"
		order := []string{endHolds, "fails: 1st failure", "fails: 2nd failure", "fails: 3rd failure", "fails: 4th failure"}
		if u.Vars[uCasRnd] != c.Round {
			name = oddsUnit(c, u) + ": rally"
			order = []string{"rallies to normal", "rallies to 1st failure", "rallies to 2nd failure", "rallies to 3rd failure", endNoRally}
		}
		odds.Parts = append(odds.Parts, rules.OddsPart{Name: name, Outcomes: ordered(e.parts[i], append(order, endNotRolled))})
	}
	initName := fmt.Sprintf("Initiative, turn %d", c.Round+1)
	init := ordered(e.init, []string{rules.Does(c.Sides[0].Name, "moves", "move"), rules.Does(c.Sides[1].Name, "moves", "move"), endNoTurn})
	odds.Parts = append(odds.Parts, rules.OddsPart{Name: initName, Outcomes: init})
	odds.Parts = append(odds.Parts, e.starts.parts(c, c.Round+1)...)
	odds.Outcomes = init
	odds.Note = "the morale phase's checks and rallies, unit by unit, then the next turn's initiative (a twenty-sided die each, ties rolled again) and the moves its winner rolls for horses and vehicles"
	return odds, true, nil
}

// ordered lists acc's outcomes with a chance, in order.
func ordered(acc map[string]float64, order []string) []rules.Outcome {
	var out []rules.Outcome
	for _, n := range order {
		if p := acc[n]; p > 0 {
			out = append(out, rules.Outcome{Name: n, P: p})
		}
	}
	return out
}

// rollsMorale reports whether the morale phase rolls for unit u: it has a
// man on the table and lost a man this turn (a check) or is below normal
// (a rally). Nothing before its turn in the phase changes this: only its
// own failure moves or removes its men.
func rollsMorale(s *rules.State, u *rules.Unit) bool {
	alive := false
	for _, f := range members(s, u.ID) {
		alive = alive || !f.Removed
	}
	return alive && (u.Vars[uCasRnd] == s.Round || u.Vars[uMorale] > 0)
}

// endBudget bounds the states endEnum follows: beyond it the odds are
// refused rather than the answer waited for.
const endBudget = 400000

// endEnum gathers the turn's end's chances. It follows the morale phase
// unit by unit, as a frontier of the distinct states the units so far
// can have left, each with its chance: states that differ only in what
// nothing later reads (where men stand whose place can no longer change
// a later unit's falling back) are one.
type endEnum struct {
	nodes   int   // states followed and failures played out, against endBudget
	rolling []int // indexes in State.Units of the units that roll, in order
	parts   map[int]map[string]float64
	init    map[string]float64
	// movers are the units that check and may fall back, need those
	// whose falling back may lose a man or change a needed one's
	// (keepPlaces), by index in State.Units.
	movers []int
	need   []bool
	starts startRolls
}

// endBranch is one state the morale phase may have reached, with its
// chance.
type endBranch struct {
	st *rules.State
	p  float64
}

func newEndEnum(s *rules.State) *endEnum {
	e := &endEnum{parts: map[int]map[string]float64{}, init: map[string]float64{}}
	for i := range s.Units {
		if rollsMorale(s, &s.Units[i]) {
			e.rolling = append(e.rolling, i)
			e.parts[i] = map[string]float64{}
		}
	}
	e.movers, e.need = keepPlaces(s, e.rolling)
	e.starts = newStartRolls(s)
	return e
}

// run follows the morale phase from s to the end of the turn.
func (e *endEnum) run(s *rules.State) error {
	frontier := []endBranch{{s, 1}}
	for i := range s.Units {
		if e.parts[i] == nil {
			continue
		}
		var next []endBranch
		seen := map[string]int{}
		add := func(c *rules.State, q float64) {
			if q == 0 {
				return
			}
			if c.Over {
				for _, j := range e.rolling {
					if j > i {
						e.parts[j][endNotRolled] += q
					}
				}
				e.init[endNoTurn] += q
				e.starts.over(q)
				return
			}
			key := stateKey(c, e.placed(c, i))
			if k, ok := seen[key]; ok {
				next[k].p += q
				return
			}
			seen[key] = len(next)
			next = append(next, endBranch{c, q})
		}
		for _, b := range frontier {
			e.step(b.st, i, b.p, add)
			if e.nodes > endBudget {
				return fmt.Errorf("the morale phase can go more than %d ways here (falling back moves men that later units may fall back past or from): too many to price exactly", endBudget)
			}
		}
		frontier = next
	}
	for _, b := range frontier {
		e.finish(b.st, b.p)
	}
	return nil
}

// step rolls unit i's check or rally on state s, reached with chance p,
// giving each state it may leave to add.
func (e *endEnum) step(s *rules.State, i int, p float64, add func(*rules.State, float64)) {
	e.nodes++
	u := &s.Units[i]
	base, mods := moraleChance(s, u)
	pass := float64(clampChance(base+modSum(mods))) / 100
	lvl := u.Vars[uMorale]
	acc := e.parts[i]
	if u.Vars[uCasRnd] != s.Round { // a rally
		acc[endNoRally] += p * (1 - pass)
		add(s, p*(1-pass))
		if pass > 0 {
			acc["rallies to "+ordinal(lvl-1)] += p * pass
			c := s.Clone()
			unitSet(&c.Units[i], uMorale, lvl-1)
			add(c, p*pass)
		}
		return
	}
	acc[endHolds] += p * pass
	add(s, p*pass)
	if pass == 1 {
		return
	}
	next := min(lvl+1, MaxMorale)
	acc["fails: "+ordinal(next)] += p * (1 - pass)
	if next == lvl {
		// already at the 4th failure: no worse, and nothing more happens
		add(s, p*(1-pass))
		return
	}
	// The failure's dice: at the 3rd the D12 for leaving the wounded, then
	// next D6 of falling back.
	abandon := []struct {
		face int
		p    float64
	}{{0, 1}}
	if next == 3 {
		n := data.Morale.AbandonDie
		on := data.Morale.AbandonOn
		abandon = abandon[:0]
		if on > 1 {
			abandon = append(abandon, struct {
				face int
				p    float64
			}{1, float64(min(on-1, n)) / float64(n)})
		}
		if on <= n {
			abandon = append(abandon, struct {
				face int
				p    float64
			}{max(on, 1), float64(n-max(on, 1)+1) / float64(n)})
		}
	}
	for _, a := range abandon {
		for _, sm := range diceSums(next) {
			e.nodes++
			c := s.Clone()
			cu := &c.Units[i]
			unitSet(cu, uMorale, next)
			if a.face > 0 {
				c.Forced = append(c.Forced, a.face)
			}
			c.Forced = append(c.Forced, sm.faces...)
			failEffects(c, cu, next)
			c.Forced = nil
			add(c, p*(1-pass)*a.p*sm.p)
		}
	}
}

// finish is the end of the turn after the morale phase (finishTurn): a
// side none of whose men will fight loses, the turn limit ends the game,
// else the next turn's initiative is rolled, and its winner's horse and
// vehicle moves.
func (e *endEnum) finish(s *rules.State, p float64) {
	for side := range 2 {
		if !canFight(s, side) {
			e.init[endNoTurn] += p
			e.starts.over(p)
			return
		}
	}
	if s.TurnLimit > 0 && s.Round >= s.TurnLimit {
		e.init[endNoTurn] += p
		e.starts.over(p)
		return
	}
	w0 := initiativeWin(s, s.Round+1)
	e.init[rules.Does(s.Sides[0].Name, "moves", "move")] += p * w0
	e.init[rules.Does(s.Sides[1].Name, "moves", "move")] += p * (1 - w0)
	e.starts.add(s, 0, p*w0)
	e.starts.add(s, 1, p*(1-w0))
}

// initiativeWin is the chance side 0 wins a round's initiative: 1D20 each
// with its modifiers, ties rolled again.
func initiativeWin(s *rules.State, round int) float64 {
	t0, t1 := modSum(initModsAt(s, 0, round)), modSum(initModsAt(s, 1, round))
	n := data.Initiative.Die
	win, lose := 0, 0
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			switch {
			case a+t0 > b+t1:
				win++
			case a+t0 < b+t1:
				lose++
			}
		}
	}
	return float64(win) / float64(win+lose)
}

// diceSum is one total of n D6 with its chance and faces that make it.
type diceSum struct {
	p     float64
	faces []int
}

// diceSums lists every total of n D6, lowest first.
func diceSums(n int) []diceSum {
	counts := map[int]int{0: 1}
	for k := 0; k < n; k++ {
		next := map[int]int{}
		for t := k; t <= 6*k; t++ {
			for f := 1; f <= 6; f++ {
				next[t+f] += counts[t]
			}
		}
		counts = next
	}
	all := 1
	for k := 0; k < n; k++ {
		all *= 6
	}
	var out []diceSum
	for t := n; t <= 6*n; t++ {
		faces := make([]int, n)
		left := t
		for k := range faces {
			f := min(6, left-(n-k-1))
			faces[k] = f
			left -= f
		}
		out = append(out, diceSum{p: float64(counts[t]) / float64(all), faces: faces})
	}
	return out
}

// keepPlaces finds the units whose falling back matters to what
// follows: a unit that checks and could lose a man (off the table, or
// with no way out at its 4th failure) is needed, and so is one whose
// falling back may change a needed later unit's (as men in its way or
// its nearest enemy). Men move at most 6" per failure.
func keepPlaces(s *rules.State, rolling []int) (movers []int, need []bool) {
	for _, j := range rolling {
		if s.Units[j].Vars[uCasRnd] == s.Round && s.Units[j].Vars[uMorale] < MaxMorale {
			movers = append(movers, j)
		}
	}
	need = make([]bool, len(s.Units))
	for k := len(movers) - 1; k >= 0; k-- {
		j := movers[k]
		need[j] = couldLose(s, j)
		for _, m := range movers[k+1:] {
			if !need[j] && need[m] && influences(s, j, m, movers) {
				need[j] = true
			}
		}
	}
	return movers, need
}

// placed marks, once unit index i has rolled, the units whose men's
// places the rest of the phase may read: those that have fallen back
// already (no one else has moved) and whose men, where they now stand,
// may be in the way of a needed later unit's men or be their nearest
// enemy.
func (e *endEnum) placed(s *rules.State, i int) []bool {
	out := make([]bool, len(s.Units))
	for _, k := range e.movers {
		if k > i {
			break
		}
		for _, j := range e.movers {
			if j > i && e.need[j] && standsNear(s, k, j, i, e.movers) {
				out[k] = true
				break
			}
		}
	}
	return out
}

// standsNear reports whether the men of unit k, which has fallen back
// already and moves no more, may change unit j's falling back: one
// within j's reach of a man of j (its way back), or (enemies) as near
// as j's man's nearest enemy that stays put. Units of movers after
// index i may still move before j, so their men do not count as nearer.
func standsNear(s *rules.State, k, j, i int, movers []int) bool {
	uk, uj := &s.Units[k], &s.Units[j]
	rj := fallReach(s, uj)
	moving := map[rules.UnitID]bool{}
	for _, m := range movers {
		if m > i && m < j {
			moving[s.Units[m].ID] = true
		}
	}
	mk := members(s, uk.ID)
	for _, g := range members(s, uj.ID) {
		if g.Removed || aboard(s, g) {
			continue
		}
		near := int64(-1)
		if uk.Side != uj.Side {
			for _, x := range s.Alive(1 - uj.Side) {
				if moving[x.Unit] || aboard(s, x) {
					continue
				}
				if d := geom.Dist(g.Pos, x.Pos); near < 0 || d < near {
					near = d
				}
			}
		}
		for _, f := range mk {
			if f.Removed {
				continue
			}
			d := geom.Dist(g.Pos, f.Pos)
			if d <= rj+2*s.BaseR+geom.PerInch {
				return true
			}
			if uk.Side != uj.Side && (near < 0 || d <= near+geom.PerInch) {
				return true
			}
		}
	}
	return false
}

// fallReach is the farthest unit u's men may fall back if it fails now.
func fallReach(s *rules.State, u *rules.Unit) int64 {
	return int64(6*min(u.Vars[uMorale]+1, MaxMorale)) * geom.PerInch
}

// couldLose reports whether unit j, failing, could lose a man: fall back
// off the table, or find no way out at its 4th failure.
func couldLose(s *rules.State, j int) bool {
	u := &s.Units[j]
	if min(u.Vars[uMorale]+1, MaxMorale) >= MaxMorale {
		return true
	}
	reach := fallReach(s, u) + s.BaseR + geom.PerInch
	for _, f := range members(s, u.ID) {
		if f.Removed || aboard(s, f) {
			continue
		}
		if s.Map == nil || f.Pos.X <= reach || f.Pos.Y <= reach || s.Map.Width-f.Pos.X <= reach || s.Map.Height-f.Pos.Y <= reach {
			return true
		}
	}
	return false
}

// influences reports whether unit a's falling back (index a in
// State.Units, before b) may change unit b's: a's men may end within
// reach of b's way back, or (enemies) may be the nearest enemy b's men
// fall back from. Every unit of movers that rolls before b may have
// moved, so their men are not counted as the nearer enemy.
func influences(s *rules.State, a, b int, movers []int) bool {
	if a >= b {
		return false
	}
	ua, ub := &s.Units[a], &s.Units[b]
	ra, rb := fallReach(s, ua), fallReach(s, ub)
	moving := map[rules.UnitID]bool{ua.ID: true}
	for _, k := range movers {
		if k < b {
			moving[s.Units[k].ID] = true
		}
	}
	ma := members(s, ua.ID)
	for _, g := range members(s, ub.ID) {
		if g.Removed || aboard(s, g) {
			continue
		}
		near := int64(-1) // the nearest enemy that stays put
		if ua.Side != ub.Side {
			for _, e := range s.Alive(1 - ub.Side) {
				if moving[e.Unit] || aboard(s, e) {
					continue
				}
				if d := geom.Dist(g.Pos, e.Pos); near < 0 || d < near {
					near = d
				}
			}
		}
		for _, f := range ma {
			if f.Removed {
				continue
			}
			d := geom.Dist(g.Pos, f.Pos)
			if d <= ra+rb+2*s.BaseR+geom.PerInch {
				return true // may stand in its way
			}
			if ua.Side != ub.Side && (near < 0 || d-ra <= near+geom.PerInch) {
				return true // may be its nearest enemy
			}
		}
	}
	return false
}

// stateKey sums up what of a state the rest of the morale phase and the
// end of the turn read: who is on the table and how he left it, units'
// morale and losses, the end of the game; and where the men of the units
// marked in keep stand.
func stateKey(s *rules.State, keep []bool) string {
	b := make([]byte, 0, 64+24*len(s.Figures))
	b = strconv.AppendBool(b, s.Over)
	b = strconv.AppendInt(b, int64(s.Winner), 10)
	for i := range s.Sides {
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(s.Sides[i].Losses), 10)
	}
	placed := map[rules.UnitID]bool{}
	for i := range s.Units {
		b = append(b, 'u')
		b = strconv.AppendInt(b, int64(s.Units[i].Vars[uMorale]), 10)
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(s.Units[i].Vars[uCasRnd]), 10)
		if keep[i] {
			placed[s.Units[i].ID] = true
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		b = append(b, 'f')
		b = strconv.AppendBool(b, f.Removed)
		for _, v := range [...]int64{int64(f.Markers), int64(f.Var(fDead)), int64(f.Var(fFled)), int64(f.Var(fLeft)), int64(len(f.Weapons))} {
			b = append(b, '.')
			b = strconv.AppendInt(b, v, 10)
		}
		if placed[f.Unit] {
			b = append(b, '@')
			b = strconv.AppendInt(b, f.Pos.X, 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, f.Pos.Y, 10)
		}
	}
	return string(b)
}
