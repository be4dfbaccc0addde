package terrain

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"hedgerow/rules/geom"
)

// Each bad map in testdata is refused with exactly these lines.
func TestLoadRefusesBadMaps(t *testing.T) {
	cases := []struct {
		file string
		want []string
	}{
		{"syntax.toml", []string{
			"syntax.toml:8:28: TOML syntax error: expected a comma (',') or array terminator (']'), but got '['",
		}},
		{"misspelt.toml", []string{
			"misspelt.toml:14:1: [[terrain]] #3 has no shape: give points, rect = [x, y, w, h] or circle = [cx, cy, r]",
			`misspelt.toml:16:3: unknown key "pionts" in [[terrain]] #3 (did you mean "points"?)`,
		}},
		{"selfcross.toml", []string{
			"selfcross.toml:9:1: [[terrain]] #1 crosses itself: edge 1-2 meets edge 3-4",
		}},
		{"offtable.toml", []string{
			`offtable.toml:15:5: [[terrain]] #2 is off the table: point 3 (75, 12) is outside the 72" x 48" table`,
		}},
		{"unknownkind.toml", []string{
			`unknownkind.toml:7:1: unknown terrain kind "forest"; valid kinds are open, road, field, rough, rubble, swamp, woods, hedge, bocage, low-wall, high-wall, fence, building, water, stream, trench, hill`,
		}},
		{"wrongtype.toml", []string{
			"wrongtype.toml:9:1: height must be a number of inches, not text",
		}},
		{"toomany.toml", []string{
			"toomany.toml:12:1: [[terrain]] #2 lists 501 points; at most 500 are allowed in one piece",
		}},
		{"many-problems.toml", []string{
			`many-problems.toml:3:1: table width is 4"; it must be from 6" to 240"`,
			`many-problems.toml:8:1: unknown terrain kind "wood" (did you mean "woods"?); valid kinds are open, road, field, rough, rubble, swamp, woods, hedge, bocage, low-wall, high-wall, fence, building, water, stream, trench, hill`,
			"many-problems.toml:12:1: [[terrain]] #2 needs at least 3 points for an outline, has 2",
			"many-problems.toml:16:11: [[terrain]] #3 repeats a point: point 4 (1, 1) is the same as point 1",
			`many-problems.toml:18:1: unknown sight "block" (did you mean "blocks"?); valid values are none, hinders, blocks, blocks-beyond`,
			"many-problems.toml:22:1: only buildings may have doors, not rubble",
			"many-problems.toml:25:1: a deployment area needs side = 0 or side = 1",
			"many-problems.toml:31:1: side must be 0 or 1, not 2",
			"many-problems.toml:34:1: [[terrain]] #6 has no shape: give points, rect = [x, y, w, h] or circle = [cx, cy, r]",
		}},
		// Shapes that stalled the TOML library (seconds and gigabytes),
		// refused at their line before it sees them.
		{"stall-dotted-header.toml", []string{"stall-dotted-header.toml:9:34: a key has more than 16 dotted parts"}},
		{"stall-nested-inline.toml", []string{"stall-nested-inline.toml:9:85: lists and tables are nested more than 16 deep"}},
		{"stall-dotted-key.toml", []string{"stall-dotted-key.toml:9:33: a key has more than 16 dotted parts"}},
		{"stall-deep-arrays.toml", []string{"stall-deep-arrays.toml:9:21: lists and tables are nested more than 16 deep"}},
		{"stall-long-line.toml", []string{"stall-long-line.toml:9:1: line 9 is 70016 bytes long; at most 65536 are allowed on one line"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			m, err := Load(os.DirFS("testdata"), c.file)
			if m != nil {
				t.Fatalf("bad map loaded: %d pieces", len(m.Pieces))
			}
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("error is %T (%v), want *LoadError", err, err)
			}
			got := strings.Split(err.Error(), "\n")
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if len(le.Problems) != len(c.want) {
				t.Errorf("%d problems, want %d", len(le.Problems), len(c.want))
			}
		})
	}
}

func TestLoadGoodMapRoundTrip(t *testing.T) {
	m, err := Load(os.DirFS("testdata"), "good.toml")
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "Test Farm" || m.File != "good.toml" || m.Description != "A field, a wood and a farmhouse." {
		t.Errorf("name/file/description = %q %q %q", m.Name, m.File, m.Description)
	}
	if m.Width != 72000 || m.Height != 48000 {
		t.Errorf("table %dx%d, want 72000x48000", m.Width, m.Height)
	}
	if len(m.Pieces) != 5 || len(m.Areas) != 3 {
		t.Fatalf("%d pieces, %d areas; want 5, 3", len(m.Pieces), len(m.Areas))
	}
	for i, p := range m.Pieces {
		if p.ID != i {
			t.Errorf("piece %d has ID %d", i, p.ID)
		}
	}

	wood := m.Pieces[0]
	wantPoly := geom.Polygon{geom.P(10, 5), geom.P(18, 4), geom.P(20, 12), geom.P(12, 14)}
	if wood.Kind != "woods" || wood.Name != "Le Bois" || wood.Line != 10 || fmt.Sprint(wood.Poly) != fmt.Sprint(wantPoly) || wood.Path != nil {
		t.Errorf("wood = %+v", wood)
	}
	woods, _ := KindByName("woods")
	if wood.Props != woods.Props {
		t.Errorf("wood props %+v, want the kind's defaults %+v", wood.Props, woods.Props)
	}

	hedge := m.Pieces[1]
	if hedge.Line != 15 || len(hedge.Poly) != 0 || fmt.Sprint(hedge.Path) != fmt.Sprint([]geom.Pt{geom.P(0, 20), geom.P(30, 20), {X: 30500, Y: 30000}}) {
		t.Errorf("hedge = %+v", hedge)
	}
	if hedge.Props.Height != 1500 || hedge.Props.Sight != SightHinders || hedge.Props.Cover != CoverSoft || !hedge.Props.Linear || hedge.Props.Width != 400 {
		t.Errorf("hedge props = %+v (height and sight overridden, the rest default)", hedge.Props)
	}

	house := m.Pieces[2]
	if house.Kind != "building" || house.Props.Cover != CoverPrepared || house.Props.Going != GoingImpassable {
		t.Errorf("house = %+v", house)
	}
	if fmt.Sprint(house.Poly) != fmt.Sprint(geom.Polygon{geom.P(40, 10), geom.P(46, 10), geom.P(46, 14), geom.P(40, 14)}) {
		t.Errorf("house rect became %v", house.Poly)
	}
	if fmt.Sprint(house.Doors) != fmt.Sprint([]geom.Pt{geom.P(43, 14)}) || len(house.Windows) != 2 {
		t.Errorf("doors %v windows %v", house.Doors, house.Windows)
	}

	wall := m.Pieces[3]
	if wall.Props.Width != 500 || len(wall.Path) != 5 || wall.Path[0] != wall.Path[4] || wall.Path[2] != geom.P(58, 36) {
		t.Errorf("walled garden = %+v (a rect on a linear kind is a closed loop)", wall)
	}

	hill := m.Pieces[4]
	if len(hill.Poly) != 24 || hill.Props.Going != GoingDifficult || hill.Props.Sight != SightBlocks {
		t.Errorf("hill = %d points, props %+v", len(hill.Poly), hill.Props)
	}
	for _, q := range hill.Poly {
		d := geom.Dist(q, geom.P(60, 40))
		if d < 3999 || d > 4001 {
			t.Errorf("hill point %v is %d from the centre, want 4000", q, d)
		}
	}

	a := m.Areas[0]
	if a.Name != "British deployment" || a.Kind != AreaDeployment || a.Side != 0 || a.Line != 42 || !a.Poly.Contains(geom.P(36, 4)) || a.Poly.Contains(geom.P(36, 9)) {
		t.Errorf("area 0 = %+v", a)
	}
	if m.Areas[1].Side != 1 {
		t.Errorf("area 1 side %d", m.Areas[1].Side)
	}
	obj, ok := m.AreaByName("Farm")
	if !ok || obj.Kind != AreaObjective || obj.Side != -1 || len(obj.Poly) != 24 {
		t.Errorf("objective = %+v", obj)
	}
}

func TestParseProblems(t *testing.T) {
	head := "name = \"T\"\n[table]\nwidth = 72\nheight = 48\n"
	cases := []struct {
		name, src, want string
	}{
		{"no table", "name = \"T\"\n", "t.toml: the map has no [table] section giving its width and height in inches"},
		{"table too big", "name = \"T\"\n[table]\nwidth = 300\nheight = 48\n", `t.toml:3:1: table width is 300"; it must be from 6" to 240"`},
		{"no name", "[table]\nwidth = 72\nheight = 48\n", `t.toml:1: the map has no name (add name = "..." at the top)`},
		{"top-level typo", "nmae = \"T\"\n[table]\nwidth = 72\nheight = 48\n", "t.toml:1: the map has no name (add name = \"...\" at the top)\nt.toml:1:1: unknown key \"nmae\" in the top level of the map (did you mean \"name\"?)"},
		{"single bracket terrain", head + "[terrain]\nkind = \"woods\"\n", "t.toml:5:1: terrain must be written as [[terrain]] tables (double brackets), not a table"},
		{"both shapes", head + "[[terrain]]\nkind = \"woods\"\nrect = [1, 1, 2, 2]\ncircle = [5, 5, 1]\n", "t.toml:8:1: [[terrain]] #1 gives both rect and circle; use only one"},
		{"line of two points is fine but one is not", head + "[[terrain]]\nkind = \"fence\"\npoints = [[1, 1]]\n", "t.toml:7:1: [[terrain]] #1 needs at least 2 points for a line, has 1"},
		{"hedge crossing itself", head + "[[terrain]]\nkind = \"hedge\"\npoints = [[1, 1], [10, 10], [10, 1], [1, 10]]\n", "t.toml:7:1: [[terrain]] #1 crosses itself: edge 1-2 meets edge 3-4"},
		{"collinear wood", head + "[[terrain]]\nkind = \"woods\"\npoints = [[1, 1], [2, 2], [3, 3]]\n", "t.toml:7:1: [[terrain]] #1 has no area: its points all lie on one line"},
		{"width on an area kind", head + "[[terrain]]\nkind = \"woods\"\nrect = [1, 1, 2, 2]\nwidth = 1\n", "t.toml:8:1: width only applies to linear kinds (hedge, bocage, walls, fence), not woods"},
		{"nan point", head + "[[terrain]]\nkind = \"woods\"\npoints = [[1, 1], [nan, 2], [3, 1]]\n", "t.toml:7:19: points point 2 must be two numbers, not [not-a-number/infinity, a whole number]"},
		{"door off the outline", head + "[[terrain]]\nkind = \"building\"\nrect = [10, 10, 4, 4]\ndoors = [[12, 12]]\n", "t.toml:8:10: doors point 1 (12, 12) is not on the building's outline (within 0.25\")"},
		{"inner wall outside the building", head + "[[terrain]]\nkind = \"building\"\nrect = [10, 10, 4, 4]\ninner_wall = [[12, 10], [12, 15]]\n", "t.toml:8:25: inner_wall point 2 (12, 15) is outside the building"},
		{"inner door off the inner wall", head + "[[terrain]]\nkind = \"building\"\nrect = [10, 10, 4, 4]\ninner_wall = [[12, 10], [12, 14]]\ninner_doors = [[13, 12]]\n", "t.toml:9:16: inner_doors point 1 (13, 12) is not on the inner_wall (within 0.25\")"},
		{"inner doors with no wall", head + "[[terrain]]\nkind = \"building\"\nrect = [10, 10, 4, 4]\ninner_doors = [[12, 12]]\n", "t.toml:8:1: inner_doors needs an inner_wall to stand in"},
		{"inner wall on a wood", head + "[[terrain]]\nkind = \"woods\"\nrect = [10, 10, 4, 4]\ninner_wall = [[12, 10], [12, 14]]\n", "t.toml:8:1: only buildings may have inner_wall"},
		{"duplicate area", head + "[[area]]\nname = \"A\"\nkind = \"objective\"\ncircle = [5, 5, 1]\n[[area]]\nname = \"A\"\nkind = \"objective\"\ncircle = [9, 5, 1]\n", `t.toml:10:1: area name "A" is already used by the area at line 5`},
		{"bad area kind", head + "[[area]]\nname = \"A\"\nkind = \"deploy\"\nside = 0\nrect = [0, 0, 9, 9]\n", `t.toml:7:1: unknown area kind "deploy"; valid area kinds are deployment, home, objective`},
		{"unknown table key", head + "depth = 3\n", `t.toml:5:1: unknown key "depth" in [table]; valid keys are width, height`},
		{"radius too small", head + "[[area]]\nname = \"A\"\nkind = \"objective\"\ncircle = [5, 5, 0.1]\n", `t.toml:8:1: circle radius must be at least 0.25" (got 0.1)`},
		{"inline tables fall back to the key line", "name = \"T\"\nterrain = [ { kind = \"wood\", rect = [1, 1, 2, 2] } ]\n[table]\nwidth = 72\nheight = 48\n", `t.toml:2:1: unknown terrain kind "wood" (did you mean "woods"?); valid kinds are open, road, field, rough, rubble, swamp, woods, hedge, bocage, low-wall, high-wall, fence, building, water, stream, trench, hill`},
		{"multi-line strings do not confuse line numbers", "name = \"T\"\ndescription = '''\n[[terrain]]\nkind = 'x'\n'''\n[table]\nwidth = 72\nheight = 48\n[[terrain]]\nkind = \"woods\"\nrect = [70, 1, 5, 5]\n", `t.toml:11:1: [[terrain]] #1 is off the table: point 2 (75, 1) is outside the 72" x 48" table`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.toml", []byte(c.src))
			if err == nil {
				t.Fatal("accepted")
			}
			if err.Error() != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", err, c.want)
			}
		})
	}
}

func TestParseLimits(t *testing.T) {
	big := make([]byte, MaxFileBytes+1)
	for i := range big {
		big[i] = '\n'
	}
	_, err := Parse("big.toml", big)
	if err == nil || err.Error() != "big.toml: the file is 1048577 bytes; a map file may be at most 1048576 bytes (1 MiB)" {
		t.Errorf("big file: %v", err)
	}

	var b strings.Builder
	b.WriteString("name = \"T\"\n[table]\nwidth = 72\nheight = 48\n")
	for i := 0; i < MaxPieces+1; i++ {
		b.WriteString("[[terrain]]\nkind = \"rough\"\nrect = [1, 1, 1, 1]\n")
	}
	_, err = Parse("many.toml", []byte(b.String()))
	if err == nil || err.Error() != "many.toml: the map has 2001 terrain pieces and areas; at most 2000 are allowed" {
		t.Errorf("too many pieces: %v", err)
	}

	// 201 pieces of 499 points each is more than 100,000 points in all.
	// (The points are off the table so each piece is refused quickly.)
	b.Reset()
	b.WriteString("name = \"T\"\n[table]\nwidth = 72\nheight = 48\n")
	for i := 0; i < 201; i++ {
		b.WriteString("[[terrain]]\nkind = \"field\"\npoints = [")
		for k := 0; k < 499; k++ {
			b.WriteString("[99,99],")
		}
		b.WriteString("]\n")
	}
	_, err = Parse("points.toml", []byte(b.String()))
	var le *LoadError
	if !errors.As(err, &le) || le.Problems[0].Msg != "the map has more than 100000 points in all" {
		t.Errorf("too many points: %v", err)
	}
}

func TestNearest(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"pionts", "points", true},
		{"Kind", "kind", true},
		{"hieght", "height", true},
		{"colour", "", false},
	} {
		got, ok := Nearest(c.in, terrainKeys)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("Nearest(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
