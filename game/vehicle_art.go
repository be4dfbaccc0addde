package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// vehicleLook is how one vehicle should be drawn this frame: the battle
// converts a rules/vehicle pose and type into it.
type vehicleLook struct {
	look                       string     // the Type's Look: jeep, truck, lorry, halftrack, carrier, armoured-car, light-tank, medium-tank, apc, helicopter
	centre                     fpt        // screen
	pxPerInch                  float64    // zoom
	length, width              float64    // inches
	facing, turret             float64    // radians, 0 up the screen, clockwise (like figLook.facing)
	hasTurret                  bool       // draw the turret (for the looks that have one)
	turretOffset, turretRadius float64    // inches (offset forward of centre)
	side                       color.RGBA // side colour
	sideIdx                    int        // 0/1: the second side has pale notches along the hull edges

	immobilised, brewedUp, smoking, hatchesOpen, abandoned bool
	selected, hover, target                                bool

	t float64 // seconds, for the smoke and flames
}

// vehicleLookOf reads a battle vehicle and its type into a look: centre
// is the vehicle's position on screen (tableView.scr(v.Pos)), pxPerInch
// the zoom (tableView.px(1)) and side the side's colour as figures get
// it (battle.rims()[v.Side&1]); the caller sets selected, hover, target
// and t. A type with an unknown Look is drawn as a light tank.
func vehicleLookOf(t *vehicle.Type, v *rules.Vehicle, centre fpt, pxPerInch float64, side color.RGBA) vehicleLook {
	deg := func(d int) float64 { return float64(d) * math.Pi / 180 }
	return vehicleLook{
		look: t.Look, centre: centre, pxPerInch: pxPerInch,
		length: geom.Inches(t.Length), width: geom.Inches(t.Width),
		facing: deg(v.Facing), turret: deg(v.Turret),
		hasTurret: t.HasTurret, turretOffset: geom.Inches(t.TurretOffset), turretRadius: geom.Inches(t.TurretRadius),
		side: side, sideIdx: v.Side & 1,
		immobilised: v.Damage.Has(vehicle.Immobilised), brewedUp: v.Damage.Has(vehicle.BrewedUp),
		smoking: v.Damage.Has(vehicle.Smoking), abandoned: v.Damage.Has(vehicle.Abandoned),
		hatchesOpen: v.HatchesOpen,
	}
}

// minVehicleLen is the shortest a vehicle is drawn, in pixels: zoomed far
// out it stays a readable counter.
func minVehicleLen() float64 { return 18 * uiScale }

// vehicleScale is the pixels per inch a vehicle is drawn at (the zoom,
// raised so it is never shorter than minVehicleLen).
func vehicleScale(v vehicleLook) float64 {
	px := v.pxPerInch
	if v.length > 0 && v.length*px < minVehicleLen() {
		px = minVehicleLen() / v.length
	}
	return px
}

// tr is a colour with straight alpha, as the batched mesh wants it.
func vtr(c uint32, a uint8) color.RGBA {
	return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), a}
}

// vframe maps a shape's own coordinates to the screen: f forward and r to
// the right, in units of sx and sy pixels.
type vframe struct {
	c      fpt
	fx, fy float64 // forward, a unit vector on screen
	sx, sy float64 // pixels per unit forward and right
}

func newVframe(c fpt, ang, sx, sy float64) vframe {
	return vframe{c: c, fx: math.Sin(ang), fy: -math.Cos(ang), sx: sx, sy: sy}
}

// px maps a point given in pixels forward and right.
func (v vframe) px(f, r float64) fpt {
	return fpt{v.c.X + v.fx*f - v.fy*r, v.c.Y + v.fy*f + v.fx*r}
}

// at maps a point in units.
func (v vframe) at(f, r float64) fpt { return v.px(f*v.sx, r*v.sy) }

// pts maps (f, r) pairs in units.
func (v vframe) pts(fr ...float64) []fpt {
	out := make([]fpt, 0, len(fr)/2)
	for i := 0; i+1 < len(fr); i += 2 {
		out = append(out, v.at(fr[i], fr[i+1]))
	}
	return out
}

// rbox is a rectangle from f0 to f1 and r0 to r1 (units), grown by g
// pixels, with corners rounded by rad pixels.
func (v vframe) rbox(f0, f1, r0, r1, g, rad float64) []fpt {
	F0, F1, R0, R1 := f0*v.sx-g, f1*v.sx+g, r0*v.sy-g, r1*v.sy+g
	rad = math.Min(rad+g, math.Min(F1-F0, R1-R0)/2)
	if rad <= 0.3 {
		return []fpt{v.px(F1, R0), v.px(F1, R1), v.px(F0, R1), v.px(F0, R0)}
	}
	out := make([]fpt, 0, 16)
	corner := func(cf, cr, a0 float64) {
		for i := 0; i <= 3; i++ {
			a := a0 + float64(i)*math.Pi/6
			out = append(out, v.px(cf+math.Cos(a)*rad, cr+math.Sin(a)*rad))
		}
	}
	corner(F1-rad, R0+rad, -math.Pi/2)
	corner(F1-rad, R1-rad, 0)
	corner(F0+rad, R1-rad, math.Pi/2)
	corner(F0+rad, R0+rad, math.Pi)
	return out
}

// chamfer is a box with its four corners cut by cf (front) and cb (back)
// pixels, grown by g pixels.
func (v vframe) chamfer(f0, f1, r0, r1, cf, cb, g float64) []fpt {
	F0, F1, R0, R1 := f0*v.sx-g, f1*v.sx+g, r0*v.sy-g, r1*v.sy+g
	k := g * 0.41 // keep the cut parallel when growing
	cf, cb = math.Max(0, cf+k), math.Max(0, cb+k)
	return []fpt{v.px(F1, R0+cf), v.px(F1, R1-cf), v.px(F1-cf, R1), v.px(F0+cb, R1), v.px(F0, R1-cb), v.px(F0, R0+cb), v.px(F0+cb, R0), v.px(F1-cf, R0)}
}

// vpal is the paint box for one vehicle.
type vpal struct {
	paint, light, dark, deep color.RGBA
	ink, track, link, tyre   color.RGBA
	interior, seat, metal    color.RGBA
	glass, canvas, notch     color.RGBA
}

func vehiclePalette(side color.RGBA, wreck bool) vpal {
	lum := 0.299*float64(side.R) + 0.587*float64(side.G) + 0.114*float64(side.B)
	g := uint8(lum)
	paint := mix(side, color.RGBA{g, g, g, 255}, 0.06)
	p := vpal{
		paint: paint, light: brighten(paint, 0.2), dark: shade(paint, 0.74), deep: shade(paint, 0.5),
		ink: rgb(0x15120d), track: rgb(0x2c2925), link: rgb(0x4c4840), tyre: rgb(0x1e1c19),
		interior: mix(shade(paint, 0.5), rgb(0x2a2418), 0.15), seat: mix(paint, rgb(0x3b3124), 0.6), metal: rgb(0x34332e),
		glass: rgb(0x9cbccc), canvas: mix(paint, rgb(0xc4b68c), 0.28), notch: rgb(0xf2ead6),
	}
	if wreck {
		soot := rgb(0x1d1915)
		p.paint, p.light, p.dark, p.deep = mix(p.paint, soot, 0.86), mix(p.light, soot, 0.84), mix(p.dark, soot, 0.88), mix(p.deep, soot, 0.9)
		p.interior, p.seat, p.canvas = rgb(0x120f0c), rgb(0x1a1612), mix(p.canvas, soot, 0.85)
		p.glass, p.tyre, p.track = rgb(0x2a2825), rgb(0x141210), rgb(0x1f1c19)
		p.notch = mix(p.notch, soot, 0.55)
	}
	return p
}

// vpaint carries what every part of one vehicle needs.
type vpaint struct {
	dst   *ebiten.Image
	v     vehicleLook
	h     vframe // the hull: units are the length and the width
	L, W  float64
	ow    float64 // outline width
	p     vpal
	wreck bool
	open  bool // hatches open
	crew  bool // heads show in open hatches
}

// head is a crewman's helmet seen from above, r pixels.
func (q *vpaint) head(c fpt, r float64) {
	circle(q.dst, c, r+math.Max(0.8, q.ow*0.7), q.p.ink)
	circle(q.dst, c, r, rgb(0x4f4c3a))
	if r > 2.5 {
		circle(q.dst, fpt{c.X - r*0.3, c.Y - r*0.3}, r*0.4, rgb(0x75715a))
	}
}

// tone is a colour of a fitting or load, burnt when the vehicle is.
func (q *vpaint) tone(c color.RGBA) color.RGBA {
	if q.wreck {
		return mix(c, rgb(0x1d1915), 0.8)
	}
	return c
}

// slab fills a rounded box with a dark outline.
func (q *vpaint) slab(f0, f1, r0, r1, rad float64, c color.RGBA) {
	fillPoly(q.dst, q.h.rbox(f0, f1, r0, r1, q.ow, rad), q.p.ink)
	fillPoly(q.dst, q.h.rbox(f0, f1, r0, r1, 0, rad), c)
}

// panel fills a rounded box with no outline.
func (q *vpaint) panel(f0, f1, r0, r1, rad float64, c color.RGBA) {
	fillPoly(q.dst, q.h.rbox(f0, f1, r0, r1, 0, rad), c)
}

// seg draws a line between two hull points (units).
func (q *vpaint) seg(f0, r0, f1, r1, w float64, c color.RGBA) {
	line(q.dst, q.h.at(f0, r0), q.h.at(f1, r1), w, c)
}

// grille draws n slats across the hull from r0 to r1 between f0 and f1.
func (q *vpaint) grille(f0, f1, r0, r1 float64, n int) {
	q.slab(f0, f1, r0, r1, q.W*0.03, q.p.dark)
	step := (f1 - f0) / float64(n+1)
	w := math.Max(1, step*q.L*0.45)
	if step*q.L < 2.2 {
		return
	}
	for i := 1; i <= n; i++ {
		f := f0 + step*float64(i)
		q.seg(f, r0+0.03, f, r1-0.03, w, q.p.ink)
	}
}

// hatch draws a round hatch at a hull point, rad pixels: closed, a pale
// lid with a hinge; open, a dark hole with the lid standing beside it
// (and a head in it while the crew is aboard).
func (q *vpaint) hatch(fr vframe, f, r, rad float64) {
	c := fr.at(f, r)
	if !q.open {
		circle(q.dst, c, rad+q.ow*0.8, q.p.ink)
		circle(q.dst, c, rad, q.p.light)
		if rad > 2.5 {
			circle(q.dst, c, rad*0.35, q.p.dark)
		}
		return
	}
	circle(q.dst, c, rad+q.ow*0.8, q.p.ink)
	circle(q.dst, c, rad, rgb(0x0e0c09))
	if q.crew {
		q.head(c, rad*0.7)
	}
	// the lid stands up behind the hole (towards the rear of its frame)
	a, b := fr.px(-rad*1.25+f*fr.sx, -rad+r*fr.sy), fr.px(-rad*1.25+f*fr.sx, rad+r*fr.sy)
	line(q.dst, a, b, math.Max(2, rad*0.7)+q.ow*1.6, q.p.ink)
	line(q.dst, a, b, math.Max(1, rad*0.7), q.p.light)
}

// rhatch is a square hatch, hl by hw pixels (half sizes).
func (q *vpaint) rhatch(fr vframe, f, r, hl, hw float64) {
	F, Rr := f*fr.sx, r*fr.sy
	box := func(g float64) []fpt {
		return []fpt{fr.px(F+hl+g, Rr-hw-g), fr.px(F+hl+g, Rr+hw+g), fr.px(F-hl-g, Rr+hw+g), fr.px(F-hl-g, Rr-hw-g)}
	}
	fillPoly(q.dst, box(q.ow*0.8), q.p.ink)
	if !q.open {
		fillPoly(q.dst, box(0), q.p.light)
		return
	}
	fillPoly(q.dst, box(0), rgb(0x0e0c09))
	if q.crew {
		q.head(fr.px(F, Rr), math.Min(hl, hw)*0.75)
	}
	a, b := fr.px(F+hl*1.5, Rr-hw), fr.px(F+hl*1.5, Rr+hw)
	line(q.dst, a, b, math.Max(2, hl*0.6)+q.ow*1.6, q.p.ink)
	line(q.dst, a, b, math.Max(1, hl*0.6), q.p.light)
}

// notches marks the second side: pale ticks across the hull's long edges
// between f0 and f1 at r = +-re, so the sides differ in greyscale too.
func (q *vpaint) notches(f0, f1, re float64) {
	if q.v.sideIdx&1 == 0 {
		return
	}
	n := 4
	if (f1-f0)*q.L > 120 {
		n = 6
	}
	w := math.Max(1.5, q.L*0.028)
	d := math.Max(2.5, q.W*0.11) / q.W
	for i := 0; i < n; i++ {
		f := f0 + (f1-f0)*(float64(i)+0.5)/float64(n)
		for _, s := range []float64{-1, 1} {
			q.seg(f, s*re, f, s*(re-d), w, q.p.notch)
		}
	}
}

// track draws one track (side -1 left, +1 right) from f0 to f1, tw of
// the width wide, with its links; broken, it is split with a run of it
// lying on the ground.
func (q *vpaint) track(f0, f1, tw, side float64, broken bool) {
	r0, r1 := 0.5-tw, 0.5
	if side < 0 {
		r0, r1 = -0.5, -0.5+tw
	}
	rad := tw * q.W * 0.45
	run := func(a, b float64) {
		fillPoly(q.dst, q.h.rbox(a, b, r0, r1, q.ow, rad), q.p.ink)
		fillPoly(q.dst, q.h.rbox(a, b, r0, r1, 0, rad), q.p.track)
		step := math.Max(2.4, q.L*0.032)
		if tw*q.W < 3.5 {
			return
		}
		lw := step * 0.42
		inset := 0.12 * tw
		for F := a*q.L + step*0.6; F < b*q.L-step*0.4; F += step {
			f := F / q.L
			q.seg(f, r0+inset, f, r1-inset, lw, q.p.link)
		}
		if tw*q.W > 7 { // the guide horns down the middle
			m := (r0 + r1) / 2
			q.seg(a+0.02, m, b-0.02, m, math.Max(1, tw*q.W*0.12), q.p.track)
		}
	}
	if !broken {
		run(f0, f1)
		return
	}
	ga, gb := f0+(f1-f0)*0.62, f0+(f1-f0)*0.8
	run(f0, ga)
	run(gb, f1)
	// road wheels show in the gap
	m := (r0 + r1) / 2
	wr := tw * q.W * 0.42
	for _, f := range []float64{ga + (gb-ga)*0.3, ga + (gb-ga)*0.75} {
		c := q.h.at(f, m)
		circle(q.dst, c, wr+q.ow, q.p.ink)
		circle(q.dst, c, wr, rgb(0x5e5a50))
		circle(q.dst, c, wr*0.4, rgb(0x3a3731))
	}
	// the thrown run of track, lying out beside the hull
	out := side * (0.5 + tw*0.2)
	a, b := q.h.at(ga, out), q.h.at(ga-(f1-f0)*0.22, out+side*tw*2.2)
	w := tw * q.W * 0.8
	line(q.dst, a, b, w+q.ow*2, q.p.ink)
	line(q.dst, a, b, w, q.p.track)
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if w > 3 && l > 4 {
		ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
		step := math.Max(2.4, q.L*0.032)
		for s := step * 0.5; s < l; s += step {
			c := fpt{a.X + ux*s, a.Y + uy*s}
			line(q.dst, fpt{c.X - uy*w*0.38, c.Y + ux*w*0.38}, fpt{c.X + uy*w*0.38, c.Y - ux*w*0.38}, step*0.42, q.p.link)
		}
	}
}

// wheel draws a tyre at f (its length fl of the hull length), wid of the
// width wide, at the side's edge.
func (q *vpaint) wheel(f, fl, wid, side float64) {
	r0, r1 := 0.5-wid, 0.5
	if side < 0 {
		r0, r1 = -0.5, -0.5+wid
	}
	rad := math.Min(fl*q.L, wid*q.W) * 0.4
	q.slab(f-fl/2, f+fl/2, r0, r1, rad, q.p.tyre)
	if fl*q.L > 7 && wid*q.W > 3 { // tread
		for _, k := range []float64{-0.25, 0, 0.25} {
			ff := f + k*fl
			q.seg(ff, r0+wid*0.22, ff, r1-wid*0.22, math.Max(1, fl*q.L*0.07), rgb(0x3a3732))
		}
	}
}

// lostWheel draws where a wheel came off: a stub, and the wheel lying on
// the ground beside the hull.
func (q *vpaint) lostWheel(f, fl, wid, side float64) {
	stub := q.h.at(f, side*(0.5-wid*0.8))
	circle(q.dst, stub, math.Max(1.5, wid*q.W*0.3), q.p.ink)
	c := q.h.at(f-fl*0.9, side*(0.5+wid*1.3))
	rr := fl * q.L * 0.48
	circle(q.dst, c, rr+q.ow, q.p.ink)
	circle(q.dst, c, rr, q.p.tyre)
	circle(q.dst, c, rr*0.5, rgb(0x6a665a))
	circle(q.dst, c, rr*0.2, q.p.ink)
}

// drawVehicle paints a vehicle miniature seen from above: soft shadow,
// tracks or wheels, the hull in the side colour with a dark outline and
// its panels, the turret turned to its own facing with the gun along it,
// hatches (open or shut), the second side's pale notches, damage (a thrown
// track or lost wheel with a marker, smoke, a burnt-out wreck in flames,
// a grey veil when abandoned) and the selection rings.
func drawVehicle(dst *ebiten.Image, v vehicleLook) {
	if batching(dst) == nil {
		// everything is drawn through the mesh (straight alpha colours)
		prev := batch
		if prev != nil {
			prev.flush()
		}
		beginBatch(dst, false)
		defer func() { endBatch(); batch = prev }()
	}
	if v.length <= 0 || v.width <= 0 {
		return
	}
	k := vehicleScale(v)
	L, W := v.length*k, v.width*k
	q := &vpaint{dst: dst, v: v, h: newVframe(v.centre, v.facing, L, W), L: L, W: W, wreck: v.brewedUp}
	q.ow = math.Max(1, math.Min(2.4*uiScale, W*0.035))
	q.p = vehiclePalette(v.side, v.brewedUp)
	q.open = v.hatchesOpen || v.abandoned || v.brewedUp
	q.crew = v.hatchesOpen && !v.abandoned && !v.brewedUp

	// footprint, for rings, shadow and veils
	foot := func(g float64) []fpt {
		if v.look == "helicopter" {
			return q.h.rbox(-0.5, 0.5, -0.5, 0.5, g, W*0.5)
		}
		return q.h.rbox(-0.5, 0.5, -0.5, 0.5, g, W*0.12)
	}
	m := math.Max(3*uiScale, W*0.12)
	switch {
	case v.selected:
		fillPoly(dst, foot(m*1.9), vtr(0xfff2a0, 70))
		strokePoly(dst, foot(m), true, math.Max(2, W*0.05), rgb(0xffe066))
	case v.hover:
		strokePoly(dst, foot(m), true, math.Max(1.5, W*0.035), vtr(0xffffff, 210))
	}
	if v.target {
		strokePoly(dst, foot(m*1.5), true, math.Max(2, W*0.05), rgb(0xff5a3c))
	}
	// soft shadow, light from the upper left
	sh := math.Max(1.5, W*0.09)
	if v.look == "helicopter" {
		sh *= 2
	}
	shadow := foot(0)
	if v.look == "helicopter" {
		shadow = q.h.rbox(-0.1, 0.48, -0.48, 0.48, 0, W*0.46)
		boom := q.h.pts(-0.06, -0.14, -0.47, -0.05, -0.47, 0.05, -0.06, 0.14)
		for i := range boom {
			boom[i].X += sh * 0.8
			boom[i].Y += sh
		}
		fillPoly(dst, boom, vtr(0x000000, 95))
	}
	for i := range shadow {
		shadow[i].X += sh * 0.8
		shadow[i].Y += sh
	}
	fillPoly(dst, shadow, vtr(0x000000, 95))

	var deck [3]float64 // the notches' run: f0, f1, edge
	smoke := [2]float64{-0.3, 0}
	turret := false
	switch v.look {
	case "jeep":
		deck = q.jeep()
	case "truck":
		deck = q.truck(false)
		smoke = [2]float64{0.35, 0}
	case "lorry":
		deck = q.truck(true)
		smoke = [2]float64{0.38, 0}
	case "halftrack":
		deck = q.halftrack()
		smoke = [2]float64{0.35, 0}
	case "carrier":
		deck = q.carrier()
		smoke = [2]float64{0, 0}
	case "armoured-car":
		deck = q.armouredCar()
		turret = true
	case "light-tank":
		deck = q.tank(false)
		turret = true
	case "medium-tank":
		deck = q.tank(true)
		turret = true
	case "apc":
		deck = q.apc()
		turret = v.hasTurret
		smoke = [2]float64{0.3, 0.25}
	case "helicopter":
		deck = q.helicopter()
		smoke = [2]float64{0.05, 0}
	default:
		deck = q.tank(false)
		turret = v.hasTurret
	}
	q.notches(deck[0], deck[1], deck[2])
	if turret && v.hasTurret {
		q.turret()
	}
	if v.look == "helicopter" {
		q.rotor()
	}
	if v.abandoned && !v.brewedUp {
		fillPoly(dst, foot(0), vtr(0xb4b0a8, 95))
	}
	if v.brewedUp {
		q.wreckMarks()
	}
	if v.immobilised && !v.brewedUp {
		q.immobileMarker()
	}
	if v.brewedUp {
		q.flames(smoke)
		q.smoke(smoke, true)
	} else if v.smoking {
		q.smoke(smoke, false)
	}
}

func (q *vpaint) jeep() [3]float64 {
	p := q.p
	imm := q.v.immobilised && !q.wreck
	for _, w := range []struct{ f, s float64 }{{0.3, -1}, {0.3, 1}, {-0.3, -1}, {-0.3, 1}} {
		if imm && w.f > 0 && w.s < 0 {
			q.lostWheel(w.f, 0.2, 0.2, w.s)
			continue
		}
		q.wheel(w.f, 0.2, 0.2, w.s)
	}
	// spare wheel on the back
	q.slab(-0.53, -0.46, -0.2, 0.2, q.W*0.08, p.tyre)
	// body tub with the front wings
	q.body(q.h.chamfer(-0.49, 0.47, -0.37, 0.37, q.W*0.05, q.W*0.06, q.ow), q.h.chamfer(-0.49, 0.47, -0.37, 0.37, q.W*0.05, q.W*0.06, 0), p.paint)
	q.panel(0.16, 0.44, -0.36, -0.29, q.W*0.03, p.dark)
	q.panel(0.16, 0.44, 0.29, 0.36, q.W*0.03, p.dark)
	q.slab(0.14, 0.47, -0.26, 0.26, q.W*0.04, p.light) // bonnet
	q.seg(0.16, 0, 0.45, 0, math.Max(1, q.W*0.025), p.dark)
	q.panel(0.45, 0.48, -0.2, 0.2, 0, p.ink)     // grille
	for _, r := range []float64{-0.325, 0.325} { // headlamps
		circle(q.dst, q.h.at(0.43, r), math.Max(1, q.W*0.045), q.tone(rgb(0xe8e2c8)))
	}
	// windscreen
	q.slab(0.1, 0.135, -0.37, 0.37, 0, p.glass)
	// the open tub with seats
	q.slab(-0.44, 0.09, -0.31, 0.31, q.W*0.05, p.interior)
	q.slab(-0.07, 0.05, -0.27, -0.05, q.W*0.04, p.seat)
	q.slab(-0.07, 0.05, 0.05, 0.27, q.W*0.04, p.seat)
	q.slab(-0.4, -0.24, -0.27, 0.27, q.W*0.04, p.seat)
	if q.crew || !q.v.abandoned && !q.wreck {
		// driver and a passenger
		q.head(q.h.at(-0.01, -0.16), q.W*0.085)
		q.head(q.h.at(-0.01, 0.16), q.W*0.085)
	}
	ring(q.dst, q.h.at(0.07, -0.16), q.W*0.07, math.Max(1, q.W*0.025), p.ink) // steering wheel
	return [3]float64{-0.45, 0.45, 0.37}
}

// truck is a truck (canvas tilt, two axles) or, long, a lorry (open
// slatted bed, three axles).
func (q *vpaint) truck(long bool) [3]float64 {
	p := q.p
	imm := q.v.immobilised && !q.wreck
	axles := []float64{0.3, -0.25}
	fl := 0.13
	if long {
		axles = []float64{0.34, -0.18, -0.33}
		fl = 0.1
	}
	for i, f := range axles {
		for _, s := range []float64{-1, 1} {
			if imm && i == 0 && s < 0 {
				q.lostWheel(f, fl, 0.16, s)
				continue
			}
			q.wheel(f, fl, 0.16, s)
		}
	}
	// bonnet and wings
	bf := 0.3
	if long {
		bf = 0.36
	}
	q.slab(bf-0.1, 0.47, -0.42, -0.3, q.W*0.05, p.dark)
	q.slab(bf-0.1, 0.47, 0.3, 0.42, q.W*0.05, p.dark)
	q.slab(bf, 0.5, -0.3, 0.3, q.W*0.05, p.paint)
	q.seg(bf+0.02, 0, 0.48, 0, math.Max(1, q.W*0.02), p.dark)
	for i := 1; i <= 3; i++ { // bonnet louvres
		f := bf + (0.48-bf)*float64(i)/4
		q.seg(f, -0.22, f, -0.1, math.Max(1, q.W*0.02), p.dark)
		q.seg(f, 0.1, f, 0.22, math.Max(1, q.W*0.02), p.dark)
	}
	// cab: roof and windscreen
	q.slab(bf-0.2, bf+0.01, -0.42, 0.42, q.W*0.06, p.light)
	q.panel(bf-0.035, bf, -0.4, 0.4, 0, p.glass)
	q.panel(bf-0.17, bf-0.05, -0.36, 0.36, q.W*0.04, p.paint)
	if q.open {
		q.hatch(q.h, bf-0.11, -0.15, q.W*0.09)
	}
	// the load bed
	b0, b1 := -0.5, bf-0.23
	if long {
		q.slab(b0, b1, -0.43, 0.43, q.W*0.03, p.paint)
		q.panel(b0+0.02, b1-0.02, -0.37, 0.37, 0, p.dark) // the floor
		for i := 1; i < 6; i++ {
			r := -0.37 + 0.74*float64(i)/6
			q.seg(b0+0.02, r, b1-0.02, r, math.Max(1, q.W*0.015), p.deep)
		}
		// stake posts on the boards
		for i := 0; i <= 4; i++ {
			f := b0 + 0.02 + (b1-b0-0.04)*float64(i)/4
			q.seg(f, -0.43, f, -0.37, math.Max(1.2, q.L*0.012), p.ink)
			q.seg(f, 0.37, f, 0.43, math.Max(1.2, q.L*0.012), p.ink)
		}
		// a couple of crates
		q.slab(b0+0.06, b0+0.16, -0.32, -0.05, q.W*0.02, q.tone(rgb(0x8a6a3e)))
		q.slab(b0+0.2, b0+0.27, 0.08, 0.3, q.W*0.02, q.tone(rgb(0x7a5c34)))
		return [3]float64{b0 + 0.03, b1 - 0.03, 0.43}
	}
	q.slab(b0, b1, -0.44, 0.44, q.W*0.08, p.canvas)
	q.panel(b0+0.01, b1-0.01, -0.2, 0.2, q.W*0.05, brighten(p.canvas, 0.1))
	q.panel(b0+0.01, b1-0.01, -0.44, -0.33, 0, shade(p.canvas, 0.85))
	q.panel(b0+0.01, b1-0.01, 0.33, 0.44, 0, shade(p.canvas, 0.85))
	for i := 1; i <= 4; i++ { // hoops under the canvas
		f := b0 + (b1-b0)*float64(i)/5
		q.seg(f, -0.43, f, 0.43, math.Max(1, q.L*0.012), shade(p.canvas, 0.72))
	}
	return [3]float64{b0 + 0.03, b1 - 0.03, 0.44}
}

func (q *vpaint) halftrack() [3]float64 {
	p := q.p
	imm := q.v.immobilised && !q.wreck
	q.track(-0.48, 0.1, 0.2, -1, imm)
	q.track(-0.48, 0.1, 0.2, 1, false)
	q.wheel(0.33, 0.14, 0.18, -1)
	q.wheel(0.33, 0.14, 0.18, 1)
	// the unditching roller ahead of the bumper, wings and armoured bonnet
	q.slab(0.47, 0.55, -0.3, 0.3, q.W*0.04, p.metal)
	q.seg(0.51, -0.3, 0.51, 0.3, math.Max(1, q.L*0.012), p.ink)
	q.slab(0.22, 0.45, -0.37, -0.28, q.W*0.05, p.dark)
	q.slab(0.22, 0.45, 0.28, 0.37, q.W*0.05, p.dark)
	fillPoly(q.dst, q.h.chamfer(0.16, 0.5, -0.27, 0.27, q.W*0.08, 0, q.ow), p.ink)
	fillPoly(q.dst, q.h.chamfer(0.16, 0.5, -0.27, 0.27, q.W*0.08, 0, 0), p.light)
	for i := 1; i <= 3; i++ {
		f := 0.38 + 0.035*float64(i)
		q.seg(f, -0.2, f, 0.2, math.Max(1, q.L*0.01), p.dark)
	}
	// the armoured body, open topped
	q.body(q.h.chamfer(-0.5, 0.2, -0.36, 0.36, q.W*0.06, q.W*0.03, q.ow), q.h.chamfer(-0.5, 0.2, -0.36, 0.36, q.W*0.06, q.W*0.03, 0), p.paint)
	q.panel(0.09, 0.19, -0.33, 0.33, q.W*0.02, p.dark)             // armoured visor
	q.slab(-0.46, 0.07, -0.29, 0.29, q.W*0.03, p.interior)         // crew compartment
	q.panel(-0.44, 0.0, -0.28, -0.18, q.W*0.02, p.seat)            // benches
	q.panel(-0.44, 0.0, 0.18, 0.28, q.W*0.02, p.seat)              //
	q.panel(0.0, 0.06, -0.27, -0.05, q.W*0.02, p.seat)             // front seats
	q.panel(0.0, 0.06, 0.05, 0.27, q.W*0.02, p.seat)               //
	q.seg(-0.5, -0.14, -0.5, 0.14, math.Max(1.5, q.ow*1.5), p.ink) // rear door
	// pintle machine gun over the cab
	q.seg(0.04, 0.18, 0.24, 0.18, math.Max(1.2, q.W*0.04), p.metal)
	if q.crew || !q.v.abandoned && !q.wreck {
		for _, h := range [][2]float64{{0.03, -0.15}, {0.03, 0.16}, {-0.2, -0.09}, {-0.32, 0.09}} {
			q.head(q.h.at(h[0], h[1]), q.W*0.07)
		}
	}
	return [3]float64{-0.46, 0.15, 0.36}
}

func (q *vpaint) carrier() [3]float64 {
	p := q.p
	imm := q.v.immobilised && !q.wreck
	// the tracks run the whole length, ahead of and behind the low hull
	q.track(-0.5, 0.5, 0.25, -1, imm)
	q.track(-0.5, 0.5, 0.25, 1, false)
	// hull between the tracks, with stowage bins on the track guards
	q.body(q.h.chamfer(-0.45, 0.2, -0.31, 0.31, 0, q.W*0.03, q.ow), q.h.chamfer(-0.45, 0.2, -0.31, 0.31, 0, q.W*0.03, 0), p.paint)
	q.slab(-0.44, -0.16, -0.42, -0.29, q.W*0.02, p.dark)
	q.slab(-0.44, -0.16, 0.29, 0.42, q.W*0.02, p.dark)
	// the armoured front box with its angled nose
	q.body(q.h.chamfer(0.12, 0.44, -0.34, 0.34, q.W*0.16, 0, q.ow), q.h.chamfer(0.12, 0.44, -0.34, 0.34, q.W*0.16, 0, 0), p.light)
	// driver's and gunner's places
	q.slab(0.15, 0.3, -0.27, -0.04, q.W*0.03, p.interior)
	q.slab(0.15, 0.3, 0.04, 0.27, q.W*0.03, p.interior)
	// the Bren through the front plate
	q.seg(0.28, -0.15, 0.56, -0.15, math.Max(1.2, q.W*0.045), p.ink)
	// engine cover in the middle, open compartments either side
	q.grille(-0.14, 0.1, -0.1, 0.1, 4)
	q.slab(-0.42, -0.02, -0.26, -0.13, q.W*0.02, p.interior)
	q.slab(-0.42, -0.02, 0.13, 0.26, q.W*0.02, p.interior)
	if q.crew || !q.v.abandoned && !q.wreck {
		for _, h := range [][2]float64{{0.22, -0.15}, {0.22, 0.15}} {
			q.head(q.h.at(h[0], h[1]), q.W*0.085)
		}
	}
	return [3]float64{-0.42, 0.1, 0.31}
}

// body fills a hull shape over its outline and picks out its edges as a
// painter does a miniature's: light on the edges facing the light (the
// upper left, where the shadows fall away from), dark on those facing
// away.
func (q *vpaint) body(outline, shape []fpt, c color.RGBA) {
	fillPoly(q.dst, outline, q.p.ink)
	fillPoly(q.dst, shape, c)
	q.edgeLight(shape, c)
}

// vehLight is the way to the light on the screen (up and to the left).
var vehLight = fpt{-0.6, -0.8}

// edgeLight strokes just inside each edge of shape: lighter where the
// edge faces the light, darker where it faces away.
func (q *vpaint) edgeLight(shape []fpt, c color.RGBA) {
	if q.W < 20 || len(shape) < 3 {
		return
	}
	area := 0.0
	for i := range shape {
		a, b := shape[i], shape[(i+1)%len(shape)]
		area += a.X*b.Y - b.X*a.Y
	}
	sgn := 1.0
	if area < 0 {
		sgn = -1
	}
	off := math.Max(1.2, q.ow*1.1)
	w := math.Max(1, q.ow*0.7)
	hi, lo := mix(c, rgb(0xfff6e0), 0.3), shade(c, 0.7)
	for i := range shape {
		a, b := shape[i], shape[(i+1)%len(shape)]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 0.5 {
			continue
		}
		nx, ny := sgn*dy/l, -sgn*dx/l // outward
		d := nx*vehLight.X + ny*vehLight.Y
		col := hi
		switch {
		case d > 0.25:
		case d < -0.25:
			col = lo
		default:
			continue
		}
		line(q.dst, fpt{a.X - nx*off, a.Y - ny*off}, fpt{b.X - nx*off, b.Y - ny*off}, w, col)
	}
}

func (q *vpaint) armouredCar() [3]float64 {
	p := q.p
	imm := q.v.immobilised && !q.wreck
	for _, w := range []struct{ f, s float64 }{{0.28, -1}, {0.28, 1}, {-0.28, -1}, {-0.28, 1}} {
		if imm && w.f > 0 && w.s < 0 {
			q.lostWheel(w.f, 0.2, 0.17, w.s)
			continue
		}
		q.wheel(w.f, 0.2, 0.17, w.s)
	}
	cf, cb := q.W*0.16, q.W*0.12
	q.body(q.h.chamfer(-0.5, 0.5, -0.41, 0.41, cf, cb, q.ow), q.h.chamfer(-0.5, 0.5, -0.41, 0.41, cf, cb, 0), p.paint)
	// mudguards over the wheels
	for _, f := range []float64{0.28, -0.28} {
		q.panel(f-0.12, f+0.12, -0.41, -0.33, q.W*0.03, p.dark)
		q.panel(f-0.12, f+0.12, 0.33, 0.41, q.W*0.03, p.dark)
	}
	// sloped front plate and driver's visor
	fillPoly(q.dst, q.h.chamfer(0.3, 0.5, -0.41, 0.41, cf, 0, 0), p.light)
	q.panel(0.33, 0.37, -0.18, 0.02, 0, p.ink)
	q.hatch(q.h, 0.22, -0.2, q.W*0.08)
	q.grille(-0.46, -0.24, -0.26, 0.26, 4)
	return [3]float64{-0.2, 0.2, 0.41}
}

// tank is a light or medium tank's hull and tracks; the turret comes
// after.
func (q *vpaint) tank(medium bool) [3]float64 {
	p := q.p
	imm := q.v.immobilised && !q.wreck
	tw := 0.22
	if medium {
		tw = 0.2
	}
	q.track(-0.5, 0.5, tw, -1, imm)
	q.track(-0.5, 0.5, tw, 1, false)
	hr := 0.5 - tw + 0.04 // the hull overhangs the tracks a little
	if medium {
		// rounded cast nose, wide sponsons over the tracks
		q.body(q.h.rbox(-0.48, 0.44, -hr, hr, q.ow, q.W*0.05), q.h.rbox(-0.48, 0.44, -hr, hr, 0, q.W*0.05), p.paint)
		nose := q.h.rbox(0.3, 0.5, -hr+0.02, hr-0.02, q.ow, q.W*0.16)
		fillPoly(q.dst, nose, p.ink)
		fillPoly(q.dst, q.h.rbox(0.3, 0.5, -hr+0.02, hr-0.02, 0, q.W*0.16), p.light)
		q.seg(0.31, -hr+0.06, 0.31, hr-0.06, math.Max(1, q.ow), p.dark)
		q.rhatch(q.h, 0.37, -0.2, q.W*0.06, q.W*0.08)
		q.rhatch(q.h, 0.37, 0.2, q.W*0.06, q.W*0.08)
		q.grille(-0.45, -0.24, -0.24, 0.24, 6)
		// exhausts and tools at the back
		q.slab(-0.5, -0.47, -0.3, -0.12, q.W*0.02, p.metal)
		q.slab(-0.5, -0.47, 0.12, 0.3, q.W*0.02, p.metal)
		q.seg(-0.2, -0.26, -0.2, 0.26, math.Max(1, q.W*0.02), q.tone(rgb(0x6b5534)))
	} else {
		fillPoly(q.dst, q.h.chamfer(-0.47, 0.47, -hr, hr, q.W*0.06, q.W*0.04, q.ow), p.ink)
		fillPoly(q.dst, q.h.chamfer(-0.47, 0.47, -hr, hr, q.W*0.06, q.W*0.04, 0), p.paint)
		fillPoly(q.dst, q.h.chamfer(0.3, 0.47, -hr, hr, q.W*0.06, 0, 0), p.light)
		q.hatch(q.h, 0.36, -0.15, q.W*0.075)
		q.seg(0.4, 0.1, 0.52, 0.1, math.Max(1.2, q.W*0.035), p.ink) // bow gun
		q.grille(-0.44, -0.22, -0.2, 0.2, 4)
	}
	return [3]float64{-0.42, 0.26, hr}
}

func (q *vpaint) apc() [3]float64 {
	p := q.p
	imm := q.v.immobilised && !q.wreck
	q.track(-0.47, 0.47, 0.13, -1, imm)
	q.track(-0.47, 0.47, 0.13, 1, false)
	if q.open {
		// the ramp let down behind
		q.slab(-0.72, -0.47, -0.32, 0.32, q.W*0.02, p.dark)
		for i := 1; i <= 4; i++ {
			f := -0.72 + 0.25*float64(i)/5
			q.seg(f, -0.28, f, 0.28, math.Max(1, q.L*0.01), p.deep)
		}
	}
	q.body(q.h.chamfer(-0.5, 0.5, -0.44, 0.44, q.W*0.05, q.W*0.03, q.ow), q.h.chamfer(-0.5, 0.5, -0.44, 0.44, q.W*0.05, q.W*0.03, 0), p.paint)
	// sloped front plate with its trim vane
	fillPoly(q.dst, q.h.chamfer(0.3, 0.5, -0.44, 0.44, q.W*0.05, 0, 0), p.light)
	q.seg(0.44, -0.38, 0.44, 0.38, math.Max(1, q.ow), p.dark)
	q.grille(0.12, 0.28, 0.12, 0.4, 3) // engine at the front right
	q.hatch(q.h, 0.22, -0.24, q.W*0.07)
	// the troop hatch on the roof and the ramp's frame at the back
	q.slab(-0.38, -0.08, -0.25, 0.25, q.W*0.02, p.light)
	if q.open {
		q.slab(-0.36, -0.1, -0.22, 0.22, 0, rgb(0x0e0c09))
	}
	q.panel(-0.5, -0.45, -0.32, 0.32, 0, p.dark)
	q.seg(-0.455, -0.32, -0.455, 0.32, math.Max(1, q.ow*0.8), p.ink)
	if !q.v.hasTurret {
		// commander's cupola with its machine gun
		c := 0.02
		circle(q.dst, q.h.at(c, 0.05), q.W*0.15+q.ow, p.ink)
		circle(q.dst, q.h.at(c, 0.05), q.W*0.15, p.dark)
		q.seg(c, 0.05, c+0.3, 0.05, math.Max(1.2, q.W*0.035), p.ink)
		q.hatch(q.h, c, 0.05, q.W*0.09)
	}
	return [3]float64{-0.4, 0.3, 0.44}
}

func (q *vpaint) helicopter() [3]float64 {
	p := q.p
	// skids
	for _, s := range []float64{-0.62, 0.62} {
		q.seg(-0.08, s, 0.32, s, math.Max(1.2, q.W*0.05), p.ink)
		q.seg(0.02, s*0.7, 0.02, s, math.Max(1, q.W*0.04), p.ink)
		q.seg(0.2, s*0.7, 0.2, s, math.Max(1, q.W*0.04), p.ink)
	}
	// tail boom, fin, stabiliser and tail rotor
	boom := q.h.pts(-0.06, -0.14, -0.47, -0.05, -0.47, 0.05, -0.06, 0.14)
	fillPoly(q.dst, boom, p.ink)
	inner := q.h.pts(-0.06, -0.14+0.05, -0.465, -0.02, -0.465, 0.02, -0.06, 0.14-0.05)
	fillPoly(q.dst, inner, p.paint)
	q.slab(-0.36, -0.32, -0.3, 0.3, q.W*0.03, p.dark)
	q.seg(-0.47, -0.06, -0.47, -0.32, math.Max(1, q.W*0.05), p.ink)
	circle(q.dst, q.h.at(-0.46, -0.26), q.L*0.05, vtr(0x15120d, 60))
	// fuselage
	body := q.h.rbox(-0.1, 0.48, -0.48, 0.48, q.ow, q.W*0.46)
	q.body(body, q.h.rbox(-0.1, 0.48, -0.48, 0.48, 0, q.W*0.46), p.paint)
	q.panel(0.0, 0.3, -0.46, -0.3, q.W*0.06, p.dark)
	q.panel(0.0, 0.3, 0.3, 0.46, q.W*0.06, p.dark)
	if q.open { // side doors slid back
		q.panel(0.02, 0.24, -0.46, -0.34, 0, rgb(0x0e0c09))
		q.panel(0.02, 0.24, 0.34, 0.46, 0, rgb(0x0e0c09))
	}
	// cockpit glazing
	q.slab(0.3, 0.48, -0.38, 0.38, q.W*0.3, p.glass)
	q.seg(0.31, 0, 0.47, 0, math.Max(1, q.ow), p.ink)
	// engine housing and the rotor mast
	q.slab(-0.08, 0.18, -0.2, 0.2, q.W*0.1, p.light)
	q.grille(-0.06, 0.04, -0.14, 0.14, 2)
	return [3]float64{-0.05, 0.28, 0.46}
}

// rotor draws the helicopter's rotor disc, faintly, with its two blades.
func (q *vpaint) rotor() {
	c := q.h.at(0.06, 0)
	r := q.L * 0.48
	circle(q.dst, c, r, vtr(0xd8d4c8, 22))
	ring(q.dst, c, r, math.Max(1, q.W*0.025), vtr(0x15120d, 55))
	a := q.v.facing + math.Pi/5
	if !q.wreck && !q.v.abandoned {
		a += q.v.t * 3 // idling
	}
	// four blades, each tapering to its tip
	w := math.Max(1.5, q.W*0.07)
	for k := 0; k < 4; k++ {
		b := a + float64(k)*math.Pi/2
		ux, uy := math.Cos(b), math.Sin(b)
		px, py := -uy*w/2, ux*w/2
		tip := fpt{c.X + ux*r*0.97, c.Y + uy*r*0.97}
		fillPoly(q.dst, []fpt{{c.X + px, c.Y + py}, {tip.X + px*0.5, tip.Y + py*0.5}, {tip.X - px*0.5, tip.Y - py*0.5}, {c.X - px, c.Y - py}}, vtr(0x15120d, 90))
	}
	circle(q.dst, c, math.Max(1.5, q.W*0.09), q.p.ink)
	circle(q.dst, c, math.Max(0.8, q.W*0.045), q.p.dark)
}

// turret draws the turret at its own facing, the gun along it, and its
// hatches.
func (q *vpaint) turret() {
	v := q.v
	k := q.L / v.length
	R := v.turretRadius * k
	if R <= 0 {
		R = q.W * 0.3
	}
	c := q.h.px(v.turretOffset*k, 0)
	t := newVframe(c, v.turret, R, R)
	p := q.p
	bw := math.Max(1.5, R*0.16) // barrel width
	var gun, brake float64      // length from the centre, in R
	var shape []fpt
	var outline []fpt
	switch v.look {
	case "medium-tank":
		gun = 0.66 * q.L / R
		brake = 0.05 * q.L / R
		bw = math.Max(1.8, R*0.17)
		outline = t.rbox(-1.3, 0.95, -0.95, 0.95, q.ow, R*0.8)
		shape = t.rbox(-1.3, 0.95, -0.95, 0.95, 0, R*0.8)
	case "armoured-car":
		gun = math.Max(1.9, 0.36*q.L/R)
		bw = math.Max(1.5, R*0.14)
		outline = t.chamfer(-0.9, 0.9, -0.9, 0.9, R*0.45, R*0.45, q.ow)
		shape = t.chamfer(-0.9, 0.9, -0.9, 0.9, R*0.45, R*0.45, 0)
	case "apc":
		gun = math.Max(2, 0.36*q.L/R)
		bw = math.Max(1.4, R*0.11)
		outline = t.chamfer(-0.9, 0.9, -0.85, 0.85, R*0.4, R*0.2, q.ow)
		shape = t.chamfer(-0.9, 0.9, -0.85, 0.85, R*0.4, R*0.2, 0)
	default: // light tank
		gun = math.Max(2, 0.5*q.L/R)
		outline = t.rbox(-1.05, 0.85, -0.85, 0.85, q.ow, R*0.35)
		shape = t.rbox(-1.05, 0.85, -0.85, 0.85, 0, R*0.35)
	}
	// the turret's shadow on the deck
	sh := make([]fpt, len(outline))
	for i, pt := range outline {
		sh[i] = fpt{pt.X + R*0.14, pt.Y + R*0.18}
	}
	fillPoly(q.dst, sh, vtr(0x000000, 80))
	fillPoly(q.dst, outline, p.ink)
	fillPoly(q.dst, shape, p.paint)
	q.edgeLight(shape, p.paint)
	// the dome catches the light from the upper left
	in := scalePoly(shape, c, 0.72)
	for i := range in {
		in[i].X -= R * 0.14
		in[i].Y -= R * 0.14
	}
	fillPoly(q.dst, in, mix(p.paint, p.light, 0.45))
	// mantlet and gun
	q.slabIn(t, 0.6, 1.0, -0.34, 0.34, R*0.08, p.dark)
	a, b := t.at(0.8, 0), t.at(gun, 0)
	line(q.dst, a, b, bw+q.ow*2, p.ink)
	line(q.dst, a, b, bw, p.metal)
	if brake > 0 {
		hw := bw * 0.95 / R
		q.slabIn(t, gun-brake, gun+0.02, -hw, hw, 0, p.metal)
	} else {
		circle(q.dst, b, bw*0.7, p.ink)
	}
	if v.look == "medium-tank" || v.look == "light-tank" {
		// coaxial machine gun
		line(q.dst, t.at(0.8, 0.28), t.at(1.15, 0.28), math.Max(1, bw*0.45), p.ink)
	}
	// hatches: the commander's cupola, and the loader's
	hr := math.Max(1.5, R*0.26)
	switch v.look {
	case "medium-tank":
		circle(q.dst, t.at(-0.55, 0.42), hr*1.3+q.ow, p.ink)
		circle(q.dst, t.at(-0.55, 0.42), hr*1.3, p.dark)
		q.hatch(t, -0.55, 0.42, hr*0.95)
		q.rhatch(t, -0.15, -0.5, hr*0.75, hr*0.6)
	case "light-tank":
		q.hatch(t, -0.3, 0.3, hr)
	default:
		q.hatch(t, -0.25, 0.2, hr)
	}
}

// slabIn is slab in another frame (the turret's).
func (q *vpaint) slabIn(fr vframe, f0, f1, r0, r1, rad float64, c color.RGBA) {
	fillPoly(q.dst, fr.rbox(f0, f1, r0, r1, q.ow, rad), q.p.ink)
	fillPoly(q.dst, fr.rbox(f0, f1, r0, r1, 0, rad), c)
}

// wreckMarks puts soot and scorch over a brewed-up hull.
func (q *vpaint) wreckMarks() {
	for i, s := range [][3]float64{{0.2, -0.2, 0.22}, {-0.25, 0.15, 0.26}, {0.05, 0.25, 0.16}, {-0.4, -0.25, 0.14}} {
		circle(q.dst, q.h.at(s[0], s[1]), s[2]*q.W, vtr(0x0a0806, uint8(120+20*i)))
	}
	// rust showing through
	for _, s := range [][2]float64{{0.3, 0.3}, {-0.1, -0.32}, {-0.35, 0.3}} {
		circle(q.dst, q.h.at(s[0], s[1]), q.W*0.06, vtr(0x6a3a1c, 170))
	}
}

// immobileMarker puts a small amber token (a wheel struck through) by
// the hull's rear left corner.
func (q *vpaint) immobileMarker() {
	c := q.h.px(-q.L*0.5, -q.W*0.5)
	r := math.Max(5.5*uiScale, q.W*0.14)
	circle(q.dst, c, r+math.Max(1, r*0.14), q.p.ink)
	circle(q.dst, c, r, rgb(0xf0a030))
	lw := math.Max(1.2, r*0.17)
	ring(q.dst, c, r*0.5, lw, q.p.ink)
	line(q.dst, fpt{c.X - r*0.62, c.Y + r*0.62}, fpt{c.X + r*0.62, c.Y - r*0.62}, lw, q.p.ink)
}

// vehWind is the way smoke drifts across the table (up and to the right).
var vehWind = fpt{0.55, -0.835}

// smoke draws wisps rising from a hull point (units) and drifting with
// the wind: pale and light when smoking, dark and heavy when brewed up.
// Each wisp's age is t plus a fixed offset, so the plume moves smoothly
// and the same t always draws the same picture.
func (q *vpaint) smoke(src [2]float64, heavy bool) {
	n, col, a0, reach, size := 7, uint32(0xa8a49c), 150.0, 1.0, 0.22
	if heavy {
		n, col, a0, reach, size = 12, 0x35312c, 190, 1.5, 0.34
	}
	base := q.h.at(src[0], src[1])
	D := q.L * reach
	W := math.Max(q.W, 10*uiScale)
	px, py := -vehWind.Y, vehWind.X
	for i := 0; i < n; i++ {
		off := float64(i) / float64(n)
		ph := math.Mod(q.v.t*0.35+off+float64(i%3)*0.013, 1)
		sway := math.Sin(ph*5+float64(i)*1.9) * W * 0.25 * ph
		c := fpt{base.X + vehWind.X*D*ph + px*sway, base.Y + vehWind.Y*D*ph + py*sway}
		r := W * size * (0.45 + 1.2*ph)
		a := a0 * (1 - ph) * math.Min(1, ph*6+0.3)
		circle(q.dst, c, r, vtr(col, uint8(a)))
		if r > 3 {
			circle(q.dst, fpt{c.X - r*0.25, c.Y - r*0.25}, r*0.55, vtr(vehBrightenHex(col), uint8(a*0.5)))
		}
	}
}

func vehBrightenHex(c uint32) uint32 {
	x := brighten(rgb(c), 0.25)
	return uint32(x.R)<<16 | uint32(x.G)<<8 | uint32(x.B)
}

// flames draws fire licking out of a brewed-up hull and embers glowing
// on it.
func (q *vpaint) flames(src [2]float64) {
	W := math.Max(q.W, 10*uiScale)
	spots := [][2]float64{{src[0], src[1]}, {src[0] + 0.12, src[1] - 0.15}, {src[0] + 0.2, src[1] + 0.12}, {src[0] - 0.1, src[1] + 0.05}}
	for i, s := range spots {
		c := q.h.at(s[0], s[1])
		fl := 0.75 + 0.25*math.Sin(q.v.t*11+float64(i)*2.3)
		h := W * 0.42 * fl
		b := W * 0.16
		tip := fpt{c.X + vehWind.X*h, c.Y + vehWind.Y*h}
		px, py := -vehWind.Y*b, vehWind.X*b
		fillPoly(q.dst, []fpt{{c.X + px, c.Y + py}, tip, {c.X - px, c.Y - py}, {c.X - vehWind.X*b*0.6, c.Y - vehWind.Y*b*0.6}}, rgb(0xe8591c))
		tip2 := fpt{c.X + vehWind.X*h*0.6, c.Y + vehWind.Y*h*0.6}
		fillPoly(q.dst, []fpt{{c.X + px*0.55, c.Y + py*0.55}, tip2, {c.X - px*0.55, c.Y - py*0.55}}, rgb(0xffc53a))
		circle(q.dst, c, b*0.45, rgb(0xfff0a0))
	}
	for i := 0; i < 7; i++ {
		f := -0.4 + 0.8*math.Mod(float64(i)*0.377, 1)
		r := -0.35 + 0.7*math.Mod(float64(i)*0.618+0.2, 1)
		glow := 0.5 + 0.5*math.Sin(q.v.t*5+float64(i)*1.7)
		circle(q.dst, q.h.at(f, r), math.Max(1, W*0.035), mix(rgb(0x7a2008), rgb(0xff8a2a), glow))
	}
}
