package game

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

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
	col := rgb(0xd8c8a0)
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
		drawBlastRing(dst, c, r, rgb(0xe8502a))
		drawGrenade(dst, c, math.Max(7*uiScale, math.Min(r*0.35, 14*uiScale)))
	case o.Kind == rules.OverRound && o.Circle != nil:
		c, r := b.tv.scr(o.Circle.C), b.tv.px(geom.Inches(o.Circle.R))
		drawBlastRing(dst, c, r, col)
		drawAimMark(dst, c, math.Max(10*uiScale, math.Min(r*0.5, 18*uiScale)), col)
	default:
		// a template left on the table, or a kind the table has no
		// picture for: its outline and its words
		fill := rgba(0xff9040, 36)
		edge := rgba(0xffb070, 200)
		switch {
		case o.Circle != nil:
			c, r := b.tv.scr(o.Circle.C), b.tv.px(geom.Inches(o.Circle.R))
			circle(dst, c, r, fill)
			ring(dst, c, r, 2*uiScale, edge)
		case len(o.Poly) > 2:
			pts := make([]fpt, len(o.Poly))
			for i, q := range o.Poly {
				pts[i] = b.tv.scr(q)
			}
			fillPoly(dst, pts, fill)
			strokePoly(dst, pts, true, 2*uiScale, edge)
		case len(o.Path) > 1:
			for i := 1; i < len(o.Path); i++ {
				strokeDashed(dst, b.tv.scr(o.Path[i-1]), b.tv.scr(o.Path[i]), 3*uiScale, 10*uiScale, 6*uiScale, edge)
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
			strokeDashed(dst, from, c, 2*uiScale, 7*uiScale, 6*uiScale, wash(dst, 0xe8e8e2, 150))
			ang := math.Atan2(c.Y-from.Y, c.X-from.X)
			h := 10 * uiScale
			line(dst, c, fpt{c.X - h*math.Cos(ang-0.5), c.Y - h*math.Sin(ang-0.5)}, 2*uiScale, wash(dst, 0xe8e8e2, 170))
			line(dst, c, fpt{c.X - h*math.Cos(ang+0.5), c.Y - h*math.Sin(ang+0.5)}, 2*uiScale, wash(dst, 0xe8e8e2, 170))
		}
	}
	a := func(v float64) uint8 { return uint8(math.Min(255, v*alpha)) }
	// the rim: many small faint puffs just inside the edge
	n := 14
	for i := 0; i < n; i++ {
		t := (float64(i) + rnd()*0.6) / float64(n) * 2 * math.Pi
		d := r * (0.72 + 0.12*rnd())
		pr := r * (0.26 + 0.08*rnd())
		circle(dst, fpt{c.X + d*math.Cos(t), c.Y + d*math.Sin(t)}, pr, wash(dst, 0xa2a29c, a(75)))
	}
	// the body: larger puffs towards the middle
	for i := 0; i < 8; i++ {
		t := (float64(i) + rnd()) / 8 * 2 * math.Pi
		d := r * (0.3 + 0.2*rnd())
		pr := r * (0.38 + 0.1*rnd())
		circle(dst, fpt{c.X + d*math.Cos(t), c.Y + d*math.Sin(t)}, pr, wash(dst, 0xbcbcb6, a(95)))
	}
	circle(dst, c, r*0.55, wash(dst, 0xcfcfc9, a(120)))
	// light on the tops of the puffs, shade beneath
	for i := 0; i < 6; i++ {
		t := (float64(i) + rnd()) / 6 * 2 * math.Pi
		d := r * (0.25 + 0.35*rnd())
		p := fpt{c.X + d*math.Cos(t), c.Y + d*math.Sin(t)}
		pr := r * (0.16 + 0.08*rnd())
		circle(dst, fpt{p.X + pr*0.25, p.Y + pr*0.3}, pr, wash(dst, 0x7a7a76, a(40)))
		circle(dst, fpt{p.X - pr*0.2, p.Y - pr*0.25}, pr*0.8, wash(dst, 0xf4f4ee, a(70)))
	}
	if o.Turns > 0 && !o.Drift {
		tr := math.Max(9*uiScale, math.Min(r*0.22, 13*uiScale))
		tp := fpt{c.X + r*0.62, c.Y - r*0.62}
		circle(dst, fpt{tp.X + 1.5*uiScale, tp.Y + 2*uiScale}, tr, rgba(0x000000, 90))
		circle(dst, tp, tr, rgb(0x3c3c3a))
		ring(dst, tp, tr, 1.5*uiScale, rgb(0xe8e8e2))
		say(dst, fmt.Sprint(o.Turns), boldFace(13), tp.X, tp.Y-9*uiScale, rgb(0xf4f4ee), 1)
		if r > 40*uiScale {
			say(dst, "turns", face(10), tp.X, tp.Y+tr+1*uiScale, rgb(0xf4f4ee), 1)
		}
	}
}

// drawFireLine paints a line of suppressive fire: a dark bed under a
// dashed stroke of its side's colour, with tracer chevrons pointing both
// ways along it and a cap at each end.
func drawFireLine(dst *ebiten.Image, a, b fpt, col color.RGBA) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l < 1 {
		return
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	nx, ny := -uy, ux
	// the beaten zone, faint in the side's colour, then a dark bed
	line(dst, a, b, 16*uiScale, wash(dst, uint32(col.R)<<16|uint32(col.G)<<8|uint32(col.B), 90))
	line(dst, a, b, 7*uiScale, wash(dst, 0x1a140c, 190))
	strokeDashed(dst, a, b, 5*uiScale, 14*uiScale, 7*uiScale, col)
	light := brighten(col, 0.45)
	cap := 8 * uiScale
	for _, p := range []fpt{a, b} {
		line(dst, fpt{p.X + nx*cap, p.Y + ny*cap}, fpt{p.X - nx*cap, p.Y - ny*cap}, 3.5*uiScale, col)
		circle(dst, p, 3*uiScale, light)
	}
	// chevrons across the line every so often: the beaten zone
	step := 42 * uiScale
	for s := step / 2; s < l-step/4; s += step {
		p := fpt{a.X + ux*s, a.Y + uy*s}
		h := 6 * uiScale
		line(dst, fpt{p.X + nx*h - ux*h*0.6, p.Y + ny*h - uy*h*0.6}, p, 2*uiScale, light)
		line(dst, fpt{p.X - nx*h - ux*h*0.6, p.Y - ny*h - uy*h*0.6}, p, 2*uiScale, light)
	}
}

// drawBlastRing marks the reach of a blast to come: a faint fill and a
// dashed ring.
func drawBlastRing(dst *ebiten.Image, c fpt, r float64, col color.RGBA) {
	circle(dst, c, r, wash(dst, uint32(col.R)<<16|uint32(col.G)<<8|uint32(col.B), 40))
	n := max(12, int(2*math.Pi*r/(12*uiScale)))
	for k := 0; k < n; k += 2 {
		a0 := float64(k) / float64(n) * 2 * math.Pi
		a1 := float64(k+1) / float64(n) * 2 * math.Pi
		line(dst, fpt{c.X + math.Cos(a0)*r, c.Y + math.Sin(a0)*r}, fpt{c.X + math.Cos(a1)*r, c.Y + math.Sin(a1)*r}, 2.5*uiScale, col)
	}
}

// drawGrenade paints a grenade lying on the ground: a ribbed olive body,
// its fuse cap, lever and pin ring.
func drawGrenade(dst *ebiten.Image, c fpt, s float64) {
	body := rgb(0x55623a)
	circle(dst, fpt{c.X + s*0.15, c.Y + s*0.2}, s*1.05, rgba(0x000000, 90))
	pts := ellipse(c, s*0.8, s, 0, 20)
	fillPoly(dst, pts, body)
	strokePoly(dst, pts, true, 1.2*uiScale, rgb(0x222a14))
	for i := -1; i <= 1; i++ {
		y := c.Y + float64(i)*s*0.42
		w := s * 0.8 * math.Sqrt(1-math.Pow(float64(i)*0.42, 2))
		line(dst, fpt{c.X - w, y}, fpt{c.X + w, y}, 1*uiScale, rgb(0x2e3720))
	}
	line(dst, fpt{c.X, c.Y - s}, fpt{c.X, c.Y + s}, 1*uiScale, rgb(0x2e3720))
	rect(dst, c.X-s*0.3, c.Y-s*1.35, s*0.6, s*0.4, rgb(0x8a8a80))
	line(dst, fpt{c.X + s*0.2, c.Y - s*1.2}, fpt{c.X + s*0.75, c.Y - s*0.2}, 1.8*uiScale, rgb(0x9a9a90))
	ring(dst, fpt{c.X - s*0.55, c.Y - s*1.3}, s*0.3, 1.4*uiScale, rgb(0xd0c890))
	circle(dst, fpt{c.X - s*0.25, c.Y - s*0.35}, s*0.22, rgba(0xffffff, 60))
}

// drawAimMark marks where a round is to fall: crossed sights in a ring.
func drawAimMark(dst *ebiten.Image, c fpt, s float64, col color.RGBA) {
	ring(dst, c, s*0.6, 3*uiScale, rgba(0x000000, 100))
	ring(dst, c, s*0.6, 2*uiScale, col)
	for _, d := range []fpt{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		line(dst, fpt{c.X + d.X*s*0.3, c.Y + d.Y*s*0.3}, fpt{c.X + d.X*s, c.Y + d.Y*s}, 2.5*uiScale, col)
	}
	circle(dst, c, 2.5*uiScale, col)
}

// wash is a see-through colour for dst: the frame's batched triangles
// take their colours with straight alpha, the vector paths premultiplied.
func wash(dst *ebiten.Image, c uint32, a uint8) color.RGBA {
	if batching(dst) != nil {
		return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), a}
	}
	return rgba(c, a)
}

// overlayAt is the thing lying on the table under the pointer (on its
// line, in its circle or template), for its card; ok false when none.
func (b *battle) overlayAt(p geom.Pt) (rules.Overlay, bool) {
	slop := int64(geom.PerInch / 2)
	if px := b.tv.px(1); px > 0 {
		slop = max(slop, int64(8*uiScale/px*geom.PerInch))
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
	return title(o.Kind)
}

// drawOverlayCard shows the card of the thing under a resting pointer.
func (b *battle) drawOverlayCard(dst *ebiten.Image, a *App, o rules.Overlay) {
	lines := wrap(o.Label, face(13), 380*uiScale)
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
	ptr := fpt{mx, my}
	yellow, red := rgb(0xfff2a0), rgb(0xff5a4a)
	reason := func() {
		if b.aimErr != nil {
			say(dst, b.plain(b.aimErr.Error()), boldFace(12), ptr.X, ptr.Y+14*uiScale, rgb(0xffd0c8), 1)
		}
	}
	if b.sel.Line {
		if b.sel.LineA == nil {
			ring(dst, ptr, 7*uiScale, 2.5*uiScale, yellow)
			say(dst, "first end", boldFace(12), ptr.X, ptr.Y+12*uiScale, yellow, 1)
			return
		}
		a := b.tv.scr(*b.sel.LineA)
		if b.aimAt != nil && b.aimErr == nil {
			drawFireLine(dst, a, ptr, sideColour(b.st(), sel.Side))
			strokeDashed(dst, b.drawPos(sel), fpt{(a.X + ptr.X) / 2, (a.Y + ptr.Y) / 2}, 1.5*uiScale, 6*uiScale, 6*uiScale, rgba(0xfff2a0, 160))
		} else {
			strokeDashed(dst, a, ptr, 3*uiScale, 10*uiScale, 6*uiScale, red)
			reason()
		}
		circle(dst, a, 4*uiScale, yellow)
		say(dst, b.scale().Format(geom.Dist(*b.sel.LineA, b.tv.tbl(mx, my))), boldFace(12), ptr.X, ptr.Y-24*uiScale, yellow, 1)
		return
	}
	ok := b.aimAt != nil && b.aimErr == nil
	col := yellow
	if !ok {
		col = red
	}
	strokeDashed(dst, b.drawPos(sel), ptr, 2.5*uiScale, 8*uiScale, 6*uiScale, col)
	ring(dst, ptr, 6*uiScale, 2*uiScale, col)
	if !ok {
		reason()
		return
	}
	// the burst (or template) the shot would make where aimed
	sc := b.scale()
	shapes := rules.ShapesOf(b.g.RS, b.st(), *b.aimAt)
	for i := len(shapes) - 1; i >= 0; i-- {
		sh := shapes[i]
		if sh.Circle == nil {
			continue
		}
		c, r := b.tv.scr(sh.Circle.C), b.tv.px(geom.Inches(sh.Circle.R))
		drawBlastRing(dst, c, r, rgb(0xffa040))
		label := "burst " + sc.Format(sh.Circle.R)
		if sh.Label != "" {
			label = sh.Label + " " + sc.Format(sh.Circle.R)
		}
		say(dst, label, boldFace(12), c.X, c.Y+r+4*uiScale, rgb(0xffd090), 1)
	}
}
