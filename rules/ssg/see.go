package ssg

import (
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// canSee is whether the shot's sight line is not blocked: the terrain's
// visibility-only query, exactly lineOfSight's "not Blocked" without the
// centre line and cover Legal has no use for. Tests that stand in for
// lineOfSight stand in for this too (withLOS).
var canSee = func(ix *terrain.Index, from geom.Pt, target geom.Circle, o terrain.LOSOptions) bool {
	return ix.Visible(from, target, o)
}

// inSight is whether f sees t well enough to shoot (terrain only).
func inSight(s *rules.State, f, t *rules.Figure) bool {
	return s.Terrain == nil || canSee(s.Terrain, f.Pos, t.Base(s.BaseR), SightOptions())
}
