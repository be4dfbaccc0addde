package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

func (b *battle) drawCurtain(dst *ebiten.Image, a *App) {
	st := b.st()
	rect(dst, 0, 0, a.W, a.H, rgb(0x17120d))
	// a heavy cloth with folds
	col := shade(sideColour(st, st.Decider), 0.45)
	for i := 0; i < 24; i++ {
		x := float64(i) * a.W / 24
		rect(dst, x, 0, a.W/24, a.H, shade(col, 0.85+0.25*math.Abs(math.Sin(float64(i)*0.9))))
	}
	if ex := b.explain; ex != nil && st.Decider != st.Active && len(ex.Lines) > 0 {
		// the other side may interrupt: say who, and why the mouse changes hands
		say(dst, fmt.Sprintf("%s: %s", st.Sides[st.Decider].Name, ex.Lines[0]), boldFace(24), a.W/2, a.H/2-150*uiScale, rgb(0xf7ecd2), 1)
		say(dst, ex.Head, boldFace(20), a.W/2, a.H/2-110*uiScale, rgb(0xf2c94c), 1)
		for i, l := range ex.Lines[1:] {
			say(dst, l, face(17), a.W/2, a.H/2-70*uiScale+float64(i)*24*uiScale, rgb(0xe8dcc0), 1)
		}
		say(dst, fmt.Sprintf("Pass the mouse to %s. The table stays hidden until you click.", st.Sides[st.Decider].Name), face(18), a.W/2, a.H/2, rgb(0xe8dcc0), 1)
	} else {
		say(dst, fmt.Sprintf("%s, your move", st.Sides[st.Decider].Name), boldFace(38), a.W/2, a.H/2-70*uiScale, rgb(0xf7ecd2), 1)
		if ex := b.explain; ex != nil && ex.Head != "" {
			say(dst, ex.Head, boldFace(18), a.W/2, a.H/2-18*uiScale, rgb(0xf2c94c), 1)
		}
		say(dst, "Pass the mouse. The table stays hidden until you click.", face(18), a.W/2, a.H/2+6*uiScale, rgb(0xe8dcc0), 1)
	}
	if e, ok := b.lastAction(); ok {
		say(dst, "Last: "+e.text, italicFace(15), a.W/2, a.H/2+30*uiScale, rgb(0xd8c8a8), 1)
	}
	say(dst, "click, Space or Enter when ready", italicFace(14), a.W/2, a.H/2+80*uiScale, rgb(0xc8b894), 1)
	if b.canTakeBackEnd() {
		say(dst, fmt.Sprintf("%s: Ctrl+Z takes back the end (no dice were rolled)", st.Sides[b.taken.side].Name), italicFace(14), a.W/2, a.H/2+104*uiScale, rgb(0xc8b894), 1)
	}
}
