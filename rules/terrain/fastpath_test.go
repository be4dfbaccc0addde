package terrain

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"hedgerow/rules/geom"
)

// clipLen2 is the squared length of the part of s inside the closed box r,
// as an exact rational (0 when they do not meet).
func clipLen2(s geom.Seg, r geom.Rect) *big.Rat {
	t0, t1 := rat(0), rat(1)
	d := s.B.Sub(s.A)
	clip := func(a, dv, lo, hi int64) bool { // a + t*dv within [lo, hi]
		if dv == 0 {
			return lo <= a && a <= hi
		}
		u := new(big.Rat).SetFrac64(lo-a, dv)
		v := new(big.Rat).SetFrac64(hi-a, dv)
		if u.Cmp(v) > 0 {
			u, v = v, u
		}
		if u.Cmp(t0) > 0 {
			t0 = u
		}
		if v.Cmp(t1) < 0 {
			t1 = v
		}
		return true
	}
	if !clip(s.A.X, d.X, r.Min.X, r.Max.X) || !clip(s.A.Y, d.Y, r.Min.Y, r.Max.Y) || t0.Cmp(t1) >= 0 {
		return rat(0)
	}
	dt := rsub(t1, t0)
	return rmul(rmul(dt, dt), rat(d.Len2()))
}

// shallowIn must never call a line shallow that runs more than depth
// inside the box (that would let sight through woods it should stop), and
// must call shallow most lines that clip a box's corner.
func TestShallowInIsSafe(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	shallow, deep := 0, 0
	for i := 0; i < 200000; i++ {
		span := []int64{20, 3000, 60000}[i%3]
		r := geom.Rect{Min: geom.Pt{X: rng.Int64N(span), Y: rng.Int64N(span)}}
		r.Max = geom.Pt{X: r.Min.X + rng.Int64N(span/2+1), Y: r.Min.Y + rng.Int64N(span/2+1)}
		pt := func() geom.Pt { return geom.Pt{X: rng.Int64N(2*span) - span/2, Y: rng.Int64N(2*span) - span/2} }
		s := geom.Seg{A: pt(), B: pt()}
		switch i % 5 {
		case 0:
			s.B.X = s.A.X
		case 1:
			s.B.Y = s.A.Y
		}
		depth := rng.Int64N(span/3 + 1)
		l2 := clipLen2(s, r)
		beyond := l2.Cmp(rat(depth*depth)) > 0
		if shallowIn(s, r, depth) {
			shallow++
			if beyond {
				t.Fatalf("shallowIn(%v, %v, %d) but %v of it is in the box (squared)", s, r, depth, l2.FloatString(3))
			}
		} else if !beyond {
			deep++ // could not tell: allowed, but should be rare-ish
		}
	}
	if shallow < 50000 {
		t.Fatalf("shallowIn settled only %d lines", shallow)
	}
	t.Logf("%d settled shallow, %d shallow lines left to the exact test", shallow, deep)
}

// lineCrosses agrees with PolylineCrossings on bent lines through, along
// and touching segments (bends on grid points so lines run through them).
func TestLineCrossesAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	yes := 0
	for i := 0; i < 200000; i++ {
		g := func() int64 { return rng.Int64N(9) * 500 }
		path := make([]geom.Pt, 2+rng.IntN(4))
		for k := range path {
			path[k] = geom.Pt{X: g(), Y: g()}
		}
		s := geom.Seg{A: geom.Pt{X: g(), Y: g()}, B: geom.Pt{X: g(), Y: g()}}
		var buf [8]geom.Frac
		want := len(geom.PolylineCrossings(path, s, buf[:0])) > 0
		if got := lineCrosses(path, s); got != want {
			t.Fatalf("lineCrosses(%v, %v) = %v, PolylineCrossings says %v", path, s, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 10000 {
		t.Fatalf("only %d crossings: the test is too easy", yes)
	}
}

// Sight lines too long for colWalk's products take the wide walk
// (stoppedByWide) and still agree with testing every piece.
func TestClearLongLinesAgree(t *testing.T) {
	ix, figs := benchTable()
	rng := rand.New(rand.NewPCG(6, 6))
	far := int64(walkLimit) + walkLimit/2
	wide, blocked := 0, 0
	for i := 0; i < 3000; i++ {
		a := figs[rng.IntN(len(figs))]
		b := geom.Pt{X: a.X + rng.Int64N(2*far) - far, Y: a.Y + rng.Int64N(2*far) - far}
		if i%2 == 0 {
			a, b = b, a
		}
		var w colWalk
		if !w.init(&ix.sight, a, b) {
			wide++
		}
		got := ix.Clear(a, b)
		if got != naiveClear(ix, a, b) {
			t.Fatalf("Clear(%v, %v) = %v but testing every piece says otherwise", a, b, got)
		}
		if !got {
			blocked++
		}
	}
	if wide < 1000 || blocked < 1000 {
		t.Fatalf("only %d lines took the wide walk, %d blocked", wide, blocked)
	}
}
