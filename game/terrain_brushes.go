package game

import (
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules/terrain"
)

// Brushes for painting terrain: the textures and details (stones, tufts,
// trees, hachures, buildings) the painter lays inside each piece.

func strokeDashPoly(dst *ebiten.Image, poly []fpt, w, dash, gap float64, c color.Color) {
	for i := range poly {
		strokeDashed(dst, poly[i], poly[(i+1)%len(poly)], w, dash, gap, c)
	}
}

// boundsOf gives the pixel bounding box of a polygon.
func boundsOf(poly []fpt) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range poly {
		x0, y0 = math.Min(x0, q.X), math.Min(y0, q.Y)
		x1, y1 = math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	return
}

// scatter yields jittered points about every `every` inches inside poly,
// at least `margin` pixels from its outline.
func (p *painter) scatter(poly []fpt, r *rand.Rand, every, margin float64, f func(q fpt)) {
	x0, y0, x1, y1 := boundsOf(poly)
	step := p.in(every)
	if step < 2 {
		step = 2
	}
	for y := y0 + step/2; y < y1; y += step {
		for x := x0 + step/2; x < x1; x += step {
			q := fpt{x + (r.Float64()-0.5)*step*0.8, y + (r.Float64()-0.5)*step*0.8}
			if pointIn(poly, q) && (margin <= 0 || edgeDist(poly, q) >= margin) {
				f(q)
			}
		}
	}
}

func (p *painter) speckle(poly []fpt, r *rand.Rand, perInch, rad float64, c color.Color) {
	p.scatter(poly, r, 1/perInch, 0, func(q fpt) { circle(p.dst, q, rad, c) })
}

// rows draws crop rows parallel to the polygon's longest edge.
func (p *painter) rows(poly []fpt, id int, gap float64, c color.Color, w float64) {
	parallelLines(poly, gap, func(_ int, sg [2]fpt, _ fpt) { line(p.dst, sg[0], sg[1], w, c) })
}

// parallelLines calls fn with each stretch, inside poly, of lines gap
// apart running parallel to the polygon's longest edge (k counts the
// lines, n is the unit normal they step along).
func parallelLines(poly []fpt, gap float64, fn func(k int, sg [2]fpt, n fpt)) {
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
	x0, y0, x1, y1 := boundsOf(poly)
	reach := math.Hypot(x1-x0, y1-y0)
	k := 0
	for s := -reach; s <= reach; s += gap {
		a := fpt{c0.X + nx*s - ux*reach, c0.Y + ny*s - uy*reach}
		b := fpt{c0.X + nx*s + ux*reach, c0.Y + ny*s + uy*reach}
		for _, sg := range clipSeg(poly, a, b) {
			fn(k, sg, fpt{nx, ny})
		}
		k++
	}
}

func (p *painter) hachures(outer, inner []fpt) {
	n := len(outer)
	for i := 0; i < n; i++ {
		a, b := outer[i], outer[(i+1)%n]
		ia, ib := inner[i], inner[(i+1)%n]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		k := int(l / p.in(0.5))
		for j := 0; j < k; j++ {
			t := (float64(j) + 0.5) / float64(k)
			o := fpt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
			in := fpt{ia.X + (ib.X-ia.X)*t, ia.Y + (ib.Y-ia.Y)*t}
			m := fpt{o.X + (in.X-o.X)*0.35, o.Y + (in.Y-o.Y)*0.35}
			line(p.dst, o, m, p.in(0.035), rgba(0x6b5630, 130))
		}
	}
}

func (p *painter) ripples(poly []fpt, r *rand.Rand, c color.Color) {
	p.scatter(poly, r, 1.3, p.in(0.35), func(q fpt) {
		w := p.in(0.25 + r.Float64()*0.25)
		for k := 0; k < 2; k++ {
			y := q.Y + float64(k)*p.in(0.12)
			x := q.X + float64(k)*p.in(0.1)
			var pts []fpt
			for t := 0; t <= 6; t++ {
				f := float64(t) / 6
				pts = append(pts, fpt{x - w/2 + w*f, y - math.Sin(f*math.Pi)*p.in(0.06)})
			}
			strokePoly(p.dst, pts, false, p.in(0.035), c)
		}
	})
}

func (p *painter) stones(poly []fpt, r *rand.Rand, perInch float64, minR, maxR float64) {
	p.scatter(poly, r, 1/math.Sqrt(perInch), p.in(minR), func(q fpt) {
		rad := p.in(minR + r.Float64()*(maxR-minR))
		var st []fpt
		k := 5 + r.IntN(3)
		a0 := r.Float64() * math.Pi
		for i := 0; i < k; i++ {
			a := a0 + float64(i)/float64(k)*2*math.Pi
			rr := rad * (0.7 + 0.3*r.Float64())
			st = append(st, fpt{q.X + math.Cos(a)*rr, q.Y + math.Sin(a)*rr})
		}
		g := 0.75 + 0.4*r.Float64()
		shadow := make([]fpt, len(st))
		for i, s := range st {
			shadow[i] = fpt{s.X + rad*0.25, s.Y + rad*0.25}
		}
		fillPoly(p.dst, shadow, rgba(0x201a10, 110))
		fillPoly(p.dst, st, shade(rgb(0xa49c90), g))
		strokePoly(p.dst, st, true, math.Max(0.6, p.in(0.015)), rgb(0x4a443c))
	})
}

func (p *painter) tufts(poly []fpt, r *rand.Rand, perInch float64, c color.Color) {
	p.scatter(poly, r, 1/math.Sqrt(perInch), p.in(0.1), func(q fpt) {
		h := p.in(0.12 + r.Float64()*0.1)
		for k := -1; k <= 1; k++ {
			line(p.dst, q, fpt{q.X + float64(k)*h*0.5, q.Y - h}, math.Max(0.7, p.in(0.025)), c)
		}
	})
}

func (p *painter) pools(poly []fpt, r *rand.Rand) {
	p.scatter(poly, r, 1.6, p.in(0.4), func(q fpt) {
		rad := p.in(0.18 + r.Float64()*0.2)
		var pts []fpt
		for i := 0; i < 10; i++ {
			a := float64(i) / 10 * 2 * math.Pi
			pts = append(pts, fpt{q.X + math.Cos(a)*rad*1.6, q.Y + math.Sin(a)*rad*(0.8+0.2*r.Float64())})
		}
		fillPoly(p.dst, pts, rgb(0x4d6a72))
		strokePoly(p.dst, pts, true, math.Max(0.6, p.in(0.02)), rgb(0x2f3f2e))
	})
}

func (p *painter) sandbags(poly []fpt) {
	n := len(poly)
	for i := 0; i < n; i++ {
		a, b := poly[i], poly[(i+1)%n]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		k := int(l / p.in(0.3))
		for j := 0; j < k; j++ {
			t := (float64(j) + 0.5) / float64(k)
			q := fpt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
			circle(p.dst, q, p.in(0.13), rgb(0xb59e72))
			ring(p.dst, q, p.in(0.13), math.Max(0.6, p.in(0.02)), rgb(0x5a4630))
		}
	}
}

// trees draws canopies: a shadow, the crown, a lit side, and a few leaf
// clumps, so woods read as woods without colour.
func (p *painter) trees(poly []fpt, r *rand.Rand) {
	type tree struct {
		q fpt
		r float64
	}
	var ts []tree
	p.scatter(poly, r, 1.25, p.in(0.3), func(q fpt) {
		ts = append(ts, tree{q, p.in(0.55 + r.Float64()*0.35)})
	})
	for _, t := range ts {
		circle(p.dst, fpt{t.q.X + t.r*0.3, t.q.Y + t.r*0.35}, t.r, rgba(0x141a08, 120))
	}
	for i, t := range ts {
		g := 0.85 + 0.3*float64(i%5)/4
		base := shade(colCanopy, g)
		p.crown(t.q, t.r, base, r)
	}
}

func (p *painter) crown(q fpt, rad float64, base color.RGBA, r *rand.Rand) {
	// lobed outline
	var pts []fpt
	k := 12
	for i := 0; i < k; i++ {
		a := float64(i) / float64(k) * 2 * math.Pi
		rr := rad * (0.86 + 0.14*math.Abs(math.Sin(float64(i)*1.9+rad)))
		pts = append(pts, fpt{q.X + math.Cos(a)*rr, q.Y + math.Sin(a)*rr})
	}
	fillPoly(p.dst, pts, base)
	strokePoly(p.dst, pts, true, math.Max(0.8, rad*0.08), shade(base, 0.55))
	for j := 0; j < 4; j++ {
		a := r.Float64() * 2 * math.Pi
		d := rad * 0.45 * r.Float64()
		circle(p.dst, fpt{q.X + math.Cos(a)*d - rad*0.15, q.Y + math.Sin(a)*d - rad*0.15}, rad*0.32, shade(base, 1.22))
	}
	circle(p.dst, fpt{q.X - rad*0.3, q.Y - rad*0.3}, rad*0.18, shade(base, 1.45))
}

// building draws a shadow, the walls and a pitched roof: ridge along the
// longest side, tile courses parallel to it, the shaded slope darker.
func (p *painter) building(pc *terrain.Piece, poly []fpt) {
	sh := make([]fpt, len(poly))
	for i, q := range poly {
		sh[i] = fpt{q.X + p.in(0.35), q.Y + p.in(0.4)}
	}
	fillPoly(p.dst, sh, rgba(0x10100a, 110))
	roof := colRoofA
	if pc.ID%3 == 1 {
		roof = colRoofB
	}
	fillPoly(p.dst, poly, roof)
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
	x0, y0, x1, y1 := boundsOf(poly)
	reach := math.Hypot(x1-x0, y1-y0)
	gap := p.in(0.2)
	for s := -reach; s <= reach; s += gap {
		a := fpt{c.X + nx*s - ux*reach, c.Y + ny*s - uy*reach}
		b := fpt{c.X + nx*s + ux*reach, c.Y + ny*s + uy*reach}
		for _, sg := range clipSeg(poly, a, b) {
			if s > 0 { // the slope away from the light
				q := []fpt{sg[0], sg[1], {sg[1].X + nx*gap, sg[1].Y + ny*gap}, {sg[0].X + nx*gap, sg[0].Y + ny*gap}}
				fillPoly(p.dst, q, rgba(0x000000, 55))
			}
			line(p.dst, sg[0], sg[1], math.Max(0.6, p.in(0.025)), shade(roof, 0.7))
		}
	}
	// ridge line
	for _, sg := range clipSeg(poly, fpt{c.X - ux*reach, c.Y - uy*reach}, fpt{c.X + ux*reach, c.Y + uy*reach}) {
		// pull the ridge ends in from the gables a little (hipped look)
		d := math.Hypot(sg[1].X-sg[0].X, sg[1].Y-sg[0].Y)
		in := math.Min(p.in(0.4), d*0.2)
		a := fpt{sg[0].X + ux*in, sg[0].Y + uy*in}
		b := fpt{sg[1].X - ux*in, sg[1].Y - uy*in}
		line(p.dst, a, b, p.in(0.09), shade(roof, 0.5))
		line(p.dst, a, b, p.in(0.035), shade(roof, 1.3))
	}
	strokePoly(p.dst, poly, true, p.in(0.12), rgb(0x3a3028))
	// chimney
	circleish := fpt{c.X + ux*best*0.25 + nx*p.in(0.3), c.Y + uy*best*0.25 + ny*p.in(0.3)}
	if pointIn(poly, circleish) {
		rect(p.dst, circleish.X-p.in(0.15), circleish.Y-p.in(0.15), p.in(0.3), p.in(0.3), rgb(0x7a5444))
		rectLine(p.dst, circleish.X-p.in(0.15), circleish.Y-p.in(0.15), p.in(0.3), p.in(0.3), math.Max(0.6, p.in(0.03)), colInk)
	}
	for k := range pc.Doors {
		// a shut door across its gap (drawn the same way in play: doors.go)
		_, g := terrain.DoorGapOf(pc, k)
		doorPlank(p.dst, p.pt(g.A), p.pt(g.B), p.in)
	}
	for _, w := range pc.Windows {
		q := p.pt(w)
		rect(p.dst, q.X-p.in(0.15), q.Y-p.in(0.15), p.in(0.3), p.in(0.3), rgb(0xa8c8d8))
	}
}

// along walks a polyline placing something every `every` pixels.
func along(pts []fpt, every float64, f func(q fpt, ang float64, i int)) {
	carry := every / 2
	i := 0
	for s := 1; s < len(pts); s++ {
		a, b := pts[s-1], pts[s]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		ang := math.Atan2(b.Y-a.Y, b.X-a.X)
		for d := carry; d < l; d += every {
			t := d / l
			f(fpt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}, ang, i)
			i++
		}
		carry = math.Mod(carry-l, every)
		if carry < 0 {
			carry += every
		}
	}
}
