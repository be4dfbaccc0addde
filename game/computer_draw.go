package game

import (
	"fmt"
	"hedgerow/game/art"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// layoutComputer fills the action bar while the computer decides: pause,
// its pace and hurry. They are the only buttons then: no command of the
// computer's side is taken from the mouse.
func (b *battle) layoutComputer(a *App) {
	cp := b.cpu
	b.buttons, b.bcmds = b.buttons[:0], b.bcmds[:0]
	add := func(label, key string, f func()) {
		b.buttons = append(b.buttons, button{label: label, key: key})
		b.bcmds = append(b.bcmds, f)
	}
	if cp.paused {
		add("Play on", "P", func() { b.togglePause(a) })
	} else {
		add("Pause", "P", func() { b.togglePause(a) })
	}
	add("Pace: "+paces[a.cpu.pace].name, "", func() {
		a.cpu.pace = (a.cpu.pace + 1) % len(paces)
		if cp.wait > paces[a.cpu.pace].wait {
			cp.wait = paces[a.cpu.pace].wait
		}
		a.Toast("The computer's pace: %s (%gs between its moves).", paces[a.cpu.pace].name, paces[a.cpu.pace].wait)
	})
	add("Hurry", "Space", func() {
		b.tl.SkipAll()
		cp.wait = 0
	})
	x, y := 14*art.UIScale, a.H-b.tv.padB+16*art.UIScale
	for i := range b.buttons {
		bt := &b.buttons[i]
		lab := bt.label
		if bt.key != "" {
			lab = bt.key + "  " + lab
		}
		bt.w = art.TextW(lab, art.BoldFace(14)) + 28*art.UIScale
		bt.h = 38 * art.UIScale
		bt.x, bt.y = x, y
		x += bt.w + 10*art.UIScale
	}
}

// computerHint is the line beside the bar while the computer decides.
func (b *battle) computerHint() (string, bool) {
	if !b.computerDecides() {
		return "", false
	}
	st := b.st()
	who := fmt.Sprintf("%s (the computer, %s)", st.Sides[st.Decider].Name, strings.TrimSuffix(strings.TrimPrefix(b.drivers[st.Decider].label(), "Computer ("), ")"))
	switch {
	case b.cpu.paused:
		return who + " is paused. P or Play on lets it go on; the table stays yours to look at.", true
	case b.cpu.asked != nil:
		return who + " is thinking... Space hurries it; P pauses.", true
	}
	return who + " plays. Space hurries it; P pauses.", true
}

// drawComputer draws the small "Computer thinking..." mark at the top of
// the table while the computer decides.
func (b *battle) drawComputer(dst *ebiten.Image, a *App) {
	if !b.computerDecides() || b.curtain {
		return
	}
	cp := b.cpu
	s := "Computer thinking"
	switch {
	case cp.paused:
		s = "Computer paused (P)"
	case cp.asked != nil:
		n := int(time.Since(cp.started).Seconds()*3) % 4
		s += strings.Repeat(".", n) + strings.Repeat(" ", 3-n)
	default:
		s += "..."
	}
	st := b.st()
	f := art.BoldFace(13)
	w := art.TextW(s, f) + 34*art.UIScale
	// the table's bottom right corner (the scale bar has the left, the
	// toast and the cards the top)
	x := a.W - b.tv.padR - w - 10*art.UIScale
	y := a.H - b.tv.padB - 34*art.UIScale
	art.RoundRect(dst, x, y, w, 24*art.UIScale, 12*art.UIScale, art.RGBA(0x1b1610, 220))
	col := sideColour(st, st.Decider)
	pulse := 0.75 + 0.25*math.Sin(float64(time.Now().UnixMilli()%2000)/2000*2*math.Pi)
	if cp.paused {
		pulse = 1
	}
	art.Circle(dst, art.Pt{X: x + 14*art.UIScale, Y: y + 12*art.UIScale}, 6*art.UIScale*pulse, col)
	art.Say(dst, s, f, x+26*art.UIScale, y+4*art.UIScale, art.RGB(0xf2e2b8), 0)
	a.keepClear(x, y, w, 24*art.UIScale)
}
