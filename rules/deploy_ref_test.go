package rules

import (
	"fmt"
	"testing"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// The deployment before it was made near-linear, kept to prove the new
// one places every figure on exactly the same spot.

// autoDeployReference gives every figure without a position one inside its side's
// deployment area, clear of impassable terrain and of other figures, with
// a finger's width between bases. Each unit stands as a group: the units
// of a side are spread evenly across the width of the area, a quarter of
// its depth back from the edge nearest the table's middle, and each figure
// takes the free spot nearest its unit's place. Exact and deterministic.
func autoDeployReference(sc *Scenario, m *terrain.Map) error {
	r := sc.BaseR
	if r <= 0 {
		r = DefaultBaseR
	}
	var placed []geom.Pt
	sc.EachFigure(func(_, _, _ int, f *ScenarioFigure) {
		if f.HasPos {
			placed = append(placed, f.Pos)
		}
	})
	for side := range sc.Sides {
		var units []int // units with a figure still to place
		need := 0
		for ui, u := range sc.Sides[side].Units {
			n := 0
			for _, f := range u.Figures {
				if !f.HasPos {
					n++
				}
			}
			if n > 0 {
				units = append(units, ui)
				need += n
			}
		}
		if need == 0 {
			continue
		}
		area, err := DeployArea(sc, m, side)
		if err != nil {
			return err
		}
		spots := gridSpotsRef(area.Poly, m, r, placed)
		if len(spots) < need {
			return fmt.Errorf("there is room for only %d of side %s's %d figures in area %q", len(spots), sc.Sides[side].Name, need, area.Name)
		}
		used := make([]bool, len(spots))
		for k, ui := range units {
			anchor := unitAnchor(area.Poly.Bounds(), m, k, len(units))
			u := &sc.Sides[side].Units[ui]
			for fi := range u.Figures {
				f := &u.Figures[fi]
				if f.HasPos {
					continue
				}
				best := -1
				for i, p := range spots {
					if used[i] || tooCloseRef(p, placed, r) {
						continue
					}
					if best < 0 || nearer(p, spots[best], anchor) {
						best = i
					}
				}
				if best < 0 {
					return fmt.Errorf("there is no room left for %s in area %q", f.Name, area.Name)
				}
				used[best] = true
				f.Pos, f.HasPos = spots[best], true
				placed = append(placed, spots[best])
			}
		}
	}
	return nil
}

func tooCloseRef(p geom.Pt, placed []geom.Pt, r int64) bool {
	for _, q := range placed {
		if geom.WithinDist(p, q, 2*r) {
			return true
		}
	}
	return false
}

// gridSpots lists the base positions, on a grid with a finger's width
// between bases, that lie wholly inside poly, on the table, clear of
// impassable terrain and of the bases already placed.
func gridSpotsRef(poly geom.Polygon, m *terrain.Map, r int64, placed []geom.Pt) []geom.Pt {
	if len(poly) < 3 {
		return nil
	}
	pitch := 2*r + r/2
	b := poly.Bounds()
	var out []geom.Pt
	for y := b.Min.Y + r; y <= b.Max.Y-r; y += pitch {
		for x := b.Min.X + r; x <= b.Max.X-r; x += pitch {
			p := geom.Pt{X: x, Y: y}
			c := geom.Circle{C: p, R: r}
			if !poly.CircleInside(c) || !BaseOnTable(m, c) || BaseBlocked(m, c, false) || tooCloseRef(p, placed, r) {
				continue
			}
			out = append(out, p)
		}
	}
	return out
}

// crowdScenario has two sides of units of 4 figures, n figures in all,
// on a 240" table with deployment strips and houses in them.
func crowdScenario(n int) (*Scenario, *terrain.Map) {
	rect := func(x, y, w, h float64) geom.Polygon {
		return geom.Polygon{geom.P(x, y), geom.P(x+w, y), geom.P(x+w, y+h), geom.P(x, y+h)}
	}
	house, _ := terrain.KindByName("building")
	hedge, _ := terrain.KindByName("high-wall")
	m := &terrain.Map{Width: geom.In(240), Height: geom.In(120),
		Areas: []terrain.Area{
			{Name: "north", Kind: terrain.AreaDeployment, Side: 1, Poly: rect(0, 0, 240, 14)},
			{Name: "south", Kind: terrain.AreaDeployment, Side: 0, Poly: rect(0, 106, 240, 14)},
		}}
	for i := 0; i < 20; i++ {
		m.Pieces = append(m.Pieces, terrain.Piece{ID: len(m.Pieces), Kind: "building", Props: house.Props, Poly: rect(float64(5+i*12), 3, 4, 3)})
		m.Pieces = append(m.Pieces, terrain.Piece{ID: len(m.Pieces), Kind: "building", Props: house.Props, Poly: rect(float64(7+i*12), 110, 3, 5)})
	}
	w := hedge.Props
	w.Going = terrain.GoingImpassable
	w.Width = geom.In(0.5)
	m.Pieces = append(m.Pieces, terrain.Piece{ID: len(m.Pieces), Kind: "high-wall", Props: w, Path: []geom.Pt{geom.P(0, 10), geom.P(100, 12.3)}})
	sc := &Scenario{BaseR: DefaultBaseR}
	for side := range sc.Sides {
		sc.Sides[side].Name = fmt.Sprintf("side %d", side)
		for u := 0; u < n/8; u++ {
			unit := ScenarioUnit{Name: fmt.Sprintf("unit %d", u)}
			for f := 0; f < 4; f++ {
				fig := ScenarioFigure{Name: fmt.Sprintf("f%d.%d", u, f)}
				if u == 1 && f == 0 { // one set by hand, in the way
					fig.Pos, fig.HasPos = geom.P(60.3, 113.1), true
				}
				unit.Figures = append(unit.Figures, fig)
			}
			sc.Sides[side].Units = append(sc.Sides[side].Units, unit)
		}
	}
	return sc, m
}

func TestAutoDeployMatchesReference(t *testing.T) {
	for _, n := range []int{8, 40, 160, 400} {
		for _, baseIn := range []float64{1, 1.25, 0.25, 2} {
			if n == 400 && baseIn < 1 {
				continue // the reference takes seconds on so many spots
			}
			sc, m := crowdScenario(n)
			sc.BaseR = geom.In(baseIn) / 2
			a, b := sc.Clone(), sc.Clone()
			errA, errB := AutoDeploy(a, m), autoDeployReference(b, m)
			if fmt.Sprint(errA) != fmt.Sprint(errB) {
				t.Fatalf("%d figures, base %v\": %v, reference %v", n, baseIn, errA, errB)
			}
			var pa, pb []geom.Pt
			a.EachFigure(func(_, _, _ int, f *ScenarioFigure) { pa = append(pa, f.Pos) })
			b.EachFigure(func(_, _, _ int, f *ScenarioFigure) { pb = append(pb, f.Pos) })
			for i := range pa {
				if pa[i] != pb[i] {
					t.Fatalf("%d figures, base %v\": figure %d at %v, reference %v", n, baseIn, i+1, pa[i], pb[i])
				}
			}
		}
	}
}

// 400 figures (the most a scenario may have) deploy; BenchmarkAutoDeploy
// gives the time (18 ms here, against 167 ms before).
func TestAutoDeploy400(t *testing.T) {
	sc, m := crowdScenario(400)
	if err := AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
}

// Out of room, the error names the side that has no room.
func TestAutoDeployNamesTheCrowdedSide(t *testing.T) {
	sc, m := crowdScenario(40)
	m.Areas[1].Poly = geom.Polygon{geom.P(0, 116), geom.P(4, 116), geom.P(4, 120), geom.P(0, 120)} // south: room for nine
	err := AutoDeploy(sc, m)
	de, ok := err.(*DeployError)
	if !ok || de.Side != 0 || err.Error() != `there is room for only 9 of side side 0's 19 figures in area "south"` {
		t.Fatalf("got %#v", err)
	}
}

func BenchmarkAutoDeploy(b *testing.B) {
	for _, n := range []int{100, 400} {
		sc, m := crowdScenario(n)
		b.Run(fmt.Sprintf("%dfigures", n), func(b *testing.B) {
			for b.Loop() {
				if err := AutoDeploy(sc.Clone(), m); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%dfigures-before", n), func(b *testing.B) {
			for b.Loop() {
				if err := autoDeployReference(sc.Clone(), m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
