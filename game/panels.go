package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules"
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
		say(dst, p.Title+":", italicFace(11), x, y, rgb(0xa89878), 0)
		y += 15 * uiScale
	}
	switch p.Kind {
	case rules.PanelPhases:
		return b.panelPhases(dst, items, x, y, w)
	case rules.PanelDice, rules.PanelChits, rules.PanelInitiative:
		return b.panelTokens(dst, p.Kind, items, x, y, w)
	default: // rules.PanelPoints and any kind not known: a labelled row each
		return b.panelRows(dst, items, x, y, w)
	}
}

// panelPhases draws the turn's phases as chips, the current one lit.
func (b *battle) panelPhases(dst *ebiten.Image, items []rules.PanelItem, x, y, w float64) float64 {
	fs := boldFace(11)
	cx := x
	h := 18 * uiScale
	for i, it := range items {
		tw := textW(it.Label, fs) + 14*uiScale
		if cx+tw > x+w {
			cx, y = x, y+h+4*uiScale
		}
		bg, fg := rgba(0x3a3026, 255), rgb(0xa89878)
		if it.Current {
			bg, fg = rgba(0x7a3a22, 255), rgb(0xfff2d0)
		} else if it.Done {
			fg = rgb(0x6a5a40)
		}
		roundRect(dst, cx, y, tw, h, 4*uiScale, bg)
		say(dst, it.Label, fs, cx+tw/2, y+2*uiScale, fg, 1)
		cx += tw
		if i < len(items)-1 {
			say(dst, ">", fs, cx+5*uiScale, y+2*uiScale, rgb(0x8a7a60), 1)
			cx += 10 * uiScale
		}
	}
	return y + h + 4*uiScale
}

// panelTokens draws dice (activation, initiative) or chits as small
// tokens in side colours with their values, labelled underneath when
// there is room; drawn chits and spent dice are dimmed, the current one
// ringed.
func (b *battle) panelTokens(dst *ebiten.Image, kind string, items []rules.PanelItem, x, y, w float64) float64 {
	s := 22 * uiScale
	gap := 6 * uiScale
	labelled := kind == rules.PanelInitiative || len(items) <= 3
	cellW := s + gap
	if labelled {
		cellW = math.Max(cellW, (w-gap)/float64(max(1, len(items))))
	}
	perRow := max(1, int((w+gap)/cellW))
	rowH := s + gap
	if labelled {
		rowH += 14 * uiScale
	}
	for i, it := range items {
		cx := x + float64(i%perRow)*cellW
		cy := y + float64(i/perRow)*rowH
		c := fpt{cx + s/2, cy + s/2}
		col := rgb(0x8a7a60)
		if it.Side >= 0 && it.Side < 2 {
			col = sideColour(b.st(), it.Side)
		}
		fill, ink := rgb(0xf6f0e2), rgb(0x2b2418)
		if it.Done {
			fill, ink = rgb(0x8a8070), rgb(0x3a3026)
		}
		if kind == rules.PanelChits {
			circle(dst, c, s/2, fill)
			ring(dst, c, s/2, 3*uiScale, col)
		} else {
			roundRect(dst, cx, cy, s, s, 4*uiScale, fill)
			rectLine(dst, cx, cy, s, s, 2.5*uiScale, col)
		}
		if it.Current {
			ring(dst, c, s*0.8, 2*uiScale, rgb(0xf2c94c))
		}
		v := fmt.Sprint(it.Value)
		if it.Value == 0 && kind == rules.PanelChits {
			v = "?"
		}
		say(dst, v, boldFace(12), c.X, cy+s*0.18, ink, 1)
		if labelled && it.Label != "" {
			rs := []rune(it.Label)
			for len(rs) > 3 && textW(string(rs)+"…", face(10)) > cellW-4*uiScale {
				rs = rs[:len(rs)-1]
			}
			l := string(rs)
			if len(rs) < len([]rune(it.Label)) {
				l += "…"
			}
			say(dst, l, face(10), cx, cy+s+2*uiScale, rgb(0xd8c8a8), 0)
		}
	}
	rows := (len(items) + perRow - 1) / perRow
	return y + float64(rows)*rowH
}

// panelRows draws a row per item: its label and Value of Max as pips (or
// as a number when there are too many to draw).
func (b *battle) panelRows(dst *ebiten.Image, items []rules.PanelItem, x, y, w float64) float64 {
	fs := face(11)
	for _, it := range items {
		c := rgb(0xd8c8a8)
		if it.Current {
			roundRect(dst, x-3*uiScale, y-1*uiScale, w, 15*uiScale, 3*uiScale, rgba(0x7a3a22, 230))
			c = rgb(0xfff2d0)
		} else if it.Done {
			c = rgb(0x7a6a50)
		}
		if it.Side >= 0 && it.Side < 2 {
			rect(dst, x, y+3*uiScale, 3*uiScale, 9*uiScale, sideColour(b.st(), it.Side))
		}
		say(dst, it.Label, fs, x+6*uiScale, y, c, 0)
		if it.Max > 0 && it.Max <= 8 {
			for k := 0; k < it.Max; k++ {
				pc := fpt{x + w - float64(it.Max-k)*11*uiScale, y + 7*uiScale}
				if k < it.Value {
					circle(dst, pc, 4*uiScale, rgb(0xf2c94c))
				} else {
					ring(dst, pc, 4*uiScale, 1.2*uiScale, rgb(0x8a7a60))
				}
			}
		} else {
			v := fmt.Sprint(it.Value)
			if it.Max > 0 {
				v = fmt.Sprintf("%d/%d", it.Value, it.Max)
			}
			say(dst, v, boldFace(11), x+w-8*uiScale, y, c, 2)
		}
		y += 15 * uiScale
	}
	return y
}
