package rules

import "hedgerow/rules/geom"

// EndDangerer is an optional RuleSet hook for the computer (rules/ai):
// what the end of the side's go may bring down on a spot that the side
// cannot see aimed. 1/35th's mortar rounds are plotted in the enemy's
// turn and land at the end of the side's next one, their aim points
// hidden from it; a careful player still steps away from where the
// enemy could have aimed.
//
// EndDanger is asked on the side's own copy of the battle (View.Forget:
// no hidden aim point in it) while the side is on its go. It returns the
// expected harm, as a share of a figure (0 to 1: the chance it is killed,
// plus part of the chance it is only hurt or pinned), to a figure of the
// side that stands at a point when its go ends; nil when nothing is to be
// feared.
type EndDangerer interface {
	EndDanger(s *State, side int) func(geom.Pt) float64
}
