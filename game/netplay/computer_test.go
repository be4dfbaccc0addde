package netplay

import (
	"strings"
	"testing"
	"time"

	"hedgerow/rules/ai"
)

// TestComputerLoopback plays a small scenario of each rule set over
// 127.0.0.1 with the computer opponent on the joining side (deciding on
// the joiner's copy of the battle, built from its snapshot) against the
// random player on the host, the host taking side 1 and side 2 in turn.
// Each battle must end with both saves the same battle, and the computer
// must never fail on its side's copy for want of something the copy does
// not hold, nor leave a decision to the random player.
func TestComputerLoopback(t *testing.T) {
	names := []string{"ssg-standard", "smle-skirmish", "firefight-crossroads", "maxim-hot-lz", "skirmish35-ford"}
	for i, name := range names {
		t.Run(name, func(t *testing.T) {
			b := newBattle(t, name, 7, i%2)
			cp := NewComputerPlayer(ai.Normal, 11)
			mt := play(t, b, &Joiner{Player: cp}, 120*time.Second)
			finalSame(t, mt)
			if cp.Failures() != 0 {
				t.Errorf("the computer failed %d times on the joiner's copy", cp.Failures())
			}
			if cp.Fallbacks() != 0 {
				t.Errorf("the random player decided %d times for the computer", cp.Fallbacks())
			}
			t.Logf("%s: %d commands, result %q; the computer fell back on the random player %d times", name, len(b.G.Log), b.G.St.Result, cp.Fallbacks())
		})
	}
}

// TestComputerHardHosts plays a battle with the host's side played by
// "computer:hard" (deciding on the host's side's copy, never on the host's
// game) against the random player joining: it ends, both saves agree,
// and the computer never failed on its copy.
func TestComputerHardHosts(t *testing.T) {
	p, err := NewPlayer("computer:hard", 13)
	if err != nil {
		t.Fatal(err)
	}
	cp := p.(*Computer)
	if cp.AI.Level != ai.Hard {
		t.Fatalf("computer:hard plays at %v", cp.AI.Level)
	}
	b := newBattle(t, "ssg-standard", 9, 1)
	mt := playAgainst(t, b, cp, &Joiner{}, nil, 120*time.Second)
	finalSame(t, mt)
	if cp.Failures() != 0 {
		t.Errorf("the computer failed %d times on the host's side's copy", cp.Failures())
	}
	if cp.Fallbacks() != 0 {
		t.Errorf("the random player decided %d times for the computer", cp.Fallbacks())
	}
	t.Logf("%d commands, result %q", len(b.G.Log), b.G.St.Result)
}

// TestNewPlayerNames: "computer" is the computer opponent at Normal, and
// an unknown name is refused in plain words.
func TestNewPlayerNames(t *testing.T) {
	for _, name := range []string{"computer", "computer:normal"} {
		p, err := NewPlayer(name, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if c, ok := p.(*Computer); !ok || c.AI.Level != ai.Normal {
			t.Fatalf("%s is not the computer at Normal", name)
		}
	}
	if _, err := NewPlayer("computer:easy", 1); err == nil || !strings.Contains(err.Error(), `not "computer:easy"`) {
		t.Fatalf("computer:easy: %v", err)
	}
}
