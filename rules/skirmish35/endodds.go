package skirmish35

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// The odds of "end": every roll made as a turn ends, exactly as the
// engine makes them. In order: the mortar rounds the other side plotted
// land (landing dice, then the effect table for each figure the burst
// reaches), its grenades lying live go off, the next side's prisoners try
// to escape, and its figures take their morale tests. Each of these can
// change the next (a man killed is not tested, a kill adds to his
// unit's morale total, a guard killed lets his prisoner run), so the
// odds walk every distinct way the landings, effects and escapes can
// fall, playing each through the engine's own steps on a copy with dice
// chosen from that class, and weigh each by its exact chance; the morale
// tests that follow are independent of one another and are priced on
// each resulting state.

// endFate ranks what the end-of-turn bursts did to a figure.
const (
	fateNone = iota // not reached
	fateUnhurt
	fateSuppressed
	fateKilled
)

var endFateNames = [...]string{"not caught", "no effect", "suppressed", "killed"}

type endAcc struct {
	r        Skirmish
	side     int // the side whose rounds and grenades come down (the next to play)
	over     float64
	fate     map[rules.FigID]*[4]float64
	esc      map[rules.FigID]*[3]float64 // escapes, held, no try
	morale   map[rules.FigID]*[3]float64 // passes, fails, not tested
	runs     map[rules.FigID]*[5]float64 // forced runs, by runNames
	err      error
	branches int
}

// maxEndBranches bounds the walk (a pathological pile of rounds and
// grenades): beyond it the odds are refused rather than slow.
const maxEndBranches = 200000

func (r Skirmish) endOdds(s *rules.State) (rules.Odds, error) {
	if s.Phase != PhaseTurn {
		return rules.Odds{}, errors.New("fire or let the moment pass first")
	}
	a := &endAcc{r: r, side: 1 - s.Active, fate: map[rules.FigID]*[4]float64{},
		esc: map[rules.FigID]*[3]float64{}, morale: map[rules.FigID]*[3]float64{}, runs: map[rules.FigID]*[5]float64{}}
	// First the runs the engine makes for compelled figures, every way
	// their dice can fall; then, where the turn may end, the rest.
	var runners []rules.FigID
	for _, f := range alive(s, s.Active) {
		if path, _ := r.forcedRun(s, f); path != nil {
			runners = append(runners, f.ID)
		}
	}
	for _, id := range runners {
		a.runs[id] = new([5]float64)
	}
	opp := 0.0
	a.diceTree(s, func(c *rules.State) []rules.Event { evs, _ := r.compelledRuns(c); return evs },
		func(base *rules.State, evs []rules.Event, p float64) {
			for _, id := range runners {
				a.runs[id][runOutcome(base, evs, id)] += p
			}
			switch {
			case base.Over:
				a.leaf(base, p, map[rules.FigID]int{})
			case base.Phase != PhaseTurn:
				opp += p
			default:
				var rounds []Round
				for _, rd := range Rounds(base) {
					if rd.Side == a.side {
						rounds = append(rounds, rd)
					}
				}
				a.rounds(base, rounds, 0, p, map[rules.FigID]int{})
			}
		})
	if a.err != nil {
		return rules.Odds{}, a.err
	}
	o := rules.Odds{Note: "the rolls as the turn ends: mortar rounds landing, late grenades, escapes, morale tests"}
	if a.over > 0 {
		o.Outcomes = append(o.Outcomes, rules.Outcome{Name: "game ends", P: a.over})
	}
	if a.over+opp < 1 {
		o.Outcomes = append(o.Outcomes, rules.Outcome{Name: "next turn", P: 1 - a.over - opp})
	}
	if opp > 0 {
		o.Outcomes = append(o.Outcomes, rules.Outcome{Name: "a forced run meets opportunity fire first", P: opp})
	}
	// what no branch recorded is the rest: not caught, no try, not tested
	for _, x := range a.fate {
		x[fateNone] = max(0, 1-x[fateUnhurt]-x[fateSuppressed]-x[fateKilled])
	}
	for _, x := range a.esc {
		x[2] = max(0, 1-x[0]-x[1])
	}
	for _, x := range a.morale {
		x[2] = max(0, 1-x[0]-x[1])
	}
	for _, id := range runners {
		o.Parts = append(o.Parts, part(s, id, "forced run", runNames[:], a.runs[id][:]))
	}
	for _, id := range sortedIDs(a.fate) {
		o.Parts = append(o.Parts, part(s, id, "under the end-of-turn bursts", endFateNames[:], a.fate[id][:]))
	}
	for _, id := range sortedIDs(a.esc) {
		o.Parts = append(o.Parts, part(s, id, "escape", []string{"escapes", "held", "no try"}, a.esc[id][:]))
	}
	for _, id := range sortedIDs(a.morale) {
		o.Parts = append(o.Parts, part(s, id, "morale test", []string{"passes", "fails", "not tested"}, a.morale[id][:]))
	}
	if len(o.Parts) == 0 && a.over == 0 && opp == 0 {
		o.Outcomes = []rules.Outcome{{Name: "certain", P: 1}}
	}
	return o, nil
}

func sortedIDs[V any](m map[rules.FigID]V) []rules.FigID {
	ids := make([]rules.FigID, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func part(s *rules.State, id rules.FigID, what string, names []string, ps []float64) rules.OddsPart {
	p := rules.OddsPart{Name: fmt.Sprintf("F%d %s", id, what), Fig: id}
	if f := s.Fig(id); f != nil {
		p.Name = rules.Possessive(f.Name) + " " + what
		if what == "under the end-of-turn bursts" {
			p.Name = f.Name + " " + what
			if s.Carrier(id) != 0 {
				p.Name = f.Name + " in the open hatch " + what
			}
		}
	}
	for i, n := range names {
		if ps[i] > 0 {
			p.Outcomes = append(p.Outcomes, rules.Outcome{Name: n, P: ps[i]})
		}
	}
	return p
}

// count2D6 is how many of the 36 throws of 2D6 total lo..hi.
func count2D6(lo, hi int) int {
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if t := a + b; t >= lo && t <= hi {
				n++
			}
		}
	}
	return n
}

// runNames are the outcomes of a forced run at the turn's end.
var runNames = [...]string{"runs", "halted at an obstacle", "stopped by suppressive fire", "killed", "not made"}

// runOutcome is what the forced runs did for figure id (an index into
// runNames), from the state after them and their events.
func runOutcome(after *rules.State, evs []rules.Event, id rules.FigID) int {
	if f := after.Fig(id); f != nil && f.Removed {
		return 3
	}
	for _, e := range evs {
		if e.Kind == "move" && e.Fig == id {
			switch {
			case strings.Contains(e.Text, "halted by an obstacle"):
				return 1
			case strings.Contains(e.Text, "stopped by suppressive fire"):
				return 2
			}
			return 0
		}
	}
	return 4
}

// diceTree plays step on copies of s with every sequence of faces its
// dice can show (each die found as step asks for it: a face it cannot
// show stops the play and names its sides), giving leaf each distinct
// state it can leave with its chance. States alike in everything but
// how many dice were rolled, with the same forced-run outcomes, are one.
func (a *endAcc) diceTree(s *rules.State, step func(*rules.State) []rules.Event, leaf func(*rules.State, []rules.Event, float64)) {
	type out struct {
		st  *rules.State
		evs []rules.Event
		p   float64
	}
	var outs []out
	seen := map[string]int{}
	var try func(dice []int, p float64)
	try = func(dice []int, p float64) {
		if a.err != nil {
			return
		}
		c := s.Clone()
		c.Forced = append(append(c.Forced[:0:0], dice...), 0)
		sides := 0
		var evs []rules.Event
		func() {
			defer func() {
				if e := recover(); e != nil {
					if m, ok := e.(string); !ok || !strings.HasPrefix(m, "forced die face 0 on a d") {
						panic(e)
					}
					sides, _ = strconv.Atoi(strings.TrimPrefix(e.(string), "forced die face 0 on a d"))
				}
			}()
			evs = step(c)
		}()
		if sides > 0 {
			for f := 1; f <= sides; f++ {
				try(append(slices.Clip(dice), f), p/float64(sides))
			}
			return
		}
		if len(c.Forced) != 1 {
			a.err = errors.New("the end of this turn rolls fewer dice than the odds follow")
			return
		}
		c.Forced = nil
		c.Rolls = s.Rolls
		a.branches++
		if a.branches > maxEndBranches {
			a.err = errors.New("too many ways for this turn's end to fall to work out")
			return
		}
		key := c.Hash()
		for _, id := range sortedIDs(a.runs) {
			key += strconv.Itoa(runOutcome(c, evs, id))
		}
		if k, ok := seen[key]; ok {
			outs[k].p += p
			return
		}
		seen[key] = len(outs)
		outs = append(outs, out{c, evs, p})
	}
	try(nil, 1)
	for _, o := range outs {
		if a.err != nil {
			return
		}
		leaf(o.st, o.evs, o.p)
	}
}

// rep2 is a pair of dice of sides n totalling t.
func rep2(t, n int) []int {
	a := min(n, t-1)
	return []int{a, t - a}
}

// play runs step on a copy of s with the dice given, refusing a step
// that asks for more or fewer.
func (a *endAcc) play(s *rules.State, dice []int, step func(*rules.State)) (c *rules.State) {
	c = s.Clone()
	c.Forced = append(append(c.Forced[:0:0], dice...), 99)
	defer func() {
		if e := recover(); e != nil {
			a.err = errors.New("the end of this turn rolls dice the odds do not follow")
			c = nil
		}
	}()
	step(c)
	if len(c.Forced) != 1 {
		a.err = errors.New("the end of this turn rolls fewer dice than the odds follow")
		return nil
	}
	c.Forced = nil
	a.branches++
	if a.branches > maxEndBranches {
		a.err = errors.New("too many ways for this turn's end to fall to work out")
		return nil
	}
	return c
}

// effects walks every class of effect on the figures a burst at `at`
// reaches, in the order the engine rolls them, calling next with the dice
// and chance of each combination.
func (a *endAcc) effects(s *rules.State, at geom.Pt, rad int64, fates map[rules.FigID]int, next func(dice []int, p float64, fates map[rules.FigID]int)) {
	var hit []*rules.Figure
	for _, g := range under(s, geom.Circle{C: at, R: rad}) {
		if !g.Removed && reaches(s, at, g.Pos, false) {
			hit = append(hit, g)
		}
	}
	// then the open hatches the burst reaches (hatchBurst): the
	// commander's fate, "suppressed" being his crew shutting the hatches
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if !v.HatchesOpen || !targetable(v) || crewLeft(s, v) == 0 || !within(v.Pos, at, rad) {
			continue
		}
		for _, id := range v.Crew {
			if f := s.Fig(id); f != nil && !f.Removed {
				hit = append(hit, f)
				break
			}
		}
	}
	var walk func(i int, dice []int, p float64, fs map[rules.FigID]int)
	walk = func(i int, dice []int, p float64, fs map[rules.FigID]int) {
		if a.err != nil {
			return
		}
		if i == len(hit) {
			next(dice, p, fs)
			return
		}
		g := hit[i]
		e, _ := a.r.effectRow(s, g.Pos, false)
		if s.Carrier(g.ID) != 0 {
			e = a.r.d.T.Effect.Building // an open-hatched crew rolls the in-building row
		}
		for k, band := range [][2]int{{2, e.NoneMax}, {e.NoneMax + 1, e.SuppressMax}, {e.SuppressMax + 1, 12}} {
			n := count2D6(band[0], band[1])
			if n == 0 {
				continue
			}
			nf := maps2(fs)
			nf[g.ID] = max(nf[g.ID], fateUnhurt+k)
			walk(i+1, append(slices.Clip(dice), rep2(band[1], 6)...), p*float64(n)/36, nf)
		}
	}
	walk(0, nil, 1, fates)
}

func maps2(m map[rules.FigID]int) map[rules.FigID]int {
	out := make(map[rules.FigID]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// rounds lands round i onwards (arrive), then goes on to the grenades.
func (a *endAcc) rounds(s *rules.State, rs []Round, i int, p float64, fates map[rules.FigID]int) {
	if a.err != nil {
		return
	}
	if i == len(rs) {
		if len(rs) > 0 {
			var keep []Round
			for _, rd := range Rounds(s) {
				if rd.Side != a.side {
					keep = append(keep, rd)
				}
			}
			s = s.Clone()
			setRounds(s, keep)
		}
		a.grenades(s, p, fates)
		return
	}
	rd := rs[i]
	m := s.Fig(rd.Fig)
	if s.Over || m == nil || m.Removed {
		a.rounds(s, rs, i+1, p, fates)
		return
	}
	mt := a.r.d.T.Mortar
	faces := a.r.d.T.Spinner.Faces
	type land struct {
		at   geom.Pt
		p    float64
		dice []int
	}
	var ls []land
	last := geom.Pt{X: int64(m.Var(fMortarAX)), Y: int64(m.Var(fMortarAY))}
	if m.Var(fMortarOK) == 1 && within(last, rd.At, in(mt.Follow)) {
		from := geom.Pt{X: int64(m.Var(fMortarLX)), Y: int64(m.Var(fMortarLY))}
		for d := 1; d <= 3; d++ {
			for sp := 1; sp <= faces; sp++ {
				ls = append(ls, land{spin(from, sp, faces, int64(d)*geom.PerInch), 1 / float64(3*faces), []int{d, sp}})
			}
		}
	} else {
		if n := count2D6(2, mt.OnTargetMax); n > 0 {
			ls = append(ls, land{rd.At, float64(n) / 36, rep2(mt.OnTargetMax, 6)})
		}
		if off := count2D6(mt.OnTargetMax+1, 12); off > 0 {
			for t := 2; t <= 6; t++ {
				ways := 3 - max(t-4, 4-t) // 2D3 totals 2..6: 1, 2, 3, 2, 1 ways
				for sp := 1; sp <= faces; sp++ {
					dice := append(append([]int{6, 6}, rep2(t, 3)...), sp)
					ls = append(ls, land{spin(rd.At, sp, faces, int64(t)*geom.PerInch), float64(off) / 36 * float64(ways) / 9 / float64(faces), dice})
				}
			}
		}
	}
	for _, l := range ls {
		a.effects(s, l.at, in(mt.Radius), fates, func(dice []int, q float64, fs map[rules.FigID]int) {
			c := a.play(s, append(slices.Clip(l.dice), dice...), func(c *rules.State) { a.r.landRound(c, c.Fig(rd.Fig), rd.At) })
			if c != nil {
				a.rounds(c, rs, i+1, p*l.p*q, fs)
			}
		})
	}
}

// grenades sets off the side's grenades lying live (fuses).
func (a *endAcc) grenades(s *rules.State, p float64, fates map[rules.FigID]int) {
	if a.err != nil {
		return
	}
	if s.Over {
		a.leaf(s, p, fates)
		return
	}
	var due, keep []LiveGrenade
	for _, g := range Live(s) {
		if g.Side == a.side {
			due = append(due, g)
		} else {
			keep = append(keep, g)
		}
	}
	if len(due) > 0 {
		s = s.Clone()
		setLive(s, keep)
	}
	a.fuse(s, due, 0, p, fates)
}

func (a *endAcc) fuse(s *rules.State, due []LiveGrenade, i int, p float64, fates map[rules.FigID]int) {
	if a.err != nil {
		return
	}
	if i == len(due) || s.Over {
		a.handOver(s, p, fates)
		return
	}
	g := due[i]
	if g.Smoke {
		c := s.Clone()
		setSmokes(c, append(Smokes(c), Smoke{C: g.At, Turn: turnNo(c) + 1}))
		a.fuse(c, due, i+1, p, fates)
		return
	}
	rad := in(a.r.d.T.Grenade.Radius)
	a.effects(s, g.At, rad, fates, func(dice []int, q float64, fs map[rules.FigID]int) {
		c := a.play(s, dice, func(c *rules.State) { a.r.burst(c, a.side, g.At, rad, "A late grenade") })
		if c != nil {
			a.fuse(c, due, i+1, p*q, fs)
		}
	})
}

// handOver closes the turn and walks the next side's escapes.
func (a *endAcc) handOver(s *rules.State, p float64, fates map[rules.FigID]int) {
	if s.Over {
		a.leaf(s, p, fates)
		return
	}
	c := s.Clone()
	_, next, ok := a.r.handOver(c)
	if !ok {
		a.leaf(c, p, fates)
		return
	}
	a.escapes(c, next, nil, p, fates)
}

// escapes plays the turn's start up to its escapes with the escape dice
// chosen so far, and branches on the next one the engine asks for.
func (a *endAcc) escapes(s *rules.State, side int, dice []int, p float64, fates map[rules.FigID]int) {
	if a.err != nil {
		return
	}
	c := s.Clone()
	c.Forced = append(append(c.Forced[:0:0], dice...), 99)
	more := false
	var evs []rules.Event
	func() {
		defer func() {
			if e := recover(); e != nil {
				more = true
			}
		}()
		evs = a.r.beginPre(c, side)
	}()
	if more {
		if len(dice) > 8 {
			a.err = errors.New("too many escapes to work out")
			return
		}
		need := a.r.d.T.Prisoners.Escape
		a.escapes(s, side, append(slices.Clip(dice), 1), p*float64(need-1)/6, fates)
		a.escapes(s, side, append(slices.Clip(dice), 6), p*float64(7-need)/6, fates)
		return
	}
	if len(c.Forced) != 1 {
		a.err = errors.New("the escapes roll fewer dice than the odds follow")
		return
	}
	c.Forced = nil
	for _, e := range evs {
		if e.Roll != nil && e.Kind == "roll" && (e.Roll.Outcome == "escapes" || e.Roll.Outcome == "held") {
			x := a.escOf(e.Fig)
			if e.Roll.Outcome == "escapes" {
				x[0] += p
			} else {
				x[1] += p
			}
		}
	}
	a.leaf(c, p, fates)
}

func (a *endAcc) escOf(id rules.FigID) *[3]float64 {
	if a.esc[id] == nil {
		a.esc[id] = new([3]float64)
	}
	return a.esc[id]
}

// leaf records one way the end can fall: the game over or not, each
// figure's fate under the bursts, and the morale tests on what is left.
func (a *endAcc) leaf(s *rules.State, p float64, fates map[rules.FigID]int) {
	for id, f := range fates {
		if a.fate[id] == nil {
			a.fate[id] = new([4]float64)
		}
		a.fate[id][f] += p
	}
	if s.Over {
		a.over += p
		return
	}
	for _, f := range alive(s, s.Active) {
		if f.Markers.Has(rules.Surrendered) {
			continue
		}
		if levelOf(f) == Shaken || friendsLeft(s, f) && !a.r.seesFriend(s, f) {
			x := a.morale[f.ID]
			if x == nil {
				x = new([3]float64)
				a.morale[f.ID] = x
			}
			q := probGreater2D6(sumMods(a.r.moraleMods(s, f)))
			x[0] += p * q
			x[1] += p * (1 - q)
		}
	}
}
