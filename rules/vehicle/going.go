package vehicle

import (
	"math"
	"math/bits"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Going is how terrain is for a vehicle. The first five index Speeds.
type Going int

const (
	Clear Going = iota
	Rough
	Woods
	Road
	Water
	NumGoings

	Obstacle Going = 10 // a linear obstacle (hedge, wall, fence): crossed at a cost
	Blocked  Going = 11 // no hull may overlap it (buildings, high walls)
)

var goingNames = []string{"clear", "rough", "woods", "road", "water"}

func (g Going) String() string {
	switch {
	case g >= 0 && g < NumGoings:
		return goingNames[g]
	case g == Obstacle:
		return "obstacle"
	case g == Blocked:
		return "blocked"
	}
	return "going?"
}

// precedence orders overlapping area goings: where the centre line is in
// several pieces at once, a road wins (a road through a wood or over a
// ford), then water, woods, rough, and clear last.
var precedence = [NumGoings]int{Clear: 0, Rough: 1, Woods: 2, Water: 3, Road: 4}

// Speeds is a vehicle's move by going, in position units per full move:
// a rule set's combat move table (S.M.L.E.'s clear, rough, woods, road
// and water columns). Zero means it cannot go there at all.
type Speeds [NumGoings]int64

// Times scales every speed by num/den (twice combat speed on a good
// surface, half speed when damaged), rounding down.
func (s Speeds) Times(num, den int64) Speeds {
	for i := range s {
		s[i] = s[i] * num / den
	}
	return s
}

// DefaultGoing is how the core's terrain kinds are for vehicles unless a
// rule set says otherwise: buildings and any impassable linear piece
// (high walls) block; water and streams are water; roads are road; woods
// are woods; rough ground, rubble, swamp and trenches are rough; other
// linear pieces (hedges, bocage, low walls, fences) are obstacles to
// cross; anything else is clear. A piece the map marks impassable that is
// not water is blocked.
func DefaultGoing(p *terrain.Piece) Going {
	if len(p.Poly) == 0 {
		if p.Props.Going == terrain.GoingImpassable {
			return Blocked
		}
		if p.Props.Going == terrain.GoingObstacle {
			return Obstacle
		}
		return Clear
	}
	switch p.Kind {
	case "water", "stream":
		return Water
	case "road":
		return Road
	case "woods":
		return Woods
	case "rough", "rubble", "swamp", "trench":
		return Rough
	}
	switch p.Props.Going {
	case terrain.GoingImpassable:
		return Blocked
	case terrain.GoingDifficult:
		return Rough
	}
	return Clear
}

// mulDivRound is a*num/den rounded half up, for a, num >= 0 and den > 0,
// with a 128-bit product so nothing overflows.
func mulDivRound(a, num, den int64) int64 {
	if a <= 0 || num <= 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(a), uint64(num))
	// (a*num + den/2) / den
	lo2, c := bits.Add64(lo, uint64(den/2), 0)
	hi += c
	if hi >= uint64(den) {
		return math.MaxInt64
	}
	q, _ := bits.Div64(hi, lo2, uint64(den))
	return int64(q)
}

// ceilDiv is a*b/c rounded up for a, b >= 0, c > 0 (128-bit product).
func ceilDiv(a, b, c int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi >= uint64(c) {
		return math.MaxInt64
	}
	q, r := bits.Div64(hi, lo, uint64(c))
	if r != 0 {
		q++
	}
	return int64(q)
}

// piece is a terrain piece as the move check sees it.
type piece struct {
	id     int
	going  Going
	bounds geom.Rect
	orient int
	p      *terrain.Piece
}

// ground is the terrain near one move.
type ground struct {
	m      *terrain.Map
	pieces []piece
}

func newGround(m *terrain.Map, goingOf func(*terrain.Piece) Going, near geom.Rect) *ground {
	g := &ground{m: m}
	if m == nil {
		return g
	}
	if goingOf == nil {
		goingOf = DefaultGoing
	}
	for i := range m.Pieces {
		p := &m.Pieces[i]
		if len(p.Poly) < 3 && len(p.Path) < 2 {
			continue
		}
		b := p.Bounds()
		if !b.Overlaps(near) {
			continue
		}
		gg := goingOf(p)
		if gg == Clear {
			continue
		}
		pc := piece{id: p.ID, going: gg, bounds: b, p: p}
		if len(p.Poly) >= 3 {
			pc.orient = p.Poly.Orientation()
		}
		g.pieces = append(g.pieces, pc)
	}
	return g
}

// stretch is a part of a centre line in one going.
type stretch struct {
	t0, t1 geom.Frac
	going  Going
	id     int
}

// along measures the centre line s: its length in each going (the whole
// length rounded to a unit, and each stretch's ends rounded along it so
// the parts add up to the whole), and the first piece whose going has no
// speed (-1 when none). Where area pieces overlap, precedence decides.
func (g *ground) along(s geom.Seg, sp Speeds) (lens [NumGoings]int64, bad int, badAt geom.Frac) {
	bad = -1
	total := geom.IsqrtRound(s.Len2())
	if total == 0 {
		return lens, -1, geom.Frac{}
	}
	var sbuf [16]stretch
	sts := sbuf[:0]
	var cbuf [16]geom.Contact
	box := geom.SegBounds(s)
	for i := range g.pieces {
		pc := &g.pieces[i]
		if pc.going >= NumGoings || pc.going == Clear || len(pc.p.Poly) < 3 || !pc.bounds.Overlaps(box) {
			continue
		}
		cs := pc.p.Poly.SegContacts(s, pc.orient, cbuf[:0])
		geom.InsideIntervals(cs, len(cs) == 0 && pc.p.Poly.PointIn(s.A) > 0, func(t0, t1 geom.Frac) {
			sts = append(sts, stretch{t0, t1, pc.going, pc.id})
		})
	}
	if len(sts) == 0 {
		lens[Clear] = total
		if sp[Clear] == 0 {
			return lens, -2, geom.Frac{Num: 0, Den: 1}
		}
		return lens, -1, geom.Frac{}
	}
	// Breakpoints, sorted and distinct.
	var bbuf [34]geom.Frac
	bps := append(bbuf[:0], geom.Frac{Num: 0, Den: 1}, geom.Frac{Num: 1, Den: 1})
	for _, st := range sts {
		bps = append(bps, st.t0, st.t1)
	}
	for i := 1; i < len(bps); i++ {
		for j := i; j > 0 && bps[j].Cmp(bps[j-1]) < 0; j-- {
			bps[j], bps[j-1] = bps[j-1], bps[j]
		}
	}
	k := 1
	for i := 1; i < len(bps); i++ {
		if bps[i].Cmp(bps[k-1]) != 0 {
			bps[k] = bps[i]
			k++
		}
	}
	bps = bps[:k]
	prev := int64(0)
	for i := 0; i+1 < len(bps); i++ {
		a, b := bps[i], bps[i+1]
		gg, id := Clear, -2
		for _, st := range sts {
			if st.t0.Cmp(a) <= 0 && b.Cmp(st.t1) <= 0 && precedence[st.going] > precedence[gg] {
				gg, id = st.going, st.id
			}
		}
		end := mulDivRound(total, b.Num, b.Den)
		lens[gg] += end - prev
		prev = end
		if sp[gg] == 0 && bad == -1 {
			bad, badAt = id, a
		}
	}
	return lens, bad, badAt
}

// obstacles lists the obstacle pieces the centre line s meets (touching
// counts), each once, in order of first contact.
func (g *ground) obstacles(s geom.Seg, out []int) []int {
	type hit struct {
		id int
		t  geom.Frac
	}
	var hbuf [8]hit
	hits := hbuf[:0]
	box := geom.SegBounds(s)
	d := s.B.Sub(s.A)
	dd := d.Len2()
	for i := range g.pieces {
		pc := &g.pieces[i]
		if pc.going != Obstacle || !pc.bounds.Overlaps(box) {
			continue
		}
		found := false
		var best geom.Frac
		path := pc.p.Path
		for k := 0; k+1 < len(path); k++ {
			e := geom.Seg{A: path[k], B: path[k+1]}
			if !geom.SegmentsIntersect(e, s) {
				continue
			}
			var t geom.Frac
			if num, den, ok := geom.IntersectParam(s, e); ok {
				t = geom.Frac{Num: max(0, min(num, den)), Den: den}
			} else if dd > 0 {
				t = geom.Frac{Num: max(0, min(e.A.Sub(s.A).Dot(d), e.B.Sub(s.A).Dot(d))), Den: dd}
			} else {
				t = geom.Frac{Num: 0, Den: 1}
			}
			if !found || t.Cmp(best) < 0 {
				best, found = t, true
			}
		}
		if found {
			hits = append(hits, hit{pc.id, best})
		}
	}
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && (hits[j].t.Cmp(hits[j-1].t) < 0 || hits[j].t.Cmp(hits[j-1].t) == 0 && hits[j].id < hits[j-1].id); j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	for _, h := range hits {
		out = append(out, h.id)
	}
	return out
}

// blockedBy returns the first blocked piece (by id) the convex shape
// overlaps by more than a touch, or -1.
func (g *ground) blockedBy(shape []geom.Pt, box geom.Rect) int {
	for i := range g.pieces {
		pc := &g.pieces[i]
		if pc.going != Blocked || !pc.bounds.Overlaps(box) {
			continue
		}
		if len(pc.p.Poly) >= 3 {
			if polyOverlap(shape, pc.p.Poly, pc.orient) {
				return pc.id
			}
			continue
		}
		if capsuleOverlap(shape, pc.p.Path, pc.p.Props.Width/2) {
			return pc.id
		}
	}
	return -1
}

// polyOverlap reports exactly whether the interiors of the convex polygon
// a and the simple polygon b meet: an edge of one passes inside the
// other, or (when their outlines coincide) a point well inside a is inside
// b.
func polyOverlap(a []geom.Pt, b geom.Polygon, borient int) bool {
	pa := geom.Polygon(a)
	aorient := pa.Orientation()
	if aorient == 0 {
		return false
	}
	for i := range pa {
		if b.SegEntersInterior(pa.Edge(i), borient) {
			return true
		}
	}
	for i := range b {
		if pa.SegEntersInterior(b.Edge(i), aorient) {
			return true
		}
	}
	var c geom.Pt
	for _, p := range a {
		c = c.Add(p)
	}
	c = geom.Pt{X: roundDiv(c.X, int64(len(a))), Y: roundDiv(c.Y, int64(len(a)))}
	return pa.PointIn(c) > 0 && b.PointIn(c) > 0
}

// capsuleOverlap reports exactly whether the convex polygon a overlaps,
// by more than a touch, a polyline thickened by w on each side.
func capsuleOverlap(a []geom.Pt, path []geom.Pt, w int64) bool {
	pa := geom.Polygon(a)
	or := pa.Orientation()
	for _, p := range path {
		if pa.PointIn(p) > 0 {
			return true
		}
	}
	for k := 0; k+1 < len(path); k++ {
		s := geom.Seg{A: path[k], B: path[k+1]}
		if w <= 0 {
			if pa.SegEntersInterior(s, or) {
				return true
			}
			continue
		}
		for i := range pa {
			if geom.SegsWithin(pa.Edge(i), s, w, true) {
				return true
			}
		}
	}
	return false
}
