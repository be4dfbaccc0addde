package game

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules"
)

// sideColour reads a scenario colour ("#rrggbb"), with defaults.
func sideColour(s *rules.State, side int) color.RGBA {
	def := []uint32{0xc0392b, 0x2e6da4}
	c := def[side&1]
	if s != nil {
		hex := s.Sides[side&1].Colour
		if len(hex) == 7 && hex[0] == '#' {
			if v, err := strconv.ParseUint(hex[1:], 16, 32); err == nil {
				c = uint32(v)
			}
		}
	}
	return rgb(c)
}

func ellipse(c fpt, rx, ry, ang float64, n int) []fpt {
	out := make([]fpt, n)
	ca, sa := math.Cos(ang), math.Sin(ang)
	for i := range out {
		t := float64(i) / float64(n) * 2 * math.Pi
		x, y := math.Cos(t)*rx, math.Sin(t)*ry
		out[i] = fpt{c.X + x*ca - y*sa, c.Y + x*sa + y*ca}
	}
	return out
}

// figLook is how one figure should be drawn this frame.
type figLook struct {
	pos      fpt
	r        float64 // base radius in pixels
	side     color.RGBA
	facing   float64 // radians, 0 = up the table
	posture  rules.Posture
	weapon   string
	leader   bool
	marks    []rules.Mark // from the rule set (rules.FigureInfo)
	spent    bool         // has had its go this turn
	removed  bool
	fade     float64 // 1 normal, 0 gone
	hover    bool
	selected bool
	canAct   bool
	target   bool // a legal target in targeting mode
}

// drawFigure paints a miniature seen from above on its round base: the
// base, the soldier's shoulders and pack in the side colour, the helmet,
// the weapon pointing where he faces, and markers round the rim.
func drawFigure(dst *ebiten.Image, f figLook) {
	r := f.r
	c := f.pos
	if f.selected {
		circle(dst, c, r*1.45, rgba(0xfff2a0, 90))
		ring(dst, c, r*1.32, math.Max(2, r*0.12), rgb(0xffe066))
	} else if f.hover {
		ring(dst, c, r*1.25, math.Max(1.5, r*0.08), rgba(0xffffff, 200))
	}
	if f.target {
		ring(dst, c, r*1.3, math.Max(2, r*0.1), rgb(0xff5a3c))
	}
	if f.removed {
		// laid down on its base, greyed
		circle(dst, fpt{c.X + r*0.12, c.Y + r*0.15}, r, rgba(0x000000, 70))
		circle(dst, c, r, rgba(0x5a564e, 200))
		ring(dst, c, r, math.Max(1, r*0.08), rgba(0x2a2620, 220))
		body := ellipse(c, r*0.75, r*0.32, f.facing+math.Pi/2, 14)
		fillPoly(dst, body, rgba(0x8a857c, 220))
		circle(dst, fpt{c.X + math.Sin(f.facing)*r*0.55, c.Y - math.Cos(f.facing)*r*0.55}, r*0.24, rgba(0x6a655c, 220))
		d := r * 0.5
		line(dst, fpt{c.X - d, c.Y - d}, fpt{c.X + d, c.Y + d}, math.Max(1.5, r*0.12), rgba(0x2a2620, 200))
		line(dst, fpt{c.X - d, c.Y + d}, fpt{c.X + d, c.Y - d}, math.Max(1.5, r*0.12), rgba(0x2a2620, 200))
		return
	}
	// base: shadow, rim, earth top with a little grass
	circle(dst, fpt{c.X + r*0.12, c.Y + r*0.18}, r*1.02, rgba(0x000000, 110))
	circle(dst, c, r+math.Max(1.2, r*0.09), rgba(0xf2ead6, 230))
	circle(dst, c, r, rgb(0x3a3128))
	circle(dst, c, r*0.9, rgb(0x6f6a40))
	circle(dst, fpt{c.X - r*0.35, c.Y + r*0.4}, r*0.18, rgb(0x5f7a38))
	circle(dst, fpt{c.X + r*0.45, c.Y - r*0.3}, r*0.14, rgb(0x5f7a38))
	// side band on the rim so ownership reads even from far away
	ring(dst, c, r*0.95, math.Max(1.5, r*0.14), f.side)
	fx, fy := math.Sin(f.facing), -math.Cos(f.facing)
	rx, ry := -fy, fx // to the right
	uni := shade(f.side, 0.95)
	bodyLen, bodyW := r*0.36, r*0.62
	if f.posture == rules.Prone {
		bodyLen, bodyW = r*0.78, r*0.34
	}
	ang := math.Atan2(fy, fx)
	// pack behind the shoulders
	circle(dst, fpt{c.X - fx*r*0.3, c.Y - fy*r*0.3}, r*0.22, shade(uni, 0.7))
	// shoulders/body
	if f.posture == rules.Prone {
		body := ellipse(fpt{c.X - fx*r*0.1, c.Y - fy*r*0.1}, bodyLen, bodyW, ang, 16)
		fillPoly(dst, body, uni)
		strokePoly(dst, body, true, math.Max(1, r*0.06), shade(uni, 0.5))
	} else {
		body := ellipse(c, bodyLen, bodyW, ang, 16)
		fillPoly(dst, body, uni)
		strokePoly(dst, body, true, math.Max(1, r*0.06), shade(uni, 0.5))
		// arms reaching to the weapon
		line(dst, fpt{c.X + rx*bodyW*0.8, c.Y + ry*bodyW*0.8}, fpt{c.X + fx*r*0.45 + rx*r*0.12, c.Y + fy*r*0.45 + ry*r*0.12}, math.Max(1.5, r*0.16), uni)
		line(dst, fpt{c.X - rx*bodyW*0.8, c.Y - ry*bodyW*0.8}, fpt{c.X + fx*r*0.3, c.Y + fy*r*0.3}, math.Max(1.5, r*0.16), uni)
	}
	// weapon
	wl := r * 0.95
	switch f.weapon {
	case "pistol":
		wl = r * 0.55
	case "smg":
		wl = r * 0.8
	}
	ws := fpt{c.X + fx*r*0.15 + rx*r*0.1, c.Y + fy*r*0.15 + ry*r*0.1}
	we := fpt{ws.X + fx*wl, ws.Y + fy*wl}
	line(dst, ws, we, math.Max(1.5, r*0.12), rgb(0x2a2118))
	if f.weapon == "smg" {
		line(dst, fpt{ws.X + fx*wl*0.45, ws.Y + fy*wl*0.45}, fpt{ws.X + fx*wl*0.45 - rx*r*0.2, ws.Y + fy*wl*0.45 - ry*r*0.2}, math.Max(1.2, r*0.09), rgb(0x2a2118))
	}
	// helmet with rim and a highlight
	hc := c
	if f.posture == rules.Prone {
		hc = fpt{c.X + fx*r*0.5, c.Y + fy*r*0.5}
	}
	hr := r * 0.3
	if f.posture == rules.Crouching {
		hr = r * 0.27
	}
	steel := mix(f.side, rgb(0x4a5038), 0.65)
	circle(dst, hc, hr*1.15, rgb(0x1e1a14))
	circle(dst, hc, hr, steel)
	circle(dst, fpt{hc.X - hr*0.3, hc.Y - hr*0.3}, hr*0.38, shade(steel, 1.35))
	if f.leader {
		star(dst, fpt{c.X + r*0.72, c.Y - r*0.72}, r*0.3, rgb(0xf2c94c), rgb(0x4a3510))
	}
	if f.spent && !f.removed && !f.canAct {
		// its go is over this turn: a shade over the figure, as a player
		// turns a spent miniature or marks it
		circle(dst, c, r, rgba(0x000000, 70))
	}
	if f.canAct {
		circle(dst, fpt{c.X - r*0.78, c.Y - r*0.7}, math.Max(2, r*0.13), rgb(0xfff2a0))
		ring(dst, fpt{c.X - r*0.78, c.Y - r*0.7}, math.Max(2, r*0.13), 1, rgb(0x4a3510))
	}
	drawMarks(dst, c, r, f.marks)
}

func star(dst *ebiten.Image, c fpt, r float64, fill, edge color.RGBA) {
	var pts []fpt
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := float64(i)*math.Pi/5 - math.Pi/2
		pts = append(pts, fpt{c.X + math.Cos(a)*rr, c.Y + math.Sin(a)*rr})
	}
	fillPoly(dst, pts, fill)
	strokePoly(dst, pts, true, math.Max(1, r*0.12), edge)
}

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
	rules.MarkFired: {"F", 0xa0a0a0},
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

// drawMarks puts labelled tokens under the base, readable without colour.
func drawMarks(dst *ebiten.Image, c fpt, r float64, marks []rules.Mark) {
	if len(marks) == 0 {
		return
	}
	x := c.X - r
	y := c.Y + r*1.05
	sz := math.Max(11, r*0.55)
	f := boldFace(sz * 0.7 / uiScale)
	for _, m := range marks {
		label, col := markTag(m)
		w := textW(label, f) + sz*0.5
		roundRect(dst, x, y, w, sz, sz*0.25, rgb(col))
		say(dst, label, f, x+w/2, y+sz*0.08, rgb(0x101010), 1)
		x += w + 2
	}
}

func mix(a, b color.RGBA, k float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-k) + float64(y)*k) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}
