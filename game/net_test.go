package game

import (
	"strings"
	"testing"

	"hedgerow/game/netplay"
	"hedgerow/rules"
)

// endOf is the deciding side's end (or pass) command.
func endOf(t *testing.T, g *rules.Game) rules.Command {
	t.Helper()
	for _, c := range g.Legal() {
		if c.Verb == "end" || c.Verb == "pass" {
			return c
		}
	}
	t.Fatalf("no end among %v", g.Legal())
	return rules.Command{}
}

// The host's table over the network: the opponent's commands arrive as
// notes and are played on the table's own game (same seed, same dice as
// the host's battle), with no curtain and only the local side's view; a
// local command goes to the host instead of being applied, and nothing
// is offered while it is on its way or while the opponent decides.
func TestNetHostTable(t *testing.T) {
	a, b := newTestBattle(t)
	remote := b.st().Decider
	local := 1 - remote
	n := &netLink{host: true, local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1}
	b.netJoin(n)
	if b.viewer() != local || b.curtain {
		t.Fatalf("the table shows side %d (curtain %v), want side %d's view", b.viewer(), b.curtain, local)
	}
	b.netNote(a, netplay.Note{Kind: netplay.NConnected, Side: remote})
	if h := b.barHint(); !strings.HasPrefix(h, "Opponent's turn") || len(b.legal) != 0 {
		t.Fatalf("while the opponent decides: hint %q, offered %v", h, b.legal)
	}

	// the same commands on a game of the same seed: the table stays in step
	twin, _, err := rules.NewGame(b.g.RS, b.g.Scenario, b.st().Map, b.g.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for b.st().Decider == remote {
		c := endOf(t, twin)
		if _, err := twin.Apply(c); err != nil {
			t.Fatal(err)
		}
		b.netNote(a, netplay.Note{Kind: netplay.NApplied, Side: remote, Cmd: c, At: len(b.g.Log)})
		if b.st().Hash() != twin.St.Hash() {
			t.Fatalf("after the opponent's %s the table is at %s, the host's battle at %s", c, b.st().Hash(), twin.St.Hash())
		}
	}
	if len(b.legal) == 0 || b.barHint() == "" || strings.HasPrefix(b.barHint(), "Opponent") {
		t.Fatalf("the local side decides: offered %v, hint %q", b.legal, b.barHint())
	}

	// a local command goes to the host and waits for its answer
	at := len(b.g.Log)
	c := endOf(t, b.g)
	if !b.apply(a, c) {
		t.Fatal("the local command was not sent")
	}
	select {
	case lc := <-n.out:
		if lc.At != at || lc.Cmd.String() != c.String() {
			t.Fatalf("sent %+v, want %s at %d", lc, c, at)
		}
	default:
		t.Fatal("nothing went to the host")
	}
	if len(b.g.Log) != at || len(b.legal) != 0 || b.barHint() != "Sent to the host..." {
		t.Fatalf("before the host answers: %d commands (want %d), offered %v, hint %q", len(b.g.Log), at, b.legal, b.barHint())
	}
	b.netNote(a, netplay.Note{Kind: netplay.NRefused, Side: local, Cmd: c, At: at, Text: "not now"})
	if !strings.Contains(a.toast, "Not now") || len(b.legal) == 0 {
		t.Fatalf("a refusal: toast %q, offered %v", a.toast, b.legal)
	}

	b.netNote(a, netplay.Note{Kind: netplay.NChat, Side: remote, Text: "good luck"})
	if last := b.log[len(b.log)-1].text; last != b.st().Sides[remote].Name+" says: good luck" {
		t.Fatalf("the chat line reads %q", last)
	}
	b.netNote(a, netplay.Note{Kind: netplay.NDropped, Side: remote})
	if h := b.barHint(); !strings.HasPrefix(h, "Opponent not connected") {
		t.Fatalf("after a drop the bar says %q", h)
	}
	render(a, b) // the banner draws
}

// The joiner's table: its game is the side's copy from the host's
// snapshots; an update replaces it and counts the host's commands, and
// the turn's legal commands are the host's list, offered only for the
// position it names.
func TestNetJoinerTable(t *testing.T) {
	a, b := newTestBattle(t)
	local := b.st().Decider
	n := &netLink{local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1, connected: true}
	b.netJoin(n)
	if len(b.legal) != 0 {
		t.Fatalf("offered %v before the host's turn", b.legal)
	}
	after := b.st().Clone()
	after.Round = 5
	b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: 3, State: after})
	if b.st() != after || len(b.g.Log) != 3 {
		t.Fatalf("after the update: round %d, %d commands", b.st().Round, len(b.g.Log))
	}
	end := endOf(t, b.g)
	b.netNote(a, netplay.Note{Kind: netplay.NTurn, At: 3, Legal: []rules.Command{end}})
	if len(b.legal) != 1 || b.legal[0].String() != end.String() {
		t.Fatalf("offered %v, want the host's %s", b.legal, end)
	}
	if !b.apply(a, end) {
		t.Fatal("not sent")
	}
	if lc := <-n.out; lc.At != 3 {
		t.Fatalf("sent for position %d, want the turn's 3", lc.At)
	}
}
