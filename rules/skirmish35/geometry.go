package skirmish35

import (
	"math"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Integer geometry for rulings: no floating point decides anything here
// except geom.Isqrt's first guess, which is then corrected exactly.

// sinTable is sin(d) for whole degrees 0..90, in millionths (a literal
// table, so no trigonometry runs at play time).
var sinTable = [91]int64{
	0, 17452, 34899, 52336, 69756, 87156, 104528, 121869, 139173, 156434,
	173648, 190809, 207912, 224951, 241922, 258819, 275637, 292372, 309017, 325568,
	342020, 358368, 374607, 390731, 406737, 422618, 438371, 453990, 469472, 484810,
	500000, 515038, 529919, 544639, 559193, 573576, 587785, 601815, 615661, 629320,
	642788, 656059, 669131, 681998, 694658, 707107, 719340, 731354, 743145, 754710,
	766044, 777146, 788011, 798636, 809017, 819152, 829038, 838671, 848048, 857167,
	866025, 874620, 882948, 891007, 898794, 906308, 913545, 920505, 927184, 933580,
	939693, 945519, 951057, 956305, 961262, 965926, 970296, 974370, 978148, 981627,
	984808, 987688, 990268, 992546, 994522, 996195, 997564, 998630, 999391, 999848,
	1000000,
}

// sinDeg is sin(d) in millionths for any whole degree.
func sinDeg(d int) int64 {
	d = ((d % 360) + 360) % 360
	switch {
	case d <= 90:
		return sinTable[d]
	case d <= 180:
		return sinTable[180-d]
	case d <= 270:
		return -sinTable[d-180]
	}
	return -sinTable[360-d]
}

func cosDeg(d int) int64 { return sinDeg(d + 90) }

// dirOf is the unit vector (in millionths) of a facing: degrees clockwise
// from up the table (negative Y).
func dirOf(deg int) geom.Pt {
	if deg >= 0 && deg < 360 {
		return dirTable[deg]
	}
	return dirOfSin(deg)
}

// dirOfSin is dirOf worked out from the sine table.
func dirOfSin(deg int) geom.Pt { return geom.Pt{X: sinDeg(deg), Y: -cosDeg(deg)} }

// dirTable is dirOf of each whole degree 0-359, made once (bearing and
// every facing test ask it).
var dirTable = func() (t [360]geom.Pt) {
	for d := range t {
		t[d] = dirOfSin(d)
	}
	return t
}()

// dist is the distance between two points, rounded down to the
// thousandth of an inch.
func dist(a, b geom.Pt) int64 { return geom.Isqrt(geom.Dist2(a, b)) }

// within reports whether a and b are no more than d apart (exact).
func within(a, b geom.Pt, d int64) bool { return geom.Dist2(a, b) <= d*d }

// bearing is the whole-degree facing from a towards b: the degree whose
// direction lies closest to it (lowest degree on a tie).
func bearing(a, b geom.Pt) int {
	v := b.Sub(a)
	if v.X == 0 && v.Y == 0 {
		return 0
	}
	// scale down huge vectors so the dot products cannot overflow
	for v.X > 1<<30 || v.X < -(1<<30) || v.Y > 1<<30 || v.Y < -(1<<30) {
		v.X /= 2
		v.Y /= 2
	}
	// The best of every tenth degree lies within 5 degrees of the
	// vector's direction, and the best degree within a degree of it (the
	// table's rounding moves a dot product by a millionth, a degree's
	// turn by far more), so the degrees within 10 of the coarse best hold
	// it: 36 + 21 dot products where all 360 gave the same answer.
	coarse, coarseDot := 0, int64(math.MinInt64)
	for d := 0; d < 360; d += 10 {
		if dot := dirOf(d).Dot(v); dot > coarseDot {
			coarse, coarseDot = d, dot
		}
	}
	best, bestDot := 0, int64(math.MinInt64)
	for k := -10; k <= 10; k++ {
		d := (coarse + k + 360) % 360
		if dot := dirOf(d).Dot(v); dot > bestDot || dot == bestDot && d < best {
			best, bestDot = d, dot
		}
	}
	return best
}

// bearingScan is bearing by trying all 360 degrees (what the tests hold
// bearing to).
func bearingScan(a, b geom.Pt) int {
	v := b.Sub(a)
	if v.X == 0 && v.Y == 0 {
		return 0
	}
	for v.X > 1<<30 || v.X < -(1<<30) || v.Y > 1<<30 || v.Y < -(1<<30) {
		v.X /= 2
		v.Y /= 2
	}
	best, bestDot := 0, int64(math.MinInt64)
	for d := 0; d < 360; d++ {
		if dot := dirOf(d).Dot(v); dot > bestDot {
			best, bestDot = d, dot
		}
	}
	return best
}

// inFront reports whether point p lies within f's front: no more than
// the front half-angle off its facing.
func inFront(f *rules.Figure, p geom.Pt, half int) bool {
	return frontOf(f, half).has(p)
}

// front is a figure's front worked out once, to ask of many points:
// where it stands, its facing's direction and the front half-angle with
// its cosine.
type front struct {
	at, dir geom.Pt
	half    int
	cos     int64
}

func frontOf(f *rules.Figure, half int) front {
	return front{at: f.Pos, dir: dirOf(f.Facing), half: half, cos: cosDeg(half)}
}

// has is inFront for the figure the front was made of.
func (fr front) has(p geom.Pt) bool {
	v := p.Sub(fr.at)
	if v.X == 0 && v.Y == 0 {
		return true
	}
	half := fr.half
	// angle(v, dir) <= half  <=>  dot(dir, v) >= |v| cos(half)
	dot := fr.dir.Dot(v)
	c := fr.cos
	if half >= 90 {
		if half >= 180 {
			return true
		}
		if dot >= 0 {
			return true
		}
	} else if dot < 0 {
		return false
	}
	// compare dot^2 with |v|^2 cos^2 (both in 1e12 units); signs
	// handled above. For half >= 90, dot < 0 here and c <= 0: the point
	// is in front when |dot| <= |v| |c|.
	lhs := new128(dot, dot)
	rhs := new128(v.Len2(), c*c)
	if half >= 90 {
		return lhs.cmp(rhs) <= 0
	}
	return lhs.cmp(rhs) >= 0
}

// towards is the point dist from a in the direction of b (a itself when
// they coincide).
func towards(a, b geom.Pt, d int64) geom.Pt {
	v := b.Sub(a)
	n := geom.Isqrt(v.Len2())
	if n == 0 {
		return a
	}
	return geom.Pt{X: a.X + v.X*d/n, Y: a.Y + v.Y*d/n}
}

// spin is the point d away from p in the spinner's direction face (1 is
// one step clockwise from up the table, faces steps in all).
func spin(p geom.Pt, face, faces int, d int64) geom.Pt {
	deg := face * 360 / faces % 360
	u := dirOf(deg)
	return geom.Pt{X: p.X + divRound(u.X*d, 1000000), Y: p.Y + divRound(u.Y*d, 1000000)}
}

func divRound(a, b int64) int64 {
	if a >= 0 {
		return (a + b/2) / b
	}
	return -((-a + b/2) / b)
}

// u128 is a small unsigned 128-bit product for exact comparisons.
type u128 struct{ hi, lo uint64 }

func abs64(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

func new128(a, b int64) u128 {
	x, y := abs64(a), abs64(b)
	hi, lo := mulU(x, y)
	return u128{hi, lo}
}

func mulU(x, y uint64) (uint64, uint64) {
	const mask = 1<<32 - 1
	x0, x1 := x&mask, x>>32
	y0, y1 := y&mask, y>>32
	w0 := x0 * y0
	t := x1*y0 + w0>>32
	w1 := t & mask
	w2 := t >> 32
	w1 += x0 * y1
	hi := x1*y1 + w2 + w1>>32
	return hi, x * y
}

func (a u128) cmp(b u128) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}

// ceilDiv is the ceiling of a/b for a >= 0, b > 0.
func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// rangeSteps is how many whole steps of step (rounded up) the distance
// from a to b makes: the smallest k with |ab| <= k*step.
func rangeSteps(a, b geom.Pt, step int64) int {
	d2 := geom.Dist2(a, b)
	k := ceilDiv(geom.Isqrt(d2), step)
	for k > 0 && (k-1)*step*(k-1)*step >= d2 {
		k--
	}
	for k*step*k*step < d2 {
		k++
	}
	return int(k)
}
