package e2e

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
)

// Window pixels of the screens before the battle, as game/scene_title.go,
// game/scene_chooser.go and game/deploy.go lay them out at scale 1 in a
// 1280x800 window (checked against screenshots).
const (
	// the scenario list: item i spans y 90+64i .. 146+64i, x 30..400
	// battle action bar: with nothing selected, the first button is the
	// phase's end ("End movement", "Fight all melees", "End turn")
	endBtnX, endBtnY = 40.0, 765.0
	// the result panel's parchment, at a point inside it
	resultX, resultY = 310.0, 235.0
	fullMaxTurns     = 40
	fullBudget       = 12 * time.Minute // a safety net: the turn cap ends a game; a loaded machine is slow, not wrong
	stuckAfter       = 90 * time.Second
	stepInches       = 3.5
	keepAwayInches   = 2.5
	moversPerTurn    = 3
)

// startRigArgs is startRig with the game's own command line, and its
// screenshots kept in a sub-directory of the artefact directory.
func startRigArgs(t *testing.T, sub string, args ...string) *rig {
	return startRigSized(t, sub, 1280, 800, args...)
}

// startRigSized is startRigArgs on a screen and window of w x h pixels.
func startRigSized(t *testing.T, sub string, w, h int, args ...string) *rig {
	return startRigScreen(t, sub, w, h, append(args, "--window", fmt.Sprintf("%dx%d", w, h))...)
}

// startRigScreen is startRigArgs on a screen of w x h pixels, the window
// of the size the game chooses (or args give).
func startRigScreen(t *testing.T, sub string, w, h int, args ...string) *rig {
	return startRigFrom(t, sub, w, h, "", args...)
}

// startRigFrom is startRigScreen with the autosave a copy of the file
// from (none when from is ""), as a game left earlier.
func startRigFrom(t *testing.T, sub string, w, h int, from string, args ...string) *rig {
	for _, tool := range []string{"Xvfb", "xdotool", "import", "xdpyinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (make test installs it)", tool)
		}
	}
	root := moduleRoot(t)
	dir := t.TempDir()
	r := &rig{t: t, w: float64(w), h: float64(h), save: filepath.Join(dir, "auto.save"), probe: filepath.Join(dir, "probe.json"), gameLog: &bytes.Buffer{}}
	r.shots = os.Getenv("HEDGEROW_E2E_SHOTS")
	if r.shots == "" {
		r.shots = filepath.Join(root, "out", "e2e")
	}
	r.shots = filepath.Join(r.shots, sub)
	if err := os.MkdirAll(r.shots, 0o755); err != nil {
		t.Fatal(err)
	}
	old, _ := filepath.Glob(filepath.Join(r.shots, "[0-9][0-9]-*.png"))
	for _, f := range old {
		os.Remove(f)
	}
	bin := filepath.Join(dir, "hedgerow")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if from != "" {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(r.save, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r.disp = startXvfb(t, w, h)
	game := exec.Command(bin, append(args, "--autosave", r.save)...)
	game.Env = append(withoutDisplay(os.Environ()), "DISPLAY="+r.disp, "HEDGEROW_PROBE="+r.probe)
	game.Stdout, game.Stderr = r.gameLog, r.gameLog
	if err := game.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		game.Process.Kill()
		game.Wait()
		if t.Failed() {
			t.Logf("game output:\n%s", r.gameLog.String())
		}
	})
	out, err := r.xdoOut("search", "--sync", "--onlyvisible", "--pid", fmt.Sprint(game.Process.Pid))
	if err != nil {
		t.Fatalf("the game window never appeared: %v %s", err, out)
	}
	r.wid = strings.Fields(out)[0]
	time.Sleep(500 * time.Millisecond) // the first frames
	return r
}

// quickDrag is drag with fewer steps.
func (r *rig) quickDrag(x0, y0, x1, y1 float64) { r.dragSteps(x0, y0, x1, y1, 6) }

// pixel reads one pixel of a screenshot.
func pixel(t *testing.T, path string, x, y int) (uint8, uint8, uint8) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	cr, cg, cb, _ := img.At(x, y).RGBA()
	return uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8)
}

// fullGame holds the bookkeeping of one game played to its end.
type fullGame struct {
	*rig
	start   time.Time
	lastN   int       // commands in the autosave
	lastAt  time.Time // when the last new command appeared
	pl      *played
	offX    float64 // screen = table inches * per_inch + off
	offY    float64
	perInch float64
	budget  time.Duration // the whole game's time limit (fullBudget if 0)
	volleys int           // submachine-gun volleys fired by mouse
}

// sync reads the autosave; it fails the test when no command came for
// stuckAfter or the whole game took longer than fullBudget.
func (g *fullGame) sync() *played {
	g.t.Helper()
	pl, err := g.readSave()
	if err == nil {
		if len(pl.cmds) != g.lastN || g.pl == nil {
			g.lastN, g.lastAt = len(pl.cmds), time.Now()
		}
		g.pl = pl
	}
	if time.Since(g.lastAt) > stuckAfter {
		g.shot("stuck")
		p, _ := g.readProbe()
		g.t.Fatalf("stuck: no new command for %v; autosave %q; probe %+v", stuckAfter, g.pl.sf.Commands, p)
	}
	budget := g.budget
	if budget == 0 {
		budget = fullBudget
	}
	if time.Since(g.start) > budget {
		g.shot("too-slow")
		g.t.Fatalf("the game was not over after %v: %d commands", budget, g.lastN)
	}
	return g.pl
}

// waitCommands waits up to d for the autosave to hold more than n
// commands; it reports whether it did.
func (g *fullGame) waitCommands(n int, d time.Duration) bool {
	g.t.Helper()
	deadline := time.Now().Add(d)
	for {
		if pl := g.sync(); pl != nil && len(pl.cmds) > n {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(60 * time.Millisecond)
	}
}

// settle waits until the animations are over (clicking through them, as a
// player may) and returns the probe. A game over returns at once.
func (g *fullGame) settle() probeInfo {
	g.t.Helper()
	time.Sleep(150 * time.Millisecond)
	calm := 0
	for {
		pl := g.sync()
		p, ok := g.readProbe()
		if pl != nil && pl.g.St.Over {
			return p
		}
		if ok && p.Scene == "battle" && !p.Busy && pl != nil && p.Log == len(pl.cmds) {
			calm++
			if calm >= 2 {
				return p
			}
		} else {
			calm = 0
			if ok && p.Busy {
				ex, ey := g.emptySpot(p)
				g.click(ex, ey) // a click skips the dice
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// calibrate finds how table inches map to the screen from the probe and
// the replayed state.
func (g *fullGame) calibrate(p probeInfo) {
	st := g.pl.g.St
	for i := range st.Figures {
		f := &st.Figures[i]
		if q, ok := p.Figures[figKey(f.ID)]; ok && !f.Removed {
			x, y := inches(f.Pos)
			g.perInch = p.PerInch
			g.offX, g.offY = q[0]-x*p.PerInch, q[1]-y*p.PerInch
			return
		}
	}
}

func (g *fullGame) screen(x, y float64) (float64, float64) {
	return x*g.perInch + g.offX, y*g.perInch + g.offY
}

// emptySpot is a point of the table well away from every figure.
func (g *fullGame) emptySpot(p probeInfo) (float64, float64) {
	best, bx, by := -1.0, 0.0, 0.0
	for _, c := range [][2]float64{{2, 2}, {2, 34}, {34, 2}, {34, 34}, {2, 18}, {34, 18}, {18, 2}, {18, 34}} {
		x, y := g.screen(c[0], c[1])
		d := math.Inf(1)
		for _, q := range p.Figures {
			d = math.Min(d, math.Hypot(q[0]-x, q[1]-y))
		}
		if d > best {
			best, bx, by = d, x, y
		}
	}
	return bx, by
}

// deselect clicks empty table so that the action bar shows the phase's
// buttons first.
func (g *fullGame) deselect(p probeInfo) {
	g.t.Helper()
	x, y := g.emptySpot(p)
	g.click(x, y)
}

// pressEnd clicks the action bar's first button (the phase's end) and
// waits for the command.
func (g *fullGame) pressEnd(what string) {
	g.t.Helper()
	for try := 0; try < 3; try++ {
		p := g.settle()
		if g.pl.g.St.Over {
			return
		}
		g.deselect(p)
		p = g.settle()
		n := len(g.pl.cmds)
		x, y := endBtnX, endBtnY
		for _, b := range p.Buttons {
			if !b.Disabled && (strings.HasPrefix(b.Label, "End") || strings.HasPrefix(b.Label, "Fight all")) {
				x, y = b.X, b.Y
				break
			}
		}
		g.click(x, y)
		g.confirmEnd(x, y)
		if g.waitCommands(n, 2*time.Second) {
			last := g.pl.cmds[len(g.pl.cmds)-1]
			if last.Verb != "end" && last.Verb != "melee" {
				g.t.Fatalf("%s: the first button played %q", what, g.pl.sf.Commands[len(g.pl.cmds)-1])
			}
			return
		}
	}
	g.shot("no-" + strings.ReplaceAll(what, " ", "-"))
	g.t.Fatalf("%s: clicking the first action button played nothing", what)
}

// moveSome drags up to moversPerTurn figures toward their nearest enemy.
func (g *fullGame) moveSome() {
	g.t.Helper()
	p := g.settle()
	st := g.pl.g.St
	me := st.Active
	type cand struct {
		f      *rules.Figure
		e      *rules.Figure
		d      float64
		fx, fy float64
	}
	var cs []cand
	for _, f := range st.Alive(me) {
		if _, ok := p.Figures[figKey(f.ID)]; !ok {
			continue
		}
		fx, fy := inches(f.Pos)
		c := cand{f: f, d: math.Inf(1), fx: fx, fy: fy}
		for _, e := range st.Alive(1 - me) {
			ex, ey := inches(e.Pos)
			if d := math.Hypot(ex-fx, ey-fy); d < c.d {
				c.e, c.d = e, d
			}
		}
		if c.e != nil && c.d > keepAwayInches+0.5 {
			cs = append(cs, c)
		}
	}
	// the figures farthest from the enemy go first
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d > cs[j].d })
	if len(cs) > moversPerTurn {
		cs = cs[:moversPerTurn]
	}
	for _, c := range cs {
		p = g.settle()
		if g.pl.g.St.Over {
			return
		}
		g.calibrate(p)
		q, ok := p.Figures[figKey(c.f.ID)]
		if !ok {
			continue
		}
		ex, ey := inches(c.e.Pos)
		step := math.Min(stepInches, c.d-keepAwayInches)
		tx := c.fx + (ex-c.fx)/c.d*step
		ty := c.fy + (ey-c.fy)/c.d*step
		sx, sy := g.screen(tx, ty)
		n := len(g.pl.cmds)
		g.quickDrag(q[0], q[1], sx, sy)
		if !g.waitCommands(n, 1500*time.Millisecond) {
			g.t.Logf("the drag of %s to (%.1f,%.1f) played nothing (blocked?)", c.f.Name, tx, ty)
		}
	}
}

// shootAll has every figure that may shoot click its nearest legal target.
func (g *fullGame) shootAll() int {
	g.t.Helper()
	tried := map[rules.FigID]bool{}
	shots := 0
	for round := 0; round < 12; round++ {
		p := g.settle()
		st := g.pl.g.St
		if st.Over || st.Phase != "shoot" {
			return shots
		}
		// the legal shots, as the screen knows them
		var shooter rules.FigID
		var best rules.FigID
		bestD := math.Inf(1)
		for _, l := range p.Legal {
			c, err := rules.ParseCommand(l)
			if err != nil || c.Verb != "fire" || c.Fig == 0 || len(c.Targets) != 1 || tried[c.Fig] {
				continue
			}
			if shooter != 0 && c.Fig != shooter {
				continue
			}
			f, t := st.Fig(c.Fig), st.Fig(c.Targets[0])
			if f == nil || t == nil || f.Removed || t.Removed {
				continue
			}
			shooter = c.Fig
			fx, fy := inches(f.Pos)
			tx, ty := inches(t.Pos)
			if d := math.Hypot(tx-fx, ty-fy); d < bestD {
				best, bestD = t.ID, d
			}
		}
		if shooter == 0 {
			return shots
		}
		tried[shooter] = true
		fq, ok1 := p.Figures[figKey(shooter)]
		tq, ok2 := p.Figures[figKey(best)]
		if !ok1 || !ok2 {
			continue
		}
		n := len(g.pl.cmds)
		g.click(fq[0], fq[1]) // select: the only business left is shooting, so it aims
		g.moveTo(tq[0], tq[1])
		g.click(tq[0], tq[1])
		if f := st.Fig(shooter); f != nil && len(f.Weapons) > 0 && f.Weapons[0] == "smg" {
			// a submachine gun places a die a click: one click, then Enter
			// puts the other two on the same man
			if g.waitCommands(n, 700*time.Millisecond) {
				g.shot("smg-fired-on-one-click")
				g.t.Fatalf("F%d's submachine gun fired on the first click: %q", shooter, g.pl.sf.Commands[len(g.pl.cmds)-1])
			}
			g.key("Return")
			if !g.waitCommands(n, 2*time.Second) {
				g.shot("smg-volley-lost")
				g.t.Fatalf("F%d's volley: one click and Enter played nothing", shooter)
			}
			if c := g.pl.cmds[len(g.pl.cmds)-1]; c.Verb != "fire" || len(c.Targets) != 3 || c.Targets[0] != best || c.Targets[2] != best {
				g.t.Fatalf("F%d's volley by mouse played %q; want three dice at F%d", shooter, g.pl.sf.Commands[len(g.pl.cmds)-1], best)
			}
			g.volleys++
			shots++
			continue
		}
		if g.waitCommands(n, 2*time.Second) {
			shots++
			continue
		}
		g.t.Logf("F%d at F%d (%.1f\"): the click played nothing", shooter, best, bestD)
		g.click(fq[0], fq[1]) // leave targeting: back to plain selection
	}
	return shots
}

func TestSSGToTheEndByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	playSSGToTheEnd(t, "fullgame", 1280, 800, 0)
}

// The standard game's first three side turns on a small screen, 1024x640:
// every panel and button still in reach. (It played to the end, as the
// 1280x800 game does; the end's screens at 1024x640 and 1920x1080 are the
// S.M.L.E. games', and the whole game twice more was most of make test's
// time.)
func TestSSGFirstTurnsByMouseSmallScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	playSSGToTheEnd(t, "fullgame-1024x640", 1024, 640, 3)
}

// The standard game's first three side turns on a large screen, 1920x1080.
func TestSSGFirstTurnsByMouseLargeScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	playSSGToTheEnd(t, "fullgame-1920x1080", 1920, 1080, 3)
}

// playSSGToTheEnd plays the standard game from the title to the result
// screen with the mouse, on a w x h screen, its screenshots kept in sub;
// with sideTurns over 0 it stops after that many side turns, at the
// curtain before the next.
func playSSGToTheEnd(t *testing.T, sub string, w, h, sideTurns int) {
	r := startRigSized(t, sub, w, h, "--seed", "11", "--no-resume", "--speed", "8")
	g := &fullGame{rig: r, start: time.Now(), lastAt: time.Now()}

	// 1. The title, like a new player: New battle.
	r.waitProbe("the title", func(p probeInfo) bool { return p.Scene == "title" })
	r.shot("title")
	r.pressButton("title", "New battle")
	r.waitProbe("the scenario list", func(p probeInfo) bool { return p.Scene == "chooser" }) // it loads every scenario first
	// 2. The scenario list: the standard game, then Deploy and play.
	r.chooseScenario("ssg-standard.toml")
	r.shot("chooser")
	r.pressButton("chooser", "Deploy and play")

	// 3. Both deployments, accepted with the Ready button; the curtain
	// between them lifts with a click.
	r.waitProbe("the deployment screen", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 0 })
	r.shot("deploy-red")
	r.pressButton("deploy", "Ready")
	r.waitProbe("the curtain before Blue deploys", func(p probeInfo) bool { return p.Scene == "deploy" && p.Curtain })
	r.click(r.middle())
	r.waitProbe("Blue's deployment", func(p probeInfo) bool { return p.Scene == "deploy" && !p.Curtain && p.Decider == 1 })
	r.pressButton("deploy", "Ready")
	p := r.waitProbe("the battle", func(p probeInfo) bool { return p.Scene == "battle" && !p.Busy })
	if p.Curtain {
		curtainPause()
		r.click(r.middle())
		p = r.waitProbe("the curtain to lift", func(p probeInfo) bool { return p.Scene == "battle" && !p.Curtain && !p.Busy })
	}
	pl := r.waitSave("the start of the battle", 0)
	if pl.sf.Scenario != "ssg-standard.toml" || pl.sf.Seed != 11 {
		t.Fatalf("the battle is %q seed %d, want ssg-standard.toml seed 11", pl.sf.Scenario, pl.sf.Seed)
	}
	g.pl, g.lastAt = pl, time.Now()
	g.calibrate(p)
	r.shot("battle-start")

	// 4. Turns until the game is over.
	turns := 0
	for ; turns < fullMaxTurns && !g.pl.g.St.Over; turns++ {
		if sideTurns > 0 && turns == sideTurns {
			t.Logf("%d side turns played by mouse at %dx%d, %d commands, losses %d/%d, %.0fs", turns, w, h,
				len(g.pl.cmds), g.pl.g.St.Sides[0].Losses, g.pl.g.St.Sides[1].Losses, time.Since(g.start).Seconds())
			return
		}
		st := g.pl.g.St
		me := st.Active
		if st.Phase == "move" {
			g.moveSome()
			if !g.pl.g.St.Over {
				g.pressEnd("end movement")
			}
		}
		g.settle()
		if g.pl.g.St.Phase == "melee" && !g.pl.g.St.Over {
			g.pressEnd("fight all melees")
			g.settle()
		}
		if g.pl.g.St.Over {
			break
		}
		if g.pl.g.St.Phase != "shoot" {
			g.shot("unexpected-phase")
			t.Fatalf("turn %d: phase %q after the movement, want shoot", turns+1, g.pl.g.St.Phase)
		}
		shots := g.shootAll()
		if turns == 2 {
			g.settle()
			r.shot("battle-midway")
		}
		if g.pl.g.St.Over {
			break
		}
		g.pressEnd("end turn")
		g.settle()
		if g.pl.g.St.Over {
			break
		}
		if g.pl.g.St.Active == me {
			t.Fatalf("turn %d: side %d still active after End turn", turns+1, me)
		}
		t.Logf("side turn %d (%s): %d shots; losses %d/%d; %d commands, %.0fs", turns+1, st.Sides[me].Name, shots,
			g.pl.g.St.Sides[0].Losses, g.pl.g.St.Sides[1].Losses, len(g.pl.cmds), time.Since(g.start).Seconds())
		// the hotseat curtain: one click
		cp := r.waitProbe("the hotseat curtain", func(p probeInfo) bool { return p.Curtain && !p.Busy })
		x, y := g.emptySpot(cp)
		curtainPause()
		r.click(x, y)
		r.waitProbe("the curtain to lift", func(p probeInfo) bool { return !p.Curtain })
	}

	// 5. The end: the autosave replays to a finished game, and the screen
	// shows the result.
	st := g.pl.g.St
	if !st.Over {
		r.shot("not-over")
		t.Fatalf("the game is not over after %d turns (%d commands)", turns, len(g.pl.cmds))
	}
	lost := -1
	for s := range st.Sides {
		if st.Sides[s].Losses >= 4 {
			lost = s
		}
	}
	if lost < 0 || st.Winner != 1-lost {
		t.Errorf("game over with losses %d/%d and winner %d: want a side with 4 losses and the other the winner",
			st.Sides[0].Losses, st.Sides[1].Losses, st.Winner)
	}
	// the result scene: the battle stops writing the probe, so look at
	// the screen itself once the last animations are through
	// up to three clicks through the last dice (the result scene writes
	// no probe, so a busy probe may be stale: a click is harmless there)
	for k := 0; k < 3; k++ {
		time.Sleep(400 * time.Millisecond)
		p, _ := r.readProbe()
		if !p.Busy {
			break
		}
		x, y := g.emptySpot(p)
		r.click(x, y)
	}
	time.Sleep(500 * time.Millisecond)
	r.shot("result")
	shotPath := filepath.Join(r.shots, fmt.Sprintf("%02d-result.png", r.step))
	if cr, cg, cb := pixel(t, shotPath, resultX, resultY); r.w == 1280 && (math.Abs(float64(cr)-0xef) > 6 || math.Abs(float64(cg)-0xe6) > 6 || math.Abs(float64(cb)-0xd2) > 6) {
		t.Errorf("the result panel is not on screen: pixel (%v,%v) is #%02x%02x%02x, want #efe6d2", resultX, resultY, cr, cg, cb)
	}
	if p, _ := r.readProbe(); p.Scene != "result" {
		t.Logf("note: the probe says scene %q (the result scene writes no probe); the screenshot shows the result panel", p.Scene)
	}
	winner := "nobody"
	if st.Winner >= 0 {
		winner = st.Sides[st.Winner].Name
	}
	t.Logf("submachine-gun volleys fired by mouse (one click, then Enter): %d", g.volleys)
	t.Logf("%s wins after %d side turns, %d commands, losses %d/%d, %.0fs; result screenshot %s",
		winner, turns+1, len(g.pl.cmds), st.Sides[0].Losses, st.Sides[1].Losses, time.Since(g.start).Seconds(), shotPath)
}
