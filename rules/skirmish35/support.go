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
}

var lineFields = []string{"ax", "ay", "bx", "by", "fig", "side", "turn"}

// Lines lists the suppressive fire lines on the table.
func Lines(s *rules.State) []Line {
	var out []Line
	for _, r := range readList(s, "sl", gLines, lineFields) {
		out = append(out, Line{A: geom.Pt{X: int64(r[0]), Y: int64(r[1])}, B: geom.Pt{X: int64(r[2]), Y: int64(r[3])},
			Fig: rules.FigID(r[4]), Side: r[5], Turn: r[6]})
	}
	return out
}

func setLines(s *rules.State, ls []Line) {
	rows := make([][]int, len(ls))
	for i, l := range ls {
		rows[i] = []int{int(l.A.X), int(l.A.Y), int(l.B.X), int(l.B.Y), int(l.Fig), l.Side, l.Turn}
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
	return []rules.Event{{Kind: "lines", Side: side, Text: s.Sides[side].Name + "'s lines of suppressive fire are lifted"}}
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
	n := isqrt(v.Len2())
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
		return fmt.Sprintf("the line is beyond the %s's %d\" suppressive range", w.Name, w.Suppress)
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
		Text: fmt.Sprintf("%s lays a line of suppressive fire from %s to %s", f.Name, a, b)}}, nil
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
		pass *= 1 - (1-rl)*p
	}
	return 1 - pass
}

// lineChecks dices for each line the figure crosses along path, in
// order, until one stops it: the distance along path where it was
// stopped, or -1, and where the gun that stopped it stands.
func (r Skirmish) lineChecks(s *rules.State, f *rules.Figure, path []geom.Pt) (int64, geom.Pt, []rules.Event) {
	var evs []rules.Event
	for _, x := range r.crossings(s, f, path) {
		g := s.Fig(x.line.Fig)
		rl := s.Roll(6)
		l := &rules.Ledger{What: fmt.Sprintf("Reload check: %s's line of fire as %s crosses", g.Name, f.Name),
			Dice: []rules.Die{rl}, Compare: ">", Target: r.d.T.Suppressive.ReloadOn, Total: rl.Face}
		if rl.Face <= r.d.T.Suppressive.ReloadOn {
			l.Outcome = "reloading"
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Target: f.ID, Roll: l,
				Text: fmt.Sprintf("%s is reloading as %s crosses its line", g.Name, f.Name)})
			continue
		}
		l.Outcome = "firing"
		evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Target: f.ID, Roll: l,
			Text: fmt.Sprintf("%s's gun is firing as %s crosses", g.Name, f.Name)})
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
				Text: f.Name + " is pinned by the fire: it stops where it broke cover (or short of the line), suppressed"})
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

// ---- grenades ----

func (r Skirmish) grenadeProblem(s *rules.State, f *rules.Figure, p geom.Pt, arg string) string {
	kind := "grenade"
	if arg == "smoke" {
		kind = "smoke"
	} else if arg != "" {
		return `a grenade is thrown plain or with "smoke"`
	}
	// in a hidden-deployment game a grenade may go where the enemy is
	// only suspected
	seen := s.Sides[1-f.Side].Vars["hidden"] == 1
	for _, e := range alive(s, 1-f.Side) {
		if acquiredNow(s, f, e.ID) {
			seen = true
		}
	}
	switch {
	case !r.carries(f, kind):
		return f.Name + " has no " + map[string]string{"grenade": "grenade", "smoke": "smoke grenade"}[kind]
	case f.Markers.Has(rules.Hidden):
		return f.Name + " is hidden: it must move first"
	case levelOf(f) >= Suppressed:
		return f.Name + " is " + levelNames[levelOf(f)] + " and cannot throw"
	case f.Var(fAP) < r.d.T.Costs.Grenade:
		return fmt.Sprintf("%s needs %d points to throw", f.Name, r.d.T.Costs.Grenade)
	case kind == "grenade" && !seen:
		return f.Name + " has acquired no enemy this turn to throw at"
	case !within(f.Pos, p, in(r.d.T.Grenade.Range)):
		return fmt.Sprintf("a grenade is thrown at most %g\"", r.d.T.Grenade.Range)
	case p == f.Pos:
		return "throw it away from the thrower"
	case !inFront(f, p, r.d.T.Sight.Front):
		return f.Name + " must turn to face that way first"
	}
	if why := overWallProblem(s, f.Pos, p); why != "" {
		return why
	}
	if b := intoBuilding(s, f, p); b >= 0 {
		if len(openings(s, b)) == 0 {
			return pieceLabel(s, b) + " has no window or open door to throw through"
		}
		if r.windowNeed(f, dist(f.Pos, p)) < 0 {
			return "only a standing figure may try to throw that far through a window"
		}
	}
	return ""
}

// devBand is the deviation row for a throw of d.
func (r Skirmish) devBand(d int64) DevBand {
	bs := r.d.T.Grenade.Band
	for _, b := range bs {
		if d <= in(b.Upto) {
			return b
		}
	}
	return bs[len(bs)-1]
}

// aimOf is a command's aim point: its one point, or its one target.
func aimOf(s *rules.State, c rules.Command) (geom.Pt, *rules.Figure, error) {
	switch {
	case len(c.Path) == 1 && len(c.Targets) == 0:
		return c.Path[0], nil, nil
	case len(c.Path) == 0 && len(c.Targets) == 1:
		t := s.Fig(c.Targets[0])
		if t == nil || t.Removed {
			return geom.Pt{}, nil, errors.New("the target is not on the table")
		}
		return t.Pos, t, nil
	}
	return geom.Pt{}, nil, errors.New("aim at one point or one figure")
}

func (r Skirmish) applyGrenade(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	p, _, err := aimOf(s, c)
	if err != nil {
		return nil, err
	}
	if why := r.grenadeProblem(s, f, p, c.Arg); why != "" {
		return nil, errors.New(why)
	}
	_ = spend(f, r.d.T.Costs.Grenade, "a throw")
	acted(s, f)
	unhide(f)
	var land geom.Pt
	var evs []rules.Event
	if b := intoBuilding(s, f, p); b >= 0 {
		land, evs = r.throwInto(s, f, b, p)
	} else {
		land, evs = r.deviate(s, f, p)
		if at, w := wallFall(s, f.Pos, land); w >= 0 {
			evs = append(evs, rules.Event{Kind: "throw", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, at},
				Text: fmt.Sprintf("The grenade hits %s and drops at its foot", pieceLabel(s, w))})
			land = at
		}
	}
	fz := s.Roll(6)
	g := r.d.T.Grenade
	fl := &rules.Ledger{What: "Grenade fuse die", Dice: []rules.Die{fz}, Compare: "table", Target: g.Delayed, Total: fz.Face,
		Outcome: "goes off", Note: fmt.Sprintf("under %d it goes off at once, %d at the end of the enemy's turn, %d never", g.Delayed, g.Delayed, g.Dud)}
	switch {
	case fz.Face == g.Dud:
		fl.Outcome = "dud"
		return append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: fl, Text: "The grenade is a dud"}), nil
	case fz.Face >= g.Delayed:
		fl.Outcome = "goes off later"
		kind := 0
		if c.Arg == "smoke" {
			kind = 1
		}
		setLive(s, append(Live(s), LiveGrenade{At: land, Side: f.Side, Smoke: kind == 1}))
		return append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: fl, Path: []geom.Pt{land},
			Text: "The grenade lies fizzing: it goes off at the end of the enemy's turn"}), nil
	}
	evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: fl, Text: "The grenade goes off"})
	if c.Arg == "smoke" {
		setSmokes(s, append(Smokes(s), Smoke{C: land, Turn: turnNo(s)}))
		a := geom.Circle{C: land, R: in(r.d.T.Smoke.Radius)}
		return append(evs, rules.Event{Kind: "smoke", Side: f.Side, Fig: f.ID, Area: &a, Text: "Smoke billows at " + land.String()}), nil
	}
	return append(evs, r.burst(s, f.Side, land, in(r.d.T.Grenade.Radius), "Grenade")...), nil
}

// deviate rolls where a throw aimed at p lands.
func (r Skirmish) deviate(s *rules.State, f *rules.Figure, p geom.Pt) (geom.Pt, []rules.Event) {
	b := r.devBand(dist(f.Pos, p))
	if b.On == 0 {
		return p, []rules.Event{{Kind: "throw", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, p},
			Text: fmt.Sprintf("%s throws %s\": it lands where aimed", f.Name, rules.FormatInches(dist(f.Pos, p)))}}
	}
	d := s.Roll(6)
	l := &rules.Ledger{What: "Grenade deviation: " + f.Name, Dice: []rules.Die{d}, Compare: ">=", Target: b.On, Total: d.Face,
		Outcome: "on target", Note: fmt.Sprintf("thrown up to %g\": off target it lands %g\" away", b.Upto, b.Dist)}
	if d.Face >= b.On {
		return p, []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, p},
			Text: f.Name + "'s grenade lands on target"}}
	}
	sp := s.Roll(r.d.T.Spinner.Faces)
	land := spin(p, sp.Face, r.d.T.Spinner.Faces, in(b.Dist))
	l.Dice = append(l.Dice, sp)
	l.Outcome = fmt.Sprintf("deviates %g\" towards %d o'clock", b.Dist, sp.Face)
	return land, []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, p, land},
		Text: fmt.Sprintf("%s's grenade lands %g\" off, towards %d o'clock", f.Name, b.Dist, sp.Face)}}
}

// under lists the figures whose bases the burst touches, by id.
func under(s *rules.State, c geom.Circle) []*rules.Figure {
	var out []*rules.Figure
	for i := range s.Figures {
		g := &s.Figures[i]
		if !g.Removed && within(g.Pos, c.C, c.R+s.BaseR) && (len(s.Vehicles) == 0 || s.Carrier(g.ID) == 0) {
			out = append(out, g)
		}
	}
	return out
}

// burst rolls the effect table for every figure a burst reaches.
func (r Skirmish) burst(s *rules.State, side int, at geom.Pt, rad int64, what string) []rules.Event {
	return r.blast(s, side, at, rad, what, false)
}

// reaches reports whether a burst at `at` reaches a figure standing at
// p: walls keep a burst outside from those inside and the other way
// about (house). wall is true when the burst came through the wall (an
// anti-tank round): everyone within reach is caught.
func reaches(s *rules.State, at, p geom.Pt, wall bool) bool {
	if wall || s.Terrain == nil {
		return true
	}
	return s.Terrain.InsideBuilding(at) == s.Terrain.InsideBuilding(p)
}

// effectRow is the effect table's row for a figure at p.
func (r Skirmish) effectRow(s *rules.State, p geom.Pt, wall bool) (Effect, string) {
	if wall || (s.Terrain != nil && s.Terrain.InsideBuilding(p) >= 0) {
		return r.d.T.Effect.Building, "in a building"
	}
	return r.d.T.Effect.Open, "in the open"
}

// blast rolls the effect table for every figure a burst reaches.
func (r Skirmish) blast(s *rules.State, side int, at geom.Pt, rad int64, what string, wall bool) []rules.Event {
	c := geom.Circle{C: at, R: rad}
	evs := []rules.Event{{Kind: "burst", Side: side, Area: &c, Text: fmt.Sprintf("%s bursts at %s", what, at)}}
	for _, g := range under(s, c) {
		if g.Removed || !reaches(s, at, g.Pos, wall) {
			continue
		}
		e, where := r.effectRow(s, g.Pos, wall)
		l := &rules.Ledger{What: fmt.Sprintf("%s effect on %s (%s)", what, g.Name, where), Compare: "table", Target: e.SuppressMax + 1}
		l.Dice = s.RollN(2, 6)
		l.Total = l.DiceTotal()
		g.SetVar(fFiredAt, turnNo(s))
		switch {
		case l.Total <= e.NoneMax:
			l.Outcome = "no effect"
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Roll: l, Text: fmt.Sprintf("%s rolls %d: no effect", g.Name, l.Total)})
		case l.Total <= e.SuppressMax:
			l.Outcome = "suppressed"
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Roll: l, Text: fmt.Sprintf("%s rolls %d: suppressed", g.Name, l.Total)})
			if levelOf(g) < Suppressed {
				setLevel(g, Suppressed)
			}
		default:
			l.Outcome = "killed"
			evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Roll: l, Text: fmt.Sprintf("%s rolls %d: killed", g.Name, l.Total)})
			evs = append(evs, r.remove(s, g, "killed by the blast")...)
		}
	}
	return evs
}

// effectDist is the chance of each effect table result on a row.
func effectDist(e Effect) (none, sup, kill float64) {
	none = 1 - probGreater2D6(e.NoneMax)
	kill = probGreater2D6(e.SuppressMax)
	return none, 1 - none - kill, kill
}

// landing is one place a throw or round may come down, with its chance.
type landing struct {
	at geom.Pt
	p  float64
}

func (r Skirmish) throwLandings(from, p geom.Pt) []landing {
	b := r.devBand(dist(from, p))
	if b.On == 0 {
		return []landing{{p, 1}}
	}
	on := float64(7-b.On) / 6
	out := []landing{{p, on}}
	n := r.d.T.Spinner.Faces
	for face := 1; face <= n; face++ {
		out = append(out, landing{spin(p, face, n, in(b.Dist)), (1 - on) / float64(n)})
	}
	return out
}

// burstOdds is the fate of figure t (or, with none, where the burst
// falls) over the landings, with the chance each goes off.
func (r Skirmish) burstOdds(s *rules.State, t *rules.Figure, aim geom.Pt, ls []landing, live, later float64, rad int64, smoke bool) rules.Odds {
	out := map[string]float64{}
	order := []string{"killed", "suppressed", "no effect", "goes off later", "dud"}
	if smoke {
		order = []string{"smoke on target", "smoke off target", "goes off later", "dud"}
	} else if t == nil {
		order = []string{"bursts on the aim point", "bursts off the aim point", "goes off later", "dud"}
	}
	out["goes off later"] = later
	out["dud"] = 1 - live - later
	for _, l := range ls {
		p := l.p * live
		switch {
		case smoke:
			if l.at == aim {
				out["smoke on target"] += p
			} else {
				out["smoke off target"] += p
			}
		case t == nil:
			if l.at == aim {
				out["bursts on the aim point"] += p
			} else {
				out["bursts off the aim point"] += p
			}
		case within(t.Pos, l.at, rad+s.BaseR) && reaches(s, l.at, t.Pos, false):
			e, _ := r.effectRow(s, t.Pos, false)
			none, sup, kill := effectDist(e)
			out["killed"] += p * kill
			out["suppressed"] += p * sup
			out["no effect"] += p * none
		default:
			out["no effect"] += p
		}
	}
	var o rules.Odds
	for _, n := range order {
		if out[n] > 0 {
			o.Outcomes = append(o.Outcomes, rules.Outcome{Name: n, P: out[n]})
		}
	}
	return o
}

func (r Skirmish) grenadeOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the thrower")
	}
	p, t, err := aimOf(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.grenadeProblem(s, f, p, c.Arg); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	g := r.d.T.Grenade
	live := float64(g.Delayed-1) / 6
	later := float64(g.Dud-g.Delayed) / 6
	ls := r.throwLandings(f.Pos, p)
	for i := range ls {
		ls[i].at, _ = wallFall(s, f.Pos, ls[i].at)
	}
	if b := intoBuilding(s, f, p); b >= 0 {
		need := r.windowNeed(f, dist(f.Pos, p))
		pw := 1.0
		if need > 0 {
			pw = probAtLeast2D6(need)
		}
		ls = []landing{{p, pw}}
		if pw < 1 {
			ls = append(ls, landing{r.outsideOpening(s, b, f.Pos), 1 - pw})
		}
	}
	o := r.burstOdds(s, t, p, ls, live, later, in(g.Radius), c.Arg == "smoke")
	b := r.devBand(dist(f.Pos, p))
	if b.On == 0 {
		o.Note = "thrown this short it lands where aimed"
	} else {
		o.Note = fmt.Sprintf("lands on target on %d+ on a D6, else %g\" off in the spinner's direction", b.On, b.Dist)
	}
	return o, nil
}

// ---- mortars and radios ----

// Round is a mortar round plotted and on its way.
type Round struct {
	At   geom.Pt
	Fig  rules.FigID // the mortar
	Side int
}

var roundFields = []string{"x", "y", "fig", "side"}

// Rounds lists the mortar rounds on their way.
func Rounds(s *rules.State) []Round {
	var out []Round
	for _, r := range readList(s, "mp", gMortar, roundFields) {
		out = append(out, Round{At: geom.Pt{X: int64(r[0]), Y: int64(r[1])}, Fig: rules.FigID(r[2]), Side: r[3]})
	}
	return out
}

func setRounds(s *rules.State, rs []Round) {
	rows := make([][]int, len(rs))
	for i, m := range rs {
		rows[i] = []int{int(m.At.X), int(m.At.Y), int(m.Fig), m.Side}
	}
	writeList(s, "mp", gMortar, roundFields, rows)
}

// mortarOf is the side's mortar crew nearest f (nil for none).
func (r Skirmish) mortarOf(s *rules.State, f *rules.Figure) *rules.Figure {
	var list []*rules.Figure
	for _, g := range alive(s, f.Side) {
		if r.carries(g, "mortar") && !g.Markers.Has(rules.Surrendered) {
			list = append(list, g)
		}
	}
	return nearest(s, f.Pos, list)
}

// callMode says how f may bring down mortar fire at p: "sights" (the crew
// itself, firing over open sights), "radio", "near" (within call range,
// seeing the crew), or "" with the reason.
func (r Skirmish) callMode(s *rules.State, f *rules.Figure, p geom.Pt) (string, *rules.Figure, string) {
	m := r.mortarOf(s, f)
	if m == nil {
		return "", nil, "there is no mortar on this side"
	}
	mt := r.d.T.Mortar
	if within(m.Pos, p, in(mt.Min)) || !within(m.Pos, p, in(mt.Max)) {
		return "", m, fmt.Sprintf("a mortar fires between %g\" and %g\"", mt.Min, mt.Max)
	}
	if m.ID == f.ID {
		if s.Terrain == nil || s.Terrain.Clear(f.Pos, p) {
			return "sights", m, ""
		}
		return "", m, "the crew cannot see the point to fire over open sights"
	}
	if r.carries(f, "radio") {
		return "radio", m, ""
	}
	if within(f.Pos, m.Pos, in(mt.CallRange)) && r.sees(s, f, m) {
		return "near", m, ""
	}
	return "", m, fmt.Sprintf("%s has no radio and is not within %g\" in sight of the mortar", f.Name, mt.CallRange)
}

func (r Skirmish) plotProblem(s *rules.State, f *rules.Figure, p geom.Pt) string {
	if f.Var(fAP) < r.d.T.Costs.Plot {
		return fmt.Sprintf("%s needs %d points to plot fire", f.Name, r.d.T.Costs.Plot)
	}
	if levelOf(f) >= Shaken {
		return f.Name + " is shaken and cannot call for fire"
	}
	_, m, why := r.callMode(s, f, p)
	if why == "" && m != nil && m.Rating > 0 && m.Var(fMortarUsed) >= m.Rating {
		return fmt.Sprintf("%s has fired all %d of its rounds", m.Name, m.Rating)
	}
	return why
}

// fMortarUsed counts the rounds a mortar has been called on for. The
// book's optional limited ammunition: a mortar figure's scenario
// "rating" is how many rounds it has (0: no limit).
const fMortarUsed = "mused"

// radioFails reports whether a radio roll fails: a double one always, and
// any double on the attempt after a double one.
func radioFails(a, b int, bad bool) bool { return a == b && (a == 1 || bad) }

func (r Skirmish) applyPlot(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	p, _, err := aimOf(s, c)
	if err != nil {
		return nil, err
	}
	if c.Arg != "" {
		return nil, errors.New("plot takes no word")
	}
	if why := r.plotProblem(s, f, p); why != "" {
		return nil, errors.New(why)
	}
	mode, m, _ := r.callMode(s, f, p)
	_ = spend(f, r.d.T.Costs.Plot, "plotting fire")
	acted(s, f)
	var evs []rules.Event
	if mode == "radio" {
		sd := &s.Sides[f.Side]
		bad := sd.Vars[sRadioBad] == 1
		l := &rules.Ledger{What: "Radio: " + f.Name + " calls the mortar", Compare: "table"}
		l.Dice = s.RollN(2, 6)
		l.Total = l.DiceTotal()
		a, b := l.Dice[0].Face, l.Dice[1].Face
		l.Note = "anything but a double one gets through"
		if bad {
			l.Note = "after a double one, any double fails"
		}
		if sd.Vars == nil {
			sd.Vars = map[string]int{}
		}
		delete(sd.Vars, sRadioBad)
		if a == 1 && b == 1 {
			sd.Vars[sRadioBad] = 1
		}
		if radioFails(a, b, bad) {
			l.Outcome = "no contact"
			return []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: f.Name + " cannot raise the mortar"}}, nil
		}
		l.Outcome = "through"
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: f.Name + " gets through on the radio"})
	}
	m.SetVar(fMortarUsed, m.Var(fMortarUsed)+1)
	if mode == "sights" {
		unhide(f)
		return append(evs, r.landRound(s, m, p)...), nil
	}
	setRounds(s, append(Rounds(s), Round{At: p, Fig: m.ID, Side: f.Side}))
	return append(evs, rules.Event{Kind: "plot", Side: f.Side, Fig: f.ID, Path: []geom.Pt{p},
		Text: fmt.Sprintf("%s plots mortar fire on %s: it comes down at the end of the enemy's turn", f.Name, p)}), nil
}

// arrive brings down the rounds side plotted.
func (r Skirmish) arrive(s *rules.State, side int) []rules.Event {
	rs := Rounds(s)
	var keep []Round
	var evs []rules.Event
	for _, rd := range rs {
		if rd.Side != side {
			keep = append(keep, rd)
			continue
		}
		m := s.Fig(rd.Fig)
		if s.Over || m == nil || m.Removed {
			continue
		}
		evs = append(evs, r.landRound(s, m, rd.At)...)
	}
	if len(keep) != len(rs) {
		setRounds(s, keep)
	}
	return evs
}

// landRound rolls where a mortar round lands and its effect.
func (r Skirmish) landRound(s *rules.State, m *rules.Figure, p geom.Pt) []rules.Event {
	mt := r.d.T.Mortar
	faces := r.d.T.Spinner.Faces
	var land geom.Pt
	var evs []rules.Event
	last := geom.Pt{X: int64(m.Var(fMortarAX)), Y: int64(m.Var(fMortarAY))}
	if m.Var(fMortarOK) == 1 && within(last, p, in(mt.Follow)) {
		from := geom.Pt{X: int64(m.Var(fMortarLX)), Y: int64(m.Var(fMortarLY))}
		d := s.Roll(3)
		sp := s.Roll(faces)
		land = spin(from, sp.Face, faces, int64(d.Face)*geom.PerInch)
		l := &rules.Ledger{What: "Mortar: a later round on the same aim", Dice: []rules.Die{d, sp}, Compare: "table", Total: d.Face,
			Outcome: fmt.Sprintf("%d\" from the last, towards %d o'clock", d.Face, sp.Face)}
		evs = append(evs, rules.Event{Kind: "roll", Side: m.Side, Fig: m.ID, Roll: l, Path: []geom.Pt{from, land}, Text: "Mortar round: " + l.Outcome})
	} else {
		l := &rules.Ledger{What: "Mortar: first round", Compare: "<=", Target: mt.OnTargetMax}
		l.Dice = s.RollN(2, 6)
		l.Total = l.DiceTotal()
		land = p
		l.Outcome = "on target"
		if l.Total > mt.OnTargetMax {
			d := s.RollN(2, 3)
			sp := s.Roll(faces)
			n := d[0].Face + d[1].Face
			l.Dice = append(l.Dice, d[0], d[1], sp)
			land = spin(p, sp.Face, faces, int64(n)*geom.PerInch)
			l.Outcome = fmt.Sprintf("%d\" off, towards %d o'clock", n, sp.Face)
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: m.Side, Fig: m.ID, Roll: l, Path: []geom.Pt{p, land}, Text: "Mortar round: " + l.Outcome})
	}
	m.SetVar(fMortarOK, 1)
	m.SetVar(fMortarAX, int(p.X))
	m.SetVar(fMortarAY, int(p.Y))
	m.SetVar(fMortarLX, int(land.X))
	m.SetVar(fMortarLY, int(land.Y))
	return append(evs, r.burst(s, m.Side, land, in(mt.Radius), "Mortar bomb")...)
}

func (r Skirmish) plotOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the caller")
	}
	p, t, err := aimOf(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.plotProblem(s, f, p); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	mode, _, _ := r.callMode(s, f, p)
	switch mode {
	case "radio":
		bad := s.Sides[f.Side].Vars[sRadioBad] == 1
		fail := 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if radioFails(a, b, bad) {
					fail++
				}
			}
		}
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "through", P: float64(36-fail) / 36}, {Name: "no contact", P: float64(fail) / 36}},
			Note: "the round lands at the end of the enemy's turn"}, nil
	case "near":
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "through", P: 1}}, Note: "the round lands at the end of the enemy's turn"}, nil
	}
	// open sights: the round lands now
	m := f
	mt := r.d.T.Mortar
	var ls []landing
	last := geom.Pt{X: int64(m.Var(fMortarAX)), Y: int64(m.Var(fMortarAY))}
	faces := r.d.T.Spinner.Faces
	if m.Var(fMortarOK) == 1 && within(last, p, in(mt.Follow)) {
		from := geom.Pt{X: int64(m.Var(fMortarLX)), Y: int64(m.Var(fMortarLY))}
		for d := 1; d <= 3; d++ {
			for sp := 1; sp <= faces; sp++ {
				ls = append(ls, landing{spin(from, sp, faces, int64(d)*geom.PerInch), 1 / float64(3*faces)})
			}
		}
	} else {
		on := 1 - probGreater2D6(mt.OnTargetMax)
		ls = append(ls, landing{p, on})
		for a := 1; a <= 3; a++ {
			for b := 1; b <= 3; b++ {
				for sp := 1; sp <= faces; sp++ {
					ls = append(ls, landing{spin(p, sp, faces, int64(a+b)*geom.PerInch), (1 - on) / float64(9*faces)})
				}
			}
		}
	}
	o := r.burstOdds(s, t, p, ls, 1, 0, in(mt.Radius), false)
	o.Note = "over open sights: the round lands now"
	return o, nil
}

// ---- grenades lying live ----

// LiveGrenade is a grenade that has not yet gone off: it bursts at the
// end of the enemy's turn unless an enemy throws it back first.
type LiveGrenade struct {
	At    geom.Pt
	Side  int
	Smoke bool
}

var liveFields = []string{"x", "y", "side", "smoke"}

// Live lists the grenades lying live on the table.
func Live(s *rules.State) []LiveGrenade {
	var out []LiveGrenade
	for _, r := range readList(s, "gl", gLive, liveFields) {
		out = append(out, LiveGrenade{At: geom.Pt{X: int64(r[0]), Y: int64(r[1])}, Side: r[2], Smoke: r[3] == 1})
	}
	return out
}

func setLive(s *rules.State, gs []LiveGrenade) {
	rows := make([][]int, len(gs))
	for i, g := range gs {
		sm := 0
		if g.Smoke {
			sm = 1
		}
		rows[i] = []int{int(g.At.X), int(g.At.Y), g.Side, sm}
	}
	writeList(s, "gl", gLive, liveFields, rows)
}

// fuses sets off the grenades side threw that were still lying live.
func (r Skirmish) fuses(s *rules.State, side int) []rules.Event {
	gs := Live(s)
	var keep []LiveGrenade
	var evs []rules.Event
	var due []LiveGrenade
	for _, g := range gs {
		if g.Side == side {
			due = append(due, g)
		} else {
			keep = append(keep, g)
		}
	}
	if len(due) == 0 {
		return nil
	}
	setLive(s, keep)
	for _, g := range due {
		if s.Over {
			break
		}
		if g.Smoke {
			// smoke that goes off at the end of a turn is counted from the
			// next turn, so it clears at the end of a turn too (the book:
			// removed at the end of the opponent's turn)
			setSmokes(s, append(Smokes(s), Smoke{C: g.At, Turn: turnNo(s) + 1}))
			a := geom.Circle{C: g.At, R: in(r.d.T.Smoke.Radius)}
			evs = append(evs, rules.Event{Kind: "smoke", Side: side, Area: &a, Text: "A smoke grenade goes off at " + g.At.String()})
			continue
		}
		evs = append(evs, r.burst(s, side, g.At, in(r.d.T.Grenade.Radius), "A late grenade")...)
	}
	return evs
}

// liveNear is the enemy grenade lying live nearest f within reach.
func (r Skirmish) liveNear(s *rules.State, f *rules.Figure) (LiveGrenade, bool) {
	var best LiveGrenade
	found := false
	reach := in(r.d.T.Grenade.ReturnReach)
	for _, g := range Live(s) {
		if g.Side == f.Side || g.Smoke || !within(f.Pos, g.At, reach) {
			continue
		}
		if !found || geom.Dist2(f.Pos, g.At) < geom.Dist2(f.Pos, best.At) {
			best, found = g, true
		}
	}
	return best, found
}

func (r Skirmish) throwBackProblem(s *rules.State, f *rules.Figure) string {
	if s.Var(gLive) == 0 {
		return "no grenade lies live"
	}
	if _, ok := r.liveNear(s, f); !ok {
		return fmt.Sprintf("no enemy grenade lies live within %g\" of %s", r.d.T.Grenade.ReturnReach, f.Name)
	}
	switch {
	case levelOf(f) >= Suppressed:
		return f.Name + " is " + levelNames[levelOf(f)] + " and cannot throw"
	case f.Var(fAP) < r.d.T.Costs.Grenade:
		return fmt.Sprintf("%s needs %d points to throw", f.Name, r.d.T.Costs.Grenade)
	}
	return ""
}

// applyThrowBack: "throwback F1 F7" or "throwback F1 x,y" picks up the
// enemy grenade lying live nearest F1 and throws it: a 1 on the D6 and it
// goes off in hand; otherwise it is thrown as any grenade and bursts
// where it lands.
func (r Skirmish) applyThrowBack(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	p, _, err := aimOf(s, c)
	if err != nil {
		return nil, err
	}
	if c.Arg != "" {
		return nil, errors.New("throwback takes no word")
	}
	if why := r.throwBackProblem(s, f); why != "" {
		return nil, errors.New(why)
	}
	if !within(f.Pos, p, in(r.d.T.Grenade.Range)) || p == f.Pos {
		return nil, fmt.Errorf("a grenade is thrown at most %g\"", r.d.T.Grenade.Range)
	}
	g, _ := r.liveNear(s, f)
	var keep []LiveGrenade
	taken := false
	for _, x := range Live(s) {
		if !taken && x == g {
			taken = true
			continue
		}
		keep = append(keep, x)
	}
	setLive(s, keep)
	_ = spend(f, r.d.T.Costs.Grenade, "a throw")
	acted(s, f)
	unhide(f)
	d := s.Roll(6)
	l := &rules.Ledger{What: "Throwing back a grenade: " + f.Name, Dice: []rules.Die{d}, Compare: ">", Target: r.d.T.Grenade.ReturnBlows,
		Total: d.Face, Outcome: "thrown back", Note: "the die's explosion face and it goes off in hand"}
	if d.Face <= r.d.T.Grenade.ReturnBlows {
		l.Outcome = "goes off in hand"
		evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: "The grenade goes off in " + f.Name + "'s hand"}}
		return append(evs, r.burst(s, g.Side, g.At, in(r.d.T.Grenade.Radius), "Grenade")...), nil
	}
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Text: f.Name + " throws the grenade back"}}
	land, devs := r.deviate(s, f, p)
	evs = append(evs, devs...)
	if at, w := wallFall(s, f.Pos, land); w >= 0 {
		evs = append(evs, rules.Event{Kind: "throw", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, at},
			Text: fmt.Sprintf("The grenade hits %s and drops at its foot", pieceLabel(s, w))})
		land = at
	}
	return append(evs, r.burst(s, f.Side, land, in(r.d.T.Grenade.Radius), "Grenade")...), nil
}

func (r Skirmish) throwBackOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the thrower")
	}
	p, t, err := aimOf(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.throwBackProblem(s, f); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	blow := float64(r.d.T.Grenade.ReturnBlows) / 6
	ls := r.throwLandings(f.Pos, p)
	for i := range ls {
		ls[i].at, _ = wallFall(s, f.Pos, ls[i].at)
	}
	o := r.burstOdds(s, t, p, ls, 1-blow, 0, in(r.d.T.Grenade.Radius), false)
	var out []rules.Outcome
	for _, x := range o.Outcomes {
		if x.Name != "dud" {
			out = append(out, x)
		}
	}
	o.Outcomes = append(out, rules.Outcome{Name: "goes off in hand", P: blow})
	o.Note = "a 1 on the D6 and it goes off in hand; otherwise it bursts where it lands"
	return o, nil
}

// throwInto rolls a grenade through a window or door of building b: by
// the distance, automatic or 2D6; a miss drops it outside below the
// opening.
func (r Skirmish) throwInto(s *rules.State, f *rules.Figure, b int, p geom.Pt) (geom.Pt, []rules.Event) {
	d := dist(f.Pos, p)
	need := r.windowNeed(f, d)
	if need <= 0 {
		return p, []rules.Event{{Kind: "throw", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, p},
			Text: fmt.Sprintf("%s lobs a grenade into %s", f.Name, pieceLabel(s, b))}}
	}
	l := &rules.Ledger{What: fmt.Sprintf("Grenade through a window of %s: %s", pieceLabel(s, b), f.Name), Compare: ">=", Target: need,
		Note: fmt.Sprintf("thrown %s\"", rules.FormatInches(d))}
	l.Dice = s.RollN(2, 6)
	l.Total = l.DiceTotal()
	if l.Total >= need {
		l.Outcome = "in"
		return p, []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, p},
			Text: f.Name + "'s grenade goes in through the window"}}
	}
	l.Outcome = "bounces off"
	out := r.outsideOpening(s, b, f.Pos)
	return out, []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l, Path: []geom.Pt{f.Pos, out},
		Text: f.Name + "'s grenade misses the window and drops outside"}}
}

// ---- throwing over obstacles ----

// wallsCrossed lists, nearest first, where the throw from a to b crosses
// a linear piece standing up from the table (hedge, wall, fence, bocage),
// more than 1" from the thrower, with the piece.
func wallsCrossed(s *rules.State, a, b geom.Pt) []struct {
	at    geom.Pt
	piece int
} {
	var out []struct {
		at    geom.Pt
		piece int
	}
	if s.Map == nil {
		return nil
	}
	seg := geom.Seg{A: a, B: b}
	for i := range s.Map.Pieces {
		pc := &s.Map.Pieces[i]
		if !pc.Props.Linear || pc.Props.Height <= 0 || len(pc.Path) < 2 {
			continue
		}
		for k := 0; k+1 < len(pc.Path); k++ {
			e := geom.Seg{A: pc.Path[k], B: pc.Path[k+1]}
			if !geom.SegmentsIntersect(seg, e) {
				continue
			}
			num, den, ok := geom.IntersectParam(seg, e)
			if !ok {
				continue
			}
			d := b.Sub(a)
			x := geom.Pt{X: a.X + d.X*num/den, Y: a.Y + d.Y*num/den}
			if within(a, x, geom.PerInch) {
				continue
			}
			out = append(out, struct {
				at    geom.Pt
				piece int
			}{x, i})
			break
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && geom.Dist2(a, out[j].at) < geom.Dist2(a, out[j-1].at); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// nearWall reports whether p lies closer to piece id's line than its
// height.
func nearWall(s *rules.State, id int, p geom.Pt) bool {
	pc := &s.Map.Pieces[id]
	for k := 0; k+1 < len(pc.Path); k++ {
		if geom.SegWithin(geom.Seg{A: pc.Path[k], B: pc.Path[k+1]}, p, pc.Props.Height, true) {
			return true
		}
	}
	return false
}

// overWallProblem: a grenade thrown over an obstacle more than 1" away
// may not be aimed beyond it nearer than the obstacle's height.
func overWallProblem(s *rules.State, a, p geom.Pt) string {
	for _, w := range wallsCrossed(s, a, p) {
		if nearWall(s, w.piece, p) {
			return fmt.Sprintf("aim further beyond %s: at least its height (%s\") past it", pieceLabel(s, w.piece), rules.FormatInches(s.Map.Pieces[w.piece].Props.Height))
		}
	}
	return ""
}

// wallFall is where a grenade thrown from a that would land at b comes
// down: if it lands beyond an obstacle within the obstacle's height, it
// hits the obstacle and drops at its foot on the thrower's side.
func wallFall(s *rules.State, a, b geom.Pt) (geom.Pt, int) {
	for _, w := range wallsCrossed(s, a, b) {
		if nearWall(s, w.piece, b) {
			return towards(w.at, a, geom.PerInch/2), w.piece
		}
	}
	return b, -1
}
