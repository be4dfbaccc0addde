package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestIsqrtTable(t *testing.T) {
	for _, c := range []struct{ n, floor, round int64 }{
		{math.MinInt64, 0, 0},
		{-1, 0, 0},
		{0, 0, 0},
		{1, 1, 1},
		{2, 1, 1},
		{3, 1, 2},
		{4, 2, 2},
		{6, 2, 2},
		{7, 2, 3},
		{15, 3, 4},
		{16, 4, 4},
		{17, 4, 4},
		{999999, 999, 1000},
		{1000000, 1000, 1000},
		{1000001, 1000, 1000},
		{1001000, 1000, 1000},
		{1001001, 1000, 1001},
		{5184000000, 72000, 72000}, // a 72-inch table edge, squared
		{25 * 1000 * 1000, 5000, 5000},
		{1 << 40, 1 << 20, 1 << 20},
		{(1 << 62) - 1, (1 << 31) - 1, 1 << 31},
		{1 << 62, 1 << 31, 1 << 31},
		{(1 << 62) + 1, 1 << 31, 1 << 31},
		{(1 << 62) + (1 << 31), 1 << 31, 1 << 31},
		{(1 << 62) + (1 << 31) + 1, 1 << 31, (1 << 31) + 1},
		{4611686014132420609 - 1, 2147483646, 2147483647}, // (2^31-1)^2 - 1
		{4611686014132420609, 2147483647, 2147483647},
		{maxIsqrt * maxIsqrt, maxIsqrt, maxIsqrt},
		{maxIsqrt*maxIsqrt - 1, maxIsqrt - 1, maxIsqrt},
		{maxIsqrt*maxIsqrt + maxIsqrt, maxIsqrt, maxIsqrt},
		{maxIsqrt*maxIsqrt + maxIsqrt + 1, maxIsqrt, maxIsqrt + 1},
		{math.MaxInt64 - 1, maxIsqrt, maxIsqrt + 1},
		{math.MaxInt64, maxIsqrt, maxIsqrt + 1},
	} {
		if got := Isqrt(c.n); got != c.floor {
			t.Errorf("Isqrt(%d) = %d, want %d", c.n, got, c.floor)
		}
		if got := IsqrtRound(c.n); got != c.round {
			t.Errorf("IsqrtRound(%d) = %d, want %d", c.n, got, c.round)
		}
	}
}

// isqrtInputs is every n up to 2^16, the squares near each power of two
// and near the top of int64, and a fixed stream of random values at every
// magnitude.
func isqrtInputs() []int64 {
	var ns []int64
	for n := int64(0); n <= 1<<16; n++ {
		ns = append(ns, n)
	}
	for b := 0; b < 63; b++ {
		p := int64(1) << b
		ns = append(ns, p-1, p, p+1)
		if b <= 31 {
			for _, r := range []int64{p - 1, p, p + 1} {
				ns = append(ns, r*r-1, r*r, r*r+1, r*r+r, r*r+r+1)
			}
		}
	}
	for d := int64(0); d < 1000; d++ {
		ns = append(ns, math.MaxInt64-d, (maxIsqrt-d)*(maxIsqrt-d), (maxIsqrt-d)*(maxIsqrt-d)-1)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		ns = append(ns, rng.Int64()>>rng.IntN(63))
	}
	return ns
}

// TestIsqrtIsFloor checks r*r <= n < (r+1)*(r+1), in uint64 so that
// (r+1)^2 cannot overflow even at math.MaxInt64.
func TestIsqrtIsFloor(t *testing.T) {
	for _, n := range isqrtInputs() {
		if n < 0 {
			continue // the table covers n <= 0
		}
		r := Isqrt(n)
		if r < 0 {
			t.Fatalf("Isqrt(%d) = %d", n, r)
		}
		u, ur := uint64(n), uint64(r)
		if ur*ur > u || (ur+1)*(ur+1) <= u {
			t.Fatalf("Isqrt(%d) = %d: not the floor of the root", n, r)
		}
	}
}

// TestIsqrtRoundIsNearest checks r*r - r < n <= r*r + r: the root lies
// within a half of r (it is never exactly a half past a whole number).
func TestIsqrtRoundIsNearest(t *testing.T) {
	for _, n := range isqrtInputs() {
		if n <= 0 {
			continue // the table covers n <= 0
		}
		r := IsqrtRound(n)
		u, ur := uint64(n), uint64(r)
		if ur*ur-ur >= u || u > ur*ur+ur {
			t.Fatalf("IsqrtRound(%d) = %d: not the nearest root", n, r)
		}
	}
}
