package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// ---- mortars and radios ----

// Round is a mortar round plotted and on its way.
type Round struct {
	At   geom.Pt
	Fig  rules.FigID // the mortar
	Side int
}

var roundFields = []string{"x", "y", "fig", "side"}

// Rounds lists the mortar rounds on their way.
func Rounds(s *rules.State) []Round {
	var out []Round
	for _, r := range readList(s, "mp", gMortar, roundFields) {
		out = append(out, Round{At: geom.Pt{X: int64(r[0]), Y: int64(r[1])}, Fig: rules.FigID(r[2]), Side: r[3]})
	}
	return out
}

func setRounds(s *rules.State, rs []Round) {
	rows := make([][]int, len(rs))
	for i, m := range rs {
		rows[i] = []int{int(m.At.X), int(m.At.Y), int(m.Fig), m.Side}
	}
	writeList(s, "mp", gMortar, roundFields, rows)
}

// mortarOf is the side's mortar crew nearest f (nil for none).
func (r Skirmish) mortarOf(s *rules.State, f *rules.Figure) *rules.Figure {
	// alive(s, f.Side) walked in place, the first of equals winning
	var best *rules.Figure
	var bd int64
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.Side != f.Side || g.Removed || len(s.Vehicles) > 0 && s.Carrier(g.ID) != 0 ||
			!r.carries(g, "mortar") || g.Markers.Has(rules.Surrendered) {
			continue
		}
		if d := geom.Dist2(f.Pos, g.Pos); best == nil || d < bd {
			best, bd = g, d
		}
	}
	return best
}

// callMode says how f may bring down mortar fire at p: "sights" (the crew
// itself, firing over open sights), "radio", "near" (within call range,
// seeing the crew), or "" with the reason.
func (r Skirmish) callMode(s *rules.State, f *rules.Figure, p geom.Pt) (string, *rules.Figure, string) {
	m := r.mortarOf(s, f)
	if m == nil {
		return "", nil, "there is no mortar on this side"
	}
	mt := r.d.T.Mortar
	// the minimum range itself is in reach: only nearer is too close
	if lo := in(mt.Min); geom.Dist2(m.Pos, p) < lo*lo || !within(m.Pos, p, in(mt.Max)) {
		return "", m, fmt.Sprintf("a mortar fires between %g\" and %g\"", mt.Min, mt.Max)
	}
	if m.ID == f.ID {
		if s.Terrain == nil || s.Terrain.Clear(f.Pos, p) {
			return "sights", m, ""
		}
		return "", m, "the crew cannot see the point to fire over open sights"
	}
	if r.carries(f, "radio") {
		return "radio", m, ""
	}
	if within(f.Pos, m.Pos, in(mt.CallRange)) && r.sees(s, f, m) {
		return "near", m, ""
	}
	return "", m, fmt.Sprintf("%s has no radio and is not within %g\" in sight of the mortar", f.Name, mt.CallRange)
}

func (r Skirmish) plotProblem(s *rules.State, f *rules.Figure, p geom.Pt) string {
	if f.Var(fAP) < r.d.T.Costs.Plot {
		return fmt.Sprintf("%s needs %d points to plot fire", f.Name, r.d.T.Costs.Plot)
	}
	if levelOf(f) >= Shaken {
		return f.Name + " is shaken and cannot call for fire"
	}
	_, m, why := r.callMode(s, f, p)
	if why == "" && m != nil && m.Rating > 0 && m.Var(fMortarUsed) >= m.Rating {
		return fmt.Sprintf("%s has fired all %d of its rounds", m.Name, m.Rating)
	}
	if why == "" && m != nil && roundOnItsWay(s, m.ID) {
		return fmt.Sprintf("%s already has a round on its way: it lands as the enemy's turn ends, and the next can be called after that", m.Name)
	}
	return why
}

// roundOnItsWay reports whether mortar m has a plotted round still to
// land. House reading: a mortar fires one round a turn. The book has the
// next round fall from where the last one landed and says nothing of a
// mortar firing several rounds at once; without this limit one mortar
// could be called on by every man in a turn, and the end of the enemy's
// turn would roll for a pile of rounds no player expects (and no odds
// could be worked out for: each round's landing multiplies the ways).
func roundOnItsWay(s *rules.State, m rules.FigID) bool {
	for _, rd := range Rounds(s) {
		if rd.Fig == m {
			return true
		}
	}
	return false
}

// plotter is plotProblem split for the listing, which asks it of every
// known enemy's spot: what depends on the caller alone is asked once
// (plotterOf), then each point only its range and, for the crew itself,
// its open sights (plotOK). plotOK(p) is plotProblem(p) == "".
type plotter struct {
	m      *rules.Figure // the mortar; nil when f may not call at all
	sights bool          // f is the crew, firing over open sights
}

func (r Skirmish) plotterOf(s *rules.State, f *rules.Figure) plotter {
	if f.Var(fAP) < r.d.T.Costs.Plot || levelOf(f) >= Shaken {
		return plotter{}
	}
	m := r.mortarOf(s, f)
	if m == nil || m.Rating > 0 && m.Var(fMortarUsed) >= m.Rating || roundOnItsWay(s, m.ID) {
		return plotter{}
	}
	mt := r.d.T.Mortar
	switch {
	case m.ID == f.ID:
		return plotter{m: m, sights: true}
	case r.carries(f, "radio"), within(f.Pos, m.Pos, in(mt.CallRange)) && r.sees(s, f, m):
		return plotter{m: m}
	}
	return plotter{}
}

func (r Skirmish) plotOK(s *rules.State, f *rules.Figure, pl plotter, p geom.Pt) bool {
	if pl.m == nil {
		return false
	}
	mt := r.d.T.Mortar
	if lo := in(mt.Min); geom.Dist2(pl.m.Pos, p) < lo*lo || !within(pl.m.Pos, p, in(mt.Max)) {
		return false
	}
	return !pl.sights || s.Terrain == nil || s.Terrain.Clear(f.Pos, p)
}

// fMortarUsed counts the rounds a mortar has been called on for. The
// book's optional limited ammunition: a mortar figure's scenario
// "rating" is how many rounds it has (0: no limit).
const fMortarUsed = "mused"

// radioFails reports whether a radio roll fails: a double one always, and
// any double on the attempt after a double one.
func radioFails(a, b int, bad bool) bool { return a == b && (a == 1 || bad) }

func (r Skirmish) applyPlot(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	p, t, err := aimOf(s, c)
	if err != nil {
		return nil, err
	}
	if c.Arg != "" {
		return nil, errors.New("plot takes no word")
	}
	if why := r.plotProblem(s, f, p); why != "" {
		return nil, errors.New(why)
	}
	if t != nil {
		if why := r.aimedFigureProblem(s, f, t, "the mortar"); why != "" {
			return nil, errors.New(why)
		}
	}
	mode, m, _ := r.callMode(s, f, p)
	_ = spend(f, r.d.T.Costs.Plot, "plotting fire")
	acted(s, f)
	var evs []rules.Event
	if mode == "radio" {
		sd := &s.Sides[f.Side]
		bad := sd.Vars[sRadioBad] == 1
		l := &rules.Ledger{What: "Radio: " + f.Name + " calls the mortar", Compare: "table"}
		l.Dice = s.RollN(2, 6)
		l.Total = l.DiceTotal()
		a, b := l.Dice[0].Face, l.Dice[1].Face
		l.Note = "anything but a double one gets through"
		if bad {
			l.Note = "after a double one, any double fails"
		}
		sd.SetVar(sRadioBad, 0)
		if a == 1 && b == 1 {
			sd.SetVar(sRadioBad, 1)
		}
		if radioFails(a, b, bad) {
			l.Outcome = "no contact"
			return []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: f.Name + " cannot raise the mortar"}}, nil
		}
		l.Outcome = "through"
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: f.Name + " gets through on the radio"})
	}
	m.SetVar(fMortarUsed, m.Var(fMortarUsed)+1)
	if mode == "sights" {
		unhide(f)
		return append(evs, r.landRound(s, m, p)...), nil
	}
	setRounds(s, append(Rounds(s), Round{At: p, Fig: m.ID, Side: f.Side}))
	return append(evs, rules.Event{Kind: "plot", Side: f.Side, Fig: f.ID, Path: []geom.Pt{p},
		Text: fmt.Sprintf("%s plots mortar fire on a point %s\" from him: it comes down at the end of the enemy's turn", f.Name, rules.InchText(dist(f.Pos, p)))}), nil
}

// arrive brings down the rounds side plotted.
func (r Skirmish) arrive(s *rules.State, side int) []rules.Event {
	rs := Rounds(s)
	var keep []Round
	var evs []rules.Event
	for _, rd := range rs {
		if rd.Side != side {
			keep = append(keep, rd)
			continue
		}
		m := s.Fig(rd.Fig)
		if s.Over || m == nil || m.Removed {
			continue
		}
		evs = append(evs, r.landRound(s, m, rd.At)...)
	}
	if len(keep) != len(rs) {
		setRounds(s, keep)
	}
	return evs
}

// landRound rolls where a mortar round lands and its effect.
func (r Skirmish) landRound(s *rules.State, m *rules.Figure, p geom.Pt) []rules.Event {
	mt := r.d.T.Mortar
	faces := r.d.T.Spinner.Faces
	var land geom.Pt
	var evs []rules.Event
	last := geom.Pt{X: int64(m.Var(fMortarAX)), Y: int64(m.Var(fMortarAY))}
	if m.Var(fMortarOK) == 1 && within(last, p, in(mt.Follow)) {
		from := geom.Pt{X: int64(m.Var(fMortarLX)), Y: int64(m.Var(fMortarLY))}
		d := s.Roll(3)
		sp := s.Roll(faces)
		land = spin(from, sp.Face, faces, int64(d.Face)*geom.PerInch)
		l := &rules.Ledger{What: "Mortar: a later round on the same aim", Dice: []rules.Die{d, sp}, Compare: "table", Total: d.Face,
			Outcome: fmt.Sprintf("%d\" from the last, towards %d o'clock", d.Face, sp.Face)}
		evs = append(evs, rules.Event{Kind: "roll", Side: m.Side, Fig: m.ID, Roll: l, Path: []geom.Pt{from, land},
			Text: "Mortar round on the same aim lands " + rules.Whereabouts(m.Pos, p, land, "the aim point")})
	} else {
		l := &rules.Ledger{What: "Mortar: first round", Compare: "<=", Target: mt.OnTargetMax}
		l.Dice = s.RollN(2, 6)
		l.Total = l.DiceTotal()
		land = p
		l.Outcome = "on target"
		if l.Total > mt.OnTargetMax {
			d := s.RollN(2, 3)
			sp := s.Roll(faces)
			n := d[0].Face + d[1].Face
			l.Dice = append(l.Dice, d[0], d[1], sp)
			land = spin(p, sp.Face, faces, int64(n)*geom.PerInch)
			l.Outcome = fmt.Sprintf("%d\" off, towards %d o'clock", n, sp.Face)
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: m.Side, Fig: m.ID, Roll: l, Path: []geom.Pt{p, land},
			Text: "Mortar round lands " + rules.Whereabouts(m.Pos, p, land, "the aim point")})
	}
	m.SetVar(fMortarOK, 1)
	m.SetVar(fMortarAX, int(p.X))
	m.SetVar(fMortarAY, int(p.Y))
	m.SetVar(fMortarLX, int(land.X))
	m.SetVar(fMortarLY, int(land.Y))
	return append(evs, r.burst(s, m.Side, land, in(mt.Radius), "Mortar bomb")...)
}

func (r Skirmish) plotOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the caller")
	}
	p, t, err := aimOf(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.plotProblem(s, f, p); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	mode, _, _ := r.callMode(s, f, p)
	switch mode {
	case "radio":
		bad := s.Sides[f.Side].Vars[sRadioBad] == 1
		fail := 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if radioFails(a, b, bad) {
					fail++
				}
			}
		}
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "through", P: float64(36-fail) / 36}, {Name: "no contact", P: float64(fail) / 36}},
			Note: "the round lands at the end of the enemy's turn"}, nil
	case "near":
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "through", P: 1}}, Note: "the round lands at the end of the enemy's turn"}, nil
	}
	// open sights: the round lands now
	m := f
	mt := r.d.T.Mortar
	var ls []landing
	last := geom.Pt{X: int64(m.Var(fMortarAX)), Y: int64(m.Var(fMortarAY))}
	faces := r.d.T.Spinner.Faces
	if m.Var(fMortarOK) == 1 && within(last, p, in(mt.Follow)) {
		from := geom.Pt{X: int64(m.Var(fMortarLX)), Y: int64(m.Var(fMortarLY))}
		for d := 1; d <= 3; d++ {
			for sp := 1; sp <= faces; sp++ {
				ls = append(ls, landing{spin(from, sp, faces, int64(d)*geom.PerInch), 1 / float64(3*faces)})
			}
		}
	} else {
		on := 1 - probGreater2D6(mt.OnTargetMax)
		ls = append(ls, landing{p, on})
		for a := 1; a <= 3; a++ {
			for b := 1; b <= 3; b++ {
				for sp := 1; sp <= faces; sp++ {
					ls = append(ls, landing{spin(p, sp, faces, int64(a+b)*geom.PerInch), (1 - on) / float64(9*faces)})
				}
			}
		}
	}
	o := r.burstOdds(s, t, p, ls, 1, 0, in(mt.Radius), false)
	o.Parts = r.burstParts(s, t, ls, 1, 0, in(mt.Radius))
	o.Note = "over open sights: the round lands now"
	return o, nil
}

// ---- grenades lying live ----

// LiveGrenade is a grenade that has not yet gone off: it bursts at the
// end of the enemy's turn unless an enemy throws it back first.
type LiveGrenade struct {
	At    geom.Pt
	Side  int
	Smoke bool
}

var liveFields = []string{"x", "y", "side", "smoke"}

// Live lists the grenades lying live on the table.
func Live(s *rules.State) []LiveGrenade {
	var out []LiveGrenade
	for _, r := range readList(s, "gl", gLive, liveFields) {
		out = append(out, LiveGrenade{At: geom.Pt{X: int64(r[0]), Y: int64(r[1])}, Side: r[2], Smoke: r[3] == 1})
	}
	return out
}

func setLive(s *rules.State, gs []LiveGrenade) {
	rows := make([][]int, len(gs))
	for i, g := range gs {
		sm := 0
		if g.Smoke {
			sm = 1
		}
		rows[i] = []int{int(g.At.X), int(g.At.Y), g.Side, sm}
	}
	writeList(s, "gl", gLive, liveFields, rows)
}

// fuses sets off the grenades side threw that were still lying live.
func (r Skirmish) fuses(s *rules.State, side int) []rules.Event {
	gs := Live(s)
	var keep []LiveGrenade
	var evs []rules.Event
	var due []LiveGrenade
	for _, g := range gs {
		if g.Side == side {
			due = append(due, g)
		} else {
			keep = append(keep, g)
		}
	}
	if len(due) == 0 {
		return nil
	}
	setLive(s, keep)
	for _, g := range due {
		if s.Over {
			break
		}
		if g.Smoke {
			// smoke that goes off at the end of a turn is counted from the
			// next turn, so it clears at the end of a turn too (the book:
			// removed at the end of the opponent's turn)
			setSmokes(s, append(Smokes(s), Smoke{C: g.At, Turn: turnNo(s) + 1}))
			a := geom.Circle{C: g.At, R: in(r.d.T.Smoke.Radius)}
			evs = append(evs, rules.Event{Kind: "smoke", Side: side, Area: &a, Text: "A smoke grenade goes off where it lay"})
			continue
		}
		evs = append(evs, r.burst(s, side, g.At, in(r.d.T.Grenade.Radius), "A late grenade")...)
	}
	return evs
}

// liveNear is the enemy grenade lying live nearest f within reach.
func (r Skirmish) liveNear(s *rules.State, f *rules.Figure) (LiveGrenade, bool) {
	var best LiveGrenade
	found := false
	reach := in(r.d.T.Grenade.ReturnReach)
	for _, g := range Live(s) {
		if g.Side == f.Side || g.Smoke || !within(f.Pos, g.At, reach) {
			continue
		}
		if !found || geom.Dist2(f.Pos, g.At) < geom.Dist2(f.Pos, best.At) {
			best, found = g, true
		}
	}
	return best, found
}

func (r Skirmish) throwBackProblem(s *rules.State, f *rules.Figure) string {
	if s.Var(gLive) == 0 {
		return "no grenade lies live"
	}
	if _, ok := r.liveNear(s, f); !ok {
		return fmt.Sprintf("no enemy grenade lies live within %g\" of %s", r.d.T.Grenade.ReturnReach, f.Name)
	}
	switch {
	case levelOf(f) >= Suppressed:
		return f.Name + " is " + levelNames[levelOf(f)] + " and cannot throw"
	case f.Var(fAP) < r.d.T.Costs.Grenade:
		return fmt.Sprintf("%s needs %d points to throw", f.Name, r.d.T.Costs.Grenade)
	}
	return ""
}

// applyThrowBack: "throwback F1 F7" or "throwback F1 x,y" picks up the
// enemy grenade lying live nearest F1 and throws it: a 1 on the D6 and it
// goes off in hand; otherwise it is thrown as any grenade and bursts
// where it lands.
func (r Skirmish) applyThrowBack(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	p, t, err := aimOf(s, c)
	if err != nil {
		return nil, err
	}
	if c.Arg != "" {
		return nil, errors.New("throwback takes no word")
	}
	if why := r.throwBackProblem(s, f); why != "" {
		return nil, errors.New(why)
	}
	if t != nil {
		if why := r.aimedFigureProblem(s, f, t, "the grenade"); why != "" {
			return nil, errors.New(why)
		}
	}
	if !within(f.Pos, p, in(r.d.T.Grenade.Range)) || p == f.Pos {
		return nil, fmt.Errorf("a grenade is thrown at most %g\"", r.d.T.Grenade.Range)
	}
	g, _ := r.liveNear(s, f)
	var keep []LiveGrenade
	taken := false
	for _, x := range Live(s) {
		if !taken && x == g {
			taken = true
			continue
		}
		keep = append(keep, x)
	}
	setLive(s, keep)
	_ = spend(f, r.d.T.Costs.Grenade, "a throw")
	acted(s, f)
	unhide(f)
	d := s.Roll(6)
	l := &rules.Ledger{What: "Throwing back a grenade: " + f.Name, Dice: []rules.Die{d}, Compare: ">", Target: r.d.T.Grenade.ReturnBlows,
		Total: d.Face, Outcome: "thrown back", Note: "the die's explosion face and it goes off in hand"}
	if d.Face <= r.d.T.Grenade.ReturnBlows {
		l.Outcome = "goes off in hand"
		evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: "The grenade goes off in " + rules.Possessive(f.Name) + " hand"}}
		return append(evs, r.burst(s, g.Side, g.At, in(r.d.T.Grenade.Radius), "Grenade")...), nil
	}
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: f.Name + " throws the grenade back"}}
	land, devs := r.deviate(s, f, p)
	evs = append(evs, devs...)
	if at, w := wallFall(s, f.Pos, land); w >= 0 {
		evs = append(evs, rules.Event{Kind: "throw", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, at},
			Text: fmt.Sprintf("The grenade hits %s and drops at its foot", rules.PieceName(s, w))})
		land = at
	}
	return append(evs, r.burst(s, f.Side, land, in(r.d.T.Grenade.Radius), "Grenade")...), nil
}

func (r Skirmish) throwBackOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the thrower")
	}
	p, t, err := aimOf(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.throwBackProblem(s, f); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	blow := float64(r.d.T.Grenade.ReturnBlows) / 6
	ls := r.throwLandings(f.Pos, p)
	for i := range ls {
		ls[i].at, _ = wallFall(s, f.Pos, ls[i].at)
	}
	o := r.burstOdds(s, t, p, ls, 1-blow, 0, in(r.d.T.Grenade.Radius), false)
	// everyone else: where it is thrown, or where it lay when it goes
	// off in hand
	all := []landing{}
	for _, l := range ls {
		all = append(all, landing{l.at, l.p * (1 - blow)})
	}
	if g, ok := r.liveNear(s, f); ok && blow > 0 {
		all = append(all, landing{g.At, blow})
	}
	o.Parts = r.burstParts(s, t, all, 1, 0, in(r.d.T.Grenade.Radius))
	var out []rules.Outcome
	for _, x := range o.Outcomes {
		if x.Name != "dud" {
			out = append(out, x)
		}
	}
	o.Outcomes = append(out, rules.Outcome{Name: "goes off in hand", P: blow})
	o.Note = "a 1 on the die and it goes off in hand; otherwise it bursts where it lands"
	return o, nil
}

// throwInto rolls a grenade through a window or door of building b: by
// the distance, automatic or 2D6; a miss drops it outside below the
// opening.
func (r Skirmish) throwInto(s *rules.State, f *rules.Figure, b int, p geom.Pt) (geom.Pt, []rules.Event) {
	d := dist(f.Pos, p)
	need := r.windowNeed(f, d)
	if need <= 0 {
		return p, []rules.Event{{Kind: "throw", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, p},
			Text: fmt.Sprintf("%s lobs a grenade into %s", f.Name, rules.PieceName(s, b))}}
	}
	l := &rules.Ledger{What: fmt.Sprintf("Grenade through a window of %s: %s", rules.PieceName(s, b), f.Name), Compare: ">=", Target: need,
		Note: fmt.Sprintf("thrown %s\"", rules.InchText(d))}
	l.Dice = s.RollN(2, 6)
	l.Total = l.DiceTotal()
	if l.Total >= need {
		l.Outcome = "in"
		return p, []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, p},
			Text: rules.Possessive(f.Name) + " grenade goes in through the window"}}
	}
	l.Outcome = "bounces off"
	out := r.outsideOpening(s, b, f.Pos)
	return out, []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, out},
		Text: rules.Possessive(f.Name) + " grenade misses the window and drops outside"}}
}

// VarsBySetter: 1/35th Skirmish writes units', sides' and the game's
// variables only through their SetVar, so the random player's copies
// share those maps until written.
func (Skirmish) VarsBySetter() bool { return true }
