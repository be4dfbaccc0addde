package cmd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(args ...string) (code int, out, errOut string) {
	var o, e bytes.Buffer
	code, handled := Run(args, &o, &e)
	if !handled {
		return -1, o.String(), e.String()
	}
	return code, o.String(), e.String()
}

func TestCheckGoodAndBadMaps(t *testing.T) {
	td := filepath.Join("..", "rules", "terrain", "testdata")
	good := filepath.Join(td, "good.toml")
	bad := filepath.Join(td, "misspelt.toml")
	syntax := filepath.Join(td, "syntax.toml")

	code, out, errOut := runCmd("check", good)
	if code != 0 || out != good+": ok (5 pieces, 3 areas)\n" || errOut != "" {
		t.Errorf("good map: code %d, out %q, err %q", code, out, errOut)
	}

	code, out, errOut = runCmd("check", good, bad, syntax)
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if out != good+": ok (5 pieces, 3 areas)\n" {
		t.Errorf("stdout %q", out)
	}
	want := []string{
		bad + ":14:1: [[terrain]] #3 has no shape: give points, rect = [x, y, w, h] or circle = [cx, cy, r]",
		bad + `:16:3: unknown key "pionts" in [[terrain]] #3 (did you mean "points"?)`,
		syntax + ":8:28: TOML syntax error: expected a comma (',') or array terminator (']'), but got '['",
	}
	if got := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, strings.Join(want, "\n"))
	}
}

func TestCheckShippedMaps(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "maps", "*.toml"))
	if len(files) < 5 {
		t.Fatalf("found %d shipped maps", len(files))
	}
	code, out, errOut := runCmd(append([]string{"check"}, files...)...)
	if code != 0 || errOut != "" || strings.Count(out, ": ok (") != len(files) {
		t.Errorf("code %d\nout:\n%s\nerr:\n%s", code, out, errOut)
	}
}

func TestCheckUsageAndMissingFile(t *testing.T) {
	if code, _, errOut := runCmd("check"); code != 1 || !strings.HasPrefix(errOut, "usage: hedgerow check FILE...") {
		t.Errorf("no args: code %d, %q", code, errOut)
	}
	if code, _, _ := runCmd("check", "-v", "x.toml"); code != 1 {
		t.Errorf("unknown option: code %d, want 1", code)
	}
	missing := filepath.Join(t.TempDir(), "nope.toml")
	if code, _, errOut := runCmd("check", missing); code != 1 || errOut != missing+": no such file\n" {
		t.Errorf("missing file: code %d, %q", code, errOut)
	}
}

func TestCheckDispatchesScenarios(t *testing.T) {
	dir := t.TempDir()
	scen := filepath.Join(dir, "scen.toml")
	if err := os.WriteFile(scen, []byte("rule_set = \"ssg\"\nmap = \"ssg-standard\"\n[[side]]\nname = \"Red\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := checkScenario
	defer func() { checkScenario = saved }()

	checkScenario = nil
	code, _, errOut := runCmd("check", scen)
	if code != 1 || errOut != scen+": this is a scenario file (it has rule_set or [[side]]); scenario files are not supported yet\n" {
		t.Errorf("no scenario checker: code %d, %q", code, errOut)
	}

	var seen string
	checkScenario = func(name string, data []byte) error {
		seen = name
		return errors.New(name + ":4:8: side Red has no figures")
	}
	code, _, errOut = runCmd("check", scen)
	if seen != scen || code != 1 || errOut != scen+":4:8: side Red has no figures\n" {
		t.Errorf("scenario checker: seen %q code %d, %q", seen, code, errOut)
	}

	checkScenario = func(string, []byte) error { return nil }
	if code, out, _ := runCmd("check", scen); code != 0 || out != scen+": ok (scenario)\n" {
		t.Errorf("good scenario: code %d, %q", code, out)
	}
}
