package skirmish35

import (
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// MoveCrossings marks each obstacle a move would cross (rules.MoveCrosser):
// each costs a die's worth of points (one to three), rolled as the figure
// reaches it, and a roll above the points left halts the figure before it
// (applyMove). Halt says whether that can happen: whether the points left,
// with every earlier obstacle costing its most, could fall short.
func (r Skirmish) MoveCrossings(s *rules.State, fig rules.FigID, path []geom.Pt) []rules.Crossing {
	info := r.MoveCheck(s, fig, path)
	f := s.Fig(fig)
	if !info.OK || s.Terrain == nil || f == nil {
		return nil
	}
	legs := info.Legs
	obs := s.Terrain.PathCostBrief(legs, s.BaseR, openDoors(s)).Obstacles
	if len(obs) == 0 {
		return nil
	}
	left := f.Var(fAP) - int(ceilDiv(info.Length, r.perPoint(f)))
	out := make([]rules.Crossing, 0, len(obs))
	for k, id := range obs {
		// the base first touches it a base radius past where it halts;
		// its line lies about a base radius further on
		at := min(info.Length, r.obstacleStop(s, legs, k+1)+2*s.BaseR)
		p := cutPath(legs, at)
		c := rules.Crossing{At: p[len(p)-1], What: rules.PieceName(s, id), Note: "roll to cross", Halt: left-3*k < 3}
		if c.Halt {
			c.Note = "roll to cross: may halt here"
		}
		out = append(out, c)
	}
	return out
}
