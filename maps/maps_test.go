package maps

import (
	"io/fs"
	"slices"
	"testing"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

func TestNamesListsEveryFile(t *testing.T) {
	names := Names()
	want := []string{"bocage-farm", "ruined-town", "ssg-standard", "village-crossroads", "woods-and-fields"}
	if !slices.Equal(names, want) {
		t.Errorf("Names() = %v, want %v", names, want)
	}
	files, _ := fs.Glob(FS, "*.toml")
	if len(files) != len(names) {
		t.Errorf("%d files, %d names", len(files), len(names))
	}
	if _, err := Load("no-such-map"); err == nil {
		t.Error("loading a missing map succeeded")
	}
}

// Every shipped map loads, has a deployment zone for each side, and each
// zone has room for a good number of 1"-wide bases clear of anything
// impassable.
func TestShippedMapsAreValid(t *testing.T) {
	used := map[string]bool{}
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			m, err := Load(name)
			if err != nil {
				t.Fatalf("does not load:\n%v", err)
			}
			if m.File != name+".toml" || m.Name == "" || m.Description == "" {
				t.Errorf("file %q name %q description %q", m.File, m.Name, m.Description)
			}
			for _, p := range m.Pieces {
				used[p.Kind] = true
			}
			for side := 0; side <= 1; side++ {
				zones := 0
				for _, a := range m.Areas {
					if a.Kind != terrain.AreaDeployment || a.Side != side {
						continue
					}
					zones++
					if n := fitBases(m, a.Poly, geom.In(0.5), 12); n < 12 {
						t.Errorf("deployment %q (side %d) has room for only %d bases", a.Name, side, n)
					}
				}
				if zones == 0 {
					t.Errorf("no deployment zone for side %d", side)
				}
			}
			if name == "ssg-standard" {
				return
			}
			if m.Width != geom.In(72) || m.Height != geom.In(48) {
				t.Errorf("table is %v x %v, want 72 x 48", m.Width, m.Height)
			}
			if n := len(m.Pieces); n < 20 || n > 60 {
				t.Errorf("%d pieces; a full table should have 20 to 60", n)
			}
			objectives, kinds := 0, map[string]bool{}
			for _, a := range m.Areas {
				if a.Kind == terrain.AreaObjective {
					objectives++
				}
			}
			for _, p := range m.Pieces {
				kinds[p.Kind] = true
			}
			if objectives < 2 {
				t.Errorf("%d objectives, want at least 2", objectives)
			}
			if len(kinds) < 12 {
				t.Errorf("only %d kinds of terrain used", len(kinds))
			}
		})
	}
	for _, k := range terrain.Kinds {
		if !used[k.Name] {
			t.Errorf("no shipped map uses terrain kind %q", k.Name)
		}
	}
}

func TestSSGStandardHomeBases(t *testing.T) {
	m, err := Load("ssg-standard")
	if err != nil {
		t.Fatal(err)
	}
	if m.Width != geom.In(36) || m.Height != geom.In(36) {
		t.Fatalf("table %v x %v, want 36 x 36", m.Width, m.Height)
	}
	var homes [2]*terrain.Area
	for i := range m.Areas {
		if a := &m.Areas[i]; a.Kind == terrain.AreaHome {
			if homes[a.Side] != nil {
				t.Errorf("side %d has two home bases", a.Side)
			}
			homes[a.Side] = a
		}
	}
	if homes[0] == nil || homes[1] == nil {
		t.Fatal("each side needs a home base")
	}
	for side, h := range homes {
		b := h.Poly.Bounds()
		w, d := b.Max.X-b.Min.X, b.Max.Y-b.Min.Y
		if w < geom.In(6) || w > geom.In(12) || d < geom.In(6) || d > geom.In(12) && w > geom.In(12) {
			t.Errorf("side %d home base is %v x %v", side, geom.Inches(w), geom.Inches(d))
		}
		// A couple of inches from its own edge: side 0 the top, side 1 the bottom.
		gap := b.Min.Y
		if side == 1 {
			gap = m.Height - b.Max.Y
		}
		if gap < geom.In(1) || gap > geom.In(3) {
			t.Errorf("side %d home base is %v\" from its edge", side, geom.Inches(gap))
		}
		// Its set-up area reaches 2" out from the base on every side that
		// is on the table, and contains the base.
		var zone *terrain.Area
		for i := range m.Areas {
			if a := &m.Areas[i]; a.Kind == terrain.AreaDeployment && a.Side == side {
				zone = a
			}
		}
		if zone == nil {
			t.Fatalf("side %d has no set-up area", side)
		}
		for _, q := range h.Poly {
			if !zone.Poly.Contains(q) {
				t.Errorf("side %d home base corner %v is outside its set-up area", side, q)
			}
		}
		z := zone.Poly.Bounds()
		if b.Min.X-z.Min.X != geom.In(2) || z.Max.X-b.Max.X != geom.In(2) {
			t.Errorf("side %d set-up area does not reach 2\" beside the base", side)
		}
	}
	if homes[0].Poly.Bounds().Max.Y >= homes[1].Poly.Bounds().Min.Y {
		t.Error("home bases are not at opposite ends")
	}
}

// fitBases packs bases of radius r into zone greedily on a 0.25" grid,
// each wholly inside the zone and on the table, touching no impassable
// terrain and no other base. It stops once it has placed want.
func fitBases(m *terrain.Map, zone geom.Polygon, r int64, want int) int {
	step := geom.In(0.25)
	b := zone.Bounds()
	var placed []geom.Circle
	for y := b.Min.Y + r; y <= b.Max.Y-r; y += step {
		for x := b.Min.X + r; x <= b.Max.X-r; x += step {
			c := geom.Circle{C: geom.Pt{X: x, Y: y}, R: r}
			if !zone.CircleInside(c) || x-r < 0 || y-r < 0 || x+r > m.Width || y+r > m.Height {
				continue
			}
			if blocked(m, c) {
				continue
			}
			clear := true
			for _, p := range placed {
				if geom.Dist2(p.C, c.C) < (p.R+c.R)*(p.R+c.R) { // touching is fine
					clear = false
					break
				}
			}
			if clear {
				placed = append(placed, c)
				if len(placed) >= want {
					return len(placed)
				}
			}
		}
	}
	return len(placed)
}

func blocked(m *terrain.Map, c geom.Circle) bool {
	for i := range m.Pieces {
		p := &m.Pieces[i]
		if p.Props.Going != terrain.GoingImpassable {
			continue
		}
		if len(p.Poly) > 0 {
			if p.Poly.CircleOverlaps(c) {
				return true
			}
			continue
		}
		for k := 0; k+1 < len(p.Path); k++ {
			if geom.SegWithin(geom.Seg{A: p.Path[k], B: p.Path[k+1]}, c.C, c.R+p.Props.Width/2, false) {
				return true
			}
		}
	}
	return false
}

// The packing check itself must notice a zone that is full of buildings.
func TestFitBasesNoticesABlockedZone(t *testing.T) {
	m := &terrain.Map{Width: geom.In(20), Height: geom.In(20)}
	zone := geom.Polygon{geom.P(0, 0), geom.P(10, 0), geom.P(10, 3), geom.P(0, 3)}
	if n := fitBases(m, zone, geom.In(0.5), 100); n != 30 {
		t.Errorf("an empty 10x3 zone fits %d bases, want 30 (10 across, 3 deep)", n)
	}
	house, _ := terrain.KindByName("building")
	m.Pieces = []terrain.Piece{{Kind: "building", Props: house.Props,
		Poly: geom.Polygon{geom.P(0, 0), geom.P(9.5, 0), geom.P(9.5, 3), geom.P(0, 3)}}}
	if n := fitBases(m, zone, geom.In(0.5), 100); n != 0 {
		t.Errorf("a zone covered by a building fits %d bases, want 0", n)
	}
	wall, _ := terrain.KindByName("high-wall")
	m.Pieces = []terrain.Piece{{Kind: "high-wall", Props: wall.Props, Path: []geom.Pt{geom.P(0, 1), geom.P(10, 1)}}}
	zone = geom.Polygon{geom.P(0, 0), geom.P(10, 0), geom.P(10, 2), geom.P(0, 2)}
	if n := fitBases(m, zone, geom.In(0.5), 100); n != 0 {
		t.Errorf("a 2\" zone split by a high wall along its middle fits %d bases, want 0", n)
	}
}
