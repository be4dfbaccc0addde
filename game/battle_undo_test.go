package game

import (
	"strings"
	"testing"

	"hedgerow/rules/geom"
)

// Taking back a move takes its line out of the log and says what was
// taken back: after a play-tester's Undo the log still read "Pvt Hart
// moves 8.3 cm" beside the man back where he had started.
func TestTakeBackTakesTheLinesOut(t *testing.T) {
	a, b := newTestBattle(t)
	b.tl.SkipAll()
	for _, an := range b.tl.Step(100) {
		b.finished(an)
	}
	b.shown = b.st().Decider
	var moved string
	for _, c := range b.g.Legal() {
		if c.Verb != "move" {
			continue
		}
		f := b.st().Fig(c.Fig)
		from := f.Pos
		before := len(b.log)
		applied := false
		for _, d := range []geom.Pt{{Y: -2 * geom.PerInch}, {Y: 2 * geom.PerInch}, {X: 2 * geom.PerInch}, {X: -2 * geom.PerInch}} {
			c.Path = []geom.Pt{{X: from.X + d.X, Y: from.Y + d.Y}}
			if b.apply(a, c) {
				applied = true
				break
			}
		}
		if !applied {
			continue
		}
		b.tl.SkipAll()
		for _, an := range b.tl.Step(100) {
			b.finished(an)
		}
		if len(b.log) != before+1 || !strings.Contains(b.log[before].text, f.Name) {
			t.Fatalf("the move wrote %d lines: %+v", len(b.log)-before, b.log[before:])
		}
		moved = b.log[before].text
		b.takeBack(a)
		if p := b.st().Fig(c.Fig).Pos; p != from {
			t.Fatalf("%s was not put back (%v, was at %v)", f.Name, p, from)
		}
		for _, e := range b.log {
			if e.text == moved {
				t.Errorf("the log still reads %q after it was taken back", moved)
			}
		}
		if last := b.log[len(b.log)-1].text; last != "(taken back: "+moved+")" {
			t.Errorf("the log's last line is %q", last)
		}
		break
	}
	if moved == "" {
		t.Fatal("no move was given: the test proves nothing")
	}
}
