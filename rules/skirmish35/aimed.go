package skirmish35

import (
	"fmt"

	"hedgerow/rules"
)

// A command aimed at a figure (the table aims it at the man clicked)
// names what Legal offers there, so that a click the rules do not take
// always has its reason in words; a spot the figure form does not cover
// (a friend's, an enemy not yet acquired) is aimed at as ground, by its
// point.

// aboard names the vehicle t is inside ("" when it is on foot).
func aboard(s *rules.State, t *rules.Figure) string {
	if len(s.Vehicles) == 0 {
		return ""
	}
	if id := s.Carrier(t.ID); id != 0 {
		if v := s.Veh(id); v != nil && v.Name != "" {
			return v.Name
		}
		return "a vehicle"
	}
	return ""
}

// aimedFigureProblem says why t may not be named as the aim of f's
// grenade or mortar fire (what: "the grenade", "the mortar"), or "": the
// figure form names an enemy on foot and free, aimed at where he stands,
// as Legal offers it; a friend's spot is aimed at as a point of the
// ground. (Whether the spot itself may be aimed at is grenadeProblem's
// and plotProblem's question.)
func (r Skirmish) aimedFigureProblem(s *rules.State, f, t *rules.Figure, what string) string {
	switch {
	case t.ID == f.ID:
		return fmt.Sprintf("aim %s away from %s", what, f.Name)
	case t.Side == f.Side:
		return fmt.Sprintf("%s is a friend: aim %s at the ground to put it there", t.Name, what)
	case aboard(s, t) != "":
		return fmt.Sprintf("%s is inside %s", t.Name, aboard(s, t))
	case t.Markers.Has(rules.Surrendered):
		return t.Name + " is a prisoner"
	}
	return ""
}

// faceFigureProblem says why f may not turn to face figure t, or "":
// turning to a figure is turning to bring an enemy into its front, as
// Legal offers it; any other way is faced by its point.
func (r Skirmish) faceFigureProblem(s *rules.State, f, t *rules.Figure) string {
	switch {
	case t.Side == f.Side:
		return fmt.Sprintf("%s is a friend: turn to face an enemy, or aim at the ground to face that way", t.Name)
	case aboard(s, t) != "":
		return fmt.Sprintf("%s is inside %s: aim at the ground to face that way", t.Name, aboard(s, t))
	case t.Markers.Has(rules.Surrendered):
		return t.Name + " is a prisoner"
	case inFront(f, t.Pos, r.d.T.Sight.Front):
		return fmt.Sprintf("%s is already in front of %s", t.Name, f.Name)
	}
	return ""
}
