package firefight

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// canFireAt says why f may not fire weapon w at t ("" when it may): t
// must be an enemy in the fight, spotted by f's side, seen by f and in
// reach.
func canFireAt(s *rules.State, f *rules.Figure, w *Weapon, t *rules.Figure) string {
	switch {
	case t == nil || t.Removed || t.Side == f.Side:
		return "that is not an enemy figure in the fight"
	case !Spotted(s, f.Side, t):
		return t.Name + " has not been spotted"
	case !geom.WithinDist(f.Pos, t.Pos, w.Reach()):
		return t.Name + " is beyond the " + rules.Possessive(w.Name) + " range"
	case !sees(s, f, t):
		return f.Name + " cannot see " + t.Name
	}
	return ""
}

// bandFor is the range band a distance falls in (ok false beyond reach).
func bandFor(w *Weapon, a, b geom.Pt) (int, bool) {
	for i, bd := range w.Bands {
		if geom.WithinDist(a, b, bd.U) {
			return i, true
		}
	}
	return 0, false
}

var bandWords = []string{"close", "short", "medium", "long", "extreme", "very long"}

// bandLabel names band i of weapon w.
func bandLabel(w *Weapon, i int) string {
	if i < len(bandWords) {
		return fmt.Sprintf("%s range (to %g cm)", bandWords[i], w.Bands[i].CM)
	}
	return fmt.Sprintf("to %g cm", w.Bands[i].CM)
}

// baseReason is the reason a shot with w in band bi gives for its base
// number.
func baseReason(w *Weapon, bi int) string {
	if bi < len(w.baseWhy) {
		return w.baseWhy[bi]
	}
	return w.Name + " base number, " + bandLabel(w, bi)
}

// firerMods are the firer's own modifiers, appended to mods.
func firerMods(mods []rules.Mod, s *rules.State, f *rules.Figure, w *Weapon, target geom.Pt) []rules.Mod {
	const rule = "Firefight Lite Firing"
	if f.Var(fMoved) == phaseNo(s) {
		mods = append(mods, rules.Mod{Value: data.Fire.FirerMoved, Reason: "firer moved in this phase (house rule)", Rule: rule})
	}
	if Suppressed(s, f) {
		mods = append(mods, rules.Mod{Value: data.Fire.FirerSuppressed, Reason: "firer suppressed", Rule: rule})
	}
	switch {
	case w.Mount == "tripod":
		mods = append(mods, rules.Mod{Value: data.Fire.Tripod, Reason: "weapon on its tripod", Rule: rule})
	case w.Mount == "bipod" && f.Posture == rules.Prone:
		mods = append(mods, rules.Mod{Value: data.Fire.Bipod, Reason: "fired prone on its bipod", Rule: rule})
	case w.Mount == "" && !w.Thrown && !w.Auto():
		if f.Posture == rules.Prone {
			mods = append(mods, rules.Mod{Value: data.Fire.Rested, Reason: "rested: fired prone", Rule: rule})
		} else if s.Terrain != nil {
			if c, _ := s.Terrain.CoverFor(geom.Circle{C: f.Pos, R: s.BaseR}, target); c > 0 {
				mods = append(mods, rules.Mod{Value: data.Fire.Rested, Reason: "rested on its cover", Rule: rule})
			}
		}
	}
	return mods
}

// FireNeed is the d20 score needed for f's weapon w to hit t when aimed
// at range from f (the first modifier is the weapon's base number).
func FireNeed(s *rules.State, f *rules.Figure, w *Weapon, t *rules.Figure) (int, []rules.Mod) {
	bi, ok := bandFor(w, f.Pos, t.Pos)
	if !ok {
		bi = len(w.Bands) - 1
	}
	return fireNeedBand(s, f, w, t, bi)
}

func fireNeedBand(s *rules.State, f *rules.Figure, w *Weapon, t *rules.Figure, bi int) (int, []rules.Mod) {
	const rule = "Firefight Lite Firing"
	// one list, room for every modifier there can be (at most three of
	// the firer's, three of the target's), capped at its length
	mods := make([]rules.Mod, 1, 7)
	mods[0] = rules.Mod{Value: w.Bands[bi].Base, Reason: baseReason(w, bi), Rule: "Firefight Lite Weapons (house table)"}
	mods = firerMods(mods, s, f, w, t.Pos)
	mods = targetMods(mods, s, t, f.Pos, data.Fire.Cover, data.Fire.Posture, data.Fire.Moved, rule)
	return sum(mods), mods[:len(mods):len(mods)]
}

// fireWeapon reads the weapon a fire command uses: the first carried, or
// the one named in Arg.
func fireWeapon(f *rules.Figure, arg string) (*Weapon, error) {
	id := f.Weapons[0]
	if arg != "" {
		if !dup(f.Weapons, arg) {
			return nil, fmt.Errorf("%s does not carry %q", f.Name, arg)
		}
		id = arg
	}
	w, ok := data.Weapon(id)
	if !ok {
		return nil, fmt.Errorf("unknown weapon %q", id)
	}
	return w, nil
}

// Hit results, and the outcome names of the odds.
const (
	ResMiss        = "miss"
	ResSuppressed  = "suppressed"
	ResNeutralised = "neutralised"
	ResWounded     = "wounded"
	ResOut         = "out of action"
	ResKilled      = "killed"
)

// ResultOrder is the order outcomes are listed in.
var ResultOrder = []string{ResMiss, ResSuppressed, ResNeutralised, ResWounded, ResOut, ResKilled}

// hitResult reads the hit table for d20 face + impact on t.
func hitResult(t *rules.Figure, face, impact int) string {
	r := Lookup(data.Hit, face+impact)
	if r == ResWounded && t.Var(fLost)+impact >= data.Cost.MotivatedAP {
		return ResOut
	}
	return r
}

// applyHit puts a hit table result on t.
func applyHit(s *rules.State, t *rules.Figure, res string, impact int) []rules.Event {
	u := s.UnitOf(t.Unit)
	switch res {
	case ResSuppressed:
		suppress(s, t)
		return []rules.Event{{Kind: "suppressed", Side: t.Side, Fig: t.ID, Text: t.Name + " is suppressed"}}
	case ResNeutralised:
		neutralise(s, t)
		countHit(s, u, t)
		return []rules.Event{{Kind: "neutralised", Side: t.Side, Fig: t.ID, Text: t.Name + " is neutralised: he can do nothing this turn and next"}}
	case ResWounded:
		neutralise(s, t)
		t.SetVar(fLost, t.Var(fLost)+impact)
		countHit(s, u, t)
		return []rules.Event{{Kind: "wounded", Side: t.Side, Fig: t.ID,
			Text: t.Name + " is wounded: neutralised, and " + strconv.Itoa(impact) + " action points fewer from now on"}}
	case ResOut, ResKilled:
		countHit(s, u, t)
		if t.Leader {
			setU(u, uLeaderLost, 1)
		}
		why := "killed"
		if res == ResOut {
			why = "wounded out of action"
		}
		return remove(s, t, why)
	}
	return nil
}

// countHit counts t among the figures of u hit this turn, once however
// often he is hit: the cohesion modifier counts men, not hits.
func countHit(s *rules.State, u *rules.Unit, t *rules.Figure) {
	if t.Var(fHitRnd) == s.Round {
		return
	}
	t.SetVar(fHitRnd, s.Round)
	setU(u, uHit, getU(u, uHit)+1)
}

func suppress(s *rules.State, t *rules.Figure) {
	if Neutralised(s, t) {
		return
	}
	t.Markers |= rules.Suppressed
	t.SetVar(fSupp, max(t.Var(fSupp), s.Round+1))
}

func neutralise(s *rules.State, t *rules.Figure) {
	t.Markers |= rules.Neutralised
	t.Markers &^= rules.Suppressed
	t.SetVar(fSupp, 0)
	t.SetVar(fNeut, max(t.Var(fNeut), s.Round+1))
	t.SetVar(fAP, 0)
	t.SetVar(fOpp, 0)
}

// ledger1 is l with the one die d, made in one allocation with it.
func ledger1(l rules.Ledger, d rules.Die) *rules.Ledger {
	x := &struct {
		l rules.Ledger
		d [1]rules.Die
	}{l: l, d: [1]rules.Die{d}}
	x.l.Dice = x.d[:]
	return &x.l
}

// ledgerMod is ledger1 with the one modifier m as well.
func ledgerMod(l rules.Ledger, d rules.Die, m rules.Mod) *rules.Ledger {
	x := &struct {
		l rules.Ledger
		d [1]rules.Die
		m [1]rules.Mod
	}{l: l, d: [1]rules.Die{d}, m: [1]rules.Mod{m}}
	x.l.Dice, x.l.Mods = x.d[:], x.m[:]
	return &x.l
}

// impactMod is the hit table's modifier for w's impact.
func impactMod(w *Weapon) rules.Mod {
	why := w.impactWhy
	if why == "" {
		why = w.Name + " impact"
	}
	return rules.Mod{Value: w.Impact, Reason: why, Rule: "Firefight Lite Hit Table"}
}

// rollAt rolls one to-hit die and, on a hit, the hit table, and appends
// the events to evs.
func rollAt(evs []rules.Event, s *rules.State, f *rules.Figure, w *Weapon, t *rules.Figure, need int, mods []rules.Mod, what string, blast bool) []rules.Event {
	d := s.Roll(20)
	res := ResMiss
	if d.Face >= need {
		res = "hit"
	}
	led := ledger1(rules.Ledger{What: what, Target: need, Compare: ">=", Mods: mods, Total: d.Face, Outcome: res}, d)
	evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: led,
		Text: what + ": needs " + strconv.Itoa(need) + ", rolls " + strconv.Itoa(d.Face) + ": " + res})
	if res == ResMiss {
		if blast {
			suppress(s, t)
			evs = append(evs, rules.Event{Kind: "suppressed", Side: t.Side, Fig: t.ID, Text: t.Name + " is caught in the blast and suppressed"})
		}
		return evs
	}
	h := s.Roll(20)
	out := hitResult(t, h.Face, w.Impact)
	hl := ledgerMod(rules.Ledger{What: "Hit table: " + t.Name, Target: 0, Compare: "table",
		Total: h.Face + w.Impact, Outcome: out,
		Note: "up to 6 suppressed (house rule), 7-12 neutralised, 13-18 wounded, 19 or more killed"}, h, impactMod(w))
	evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: hl,
		Text: t.Name + " on the hit table: " + strconv.Itoa(h.Face) + " + " + strconv.Itoa(w.Impact) + " impact: " + out})
	return append(evs, applyHit(s, t, out, w.Impact)...)
}

// Template shapes.

// TemplatePolygon is the rectangle of an auto, LMG or HMG template laid
// for a fire command: centred on the target, its length along the line
// of fire. ok is false for other commands (a blast is a circle: Template).
func TemplatePolygon(s *rules.State, c rules.Command) (geom.Polygon, bool) {
	f, w, t, ok := fireParts(s, c)
	if !ok {
		return nil, false
	}
	return rectTemplate(w.Template, f.Pos, t.Pos)
}

func fireParts(s *rules.State, c rules.Command) (*rules.Figure, *Weapon, *rules.Figure, bool) {
	if c.Verb != "fire" || len(c.Targets) != 1 {
		return nil, nil, nil, false
	}
	f, t := s.Fig(c.Fig), s.Fig(c.Targets[0])
	if f == nil || t == nil || len(f.Weapons) == 0 {
		return nil, nil, nil, false
	}
	w, err := fireWeapon(f, c.Arg)
	if err != nil {
		return nil, nil, nil, false
	}
	return f, w, t, true
}

// rectTemplate lays a rectangle of the kind's size centred on at, long
// axis along from->at, in integers (corners rounded to the unit).
func rectTemplate(kind string, from, at geom.Pt) (geom.Polygon, bool) {
	var hl, hw int64
	switch kind {
	case "auto":
		hl, hw = data.Dist.AutoHalfLong.U, data.Dist.AutoHalfWide.U
	case "lmg":
		hl, hw = data.Dist.LMGHalfLong.U, data.Dist.LMGHalfWide.U
	case "hmg":
		hl, hw = data.Dist.HMGHalfLong.U, data.Dist.HMGHalfWide.U
	default:
		return nil, false
	}
	d := at.Sub(from)
	l := geom.Isqrt(d.Len2())
	if l == 0 {
		d, l = geom.Pt{Y: -1}, 1
	}
	ax := geom.Pt{X: divRound(d.X*hl, l), Y: divRound(d.Y*hl, l)}  // half the length, along the fire
	px := geom.Pt{X: divRound(-d.Y*hw, l), Y: divRound(d.X*hw, l)} // half the width, across it
	return geom.Polygon{at.Sub(ax).Sub(px), at.Add(ax).Sub(px), at.Add(ax).Add(px), at.Sub(ax).Add(px)}, true
}

// blastCircle is the blast template at p.
func blastCircle(p geom.Pt) geom.Circle { return geom.Circle{C: p, R: data.Dist.BlastRadius.U} }

// deviate moves a grenade's point of impact by deviation row dv, relative
// to the throw from -> aim.
func deviate(dv Deviation, from, aim geom.Pt) geom.Pt {
	step := func(n int) int64 {
		switch n {
		case 1:
			return data.Dist.DeviationNear.U
		case -1:
			return -data.Dist.DeviationNear.U
		case 2:
			return data.Dist.DeviationFar.U
		case -2:
			return -data.Dist.DeviationFar.U
		}
		return 0
	}
	L, R := step(dv.Long), step(dv.Right)
	d := aim.Sub(from)
	l := geom.Isqrt(d.Len2())
	if l == 0 {
		d, l = geom.Pt{Y: -1}, 1
	}
	// Right of the direction (x, y) on the table (y down) is (-y, x).
	return geom.Pt{X: aim.X + divRound(d.X*L-d.Y*R, l), Y: aim.Y + divRound(d.Y*L+d.X*R, l)}
}

// underTemplate lists the figures (other than skip) whose bases the
// shape covers and that the origin can reach (no blocking terrain
// between), in id order.
func underTemplate(s *rules.State, poly geom.Polygon, circ *geom.Circle, origin geom.Pt, skip ...rules.FigID) []*rules.Figure {
	var out []*rules.Figure
	for i := range s.Figures {
		o := &s.Figures[i]
		if o.Removed || dupID(skip, o.ID) {
			continue
		}
		b := geom.Circle{C: o.Pos, R: s.BaseR}
		in := false
		if circ != nil {
			in = circ.Overlaps(b)
		} else {
			in = poly.CircleOverlaps(b)
		}
		if !in || (s.Terrain != nil && !s.Terrain.Clear(origin, o.Pos)) {
			continue
		}
		out = append(out, o)
	}
	return out
}

func dupID(ids []rules.FigID, id rules.FigID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// applyFire resolves a fire command (opp: opportunity fire, which costs
// no points).
func applyFire(s *rules.State, f *rules.Figure, c rules.Command, opp bool) ([]rules.Event, error) {
	if len(c.Targets) != 1 || len(c.Path) > 0 || c.Unit != 0 {
		return nil, fmt.Errorf("fire names one firer and one target: %q", c.String())
	}
	w, err := fireWeapon(f, c.Arg)
	if err != nil {
		return nil, err
	}
	t := s.Fig(c.Targets[0])
	if why := canFireAt(s, f, w, t); why != "" {
		return nil, fmt.Errorf("%s cannot fire: %s", f.Name, why)
	}
	if f.Var(fFired) == phaseNo(s) {
		return nil, fmt.Errorf("%s has already fired in this phase", f.Name)
	}
	if !opp {
		if w.Points > f.Var(fAP) {
			return nil, fmt.Errorf("the %s costs %d action points to fire; %s has %d", w.Name, w.Points, f.Name, f.Var(fAP))
		}
		f.SetVar(fAP, f.Var(fAP)-w.Points)
	}
	f.SetVar(fFired, phaseNo(s))
	f.SetVar(fFiredRnd, s.Round)
	if w.Auto() {
		// remembered for its turn and the next, whatever he fires after
		f.SetVar(fFiredAuto, s.Round)
	}
	kind := "Fire"
	if opp {
		kind = "Opportunity fire"
	}
	need, mods := FireNeed(s, f, w, t)
	bi, _ := bandFor(w, f.Pos, t.Pos)
	what := kind + ": " + f.Name + " (" + w.Name + ") at " + t.Name
	var evs []rules.Event
	switch w.Template {
	case "":
		evs = rollAt(evs, s, f, w, t, need, mods, what, false)
	case "auto", "lmg", "hmg":
		poly, _ := rectTemplate(w.Template, f.Pos, t.Pos)
		others := underTemplate(s, poly, nil, f.Pos, f.ID, t.ID)
		evs = rollAt(evs, s, f, w, t, need, mods, what, false)
		for _, o := range others {
			if o.Removed {
				continue
			}
			n2, m2 := fireNeedBand(s, f, w, o, bi)
			evs = rollAt(evs, s, f, w, o, n2, m2, kind+": "+o.Name+" under the template", false)
		}
	case "blast":
		evs = throwGrenade(evs, s, f, w, t, need, mods, bi, what)
	}
	return evs, nil
}

// throwGrenade resolves a blast weapon: a hit puts the blast on the
// target; a miss deviates it by the d20 table (11-20 rolled again). Every
// other figure under the blast is rolled for, and anyone under it not
// otherwise hurt is suppressed. The events are appended to evs.
func throwGrenade(evs []rules.Event, s *rules.State, f *rules.Figure, w *Weapon, t *rules.Figure, need int, mods []rules.Mod, bi int, what string) []rules.Event {
	d := s.Roll(20)
	hit := d.Face >= need
	out := "hit"
	if !hit {
		out = "miss: it deviates"
	}
	evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID,
		Roll: ledger1(rules.Ledger{What: what, Target: need, Compare: ">=", Mods: mods, Total: d.Face, Outcome: out}, d),
		Text: what + ": needs " + strconv.Itoa(need) + ", rolls " + strconv.Itoa(d.Face) + ": " + out})
	centre := t.Pos
	if !hit {
		var dice []rules.Die
		var dv Deviation
		for {
			x := s.Roll(20)
			dice = append(dice, x)
			if x.Face <= len(data.Deviation) {
				dv = data.Deviation[x.Face-1]
				break
			}
		}
		centre = deviate(dv, f.Pos, t.Pos)
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID,
			Roll: &rules.Ledger{What: "Grenade deviation", Dice: dice, Compare: "table", Total: dice[len(dice)-1].Face, Outcome: dv.Label,
				Note: "a twenty-sided die: 1-10 read from the table, 11-20 rolled again"},
			Text: "The grenade lands " + dv.Label})
	}
	circ := blastCircle(centre)
	evs = append(evs, rules.Event{Kind: "blast", Side: f.Side, Fig: f.ID, Area: &circ, Text: "The grenade bursts"})
	var under []*rules.Figure
	// The thrower is not spared: he is rolled for like anyone under it.
	if hit {
		e, _ := rollHitTable(s, f, w, t, what)
		evs = append(evs, e...)
		under = underTemplate(s, nil, &circ, centre, t.ID)
	} else {
		under = underTemplate(s, nil, &circ, centre)
	}
	// Everyone under the blast is resolved, even once the game has been
	// decided by an earlier one, so that each man's fate is what Odds says.
	// Each man's number is read before any is rolled for: the blast is
	// one event, and the thrower caught in it does not change the others'.
	needs := make([]int, len(under))
	modss := make([][]rules.Mod, len(under))
	for i, o := range under {
		needs[i], modss[i] = fireNeedBand(s, f, w, o, bi)
	}
	for i, o := range under {
		if o.Removed {
			continue
		}
		evs = rollAt(evs, s, f, w, o, needs[i], modss[i], "Blast: "+o.Name+" under the template", true)
	}
	return evs
}

// NotUnder is a blast part's outcome for a figure the grenade does not
// reach.
const NotUnder = "not under the blast"

// blastParts is each figure's own distribution when f throws w at t
// (need to hit t, range band bi): the target's comes from
// the direct hit or a deviation, every other figure's (the thrower's
// too) from the blast landing over him.
func blastParts(s *rules.State, f *rules.Figure, w *Weapon, t *rules.Figure, need, bi int) []rules.OddsPart {
	p := d20Chance(need)
	type acc struct {
		o *rules.Figure
		m map[string]int
	}
	var figs []acc
	idx := map[rules.FigID]int{}
	add := func(o *rules.Figure, m map[string]int, weight int) {
		i, ok := idx[o.ID]
		if !ok {
			i = len(figs)
			idx[o.ID] = i
			figs = append(figs, acc{o, map[string]int{}})
		}
		for r, n := range m {
			figs[i].m[r] += n * weight
		}
	}
	// where the blast lands: on t (p in 20), or one of ten deviations
	land := func(centre geom.Pt, weight int, direct bool) {
		circ := blastCircle(centre)
		var under []*rules.Figure
		if direct {
			under = underTemplate(s, nil, &circ, centre, t.ID)
		} else {
			under = underTemplate(s, nil, &circ, centre)
		}
		for _, o := range under {
			n2, _ := fireNeedBand(s, f, w, o, bi)
			add(o, shotDist(o, w, n2, true), weight) // 400ths
		}
	}
	// A direct hit is p in 20, each deviation (20-p) in 200; a shot's
	// distribution is in 400ths, so weights 20p and 2(20-p) put every
	// part in 160000ths.
	land(t.Pos, p*20, true)
	for _, dv := range data.Deviation {
		land(deviate(dv, f.Pos, t.Pos), (20-p)*2, false)
	}
	const den = 400 * 400
	var out []rules.OddsPart
	for _, a := range figs {
		if a.o.ID == t.ID {
			continue
		}
		tot := 0
		for _, n := range a.m {
			tot += n
		}
		var oc []rules.Outcome
		for _, r := range ResultOrder {
			if n := a.m[r]; n > 0 {
				oc = append(oc, rules.Outcome{Name: r, P: float64(n) / den})
			}
		}
		if tot < den {
			oc = append(oc, rules.Outcome{Name: NotUnder, P: float64(den-tot) / den})
		}
		out = append(out, rules.OddsPart{Name: a.o.Name + " under the blast", Fig: a.o.ID, Outcomes: oc})
	}
	slices.SortStableFunc(out, func(a, b rules.OddsPart) int { return cmp.Compare(a.Fig, b.Fig) })
	return out
}

// rollHitTable rolls the hit table for a target already hit.
func rollHitTable(s *rules.State, f *rules.Figure, w *Weapon, t *rules.Figure, what string) ([]rules.Event, string) {
	h := s.Roll(20)
	out := hitResult(t, h.Face, w.Impact)
	hl := ledgerMod(rules.Ledger{What: "Hit table: " + t.Name, Compare: "table",
		Total: h.Face + w.Impact, Outcome: out}, h, impactMod(w))
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: hl,
		Text: t.Name + " on the hit table: " + strconv.Itoa(h.Face) + " + " + strconv.Itoa(w.Impact) + " impact: " + out}}
	evs = append(evs, applyHit(s, t, out, w.Impact)...)
	if out == ResSuppressed || out == ResMiss {
		suppress(s, t)
	}
	return evs, out
}

// ---- exact odds ----

// hitTableDist is the hit table's distribution for t hit by w, in
// twentieths per result.
func hitTableDist(t *rules.Figure, w *Weapon) map[string]int {
	m := map[string]int{}
	for face := 1; face <= 20; face++ {
		m[hitResult(t, face, w.Impact)]++
	}
	return m
}

// shotDist is the distribution of one to-hit roll and the hit table, in
// 400ths; a blast turns a miss into suppression.
func shotDist(t *rules.Figure, w *Weapon, need int, blast bool) map[string]int {
	p := d20Chance(need)
	m := map[string]int{}
	miss := ResMiss
	if blast {
		miss = ResSuppressed
	}
	m[miss] += (20 - p) * 20
	for r, n := range hitTableDist(t, w) {
		m[r] += p * n
	}
	return m
}

func outcomes(m map[string]int, den float64) []rules.Outcome {
	var out []rules.Outcome
	for _, r := range ResultOrder {
		if n := m[r]; n > 0 {
			out = append(out, rules.Outcome{Name: r, P: float64(n) / den})
		}
	}
	return out
}

// fireOdds is the exact distribution of what happens to the aimed-at
// target; figures under a burst template are listed in the note.
func fireOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, fmt.Errorf("there is no such figure")
	}
	w, err := fireWeapon(f, c.Arg)
	if err != nil {
		return rules.Odds{}, err
	}
	if len(c.Targets) != 1 {
		return rules.Odds{}, fmt.Errorf("fire names one target")
	}
	t := s.Fig(c.Targets[0])
	if why := canFireAt(s, f, w, t); why != "" {
		return rules.Odds{}, fmt.Errorf("%s cannot fire: %s", f.Name, why)
	}
	need, mods := FireNeed(s, f, w, t)
	bi, _ := bandFor(w, f.Pos, t.Pos)
	var note []string
	note = append(note, fmt.Sprintf("needs %d or more on a twenty-sided die (%d in 20)", need, d20Chance(need)))
	switch w.Template {
	case "", "auto", "lmg", "hmg":
		o := rules.Odds{Outcomes: outcomes(shotDist(t, w, need, false), 400), Mods: mods}
		if w.Template != "" {
			poly, _ := rectTemplate(w.Template, f.Pos, t.Pos)
			for _, x := range underTemplate(s, poly, nil, f.Pos, f.ID, t.ID) {
				n2, _ := fireNeedBand(s, f, w, x, bi)
				note = append(note, fmt.Sprintf("%s also under the template: hit on %d or more (%d in 20)", x.Name, n2, d20Chance(n2)))
				o.Parts = append(o.Parts, rules.OddsPart{Name: x.Name + " under the template", Fig: x.ID,
					Outcomes: outcomes(shotDist(x, w, n2, false), 400)})
			}
		}
		o.Note = strings.Join(note, "; ")
		return o, nil
	}
	// A grenade: the direct throw, or one of ten deviations (each 1 in 10).
	p := d20Chance(need)
	m := map[string]int{}
	for r, n := range hitTableDist(t, w) {
		m[r] += p * n * 200 // in 80000ths
	}
	for _, dv := range data.Deviation {
		centre := deviate(dv, f.Pos, t.Pos)
		circ := blastCircle(centre)
		under := circ.Overlaps(geom.Circle{C: t.Pos, R: s.BaseR}) && (s.Terrain == nil || s.Terrain.Clear(centre, t.Pos))
		if !under {
			m[ResMiss] += (20 - p) * 400
			continue
		}
		for r, n := range shotDist(t, w, need, true) {
			m[r] += (20 - p) * n
		}
	}
	note = append(note, "a miss deviates 2.5 or 5 cm (ten ways, each as likely) and may still catch the target; everyone else the blast may reach, the thrower too, has a part of his own")
	return rules.Odds{Outcomes: outcomes(m, 80000), Mods: mods, Note: strings.Join(note, "; "), Parts: blastParts(s, f, w, t, need, bi)}, nil
}
