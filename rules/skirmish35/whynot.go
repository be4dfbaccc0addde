package skirmish35

import (
	"strings"

	"hedgerow/rules"
)

// whyNoFire is why figure f, of the side whose turn it is, has no shot
// to take now, in words for his card ("" when he has one, or when it is
// not his side's turn). The play-tester's hidden Bren gunner was offered
// only Crawl and Stand up, and the sniper who had acquired a German found
// no Fire button, with no reason given for either.
func (r Skirmish) whyNoFire(s *rules.State, f *rules.Figure) string {
	if f.Removed || s.Over || f.Side != s.Active || s.Phase != PhaseTurn || f.Var(fAP) <= 0 {
		return ""
	}
	if _, why := r.canShoot(s, f); why != "" {
		if _, ok := r.weapon(f); !ok {
			return "" // a man with no firearm needs no reason
		}
		return why
	}
	var acquired []*rules.Figure
	for i := range s.Figures {
		t := &s.Figures[i]
		if t.Side != f.Side && !t.Removed && acquiredNow(s, f, t.ID) {
			acquired = append(acquired, t)
		}
	}
	if len(acquired) == 0 {
		why := f.Name + " has acquired no enemy this turn: he fires only at a man he has acquired (Acquire costs no points)"
		if f.Markers.Has(rules.Hidden) {
			why += "; from hiding he takes only aimed shots, at a man he had in sight last turn"
		}
		return why
	}
	for _, t := range acquired {
		if r.fireProblem(s, f, t, "aimed") == "" || r.fireProblem(s, f, t, "unaimed") == "" {
			return ""
		}
	}
	t := acquired[0]
	a, u := r.fireProblem(s, f, t, "aimed"), r.fireProblem(s, f, t, "unaimed")
	if a == u {
		return a
	}
	// "Noll has 1 action point; unaimed fire costs 3" and the same for
	// aimed fire read as one
	if i, j := strings.Index(u, "; "), strings.Index(a, "; "); i > 0 && j > 0 && u[:i] == a[:j] {
		return u + ", " + a[j+2:]
	}
	return u + "; " + a
}
