package geom

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// maxLegal is the far corner of the largest legal table (240" a side): a
// command's points are refused beyond the table, so no rule measures
// between points farther apart than this.
const maxLegal = 240 * PerInch

func bigSub(a, b int64) *big.Int { return new(big.Int).Sub(big.NewInt(a), big.NewInt(b)) }

func bigDist2(a, b Pt) *big.Int {
	dx, dy := bigSub(b.X, a.X), bigSub(b.Y, a.Y)
	return new(big.Int).Add(new(big.Int).Mul(dx, dx), new(big.Int).Mul(dy, dy))
}

func bigCross(a, b, c Pt) int {
	l := new(big.Int).Mul(bigSub(b.X, a.X), bigSub(c.Y, a.Y))
	r := new(big.Int).Mul(bigSub(b.Y, a.Y), bigSub(c.X, a.X))
	return l.Cmp(r)
}

// bigSegWithin: is the distance from p to segment s at most r (less than
// r when strict), in exact rationals.
func bigSegWithin(s Seg, p Pt, r int64, strict bool) bool {
	dx, dy := new(big.Rat).SetInt(bigSub(s.B.X, s.A.X)), new(big.Rat).SetInt(bigSub(s.B.Y, s.A.Y))
	px, py := new(big.Rat).SetInt(bigSub(p.X, s.A.X)), new(big.Rat).SetInt(bigSub(p.Y, s.A.Y))
	l2 := new(big.Rat).Add(new(big.Rat).Mul(dx, dx), new(big.Rat).Mul(dy, dy))
	tt := new(big.Rat)
	if l2.Sign() > 0 {
		tt.Quo(new(big.Rat).Add(new(big.Rat).Mul(px, dx), new(big.Rat).Mul(py, dy)), l2)
		if tt.Sign() < 0 {
			tt.SetInt64(0)
		}
		if tt.Cmp(big.NewRat(1, 1)) > 0 {
			tt.SetInt64(1)
		}
	}
	ex := new(big.Rat).Sub(px, new(big.Rat).Mul(tt, dx))
	ey := new(big.Rat).Sub(py, new(big.Rat).Mul(tt, dy))
	d2 := new(big.Rat).Add(new(big.Rat).Mul(ex, ex), new(big.Rat).Mul(ey, ey))
	r2 := new(big.Rat).SetInt(new(big.Int).Mul(big.NewInt(r), big.NewInt(r)))
	if strict {
		return d2.Cmp(r2) < 0
	}
	return d2.Cmp(r2) <= 0
}

// extremePt is a point of the largest table, half the time on its edges
// or corners, where products are largest.
func extremePt(r *rand.Rand) Pt {
	c := func() int64 {
		switch r.IntN(4) {
		case 0:
			return 0
		case 1:
			return maxLegal
		default:
			return r.Int64N(maxLegal + 1)
		}
	}
	return Pt{c(), c()}
}

// TestLargestTableExact (issue 25): the squared distances, orientations
// and segment-distance tests the rules compare never overflow on the
// largest legal table: each agrees with math/big on 50,000 cases at its
// extreme coordinates.
func TestLargestTableExact(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 2))
	for i := 0; i < 50_000; i++ {
		a, b, c := extremePt(r), extremePt(r), extremePt(r)
		if got, want := Dist2(a, b), bigDist2(a, b); !want.IsInt64() || got != want.Int64() {
			t.Fatalf("Dist2(%v, %v) = %d, want %s", a, b, got, want)
		}
		if got, want := Orient(a, b, c), bigCross(a, b, c); got != want {
			t.Fatalf("Orient(%v, %v, %v) = %d, want %d", a, b, c, got, want)
		}
		rad := r.Int64N(maxLegal * 3 / 2)
		strict := i%2 == 0
		if got, want := SegWithin(Seg{a, b}, c, rad, strict), bigSegWithin(Seg{a, b}, c, rad, strict); got != want {
			t.Fatalf("SegWithin(%v-%v, %v, %d, %v) = %v, want %v", a, b, c, rad, strict, got, want)
		}
		if got, want := WithinDist(a, c, rad), bigDist2(a, c).Cmp(new(big.Int).Mul(big.NewInt(rad), big.NewInt(rad))) <= 0; got != want {
			t.Fatalf("WithinDist(%v, %v, %d) = %v, want %v", a, c, rad, got, want)
		}
	}
}
