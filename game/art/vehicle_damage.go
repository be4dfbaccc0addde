package art

import (
	"image/color"
	"math"
)

// A vehicle miniature's turret and its marks of damage: wreckage, an
// immobilised marker, smoke and flames.

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
	var shape []Pt
	var outline []Pt
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
	sh := make([]Pt, len(outline))
	for i, pt := range outline {
		sh[i] = Pt{pt.X + R*0.14, pt.Y + R*0.18}
	}
	FillPoly(q.dst, sh, vtr(0x000000, 80))
	FillPoly(q.dst, outline, p.ink)
	FillPoly(q.dst, shape, p.paint)
	q.edgeLight(shape, p.paint)
	// the dome catches the light from the upper left
	in := scalePoly(shape, c, 0.72)
	for i := range in {
		in[i].X -= R * 0.14
		in[i].Y -= R * 0.14
	}
	FillPoly(q.dst, in, Mix(p.paint, p.light, 0.45))
	// mantlet and gun
	q.slabIn(t, 0.6, 1.0, -0.34, 0.34, R*0.08, p.dark)
	a, b := t.at(0.8, 0), t.at(gun, 0)
	Line(q.dst, a, b, bw+q.ow*2, p.ink)
	Line(q.dst, a, b, bw, p.metal)
	if brake > 0 {
		hw := bw * 0.95 / R
		q.slabIn(t, gun-brake, gun+0.02, -hw, hw, 0, p.metal)
	} else {
		Circle(q.dst, b, bw*0.7, p.ink)
	}
	if v.look == "medium-tank" || v.look == "light-tank" {
		// coaxial machine gun
		Line(q.dst, t.at(0.8, 0.28), t.at(1.15, 0.28), math.Max(1, bw*0.45), p.ink)
	}
	// hatches: the commander's cupola, and the loader's
	hr := math.Max(1.5, R*0.26)
	switch v.look {
	case "medium-tank":
		Circle(q.dst, t.at(-0.55, 0.42), hr*1.3+q.ow, p.ink)
		Circle(q.dst, t.at(-0.55, 0.42), hr*1.3, p.dark)
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
	FillPoly(q.dst, fr.rbox(f0, f1, r0, r1, q.ow, rad), q.p.ink)
	FillPoly(q.dst, fr.rbox(f0, f1, r0, r1, 0, rad), c)
}

// wreckMarks puts soot and scorch over a brewed-up hull.
func (q *vpaint) wreckMarks() {
	for i, s := range [][3]float64{{0.2, -0.2, 0.22}, {-0.25, 0.15, 0.26}, {0.05, 0.25, 0.16}, {-0.4, -0.25, 0.14}} {
		Circle(q.dst, q.h.at(s[0], s[1]), s[2]*q.W, vtr(0x0a0806, uint8(120+20*i)))
	}
	// rust showing through
	for _, s := range [][2]float64{{0.3, 0.3}, {-0.1, -0.32}, {-0.35, 0.3}} {
		Circle(q.dst, q.h.at(s[0], s[1]), q.W*0.06, vtr(0x6a3a1c, 170))
	}
}

// immobileMarker puts a small amber token (a wheel struck through) by
// the hull's rear left corner.
func (q *vpaint) immobileMarker() {
	c := q.h.px(-q.L*0.5, -q.W*0.5)
	r := math.Max(5.5*UIScale, q.W*0.14)
	Circle(q.dst, c, r+math.Max(1, r*0.14), q.p.ink)
	Circle(q.dst, c, r, RGB(0xf0a030))
	lw := math.Max(1.2, r*0.17)
	Ring(q.dst, c, r*0.5, lw, q.p.ink)
	Line(q.dst, Pt{c.X - r*0.62, c.Y + r*0.62}, Pt{c.X + r*0.62, c.Y - r*0.62}, lw, q.p.ink)
}

// vehWind is the way smoke drifts across the table (up and to the right).
var vehWind = Pt{0.55, -0.835}

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
	W := math.Max(q.W, 10*UIScale)
	px, py := -vehWind.Y, vehWind.X
	for i := 0; i < n; i++ {
		off := float64(i) / float64(n)
		ph := math.Mod(q.v.Time*0.35+off+float64(i%3)*0.013, 1)
		sway := math.Sin(ph*5+float64(i)*1.9) * W * 0.25 * ph
		c := Pt{base.X + vehWind.X*D*ph + px*sway, base.Y + vehWind.Y*D*ph + py*sway}
		r := W * size * (0.45 + 1.2*ph)
		a := a0 * (1 - ph) * math.Min(1, ph*6+0.3)
		Circle(q.dst, c, r, vtr(col, uint8(a)))
		if r > 3 {
			Circle(q.dst, Pt{c.X - r*0.25, c.Y - r*0.25}, r*0.55, vtr(vehBrightenHex(col), uint8(a*0.5)))
		}
	}
}

func vehBrightenHex(c uint32) uint32 {
	x := Brighten(RGB(c), 0.25)
	return uint32(x.R)<<16 | uint32(x.G)<<8 | uint32(x.B)
}

// flames draws fire licking out of a brewed-up hull and embers glowing
// on it.
func (q *vpaint) flames(src [2]float64) {
	W := math.Max(q.W, 10*UIScale)
	spots := [][2]float64{{src[0], src[1]}, {src[0] + 0.12, src[1] - 0.15}, {src[0] + 0.2, src[1] + 0.12}, {src[0] - 0.1, src[1] + 0.05}}
	for i, s := range spots {
		c := q.h.at(s[0], s[1])
		fl := 0.75 + 0.25*math.Sin(q.v.Time*11+float64(i)*2.3)
		h := W * 0.42 * fl
		b := W * 0.16
		tip := Pt{c.X + vehWind.X*h, c.Y + vehWind.Y*h}
		px, py := -vehWind.Y*b, vehWind.X*b
		FillPoly(q.dst, []Pt{{c.X + px, c.Y + py}, tip, {c.X - px, c.Y - py}, {c.X - vehWind.X*b*0.6, c.Y - vehWind.Y*b*0.6}}, RGB(0xe8591c))
		tip2 := Pt{c.X + vehWind.X*h*0.6, c.Y + vehWind.Y*h*0.6}
		FillPoly(q.dst, []Pt{{c.X + px*0.55, c.Y + py*0.55}, tip2, {c.X - px*0.55, c.Y - py*0.55}}, RGB(0xffc53a))
		Circle(q.dst, c, b*0.45, RGB(0xfff0a0))
	}
	for i := 0; i < 7; i++ {
		f := -0.4 + 0.8*math.Mod(float64(i)*0.377, 1)
		r := -0.35 + 0.7*math.Mod(float64(i)*0.618+0.2, 1)
		glow := 0.5 + 0.5*math.Sin(q.v.Time*5+float64(i)*1.7)
		Circle(q.dst, q.h.at(f, r), math.Max(1, W*0.035), Mix(RGB(0x7a2008), RGB(0xff8a2a), glow))
	}
}
