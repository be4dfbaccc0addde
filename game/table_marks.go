package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// Markers: the tokens under a base for the core's marks (pinned,
// suppressed, action points...) and the legend that explains them.

// markTags are the tokens the table draws for the core's mark kinds: a
// short label on a coloured token, readable without colour. A kind a rule
// set adds that is not here is drawn with the first letters of its label.
var markTags = map[string]struct {
	label string
	col   uint32
}{
	rules.MarkPinned: {"P", 0xe67e22}, rules.MarkSuppressed: {"S", 0xd35400}, rules.MarkShaken: {"Sh", 0xd4a017},
	rules.MarkWounded: {"W", 0xc0392b}, rules.MarkBadWound: {"W!", 0x8e1b10}, rules.MarkStunned: {"St", 0x8e44ad},
	rules.MarkBroken: {"B", 0x7f8c8d}, rules.MarkOutOfAmmo: {"A", 0x555555}, rules.MarkHidden: {"H", 0x27ae60},
	rules.MarkOppFire: {"OF", 0x2980b9}, rules.MarkSurrendered: {"Su", 0xffffff}, rules.MarkRunning: {"R", 0x16a085},
	rules.MarkNeutralised: {"N", 0x6c3483}, rules.MarkAP: {"AP", 0xf2c94c}, rules.MarkMoved: {"M", 0xa0a0a0},
	rules.MarkFired: {"F", 0xa0a0a0}, rules.MarkProne: {"Pr", 0xb8a878}, rules.MarkCrouching: {"Cr", 0xb8a878},
	rules.MarkMorale: {"Mo", 0xd98c3a},
}

// packedMarks is what a man in a packed group shows of his marks: not
// his points left (the side panel lists them man by man, and his card
// when he is picked or under the pointer), which beside every base of a
// column made a smear of numbered squares where no man could be counted
// or clicked; his state (pinned, wounded, hidden...) still shows.
func packedMarks(ms []rules.Mark) []rules.Mark {
	var out []rules.Mark
	for _, m := range ms {
		if m.Kind != rules.MarkAP {
			out = append(out, m)
		}
	}
	return out
}

// markTag is the token for one mark: its text (with the count where the
// kind has one) and colour.
func markTag(m rules.Mark) (string, uint32) {
	t, ok := markTags[m.Kind]
	if !ok {
		l := m.Label
		if l == "" {
			l = m.Kind
		}
		rs := []rune(strings.ToUpper(l))
		t.label, t.col = string(rs[:min(2, len(rs))]), 0xbdb19a
	}
	if m.Kind == rules.MarkAP || m.N != 0 {
		return fmt.Sprintf("%d", m.N), t.col
	}
	return t.label, t.col
}

// drawMarks puts a row of marker tokens under the base: each kind the
// core knows is a small drawn icon on a token of its colour (a chevron
// for pinned, zigzags for suppressed, a cross for wounded...), a count
// (action points) is its number, and a kind a rule set adds that the
// table does not know is its first letters.
func drawMarks(dst *ebiten.Image, c art.Pt, r float64, marks []rules.Mark) {
	if len(marks) == 0 {
		return
	}
	sz := math.Max(12*art.UIScale, r*0.62)
	drawMarksAt(dst, c.X-r, c.Y+r*1.05, sz, marks)
}

// drawMarksAt draws the row of tokens with its top-left at (x, y).
func drawMarksAt(dst *ebiten.Image, x, y, sz float64, marks []rules.Mark) {
	for _, m := range marks {
		x += drawMarkToken(dst, art.Pt{X: x, Y: y}, sz, m) + 2
	}
}

// drawMarkToken draws one mark's token with its top-left at p and
// returns its width.
func drawMarkToken(dst *ebiten.Image, p art.Pt, sz float64, m rules.Mark) float64 {
	label, col := markTag(m)
	_, known := markTags[m.Kind]
	icon := known && m.Kind != rules.MarkAP && m.N == 0
	w := sz
	if !icon {
		w = math.Max(sz, art.TextW(label, art.BoldFace(sz*0.7/art.UIScale))+sz*0.5)
	}
	art.RoundRect(dst, p.X, p.Y, w, sz, sz*0.28, art.RGB(col))
	art.RectLine(dst, p.X, p.Y, w, sz, 1, art.RGB(0x14110c))
	if !icon {
		art.Say(dst, label, art.BoldFace(sz*0.7/art.UIScale), p.X+w/2, p.Y+sz*0.08, art.RGB(0x101010), 1)
		return w
	}
	c := art.Pt{X: p.X + sz/2, Y: p.Y + sz/2}
	k := sz * 0.3
	ink := art.RGB(0x101010)
	lw := math.Max(1.4, sz*0.11)
	switch m.Kind {
	case rules.MarkPinned: // pressed down: a chevron pointing down over a bar
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y - k*0.6}, art.Pt{X: c.X, Y: c.Y + k*0.2}, lw, ink)
		art.Line(dst, art.Pt{X: c.X, Y: c.Y + k*0.2}, art.Pt{X: c.X + k, Y: c.Y - k*0.6}, lw, ink)
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y + k*0.8}, art.Pt{X: c.X + k, Y: c.Y + k*0.8}, lw, ink)
	case rules.MarkSuppressed: // rounds cracking overhead: two zigzags
		for _, dy := range []float64{-k * 0.45, k * 0.45} {
			pts := []art.Pt{{X: c.X - k, Y: c.Y + dy}, {X: c.X - k*0.5, Y: c.Y + dy - k*0.35}, {X: c.X, Y: c.Y + dy}, {X: c.X + k*0.5, Y: c.Y + dy - k*0.35}, {X: c.X + k, Y: c.Y + dy}}
			for i := 1; i < len(pts); i++ {
				art.Line(dst, pts[i-1], pts[i], lw*0.9, ink)
			}
		}
	case rules.MarkShaken: // an exclamation mark
		art.Line(dst, art.Pt{X: c.X, Y: c.Y - k}, art.Pt{X: c.X, Y: c.Y + k*0.3}, lw*1.2, ink)
		art.Circle(dst, art.Pt{X: c.X, Y: c.Y + k*0.85}, lw*0.8, ink)
	case rules.MarkBroken: // a staff broken in two
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y + k*0.3}, art.Pt{X: c.X - k*0.1, Y: c.Y - k*0.1}, lw, ink)
		art.Line(dst, art.Pt{X: c.X + k*0.1, Y: c.Y + k*0.4}, art.Pt{X: c.X + k, Y: c.Y - k*0.3}, lw, ink)
	case rules.MarkWounded, rules.MarkBadWound: // a cross, white on red
		w2 := lw * 1.3
		if m.Kind == rules.MarkBadWound {
			w2 = lw * 1.9
		}
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y}, art.Pt{X: c.X + k, Y: c.Y}, w2, art.RGB(0xffffff))
		art.Line(dst, art.Pt{X: c.X, Y: c.Y - k}, art.Pt{X: c.X, Y: c.Y + k}, w2, art.RGB(0xffffff))
	case rules.MarkStunned: // a four-pointed star
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y}, art.Pt{X: c.X + k, Y: c.Y}, lw, ink)
		art.Line(dst, art.Pt{X: c.X, Y: c.Y - k}, art.Pt{X: c.X, Y: c.Y + k}, lw, ink)
		art.Line(dst, art.Pt{X: c.X - k*0.6, Y: c.Y - k*0.6}, art.Pt{X: c.X + k*0.6, Y: c.Y + k*0.6}, lw*0.7, ink)
		art.Line(dst, art.Pt{X: c.X - k*0.6, Y: c.Y + k*0.6}, art.Pt{X: c.X + k*0.6, Y: c.Y - k*0.6}, lw*0.7, ink)
	case rules.MarkNeutralised: // a ring struck through
		art.Ring(dst, c, k, lw, ink)
		art.Line(dst, art.Pt{X: c.X - k*0.7, Y: c.Y + k*0.7}, art.Pt{X: c.X + k*0.7, Y: c.Y - k*0.7}, lw, ink)
	case rules.MarkOppFire: // watching: an eye
		art.StrokePoly(dst, ellipse(c, k*1.1, k*0.55, 0, 12), true, lw*0.8, ink)
		art.Circle(dst, c, k*0.32, ink)
	case rules.MarkOutOfAmmo: // an empty magazine, struck out
		art.RectLine(dst, c.X-k*0.4, c.Y-k, k*0.8, k*2, lw*0.8, ink)
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y + k}, art.Pt{X: c.X + k, Y: c.Y - k}, lw, ink)
	case rules.MarkHidden: // a bush
		art.Circle(dst, art.Pt{X: c.X - k*0.45, Y: c.Y + k*0.2}, k*0.5, ink)
		art.Circle(dst, art.Pt{X: c.X + k*0.45, Y: c.Y + k*0.2}, k*0.5, ink)
		art.Circle(dst, art.Pt{X: c.X, Y: c.Y - k*0.3}, k*0.55, ink)
	case rules.MarkSurrendered: // a white flag
		art.Line(dst, art.Pt{X: c.X - k*0.6, Y: c.Y + k}, art.Pt{X: c.X - k*0.6, Y: c.Y - k}, lw, ink)
		art.Rect(dst, c.X-k*0.6, c.Y-k, k*1.5, k*0.9, art.RGB(0xffffff))
		art.RectLine(dst, c.X-k*0.6, c.Y-k, k*1.5, k*0.9, 1, ink)
	case rules.MarkRunning: // >>
		for _, dx := range []float64{-k * 0.5, k * 0.35} {
			art.Line(dst, art.Pt{X: c.X + dx - k*0.35, Y: c.Y - k*0.6}, art.Pt{X: c.X + dx + k*0.25, Y: c.Y}, lw, ink)
			art.Line(dst, art.Pt{X: c.X + dx + k*0.25, Y: c.Y}, art.Pt{X: c.X + dx - k*0.35, Y: c.Y + k*0.6}, lw, ink)
		}
	case rules.MarkMoved: // an arrow
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y}, art.Pt{X: c.X + k, Y: c.Y}, lw, ink)
		art.Line(dst, art.Pt{X: c.X + k, Y: c.Y}, art.Pt{X: c.X + k*0.3, Y: c.Y - k*0.6}, lw, ink)
		art.Line(dst, art.Pt{X: c.X + k, Y: c.Y}, art.Pt{X: c.X + k*0.3, Y: c.Y + k*0.6}, lw, ink)
	case rules.MarkProne: // lying flat: a long low bar
		art.Rect(dst, c.X-k, c.Y+k*0.2, k*2, k*0.5, ink)
		art.Circle(dst, art.Pt{X: c.X + k, Y: c.Y + k*0.45}, k*0.3, ink)
	case rules.MarkCrouching: // bent low: a chevron over a bar
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y}, art.Pt{X: c.X, Y: c.Y - k*0.7}, lw, ink)
		art.Line(dst, art.Pt{X: c.X, Y: c.Y - k*0.7}, art.Pt{X: c.X + k, Y: c.Y}, lw, ink)
		art.Rect(dst, c.X-k, c.Y+k*0.4, k*2, k*0.4, ink)
	case rules.MarkFired: // a burst
		for a := 0.0; a < math.Pi*2; a += math.Pi / 3 {
			art.Line(dst, art.Pt{X: c.X + math.Cos(a)*k*0.3, Y: c.Y + math.Sin(a)*k*0.3}, art.Pt{X: c.X + math.Cos(a)*k, Y: c.Y + math.Sin(a)*k}, lw*0.8, ink)
		}
	}
	return w
}

// drawMarkLegend lists the marks on the table with their tokens and
// plain words, in a box whose bottom-left is at (x, yBottom). It returns
// the box's height (0 when there is nothing to list).
func drawMarkLegend(dst *ebiten.Image, x, yBottom float64, marks []rules.Mark) float64 {
	return drawMarkLegendAt(dst, x, yBottom-markLegendHeight(marks), marks)
}

func markLegendHeight(marks []rules.Mark) float64 {
	if len(marks) == 0 {
		return 0
	}
	return float64(len(marks))*20*art.UIScale + 30*art.UIScale
}

// drawMarkLegendAt is drawMarkLegend with the box's top-left at (x, y).
func drawMarkLegendAt(dst *ebiten.Image, x, y float64, marks []rules.Mark) float64 {
	if len(marks) == 0 {
		return 0
	}
	row := 20 * art.UIScale
	h := markLegendHeight(marks)
	w := 230 * art.UIScale
	art.RoundRect(dst, x, y, w, h, 6*art.UIScale, art.RGBA(0x1b1610, 215))
	art.Say(dst, "Markers", art.BoldFace(12), x+8*art.UIScale, y+6*art.UIScale, art.RGB(0xf2ead6), 0)
	for i, m := range marks {
		cy := y + 26*art.UIScale + float64(i)*row
		tw := drawMarkToken(dst, art.Pt{X: x + 8*art.UIScale, Y: cy}, 15*art.UIScale, m)
		label := m.Kind
		if m.Kind == rules.MarkAP {
			label = "action points left"
		}
		art.Say(dst, label, art.Face(12), x+16*art.UIScale+tw, cy, art.RGB(0xe8dcc0), 0)
	}
	return h
}
