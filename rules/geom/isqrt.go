package geom

import "math"

// maxIsqrt is the floor of the square root of math.MaxInt64: the largest
// root whose square fits in an int64.
const maxIsqrt = 3037000499

// Isqrt is the exact floor of the square root of n, and 0 for n <= 0
// (a length from a squared length, rounded down to the unit). The float
// square root is only a first guess, within one of the answer for every
// int64; the integer corrections after it make the result exact, so it is
// the same on every machine. The guess is capped at maxIsqrt so that no
// square below overflows, even for n next to math.MaxInt64.
func Isqrt(n int64) int64 {
	if n <= 0 {
		return 0
	}
	r := min(int64(math.Sqrt(float64(n))), maxIsqrt)
	for r*r > n {
		r--
	}
	for r < maxIsqrt && (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// IsqrtRound is the square root of n rounded to the nearest whole number
// (an exact half cannot occur: n would be r*r + r + 1/4), and 0 for n <= 0.
func IsqrtRound(n int64) int64 {
	r := Isqrt(n)
	if n-r*r > r { // n > r*r + r, so the root is past r + 1/2
		r++
	}
	return r
}
