package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/game/view"
)

// The bottom bar as drawn: its buttons, the hint beside them (what the
// table waits for, in the room the buttons leave) and the heading of the
// other side's prompt. The buttons are chosen in hud_actionbar.go and
// laid out in hud_barfit.go.

func (b *battle) drawBottom(dst *ebiten.Image, a *App) {
	y := a.H - b.tv.padB
	art.Rect(dst, 0, y, a.W-b.tv.padR, b.tv.padB, art.RGB(0x1b1610))
	art.Rect(dst, 0, y, a.W-b.tv.padR, 2*art.UIScale, art.RGB(0x8a6a44))
	for i := range b.buttons {
		bt := &b.buttons[i]
		bt.draw(dst, bt.strong)
	}
	defer b.drawWholeLabel(dst, a)
	if t := b.promptTag(); t != "" && b.tagOn {
		// whose prompt the buttons are: drawn where the mover's own
		// first buttons stood a moment ago (promptTagW)
		art.Say(dst, t, art.BoldFace(13), 14*art.UIScale, y+26*art.UIScale, art.Shade(sideColour(b.st(), b.st().Decider), 1.4), 0)
	}
	hint := b.barHint()
	// the hint goes between the last button and the end's place
	x, right := b.hintPlace(a)
	if hint != "" && right-x > 180*art.UIScale {
		face, lines := barHintLines(hint, right-x-10*art.UIScale, a.H-4*art.UIScale-(y+18*art.UIScale))
		for _, l := range lines {
			art.Say(dst, l, face, x, y+18*art.UIScale, art.RGB(0xc8b894), 0)
			y += face.Size * 1.3
		}
	}
}

// barHintLines wraps the bar's hint into the room it has, w wide and h
// high: in its usual letters, else a size smaller, and only then with the
// last line that fits cut ("Esc plays on." fell off the window's foot at
// 1024x640, play-test 4).
func barHintLines(hint string, w, h float64) (*text.GoTextFace, []string) {
	var face *text.GoTextFace
	var lines []string
	for _, size := range []float64{13, 12, 11} {
		face = art.ItalicFace(size)
		lines = art.Wrap(hint, face, w)
		if float64(len(lines))*face.Size*1.3 <= h {
			return face, lines
		}
	}
	n := max(1, int(h/(face.Size*1.3)))
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] = clipLabel(lines[n-1]+"...", "", w, face)
	}
	return face, lines
}

// barHint is the line beside the bar's buttons: what to do now, why a
// figure can do nothing, or the question before an end.
func (b *battle) barHint() string {
	if b.net != nil && b.net.typing {
		return b.netHint() // the chat line being typed shows over any question (net.go)
	}
	if b.ask != nil && b.ask.st == b.st() {
		return b.ask.hint
	}
	if b.st().Over {
		return "The battle is over: the table as it ended, the log on the right. Enter shows the result again."
	}
	if h := b.netHint(); h != "" {
		return h // whose turn over the network, the chat line (net.go)
	}
	if h, ok := b.computerHint(); ok { // (computer_draw.go)
		return h
	}
	if b.handingOver() {
		return fmt.Sprintf("Over to %s once the dice have rolled (a click hurries them).", b.st().Sides[b.st().Decider].Name)
	}
	hint := ""
	switch b.sel.Mode {
	case view.Idle:
		if v := b.st().Veh(b.selVeh); v != nil {
			hint = b.vehHint(v)
			break
		}
		hint = "Click one of your figures (a light dot marks those that can act). " + keys.KeyName(keys.ActNext) + " cycles."
	case view.Selected:
		if f := b.st().Fig(b.sel.Sel); f != nil {
			switch {
			case b.sel.CanAct("move") && !b.enemyInSight(f.Side):
				hint = f.Name + " selected. No enemy is in sight yet: drag from the figure to move and look for them."
			case b.sel.CanAct("move"):
				hint = f.Name + " selected. Drag from the figure to move, or click an enemy to aim; " + keys.KeyName(keys.ActRings) + " shows ranges."
			case b.sel.CanAct("fire") || b.sel.CanAct("melee"):
				hint = f.Name + " selected. Pick an action below, or " + keys.KeyName(keys.ActRings) + " for ranges."
			default:
				hint = b.idleWhy(f)
			}
		}
	case view.Targeting:
		// Enter never ends the turn while aiming (battle_input.go): the
		// hint says what it and Esc do instead, so a silent Enter is no
		// surprise
		hint = "Click a red-ringed figure (hover one for the odds), or point at one and press Enter. Esc stops aiming."
		switch {
		case b.sel.Line && b.sel.LineA == nil:
			hint = "Click the line's first end on the table. Esc cancels."
		case b.sel.Line:
			hint = "Click the line's second end: it is drawn as it would be laid. Esc takes back the first end."
		case b.sel.Point:
			hint = "Click a point on the table. Esc cancels."
		case b.sel.Ground:
			hint = "Click a red-ringed figure, or a point on the ground to aim there. Esc cancels."
		}
	}
	return hint
}

// enemyInSight reports whether the table shows side any enemy figure.
func (b *battle) enemyInSight(side int) bool {
	st := b.st()
	for i := range st.Figures {
		if e := &st.Figures[i]; e.Side != side && !e.Removed && b.view().Figure(e.ID) {
			return true
		}
	}
	return false
}

// promptTag names the side whose interruption prompt (opportunity fire)
// stands on the bar of a shared desk: "British decide:". Its buttons
// come after it, so they never stand where the mover's own buttons were
// a moment ago: the play-tester, moving a German, clicked where his
// "Shoot..." had been and fired the British team.
func (b *battle) promptTag() string {
	if !b.deskInterrupt() || b.viewsDiffer() || len(b.legal) == 0 {
		return ""
	}
	st := b.st()
	if st.Decider < 0 || st.Decider >= len(st.Sides) {
		return ""
	}
	return st.Sides[st.Decider].Name + " decide:"
}

// promptTagW is the room promptTag takes at the bar's left (0 without).
func (b *battle) promptTagW() float64 {
	t := b.promptTag()
	if t == "" {
		return 0
	}
	// at least the width of a usual first button ("1  Turn..."), so that
	// none of the prompt's buttons lies where the mover's first one did
	return math.Max(art.TextW(t, art.BoldFace(13))+12*art.UIScale, 110*art.UIScale)
}

// hintPlace is where the bar's hint may stand: from after the last button
// to the end's place.
func (b *battle) hintPlace(a *App) (x, right float64) {
	x, right = 14*art.UIScale, a.W-b.tv.padR
	if b.tagOn {
		x += b.promptTagW()
	}
	for _, bt := range b.buttons {
		if bt.endSlot {
			right = bt.x
		} else {
			x = max(x, bt.x+bt.w+16*art.UIScale)
		}
	}
	return x, right
}

// hintShown reports whether the bar has room for its hint now.
func (b *battle) hintShown(a *App) bool {
	x, right := b.hintPlace(a)
	return right-x > 180*art.UIScale
}

// drawWholeLabel shows the whole words of a bar button that a crowded bar
// shortened, while the pointer is on it: over the bar, on the button's
// own row, never over the table's figures ("1 Shoot: MG team..." said
// nothing more when hovered, play test 11).
func (b *battle) drawWholeLabel(dst *ebiten.Image, a *App) {
	for i := range b.buttons {
		bt := &b.buttons[i]
		if bt.full == "" || bt.full == bt.label || !bt.hover() {
			continue
		}
		lbl := bt.full
		if bt.key != "" {
			lbl = bt.key + "  " + lbl
		}
		room := a.W - b.tv.padR - 8*art.UIScale
		face := art.BoldFace(bt.fontSize())
		for sz := bt.fontSize() - 1; sz >= 9 && art.TextW(lbl, face)+20*art.UIScale > room; sz-- {
			face = art.BoldFace(sz)
		}
		w := art.TextW(lbl, face) + 20*art.UIScale
		x := min(bt.x, a.W-b.tv.padR-4*art.UIScale-w)
		x = max(x, 4*art.UIScale)
		art.RoundRect(dst, x, bt.y+2*art.UIScale, w, bt.h, 6*art.UIScale, art.RGBA(0x000000, 110))
		art.RoundRect(dst, x, bt.y, w, bt.h, 6*art.UIScale, art.RGB(0x6e5538))
		art.Say(dst, lbl, face, x+w/2, bt.y+bt.h/2-face.Size*0.62, art.RGB(0xfbf3e0), 1)
		return
	}
}
