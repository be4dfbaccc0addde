package game

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Generic status widgets. A rule set describes what the current step of
// play needs shown as rules.Panel values (activation dice, a chit cup,
// action points, an initiative roll, the phases of a turn); these draw
// any of them, so a new rule set needs no drawing code of its own.

// drawPanel draws one panel at (x, y) in a column w wide and returns the
// y below it.
func (b *battle) drawPanel(dst *ebiten.Image, p rules.Panel, x, y, w float64) float64 {
	items := make([]rules.PanelItem, 0, len(p.Items))
	for _, it := range p.Items {
		if it.Unit != 0 && b.unseenUnit(it.Unit) {
			continue // what a side may not know of is not drawn
		}
		if f := b.st().Fig(it.Fig); f != nil && b.hiddenFromViewer(f) {
			continue
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return y
	}
	if p.Title != "" {
		art.Say(dst, p.Title+":", art.ItalicFace(11), x, y, art.RGB(0xa89878), 0)
		y += 15 * art.UIScale
	}
	switch p.Kind {
	case rules.PanelPhases:
		return b.panelPhases(dst, items, x, y, w)
	case rules.PanelInitiative:
		y = b.panelTokens(dst, p.Kind, items, x, y, w)
		// the roll's totals and who goes first, in the dice tray's words
		if line, ok := b.initiativeLine(p.Title); ok {
			for _, l := range art.Wrap(line, art.BoldFace(11), w) {
				art.Say(dst, l, art.BoldFace(11), x, y, art.RGB(0xe8d8b0), 0)
				y += 14 * art.UIScale
			}
			y += 4 * art.UIScale
		}
		return y
	case rules.PanelDice, rules.PanelChits:
		return b.panelTokens(dst, p.Kind, items, x, y, w)
	case rules.PanelCosts:
		return panelCosts(dst, items, x, y, w)
	default: // rules.PanelPoints and any kind not known: a labelled row each
		return b.panelRows(dst, items, x, y, w)
	}
}

// panelCosts draws a price list in columns, each name on the left of
// its column and its cost on the right ("free" for none), as on a quick
// reference sheet. A name too long for its column takes one column
// fewer.
func panelCosts(dst *ebiten.Image, items []rules.PanelItem, x, y, w float64) float64 {
	fs := art.Face(11)
	cost := func(n int) string {
		if n == 0 {
			return "free"
		}
		return strconv.Itoa(n)
	}
	cols := 3
	for ; cols > 1; cols-- {
		fits := true
		for _, it := range items {
			if art.TextW(it.Label+"  "+cost(it.Value), fs)+12*art.UIScale > w/float64(cols) {
				fits = false
				break
			}
		}
		if fits {
			break
		}
	}
	rows := (len(items) + cols - 1) / cols
	colW := w / float64(cols)
	for i, it := range items {
		cx := x + float64(i/rows)*colW
		cy := y + float64(i%rows)*14*art.UIScale
		art.Say(dst, it.Label, fs, cx, cy, art.RGB(0xd8c8a8), 0)
		art.Say(dst, cost(it.Value), art.BoldFace(11), cx+colW-12*art.UIScale, cy, art.RGB(0xf2c94c), 2)
	}
	return y + float64(rows)*14*art.UIScale + 4*art.UIScale
}

// panelPhases draws the turn's phases as chips, the current one lit.
func (b *battle) panelPhases(dst *ebiten.Image, items []rules.PanelItem, x, y, w float64) float64 {
	fs := art.BoldFace(11)
	cx := x
	h := 18 * art.UIScale
	for i, it := range items {
		tw := art.TextW(it.Label, fs) + 14*art.UIScale
		if cx+tw > x+w {
			cx, y = x, y+h+4*art.UIScale
		}
		bg, fg := art.RGBA(0x3a3026, 255), art.RGB(0xa89878)
		if it.Current {
			bg, fg = art.RGBA(0x7a3a22, 255), art.RGB(0xfff2d0)
		} else if it.Done {
			fg = art.RGB(0x6a5a40)
		}
		art.RoundRect(dst, cx, y, tw, h, 4*art.UIScale, bg)
		art.Say(dst, it.Label, fs, cx+tw/2, y+2*art.UIScale, fg, 1)
		cx += tw
		if i < len(items)-1 {
			art.Say(dst, ">", fs, cx+5*art.UIScale, y+2*art.UIScale, art.RGB(0x8a7a60), 1)
			cx += 10 * art.UIScale
		}
	}
	return y + h + 4*art.UIScale
}

// panelTokens draws dice (activation, initiative) or chits as small
// tokens in side colours with their values, labelled underneath when
// there is room; drawn chits and spent dice are dimmed, the current one
// ringed.
func (b *battle) panelTokens(dst *ebiten.Image, kind string, items []rules.PanelItem, x, y, w float64) float64 {
	s := 22 * art.UIScale
	gap := 6 * art.UIScale
	labelled := kind == rules.PanelInitiative || len(items) <= 3
	cellW := s + gap
	if labelled {
		cellW = math.Max(cellW, (w-gap)/float64(max(1, len(items))))
	}
	perRow := max(1, int((w+gap)/cellW))
	rowH := s + gap
	// the labels are wrapped whole under the token and clear of the
	// current one's ring ("British raiders: 5 +1 surprise (s…" and a
	// ring over "German garrison: 14", play test 11)
	labelY, lineH := s*1.3+3*art.UIScale, 13*art.UIScale
	var labels [][]string
	if labelled {
		most := 1
		for _, it := range items {
			ls := art.Wrap(it.Label, art.Face(10), cellW-gap)
			labels = append(labels, ls)
			most = max(most, len(ls))
		}
		rowH = labelY + float64(most)*lineH + gap
	}
	for i, it := range items {
		cx := x + float64(i%perRow)*cellW
		cy := y + float64(i/perRow)*rowH
		c := art.Pt{X: cx + s/2, Y: cy + s/2}
		col := art.RGB(0x8a7a60)
		if it.Side >= 0 && it.Side < 2 {
			col = rimColour(b.st(), it.Side) // the side's rim on the table: a chit reads by side (it did not in the uniform's drab)
		}
		fill, ink := art.RGB(0xf6f0e2), art.RGB(0x2b2418)
		if it.Done {
			fill, ink = art.RGB(0x8a8070), art.RGB(0x3a3026)
		}
		if kind == rules.PanelChits {
			art.Circle(dst, c, s/2, fill)
			art.Ring(dst, c, s/2, 3*art.UIScale, col)
		} else {
			art.RoundRect(dst, cx, cy, s, s, 4*art.UIScale, fill)
			art.RectLine(dst, cx, cy, s, s, 2.5*art.UIScale, col)
		}
		if it.Current {
			art.Ring(dst, c, s*0.8, 2*art.UIScale, art.RGB(0xf2c94c))
		}
		v := fmt.Sprint(it.Value)
		if it.Value == 0 && kind == rules.PanelChits {
			v = "?"
		}
		art.Say(dst, v, art.BoldFace(12), c.X, cy+s*0.18, ink, 1)
		if labelled {
			for k, l := range labels[i] {
				art.Say(dst, l, art.Face(10), cx, cy+labelY+float64(k)*lineH, art.RGB(0xd8c8a8), 0)
			}
		}
	}
	rows := (len(items) + perRow - 1) / perRow
	return y + float64(rows)*rowH
}

// panelRows draws a row per item: its label and Value of Max as pips (or
// as a number when there are too many to draw).
func (b *battle) panelRows(dst *ebiten.Image, items []rules.PanelItem, x, y, w float64) float64 {
	fs := art.Face(11)
	mx, my := cursor()
	var tags []string // the team letters shown, each once, with its team
	for _, it := range items {
		c := art.RGB(0xd8c8a8)
		f := b.st().Fig(it.Fig)
		if it.Current {
			art.RoundRect(dst, x-3*art.UIScale, y-1*art.UIScale, w, 15*art.UIScale, 3*art.UIScale, art.RGBA(0x7a3a22, 230))
			c = art.RGB(0xfff2d0)
		} else if it.Done {
			c = art.RGB(0x7a6a50)
		}
		over := f != nil && mx >= x-3*art.UIScale && mx < x+w && my >= y-1*art.UIScale && my < y+14*art.UIScale
		if f != nil && (f.ID == b.sel.Sel || f.ID == b.hover || over) {
			// the figure selected or under the pointer on the table is
			// ringed here, and a row under the pointer rings its figure
			// on the table: which counter is which name
			art.RectLine(dst, x-3*art.UIScale, y-1*art.UIScale, w, 15*art.UIScale, 1.5*art.UIScale, art.RGB(0xf2c94c))
			if over && !f.Removed && !b.hiddenFromViewer(f) {
				r := figR(b.tv.px(geom.Inches(b.st().BaseR)))
				art.Ring(dst, b.drawPos(f), r+4*art.UIScale, 2.5*art.UIScale, art.RGB(0xf2c94c))
			}
		}
		if it.Side >= 0 && it.Side < 2 {
			art.Rect(dst, x, y+3*art.UIScale, 3*art.UIScale, 9*art.UIScale, rimColour(b.st(), it.Side))
		}
		art.Say(dst, it.Label, fs, x+6*art.UIScale, y, c, 0)
		if f != nil {
			// the marks his counter bears on the table: team letter, weapon
			var id []string
			if l := b.letters[f.Unit]; l != "" {
				id = append(id, "team "+l)
				if u := b.st().UnitOf(f.Unit); u != nil && !slices.Contains(tags, "Team "+l+": "+u.Name) {
					tags = append(tags, "Team "+l+": "+u.Name)
				}
			}
			if t := tagOf(firstWeapon(f), b.weaponNamed(f)); t != "" {
				id = append(id, t)
			}
			if len(id) > 0 {
				// in words, as the roster plates: "Uffz Haas S SMG" read
				// as code
				art.Say(dst, "("+strings.Join(id, ", ")+")", art.BoldFace(10), x+10*art.UIScale+art.TextW(it.Label, fs), y+1*art.UIScale, art.RGB(0xa89878), 0)
			}
		}
		if it.Max > 0 && it.Max <= 8 {
			for k := 0; k < it.Max; k++ {
				pc := art.Pt{X: x + w - float64(it.Max-k)*11*art.UIScale, Y: y + 7*art.UIScale}
				if k < it.Value {
					art.Circle(dst, pc, 4*art.UIScale, art.RGB(0xf2c94c))
				} else {
					art.Ring(dst, pc, 4*art.UIScale, 1.2*art.UIScale, art.RGB(0x8a7a60))
				}
			}
		} else {
			v := fmt.Sprint(it.Value)
			if it.Max > 0 {
				v = fmt.Sprintf("%d/%d", it.Value, it.Max)
			}
			art.Say(dst, v, art.BoldFace(11), x+w-8*art.UIScale, y, c, 2)
		}
		y += 15 * art.UIScale
	}
	if len(tags) > 0 {
		// what the letter beside a name is ("Gefr Adler M" was read
		// as a bare, unexplained tag)
		for _, l := range art.Wrap(strings.Join(tags, ", ")+" (the letter on each man's base)", art.ItalicFace(10), w) {
			art.Say(dst, l, art.ItalicFace(10), x+6*art.UIScale, y, art.RGB(0xa89878), 0)
			y += 13 * art.UIScale
		}
	}
	return y
}

// initiativeLine is the latest roll in the log of both sides at once
// named after an initiative panel's title ("Initiative, turn 1: ..."),
// said as the dice tray says it (sidesAgainst).
func (b *battle) initiativeLine(title string) (string, bool) {
	if title == "" {
		return "", false
	}
	for i := len(b.log) - 1; i >= 0; i-- {
		if l := b.log[i].roll; l != nil && strings.HasPrefix(l.What, title+":") {
			return sidesAgainst(b.st(), l)
		}
	}
	return "", false
}
