package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// A duel prints a line a game, A on the first side in odd games and the
// second in even ones, then the totals as one JSON line.
func TestDuel(t *testing.T) {
	var out, errb bytes.Buffer
	code := runDuel([]string{"--scenario", "ssg-standard", "--a", "computer", "--b", "random", "--games", "2", "--seed", "3"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 2 game lines and the totals, got:\n%s", out.String())
	}
	if !strings.Contains(lines[0], "A computer as Red, B random as Blue") || !strings.Contains(lines[1], "A computer as Blue, B random as Red") {
		t.Fatalf("sides not swapped between games:\n%s", out.String())
	}
	var raw map[string]float64
	if err := json.Unmarshal([]byte(lines[2]), &raw); err != nil {
		t.Fatalf("totals line %q: %v", lines[2], err)
	}
	if raw["games"] != 2 || raw["a_wins"]+raw["b_wins"]+raw["draws"] != 2 || raw["illegal"] != 0 {
		t.Fatalf("totals %s", lines[2])
	}
	for _, k := range []string{"think_ms_p50", "think_ms_p95", "think_ms_max"} {
		if _, ok := raw[k]; !ok {
			t.Fatalf("totals lack %s: %s", k, lines[2])
		}
	}
}

func TestDuelUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"--scenario", "ssg-standard", "--a", "human"}, {"--scenario", "ssg-standard", "--games", "0"}} {
		var out, errb bytes.Buffer
		if code := runDuel(args, &out, &errb); code != 2 || !strings.Contains(errb.String(), "usage: hedgerow duel") {
			t.Errorf("%v: exit %d, %q", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := runDuel([]string{"--scenario", "no-such-scenario"}, &out, &errb); code != 1 {
		t.Errorf("unknown scenario: exit %d", code)
	}
}

// -v prints every command of a game, numbered, with the player (A or B)
// that gave it, before the game's line.
func TestDuelVerbose(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runDuel([]string{"--scenario", "ssg-standard", "--a", "computer", "--b", "random", "--games", "1", "--seed", "3", "-v"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var cmds, a, b int
	for _, l := range lines[:len(lines)-2] {
		var n int
		var who string
		if _, err := fmt.Sscanf(strings.TrimSpace(l), "%d %s", &n, &who); err != nil || n != cmds+1 {
			t.Fatalf("line %q: want command %d", l, cmds+1)
		}
		cmds++
		switch who {
		case "A:":
			a++
		case "B:":
			b++
		default:
			t.Fatalf("line %q names no player", l)
		}
	}
	game := lines[len(lines)-2]
	if a == 0 || b == 0 || !strings.Contains(game, fmt.Sprintf(" in %d commands", cmds)) {
		t.Fatalf("%d commands by A, %d by B, then %q", a, b, game)
	}
}

// The idle player ends its go or passes wherever it may: in a game of
// smle-skirmish it gives nothing else.
func TestDuelIdle(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runDuel([]string{"--scenario", "smle-skirmish", "--a", "idle", "--b", "random", "--games", "2", "--seed", "1", "-v"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	n := 0
	for _, l := range strings.Split(out.String(), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && f[1] == "A:" {
			n++
			if f[2] != "end" && f[2] != "pass" {
				t.Errorf("the idle player gave %q", l)
			}
		}
	}
	if n == 0 {
		t.Error("the idle player gave no command")
	}
}
