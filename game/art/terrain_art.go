package art

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// The table's terrain is painted once per zoom level into tiles and
// reused every frame. Everything is drawn by this code: no image files.

const tilePx = 1024

// Painter draws table inches to pixels: px = in*scale - off.
type Painter struct {
	Dst      *ebiten.Image
	Scale    float64
	OffX     float64
	OffY     float64
	bounds   geom.Rect // table region covered (mils), for culling
	detailed bool
}

func (p *Painter) pt(q geom.Pt) Pt {
	return Pt{geom.Inches(q.X)*p.Scale - p.OffX, geom.Inches(q.Y)*p.Scale - p.OffY}
}

func (p *Painter) pts(qs []geom.Pt) []Pt {
	out := make([]Pt, len(qs))
	for i, q := range qs {
		out[i] = p.pt(q)
	}
	return out
}

func (p *Painter) in(v float64) float64 { return v * p.Scale }

// Colours of the table.
var (
	ColMat      = RGB(0x7d8a4e)
	colMatDark  = RGB(0x6a7741)
	colWoodsBed = RGB(0x4f5a2c)
	colCanopy   = RGB(0x3f6b2a)
	colRoad     = RGB(0xc2a878)
	colField    = RGB(0xc9b35a)
	colWater    = RGB(0x4f7fa6)
	colRubble   = RGB(0x8c8378)
	colWall     = RGB(0xa8a196)
	colHedge    = RGB(0x3d6128)
	colBank     = RGB(0x7a5a36)
	colRoofA    = RGB(0xa4553a)
	colRoofB    = RGB(0x6f7279)
	ColInk      = RGB(0x2b2418)
)

var matNoise *ebiten.Image

// matTexture makes a speckled felt/grass texture, 256 px square, that
// tiles seamlessly.
func matTexture() *ebiten.Image {
	if matNoise != nil {
		return matNoise
	}
	const n = 256
	r := rand.New(rand.NewPCG(7, 11))
	pix := make([]byte, n*n*4)
	base := [3]float64{float64(ColMat.R), float64(ColMat.G), float64(ColMat.B)}
	// value noise on an 8x8 lattice, wrapped, plus fine grain
	var lat [16][16]float64
	for i := range lat {
		for j := range lat[i] {
			lat[i][j] = r.Float64()*2 - 1
		}
	}
	smooth := func(t float64) float64 { return t * t * (3 - 2*t) }
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			fx, fy := float64(x)/16, float64(y)/16
			ix, iy := int(fx), int(fy)
			tx, ty := smooth(fx-float64(ix)), smooth(fy-float64(iy))
			a := lat[iy%16][ix%16]
			b := lat[iy%16][(ix+1)%16]
			c := lat[(iy+1)%16][ix%16]
			d := lat[(iy+1)%16][(ix+1)%16]
			v := (a*(1-tx)+b*tx)*(1-ty) + (c*(1-tx)+d*tx)*ty
			g := r.Float64()*2 - 1
			k := 1 + 0.07*v + 0.05*g
			if r.IntN(60) == 0 { // a dry blade
				k += 0.18
			}
			o := (y*n + x) * 4
			for ch := 0; ch < 3; ch++ {
				pix[o+ch] = uint8(math.Max(0, math.Min(255, base[ch]*k)))
			}
			pix[o+3] = 255
		}
	}
	img := ebiten.NewImage(n, n)
	img.WritePixels(pix)
	matNoise = img
	return img
}

// paintMat covers the table with the mat texture (texture repeats every 6").
func (p *Painter) paintMat(tw, th int64) {
	if m := Batching(p.Dst); m != nil {
		m.flush()
	}
	tex := matTexture()
	rep := p.in(6)
	w, h := p.in(geom.Inches(tw)), p.in(geom.Inches(th))
	b := p.Dst.Bounds()
	x0 := math.Floor((p.OffX+float64(b.Min.X))/rep) * rep
	y0 := math.Floor((p.OffY+float64(b.Min.Y))/rep) * rep
	for y := y0; y < p.OffY+float64(b.Max.Y) && y < h; y += rep {
		for x := x0; x < p.OffX+float64(b.Max.X) && x < w; x += rep {
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Scale(rep/256, rep/256)
			op.GeoM.Translate(x-p.OffX, y-p.OffY)
			op.Filter = ebiten.FilterLinear
			p.Dst.DrawImage(tex, op)
		}
	}
}

// kindOrder is the painting order: flat things first, tall things last.
var kindOrder = map[string]int{
	"open": 0, "hill": 1, "field": 2, "rough": 3, "swamp": 4, "stream": 5, "water": 6,
	"road": 7, "trench": 8, "rubble": 9, "woods": 10, "building": 11,
	"fence": 12, "hedge": 13, "low-wall": 14, "high-wall": 15, "bocage": 16,
}

func rng(id int, salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(id)*7919+salt, 0x9e3779b9))
}

// PaintPiece draws one terrain piece.
func (p *Painter) PaintPiece(pc *terrain.Piece) {
	if len(pc.Poly) >= 3 {
		p.paintArea(pc)
	} else if len(pc.Path) >= 2 {
		p.paintLinear(pc)
	}
}

func (p *Painter) paintArea(pc *terrain.Piece) {
	poly := p.pts(pc.Poly)
	r := rng(pc.ID, 1)
	switch pc.Kind {
	case "hill":
		FillPoly(p.Dst, poly, RGBA(0xe8e0b0, 40))
		c := centroid(poly)
		StrokePoly(p.Dst, poly, true, p.in(0.06), RGBA(0x5b4a2a, 200))
		for i, k := range []float64{0.72, 0.46, 0.22} {
			inner := scalePoly(poly, c, k)
			FillPoly(p.Dst, inner, RGBA(0xf0e8c0, 28))
			StrokePoly(p.Dst, inner, true, p.in(0.045), RGBA(0x6b5630, uint8(150+30*i)))
		}
		// hachures pointing down the slope from the outer contour
		p.hachures(poly, scalePoly(poly, c, 0.72))
	case "field":
		FillPoly(p.Dst, poly, colField)
		p.rows(poly, pc.ID, p.in(0.32), Shade(colField, 0.72), p.in(0.07))
		StrokePoly(p.Dst, poly, true, p.in(0.08), RGB(0x7b6a32))
	case "road":
		FillPoly(p.Dst, poly, colRoad)
		p.speckle(poly, r, 3.0, p.in(0.04), RGBA(0x8a7450, 160))
		StrokePoly(p.Dst, poly, true, p.in(0.07), RGB(0x8f7a52))
	case "water", "stream":
		c := colWater
		if pc.Kind == "stream" {
			c = Shade(colWater, 1.15)
		}
		StrokePoly(p.Dst, poly, true, p.in(0.25), RGB(0x6b5a3a))
		FillPoly(p.Dst, poly, c)
		FillPoly(p.Dst, scalePoly(poly, centroid(poly), 0.85), Shade(c, 0.88))
		p.ripples(poly, r, Shade(c, 1.35))
		StrokePoly(p.Dst, poly, true, p.in(0.06), RGB(0x2d4e6b))
	case "rubble":
		FillPoly(p.Dst, poly, colRubble)
		p.stones(poly, r, 7, 0.12, 0.32)
		StrokePoly(p.Dst, poly, true, p.in(0.05), RGB(0x4f4941))
	case "rough":
		FillPoly(p.Dst, poly, RGBA(0x8a7a4a, 120))
		p.stones(poly, r, 1.2, 0.06, 0.14)
		p.tufts(poly, r, 2.5, RGB(0x4c5a2a))
		StrokeDashPoly(p.Dst, poly, p.in(0.05), p.in(0.25), p.in(0.15), RGB(0x5b4a2a))
	case "swamp":
		FillPoly(p.Dst, poly, RGB(0x5f6a45))
		p.pools(poly, r)
		p.tufts(poly, r, 3, RGB(0x2f3f1e))
		StrokeDashPoly(p.Dst, poly, p.in(0.05), p.in(0.2), p.in(0.12), RGB(0x2f3f1e))
	case "trench":
		StrokePoly(p.Dst, poly, true, p.in(0.3), RGB(0xa08a62))
		FillPoly(p.Dst, poly, RGB(0x5a4630))
		FillPoly(p.Dst, scalePoly(poly, centroid(poly), 0.7), RGB(0x3b2d1e))
		p.sandbags(poly)
	case "woods":
		FillPoly(p.Dst, poly, colWoodsBed)
		p.speckle(poly, r, 4, p.in(0.05), RGBA(0x7a6a3a, 200))
		StrokePoly(p.Dst, poly, true, p.in(0.1), RGB(0x2e2a16))
		p.trees(poly, r)
	case "building":
		p.building(pc, poly)
	case "open":
		StrokeDashPoly(p.Dst, poly, p.in(0.04), p.in(0.3), p.in(0.2), RGBA(0x3a3020, 120))
	default:
		FillPoly(p.Dst, poly, RGBA(0x9a9a80, 120))
		StrokePoly(p.Dst, poly, true, p.in(0.05), ColInk)
	}
}

func (p *Painter) paintLinear(pc *terrain.Piece) {
	path := p.pts(pc.Path)
	w := p.in(geom.Inches(pc.Props.Width))
	if w <= 0 {
		w = p.in(0.3)
	}
	r := rng(pc.ID, 2)
	switch pc.Kind {
	case "hedge":
		StrokePoly(p.Dst, shift(path, w*0.25), false, w*1.05, RGBA(0x141a08, 110))
		StrokePoly(p.Dst, path, false, w*1.1, Shade(colHedge, 0.6))
		StrokePoly(p.Dst, path, false, w*0.9, colHedge)
		Along(path, w*0.55, func(q Pt, _ float64, i int) {
			rr := w * (0.45 + 0.12*r.Float64())
			Circle(p.Dst, q, rr, Shade(colHedge, 0.9+0.25*r.Float64()))
			Circle(p.Dst, Pt{q.X - rr*0.25, q.Y - rr*0.3}, rr*0.35, Shade(colHedge, 1.35))
		})
	case "bocage":
		StrokePoly(p.Dst, shift(path, w*0.3), false, w*1.1, RGBA(0x141a08, 120))
		StrokePoly(p.Dst, path, false, w*1.15, Shade(colBank, 0.6))
		StrokePoly(p.Dst, path, false, w, colBank)
		// earth striations on the bank
		Along(path, p.in(0.25), func(q Pt, ang float64, i int) {
			nx, ny := -math.Sin(ang), math.Cos(ang)
			o := w * 0.42
			Line(p.Dst, Pt{q.X + nx*o, q.Y + ny*o}, Pt{q.X + nx*o*0.75, q.Y + ny*o*0.75}, math.Max(0.6, p.in(0.03)), Shade(colBank, 0.75))
			Line(p.Dst, Pt{q.X - nx*o, q.Y - ny*o}, Pt{q.X - nx*o*0.75, q.Y - ny*o*0.75}, math.Max(0.6, p.in(0.03)), Shade(colBank, 0.75))
		})
		StrokePoly(p.Dst, path, false, w*0.55, Shade(colHedge, 0.85))
		Along(path, w*0.4, func(q Pt, _ float64, i int) {
			Circle(p.Dst, q, w*(0.26+0.06*r.Float64()), Shade(colHedge, 0.85+0.3*r.Float64()))
		})
		Along(path, p.in(2.2), func(q Pt, _ float64, i int) {
			p.crown(Pt{q.X + (r.Float64()-0.5)*w*0.3, q.Y + (r.Float64()-0.5)*w*0.3}, p.in(0.6+0.25*r.Float64()), Shade(colCanopy, 0.9+0.2*r.Float64()), r)
		})
	case "low-wall", "high-wall":
		c := colWall
		if pc.Kind == "high-wall" {
			c = Shade(colWall, 0.85)
			StrokePoly(p.Dst, shift(path, w*0.7), false, w, RGBA(0x141a08, 120))
		} else {
			StrokePoly(p.Dst, shift(path, w*0.4), false, w, RGBA(0x141a08, 90))
		}
		StrokePoly(p.Dst, path, false, w+math.Max(1.2, p.in(0.05)), RGB(0x3e3a34))
		StrokePoly(p.Dst, path, false, w, c)
		// stone courses: alternating blocks across the wall
		blk := p.in(0.28)
		Along(path, blk, func(q Pt, ang float64, i int) {
			nx, ny := -math.Sin(ang), math.Cos(ang)
			o := w / 2
			if i%2 == 0 {
				Line(p.Dst, Pt{q.X + nx*o, q.Y + ny*o}, Pt{q.X, q.Y}, math.Max(0.6, p.in(0.025)), RGB(0x5e584e))
			} else {
				Line(p.Dst, Pt{q.X - nx*o, q.Y - ny*o}, Pt{q.X, q.Y}, math.Max(0.6, p.in(0.025)), RGB(0x5e584e))
			}
		})
		StrokePoly(p.Dst, path, false, math.Max(0.6, p.in(0.025)), RGB(0x5e584e))
		if pc.Kind == "high-wall" {
			StrokePoly(p.Dst, path, false, w*0.35, Shade(c, 1.2))
		}
	case "fence":
		StrokePoly(p.Dst, shift(path, w), false, w*0.6, RGBA(0x141a08, 90))
		StrokePoly(p.Dst, path, false, w*0.7, RGB(0x8a6a44))
		StrokePoly(p.Dst, path, false, w*0.25, RGB(0xb89a6a))
		Along(path, p.in(1), func(q Pt, _ float64, i int) {
			Circle(p.Dst, q, math.Max(1.2, w*0.9), RGB(0x5a3e22))
		})
	default:
		StrokePoly(p.Dst, path, false, w, ColInk)
	}
}

func shift(pts []Pt, d float64) []Pt {
	out := make([]Pt, len(pts))
	for i, q := range pts {
		out[i] = Pt{q.X + d, q.Y + d}
	}
	return out
}

// paintTable draws the mat and every piece that touches the painter's
// bounds, in painting order.
func (p *Painter) paintTable(m *terrain.Map) {
	p.paintMat(m.Width, m.Height)
	for _, i := range paintOrder(m, p.bounds) {
		p.PaintPiece(&m.Pieces[i])
	}
}

// paintOrder lists the pieces touching bounds (all with an empty one) in
// painting order.
func paintOrder(m *terrain.Map, bounds geom.Rect) []int {
	order := make([]int, 0, len(m.Pieces))
	for i := range m.Pieces {
		if m.Pieces[i].Bounds().Overlaps(bounds) || bounds == (geom.Rect{}) {
			order = append(order, i)
		}
	}
	sortStable(order, func(a, b int) bool {
		ka, kb := kindOrder[m.Pieces[a].Kind], kindOrder[m.Pieces[b].Kind]
		if ka != kb {
			return ka < kb
		}
		return a < b
	})
	return order
}

func sortStable(xs []int, less func(a, b int) bool) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && less(xs[j], xs[j-1]); j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// TableArt caches the painted table per zoom level, as tiles, plus one
// small overview of the whole table drawn under missing tiles while they
// are painted (a few per frame, so zooming never stalls).
type TableArt struct {
	m        *terrain.Map
	level    int
	scale    float64
	Tiles    map[image.Point]*ebiten.Image
	overview *ebiten.Image
	ovScale  float64
	// Budget is how many tiles may be painted per frame (0: no limit).
	Budget int
	// incomplete is set when the last draw could not paint every tile it
	// needed (the budget ran out): more frames are wanted.
	Incomplete bool
	// drawn counts draws: the first shows only the overview (painting no
	// tile), so the table is on screen before any detailed tile is.
	drawn int
}

func NewTableArt(m *terrain.Map) *TableArt { return &TableArt{m: m, level: -999, Budget: 2} }

// levelFor picks a cached scale at or above zoom (steps of sqrt 2).
func levelFor(zoom float64) (int, float64) {
	l := int(math.Ceil(math.Log2(zoom)*2)) + 1 // one step finer than the screen: the linear downscale smooths edges
	return l, math.Pow(2, float64(l)/2)
}

func (t *TableArt) paint(img *ebiten.Image, scale, ox, oy float64, w, h float64) {
	grow := 3.0
	b := geom.Rect{
		Min: geom.P(ox/scale-grow, oy/scale-grow),
		Max: geom.P((ox+w)/scale+grow, (oy+h)/scale+grow),
	}
	p := &Painter{Dst: img, Scale: scale, OffX: ox, OffY: oy, bounds: b}
	saved := Batch
	if saved != nil {
		saved.flush()
	}
	BeginBatch(img, false)
	p.paintTable(t.m)
	EndBatch()
	Batch = saved
}

func (t *TableArt) ensureOverview() {
	if t.overview != nil {
		return
	}
	tw, th := geom.Inches(t.m.Width), geom.Inches(t.m.Height)
	s := math.Min(12, math.Min(1600/tw, 1600/th))
	t.ovScale = s
	t.overview = ebiten.NewImage(int(math.Ceil(tw*s)), int(math.Ceil(th*s)))
	t.paint(t.overview, s, 0, 0, tw*s, th*s)
}

func (t *TableArt) tile(k image.Point, budget *int) *ebiten.Image {
	if img, ok := t.Tiles[k]; ok {
		return img
	}
	if t.Budget > 0 {
		if *budget <= 0 {
			return nil
		}
		*budget--
	}
	img := ebiten.NewImage(tilePx, tilePx)
	t.paint(img, t.scale, float64(k.X*tilePx), float64(k.Y*tilePx), tilePx, tilePx)
	t.Tiles[k] = img
	return img
}

// DrawOverview paints the whole table plainly, straight onto dst: the
// mat's colour and each piece filled or stroked in its main colour, with
// none of the painted detail (trees, stones, rows, shadows). It is the
// first frame at start, cheap enough to show at once.
func (t *TableArt) DrawOverview(dst *ebiten.Image, zoom, tx, ty float64) {
	t.drawn++
	p := &Painter{Dst: dst, Scale: zoom, OffX: -tx, OffY: -ty}
	tw, th := geom.Inches(t.m.Width), geom.Inches(t.m.Height)
	Rect(dst, tx, ty, tw*zoom, th*zoom, ColMat)
	for _, i := range paintOrder(t.m, geom.Rect{}) {
		p.paintPlain(&t.m.Pieces[i])
	}
}

// paintPlain draws one piece in its main colour only.
func (p *Painter) paintPlain(pc *terrain.Piece) {
	var c color.RGBA
	switch pc.Kind {
	case "open":
		return
	case "hill":
		c = RGBA(0xe8e0b0, 40)
	case "field":
		c = colField
	case "road":
		c = colRoad
	case "water", "stream":
		c = colWater
	case "rubble":
		c = colRubble
	case "rough":
		c = RGBA(0x8a7a4a, 120)
	case "swamp":
		c = RGB(0x5f6a45)
	case "trench":
		c = RGB(0x5a4630)
	case "woods":
		c = colCanopy
	case "building":
		c = colRoofA
		if pc.ID%3 == 1 { // as building paints it
			c = colRoofB
		}
	case "hedge":
		c = colHedge
	case "bocage":
		c = colBank
	case "low-wall", "high-wall":
		c = colWall
	case "fence":
		c = RGB(0x8a6a44)
	default:
		c = RGBA(0x9a9a80, 120)
	}
	if len(pc.Poly) >= 3 {
		FillPoly(p.Dst, p.pts(pc.Poly), c)
	} else if len(pc.Path) >= 2 {
		w := p.in(geom.Inches(pc.Props.Width))
		if w <= 0 {
			w = p.in(0.3)
		}
		StrokePoly(p.Dst, p.pts(pc.Path), false, w, c)
	}
}

// PlainTable, when set, makes every table draw as DrawOverview does: its
// pieces in their main colours, no tile painted or cached. Tests that
// build many battles only to look at where things lie set it: a painted
// table queues some 80 MB of shapes, which Ebiten keeps until the frame
// ends, and a test package runs inside one frame.
var PlainTable bool

// draw paints the cached table onto dst through the camera transform:
// table inch (x, y) lands at screen (x*zoom + tx, y*zoom + ty).
func (t *TableArt) Draw(dst *ebiten.Image, zoom, tx, ty float64) {
	if PlainTable {
		t.DrawOverview(dst, zoom, tx, ty)
		return
	}
	t.ensureOverview()
	l, s := levelFor(zoom)
	if l != t.level {
		for _, img := range t.Tiles {
			img.Deallocate()
		}
		t.level, t.scale, t.Tiles = l, s, map[image.Point]*ebiten.Image{}
	}
	k := zoom / t.scale
	tw := float64(geom.Inches(t.m.Width)) * t.scale
	th := float64(geom.Inches(t.m.Height)) * t.scale
	sb := dst.Bounds()
	vx0 := (float64(sb.Min.X) - tx) / k
	vy0 := (float64(sb.Min.Y) - ty) / k
	vx1 := (float64(sb.Max.X) - tx) / k
	vy1 := (float64(sb.Max.Y) - ty) / k
	i0, j0 := int(math.Floor(math.Max(0, vx0)/tilePx)), int(math.Floor(math.Max(0, vy0)/tilePx))
	i1, j1 := int(math.Floor(math.Min(tw-1, vx1)/tilePx)), int(math.Floor(math.Min(th-1, vy1)/tilePx))
	budget := t.Budget
	if t.drawn == 0 && t.Budget > 0 {
		budget = 0 // the first frame: the overview only, detail from the next
	}
	t.drawn++
	type job struct {
		i, j int
		img  *ebiten.Image
	}
	var ready []job
	missing := false
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			img := t.tile(image.Pt(i, j), &budget)
			if img == nil {
				missing = true
				continue
			}
			ready = append(ready, job{i, j, img})
		}
	}
	t.Incomplete = missing
	if missing || t.scale <= t.ovScale {
		if m := Batching(dst); m != nil {
			m.flush()
		}
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Scale(zoom/t.ovScale, zoom/t.ovScale)
		op.GeoM.Translate(tx, ty)
		op.Filter = ebiten.FilterLinear
		dst.DrawImage(t.overview, op)
		if t.scale <= t.ovScale {
			return
		}
	}
	if m := Batching(dst); m != nil {
		m.flush()
	}
	for _, jb := range ready {
		i, j := jb.i, jb.j
		w := math.Min(tilePx, tw-float64(i*tilePx))
		h := math.Min(tilePx, th-float64(j*tilePx))
		if w <= 0 || h <= 0 {
			continue
		}
		sub := jb.img.SubImage(image.Rect(0, 0, int(math.Ceil(w)), int(math.Ceil(h)))).(*ebiten.Image)
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(i*tilePx), float64(j*tilePx))
		op.GeoM.Scale(k, k)
		op.GeoM.Translate(tx, ty)
		op.Filter = ebiten.FilterLinear
		dst.DrawImage(sub, op)
	}
}
