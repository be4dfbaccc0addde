package firefight

import (
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// figWords names a figure a command gave, or "that figure" when there is
// none such.
func figWords(s *rules.State, id rules.FigID) string {
	if f := s.Fig(id); f != nil {
		return f.Name
	}
	return "that figure"
}

// motivateWhyNot says why leader l may not motivate f (InCommand's
// conditions, the first that fails).
func motivateWhyNot(s *rules.State, l, f *rules.Figure) string {
	switch {
	case f == nil || f.Removed:
		return "he is out of the fight"
	case f.Unit != l.Unit:
		return "he is not in " + rules.Possessive(l.Name) + " unit"
	case Neutralised(s, f):
		return "he is neutralised"
	case f.Var(fMot) == phaseNo(s):
		return "he is already motivated"
	case !geom.WithinDist(l.Pos, f.Pos, data.Dist.Command.U):
		return "he is out of command range"
	}
	return "he is not in command"
}

// oneMotivation tells a leader's motivating everyone he can in one line,
// naming the figures, instead of a line each: the other side, which may
// not know of his unit, read "An unseen enemy team acts." six times over
// for one order. n is how many he has motivated in all now.
func oneMotivation(s *rules.State, l *rules.Figure, evs []rules.Event, n int) []rules.Event {
	if len(evs) < 2 {
		return evs
	}
	names := make([]string, len(evs))
	ids := make([]rules.FigID, len(evs))
	for i, e := range evs {
		ids[i] = e.Target
		names[i] = figWords(s, e.Target)
		if e.Target == l.ID {
			names[i] = "himself"
		}
	}
	one := evs[0]
	one.Target, one.Figures = 0, ids
	one.Text = l.Name + " motivates " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] +
		motivatedOf(n, l.Rating)
	return []rules.Event{one}
}

// motivatedOf is how many a leader has motivated of the most his
// leadership allows: "(4 of 4)" beside a team of five read as a count
// of the team, and the fifth man as lost.
func motivatedOf(n, rating int) string {
	return fmt.Sprintf(" (%d of the %d his leadership allows)", n, rating)
}
