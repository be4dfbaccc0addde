package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mutated is a shipped scenario with old replaced by new (once); the test
// fails if old is not in it, so a changed scenario cannot make a case
// pass by accident.
func mutated(t *testing.T, scenario, old, new string) string {
	t.Helper()
	b, err := os.ReadFile("../scenarios/" + scenario)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.Contains(s, old) {
		t.Fatalf("%s no longer holds %q", scenario, old)
	}
	return strings.Replace(s, old, new, 1)
}

// lineOf is the 1-based line of the first line holding marker.
func lineOf(t *testing.T, text, marker string) int {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, marker) {
			return i + 1
		}
	}
	t.Fatalf("no line holds %q", marker)
	return 0
}

// checkText writes text to a file and runs hedgerow check on it.
func checkText(t *testing.T, name, text string) (code int, stdout, stderr, path string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code = runCheck([]string{path}, &out, &errb)
	return code, out.String(), errb.String(), path
}

// Files the game cannot start, words a rule set has no rule for, lists
// over their caps and names with control characters: check refuses each
// with exit 1, at the line of what is wrong, in plain words.
func TestCheckRefusesAtTheLine(t *testing.T) {
	many := func(n int, item string) string {
		l := make([]string, n)
		for i := range l {
			l[i] = item
		}
		return strings.Join(l, ", ")
	}
	cases := []struct {
		name, scenario, old, new string
		marker                   string // the line the problem is reported at holds this
		want                     string
	}{
		// item 7: the game's start checks
		{"smle no weapon", "smle-skirmish.toml", `weapons = ["rifle"]`, `weapons = []`, "", "carries no weapon"},
		{"firefight no weapon", "firefight-crossroads.toml", `weapons = ["rifle"]`, `weapons = []`, "", "the game cannot start"},
		{"ssg placed far from home", "ssg-standard.toml", "pos = [14.5, 9]", "pos = [14.5, 14]\n    placed = true", "", `more than 2" from Red home base`},
		// item 8: words with no rule
		{"ssg hidden", "ssg-standard.toml", `colour = "#c0392b"`, "colour = \"#c0392b\"\nhidden = true", "hidden = true", "no rule for setting up hidden"},
		{"ssg traps", "ssg-standard.toml", `colour = "#c0392b"`, "colour = \"#c0392b\"\ntraps = [[10, 10]]", "traps =", "no rule for booby traps"},
		{"ssg locked doors", "ssg-standard.toml", `map = "ssg-standard.toml"`, "map = \"ssg-standard.toml\"\nlocked_doors = [[1, 1]]", "locked_doors", "no rule for locked doors"},
		{"ssg quality", "ssg-standard.toml", `quality = "trained"`, `quality = "elite"`, `"elite"`, `unknown troop quality "elite"`},
		{"ssg motivation", "ssg-standard.toml", `quality = "trained"`, "quality = \"trained\"\n  motivation = \"steady\"", "motivation", `motivation "steady": this rule set has no rule for motivation`},
		{"firefight quality", "firefight-crossroads.toml", `name = "British"`, "name = \"British\"\n\n  [[side.unit]]\n  name = \"X\"\n  quality = \"veteran\"\n    [[side.unit.figure]]\n    name = \"x\"\n    weapons = [\"rifle\"]\n", "veteran", "no rule for troop quality"},
		{"skirmish35 armour", "skirmish35-ford.toml", `quality = "experienced"`, "quality = \"experienced\"\n  armour = \"kevlar\"", "kevlar", "no rule for armour"},
		{"skirmish35 mount", "skirmish35-ford.toml", `quality = "experienced"`, "quality = \"experienced\"\n  mount = \"horse\"", "horse", "no rule for mount"},
		// item 8: caps
		{"too many weapons", "smle-skirmish.toml", `weapons = ["rifle"]`, "weapons = [" + many(11, `"rifle"`) + "]", `"rifle", "rifle"`, "at most 10 weapons"},
		{"too many traps", "smle-ambush.toml", "traps = [[42.2, 40], [43.6, 45]]", "traps = [" + many(101, "[42.2, 40]") + "]", "traps =", "at most 100"},
		{"too many locked doors", "skirmish35-inn.toml", "locked_doors = [[43.5, 20]]", "locked_doors = [" + many(201, "[43.5, 20]") + "]", "locked_doors", "at most 200"},
		{"too much bad going", "smle-ambush.toml", `rule_set = "smle"`, "rule_set = \"smle\"\nbad_going = [" + many(101, `"swamp"`) + "]", "bad_going", "at most 100"},
		// item 14: dotted keys at their own line
		{"dotted key", "ssg-standard.toml", "[victory]\nlosses = 4", "[victory]\nlosses = 4\nfoo.bar = 1", "foo.bar", `unknown key "foo" in [victory]`},
		{"dotted header", "ssg-standard.toml", "[victory]", "[extra.table]\nx = 1\n\n[victory]", "[extra.table]", `unknown key "extra" in the top level`},
		// items 9, 6 and 17: names
		{"81 characters", "ssg-standard.toml", `name = "Red leader"`, `name = "` + strings.Repeat("é", 81) + `"`, "ééé", "is 81 characters long; at most 80"},
		{"terminal escape in a name", "ssg-standard.toml", `name = "Red leader"`, `name = "Red \u001b]0;pwned\u0007 leader"`, "pwned", "control character (U+001B)"},
		{"huge name", "ssg-standard.toml", `name = "Red leader"`, `name = "` + strings.Repeat("x", 60000) + `"`, "xxx", "is 60000 characters long"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := mutated(t, c.scenario, c.old, c.new)
			code, out, errb, path := checkText(t, "s.toml", text)
			if code != 1 || out != "" {
				t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errb)
			}
			if !strings.Contains(errb, c.want) {
				t.Fatalf("want %q in:\n%s", c.want, errb)
			}
			if c.marker != "" {
				at := fmt.Sprintf("%s:%d:", path, lineOf(t, text, c.marker))
				if !strings.HasPrefix(errb, at) {
					t.Fatalf("want the problem at %s, got:\n%s", at, errb)
				}
			} else if !strings.HasPrefix(errb, path+":") || strings.HasPrefix(errb, path+": ") {
				t.Fatalf("no line given:\n%s", errb)
			}
		})
	}
}

// A name of 41 "é" (82 bytes) is 41 characters, within the limit of 80.
func TestCheckCountsCharactersNotBytes(t *testing.T) {
	text := mutated(t, "ssg-standard.toml", `name = "Red leader"`, `name = "`+strings.Repeat("é", 41)+`"`)
	if code, _, errb, _ := checkText(t, "s.toml", text); code != 0 {
		t.Fatalf("exit %d:\n%s", code, errb)
	}
}

// A map's name is capped and may not hold control characters either.
func TestCheckMapNames(t *testing.T) {
	b, err := os.ReadFile("../maps/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, want string }{
		{strings.Repeat("m", 60000), "name is 60000 characters long; at most 80 are allowed"},
		{"map\u009b2J", "control character (U+009B)"},
	} {
		lines := strings.Split(string(b), "\n")
		n := lineOf(t, string(b), "name = ")
		lines[n-1] = `name = "` + c.name + `"`
		text := strings.Join(lines, "\n")
		code, _, errb, path := checkText(t, "m.toml", text)
		at := fmt.Sprintf("%s:%d:", path, n)
		if code != 1 || !strings.HasPrefix(errb, at) || !strings.Contains(errb, c.want) {
			t.Fatalf("exit %d, want %q at %s\n%s", code, c.want, at, errb)
		}
	}
}

// Every refusal of what the user typed is exit 1 and one plain line, never
// a dump of the flags; --help lists them, exit 0.
func TestRefusalsAreOneLineExit1(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"odds", "--scenario", "ssg-standard", "--command", ""}, "no command given"},
		{[]string{"odds", "--scenario", "ssg-standard", "--seed", "x", "--command", "end"}, `bad value "x" for flag -seed: not a whole number`},
		{[]string{"odds", "--scenario", "ssg-standard", "--seed", "-1", "--command", "end"}, `for flag -seed: not a whole number`},
		{[]string{"odds", "--bogus"}, "no such option: -bogus"},
		{[]string{"odds", "--command", "end"}, "say which game with --scenario or --save"},
		{[]string{"odds", "--scenario", "ssg-standard", "--command", "end", "extra"}, `unexpected "extra"`},
		{[]string{"odds", "--scenario", "ssg-standard", "--after", "end; fire F1 F9", "--command", "end"}, `--after command 2 ("fire F1 F9") was refused`},
		{[]string{"replay"}, "give one save file"},
		{[]string{"replay", "--seed", "1", "x.json"}, "no such option: -seed"},
		{[]string{"check"}, "usage: hedgerow check FILE..."},
		{[]string{"check", "--strict", "x.toml"}, "no such option --strict"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code, _ := Run(c.args, &out, &errb)
		e := errb.String()
		if code != 1 || out.Len() != 0 || strings.Count(e, "\n") != 1 || !strings.Contains(e, c.want) || strings.Contains(e, "Usage of") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1 and one line with %q", c.args, code, out.String(), e, c.want)
		}
	}
	for _, sub := range []string{"odds", "replay"} {
		var out, errb bytes.Buffer
		if code, _ := Run([]string{sub, "--help"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "-scenario") {
			t.Errorf("%s --help: exit %d\n%s%s", sub, code, out.String(), errb.String())
		}
	}
}

// One rule finds a scenario everywhere: a path that exists wins over a
// shipped scenario of the same name (the game and check read the file).
func TestOddsScenarioPathWins(t *testing.T) {
	dir := t.TempDir()
	// A file called ssg-standard.toml in the current folder, but with
	// a seed and a first shot that differ from the shipped one's: a
	// figure of the other side's name answers only if the file is read.
	text := mutated(t, "ssg-standard.toml", `name = "Red leader"`, `name = "Local leader"`)
	if err := os.WriteFile(filepath.Join(dir, "ssg-standard.toml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	sc, _, err := loadScenarioArg("ssg-standard.toml")
	if err != nil || sc.Sides[0].Units[0].Figures[0].Name != "Local leader" {
		t.Fatalf("the file in the folder was not used: %v", err)
	}
	// without the extension it is no path, so the shipped scenario
	sc, _, err = loadScenarioArg("ssg-standard")
	if err != nil || sc.Sides[0].Units[0].Figures[0].Name != "Red leader" {
		t.Fatalf("the shipped scenario was not used: %v", err)
	}
}

// Each message says what is wrong in plain words.
func TestMessagesSayWhatIsWrong(t *testing.T) {
	// A tiny number is written short, not with 330 zeros, and a rect too
	// thin to hold is called that, not "repeats a point".
	m := "name = \"x\"\n[table]\nwidth = 1e-320\nheight = 24\n[[terrain]]\nkind = \"hedge\"\nrect = [1, 1, 1e-320, 2]\n"
	code, _, errb, _ := checkText(t, "m.toml", m)
	if code != 1 || !strings.Contains(errb, `table width is 1e-320"`) || !strings.Contains(errb, `rect width and height must be at least 0.001" (got 1e-320 x 2)`) ||
		strings.Contains(errb, "repeats a point") || strings.Contains(errb, "0000000000") {
		t.Errorf("tiny numbers: exit %d\n%s", code, errb)
	}
	s := mutated(t, "ssg-standard.toml", "pos = [14.5, 9]", "pos = [1e-320, 1e-400]")
	if _, _, errb, _ := checkText(t, "s.toml", s); strings.Contains(errb, "0000000000") {
		t.Errorf("tiny pos:\n%s", errb)
	}
	var out, eb bytes.Buffer
	if code, _ := Run([]string{"check", ""}, &out, &eb); code != 1 || strings.Contains(eb.String(), "folder") || !strings.Contains(eb.String(), `"" is no file name`) {
		t.Errorf(`check "": exit %d, %q`, code, eb.String())
	}
	for _, c := range []struct{ scenario, command, want string }{
		{"skirmish35-ford", "nuke F1", "no such command: nuke"},
		{"smle-skirmish", `end "any text"`, `"end" takes nothing more`},
		{"ssg-standard", `end "any text"`, `"end" takes nothing more`},
	} {
		out.Reset()
		eb.Reset()
		if code := runOdds([]string{"--scenario", c.scenario, "--command", c.command}, &out, &eb); code != 1 || !strings.Contains(eb.String(), c.want) {
			t.Errorf("%s %q: exit %d, %q; want %q", c.scenario, c.command, code, out.String()+eb.String(), c.want)
		}
	}
}

// A scenario's map reached through a symbolic link that leaves the
// scenario's folder is refused at the map line, and not read; a link that
// stays inside the folder is fine.
func TestCheckRefusesLinksOut(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "mine")
	outside := filepath.Join(root, "elsewhere")
	for _, d := range []string{dir, outside, filepath.Join(dir, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	m, err := os.ReadFile("../maps/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(outside, "table.toml"), m, 0o644)
	os.WriteFile(filepath.Join(dir, "table.toml"), m, 0o644)
	links := map[string]string{
		"abs.toml":      filepath.Join(outside, "table.toml"),
		"up.toml":       "../elsewhere/table.toml",
		"sub/deep.toml": "../../elsewhere/table.toml",
		"passwd.toml":   "/etc/passwd",
		"in.toml":       "table.toml",
		"sub/in.toml":   "../table.toml",
		"out":           outside, // a folder link
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			t.Skipf("cannot make symbolic links here: %v", err)
		}
	}
	for _, c := range []struct {
		mapName string
		ok      bool
	}{
		{"abs.toml", false}, {"up.toml", false}, {"sub/deep.toml", false}, {"passwd.toml", false}, {"out/table.toml", false},
		{"in.toml", true}, {"sub/in.toml", true}, {"table.toml", true},
	} {
		text := mutated(t, "ssg-standard.toml", `map = "ssg-standard.toml"`, `map = "`+c.mapName+`"`)
		p := filepath.Join(dir, "s.toml")
		os.WriteFile(p, []byte(text), 0o644)
		var out, errb bytes.Buffer
		code := runCheck([]string{p}, &out, &errb)
		if c.ok {
			if code != 0 {
				t.Errorf("%s: exit %d\n%s", c.mapName, code, errb.String())
			}
			continue
		}
		at := fmt.Sprintf("%s:%d:", p, lineOf(t, text, "map = "))
		if code != 1 || !strings.HasPrefix(errb.String(), at) || !strings.Contains(errb.String(), "symbolic link that leads out of the scenario's folder") {
			t.Errorf("%s: exit %d, want a refusal at %s\n%s", c.mapName, code, at, errb.String())
		}
	}
}

// A mistyped scenario name is answered with the shipped names it may have
// meant: a play-tester guessed names, since help lists none (play-test 8).
func TestUnknownScenarioListsTheShippedOnes(t *testing.T) {
	_, _, err := loadScenarioArg("smle-tank")
	if err == nil || !strings.Contains(err.Error(), "smle-tank-bocage") || strings.Contains(err.Error(), "ssg-standard") {
		t.Errorf("smle-tank: %v", err)
	}
	_, _, err = loadScenarioArg("tank")
	if err == nil || !strings.Contains(err.Error(), "smle-tank-bocage") || !strings.Contains(err.Error(), "ssg-standard") {
		t.Errorf("tank: %v", err)
	}
}
