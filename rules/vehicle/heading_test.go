package vehicle

import (
	"math/rand"
	"testing"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// TestHeadingMatchesScan checks the quick Heading against the scan of
// every degree: every small vector, the table's own directions and their
// neighbours, half-degree directions, and random long ones.
func TestHeadingMatchesScan(t *testing.T) {
	check := func(d geom.Pt) {
		t.Helper()
		got, gok := Heading(d)
		want, wok := headingScan(d)
		if got != want || gok != wok {
			t.Fatalf("Heading(%v) = %d,%v; the scan says %d,%v", d, got, gok, want, wok)
		}
	}
	for x := int64(-80); x <= 80; x++ {
		for y := int64(-80); y <= 80; y++ {
			check(geom.Pt{X: x, Y: y})
		}
	}
	for deg := 0; deg < 360; deg++ {
		u := Dir(deg)
		w := Dir(deg + 1)
		for _, d := range []geom.Pt{u, u.Add(geom.Pt{X: 1}), u.Sub(geom.Pt{Y: 1}), u.Add(w), u.Add(w).Add(geom.Pt{X: 1, Y: -1}),
			{X: u.X / 1000, Y: u.Y / 1000}, {X: (u.X + w.X) / 2048, Y: (u.Y + w.Y) / 2048}} {
			check(d)
		}
	}
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 200000; i++ {
		check(geom.Pt{X: r.Int63n(400001) - 200000, Y: r.Int63n(400001) - 200000})
	}
}

// TestArrivesIsDriveArrived drives random plans (several legs, reversing,
// a last turn, short budgets) among buildings, woods, a hedge, another
// hull and figures' bases, and checks Arrives answers as Drive does.
func TestArrivesIsDriveArrived(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	var pieces []terrain.Piece
	for i := 0; i < 12; i++ {
		x, y := 2+r.Float64()*40, 2+r.Float64()*40
		kind := "building"
		if i%3 == 0 {
			kind = "woods"
		}
		pieces = append(pieces, area(kind, rect(x, y, 1+r.Float64()*5, 1+r.Float64()*5)))
	}
	pieces = append(pieces, line("hedge", geom.P(5, 24), geom.P(43, 26)))
	m := table(48, 48, pieces...)
	others := Others{Hulls: []Hull{tank.Hull(Pose{Pos: geom.P(30, 10), Facing: 30})}}
	for i := 0; i < 15; i++ {
		others.Bases = append(others.Bases, geom.Circle{C: geom.P(2+r.Float64()*44, 2+r.Float64()*44), R: 500})
	}
	mrs := []MoveRules{tracks, {Speeds: tracks.Speeds, ObstacleCost: 2000}, {Speeds: tracks.Speeds, ObstacleCost: -1, Budget: MoveParts / 2}}
	pt := func() geom.Pt { return geom.P(1+r.Float64()*46, 1+r.Float64()*46) }
	arrived, stopped := 0, 0
	for i := 0; i < 3000; i++ {
		start := Pose{Pos: pt(), Facing: r.Intn(360)}
		start.Turret = start.Facing
		var plan Plan
		for n := 1 + r.Intn(3); n > 0; n-- {
			to := start.Pos.Add(geom.Pt{X: r.Int63n(16001) - 8000, Y: r.Int63n(16001) - 8000})
			if r.Intn(3) > 0 {
				to = pt()
			}
			plan.Legs = append(plan.Legs, Leg{To: to, Reverse: r.Intn(4) == 0})
		}
		if r.Intn(3) == 0 {
			plan.Face, plan.HasFace = r.Intn(360), true
		}
		mr := mrs[r.Intn(len(mrs))]
		want := Drive(m, tank, start, plan, mr, others).Arrived
		if got := Arrives(m, tank, start, plan, mr, others); got != want {
			t.Fatalf("drive %d from %+v along %+v: Arrives %v, Drive %v", i, start, plan, got, want)
		}
		if want {
			arrived++
		} else {
			stopped++
		}
	}
	if arrived < 100 || stopped < 100 {
		t.Fatalf("only %d drives arrived and %d stopped", arrived, stopped)
	}
}

// TestCostIntIsRational checks the integer cost against the rational sum
// for lengths and speeds of every size, up to where the integers would
// overflow (there the rational sum answers).
func TestCostIntIsRational(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	fast := 0
	for i := 0; i < 100000; i++ {
		var lens [NumGoings]int64
		var sp Speeds
		scale := int64(1) << uint(r.Intn(40))
		for g := range lens {
			if r.Intn(3) > 0 {
				lens[g] = r.Int63n(200000 * scale)
			}
			if r.Intn(4) > 0 {
				sp[g] = 1 + r.Int63n([]int64{12000, 100, 1 << 30}[r.Intn(3)])
			}
		}
		want := costRat(lens, &sp)
		if got, ok := costInt(lens, &sp); ok {
			fast++
			if got != want {
				t.Fatalf("lengths %v at speeds %v: %d in integers, %d as a fraction", lens, sp, got, want)
			}
		}
		d := &driver{mr: MoveRules{Speeds: sp}}
		if got := d.cost(lens, 0); got != want {
			t.Fatalf("lengths %v at speeds %v: cost %d, the fraction %d", lens, sp, got, want)
		}
	}
	if fast < 20000 || fast > 90000 {
		t.Fatalf("%d of the sums fitted in integers: both ways should be tried often", fast)
	}
}

// TestPivotIsDegreeByDegree turns hulls on the spot among buildings,
// another hull and bases, near the table's edge too, and checks the quick
// pivot ends where, and says what, the turn a degree at a time does.
func TestPivotIsDegreeByDegree(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	var pieces []terrain.Piece
	for i := 0; i < 10; i++ {
		pieces = append(pieces, area("building", rect(2+r.Float64()*40, 2+r.Float64()*40, 1+r.Float64()*4, 1+r.Float64()*4)))
	}
	m := table(48, 48, pieces...)
	others := Others{Hulls: []Hull{tank.Hull(Pose{Pos: geom.P(24, 24), Facing: 10})}}
	for i := 0; i < 10; i++ {
		others.Bases = append(others.Bases, geom.Circle{C: geom.P(2+r.Float64()*44, 2+r.Float64()*44), R: 500})
	}
	quick, slow := 0, 0
	for i := 0; i < 20000; i++ {
		start := Pose{Pos: geom.P(r.Float64()*48, r.Float64()*48), Facing: r.Intn(360), Turret: r.Intn(360)}
		h := r.Intn(360)
		mk := func() *driver {
			res := Result{Path: []geom.Pt{start.Pos}, Poses: []Pose{start}, Piece: -1, Other: -1}
			near := geom.Rect{Min: start.Pos.Sub(geom.Pt{X: 8000, Y: 8000}), Max: start.Pos.Add(geom.Pt{X: 8000, Y: 8000})}
			return &driver{t: tank, g: newGround(m, nil, near), mr: tracks, others: others, res: &res, pose: start}
		}
		a, b := mk(), mk()
		if a.clearAround() {
			quick++
		} else {
			slow++
		}
		oka, okb := a.pivot(h), b.pivotSteps(h)
		if oka != okb || a.pose != b.pose || a.res.Stop != b.res.Stop || a.res.Other != b.res.Other || a.res.Piece != b.res.Piece {
			t.Fatalf("turn from %+v to %d: pivot %v %+v %+v, a degree at a time %v %+v %+v", start, h, oka, a.pose, a.res, okb, b.pose, b.res)
		}
	}
	if quick < 1000 || slow < 1000 {
		t.Fatalf("%d turns were clear around, %d not: both should be tried often", quick, slow)
	}
}
