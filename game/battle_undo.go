package game

import (
	"strings"
	"time"

	"hedgerow/rules"
)

// noteLines records how many log lines the command just given writes.
func (b *battle) noteLines(evs []rules.Event) {
	n := 0
	for _, ev := range evs {
		if ev.Text != "" || ev.Roll != nil {
			n++
		}
	}
	if b.lines == nil {
		b.lines = map[int]int{}
	}
	b.lines[len(b.g.Log)] = n
}

// takeBack takes back the last command (Ctrl+Z or the Undo button), or
// the end just given where the core keeps no step back, and takes the
// command's own lines out of the log: a play-tester's undone move still
// read "Pvt Hart moves 8.3 cm" beside the man back where he started. One
// quiet line says what was taken back.
func (b *battle) takeBack(a *App) {
	if b.st().Over {
		// the result stands: looking at the table after the end, Undo
		// had taken back the last end, and the battle was fought again
		a.Toast("The battle is over: its result stands, and nothing is taken back.")
		return
	}
	b.before = nil
	b.ask = nil
	// what is still animating is written to the log first
	b.tl.SkipAll()
	for _, an := range b.tl.Step(0) {
		b.finished(an)
	}
	n, known := b.lines[len(b.g.Log)]
	if err := b.g.Undo(); err != nil {
		if b.canTakeBackEnd() {
			if err := b.takeBackEnd(a); err == nil {
				b.log = append(b.log, logEntry{text: "(the end was taken back)", side: -1})
				a.Toast("Taken back: play on.")
				return
			}
		}
		a.Toast("Cannot take back: %s", err.Error())
		return
	}
	delete(b.lines, len(b.g.Log)+1)
	b.pending = map[rules.FigID]bool{}
	b.refresh()
	b.sel.Reset()
	what := ""
	if known {
		what = b.dropLines(n)
	}
	if what != "" {
		b.log = append(b.log, logEntry{text: "Taken back: " + b.takenBack(what), side: -1})
	} else {
		b.log = append(b.log, logEntry{text: "(last command taken back)", side: -1})
	}
	a.Toast("Taken back.")
}

// whyNoUndo says why nothing can be taken back now (a click on the greyed
// Undo did nothing and said nothing, play-test 6).
func (b *battle) whyNoUndo(a *App) {
	switch {
	case b.net != nil:
		a.Toast("Over the network nothing is taken back.")
	case b.st().Over:
		a.Toast("The battle is over: its result stands, and nothing is taken back.")
	default:
		b.takeBack(a) // (the core's reason, or the end just given taken back)
	}
}

// takenBack says a line taken out of the log as the undo's own line
// does, plainly: a move as "Sgt Price's move of 11 cm", without the
// working in brackets after it ("(taken back: Sgt Price moves 11 cm (4
// action points: 4 for the distance (...)))", play-test 9).
func (b *battle) takenBack(line string) string {
	if strings.HasSuffix(line, ")") {
		depth := 0
		for i := len(line) - 1; i > 0; i-- {
			switch line[i] {
			case ')':
				depth++
			case '(':
				depth--
			}
			if depth == 0 {
				if line[i-1] == ' ' && i > 1 {
					line = line[:i-1]
				}
				break
			}
		}
	}
	for _, f := range b.st().Figures {
		if rest, ok := strings.CutPrefix(line, f.Name+" moves "); ok && f.Name != "" {
			rest, _, _ = strings.Cut(rest, " and ") // ("... and comes under opportunity fire")
			return rules.Possessive(f.Name) + " move of " + rest
		}
	}
	return line
}

// dropLines takes the last n lines written by events out of the log
// (notes and tips written since stay), and returns the first one's words.
func (b *battle) dropLines(n int) string {
	first := ""
	for i := len(b.log) - 1; i >= 0 && n > 0; i-- {
		e := b.log[i]
		if e.kind == "" && e.roll == nil {
			continue // a note of the table's own, not an event's line
		}
		first = e.text
		b.log = append(b.log[:i], b.log[i+1:]...)
		n--
	}
	return first
}

// curtainSettled reports whether the curtain has been down long enough
// for a key or click to lift it: one within a moment of its coming down
// was meant for the table before it (the second Enter of an end asked
// about, a double-click on the end), and lifted the curtain for the
// other side before the mouse had changed hands (play-test 5).
// It is the clock that says so, not the count of updates: a busy machine
// runs its late updates in a burst, and the second Enter of a play-test
// under load lifted the curtain a fifth of a second after it came down.
func (b *battle) curtainSettled() bool {
	return time.Since(b.curtainWhen) >= askWait
}
