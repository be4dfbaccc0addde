package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// mesh batches flat-coloured triangles so a whole tile of terrain (or a
// whole army of figures) goes to the GPU in a few draw calls instead of one
// stencilled path per shape.
type mesh struct {
	dst *ebiten.Image
	vs  []ebiten.Vertex
	is  []uint32
	aa  bool
}

var (
	batch    *mesh
	whitePix *ebiten.Image
)

func white() *ebiten.Image {
	if whitePix == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		whitePix = img.SubImage(imageRect(1, 1, 2, 2)).(*ebiten.Image)
	}
	return whitePix
}

// beginBatch routes the drawing primitives for dst into a mesh until
// endBatch.
func beginBatch(dst *ebiten.Image, aa bool) {
	batch = &mesh{dst: dst, aa: aa}
}

func endBatch() {
	if batch != nil {
		batch.flush()
	}
	batch = nil
}

func batching(dst *ebiten.Image) *mesh {
	if batch != nil && batch.dst == dst {
		return batch
	}
	return nil
}

func (m *mesh) flush() {
	if len(m.is) == 0 {
		return
	}
	op := &ebiten.DrawTrianglesOptions{AntiAlias: m.aa}
	m.dst.DrawTriangles32(m.vs, m.is, white(), op)
	m.vs, m.is = m.vs[:0], m.is[:0]
}

func (m *mesh) vert(p fpt, c color.RGBA) uint32 {
	if len(m.vs) >= 1<<20 {
		m.flush()
	}
	m.vs = append(m.vs, ebiten.Vertex{
		DstX: float32(p.X), DstY: float32(p.Y), SrcX: 1, SrcY: 1,
		ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255,
	})
	return uint32(len(m.vs) - 1)
}

func toRGBA(c color.Color) color.RGBA {
	if rc, ok := c.(color.RGBA); ok {
		return rc
	}
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func (m *mesh) tri(a, b, c fpt, col color.RGBA) {
	i := m.vert(a, col)
	m.vert(b, col)
	m.vert(c, col)
	m.is = append(m.is, i, i+1, i+2)
}

func (m *mesh) quad(a, b, c, d fpt, col color.RGBA) {
	i := m.vert(a, col)
	m.vert(b, col)
	m.vert(c, col)
	m.vert(d, col)
	m.is = append(m.is, i, i+1, i+2, i, i+2, i+3)
}

func segsFor(r float64) int {
	n := int(math.Sqrt(math.Max(r, 0.5)) * 5)
	return max(8, min(48, n))
}

func (m *mesh) circle(c fpt, r float64, col color.RGBA) {
	n := segsFor(r)
	ci := m.vert(c, col)
	for k := 0; k < n; k++ {
		a := float64(k) / float64(n) * 2 * math.Pi
		m.vert(fpt{c.X + math.Cos(a)*r, c.Y + math.Sin(a)*r}, col)
	}
	for k := 0; k < n; k++ {
		m.is = append(m.is, ci, ci+1+uint32(k), ci+1+uint32((k+1)%n))
	}
}

func (m *mesh) ring(c fpt, r, w float64, col color.RGBA) {
	n := segsFor(r)
	i0 := uint32(len(m.vs))
	for k := 0; k < n; k++ {
		a := float64(k) / float64(n) * 2 * math.Pi
		m.vert(fpt{c.X + math.Cos(a)*(r-w/2), c.Y + math.Sin(a)*(r-w/2)}, col)
		m.vert(fpt{c.X + math.Cos(a)*(r+w/2), c.Y + math.Sin(a)*(r+w/2)}, col)
	}
	for k := 0; k < n; k++ {
		a, b := i0+uint32(2*k), i0+uint32(2*((k+1)%n))
		m.is = append(m.is, a, a+1, b+1, a, b+1, b)
	}
}

func (m *mesh) seg(a, b fpt, w float64, col color.RGBA) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l == 0 {
		return
	}
	nx, ny := -(b.Y-a.Y)/l*w/2, (b.X-a.X)/l*w/2
	m.quad(fpt{a.X + nx, a.Y + ny}, fpt{b.X + nx, b.Y + ny}, fpt{b.X - nx, b.Y - ny}, fpt{a.X - nx, a.Y - ny}, col)
}

func (m *mesh) polyline(pts []fpt, closed bool, w float64, col color.RGBA, round bool) {
	n := len(pts)
	last := n - 1
	if closed {
		last = n
	}
	for i := 0; i < last; i++ {
		m.seg(pts[i], pts[(i+1)%n], w, col)
	}
	if round && w > 1.5 {
		for i := 0; i < n; i++ {
			if !closed && (i == 0 || i == n-1) && false {
				continue
			}
			m.circle(pts[i], w/2, col)
		}
	}
}

// fill triangulates a simple polygon (ear clipping) and adds it.
func (m *mesh) fill(pts []fpt, col color.RGBA) {
	n := len(pts)
	if n < 3 {
		return
	}
	// orientation
	area := 0.0
	for i := 0; i < n; i++ {
		p, q := pts[i], pts[(i+1)%n]
		area += p.X*q.Y - q.X*p.Y
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if area < 0 {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			idx[i], idx[j] = idx[j], idx[i]
		}
	}
	base := uint32(len(m.vs))
	for _, p := range pts {
		m.vert(p, col)
	}
	if uint32(len(m.vs)) < base+uint32(n) { // flushed mid-way
		base = uint32(len(m.vs)) - uint32(n)
	}
	cross := func(a, b, c fpt) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }
	guard := 0
	for len(idx) > 3 && guard < n*n {
		guard++
		found := false
		for i := 0; i < len(idx); i++ {
			ia, ib, ic := idx[(i+len(idx)-1)%len(idx)], idx[i], idx[(i+1)%len(idx)]
			a, b, c := pts[ia], pts[ib], pts[ic]
			if cross(a, b, c) <= 0 {
				continue
			}
			ear := true
			for _, j := range idx {
				if j == ia || j == ib || j == ic {
					continue
				}
				p := pts[j]
				if cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0 {
					ear = false
					break
				}
			}
			if ear {
				m.is = append(m.is, base+uint32(ia), base+uint32(ib), base+uint32(ic))
				idx = append(idx[:i], idx[i+1:]...)
				found = true
				break
			}
		}
		if !found { // degenerate: fan the rest
			break
		}
	}
	for k := 1; k+1 < len(idx); k++ {
		m.is = append(m.is, base+uint32(idx[0]), base+uint32(idx[k]), base+uint32(idx[k+1]))
	}
}

// drawImage flushes pending shapes, then draws an image (keeping order).
func drawImage(dst, img *ebiten.Image, op *ebiten.DrawImageOptions) {
	if m := batching(dst); m != nil {
		m.flush()
	}
	dst.DrawImage(img, op)
}
