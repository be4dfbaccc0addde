package game

import (
	"strings"
	"testing"
)

// Looking at the table after the end, Undo took back the last end and the
// battle was fought again (play-test 6): the result stands, Undo is
// greyed, and pressing it says why.
func TestUndoAfterTheEndLeavesTheResult(t *testing.T) {
	a, b, g := endedBattle(t)
	b.review = true
	n, result := len(g.Log), g.St.Result
	b.takeBack(a)
	if len(g.Log) != n || !g.St.Over || g.St.Result != result {
		t.Fatalf("Undo after the end changed the battle: %d commands (was %d), over %v", len(g.Log), n, g.St.Over)
	}
	if !strings.Contains(a.toast, "result stands") {
		t.Errorf("Undo after the end says %q", a.toast)
	}
	b.layoutButtons(a)
	for _, bt := range b.buttons {
		if bt.label == "Undo" && !bt.disabled {
			t.Error("Undo is offered after the end")
		}
	}
}
