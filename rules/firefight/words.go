package firefight

import (
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
		return "he is not of " + l.Name + "'s unit"
	case Neutralised(s, f):
		return "he is neutralised"
	case f.Var(fMot) == phaseNo(s):
		return "he is already motivated"
	case !geom.WithinDist(l.Pos, f.Pos, data.Dist.Command.U):
		return "he is out of command range"
	}
	return "he is not in command"
}
