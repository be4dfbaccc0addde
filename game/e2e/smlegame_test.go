package e2e

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

const (
	smleScenario = "smle-skirmish.toml"
	smleBudget   = 12 * time.Minute
	smleMaxSteps = 400
	movesPerGo   = 2 // figures dragged in each activation
)

// smlePlay is the bookkeeping of one S.M.L.E. game played by mouse.
type smlePlay struct {
	*fullGame
	tried      map[string]bool // "activation/what" already tried
	opp        int             // opportunity fire offers met
	react      int             // fire declared at a mover: answers given
	oppTaken   int
	oppPassed  int
	moved      int
	fired      int
	blasts     int
	ended      int
	shotOpp    bool
	shotAiming bool
}

// button finds a button on the action bar by its label.
func button(p probeInfo, ok func(label string) bool) (probeButton, bool) {
	for _, b := range p.Buttons {
		if !b.Disabled && ok(b.Label) {
			return b, true
		}
	}
	return probeButton{}, false
}

// calm waits until nothing animates (clicking through dice as a player
// may) and returns the probe; it lifts a hotseat curtain with a click.
func (g *smlePlay) calm() probeInfo {
	g.t.Helper()
	for {
		p := g.settle()
		if g.pl.g.St.Over {
			return p
		}
		if !p.Curtain {
			return p
		}
		x, y := g.emptySpot(p)
		curtainPause()
		g.click(x, y)
		g.waitProbe("the curtain to lift", func(p probeInfo) bool { return !p.Curtain })
	}
}

// press clicks a button and waits for it to play a command.
func (g *smlePlay) press(b probeButton, what string) bool {
	g.t.Helper()
	n := len(g.pl.cmds)
	for try := 1; try <= 3; try++ {
		g.click(b.X, b.Y)
		if g.waitCommands(n, 3*time.Second) {
			return true
		}
		// as a player would: look again, and click again if the button is
		// still there and nothing was played (the log says it happened)
		p := g.calm()
		if len(g.pl.cmds) > n {
			return true
		}
		// an end that leaves teams able to act asks first: the same
		// button, now "... anyway?", confirms it
		nb, ok := button(p, func(l string) bool { return l == b.Label || strings.HasPrefix(l, b.Label+" anyway") })
		g.t.Logf("%s: a click on %q played nothing (try %d); probe %+v", what, b.Label, try, p)
		if !ok {
			return false
		}
		b = nb
	}
	return false
}

// activation names the team's current go.
func activation(st *rules.State) string {
	return fmt.Sprintf("r%d/u%d/s%d", st.Round, st.Var("cur"), st.Var("second"))
}

// tryMove drags one figure of the active team towards its nearest enemy,
// as far as the move tape allows and no nearer than 3" to the enemy.
func (g *smlePlay) tryMove(p probeInfo) bool {
	g.t.Helper()
	st := g.pl.g.St
	act := activation(st)
	var figs []rules.FigID
	for _, l := range p.Legal {
		if c, err := rules.ParseCommand(l); err == nil && c.Verb == "move" && !g.tried[act+"/move/"+figKey(c.Fig)] {
			figs = append(figs, c.Fig)
		}
	}
	sort.Slice(figs, func(i, j int) bool { return figs[i] < figs[j] })
	for _, id := range figs {
		g.tried[act+"/move/"+figKey(id)] = true
		f := st.Fig(id)
		q, ok := p.Figures[figKey(id)]
		if f == nil || !ok {
			continue
		}
		var e *rules.Figure
		for _, o := range st.Alive(1 - f.Side) {
			if e == nil || geom.Dist2(f.Pos, o.Pos) < geom.Dist2(f.Pos, e.Pos) {
				e = o
			}
		}
		if e == nil {
			continue
		}
		allow := geom.Inches(g.pl.g.MoveCheck(id, []geom.Pt{f.Pos}).Allowance)
		fx, fy := inches(f.Pos)
		ex, ey := inches(e.Pos)
		d := math.Hypot(ex-fx, ey-fy)
		reach := math.Min(allow-0.25, d-3)
		for _, frac := range []float64{1, 0.7, 0.4} {
			step := reach * frac
			if step < 0.5 {
				break
			}
			sx, sy := g.screen(fx+(ex-fx)/d*step, fy+(ey-fy)/d*step)
			sx, sy = math.Round(sx), math.Round(sy)
			// where the release lands on the table, to the thousandth
			to := geom.Pt{X: geom.In((sx - g.offX) / g.perInch), Y: geom.In((sy - g.offY) / g.perInch)}
			if info := g.pl.g.MoveCheck(id, []geom.Pt{to}); !info.OK {
				continue
			}
			n := len(g.pl.cmds)
			g.quickDrag(q[0], q[1], sx, sy)
			if g.waitCommands(n, 2*time.Second) {
				c := g.pl.cmds[len(g.pl.cmds)-1]
				if c.Verb != "move" || c.Fig != id {
					g.t.Fatalf("dragging %s played %q", f.Name, g.pl.sf.Commands[len(g.pl.cmds)-1])
				}
				moved := g.pl.g.St.Fig(id)
				if moved.Pos == f.Pos || geom.Dist(moved.Pos, to) > 200 {
					g.t.Fatalf("%s was dragged to %v but stands at %v", f.Name, to, moved.Pos)
				}
				g.moved++
				return true
			}
			pp, _ := g.readProbe()
			g.t.Logf("dragging %s to %v played nothing; probe %+v", f.Name, to, pp)
			return false
		}
	}
	return false
}

// tryFire shoots with the active team: its Shoot button, then a click on
// the target the rules offer.
func (g *smlePlay) tryFire(p probeInfo) bool {
	g.t.Helper()
	st := g.pl.g.St
	act := activation(st)
	if g.tried[act+"/fire"] {
		return false
	}
	fire := firstLegal(p, func(c rules.Command) bool { return c.Verb == "fire" && c.Arg != "aimed" && len(c.Targets) == 1 })
	if fire == nil {
		return false
	}
	g.tried[act+"/fire"] = true
	u := st.UnitOf(fire.Unit)
	// "Shoot: <team>, choose target" with nothing selected, "Shoot:
	// choose target" with one of the team's figures selected (after a
	// drag) (or, for a fire of a band below the team's own, "Panic fire
	// instead: <team>, choose target")
	b, ok := button(p, func(l string) bool {
		return l == "Shoot: choose target" || l == "Shoot: pick" || strings.HasPrefix(l, "Shoot: "+u.Name) || strings.Contains(l, " instead: "+u.Name) ||
			strings.HasPrefix(l, "Panic fire") || strings.HasPrefix(l, "Return fire") // cut short on a crowded bar
	})
	if !ok {
		g.shot("no-shoot-button")
		g.t.Fatalf("%s may fire (%v) but the bar has no Shoot button: %+v", u.Name, fire, p.Buttons)
	}
	g.click(b.X, b.Y)
	tq, ok := p.Figures[figKey(fire.Targets[0])]
	if !ok {
		g.t.Fatalf("target F%d is not on screen", fire.Targets[0])
	}
	g.moveTo(tq[0], tq[1])
	time.Sleep(300 * time.Millisecond)
	if !g.shotAiming {
		g.shotAiming = true
		g.shot("aiming-with-odds")
	}
	c := g.commitOn(tq, "Shoot")
	if c.Verb != "fire" || c.Unit != fire.Unit {
		g.t.Fatalf("the shot played %q", g.pl.sf.Commands[len(g.pl.cmds)-1])
	}
	g.fired++
	return true
}

// firstLegal is the first command of the probe's legal list that ok
// accepts (nil if none).
func firstLegal(p probeInfo, ok func(c rules.Command) bool) *rules.Command {
	for _, l := range p.Legal {
		if c, err := rules.ParseCommand(l); err == nil && ok(c) {
			return &c
		}
	}
	return nil
}

// commitOn clicks the target under aim at tq and returns the command the
// click played (the test fails if it played none).
func (g *smlePlay) commitOn(tq [3]float64, button string) rules.Command {
	g.t.Helper()
	n := len(g.pl.cmds)
	g.click(tq[0], tq[1])
	if !g.waitCommands(n, 3*time.Second) {
		g.shot("target-click-played-nothing")
		g.t.Fatalf("clicking the target after %s played nothing", button)
	}
	return g.pl.cmds[len(g.pl.cmds)-1]
}

// tryBlast fires the active team's explosive (the skirmish's rifle
// grenades) as a player does: a click on the figure that carries it, its
// Explosive button, a click on the red-ringed target. The animation is
// slowed with "[" for the burst to be seen (and photographed), then put
// back with "]".
func (g *smlePlay) tryBlast(p probeInfo) bool {
	g.t.Helper()
	st := g.pl.g.St
	act := activation(st)
	if g.tried[act+"/fire"] {
		return false
	}
	bl := firstLegal(p, func(c rules.Command) bool { return c.Verb == "blast" && len(c.Targets) == 1 })
	if bl == nil {
		return false
	}
	g.tried[act+"/fire"] = true
	f := st.Fig(bl.Fig)
	fq, ok := p.Figures[figKey(bl.Fig)]
	tq, ok2 := p.Figures[figKey(bl.Targets[0])]
	if f == nil || !ok || !ok2 {
		g.t.Fatalf("the explosive's firer F%d or target F%d is not on screen", bl.Fig, bl.Targets[0])
	}
	g.click(fq[0], fq[1])
	// "Explosi..." when a crowded bar cuts the label
	isBlast := func(l string) bool { return strings.HasPrefix(l, "Explosi") }
	sel := g.waitProbe(f.Name+"'s Explosive button", func(p probeInfo) bool { _, ok := button(p, isBlast); return ok })
	b, _ := button(sel, isBlast)
	g.click(b.X, b.Y)
	g.moveTo(tq[0], tq[1])
	time.Sleep(300 * time.Millisecond)
	g.shot("aiming-explosive")
	for i := 0; i < 3; i++ {
		g.key("bracketleft") // x8 to x1
	}
	c := g.commitOn(tq, "Explosive")
	if c.Verb != "blast" || c.Fig != bl.Fig || c.Targets[0] != bl.Targets[0] {
		g.t.Fatalf("the explosive played %q, want %v", g.pl.sf.Commands[len(g.pl.cmds)-1], bl)
	}
	burst := false
	for _, e := range g.pl.evs[len(g.pl.evs)-1] {
		burst = burst || (e.Kind == "blast" && e.Area != nil && e.Area.R > 0)
	}
	if !burst {
		g.t.Fatalf("%s's explosive made no burst: %+v", f.Name, g.pl.evs[len(g.pl.evs)-1])
	}
	// the to-hit (and deviation) dice play first, then the burst: watched,
	// not clicked through (a click on a stale probe would skip the burst)
	seen := false
	for deadline := time.Now().Add(12 * time.Second); time.Now().Before(deadline); {
		if q, ok := g.readProbe(); ok && q.Anim == "blast" {
			time.Sleep(500 * time.Millisecond)
			g.shot("burst")
			seen = true
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	for i := 0; i < 3; i++ {
		g.key("bracketright")
	}
	if !seen {
		g.shot("no-burst-shown")
		g.t.Fatalf("%s's explosive: the burst was never animated", f.Name)
	}
	g.blasts++
	return true
}

// answerReact: fire is declared at the figure that has just moved; its
// side drops it prone every other time and keeps it on its feet the rest.
func (g *smlePlay) answerReact(p probeInfo) {
	g.t.Helper()
	g.react++
	prone, hasProne := button(p, func(l string) bool { return strings.HasPrefix(l, "Drop prone") })
	stay, hasStay := button(p, func(l string) bool { return l == "Stay on his feet" })
	switch {
	case g.react%2 == 1 && hasProne:
		if !g.press(prone, "drop prone") {
			g.t.Fatal("Drop prone played nothing")
		}
	case hasStay:
		if !g.press(stay, "stay on his feet") {
			g.t.Fatal("Stay on his feet played nothing")
		}
	default:
		g.shot("no-react-buttons")
		g.t.Fatalf("fire declared at a mover, but no buttons to answer it: %+v", p.Buttons)
	}
}

// answerOpportunity takes every other offer and lets the rest pass.
func (g *smlePlay) answerOpportunity(p probeInfo) {
	g.t.Helper()
	g.opp++
	take := g.opp%2 == 1
	fires, hasFire := button(p, func(l string) bool { return strings.Contains(l, " fires (") })
	pass, hasPass := button(p, func(l string) bool { return l == "Let it pass" })
	if !g.shotOpp {
		g.shotOpp = true
		g.shot("opportunity-offer")
	}
	switch {
	case take && hasFire:
		if !g.press(fires, "opportunity fire") {
			g.t.Fatalf("the opportunity fire button %q played nothing", fires.Label)
		}
		if c := g.pl.cmds[len(g.pl.cmds)-1]; c.Verb != "oppfire" {
			g.t.Fatalf("the opportunity fire button played %q", g.pl.sf.Commands[len(g.pl.cmds)-1])
		}
		g.oppTaken++
	case hasPass:
		if !g.press(pass, "pass") {
			g.t.Fatal("Let it pass played nothing")
		}
		g.oppPassed++
	default:
		g.shot("no-opportunity-buttons")
		g.t.Fatalf("an opportunity fire offer without its buttons: %+v", p.Buttons)
	}
}

// TestSMLEToTheEndByMouse plays the small S.M.L.E. skirmish from the
// title to the result screen with the mouse (the only keys are "[" and
// "]", the animation speed, to watch the burst; Space nowhere):
// activation dice, drags, team fire through the Shoot button, a rifle
// grenade through a figure's Explosive button, opportunity fire taken and
// passed, End activation, hotseat curtains. The autosave,
// replayed through the rules, checks each command landed and that every
// roll came with its ledger.
func TestSMLEToTheEndByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	playSMLEToTheEnd(t, "smle", 1280, 800)
}

// The small S.M.L.E. game played to its end on a large screen, 1920x1080.
func TestSMLEToTheEndByMouseLargeScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	playSMLEToTheEnd(t, "smle-1920x1080", 1920, 1080)
}

// The small S.M.L.E. game played to its end on a small screen, 1024x640.
func TestSMLEToTheEndByMouseSmallScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	playSMLEToTheEnd(t, "smle-1024x640", 1024, 640)
}

// playSMLEToTheEnd plays the Farm Lane Skirmish from the title to the
// result screen with the mouse on a w x h screen.
func playSMLEToTheEnd(t *testing.T, sub string, w, h int) {
	r := startRigSized(t, sub, w, h, "--seed", "5", "--no-resume", "--speed", "8")
	g := &smlePlay{fullGame: &fullGame{rig: r, start: time.Now(), lastAt: time.Now(), budget: smleBudget}, tried: map[string]bool{}}

	r.waitProbe("the title", func(p probeInfo) bool { return p.Scene == "title" })
	r.pressButton("title", "New battle")
	r.waitProbe("the scenario list", func(p probeInfo) bool { return p.Scene == "chooser" })
	r.chooseScenario(smleScenario)
	r.shot("chooser")
	r.pressButton("chooser", "Deploy and play")
	r.waitProbe("the deployment screen", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 0 })
	r.pressButton("deploy", "Ready")
	r.waitProbe("the curtain before the second deployment", func(p probeInfo) bool { return p.Scene == "deploy" && p.Curtain })
	r.click(r.middle())
	r.waitProbe("the second deployment", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 1 })
	r.pressButton("deploy", "Ready")
	p := r.waitProbe("the battle", func(p probeInfo) bool { return p.Scene == "battle" })
	if p.Curtain { // the opening dice wait behind it for the first mover
		curtainPause()
		r.click(r.middle())
		p = r.waitProbe("the curtain to lift", func(p probeInfo) bool { return !p.Curtain })
	}
	time.Sleep(300 * time.Millisecond)
	r.shot("activation-dice")
	pl := r.waitSave("the start of the battle", 0)
	if pl.sf.Scenario != smleScenario || pl.sf.Seed != 5 {
		t.Fatalf("the battle is %q seed %d, want %s seed 5", pl.sf.Scenario, pl.sf.Seed, smleScenario)
	}
	g.pl, g.lastAt = pl, time.Now()
	g.calibrate(p)

	for step := 0; step < smleMaxSteps; step++ {
		p = g.calm()
		st := g.pl.g.St
		if st.Over {
			break
		}
		g.calibrate(p)
		switch st.Phase {
		case "opportunity":
			g.answerOpportunity(p)
			continue
		case "react":
			g.answerReact(p)
			continue
		case "activate":
		default:
			g.shot("unexpected-phase")
			t.Fatalf("phase %q", st.Phase)
		}
		act := activation(st)
		if !g.tried[act+"/moves"] {
			moved := 0
			for moved < movesPerGo && g.tryMove(p) {
				moved++
				p = g.calm()
				if g.pl.g.St.Over || g.pl.g.St.Phase != "activate" || activation(g.pl.g.St) != act {
					break
				}
			}
			if g.pl.g.St.Phase != "activate" || activation(g.pl.g.St) != act {
				continue // an opportunity fire window opened, or the go ended
			}
			g.tried[act+"/moves"] = true
		}
		if g.tryBlast(p) || g.tryFire(p) {
			continue
		}
		end, ok := button(p, func(l string) bool { return l == "End activation" })
		if !ok {
			g.shot("no-end-button")
			t.Fatalf("%s: no End activation button: %+v (legal %v)", act, p.Buttons, p.Legal)
		}
		if !g.press(end, "end") {
			g.shot("end-played-nothing")
			t.Fatalf("%s: End activation played nothing", act)
		}
		if c := g.pl.cmds[len(g.pl.cmds)-1]; c.Verb != "end" {
			t.Fatalf("End activation played %q", g.pl.sf.Commands[len(g.pl.cmds)-1])
		}
		g.ended++
		if g.ended == 3 {
			r.shot("midway")
		}
	}

	// The end: the autosave replays to a finished game, every roll on the
	// way came with its ledger, and the result screen says how it ended.
	st := g.pl.g.St
	if !st.Over {
		r.shot("not-over")
		t.Fatalf("the game is not over (%d commands)", len(g.pl.cmds))
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
	if g.moved < 4 || g.fired < 1 || g.blasts < 1 || g.oppTaken+g.oppPassed < 1 || g.ended < 4 || rolls < 10 {
		t.Errorf("too little was played by mouse: %d drags, %d team fires, %d explosives, %d opportunity offers answered (%d taken), %d ends, %d rolls",
			g.moved, g.fired, g.blasts, g.oppTaken+g.oppPassed, g.oppTaken, g.ended, rolls)
	}
	res := r.waitProbe("the result screen", func(p probeInfo) bool {
		if p.Scene != "result" && p.Busy {
			x, y := g.emptySpot(p)
			r.click(x, y)
		}
		return p.Scene == "result"
	})
	time.Sleep(400 * time.Millisecond)
	r.shot("result")
	if !res.Over || res.Result != st.Result || res.Result == "" {
		t.Errorf("the result screen says %q (over %v); the replayed game says %q", res.Result, res.Over, st.Result)
	}
	t.Logf("over after round %d: %q; %d commands, %d drags, %d team fires, %d explosives, opportunity fire %d taken / %d passed, %d ends, %d rolls, %.0fs",
		st.Round, st.Result, len(g.pl.cmds), g.moved, g.fired, g.blasts, g.oppTaken, g.oppPassed, g.ended, rolls, time.Since(g.start).Seconds())
}
