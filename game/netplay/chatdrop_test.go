package netplay

import (
	"strings"
	"testing"
	"time"
)

// TestChatLostOnTheWayIsSentAgain: a chat line that never reached the
// host because the connection died as it went out is sent again once the
// joiner is back, and one the host heard just before the drop (its echo
// lost with the line) is not sent a second time: each line is in the
// host's stream, the host's log and the joiner's log exactly once.
// Before, the first line was gone for good.
func TestChatLostOnTheWayIsSentAgain(t *testing.T) {
	b := newBattle(t, "ssg-standard", 23, 0)
	lost, heard := "a line lost on the way", "a line heard before the drop"
	chat := make(chan string, 2)
	chat <- lost
	chat <- heard
	how := map[string]int{lost: ChatLose, heard: ChatSendDrop}
	j := &Joiner{Chat: chat, DropChat: func(line string) int {
		h := how[line]
		delete(how, line) // (each drop once: a line sent again goes as usual)
		return h
	}}
	mt := play(t, b, j, 60*time.Second)
	finalSame(t, mt)
	if len(how) != 0 {
		t.Fatalf("lines never sent: %v", how)
	}
	name := b.G.St.Sides[1].Name
	for _, line := range []string{lost, heard} {
		want := "chat from " + name + ": " + line
		if n := strings.Count(mt.hostLog.String(), want); n != 1 {
			t.Errorf("the host's log has %q %d times, want once:\n%s", want, n, mt.hostLog.String())
		}
		if n := strings.Count(mt.joinLog.String(), want); n != 1 {
			t.Errorf("the joiner's log has %q %d times, want once:\n%s", want, n, tail(mt.joinLog.String()))
		}
		n := 0
		for _, u := range b.Stream {
			if u.Chat != nil && u.Chat.Text == line {
				n++
			}
		}
		if n != 1 {
			t.Errorf("the host's stream has %q %d times, want once", line, n)
		}
	}
	if n := strings.Count(mt.hostLog.String(), "opponent not connected"); n != 2 {
		t.Errorf("the host saw %d drops, want 2", n)
	}
}
