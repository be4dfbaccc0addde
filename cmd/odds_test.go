package cmd

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/save"
	"hedgerow/scenarios"
)

// playUntilFire plays ssg-standard with random commands until the side
// deciding may fire, and saves the game there.
func playUntilFire(t *testing.T, seed uint64) (*rules.Game, rules.Command, string) {
	t.Helper()
	sc, m, err := scenarios.Load("ssg-standard")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get("ssg")
	g, _, err := rules.NewGame(rs, sc, m, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	for i := 0; i < 3000 && !g.St.Over; i++ {
		for _, c := range g.Legal() {
			if c.Verb == "fire" && len(c.Targets) > 0 {
				path := filepath.Join(t.TempDir(), "game.json")
				if err := save.WriteAtomic(path, g); err != nil {
					t.Fatal(err)
				}
				return g, c, path
			}
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		// Prefer moving towards a fight: the random player may wander.
		if _, err := g.Apply(c); err != nil {
			continue
		}
	}
	t.Skip("no fire command came up")
	return nil, rules.Command{}, ""
}

func TestOddsCommand(t *testing.T) {
	g, c, savePath := playUntilFire(t, 3)
	var out, errb bytes.Buffer
	code := runOdds([]string{"--save", savePath, "--command", c.String()}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want, err := g.Odds(c)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.TrimSpace(out.String())
	if line != formatOdds(want) {
		t.Fatalf("got %s, want %s", line, formatOdds(want))
	}
	if !regexp.MustCompile(`^\{"outcomes": \{"[a-z ]+": [01]\.\d{4}(, "[a-z ]+": [01]\.\d{4})*\}`).MatchString(line) {
		t.Fatalf("odds line not in the documented form: %s", line)
	}
	sum := 0.0
	for _, o := range want.Outcomes {
		sum += o.P
	}
	if sum < 0.9999 || sum > 1.0001 {
		t.Fatalf("outcomes sum to %v", sum)
	}
}

func TestFormatOdds(t *testing.T) {
	o := rules.Odds{Outcomes: []rules.Outcome{{Name: "hit", P: 1.0 / 3}, {Name: "miss", P: 2.0 / 3}},
		Mods: []rules.Mod{{Value: -1, Reason: "partial cover", Rule: "SSG Shooting"}}}
	want := `{"outcomes": {"hit": 0.3333, "miss": 0.6667}, "mods": [{"value":-1,"reason":"partial cover","rule":"SSG Shooting"}]}`
	if got := formatOdds(o); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestOddsUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runOdds([]string{"--scenario", "ssg-standard"}, &out, &errb); code != 1 {
		t.Fatalf("no command: exit %d", code)
	}
	if code := runOdds([]string{"--scenario", "no-such-scenario", "--command", "end"}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "no such file") {
		t.Fatalf("unknown scenario: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	if code := runOdds([]string{"--scenario", "ssg-standard", "--command", "fire F1 F99"}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "no figure F99") {
		t.Fatalf("bad target: exit %d, %s", code, errb.String())
	}
}

func TestReplayCommand(t *testing.T) {
	sc, m, err := scenarios.Load("ssg-standard")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get("ssg")
	g, err := rules.PlayRandom(rs, sc, m, 5, 5000)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	if err := save.WriteAtomic(path, g); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := runReplay([]string{path}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	if !strings.HasPrefix(text, "start\n") || !strings.Contains(text, "command 1: "+g.Log[0].String()+"\n") ||
		!strings.Contains(text, "over after ") || !strings.Contains(text, "; total ") {
		t.Fatalf("replay log lacks start, commands, ledgers or result:\n%s", text[:min(len(text), 2000)])
	}
	// Tamper with command 3: the replay stops there, exit 1.
	sf := save.Of(g)
	sf.Commands[2] = "fire F1 F1"
	bad := filepath.Join(dir, "bad.json")
	var buf bytes.Buffer
	writeSave(t, &buf, sf)
	if err := os.WriteFile(bad, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := runReplay([]string{bad}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "command 3: ") {
		t.Fatalf("tampered: exit %d, %s", code, errb.String())
	}
}

// A scenario given by path (with its own map beside it) works for odds,
// and a save of it replays from beside the save.
func TestScenarioByPath(t *testing.T) {
	dir := t.TempDir()
	sc, _ := os.ReadFile("../scenarios/ssg-standard.toml")
	mp, _ := os.ReadFile("../maps/ssg-standard.toml")
	os.WriteFile(filepath.Join(dir, "own-map.toml"), mp, 0o644)
	os.WriteFile(filepath.Join(dir, "mine.toml"), []byte(strings.Replace(string(sc), `map = "ssg-standard.toml"`, `map = "own-map.toml"`, 1)), 0o644)
	var out, errb bytes.Buffer
	if code := runOdds([]string{"--scenario", filepath.Join(dir, "mine.toml"), "--command", "end"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s, m, err := loadScenarioArg(filepath.Join(dir, "mine.toml"))
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get("ssg")
	g, err := rules.PlayRandom(rs, s, m, 8, 5000)
	if err != nil {
		t.Fatal(err)
	}
	savePath := filepath.Join(dir, "game.json")
	if err := save.WriteAtomic(savePath, g); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := runReplay([]string{savePath}, &out, &errb); code != 0 || !strings.Contains(out.String(), "over after") {
		t.Fatalf("replay of a path scenario: exit %d: %s", code, errb.String())
	}
}
