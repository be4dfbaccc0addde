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

	// The game itself, with no display: the flags are read first, then
	// one line says a display is needed; exit 1, no panic, no trace.
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "the game needs a display"},
		{[]string{"--scenario", "ssg-standard", "--seed", "3"}, "the game needs a display"},
		{[]string{"--seed", "x"}, `bad value "x" for flag -seed`},
		{[]string{"--bogus"}, "no such flag: -bogus"},
		{[]string{"--window", "10x10"}, "--window \"10x10\""},
		{[]string{"nonsense"}, "neither a flag nor a subcommand"},
	} {
		out, code := run(c.args...)
		if code != 1 || strings.Count(out, "\n") != 1 || !strings.Contains(out, c.want) || strings.Contains(out, "panic") {
			t.Errorf("hedgerow %q with no display: exit %d\n%s", c.args, code, out)
		}
	}
	// --help lists every game flag, --window included, and exits 0.
	out, code = run("--help")
	for _, f := range []string{"-scenario", "-map", "-seed", "-autosave", "-speed", "-no-resume", "-window"} {
		if code != 0 || !strings.Contains(out, "  "+f+" ") && !strings.Contains(out, "  "+f+"\n") {
			t.Errorf("--help: exit %d, no %s in\n%s", code, f, out)
		}
	}
}
