package geom

import "math/bits"

// cmp128LE compares a*b with c*d exactly (all non-negative products are
// assumed for c*d; a*b may be any sign but here is a square), returning
// a*b <= c*d, or a*b < c*d when strict.
func cmp128LE(a, b, c, d int64, strict bool) bool {
	x := mul128(a, b)
	y := mul128(c, d)
	r := x.cmp(y)
	if strict {
		return r < 0
	}
	return r <= 0
}

// i128 is a signed 128-bit integer for exact products of two int64.
type i128 struct {
	hi int64
	lo uint64
}

func mul128(a, b int64) i128 {
	neg := (a < 0) != (b < 0)
	ua, ub := abs64(a), abs64(b)
	hi, lo := bits.Mul64(ua, ub)
	v := i128{int64(hi), lo}
	if neg {
		v = v.neg()
	}
	return v
}

func abs64(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}

func (v i128) neg() i128 {
	lo := ^v.lo + 1
	hi := ^v.hi
	if lo == 0 {
		hi++
	}
	return i128{hi, lo}
}

func (v i128) cmp(w i128) int {
	switch {
	case v.hi < w.hi:
		return -1
	case v.hi > w.hi:
		return 1
	case v.lo < w.lo:
		return -1
	case v.lo > w.lo:
		return 1
	}
	return 0
}

// Mul128Cmp compares a*b with c*d exactly: -1, 0 or +1.
func Mul128Cmp(a, b, c, d int64) int { return mul128(a, b).cmp(mul128(c, d)) }
