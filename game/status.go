package game

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules"
)

func (b *battle) drawTopBar(dst *ebiten.Image, a *App) {
	st := b.st()
	h := b.tv.padT
	rect(dst, 0, 0, a.W, h, rgb(0x1b1610))
	rect(dst, 0, h-2*uiScale, a.W, 2*uiScale, rgb(0x8a6a44))
	side := st.Decider
	col := sideColour(st, side)
	circle(dst, fpt{22 * uiScale, h / 2}, 9*uiScale, col)
	ring(dst, fpt{22 * uiScale, h / 2}, 9*uiScale, 2*uiScale, rgb(0xf2ead6))
	turn := fmt.Sprintf("Round %d", st.Round)
	if b.explain != nil && b.explain.Turn != "" {
		turn = b.explain.Turn
	}
	head := fmt.Sprintf("%s to play  -  %s", st.Sides[side].Name, turn)
	say(dst, head, boldFace(17), 40*uiScale, 11*uiScale, rgb(0xf2e2b8), 0)
	shown := b.shownSt()
	loss := fmt.Sprintf("Losses  %s %d  |  %s %d", st.Sides[0].Name, shown.Sides[0].Losses, st.Sides[1].Name, shown.Sides[1].Losses)
	if v := st.Var(rules.VarVictoryLosses); v > 0 {
		loss += fmt.Sprintf("  (beaten at %d)", v)
	}
	// a narrow window: the losses line goes shorter rather than over the head
	lf := face(14)
	room := a.W - b.tv.padR - 16*uiScale - (40*uiScale + textW(head, boldFace(17)) + 16*uiScale)
	if textW(loss, lf) > room {
		loss = strings.TrimPrefix(loss, "Losses  ")
		loss = strings.Replace(loss, "  (beaten at", " (out at", 1)
		lf = face(12)
	}
	if textW(loss, lf) <= room {
		say(dst, loss, lf, a.W-b.tv.padR-16*uiScale, 13*uiScale, rgb(0xd8c8a8), 2)
	}
	say(dst, fmt.Sprintf("Animation: %s    %s: keys", speedWords(a.speed), firstKey(actHelp)), face(12), a.W-14*uiScale, 14*uiScale, rgb(0xa89878), 2)
}

// speedWords says the animation speed as a player would ("normal",
// "fast x2"), never a bare factor with its keys' brackets.
func speedWords(s float64) string {
	switch {
	case s == 1:
		return "normal"
	case s < 1:
		return fmt.Sprintf("slow x%g", s)
	}
	return fmt.Sprintf("fast x%g", s)
}

// drawStatus draws the rule set's status panel at the top of the right
// column (who is acting, what their roll allows, the order of play) and
// returns where the log below it starts.
func (b *battle) drawStatus(dst *ebiten.Image, a *App) float64 {
	y := b.tv.padT
	ex := b.explain
	if ex == nil {
		return y
	}
	x := a.W - b.tv.padR + 14*uiScale
	w := b.tv.padR - 26*uiScale
	y += 8 * uiScale
	fh, fb, fs := boldFace(14), face(12), face(11)
	for _, l := range wrap(ex.Head, fh, w) {
		say(dst, l, fh, x, y, rgb(0xf2c94c), 0)
		y += 18 * uiScale
	}
	for _, line := range ex.Lines {
		for _, l := range wrap(line, fb, w) {
			say(dst, l, fb, x, y, rgb(0xe8dcc0), 0)
			y += 15 * uiScale
		}
	}
	b.orderHits = b.orderHits[:0]
	if len(ex.Order) > 0 {
		y += 4 * uiScale
		note := ex.OrderNote
		if note == "" {
			note = "Order of play:"
		}
		say(dst, note, italicFace(11), x, y, rgb(0xa89878), 0)
		y += 15 * uiScale
		// two teams of the two sides with one name ("Rifle team") are
		// told apart by their side's name, not only its colour bar
		labels := make([]string, len(ex.Order))
		bySide := map[string]int{}
		num := func(l string) int { // the length of a leading "3. "
			if i := strings.Index(l, ". "); i > 0 && i <= 3 && strings.Trim(l[:i], "0123456789") == "" {
				return i + 2
			}
			return 0
		}
		name := func(l string) string {
			l = l[num(l):]
			if i := strings.Index(l, "  "); i > 0 {
				return l[:i]
			}
			return l
		}
		for i, o := range ex.Order {
			labels[i] = b.orderLabel(i, o)
			bySide[name(labels[i])] |= 1 << (o.Side & 1)
		}
		for i, o := range ex.Order {
			if bySide[name(labels[i])] == 3 && o.Side >= 0 && o.Side < 2 {
				n := num(labels[i])
				labels[i] = labels[i][:n] + b.st().Sides[o.Side].Name + " " + labels[i][n:]
			}
		}
		// two columns keep a long order short; a short one whose labels
		// would be cut in two columns ("Double mov…") takes one
		colW := w / 2
		rows := (len(ex.Order) + 1) / 2
		if len(ex.Order) <= 6 {
			for i := range ex.Order {
				if textW(labels[i], fs) > colW-12*uiScale {
					colW, rows = w, len(ex.Order)
					break
				}
			}
		}
		for i, o := range ex.Order {
			cx := x + float64(i/rows)*colW
			cy := y + float64(i%rows)*15*uiScale
			c := rgb(0xd8c8a8)
			switch {
			case o.Current:
				roundRect(dst, cx-3*uiScale, cy-1*uiScale, colW-4*uiScale, 15*uiScale, 3*uiScale, rgba(0x7a3a22, 230))
				c = rgb(0xfff2d0)
			case o.Done:
				c = rgb(0x7a6a50)
			}
			rect(dst, cx, cy+3*uiScale, 3*uiScale, 9*uiScale, sideColour(b.st(), o.Side))
			label := labels[i]
			if textW(label, fs) > colW-12*uiScale {
				rs := []rune(label)
				for len(rs) > 4 && textW(string(rs)+"…", fs) > colW-12*uiScale {
					rs = rs[:len(rs)-1]
				}
				label = strings.TrimRight(string(rs), " ") + "…"
			}
			say(dst, label, fs, cx+6*uiScale, cy, c, 0)
			if o.Unit != 0 {
				b.orderHits = append(b.orderHits, unitHit{cx - 3*uiScale, cy - 1*uiScale, colW - 4*uiScale, 15 * uiScale, o.Unit})
			}
		}
		y += float64(rows) * 15 * uiScale
	}
	for _, p := range ex.Panels {
		y = b.drawPanel(dst, p, x, y+4*uiScale, w)
	}
	y += 6 * uiScale
	rect(dst, x-12*uiScale, y, b.tv.padR, 2*uiScale, rgb(0x8a6a44))
	return y
}
