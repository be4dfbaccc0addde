package netcmd

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildHedgerow builds the real binary once for the process tests.
func buildHedgerow(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the whole game")
	}
	bin := filepath.Join(t.TempDir(), "hedgerow")
	out, err := exec.Command("go", "build", "-o", bin, "hedgerow").CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func envWithout(prefixes ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		keep := true
		for _, p := range prefixes {
			if strings.HasPrefix(kv, p) {
				keep = false
			}
		}
		if keep {
			env = append(env, kv)
		}
	}
	return env
}

// freePort is a port of 127.0.0.1 free a moment ago.
func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestTwoProcesses runs the real binary twice, host and joiner, on
// 127.0.0.1, and checks that both saves replay to the same last line.
// The binary starts Ebiten before any networking package (see the
// package comment), so it needs a display: the one there is, or a
// virtual one from xvfb-run. With no display it says so in plain words.
func TestTwoProcesses(t *testing.T) {
	bin := buildHedgerow(t)
	noX := envWithout("DISPLAY=", "WAYLAND_DISPLAY=")
	c := exec.Command(bin, "host", "--headless", "--scenario", "ssg-standard")
	c.Env = noX
	out, _ := c.CombinedOutput()
	if c.ProcessState.ExitCode() != 1 || !strings.Contains(string(out), "no display") || strings.Contains(string(out), "panic") {
		t.Fatalf("host with no display: exit %d\n%s", c.ProcessState.ExitCode(), out)
	}

	dir := t.TempDir()
	addr := freePort(t)
	script := fmt.Sprintf(`%[1]s host --headless --scenario maxim-hot-lz --listen %[2]s --side 2 --as random --seed 3 --save %[3]s/h.save --wire-log %[3]s/h.wire > %[3]s/h.out 2>&1 &
sleep 1
%[1]s join --headless %[2]s --as random --save %[3]s/j.save --wire-log %[3]s/j.wire > %[3]s/j.out 2>&1
j=$?
wait $!
h=$?
echo "exit $h $j"`, bin, addr, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var run *exec.Cmd
	if os.Getenv("DISPLAY") != "" {
		run = exec.CommandContext(ctx, "sh", "-c", script)
	} else if xv, err := exec.LookPath("xvfb-run"); err == nil {
		run = exec.CommandContext(ctx, xv, "-a", "sh", "-c", script)
	} else {
		t.Skip("no display and no xvfb-run")
	}
	res, err := run.CombinedOutput()
	if err != nil || !strings.Contains(string(res), "exit 0 0") {
		h, _ := os.ReadFile(filepath.Join(dir, "h.out"))
		j, _ := os.ReadFile(filepath.Join(dir, "j.out"))
		t.Fatalf("%v: %s\nhost:\n%s\njoiner:\n%s", err, res, h, tailOf(string(j)))
	}
	hl, jl := lastLine(t, filepath.Join(dir, "h.save")), lastLine(t, filepath.Join(dir, "j.save"))
	if hl != jl || !strings.HasPrefix(hl, "over after") {
		t.Fatalf("the saves end differently:\nhost: %s\njoin: %s", hl, jl)
	}
	hb, _ := os.ReadFile(filepath.Join(dir, "h.save"))
	jb, _ := os.ReadFile(filepath.Join(dir, "j.save"))
	if !bytes.Equal(hb, jb) {
		t.Fatal("the joiner's save is not the host's")
	}
	t.Log(hl)
}
