package skirmish35

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// TestBearingMatchesScan holds the quick bearing to the scan of all 360
// degrees: every whole-degree direction and the halfway between two (the
// ties), short and long vectors, and random ones.
func TestBearingMatchesScan(t *testing.T) {
	a := geom.Pt{X: 12345, Y: -6789}
	check := func(v geom.Pt) {
		t.Helper()
		b := a.Add(v)
		if got, want := bearing(a, b), bearingScan(a, b); got != want {
			t.Fatalf("bearing along %v: %d, the scan gives %d", v, got, want)
		}
	}
	for d := 0; d < 360; d++ {
		u := dirOf(d)
		for _, n := range []int64{1, 3, 1000, 1 << 20} {
			check(geom.Pt{X: u.X * n / 1000, Y: u.Y * n / 1000})
			check(geom.Pt{X: u.X * n, Y: u.Y * n})
			w := dirOf(d + 1)
			check(geom.Pt{X: (u.X + w.X) * n, Y: (u.Y + w.Y) * n}) // halfway: a tie
		}
	}
	for _, v := range []geom.Pt{{X: 1}, {Y: 1}, {X: -1}, {Y: -1}, {X: 1, Y: 1}, {X: -1, Y: 1}, {X: 1 << 40, Y: -3}, {X: -(1 << 50), Y: 1 << 49}} {
		check(v)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		m := int64(1) << uint(r.IntN(40)+1)
		v := geom.Pt{X: r.Int64N(2*m+1) - m, Y: r.Int64N(2*m+1) - m}
		if v.X == 0 && v.Y == 0 {
			continue
		}
		check(v)
	}
}

// TestDoorKeyIsRefString: the quick door name is the one fmt gave.
func TestDoorKeyIsRefString(t *testing.T) {
	for _, d := range []terrain.DoorRef{{}, {Piece: 7, Index: 2}, {Piece: 123, Index: 11}, {Piece: 255, Index: 7}, {Piece: 256, Index: 0}, {Piece: 3, Index: 8}, {Piece: 40000, Index: 0}} {
		if got, want := doorKey(d), "door."+d.String(); got != want {
			t.Errorf("doorKey(%v) = %q, want %q", d, got, want)
		}
	}
}
