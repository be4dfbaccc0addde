package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

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
		strokeDashed(dst, b.tv.scr(full[i-1]), b.tv.scr(full[i]), 2*uiScale, 6*uiScale, 5*uiScale, rgba(0xffffff, 150))
	}
	okCol, badCol := rgb(0x7ee08a), rgb(0xf05a4a)
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
		line(dst, fpt{pa.X + 1, pa.Y + 2}, fpt{pb.X + 1, pb.Y + 2}, 7*uiScale, rgba(0x000000, 100))
		seg := view.PathLength(legs[i-1], legs[i:i+1])
		switch {
		case walked+seg <= reach && info.OK:
			line(dst, pa, pb, 6*uiScale, okCol)
		case walked >= reach || !info.OK && walked+seg <= reach:
			c := badCol
			if walked+seg <= reach {
				c = okCol
			}
			line(dst, pa, pb, 6*uiScale, c)
		default:
			k := (reach - walked) / seg
			mid := fpt{pa.X + (pb.X-pa.X)*k, pa.Y + (pb.Y-pa.Y)*k}
			line(dst, pa, mid, 6*uiScale, okCol)
			line(dst, mid, pb, 6*uiScale, badCol)
		}
		walked += seg
	}
	// inch ticks along the followed path
	var pts []fpt
	for _, q := range legs {
		pts = append(pts, b.tv.scr(q))
	}
	along(pts, b.tv.px(1), func(q fpt, ang float64, i int) {
		nx, ny := -math.Sin(ang)*5*uiScale, math.Cos(ang)*5*uiScale
		line(dst, fpt{q.X - nx, q.Y - ny}, fpt{q.X + nx, q.Y + ny}, 1.5*uiScale, rgb(0x1a1a1a))
	})
	// ghost at the stop point
	stop := b.tv.scr(info.Stop)
	if info.Stop == (geom.Pt{}) {
		stop = b.tv.scr(legs[len(legs)-1])
	}
	r := b.tv.px(geom.Inches(b.st().BaseR))
	ring(dst, stop, r, 2*uiScale, col)
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
		circle(dst, fit, r, rgba(0x7ee08a, 110))
		ring(dst, fit, r, 2.5*uiScale, okCol)
		fi := b.g.MoveCheck(b.sel.Sel, b.moveFit)
		lines = append(lines, fmt.Sprintf("Let go and it stops at the green ring (%s).", sc.Format(fi.Cost)))
	}
	mx, my := cursor()
	f2 := boldFace(14)
	// wrapped, and kept on the table's part of the window: at 1024x640 a
	// long note by the pointer near the edge ran off it
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, wrap(l, f2, 340*uiScale)...)
	}
	lines = wrapped
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, textW(l, f2))
	}
	x, y := mx+18*uiScale, my+12*uiScale
	bw, bh := w+16*uiScale, float64(len(lines))*20*uiScale+10*uiScale
	if right := b.tv.cam.W - b.tv.padR - 4*uiScale; x+bw > right {
		// slid left to fit and lifted above the pointer (not mirrored to
		// its left, where the figure the drag started from may stand)
		x = math.Max(4*uiScale, right-bw)
		y = my - 18*uiScale - bh
	}
	if y < b.tv.padT+4*uiScale {
		y = my + 12*uiScale // no room above: below the pointer
	}
	if bottom := b.tv.cam.H - b.tv.padB - 4*uiScale; y+bh > bottom {
		y = math.Max(b.tv.padT+4*uiScale, my-12*uiScale-bh)
	}
	roundRect(dst, x, y, w+16*uiScale, float64(len(lines))*20*uiScale+10*uiScale, 5*uiScale, rgba(0x101010, 220))
	for i, l := range lines {
		c := rgb(0xffffff)
		if i == 0 {
			c = col
		}
		say(dst, l, f2, x+8*uiScale, y+5*uiScale+float64(i)*20*uiScale, c, 0)
	}
}
