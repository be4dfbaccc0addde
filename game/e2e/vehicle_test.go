package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// Vehicles by mouse in S.M.L.E.: a carrier driven by dragging its hull,
// a team de-bussed and boarded with the bar's buttons, and an anti-tank
// shot at a tank given by clicking a point of its hull. Each test plays
// only until what it checks has been done (about a minute each).

const vehBudget = 85 * time.Second

// vehOnScreen is a vehicle as the probe gives it: the hull's centre and
// corners in window pixels.
type vehOnScreen struct {
	X       float64       `json:"x"`
	Y       float64       `json:"y"`
	Side    int           `json:"side"`
	Corners [4][2]float64 `json:"corners"`
}

type vehProbe struct {
	Vehicles map[string]vehOnScreen `json:"vehicles"`
	SelVeh   string                 `json:"sel_veh"`
}

func (r *rig) readVehicles() (vehProbe, bool) {
	var p vehProbe
	data, err := os.ReadFile(r.probe)
	if err != nil || json.Unmarshal(data, &p) != nil {
		return p, false
	}
	return p, true
}

// vehPlay plays an S.M.L.E. vehicle scenario by mouse until its goals are
// met.
type vehPlay struct {
	*smlePlay
	drove, debussed, boarded, damaged bool
	driveIn                           float64 // how far to drive, inches
}

// startVehicleGame opens the scenario, accepts both deployments and
// returns the player at the first activation.
func startVehicleGame(t *testing.T, sub, scenario string, seed int) (*vehPlay, probeInfo) {
	r := startRigSized(t, sub, 1280, 800, "--scenario", strings.TrimSuffix(scenario, ".toml"), "--seed", fmt.Sprint(seed), "--no-resume", "--speed", "8")
	g := &vehPlay{smlePlay: &smlePlay{fullGame: &fullGame{rig: r, start: time.Now(), lastAt: time.Now(), budget: vehBudget}, tried: map[string]bool{}}}
	r.waitProbe("the deployment screen", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 0 })
	r.pressButton("deploy", "Ready")
	r.waitProbe("the curtain before the second deployment", func(p probeInfo) bool { return p.Scene == "deploy" && p.Curtain })
	r.click(r.middle())
	r.waitProbe("the second deployment", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 1 })
	r.pressButton("deploy", "Ready")
	p := r.waitProbe("the battle", func(p probeInfo) bool { return p.Scene == "battle" })
	pl := r.waitSave("the start of the battle", 0)
	if pl.sf.Scenario != scenario || pl.sf.Seed != uint64(seed) {
		t.Fatalf("the battle is %q seed %d, want %s seed %d", pl.sf.Scenario, pl.sf.Seed, scenario, seed)
	}
	g.pl, g.lastAt = pl, time.Now()
	g.calibrate(p)
	return g, p
}

// table is the table point under window pixel (x, y), to the thousandth.
func (g *vehPlay) table(x, y float64) geom.Pt {
	return geom.Pt{X: geom.In((math.Round(x) - g.offX) / g.perInch), Y: geom.In((math.Round(y) - g.offY) / g.perInch)}
}

// lastCmd is the last command of the autosave, as written.
func (g *vehPlay) lastCmd() (rules.Command, string) {
	n := len(g.pl.cmds)
	return g.pl.cmds[n-1], g.pl.sf.Commands[n-1]
}

// tryDrive drives the active team's vehicle by dragging its hull from its
// centre to a point ahead of it, the furthest of a few the rules accept.
func (g *vehPlay) tryDrive(p probeInfo) bool {
	g.t.Helper()
	st := g.pl.g.St
	dc := firstLegal(p, func(c rules.Command) bool { return c.Verb == "drive" && len(c.Path) == 0 })
	if dc == nil || g.drove {
		return false
	}
	a, _ := rules.ParseVehicleArg(dc.Arg)
	v := st.Veh(a.ID)
	vp, _ := g.readVehicles()
	on, ok := vp.Vehicles[fmt.Sprintf("V%d", a.ID)]
	if v == nil || !ok {
		g.t.Fatalf("the drive %v names a vehicle not on screen: %+v", dc, vp)
	}
	// a press on the hull selects it: the bar says it is driven by a drag
	g.click(on.X+3, on.Y+3)
	g.waitProbe(v.Name+"'s bar", func(p probeInfo) bool {
		_, ok := button(p, func(l string) bool { return strings.HasPrefix(l, "Drive") })
		return ok
	})
	if vq, _ := g.readVehicles(); vq.SelVeh != fmt.Sprintf("V%d", v.ID) {
		g.t.Errorf("a click on %s's hull selected %q", v.Name, vq.SelVeh)
	}
	g.shot("vehicle-selected")
	rs, _ := all.Get("smle")
	rad := float64(v.Facing) * math.Pi / 180
	vx, vy := inches(v.Pos)
	for _, d := range []float64{g.driveIn, g.driveIn * 0.75, g.driveIn * 0.5} {
		sx, sy := g.screen(vx+math.Sin(rad)*d, vy-math.Cos(rad)*d)
		to := g.table(sx, sy)
		c := *dc
		c.Path = []geom.Pt{to}
		dv, ok := rules.DriveViewOf(rs, st, c)
		if !ok || !dv.Arrived {
			continue
		}
		n := len(g.pl.cmds)
		g.quickDrag(on.X, on.Y, math.Round(sx), math.Round(sy))
		if !g.waitCommands(n, 3*time.Second) {
			g.shot("drive-played-nothing")
			pp, _ := g.readProbe()
			g.t.Fatalf("dragging %s to %v played nothing; probe %+v", v.Name, to, pp)
		}
		got, text := g.lastCmd()
		if got.Verb != "drive" || !strings.HasPrefix(got.Arg, fmt.Sprintf("V%d", v.ID)) {
			g.t.Fatalf("dragging %s played %q", v.Name, text)
		}
		now := g.pl.g.St.Veh(v.ID)
		if now.Pos == v.Pos || geom.Dist(now.Pos, to) > 200 {
			g.t.Fatalf("%s was dragged to %v but stands at %v (from %v); the autosave says %q", v.Name, to, now.Pos, v.Pos, text)
		}
		g.t.Logf("drove %s %.1f\" by dragging its hull: %q, now at %v", v.Name, geom.Inches(geom.Dist(v.Pos, now.Pos)), text, now.Pos)
		g.drove = true
		g.shot("driven")
		return true
	}
	g.t.Logf("%s: no drive of %.0f\" ahead is legal now", v.Name, g.driveIn)
	g.drove = true // give up on it: the test fails at its end if it was needed
	return false
}

// tryTeamButton presses the bar's button of a legal board or de-bus and
// checks what it played and where the team is.
func (g *vehPlay) tryTeamButton(p probeInfo, verb, label string) bool {
	g.t.Helper()
	st := g.pl.g.St
	// a team of riders, not the vehicle's own crew
	c := firstLegal(p, func(c rules.Command) bool {
		a, _ := rules.ParseVehicleArg(c.Arg)
		v := st.Veh(a.ID)
		return c.Verb == verb && v != nil && v.Unit != c.Unit
	})
	if c == nil {
		return false
	}
	u := st.UnitOf(c.Unit)
	// the bar may shorten "De-bus from Carrier 1: Alpha" to "De-bus"
	b, ok := button(p, func(l string) bool { return strings.HasPrefix(l, label) })
	if !ok {
		g.deselect(p)
		p = g.calm()
		if b, ok = button(p, func(l string) bool { return strings.HasPrefix(l, label) }); !ok {
			g.shot("no-" + verb + "-button")
			g.t.Fatalf("%v is legal but the bar has no %q button for %s: %+v", c, label, u.Name, p.Buttons)
		}
	}
	if !g.press(b, verb) {
		g.shot(verb + "-played-nothing")
		g.t.Fatalf("%q played nothing", b.Label)
	}
	got, text := g.lastCmd()
	if got.Verb != verb || got.Unit != c.Unit {
		g.t.Fatalf("%q played %q, want %v", b.Label, text, c)
	}
	a, _ := rules.ParseVehicleArg(c.Arg)
	now := g.pl.g.St
	for _, f := range now.Figures {
		if f.Unit != c.Unit || f.Removed {
			continue
		}
		in := now.Carrier(f.ID) == a.ID
		if in != (verb == "board") {
			g.t.Fatalf("after %q %s is aboard V%d: %v", text, f.Name, a.ID, in)
		}
		if verb == "debus" && f.Posture != rules.Prone {
			g.t.Errorf("%s got out %v, not prone", f.Name, f.Posture)
		}
	}
	g.t.Logf("%s: %q (%s)", u.Name, b.Label, text)
	g.shot(verb)
	return true
}

// tryShoot gives an anti-tank shot as a player does: a click on the
// firer, his anti-tank button, a click on the hull's centre.
func (g *vehPlay) tryShoot(p probeInfo) bool {
	g.t.Helper()
	st := g.pl.g.St
	// an anti-tank weapon's shot if there is one, else any man's
	c := firstLegal(p, func(c rules.Command) bool {
		f := st.Fig(c.Fig)
		return c.Verb == "shoot" && f != nil && strings.Contains(strings.Join(f.Weapons, " "), "bazooka")
	})
	if c == nil {
		c = firstLegal(p, func(c rules.Command) bool { return c.Verb == "shoot" && c.Fig != 0 })
	}
	if c == nil || g.damaged {
		return false
	}
	f := st.Fig(c.Fig)
	fq, ok := p.Figures[figKey(c.Fig)]
	a, _ := rules.ParseVehicleArg(c.Arg)
	vp, _ := g.readVehicles()
	on, ok2 := vp.Vehicles[fmt.Sprintf("V%d", a.ID)]
	if !ok || !ok2 {
		g.t.Fatalf("the shot %v: firer or vehicle not on screen", c)
	}
	g.click(fq[0], fq[1])
	// "Gefr Mohr: Bazooka / Panzerfaust at a vehicle (12% to knock it
	// out)...", "Anti-tank..." on a crowded bar
	isAT := func(l string) bool {
		return (strings.HasPrefix(l, f.Name+": ") && strings.Contains(l, "at a vehicle")) || strings.HasPrefix(l, "Anti-tank")
	}
	sel := g.waitProbe(f.Name+"'s anti-tank button", func(p probeInfo) bool { _, ok := button(p, isAT); return ok })
	b, _ := button(sel, isAT)
	g.click(b.X, b.Y)
	g.waitProbe("aiming", func(p probeInfo) bool { return p.Mode == "targeting" })
	g.moveTo(on.X, on.Y)
	g.shot("aiming-at-a-vehicle")
	n := len(g.pl.cmds)
	g.click(on.X, on.Y)
	if !g.waitCommands(n, 3*time.Second) {
		g.shot("shot-played-nothing")
		g.t.Fatalf("clicking %s's hull after %q played nothing", st.Veh(a.ID).Name, b.Label)
	}
	got, text := g.lastCmd()
	if got.Verb != "shoot" || got.Fig != c.Fig || len(got.Path) != 1 {
		g.t.Fatalf("the anti-tank shot played %q, want %v at a point of the hull", text, c)
	}
	rs, _ := all.Get("smle")
	if h, ok := rules.HullOf(rs, st, a.ID); !ok || !h.Under(got.Path[0]) {
		g.t.Fatalf("%q: the point shot at is not on %s's hull", text, st.Veh(a.ID).Name)
	}
	var hit, dmg *rules.Ledger
	for _, e := range g.pl.evs[len(g.pl.evs)-1] {
		if e.Kind != "roll" || e.Roll == nil {
			continue
		}
		if len(e.Roll.Dice) == 0 || e.Roll.Outcome == "" {
			g.t.Errorf("%q: a roll without its ledger: %+v", text, e.Roll)
		}
		switch {
		case hit == nil:
			hit = e.Roll
		case strings.HasPrefix(e.Roll.What, "Damage of"):
			dmg = e.Roll
		}
	}
	if hit == nil {
		g.t.Fatalf("%q rolled nothing", text)
	}
	g.t.Logf("%q: to hit %v -> %s", text, hit.Dice, hit.Outcome)
	if dmg != nil && !strings.Contains(dmg.What, st.Veh(a.ID).Name) {
		g.t.Errorf("%q: the damage roll %q does not name the vehicle hit", text, dmg.What)
	}
	if dmg != nil {
		g.t.Logf("damage: %s, dice %v, total %d -> %s", dmg.What, dmg.Dice, dmg.Total, dmg.Outcome)
		g.damaged = true
	} else {
		g.t.Logf("%q missed: shooting again when offered", text)
	}
	g.shot("after-the-shot")
	return true
}

// run plays by mouse until done says the goals are met, passing every
// opportunity fire offer and standing every mover.
func (g *vehPlay) run(act func(p probeInfo) bool, done func() bool) {
	g.t.Helper()
	for step := 0; step < 200 && !done(); step++ {
		p := g.calm()
		st := g.pl.g.St
		if st.Over {
			g.t.Fatalf("the game ended (%q) before the test was done", st.Result)
		}
		g.calibrate(p)
		switch st.Phase {
		case "opportunity", "react":
			lbl := map[string]string{"opportunity": "Let it pass", "react": "Stay on his feet"}[st.Phase]
			b, ok := button(p, func(l string) bool { return l == lbl })
			if !ok || !g.press(b, lbl) {
				g.shot("no-" + st.Phase + "-answer")
				g.t.Fatalf("%s: %q not on the bar or played nothing: %+v", st.Phase, lbl, p.Buttons)
			}
			continue
		}
		if act(p) {
			continue
		}
		end, ok := button(p, func(l string) bool { return l == "End activation" })
		if !ok {
			g.deselect(p)
			p = g.calm()
			if end, ok = button(p, func(l string) bool { return l == "End activation" }); !ok {
				g.shot("no-end-button")
				g.t.Fatalf("%s: no End activation button: %+v (legal %v)", activation(st), p.Buttons, p.Legal)
			}
		}
		if !g.press(end, "end") {
			g.shot("end-played-nothing")
			g.t.Fatalf("%s: End activation played nothing", activation(st))
		}
	}
}

// TestSMLEVehicleByMouse: the Mechanised Assault's carrier is driven a
// few inches by dragging its hull (the autosave's drive and its new
// place), a fire team de-busses with the bar's button (out, prone) and in
// a later round boards again with another.
func TestSMLEVehicleByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	g, _ := startVehicleGame(t, "smle-vehicle", "smle-mech-assault.toml", 3)
	g.driveIn = 4 // no further than a foot move: the riders may still get out this round
	g.run(func(p probeInfo) bool {
		switch {
		case !g.drove && g.tryDrive(p):
		case g.drove && !g.debussed && g.tryTeamButton(p, "debus", "De-bus"):
			g.debussed = true
		case g.debussed && !g.boarded && g.tryTeamButton(p, "board", "Board"):
			g.boarded = true
		default:
			return false
		}
		return true
	}, func() bool { return g.drove && g.debussed && g.boarded })
	if !g.drove || !g.debussed || !g.boarded {
		g.shot("not-done")
		t.Fatalf("not done after %d commands: drove %v, de-bussed %v, boarded %v", len(g.pl.cmds), g.drove, g.debussed, g.boarded)
	}
	t.Logf("%d commands, %.0fs", len(g.pl.cmds), time.Since(g.start).Seconds())
}

// TestSMLEShootTankByMouse: in Tank in the Bocage the Sherman drives
// north by a drag of its hull, and a German anti-tank shot is given by
// mouse (the firer, his anti-tank button, a click on the hull) until one
// hits: the autosave's shot at the tank and its damage roll's ledger.
func TestSMLEShootTankByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	g, _ := startVehicleGame(t, "smle-tank", "smle-tank-bocage.toml", 3)
	g.driveIn = 12
	g.run(func(p probeInfo) bool {
		switch {
		case !g.drove && g.tryDrive(p):
		case g.tryShoot(p):
		default:
			return false
		}
		return true
	}, func() bool { return g.drove && g.damaged })
	if !g.damaged {
		g.shot("not-done")
		t.Fatalf("no anti-tank shot hit after %d commands", len(g.pl.cmds))
	}
	t.Logf("%d commands, %.0fs", len(g.pl.cmds), time.Since(g.start).Seconds())
}

// TestSMLEVehicleGameToTheEndByMouse plays the Mechanised Assault from
// deployment to the result screen by mouse: the carrier driven south by
// drags each time its team acts, the riders de-bussed by the bar's button,
// men dragged towards the enemy, team fire, explosives and anti-tank
// shots by clicks, opportunity fire taken and passed, End activation.
// The autosave, replayed, ends over and every roll has its ledger. Ten
// rounds of five teams take about five and a half minutes (151 commands,
// 317 s on a loaded two-core machine), so it runs only when
// HEDGEROW_E2E_LONG is set.
func TestSMLEVehicleGameToTheEndByMouse(t *testing.T) {
	if testing.Short() || os.Getenv("HEDGEROW_E2E_LONG") == "" {
		t.Skip("a whole vehicle game by mouse takes minutes: set HEDGEROW_E2E_LONG=1 to play it")
	}
	g, _ := startVehicleGame(t, "smle-vehicle-game", "smle-mech-assault.toml", 3)
	g.budget = 660 * time.Second
	g.driveIn = 8
	drives, debusses, shots := 0, 0, 0
	for step := 0; step < 600; step++ {
		p := g.calm()
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
		}
		act := activation(st)
		if !g.tried[act+"/drive"] && !g.tried["stuck"] {
			g.tried[act+"/drive"] = true
			g.drove = false
			if g.tryDrive(p) {
				drives++
				continue
			}
			// no drive ahead was legal: it has come as far as it can
			g.tried["stuck"] = g.drove
		}
		if !g.tried[act+"/debus"] {
			g.tried[act+"/debus"] = true
			if g.tryTeamButton(p, "debus", "De-bus") {
				debusses++
				continue
			}
		}
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
				continue
			}
			g.tried[act+"/moves"] = true
		}
		if !g.tried[act+"/shoot"] {
			g.tried[act+"/shoot"] = true
			if g.tryShoot(p) {
				shots++
				continue
			}
		}
		if g.tryBlast(p) || g.tryFire(p) {
			continue
		}
		end, ok := button(p, func(l string) bool { return l == "End activation" })
		if !ok {
			g.deselect(p)
			p = g.calm()
			if end, ok = button(p, func(l string) bool { return l == "End activation" }); !ok {
				g.shot("no-end-button")
				t.Fatalf("%s: no End activation button: %+v (legal %v)", act, p.Buttons, p.Legal)
			}
		}
		if !g.press(end, "end") {
			g.shot("end-played-nothing")
			t.Fatalf("%s: End activation played nothing", act)
		}
		g.ended++
	}
	st := g.pl.g.St
	if !st.Over {
		g.shot("not-over")
		t.Fatalf("the game is not over (%d commands)", len(g.pl.cmds))
	}
	rolls := 0
	for n, evs := range g.pl.evs {
		for _, e := range evs {
			if e.Kind == "roll" {
				rolls++
				if e.Roll == nil || len(e.Roll.Dice) == 0 || e.Roll.What == "" || e.Roll.Outcome == "" {
					t.Errorf("command %d: a roll without its ledger: %+v", n, e)
				}
			}
		}
	}
	if drives < 1 || debusses < 1 || g.moved < 2 || g.ended < 4 {
		t.Errorf("too little played by mouse: %d drives, %d de-busses, %d drags, %d ends", drives, debusses, g.moved, g.ended)
	}
	res := g.waitProbe("the result screen", func(p probeInfo) bool {
		if p.Scene != "result" && p.Busy {
			x, y := g.emptySpot(p)
			g.click(x, y)
		}
		return p.Scene == "result"
	})
	g.shot("result")
	if !res.Over || res.Result != st.Result || res.Result == "" {
		t.Errorf("the result screen says %q (over %v); the replayed game says %q", res.Result, res.Over, st.Result)
	}
	t.Logf("over after round %d: %q; %d commands: %d drives, %d de-busses, %d drags, %d team fires, %d explosives, %d anti-tank shots, opportunity fire %d taken / %d passed, %d ends, %d rolls, %.0fs",
		st.Round, st.Result, len(g.pl.cmds), drives, debusses, g.moved, g.fired, g.blasts, shots, g.oppTaken, g.oppPassed, g.ended, rolls, time.Since(g.start).Seconds())
}
