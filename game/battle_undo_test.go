package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Taking back a move takes its line out of the log and says what was
// taken back: after a play-tester's Undo the log still read "Pvt Hart
// moves 8.3 cm" beside the man back where he had started.
//
// That line reads plainly: "Taken back: Sgt Price's move of 11 cm", not
// "(taken back: Sgt Price moves 11 cm (4 action points: 4 for the
// distance (...)))", brackets in brackets (play-test 9).
func TestTakeBackTakesTheLinesOut(t *testing.T) {
	a, b := newTestBattle(t)
	takesBackAMove(t, a, b)
	g := shippedGame(t, "firefight-crossroads.toml", 1)
	r := rand.New(rand.NewPCG(1, 2))
	for step := 0; step < 200 && !slices.ContainsFunc(g.Legal(), func(c rules.Command) bool { return c.Verb == "move" }); step++ {
		if c, ok := rules.RandomCommand(g, r); ok {
			g.Apply(c)
		}
	}
	a, b = deciderTable(g)
	b.refresh()
	takesBackAMove(t, a, b)
}

func takesBackAMove(t *testing.T, a *App, b *battle) {
	t.Helper()
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
		want := "Taken back: " + rules.Possessive(f.Name) + " move of "
		if last := b.log[len(b.log)-1].text; !strings.HasPrefix(last, want) || strings.Contains(last, "(") || strings.Contains(last, "action points") {
			t.Errorf("after %q the log's last line is %q", moved, last)
		}
		break
	}
	if moved == "" {
		t.Fatal("no move was given: the test proves nothing")
	}
}

// A notice in battle stands over the table, never over the log beside
// it, and goes once a command changes the table (one saying whose
// prompt was up stayed after the prompt was answered, over the log).
func TestNoticeKeepsToTheTableAndGoesWithIt(t *testing.T) {
	a, b := newTestBattle(t)
	a.W, a.H = 1024, 640
	b.tv.cam.Resize(a.W, a.H)
	b.tl.SkipAll()
	for _, an := range b.tl.Step(100) {
		b.finished(an)
	}
	b.shown = b.st().Decider
	render(a, b)
	a.Toast("The Outpost may act first: this is their prompt, and a long notice that would run across the window's width and over the log.")
	x, _, w, _, _ := a.toastBox()
	if x < 0 || x+w > a.W-b.tv.padR {
		t.Errorf("the notice spans %.0f..%.0f, over the log from %.0f", x, x+w, a.W-b.tv.padR)
	}
	for _, c := range b.g.Legal() {
		if c.Verb != "move" {
			continue
		}
		f := b.st().Fig(c.Fig)
		c.Path = []geom.Pt{{X: f.Pos.X, Y: f.Pos.Y - geom.PerInch}}
		if !b.apply(a, c) {
			c.Path = []geom.Pt{{X: f.Pos.X, Y: f.Pos.Y + geom.PerInch}}
			if !b.apply(a, c) {
				continue
			}
		}
		if a.toastT > 0 {
			t.Errorf("the notice %q stays after a command", a.toast)
		}
		return
	}
	t.Fatal("no move given")
}

// The log's newest line is never drawn under a card in the side panel,
// however tall the card (a vehicle's card hid a take-back's line).
func TestLogNewestLineNotUnderACard(t *testing.T) {
	a, b := newTestBattle(t)
	a.W, a.H = 1024, 640
	b.tv.cam.Resize(a.W, a.H)
	b.tl.SkipAll()
	b.tl.Step(100)
	for i := range 40 { // a long log: the newest line at its foot
		b.log = append(b.log, logEntry{text: fmt.Sprintf("an older line %d", i), side: -1})
	}
	b.log = append(b.log, logEntry{text: "(taken back: the newest line)", side: -1})
	var at float64 = -1
	art.Said = func(_ *ebiten.Image, s string, _, y0, _, _ float64) {
		if s == "(taken back: the newest line)" {
			at = y0
		}
	}
	for _, top := range []float64{a.H - 100, 200} { // a card's top, short and tall
		at = -1
		b.cardTop = top
		render(a, b)
		if at >= top || at < 0 && top > a.H/2 {
			t.Errorf("a card from %.0f: the newest line drawn at %.0f (-1: not at all)", top, at)
		}
	}
	art.Said = nil
}
