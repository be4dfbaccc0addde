package art

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
	Batch    *mesh
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

// spare holds meshes whose vertex and index buffers are reused by the
// next batch, so a frame does not grow them afresh from empty (Ebiten
// copies what it is given, so the buffers are free after a flush).
var spare []*mesh

// keepVerts is the most vertices a spare mesh keeps room for: enough for
// a frame with hundreds of figures; the far bigger buffers of a terrain
// tile being painted are let go.
const keepVerts = 1 << 17

// BeginBatch routes the drawing primitives for dst into a mesh until
// EndBatch.
func BeginBatch(dst *ebiten.Image, aa bool) {
	if n := len(spare); n > 0 {
		Batch, spare = spare[n-1], spare[:n-1]
		Batch.dst, Batch.aa = dst, aa
		return
	}
	Batch = &mesh{dst: dst, aa: aa}
}

func EndBatch() {
	if Batch != nil {
		Batch.flush()
		if cap(Batch.vs) <= keepVerts && cap(Batch.is) <= 2*keepVerts {
			Batch.dst = nil
			spare = append(spare, Batch)
		}
	}
	Batch = nil
}

func Batching(dst *ebiten.Image) *mesh {
	if Batch != nil && Batch.dst == dst {
		return Batch
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

func (m *mesh) vert(p Pt, c color.RGBA) uint32 {
	if len(m.vs) >= 1<<20 {
		m.flush()
	}
	m.vs = append(m.vs, vertex(p, c))
	return uint32(len(m.vs) - 1)
}

// vertex is one vertex of flat colour c at p.
func vertex(p Pt, c color.RGBA) ebiten.Vertex {
	return ebiten.Vertex{
		DstX: float32(p.X), DstY: float32(p.Y), SrcX: 1, SrcY: 1,
		ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255,
	}
}

// unit holds the unit circle's points for each segment count segsFor
// gives (8 to 48), worked out once instead of a sine and cosine per
// vertex of every circle of every frame.
var unit [49][]Pt

func unitCircle(n int) []Pt {
	if unit[n] == nil {
		u := make([]Pt, n)
		for k := range u {
			a := float64(k) / float64(n) * 2 * math.Pi
			u[k] = Pt{math.Cos(a), math.Sin(a)}
		}
		unit[n] = u
	}
	return unit[n]
}

// room makes sure n more vertices fit before a flush, so shapes that
// number their vertices from the first stay whole.
func (m *mesh) room(n int) {
	if len(m.vs)+n > 1<<20 {
		m.flush()
	}
}

func toRGBA(c color.Color) color.RGBA {
	if rc, ok := c.(color.RGBA); ok {
		return rc
	}
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func (m *mesh) tri(a, b, c Pt, col color.RGBA) {
	i := m.vert(a, col)
	m.vert(b, col)
	m.vert(c, col)
	m.is = append(m.is, i, i+1, i+2)
}

func (m *mesh) quad(a, b, c, d Pt, col color.RGBA) {
	m.room(4)
	i := m.vert(a, col)
	v := m.vs[i]
	for _, p := range [3]Pt{b, c, d} {
		v.DstX, v.DstY = float32(p.X), float32(p.Y)
		m.vs = append(m.vs, v)
	}
	m.is = append(m.is, i, i+1, i+2, i, i+2, i+3)
}

func segsFor(r float64) int {
	n := int(math.Sqrt(math.Max(r, 0.5)) * 5)
	return max(8, min(48, n))
}

func (m *mesh) circle(c Pt, r float64, col color.RGBA) {
	n := segsFor(r)
	m.room(n + 1)
	ci := m.vert(c, col)
	v := m.vs[ci] // the colour worked out once; each vertex moves it
	for _, u := range unitCircle(n) {
		v.DstX, v.DstY = float32(c.X+u.X*r), float32(c.Y+u.Y*r)
		m.vs = append(m.vs, v)
	}
	for k := 0; k < n; k++ {
		m.is = append(m.is, ci, ci+1+uint32(k), ci+1+uint32((k+1)%n))
	}
}

func (m *mesh) ring(c Pt, r, w float64, col color.RGBA) {
	n := segsFor(r)
	m.room(2 * n)
	i0 := uint32(len(m.vs))
	v := vertex(c, col)
	for _, u := range unitCircle(n) {
		v.DstX, v.DstY = float32(c.X+u.X*(r-w/2)), float32(c.Y+u.Y*(r-w/2))
		m.vs = append(m.vs, v)
		v.DstX, v.DstY = float32(c.X+u.X*(r+w/2)), float32(c.Y+u.Y*(r+w/2))
		m.vs = append(m.vs, v)
	}
	for k := 0; k < n; k++ {
		a, b := i0+uint32(2*k), i0+uint32(2*((k+1)%n))
		m.is = append(m.is, a, a+1, b+1, a, b+1, b)
	}
}

func (m *mesh) seg(a, b Pt, w float64, col color.RGBA) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l == 0 {
		return
	}
	nx, ny := -(b.Y-a.Y)/l*w/2, (b.X-a.X)/l*w/2
	m.quad(Pt{a.X + nx, a.Y + ny}, Pt{b.X + nx, b.Y + ny}, Pt{b.X - nx, b.Y - ny}, Pt{a.X - nx, a.Y - ny}, col)
}

func (m *mesh) polyline(pts []Pt, closed bool, w float64, col color.RGBA, round bool) {
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
func (m *mesh) fill(pts []Pt, col color.RGBA) {
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
	var buf [32]int // on the stack for the small shapes drawn every frame
	idx := buf[:0]
	if n > len(buf) {
		idx = make([]int, 0, n)
	}
	idx = idx[:n]
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
	cross := func(a, b, c Pt) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }
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

// DrawImage flushes pending shapes, then draws an image (keeping order).
func DrawImage(dst, img *ebiten.Image, op *ebiten.DrawImageOptions) {
	if m := Batching(dst); m != nil {
		m.flush()
	}
	dst.DrawImage(img, op)
}
