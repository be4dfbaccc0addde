package smle

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"hedgerow/rules"
)

// Fire missions landing in an "end": the teams the "end" brings on
// activate one after another for as long as each breaks or falls back a
// full move (its activation then ends at once), and a team with a fire
// mission due has it land as it activates. So a mission can land in the
// "end" behind any number of such teams, on the figures where their
// breaking and falling back have left them, and its team may be brought
// on only because they did.
//
// The odds walk the engine's own activations (activateHead, then the
// band's forced actions, activateTail) along every order the activation
// dice can give, and price each mission with missionOdds on the state
// just before it lands, weighted by the chance of that order. Breaking
// and falling back roll no dice, so every state walked is exact. A
// mission that could land only after another has landed in the same
// "end" (its team broke or fell back after its rounds came down) is not
// priced: what it meets depends on the first burst.

// landing is one way a team's mission comes to land: its chance and the
// mission's odds on the state it lands on.
type landing struct {
	w float64
	o rules.Odds
}

// landWalk gathers the landings found along the orders walked.
type landWalk struct {
	r      SMLE
	lands  map[rules.UnitID][]landing
	nested map[rules.UnitID]bool      // may land after another mission did: not priced
	ties   map[int]map[string]float64 // tiePrefixes by group size
	memo   map[matterKey]bool
	work   int
	st     *rules.State // the state the odds are asked of (for naming teams)
}

// landWorkCap bounds the activations walked for one "end"; beyond it the
// missions are left unpriced rather than the odds taking long.
const landWorkCap = 50000

func newLandWalk(r SMLE) *landWalk {
	return &landWalk{r: r, lands: map[rules.UnitID][]landing{}, nested: map[rules.UnitID]bool{}, ties: map[int]map[string]float64{}, memo: map[matterKey]bool{}}
}

// dueMission: u has a fire mission that lands when it next activates.
func dueMission(s *rules.State, u *rules.Unit) bool {
	called := uget(u, vFMRound)
	return called != 0 && called < s.Round
}

// step activates u on a copy of s, pricing its mission if one is due, with
// chance w of getting here. landed says a mission has already landed on
// the way. It returns the state after u's activation and true when that
// activation ended at once (the next team comes on in the same "end").
func (lw *landWalk) step(s *rules.State, u *rules.Unit, w float64, landed bool) (*rules.State, bool, bool) {
	lw.work++
	ns := s.Clone()
	nu := ns.UnitOf(u.ID)
	lw.r.activateHead(ns, nu)
	if dueMission(ns, nu) {
		if landed {
			lw.nested[u.ID] = true
		} else if mo, ok := lw.r.missionOdds(ns, nu); ok {
			lw.lands[u.ID] = append(lw.lands[u.ID], landing{w, mo})
			landed = true
		}
		uset(nu, vFMRound, 0) // landed or lost, as landMission leaves it
	}
	lw.r.activateTail(ns, nu)
	return ns, ns.Var(vCur) == 0, landed
}

// after marks every mission still to come as not priced: a mission has
// landed and its team's activation ended at once, so what comes on next
// meets a state that depends on the burst.
func (lw *landWalk) after(s *rules.State) {
	for _, t := range teams(s) {
		if dueMission(s, t) {
			lw.nested[t.ID] = true
		}
	}
}

// chain walks the activations one "end" brings on, from s (no team
// active), when the order is the engine's own (nextTeam): with w the
// chance of getting here. It stops at the end of the round: the next
// round's activation dice are firstTeamOdds' to price.
func (lw *landWalk) chain(s *rules.State, w float64, landed bool) (*rules.State, bool) {
	for guard := 0; guard < 1000; guard++ {
		u := nextTeam(s)
		if u == nil {
			if s.Var(vSecond) == 0 {
				s = s.Clone()
				s.SetVar(vSecond, 1)
				for _, t := range teams(s) {
					uset(t, vDone, 0)
				}
				continue
			}
			return s, landed
		}
		ns, auto, l := lw.step(s, u, w, landed)
		if !auto {
			return nil, l
		}
		if l && !landed {
			lw.after(ns)
		}
		s, landed = ns, l
	}
	return nil, landed
}

// roundStart walks every order the new round's activation dice can give
// on c (the round just begun, every team's variables carried over by
// newRoundVars): ts its teams, face[i][f-1] team i's band and total on a
// die of f, root[i] the team whose roll team i takes (its incompetent
// leader's, its carrier's, or its own).
func (lw *landWalk) roundStart(c *rules.State, ts []*rules.Unit, face [][6]actVal, root []int) {
	lw.st = c
	c = c.Clone()
	c.SetVar(vSecond, 0)
	for k := range c.Figures { // as beginRound leaves them
		f := &c.Figures[k]
		f.SetVar(fMoved, 0)
		f.SetVar(fStopped, 0)
		f.Markers &^= rules.Running | rules.OppFire
	}
	var levels []actVal
	for i := range ts {
		if root[i] != i {
			continue
		}
		for _, v := range face[i] {
			if !slices.Contains(levels, v) {
				levels = append(levels, v)
			}
		}
	}
	sort.Slice(levels, func(a, b int) bool { return levels[a].less(levels[b]) })
	var rem []int
	for i := range ts {
		if root[i] == i {
			rem = append(rem, i)
		}
	}
	lw.levels(c, ts, face, root, levels, rem, 1, false)
}

// actVal is a team's activation band and total.
type actVal struct{ band, total int }

func (a actVal) less(b actVal) bool {
	if a.band != b.band {
		return a.band < b.band
	}
	return a.total < b.total
}

// levels walks the activation values from the lowest: rem are the teams
// (by their roots) not yet come on, each known to have rolled no lower
// than levels[0]; w the chance of getting here.
func (lw *landWalk) levels(c *rules.State, ts []*rules.Unit, face [][6]actVal, root []int, levels []actVal, rem []int, w float64, landed bool) {
	if len(levels) == 0 || len(rem) == 0 || w == 0 {
		return
	}
	if lw.work > landWorkCap {
		return
	}
	v := levels[0]
	// q[k]: the chance rem[k] rolled v, given it rolled no lower.
	q := make([]float64, len(rem))
	var cand []int
	for k, i := range rem {
		at, above := 0, 0
		for _, x := range face[i] {
			if x == v {
				at++
			}
			if !x.less(v) {
				above++
			}
		}
		if above > 0 {
			q[k] = float64(at) / float64(above)
		}
		if q[k] > 0 {
			cand = append(cand, k)
		}
	}
	// Each subset of the candidates is the set of teams that rolled v.
	for mask := 0; mask < 1<<len(cand); mask++ {
		p := w
		var in []int
		var rest []int
		for b, k := range cand {
			if mask&(1<<b) != 0 {
				p *= q[k]
				in = append(in, rem[k])
			} else {
				p *= 1 - q[k]
			}
		}
		if p == 0 {
			continue
		}
		for _, i := range rem {
			if !slices.Contains(in, i) {
				rest = append(rest, i)
			}
		}
		if len(in) == 0 {
			lw.levels(c, ts, face, root, levels[1:], rest, p, landed)
			continue
		}
		lw.atLevel(c, ts, face, root, levels, in, rest, p, landed)
	}
}

// atLevel: the roots in rolled exactly levels[0] (each with its faces
// for it), the others in rest rolled higher. Their teams (followers and
// riders included) come on in the order of their tie roll-off dice.
func (lw *landWalk) atLevel(c *rules.State, ts []*rules.Unit, face [][6]actVal, root []int, levels []actVal, in, rest []int, w float64, landed bool) {
	v := levels[0]
	// the faces each root in may have rolled for v
	var fs [][]int
	for _, i := range in {
		var x []int
		for f := 1; f <= 6; f++ {
			if face[i][f-1] == v {
				x = append(x, f)
			}
		}
		fs = append(fs, x)
	}
	pick := make([]int, len(in))
	var each func(k int, p float64)
	each = func(k int, p float64) {
		if k < len(in) {
			for _, f := range fs[k] {
				pick[k] = f
				each(k+1, p/float64(len(fs[k])))
			}
			return
		}
		matters := false
		for j := range ts {
			if k := slices.Index(in, root[j]); k >= 0 && lw.matters(c, ts, root, j, v, pick[k]) {
				matters = true
				break
			}
		}
		if !matters {
			return // the first of them comes on and stays: nothing lands
		}
		st := c.Clone()
		var group []*rules.Unit // the teams at this level, by id
		for j, u := range ts {
			k := slices.Index(in, root[j])
			if k < 0 {
				continue
			}
			nu := st.UnitOf(u.ID)
			uset(nu, vDie, pick[k])
			uset(nu, vTotal, v.total)
			uset(nu, vBand, v.band)
			group = append(group, nu)
		}
		lw.tieOrders(st, group, func(order []*rules.Unit, tp float64, st *rules.State) {
			lw.levels(st, ts, face, root, levels[1:], rest, p*tp, landed)
		}, p, landed)
	}
	each(0, w)
}

// matterKey is a memo key of matters: the state the level starts from,
// the team and its root's die.
type matterKey struct {
	c    *rules.State
	j    int
	face int
}

// matters: team ts[j], its root having rolled face for v, coming on first
// from c, has a mission due or ends its activation at once (as
// activateHead works its band out: its own die and today's modifiers, or
// its leader's or carrier's level). If no team of a level matters,
// whichever comes on first stays active and nothing lands.
func (lw *landWalk) matters(c *rules.State, ts []*rules.Unit, root []int, j int, v actVal, face int) bool {
	k := matterKey{c, j, face}
	if m, ok := lw.memo[k]; ok {
		return m
	}
	u := c.UnitOf(ts[j].ID)
	m := dueMission(c, u)
	if !m {
		band := v.band
		if root[j] == j {
			_, band, _ = lw.r.d.ResolveActivation(face, lw.r.activationInput(c, u), "")
		}
		b := lw.r.d.Bands[band]
		m = b.Move <= -20 || b.Move < 0 && b.Combat == "none"
	}
	lw.memo[k] = m
	return m
}

// tieOrders walks the orders the tie roll-off gives group (one die each
// when two or more share the level; lowest first, then the lower id),
// activating each in turn from st while each ends its activation at once;
// done is called with the state after all of them did.
func (lw *landWalk) tieOrders(st *rules.State, group []*rules.Unit, done func([]*rules.Unit, float64, *rules.State), w float64, landed bool) {
	n := len(group)
	if n > 7 {
		lw.work = landWorkCap + 1 // too many orders to walk: left unpriced
		return
	}
	pre, ok := lw.ties[n]
	if !ok {
		pre = tiePrefixes(n)
		lw.ties[n] = pre
	}
	var walk func(order []int, st *rules.State, landed bool)
	walk = func(order []int, st *rules.State, landed bool) {
		if lw.work > landWorkCap {
			return
		}
		pp := pre[prefixKey(order)]
		if len(order) == n {
			us := make([]*rules.Unit, n)
			for k, j := range order {
				us[k] = group[j]
			}
			done(us, pp, st)
			return
		}
		for j := 0; j < n; j++ {
			if slices.Contains(order, j) {
				continue
			}
			next := append(slices.Clone(order), j)
			np := pre[prefixKey(next)]
			if np == 0 {
				continue
			}
			if !onTableAny(st, group[j].ID) {
				walk(next, st, landed)
				continue
			}
			ns, auto, l := lw.step(st, group[j], w*np, landed)
			if !auto {
				continue
			}
			if l && !landed {
				lw.after(ns)
			}
			walk(next, ns, l)
		}
	}
	walk(nil, st, landed)
}

// tiePrefixes gives, for n teams listed by id that tie, the chance of
// each beginning of their order (as prefixKey): each rolls a D6 when n > 1,
// lowest first, the lower id first on equal dice.
func tiePrefixes(n int) map[string]float64 {
	out := map[string]float64{"": 1}
	if n == 1 {
		out[prefixKey([]int{0})] = 1
		return out
	}
	dice := make([]int, n)
	total := 1
	for range n {
		total *= 6
	}
	for c := 0; c < total; c++ {
		x := c
		for k := range dice {
			dice[k] = x%6 + 1
			x /= 6
		}
		order := make([]int, n)
		for k := range order {
			order[k] = k
		}
		sort.SliceStable(order, func(a, b int) bool { return dice[order[a]] < dice[order[b]] })
		for k := 1; k <= n; k++ {
			out[prefixKey(order[:k])] += 1 / float64(total)
		}
	}
	return out
}

func prefixKey(order []int) string {
	var b strings.Builder
	for _, j := range order {
		fmt.Fprintf(&b, "%d,", j)
	}
	return b.String()
}

// parts gives each team's mission as it may land in the "end", in the
// order of ts: its observer's roll, then each figure, vehicle and the
// mortar's ammunition, each landing weighted by its chance and the rest
// "not landed". A figure a landing cannot reach is unhurt by it. note
// names the missions left unpriced.
func (lw *landWalk) parts(ts []*rules.Unit) ([]rules.OddsPart, string) {
	var out []rules.OddsPart
	var unpriced []string
	for _, u := range ts {
		ls := lw.lands[u.ID]
		if lw.nested[u.ID] || lw.work > landWorkCap {
			if len(ls) > 0 || lw.nested[u.ID] {
				unpriced = append(unpriced, oddsTeam(lw.st, u))
			}
			continue
		}
		if len(ls) == 0 {
			continue
		}
		total := 0.0
		for _, l := range ls {
			total += l.w
		}
		main := rules.OddsPart{Name: rules.Possessive(oddsTeam(lw.st, u)) + " fire mission"}
		for _, l := range ls {
			main.Outcomes = addOutcomes(main.Outcomes, l.o.Outcomes, l.w)
		}
		out = append(out, landedPart(main, total))
		// each part by what it concerns, in the order first met
		type acc struct {
			part rules.OddsPart
			def  string
			w    float64 // chance of the landings that named it
		}
		var keys []string
		accs := map[string]*acc{}
		for _, l := range ls {
			for _, p := range l.o.Parts {
				k, def := partKey(p)
				a := accs[k]
				if a == nil {
					a = &acc{part: rules.OddsPart{Name: rules.Possessive(oddsTeam(lw.st, u)) + " mission: " + p.Name, Fig: p.Fig}, def: def}
					accs[k] = a
					keys = append(keys, k)
				}
				a.part.Outcomes = addOutcomes(a.part.Outcomes, p.Outcomes, l.w)
				a.w += l.w
			}
		}
		for _, k := range keys {
			a := accs[k]
			if miss := total - a.w; miss > 0 {
				a.part.Outcomes = addOutcomes(a.part.Outcomes, []rules.Outcome{{Name: a.def, P: 1}}, miss)
			}
			out = append(out, landedPart(a.part, total))
		}
	}
	note := ""
	if len(unpriced) > 0 {
		note = "; not priced: the fire mission of " + strings.Join(unpriced, ", ") + ", which may land only after another mission has landed in this end (what it meets depends on that burst)"
	}
	return out, note
}

// partKey names what a mission's part concerns (the same figure, vehicle
// or ammunition from one landing to another) and the outcome it has when
// a landing does not reach it.
func partKey(p rules.OddsPart) (string, string) {
	switch {
	case strings.HasSuffix(p.Name, ": ammunition"):
		return fmt.Sprintf("ammo F%d", p.Fig), KeepsFiring
	case p.Fig != 0:
		return fmt.Sprintf("F%d", p.Fig), Unhurt
	}
	name, _, _ := strings.Cut(p.Name, ",")
	return name, NotLandedOn
}

// addOutcomes adds outs, each weighted by w, into to by name (new names
// at the end, in their order).
func addOutcomes(to, outs []rules.Outcome, w float64) []rules.Outcome {
	for _, x := range outs {
		k := slices.IndexFunc(to, func(y rules.Outcome) bool { return y.Name == x.Name })
		if k < 0 {
			to = append(to, rules.Outcome{Name: x.Name})
			k = len(to) - 1
		}
		to[k].P += x.P * w
	}
	return to
}

// landedPart drops outcomes that cannot happen and adds "not landed" for
// the chance (1 - landed) that the mission does not land in this "end".
func landedPart(p rules.OddsPart, landed float64) rules.OddsPart {
	var outs []rules.Outcome
	for _, x := range p.Outcomes {
		if x.P > 0 {
			outs = append(outs, x)
		}
	}
	if landed < 1 {
		outs = append(outs, rules.Outcome{Name: NotLanded, P: 1 - landed})
	}
	p.Outcomes = outs
	return p
}
