package e2e

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// One player for every rule set: it reads the probe (the legal commands
// and how the table offers each), picks one and gives it with the mouse
// as a person would (a drag, a button, a button then a click on the
// target), and checks in the autosave that the command it meant was
// played. It knows no rule set: only the kinds of rules.Action and a few
// common verbs to rank (shoot before looking, looking before moving,
// moving before ending).

const (
	anyStepInches = 4.0 // how far a drag takes a figure towards the enemy at most
	anyKeepAway   = 2.5 // and no nearer to it than this
	anyMovesPerGo = 2   // figures dragged between two ends (a side's go)
	anyMaxSteps   = 600 // decisions before the test gives up
	// anyBudget fails a game that is not over in time: each of these
	// games took 40 to 70 s on this two-core machine shared with others'
	// builds and tests (load 7 to 15)
	anyBudget = 240 * time.Second
)

// The games played by mouse: the smallest scenario of each rule set, on a
// seed whose game ends within a few dozen commands (TestAnyPlayerGamesStayShort
// keeps them so; TestAnyPlayerScan finds another seed).
const (
	anyFirefight      = "firefight-farmhouse-grenades.toml"
	anyFirefightSeed  = 20
	anyMaxim          = "maxim-uhlans-1914.toml"
	anyMaximSeed      = 18
	anySkirmish35     = "skirmish35-ford.toml"
	anySkirmish35Seed = 9
)

// attackVerbs are aimed commands that hurt the enemy; lookVerbs are those
// that let a figure shoot later (spotting, acquiring).
var (
	attackVerbs = map[string]int{"fire": 0, "shoot": 0, "grenade": 1, "throw": 1, "blast": 1, "melee": 2, "assault": 2, "charge": 2}
	lookVerbs   = map[string]bool{"spot": true, "acquire": true}
	// helpVerbs are buttons worth a press once a go: they give figures
	// their actions (a leader motivating, a team rallying)
	helpVerbs = map[string]bool{"motivate": true, "rally": true}
)

// plan is what the player does next: one legal command and how the table
// offers it. A drag's command carries the point the figure is dragged to.
type plan struct {
	cmd rules.Command
	act probeAct
	why string
}

// anyPlayer is the bookkeeping of one game played by mouse.
type anyPlayer struct {
	*fullGame
	tried    map[string]bool // what was already tried in this go (keyed by goKey)
	moves    map[string]int  // figures dragged in each go
	offers   int             // interruptions met (every other one is taken)
	counts   map[string]int  // commands played, by kind of plan
	misses   int             // plans in a row that played nothing
	saveData []byte          // the autosave as last replayed
	shotFire bool            // the table after the first shot photographed
}

// goKey names the current go: the commands that end a go or a phase
// (end, pass) counted so far, the round and the phase.
func goKey(pl *played) string {
	ends := 0
	for _, c := range pl.cmds {
		if c.Verb == "end" || c.Verb == "pass" {
			ends++
		}
	}
	st := pl.g.St
	return fmt.Sprintf("r%d/%s/a%d/d%d/e%d", st.Round, st.Phase, st.Active, st.Decider, ends)
}

// decide picks the next plan from the probe's legal commands and acts.
func (g *anyPlayer) decide(p probeInfo) (plan, bool) {
	st := g.pl.g.St
	key := goKey(g.pl)
	type cand struct {
		plan
		rank float64
	}
	var best *cand
	consider := func(c rules.Command, a probeAct, rank float64, why string) {
		if g.tried[key+"|"+c.String()] {
			return
		}
		if best == nil || rank <= best.rank {
			// on a tie the later listed: of two ways to shoot one target
			// (aimed or unaimed fire, a gun or a machine gun) the second,
			// which the table must give by its own button
			best = &cand{plan{cmd: c, act: a, why: why}, rank}
		}
	}
	onScreen := func(id rules.FigID) bool { _, ok := p.Figures[figKey(id)]; return ok }
	enemyOf := func(c rules.Command, t rules.FigID) (float64, bool) {
		f, e := st.Fig(c.Fig), st.Fig(t)
		if f == nil || e == nil || e.Removed || e.Side == f.Side || !onScreen(c.Fig) || !onScreen(t) {
			return 0, false
		}
		return geom.Inches(geom.Dist(f.Pos, e.Pos)), true
	}
	var cmds []rules.Command
	for i, l := range p.Legal {
		c, err := rules.ParseCommand(l)
		if err != nil || i >= len(p.Acts) {
			continue
		}
		cmds = append(cmds, c)
	}
	if len(cmds) != len(p.Legal) {
		g.t.Fatalf("the probe's legal list does not parse: %q (acts %v)", p.Legal, p.Acts)
	}
	// an interruption (opportunity fire, a forced answer): every other
	// one is taken with an offer, the rest pass
	pass := -1
	for i := range cmds {
		if p.Acts[i].Kind == rules.ActPass {
			pass = i
		}
	}
	if pass >= 0 {
		if g.offers%2 == 0 {
			for i, c := range cmds {
				a := p.Acts[i]
				switch {
				case i == pass:
				case a.Kind == rules.ActButton && (c.Fig == 0 || onScreen(c.Fig)):
					consider(c, a, 0, "an interruption taken")
				case a.Kind == rules.ActAim && len(c.Targets) > 0 && onScreen(c.Fig) && onScreen(c.Targets[0]):
					consider(c, a, 0, "an interruption taken")
				}
			}
		}
		consider(cmds[pass], p.Acts[pass], 1, "an interruption let pass")
		if best == nil {
			return plan{}, false
		}
		return best.plan, true
	}
	for i, c := range cmds {
		a := p.Acts[i]
		switch a.Kind {
		case rules.ActAim:
			if c.Fig != 0 && len(c.Targets) == 0 && len(c.Path) > 0 && onScreen(c.Fig) {
				// aimed at a point: a vehicle's hull (the rule set lists the
				// point; a click there aims at it)
				if v, atk := attackVerbs[c.Verb]; atk {
					consider(c, a, float64(v)+0.5+geom.Inches(geom.Dist(st.Fig(c.Fig).Pos, c.Path[0]))/1000, "a shot at a vehicle")
				}
				continue
			}
			if c.Fig == 0 && c.Unit != 0 && len(c.Targets) > 0 {
				// a team's aimed command (team fire): its button, then the
				// target; ranked from the team's first figure
				if v, atk := attackVerbs[c.Verb]; atk {
					if f := firstOf(st, c.Unit); f != 0 {
						fc := c
						fc.Fig = f
						if d, ok := enemyOf(fc, c.Targets[0]); ok {
							consider(c, a, float64(v)+d/1000, "a team's shot at the nearest enemy")
						}
					}
				}
				continue
			}
			if c.Fig == 0 || len(c.Targets) == 0 {
				continue
			}
			d, ok := enemyOf(c, c.Targets[0])
			if !ok {
				continue
			}
			if v, atk := attackVerbs[c.Verb]; atk {
				consider(c, a, float64(v)+d/1000, "a shot at the nearest enemy")
			} else if lookVerbs[c.Verb] && !g.tried[key+"|look "+figKey(c.Fig)] {
				consider(c, a, 10+d/1000, "looking for a target")
			}
		case rules.ActButton:
			if c.Fig != 0 && !onScreen(c.Fig) {
				continue
			}
			if lookVerbs[c.Verb] && len(c.Targets) == 0 && !g.tried[key+"|look "+figKey(c.Fig)] {
				consider(c, a, 9, "looking about")
			}
			if helpVerbs[c.Verb] && !g.tried[key+"|help"] {
				consider(c, a, 20, "a leader's or team's button")
			}
			if c.Verb == "dismount" && c.Fig != 0 && !g.tried[key+"|dismount "+figKey(c.Fig)] {
				consider(c, a, 28, "getting out of a vehicle")
			}
		case rules.ActDrag:
			if va, ok := rules.ParseVehicleArg(c.Arg); ok && c.Fig == 0 && len(c.Path) == 0 {
				// a vehicle's drive: its hull dragged towards the enemy
				if !g.tried[key+"|drive "+c.Arg] {
					if to, ok := g.driveTo(c, va.ID); ok {
						dc := c
						dc.Path = []geom.Pt{to}
						consider(dc, a, 29, "a drive towards the enemy")
					}
				}
				continue
			}
			if c.Fig == 0 || !onScreen(c.Fig) || g.moves[key] >= anyPerGo() || g.tried[key+"|move "+figKey(c.Fig)] {
				continue
			}
			if len(c.Path) > 0 {
				// a move the rule set lists with its path: dragged to its end
				mc := c
				mc.Path = c.Path[len(c.Path)-1:]
				consider(mc, a, 30, "a drag along a listed move")
			} else if to, d, ok := g.dragTo(c.Fig); ok {
				mc := c
				mc.Path = []geom.Pt{to}
				consider(mc, a, 30+1/(1+d), "a drag towards the enemy")
			}
		case rules.ActEnd:
			consider(c, a, 100, "the end of the go")
		}
	}
	if best == nil {
		return plan{}, false
	}
	return best.plan, true
}

// anyPerGo is how many figures the player drags in a go: anyMovesPerGo,
// or HEDGEROW_E2E_MOVES for a scenario whose sides must close a long way
// before anyone can shoot (a whole raiding party crossing the open).
func anyPerGo() int {
	n := anyMovesPerGo
	if s := os.Getenv("HEDGEROW_E2E_MOVES"); s != "" {
		fmt.Sscan(s, &n)
	}
	return n
}

// firstOf is the first figure of a unit still on the table (0 if none).
func firstOf(st *rules.State, u rules.UnitID) rules.FigID {
	for i := range st.Figures {
		if f := &st.Figures[i]; f.Unit == u && !f.Removed {
			return f.ID
		}
	}
	return 0
}

// dragTo is where a drag of figure id ends: towards its nearest enemy, at
// most anyStepInches and the figure's allowance, no nearer than
// anyKeepAway, on a whole screen pixel that the rules accept as a move.
// d is how far the enemy is.
func (g *anyPlayer) dragTo(id rules.FigID) (geom.Pt, float64, bool) {
	st := g.pl.g.St
	f := st.Fig(id)
	if f == nil {
		return geom.Pt{}, 0, false
	}
	var e *rules.Figure
	for _, o := range st.Alive(1 - f.Side) {
		if e == nil || geom.Dist2(f.Pos, o.Pos) < geom.Dist2(f.Pos, e.Pos) {
			e = o
		}
	}
	if e == nil || g.perInch <= 0 {
		return geom.Pt{}, 0, false
	}
	allow := geom.Inches(g.pl.g.MoveCheck(id, []geom.Pt{f.Pos}).Allowance)
	fx, fy := inches(f.Pos)
	ex, ey := inches(e.Pos)
	d := math.Hypot(ex-fx, ey-fy)
	reach := math.Min(math.Min(allow-0.1, anyStepInches), d-anyKeepAway)
	minStep := math.Max(0.4, 12/g.perInch) // a drag of a few pixels is a click
	for _, frac := range []float64{1, 0.75, 0.5, 0.3} {
		step := reach * frac
		if step < minStep {
			break
		}
		// try straight at the enemy, then a little to either side
		for _, turn := range []float64{0, 0.5, -0.5, 1, -1} {
			ang := math.Atan2(ey-fy, ex-fx) + turn
			sx, sy := g.screen(fx+math.Cos(ang)*step, fy+math.Sin(ang)*step)
			sx, sy = math.Round(sx), math.Round(sy)
			to := geom.Pt{X: geom.In((sx - g.offX) / g.perInch), Y: geom.In((sy - g.offY) / g.perInch)}
			if g.pl.g.MoveCheck(id, []geom.Pt{to}).OK {
				return to, d, true
			}
		}
	}
	return geom.Pt{}, d, false
}

// driveTo is where a drive of vehicle id ends: towards the nearest enemy
// figure, at most 12" and no nearer to it than 6", on a whole screen pixel
// the rules drive all the way to.
func (g *anyPlayer) driveTo(c rules.Command, id rules.VehicleID) (geom.Pt, bool) {
	st := g.pl.g.St
	v := st.Veh(id)
	if v == nil || g.perInch <= 0 {
		return geom.Pt{}, false
	}
	var e *rules.Figure
	for _, o := range st.Alive(1 - v.Side) {
		if st.Carrier(o.ID) == 0 && (e == nil || geom.Dist2(v.Pos, o.Pos) < geom.Dist2(v.Pos, e.Pos)) {
			e = o
		}
	}
	if e == nil {
		return geom.Pt{}, false
	}
	vx, vy := inches(v.Pos)
	ex, ey := inches(e.Pos)
	d := math.Hypot(ex-vx, ey-vy)
	reach := math.Min(12, d-6)
	for _, frac := range []float64{1, 0.75, 0.5, 0.3, 0.15} {
		step := reach * frac
		if step < math.Max(1, 12/g.perInch) {
			break
		}
		for _, turn := range []float64{0, 0.4, -0.4} {
			ang := math.Atan2(ey-vy, ex-vx) + turn
			sx, sy := g.screen(vx+math.Cos(ang)*step, vy+math.Sin(ang)*step)
			sx, sy = math.Round(sx), math.Round(sy)
			to := geom.Pt{X: geom.In((sx - g.offX) / g.perInch), Y: geom.In((sy - g.offY) / g.perInch)}
			dc := c
			dc.Path = []geom.Pt{to}
			if dv, ok := rules.DriveViewOf(g.pl.g.RS, st, dc); ok && dv.Arrived && g.pl.g.Refusal(dc) == nil {
				return to, true
			}
		}
	}
	return geom.Pt{}, false
}

// toScreen is where a table point is in the window.
func (g *anyPlayer) toScreen(p geom.Pt) (float64, float64) {
	x, y := inches(p)
	return g.screen(x, y)
}

// matchButton finds the bar's button for a command: its label as the
// rule set words it, or its short label, or either as the bar shortens
// them on a crowded bar (aimed and pointed commands end in "...", a
// unit's command may be followed by the unit's name). The short label is
// asked of the rule set on the replayed state, which is the game's.
func (g *anyPlayer) matchButton(p probeInfo, pl plan) (probeButton, bool) {
	a := rules.ActionOf(g.pl.g.RS, g.pl.g.St, pl.cmd)
	if pl.act.Kind == rules.ActDrag {
		a.Short = a.Label
	}
	want := []string{pl.act.Label, compactLabel(pl.act.Label), a.Short, compactLabel(a.Short)}
	if f := g.pl.g.St.Fig(pl.cmd.Fig); f != nil && g.pl.g.St.Carrier(f.ID) != 0 {
		// a crewman's button on his vehicle's bar: named for him, by his
		// surname on a crowded bar
		sur := f.Name
		if i := strings.LastIndexByte(sur, ' '); i >= 0 {
			sur = sur[i+1:]
		}
		want = []string{pl.act.Label + ": " + f.Name, a.Short + " " + sur}
	}
	for pass := 0; pass < 3; pass++ {
		for _, b := range p.Buttons {
			if b.Disabled {
				continue
			}
			l := unClick(b.Label)
			for _, w := range want {
				switch {
				case pass == 0 && l == w,
					pass == 1 && strings.HasPrefix(l, w+": "),
					pass == 2 && len(l) >= 4 && strings.HasPrefix(w, l):
					return b, true
				}
			}
		}
	}
	return probeButton{}, false
}

// unClick is a bar label without the words saying a click on the table
// comes next (game/hud_actionbar.go's clickNext: "Fire: choose target",
// short "Fire: pick").
func unClick(l string) string {
	for _, w := range []string{"choose target", "choose spot", "choose line", "pick"} {
		for _, sep := range []string{": ", ", "} {
			if strings.HasSuffix(l, sep+w) {
				return strings.TrimSuffix(l, sep+w)
			}
		}
	}
	return l
}

// compactLabel is the bar's label for its most crowded state (as
// game/hud_actionbar.go shortens it): no parenthetical hint unless it holds
// the odds, no unit's name.
func compactLabel(l string) string {
	if i := strings.Index(l, " ("); i > 0 && !strings.Contains(l[i:], " in 6") && !strings.Contains(l[i:], "%") {
		l = l[:i]
	}
	if j := strings.Index(l, ": "); j > 0 {
		l = l[:j]
	}
	return l
}

// sync is fullGame.sync that replays the autosave only when it changed
// (the replay costs the CPU the game needs to draw).
func (g *anyPlayer) sync() *played {
	g.t.Helper()
	if data, err := os.ReadFile(g.save); err == nil && (g.pl == nil || !bytes.Equal(data, g.saveData)) {
		if pl, err := g.readSave(); err == nil {
			g.saveData = data
			if g.pl == nil || len(pl.cmds) != g.lastN {
				g.lastN, g.lastAt = len(pl.cmds), time.Now()
			}
			g.pl = pl
		}
	}
	if time.Since(g.lastAt) > stuckAfter {
		g.shot("stuck")
		p, _ := g.readProbe()
		g.t.Fatalf("stuck: no new command for %v; autosave %q; probe %+v", stuckAfter, g.pl.sf.Commands, p)
	}
	if time.Since(g.start) > g.budget {
		g.shot("too-slow")
		g.t.Fatalf("the game was not over after %v: %d commands", g.budget, g.lastN)
	}
	return g.pl
}

// waitMore waits up to d for the autosave to hold more than n commands.
func (g *anyPlayer) waitMore(n int, d time.Duration) bool {
	g.t.Helper()
	deadline := time.Now().Add(d)
	for {
		if pl := g.sync(); pl != nil && len(pl.cmds) > n {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// ready waits until the probe has seen the last command, nothing
// animates and no curtain is up (a curtain is lifted by a click, as the
// next player does; dice still rolling after a second are clicked
// through), and returns the probe with the table calibrated. Two probes
// of different frames must agree, as the curtain falls in the frame after
// the dice stop.
func (g *anyPlayer) ready() probeInfo {
	g.t.Helper()
	calm, calmFrame := 0, -1
	busySince := time.Time{}
	for {
		pl := g.sync()
		p, ok := g.readProbe()
		if pl.g.St.Over {
			return p
		}
		switch {
		case !ok || p.Scene != "battle" || p.Log != len(pl.cmds):
			calm = 0
		case p.Curtain:
			calm, busySince = 0, time.Time{}
			x, y := g.middle()
			curtainPause()
			g.tap(x, y)
			g.waitProbe("the curtain to lift", func(p probeInfo) bool { return !p.Curtain || p.Scene != "battle" })
			continue
		case p.Busy:
			calm = 0
			if busySince.IsZero() {
				busySince = time.Now()
			} else if time.Since(busySince) > time.Second {
				x, y := g.emptySpot(p)
				g.tap(x, y) // a click skips the dice
				busySince = time.Time{}
				continue
			}
		case p.Frame != calmFrame:
			calm++
			calmFrame = p.Frame
			if calm >= 2 {
				g.calibrate(p)
				return p
			}
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// tap clicks at window pixel (x, y) with the pointer's move and the press
// in one poll of the game (it reads both in the same frame), the release
// in a later one: click less one wait for the game to draw, which counts
// on a loaded machine.
func (g *anyPlayer) tap(x, y float64) {
	g.t.Helper()
	g.xdo("mousemove", "--window", g.wid, itoa(x), itoa(y), "mousedown", "1")
	g.seen()
	g.xdo("mouseup", "1")
	g.seen()
}

// selectFig clicks a figure and waits for the probe to say it is selected
// (or aiming, when its only business is to shoot).
func (g *anyPlayer) selectFig(p probeInfo, id rules.FigID, pl plan) (probeInfo, bool) {
	g.t.Helper()
	if v := g.pl.g.St.Veh(g.pl.g.St.Carrier(id)); v != nil {
		// a crewman is not drawn: a click on his vehicle puts its crew's
		// commands on the bar (each button named for its man)
		x, y := g.toScreen(v.Pos)
		g.tap(x, y)
		deadline := time.Now().Add(3 * time.Second)
		for time.Now().Before(deadline) {
			if np, ok := g.readProbe(); ok && np.Mode == "idle" {
				if _, ok := g.matchButton(np, pl); ok {
					return np, true
				}
			}
			time.Sleep(50 * time.Millisecond)
		}
		np, _ := g.readProbe()
		return np, false
	}
	if p.Sel == figKey(id) && (p.Mode == "selected" || p.Mode == "targeting") {
		return p, true
	}
	q, ok := p.Figures[figKey(id)]
	if !ok {
		return p, false
	}
	g.tap(q[0], q[1])
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if np, ok := g.readProbe(); ok && np.Sel == figKey(id) && (np.Mode == "selected" || np.Mode == "targeting") {
			return np, true
		}
		time.Sleep(50 * time.Millisecond)
	}
	np, _ := g.readProbe()
	return np, false
}

// perform gives a plan with the mouse and reports whether the autosave
// then held a new command. It fails the test when the command played is
// not the one meant.
func (g *anyPlayer) perform(p probeInfo, pl plan) bool {
	g.t.Helper()
	n := len(g.pl.cmds)
	c := pl.cmd
	rs, pre := g.pl.g.RS, g.pl.g.St.Clone()
	switch pl.act.Kind {
	case rules.ActDrag:
		if c.Fig == 0 {
			// a vehicle: its hull dragged from its centre
			va, _ := rules.ParseVehicleArg(c.Arg)
			v := g.pl.g.St.Veh(va.ID)
			if v == nil {
				return false
			}
			hx, hy := g.toScreen(v.Pos)
			sx, sy := g.toScreen(c.Path[0])
			g.quickDrag(math.Round(hx), math.Round(hy), sx, sy)
			break
		}
		q, ok := p.Figures[figKey(c.Fig)]
		if !ok {
			return false
		}
		sx, sy := g.toScreen(c.Path[0])
		g.quickDrag(q[0], q[1], sx, sy)
	case rules.ActAim:
		var tq [3]float64
		if len(c.Targets) > 0 {
			var ok bool
			if tq, ok = p.Figures[figKey(c.Targets[0])]; !ok {
				return false
			}
		} else {
			tq[0], tq[1] = g.toScreen(c.Path[0])
		}
		if c.Fig != 0 {
			var sel bool
			if p, sel = g.selectFig(p, c.Fig, pl); !sel {
				g.t.Logf("%s: a click on F%d did not select it; probe %+v", pl.why, c.Fig, p)
				return false
			}
		}
		// the command's own button, even when selecting the figure began
		// aiming (it aims the first listed way to shoot)
		if b, ok := g.matchButton(p, pl); ok {
			g.tap(b.X, b.Y)
			p = g.waitProbe("aiming "+c.Verb, func(p probeInfo) bool { return p.Mode == "targeting" && p.Verb == c.Verb })
		} else if p.Mode != "targeting" || p.Verb != c.Verb {
			g.shot("no-button")
			g.t.Fatalf("%s: %q is legal but the bar has no button %q: %+v", pl.why, c, pl.act.Label, p.Buttons)
		}
		if len(c.Targets) > 0 {
			// where the target is drawn while aimed at: a man riding in a
			// hull shows on its deck only then
			if q, ok := p.Figures[figKey(c.Targets[0])]; ok {
				tq = q
			}
		}
		g.tap(tq[0], tq[1])
		if !g.waitMore(n, 1500*time.Millisecond) {
			// a weapon whose dice are placed one click each: Enter puts the
			// rest on the same target
			if q, ok := g.readProbe(); ok && q.Mode == "targeting" {
				g.key("Return")
			}
		}
	case rules.ActButton, rules.ActEnd, rules.ActPass:
		if c.Fig != 0 && pl.act.Kind == rules.ActButton {
			if _, ok := g.matchButton(p, pl); !ok || (p.Sel != figKey(c.Fig) && g.pl.g.St.Carrier(c.Fig) == 0) {
				var sel bool
				if p, sel = g.selectFig(p, c.Fig, pl); !sel {
					g.t.Logf("%s: a click on F%d did not select it; probe %+v", pl.why, c.Fig, p)
					return false
				}
			}
		}
		b, ok := g.matchButton(p, pl)
		if !ok {
			g.shot("no-button")
			g.t.Fatalf("%s: %q is legal but the bar has no button %q: %+v", pl.why, c, pl.act.Label, p.Buttons)
		}
		g.tap(b.X, b.Y)
		if pl.act.Kind == rules.ActEnd {
			g.confirmEnd(b.X, b.Y)
		}
	default:
		return false
	}
	if !g.waitMore(n, 3*time.Second) {
		return false
	}
	// every command since n: the first is the one meant
	got := g.pl.cmds[n]
	if v := g.pl.g.St.Carrier(c.Fig); v != 0 && got.Fig != c.Fig && g.pl.g.St.Carrier(got.Fig) == v {
		// a crowded bar names no crewman: any of the vehicle's crew will
		// do the same
		c.Fig = got.Fig
	}
	// the same weapon named or left to the rule set (a figure's first
	// weapon that may fire: the table's click gives it unnamed)
	sameArg := got.Arg == c.Arg || (got.Arg == "" && rules.ActionOf(rs, pre, got).Group == rules.ActionOf(rs, pre, c).Group)
	if c.Verb == "drive" {
		// a dragged drive may add how the vehicle ends (V1-r, V1-f90)
		ga, _ := rules.ParseVehicleArg(got.Arg)
		ca, _ := rules.ParseVehicleArg(c.Arg)
		sameArg = ga.ID == ca.ID
	}
	if got.Verb != c.Verb || got.Fig != c.Fig || !sameArg || (pl.act.Kind == rules.ActAim && len(c.Targets) > 0 && !hasTarget(got, c.Targets[0])) {
		g.shot("wrong-command")
		g.t.Fatalf("%s: meant %q, the table played %q", pl.why, c, g.pl.sf.Commands[n])
	}
	if pl.act.Kind == rules.ActDrag && c.Fig != 0 {
		f := g.pl.g.St.Fig(c.Fig)
		if len(got.Path) == 0 || geom.Dist(got.Path[len(got.Path)-1], c.Path[0]) > 250 {
			g.shot("drag-elsewhere")
			g.t.Fatalf("%s: F%d dragged to %v, the move played was %q (now at %v)", pl.why, c.Fig, c.Path[0], g.pl.sf.Commands[n], f.Pos)
		}
	}
	return true
}

func hasTarget(c rules.Command, t rules.FigID) bool {
	for _, x := range c.Targets {
		if x == t {
			return true
		}
	}
	return false
}

// playAnyToTheEnd plays one scenario from the command line to its result
// screen with the mouse, at 1280x800, in at most budget.
func playAnyToTheEnd(t *testing.T, sub, scenario string, seed int, budget time.Duration) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	r := startRigSized(t, sub, 1280, 800, "--scenario", strings.TrimSuffix(scenario, ".toml"), "--seed", fmt.Sprint(seed), "--no-resume", "--speed", "8")
	g := &anyPlayer{fullGame: &fullGame{rig: r, start: time.Now(), lastAt: time.Now(), budget: budget},
		tried: map[string]bool{}, moves: map[string]int{}, counts: map[string]int{}}

	// both deployments as they stand, the curtain between them lifted with
	// a click
	r.waitProbe("the deployment screen", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 0 })
	r.pressButton("deploy", "Ready")
	r.waitProbe("the curtain before the second deployment", func(p probeInfo) bool { return p.Scene == "deploy" && p.Curtain })
	r.click(r.middle())
	r.waitProbe("the second deployment", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 1 })
	r.pressButton("deploy", "Ready")
	r.waitProbe("the battle", func(p probeInfo) bool { return p.Scene == "battle" })
	pl := r.waitSave("the start of the battle", 0)
	if pl.sf.Scenario != scenario || pl.sf.Seed != uint64(seed) {
		t.Fatalf("the battle is %q seed %d, want %s seed %d", pl.sf.Scenario, pl.sf.Seed, scenario, seed)
	}
	g.pl, g.lastAt = pl, time.Now()
	p := g.ready()
	r.shot("battle-start")

	for step := 0; step < anyMaxSteps && !g.pl.g.St.Over; step++ {
		t0 := time.Now()
		p = g.ready()
		t1 := time.Now()
		if g.pl.g.St.Over {
			break
		}
		key := goKey(g.pl)
		pn, ok := g.decide(p)
		if !ok {
			g.shot("nothing-to-do")
			t.Fatalf("nothing the player can do: legal %q acts %+v", p.Legal, p.Acts)
		}
		g.note(p, key, pn)
		if g.perform(p, pn) {
			t.Logf("%5.1fs %s: %s (waited %.1fs, gave it in %.1fs)", time.Since(g.start).Seconds(), pn.why,
				g.pl.sf.Commands[len(g.pl.cmds)-1], t1.Sub(t0).Seconds(), time.Since(t1).Seconds())
			g.misses = 0
			g.counts[pn.act.Kind+" "+pn.cmd.Verb]++
			if pn.act.Kind == rules.ActDrag && pn.cmd.Fig != 0 {
				g.moves[key]++
			}
			if _, atk := attackVerbs[pn.cmd.Verb]; atk && !g.shotFire {
				g.shotFire = true
				g.ready()
				r.shot("first-shot")
			}
			continue
		}
		g.misses++
		q, _ := g.readProbe()
		t.Logf("%s: %q (%s %q) played nothing; probe %+v", pn.why, pn.cmd, pn.act.Kind, pn.act.Label, q)
		if g.misses >= 2 {
			g.shot("click-played-nothing")
			t.Fatalf("two plans in a row played nothing, the last %s: %q (%s %q); legal %q; buttons %+v",
				pn.why, pn.cmd, pn.act.Kind, pn.act.Label, q.Legal, q.Buttons)
		}
		// a stale selection or aim: Esc back to a plain table, as a player would
		if q.Mode == "targeting" {
			g.key("Escape")
		}
	}

	st := g.pl.g.St
	if !st.Over {
		r.shot("not-over")
		t.Fatalf("the game is not over after %d commands", len(g.pl.cmds))
	}
	rolls := 0
	for n, evs := range g.pl.evs {
		for _, e := range evs {
			if e.Kind != "roll" {
				continue
			}
			rolls++
			if e.Roll == nil || len(e.Roll.Dice) == 0 || e.Roll.What == "" || e.Roll.Outcome == "" {
				t.Errorf("command %d: a roll without its ledger: %+v", n, e)
			}
		}
	}
	res := r.waitProbe("the result screen", func(p probeInfo) bool {
		if p.Scene != "result" && p.Busy {
			x, y := g.emptySpot(p)
			r.click(x, y)
		}
		return p.Scene == "result"
	})
	r.shot("result")
	if !res.Over || res.Result != st.Result || res.Result == "" {
		t.Errorf("the result screen says %q (over %v); the replayed game says %q", res.Result, res.Over, st.Result)
	}
	fired := 0
	for k, v := range g.counts {
		if strings.HasPrefix(k, "aim ") {
			if _, atk := attackVerbs[strings.TrimPrefix(k, "aim ")]; atk {
				fired += v
			}
		}
	}
	if fired == 0 || g.counts["drag move"] == 0 || rolls == 0 {
		t.Errorf("too little was played by mouse: %v, %d rolls", g.counts, rolls)
	}
	t.Logf("%s seed %d over after round %d: %q; %d commands by mouse %v; %d rolls; %.0fs; result %s",
		scenario, seed, st.Round, st.Result, len(g.pl.cmds), g.counts, rolls, time.Since(g.start).Seconds(),
		filepath.Join(r.shots, fmt.Sprintf("%02d-result.png", r.step)))
}

// note marks a plan as tried in this go, so that a command refused or
// given is not tried again before the go ends.
func (g *anyPlayer) note(p probeInfo, key string, pn plan) {
	g.tried[key+"|"+pn.cmd.String()] = true
	switch {
	case pn.act.Kind == rules.ActDrag && pn.cmd.Fig == 0:
		g.tried[key+"|drive "+pn.cmd.Arg] = true
	case pn.cmd.Verb == "dismount":
		g.tried[key+"|dismount "+figKey(pn.cmd.Fig)] = true
	case pn.act.Kind == rules.ActDrag:
		g.tried[key+"|move "+figKey(pn.cmd.Fig)] = true
	case lookVerbs[pn.cmd.Verb]:
		g.tried[key+"|look "+figKey(pn.cmd.Fig)] = true
	case helpVerbs[pn.cmd.Verb]:
		g.tried[key+"|help"] = true
	}
	if hasPass(p) {
		g.offers++
	}
}

func hasPass(p probeInfo) bool {
	for _, a := range p.Acts {
		if a.Kind == rules.ActPass {
			return true
		}
	}
	return false
}

// TestFirefightToTheEndByMouse plays a Firefight Lite scenario from the
// command line to its result screen with the mouse: motivation by the
// leader's button, spotting and firing by a button and a click on the
// target, drags, ends by their buttons, hotseat curtains by a click.
func TestFirefightToTheEndByMouse(t *testing.T) {
	playAnyToTheEnd(t, "firefight", anyFirefight, anyFirefightSeed, anyBudget)
}

// TestMaximToTheEndByMouse plays a Maxim to Minimi scenario to its result
// screen with the mouse, opportunity fire taken and let pass on the table.
func TestMaximToTheEndByMouse(t *testing.T) {
	playAnyToTheEnd(t, "maxim", anyMaxim, anyMaximSeed, anyBudget)
}

// TestSkirmish35ToTheEndByMouse plays a 1/35th Scale WWII Skirmish
// scenario to its result screen with the mouse: acquiring, aimed and
// unaimed fire, drags on action points.
func TestSkirmish35ToTheEndByMouse(t *testing.T) {
	playAnyToTheEnd(t, "skirmish35", anySkirmish35, anySkirmish35Seed, anyBudget)
}

// TestAnyScenarioToTheEndByMouse plays the scenario named by
// HEDGEROW_E2E_SCENARIO (with the seed HEDGEROW_E2E_SEED, 1 if unset) to
// its end with the same player: a way to try any shipped scenario by
// mouse. Skipped when the variable is unset.
func TestAnyScenarioToTheEndByMouse(t *testing.T) {
	name := os.Getenv("HEDGEROW_E2E_SCENARIO")
	if name == "" {
		t.Skip("set HEDGEROW_E2E_SCENARIO to a shipped scenario (and HEDGEROW_E2E_SEED) to play it by mouse")
	}
	if !strings.HasSuffix(name, ".toml") {
		name += ".toml"
	}
	seed := 1
	if s := os.Getenv("HEDGEROW_E2E_SEED"); s != "" {
		if _, err := fmt.Sscan(s, &seed); err != nil {
			t.Fatalf("HEDGEROW_E2E_SEED %q: %v", s, err)
		}
	}
	playAnyToTheEnd(t, "any-"+strings.TrimSuffix(name, ".toml"), name, seed, 3*anyBudget)
}
