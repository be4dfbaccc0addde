package rules

import (
	"fmt"
	"testing"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Automatic deployment stands each unit together as a group, the units
// spread across the zone from left to right, every base wholly inside the
// zone and clear of a building in it, and set back from the zone's front.
func TestAutoDeployGroupsUnits(t *testing.T) {
	rect := func(x, y, w, h float64) geom.Polygon {
		return geom.Polygon{geom.P(x, y), geom.P(x+w, y), geom.P(x+w, y+h), geom.P(x, y+h)}
	}
	house, _ := terrain.KindByName("building")
	m := &terrain.Map{Width: geom.In(72), Height: geom.In(48),
		Pieces: []terrain.Piece{{ID: 0, Kind: "building", Props: house.Props, Poly: rect(30, 40, 6, 5)}},
		Areas: []terrain.Area{
			{Name: "north", Kind: terrain.AreaDeployment, Side: 1, Poly: rect(0, 0, 72, 8)},
			{Name: "south", Kind: terrain.AreaDeployment, Side: 0, Poly: rect(0, 40, 72, 8)},
		}}
	sc := &Scenario{BaseR: DefaultBaseR}
	for side := range sc.Sides {
		sc.Sides[side].Name = fmt.Sprintf("side %d", side)
		for u := 0; u < 3; u++ {
			unit := ScenarioUnit{Name: fmt.Sprintf("unit %d", u)}
			for f := 0; f < 4; f++ {
				unit.Figures = append(unit.Figures, ScenarioFigure{Name: fmt.Sprintf("f%d.%d", u, f)})
			}
			sc.Sides[side].Units = append(sc.Sides[side].Units, unit)
		}
	}
	if err := AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	for side, zone := range []geom.Polygon{rect(0, 40, 72, 8), rect(0, 0, 72, 8)} {
		var prevX int64 = -1
		for ui, u := range sc.Sides[side].Units {
			var c geom.Pt
			for _, f := range u.Figures {
				base := geom.Circle{C: f.Pos, R: DefaultBaseR}
				if !f.HasPos || !zone.CircleInside(base) || m.Pieces[0].Poly.CircleOverlaps(base) {
					t.Fatalf("side %d %s at %v: not placed inside its zone clear of the house", side, f.Name, f.Pos)
				}
				c = c.Add(f.Pos)
			}
			c = geom.Pt{X: c.X / 4, Y: c.Y / 4}
			for _, f := range u.Figures {
				if !geom.WithinDist(f.Pos, c, geom.In(2.5)) {
					t.Errorf("side %d unit %d: %s at %v strays from its group at %v", side, ui, f.Name, f.Pos, c)
				}
			}
			if c.X < prevX+geom.In(12) {
				t.Errorf("side %d unit %d at %v is not spread right of the unit before (x %v)", side, ui, c, prevX)
			}
			prevX = c.X
		}
	}
	// Side 0's front edge (nearest the middle) is y = 40: its groups stand
	// back from it, not strung along it.
	for _, f := range sc.Sides[0].Units[0].Figures {
		if f.Pos.Y < geom.In(40)+DefaultBaseR+geom.In(0.25) {
			t.Errorf("%s stands on the front edge of the zone at %v", f.Name, f.Pos)
		}
	}
}
