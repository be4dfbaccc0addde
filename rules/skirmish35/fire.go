package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// fFired is the turn a figure last fired (a loader that fires is no
// loader; a guard that fires may lose its prisoner).
const fFired = "fired"

// fireCost is what a shot costs in the given mode.
func (r Skirmish) fireCost(mode string) int {
	if mode == "aimed" {
		return r.d.T.Costs.Aimed
	}
	return r.d.T.Costs.Unaimed
}

// canShoot says why f cannot fire at all now ("" if it can).
func (r Skirmish) canShoot(s *rules.State, f *rules.Figure) (*Weapon, string) {
	w, ok := r.weapon(f)
	if ok && r.mayShoot(s, f, w) {
		return w, ""
	}
	switch {
	case !ok:
		return nil, f.Name + " carries no firearm"
	case f.Markers.Has(rules.Hidden) && !w.Sniper:
		return nil, f.Name + " is hidden: he must move before he can fire, and moving gives him away"
	case levelOf(f) >= Suppressed:
		return nil, f.Name + " is " + levelNames[levelOf(f)] + " and cannot fire"
	case f.Markers.Has(rules.OutOfAmmo):
		return nil, rules.Possessive(f.Name) + " " + w.Name + " is out of ammunition: reload first"
	case f.Var(fContrib) == turnNo(s) && turnNo(s) > 0:
		return nil, f.Name + " is standing over a surrender this turn and may not fire"
	}
	return w, ""
}

// mayShoot is whether canShoot lets f fire its firearm w (reasons not
// worded: the listing asks for every figure).
func (r Skirmish) mayShoot(s *rules.State, f *rules.Figure, w *Weapon) bool {
	return mayShootIn(f, w, levelOf(f), turnNo(s))
}

// mayShootIn is mayShoot for f at morale level lvl in turn turn.
func mayShootIn(f *rules.Figure, w *Weapon, lvl, turn int) bool {
	return !(f.Markers.Has(rules.Hidden) && !w.Sniper) && lvl < Suppressed &&
		!f.Markers.Has(rules.OutOfAmmo) && !(turn > 0 && f.Var(fContrib) == turn)
}

// fireProblem says why f cannot fire at t in the given mode ("" if it can).
func (r Skirmish) fireProblem(s *rules.State, f, t *rules.Figure, mode string) string {
	w, why := r.canShoot(s, f)
	if why != "" && f.Var(fContrib) == turnNo(s) && f.Var(fContribOn) == int(t.ID) {
		// standing over a surrender, it may still fire at the figure it
		// called on (the book bars only fire at other figures)
		if fw, ok := r.weapon(f); ok && mayShootIn(f, fw, levelOf(f), 0) {
			w, why = fw, ""
		}
	}
	if why != "" {
		return why
	}
	switch {
	case mode != "aimed" && mode != "unaimed":
		return `fire "aimed" or "unaimed"`
	case t.Side == f.Side || t.Removed:
		return "fire at an enemy figure on the table"
	case t.Markers.Has(rules.Surrendered):
		return t.Name + " is a prisoner"
	case !acquiredNow(s, f, t.ID):
		// what to do about it, or why he cannot (a play-tester in the
		// Inn read only "has not acquired" at every click)
		if _, why := r.acquireProblem(s, f, t); why != "" {
			return f.Name + " has not acquired " + t.Name + " this turn, and cannot: " + why
		}
		return f.Name + " has not acquired " + t.Name + " this turn: he must acquire him first (it costs no action points)"
	case !inFront(f, t.Pos, r.d.T.Sight.Front):
		return f.Name + " must turn to face " + t.Name + " first"
	case w.Kill > 0 && !within(f.Pos, t.Pos, in(float64(w.Kill))):
		return fmt.Sprintf("%s is beyond the %s %d\" range", t.Name, rules.Possessive(w.Name), w.Kill)
	}
	if f.Markers.Has(rules.Hidden) && mode != "aimed" {
		return f.Name + " is a hidden sniper: from hiding he takes only aimed shots"
	}
	if mode == "aimed" {
		if f.Var(fMoved) > 0 {
			return f.Name + " has moved this turn and cannot aim"
		}
		if !acquiredLast(s, f, t.ID) {
			return f.Name + " did not have " + t.Name + " in sight last turn, so he cannot aim at him"
		}
	}
	if c := r.fireCost(mode); f.Var(fAP) < c {
		return fmt.Sprintf("%s has %d action %s; %s fire costs %d", f.Name, f.Var(fAP), rules.OneOrMany(f.Var(fAP), "point", "points"), mode, c)
	}
	return ""
}

// hitMods is the ledger for f shooting at t.
func (r Skirmish) hitMods(f, t *rules.Figure, sg Sight, mode string) []rules.Mod {
	h := r.d.T.Hit
	const rule = "Chance of hit"
	var mods []rules.Mod
	if mode == "aimed" {
		mods = append(mods, rules.Mod{Value: h.Aimed, Reason: "aimed fire", Rule: rule})
	} else {
		mods = append(mods, rules.Mod{Value: h.Unaimed, Reason: "unaimed fire", Rule: rule})
	}
	rs := h.RangeStep
	if w, ok := r.weapon(f); ok && w.RangeStep > 0 {
		rs = w.RangeStep // a sniper's telescopic sight
	}
	if k := rangeSteps(f.Pos, t.Pos, in(rs)); k > 0 {
		mods = append(mods, rules.Mod{Value: k, Reason: fmt.Sprintf("range %s\" (a point per %g\", rounded up)", rangeText(dist(f.Pos, t.Pos)), rs), Rule: rule})
	}
	for _, n := range sg.HindNames {
		mods = append(mods, rules.Mod{Value: h.Hindrance, Reason: "hindrance: " + n, Rule: rule})
	}
	switch sg.Cover {
	case terrain.CoverHard:
		mods = append(mods, rules.Mod{Value: h.Hard, Reason: "target in hard cover (" + sg.CoverName + ")", Rule: rule})
	case terrain.CoverSoft:
		mods = append(mods, rules.Mod{Value: h.Soft, Reason: "target in soft cover (" + sg.CoverName + ")", Rule: rule})
	}
	step := in(h.MovedStep)
	if n := int(int64(t.Var(fTMoved)) / step); n > 0 {
		// in inches to a tenth, but never rounded up to the next step
		moved := fmt.Sprintf("target moved %s\"", rules.InchTextPast(int64(t.Var(fTMoved)), int64(n+1)*step))
		mods = append(mods, rules.Mod{Value: n * h.TargetMoved, Reason: moved, Rule: rule})
	}
	if t.Posture == rules.Prone && sg.Cover == terrain.CoverNone {
		mods = append(mods, rules.Mod{Value: h.ProneOpen, Reason: "target prone in the open", Rule: rule})
	}
	if n := int(int64(f.Var(fMoved)) / step); n > 0 {
		mods = append(mods, rules.Mod{Value: n * h.FirerMoved, Reason: fmt.Sprintf("firer moved %s\"", rules.InchText(int64(f.Var(fMoved)))), Rule: rule})
	}
	return mods
}

// saveOf is the save a target has against a shot: by its hindrances and
// cover.
func (r Skirmish) saveOf(sg Sight) (int, []rules.Mod) {
	sv := r.d.T.Save
	var mods []rules.Mod
	for _, n := range sg.HindNames {
		mods = append(mods, rules.Mod{Value: sv.Hindrance, Reason: "hindrance: " + n, Rule: "Saving"})
	}
	switch sg.Cover {
	case terrain.CoverSoft:
		mods = append(mods, rules.Mod{Value: sv.Soft, Reason: "soft cover", Rule: "Saving"})
	case terrain.CoverHard:
		mods = append(mods, rules.Mod{Value: sv.Hard, Reason: "hard cover", Rule: "Saving"})
	}
	n := 0
	for _, m := range mods {
		n += m.Value
	}
	return n, mods
}

// hasLoader reports whether a support gun has a friend beside it that has
// not fired this turn.
func (r Skirmish) hasLoader(s *rules.State, f *rules.Figure) bool {
	reach := in(r.d.T.Melee.Contact) + 2*s.BaseR
	for _, o := range alive(s, f.Side) {
		if o.ID != f.ID && !o.Markers.Has(rules.Surrendered) && o.Var(fFired) != turnNo(s) && within(o.Pos, f.Pos, reach) {
			return true
		}
	}
	return false
}

// shot describes one shooting action for resolution and odds.
type shot struct {
	need   int  // 2D6 at least this hits
	opp    bool // opportunity fire: double six only
	rolls  int  // 1, or 2 for a burst
	ammo   bool // a double runs the gun dry
	save   int
	mods   []rules.Mod
	smods  []rules.Mod
	weapon *Weapon
}

func (r Skirmish) shotOf(s *rules.State, f, t *rules.Figure, sg Sight, mode string) shot {
	w, _ := r.weapon(f)
	sh := shot{rolls: 1, weapon: w}
	if mode == "opp" {
		sh.opp = true
		sh.need = 12
		sh.mods = []rules.Mod{{Value: 12, Reason: "opportunity fire hits only on a double six", Rule: "Opportunity fire"}}
	} else {
		sh.mods = r.hitMods(f, t, sg, mode)
		for _, m := range sh.mods {
			sh.need += m.Value
		}
	}
	if w != nil && w.Burst {
		sh.rolls = 2
	}
	sh.ammo = w != nil && w.Support && !r.hasLoader(s, f)
	sh.save, sh.smods = r.saveOf(sg)
	return sh
}

func (sh shot) hits(a, b int) bool {
	if a == 6 && b == 6 {
		return true
	}
	return !sh.opp && a+b >= sh.need
}

// resolve fires the shot: each roll, each save, morale and kills.
func (r Skirmish) resolve(s *rules.State, f, t *rules.Figure, sh shot, what string) []rules.Event {
	var evs []rules.Event
	f.SetVar(fFired, turnNo(s))
	t.SetVar(fFiredAt, turnNo(s))
	for i := 0; i < sh.rolls; i++ {
		if t.Removed {
			break
		}
		l := &rules.Ledger{What: what, Compare: ">=", Target: sh.need, Mods: sh.mods, Note: "a double six always hits"}
		if sh.rolls > 1 {
			l.What += fmt.Sprintf(" (burst, roll %d of 2)", i+1)
		}
		if sh.opp {
			l.Target, l.Compare, l.Mods, l.Note = 12, "double six", nil, "opportunity fire hits only on a double six"
		}
		l.Dice = s.RollN(2, 6)
		l.Total = l.DiceTotal()
		a, b := l.Dice[0].Face, l.Dice[1].Face
		hit := sh.hits(a, b)
		l.Outcome = "miss"
		if hit {
			l.Outcome = "hit"
		}
		dry := sh.ammo && a == b
		if dry {
			l.Note += "; a double: the gun is out of ammunition"
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: l,
			Text: fmt.Sprintf("%s rolls %d needing %d: %s", f.Name, l.Total, l.Target, l.Outcome)})
		if hit {
			evs = append(evs, r.saveRoll(s, t, sh.save, sh.smods)...)
		}
		if dry {
			f.Markers |= rules.OutOfAmmo
			evs = append(evs, rules.Event{Kind: "ammo", Side: f.Side, Fig: f.ID, Text: f.Name + " is out of ammunition"})
			break
		}
	}
	return evs
}

// saveRoll rolls a hit figure's save: over it kills, equal drops two
// morale levels, under drops one.
func (r Skirmish) saveRoll(s *rules.State, t *rules.Figure, save int, mods []rules.Mod) []rules.Event {
	l := &rules.Ledger{What: "Save: " + t.Name, Compare: "<=", Target: save, Mods: mods}
	l.Dice = []rules.Die{s.Roll(6)}
	l.Total = l.Dice[0].Face
	switch {
	case l.Total > save:
		l.Outcome = "killed"
	case l.Total == save:
		l.Outcome = "morale -2"
	default:
		l.Outcome = "morale -1"
	}
	evs := []rules.Event{{Kind: "roll", Side: t.Side, Fig: t.ID, Roll: l,
		Text: saveText(t.Name, save, l.Total, l.Outcome)}}
	switch l.Outcome {
	case "killed":
		evs = append(evs, r.remove(s, t, "killed")...)
	case "morale -2":
		evs = append(evs, r.dropMorale(s, t, 2, "hit, saved on the number")...)
	default:
		evs = append(evs, r.dropMorale(s, t, 1, "hit but saved")...)
	}
	return evs
}

func (r Skirmish) applyFire(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	t, err := target(s, c)
	if err != nil {
		return nil, err
	}
	if len(c.Path) > 0 {
		return nil, errors.New("fire names the firer, one target and aimed or unaimed")
	}
	if c.Arg == "" {
		// no kind of fire named: say why neither kind may be taken (a
		// player clicking an enemy asks just that), else what is missing
		aimed, unaimed := r.fireProblem(s, f, t, "aimed"), r.fireProblem(s, f, t, "unaimed")
		switch {
		case aimed == "" || unaimed == "":
			return nil, errors.New("fire names aimed or unaimed")
		case aimed == unaimed:
			return nil, errors.New(aimed)
		}
		return nil, errors.New(unaimed + "; " + aimed)
	}
	if why := r.fireProblem(s, f, t, c.Arg); why != "" {
		return nil, errors.New(why)
	}
	sg := r.look(s, f, t)
	if !sg.OK {
		return nil, errors.New(sg.Why)
	}
	_ = spend(f, r.fireCost(c.Arg), c.Arg+" fire")
	acted(s, f)
	if f.Markers.Has(rules.Hidden) {
		f.SetVar(fFlash, 1) // a sniper firing from hiding: see acquireProblem
	}
	sh := r.shotOf(s, f, t, sg, c.Arg)
	what := fmt.Sprintf("%s fire: %s with %s at %s", rules.Capital(c.Arg), f.Name, sh.weapon.Name, t.Name)
	return r.resolve(s, f, t, sh, what), nil
}

// shotOdds enumerates a shot exactly: the target's fate, and the chance
// the gun runs dry.
func (r Skirmish) shotOdds(t *rules.Figure, sh shot) (rules.Odds, float64) {
	type st struct {
		drop   int // levels dropped so far
		killed bool
	}
	kill, eq, less := saveDist(sh.save)
	final := map[string]float64{}
	dry := 0.0
	var walk func(i int, cur st, p float64)
	walk = func(i int, cur st, p float64) {
		if p == 0 {
			return
		}
		if cur.killed || i == sh.rolls || levelOf(t)+cur.drop >= Broken {
			final[fateName(t, cur.drop, cur.killed)] += p
			return
		}
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				q := p / 36
				stop := sh.ammo && a == b
				if stop {
					dry += q
				}
				next := func(n st, pr float64) {
					if stop && !n.killed {
						final[fateName(t, n.drop, false)] += pr
						return
					}
					walk(i+1, n, pr)
				}
				if !sh.hits(a, b) {
					next(cur, q)
					continue
				}
				next(st{drop: cur.drop, killed: true}, q*kill)
				next(st{drop: cur.drop + 2}, q*eq)
				next(st{drop: cur.drop + 1}, q*less)
			}
		}
	}
	walk(0, st{}, 1)
	var o rules.Odds
	for _, n := range fateNames {
		if p := final[n]; p > 0 {
			o.Outcomes = append(o.Outcomes, rules.Outcome{Name: n, P: p})
		}
	}
	o.Mods = sh.mods
	return o, dry
}

var fateNames = []string{"killed", "broken", "morale -3", "morale -2", "morale -1", "no effect"}

// fateName names what a target's drops come to.
func fateName(t *rules.Figure, drop int, killed bool) string {
	switch {
	case killed:
		return "killed"
	case drop == 0:
		return "no effect"
	case levelOf(t)+drop >= Broken:
		return "broken"
	}
	return fmt.Sprintf("morale -%d", drop)
}

// saveDist is the chance a save of n kills, drops two levels, drops one.
func saveDist(n int) (kill, eq, less float64) {
	switch {
	case n <= 0:
		return 1, 0, 0
	case n >= 7:
		return 0, 0, 1
	}
	return float64(6-n) / 6, 1.0 / 6, float64(n-1) / 6
}

func (r Skirmish) fireOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the firer")
	}
	t, err := target(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	mode := c.Arg
	if c.Verb == "oppfire" {
		if why := r.oppProblem(s, f, t); why != "" {
			return rules.Odds{}, errors.New(why)
		}
		mode = "opp"
	} else if why := r.fireProblem(s, f, t, mode); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	sg := r.look(s, f, t)
	if !sg.OK {
		return rules.Odds{}, errors.New(sg.Why)
	}
	sh := r.shotOf(s, f, t, sg, mode)
	o, dry := r.shotOdds(t, sh)
	o.Note = fmt.Sprintf("needs %d on two dice (a double six always hits); save %d", sh.need, sh.save)
	if sh.opp {
		o.Note = fmt.Sprintf("opportunity fire: only a double six hits; save %d", sh.save)
	}
	if sh.rolls > 1 {
		o.Note += "; a burst rolls twice"
	}
	if sh.ammo {
		o.Note += fmt.Sprintf("; no loader beside it: out of ammunition %.0f%%", dry*100)
	}
	return o, nil
}
