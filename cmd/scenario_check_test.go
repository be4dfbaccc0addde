package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestCheckScenarioFiles(t *testing.T) {
	good, err := os.ReadFile("../scenarios/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gp := filepath.Join(dir, "good.toml")
	os.WriteFile(gp, good, 0o644)
	var out, errb bytes.Buffer
	if code := runCheck([]string{gp}, &out, &errb); code != 0 || !strings.Contains(out.String(), "ok (scenario)") {
		t.Fatalf("good scenario: exit %d\n%s%s", code, out.String(), errb.String())
	}
	// Misspell a key and name an unknown rule set: both reported with
	// their lines.
	bad := strings.Replace(string(good), `rule_set = "ssg"`, `rule_set = "sgg"`, 1)
	bad = strings.Replace(bad, "[victory]\nlosses", "[victory]\nlosess", 1)
	line := func(prefix string) int {
		for i, l := range strings.Split(bad, "\n") {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	bp := filepath.Join(dir, "bad.toml")
	os.WriteFile(bp, []byte(bad), 0o644)
	out.Reset()
	errb.Reset()
	code := runCheck([]string{bp}, &out, &errb)
	msg := errb.String()
	want1 := bp + ":" + strconv.Itoa(line("rule_set")) + ":1: unknown rule set \"sgg\" (did you mean \"ssg\"?)"
	want2 := bp + ":" + strconv.Itoa(line("losess")) + ":1: unknown key \"losess\" in [victory] (did you mean \"losses\"?)"
	if code != 1 || !strings.Contains(msg, want1) || !strings.Contains(msg, want2) {
		t.Fatalf("bad scenario: exit %d\n%s\nwant lines:\n%s\n%s", code, msg, want1, want2)
	}
}

// A weapon the rule set does not know is refused by check at its own line,
// with the nearest real weapon suggested, rather than only when a game
// tries to start.
func TestCheckScenarioUnknownWeapon(t *testing.T) {
	good, err := os.ReadFile("../scenarios/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(good), `weapons = ["smg"]`, `weapons = ["rilfe"]`, 1)
	if bad == string(good) {
		t.Fatal("the standard scenario no longer has an smg to misspell")
	}
	want := 0
	for i, l := range strings.Split(bad, "\n") {
		if strings.Contains(l, `"rilfe"`) {
			want = i + 1
		}
	}
	p := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(p, []byte(bad), 0o644)
	var out, errb bytes.Buffer
	if code := runCheck([]string{p}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out.String(), errb.String())
	}
	prefix := p + ":" + strconv.Itoa(want) + ":"
	if !strings.Contains(errb.String(), prefix) || !strings.Contains(errb.String(), `(did you mean "rifle"?)`) {
		t.Fatalf("want a problem at %s suggesting rifle, got:\n%s", prefix, errb.String())
	}
}

// A figure the scenario starts outside its side's set-up zone is refused
// by check at its pos line, in plain words; placed = true on its unit
// says the scenario means it.
func TestCheckRefusesAFigureOutOfItsZone(t *testing.T) {
	good, err := os.ReadFile("../scenarios/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	// Red's third man walks out into the middle of the table
	bad := strings.Replace(string(good), "pos = [17.5, 9]", "pos = [17.5, 18]", 1)
	if bad == string(good) {
		t.Fatal("the standard game no longer has a figure at [17.5, 9]")
	}
	line := 0
	for i, l := range strings.Split(bad, "\n") {
		if strings.Contains(l, "pos = [17.5, 18]") {
			line = i + 1
		}
	}
	dir := t.TempDir()
	bp := filepath.Join(dir, "wanderer.toml")
	os.WriteFile(bp, []byte(bad), 0o644)
	var out, errb bytes.Buffer
	code := runCheck([]string{bp}, &out, &errb)
	want := bp + ":" + strconv.Itoa(line) + ":5: figure \"Red rifle 1\" at [17.5, 18] starts outside its side's set-up zone, \"Red set-up\" (Red): move it inside, or write placed = true on it or its unit if the scenario places it there on purpose"
	if code != 1 || strings.TrimSpace(errb.String()) != want {
		t.Fatalf("exit %d\n%s\nwant\n%s", code, errb.String(), want)
	}
	// the same figure, placed by the scenario on purpose
	placed := strings.Replace(bad, "  name = \"Red squad\"\n", "  name = \"Red squad\"\n  placed = true\n", 1)
	if placed == bad {
		t.Fatal("no Red squad unit to mark placed")
	}
	os.WriteFile(bp, []byte(placed), 0o644)
	out.Reset()
	errb.Reset()
	// placed = true silences the zone problem, but SSG itself keeps
	// every figure within 2" of its home base: the game could not start
	// it, so check refuses it for that, at the figure (issue 25).
	code = runCheck([]string{bp}, &out, &errb)
	e := errb.String()
	if code != 1 || strings.Contains(e, "set-up zone") || !strings.Contains(e, `the game cannot start: Red rifle 1: set up more than 2" from Red home base`) {
		t.Fatalf("placed = true: exit %d\n%s", code, e)
	}
}
