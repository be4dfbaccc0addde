package ssg

import (
	"strings"

	"hedgerow/rules"
)

// figName names a figure in odds and refusals a player reads, never by
// its number: by its name, and by its squad's too when another figure
// bears the same one ("Rifleman of Red squad").
func figName(s *rules.State, id rules.FigID) string {
	f := s.Fig(id)
	if f == nil {
		return "no such figure"
	}
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.ID != f.ID && strings.EqualFold(g.Name, f.Name) {
			if u := s.UnitOf(f.Unit); u != nil {
				return f.Name + " of " + u.Name
			}
			break
		}
	}
	return f.Name
}
