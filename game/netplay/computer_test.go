package netplay

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/all"
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
			cp := NewComputerPlayer(all.Normal, 11)
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
	if cp.AI.Level != all.Hard {
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
		if c, ok := p.(*Computer); !ok || c.AI.Level != all.Normal {
			t.Fatalf("%s is not the computer at Normal", name)
		}
	}
	if _, err := NewPlayer("computer:easy", 1); err == nil || !strings.Contains(err.Error(), `not "computer:easy"`) {
		t.Fatalf("computer:easy: %v", err)
	}
}

// TestComputerSeesOnlyItsCopy: the computer given a decision on a battle
// and on the same battle with the enemy's unseen figures moved elsewhere
// chooses the same command (it decides on its side's copy, where they
// are not), while the host's state really differs.
func TestComputerSeesOnlyItsCopy(t *testing.T) {
	for _, name := range []string{"smle-ambush", "skirmish35-ambush"} {
		t.Run(name, func(t *testing.T) {
			a, b := newBattle(t, name, 3, 0), newBattle(t, name, 3, 0)
			// play on (random commands) until the side deciding has an
			// enemy it cannot see
			r := rand.New(rand.NewPCG(1, 2))
			for n := 0; !hasUnseen(a.G.St, a.G.RS); n++ {
				c, ok := rules.RandomCommand(a.G, r)
				if !ok || n > 500 {
					t.Fatalf("%s: no decision with an unseen enemy", name)
				}
				if _, err := a.G.Apply(c); err != nil {
					t.Fatal(err)
				}
			}
			b.G.St = a.G.St.Clone()
			side := a.G.St.Decider
			v := rules.ViewOf(b.G.RS, b.G.St, side)
			moved := 0
			for i := range b.G.St.Figures {
				f := &b.G.St.Figures[i]
				if f.Side != side && !f.Removed && !v.Figure(f.ID) {
					f.Pos.X += 2000 // two inches along
					moved++
				}
			}
			if moved == 0 {
				t.Fatalf("side %d sees every enemy at the start of %s", side+1, name)
			}
			if a.G.St.Hash() == b.G.St.Hash() {
				t.Fatal("moving the unseen figures did not change the host's state")
			}
			ca, cb := NewComputerPlayer(all.Normal, 21), NewComputerPlayer(all.Normal, 21)
			xa, err := ca.Decide(a.Decision(side, nil))
			if err != nil {
				t.Fatal(err)
			}
			xb, err := cb.Decide(b.Decision(side, nil))
			if err != nil {
				t.Fatal(err)
			}
			if xa.String() != xb.String() {
				t.Errorf("moving %d unseen enemies changed the computer's choice: %s, then %s", moved, xa, xb)
			}
			if ca.Fallbacks() != 0 {
				t.Errorf("the random player chose %s", xa)
			}
			t.Logf("side %d, %d unseen enemies moved: %s", side+1, moved, xa)
		})
	}
}

// hasUnseen reports whether the side deciding has an enemy on the table
// it cannot see.
func hasUnseen(s *rules.State, rs rules.RuleSet) bool {
	if s.Over {
		return false
	}
	v := rules.ViewOf(rs, s, s.Decider)
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Side != s.Decider && !f.Removed && !v.Figure(f.ID) {
			return true
		}
	}
	return false
}
