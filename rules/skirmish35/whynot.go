package skirmish35

import (
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
	// Why he has no shot at the men he acquired (or that he acquired
	// none) is not on the card: it turns on his acquisitions, which the
	// other side's copy of the battle does not hold (what he had
	// acquired stays with his side), so the card would differ from one
	// side's table to the other's. A click on an enemy gives that reason.
	return ""
}
