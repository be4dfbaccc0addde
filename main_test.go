package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The headless subcommands must work on a machine with no display at all,
// although the same binary links Ebiten (whose init needs one).
func TestSubcommandsNeedNoDisplay(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "hedgerow")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	run := func(args ...string) (string, int) {
		c := exec.Command(bin, args...)
		c.Env = env
		out, err := c.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	maps, _ := filepath.Glob("maps/*.toml")
	if len(maps) == 0 {
		t.Fatal("no shipped maps found")
	}
	out, code := run(append([]string{"check"}, maps...)...)
	if code != 0 || strings.Contains(out, "panic") || !strings.Contains(out, ": ok (") {
		t.Fatalf("check with no display: exit %d\n%s", code, out)
	}
	out, code = run("check", "rules/terrain/testdata/misspelt.toml")
	if code != 1 || !strings.Contains(out, "misspelt.toml:") {
		t.Fatalf("check of a bad map with no display: exit %d\n%s", code, out)
	}
	out, code = run("help")
	if code != 0 || !strings.Contains(out, "check") {
		t.Fatalf("help with no display: exit %d\n%s", code, out)
	}
}
