package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// ---- grenades ----

func (r Skirmish) grenadeProblem(s *rules.State, f *rules.Figure, p geom.Pt, arg string) string {
	kind := "grenade"
	if arg == "smoke" {
		kind = "smoke"
	} else if arg != "" {
		return `a grenade is thrown plain or with "smoke"`
	}
	// in a hidden-deployment game a grenade may go where the enemy is
	// only suspected
	seen := s.Sides[1-f.Side].Vars["hidden"] == 1
	// the book: a target seen before the thrower moved; one acquired
	// after moving does not do
	moved := f.Var(fMoved) > 0
	if moved {
		seen = seen || f.Var(fPreSeen) == turnNo(s)
	} else {
		seen = seen || r.acquiredAny(s, f)
	}
	switch {
	case !r.carries(f, kind):
		return f.Name + " has no " + map[string]string{"grenade": "grenade", "smoke": "smoke grenade"}[kind]
	case f.Markers.Has(rules.Hidden):
		return f.Name + " is hidden: he must move first, and moving gives him away"
	case levelOf(f) >= Suppressed:
		return f.Name + " is " + levelNames[levelOf(f)] + " and cannot throw"
	case f.Var(fAP) < r.d.T.Costs.Grenade:
		return fmt.Sprintf("%s needs %d points to throw", f.Name, r.d.T.Costs.Grenade)
	case kind == "grenade" && !seen && moved:
		return f.Name + " acquired no enemy before it moved: a grenade needs a target seen before moving"
	case kind == "grenade" && !seen:
		return f.Name + " has acquired no enemy this turn to throw at"
	case !within(f.Pos, p, in(r.d.T.Grenade.Range)):
		return fmt.Sprintf("a grenade is thrown at most %g\"", r.d.T.Grenade.Range)
	case p == f.Pos:
		return "throw it away from the thrower"
	case !inFront(f, p, r.d.T.Sight.Front):
		return f.Name + " must turn to face that way first"
	}
	if why := overWallProblem(s, f.Pos, p); why != "" {
		return why
	}
	if b := intoBuilding(s, f, p); b >= 0 {
		if len(openings(s, b)) == 0 {
			return rules.PieceName(s, b) + " has no window or open door to throw through"
		}
		if r.windowNeed(f, dist(f.Pos, p)) < 0 {
			return "only a standing figure may try to throw that far through a window"
		}
	}
	return ""
}

// acquiredAny reports whether f has acquired any enemy this turn.
func (r Skirmish) acquiredAny(s *rules.State, f *rules.Figure) bool {
	for _, e := range alive(s, 1-f.Side) {
		if acquiredNow(s, f, e.ID) {
			return true
		}
	}
	return false
}

// beforeMove notes, as f first moves in a turn, whether it has seen an
// enemy (acquired one) before moving: a grenade needs that.
func (r Skirmish) beforeMove(s *rules.State, f *rules.Figure) {
	if f.Var(fMoved) == 0 && f.Var(fPreSeen) != turnNo(s) && r.acquiredAny(s, f) {
		f.SetVar(fPreSeen, turnNo(s))
	}
}

// devBand is the deviation row for a throw of d.
func (r Skirmish) devBand(d int64) DevBand {
	bs := r.d.T.Grenade.Band
	for _, b := range bs {
		if d <= in(b.Upto) {
			return b
		}
	}
	return bs[len(bs)-1]
}

// aimOf is a command's aim point: its one point, or its one target.
func aimOf(s *rules.State, c rules.Command) (geom.Pt, *rules.Figure, error) {
	switch {
	case len(c.Path) == 1 && len(c.Targets) == 0:
		return c.Path[0], nil, nil
	case len(c.Path) == 0 && len(c.Targets) == 1:
		t := s.Fig(c.Targets[0])
		if t == nil || t.Removed {
			return geom.Pt{}, nil, errors.New("the target is not on the table")
		}
		return t.Pos, t, nil
	}
	return geom.Pt{}, nil, errors.New("aim at one point or one figure")
}

func (r Skirmish) applyGrenade(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	p, t, err := aimOf(s, c)
	if err != nil {
		return nil, err
	}
	if why := r.grenadeProblem(s, f, p, c.Arg); why != "" {
		return nil, errors.New(why)
	}
	if t != nil {
		what := "the grenade"
		if c.Arg == "smoke" {
			what = "the smoke grenade"
		}
		if why := r.aimedFigureProblem(s, f, t, what); why != "" {
			return nil, errors.New(why)
		}
	}
	_ = spend(f, r.d.T.Costs.Grenade, "a throw")
	acted(s, f)
	unhide(f)
	var land geom.Pt
	var evs []rules.Event
	if b := intoBuilding(s, f, p); b >= 0 {
		land, evs = r.throwInto(s, f, b, p)
	} else {
		land, evs = r.deviate(s, f, p)
		if at, w := wallFall(s, f.Pos, land); w >= 0 {
			evs = append(evs, rules.Event{Kind: "throw", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, at},
				Text: fmt.Sprintf("The grenade hits %s and drops at its foot", rules.PieceName(s, w))})
			land = at
		}
	}
	fz := s.Roll(6)
	g := r.d.T.Grenade
	fl := &rules.Ledger{What: "Grenade fuse die", Dice: []rules.Die{fz}, Compare: "table", Target: g.Delayed, Total: fz.Face,
		Outcome: "goes off", Note: fmt.Sprintf("under %d it goes off at once, %d at the end of the enemy's turn, %d never", g.Delayed, g.Delayed, g.Dud)}
	switch {
	case fz.Face == g.Dud:
		fl.Outcome = "dud"
		return append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: fl, Text: "The grenade is a dud"}), nil
	case fz.Face >= g.Delayed:
		fl.Outcome = "goes off later"
		kind := 0
		if c.Arg == "smoke" {
			kind = 1
		}
		setLive(s, append(Live(s), LiveGrenade{At: land, Side: f.Side, Smoke: kind == 1}))
		return append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: fl, Path: []geom.Pt{land},
			Text: "The grenade lies fizzing: it goes off at the end of the enemy's turn"}), nil
	}
	evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: fl, Text: "The grenade goes off"})
	if c.Arg == "smoke" {
		setSmokes(s, append(Smokes(s), Smoke{C: land, Turn: turnNo(s)}))
		a := geom.Circle{C: land, R: in(r.d.T.Smoke.Radius)}
		return append(evs, rules.Event{Kind: "smoke", Side: f.Side, Fig: f.ID, Area: &a, Text: "Smoke billows where the grenade landed"}), nil
	}
	return append(evs, r.burst(s, f.Side, land, in(r.d.T.Grenade.Radius), "Grenade")...), nil
}

// deviate rolls where a throw aimed at p lands.
func (r Skirmish) deviate(s *rules.State, f *rules.Figure, p geom.Pt) (geom.Pt, []rules.Event) {
	b := r.devBand(dist(f.Pos, p))
	if b.On == 0 {
		return p, []rules.Event{{Kind: "throw", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, p},
			Text: fmt.Sprintf("%s throws %s\": it lands where aimed", f.Name, rules.InchText(dist(f.Pos, p)))}}
	}
	d := s.Roll(6)
	l := &rules.Ledger{What: "Grenade deviation: " + f.Name, Dice: []rules.Die{d}, Compare: ">=", Target: b.On, Total: d.Face,
		Outcome: "on target", Note: fmt.Sprintf("thrown up to %g\": off target it lands %g\" away", b.Upto, b.Dist)}
	if d.Face >= b.On {
		return p, []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, p},
			Text: rules.Possessive(f.Name) + " grenade lands on target"}}
	}
	sp := s.Roll(r.d.T.Spinner.Faces)
	land := spin(p, sp.Face, r.d.T.Spinner.Faces, in(b.Dist))
	l.Dice = append(l.Dice, sp)
	l.Outcome = fmt.Sprintf("deviates %g\" towards %d o'clock", b.Dist, sp.Face)
	return land, []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, p, land},
		Text: fmt.Sprintf("%s grenade lands %s", rules.Possessive(f.Name), rules.Whereabouts(f.Pos, p, land, "the aim point"))}}
}

// reachText tells whom a burst reaches, for its log line: the nearest
// man it touches and how many more, or that it reaches no one. Where it
// fell the line before told, and the template is on the table.
func reachText(s *rules.State, c geom.Circle) string {
	hit := under(s, c)
	if len(hit) == 0 {
		return ", reaching no one"
	}
	near := hit[0]
	for _, g := range hit[1:] {
		if geom.Dist2(g.Pos, c.C) < geom.Dist2(near.Pos, c.C) {
			near = g
		}
	}
	if len(hit) == 1 {
		return " by " + near.Name
	}
	return fmt.Sprintf(" by %s, reaching %d men", near.Name, len(hit))
}

// under lists the figures whose bases the burst touches, by id.
func under(s *rules.State, c geom.Circle) []*rules.Figure {
	var out []*rules.Figure
	for i := range s.Figures {
		g := &s.Figures[i]
		if !g.Removed && within(g.Pos, c.C, c.R+s.BaseR) && (len(s.Vehicles) == 0 || s.Carrier(g.ID) == 0) {
			out = append(out, g)
		}
	}
	return out
}

// burst rolls the effect table for every figure a burst reaches.
func (r Skirmish) burst(s *rules.State, side int, at geom.Pt, rad int64, what string) []rules.Event {
	return r.blast(s, side, at, rad, what, false)
}

// reaches reports whether a burst at `at` reaches a figure standing at
// p: walls keep a burst outside from those inside and the other way
// about (house). wall is true when the burst came through the wall (an
// anti-tank round): everyone within reach is caught.
func reaches(s *rules.State, at, p geom.Pt, wall bool) bool {
	if wall || s.Terrain == nil {
		return true
	}
	return s.Terrain.InsideBuilding(at) == s.Terrain.InsideBuilding(p)
}

// effectRow is the effect table's row for a figure at p.
func (r Skirmish) effectRow(s *rules.State, p geom.Pt, wall bool) (Effect, string) {
	if wall || (s.Terrain != nil && s.Terrain.InsideBuilding(p) >= 0) {
		return r.d.T.Effect.Building, "in a building"
	}
	return r.d.T.Effect.Open, "in the open"
}

// blast rolls the effect table for every figure a burst reaches.
func (r Skirmish) blast(s *rules.State, side int, at geom.Pt, rad int64, what string, wall bool) []rules.Event {
	c := geom.Circle{C: at, R: rad}
	evs := []rules.Event{{Kind: "burst", Side: side, Area: &c, Text: what + " bursts" + reachText(s, c)}}
	for _, g := range under(s, c) {
		if g.Removed || !reaches(s, at, g.Pos, wall) {
			continue
		}
		e, where := r.effectRow(s, g.Pos, wall)
		l := &rules.Ledger{What: fmt.Sprintf("%s effect on %s (%s)", what, g.Name, where), Compare: "table", Target: e.SuppressMax + 1}
		l.Dice = s.RollN(2, 6)
		l.Total = l.DiceTotal()
		g.SetVar(fFiredAt, turnNo(s))
		switch {
		case l.Total <= e.NoneMax:
			l.Outcome = "no effect"
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Roll: l, Text: fmt.Sprintf("%s rolls %d: no effect", g.Name, l.Total)})
		case l.Total <= e.SuppressMax:
			l.Outcome = "suppressed"
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Roll: l, Text: fmt.Sprintf("%s rolls %d: suppressed", g.Name, l.Total)})
			if levelOf(g) < Suppressed {
				setLevel(g, Suppressed)
			}
		default:
			l.Outcome = "killed"
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Roll: l, Text: fmt.Sprintf("%s rolls %d: killed", g.Name, l.Total)})
			evs = append(evs, r.remove(s, g, "killed by the blast")...)
		}
	}
	if wall { // a strike on a building: only those in it
		return evs
	}
	return append(evs, r.hatchBurst(s, c, what)...)
}

// effectDist is the chance of each effect table result on a row.
func effectDist(e Effect) (none, sup, kill float64) {
	none = 1 - probGreater2D6(e.NoneMax)
	kill = probGreater2D6(e.SuppressMax)
	return none, 1 - none - kill, kill
}

// landing is one place a throw or round may come down, with its chance.
type landing struct {
	at geom.Pt
	p  float64
}

func (r Skirmish) throwLandings(from, p geom.Pt) []landing {
	b := r.devBand(dist(from, p))
	if b.On == 0 {
		return []landing{{p, 1}}
	}
	on := float64(7-b.On) / 6
	out := []landing{{p, on}}
	n := r.d.T.Spinner.Faces
	for face := 1; face <= n; face++ {
		out = append(out, landing{spin(p, face, n, in(b.Dist)), (1 - on) / float64(n)})
	}
	return out
}

// burstOdds is the fate of figure t (or, with none, where the burst
// falls) over the landings, with the chance each goes off.
func (r Skirmish) burstOdds(s *rules.State, t *rules.Figure, aim geom.Pt, ls []landing, live, later float64, rad int64, smoke bool) rules.Odds {
	out := map[string]float64{}
	order := []string{"killed", "suppressed", "no effect", "goes off later", "dud"}
	if smoke {
		order = []string{"smoke on target", "smoke off target", "goes off later", "dud"}
	} else if t == nil {
		order = []string{"bursts on the aim point", "bursts off the aim point", "goes off later", "dud"}
	}
	out["goes off later"] = later
	out["dud"] = 1 - live - later
	for _, l := range ls {
		p := l.p * live
		switch {
		case smoke:
			if l.at == aim {
				out["smoke on target"] += p
			} else {
				out["smoke off target"] += p
			}
		case t == nil:
			if l.at == aim {
				out["bursts on the aim point"] += p
			} else {
				out["bursts off the aim point"] += p
			}
		case within(t.Pos, l.at, rad+s.BaseR) && reaches(s, l.at, t.Pos, false):
			e, _ := r.effectRow(s, t.Pos, false)
			none, sup, kill := effectDist(e)
			out["killed"] += p * kill
			out["suppressed"] += p * sup
			out["no effect"] += p * none
		default:
			out["no effect"] += p
		}
	}
	var o rules.Odds
	for _, n := range order {
		if out[n] > 0 {
			o.Outcomes = append(o.Outcomes, rules.Outcome{Name: n, P: out[n]})
		}
	}
	return o
}

func (r Skirmish) grenadeOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the thrower")
	}
	p, t, err := aimOf(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.grenadeProblem(s, f, p, c.Arg); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	g := r.d.T.Grenade
	live := float64(g.Delayed-1) / 6
	later := float64(g.Dud-g.Delayed) / 6
	ls := r.throwLandings(f.Pos, p)
	for i := range ls {
		ls[i].at, _ = wallFall(s, f.Pos, ls[i].at)
	}
	if b := intoBuilding(s, f, p); b >= 0 {
		need := r.windowNeed(f, dist(f.Pos, p))
		pw := 1.0
		if need > 0 {
			pw = probAtLeast2D6(need)
		}
		ls = []landing{{p, pw}}
		if pw < 1 {
			ls = append(ls, landing{r.outsideOpening(s, b, f.Pos), 1 - pw})
		}
	}
	o := r.burstOdds(s, t, p, ls, live, later, in(g.Radius), c.Arg == "smoke")
	if c.Arg != "smoke" {
		o.Parts = r.burstParts(s, t, ls, live, later, in(g.Radius))
	}
	b := r.devBand(dist(f.Pos, p))
	if b.On == 0 {
		o.Note = "thrown this short it lands where aimed"
	} else {
		o.Note = fmt.Sprintf("lands on target on %s on a die, else %g\" off in the spinner's direction", rules.DieOrMore(b.On), b.Dist)
	}
	return o, nil
}
