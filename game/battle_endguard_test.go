package game

import "testing"

// A double-click on an end button is not a question and its answer: the
// second click, a moment after the question was put, is ignored, so the
// figures still able to act are not thrown away unread (a play-tester
// lost a Firefight phase that way). A click after the player has had
// time to read the question ends it, as before.
func TestDoubleClickDoesNotAnswerTheEndQuestion(t *testing.T) {
	a, b := newTestBattle(t)
	b.layoutButtons(a)
	c := b.enterEnd()
	if c == nil {
		t.Fatal("no end offered at the start")
	}
	n := len(b.g.Log)
	b.end(a, *c)
	if b.ask == nil {
		t.Fatal("no question before an end that leaves figures able to act")
	}
	a.tick += 12 // a double-click's second click: 0.2 s later
	b.end(a, *c)
	if len(b.g.Log) != n || b.ask == nil {
		t.Fatalf("the second click of a double-click ended the step (%d commands, was %d)", len(b.g.Log), n)
	}
	a.tick += askGuard // read, then clicked again
	b.end(a, *c)
	if len(b.g.Log) != n+1 {
		t.Fatalf("a click after the question was read did not end the step (%d commands, was %d)", len(b.g.Log), n)
	}
}
