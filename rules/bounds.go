package rules

import (
	"fmt"

	"hedgerow/rules/geom"
)

// offTable refuses a command with a point off the table: a move's
// waypoint, an aim point, a door's or a line's ends. No rule set plays off
// the table, and refusing such points here, before any rule set measures
// them, keeps every distance the rules work out far inside int64 (a point
// millions of inches away overflowed squared distances).
func offTable(s *State, path []geom.Pt) error {
	if s.Map == nil {
		return nil
	}
	w, h := s.Map.Width, s.Map.Height
	for _, p := range path {
		if p.X < 0 || p.Y < 0 || p.X > w || p.Y > h {
			// how far beyond the nearest edge it lies, in words: a
			// player never reads the table's coordinates
			out := max(-p.X, p.X-w, -p.Y, p.Y-h)
			return fmt.Errorf("that point is off the table, %s beyond its edge (the table is %s by %s)",
				shortInches(out), shortInches(w), shortInches(h))
		}
	}
	return nil
}

// shortInches writes a length in inches to one decimal, or in powers of
// ten when it is too long to read.
func shortInches(u int64) string {
	in := geom.Inches(u)
	if in > 1e6 || in < -1e6 {
		return fmt.Sprintf("%.3g\"", in)
	}
	return fmt.Sprintf("%.1f\"", in)
}
