package game

// Picking figures and teams other than by a click on them: Tab, the
// order of play, and the camera gliding to what was picked.

import (
	"hedgerow/game/view"
	"hedgerow/rules"
)

// tab is Tab (when pressed) with the pointer at mx, my: the next figure
// that can act is selected and the card shows him, not the man under the
// pointer, until the pointer moves or the selection changes.
func (b *battle) tab(pressed bool, mx, my float64) {
	if pressed {
		b.selectNext()
		b.tabbed.id, b.tabbed.mx, b.tabbed.my = b.sel.Sel, mx, my
	} else if b.tabbed.id != 0 && (mx != b.tabbed.mx || my != b.tabbed.my || b.sel.Sel != b.tabbed.id) {
		b.tabbed.id = 0
	}
}

func (b *battle) selectNext() {
	var ids []rules.FigID
	for _, f := range b.st().Figures {
		if !f.Removed && b.anyFor(f.ID) {
			ids = append(ids, f.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	next := ids[0]
	for i, id := range ids {
		if id == b.sel.Sel && i+1 < len(ids) {
			next = ids[i+1]
		}
	}
	b.sel.Mode, b.sel.Sel = view.Selected, next
	b.autoTarget()
	if f := b.st().Fig(next); f != nil {
		p := b.tv.scr(f.Pos)
		if p.X < 0 || p.Y < 0 || p.X > b.tv.cam.W-b.tv.padR || p.Y > b.tv.cam.H-b.tv.padB {
			b.tv.cam.PanSmooth(b.tv.cam.W/2-p.X, b.tv.cam.H/2-p.Y)
		}
	}
}

// glideTo brings a unit the player may see into view, gliding the camera
// when any of its figures is off the table's visible part.
func (b *battle) glideTo(u rules.UnitID) {
	if u == 0 || !b.view().Unit(u) {
		return
	}
	var sx, sy, n float64
	off := false
	for i := range b.st().Figures {
		f := &b.st().Figures[i]
		if f.Unit != u || f.Removed || b.hiddenFromViewer(f) {
			continue
		}
		p := b.tv.scr(f.Pos)
		sx, sy, n = sx+p.X, sy+p.Y, n+1
		if p.X < b.tv.padL || p.Y < b.tv.padT || p.X > b.tv.cam.W-b.tv.padR || p.Y > b.tv.cam.H-b.tv.padB {
			off = true
		}
	}
	if n == 0 || !off {
		return
	}
	cx := b.tv.padL + (b.tv.cam.W-b.tv.padL-b.tv.padR)/2
	cy := b.tv.padT + (b.tv.cam.H-b.tv.padT-b.tv.padB)/2
	b.tv.cam.PanSmooth(cx-sx/n, cy-sy/n)
}

// glideToSide brings the figures of the side to play that may act into
// view when a step is the whole side's (1/35th's turn, a phase), and
// fewer than half of them are on the visible table: a play-tester
// zoomed in on the Germans found the British turn's men under the bar.
func (b *battle) glideToSide() {
	st := b.st()
	var sx, sy, n, on float64
	for i := range st.Figures {
		f := &st.Figures[i]
		if f.Side != st.Decider || f.Removed || b.hiddenFromViewer(f) || !b.anyFor(f.ID) {
			continue
		}
		p := b.tv.scr(f.Pos)
		sx, sy, n = sx+p.X, sy+p.Y, n+1
		if p.X >= b.tv.padL && p.Y >= b.tv.padT && p.X <= b.tv.cam.W-b.tv.padR && p.Y <= b.tv.cam.H-b.tv.padB {
			on++
		}
	}
	if n == 0 || on*2 >= n {
		return
	}
	cx := b.tv.padL + (b.tv.cam.W-b.tv.padL-b.tv.padR)/2
	cy := b.tv.padT + (b.tv.cam.H-b.tv.padT-b.tv.padB)/2
	b.tv.cam.PanSmooth(cx-sx/n, cy-sy/n)
}

// pickUnit answers a click on a team in the order of play: a team of the
// side to play that can act has its first such figure selected; any team
// the player may see is brought into view.
func (b *battle) pickUnit(u rules.UnitID) {
	if !b.view().Unit(u) {
		return
	}
	b.glideTo(u)
	for i := range b.st().Figures {
		f := &b.st().Figures[i]
		if f.Unit == u && !f.Removed && f.Side == b.st().Decider && b.anyFor(f.ID) {
			b.sel.Reset()
			b.sel.Mode, b.sel.Sel = view.Selected, f.ID
			b.autoTarget()
			return
		}
	}
}
