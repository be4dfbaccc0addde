package netplay

import (
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
)

// TestJoinerLogHasTheOpening: the battle's opening events (S.M.L.E.'s
// "Round 1: every team rolls for activation" and each team's activation
// roll), which the host's table shows before anyone gives a command,
// reach the joiner too, told as its side may know them, first in its
// stream: its log begins where the host's does. Before, the joiner's log
// began with the first command's events, and a round's start and rolls
// made at the battle's opening were never shown on its screen.
func TestJoinerLogHasTheOpening(t *testing.T) {
	b := newBattle(t, "smle-skirmish", 31, 0)
	mt := play(t, b, &Joiner{}, 60*time.Second)
	finalSame(t, mt)
	g := mt.host.B.G
	_, evs, err := rules.NewGame(g.RS, g.Scenario, g.St.Map, g.Seed)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := rules.NewGame(g.RS, g.Scenario, g.St.Map, g.Seed)
	want := tellAll(g.RS, first.St, first.St, 1, evs)
	if len(want) < 3 {
		t.Fatalf("the opening has %d events; the test wants a round's start and its rolls", len(want))
	}
	jl := mt.joinLog.String()
	at := 0
	for _, e := range want {
		line := eventLine(e)
		i := strings.Index(jl[at:], line)
		if i < 0 {
			t.Fatalf("the joiner's log lacks the opening's %q (in order):\n%s", line, tail(jl))
		}
		at += i + len(line)
	}
	if !strings.Contains(jl, "Round 1: every team rolls for activation") {
		t.Fatalf("the joiner's log never says round 1 began:\n%s", tail(jl))
	}
	if u := mt.host.B.Stream[0]; u.Commands != 0 || len(u.Events) != len(want) {
		t.Fatalf("the stream's first update is after %d commands with %d events; want the opening's %d", u.Commands, len(u.Events), len(want))
	}
}
