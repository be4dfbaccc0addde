package vehicle

import (
	"fmt"
	"math/big"
	"math/bits"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// MoveParts is one full move: the costs of a drive are counted in parts
// of a move, so that ground at different speeds adds up exactly.
const MoveParts = 1 << 20

// MoveRules is what a rule set tells the move check.
type MoveRules struct {
	Speeds Speeds // the vehicle's move by going
	// Budget is how much of a move it may spend, in parts (0: a whole
	// move, MoveParts). Acceleration, a second move or a damaged engine
	// are the rule set's to turn into a budget or into Speeds.
	Budget int64
	// ObstacleCost is the extra distance, charged at clear speed, for
	// each linear obstacle the centre line crosses; negative when the
	// vehicle cannot cross obstacles at all.
	ObstacleCost int64
	// GoingOf classifies terrain pieces; nil uses DefaultGoing.
	GoingOf func(*terrain.Piece) Going
}

// Others are the models a vehicle must not drive into: other vehicles'
// hulls and figures' bases (the caller leaves out the vehicle itself and
// anyone it carries). Touching is allowed.
type Others struct {
	Hulls []Hull
	Bases []geom.Circle
}

// Leg is one straight run to a point. The vehicle first turns on the spot
// to face the point (or, reversing, to face away from it), then drives
// its centre straight there.
type Leg struct {
	To      geom.Pt
	Reverse bool
}

// Plan is a drive: legs in order, then optionally a last turn on the spot
// to a given facing.
type Plan struct {
	Legs    []Leg
	Face    int
	HasFace bool
}

// Through is the plan that drives forwards through the points in order.
func Through(pts ...geom.Pt) Plan {
	p := Plan{}
	for _, q := range pts {
		p.Legs = append(p.Legs, Leg{To: q})
	}
	return p
}

// Stop is why a drive ended.
type Stop int

const (
	Arrived    Stop = iota // it went the whole way
	OutOfMove              // its move ran out
	Terrain                // the hull would overlap blocked terrain (Piece)
	NoGoing                // the centre would enter going it cannot cross (Piece; -1 for open ground)
	NoCrossing             // it cannot cross a linear obstacle (Piece)
	Vehicle                // the hull would overlap another vehicle (Other, into Others.Hulls)
	Figure                 // the hull would overlap a figure's base (Other, into Others.Bases)
	TableEdge              // the hull would leave the table
	Immobile               // it cannot move at all (the caller's say; never returned by Drive)
)

var stopNames = []string{"arrived", "out of move", "blocked by terrain", "impassable going", "cannot cross", "another vehicle", "a figure", "table edge", "immobile"}

func (s Stop) String() string { return stopNames[s] }

// Result is how far a drive went and why it stopped.
type Result struct {
	End  Pose      // where it stops (the turret keeps its bearing relative to the hull)
	Path []geom.Pt // the centre's route, start first, ending at End.Pos
	// Poses are the poses to draw the swept hull from: the start, the end
	// of every run (facing along it) and End when a last turn changed it.
	Poses   []Pose
	Arrived bool
	Stop    Stop
	Piece   int    // terrain piece for Terrain, NoGoing, NoCrossing; else -1
	Other   int    // index into Others for Vehicle and Figure; else -1
	Why     string // plain words, "" when it arrived
	Used    int64  // parts of a move spent (MoveParts is a whole move)
	Length  int64  // centre-line distance driven, position units
	ByGoing [NumGoings]int64
	// Obstacles are the linear obstacle pieces crossed, in order.
	Obstacles []int
}

// driver carries one drive's working state.
type driver struct {
	t      *Type
	g      *ground
	mr     MoveRules
	others Others
	res    *Result
	pose   Pose
}

// Drive checks a drive of a vehicle of type t from start along plan, and
// returns how far it gets and why it stops. Everything is exact integer
// geometry:
//   - Turns on the spot are checked at every whole degree; between two
//     whole degrees a corner of a hull under 20 inches long strays less
//     than one position unit from the straight chord.
//   - A straight run sweeps the hull (at the whole-degree facing nearest
//     the run's direction) along the exact segment; the swept shape is
//     the convex hull of the hull's corners at both ends, checked exactly
//     against blocked terrain, other hulls, figures' bases and the table
//     edge. A run that is blocked stops at the last grid point along it
//     where the sweep is still clear.
//   - The cost of a run is measured along the centre line: its length
//     in each going (whole position units), charged as length/speed of a
//     move, plus ObstacleCost of clear going for each obstacle crossed;
//     the exact sum over the drive may not exceed the budget, and Used
//     reports it rounded up to a whole part.
//
// map may be nil (an empty table of unlimited size).
func Drive(m *terrain.Map, t *Type, start Pose, plan Plan, mr MoveRules, others Others) Result {
	d := newDriver(m, t, start, plan, mr, others)
	for _, l := range plan.Legs {
		h, ok := d.heading(l)
		if !ok {
			continue
		}
		if !d.pivot(h) || !d.run(l.To) {
			return d.finish(false)
		}
	}
	if plan.HasFace && !d.pivot(Norm(plan.Face)) {
		return d.finish(false)
	}
	return d.finish(true)
}

// Arrives is Drive(...).Arrived, found without working out where a
// drive that is stopped would stop: the same turns and runs are checked
// in the same order, and the first that fails answers false.
func Arrives(m *terrain.Map, t *Type, start Pose, plan Plan, mr MoveRules, others Others) bool {
	d := newDriver(m, t, start, plan, mr, others)
	for _, l := range plan.Legs {
		h, ok := d.heading(l)
		if !ok {
			continue
		}
		if !d.pivot(h) {
			return false
		}
		lc := d.check(l.To)
		if lc.why != Arrived {
			return false
		}
		// As commit, without the cost so far (only the lengths and
		// obstacles it is worked out from matter to the next run).
		for g := range lc.lens {
			d.res.ByGoing[g] += lc.lens[g]
			d.res.Length += lc.lens[g]
		}
		d.res.Obstacles = append(d.res.Obstacles, lc.obs...)
		d.pose.Pos = l.To
		d.res.Path = append(d.res.Path, l.To)
		d.res.Poses = append(d.res.Poses, d.pose)
	}
	return !plan.HasFace || d.pivot(Norm(plan.Face))
}

// newDriver sets up a drive for Drive and Arrives alike: the budget
// (a whole move when none is given), the ground near the plan's points
// and the result so far, standing at start.
func newDriver(m *terrain.Map, t *Type, start Pose, plan Plan, mr MoveRules, others Others) *driver {
	if mr.Budget <= 0 {
		mr.Budget = MoveParts
	}
	pts := []geom.Pt{start.Pos}
	for _, l := range plan.Legs {
		pts = append(pts, l.To)
	}
	near := geom.Polygon(pts).Bounds()
	r := (t.Length + t.Width) // more than the half-diagonal
	near.Min.X, near.Min.Y, near.Max.X, near.Max.Y = near.Min.X-r, near.Min.Y-r, near.Max.X+r, near.Max.Y+r
	res := Result{Path: []geom.Pt{start.Pos}, Poses: []Pose{start}, Piece: -1, Other: -1}
	return &driver{t: t, g: newGround(m, mr.GoingOf, near), mr: mr, others: others, res: &res, pose: start}
}

// heading is the facing the vehicle turns to before driving leg l from
// where it stands (away from l.To when reversing), and false when l goes
// nowhere.
func (d *driver) heading(l Leg) (int, bool) {
	v := l.To.Sub(d.pose.Pos)
	if v.X == 0 && v.Y == 0 {
		return 0, false
	}
	h, _ := Heading(v)
	if l.Reverse {
		h = Norm(h + 180)
	}
	return h, true
}

func (d *driver) finish(arrived bool) Result {
	d.res.End = d.pose
	d.res.Arrived = arrived
	if arrived {
		d.res.Stop = Arrived
	}
	if last := d.res.Path[len(d.res.Path)-1]; last != d.pose.Pos {
		d.res.Path = append(d.res.Path, d.pose.Pos)
	}
	if d.res.Poses[len(d.res.Poses)-1] != d.pose {
		d.res.Poses = append(d.res.Poses, d.pose)
	}
	return *d.res
}

// clash says what, if anything, a shape (a hull or a sweep) runs into.
func (d *driver) clash(shape []geom.Pt) (Stop, int) {
	box := geom.Polygon(shape).Bounds()
	if m := d.g.m; m != nil && (box.Min.X < 0 || box.Min.Y < 0 || box.Max.X > m.Width || box.Max.Y > m.Height) {
		return TableEdge, -1
	}
	if id := d.g.blockedBy(shape, box); id >= 0 {
		return Terrain, id
	}
	for i, h := range d.others.Hulls {
		if h.Bounds().Overlaps(box) && convexOverlap(shape, h.Corners[:]) {
			return Vehicle, i
		}
	}
	poly := geom.Polygon(shape)
	for i, c := range d.others.Bases {
		if c.C.X+c.R <= box.Min.X || c.C.X-c.R >= box.Max.X || c.C.Y+c.R <= box.Min.Y || c.C.Y-c.R >= box.Max.Y {
			continue
		}
		if baseInConvex(poly, c) {
			return Figure, i
		}
	}
	return Arrived, -1
}

// baseInConvex reports whether a base overlaps a convex polygon by more
// than a touch.
func baseInConvex(p geom.Polygon, c geom.Circle) bool {
	switch p.PointIn(c.C) {
	case 1:
		return true
	case 0:
		return c.R > 0
	}
	for i := range p {
		if geom.SegWithin(p.Edge(i), c.C, c.R, true) {
			return true
		}
	}
	return false
}

// stopAt records why the drive stopped.
func (d *driver) stopAt(why Stop, id int) {
	d.res.Stop = why
	switch why {
	case Terrain, NoGoing, NoCrossing:
		d.res.Piece = id
	case Vehicle, Figure:
		d.res.Other = id
	}
	d.res.Why = d.why(why, id)
}

func (d *driver) why(s Stop, id int) string {
	piece := func() string {
		if id < 0 || d.g.m == nil || id >= len(d.g.m.Pieces) {
			return "open ground"
		}
		p := &d.g.m.Pieces[id]
		l := p.Kind
		if k, ok := terrain.KindByName(p.Kind); ok {
			l = k.Label
		}
		if p.Name != "" {
			return fmt.Sprintf("the %s %q", l, p.Name)
		}
		return "the " + l
	}
	switch s {
	case OutOfMove:
		return "its move runs out here"
	case Terrain:
		return "it cannot drive into " + piece()
	case NoGoing:
		return "it cannot go into " + piece()
	case NoCrossing:
		return "it cannot cross " + piece()
	case Vehicle:
		return "another vehicle is in the way"
	case Figure:
		return "a figure is in the way"
	case TableEdge:
		return "it would leave the table"
	}
	return ""
}

// pivot turns on the spot, a degree at a time, to facing h; false when it
// is stopped part way (the pose keeps the last clear degree).
func (d *driver) pivot(h int) bool {
	if Turn(d.pose.Facing, h) != 0 && d.clearAround() {
		// Nothing is near enough to meet the hull at any facing: every
		// degree of the turn would pass.
		rel := d.pose.Turret - d.pose.Facing
		d.pose.Facing = Norm(h)
		d.pose.Turret = Norm(d.pose.Facing + rel)
		return true
	}
	return d.pivotSteps(h)
}

// clearAround reports whether the box that holds the hull at every facing
// about its centre is on the table and meets no blocked piece, other hull
// or base (by the same box tests clash starts with, so a hull inside the
// box would pass clash).
func (d *driver) clearAround() bool {
	r := (d.t.Length+d.t.Width)/2 + 2 // a corner is within half the length plus half the width, plus rounding, on each axis
	p := d.pose.Pos
	box := geom.Rect{Min: geom.Pt{X: p.X - r, Y: p.Y - r}, Max: geom.Pt{X: p.X + r, Y: p.Y + r}}
	if m := d.g.m; m != nil && (box.Min.X < 0 || box.Min.Y < 0 || box.Max.X > m.Width || box.Max.Y > m.Height) {
		return false
	}
	for i := range d.g.pieces {
		if pc := &d.g.pieces[i]; pc.going == Blocked && pc.bounds.Overlaps(box) {
			return false
		}
	}
	for _, h := range d.others.Hulls {
		if h.Bounds().Overlaps(box) {
			return false
		}
	}
	for _, c := range d.others.Bases {
		if !(c.C.X+c.R <= box.Min.X || c.C.X-c.R >= box.Max.X || c.C.Y+c.R <= box.Min.Y || c.C.Y-c.R >= box.Max.Y) {
			return false
		}
	}
	return true
}

// pivotSteps is pivot checked a degree at a time.
func (d *driver) pivotSteps(h int) bool {
	turn := Turn(d.pose.Facing, h)
	step := 1
	if turn < 0 {
		step, turn = -1, -turn
	}
	rel := d.pose.Turret - d.pose.Facing
	for k := 1; k <= turn; k++ {
		f := Norm(d.pose.Facing + step)
		hull := HullAt(d.t.Length, d.t.Width, d.pose.Pos, f)
		if why, id := d.clash(hull.Corners[:]); why != Arrived {
			d.stopAt(why, id)
			if why == TableEdge {
				// It is the turn, not the way, that fails: a straight
				// run out from the edge first leaves room to turn.
				d.res.Why = "turning on the spot here would swing the hull off the table; drive it straight out from the edge first, then turn"
			}
			return false
		}
		d.pose.Facing = f
		d.pose.Turret = Norm(f + rel)
	}
	return true
}

// cost is the parts of a move the drive has used with the lengths in each
// going and the obstacle count given: the exact sum of length*MoveParts/
// speed over the goings, obstacles counting as ObstacleCost more clear
// going each, rounded up once to a whole part.
func (d *driver) cost(lens [NumGoings]int64, nObs int) int64 {
	if nObs > 0 && d.mr.ObstacleCost > 0 {
		lens[Clear] += int64(nObs) * d.mr.ObstacleCost
	}
	if q, ok := costInt(lens, &d.mr.Speeds); ok {
		return q
	}
	return costRat(lens, &d.mr.Speeds)
}

// costRat is cost's sum in rational numbers.
func costRat(lens [NumGoings]int64, speeds *Speeds) int64 {
	sum := new(big.Rat)
	for g := Going(0); g < NumGoings; g++ {
		if lens[g] > 0 && speeds[g] > 0 {
			sum.Add(sum, new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(lens[g]), big.NewInt(MoveParts)), big.NewInt(speeds[g])))
		}
	}
	q, r := new(big.Int).QuoRem(sum.Num(), sum.Denom(), new(big.Int))
	if r.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		return 1 << 62
	}
	return q.Int64()
}

// costInt is cost's sum in machine integers: the lengths over a common
// denominator (the least common multiple of the speeds used), rounded up
// once, exactly as the rational sum is; ok is false when a number would
// not fit, for cost to work it out in big numbers.
func costInt(lens [NumGoings]int64, speeds *Speeds) (int64, bool) {
	den := int64(1)
	for g := Going(0); g < NumGoings; g++ {
		if lens[g] > 0 && speeds[g] > 0 {
			sp := speeds[g]
			k := sp / gcd(den, sp)
			hi, lo := bits.Mul64(uint64(den), uint64(k))
			if hi != 0 || lo > 1<<62 {
				return 0, false
			}
			den = int64(lo)
		}
	}
	var num uint64
	for g := Going(0); g < NumGoings; g++ {
		if lens[g] > 0 && speeds[g] > 0 {
			hi, lo := bits.Mul64(uint64(lens[g]), uint64(MoveParts))
			if hi != 0 {
				return 0, false
			}
			hi, lo = bits.Mul64(lo, uint64(den/speeds[g]))
			if hi != 0 || lo > 1<<62 {
				return 0, false
			}
			num += lo
			if num > 1<<62 {
				return 0, false
			}
		}
	}
	q := num / uint64(den)
	if num%uint64(den) != 0 {
		q++
	}
	return int64(q), true
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// leg is what a straight run from the pose to q would add.
type legCheck struct {
	why  Stop
	id   int
	lens [NumGoings]int64
	obs  []int
}

func (d *driver) check(q geom.Pt) legCheck {
	a := d.pose.Pos
	s := geom.Seg{A: a, B: q}
	ha := HullAt(d.t.Length, d.t.Width, a, d.pose.Facing)
	hb := HullAt(d.t.Length, d.t.Width, q, d.pose.Facing)
	var pts [8]geom.Pt
	copy(pts[:4], ha.Corners[:])
	copy(pts[4:], hb.Corners[:])
	sweep := convexHull(pts[:])
	lc := legCheck{id: -1}
	if why, id := d.clash(sweep); why != Arrived {
		lc.why, lc.id = why, id
		return lc
	}
	lens, bad, _ := d.g.along(s, d.mr.Speeds)
	if bad != -1 {
		if bad == -2 {
			bad = -1
		}
		lc.why, lc.id = NoGoing, bad
		return lc
	}
	lc.lens = lens
	lc.obs = d.g.obstacles(s, nil)
	// Still touching the obstacle the last run ended on: not a new crossing.
	if n := len(d.res.Obstacles); n > 0 && len(lc.obs) > 0 && lc.obs[0] == d.res.Obstacles[n-1] && len(d.res.Path) > 1 {
		if d.touchesAtStart(lc.obs[0], s) {
			lc.obs = lc.obs[1:]
		}
	}
	if len(lc.obs) > 0 && d.mr.ObstacleCost < 0 {
		lc.why, lc.id = NoCrossing, lc.obs[0]
		return lc
	}
	var tot [NumGoings]int64
	for g := range tot {
		tot[g] = d.res.ByGoing[g] + lens[g]
	}
	if d.cost(tot, len(d.res.Obstacles)+len(lc.obs)) > d.mr.Budget {
		lc.why = OutOfMove
		return lc
	}
	lc.why = Arrived
	return lc
}

func (d *driver) touchesAtStart(id int, s geom.Seg) bool {
	path := d.g.m.Pieces[id].Path
	for k := 0; k+1 < len(path); k++ {
		if (geom.Seg{A: path[k], B: path[k+1]}).Contains(s.A) {
			return true
		}
	}
	return false
}

// run drives straight to q; false when stopped short.
func (d *driver) run(q geom.Pt) bool {
	a := d.pose.Pos
	s := geom.Seg{A: a, B: q}
	full := d.check(q)
	if full.why == Arrived {
		d.commit(q, full)
		return true
	}
	n := max(abs(q.X-a.X), abs(q.Y-a.Y))
	k := lastGood(n, func(k int64) bool { return d.check(stepPt(s, k, n)).why == Arrived })
	if k > 0 {
		p := stepPt(s, k, n)
		d.commit(p, d.check(p))
	}
	// Why it could go no further: what the next grid point runs into.
	next := d.check(stepPt(s, k+1, n))
	if next.why == Arrived {
		next = full
	}
	d.stopAt(next.why, next.id)
	return false
}

func (d *driver) commit(p geom.Pt, lc legCheck) {
	for g := range lc.lens {
		d.res.ByGoing[g] += lc.lens[g]
		d.res.Length += lc.lens[g]
	}
	d.res.Obstacles = append(d.res.Obstacles, lc.obs...)
	d.res.Used = d.cost(d.res.ByGoing, len(d.res.Obstacles))
	d.pose.Pos = p
	d.res.Path = append(d.res.Path, p)
	d.res.Poses = append(d.res.Poses, d.pose)
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// stepPt is the point k/n of the way along s, rounded to the grid.
func stepPt(s geom.Seg, k, n int64) geom.Pt {
	if n == 0 {
		return s.A
	}
	d := s.B.Sub(s.A)
	return geom.Pt{X: s.A.X + roundDiv(d.X*k, n), Y: s.A.Y + roundDiv(d.Y*k, n)}
}

// lastGood is the largest k in [0,n] with ok(k) found by halving, given
// ok(0); the k returned always passed ok (or is 0).
func lastGood(n int64, ok func(k int64) bool) int64 {
	lo, hi := int64(0), n+1
	for hi-lo > 1 {
		m := lo + (hi-lo)/2
		if ok(m) {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// convexHull is the convex hull of pts (monotone chain, exact), without
// collinear points, in counter-clockwise maths order.
func convexHull(pts []geom.Pt) []geom.Pt {
	p := append([]geom.Pt(nil), pts...)
	// Insertion sort: a sweep has eight corners, and equal points are
	// the same point, so any sort gives the same order.
	for i := 1; i < len(p); i++ {
		for j := i; j > 0 && (p[j].X < p[j-1].X || p[j].X == p[j-1].X && p[j].Y < p[j-1].Y); j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
	k := 0
	out := make([]geom.Pt, 0, 2*len(p))
	for _, q := range p {
		for k >= 2 && geom.Orient(out[k-2], out[k-1], q) <= 0 {
			out = out[:k-1]
			k--
		}
		out = append(out, q)
		k++
	}
	lower := k + 1
	for i := len(p) - 2; i >= 0; i-- {
		q := p[i]
		for k >= lower && geom.Orient(out[k-2], out[k-1], q) <= 0 {
			out = out[:k-1]
			k--
		}
		out = append(out, q)
		k++
	}
	return out[:k-1]
}

// BlockedBy is the first terrain piece (by id) that a hull standing still
// overlaps by more than a touch and that blocks vehicles (goingOf nil uses
// DefaultGoing), or -1; offTable is true when the hull is not wholly on
// the table. For checking where a scenario places a vehicle.
func BlockedBy(m *terrain.Map, h Hull, goingOf func(*terrain.Piece) Going) (piece int, offTable bool) {
	b := h.Bounds()
	if m == nil {
		return -1, false
	}
	if b.Min.X < 0 || b.Min.Y < 0 || b.Max.X > m.Width || b.Max.Y > m.Height {
		return -1, true
	}
	return newGround(m, goingOf, b).blockedBy(h.Corners[:], b), false
}
