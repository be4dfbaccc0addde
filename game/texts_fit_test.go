package game

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
)

// notation is what a player must never read on the table: the rules'
// command notation, dice notation, a needed roll as N+, Go's printing.
var notation = regexp.MustCompile(`\b[UV]\d+\b|[FUV]<|<target>|\b\d*[dD]\d+\b|%!|\bnil\b|&\{|\bmap\[|\b\d+\+(\s|$|[,;.)])|\bROF\b`)

// Issue 24, point 10: nothing clipped at any supported size. Every
// shipped scenario at 1024x640, played for its first commands (random
// legal ones, each figure selected and its target hovered first, the
// dice tray drawn while it rolls and once it has rolled), draws no text
// that runs off the window: a tie roll-off's outcome once ran off the
// tray and out of the window's edge. Nor does any text drawn carry
// notation.
func TestNoTextRunsOffTheWindow(t *testing.T) {
	plainTable(t)
	off := map[string]bool{}
	var at string
	art.Said = func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64) {
		w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
		if s != "" && (x0 < -1 || y0 < -1 || x1 > w+1 || y1 > h+1) {
			off[fmt.Sprintf("%s: %q at %.0f,%.0f-%.0f,%.0f on %.0fx%.0f", at, s, x0, y0, x1, y1, w, h)] = true
		}
		if m := notation.FindString(s); m != "" {
			off[fmt.Sprintf("%s: %q has notation (%q)", at, s, m)] = true
		}
	}
	defer func() { art.Said = nil }()
	for _, file := range shippedFiles(t) {
		g, evs := shippedGameEvents(t, file, 1)
		a := &App{W: 1024, H: 640, speed: 8}
		b := newBattle(a, g, evs)
		r := rand.New(rand.NewPCG(1, 2))
		for step := 0; step < 12 && !g.St.Over; step++ {
			at = fmt.Sprintf("%s, command %d", file, step)
			for k := 0; k < 3; k++ {
				for _, an := range b.tl.Step(0.5) {
					b.finished(an)
				}
				b.shown, b.curtain = g.St.Decider, false
				b.refresh()
				b.layoutButtons(a)
				render(a, b)
			}
			legal := g.Legal()
			if len(legal) == 0 {
				break
			}
			c := legal[r.IntN(len(legal))]
			b.sel.Reset()
			if c.Fig != 0 {
				b.sel.Mode, b.sel.Sel = view.Selected, c.Fig
				if len(c.Targets) > 0 {
					b.hover = c.Targets[0]
				}
				b.layoutButtons(a)
				render(a, b)
				b.hover = 0
			}
			b.sel.Reset()
			b.apply(a, c)
		}
	}
	var lines []string
	for l := range off {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	for i, l := range lines {
		if i == 20 {
			t.Errorf("... and %d more", len(lines)-20)
			break
		}
		t.Error(l)
	}
}

// The curtain tells the side taking the table that enemy teams are out
// of its sight and show once spotted, whole on a 1024x640 window; where
// every enemy is in sight it says nothing of it. A play-tester, handing
// the table to the Germans, found the British he had just placed gone.
func TestCurtainSaysTheEnemyIsOutOfSight(t *testing.T) {
	var said []string
	art.Said = func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64) {
		if x0 >= 0 && x1 <= float64(dst.Bounds().Dx()) {
			said = append(said, s)
		}
	}
	defer func() { art.Said = nil }()
	for file, hides := range map[string]bool{"firefight-crossroads.toml": true, "smle-skirmish.toml": false} {
		g, evs := shippedGameEvents(t, file, 1)
		a := &App{W: 1024, H: 640, speed: 8}
		b := newBattle(a, g, evs)
		b.tl.SkipAll()
		b.curtain = true
		said = nil
		render(a, b)
		line := b.unseenLine(g.St.Decider)
		if hides != (line != "") {
			t.Errorf("%s: the curtain's line is %q", file, line)
		}
		if line == "" {
			continue
		}
		shown := false
		for _, s := range said {
			shown = shown || s == line
		}
		if !shown || !strings.Contains(line, "out of sight") || !strings.Contains(line, g.St.Sides[1-g.St.Decider].Name) {
			t.Errorf("%s: the curtain does not show %q whole", file, line)
		}
		// at the table, the log says it once
		b.curtain, b.shown = false, g.St.Decider
		for _, an := range b.tl.Step(100) {
			b.finished(an)
		}
		b.unseenTip()
		b.unseenTip()
		n := 0
		for _, e := range b.log {
			if e.text == line {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: the log says %q %d times, want once", file, line, n)
		}
	}
}

// The bar's hint while the end question stands fits the bar at 1024x640
// in every shipped scenario: its last words ("Esc plays on.") fell off
// the window's foot in S.M.L.E. (play-test 4).
func TestEndQuestionHintFitsTheBar(t *testing.T) {
	plainTable(t)
	var off []string
	asked := 0
	art.Said = func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64) {
		if y1 > float64(dst.Bounds().Dy())+1 || x1 > float64(dst.Bounds().Dx())+1 {
			off = append(off, s)
		}
	}
	defer func() { art.Said = nil }()
	for _, file := range shippedFiles(t) {
		a, b, _ := restingBattle(t, file)
		b.layoutButtons(a)
		render(a, b)
		c := b.enterEnd()
		if c == nil {
			continue
		}
		b.end(a, *c)
		if b.ask == nil {
			continue
		}
		asked++
		off = off[:0]
		b.layoutButtons(a)
		render(a, b)
		if len(off) > 0 {
			t.Errorf("%s: with the end question up, %q runs off the window", file, off)
		}
	}
	if asked < 5 {
		t.Fatalf("the end question came up in only %d scenarios: the test looks at little", asked)
	}
}

// The bar's hint wraps into the room it has: the end question's hint in
// the 170 px the S.M.L.E. bar left it at 1024x640, three lines high,
// fits whole in smaller letters where in its usual ones its last words
// fell off the window's foot (play-test 4); a hint too long for any size
// is cut on its last line, never below the room.
func TestBarHintFitsItsRoom(t *testing.T) {
	hint := "3 figures and 1 team can still act. Enter or click again to end anyway; Esc plays on."
	w, h := 170*art.UIScale, 52*art.UIScale
	if n := len(art.Wrap(hint, art.ItalicFace(13), w)); float64(n)*13*art.UIScale*1.3 <= h {
		t.Fatalf("the hint takes %d lines at its usual size: the case fits already", n)
	}
	face, lines := barHintLines(hint, w, h)
	if float64(len(lines))*face.Size*1.3 > h+0.01 || strings.Join(lines, " ") != hint {
		t.Errorf("the hint reads %q in %.0f px letters (%d lines in %.0f px)", lines, face.Size, len(lines), h)
	}
	long := strings.Repeat(hint+" ", 3)
	face, lines = barHintLines(long, w, h)
	if float64(len(lines))*face.Size*1.3 > h+0.01 || !strings.HasSuffix(lines[len(lines)-1], "...") {
		t.Errorf("a hint too long for the room reads %q", lines)
	}
}

// The bar's number keys run on without a gap at 1024x640: with each
// figure that may act selected in every shipped scenario's opening, the
// keys on the bar are 1, 2, 3... A crowded S.M.L.E. bar read "4 Run,
// 6 Turn...": the Move button, which only says to drag, had taken 5 and
// was dropped (play-test 4).
func TestBarKeysHaveNoGaps(t *testing.T) {
	checked := 0
	for _, file := range shippedFiles(t) {
		a, b, g := restingBattle(t, file)
		for _, f := range g.St.Figures {
			if f.Removed || !b.anyFor(f.ID) {
				continue
			}
			b.sel.Reset()
			b.sel.Mode, b.sel.Sel = view.Selected, f.ID
			b.layoutButtons(a)
			var keys []string
			for _, bt := range b.buttons {
				if !bt.endSlot && bt.key != "" {
					keys = append(keys, bt.key)
				}
			}
			for i, k := range keys {
				if k != fmt.Sprint(i+1) {
					t.Errorf("%s, %s selected: the bar's keys read %v", file, f.Name, keys)
					break
				}
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d bars looked at", checked)
	}
}

// restingBattle is file's battle at 1024x640 once its opening has played
// out, handed to the side deciding, its commands read.
func restingBattle(t *testing.T, file string) (*App, *battle, *rules.Game) {
	t.Helper()
	g, evs := shippedGameEvents(t, file, 1)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, evs)
	b.tl.SkipAll()
	for _, an := range b.tl.Step(100) {
		b.finished(an)
	}
	b.shown, b.curtain = g.St.Decider, false
	b.refresh()
	return a, b, g
}

// No button on the bar is cut below its first word at 1024x640, in every
// shipped scenario's first commands, whichever figure is selected: a
// crowded Firefight bar read "5 G...", "6 G...", "7 O..." (play-test 5),
// and greyed stand-ins shrunk to a bare number read as broken buttons.
func TestBarNamesAreNotCutToALetter(t *testing.T) {
	bad := map[string]bool{}
	bars := 0
	for _, file := range shippedFiles(t) {
		g, evs := shippedGameEvents(t, file, 1)
		a := &App{W: 1024, H: 640, speed: 8}
		b := newBattle(a, g, evs)
		r := rand.New(rand.NewPCG(3, 4))
		for step := 0; step < 16 && !g.St.Over; step++ {
			b.tl.SkipAll()
			for _, an := range b.tl.Step(100) {
				b.finished(an)
			}
			b.shown, b.curtain = g.St.Decider, false
			b.refresh()
			for _, f := range g.St.Figures {
				if f.Removed || !b.anyFor(f.ID) {
					continue
				}
				b.sel.Reset()
				b.sel.Mode, b.sel.Sel = view.Selected, f.ID
				// the names as a bar with room for all gives them
				a.W = 4000
				b.layoutButtons(a)
				var words []string
				for _, bt := range b.buttons {
					for _, l := range []string{bt.label, bt.short} {
						if w := strings.Fields(strings.TrimSuffix(l, "...")); len(w) > 0 {
							words = append(words, w[0])
						}
					}
				}
				a.W = 1024
				b.layoutButtons(a)
				bars++
				for _, bt := range b.buttons {
					core := strings.TrimSuffix(strings.TrimSuffix(bt.label, "..."), "…")
					if !slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(core, w) }) {
						bad[fmt.Sprintf("%s, %s selected: a button reads %q", file, f.Name, bt.key+" "+bt.label)] = true
					}
				}
			}
			legal := g.Legal()
			if len(legal) == 0 {
				break
			}
			b.sel.Reset()
			b.apply(a, legal[r.IntN(len(legal))])
		}
	}
	var lines []string
	for l := range bad {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	for i, l := range lines {
		if i == 20 {
			t.Errorf("... and %d more", len(lines)-20)
			break
		}
		t.Error(l)
	}
	if bars < 200 {
		t.Fatalf("only %d bars looked at", bars)
	}
}
