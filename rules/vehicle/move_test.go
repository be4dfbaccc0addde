package vehicle

import (
	"strings"
	"testing"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// rect is an axis-aligned polygon from its corner and size in inches.
func rect(x, y, w, h float64) geom.Polygon {
	return geom.Polygon{geom.P(x, y), geom.P(x+w, y), geom.P(x+w, y+h), geom.P(x, y+h)}
}

func table(w, h float64, pieces ...terrain.Piece) *terrain.Map {
	m := &terrain.Map{Name: "test", Width: geom.In(w), Height: geom.In(h)}
	for i, p := range pieces {
		p.ID = i
		if k, ok := terrain.KindByName(p.Kind); ok && p.Props == (terrain.Props{}) {
			p.Props = k.Props
		}
		m.Pieces = append(m.Pieces, p)
	}
	return m
}

func area(kind string, poly geom.Polygon) terrain.Piece { return terrain.Piece{Kind: kind, Poly: poly} }

func line(kind string, pts ...geom.Pt) terrain.Piece { return terrain.Piece{Kind: kind, Path: pts} }

var tank = &Type{ID: "tank", Length: 5000, Width: 2500}

var tracks = MoveRules{Speeds: Speeds{Clear: 12000, Rough: 8000, Woods: 8000, Road: 16000, Water: 0}}

func up(x, y float64) Pose { return Pose{Pos: geom.P(x, y)} }

func TestDriveOpen(t *testing.T) {
	m := table(48, 48)
	r := Drive(m, tank, up(24, 40), Through(geom.P(24, 30)), tracks, Others{})
	if !r.Arrived || r.End.Pos != geom.P(24, 30) || r.Length != 10000 || r.Used != ceilDiv(10000, MoveParts, 12000) || r.ByGoing[Clear] != 10000 {
		t.Fatalf("10\" in the open: %+v", r)
	}
	r = Drive(m, tank, up(24, 40), Through(geom.P(24, 25)), tracks, Others{})
	if r.Arrived || r.Stop != OutOfMove || r.End.Pos != geom.P(24, 28) || r.Used > MoveParts {
		t.Fatalf("15\" with a 12\" move: %+v", r)
	}
	// Half a move (acceleration): 6".
	half := tracks
	half.Budget = MoveParts / 2
	r = Drive(m, tank, up(24, 40), Through(geom.P(24, 25)), half, Others{})
	if r.End.Pos != geom.P(24, 34) || r.Stop != OutOfMove {
		t.Fatalf("half a move: %+v", r)
	}
	// Turning: drive right then up, ending facing left.
	p := Plan{Legs: []Leg{{To: geom.P(30, 40)}, {To: geom.P(30, 36)}}, Face: 270, HasFace: true}
	r = Drive(m, tank, up(24, 40), p, tracks, Others{})
	if !r.Arrived || r.End != (Pose{Pos: geom.P(30, 36), Facing: 270, Turret: 270}) || r.Length != 10000 || len(r.Path) != 3 {
		t.Fatalf("a dog-leg: %+v", r)
	}
	// Reversing keeps the front towards where it came from.
	r = Drive(m, tank, up(24, 30), Plan{Legs: []Leg{{To: geom.P(24, 35), Reverse: true}}}, tracks, Others{})
	if !r.Arrived || r.End.Facing != 0 {
		t.Fatalf("reversing: %+v", r)
	}
	// The table edge: the hull's rear would leave it.
	r = Drive(m, tank, up(24, 40), Plan{Legs: []Leg{{To: geom.P(24, 47), Reverse: true}}}, tracks, Others{})
	if r.Stop != TableEdge || r.End.Pos != geom.P(24, 45.5) {
		t.Fatalf("backing off the table: %+v", r)
	}
}

func TestDriveGoing(t *testing.T) {
	// A road down x 22..26 from y 0 to 34; rough beyond y 34 on the left.
	m := table(48, 48, area("road", rect(22, 0, 4, 34)), area("woods", rect(0, 0, 20, 48)), area("water", rect(30, 0, 18, 20)))
	// 6" in the open (half a move) then 8" on the road (half a move).
	r := Drive(m, tank, up(24, 40), Through(geom.P(24, 20)), tracks, Others{})
	if r.Stop != OutOfMove || r.End.Pos != geom.P(24, 26) || r.ByGoing[Clear] != 6000 || r.ByGoing[Road] != 8000 {
		t.Fatalf("clear then road: %+v", r)
	}
	// Into water it cannot swim: stops with its centre on the bank.
	r = Drive(m, tank, Pose{Pos: geom.P(40, 30)}, Through(geom.P(40, 15)), tracks, Others{})
	if r.Stop != NoGoing || r.Piece != 2 || r.End.Pos != geom.P(40, 20) {
		t.Fatalf("into water: %+v", r)
	}
	// An amphibian swims it at its water speed.
	swim := tracks
	swim.Speeds[Water] = 4000
	r = Drive(m, tank, Pose{Pos: geom.P(40, 30)}, Through(geom.P(40, 15)), swim, Others{})
	// 10" of clear is 10/12 of the move; the 2/12 left swims 2/3".
	if r.Stop != OutOfMove || r.ByGoing[Water] != 666 || r.ByGoing[Clear] != 10000 || r.End.Pos != geom.P(40, 19.334) {
		t.Fatalf("swimming: %+v", r)
	}
	// Woods at 8": a whole move is 8" of woods.
	r = Drive(m, tank, Pose{Pos: geom.P(10, 40)}, Through(geom.P(10, 10)), tracks, Others{})
	if r.Stop != OutOfMove || r.End.Pos != geom.P(10, 32) || r.ByGoing[Woods] != 8000 {
		t.Fatalf("woods: %+v", r)
	}
	// Twice combat speed on the road (the rule set's call).
	fast := tracks
	fast.Speeds = tracks.Speeds.Times(2, 1)
	r = Drive(m, tank, Pose{Pos: geom.P(24, 30)}, Through(geom.P(24, 3)), fast, Others{})
	if !r.Arrived || r.Used != ceilDiv(27000, MoveParts, 32000) {
		t.Fatalf("road dash: %+v", r)
	}
}

func TestDriveBlocked(t *testing.T) {
	m := table(48, 48, area("building", rect(20, 10, 8, 10)), line("high-wall", geom.P(0, 30), geom.P(10, 30)))
	// Head on into the building: the front face stops touching it.
	r := Drive(m, tank, up(24, 40), Through(geom.P(24, 5)), MoveRules{Speeds: Speeds{Clear: 40000}}, Others{})
	if r.Stop != Terrain || r.Piece != 0 || r.End.Pos != geom.P(24, 22.5) || r.Why != "it cannot drive into the building" {
		t.Fatalf("into the building: %+v", r)
	}
	// A thin wall between start and end: the sweep finds it although
	// neither end touches it.
	m2 := table(48, 48, area("building", rect(20, 20, 8, 0.1)))
	r = Drive(m2, tank, up(24, 40), Through(geom.P(24, 5)), MoveRules{Speeds: Speeds{Clear: 40000}}, Others{})
	if r.Stop != Terrain || r.End.Pos != geom.P(24, 22.6) {
		t.Fatalf("through a thin wall: %+v", r)
	}
	// Turning on the spot beside the building: blocked at the first degree.
	p := Pose{Pos: geom.P(18.75, 15)}
	r = Drive(m, tank, p, Plan{Face: 90, HasFace: true}, tracks, Others{})
	if r.Stop != Terrain || r.End.Facing != 0 {
		t.Fatalf("turning into the building: %+v", r)
	}
	// A high wall (a thickened line) blocks like a building.
	r = Drive(m, tank, up(5, 40), Through(geom.P(5, 20)), tracks, Others{})
	wantY := 30 + 0.15 + 2.5
	if r.Stop != Terrain || r.Piece != 1 || r.End.Pos != geom.P(5, wantY) {
		t.Fatalf("into the high wall: %+v", r)
	}
	// Other models.
	others := Others{Hulls: []Hull{HullAt(5000, 2500, geom.P(24, 30), 90)}, Bases: []geom.Circle{{C: geom.P(35, 30), R: 500}}}
	r = Drive(table(48, 48), tank, up(24, 40), Through(geom.P(24, 20)), tracks, others)
	if r.Stop != Vehicle || r.Other != 0 || r.End.Pos != geom.P(24, 33.75) {
		t.Fatalf("into a vehicle: %+v", r)
	}
	r = Drive(table(48, 48), tank, up(35, 40), Through(geom.P(35, 20)), tracks, others)
	if r.Stop != Figure || r.Other != 0 || r.End.Pos != geom.P(35, 33) {
		t.Fatalf("into a figure: %+v", r)
	}
}

func TestDriveObstacles(t *testing.T) {
	m := table(48, 48, line("hedge", geom.P(0, 30), geom.P(48, 30)), line("fence", geom.P(0, 35), geom.P(48, 35)))
	mr := tracks
	mr.ObstacleCost = 3000 // a hedge costs 3" at clear speed
	r := Drive(m, tank, up(24, 40), Through(geom.P(24, 20)), mr, Others{})
	// 9" driven plus 3" for the fence is the whole 12" move: short of the hedge.
	if r.Stop != OutOfMove || len(r.Obstacles) != 1 || r.Obstacles[0] != 1 || r.End.Pos != geom.P(24, 31) || r.Used != MoveParts {
		t.Fatalf("two obstacles at 3\" each: %+v", r)
	}
	mr.ObstacleCost = 1000
	r = Drive(m, tank, up(24, 40), Through(geom.P(24, 30)), mr, Others{})
	if !r.Arrived || len(r.Obstacles) != 2 || r.Obstacles[1] != 0 || r.Used != MoveParts {
		t.Fatalf("two obstacles at 3\" each: %+v", r)
	}
	mr.ObstacleCost = -1
	r = Drive(m, tank, up(24, 40), Through(geom.P(24, 20)), mr, Others{})
	if r.Stop != NoCrossing || r.Piece != 1 || r.End.Pos != geom.P(24, 35.001) {
		t.Fatalf("cannot cross: %+v", r)
	}
}

// refOverlap is a separate reference: do a hull and an axis-aligned box
// overlap by more than a touch? (Separating axes, written out.)
func refOverlap(h Hull, b geom.Rect) bool {
	minX, maxX, minY, maxY := h.Corners[0].X, h.Corners[0].X, h.Corners[0].Y, h.Corners[0].Y
	for _, c := range h.Corners {
		minX, maxX, minY, maxY = min(minX, c.X), max(maxX, c.X), min(minY, c.Y), max(maxY, c.Y)
	}
	if maxX <= b.Min.X || minX >= b.Max.X || maxY <= b.Min.Y || minY >= b.Max.Y {
		return false
	}
	box := []geom.Pt{b.Min, {X: b.Max.X, Y: b.Min.Y}, b.Max, {X: b.Min.X, Y: b.Max.Y}}
	for i := 0; i < 4; i++ {
		a, c := h.Corners[i], h.Corners[(i+1)%4]
		e := c.Sub(a)
		inner := e.Cross(h.C.Sub(a))
		apart := true
		for _, p := range box {
			if v := e.Cross(p.Sub(a)); (v > 0) == (inner > 0) && v != 0 {
				apart = false
			}
		}
		if apart {
			return false
		}
	}
	return true
}

func TestDriveAgainstReference(t *testing.T) {
	var boxes []geom.Rect
	var pieces []terrain.Piece
	x := uint64(7)
	rnd := func(n int64) int64 { x = x*6364136223846793005 + 1442695040888963407; return int64(x>>33) % n }
	for i := 0; i < 25; i++ {
		r := geom.Rect{Min: geom.Pt{X: 2000 + rnd(40000), Y: 2000 + rnd(40000)}}
		r.Max = geom.Pt{X: r.Min.X + 300 + rnd(4000), Y: r.Min.Y + 300 + rnd(4000)}
		boxes = append(boxes, r)
		pieces = append(pieces, area("building", geom.Polygon{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}}))
	}
	m := table(48, 48, pieces...)
	mr := MoveRules{Speeds: Speeds{Clear: 100000}}
	tried, stopped := 0, 0
	for i := 0; i < 300; i++ {
		start := Pose{Pos: geom.Pt{X: 4000 + rnd(40000), Y: 4000 + rnd(40000)}, Facing: int(rnd(360))}
		h := tank.Hull(start)
		clear := true
		for _, b := range boxes {
			if refOverlap(h, b) {
				clear = false
			}
		}
		if !clear {
			continue
		}
		to := geom.Pt{X: 4000 + rnd(40000), Y: 4000 + rnd(40000)}
		r := Drive(m, tank, start, Through(to), mr, Others{})
		tried++
		// Every grid point of the run actually driven is clear.
		if len(r.Path) == 2 {
			s := geom.Seg{A: r.Path[0], B: r.Path[1]}
			n := max(abs(s.B.X-s.A.X), abs(s.B.Y-s.A.Y))
			for k := int64(0); k <= n; k += max(1, n/200) {
				hk := HullAt(tank.Length, tank.Width, stepPt(s, k, n), r.End.Facing)
				for bi, b := range boxes {
					if refOverlap(hk, b) {
						t.Fatalf("drive %d went through building %d at step %d: %+v", i, bi, k, r)
					}
				}
			}
		}
		if r.Stop == Terrain {
			stopped++
			// One more grid step along the intended run meets the building.
			s := geom.Seg{A: start.Pos, B: to}
			n := max(abs(to.X-start.Pos.X), abs(to.Y-start.Pos.Y))
			last := r.End.Pos
			var k int64
			for k = 0; k <= n && stepPt(s, k, n) != last; k++ {
			}
			if k > n && last != start.Pos {
				t.Fatalf("drive %d stopped off its line: %+v", i, r)
			}
			hit := false
			for dk := int64(0); dk <= 2 && !hit; dk++ {
				hn := HullAt(tank.Length, tank.Width, stepPt(s, k+dk, n), r.End.Facing)
				if last == start.Pos && r.End.Facing != 0 {
					hn = HullAt(tank.Length, tank.Width, stepPt(s, k+dk, n), r.End.Facing)
				}
				hit = refOverlap(hn, boxes[r.Piece])
			}
			if !hit && len(r.Path) == 2 {
				t.Fatalf("drive %d stopped for building %d that the reference does not meet: %+v", i, r.Piece, r)
			}
		}
	}
	if tried < 100 || stopped < 10 {
		t.Fatalf("only %d drives tried, %d stopped by buildings", tried, stopped)
	}
}

func TestPolyOverlap(t *testing.T) {
	// An L-shaped building: the notch is x 10..20, y 10..20 open to the
	// lower right.
	ell := geom.Polygon{geom.P(0, 0), geom.P(20, 0), geom.P(20, 10), geom.P(10, 10), geom.P(10, 20), geom.P(0, 20)}
	or := ell.Orientation()
	cases := []struct {
		name  string
		shape []geom.Pt
		want  bool
	}{
		{"in the notch, touching both inner walls", hullPts(4000, 2000, geom.P(11, 12), 0), false},
		{"a unit into the wall", hullPts(4000, 2000, geom.P(10.999, 12), 0), true},
		{"the same outline", []geom.Pt{geom.P(0, 0), geom.P(10, 0), geom.P(10, 10), geom.P(0, 10)}, true},
		{"swallowing a small building", hullPts(30000, 30000, geom.P(10, 10), 0), true},
		{"touching a corner from outside", hullPts(2000, 2000, geom.P(21, 21), 0), false},
		{"across the notch's corner", hullPts(2000, 2000, geom.P(10, 10), 45), true},
		{"far away", hullPts(2000, 2000, geom.P(40, 40), 0), false},
	}
	for _, c := range cases {
		if got := polyOverlap(c.shape, ell, or); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
	small := geom.Polygon{geom.P(5, 5), geom.P(6, 5), geom.P(6, 6), geom.P(5, 6)}
	if !polyOverlap(hullPts(30000, 30000, geom.P(10, 10), 0), small, small.Orientation()) {
		t.Error("a hull over a whole small building")
	}
	// A reversed (clockwise) outline answers the same.
	rev := geom.Polygon{ell[5], ell[4], ell[3], ell[2], ell[1], ell[0]}
	if polyOverlap(cases[0].shape, rev, rev.Orientation()) || !polyOverlap(cases[1].shape, rev, rev.Orientation()) {
		t.Error("orientation matters")
	}
	// Capsules (thick walls).
	wall := []geom.Pt{geom.P(0, 30), geom.P(10, 30)}
	if capsuleOverlap(hullPts(2000, 2000, geom.P(5, 32), 0), wall, 1000) {
		t.Error("touching a wall's thickness")
	}
	if !capsuleOverlap(hullPts(2000, 2000, geom.P(5, 31.999), 0), wall, 1000) {
		t.Error("a unit into a wall's thickness")
	}
	if !capsuleOverlap(hullPts(2000, 2000, geom.P(5, 30), 0), wall, 0) {
		t.Error("a thin wall through the hull")
	}
	if capsuleOverlap(hullPts(2000, 2000, geom.P(11, 30), 0), wall, 0) {
		t.Error("a thin wall ending on the hull's face")
	}
}

// FuzzStruck: the face struck from any firer at a hull's centre agrees
// with the reference wedges, and nothing panics.
func FuzzStruck(f *testing.F) {
	f.Add(int64(10000), int64(0), 0, int64(4000), int64(2000))
	f.Add(int64(-5000), int64(-10000), 33, int64(6000), int64(3000))
	f.Fuzz(func(t *testing.T, x, y int64, facing int, l, w int64) {
		if l <= 0 || w <= 0 || l > 50000 || w > 50000 || x < -200000 || x > 200000 || y < -200000 || y > 200000 {
			return
		}
		h := HullAt(l, w, geom.Pt{}, facing)
		if h.orient() == 0 {
			return
		}
		from := geom.Pt{X: x, Y: y}
		st := h.StruckFrom(from, Armour{1, 2, 3, 4, 5})
		if h.Under(from) {
			if !st.Inside {
				t.Fatalf("firer under the hull: %+v", st)
			}
			return
		}
		face, corner := refFace(h, from)
		if corner >= 0 {
			if !st.Corner {
				t.Fatalf("corner %d not seen: %+v", corner, st)
			}
			return
		}
		if st.Corner || st.Face != face {
			t.Fatalf("from %v facing %d: %+v, reference %v", from, facing, st, face)
		}
	})
}

func hullPts(l, w int64, p geom.Pt, facing int) []geom.Pt {
	h := HullAt(l, w, p, facing)
	return h.Corners[:]
}

// FuzzDrive: any drive on a busy table stops somewhere legal: on the
// table, clear of blocked terrain, within its move, and the same twice.
func FuzzDrive(f *testing.F) {
	f.Add(int64(4000), int64(23500), 90, int64(30000), int64(20000), int64(36000), int64(16000), false)
	f.Add(int64(20000), int64(40000), 0, int64(20000), int64(2000), int64(60000), int64(2000), true)
	m := benchTable()
	mr := MoveRules{Speeds: Speeds{Clear: 20000, Rough: 16000, Woods: 12000, Road: 24000}, ObstacleCost: 2000}
	f.Fuzz(func(t *testing.T, x, y int64, facing int, ax, ay, bx, by int64, rev bool) {
		in := func(v, hi int64) bool { return v >= 0 && v <= hi }
		if !in(x, 72000) || !in(y, 48000) || !in(ax, 72000) || !in(ay, 48000) || !in(bx, 72000) || !in(by, 48000) {
			return
		}
		start := Pose{Pos: geom.Pt{X: x, Y: y}, Facing: Norm(facing)}
		if id, off := BlockedBy(m, tank.Hull(start), nil); off || id >= 0 {
			return
		}
		plan := Plan{Legs: []Leg{{To: geom.Pt{X: ax, Y: ay}, Reverse: rev}, {To: geom.Pt{X: bx, Y: by}}}}
		r := Drive(m, tank, start, plan, mr, Others{})
		if id, off := BlockedBy(m, tank.Hull(r.End), nil); off || id >= 0 {
			t.Fatalf("stopped in a bad place (%d, off %v): %+v", id, off, r)
		}
		if r.Used > MoveParts || r.Path[len(r.Path)-1] != r.End.Pos || r.Poses[len(r.Poses)-1] != r.End {
			t.Fatalf("bad result: %+v", r)
		}
		if r2 := Drive(m, tank, start, plan, mr, Others{}); r2.End != r.End || r2.Used != r.Used {
			t.Fatal("not the same twice")
		}
	})
}

// A tank with its side an inch from the left edge, dragged back and to
// the left, must first turn on the spot, and the turn swings its rear off
// the table: the reason says it is the turn that fails (it said "it would
// leave the table", as if the way led off it), and what would work.
func TestTurnAtTheEdgeSaysItIsTheTurn(t *testing.T) {
	m := table(48, 48)
	r := Drive(m, tank, up(1.5, 24), Plan{Legs: []Leg{{To: geom.P(0.75, 30), Reverse: true}}}, tracks, Others{})
	if r.Arrived || r.Stop != TableEdge || r.End.Pos != geom.P(1.5, 24) {
		t.Fatalf("the turn at the edge: %+v", r)
	}
	if !strings.Contains(r.Why, "turning on the spot") || !strings.Contains(r.Why, "off the table") || !strings.Contains(r.Why, "drive it straight out from the edge first") {
		t.Errorf("the reason is %q; want the turn on the spot named as what takes the hull off the table, and what would work", r.Why)
	}
	// a straight run off the edge still says the way leaves the table
	r = Drive(m, tank, up(24, 40), Plan{Legs: []Leg{{To: geom.P(24, 47), Reverse: true}}}, tracks, Others{})
	if r.Why != "it would leave the table" {
		t.Errorf("backing straight off the table says %q", r.Why)
	}
}
