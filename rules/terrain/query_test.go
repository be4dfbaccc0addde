package terrain

import (
	"slices"
	"strings"
	"testing"

	"hedgerow/rules/geom"
)

// A small hand-made table, 60"x48":
const (
	tHedge    = iota // hedge, x=10 from y=10 to y=30
	tWoods           // woods, square (20,20)-(30,30), sight 2" deep
	tHouse           // building "Farmhouse", (30,5)-(34,9)
	tLowWall         // low wall, x=40 from y=20 to y=30
	tHill            // hill, (36,36)-(46,46), 3" high
	tHedge2          // hedge, x=50 from y=36 to y=46
	tField           // crops, (12,0)-(16,4)
	tHighWall        // high wall, x=54 from y=0 to y=10
)

func sq(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.Polygon{geom.P(x0, y0), geom.P(x1, y0), geom.P(x1, y1), geom.P(x0, y1)}
}

func testTable() *Index {
	mk := func(kind, name string, poly geom.Polygon, path ...geom.Pt) Piece {
		k, _ := KindByName(kind)
		return Piece{Kind: kind, Name: name, Props: k.Props, Poly: poly, Path: path}
	}
	m := &Map{Name: "test", Width: geom.In(60), Height: geom.In(48), Pieces: []Piece{
		mk("hedge", "", nil, geom.P(10, 10), geom.P(10, 30)),
		mk("woods", "", sq(20, 20, 30, 30)),
		mk("building", "Farmhouse", sq(30, 5, 34, 9)),
		mk("low-wall", "", nil, geom.P(40, 20), geom.P(40, 30)),
		mk("hill", "", sq(36, 36, 46, 46)),
		mk("hedge", "", nil, geom.P(50, 36), geom.P(50, 46)),
		mk("field", "", sq(12, 0, 16, 4)),
		mk("high-wall", "", nil, geom.P(54, 0), geom.P(54, 10)),
	}}
	for i := range m.Pieces {
		m.Pieces[i].ID = i
	}
	return NewIndex(m)
}

func base(x, y float64) geom.Circle { return geom.Circle{C: geom.P(x, y), R: 500} }

func TestCoverBehindHedge(t *testing.T) {
	ix := testTable()
	cases := []struct {
		name   string
		from   geom.Pt
		target geom.Circle
		cover  Cover
		piece  int
	}{
		{"behind the hedge and touching it", geom.P(2, 20), base(10.7, 20), CoverSoft, tHedge},
		{"behind the hedge, not touching", geom.P(2, 20), base(10.71, 20), CoverNone, -1},
		{"touching it on the firer's side", geom.P(2, 20), base(9.5, 20), CoverNone, -1},
		{"same figure, firer on the far side", geom.P(20, 15), base(9.5, 20), CoverSoft, tHedge},
		{"in the woods", geom.P(2, 25), base(25, 25), CoverSoft, tWoods},
		{"in the crops", geom.P(2, 2), base(14, 2), CoverSoft, tField},
		{"behind a low wall", geom.P(45, 25), base(39.6, 25), CoverHard, tLowWall},
		{"in the open", geom.P(2, 2), base(5, 40), CoverNone, -1},
	}
	for _, c := range cases {
		cov, id := ix.CoverFor(c.target, c.from)
		if cov != c.cover || id != c.piece {
			t.Errorf("%s: cover %v from piece %d, want %v from %d", c.name, cov, id, c.cover, c.piece)
		}
	}
}

func TestWoodsDepth(t *testing.T) {
	ix := testTable()
	cases := []struct {
		name string
		a, b geom.Pt
		want bool
	}{
		{"target 1.5\" inside the woods", geom.P(15, 25), geom.P(21.5, 25), true},
		{"target exactly 2\" inside", geom.P(15, 25), geom.P(22, 25), true},
		{"target 2.001\" inside", geom.P(15, 25), geom.P(22.001, 25), false},
		{"right through the woods", geom.P(15, 25), geom.P(35, 25), false},
		{"along the woods' edge", geom.P(15, 20), geom.P(35, 20), true},
		{"firer 1\" inside looking out", geom.P(29, 25), geom.P(35, 25), true},
		{"clipping a corner, 1.414\" inside", geom.P(19, 21), geom.P(22, 18), true},
		{"diagonal from corner to corner of the woods", geom.P(20, 20), geom.P(30, 30), false},
	}
	for _, c := range cases {
		if got := ix.Clear(c.a, c.b); got != c.want {
			t.Errorf("%s: Clear = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestLineOfSight(t *testing.T) {
	ix := testTable()
	// The centre line through the woods meets it from 1/4 to 3/4 of the way.
	los := ix.LineOfSight(geom.P(15, 25), base(35, 25), LOSOptions{})
	if los.Vis != Blocked || los.Visible != 0 || los.Rays != 9 {
		t.Errorf("through 10\" of woods: %v %d/%d rays, want blocked 0/9", los.Vis, los.Visible, los.Rays)
	}
	if len(los.Crossings) != 1 || los.Crossings[0].Piece != tWoods || los.Crossings[0].EnterT != 0.25 ||
		los.Crossings[0].ExitT != 0.75 || los.Crossings[0].Enter != geom.P(20, 25) {
		t.Errorf("crossings %+v, want the woods from (20,25) at 0.25 to 0.75", los.Crossings)
	}
	if !los.BlockerNearTarget {
		t.Error("woods reaching past the midpoint should count as nearer the target")
	}

	// Half the target sticks out past the end of the hedge: the rays to the
	// lower half of its base cross the hedge, the centre ray grazes its end.
	los = ix.LineOfSight(geom.P(2, 30), base(18, 30), LOSOptions{})
	if los.Vis != Partial || los.Visible != 5 {
		t.Errorf("target past the hedge's end: %v %d/%d, want partial 5/9", los.Vis, los.Visible, los.Rays)
	}

	// A hedge right in front of the firer that hides the target on every
	// line still blocks under the nearer-the-target rule (only partial
	// sight is judged by nearer terrain); one in front of the target
	// blocks too.
	near := LOSOptions{IgnoreNearFirer: true}
	if v := ix.LineOfSight(geom.P(9, 20), base(18, 15), near).Vis; v != Blocked {
		t.Errorf("hedge by the firer with IgnoreNearFirer: %v, want blocked", v)
	}
	if v := ix.LineOfSight(geom.P(9, 20), base(18, 15), LOSOptions{}).Vis; v != Blocked {
		t.Errorf("hedge by the firer without the rule: %v, want blocked", v)
	}
	los = ix.LineOfSight(geom.P(2, 15), base(10.6, 15), near)
	if los.Vis != Blocked || !los.BlockerNearTarget {
		t.Errorf("hedge by the target: %v near=%v, want blocked and near the target", los.Vis, los.BlockerNearTarget)
	}
	if los.Cover != CoverSoft || los.CoverPiece != tHedge {
		t.Errorf("hedge by the target gives cover %v from %d, want soft from the hedge", los.Cover, los.CoverPiece)
	}

	// Crossings come in order from the firer: the hedge, then the woods.
	los = ix.LineOfSight(geom.P(2, 25), base(35, 25), LOSOptions{})
	if len(los.Crossings) != 2 || los.Crossings[0].Piece != tHedge || los.Crossings[1].Piece != tWoods ||
		los.Crossings[0].Enter != geom.P(10, 25) || los.Crossings[0].Exit != geom.P(10, 25) ||
		los.Crossings[0].Sight != SightBlocks || los.Crossings[1].Exit != geom.P(30, 25) {
		t.Errorf("crossings %+v, want the hedge at (10,25) then the woods (20,25)-(30,25)", los.Crossings)
	}

	// Crops hinder but do not block.
	los = ix.LineOfSight(geom.P(10, 2), base(20, 2), LOSOptions{})
	if los.Vis != Clear || los.Hindrances != 1 {
		t.Errorf("across the crops: %v with %d hindrances, want clear with 1", los.Vis, los.Hindrances)
	}
}

func TestHillsAndBuildings(t *testing.T) {
	ix := testTable()
	cases := []struct {
		name string
		a, b geom.Pt
		want bool
	}{
		{"hill between two figures on the flat", geom.P(33, 41), geom.P(49, 41), false},
		{"firer on the hill sees down its far side", geom.P(38, 41), geom.P(49, 41), true},
		{"firer on the hill sees over a hedge", geom.P(38, 41), geom.P(52, 41), true},
		{"same hedge from the flat", geom.P(48, 41), geom.P(52, 41), false},
		{"through the farmhouse", geom.P(28, 7), geom.P(36, 7), false},
		{"along the farmhouse wall", geom.P(28, 5), geom.P(36, 5), true},
		{"grazing its corner", geom.P(29, 4), geom.P(31, 6-2), true},
		{"a man inside the farmhouse looks out", geom.P(32, 7), geom.P(40, 7), true},
		{"the high wall blocks", geom.P(52, 5), geom.P(56, 5), false},
	}
	for _, c := range cases {
		if got := ix.Clear(c.a, c.b); got != c.want {
			t.Errorf("%s: Clear = %v, want %v", c.name, got, c.want)
		}
	}
	if e := ix.Elevation(geom.P(36, 40)); e != 3000 {
		t.Errorf("elevation on the hill's edge = %d, want 3000", e)
	}
}

func TestTemplateShielding(t *testing.T) {
	ix := testTable()
	bases := []geom.Circle{base(29, 7), base(35, 7), base(28, 14), base(40, 7)}
	cases := []struct {
		name string
		tpl  Template
		want []Touch
	}{
		{"8\" burst beside the farmhouse", Template{Kind: "circle", Circle: geom.Circle{C: geom.P(28, 7), R: geom.In(8)}},
			[]Touch{{0, false}, {1, true}, {2, false}}},
		{"fire lane through the farmhouse", Template{Kind: "rect", From: geom.P(28, 7), To: geom.P(40, 7), Width: geom.In(2)},
			[]Touch{{0, false}, {1, true}, {3, true}}},
		{"cone down the table", Template{Kind: "cone", From: geom.P(28, 7), To: geom.P(28, 17), Width: geom.In(4)},
			[]Touch{{2, false}}},
	}
	for _, c := range cases {
		if got := ix.Touches(c.tpl, bases); !slices.Equal(got, c.want) {
			t.Errorf("%s: touches %v, want %v", c.name, got, c.want)
		}
	}
}

func TestPathCost(t *testing.T) {
	ix := testTable()
	pc := ix.PathCost([]geom.Pt{geom.P(15, 25), geom.P(35, 25), geom.P(45, 25)}, 500)
	if pc.Length != geom.In(30) || pc.Difficult != geom.In(10) || !slices.Equal(pc.Obstacles, []int{tLowWall}) || pc.Blocked != -1 {
		t.Errorf("through the woods and over the wall: %+v, want 30\" long, 10\" difficult, the wall crossed", pc)
	}
	pc = ix.PathCost([]geom.Pt{geom.P(25, 7), geom.P(40, 7)}, 500)
	if pc.Blocked != tHouse || pc.BlockedAt != geom.P(29.5, 7) {
		t.Errorf("into the farmhouse: blocked by %d at %v, want %d at (29.5,7)", pc.Blocked, pc.BlockedAt, tHouse)
	}
	if p := ix.FurthestAlong(geom.P(15, 25), geom.P(35, 25), 500, geom.In(10), 2); p != geom.P(22.5, 25) {
		t.Errorf("10\" of move, woods at double cost: reached %v, want (22.5,25)", p)
	}
	if p := ix.FurthestAlong(geom.P(25, 7), geom.P(40, 7), 500, geom.In(20), 2); p != geom.P(29.5, 7) {
		t.Errorf("towards the farmhouse: reached %v, want (29.5,7) touching its wall", p)
	}
	if p := ix.FurthestAlong(geom.P(5, 40), geom.P(-5, 40), 500, geom.In(20), 1); p != geom.P(0.5, 40) {
		t.Errorf("towards the table edge: reached %v, want (0.5,40)", p)
	}
}

func TestCanStand(t *testing.T) {
	ix := testTable()
	cases := []struct {
		b   geom.Circle
		ok  bool
		why string
	}{
		{base(32, 7), false, "Farmhouse"},
		{base(29.5, 7), true, ""},
		{base(29.501, 7), false, "building"},
		{base(0.3, 20), false, "off the table"},
		{base(54.6, 5), false, "high wall"},
		{base(54.65, 5), true, ""},
		{base(25, 25), true, ""}, // woods are difficult, not impassable
	}
	for _, c := range cases {
		ok, why := ix.CanStand(c.b)
		if ok != c.ok || !strings.Contains(why, c.why) {
			t.Errorf("CanStand(%v) = %v %q, want %v mentioning %q", c.b, ok, why, c.ok, c.why)
		}
	}
	if got := ix.AreaAt(geom.P(20, 25)); !slices.Equal(got, []int{tWoods}) {
		t.Errorf("AreaAt woods edge = %v", got)
	}
}
