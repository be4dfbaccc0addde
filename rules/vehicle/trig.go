package vehicle

import "hedgerow/rules/geom"

// Scale is the length of the direction vectors Dir returns: sines and
// cosines are whole numbers of 1/Scale.
const Scale = 1 << 20

// sinTable holds sin(d) * Scale for d = 0..90 degrees, each rounded once
// to the nearest whole number. It is written out literally so that no
// machine's floating point ever enters a ruling.
var sinTable = [91]int64{
	0, 18300, 36595, 54878, 73145, 91389, 109606, 127789,
	145934, 164033, 182083, 200078, 218011, 235878, 253673, 271391,
	289027, 306574, 324028, 341383, 358634, 375776, 392803, 409711,
	426494, 443147, 459665, 476044, 492277, 508360, 524288, 540057,
	555661, 571095, 586356, 601438, 616338, 631049, 645568, 659890,
	674012, 687928, 701634, 715127, 728402, 741455, 754282, 766880,
	779244, 791370, 803256, 814897, 826289, 837430, 848316, 858943,
	869309, 879410, 889243, 898805, 908093, 917105, 925838, 934288,
	942454, 950333, 957922, 965219, 972223, 978930, 985339, 991448,
	997255, 1002758, 1007956, 1012847, 1017429, 1021701, 1025662, 1029311,
	1032646, 1035666, 1038371, 1040760, 1042832, 1044586, 1046022, 1047139,
	1047937, 1048416, 1048576,
}

// Norm brings an angle in whole degrees into 0..359.
func Norm(deg int) int {
	d := deg % 360
	if d < 0 {
		d += 360
	}
	return d
}

// Sin is sin(deg) * Scale from the table.
func Sin(deg int) int64 {
	d := Norm(deg)
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

// Cos is cos(deg) * Scale from the table.
func Cos(deg int) int64 { return Sin(deg + 90) }

// Dir is the direction of a facing, as a vector of length about Scale:
// facings are degrees clockwise from "up the table" (negative Y), the
// same convention as a figure's Facing, so Dir(0) points up the table and
// Dir(90) to the right.
func Dir(deg int) geom.Pt { return geom.Pt{X: Sin(deg), Y: -Cos(deg)} }

// Heading is the whole-degree facing nearest the direction of d, and false
// for a zero vector. Nearest is measured by the angle between d and each
// table direction (compared exactly as tangents, so the slightly unequal
// lengths of the table's vectors never matter); an exact tie goes to the
// smaller degree.
func Heading(d geom.Pt) (int, bool) {
	if d.X == 0 && d.Y == 0 {
		return 0, false
	}
	// The nearest whole degree lies within half a degree (and the
	// table's rounding, far under a thousandth of one) of d's direction,
	// and the ten-degree mark with the largest dot product within five
	// and a bit; so the answer is among the fifteen degrees around that
	// mark, judged exactly as a scan of all 360 would judge them.
	mark, md := 0, Dir(0).Dot(d)
	for deg := 10; deg < 360; deg += 10 {
		if dot := Dir(deg).Dot(d); dot > md {
			mark, md = deg, dot
		}
	}
	best := -1
	var bc, bd int64 // |cross| and dot of the best so far: tan = bc/bd
	for k := -7; k <= 7; k++ {
		deg := Norm(mark + k)
		u := Dir(deg)
		dot := u.Dot(d)
		if dot <= 0 {
			continue
		}
		c := u.Cross(d)
		if c < 0 {
			c = -c
		}
		if best < 0 {
			best, bc, bd = deg, c, dot
			continue
		}
		// An exact tie goes to the smaller degree, as the full scan's
		// first find would.
		if cmp := geom.Mul128Cmp(c, bd, bc, dot); cmp < 0 || cmp == 0 && deg < best {
			best, bc, bd = deg, c, dot
		}
	}
	return best, true
}

// headingScan is Heading by a scan of every whole degree, the reference
// the quick search is tested against.
func headingScan(d geom.Pt) (int, bool) {
	if d.X == 0 && d.Y == 0 {
		return 0, false
	}
	best := -1
	var bc, bd int64
	for deg := 0; deg < 360; deg++ {
		u := Dir(deg)
		dot := u.Dot(d)
		if dot <= 0 {
			continue
		}
		c := u.Cross(d)
		if c < 0 {
			c = -c
		}
		if best < 0 || geom.Mul128Cmp(c, bd, bc, dot) < 0 {
			best, bc, bd = deg, c, dot
		}
	}
	return best, true
}

// Turn is the signed turn in degrees from facing a to facing b, the short
// way round: positive clockwise, in -179..180 (a half turn is clockwise).
func Turn(a, b int) int {
	t := Norm(b - a)
	if t > 180 {
		t -= 360
	}
	return t
}
