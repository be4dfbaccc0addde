package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
)

// TestEndToEnd builds the real binary, opens it in the current X display
// (the tests run under xvfb-run), and plays with xdotool: deploy, move a
// figure, shoot, end the turn and pass the curtain. It checks what
// happened through the autosave file and keeps screenshots.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no DISPLAY")
	}
	for _, tool := range []string{"xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	shots := os.Getenv("HEDGEROW_ARTEFACTS")
	if shots == "" {
		shots = filepath.Join(os.TempDir(), "hedgerow-e2e")
	}
	os.MkdirAll(shots, 0o755)
	t.Logf("screenshots in %s", shots)
	dir := t.TempDir()
	bin := filepath.Join(dir, "hedgerow")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	save := filepath.Join(dir, "auto.save")
	probePath := filepath.Join(dir, "probe.json")
	cmd := exec.Command(bin, "--scenario", "ssg-standard", "--seed", "7", "--autosave", save, "--speed", "8", "--no-resume")
	cmd.Env = append(os.Environ(), "HEDGEROW_PROBE="+probePath)
	var logBuf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logBuf, &logBuf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("game output:\n%s", logBuf.String())
		}
	}()
	x := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %v: %v %s", args, err, out)
		}
	}
	shot := func(name string) {
		exec.Command("import", "-window", "root", filepath.Join(shots, name+".png")).Run()
	}
	read := func() probe {
		var p probe
		data, err := os.ReadFile(probePath)
		if err == nil {
			json.Unmarshal(data, &p)
		}
		return p
	}
	waitFor := func(what string, ok func(p probe) bool) probe {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			if p := read(); ok(p) {
				return p
			}
			time.Sleep(150 * time.Millisecond)
		}
		shot("timeout")
		t.Fatalf("timed out waiting for %s; last probe %+v", what, read())
		return probe{}
	}
	var wid string
	for i := 0; i < 100 && wid == ""; i++ {
		out, _ := exec.Command("xdotool", "search", "--onlyvisible", "--pid", fmt.Sprint(cmd.Process.Pid)).Output()
		wid = strings.TrimSpace(strings.Split(string(out), "\n")[0])
		time.Sleep(200 * time.Millisecond)
	}
	if wid == "" {
		t.Fatal("the game window never appeared")
	}
	key := func(k string) { x("key", "--window", wid, k); time.Sleep(300 * time.Millisecond) }
	click := func(px, py float64) {
		x("mousemove", "--window", wid, fmt.Sprint(int(px)), fmt.Sprint(int(py)))
		time.Sleep(150 * time.Millisecond)
		x("click", "1")
		time.Sleep(300 * time.Millisecond)
	}
	drag := func(x0, y0, x1, y1 float64) {
		x("mousemove", "--window", wid, fmt.Sprint(int(x0)), fmt.Sprint(int(y0)))
		time.Sleep(150 * time.Millisecond)
		x("mousedown", "1")
		for s := 1; s <= 10; s++ {
			time.Sleep(60 * time.Millisecond)
			x("mousemove", "--window", wid, fmt.Sprint(int(x0+(x1-x0)*float64(s)/10)), fmt.Sprint(int(y0+(y1-y0)*float64(s)/10)))
		}
		time.Sleep(200 * time.Millisecond)
		x("mouseup", "1")
		time.Sleep(300 * time.Millisecond)
	}

	// Deployment: accept both sides' placing.
	waitFor("deployment", func(p probe) bool { return p.Scene == "deploy" })
	shot("01-deploy")
	key("Return")
	waitFor("second side's curtain", func(p probe) bool { return p.Scene == "deploy" && p.Curtain })
	key("Return")
	key("Return")
	p := waitFor("the battle", func(p probe) bool { return p.Scene == "battle" && !p.Busy && p.Phase == "move" })
	if p.Curtain {
		key("space")
		p = waitFor("the curtain to lift", func(p probe) bool { return !p.Curtain })
	}
	shot("02-battle")
	me := p.Decider
	// Move the first figure that may move 2" straight towards the enemy.
	var mover string
	for _, l := range p.Legal {
		if strings.HasPrefix(l, "move F") {
			mover = strings.TrimPrefix(l, "move ")
			break
		}
	}
	if mover == "" {
		t.Fatalf("no figure may move: %v", p.Legal)
	}
	f := p.Figures[mover]
	var ey float64
	for _, g := range p.Figures {
		if int(g[2]) != me {
			ey = g[1]
		}
	}
	step := math.Copysign(1, ey-f[1])
	drag(f[0], f[1], f[0], f[1]+step*2*p.PerInch)
	p = waitFor("the move to play", func(p probe) bool { return !p.Busy && math.Abs(p.Figures[mover][1]-f[1]) > p.PerInch })
	shot("03-moved")
	key("Return") // end movement; no one is in contact, so shooting follows
	p = waitFor("the shooting phase", func(p probe) bool { return !p.Busy && p.Phase == "shoot" })
	var shooter, target string
	for _, l := range p.Legal {
		if parts := strings.Fields(l); len(parts) == 3 && parts[0] == "fire" {
			shooter, target = parts[1], parts[2]
			break
		}
	}
	if shooter == "" {
		t.Fatalf("no shot is legal: %v", p.Legal)
	}
	click(p.Figures[shooter][0], p.Figures[shooter][1]) // selects and aims
	x("mousemove", "--window", wid, fmt.Sprint(int(p.Figures[target][0])), fmt.Sprint(int(p.Figures[target][1])))
	time.Sleep(500 * time.Millisecond)
	shot("04-aim")
	click(p.Figures[target][0], p.Figures[target][1])
	time.Sleep(200 * time.Millisecond)
	shot("05-dice")
	waitFor("the shot to resolve", func(p probe) bool { return !p.Busy })
	key("Return") // end the turn
	p = waitFor("the curtain", func(p probe) bool { return p.Curtain })
	if p.Decider == me {
		t.Errorf("after the turn the same side (%d) still decides", me)
	}
	shot("06-curtain")
	key("space")
	waitFor("the curtain to lift", func(p probe) bool { return !p.Curtain })
	shot("07-next-side")

	// The autosave holds exactly what was played.
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatalf("no autosave: %v", err)
	}
	sf, err := rules.ReadSave(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("autosave unreadable: %v", err)
	}
	want := []string{"move " + mover, "end", "fire " + shooter + " " + target, "end"}
	if len(sf.Commands) != len(want) {
		t.Fatalf("autosave commands %q, want %d like %q", sf.Commands, len(want), want)
	}
	for i, w := range want {
		if !strings.HasPrefix(sf.Commands[i], w) {
			t.Errorf("command %d = %q, want %q...", i+1, sf.Commands[i], w)
		}
	}
	if sf.Seed != 7 {
		t.Errorf("seed %d, want 7", sf.Seed)
	}
}
