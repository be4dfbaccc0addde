// Package e2e drives the real hedgerow binary on its own Xvfb server with
// xdotool, the way a player would: it clicks and drags in the window,
// presses keys, and checks what happened through the autosave file, which
// it replays through the rules. A screenshot of every step is kept.
//
// The test needs Xvfb, xdotool, ImageMagick's import and xdpyinfo
// (`make test` installs them) and skips without them. It ignores the
// DISPLAY it is given. Screenshots go to $HEDGEROW_E2E_SHOTS, else to
// out/e2e/ under the module root.
package e2e

import (
	"math"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
)

// The battle screen's fixed panels (pixels at scale 1) and the camera's
// fit margin, as game/battle.go and game/table.go lay them out. Only used
// to cross-check the positions the game reports.
const (
	winW, winH           = 1280.0, 800.0
	padR, padT, padB     = 340.0, 44.0, 70.0
	scaleBarRoom         = 34.0 // kept below a fitted battle table for the scale bar
	fitMargin            = 16.0
	tableW, tableH       = 36.0, 36.0
	moveInches           = 3.0
	screenTolerancePx    = 4.0
	dropToleranceInches  = 0.35
	minimumMovedFraction = 0.8
)

// fitScreen is where the battle screen's initial fit puts table point
// (x, y) inches, computed from the fit rules independently of the game.
func fitScreen(x, y float64) (float64, float64) {
	fw, fh := winW-padR, winH-padT-padB-scaleBarRoom
	// an inch of frame room all round, the table in the middle
	z := math.Min((fw-2*fitMargin)/(tableW+2), (fh-2*fitMargin)/(tableH+2))
	cx, cy := tableW/2, tableH/2
	return (x-cx)*z + fw/2, (y-cy)*z + padT + fh/2
}

func TestSkirmishByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	r := startRig(t)

	// 1. Deployment: accept the scenario's placing for both sides, passing
	// the curtain between them.
	r.waitProbe("the deployment screen", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 0 })
	r.shot("deploy-red")
	r.key("Return")
	r.waitProbe("the curtain before Blue deploys", func(p probeInfo) bool { return p.Scene == "deploy" && p.Curtain })
	r.shot("deploy-curtain")
	r.key("space")
	r.waitProbe("Blue's deployment", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 1 })
	r.shot("deploy-blue")
	r.key("Return")

	// 2. The battle opens with the roll-off; lift the curtain if it shows.
	p := r.waitProbe("the battle", func(p probeInfo) bool { return p.Scene == "battle" && !p.Busy })
	if p.Curtain {
		r.shot("battle-curtain")
		curtainPause()
		r.key("space")
		p = r.waitProbe("the curtain to lift", func(p probeInfo) bool { return p.Scene == "battle" && !p.Curtain && !p.Busy })
	}
	pl := r.waitSave("the start of the battle", 0)
	st := pl.g.St
	me := st.Active
	if p.Decider != me || st.Phase != "move" {
		t.Fatalf("the screen says side %d decides (phase %q), the autosave says side %d in phase %q", p.Decider, p.Phase, me, st.Phase)
	}
	r.shot("battle-start")
	t.Logf("side %d (%s) won the roll-off; %.2f px per inch", me, st.Sides[me].Name, p.PerInch)

	// Pick our second rifleman and the enemy rifleman facing him.
	var mover, target *rules.Figure
	for i := range st.Figures {
		f := &st.Figures[i]
		if len(f.Weapons) > 0 && f.Weapons[0] == "rifle" && strings.HasSuffix(f.Name, "rifle 2") {
			if f.Side == me {
				mover = f
			} else {
				target = f
			}
		}
	}
	if mover == nil || target == nil {
		t.Fatalf("the standard game has no rifle 2 on each side: %+v", st.Figures)
	}
	mid, tid := mover.ID, target.ID
	// The screen position the game reports must agree with the rules'
	// table position under the initial camera fit.
	for _, f := range []*rules.Figure{mover, target} {
		got, ok := p.Figures[figKey(f.ID)]
		if !ok {
			t.Fatalf("the screen does not show %s (%s)", figKey(f.ID), f.Name)
		}
		x, y := inches(f.Pos)
		ex, ey := fitScreen(x, y)
		if math.Hypot(got[0]-ex, got[1]-ey) > screenTolerancePx {
			t.Errorf("%s is drawn at (%.0f,%.0f); the fit rules put it at (%.0f,%.0f)", f.Name, got[0], got[1], ex, ey)
		}
	}
	screenOf := func(p probeInfo, id rules.FigID) (float64, float64) {
		t.Helper()
		q, ok := p.Figures[figKey(id)]
		if !ok {
			t.Fatalf("%s is not on the screen", figKey(id))
		}
		return q[0], q[1]
	}

	// 3. Select the rifleman: a click on him.
	sx, sy := screenOf(p, mid)
	r.click(sx, sy)
	r.shot("selected")
	if pl := r.waitSave("selecting", 0); len(pl.cmds) != 0 {
		t.Fatalf("a click to select played %q", pl.sf.Commands)
	}

	// 4. Drag him 3" straight towards the enemy.
	dir := 1.0
	if target.Pos.Y < mover.Pos.Y {
		dir = -1
	}
	x0, y0 := inches(mover.Pos)
	wantX, wantY := x0, y0+dir*moveInches
	r.drag(sx, sy, sx, sy+dir*moveInches*p.PerInch)
	pl = r.waitSave("the move", 1)
	c := pl.cmds[0]
	if c.Verb != "move" || c.Fig != mid {
		t.Fatalf("command 1 is %q, want a move of %s", pl.sf.Commands[0], figKey(mid))
	}
	nx, ny := inches(pl.g.St.Fig(mid).Pos)
	if d := math.Hypot(nx-wantX, ny-wantY); d > dropToleranceInches {
		t.Errorf("%s ended at (%.2f,%.2f), %.2f\" from where he was dropped (%.2f,%.2f)", mover.Name, nx, ny, d, wantX, wantY)
	}
	if moved := math.Hypot(nx-x0, ny-y0); moved < minimumMovedFraction*moveInches {
		t.Errorf("%s moved only %.2f\" for a %g\" drag", mover.Name, moved, moveInches)
	}
	t.Logf("command 1: %s", pl.sf.Commands[0])
	// the probe file is written every few frames, so the first one read
	// after the autosave may predate the move: wait for the figure to be
	// drawn where it was dropped (waitProbe fails the test after 45 s)
	r.waitProbe(mover.Name+" drawn where he was dropped", func(p probeInfo) bool {
		qx, qy := screenOf(p, mid)
		return !p.Busy && !p.Curtain && math.Abs(qy-(sy+dir*moveInches*p.PerInch)) <= 0.35*p.PerInch && math.Abs(qx-sx) <= 0.35*p.PerInch
	})
	r.shot("moved")

	// 5. Enter ends the movement; nobody is in contact, so the melee phase
	// passes and shooting follows.
	r.key("Return")
	r.confirmEnd(-1, 0)
	pl = r.waitSave("the end of movement", 2)
	if pl.cmds[1].Verb != "end" || pl.g.St.Phase != "shoot" || pl.g.St.Active != me {
		t.Fatalf("after Enter: commands %q, phase %q, side %d; want end, shoot, side %d", pl.sf.Commands, pl.g.St.Phase, pl.g.St.Active, me)
	}
	p = r.waitProbe("the shooting phase on screen", func(p probeInfo) bool { return p.Phase == "shoot" && !p.Busy })
	r.shot("shoot-phase")

	// 6. Shoot: click the rifleman, then the enemy rifleman.
	sx, sy = screenOf(p, mid)
	r.click(sx, sy)
	tx, ty := screenOf(p, tid)
	r.moveTo(tx, ty)
	time.Sleep(400 * time.Millisecond) // let a few frames show the odds
	r.shot("aiming")
	r.click(tx, ty)
	pl = r.waitSave("the shot", 3)
	c = pl.cmds[2]
	if c.Verb != "fire" || c.Fig != mid || len(c.Targets) == 0 || c.Targets[0] != tid {
		t.Fatalf("command 3 is %q, want fire %s %s", pl.sf.Commands[2], figKey(mid), figKey(tid))
	}
	rolls, removed := 0, false
	for _, ev := range pl.evs[3] {
		if ev.Kind == "roll" && ev.Roll != nil {
			rolls++
		}
		if ev.Kind == "removed" && (ev.Fig == tid || ev.Target == tid) {
			removed = true
		}
	}
	if rolls == 0 {
		t.Errorf("the shot %q rolled no dice", pl.sf.Commands[2])
	}
	if removed != pl.g.St.Fig(tid).Removed {
		t.Errorf("the events say removed=%v, the state says %v", removed, pl.g.St.Fig(tid).Removed)
	}
	r.shot("dice")
	r.key("space") // skip the dice animation
	// (as above, wait for a probe written after the shot: the target is
	// on screen exactly when the rules left it standing)
	r.waitProbe("the shot to resolve on screen", func(p probeInfo) bool {
		_, shown := p.Figures[figKey(tid)]
		return !p.Busy && shown != pl.g.St.Fig(tid).Removed
	})
	t.Logf("command 3: %s (%d roll, target removed: %v)", pl.sf.Commands[2], rolls, removed)
	r.shot("shot-resolved")

	// 7. Enter ends the turn: the curtain hides the table from the next
	// player.
	r.key("Return")
	r.confirmEnd(-1, 0)
	pl = r.waitSave("the end of the turn", 4)
	other := 1 - me
	if pl.cmds[3].Verb != "end" || pl.g.St.Active != other || pl.g.St.Phase != "move" {
		t.Fatalf("after the turn: commands %q, side %d in %q; want end, side %d in move", pl.sf.Commands, pl.g.St.Active, pl.g.St.Phase, other)
	}
	r.waitProbe("the hotseat curtain", func(p probeInfo) bool { return p.Curtain && !p.Busy })
	r.shot("curtain")
	curtainPause()
	r.key("space")
	p = r.waitProbe("the curtain to lift", func(p probeInfo) bool { return !p.Curtain && p.Decider == other })
	r.shot("other-side")

	// 8. The other side acts: one of its figures that still stands moves 2".
	var answer *rules.Figure
	for i := range pl.g.St.Figures {
		f := &pl.g.St.Figures[i]
		if f.Side == other && !f.Removed && f.ID != tid {
			answer = f
			break
		}
	}
	ax, ay := screenOf(p, answer.ID)
	bx, by := inches(answer.Pos)
	r.drag(ax, ay, ax, ay-dir*2*p.PerInch)
	pl = r.waitSave("the other side's move", 5)
	c = pl.cmds[4]
	if c.Verb != "move" || c.Fig != answer.ID {
		t.Fatalf("command 5 is %q, want a move of %s", pl.sf.Commands[4], figKey(answer.ID))
	}
	nx, ny = inches(pl.g.St.Fig(answer.ID).Pos)
	if d := math.Hypot(nx-bx, ny-(by-dir*2)); d > dropToleranceInches {
		t.Errorf("%s ended at (%.2f,%.2f), %.2f\" from the drop point", answer.Name, nx, ny, d)
	}
	r.waitProbe("the answer to finish", func(p probeInfo) bool { return !p.Busy })
	r.shot("other-side-moved")
	if pl.sf.Seed != 7 || pl.sf.Scenario != "ssg-standard.toml" {
		t.Errorf("the autosave is for %q seed %d, want ssg-standard.toml seed 7", pl.sf.Scenario, pl.sf.Seed)
	}
	t.Logf("autosave commands: %q", pl.sf.Commands)
}
