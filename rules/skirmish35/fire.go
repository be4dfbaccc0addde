package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
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
		return nil, f.Name + " is hidden: it must move before it can fire"
	case levelOf(f) >= Suppressed:
		return nil, f.Name + " is " + levelNames[levelOf(f)] + " and cannot fire"
	case f.Markers.Has(rules.OutOfAmmo):
		return nil, f.Name + "'s " + w.Name + " is out of ammunition: reload first"
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
		return f.Name + " has not acquired " + t.Name + " this turn"
	case !inFront(f, t.Pos, r.d.T.Sight.Front):
		return f.Name + " must turn to face " + t.Name + " first"
	case w.Kill > 0 && !within(f.Pos, t.Pos, in(float64(w.Kill))):
		return fmt.Sprintf("%s is beyond the %s's %d\" range", t.Name, w.Name, w.Kill)
	}
	if f.Markers.Has(rules.Hidden) && mode != "aimed" {
		return f.Name + " is a hidden sniper: from hiding it takes only aimed shots"
	}
	if mode == "aimed" {
		if f.Var(fMoved) > 0 {
			return f.Name + " has moved this turn and cannot aim"
		}
		if !acquiredLast(s, f, t.ID) {
			return f.Name + " did not have " + t.Name + " in sight last turn: it cannot aim"
		}
	}
	if c := r.fireCost(mode); f.Var(fAP) < c {
		return fmt.Sprintf("%s has %d action points; %s fire costs %d", f.Name, f.Var(fAP), mode, c)
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
		mods = append(mods, rules.Mod{Value: k, Reason: fmt.Sprintf("range %s\" (a point per %g\", rounded up)", rules.FormatInches(dist(f.Pos, t.Pos)), rs), Rule: rule})
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
		mods = append(mods, rules.Mod{Value: n * h.TargetMoved, Reason: fmt.Sprintf("target moved %s\"", rules.FormatInches(int64(t.Var(fTMoved)))), Rule: rule})
	}
	if t.Posture == rules.Prone && sg.Cover == terrain.CoverNone {
		mods = append(mods, rules.Mod{Value: h.ProneOpen, Reason: "target prone in the open", Rule: rule})
	}
	if n := int(int64(f.Var(fMoved)) / step); n > 0 {
		mods = append(mods, rules.Mod{Value: n * h.FirerMoved, Reason: fmt.Sprintf("firer moved %s\"", rules.FormatInches(int64(f.Var(fMoved)))), Rule: rule})
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
		Text: fmt.Sprintf("%s saves on %d or less, rolls %d: %s", t.Name, save, l.Total, l.Outcome)}}
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
	what := fmt.Sprintf("%s fire: %s with %s at %s", capital(c.Arg), f.Name, sh.weapon.Name, t.Name)
	return r.resolve(s, f, t, sh, what), nil
}

func capital(t string) string {
	if t == "" {
		return t
	}
	return string(t[0]-'a'+'A') + t[1:]
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
	o.Note = fmt.Sprintf("needs %d on 2D6 (a double six always hits); save %d", sh.need, sh.save)
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

// ---- opportunity fire ----

func (r Skirmish) holdProblem(s *rules.State, f *rules.Figure) string {
	if f.Markers.Has(rules.OppFire) {
		return f.Name + " is already holding its fire"
	}
	if _, why := r.canShoot(s, f); why != "" {
		return why
	}
	if f.Var(fAP) < r.d.T.Costs.Opportunity {
		return fmt.Sprintf("%s needs %d points to hold for opportunity fire", f.Name, r.d.T.Costs.Opportunity)
	}
	return ""
}

// applyHold: "opp F1" holds four points for opportunity fire in the
// enemy's turn.
func (r Skirmish) applyHold(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("opp names only the figure")
	}
	if why := r.holdProblem(s, f); why != "" {
		return nil, errors.New(why)
	}
	_ = spend(f, r.d.T.Costs.Opportunity, "opportunity fire")
	f.Markers |= rules.OppFire
	acted(s, f)
	return []rules.Event{{Kind: "opp", Side: f.Side, Fig: f.ID, Text: f.Name + " holds its fire for the enemy's turn"}}, nil
}

// oppProblem says why holder h cannot fire at mover m now.
func (r Skirmish) oppProblem(s *rules.State, h, m *rules.Figure) string {
	w, ok := r.weapon(h)
	switch {
	case s.Phase != PhaseOpp:
		return "no opportunity fire window is open"
	case rules.FigID(s.Var(gOppMover)) != m.ID:
		return "only the figure that has just moved may be fired at"
	case h.Removed || h.Side == s.Active || !h.Markers.Has(rules.OppFire):
		return h.Name + " is not holding opportunity fire"
	case !ok || h.Markers.Has(rules.OutOfAmmo) || levelOf(h) >= Suppressed:
		return h.Name + " cannot fire now"
	case m.Removed:
		return m.Name + " is out of the fight"
	case !inFront(h, m.Pos, r.d.T.Sight.Front):
		return m.Name + " is outside " + h.Name + "'s front"
	case w.Kill > 0 && !within(h.Pos, m.Pos, in(float64(w.Kill))):
		return m.Name + " is out of range"
	}
	if sg := r.look(s, h, m); !sg.OK {
		return sg.Why
	}
	return ""
}

// openOpp opens a window for opportunity fire after mover's move, when
// some enemy holding fire could take it.
func (r Skirmish) openOpp(s *rules.State, mover *rules.Figure, path []geom.Pt) []rules.Event {
	if s.Over || mover.Removed {
		return nil
	}
	from := path[0]
	s.SetVar(gOppMover, int(mover.ID))
	s.SetVar(gOppFromX, int(from.X)+1)
	s.SetVar(gOppFromY, int(from.Y)+1)
	s.Phase = PhaseOpp
	if len(r.oppCommands(s)) == 0 {
		s.Phase = PhaseTurn
		s.SetVar(gOppMover, 0)
		return nil
	}
	// the mover's path, for suppressive opportunity fire (where it broke
	// cover)
	rows := make([][]int, len(path))
	for i, p := range path {
		rows[i] = []int{int(p.X), int(p.Y)}
	}
	writeList(s, "op", gOppPath, oppPathFields, rows)
	s.Decider = 1 - s.Active
	return []rules.Event{{Kind: "phase", Side: s.Decider, Fig: mover.ID,
		Text: fmt.Sprintf("%s may take opportunity fire at %s", s.Sides[s.Decider].Name, mover.Name)}}
}

func (r Skirmish) oppCommands(s *rules.State) []rules.Command {
	m := s.Fig(rules.FigID(s.Var(gOppMover)))
	if m == nil {
		return nil
	}
	var out []rules.Command
	for _, h := range alive(s, 1-s.Active) {
		if h.Markers.Has(rules.OppFire) && r.oppProblem(s, h, m) == "" {
			out = append(out, rules.Command{Verb: "oppfire", Fig: h.ID, Targets: []rules.FigID{m.ID}})
		}
		if h.Markers.Has(rules.OppFire) && r.oppSupProblem(s, h, m) == "" {
			out = append(out, rules.Command{Verb: "oppsup", Fig: h.ID, Targets: []rules.FigID{m.ID}})
		}
	}
	return append(out, r.vOppCommands(s, m)...)
}

func (r Skirmish) closeOpp(s *rules.State) []rules.Event {
	s.Phase, s.Decider = PhaseTurn, s.Active
	s.SetVar(gOppMover, 0)
	s.SetVar(gOppFromX, 0)
	s.SetVar(gOppFromY, 0)
	writeList(s, "op", gOppPath, oppPathFields, nil)
	return []rules.Event{{Kind: "phase", Side: s.Active, Text: "The opportunity passes; " + s.Sides[s.Active].Name + " go on"}}
}

func (r Skirmish) applyOppFire(s *rules.State, c rules.Command) ([]rules.Event, error) {
	h := s.Fig(c.Fig)
	if h == nil {
		return nil, errors.New("name the figure holding fire")
	}
	m, err := target(s, c)
	if err != nil {
		return nil, err
	}
	if len(c.Path) > 0 || c.Arg != "" {
		return nil, errors.New("oppfire names the holder and the mover")
	}
	if why := r.oppProblem(s, h, m); why != "" {
		return nil, errors.New(why)
	}
	sg := r.look(s, h, m)
	h.Markers &^= rules.OppFire
	if h.Markers.Has(rules.Hidden) {
		h.SetVar(fFlash, 1) // a hidden sniper gives away its flash
	}
	sh := r.shotOf(s, h, m, sg, "opp")
	evs := r.resolve(s, h, m, sh, fmt.Sprintf("Opportunity fire: %s at %s", h.Name, m.Name))
	if s.Over {
		return evs, nil
	}
	if m.Removed || len(r.oppCommands(s)) == 0 {
		evs = append(evs, r.closeOpp(s)...)
	}
	return evs, nil
}

// ---- reload ----

func (r Skirmish) applyReload(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("reload names only the figure")
	}
	if !f.Markers.Has(rules.OutOfAmmo) {
		return nil, errors.New(f.Name + " has ammunition")
	}
	if err := spend(f, r.d.T.Costs.Reload, "reloading"); err != nil {
		return nil, err
	}
	f.Markers &^= rules.OutOfAmmo
	acted(s, f)
	return []rules.Event{{Kind: "reload", Side: f.Side, Fig: f.ID, Text: f.Name + " reloads"}}, nil
}

// oppSupProblem says why holder h cannot turn its held points into
// suppressive fire on mover m ("" if it can).
func (r Skirmish) oppSupProblem(s *rules.State, h, m *rules.Figure) string {
	w, ok := r.weapon(h)
	switch {
	case s.Phase != PhaseOpp:
		return "no opportunity fire window is open"
	case rules.FigID(s.Var(gOppMover)) != m.ID:
		return "only the figure that has just moved may be suppressed"
	case h.Removed || h.Side == s.Active || !h.Markers.Has(rules.OppFire):
		return h.Name + " is not holding opportunity fire"
	case !ok || !w.CanSuppress():
		return h.Name + "'s weapon cannot lay suppressive fire"
	case h.Markers.Has(rules.OutOfAmmo) || levelOf(h) >= Suppressed:
		return h.Name + " cannot fire now"
	case m.Removed:
		return m.Name + " is out of the fight"
	case !inFront(h, m.Pos, r.d.T.Sight.Front):
		return m.Name + " is outside " + h.Name + "'s front"
	case !within(h.Pos, m.Pos, in(float64(w.Suppress))):
		return m.Name + " is beyond suppressive range"
	}
	if !r.sees(s, h, m) {
		return h.Name + " cannot see " + m.Name
	}
	return ""
}

// applyOppSup: "oppsup F1 F7" spends held points on suppressive fire at
// a figure that has just moved: if it works, the mover is pinned back
// where it started (before it broke cover), suppressed, unhurt.
func (r Skirmish) applyOppSup(s *rules.State, c rules.Command) ([]rules.Event, error) {
	h := s.Fig(c.Fig)
	if h == nil {
		return nil, errors.New("name the figure holding fire")
	}
	m, err := target(s, c)
	if err != nil {
		return nil, err
	}
	if len(c.Path) > 0 || c.Arg != "" {
		return nil, errors.New("oppsup names the holder and the mover")
	}
	if why := r.oppSupProblem(s, h, m); why != "" {
		return nil, errors.New(why)
	}
	h.Markers &^= rules.OppFire
	h.SetVar(fFired, turnNo(s))
	unhide(h)
	w, _ := r.weapon(h)
	var evs []rules.Event
	rl := s.Roll(6)
	l := &rules.Ledger{What: fmt.Sprintf("Reload check: %s's suppressive fire on %s", h.Name, m.Name), Dice: []rules.Die{rl},
		Compare: ">", Target: r.d.T.Suppressive.ReloadOn, Total: rl.Face, Outcome: "firing"}
	stopped := false
	if rl.Face <= r.d.T.Suppressive.ReloadOn {
		l.Outcome = "reloading"
		evs = append(evs, rules.Event{Kind: "roll", Side: h.Side, Fig: h.ID, Target: m.ID, Roll: l, Text: h.Name + " is reloading"})
	} else {
		evs = append(evs, rules.Event{Kind: "roll", Side: h.Side, Fig: h.ID, Target: m.ID, Roll: l, Text: h.Name + " opens up"})
		stopped = w.Quad
		if !w.Quad {
			sl := &rules.Ledger{What: fmt.Sprintf("Suppressive fire: %s on %s", h.Name, m.Name), Compare: ">=", Target: w.SuppressNeed,
				Note: "suppressive fire never kills"}
			sl.Dice = s.RollN(2, 6)
			sl.Total = sl.DiceTotal()
			stopped = sl.Total >= w.SuppressNeed
			sl.Outcome = "not stopped"
			if stopped {
				sl.Outcome = "suppressed"
			}
			evs = append(evs, rules.Event{Kind: "roll", Side: h.Side, Fig: h.ID, Target: m.ID, Roll: sl,
				Text: fmt.Sprintf("%s rolls %d needing %d: %s", h.Name, sl.Total, w.SuppressNeed, sl.Outcome)})
		}
	}
	if stopped && w.Quad {
		evs = append(evs, r.quadArea(s, h, m.Pos, m)...)
	}
	if stopped {
		back, ok := r.oppBrokeCover(s, m, h.Pos)
		if ok && back != m.Pos {
			evs = append(evs, rules.Event{Kind: "move", Side: m.Side, Fig: m.ID, Path: []geom.Pt{m.Pos, back},
				Text: m.Name + " is pinned back where it broke cover"})
			m.Pos = back
			m.SetVar(fTMoved, 0)
		}
		if levelOf(m) < Suppressed {
			setLevel(m, Suppressed)
		}
		evs = append(evs, rules.Event{Kind: "morale", Side: m.Side, Fig: m.ID, Text: m.Name + " is suppressed"})
	}
	if len(r.oppCommands(s)) == 0 || stopped {
		evs = append(evs, r.closeOpp(s)...)
	}
	return evs, nil
}

// oppBrokeCover is where a mover stopped by suppressive opportunity fire
// from gun stands (the book: at the point before it broke cover): the
// last point of its path with cover from the gun, walking back from
// where it stopped; where the move began when it had none on the way
// (house value). False when there is nowhere to put it back.
func (r Skirmish) oppBrokeCover(s *rules.State, m *rules.Figure, gun geom.Pt) (geom.Pt, bool) {
	var path []geom.Pt
	for _, row := range readList(s, "op", gOppPath, oppPathFields) {
		path = append(path, geom.Pt{X: int64(row[0]), Y: int64(row[1])})
	}
	if len(path) < 2 {
		from := geom.Pt{X: int64(s.Var(gOppFromX) - 1), Y: int64(s.Var(gOppFromY) - 1)}
		return from, s.Var(gOppFromX) != 0 && r.standProblem(s, m, from) == ""
	}
	end := pathLen(path)
	if d := r.brokeCover(s, m, path, end, gun); d < end || r.coverAt(s, m, path[len(path)-1], gun) {
		return r.safeStop(s, m, path, d), true
	}
	return path[0], r.standProblem(s, m, path[0]) == ""
}

func (r Skirmish) oppSupOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	h := s.Fig(c.Fig)
	if h == nil {
		return rules.Odds{}, errors.New("name the holder")
	}
	m, err := target(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.oppSupProblem(s, h, m); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	w, _ := r.weapon(h)
	rl := float64(r.d.T.Suppressive.ReloadOn) / 6
	p := 1.0
	if !w.Quad {
		p = probAtLeast2D6(w.SuppressNeed)
	}
	stop := (1 - rl) * p
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "stopped", P: stop}, {Name: "not stopped", P: 1 - stop}},
		Note: "suppressive fire never kills; a stopped figure goes back to where it broke cover, suppressed"}, nil
}
