package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Things lying on the table: smoke, lines of fire, live grenades, rounds
// on their way, templates. The rule set lists them for the player at the
// table (rules.View.Overlays); each kind is painted as a thing on the
// table, not a debug shape. Clouds hang over the figures; the rest lie
// under them.

// overlays is what lies on the table for the player at it, as the table
// shows the state now (the state before the dice still rolling).
func (b *battle) overlays() []rules.Overlay {
	return rules.ViewOf(b.g.RS, b.shownSt(), b.viewer()).Overlays()
}

// drawOverlays paints the things lying on the table: those on the ground
// (under the figures) or the clouds (over them).
func (b *battle) drawOverlays(dst *ebiten.Image, clouds bool) {
	for _, o := range b.overlays() {
		if (o.Kind == rules.OverSmoke) != clouds {
			continue
		}
		b.drawOverlay(dst, o)
	}
}

func (b *battle) drawOverlay(dst *ebiten.Image, o rules.Overlay) {
	st := b.shownSt()
	col := art.RGB(0xd8c8a0)
	if o.Side == 0 || o.Side == 1 {
		col = sideColour(st, o.Side)
	}
	switch {
	case o.Kind == rules.OverSmoke && o.Circle != nil:
		b.drawSmoke(dst, o)
	case o.Kind == rules.OverFireLine && len(o.Path) == 2:
		drawFireLine(dst, b.tv.scr(o.Path[0]), b.tv.scr(o.Path[1]), col)
	case o.Kind == rules.OverGrenade && o.Circle != nil:
		c, r := b.tv.scr(o.Circle.C), b.tv.px(geom.Inches(o.Circle.R))
		drawBlastRing(dst, c, r, art.RGB(0xe8502a))
		drawGrenade(dst, c, math.Max(7*art.UIScale, math.Min(r*0.35, 14*art.UIScale)))
	case o.Kind == rules.OverRound && o.Circle != nil:
		c, r := b.tv.scr(o.Circle.C), b.tv.px(geom.Inches(o.Circle.R))
		drawBlastRing(dst, c, r, col)
		drawAimMark(dst, c, math.Max(10*art.UIScale, math.Min(r*0.5, 18*art.UIScale)), col)
	default:
		// a template left on the table, or a kind the table has no
		// picture for: its outline and its words
		fill := art.RGBA(0xff9040, 36)
		edge := art.RGBA(0xffb070, 200)
		switch {
		case o.Circle != nil:
			c, r := b.tv.scr(o.Circle.C), b.tv.px(geom.Inches(o.Circle.R))
			art.Circle(dst, c, r, fill)
			art.Ring(dst, c, r, 2*art.UIScale, edge)
		case len(o.Poly) > 2:
			pts := make([]art.Pt, len(o.Poly))
			for i, q := range o.Poly {
				pts[i] = b.tv.scr(q)
			}
			art.FillPoly(dst, pts, fill)
			art.StrokePoly(dst, pts, true, 2*art.UIScale, edge)
		case len(o.Path) > 1:
			for i := 1; i < len(o.Path); i++ {
				art.StrokeDashed(dst, b.tv.scr(o.Path[i-1]), b.tv.scr(o.Path[i]), 3*art.UIScale, 10*art.UIScale, 6*art.UIScale, edge)
			}
		}
	}
}

// drawSmoke paints a soft grey cloud: overlapping puffs, denser at the
// heart and thinning at the rim, laid out from where the cloud stands so
// it does not flicker, with the turns it has left on a token at its edge
// and, when it blows away, a faint arrow from where it rose.
func (b *battle) drawSmoke(dst *ebiten.Image, o rules.Overlay) {
	c, r := b.tv.scr(o.Circle.C), b.tv.px(geom.Inches(o.Circle.R))
	if r < 2 {
		return
	}
	seed := uint64(o.Circle.C.X)*0x9e3779b97f4a7c15 ^ uint64(o.Circle.C.Y)*0xc2b2ae3d27d4eb4f
	rnd := func() float64 {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return float64(seed%10000) / 10000
	}
	alpha := 1.0
	if o.Drift {
		alpha = 0.75
		if o.From != nil {
			from := b.tv.scr(*o.From)
			art.StrokeDashed(dst, from, c, 2*art.UIScale, 7*art.UIScale, 6*art.UIScale, wash(dst, 0xe8e8e2, 150))
			ang := math.Atan2(c.Y-from.Y, c.X-from.X)
			h := 10 * art.UIScale
			art.Line(dst, c, art.Pt{X: c.X - h*math.Cos(ang-0.5), Y: c.Y - h*math.Sin(ang-0.5)}, 2*art.UIScale, wash(dst, 0xe8e8e2, 170))
			art.Line(dst, c, art.Pt{X: c.X - h*math.Cos(ang+0.5), Y: c.Y - h*math.Sin(ang+0.5)}, 2*art.UIScale, wash(dst, 0xe8e8e2, 170))
		}
	}
	a := func(v float64) uint8 { return uint8(math.Min(255, v*alpha)) }
	// the rim: many small faint puffs just inside the edge
	n := 14
	for i := 0; i < n; i++ {
		t := (float64(i) + rnd()*0.6) / float64(n) * 2 * math.Pi
		d := r * (0.72 + 0.12*rnd())
		pr := r * (0.26 + 0.08*rnd())
		art.Circle(dst, art.Pt{X: c.X + d*math.Cos(t), Y: c.Y + d*math.Sin(t)}, pr, wash(dst, 0xa2a29c, a(75)))
	}
	// the body: larger puffs towards the middle
	for i := 0; i < 8; i++ {
		t := (float64(i) + rnd()) / 8 * 2 * math.Pi
		d := r * (0.3 + 0.2*rnd())
		pr := r * (0.38 + 0.1*rnd())
		art.Circle(dst, art.Pt{X: c.X + d*math.Cos(t), Y: c.Y + d*math.Sin(t)}, pr, wash(dst, 0xbcbcb6, a(95)))
	}
	art.Circle(dst, c, r*0.55, wash(dst, 0xcfcfc9, a(120)))
	// light on the tops of the puffs, shade beneath
	for i := 0; i < 6; i++ {
		t := (float64(i) + rnd()) / 6 * 2 * math.Pi
		d := r * (0.25 + 0.35*rnd())
		p := art.Pt{X: c.X + d*math.Cos(t), Y: c.Y + d*math.Sin(t)}
		pr := r * (0.16 + 0.08*rnd())
		art.Circle(dst, art.Pt{X: p.X + pr*0.25, Y: p.Y + pr*0.3}, pr, wash(dst, 0x7a7a76, a(40)))
		art.Circle(dst, art.Pt{X: p.X - pr*0.2, Y: p.Y - pr*0.25}, pr*0.8, wash(dst, 0xf4f4ee, a(70)))
	}
	if o.Turns > 0 && !o.Drift {
		tr := math.Max(9*art.UIScale, math.Min(r*0.22, 13*art.UIScale))
		tp := art.Pt{X: c.X + r*0.62, Y: c.Y - r*0.62}
		art.Circle(dst, art.Pt{X: tp.X + 1.5*art.UIScale, Y: tp.Y + 2*art.UIScale}, tr, art.RGBA(0x000000, 90))
		art.Circle(dst, tp, tr, art.RGB(0x3c3c3a))
		art.Ring(dst, tp, tr, 1.5*art.UIScale, art.RGB(0xe8e8e2))
		art.Say(dst, fmt.Sprint(o.Turns), art.BoldFace(13), tp.X, tp.Y-9*art.UIScale, art.RGB(0xf4f4ee), 1)
		if r > 40*art.UIScale {
			art.Say(dst, "turns", art.Face(10), tp.X, tp.Y+tr+1*art.UIScale, art.RGB(0xf4f4ee), 1)
		}
	}
}

// drawFireLine paints a line of suppressive fire: a dark bed under a
// dashed stroke of its side's colour, with tracer chevrons pointing both
// ways along it and a cap at each end.
func drawFireLine(dst *ebiten.Image, a, b art.Pt, col color.RGBA) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l < 1 {
		return
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	nx, ny := -uy, ux
	// the beaten zone, faint in the side's colour, then a dark bed
	art.Line(dst, a, b, 16*art.UIScale, wash(dst, uint32(col.R)<<16|uint32(col.G)<<8|uint32(col.B), 90))
	art.Line(dst, a, b, 7*art.UIScale, wash(dst, 0x1a140c, 190))
	art.StrokeDashed(dst, a, b, 5*art.UIScale, 14*art.UIScale, 7*art.UIScale, col)
	light := art.Brighten(col, 0.45)
	cap := 8 * art.UIScale
	for _, p := range []art.Pt{a, b} {
		art.Line(dst, art.Pt{X: p.X + nx*cap, Y: p.Y + ny*cap}, art.Pt{X: p.X - nx*cap, Y: p.Y - ny*cap}, 3.5*art.UIScale, col)
		art.Circle(dst, p, 3*art.UIScale, light)
	}
	// chevrons across the line every so often: the beaten zone
	step := 42 * art.UIScale
	for s := step / 2; s < l-step/4; s += step {
		p := art.Pt{X: a.X + ux*s, Y: a.Y + uy*s}
		h := 6 * art.UIScale
		art.Line(dst, art.Pt{X: p.X + nx*h - ux*h*0.6, Y: p.Y + ny*h - uy*h*0.6}, p, 2*art.UIScale, light)
		art.Line(dst, art.Pt{X: p.X - nx*h - ux*h*0.6, Y: p.Y - ny*h - uy*h*0.6}, p, 2*art.UIScale, light)
	}
}

// drawBlastRing marks the reach of a blast to come: a faint fill and a
// dashed ring.
func drawBlastRing(dst *ebiten.Image, c art.Pt, r float64, col color.RGBA) {
	art.Circle(dst, c, r, wash(dst, uint32(col.R)<<16|uint32(col.G)<<8|uint32(col.B), 40))
	n := max(12, int(2*math.Pi*r/(12*art.UIScale)))
	for k := 0; k < n; k += 2 {
		a0 := float64(k) / float64(n) * 2 * math.Pi
		a1 := float64(k+1) / float64(n) * 2 * math.Pi
		art.Line(dst, art.Pt{X: c.X + math.Cos(a0)*r, Y: c.Y + math.Sin(a0)*r}, art.Pt{X: c.X + math.Cos(a1)*r, Y: c.Y + math.Sin(a1)*r}, 2.5*art.UIScale, col)
	}
}

// drawGrenade paints a grenade lying on the ground: a ribbed olive body,
// its fuse cap, lever and pin ring.
func drawGrenade(dst *ebiten.Image, c art.Pt, s float64) {
	body := art.RGB(0x55623a)
	art.Circle(dst, art.Pt{X: c.X + s*0.15, Y: c.Y + s*0.2}, s*1.05, art.RGBA(0x000000, 90))
	pts := ellipse(c, s*0.8, s, 0, 20)
	art.FillPoly(dst, pts, body)
	art.StrokePoly(dst, pts, true, 1.2*art.UIScale, art.RGB(0x222a14))
	for i := -1; i <= 1; i++ {
		y := c.Y + float64(i)*s*0.42
		w := s * 0.8 * math.Sqrt(1-math.Pow(float64(i)*0.42, 2))
		art.Line(dst, art.Pt{X: c.X - w, Y: y}, art.Pt{X: c.X + w, Y: y}, 1*art.UIScale, art.RGB(0x2e3720))
	}
	art.Line(dst, art.Pt{X: c.X, Y: c.Y - s}, art.Pt{X: c.X, Y: c.Y + s}, 1*art.UIScale, art.RGB(0x2e3720))
	art.Rect(dst, c.X-s*0.3, c.Y-s*1.35, s*0.6, s*0.4, art.RGB(0x8a8a80))
	art.Line(dst, art.Pt{X: c.X + s*0.2, Y: c.Y - s*1.2}, art.Pt{X: c.X + s*0.75, Y: c.Y - s*0.2}, 1.8*art.UIScale, art.RGB(0x9a9a90))
	art.Ring(dst, art.Pt{X: c.X - s*0.55, Y: c.Y - s*1.3}, s*0.3, 1.4*art.UIScale, art.RGB(0xd0c890))
	art.Circle(dst, art.Pt{X: c.X - s*0.25, Y: c.Y - s*0.35}, s*0.22, art.RGBA(0xffffff, 60))
}

// drawAimMark marks where a round is to fall: crossed sights in a ring.
func drawAimMark(dst *ebiten.Image, c art.Pt, s float64, col color.RGBA) {
	art.Ring(dst, c, s*0.6, 3*art.UIScale, art.RGBA(0x000000, 100))
	art.Ring(dst, c, s*0.6, 2*art.UIScale, col)
	for _, d := range []art.Pt{{X: 1, Y: 0}, {X: -1, Y: 0}, {X: 0, Y: 1}, {X: 0, Y: -1}} {
		art.Line(dst, art.Pt{X: c.X + d.X*s*0.3, Y: c.Y + d.Y*s*0.3}, art.Pt{X: c.X + d.X*s, Y: c.Y + d.Y*s}, 2.5*art.UIScale, col)
	}
	art.Circle(dst, c, 2.5*art.UIScale, col)
}

// wash is a see-through colour for dst: the frame's batched triangles
// take their colours with straight alpha, the vector paths premultiplied.
func wash(dst *ebiten.Image, c uint32, a uint8) color.RGBA {
	if art.Batching(dst) != nil {
		return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), a}
	}
	return art.RGBA(c, a)
}

// overlayAt is the thing lying on the table under the pointer (on its
// line, in its circle or template), for its card; ok false when none.
func (b *battle) overlayAt(p geom.Pt) (rules.Overlay, bool) {
	slop := int64(geom.PerInch / 2)
	if px := b.tv.px(1); px > 0 {
		slop = max(slop, int64(8*art.UIScale/px*geom.PerInch))
	}
	os := b.overlays()
	// the smallest thing first: a grenade in a cloud is what is pointed at
	for pass := 0; pass < 2; pass++ {
		for _, o := range os {
			if (o.Kind == rules.OverSmoke) != (pass == 1) {
				continue
			}
			switch {
			case len(o.Path) == 2 && geom.SegWithin(geom.Seg{A: o.Path[0], B: o.Path[1]}, p, slop, true):
				return o, true
			case o.Circle != nil && geom.WithinDist(o.Circle.C, p, o.Circle.R):
				return o, true
			case len(o.Poly) > 2 && o.Poly.Contains(p):
				return o, true
			}
		}
	}
	return rules.Overlay{}, false
}

// overlayHead names a thing on the table for its card.
func overlayHead(o rules.Overlay) string {
	switch o.Kind {
	case rules.OverSmoke:
		if o.Drift {
			return "Smoke, drifting"
		}
		return "Smoke"
	case rules.OverFireLine:
		return "Line of suppressive fire"
	case rules.OverGrenade:
		return "Grenade"
	case rules.OverRound:
		return "Indirect fire on its way"
	case rules.OverTemplate:
		return "Template"
	}
	return rules.Capital(o.Kind)
}

// drawOverlayCard shows the card of the thing under a resting pointer.
func (b *battle) drawOverlayCard(dst *ebiten.Image, a *App, o rules.Overlay) {
	lines := art.Wrap(o.Label, art.Face(13), 380*art.UIScale)
	if o.Until != "" {
		lines = append(lines, "Lasts: "+o.Until)
	}
	accent := uint32(0x9a9a94)
	if o.Side == 0 || o.Side == 1 {
		accent = colourInt(sideColour(b.st(), o.Side))
	}
	b.card(dst, a, overlayHead(o), lines, accent)
}

// drawAim shows, while aiming at a point, a line or the ground, what a
// click would give where the pointer is, as the rule set would take it:
// a line of fire drawn as it would be laid (its length beside it), the
// burst a ground shot would make, or, refused, a red line and the rule
// set's reason.
func (b *battle) drawAim(dst *ebiten.Image, sel *rules.Figure) {
	if b.sel.Mode != view.Targeting || sel == nil || !(b.sel.Point || (b.sel.Ground && b.hover == 0)) {
		return
	}
	mx, my := cursor()
	ptr := art.Pt{X: mx, Y: my}
	yellow, red := art.RGB(0xfff2a0), art.RGB(0xff5a4a)
	reason := func() {
		if b.aimErr != nil {
			art.SayOnPlate(dst, b.plain(b.aimErr.Error()), art.BoldFace(12), ptr.X, ptr.Y+14*art.UIScale, art.RGB(0xffd0c8), 1)
		}
	}
	if b.sel.Line {
		if b.sel.LineA == nil {
			art.Ring(dst, ptr, 7*art.UIScale, 2.5*art.UIScale, yellow)
			art.SayOnPlate(dst, "first end", art.BoldFace(12), ptr.X, ptr.Y+12*art.UIScale, yellow, 1)
			return
		}
		a := b.tv.scr(*b.sel.LineA)
		if b.aimAt != nil && b.aimErr == nil {
			drawFireLine(dst, a, ptr, sideColour(b.st(), sel.Side))
			art.StrokeDashed(dst, b.drawPos(sel), art.Pt{X: (a.X + ptr.X) / 2, Y: (a.Y + ptr.Y) / 2}, 1.5*art.UIScale, 6*art.UIScale, 6*art.UIScale, art.RGBA(0xfff2a0, 160))
		} else {
			art.StrokeDashed(dst, a, ptr, 3*art.UIScale, 10*art.UIScale, 6*art.UIScale, red)
			reason()
		}
		art.Circle(dst, a, 4*art.UIScale, yellow)
		art.SayOnPlate(dst, b.scale().Format(geom.Dist(*b.sel.LineA, b.tv.tbl(mx, my))), art.BoldFace(12), ptr.X, ptr.Y-24*art.UIScale, yellow, 1)
		return
	}
	ok := b.aimAt != nil && b.aimErr == nil
	col := yellow
	if !ok {
		col = red
	}
	art.StrokeDashed(dst, b.drawPos(sel), ptr, 2.5*art.UIScale, 8*art.UIScale, 6*art.UIScale, col)
	art.Ring(dst, ptr, 6*art.UIScale, 2*art.UIScale, col)
	if !ok {
		reason()
		return
	}
	// the burst (or template) the shot would make where aimed
	sc := b.scale()
	shapes := rules.ShapesOf(b.g.RS, b.st(), *b.aimAt)
	var outer *rules.Shape
	for i := len(shapes) - 1; i >= 0; i-- {
		sh := shapes[i]
		if sh.Circle == nil {
			continue
		}
		if outer == nil {
			outer = &shapes[i]
		}
		c, r := b.tv.scr(sh.Circle.C), b.tv.px(geom.Inches(sh.Circle.R))
		drawBlastRing(dst, c, r, art.RGB(0xffa040))
	}
	if outer != nil {
		// one plate under the outermost ring: a plate under each of rings
		// an inch apart stacked "A 4"", "B 5"", "C 6"" into a smudge
		c, r := b.tv.scr(outer.Circle.C), b.tv.px(geom.Inches(outer.Circle.R))
		art.SayOnPlate(dst, ringsLabel(shapes, sc), art.BoldFace(12), c.X, c.Y+r+4*art.UIScale, art.RGB(0xffd090), 1)
	}
}

// ringsLabel is the one plate for a shot's rings (rules.ShapesOf's
// circles, innermost first): "burst 3"" for one, and for nested rings
// each radius with its name and what the rings mean ("burst radii: A
// 4", B 5", C 6" (worst nearest the centre)").
func ringsLabel(shapes []rules.Shape, sc rules.Scale) string {
	var parts []string
	one := ""
	for _, sh := range shapes {
		if sh.Circle == nil {
			continue
		}
		p := sc.Format(sh.Circle.R)
		one = "burst " + p
		if sh.Label != "" {
			p = sh.Label + " " + p
			one = p
		}
		parts = append(parts, p)
	}
	if len(parts) == 1 {
		return one
	}
	return "burst radii: " + strings.Join(parts, ", ") + " (worst nearest the centre)"
}
