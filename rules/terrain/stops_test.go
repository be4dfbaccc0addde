package terrain

import (
	"testing"

	"hedgerow/rules/geom"
)

// LOSOptions.Stops stops rays as terrain does: all of them hide the
// target, some leave it partly seen, and Visible agrees with LineOfSight
// (neither remembering an answer that depends on the caller).
func TestStopsHidesRays(t *testing.T) {
	ix := NewIndex(&Map{Name: "open", Width: geom.In(48), Height: geom.In(48)})
	from, tg := geom.P(4, 24), geom.Circle{C: geom.P(40, 24), R: 500}
	// a wall across x = 20 between y0 and y1 (exclusive of its ends)
	wall := func(y0, y1 float64) func(geom.Seg) bool {
		w := geom.Seg{A: geom.P(20, y0), B: geom.P(20, y1)}
		return func(s geom.Seg) bool { return geom.SegmentsCrossProperly(s, w) }
	}
	for _, c := range []struct {
		what string
		stop func(geom.Seg) bool
		want Visibility
	}{
		{"nothing", nil, Clear},
		{"a wall across every ray", wall(20, 28), Blocked},
		{"a wall across the upper rays", wall(20, 24.1), Partial},
		{"a wall beside the rays", wall(30, 40), Clear},
	} {
		o := LOSOptions{Stops: c.stop}
		for try := 0; try < 2; try++ {
			los := ix.LineOfSight(from, tg, o)
			if los.Vis != c.want || ix.Visible(from, tg, o) != (c.want != Blocked) {
				t.Errorf("%s: %v (visible %v), want %v", c.what, los.Vis, ix.Visible(from, tg, o), c.want)
			}
		}
	}
}
