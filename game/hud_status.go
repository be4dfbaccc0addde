package game

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/rules"
)

func (b *battle) drawTopBar(dst *ebiten.Image, a *App) {
	st := b.st()
	h := b.tv.padT
	art.Rect(dst, 0, 0, a.W, h, art.RGB(0x1b1610))
	art.Rect(dst, 0, h-2*art.UIScale, a.W, 2*art.UIScale, art.RGB(0x8a6a44))
	side := st.Decider
	if b.handingOver() {
		side = b.shown // (the next side's name waits for the curtain, with its panel)
	}
	col := sideColour(st, side)
	art.Circle(dst, art.Pt{X: 22 * art.UIScale, Y: h / 2}, 9*art.UIScale, col)
	art.Ring(dst, art.Pt{X: 22 * art.UIScale, Y: h / 2}, 9*art.UIScale, 2*art.UIScale, art.RGB(0xf2ead6))
	turn := fmt.Sprintf("Round %d", st.Round)
	if b.explain != nil && b.explain.Turn != "" {
		turn = b.explain.Turn
	}
	head := fmt.Sprintf("%s to play  -  %s", st.Sides[side].Name, turn)
	if st.Over {
		// (the battle looked at after its end: no one is to play)
		head = "A draw  -  " + turn
		if st.Winner >= 0 && st.Winner < len(st.Sides) {
			head = fmt.Sprintf("Victory to %s  -  %s", st.Sides[st.Winner].Name, turn)
		}
	}
	art.Say(dst, head, art.BoldFace(17), 40*art.UIScale, 11*art.UIScale, art.RGB(0xf2e2b8), 0)
	// "Lost:" at every width: the bar read "Losses" but "Lost:" under a
	// long heading (Maxim's opportunity fire), two words for one thing
	loss := fmt.Sprintf("Lost:  %s %d  |  %s %d", st.Sides[0].Name, b.shownLosses(0), st.Sides[1].Name, b.shownLosses(1))
	if v := st.Var(rules.VarVictoryLosses); v > 0 {
		loss += fmt.Sprintf("  (beaten at %d)", v)
	}
	// a narrow window: the losses line goes shorter rather than over the head
	lf := art.Face(14)
	// (measured against the longer side's head, so that the line does
	// not change its words as the turn passes: a play-tester saw
	// "Losses ... (beaten at 6)" become "... (out at 6)" and back)
	headW := art.TextW(head, art.BoldFace(17))
	for s := range st.Sides {
		headW = max(headW, art.TextW(fmt.Sprintf("%s to play  -  %s", st.Sides[s].Name, turn), art.BoldFace(17)))
	}
	room := a.W - b.tv.padR - 16*art.UIScale - (40*art.UIScale + headW + 16*art.UIScale)
	if art.TextW(loss, lf) > room {
		// shorter words, closer, smaller letters; the word "Lost:" stays
		// (a play-tester read a bare "US Army 0 | Wehrmacht 0")
		short := strings.Replace(loss, "  (beaten at", " (out at", 1)
		lf = art.Face(12)
		loss = short
		lost := strings.Replace(strings.Replace(short, "Lost:  ", "Lost: ", 1), "  |  ", " | ", 1)
		for _, try := range []string{short, lost} {
			if loss = try; art.TextW(try, lf) <= room {
				break
			}
		}
		if art.TextW(loss, lf) > room && art.TextW(lost, art.Face(11)) <= room {
			lf = art.Face(11)
		}
		// (still too long: over the side panel, below)
	}
	right := fmt.Sprintf("Animation: %s    %s: keys", speedWords(a.speed), keys.FirstKey(keys.ActHelp))
	switch {
	case art.TextW(loss, lf) <= room:
		art.Say(dst, loss, lf, a.W-b.tv.padR-16*art.UIScale, 13*art.UIScale, art.RGB(0xd8c8a8), 2)
	default:
		// no room beside the head: over the side panel, before the
		// animation's word, which gives way first (the losses matter more)
		x := a.W - b.tv.padR + 14*art.UIScale
		if x+art.TextW(loss, lf)+art.TextW(right, art.Face(12))+24*art.UIScale > a.W {
			right = keys.FirstKey(keys.ActHelp) + ": keys"
		}
		if x+art.TextW(loss, lf)+art.TextW(right, art.Face(12))+24*art.UIScale <= a.W {
			art.Say(dst, loss, lf, x, 14*art.UIScale, art.RGB(0xd8c8a8), 0)
		}
	}
	art.Say(dst, right, art.Face(12), a.W-14*art.UIScale, 14*art.UIScale, art.RGB(0xa89878), 2)
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
//
// In a short window a long panel (1/35th's action points and price list
// under its rules) left the log a line or two: then the phase's rules
// fold into one line that shows them as a card when pointed at
// (rulesHit), and the log keeps room for minLogRows.
func (b *battle) drawStatus(dst *ebiten.Image, a *App) float64 {
	fold := false
	if b.explain != nil && len(b.explain.Lines) > 0 {
		// measured on a scrap image first, whether the whole panel fits:
		// once for each panel and window, not every frame
		key := foldKey{b.explain, a.W, a.H, art.UIScale, b.noEnemyNote(a)}
		if b.folded.key != key {
			b.folded.key = key
			b.folded.fold = a.H-b.drawStatusFold(art.Scrap(), a, false) < minLogH()
		}
		fold = b.folded.fold
	}
	return b.drawStatusFold(dst, a, fold)
}

// foldKey is what decides whether the side panel folds its rules away:
// the panel, the window and the interface's scale, and the quiet note
// under the panel.
type foldKey struct {
	ex        *rules.Explanation
	w, h, s   float64
	enemyNote string
}

// minLogRows is how many lines of the log a side panel keeps below the
// status, at the least, when the phase's rules can be folded away: a
// card over its foot (a figure's, the odds) leaves it half of them.
const minLogRows = 12

func minLogH() float64 { return (40 + minLogRows*16) * art.UIScale }

func (b *battle) drawStatusFold(dst *ebiten.Image, a *App, fold bool) float64 {
	y := b.tv.padT
	ex := b.explain
	b.rulesHit = nil
	if ex == nil {
		return y
	}
	x := a.W - b.tv.padR + 14*art.UIScale
	w := b.tv.padR - 26*art.UIScale
	y += 8 * art.UIScale
	fh, fb, fs := art.BoldFace(14), art.Face(12), art.Face(11)
	for _, l := range art.Wrap(ex.Head, fh, w) {
		art.Say(dst, l, fh, x, y, art.RGB(0xf2c94c), 0)
		y += 18 * art.UIScale
	}
	if fold {
		fi := art.ItalicFace(12)
		l := "How this phase works: point here"
		art.Say(dst, l, fi, x, y, art.RGB(0xd8c8a8), 0)
		b.rulesHit = &unitHit{x: x - 3*art.UIScale, y: y - 1*art.UIScale, w: w, h: 16 * art.UIScale}
		y += 15 * art.UIScale
	}
	for _, line := range ex.Lines {
		if fold {
			break
		}
		for _, l := range art.Wrap(line, fb, w) {
			art.Say(dst, l, fb, x, y, art.RGB(0xe8dcc0), 0)
			y += 15 * art.UIScale
		}
	}
	b.orderHits = b.orderHits[:0]
	if len(ex.Order) > 0 {
		y += 4 * art.UIScale
		note := ex.OrderNote
		if note == "" {
			note = "Order of play:"
		}
		art.Say(dst, note, art.ItalicFace(11), x, y, art.RGB(0xa89878), 0)
		y += 15 * art.UIScale
		// two teams of the two sides with one name ("Rifle team") are
		// told apart by their side's name, not only its colour bar
		labels := make([]string, len(ex.Order))
		bySide := map[string]int{}
		num := func(l string) int { // the length of a leading "3rd: "
			if i := strings.Index(l, ": "); i > 2 && i <= 5 && strings.Trim(l[:i-2], "0123456789") == "" {
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
				if art.TextW(labels[i], fs) > colW-12*art.UIScale {
					colW, rows = w, len(ex.Order)
					break
				}
			}
		}
		for i, o := range ex.Order {
			cx := x + float64(i/rows)*colW
			cy := y + float64(i%rows)*15*art.UIScale
			c := art.RGB(0xd8c8a8)
			switch {
			case o.Current:
				art.RoundRect(dst, cx-3*art.UIScale, cy-1*art.UIScale, colW-4*art.UIScale, 15*art.UIScale, 3*art.UIScale, art.RGBA(0x7a3a22, 230))
				c = art.RGB(0xfff2d0)
			case o.Done:
				c = art.RGB(0x7a6a50)
			}
			art.Rect(dst, cx, cy+3*art.UIScale, 3*art.UIScale, 9*art.UIScale, sideColour(b.st(), o.Side))
			label := labels[i]
			if art.TextW(label, fs) > colW-12*art.UIScale {
				rs := []rune(label)
				for len(rs) > 4 && art.TextW(string(rs)+"…", fs) > colW-12*art.UIScale {
					rs = rs[:len(rs)-1]
				}
				label = strings.TrimRight(string(rs), " ") + "…"
			}
			art.Say(dst, label, fs, cx+6*art.UIScale, cy, c, 0)
			if o.Unit != 0 {
				b.orderHits = append(b.orderHits, unitHit{cx - 3*art.UIScale, cy - 1*art.UIScale, colW - 4*art.UIScale, 15 * art.UIScale, o.Unit})
			}
		}
		y += float64(rows) * 15 * art.UIScale
	}
	for _, p := range ex.Panels {
		y = b.drawPanel(dst, p, x, y+4*art.UIScale, w)
	}
	if note := b.noEnemyNote(a); note != "" {
		// a quiet word where the bar has no room for its hint
		y += 4 * art.UIScale
		for _, l := range art.Wrap(note, art.ItalicFace(12), w) {
			art.Say(dst, l, art.ItalicFace(12), x, y, art.RGB(0xd8c8a8), 0)
			y += 15 * art.UIScale
		}
	}
	y += 6 * art.UIScale
	art.Rect(dst, x-12*art.UIScale, y, b.tv.padR, 2*art.UIScale, art.RGB(0x8a6a44))
	return y
}
