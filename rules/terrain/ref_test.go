package terrain

import (
	"math/big"
	"sort"

	"hedgerow/rules/geom"
)

// A deliberately simple exact reference for sight: every edge of every
// piece, every position as a math/big rational, every inside test done at
// the midpoint of each stretch between boundary contacts. It shares no
// code with the fast path except the map model.

type rpt struct{ x, y *big.Rat }

func rat(v int64) *big.Rat { return new(big.Rat).SetInt64(v) }

func rpOf(p geom.Pt) rpt { return rpt{rat(p.X), rat(p.Y)} }

func rsub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func rmul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func radd(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }

func rcross(ax, ay, bx, by *big.Rat) *big.Rat { return rsub(rmul(ax, by), rmul(ay, bx)) }

// hpip classifies the point (X/D, Y/D), D > 0, against poly with big
// integers (no fractions to reduce): +1 inside, 0 on the outline, -1 out.
func hpip(poly geom.Polygon, X, Y, D *big.Int) int {
	in := false
	n := len(poly)
	ax, ay, bx, by := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	t1, t2, o := new(big.Int), new(big.Int), new(big.Int)
	for i := 0; i < n; i++ {
		a, b := poly[i], poly[(i+1)%n]
		ax.Mul(big.NewInt(a.X), D)
		ay.Mul(big.NewInt(a.Y), D)
		bx.Mul(big.NewInt(b.X), D)
		by.Mul(big.NewInt(b.Y), D)
		// o = (b-a) x (q-a), all scaled by D
		t1.Mul(t1.Sub(bx, ax), t2.Sub(Y, ay))
		o.Mul(o.Sub(by, ay), t2.Sub(X, ax))
		o.Sub(t1, o)
		inX := (ax.Cmp(X) <= 0 && X.Cmp(bx) <= 0) || (bx.Cmp(X) <= 0 && X.Cmp(ax) <= 0)
		inY := (ay.Cmp(Y) <= 0 && Y.Cmp(by) <= 0) || (by.Cmp(Y) <= 0 && Y.Cmp(ay) <= 0)
		if o.Sign() == 0 && inX && inY {
			return 0
		}
		if (ay.Cmp(Y) > 0) != (by.Cmp(Y) > 0) {
			if (b.Y > a.Y && o.Sign() > 0) || (b.Y < a.Y && o.Sign() < 0) {
				in = !in
			}
		}
	}
	if in {
		return 1
	}
	return -1
}

func ipip(poly geom.Polygon, p geom.Pt) int {
	one := big.NewInt(1)
	return hpip(poly, big.NewInt(p.X), big.NewInt(p.Y), one)
}

func rat01(t *big.Rat) bool { return t.Sign() >= 0 && t.Cmp(rat(1)) <= 0 }

// refInside returns the inside intervals of s in poly as [t0,t1] pairs.
func refInside(poly geom.Polygon, s geom.Seg) [][2]*big.Rat {
	A := rpOf(s.A)
	dx, dy := rat(s.B.X-s.A.X), rat(s.B.Y-s.A.Y)
	dd := radd(rmul(dx, dx), rmul(dy, dy))
	ts := []*big.Rat{rat(0), rat(1)}
	n := len(poly)
	if dd.Sign() == 0 {
		return nil
	}
	for i := 0; i < n; i++ {
		u, w := rpOf(poly[i]), rpOf(poly[(i+1)%n])
		ex, ey := rsub(w.x, u.x), rsub(w.y, u.y)
		ux, uy := rsub(u.x, A.x), rsub(u.y, A.y)
		den := rcross(dx, dy, ex, ey)
		if den.Sign() != 0 {
			t := new(big.Rat).Quo(rcross(ux, uy, ex, ey), den)
			e := new(big.Rat).Quo(rcross(ux, uy, dx, dy), den)
			if rat01(t) && rat01(e) {
				ts = append(ts, t)
			}
		} else if rcross(ux, uy, dx, dy).Sign() == 0 {
			for _, v := range []rpt{u, w} {
				t := new(big.Rat).Quo(radd(rmul(rsub(v.x, A.x), dx), rmul(rsub(v.y, A.y), dy)), dd)
				if rat01(t) {
					ts = append(ts, t)
				}
			}
		}
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Cmp(ts[j]) < 0 })
	var out [][2]*big.Rat
	for i := 0; i+1 < len(ts); i++ {
		if ts[i].Cmp(ts[i+1]) == 0 {
			continue
		}
		m := new(big.Rat).Quo(radd(ts[i], ts[i+1]), rat(2))
		// midpoint A + m*d as (X/D, Y/D)
		D := new(big.Int).Set(m.Denom())
		X := new(big.Int).Mul(big.NewInt(s.A.X), D)
		X.Add(X, new(big.Int).Mul(m.Num(), big.NewInt(s.B.X-s.A.X)))
		Y := new(big.Int).Mul(big.NewInt(s.A.Y), D)
		Y.Add(Y, new(big.Int).Mul(m.Num(), big.NewInt(s.B.Y-s.A.Y)))
		if hpip(poly, X, Y, D) > 0 {
			if k := len(out); k > 0 && out[k-1][1].Cmp(ts[i]) == 0 {
				out[k-1][1] = ts[i+1]
			} else {
				out = append(out, [2]*big.Rat{ts[i], ts[i+1]})
			}
		}
	}
	return out
}

func rsign(v *big.Rat) int { return v.Sign() }

// refCrossings lists where polyline path crosses s from one side to the
// other strictly between its ends.
func refCrossings(path []geom.Pt, s geom.Seg) []*big.Rat {
	A := rpOf(s.A)
	dx, dy := rat(s.B.X-s.A.X), rat(s.B.Y-s.A.Y)
	dd := radd(rmul(dx, dx), rmul(dy, dy))
	if dd.Sign() == 0 {
		return nil
	}
	side := func(p geom.Pt) int {
		return rsign(rcross(dx, dy, rsub(rat(p.X), A.x), rsub(rat(p.Y), A.y)))
	}
	proj := func(p geom.Pt) *big.Rat {
		return new(big.Rat).Quo(radd(rmul(rsub(rat(p.X), A.x), dx), rmul(rsub(rat(p.Y), A.y), dy)), dd)
	}
	open01 := func(t *big.Rat) bool { return t.Sign() > 0 && t.Cmp(rat(1)) < 0 }
	var out []*big.Rat
	m := len(path)
	// Walk the polyline; a "contact" is a maximal stretch on the line of s.
	for k := 0; k+1 < m; k++ {
		s0, s1 := side(path[k]), side(path[k+1])
		if s0*s1 < 0 {
			p, q := rpOf(path[k]), rpOf(path[k+1])
			ex, ey := rsub(q.x, p.x), rsub(q.y, p.y)
			den := rcross(dx, dy, ex, ey)
			t := new(big.Rat).Quo(rcross(rsub(p.x, A.x), rsub(p.y, A.y), ex, ey), den)
			if open01(t) {
				out = append(out, t)
			}
		}
	}
	for i := 1; i < m-1; i++ {
		if side(path[i]) != 0 || side(path[i-1]) == 0 {
			continue
		}
		j := i
		for j+1 < m && side(path[j+1]) == 0 {
			j++
		}
		if j == m-1 {
			break
		}
		first := proj(path[i])
		ok := true
		for k := i; k <= j; k++ {
			t := proj(path[k])
			if !open01(t) {
				ok = false
			}
			if t.Cmp(first) < 0 {
				first = t
			}
		}
		if ok && side(path[i-1])*side(path[j+1]) < 0 {
			out = append(out, first)
		}
		i = j
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Cmp(out[j]) < 0 })
	return out
}

func refElevation(m *Map, p geom.Pt) int64 {
	var e int64
	for i := range m.Pieces {
		pc := &m.Pieces[i]
		if len(pc.Poly) > 0 && pc.Props.Sight == SightBlocks && pc.Props.Going != GoingImpassable &&
			pc.Bounds().ContainsPt(p) && ipip(pc.Poly, p) >= 0 && pc.Props.Height > e {
			e = pc.Props.Height
		}
	}
	return e
}

var half = big.NewRat(1, 2)

// refStopped is the reference for Index.stopped.
func refStopped(m *Map, s geom.Seg, own geom.Pt, ea, eb int64, nearOnly bool) bool {
	for i := range m.Pieces {
		pc := &m.Pieces[i]
		h := pc.Props.Height
		if (ea > 0 && ea >= h) || (eb > 0 && eb >= h) {
			continue
		}
		// Plain bounding-box reject (integers, obviously safe).
		if !pc.Bounds().Overlaps(geom.SegBounds(s)) {
			continue
		}
		switch {
		case pc.Props.Sight == SightBlocks && len(pc.Poly) > 0:
			if ipip(pc.Poly, s.A) > 0 || ipip(pc.Poly, own) > 0 {
				continue
			}
			iv := refInside(pc.Poly, s)
			if len(iv) > 0 && (!nearOnly || iv[len(iv)-1][1].Cmp(half) > 0) {
				return true
			}
		case pc.Props.Sight == SightBlocks && len(pc.Path) > 1:
			xs := refCrossings(pc.Path, s)
			if len(xs) > 0 && (!nearOnly || xs[len(xs)-1].Cmp(half) > 0) {
				return true
			}
		case pc.Props.Sight == SightBlocksBeyond && len(pc.Poly) > 0:
			iv := refInside(pc.Poly, s)
			sum := rat(0)
			for _, v := range iv {
				sum = radd(sum, rsub(v[1], v[0]))
			}
			lhs := rmul(rmul(sum, sum), rat(s.Len2()))
			d := rat(pc.Props.SightDepth)
			if lhs.Cmp(rmul(d, d)) > 0 && (!nearOnly || iv[len(iv)-1][1].Cmp(half) > 0) {
				return true
			}
		}
	}
	return false
}
