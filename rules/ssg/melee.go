package ssg

import (
	"errors"
	"fmt"

	"hedgerow/rules"
)

// meleePair checks a "melee F<a> F<e>" command: a is the active side's
// figure, e an enemy within 1" of it.
func meleePair(s *rules.State, c rules.Command) (*rules.Figure, *rules.Figure, error) {
	a := s.Fig(c.Fig)
	if a == nil || a.Removed || a.Side != s.Active {
		return nil, nil, fmt.Errorf("%s is not one of %s figures on the table", figName(s, c.Fig), rules.Possessive(s.Sides[s.Active].Name))
	}
	if len(c.Targets) != 1 {
		return nil, nil, errors.New("name one enemy figure to fight")
	}
	e := s.Fig(c.Targets[0])
	if e == nil || e.Removed || e.Side == s.Active {
		return nil, nil, fmt.Errorf("%s is not an enemy figure on the table", figName(s, c.Targets[0]))
	}
	if !inContact(s, a.Pos, e.Pos) {
		return nil, nil, fmt.Errorf("%s is not within 1\" of %s", a.Name, e.Name)
	}
	return a, e, nil
}

func applyMelee(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || c.Unit != 0 || c.Arg != "" {
		return nil, fmt.Errorf("a melee names the two figures that fight, or nothing: %q", c.String())
	}
	var evs []rules.Event
	if c.Fig == 0 {
		if len(c.Targets) > 0 {
			return nil, errors.New("name the attacking figure before its enemy")
		}
		// Fight every contact in id order until none is left.
		for !s.Over {
			pairs := contacts(s)
			if len(pairs) == 0 {
				break
			}
			evs = append(evs, fight(s, s.Fig(pairs[0][0]), s.Fig(pairs[0][1]))...)
		}
	} else {
		a, e, err := meleePair(s, c)
		if err != nil {
			return nil, err
		}
		evs = fight(s, a, e)
	}
	if !s.Over && len(contacts(s)) == 0 {
		s.Phase = PhaseShoot
		evs = append(evs, rules.Event{Kind: "phase", Side: s.Active, Text: "No figures left in contact. Shooting phase"})
	}
	return evs, nil
}

// fight rolls off between two figures until one wins; the loser is removed.
func fight(s *rules.State, a, e *rules.Figure) []rules.Event {
	var evs []rules.Event
	for {
		da, de := s.Roll(6), s.Roll(6)
		out := "tie: roll again"
		if da.Face > de.Face {
			out = "attacker wins"
		} else if de.Face > da.Face {
			out = "defender wins"
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: a.Side, Fig: a.ID, Target: e.ID,
			Roll: &rules.Ledger{What: fmt.Sprintf("Melee, %s against %s", a.Name, e.Name),
				Dice: []rules.Die{da, de}, Target: de.Face, Compare: "opposed", Total: da.Face, Outcome: out,
				Note: "SSG Melee: each side rolls a die, the higher wins and the loser is removed; ties are rolled again"},
			Text: fmt.Sprintf("Melee: %s rolls %d, %s rolls %d: %s", a.Name, da.Face, e.Name, de.Face, out)})
		switch {
		case da.Face > de.Face:
			return append(evs, remove(s, e.ID, "lost a melee with "+a.Name)...)
		case de.Face > da.Face:
			return append(evs, remove(s, a.ID, "lost a melee with "+e.Name)...)
		}
	}
}
