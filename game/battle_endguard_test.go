package game

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

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

// A drag of a man who has already moved this phase moves nothing, and
// the table says why in words, not only "has nothing to do now" (a
// play-tester dragged an SSG rifleman who had moved, and nothing said
// so).
func TestDragOfAManWhoMovedSaysWhy(t *testing.T) {
	_, b := newTestBattle(t)
	b.refresh()
	var moved *rules.Figure
	for _, c := range b.legal {
		f := b.st().Fig(c.Fig)
		if c.Verb != "move" || f == nil {
			continue
		}
		for _, d := range []geom.Pt{{X: 1000}, {X: -1000}, {Y: 1000}, {Y: -1000}} {
			m := c
			m.Path = []geom.Pt{{X: f.Pos.X + d.X, Y: f.Pos.Y + d.Y}}
			if _, err := b.g.Apply(m); err == nil {
				moved = b.st().Fig(c.Fig)
				break
			}
		}
		if moved != nil {
			break
		}
	}
	if moved == nil {
		t.Fatal("no figure could step an inch")
	}
	b.refresh()
	for _, c := range b.legal {
		if c.Fig == moved.ID && c.Verb == "move" {
			t.Fatalf("%s may move again: the test proves nothing", moved.Name)
		}
	}
	why := b.idleWhyMove(moved)
	if !strings.Contains(why, moved.Name+" has already moved") {
		t.Fatalf("a drag of %s says %q; want that he has already moved", moved.Name, why)
	}
}
