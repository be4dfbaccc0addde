package scenario

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Set-up zones
//
// A side sets up in its zone: the area its [[side]] names with
// deployment = "...", else its own deployment area, else its home area
// (DeployArea). A figure the file gives a pos starts there, and the pos
// must keep its base wholly inside the zone: it is the scenario's
// suggestion, which the player may change within the zone. A scenario
// that means to put troops elsewhere (a garrison in a farmhouse, an
// ambush by the road, two patrols meeting mid-table) says so with
// placed = true on the unit (or on one figure): those figures stand
// where their pos says, in or out of the zone, and stay there at
// deployment.
//
// A figure outside its zone and not placed does not stop the scenario
// loading; the deployment screen rings it in red and the side cannot
// declare itself ready until it is moved in. hedgerow check refuses the
// file at the figure's pos line (Scenario.ZoneProblems).

// OutsideZone reports whether figure f of side stands outside the side's
// set-up zone when it should be inside it (a figure with a pos that is
// not placed by the scenario nor aboard a vehicle), and the zone. A side
// with no zone has nothing to be outside of.
func OutsideZone(sc *rules.Scenario, m *terrain.Map, side int, f *rules.ScenarioFigure) (*terrain.Area, bool) {
	if !f.HasPos || f.Placed || f.Aboard || m == nil {
		return nil, false
	}
	a, err := rules.DeployArea(sc, m, side)
	if err != nil {
		return nil, false
	}
	r := sc.BaseR
	if r <= 0 {
		r = rules.DefaultBaseR
	}
	return a, !a.Poly.CircleInside(geom.Circle{C: f.Pos, R: r})
}

// ZoneMessage says in plain words that figure f of side starts outside
// zone a, and how to mend it.
func ZoneMessage(sc *rules.Scenario, side int, f *rules.ScenarioFigure, a *terrain.Area) string {
	return fmt.Sprintf("figure %q at %s starts outside its side's set-up zone, %q (%s): move it inside, or write placed = true on it or its unit if the scenario places it there on purpose",
		f.Name, rules.PointText(f.Pos), a.Name, sc.Sides[side].Name)
}

// zones notes each figure that starts outside its side's zone.
func (ld *scLoader) zones(sc *rules.Scenario, m *terrain.Map) {
	n := 0
	sc.EachFigure(func(side, _, _ int, f *rules.ScenarioFigure) {
		fp := ""
		if n < len(ld.figPaths) {
			fp = ld.figPaths[n]
		}
		n++
		if a, out := OutsideZone(sc, m, side, f); out {
			p := ld.pos.find(join(fp, "pos"))
			ld.zoneProbs = append(ld.zoneProbs, terrain.Problem{File: ld.file, Line: p.line, Col: p.col, Msg: ZoneMessage(sc, side, f, a)})
		}
	})
}

// placedNeedPos refuses a figure placed by the scenario with no pos.
func (ld *scLoader) placedNeedPos(sc *rules.Scenario) {
	n := 0
	sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		fp := ""
		if n < len(ld.figPaths) {
			fp = ld.figPaths[n]
		}
		n++
		if f.Placed && !f.HasPos {
			ld.at(fp, "figure %q is placed by the scenario (placed = true, on it or its unit) but has no pos = [x, y] to stand at", f.Name)
		}
	})
}
