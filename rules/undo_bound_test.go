package rules_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/internal/coingame"
	"hedgerow/rules/save"
)

// TestUndoHistoryBounded: however many commands go by without dice, the
// game keeps at most MaxUndo states for undo (it kept one per command, so a
// long save of ends held gigabytes), and undo still takes back the last
// MaxUndo of a side's own commands, then says why it stops.
func TestUndoHistoryBounded(t *testing.T) {
	g := coingame.New(t, 7)
	own, _ := coingame.Figs(g)
	start := own.Pos
	// 3*MaxUndo moves to and fro by the same side: no dice, no change of hands
	for i := 0; i < 3*rules.MaxUndo; i++ {
		x := start.X + int64(i%2+1)*100
		coingame.MustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, rules.FormatInches(x), rules.FormatInches(start.Y)))
		if rules.HistoryLen(g) > rules.MaxUndo {
			t.Fatalf("after %d commands the undo history holds %d states (at most %d)", i+1, rules.HistoryLen(g), rules.MaxUndo)
		}
	}
	for i := 0; i < rules.MaxUndo; i++ {
		if err := g.Undo(); err != nil {
			t.Fatalf("undo %d of %d: %v", i+1, rules.MaxUndo, err)
		}
	}
	err := g.Undo()
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("only the last %d", rules.MaxUndo)) {
		t.Fatalf("undo past the kept history: %v, want it to say only the last %d can be taken back", err, rules.MaxUndo)
	}
	if len(g.Log) != 2*rules.MaxUndo {
		t.Fatalf("log holds %d commands after %d undos of %d", len(g.Log), rules.MaxUndo, 3*rules.MaxUndo)
	}
	// a change of hands keeps nothing undo could not reach
	coingame.MustApply(t, g, "end")
	if rules.HistoryLen(g) != 0 {
		t.Fatalf("after the turn passed the undo history holds %d states", rules.HistoryLen(g))
	}
	if err := g.Undo(); err == nil || !strings.Contains(err.Error(), "other side") {
		t.Fatalf("undo of the opponent's end: %v", err)
	}
	// the decision back with the first side: the reason is still true
	// (it read "the other side has the move now", play-test 6)
	decider := g.St.Decider
	coingame.MustApply(t, g, "end")
	if g.St.Decider == decider {
		t.Fatal("the end did not hand the decision back")
	}
	if err := g.Undo(); err == nil || strings.Contains(err.Error(), "has the move now") || !strings.Contains(err.Error(), "had a decision since") {
		t.Fatalf("undo once the decision came back: %v", err)
	}
}

// longEndSave is a save of n ends in the coin game (no dice are rolled).
func longEndSave(t testing.TB, n int) []byte {
	g := coingame.New(t, 1)
	c := rules.Command{Verb: "end"}
	for i := 0; i < n; i++ {
		if _, err := g.Apply(c); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := save.Write(g, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func heapNow() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestLongReplayMemoryBounded: replaying a long save keeps what it must
// (the command log and a short hash per command) and nothing per command
// beyond that: no state for undo, no event list growing with the save.
func TestLongReplayMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 100,000 commands")
	}
	const n = 100_000
	saved := longEndSave(t, n)
	base := heapNow()
	g, evs, err := save.Replay(bytes.NewReader(saved), coingame.FS(), nil, coingame.Lookup)
	if err != nil {
		t.Fatal(err)
	}
	used := heapNow() - base
	if len(g.Log) != n {
		t.Fatalf("replayed %d commands of %d", len(g.Log), n)
	}
	if rules.HistoryLen(g) > rules.MaxUndo || len(evs) > 2*save.ReplayTail {
		t.Fatalf("after the replay: %d undo states, %d events kept", rules.HistoryLen(g), len(evs))
	}
	// the log and hashes take about 150 bytes a command; a state a command
	// (what the undo history kept) is several times that
	if per := used / n; per > 400 {
		t.Fatalf("replaying %d commands holds %d bytes (%d a command)", n, used, per)
	}
	runtime.KeepAlive(g)
	runtime.KeepAlive(evs)
}

// BenchmarkReplayLongSave: a save of 100,000 ends replayed from its bytes.
func BenchmarkReplayLongSave(b *testing.B) {
	saved := longEndSave(b, 100_000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := save.Replay(bytes.NewReader(saved), coingame.FS(), nil, coingame.Lookup); err != nil {
			b.Fatal(err)
		}
	}
}
