package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
)

func (b *battle) drawCurtain(dst *ebiten.Image, a *App) {
	st := b.st()
	art.Rect(dst, 0, 0, a.W, a.H, art.RGB(0x17120d))
	// a heavy cloth with folds
	col := art.Shade(sideColour(st, st.Decider), 0.45)
	for i := 0; i < 24; i++ {
		x := float64(i) * a.W / 24
		art.Rect(dst, x, 0, a.W/24, a.H, art.Shade(col, 0.85+0.25*math.Abs(math.Sin(float64(i)*0.9))))
	}
	if ex := b.explain; ex != nil && st.Decider != st.Active && len(ex.Lines) > 0 {
		// the other side may interrupt: say who, and why the mouse changes hands
		art.Say(dst, fmt.Sprintf("%s: %s", st.Sides[st.Decider].Name, ex.Lines[0]), art.BoldFace(24), a.W/2, a.H/2-150*art.UIScale, art.RGB(0xf7ecd2), 1)
		art.Say(dst, ex.Head, art.BoldFace(20), a.W/2, a.H/2-110*art.UIScale, art.RGB(0xf2c94c), 1)
		for i, l := range ex.Lines[1:] {
			art.Say(dst, l, art.Face(17), a.W/2, a.H/2-70*art.UIScale+float64(i)*24*art.UIScale, art.RGB(0xe8dcc0), 1)
		}
		art.Say(dst, fmt.Sprintf("Pass the mouse to %s. The table stays hidden until you click.", st.Sides[st.Decider].Name), art.Face(18), a.W/2, a.H/2, art.RGB(0xe8dcc0), 1)
	} else {
		art.Say(dst, fmt.Sprintf("%s, your move", st.Sides[st.Decider].Name), art.BoldFace(38), a.W/2, a.H/2-70*art.UIScale, art.RGB(0xf7ecd2), 1)
		if ex := b.explain; ex != nil && ex.Head != "" {
			art.Say(dst, ex.Head, art.BoldFace(18), a.W/2, a.H/2-18*art.UIScale, art.RGB(0xf2c94c), 1)
		}
		art.Say(dst, "Pass the mouse. The table stays hidden until you click.", art.Face(18), a.W/2, a.H/2+6*art.UIScale, art.RGB(0xe8dcc0), 1)
	}
	if e, ok := b.lastAction(); ok {
		art.Say(dst, "Last: "+e.text, art.ItalicFace(15), a.W/2, a.H/2+30*art.UIScale, art.RGB(0xd8c8a8), 1)
	}
	if line := b.unseenLine(b.st().Decider); line != "" {
		art.Say(dst, line, art.Face(15), a.W/2, a.H/2+54*art.UIScale, art.RGB(0xe8dcc0), 1)
	}
	art.Say(dst, "click, Space or Enter when ready", art.ItalicFace(14), a.W/2, a.H/2+80*art.UIScale, art.RGB(0xc8b894), 1)
	if line := b.takeBackLine(); line != "" {
		art.Say(dst, line, art.ItalicFace(14), a.W/2, a.H/2+104*art.UIScale, art.RGB(0xc8b894), 1)
	}
}

// takeBackLine is the curtain's word that the end just given may be
// taken back ("" when it may not). It says what Ctrl+Z takes back: the
// end alone, which rolled no dice; the dice rolled before it (a
// play-tester had just seen Blue roll two shots) stand.
func (b *battle) takeBackLine() string {
	if !b.canTakeBackEnd() {
		return ""
	}
	return fmt.Sprintf("%s: Ctrl+Z takes back the end you just gave (it rolled no dice); what was played before it stands", b.st().Sides[b.taken.side].Name)
}

// unseenLine tells side me that enemy teams are out of its sight, and
// that they show once spotted ("" when it sees them all): on the curtain
// as it takes the table, and once in its log (unseenTip). A play-tester
// who had just placed the British, the table then the Germans', found
// them gone and thought them deleted.
func (b *battle) unseenLine(me int) string {
	st := b.st()
	if me < 0 || me > 1 {
		return ""
	}
	v := rules.ViewOf(b.g.RS, st, me)
	hid, all := 0, 0
	for _, u := range st.Units {
		alive := false
		for i := range st.Figures {
			alive = alive || st.Figures[i].Unit == u.ID && !st.Figures[i].Removed
		}
		if u.Side != 1-me || !alive {
			continue
		}
		all++
		if !v.Unit(u.ID) {
			hid++
		}
	}
	they := st.Sides[1-me].Name
	switch {
	case hid == 0:
		return ""
	case hid == all:
		return fmt.Sprintf("%s %s out of sight: their men show on your table once one of yours spots them.", they, rules.Agree(they, "is", "are"))
	case hid == 1:
		return fmt.Sprintf("1 team of %s is out of sight: it shows on your table once one of yours spots it.", they)
	}
	return fmt.Sprintf("%d teams of %s are out of sight: they show on your table once one of yours spots them.", hid, they)
}

// unseenTip puts unseenLine in the log once a battle for the side at the
// table, when it first has the table with enemies out of its sight.
func (b *battle) unseenTip() {
	me := b.viewer()
	if b.curtain || me < 0 || me > 1 || b.unseenTold[me] || b.tl.Busy() || b.unseenAsk[me] == len(b.g.Log)+1 {
		return
	}
	b.unseenAsk[me] = len(b.g.Log) + 1 // (the view is asked once per command, not every update)
	if line := b.unseenLine(me); line != "" {
		b.unseenTold[me] = true
		b.log = append(b.log, logEntry{text: line, side: -1})
	}
}
