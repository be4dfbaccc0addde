package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Opportunity fire: points held back in a figure's own turn, spent in
// the enemy's on a mover in sight (aimed, or a line of suppressive fire
// the movers cross), and reloading.

func (r Skirmish) holdProblem(s *rules.State, f *rules.Figure) string {
	if f.Markers.Has(rules.OppFire) {
		return f.Name + " is already holding his fire"
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
	return []rules.Event{{Kind: "opp", Side: f.Side, Fig: f.ID, Text: f.Name + " holds his fire for the enemy's turn"}}, nil
}

// oppWindowProblem is what opportunity fire and its suppressive form
// both ask first: the window is open for mover m, holder h holds fire for
// it, and m is still in the fight and in h's front ("" if so); done says
// what m may be ("fired at", "suppressed").
func (r Skirmish) oppWindowProblem(s *rules.State, h, m *rules.Figure, done string) string {
	switch {
	case s.Phase != PhaseOpp:
		return "no opportunity fire window is open"
	case rules.FigID(s.Var(gOppMover)) != m.ID:
		return "only the figure that has just moved may be " + done
	case h.Removed || h.Side == s.Active || !h.Markers.Has(rules.OppFire):
		return h.Name + " is not holding opportunity fire"
	case m.Removed:
		return m.Name + " is out of the fight"
	case !inFront(h, m.Pos, r.d.T.Sight.Front):
		return m.Name + " is outside " + rules.Possessive(h.Name) + " front"
	}
	return ""
}

// oppProblem says why holder h cannot fire at mover m now.
func (r Skirmish) oppProblem(s *rules.State, h, m *rules.Figure) string {
	if why := r.oppWindowProblem(s, h, m, "fired at"); why != "" {
		return why
	}
	w, ok := r.weapon(h)
	switch {
	case !ok || h.Markers.Has(rules.OutOfAmmo) || levelOf(h) >= Suppressed:
		return h.Name + " cannot fire now"
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
	if why := r.oppWindowProblem(s, h, m, "suppressed"); why != "" {
		return why
	}
	w, ok := r.weapon(h)
	switch {
	case !ok || !w.CanSuppress():
		return rules.Possessive(h.Name) + " weapon cannot lay suppressive fire"
	case h.Markers.Has(rules.OutOfAmmo) || levelOf(h) >= Suppressed:
		return h.Name + " cannot fire now"
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
	l := &rules.Ledger{What: fmt.Sprintf("Reload check: %s suppressive fire on %s", rules.Possessive(h.Name), m.Name), Dice: []rules.Die{rl},
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
				Text: m.Name + " is pinned back where he broke cover"})
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
