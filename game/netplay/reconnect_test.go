package netplay

import (
	"context"
	"strings"
	"testing"
	"time"

	"hedgerow/rules/all"
)

// once is true the first time it is asked about each of its numbers.
func once(at ...int64) func(int64) bool {
	left := map[int64]bool{}
	for _, n := range at {
		left[n] = true
	}
	return func(n int64) bool {
		if left[n] {
			delete(left, n)
			return true
		}
		return false
	}
}

// TestReconnect drops the joiner's connection mid-battle, after updates
// and just after it sent a command (which the host may or may not have
// read), four times; each time it connects again saying the last update
// it has. The battle still ends with the host's save, every update
// reached the joiner exactly once and in order, and the host's log shows
// each drop and return.
func TestReconnect(t *testing.T) {
	b := newBattle(t, "ssg-standard", 11, 0)
	drops := once(10, 40)
	sent := 0
	j := &Joiner{Drop: drops, DropSent: func(at int) bool {
		sent++
		return sent == 5 || sent == 20
	}}
	mt := play(t, b, j, 60*time.Second)
	finalSame(t, mt)
	if sent < 20 {
		t.Fatalf("the joiner sent only %d commands: not every drop happened", sent)
	}
	hl := mt.hostLog.String()
	if n := strings.Count(hl, "opponent not connected"); n != 4 {
		t.Errorf("the host saw %d drops, want 4:\n%s", n, hl)
	}
	if n := strings.Count(hl, "opponent connected"); n != 5 {
		t.Errorf("the host saw %d joins, want 5:\n%s", n, hl)
	}
	t.Logf("%d commands, %d updates; %d updates came again after a return and were skipped", len(b.G.Log), len(b.Stream), j.Dups)
}

// TestRejoinFromNothing is a joiner process killed mid-battle and
// started again: the new joiner remembers nothing and asks for all since
// update 0. It is brought to the present, plays on to the end, gets
// every update once, and ends with the host's save.
func TestRejoinFromNothing(t *testing.T) {
	b := newBattle(t, "ssg-standard", 12, 1)
	ln := listen(t)
	var hostLog lockedBuf
	h := &Host{B: b, Player: NewRandom(1), Log: &hostLog, FinalWait: 5 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	hostDone := make(chan error, 1)
	go func() { hostDone <- h.Serve(ctx, ln) }()

	kctx, kill := context.WithCancel(ctx)
	first := &Joiner{Addr: ln.Addr().String(), Player: NewRandom(3), Load: load, Lookup: all.Get,
		Drop: func(n int64) bool {
			if n == 25 {
				kill() // the process dies: nothing it knew survives
			}
			return false
		}}
	if err := first.Run(kctx); err == nil {
		t.Fatal("the killed joiner finished the battle")
	}
	killedAt := int(first.Last) // updates it had: one per command (no chat)
	second := &Joiner{Addr: ln.Addr().String(), Player: NewRandom(4), Load: load, Lookup: all.Get}
	if err := second.Run(ctx); err != nil {
		t.Fatalf("the restarted joiner: %v\nhost log:\n%s", err, hostLog.String())
	}
	if err := <-hostDone; err != nil {
		t.Fatal(err)
	}
	mt := &match{host: h, join: second}
	finalSame(t, mt)
	if killedAt < 20 || killedAt >= len(b.G.Log) {
		t.Fatalf("the joiner was killed after %d of %d commands: not mid-battle", killedAt, len(b.G.Log))
	}
	t.Logf("killed after %d commands; the battle ended after %d", killedAt, len(b.G.Log))
}
