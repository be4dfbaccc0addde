package rules

import "hedgerow/rules/geom"

// Crossing is a place along a proposed move where dice will be rolled
// before the move ends (an obstacle whose crossing the dice price), so
// that the table can mark it on the tape while the move is dragged: a
// stop the tape promises may then be cut short there.
type Crossing struct {
	At   geom.Pt // where the path meets it
	What string  // what is crossed, in words ("the hedge")
	Note string  // what the roll decides, in words ("roll to cross")
	Halt bool    // the roll may halt the figure before it
}

// MoveCrosser is an optional RuleSet hook: the crossings a move along
// path would roll for, in the order they are met (none for a move the
// rule set refuses). It must not change the state.
type MoveCrosser interface {
	MoveCrossings(s *State, fig FigID, path []geom.Pt) []Crossing
}

// MoveCrossings is the rule set's crossings for a proposed move, or none
// when it rolls for none.
func (g *Game) MoveCrossings(fig FigID, path []geom.Pt) []Crossing {
	mc, ok := g.RS.(MoveCrosser)
	if !ok || g.St.Fig(fig) == nil || offTable(g.St, path) != nil {
		return nil
	}
	return mc.MoveCrossings(g.probe.load(g.St), fig, path)
}
