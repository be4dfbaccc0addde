package skirmish35

import (
	"errors"
	"fmt"
	"sort"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// ---- lists kept in the state's game variables ----

// A suppressive fire line, a smoke cloud and a mortar round on its way
// are each a few numbers under an indexed key ("sl0.ax"), with a count
// ("sl.n"); lists are rewritten whole so equal states hash equally.

func listKey(prefix string, k int, field string) string {
	return prefix + strconv.Itoa(k) + "." + field
}

func readList(s *rules.State, prefix, count string, fields []string) [][]int {
	n := s.Var(count)
	out := make([][]int, n)
	for k := 0; k < n; k++ {
		row := make([]int, len(fields))
		for i, fl := range fields {
			row[i] = s.Var(listKey(prefix, k, fl))
		}
		out[k] = row
	}
	return out
}

func writeList(s *rules.State, prefix, count string, fields []string, rows [][]int) {
	for k := 0; k < s.Var(count); k++ {
		for _, fl := range fields {
			s.SetVar(listKey(prefix, k, fl), 0)
		}
	}
	for k, row := range rows {
		for i, fl := range fields {
			s.SetVar(listKey(prefix, k, fl), row[i])
		}
	}
	s.SetVar(count, len(rows))
}

// Line is a line of suppressive fire laid in a turn: figures of the other
// side crossing it in their next turn are diced for.
type Line struct {
	A, B geom.Pt
	Fig  rules.FigID
	Side int
	Turn int
	// Gun is the gun's state carried from one crosser to the next (the
	// book: once a crosser finds it reloading, each further crosser rolls
	// whether loading is complete, until it is): GunFresh, GunReloading
	// or GunReloaded.
	Gun int
}

// A line's gun states.
const (
	GunFresh     = 0 // each crosser rolls the reload check first
	GunReloading = 1 // a crosser found it reloading: the next rolls whether loading is complete
	GunReloaded  = 2 // loading is complete: every further crosser is diced for the fire alone
)

var lineFields = []string{"ax", "ay", "bx", "by", "fig", "side", "turn", "gun"}

// Lines lists the suppressive fire lines on the table.
func Lines(s *rules.State) []Line {
	var out []Line
	for _, r := range readList(s, "sl", gLines, lineFields) {
		out = append(out, Line{A: geom.Pt{X: int64(r[0]), Y: int64(r[1])}, B: geom.Pt{X: int64(r[2]), Y: int64(r[3])},
			Fig: rules.FigID(r[4]), Side: r[5], Turn: r[6], Gun: r[7]})
	}
	return out
}

func setLines(s *rules.State, ls []Line) {
	rows := make([][]int, len(ls))
	for i, l := range ls {
		rows[i] = []int{int(l.A.X), int(l.A.Y), int(l.B.X), int(l.B.Y), int(l.Fig), l.Side, l.Turn, l.Gun}
	}
	writeList(s, "sl", gLines, lineFields, rows)
}

// expireLines lifts the lines a side laid, as its next turn begins.
func (r Skirmish) expireLines(s *rules.State, side int) []rules.Event {
	ls := Lines(s)
	var keep []Line
	for _, l := range ls {
		if l.Side != side {
			keep = append(keep, l)
		}
	}
	if len(keep) == len(ls) {
		return nil
	}
	setLines(s, keep)
	return []rules.Event{{Kind: "lines", Side: side, Text: rules.Possessive(s.Sides[side].Name) + " lines of suppressive fire are lifted"}}
}

// Smoke is a smoke cloud laid in a turn.
type Smoke struct {
	C    geom.Pt
	Turn int
}

var smokeFields = []string{"x", "y", "turn"}

// Smokes lists the smoke clouds on the table.
func Smokes(s *rules.State) []Smoke {
	var out []Smoke
	for _, r := range readList(s, "sm", gSmoke, smokeFields) {
		out = append(out, Smoke{C: geom.Pt{X: int64(r[0]), Y: int64(r[1])}, Turn: r[2]})
	}
	return out
}

func setSmokes(s *rules.State, ss []Smoke) {
	rows := make([][]int, len(ss))
	for i, m := range ss {
		rows[i] = []int{int(m.C.X), int(m.C.Y), m.Turn}
	}
	writeList(s, "sm", gSmoke, smokeFields, rows)
}

// SmokeCircles are the circles a cloud covers now: one, and in its
// second round a second drifted downwind.
func (r Skirmish) SmokeCircles(s *rules.State) []geom.Circle {
	var out []geom.Circle
	rad := in(r.d.T.Smoke.Radius)
	for _, m := range Smokes(s) {
		out = append(out, geom.Circle{C: m.C, R: rad})
		if age := turnNo(s) - m.Turn; age >= 2 && age < 4 {
			out = append(out, geom.Circle{C: m.C.Add(geom.Pt{X: in(r.d.T.Smoke.DriftX), Y: in(r.d.T.Smoke.DriftY)}), R: rad})
		}
	}
	return out
}

// smokeOn reports whether smoke lies on the line a-b.
func (r Skirmish) smokeOn(s *rules.State, a, b geom.Pt) (geom.Pt, bool) {
	if s.Var(gSmoke) == 0 {
		return geom.Pt{}, false
	}
	for _, c := range r.SmokeCircles(s) {
		if geom.SegWithin(geom.Seg{A: a, B: b}, c.C, c.R, true) {
			return c.C, true
		}
	}
	return geom.Pt{}, false
}

func (r Skirmish) expireSmoke(s *rules.State) []rules.Event {
	ss := Smokes(s)
	var keep []Smoke
	for _, m := range ss {
		if turnNo(s)-m.Turn < r.d.T.Smoke.Turns {
			keep = append(keep, m)
		}
	}
	if len(keep) == len(ss) {
		return nil
	}
	setSmokes(s, keep)
	return []rules.Event{{Kind: "smoke", Side: -1, Text: "Smoke clears"}}
}

// ---- suppressive fire ----

// lineAcross is a line of the greatest allowed length across the line of
// fire from f to e, centred on e.
func (r Skirmish) lineAcross(s *rules.State, f, e *rules.Figure) (geom.Pt, geom.Pt, bool) {
	v := e.Pos.Sub(f.Pos)
	n := geom.Isqrt(v.Len2())
	if n == 0 {
		return geom.Pt{}, geom.Pt{}, false
	}
	half := in(r.d.T.Suppressive.Line) / 2
	px, py := -v.Y*half/n, v.X*half/n
	return geom.Pt{X: e.Pos.X - px, Y: e.Pos.Y - py}, geom.Pt{X: e.Pos.X + px, Y: e.Pos.Y + py}, true
}

func (r Skirmish) suppressProblem(s *rules.State, f *rules.Figure, a, b geom.Pt) string {
	w, why := r.canShoot(s, f)
	if why != "" {
		return why
	}
	mid := geom.Pt{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
	knows := s.Sides[1-f.Side].Vars["hidden"] == 1
	for _, e := range alive(s, 1-f.Side) {
		if r.known(s, f.Side, e) {
			knows = true
		}
	}
	switch {
	case !w.CanSuppress():
		return "a " + w.Name + " cannot lay suppressive fire"
	case f.Var(fAP) < r.d.T.Costs.Suppress:
		return fmt.Sprintf("%s needs %d points for suppressive fire", f.Name, r.d.T.Costs.Suppress)
	case !within(a, b, in(r.d.T.Suppressive.Line)):
		return fmt.Sprintf("a line of fire is at most %g\" long", r.d.T.Suppressive.Line)
	case a == b:
		return "give the two ends of the line"
	case !knows:
		return "there is no known enemy to suppress"
	case !within(f.Pos, mid, in(float64(w.Suppress))):
		return fmt.Sprintf("the line is beyond the %s %d\" suppressive range", rules.Possessive(w.Name), w.Suppress)
	case !inFront(f, mid, r.d.T.Sight.Front):
		return f.Name + " must turn to face the line first"
	}
	if s.Terrain != nil && !s.Terrain.Clear(f.Pos, mid) {
		return f.Name + " cannot see the middle of the line"
	}
	return ""
}

// applySuppress: "suppress F1 x1,y1 x2,y2" lays a line of fire.
func (r Skirmish) applySuppress(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) != 2 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("suppress names the firer and the two ends of its line")
	}
	a, b := c.Path[0], c.Path[1]
	if why := r.suppressProblem(s, f, a, b); why != "" {
		return nil, errors.New(why)
	}
	_ = spend(f, r.d.T.Costs.Suppress, "suppressive fire")
	acted(s, f)
	f.SetVar(fFired, turnNo(s))
	unhide(f)
	setLines(s, append(Lines(s), Line{A: a, B: b, Fig: f.ID, Side: f.Side, Turn: turnNo(s)}))
	return []rules.Event{{Kind: "line", Side: f.Side, Fig: f.ID, Path: []geom.Pt{a, b},
		Text: fmt.Sprintf("%s lays a %s\" line of suppressive fire", f.Name, rules.InchText(dist(a, b)))}}, nil
}

type crossing struct {
	at   int64 // distance along the path
	line Line
}

// crossings lists the enemy lines the path crosses this turn, nearest
// first.
func (r Skirmish) crossings(s *rules.State, f *rules.Figure, path []geom.Pt) []crossing {
	var out []crossing
	if s.Var(gLines) == 0 {
		return nil
	}
	for _, l := range Lines(s) {
		if l.Side == f.Side || l.Turn != turnNo(s)-1 {
			continue
		}
		if g := s.Fig(l.Fig); g == nil || g.Removed {
			continue
		}
		seg := geom.Seg{A: l.A, B: l.B}
		var run int64
		for i := 1; i < len(path); i++ {
			leg := geom.Seg{A: path[i-1], B: path[i]}
			ll := dist(leg.A, leg.B)
			if geom.SegmentsIntersect(leg, seg) {
				at := run
				if num, den, ok := geom.IntersectParam(leg, seg); ok && den > 0 {
					at += ll * num / den
				}
				out = append(out, crossing{at: at, line: l})
				break
			}
			run += ll
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].at != out[j].at {
			return out[i].at < out[j].at
		}
		return out[i].line.Fig < out[j].line.Fig
	})
	return out
}

// stopChance is the chance one line stops the figure crossing it.
func (r Skirmish) stopChance(s *rules.State, l Line) (reload float64, need int, quad bool) {
	reload = float64(r.d.T.Suppressive.ReloadOn) / 6
	if g := s.Fig(l.Fig); g != nil {
		if w, ok := r.weapon(g); ok {
			return reload, w.SuppressNeed, w.Quad
		}
	}
	return reload, 13, false
}

func probAtLeast2D6(need int) float64 { return probGreater2D6(need - 1) }

// lineStopP is the chance the figure is stopped somewhere on path.
func (r Skirmish) lineStopP(s *rules.State, f *rules.Figure, path []geom.Pt) float64 {
	pass := 1.0
	for _, x := range r.crossings(s, f, path) {
		rl, need, quad := r.stopChance(s, x.line)
		p := 1.0
		if !quad {
			p = probAtLeast2D6(need)
		}
		// fresh: firing unless the reload check finds it reloading;
		// reloading: firing when loading is complete (the same D6
		// above the reload face); reloaded: firing
		firing := 1 - rl
		if x.line.Gun == GunReloaded {
			firing = 1
		}
		pass *= 1 - firing*p
	}
	return 1 - pass
}

// setGun records the gun state of line l (matched by its gun, turn and
// ends) for the crossers after this one.
func setGun(s *rules.State, l Line, gun int) {
	ls := Lines(s)
	for i := range ls {
		if ls[i].Fig == l.Fig && ls[i].Turn == l.Turn && ls[i].A == l.A && ls[i].B == l.B {
			ls[i].Gun = gun
		}
	}
	setLines(s, ls)
}

// lineChecks dices for each line the figure crosses along path, in
// order, until one stops it: the distance along path where it was
// stopped, or -1, and where the gun that stopped it stands.
func (r Skirmish) lineChecks(s *rules.State, f *rules.Figure, path []geom.Pt) (int64, geom.Pt, []rules.Event) {
	var evs []rules.Event
	for _, x := range r.crossings(s, f, path) {
		g := s.Fig(x.line.Fig)
		switch x.line.Gun {
		case GunFresh:
			rl := s.Roll(6)
			l := &rules.Ledger{What: fmt.Sprintf("Reload check: %s line of fire as %s crosses", rules.Possessive(g.Name), f.Name),
				Dice: []rules.Die{rl}, Compare: ">", Target: r.d.T.Suppressive.ReloadOn, Total: rl.Face}
			if rl.Face <= r.d.T.Suppressive.ReloadOn {
				l.Outcome = "reloading"
				setGun(s, x.line, GunReloading)
				evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Target: f.ID, Roll: l,
					Text: fmt.Sprintf("%s is reloading as %s crosses its line", g.Name, f.Name)})
				continue
			}
			l.Outcome = "firing"
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Target: f.ID, Roll: l,
				Text: fmt.Sprintf("%s gun is firing as %s crosses", rules.Possessive(g.Name), f.Name)})
		case GunReloading:
			rl := s.Roll(6)
			l := &rules.Ledger{What: fmt.Sprintf("Loading complete? %s gun as %s crosses", rules.Possessive(g.Name), f.Name),
				Dice: []rules.Die{rl}, Compare: ">", Target: r.d.T.Suppressive.ReloadOn, Total: rl.Face}
			if rl.Face <= r.d.T.Suppressive.ReloadOn {
				l.Outcome = "reloading"
				evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Target: f.ID, Roll: l,
					Text: fmt.Sprintf("%s is still reloading as %s crosses its line", g.Name, f.Name)})
				continue
			}
			l.Outcome = "reloaded"
			setGun(s, x.line, GunReloaded)
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Target: f.ID, Roll: l,
				Text: fmt.Sprintf("%s has reloaded and fires as %s crosses", g.Name, f.Name)})
		}
		_, need, quad := r.stopChance(s, x.line)
		stopped := quad
		if !quad {
			sl := &rules.Ledger{What: fmt.Sprintf("Suppressive fire: %s on %s", g.Name, f.Name), Compare: ">=", Target: need,
				Note: "suppressive fire never kills"}
			sl.Dice = s.RollN(2, 6)
			sl.Total = sl.DiceTotal()
			stopped = sl.Total >= need
			sl.Outcome = "not stopped"
			if stopped {
				sl.Outcome = "suppressed"
			}
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Target: f.ID, Roll: sl,
				Text: fmt.Sprintf("%s rolls %d needing %d: %s", g.Name, sl.Total, need, sl.Outcome)})
		}
		if stopped {
			if levelOf(f) < Suppressed {
				setLevel(f, Suppressed)
			}
			evs = append(evs, rules.Event{Kind: "morale", Side: f.Side, Fig: f.ID,
				Text: f.Name + " is pinned by the fire: he stops where he broke cover (or short of the line), suppressed"})
			if quad {
				p := cutPath(path, x.at)
				evs = append(evs, r.quadArea(s, g, p[len(p)-1], f)...)
			}
			return x.at, g.Pos, evs
		}
	}
	return -1, geom.Pt{}, evs
}

// brokeCover is how far along path a figure stopped by fire from gun
// gets: the last point before stop where it still had cover from the gun
// (where it broke cover), or stop itself when it had none on the way.
func (r Skirmish) brokeCover(s *rules.State, f *rules.Figure, path []geom.Pt, stop int64, gun geom.Pt) int64 {
	step := max(s.BaseR/2, 1)
	for d := stop; d > 0; d -= step {
		p := cutPath(path, d)
		if r.coverAt(s, f, p[len(p)-1], gun) {
			return d
		}
	}
	return stop
}

// quadArea is the Quad's automatic suppression within its 4" area (the
// book: "automatic within a 4\" area"; read as 4" across, centred where
// the fire met the figure it stopped, at): every other enemy of the gun
// whose base the area touches is suppressed too (never worse: a second
// suppression by fire does not shake a figure).
func (r Skirmish) quadArea(s *rules.State, g *rules.Figure, at geom.Pt, hit *rules.Figure) []rules.Event {
	rad := in(r.d.T.Suppressive.QuadArea)/2 + s.BaseR
	c := geom.Circle{C: at, R: in(r.d.T.Suppressive.QuadArea) / 2}
	evs := []rules.Event{{Kind: "burst", Side: g.Side, Fig: g.ID, Area: &c,
		Text: fmt.Sprintf("%s Quad sweeps a %g\" area", rules.Possessive(g.Name), r.d.T.Suppressive.QuadArea)}}
	for _, e := range alive(s, 1-g.Side) {
		if e.ID == hit.ID || e.Markers.Has(rules.Surrendered) || len(s.Vehicles) > 0 && s.Carrier(e.ID) != 0 ||
			!within(e.Pos, at, rad) {
			continue
		}
		if levelOf(e) < Suppressed {
			setLevel(e, Suppressed)
		}
		evs = append(evs, rules.Event{Kind: "morale", Side: e.Side, Fig: e.ID, Text: e.Name + " is caught in the Quad's area: suppressed"})
	}
	return evs
}
