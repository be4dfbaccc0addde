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
	pass := l.Total > l.Target
	l.Outcome = "fails"
	if pass {
		l.Outcome = "passes"
	}
	return pass, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l,
		Text: fmt.Sprintf("%s tests morale (%s): %d needing more than %d, %s", f.Name, why, l.Total, l.Target, l.Outcome)}
}

// friendsLeft reports whether f has any friend still fighting.
func friendsLeft(s *rules.State, f *rules.Figure) bool {
	for _, o := range s.Alive(f.Side) {
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
		Note: fmt.Sprintf("2D6 needing more than %d", t)}, nil
}

// escapes: prisoners are led off the table at once in this rule set
// (house), so there is never a guard to slip.
func (r Skirmish) escapes(*rules.State, int) []rules.Event { return nil }
