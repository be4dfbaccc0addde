package art

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// vehicleLook is how one vehicle should be drawn this frame: the battle
// converts a rules/vehicle pose and type into it.
type vehicleLook struct {
	look                       string     // the Type's Look: jeep, truck, lorry, halftrack, carrier, armoured-car, light-tank, medium-tank, apc, helicopter
	centre                     Pt         // screen
	pxPerInch                  float64    // zoom
	length, width              float64    // inches
	facing, turret             float64    // radians, 0 up the screen, clockwise (like figLook.facing)
	hasTurret                  bool       // draw the turret (for the looks that have one)
	turretOffset, turretRadius float64    // inches (offset forward of centre)
	side                       color.RGBA // side colour
	sideIdx                    int        // 0/1: the second side has pale notches along the hull edges

	immobilised, brewedUp, smoking, hatchesOpen, abandoned bool
	selected, hover, target                                bool

	Time float64 // seconds, for the smoke and flames
}

// VehicleLookOf reads a battle vehicle and its type into a look: centre
// is the vehicle's position on screen (tableView.scr(v.Pos)), pxPerInch
// the zoom (tableView.px(1)) and side the side's colour as figures get
// it (battle.rims()[v.Side&1]); the caller sets selected, hover, target
// and t. A type with an unknown Look is drawn as a light tank.
func VehicleLookOf(t rules.VehicleLook, sideIdx int, centre Pt, pxPerInch float64, side color.RGBA) vehicleLook {
	deg := func(d int) float64 { return float64(d) * math.Pi / 180 }
	return vehicleLook{
		look: t.Look, centre: centre, pxPerInch: pxPerInch,
		length: geom.Inches(t.Length), width: geom.Inches(t.Width),
		facing: deg(t.Facing), turret: deg(t.Turret),
		hasTurret: t.HasTurret, turretOffset: geom.Inches(t.TurretOffset), turretRadius: geom.Inches(t.TurretRadius),
		side: side, sideIdx: sideIdx & 1,
		immobilised: t.Immobilised, brewedUp: t.BrewedUp,
		smoking: t.Smoking, abandoned: t.Abandoned,
		hatchesOpen: t.HatchesOpen,
	}
}

// minVehicleLen is the shortest a vehicle is drawn, in pixels: zoomed far
// out it stays a readable counter.
func minVehicleLen() float64 { return 18 * UIScale }

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
	c      Pt
	fx, fy float64 // forward, a unit vector on screen
	sx, sy float64 // pixels per unit forward and right
}

func newVframe(c Pt, ang, sx, sy float64) vframe {
	return vframe{c: c, fx: math.Sin(ang), fy: -math.Cos(ang), sx: sx, sy: sy}
}

// px maps a point given in pixels forward and right.
func (v vframe) px(f, r float64) Pt {
	return Pt{v.c.X + v.fx*f - v.fy*r, v.c.Y + v.fy*f + v.fx*r}
}

// at maps a point in units.
func (v vframe) at(f, r float64) Pt { return v.px(f*v.sx, r*v.sy) }

// pts maps (f, r) pairs in units.
func (v vframe) pts(fr ...float64) []Pt {
	out := make([]Pt, 0, len(fr)/2)
	for i := 0; i+1 < len(fr); i += 2 {
		out = append(out, v.at(fr[i], fr[i+1]))
	}
	return out
}

// rbox is a rectangle from f0 to f1 and r0 to r1 (units), grown by g
// pixels, with corners rounded by rad pixels.
func (v vframe) rbox(f0, f1, r0, r1, g, rad float64) []Pt {
	F0, F1, R0, R1 := f0*v.sx-g, f1*v.sx+g, r0*v.sy-g, r1*v.sy+g
	rad = math.Min(rad+g, math.Min(F1-F0, R1-R0)/2)
	if rad <= 0.3 {
		return []Pt{v.px(F1, R0), v.px(F1, R1), v.px(F0, R1), v.px(F0, R0)}
	}
	out := make([]Pt, 0, 16)
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
func (v vframe) chamfer(f0, f1, r0, r1, cf, cb, g float64) []Pt {
	F0, F1, R0, R1 := f0*v.sx-g, f1*v.sx+g, r0*v.sy-g, r1*v.sy+g
	k := g * 0.41 // keep the cut parallel when growing
	cf, cb = math.Max(0, cf+k), math.Max(0, cb+k)
	return []Pt{v.px(F1, R0+cf), v.px(F1, R1-cf), v.px(F1-cf, R1), v.px(F0+cb, R1), v.px(F0, R1-cb), v.px(F0, R0+cb), v.px(F0+cb, R0), v.px(F1-cf, R0)}
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
	paint := Mix(side, color.RGBA{g, g, g, 255}, 0.06)
	p := vpal{
		paint: paint, light: Brighten(paint, 0.2), dark: Shade(paint, 0.74), deep: Shade(paint, 0.5),
		ink: RGB(0x15120d), track: RGB(0x2c2925), link: RGB(0x4c4840), tyre: RGB(0x1e1c19),
		interior: Mix(Shade(paint, 0.5), RGB(0x2a2418), 0.15), seat: Mix(paint, RGB(0x3b3124), 0.6), metal: RGB(0x34332e),
		glass: RGB(0x9cbccc), canvas: Mix(paint, RGB(0xc4b68c), 0.28), notch: RGB(0xf2ead6),
	}
	if wreck {
		soot := RGB(0x1d1915)
		p.paint, p.light, p.dark, p.deep = Mix(p.paint, soot, 0.86), Mix(p.light, soot, 0.84), Mix(p.dark, soot, 0.88), Mix(p.deep, soot, 0.9)
		p.interior, p.seat, p.canvas = RGB(0x120f0c), RGB(0x1a1612), Mix(p.canvas, soot, 0.85)
		p.glass, p.tyre, p.track = RGB(0x2a2825), RGB(0x141210), RGB(0x1f1c19)
		p.notch = Mix(p.notch, soot, 0.55)
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
func (q *vpaint) head(c Pt, r float64) {
	Circle(q.dst, c, r+math.Max(0.8, q.ow*0.7), q.p.ink)
	Circle(q.dst, c, r, RGB(0x4f4c3a))
	if r > 2.5 {
		Circle(q.dst, Pt{c.X - r*0.3, c.Y - r*0.3}, r*0.4, RGB(0x75715a))
	}
}

// tone is a colour of a fitting or load, burnt when the vehicle is.
func (q *vpaint) tone(c color.RGBA) color.RGBA {
	if q.wreck {
		return Mix(c, RGB(0x1d1915), 0.8)
	}
	return c
}

// slab fills a rounded box with a dark outline.
func (q *vpaint) slab(f0, f1, r0, r1, rad float64, c color.RGBA) {
	FillPoly(q.dst, q.h.rbox(f0, f1, r0, r1, q.ow, rad), q.p.ink)
	FillPoly(q.dst, q.h.rbox(f0, f1, r0, r1, 0, rad), c)
}

// panel fills a rounded box with no outline.
func (q *vpaint) panel(f0, f1, r0, r1, rad float64, c color.RGBA) {
	FillPoly(q.dst, q.h.rbox(f0, f1, r0, r1, 0, rad), c)
}

// seg draws a line between two hull points (units).
func (q *vpaint) seg(f0, r0, f1, r1, w float64, c color.RGBA) {
	Line(q.dst, q.h.at(f0, r0), q.h.at(f1, r1), w, c)
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
		Circle(q.dst, c, rad+q.ow*0.8, q.p.ink)
		Circle(q.dst, c, rad, q.p.light)
		if rad > 2.5 {
			Circle(q.dst, c, rad*0.35, q.p.dark)
		}
		return
	}
	Circle(q.dst, c, rad+q.ow*0.8, q.p.ink)
	Circle(q.dst, c, rad, RGB(0x0e0c09))
	if q.crew {
		q.head(c, rad*0.7)
	}
	// the lid stands up behind the hole (towards the rear of its frame)
	a, b := fr.px(-rad*1.25+f*fr.sx, -rad+r*fr.sy), fr.px(-rad*1.25+f*fr.sx, rad+r*fr.sy)
	Line(q.dst, a, b, math.Max(2, rad*0.7)+q.ow*1.6, q.p.ink)
	Line(q.dst, a, b, math.Max(1, rad*0.7), q.p.light)
}

// rhatch is a square hatch, hl by hw pixels (half sizes).
func (q *vpaint) rhatch(fr vframe, f, r, hl, hw float64) {
	F, Rr := f*fr.sx, r*fr.sy
	box := func(g float64) []Pt {
		return []Pt{fr.px(F+hl+g, Rr-hw-g), fr.px(F+hl+g, Rr+hw+g), fr.px(F-hl-g, Rr+hw+g), fr.px(F-hl-g, Rr-hw-g)}
	}
	FillPoly(q.dst, box(q.ow*0.8), q.p.ink)
	if !q.open {
		FillPoly(q.dst, box(0), q.p.light)
		return
	}
	FillPoly(q.dst, box(0), RGB(0x0e0c09))
	if q.crew {
		q.head(fr.px(F, Rr), math.Min(hl, hw)*0.75)
	}
	a, b := fr.px(F+hl*1.5, Rr-hw), fr.px(F+hl*1.5, Rr+hw)
	Line(q.dst, a, b, math.Max(2, hl*0.6)+q.ow*1.6, q.p.ink)
	Line(q.dst, a, b, math.Max(1, hl*0.6), q.p.light)
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
		FillPoly(q.dst, q.h.rbox(a, b, r0, r1, q.ow, rad), q.p.ink)
		FillPoly(q.dst, q.h.rbox(a, b, r0, r1, 0, rad), q.p.track)
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
		Circle(q.dst, c, wr+q.ow, q.p.ink)
		Circle(q.dst, c, wr, RGB(0x5e5a50))
		Circle(q.dst, c, wr*0.4, RGB(0x3a3731))
	}
	// the thrown run of track, lying out beside the hull
	out := side * (0.5 + tw*0.2)
	a, b := q.h.at(ga, out), q.h.at(ga-(f1-f0)*0.22, out+side*tw*2.2)
	w := tw * q.W * 0.8
	Line(q.dst, a, b, w+q.ow*2, q.p.ink)
	Line(q.dst, a, b, w, q.p.track)
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if w > 3 && l > 4 {
		ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
		step := math.Max(2.4, q.L*0.032)
		for s := step * 0.5; s < l; s += step {
			c := Pt{a.X + ux*s, a.Y + uy*s}
			Line(q.dst, Pt{c.X - uy*w*0.38, c.Y + ux*w*0.38}, Pt{c.X + uy*w*0.38, c.Y - ux*w*0.38}, step*0.42, q.p.link)
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
			q.seg(ff, r0+wid*0.22, ff, r1-wid*0.22, math.Max(1, fl*q.L*0.07), RGB(0x3a3732))
		}
	}
}

// lostWheel draws where a wheel came off: a stub, and the wheel lying on
// the ground beside the hull.
func (q *vpaint) lostWheel(f, fl, wid, side float64) {
	stub := q.h.at(f, side*(0.5-wid*0.8))
	Circle(q.dst, stub, math.Max(1.5, wid*q.W*0.3), q.p.ink)
	c := q.h.at(f-fl*0.9, side*(0.5+wid*1.3))
	rr := fl * q.L * 0.48
	Circle(q.dst, c, rr+q.ow, q.p.ink)
	Circle(q.dst, c, rr, q.p.tyre)
	Circle(q.dst, c, rr*0.5, RGB(0x6a665a))
	Circle(q.dst, c, rr*0.2, q.p.ink)
}

// DrawVehicle paints a vehicle miniature seen from above: soft shadow,
// tracks or wheels, the hull in the side colour with a dark outline and
// its panels, the turret turned to its own facing with the gun along it,
// hatches (open or shut), the second side's pale notches, damage (a thrown
// track or lost wheel with a marker, smoke, a burnt-out wreck in flames,
// a grey veil when abandoned) and the selection rings.
func DrawVehicle(dst *ebiten.Image, v vehicleLook) {
	if Batching(dst) == nil {
		// everything is drawn through the mesh (straight alpha colours)
		prev := Batch
		if prev != nil {
			prev.flush()
		}
		BeginBatch(dst, false)
		defer func() { EndBatch(); Batch = prev }()
	}
	if v.length <= 0 || v.width <= 0 {
		return
	}
	k := vehicleScale(v)
	L, W := v.length*k, v.width*k
	q := &vpaint{dst: dst, v: v, h: newVframe(v.centre, v.facing, L, W), L: L, W: W, wreck: v.brewedUp}
	q.ow = math.Max(1, math.Min(2.4*UIScale, W*0.035))
	q.p = vehiclePalette(v.side, v.brewedUp)
	q.open = v.hatchesOpen || v.abandoned || v.brewedUp
	q.crew = v.hatchesOpen && !v.abandoned && !v.brewedUp

	// footprint, for rings, shadow and veils
	foot := func(g float64) []Pt {
		if v.look == "helicopter" {
			return q.h.rbox(-0.5, 0.5, -0.5, 0.5, g, W*0.5)
		}
		return q.h.rbox(-0.5, 0.5, -0.5, 0.5, g, W*0.12)
	}
	m := math.Max(3*UIScale, W*0.12)
	switch {
	case v.selected:
		FillPoly(dst, foot(m*1.9), vtr(0xfff2a0, 70))
		StrokePoly(dst, foot(m), true, math.Max(2, W*0.05), RGB(0xffe066))
	case v.hover:
		StrokePoly(dst, foot(m), true, math.Max(1.5, W*0.035), vtr(0xffffff, 210))
	}
	if v.target {
		StrokePoly(dst, foot(m*1.5), true, math.Max(2, W*0.05), RGB(0xff5a3c))
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
		FillPoly(dst, boom, vtr(0x000000, 95))
	}
	for i := range shadow {
		shadow[i].X += sh * 0.8
		shadow[i].Y += sh
	}
	FillPoly(dst, shadow, vtr(0x000000, 95))

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
		FillPoly(dst, foot(0), vtr(0xb4b0a8, 95))
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
