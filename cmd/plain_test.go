package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Every entry point answers a hostile or mistaken file with a plain
// message. The inputs are in testdata/plain.
func TestPlainMessages(t *testing.T) {
	cases := []struct {
		file string
		want string
	}{
		{"map-up.toml", `map "../table.toml": a map must be a shipped map's name or a file in the scenario's folder or a folder inside it, written with / and without ".."`},
		{"pos-nan.toml", `pos must be [x, y] in inches: its x is NaN, not a number of inches`},
		{"pos-inf.toml", `pos must be [x, y] in inches: its y is +Inf, not a number of inches`},
		{"pos-huge.toml", `pos must be [x, y] in inches: its x, 1e+300, is far off any table`},
		{"crowded-first-side.toml", `cannot deploy side 1 (Red): there is room for only`},
		{"huge-number-map.toml", `item 1 (1e+308) is far off any table`},
	}
	for _, c := range cases {
		p := filepath.Join("testdata", "plain", c.file)
		var out, errb bytes.Buffer
		if code := runCheck([]string{p}, &out, &errb); code != 1 || !strings.Contains(errb.String(), c.want) || strings.Contains(errb.String(), "00000000") {
			t.Errorf("check %s: exit %d\n%s\nwant %q", c.file, code, errb.String(), c.want)
		}
		if strings.HasSuffix(c.file, "map.toml") {
			continue // a map file: odds takes scenarios
		}
		// The scenario entry points say the same.
		out.Reset()
		errb.Reset()
		if code := runOdds([]string{"--scenario", p, "--command", "end"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("odds %s: exit %d\n%s\nwant %q", c.file, code, errb.String(), c.want)
		}
	}
	// A map in a folder below the scenario's is fine, everywhere.
	var out, errb bytes.Buffer
	p := filepath.Join("testdata", "plain", "map-below.toml")
	if code := runCheck([]string{p}, &out, &errb); code != 0 {
		t.Errorf("check map-below.toml: exit %d: %s", code, errb.String())
	}
	if code := runOdds([]string{"--scenario", p, "--command", "end"}, &out, &errb); code != 0 {
		t.Errorf("odds map-below.toml: exit %d: %s", code, errb.String())
	}
}

// Things that are not regular files are refused at once, by name, with
// control characters in the name escaped.
func TestPlainMessagesFiles(t *testing.T) {
	dir := t.TempDir()
	loop := filepath.Join(dir, "loop.toml")
	if err := os.Symlink(loop, loop); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	odd := filepath.Join(dir, "bad\x1b[31mname\n.toml")
	os.WriteFile(odd, []byte("name = 1\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"check", loop}, "loop.toml: the name is a symbolic link that loops back on itself"},
		{[]string{"check", dir}, "is a folder, not a file"},
		{[]string{"check", odd}, `bad\x1b[31mname\n.toml`},
		{[]string{"odds", "--scenario", dir, "--command", "end"}, "is a folder, not a file"},
		{[]string{"odds", "--scenario", loop, "--command", "end"}, "symbolic link that loops back on itself"},
		{[]string{"replay", loop}, "symbolic link that loops back on itself"},
		{[]string{"replay", dir}, "is a folder, not a file"},
	}
	if runtime.GOOS != "windows" {
		fifo := filepath.Join(dir, "pipe.toml")
		if err := syscall.Mkfifo(fifo, 0o644); err == nil {
			cases = append(cases,
				struct {
					args []string
					want string
				}{[]string{"check", fifo}, "is a named pipe, not a file"},
				struct {
					args []string
					want string
				}{[]string{"odds", "--scenario", fifo, "--command", "end"}, "is a named pipe, not a file"},
				struct {
					args []string
					want string
				}{[]string{"replay", fifo}, "is a named pipe, not a file"})
		}
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		done := make(chan int, 1)
		go func() {
			code, _ := Run(c.args, &out, &errb)
			done <- code
		}()
		select {
		case code := <-done:
			msg := errb.String()
			if code != 1 || !strings.Contains(msg, c.want) || strings.ContainsAny(msg[:len(msg)-1], "\x1b\r") || strings.Count(msg, "\n") > 3 {
				t.Errorf("%q: exit %d, %q; want %q", c.args, code, msg, c.want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%q did not return (blocked on the file?)", c.args)
		}
	}
}

// The shapes that stalled check (seconds, gigabytes) are refused at their
// line at once, map or scenario.
func TestCheckStallShapes(t *testing.T) {
	files, _ := filepath.Glob("../rules/terrain/testdata/stall-*.toml")
	files = append(files, "../rules/save/testdata/stall-scenario.toml")
	if len(files) < 6 {
		t.Fatalf("only %d stall inputs", len(files))
	}
	for _, f := range files {
		var out, errb bytes.Buffer
		start := time.Now()
		code := runCheck([]string{f}, &out, &errb)
		msg := errb.String()
		if code != 1 || !(strings.Contains(msg, "dotted parts") || strings.Contains(msg, "nested more than") || strings.Contains(msg, "bytes long")) {
			t.Errorf("%s: exit %d: %s", f, code, msg)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s took %v", f, d)
		}
	}
}
