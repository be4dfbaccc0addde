package skirmish35

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// inCover reports whether a figure has cover against its nearest known
// enemy (or from any side when it knows of none).
func (r Skirmish) inCover(s *rules.State, f *rules.Figure) bool {
	if s.Terrain == nil {
		return false
	}
	from := geom.Pt{X: f.Pos.X, Y: f.Pos.Y - 100*geom.PerInch}
	if e := r.nearestKnownEnemy(s, f, f.Pos); e != nil {
		from = e.Pos
	}
	cv, _ := s.Terrain.CoverFor(geom.Circle{C: f.Pos, R: s.BaseR}, from)
	return cv != terrain.CoverNone
}

// moraleMods is the ledger of a morale test for f.
func (r Skirmish) moraleMods(s *rules.State, f *rules.Figure) []rules.Mod {
	m := r.d.T.Morale
	const rule = "Morale"
	var mods []rules.Mod
	killed := 0
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.Unit == f.Unit && g.Removed && !g.Markers.Has(rules.Surrendered) {
			killed++
		}
	}
	if killed > 0 {
		mods = append(mods, rules.Mod{Value: killed * m.Killed, Reason: fmt.Sprintf("%d of its unit lost", killed), Rule: rule})
	}
	if t := f.Var(fFiredAt); t > 0 && t >= turnNo(s)-1 {
		mods = append(mods, rules.Mod{Value: m.FiredAt, Reason: "fired at last turn", Rule: rule})
	}
	switch levelOf(f) {
	case Suppressed:
		mods = append(mods, rules.Mod{Value: m.Suppressed, Reason: "suppressed", Rule: rule})
	case Shaken:
		mods = append(mods, rules.Mod{Value: m.Shaken, Reason: "shaken", Rule: rule})
	}
	if e := r.nearestKnownEnemy(s, f, f.Pos); e != nil && within(f.Pos, e.Pos, in(m.EnemyRange)) {
		mods = append(mods, rules.Mod{Value: m.EnemyNear, Reason: fmt.Sprintf("enemy within %g\"", m.EnemyRange), Rule: rule})
	}
	if !r.seesFriend(s, f) {
		mods = append(mods, rules.Mod{Value: m.Alone, Reason: "cannot see a friend", Rule: rule})
	}
	if r.inCover(s, f) {
		mods = append(mods, rules.Mod{Value: m.Cover, Reason: "in cover", Rule: rule})
	}
	return mods
}

// moraleTest rolls a test: 2D6 needing more than the total.
func (r Skirmish) moraleTest(s *rules.State, f *rules.Figure, why string) (bool, rules.Event) {
	l := &rules.Ledger{What: fmt.Sprintf("Morale test: %s (%s)", f.Name, why), Compare: ">", Mods: r.moraleMods(s, f)}
	l.Target = l.ModTotal()
	l.Dice = s.RollN(2, 6)
	l.Total = l.DiceTotal()
	l.Note = certainNote(l, 2)
	pass := l.Total > l.Target
	l.Outcome = "fails"
	if pass {
		l.Outcome = "passes"
	}
	return pass, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l,
		Text: fmt.Sprintf("%s tests morale (%s): %s: %s", f.Name, why, needText(l.Total, l.Target, 2), l.Outcome)}
}

// friendsLeft reports whether f has any friend still fighting.
func friendsLeft(s *rules.State, f *rules.Figure) bool {
	for _, o := range alive(s, f.Side) {
		if o.ID != f.ID && !o.Markers.Has(rules.Surrendered) {
			return true
		}
	}
	return false
}

// turnMorale takes the tests due at the start of a figure's turn: a
// shaken figure tries to recover, a figure that sees no friend tests.
func (r Skirmish) turnMorale(s *rules.State, f *rules.Figure) []rules.Event {
	switch {
	case levelOf(f) == Shaken:
		pass, ev := r.moraleTest(s, f, "to recover from shaken")
		evs := []rules.Event{ev}
		if pass {
			setLevel(f, Suppressed)
			f.SetVar(fLvlTest, 1)
			evs = append(evs, rules.Event{Kind: "morale", Side: f.Side, Fig: f.ID, Text: f.Name + " steadies: suppressed, no longer shaken"})
		}
		return evs
	case friendsLeft(s, f) && !r.seesFriend(s, f):
		pass, ev := r.moraleTest(s, f, "no friend in sight")
		evs := []rules.Event{ev}
		if !pass {
			to := min(levelOf(f)+1, Shaken)
			setLevel(f, to)
			if to == Suppressed {
				f.SetVar(fLvlTest, 1)
			}
			evs = append(evs, rules.Event{Kind: "morale", Side: f.Side, Fig: f.ID, Text: f.Name + " loses heart: now " + levelNames[to]})
		}
		return evs
	}
	return nil
}

// rallyNeedsTest reports whether rallying f needs a morale test.
func rallyNeedsTest(f *rules.Figure) bool {
	return levelOf(f) == Shaken || (levelOf(f) == Suppressed && f.Var(fLvlTest) == 1)
}

func (r Skirmish) applyRally(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("rally names only the figure")
	}
	if levelOf(f) < Suppressed {
		return nil, errors.New(f.Name + " is confident: there is nothing to rally from")
	}
	if err := spend(f, r.d.T.Costs.Rally, "rallying"); err != nil {
		return nil, err
	}
	acted(s, f)
	if !rallyNeedsTest(f) {
		setLevel(f, Confident)
		return []rules.Event{{Kind: "morale", Side: f.Side, Fig: f.ID, Text: f.Name + " rallies: confident again"}}, nil
	}
	pass, ev := r.moraleTest(s, f, "rally")
	evs := []rules.Event{ev}
	if pass {
		to := levelOf(f) - 1
		setLevel(f, to)
		evs = append(evs, rules.Event{Kind: "morale", Side: f.Side, Fig: f.ID, Text: f.Name + " rallies: now " + levelNames[to]})
	}
	return evs, nil
}

func (r Skirmish) rallyOdds(s *rules.State, f *rules.Figure) (rules.Odds, error) {
	if levelOf(f) < Suppressed {
		return rules.Odds{}, errors.New(f.Name + " is confident")
	}
	if !rallyNeedsTest(f) {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "rallies", P: 1}}, Note: "suppressed by fire: rallying needs no test"}, nil
	}
	mods := r.moraleMods(s, f)
	t := 0
	for _, m := range mods {
		t += m.Value
	}
	p := probGreater2D6(t)
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "rallies", P: p}, {Name: "fails", P: 1 - p}}, Mods: mods,
		Note: fmt.Sprintf("two dice needing more than %d", t)}, nil
}

// escapes gives each prisoner of side whose guard is gone, further than
// the guard range, or fired in its last turn, its try to get away.
func (r Skirmish) escapes(s *rules.State, side int) []rules.Event {
	var evs []rules.Event
	for _, p := range alive(s, side) {
		if !p.Markers.Has(rules.Surrendered) {
			continue
		}
		g := s.Fig(rules.FigID(p.Var(fGuard)))
		why := ""
		switch {
		case g == nil || g.Removed || g.Markers.Has(rules.Surrendered):
			why = "its guard is gone"
		case !within(g.Pos, p.Pos, in(r.d.T.Prisoners.Guard)):
			why = fmt.Sprintf("its guard is more than %g\" away", r.d.T.Prisoners.Guard)
		case g.Var(fFired) == turnNo(s)-1 && turnNo(s) > 1:
			why = "its guard was firing"
		default:
			continue
		}
		d := s.Roll(6)
		l := &rules.Ledger{What: "Escape: " + p.Name + " (" + why + ")", Dice: []rules.Die{d}, Compare: ">=",
			Target: r.d.T.Prisoners.Escape, Total: d.Face, Outcome: "held"}
		if d.Face < r.d.T.Prisoners.Escape {
			evs = append(evs, rules.Event{Kind: "roll", Side: side, Fig: p.ID, Roll: l, Text: p.Name + " tries to slip away and is held"})
			continue
		}
		l.Outcome = "escapes"
		p.Markers &^= rules.Surrendered
		p.SetVar(fGuard, 0)
		setLevel(p, Shaken)
		s.Sides[side].Losses--
		evs = append(evs, rules.Event{Kind: "roll", Side: side, Fig: p.ID, Roll: l, Text: p.Name + " escapes and is back in the fight, shaken"})
	}
	return evs
}

// leadPrisoners brings a guard's prisoners along behind it: each to the
// first free place just behind the guard, or to where the guard started.
func (r Skirmish) leadPrisoners(s *rules.State, g *rules.Figure, from geom.Pt) []rules.Event {
	var evs []rules.Event
	for _, p := range alive(s, 1-g.Side) {
		if !p.Markers.Has(rules.Surrendered) || p.Var(fGuard) != int(g.ID) {
			continue
		}
		to := p.Pos
		for _, cand := range []geom.Pt{towards(g.Pos, from, 2*s.BaseR+100), from} {
			if cand != g.Pos && r.standProblem(s, p, cand) == "" {
				to = cand
				break
			}
		}
		if to == p.Pos {
			continue
		}
		evs = append(evs, rules.Event{Kind: "move", Side: p.Side, Fig: p.ID, Path: []geom.Pt{p.Pos, to},
			Text: p.Name + " is marched along by " + g.Name})
		p.Pos = to
	}
	return evs
}
