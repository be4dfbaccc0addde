package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

func (b *battle) drawMoveTape(dst *ebiten.Image, f *rules.Figure) {
	info := b.moveInfo
	legs := info.Legs
	if len(legs) == 0 {
		legs = append([]geom.Pt{f.Pos}, b.movePath...)
	}
	// the path as dragged (faint) and as the rules follow it
	full := append([]geom.Pt{f.Pos}, b.movePath...)
	for i := 1; i < len(full); i++ {
		art.StrokeDashed(dst, b.tv.scr(full[i-1]), b.tv.scr(full[i]), 2*art.UIScale, 6*art.UIScale, 5*art.UIScale, art.RGBA(0xffffff, 150))
	}
	okCol, badCol := art.RGB(0x7ee08a), art.RGB(0xf05a4a)
	col := okCol
	if !info.OK {
		col = badCol
	}
	// green as far as the allowance reaches, red beyond it
	reach := math.Inf(1)
	if info.Cost > 0 && info.Allowance > 0 {
		reach = float64(info.Allowance) * float64(max(info.Length, 1)) / float64(info.Cost)
	}
	walked := 0.0
	for i := 1; i < len(legs); i++ {
		pa, pb := b.tv.scr(legs[i-1]), b.tv.scr(legs[i])
		art.Line(dst, art.Pt{X: pa.X + 1, Y: pa.Y + 2}, art.Pt{X: pb.X + 1, Y: pb.Y + 2}, 7*art.UIScale, art.RGBA(0x000000, 100))
		seg := view.PathLength(legs[i-1], legs[i:i+1])
		switch {
		case walked+seg <= reach && info.OK:
			art.Line(dst, pa, pb, 6*art.UIScale, okCol)
		case walked >= reach || !info.OK && walked+seg <= reach:
			c := badCol
			if walked+seg <= reach {
				c = okCol
			}
			art.Line(dst, pa, pb, 6*art.UIScale, c)
		default:
			k := (reach - walked) / seg
			mid := art.Pt{X: pa.X + (pb.X-pa.X)*k, Y: pa.Y + (pb.Y-pa.Y)*k}
			art.Line(dst, pa, mid, 6*art.UIScale, okCol)
			art.Line(dst, mid, pb, 6*art.UIScale, badCol)
		}
		walked += seg
	}
	// inch ticks along the followed path
	var pts []art.Pt
	for _, q := range legs {
		pts = append(pts, b.tv.scr(q))
	}
	art.Along(pts, b.tv.px(1), func(q art.Pt, ang float64, i int) {
		nx, ny := -math.Sin(ang)*5*art.UIScale, math.Cos(ang)*5*art.UIScale
		art.Line(dst, art.Pt{X: q.X - nx, Y: q.Y - ny}, art.Pt{X: q.X + nx, Y: q.Y + ny}, 1.5*art.UIScale, art.RGB(0x1a1a1a))
	})
	// each crossing the dice will price before the move ends: a die mark
	// and its words on the tape, where the path meets it
	for _, c := range b.moveCross {
		q := b.tv.scr(c.At)
		ring := art.RGB(0xffd34d)
		if c.Halt {
			ring = art.RGB(0xff9a3c)
		}
		s := 7 * art.UIScale
		art.RoundRect(dst, q.X-s, q.Y-s, 2*s, 2*s, 2*art.UIScale, art.RGB(0xfaf6e8))
		art.RectLine(dst, q.X-s, q.Y-s, 2*s, 2*s, 2*art.UIScale, ring)
		art.Circle(dst, q, 1.8*art.UIScale, art.RGB(0x1a1a1a))
		f := art.BoldFace(11)
		w := art.TextW(c.Note, f)
		lx, ly := q.X+s+4*art.UIScale, q.Y-8*art.UIScale
		art.RoundRect(dst, lx-3*art.UIScale, ly-1*art.UIScale, w+6*art.UIScale, 16*art.UIScale, 3*art.UIScale, art.RGBA(0x101010, 210))
		art.Say(dst, c.Note, f, lx, ly, ring, 0)
	}
	// ghost at the stop point
	stop := b.tv.scr(info.Stop)
	if info.Stop == (geom.Pt{}) {
		stop = b.tv.scr(legs[len(legs)-1])
	}
	r := b.tv.px(geom.Inches(b.st().BaseR))
	art.Ring(dst, stop, r, 2*art.UIScale, col)
	sc := b.scale()
	txt := fmt.Sprintf("%s used, %s left", sc.Format(info.Cost), sc.Format(max(0, info.Allowance-info.Cost)))
	if !info.OK {
		txt = fmt.Sprintf("%s of %s", sc.Format(info.Cost), sc.Format(info.Allowance))
	}
	lines := []string{txt}
	if len(b.moveCross) > 0 {
		// the crossings in words, instead of the rule set's note on them
		lines = append(lines, crossingWords(b.moveCross))
	} else if info.Why != "" {
		lines = append(lines, b.plain(info.Why))
	}
	if !info.OK && len(b.moveFit) == 0 && len(b.movePath) > 0 {
		lines = append(lines, "Let go and he stays where he is.")
	}
	if !info.OK && len(b.moveFit) > 0 {
		// where letting go will leave the figure: the furthest legal point
		fit := b.tv.scr(b.moveFit[len(b.moveFit)-1])
		art.Circle(dst, fit, r, art.RGBA(0x7ee08a, 110))
		art.Ring(dst, fit, r, 2.5*art.UIScale, okCol)
		fi := b.g.MoveCheck(b.sel.Sel, b.moveFit)
		lines = append(lines, fmt.Sprintf("Let go and it stops at the green ring (%s).", sc.Format(fi.Cost)))
	}
	mx, my := cursor()
	f2 := art.BoldFace(14)
	// wrapped, and kept on the table's part of the window: at 1024x640 a
	// long note by the pointer near the edge ran off it
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, art.Wrap(l, f2, 340*art.UIScale)...)
	}
	lines = wrapped
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, art.TextW(l, f2))
	}
	x, y := mx+18*art.UIScale, my+12*art.UIScale
	bw, bh := w+16*art.UIScale, float64(len(lines))*20*art.UIScale+10*art.UIScale
	if right := b.tv.cam.W - b.tv.padR - 4*art.UIScale; x+bw > right {
		// slid left to fit and lifted above the pointer (not mirrored to
		// its left, where the figure the drag started from may stand)
		x = math.Max(4*art.UIScale, right-bw)
		y = my - 18*art.UIScale - bh
	}
	if y < b.tv.padT+4*art.UIScale {
		y = my + 12*art.UIScale // no room above: below the pointer
	}
	if bottom := b.tv.cam.H - b.tv.padB - 4*art.UIScale; y+bh > bottom {
		y = math.Max(b.tv.padT+4*art.UIScale, my-12*art.UIScale-bh)
	}
	art.RoundRect(dst, x, y, w+16*art.UIScale, float64(len(lines))*20*art.UIScale+10*art.UIScale, 5*art.UIScale, art.RGBA(0x101010, 220))
	for i, l := range lines {
		c := art.RGB(0xffffff)
		if i == 0 {
			c = col
		}
		art.Say(dst, l, f2, x+8*art.UIScale, y+5*art.UIScale+float64(i)*20*art.UIScale, c, 0)
	}
}

// crossingWords is the tape's line on the crossings a move will roll
// for: how many, what, and whether a roll may halt the figure short of
// the ring.
func crossingWords(cs []rules.Crossing) string {
	var names []string
	halt := false
	for _, c := range cs {
		names = append(names, c.What)
		halt = halt || c.Halt
	}
	what := "a roll to cross the " + names[0]
	if len(cs) > 1 {
		what = fmt.Sprintf("%d rolls to cross (%s)", len(cs), strings.Join(names, ", "))
	}
	if halt {
		return "On the way: " + what + "; a bad roll halts him before it, short of the ring."
	}
	return "On the way: " + what + "; the points it costs are rolled."
}
