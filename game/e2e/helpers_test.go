package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/scenarios"
)

// rig is one running copy of the game on its own X server.
type rig struct {
	t       *testing.T
	w, h    float64 // the screen and window size
	disp    string  // ":N"
	wid     string  // the game window
	shots   string  // artefact directory
	step    int     // screenshot counter
	save    string  // autosave path
	probe   string  // HEDGEROW_PROBE path
	gameLog *bytes.Buffer
}

// probeInfo is what the game writes to $HEDGEROW_PROBE every few frames:
// the scene, whose decision it is, and where each figure is on screen.
type probeInfo struct {
	Scene    string                `json:"scene"`
	Decider  int                   `json:"decider"`
	Phase    string                `json:"phase"`
	Busy     bool                  `json:"busy"`
	Curtain  bool                  `json:"curtain"`
	PerInch  float64               `json:"per_inch"`
	Figures  map[string][3]float64 `json:"figures"`
	Legal    []string              `json:"legal"`
	Acts     []probeAct            `json:"acts"` // how the table offers each legal command
	Over     bool                  `json:"over"`
	Buttons  []probeButton         `json:"buttons"`
	Result   string                `json:"result"`
	Log      int                   `json:"log"` // commands the game had played when it wrote this
	Winner   int                   `json:"winner"`
	Anim     string                `json:"anim"`
	Choice   string                `json:"choice"` // the scenario list: the file chosen now
	Frame    int                   `json:"frame"`  // frames the game has drawn (see seen)
	Sel      string                `json:"sel"`    // the battle's selected figure
	Mode     string                `json:"mode"`   // idle, selected, pressing, dragging, targeting
	Verb     string                `json:"verb"`   // the command being aimed
	Ask      string                `json:"ask"`    // an end waiting for its confirmation
	Toast    string                `json:"toast"`  // the message on screen
	Scroll   int                   `json:"scroll"` // the scenario list: the first row shown
	Card     string                `json:"card"`
	LogLines int                   `json:"log_lines"`
	Rolls    int                   `json:"rolls"`
	Hint     string                `json:"hint"` // the line beside the bar's buttons
}

// probeAct is how the table offers one legal command: its kind (button,
// aim, point, drag, end, pass) and words.
type probeAct struct {
	Kind  string `json:"kind"`
	Label string `json:"label"`
	Group string `json:"group"`
}

// probeButton is a button on screen: its label and centre.
type probeButton struct {
	Label    string  `json:"label"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Disabled bool    `json:"disabled"`
	End      bool    `json:"end"` // the bar's fixed end place (its name may be shortened)
}

// pressButton waits for a scene whose probe lists a button with this
// label (a prefix will do) and clicks its centre, whatever the window's
// size.
func (r *rig) pressButton(scene, label string) {
	r.t.Helper()
	var at probeButton
	r.waitProbe(scene+"'s "+label+" button", func(p probeInfo) bool {
		if p.Scene != scene {
			return false
		}
		for _, b := range p.Buttons {
			if strings.HasPrefix(b.Label, label) && !b.Disabled {
				at = b
				return true
			}
		}
		return false
	})
	r.click(at.X, at.Y)
}

// middle is the centre of the screen (a click there lifts a curtain).
func (r *rig) middle() (float64, float64) { return r.w / 2, r.h / 2 }

// chooseScenario picks a shipped scenario in the list with the arrow
// keys, as a player may, reading the list's choice from the probe (the
// list scrolls, so a row may not be on screen to click).
func (r *rig) chooseScenario(file string) {
	r.t.Helper()
	want := scenarioIndex(r.t, file)
	p := r.waitProbe("the scenario list", func(p probeInfo) bool { return p.Scene == "chooser" && p.Choice != "" })
	for i := 0; i < 80 && p.Choice != file; i++ {
		was := p.Choice
		if scenarioIndex(r.t, was) < want {
			r.key("Down")
		} else {
			r.key("Up")
		}
		p = r.waitProbe("the list to move", func(p probeInfo) bool { return p.Scene == "chooser" && p.Choice != was })
	}
	if p.Choice != file {
		r.t.Fatalf("the scenario list never came to %s (at %s)", file, p.Choice)
	}
}

// scenarioIndex is the place of a shipped scenario in the chooser's list
// (sorted by file name).
func scenarioIndex(t *testing.T, file string) int {
	t.Helper()
	names, err := fs.Glob(scenarios.FS, "*.toml")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	for i, n := range names {
		if n == file {
			return i
		}
	}
	t.Fatalf("no shipped scenario %s among %v", file, names)
	return -1
}

// moduleRoot finds the directory holding go.mod.
func moduleRoot(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err == nil {
		if p := strings.TrimSpace(string(out)); p != "" && p != os.DevNull {
			return filepath.Dir(p)
		}
	}
	abs, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// startXvfb starts an X server of w x h and returns its display name.
// Xvfb picks a free display number itself (-displayfd) and says so only
// once it accepts connections, so two tests (or two engineers' test runs)
// never share a server, and a stale lock file never sends a game to
// somebody else's screen. The server is stopped by t.Cleanup.
func startXvfb(t *testing.T, w, h int) string {
	t.Helper()
	for try := 0; try < 3; try++ {
		rd, wr, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		xv := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", w, h), "-nolisten", "tcp")
		xv.ExtraFiles = []*os.File{wr}
		if err := xv.Start(); err != nil {
			t.Fatalf("Xvfb: %v", err)
		}
		wr.Close()
		got := make(chan string, 1)
		go func() {
			line, _ := bufio.NewReader(rd).ReadString('\n')
			got <- strings.TrimSpace(line)
		}()
		var n string
		select {
		case n = <-got:
		case <-time.After(20 * time.Second):
		}
		rd.Close()
		if n != "" {
			t.Cleanup(func() { xv.Process.Kill(); xv.Wait() })
			return ":" + n
		}
		xv.Process.Kill()
		xv.Wait()
	}
	t.Fatal("Xvfb did not come up")
	return ""
}

// startRig builds the binary, starts Xvfb and the game, and finds its
// window. Everything is stopped by t.Cleanup.
func startRig(t *testing.T) *rig {
	for _, tool := range []string{"Xvfb", "xdotool", "import", "xdpyinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (make test installs it)", tool)
		}
	}
	root := moduleRoot(t)
	dir := t.TempDir()
	r := &rig{t: t, w: 1280, h: 800, save: filepath.Join(dir, "auto.save"), probe: filepath.Join(dir, "probe.json"), gameLog: &bytes.Buffer{}}
	r.shots = os.Getenv("HEDGEROW_E2E_SHOTS")
	if r.shots == "" {
		r.shots = filepath.Join(root, "out", "e2e")
	}
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

	// Our own X server, whatever DISPLAY we were given.
	r.disp = startXvfb(t, 1280, 800)

	game := exec.Command(bin, "--scenario", "ssg-standard", "--seed", "7", "--autosave", r.save, "--no-resume", "--speed", "8")
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
	return r
}

func withoutDisplay(env []string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, "DISPLAY=") && !strings.HasPrefix(e, "HEDGEROW_PROBE=") {
			out = append(out, e)
		}
	}
	return out
}

// xdoOut runs xdotool on our display, giving up after 15 s.
func (r *rig) xdoOut(args ...string) (string, error) {
	c := exec.Command("timeout", append([]string{"15", "xdotool"}, args...)...)
	c.Env = append(withoutDisplay(os.Environ()), "DISPLAY="+r.disp)
	out, err := c.CombinedOutput()
	return string(out), err
}

func (r *rig) xdo(args ...string) {
	r.t.Helper()
	if out, err := r.xdoOut(args...); err != nil {
		r.t.Fatalf("xdotool %v: %v %s", args, err, out)
	}
}

func itoa(v float64) string { return fmt.Sprint(int(math.Round(v))) }

// seen waits until the game has drawn a few frames since now, so the
// input just sent has been polled and acted on. A player's click always
// spans frames; a test that sends press and release (or a click and the
// next move) faster than a loaded machine draws would have them merged
// into one poll. Scenes that write no probe (a dialog) are waited on for
// 3 s at most.
func (r *rig) seen() {
	r.t.Helper()
	const after = 3
	start := -1
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if p, ok := r.readProbe(); ok {
			if start < 0 {
				start = p.Frame
			} else if p.Frame >= start+after {
				return
			}
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// moveTo puts the pointer at window pixel (x, y).
func (r *rig) moveTo(x, y float64) {
	r.t.Helper()
	r.xdo("mousemove", "--window", r.wid, itoa(x), itoa(y))
	r.seen()
}

// click clicks the left button at window pixel (x, y), each edge seen by
// the game before the next.
func (r *rig) click(x, y float64) {
	r.t.Helper()
	r.moveTo(x, y)
	r.xdo("mousedown", "1")
	r.seen()
	r.xdo("mouseup", "1")
	r.seen()
}

// drag presses at (x0, y0), moves in steps to (x1, y1) and releases.
func (r *rig) drag(x0, y0, x1, y1 float64) { r.dragSteps(x0, y0, x1, y1, 12) }

// dragSteps is drag in n steps.
func (r *rig) dragSteps(x0, y0, x1, y1 float64, n int) {
	r.t.Helper()
	r.moveTo(x0, y0)
	r.xdo("mousedown", "1")
	r.seen()
	for s := 1; s <= n; s++ {
		k := float64(s) / float64(n)
		r.xdo("mousemove", "--window", r.wid, itoa(x0+(x1-x0)*k), itoa(y0+(y1-y0)*k))
		time.Sleep(30 * time.Millisecond)
	}
	r.seen() // the pointer is at the drop point while the button is down
	r.xdo("mouseup", "1")
	r.seen()
}

// key presses one key in the game window, the press and the release each
// seen by the game.
func (r *rig) key(k string) {
	r.t.Helper()
	r.xdo("keydown", "--window", r.wid, k)
	r.seen()
	r.xdo("keyup", "--window", r.wid, k)
	r.seen()
}

// shot saves a screenshot of the whole screen as NN-name.png.
func (r *rig) shot(name string) {
	r.t.Helper()
	r.step++
	p := filepath.Join(r.shots, fmt.Sprintf("%02d-%s.png", r.step, name))
	if out, err := exec.Command("import", "-display", r.disp, "-window", "root", p).CombinedOutput(); err != nil {
		r.t.Errorf("screenshot %s: %v %s", p, err, out)
		return
	}
	r.t.Logf("screenshot %s", p)
}

func (r *rig) readProbe() (probeInfo, bool) {
	var p probeInfo
	data, err := os.ReadFile(r.probe)
	if err != nil || json.Unmarshal(data, &p) != nil {
		return p, false
	}
	return p, true
}

// waitProbe polls the game's probe file until ok holds (45 s at most: a loaded machine is slow, not wrong).
func (r *rig) waitProbe(what string, ok func(p probeInfo) bool) probeInfo {
	r.t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		p, read := r.readProbe()
		if read && ok(p) {
			return p
		}
		if time.Now().After(deadline) {
			r.shot("timeout")
			r.t.Fatalf("timed out waiting for %s; last probe %+v", what, p)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// steadyProbe waits for ok, then for a probe that still holds it and
// shows every figure where it was a few frames before: a drop or a fit
// the game has not finished drawing is never read as where a figure is.
func (r *rig) steadyProbe(what string, ok func(p probeInfo) bool) probeInfo {
	r.t.Helper()
	p := r.waitProbe(what, ok)
	for try := 0; try < 50; try++ {
		r.seen()
		q := r.waitProbe(what, ok)
		same := q.PerInch == p.PerInch && len(q.Figures) == len(p.Figures)
		for k, v := range p.Figures {
			if q.Figures[k] != v {
				same = false
			}
		}
		if same {
			return q
		}
		p = q
	}
	r.t.Fatalf("the figures never stood still for %s", what)
	return p
}

// played is the autosave replayed through the rules: the commands and
// the resulting game.
type played struct {
	sf   *all.SaveFile
	g    *rules.Game
	evs  [][]rules.Event // evs[n]: the events of command n (0: the start)
	cmds []rules.Command
}

func (r *rig) readSave() (*played, error) {
	data, err := os.ReadFile(r.save)
	if err != nil {
		return nil, err
	}
	sf, err := all.ReadSave(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	pl := &played{sf: sf}
	for i, line := range sf.Commands {
		c, err := rules.ParseCommand(line)
		if err != nil {
			return nil, fmt.Errorf("command %d %q: %v", i+1, line, err)
		}
		pl.cmds = append(pl.cmds, c)
	}
	pl.g, _, err = all.ReplayEach(sf, scenarios.FS, maps.FS, func(n int, _ rules.Command, evs []rules.Event) {
		pl.evs = append(pl.evs, evs)
	})
	if err != nil {
		return nil, fmt.Errorf("the autosave does not replay: %v", err)
	}
	return pl, nil
}

// waitSave polls the autosave until it holds n commands (45 s at most)
// and returns it replayed.
func (r *rig) waitSave(what string, n int) *played {
	r.t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		pl, err := r.readSave()
		if err == nil && len(pl.cmds) == n {
			return pl
		}
		if time.Now().After(deadline) {
			r.shot("timeout")
			if err != nil {
				r.t.Fatalf("%s: autosave: %v", what, err)
			}
			r.t.Fatalf("%s: autosave holds %d commands %q, want %d", what, len(pl.cmds), pl.sf.Commands, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// inches converts a position to float inches.
func inches(p geom.Pt) (float64, float64) { return geom.Inches(p.X), geom.Inches(p.Y) }

func figKey(id rules.FigID) string { return fmt.Sprintf("F%d", id) }

// confirmEnd answers the table's question before an end that leaves
// figures able to act ("3 figures can still fire... End anyway?") by
// giving the end again: a click at (x, y), or Enter when x < 0. It
// returns the question, "" when none was asked.
func (r *rig) confirmEnd(x, y float64) string {
	r.t.Helper()
	deadline := time.Now().Add(700 * time.Millisecond)
	for time.Now().Before(deadline) {
		if p, ok := r.readProbe(); ok && p.Ask != "" {
			// as a player reads the question: an answer within half a
			// second of it is taken for a double-click's second click
			time.Sleep(600 * time.Millisecond)
			if x < 0 {
				r.key("Return")
			} else {
				r.click(x, y)
			}
			return p.Ask
		}
		time.Sleep(50 * time.Millisecond)
	}
	return ""
}

// curtainPause waits as a player handing over the mouse does: a key or
// click within a moment of the curtain coming down was meant for the
// table before it, and does not lift it (battle_undo.go, curtainSettled).
func curtainPause() { time.Sleep(600 * time.Millisecond) }
