package vehicle

import (
	"math"
	"testing"

	"hedgerow/rules/geom"
)

func TestSinTable(t *testing.T) {
	for d := -720; d <= 720; d++ {
		want := int64(math.Round(math.Sin(float64(d)*math.Pi/180) * Scale))
		if got := Sin(d); got != want {
			t.Fatalf("Sin(%d) = %d, want %d", d, got, want)
		}
		s, c := Sin(d), Cos(d)
		if e := s*s + c*c - Scale*Scale; e > 2*Scale || e < -2*Scale {
			t.Fatalf("sin^2+cos^2 at %d is off by %d", d, e)
		}
	}
	if Dir(0) != (geom.Pt{X: 0, Y: -Scale}) || Dir(90) != (geom.Pt{X: Scale, Y: 0}) || Dir(180) != (geom.Pt{X: 0, Y: Scale}) || Dir(270) != (geom.Pt{X: -Scale, Y: 0}) {
		t.Fatal("Dir does not point up, right, down, left at 0, 90, 180, 270")
	}
}

func TestHeading(t *testing.T) {
	cases := []struct {
		d    geom.Pt
		want int
	}{
		{geom.Pt{X: 0, Y: -5}, 0}, {geom.Pt{X: 5, Y: 0}, 90}, {geom.Pt{X: 0, Y: 1}, 180}, {geom.Pt{X: -7, Y: 0}, 270},
		{geom.Pt{X: 1, Y: -1}, 45}, {geom.Pt{X: 1000, Y: 1000}, 135}, {geom.Pt{X: -3, Y: -3}, 315},
	}
	for _, c := range cases {
		if got, ok := Heading(c.d); !ok || got != c.want {
			t.Errorf("Heading(%v) = %d, want %d", c.d, got, c.want)
		}
	}
	if _, ok := Heading(geom.Pt{}); ok {
		t.Error("a zero vector has a heading")
	}
	// Away from exact half degrees, the nearest whole degree.
	x := uint64(12345)
	for i := 0; i < 3000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
		dx, dy := int64(x>>40%200001)-100000, int64(x>>20%200001)-100000
		if dx == 0 && dy == 0 {
			continue
		}
		a := math.Atan2(float64(dx), float64(-dy)) * 180 / math.Pi
		if a < 0 {
			a += 360
		}
		if f := a - math.Floor(a); f > 0.49 && f < 0.51 {
			continue
		}
		want := Norm(int(math.Round(a)))
		if got, _ := Heading(geom.Pt{X: dx, Y: dy}); got != want {
			t.Fatalf("Heading(%d,%d) = %d, want %d (%.4f)", dx, dy, got, want, a)
		}
	}
	if Turn(350, 10) != 20 || Turn(10, 350) != -20 || Turn(0, 180) != 180 || Turn(90, 270) != 180 || Turn(5, 5) != 0 {
		t.Error("Turn is not the short way round")
	}
}

func TestHullCorners(t *testing.T) {
	h := HullAt(4000, 2000, geom.P(10, 10), 0)
	want := [4]geom.Pt{geom.P(9, 8), geom.P(11, 8), geom.P(11, 12), geom.P(9, 12)}
	if h.Corners != want {
		t.Fatalf("facing 0: %v, want %v", h.Corners, want)
	}
	h = HullAt(4000, 2000, geom.P(10, 10), 90)
	want = [4]geom.Pt{geom.P(12, 9), geom.P(12, 11), geom.P(8, 11), geom.P(8, 9)}
	if h.Corners != want {
		t.Fatalf("facing 90: %v, want %v", h.Corners, want)
	}
	// Every facing: a parallelogram centred on the position, opposite
	// faces exactly equal and parallel.
	for f := 0; f < 360; f++ {
		h := HullAt(5300, 2700, geom.P(30, 30), f)
		c := h.Corners
		if c[0].Add(c[2]) != c[1].Add(c[3]) || c[0].Add(c[2]) != h.C.Add(h.C) {
			t.Fatalf("facing %d: not a parallelogram centred on the position: %v", f, c)
		}
		if l := geom.IsqrtRound(geom.Dist2(c[0], c[3])); l < 5298 || l > 5302 {
			t.Fatalf("facing %d: length %d", f, l)
		}
	}
}

// refFace is an independent reference for a shot at the centre: the face
// whose corner-to-corner wedge, seen from the centre, holds the firer;
// on a diagonal, a corner.
func refFace(h Hull, from geom.Pt) (face Face, corner int) {
	d := from.Sub(h.C)
	for i := 0; i < 4; i++ {
		a, b := h.Corners[i].Sub(h.C), h.Corners[(i+1)%4].Sub(h.C)
		if a.Cross(d) == 0 && a.Dot(d) > 0 {
			return 0, i
		}
		// Corners run clockwise on screen: d is between a and b when it
		// is clockwise of a and anticlockwise of b.
		if a.Cross(d) > 0 && d.Cross(b) > 0 {
			return Face(i), -1
		}
	}
	return -1, -1
}

func TestStruckFromEveryDirection(t *testing.T) {
	arm := Armour{ArmourFront: 4, ArmourSide: 3, ArmourRear: 2, ArmourTop: 1, ArmourTurret: 4}
	n := 0
	for _, facing := range []int{0, 1, 30, 45, 89, 90, 135, 200, 271, 359} {
		h := HullAt(6000, 3000, geom.P(50, 50), facing)
		for deg := 0; deg < 3600; deg += 7 {
			// A firer about 30" off, on the integer grid.
			d := Dir(deg / 10)
			from := h.C.Add(geom.Pt{X: d.X * 30000 / Scale, Y: d.Y*30000/Scale + int64(deg%10)})
			st := h.StruckFrom(from, arm)
			f, c := refFace(h, from)
			switch {
			case c >= 0:
				if !st.Corner {
					t.Fatalf("facing %d from %v: a corner shot not seen as one", facing, from)
				}
			case st.Corner || st.Face != f:
				t.Fatalf("facing %d from %v: struck %v, reference %v", facing, from, st.Face, f)
			}
			n++
		}
	}
	// The four faces of a hull facing up, by hand.
	h := HullAt(4000, 2000, geom.P(10, 10), 0)
	for _, c := range []struct {
		from geom.Pt
		want Face
	}{{geom.P(10, 0), Front}, {geom.P(12, 3), Front}, {geom.P(30, 10), Right}, {geom.P(10, 20), Rear}, {geom.P(0, 11), Left}, {geom.P(10.9, 0), Front}} {
		if st := h.StruckFrom(c.from, arm); st.Face != c.want || st.Corner || st.Inside || st.Miss {
			t.Errorf("from %v: %+v, want %v", c.from, st, c.want)
		}
	}
	if n == 0 {
		t.Fatal("no shots tried")
	}
}

func TestCornerRule(t *testing.T) {
	h := HullAt(4000, 2000, geom.P(10, 10), 0) // front-left corner at (9,8)
	from := geom.P(5, 0)                       // the line to the centre runs through (9,8)
	cases := []struct {
		arm  Armour
		want Face
	}{
		{Armour{ArmourFront: 4, ArmourSide: 3}, Left},  // the side is weaker
		{Armour{ArmourFront: 2, ArmourSide: 3}, Front}, // the front is weaker
		{Armour{ArmourFront: 3, ArmourSide: 3}, Left},  // equal: the side
	}
	for _, c := range cases {
		st := h.StruckFrom(from, c.arm)
		if !st.Corner || st.Faces != [2]Face{Left, Front} || st.Face != c.want {
			t.Errorf("armour %v: %+v, want a corner shot on the %v", c.arm, st, c.want)
		}
	}
	// Rear-right corner (11,12), rear weaker than side.
	st := h.StruckFrom(geom.P(13, 16), Armour{ArmourSide: 3, ArmourRear: 2})
	if !st.Corner || st.Faces != [2]Face{Right, Rear} || st.Face != Rear {
		t.Errorf("rear-right corner: %+v", st)
	}
	// A line along the front face's line meets the front-left corner
	// first: a corner shot, equal armour, so the side.
	st = h.Struck(geom.P(2, 8), geom.P(10, 8), Armour{})
	if !st.Corner || st.Face != Left {
		t.Errorf("grazing the front: %+v", st)
	}
	// Off-centre aim: at the rear half from the right side.
	st = h.Struck(geom.P(20, 11.5), geom.P(10.5, 11.5), Armour{})
	if st.Face != Right || st.Corner {
		t.Errorf("aimed low from the right: %+v", st)
	}
	if st := h.StruckFrom(geom.P(10, 9), Armour{}); !st.Inside {
		t.Errorf("a firer under the hull: %+v", st)
	}
	if st := h.Struck(geom.P(0, 0), geom.P(1, 0), Armour{}); !st.Miss {
		t.Errorf("a line that never reaches the hull: %+v", st)
	}
}

func TestTurretFace(t *testing.T) {
	c := geom.P(10, 10)
	cases := []struct {
		turret int
		from   geom.Pt
		want   Face
	}{
		{0, geom.P(10, 0), Front}, {0, geom.P(10, 20), Rear}, {0, geom.P(20, 10), Right}, {0, geom.P(0, 10), Left},
		{90, geom.P(20, 10), Front}, {90, geom.P(10, 20), Right},
		{0, geom.P(15, 5), Right}, // exactly 45 degrees off: the side
		{0, geom.P(10, 10), Top},
	}
	for _, k := range cases {
		if got := TurretFace(c, k.turret, k.from); got != k.want {
			t.Errorf("turret %d from %v: %v, want %v", k.turret, k.from, got, k.want)
		}
	}
}

func TestUnderAndOverlap(t *testing.T) {
	h := HullAt(4000, 2000, geom.P(10, 10), 0) // x 9..11, y 8..12
	if !h.Under(geom.P(10, 10)) || !h.Under(geom.P(9, 8)) || !h.Under(geom.P(11, 11)) || h.Under(geom.P(11.001, 11)) {
		t.Error("Under")
	}
	for _, c := range []struct {
		c        geom.Circle
		over, to bool
	}{
		{geom.Circle{C: geom.P(12, 10), R: 1000}, false, true},    // touching the right face
		{geom.Circle{C: geom.P(12, 10), R: 1001}, true, true},     // a thousandth in
		{geom.Circle{C: geom.P(12.5, 10), R: 1000}, false, false}, // clear
		{geom.Circle{C: geom.P(10, 10), R: 0}, true, true},        // a point inside
		{geom.Circle{C: geom.P(9, 8), R: 0}, false, true},         // a point on the corner
		{geom.Circle{C: geom.P(12, 13), R: 1414}, false, false},   // near the corner, short by a hair
		{geom.Circle{C: geom.P(12, 13), R: 1415}, true, true},
	} {
		if got := h.OverlapsBase(c.c); got != c.over {
			t.Errorf("OverlapsBase(%v) = %v", c.c, got)
		}
		if got := h.TouchesBase(c.c); got != c.to {
			t.Errorf("TouchesBase(%v) = %v", c.c, got)
		}
	}
	// Hulls: side by side touching, overlapping by a unit, crossed.
	a := HullAt(4000, 2000, geom.P(10, 10), 0)
	if a.OverlapsHull(HullAt(4000, 2000, geom.P(12, 10), 0)) {
		t.Error("touching hulls overlap")
	}
	if !a.OverlapsHull(HullAt(4000, 2000, geom.P(11.999, 10), 0)) {
		t.Error("hulls a unit into each other do not overlap")
	}
	if !a.OverlapsHull(HullAt(4000, 2000, geom.P(10, 10), 90)) || !a.OverlapsHull(a) {
		t.Error("crossed or identical hulls do not overlap")
	}
	if a.OverlapsHull(HullAt(4000, 2000, geom.P(13, 13), 45)) {
		t.Error("a diagonal hull clear of the corner overlaps")
	}
}

func TestSightAndShelter(t *testing.T) {
	h := HullAt(4000, 2000, geom.P(10, 10), 0) // x 9..11, y 8..12
	if !h.BlocksSight(geom.P(0, 10), geom.P(20, 10)) {
		t.Error("a line through the hull is not blocked")
	}
	if h.BlocksSight(geom.P(0, 8), geom.P(20, 8)) || h.BlocksSight(geom.P(7, 6), geom.P(11, 10-4)) {
		t.Error("a line along the front face or missing is blocked")
	}
	if h.BlocksSight(geom.P(8, 7), geom.P(10, 9)) == false {
		t.Error("a line into the hull is not blocked")
	}
	man := geom.Circle{C: geom.P(11.5, 10), R: 500} // base touching the right face
	if !h.Shelters(man, geom.P(0, 10), 0) {
		t.Error("a man hugging the far side is not sheltered")
	}
	if h.Shelters(man, geom.P(30, 10), 0) {
		t.Error("a man on the near side is sheltered")
	}
	far := geom.Circle{C: geom.P(13, 10), R: 500}
	if h.Shelters(far, geom.P(0, 10), 0) || !h.Shelters(far, geom.P(0, 10), 1500) {
		t.Error("near distance not honoured")
	}
}

func TestArcs(t *testing.T) {
	o := geom.P(10, 10)
	cases := []struct {
		facing int
		arc    Arc
		target geom.Pt
		want   bool
	}{
		{0, Arc{0, 90}, geom.P(10, 0), true},
		{0, Arc{0, 90}, geom.P(20, 0), true},      // exactly on the right edge
		{0, Arc{0, 90}, geom.P(20, -0.001), true}, // a hair inside the right edge
		{0, Arc{0, 90}, geom.P(20.001, 0), false}, // just outside the right edge
		{0, Arc{0, 90}, geom.P(10, 20), false},    // behind
		{90, Arc{0, 90}, geom.P(20, 10), true},    // turned right
		{0, Arc{180, 90}, geom.P(10, 20), true},   // a rear arc
		{0, Arc{0, 180}, geom.P(0, 10), true},     // the left edge of a half circle
		{0, Arc{0, 180}, geom.P(10, 11), false},
		{0, Arc{0, 270}, geom.P(10, 20), false}, // the gap is straight behind
		{0, Arc{0, 270}, geom.P(0, 20), true},   // on the gap's edge
		{0, Arc{0, 270}, geom.P(1, 20), false},  // just inside the gap
		{0, Arc{0, 270}, geom.P(0, 10), true},
		{0, Arc{0, 270}, geom.P(20, 20), true},
		{0, AllRound, geom.P(10, 20), true},
		{0, Arc{0, 0}, geom.P(10, 5), true},
		{0, Arc{0, 0}, geom.P(10, 15), false},
	}
	for _, c := range cases {
		if got := ArcCovers(o, c.facing, c.arc, c.target); got != c.want {
			t.Errorf("facing %d arc %+v target %v: %v", c.facing, c.arc, c.target, got)
		}
	}
	// A base outside the arc whose edge reaches over it.
	if !ArcCoversCircle(o, 0, Arc{0, 90}, geom.Circle{C: geom.P(20.5, 0), R: 500}) {
		t.Error("a base touching the arc's edge is not covered")
	}
	if ArcCoversCircle(o, 0, Arc{0, 90}, geom.Circle{C: geom.P(10, 20), R: 500}) {
		t.Error("a base behind is covered")
	}
}

func TestDoors(t *testing.T) {
	ty := &Type{ID: "apc", Length: 5000, Width: 2500, Doors: []Door{
		{Name: "rear door", Forward: -2500}, {Name: "left hatch", Forward: 500, Right: -1250, Hatch: true}, {Name: "front", Forward: 2000}}}
	p := Pose{Pos: geom.P(20, 20)}
	if got := ty.DoorAt(ty.Doors[0], p); got != geom.P(20, 22.5) {
		t.Fatalf("rear door at %v", got)
	}
	cases := []struct {
		door   int
		facing int
		want   geom.Pt
	}{
		{0, 0, geom.P(20, 23)},        // behind, facing up
		{1, 0, geom.P(18.25, 19.5)},   // out to the left
		{2, 0, geom.P(20, 17)},        // out of the front
		{0, 90, geom.P(17, 20)},       // facing right: the rear door is on the left
		{1, 180, geom.P(21.75, 20.5)}, // facing down: the left side is on the right
	}
	for _, c := range cases {
		q := Pose{Pos: geom.P(20, 20), Facing: c.facing}
		got := ty.DoorOut(ty.Doors[c.door], q, 500)
		if got != c.want || ty.Hull(q).OverlapsBase(geom.Circle{C: got, R: 500}) || !ty.Hull(q).TouchesBase(geom.Circle{C: got, R: 501}) {
			t.Errorf("door %d facing %d: %v, want %v", c.door, c.facing, got, c.want)
		}
	}
	// At odd facings the spot is clear of the hull and close to it.
	for f := 0; f < 360; f += 7 {
		q := Pose{Pos: geom.P(20, 20), Facing: f}
		for _, d := range ty.Doors {
			got := ty.DoorOut(d, q, 500)
			if ty.Hull(q).OverlapsBase(geom.Circle{C: got, R: 500}) || !ty.Hull(q).TouchesBase(geom.Circle{C: got, R: 506}) {
				t.Fatalf("facing %d %s: %v", f, d.Name, got)
			}
		}
	}
}
