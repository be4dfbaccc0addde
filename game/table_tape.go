package game

import (
	"fmt"
	"math"

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
	if info.Why != "" {
		lines = append(lines, b.plain(info.Why))
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
