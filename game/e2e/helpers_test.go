package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"net"
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
	Scene   string                `json:"scene"`
	Decider int                   `json:"decider"`
	Phase   string                `json:"phase"`
	Busy    bool                  `json:"busy"`
	Curtain bool                  `json:"curtain"`
	PerInch float64               `json:"per_inch"`
	Figures map[string][3]float64 `json:"figures"`
	Legal   []string              `json:"legal"`
	Over    bool                  `json:"over"`
	Buttons []probeButton         `json:"buttons"`
	Result  string                `json:"result"`
	Log     int                   `json:"log"` // commands the game had played when it wrote this
	Winner  int                   `json:"winner"`
	Anim    string                `json:"anim"`
	Choice  string                `json:"choice"` // the scenario list: the file chosen now
}

// probeButton is a button on screen: its label and centre.
type probeButton struct {
	Label    string  `json:"label"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Disabled bool    `json:"disabled"`
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

// freeDisplay picks a display number with no X server lock or socket.
func freeDisplay() int {
	for n := 90 + os.Getpid()%200; n < 1000; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
			continue
		}
		if c, err := net.Dial("unix", fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
			c.Close()
			continue
		}
		return n
	}
	return 999
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
	var xv *exec.Cmd
	for try := 0; try < 5 && r.disp == ""; try++ {
		d := fmt.Sprintf(":%d", freeDisplay()+try)
		xv = exec.Command("Xvfb", d, "-screen", "0", "1280x800x24", "-nolisten", "tcp")
		if err := xv.Start(); err != nil {
			t.Fatalf("Xvfb: %v", err)
		}
		for i := 0; i < 50; i++ {
			if exec.Command("xdpyinfo", "-display", d).Run() == nil {
				r.disp = d
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		if r.disp == "" {
			xv.Process.Kill()
			xv.Wait()
		}
	}
	if r.disp == "" {
		t.Fatal("Xvfb did not come up")
	}
	t.Cleanup(func() { xv.Process.Kill(); xv.Wait() })

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

// moveTo puts the pointer at window pixel (x, y).
func (r *rig) moveTo(x, y float64) {
	r.t.Helper()
	r.xdo("mousemove", "--window", r.wid, itoa(x), itoa(y))
	time.Sleep(80 * time.Millisecond)
}

// click clicks the left button at window pixel (x, y).
func (r *rig) click(x, y float64) {
	r.t.Helper()
	r.moveTo(x, y)
	r.xdo("mousedown", "1")
	time.Sleep(80 * time.Millisecond)
	r.xdo("mouseup", "1")
	time.Sleep(250 * time.Millisecond)
}

// drag presses at (x0, y0), moves in steps to (x1, y1) and releases.
func (r *rig) drag(x0, y0, x1, y1 float64) {
	r.t.Helper()
	r.moveTo(x0, y0)
	r.xdo("mousedown", "1")
	time.Sleep(100 * time.Millisecond)
	const n = 12
	for s := 1; s <= n; s++ {
		k := float64(s) / n
		r.xdo("mousemove", "--window", r.wid, itoa(x0+(x1-x0)*k), itoa(y0+(y1-y0)*k))
		time.Sleep(40 * time.Millisecond)
	}
	time.Sleep(150 * time.Millisecond)
	r.xdo("mouseup", "1")
	time.Sleep(250 * time.Millisecond)
}

// key presses one key in the game window.
func (r *rig) key(k string) {
	r.t.Helper()
	r.xdo("key", "--window", r.wid, k)
	time.Sleep(250 * time.Millisecond)
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

// waitProbe polls the game's probe file until ok holds (15 s at most).
func (r *rig) waitProbe(what string, ok func(p probeInfo) bool) probeInfo {
	r.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
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

// played is the autosave replayed through the rules: the commands and
// the resulting game.
type played struct {
	sf   *rules.SaveFile
	g    *rules.Game
	evs  [][]rules.Event // evs[n]: the events of command n (0: the start)
	cmds []rules.Command
}

func (r *rig) readSave() (*played, error) {
	data, err := os.ReadFile(r.save)
	if err != nil {
		return nil, err
	}
	sf, err := rules.ReadSave(bytes.NewReader(data))
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
	pl.g, _, err = rules.ReplayEach(sf, scenarios.FS, maps.FS, all.Get, func(n int, _ rules.Command, evs []rules.Event) {
		pl.evs = append(pl.evs, evs)
	})
	if err != nil {
		return nil, fmt.Errorf("the autosave does not replay: %v", err)
	}
	return pl, nil
}

// waitSave polls the autosave until it holds n commands (15 s at most)
// and returns it replayed.
func (r *rig) waitSave(what string, n int) *played {
	r.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
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
