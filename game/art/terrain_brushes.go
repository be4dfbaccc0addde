package art

import (
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules/terrain"
)

// Brushes for painting terrain: the textures and details (stones, tufts,
// trees, hachures, buildings) the painter lays inside each piece.

func StrokeDashPoly(dst *ebiten.Image, poly []Pt, w, dash, gap float64, c color.Color) {
	for i := range poly {
		StrokeDashed(dst, poly[i], poly[(i+1)%len(poly)], w, dash, gap, c)
	}
}

// BoundsOf gives the pixel bounding box of a polygon.
func BoundsOf(poly []Pt) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range poly {
		x0, y0 = math.Min(x0, q.X), math.Min(y0, q.Y)
		x1, y1 = math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	return
}

// scatter yields jittered points about every `every` inches inside poly,
// at least `margin` pixels from its outline.
func (p *Painter) scatter(poly []Pt, r *rand.Rand, every, margin float64, f func(q Pt)) {
	x0, y0, x1, y1 := BoundsOf(poly)
	step := p.in(every)
	if step < 2 {
		step = 2
	}
	for y := y0 + step/2; y < y1; y += step {
		for x := x0 + step/2; x < x1; x += step {
			q := Pt{x + (r.Float64()-0.5)*step*0.8, y + (r.Float64()-0.5)*step*0.8}
			if PointIn(poly, q) && (margin <= 0 || edgeDist(poly, q) >= margin) {
				f(q)
			}
		}
	}
}

func (p *Painter) speckle(poly []Pt, r *rand.Rand, perInch, rad float64, c color.Color) {
	p.scatter(poly, r, 1/perInch, 0, func(q Pt) { Circle(p.Dst, q, rad, c) })
}

// rows draws crop rows parallel to the polygon's longest edge.
func (p *Painter) rows(poly []Pt, id int, gap float64, c color.Color, w float64) {
	ParallelLines(poly, gap, func(_ int, sg [2]Pt, _ Pt) { Line(p.Dst, sg[0], sg[1], w, c) })
}

// ParallelLines calls fn with each stretch, inside poly, of lines gap
// apart running parallel to the polygon's longest edge (k counts the
// lines, n is the unit normal they step along).
func ParallelLines(poly []Pt, gap float64, fn func(k int, sg [2]Pt, n Pt)) {
	best, ang := 0.0, 0.0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		if l := math.Hypot(b.X-a.X, b.Y-a.Y); l > best {
			best, ang = l, math.Atan2(b.Y-a.Y, b.X-a.X)
		}
	}
	ux, uy := math.Cos(ang), math.Sin(ang)
	nx, ny := -uy, ux
	c0 := centroid(poly)
	x0, y0, x1, y1 := BoundsOf(poly)
	reach := math.Hypot(x1-x0, y1-y0)
	k := 0
	for s := -reach; s <= reach; s += gap {
		a := Pt{c0.X + nx*s - ux*reach, c0.Y + ny*s - uy*reach}
		b := Pt{c0.X + nx*s + ux*reach, c0.Y + ny*s + uy*reach}
		for _, sg := range clipSeg(poly, a, b) {
			fn(k, sg, Pt{nx, ny})
		}
		k++
	}
}

func (p *Painter) hachures(outer, inner []Pt) {
	n := len(outer)
	for i := 0; i < n; i++ {
		a, b := outer[i], outer[(i+1)%n]
		ia, ib := inner[i], inner[(i+1)%n]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		k := int(l / p.in(0.5))
		for j := 0; j < k; j++ {
			t := (float64(j) + 0.5) / float64(k)
			o := Pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
			in := Pt{ia.X + (ib.X-ia.X)*t, ia.Y + (ib.Y-ia.Y)*t}
			m := Pt{o.X + (in.X-o.X)*0.35, o.Y + (in.Y-o.Y)*0.35}
			Line(p.Dst, o, m, p.in(0.035), RGBA(0x6b5630, 130))
		}
	}
}

func (p *Painter) ripples(poly []Pt, r *rand.Rand, c color.Color) {
	p.scatter(poly, r, 1.3, p.in(0.35), func(q Pt) {
		w := p.in(0.25 + r.Float64()*0.25)
		for k := 0; k < 2; k++ {
			y := q.Y + float64(k)*p.in(0.12)
			x := q.X + float64(k)*p.in(0.1)
			var pts []Pt
			for t := 0; t <= 6; t++ {
				f := float64(t) / 6
				pts = append(pts, Pt{x - w/2 + w*f, y - math.Sin(f*math.Pi)*p.in(0.06)})
			}
			StrokePoly(p.Dst, pts, false, p.in(0.035), c)
		}
	})
}

func (p *Painter) stones(poly []Pt, r *rand.Rand, perInch float64, minR, maxR float64) {
	p.scatter(poly, r, 1/math.Sqrt(perInch), p.in(minR), func(q Pt) {
		rad := p.in(minR + r.Float64()*(maxR-minR))
		var st []Pt
		k := 5 + r.IntN(3)
		a0 := r.Float64() * math.Pi
		for i := 0; i < k; i++ {
			a := a0 + float64(i)/float64(k)*2*math.Pi
			rr := rad * (0.7 + 0.3*r.Float64())
			st = append(st, Pt{q.X + math.Cos(a)*rr, q.Y + math.Sin(a)*rr})
		}
		g := 0.75 + 0.4*r.Float64()
		shadow := make([]Pt, len(st))
		for i, s := range st {
			shadow[i] = Pt{s.X + rad*0.25, s.Y + rad*0.25}
		}
		FillPoly(p.Dst, shadow, RGBA(0x201a10, 110))
		FillPoly(p.Dst, st, Shade(RGB(0xa49c90), g))
		StrokePoly(p.Dst, st, true, math.Max(0.6, p.in(0.015)), RGB(0x4a443c))
	})
}

func (p *Painter) tufts(poly []Pt, r *rand.Rand, perInch float64, c color.Color) {
	p.scatter(poly, r, 1/math.Sqrt(perInch), p.in(0.1), func(q Pt) {
		h := p.in(0.12 + r.Float64()*0.1)
		for k := -1; k <= 1; k++ {
			Line(p.Dst, q, Pt{q.X + float64(k)*h*0.5, q.Y - h}, math.Max(0.7, p.in(0.025)), c)
		}
	})
}

func (p *Painter) pools(poly []Pt, r *rand.Rand) {
	p.scatter(poly, r, 1.6, p.in(0.4), func(q Pt) {
		rad := p.in(0.18 + r.Float64()*0.2)
		var pts []Pt
		for i := 0; i < 10; i++ {
			a := float64(i) / 10 * 2 * math.Pi
			pts = append(pts, Pt{q.X + math.Cos(a)*rad*1.6, q.Y + math.Sin(a)*rad*(0.8+0.2*r.Float64())})
		}
		FillPoly(p.Dst, pts, RGB(0x4d6a72))
		StrokePoly(p.Dst, pts, true, math.Max(0.6, p.in(0.02)), RGB(0x2f3f2e))
	})
}

func (p *Painter) sandbags(poly []Pt) {
	n := len(poly)
	for i := 0; i < n; i++ {
		a, b := poly[i], poly[(i+1)%n]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		k := int(l / p.in(0.3))
		for j := 0; j < k; j++ {
			t := (float64(j) + 0.5) / float64(k)
			q := Pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
			Circle(p.Dst, q, p.in(0.13), RGB(0xb59e72))
			Ring(p.Dst, q, p.in(0.13), math.Max(0.6, p.in(0.02)), RGB(0x5a4630))
		}
	}
}

// trees draws canopies: a shadow, the crown, a lit side, and a few leaf
// clumps, so woods read as woods without colour.
func (p *Painter) trees(poly []Pt, r *rand.Rand) {
	type tree struct {
		q Pt
		r float64
	}
	var ts []tree
	p.scatter(poly, r, 1.25, p.in(0.3), func(q Pt) {
		ts = append(ts, tree{q, p.in(0.55 + r.Float64()*0.35)})
	})
	for _, t := range ts {
		Circle(p.Dst, Pt{t.q.X + t.r*0.3, t.q.Y + t.r*0.35}, t.r, RGBA(0x141a08, 120))
	}
	for i, t := range ts {
		g := 0.85 + 0.3*float64(i%5)/4
		base := Shade(colCanopy, g)
		p.crown(t.q, t.r, base, r)
	}
}

func (p *Painter) crown(q Pt, rad float64, base color.RGBA, r *rand.Rand) {
	// lobed outline
	var pts []Pt
	k := 12
	for i := 0; i < k; i++ {
		a := float64(i) / float64(k) * 2 * math.Pi
		rr := rad * (0.86 + 0.14*math.Abs(math.Sin(float64(i)*1.9+rad)))
		pts = append(pts, Pt{q.X + math.Cos(a)*rr, q.Y + math.Sin(a)*rr})
	}
	FillPoly(p.Dst, pts, base)
	StrokePoly(p.Dst, pts, true, math.Max(0.8, rad*0.08), Shade(base, 0.55))
	for j := 0; j < 4; j++ {
		a := r.Float64() * 2 * math.Pi
		d := rad * 0.45 * r.Float64()
		Circle(p.Dst, Pt{q.X + math.Cos(a)*d - rad*0.15, q.Y + math.Sin(a)*d - rad*0.15}, rad*0.32, Shade(base, 1.22))
	}
	Circle(p.Dst, Pt{q.X - rad*0.3, q.Y - rad*0.3}, rad*0.18, Shade(base, 1.45))
}

// building draws a shadow, the walls and a pitched roof: ridge along the
// longest side, tile courses parallel to it, the shaded slope darker.
func (p *Painter) building(pc *terrain.Piece, poly []Pt) {
	sh := make([]Pt, len(poly))
	for i, q := range poly {
		sh[i] = Pt{q.X + p.in(0.35), q.Y + p.in(0.4)}
	}
	FillPoly(p.Dst, sh, RGBA(0x10100a, 110))
	roof := colRoofA
	if pc.ID%3 == 1 {
		roof = colRoofB
	}
	FillPoly(p.Dst, poly, roof)
	best, ang := 0.0, 0.0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		if l := math.Hypot(b.X-a.X, b.Y-a.Y); l > best {
			best, ang = l, math.Atan2(b.Y-a.Y, b.X-a.X)
		}
	}
	ux, uy := math.Cos(ang), math.Sin(ang)
	nx, ny := -uy, ux
	c := centroid(poly)
	x0, y0, x1, y1 := BoundsOf(poly)
	reach := math.Hypot(x1-x0, y1-y0)
	gap := p.in(0.2)
	for s := -reach; s <= reach; s += gap {
		a := Pt{c.X + nx*s - ux*reach, c.Y + ny*s - uy*reach}
		b := Pt{c.X + nx*s + ux*reach, c.Y + ny*s + uy*reach}
		for _, sg := range clipSeg(poly, a, b) {
			if s > 0 { // the slope away from the light
				q := []Pt{sg[0], sg[1], {sg[1].X + nx*gap, sg[1].Y + ny*gap}, {sg[0].X + nx*gap, sg[0].Y + ny*gap}}
				FillPoly(p.Dst, q, RGBA(0x000000, 55))
			}
			Line(p.Dst, sg[0], sg[1], math.Max(0.6, p.in(0.025)), Shade(roof, 0.7))
		}
	}
	// ridge line
	for _, sg := range clipSeg(poly, Pt{c.X - ux*reach, c.Y - uy*reach}, Pt{c.X + ux*reach, c.Y + uy*reach}) {
		// pull the ridge ends in from the gables a little (hipped look)
		d := math.Hypot(sg[1].X-sg[0].X, sg[1].Y-sg[0].Y)
		in := math.Min(p.in(0.4), d*0.2)
		a := Pt{sg[0].X + ux*in, sg[0].Y + uy*in}
		b := Pt{sg[1].X - ux*in, sg[1].Y - uy*in}
		Line(p.Dst, a, b, p.in(0.09), Shade(roof, 0.5))
		Line(p.Dst, a, b, p.in(0.035), Shade(roof, 1.3))
	}
	StrokePoly(p.Dst, poly, true, p.in(0.12), RGB(0x3a3028))
	// chimney
	circleish := Pt{c.X + ux*best*0.25 + nx*p.in(0.3), c.Y + uy*best*0.25 + ny*p.in(0.3)}
	if PointIn(poly, circleish) {
		Rect(p.Dst, circleish.X-p.in(0.15), circleish.Y-p.in(0.15), p.in(0.3), p.in(0.3), RGB(0x7a5444))
		RectLine(p.Dst, circleish.X-p.in(0.15), circleish.Y-p.in(0.15), p.in(0.3), p.in(0.3), math.Max(0.6, p.in(0.03)), ColInk)
	}
	for k := range pc.Doors {
		// a shut door across its gap (drawn the same way in play: game/table_doors.go)
		_, g := terrain.DoorGapOf(pc, k)
		DoorPlank(p.Dst, p.pt(g.A), p.pt(g.B), p.in)
	}
	for _, w := range pc.Windows {
		q := p.pt(w)
		Rect(p.Dst, q.X-p.in(0.15), q.Y-p.in(0.15), p.in(0.3), p.in(0.3), RGB(0xa8c8d8))
	}
}

// Along walks a polyline placing something every `every` pixels.
func Along(pts []Pt, every float64, f func(q Pt, ang float64, i int)) {
	carry := every / 2
	i := 0
	for s := 1; s < len(pts); s++ {
		a, b := pts[s-1], pts[s]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		ang := math.Atan2(b.Y-a.Y, b.X-a.X)
		for d := carry; d < l; d += every {
			t := d / l
			f(Pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}, ang, i)
			i++
		}
		carry = math.Mod(carry-l, every)
		if carry < 0 {
			carry += every
		}
	}
}

// DoorPlank draws a shut door across its gap a-b, as the cached terrain
// art does (terrain_art.go), so the two always match.
func DoorPlank(dst *ebiten.Image, a, b Pt, in func(float64) float64) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l < 1 {
		return
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	Line(dst, a, b, math.Max(2, in(0.26)), RGB(0x3a2614))
	inset := math.Min(l/4, in(0.06))
	Line(dst, Pt{a.X + ux*inset, a.Y + uy*inset}, Pt{b.X - ux*inset, b.Y - uy*inset}, math.Max(1, in(0.15)), RGB(0x8a5e36))
	h := Pt{a.X + ux*l*0.78, a.Y + uy*l*0.78}
	Circle(dst, h, math.Max(0.8, in(0.04)), RGB(0xd8c080))
}
