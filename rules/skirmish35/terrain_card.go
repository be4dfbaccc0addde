package skirmish35

import (
	"strconv"

	"hedgerow/rules"
)

// BuildingGoing is the terrain card's going for a building with doors:
// its walls stop a figure, which goes in and out by a door (opening a
// shut one is an action) or, where it has windows, climbs through one as
// over a wall.
func (r Skirmish) BuildingGoing(s *rules.State, piece int) []string {
	open := "free to open"
	if n := r.d.T.Costs.Action; n > 0 {
		open = strconv.Itoa(n) + " AP to open one"
	}
	out := []string{"Going: walls impassable; in by its doors (" + open + ")"}
	if s.Map != nil && piece >= 0 && piece < len(s.Map.Pieces) && len(s.Map.Pieces[piece].Windows) > 0 {
		out = append(out, "or by climbing through a window, as over a wall")
	}
	return out
}

var _ rules.BuildingGoer = Skirmish{}
