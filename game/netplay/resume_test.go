package netplay

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/scenarios"
)

// TestHostResumes stops the host mid-battle (as if killed), takes the
// battle up again from its save on the same address, and lets the joiner,
// which has kept trying, come back: it is told the stream is new, catches
// up from the start, and the battle ends with the same save at both ends.
func TestHostResumes(t *testing.T) {
	b := newBattle(t, "ssg-standard", 31, 0)
	ln := listen(t)
	addr := ln.Addr().String()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	kctx, kill := context.WithCancel(ctx)
	b.G.OnCommit = func(g *rules.Game) {
		if len(g.Log) == 40 {
			kill()
		}
	}
	var log1, log2, joinLog lockedBuf
	h1 := &Host{B: b, Player: NewRandom(1), Log: &log1}
	first := make(chan error, 1)
	go func() { first <- h1.Serve(kctx, ln) }()
	j := &Joiner{Addr: addr, Player: NewRandom(2), Load: load, Lookup: all.Get, Log: &joinLog, Retry: 20 * time.Second}
	var welcomes lockedBuf // each welcome's Again, for a window to write its log afresh
	j.Notify = func(n Note) {
		if n.Kind == NWelcome {
			fmt.Fprintf(&welcomes, "%v ", n.Again)
		}
	}
	joined := make(chan error, 1)
	go func() { joined <- j.Run(ctx) }()
	if err := <-first; err == nil {
		t.Fatal("the host ended the battle before it was stopped")
	}
	var saved bytes.Buffer
	if err := all.WriteSave(b.G, &saved); err != nil {
		t.Fatal(err)
	}
	stoppedAt, stoppedHash, streamAt := len(b.G.Log), b.G.St.Hash(), len(b.Stream)

	sf, err := all.ReadSave(&saved)
	if err != nil {
		t.Fatal(err)
	}
	b2, err := ResumeBattle(sf, scenarios.FS, maps.FS, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(b2.G.Log) != stoppedAt || b2.G.St.Hash() != stoppedHash || len(b2.Stream) != streamAt {
		t.Fatalf("resumed at %d commands (stream %d), stopped at %d (stream %d); same state: %v", len(b2.G.Log), len(b2.Stream), stoppedAt, streamAt, b2.G.St.Hash() == stoppedHash)
	}
	var ln2 net.Listener
	for i := 0; ln2 == nil; i++ {
		if ln2, err = net.Listen("tcp", addr); err != nil && i > 50 {
			t.Fatalf("the address cannot be taken again: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	h2 := &Host{B: b2, Player: NewRandom(3), Log: &log2, FinalWait: 5 * time.Second}
	second := make(chan error, 1)
	go func() { second <- h2.Serve(ctx, ln2) }()
	if err := <-joined; err != nil {
		t.Fatalf("the joiner: %v\n%s", err, tail(joinLog.String()))
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	finalSame(t, &match{host: h2, join: j})
	if !strings.Contains(joinLog.String(), "the host started again") {
		t.Fatal("the joiner was not told the host had started again")
	}
	if w := welcomes.String(); !strings.HasPrefix(w, "false ") || strings.Count(w, "true") != 1 {
		t.Fatalf("the welcomes said the host started again: %s(want once, after the first)", w)
	}
	if len(b2.G.Log) <= stoppedAt {
		t.Fatal("the battle did not go on after the host came back")
	}
	t.Logf("stopped after %d commands, ended after %d", stoppedAt, len(b2.G.Log))
}
