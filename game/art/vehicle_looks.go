package art

import (
	"image/color"
	"math"
)

// The looks of the vehicle miniatures: each kind of vehicle painted from
// above (jeep, trucks, half-track, carrier, armoured car, tanks, APC,
// helicopter), its turret, and the marks of damage: wreckage, smoke, flames.

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
		Circle(q.dst, q.h.at(0.43, r), math.Max(1, q.W*0.045), q.tone(RGB(0xe8e2c8)))
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
	Ring(q.dst, q.h.at(0.07, -0.16), q.W*0.07, math.Max(1, q.W*0.025), p.ink) // steering wheel
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
		q.slab(b0+0.06, b0+0.16, -0.32, -0.05, q.W*0.02, q.tone(RGB(0x8a6a3e)))
		q.slab(b0+0.2, b0+0.27, 0.08, 0.3, q.W*0.02, q.tone(RGB(0x7a5c34)))
		return [3]float64{b0 + 0.03, b1 - 0.03, 0.43}
	}
	q.slab(b0, b1, -0.44, 0.44, q.W*0.08, p.canvas)
	q.panel(b0+0.01, b1-0.01, -0.2, 0.2, q.W*0.05, Brighten(p.canvas, 0.1))
	q.panel(b0+0.01, b1-0.01, -0.44, -0.33, 0, Shade(p.canvas, 0.85))
	q.panel(b0+0.01, b1-0.01, 0.33, 0.44, 0, Shade(p.canvas, 0.85))
	for i := 1; i <= 4; i++ { // hoops under the canvas
		f := b0 + (b1-b0)*float64(i)/5
		q.seg(f, -0.43, f, 0.43, math.Max(1, q.L*0.012), Shade(p.canvas, 0.72))
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
	FillPoly(q.dst, q.h.chamfer(0.16, 0.5, -0.27, 0.27, q.W*0.08, 0, q.ow), p.ink)
	FillPoly(q.dst, q.h.chamfer(0.16, 0.5, -0.27, 0.27, q.W*0.08, 0, 0), p.light)
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
// Painter does a miniature's: light on the edges facing the light (the
// upper left, where the shadows fall away from), dark on those facing
// away.
func (q *vpaint) body(outline, shape []Pt, c color.RGBA) {
	FillPoly(q.dst, outline, q.p.ink)
	FillPoly(q.dst, shape, c)
	q.edgeLight(shape, c)
}

// vehLight is the way to the light on the screen (up and to the left).
var vehLight = Pt{-0.6, -0.8}

// edgeLight strokes just inside each edge of shape: lighter where the
// edge faces the light, darker where it faces away.
func (q *vpaint) edgeLight(shape []Pt, c color.RGBA) {
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
	hi, lo := Mix(c, RGB(0xfff6e0), 0.3), Shade(c, 0.7)
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
		Line(q.dst, Pt{a.X - nx*off, a.Y - ny*off}, Pt{b.X - nx*off, b.Y - ny*off}, w, col)
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
	FillPoly(q.dst, q.h.chamfer(0.3, 0.5, -0.41, 0.41, cf, 0, 0), p.light)
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
		FillPoly(q.dst, nose, p.ink)
		FillPoly(q.dst, q.h.rbox(0.3, 0.5, -hr+0.02, hr-0.02, 0, q.W*0.16), p.light)
		q.seg(0.31, -hr+0.06, 0.31, hr-0.06, math.Max(1, q.ow), p.dark)
		q.rhatch(q.h, 0.37, -0.2, q.W*0.06, q.W*0.08)
		q.rhatch(q.h, 0.37, 0.2, q.W*0.06, q.W*0.08)
		q.grille(-0.45, -0.24, -0.24, 0.24, 6)
		// exhausts and tools at the back
		q.slab(-0.5, -0.47, -0.3, -0.12, q.W*0.02, p.metal)
		q.slab(-0.5, -0.47, 0.12, 0.3, q.W*0.02, p.metal)
		q.seg(-0.2, -0.26, -0.2, 0.26, math.Max(1, q.W*0.02), q.tone(RGB(0x6b5534)))
	} else {
		FillPoly(q.dst, q.h.chamfer(-0.47, 0.47, -hr, hr, q.W*0.06, q.W*0.04, q.ow), p.ink)
		FillPoly(q.dst, q.h.chamfer(-0.47, 0.47, -hr, hr, q.W*0.06, q.W*0.04, 0), p.paint)
		FillPoly(q.dst, q.h.chamfer(0.3, 0.47, -hr, hr, q.W*0.06, 0, 0), p.light)
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
	FillPoly(q.dst, q.h.chamfer(0.3, 0.5, -0.44, 0.44, q.W*0.05, 0, 0), p.light)
	q.seg(0.44, -0.38, 0.44, 0.38, math.Max(1, q.ow), p.dark)
	q.grille(0.12, 0.28, 0.12, 0.4, 3) // engine at the front right
	q.hatch(q.h, 0.22, -0.24, q.W*0.07)
	// the troop hatch on the roof and the ramp's frame at the back
	q.slab(-0.38, -0.08, -0.25, 0.25, q.W*0.02, p.light)
	if q.open {
		q.slab(-0.36, -0.1, -0.22, 0.22, 0, RGB(0x0e0c09))
	}
	q.panel(-0.5, -0.45, -0.32, 0.32, 0, p.dark)
	q.seg(-0.455, -0.32, -0.455, 0.32, math.Max(1, q.ow*0.8), p.ink)
	if !q.v.hasTurret {
		// commander's cupola with its machine gun
		c := 0.02
		Circle(q.dst, q.h.at(c, 0.05), q.W*0.15+q.ow, p.ink)
		Circle(q.dst, q.h.at(c, 0.05), q.W*0.15, p.dark)
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
	FillPoly(q.dst, boom, p.ink)
	inner := q.h.pts(-0.06, -0.14+0.05, -0.465, -0.02, -0.465, 0.02, -0.06, 0.14-0.05)
	FillPoly(q.dst, inner, p.paint)
	q.slab(-0.36, -0.32, -0.3, 0.3, q.W*0.03, p.dark)
	q.seg(-0.47, -0.06, -0.47, -0.32, math.Max(1, q.W*0.05), p.ink)
	Circle(q.dst, q.h.at(-0.46, -0.26), q.L*0.05, vtr(0x15120d, 60))
	// fuselage
	body := q.h.rbox(-0.1, 0.48, -0.48, 0.48, q.ow, q.W*0.46)
	q.body(body, q.h.rbox(-0.1, 0.48, -0.48, 0.48, 0, q.W*0.46), p.paint)
	q.panel(0.0, 0.3, -0.46, -0.3, q.W*0.06, p.dark)
	q.panel(0.0, 0.3, 0.3, 0.46, q.W*0.06, p.dark)
	if q.open { // side doors slid back
		q.panel(0.02, 0.24, -0.46, -0.34, 0, RGB(0x0e0c09))
		q.panel(0.02, 0.24, 0.34, 0.46, 0, RGB(0x0e0c09))
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
	Circle(q.dst, c, r, vtr(0xd8d4c8, 22))
	Ring(q.dst, c, r, math.Max(1, q.W*0.025), vtr(0x15120d, 55))
	a := q.v.facing + math.Pi/5
	if !q.wreck && !q.v.abandoned {
		a += q.v.Time * 3 // idling
	}
	// four blades, each tapering to its tip
	w := math.Max(1.5, q.W*0.07)
	for k := 0; k < 4; k++ {
		b := a + float64(k)*math.Pi/2
		ux, uy := math.Cos(b), math.Sin(b)
		px, py := -uy*w/2, ux*w/2
		tip := Pt{c.X + ux*r*0.97, c.Y + uy*r*0.97}
		FillPoly(q.dst, []Pt{{c.X + px, c.Y + py}, {tip.X + px*0.5, tip.Y + py*0.5}, {tip.X - px*0.5, tip.Y - py*0.5}, {c.X - px, c.Y - py}}, vtr(0x15120d, 90))
	}
	Circle(q.dst, c, math.Max(1.5, q.W*0.09), q.p.ink)
	Circle(q.dst, c, math.Max(0.8, q.W*0.045), q.p.dark)
}
