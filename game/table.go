package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// tableView is the table under the camera: terrain art, frame, rulers,
// and the pan/zoom controls shared by every scene that shows the table.
type tableView struct {
	m       *terrain.Map
	art     *art.TableArt
	cam     *view.Camera
	panning bool
	panX    int
	panY    int
	fitted  bool
	lastW   float64 // the window size at the last update (a change refits)
	lastH   float64
	legend  bool
	swatch  map[string]*ebiten.Image
	scale   rules.Scale // the unit the ruler, tape and tools show
	// reserved screen margins (panels) used when fitting, in pixels, and
	// the same before the interface's scale (set by pads)
	padL, padR, padT, padB float64
	pad0                   [4]float64
	// fitB is room kept below a fitted table, at the interface's 1:1
	// scale, for the scale bar beside the action bar: at 1920x1080 the
	// table filled the height and the bar lay over its corner and ruler
	fitB float64
	// keepOff are boxes on screen (figures, team plates) a scale bar
	// drawn over the table, when no place beside it is clear, covers as
	// few of as it can (it covered a British LMG team, play-test 9)
	keepOff []plate
}

// pads reserves margins for panels at the left, right, top and bottom,
// given at the interface's 1:1 scale: each update scales them again, so
// a resized window's larger or smaller interface keeps its room.
func (tv *tableView) pads(l, r, t, b float64) {
	tv.pad0 = [4]float64{l, r, t, b}
	tv.scalePads()
}

func (tv *tableView) scalePads() {
	s := art.UIScale
	tv.padL, tv.padR, tv.padT, tv.padB = tv.pad0[0]*s, tv.pad0[1]*s, tv.pad0[2]*s, tv.pad0[3]*s
}

func newTableView(m *terrain.Map) *tableView {
	return &tableView{m: m, art: art.NewTableArt(m), cam: view.NewCamera(1280, 800), legend: true, scale: rules.Inches}
}

func (tv *tableView) tw() float64 { return geom.Inches(tv.m.Width) }
func (tv *tableView) th() float64 { return geom.Inches(tv.m.Height) }

func (tv *tableView) fit(snap bool) {
	c := tv.cam
	w, h := c.W, c.H
	// fit inside the free area, then shift the centre for the panels
	fb := tv.fitB * art.UIScale
	c.W, c.H = w-tv.padL-tv.padR, h-tv.padT-tv.padB-fb
	c.FitBorder(tv.tw(), tv.th(), 1, 16*art.UIScale, snap) // an inch all round for the frame, the table in the middle
	c.W, c.H = w, h
	dx := (tv.padR - tv.padL) / 2
	dy := (tv.padB + fb - tv.padT) / 2
	c.PanSmooth(-dx, -dy) // (the goal's centre moves; a snapped fit jumps there)
	if snap {
		c.Snap()
	}
}

// update handles camera input. It reports whether the pointer is busy
// panning (so scenes ignore it).
func (tv *tableView) update(a *App, dt float64) {
	c := tv.cam
	c.Resize(a.W, a.H)
	was := [4]float64{tv.padL, tv.padR, tv.padT, tv.padB}
	tv.scalePads()
	if tv.fitted && (a.W != tv.lastW || a.H != tv.lastH) && tv.lastW > 0 {
		tv.fit(false) // the window was resized: the whole table again
	} else if tv.fitted && was != [4]float64{tv.padL, tv.padR, tv.padT, tv.padB} {
		// the interface's scale changed under a table fitted before (the
		// title is fitted on its first frame, before the window's layout
		// scales the panels): fitted again at once, not left under a panel
		tv.fit(true)
	}
	tv.lastW, tv.lastH = a.W, a.H
	if !tv.fitted {
		tv.fit(true)
		tv.fitted = true
	}
	mx, my := ebiten.CursorPosition()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) || inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonMiddle) {
		tv.panning, tv.panX, tv.panY = true, mx, my
	}
	if tv.panning {
		if !ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle) {
			tv.panning = false
		} else {
			c.Pan(float64(mx-tv.panX), float64(my-tv.panY))
			tv.panX, tv.panY = mx, my
		}
	}
	if !a.modal() {
		step := 700 * dt * art.UIScale
		if keys.Held(keys.ActPanLeft) {
			c.PanSmooth(step, 0)
		}
		if keys.Held(keys.ActPanRight) {
			c.PanSmooth(-step, 0)
		}
		if keys.Held(keys.ActPanUp) {
			c.PanSmooth(0, step)
		}
		if keys.Held(keys.ActPanDown) {
			c.PanSmooth(0, -step)
		}
		if keys.Pressed(keys.ActFit) {
			tv.fit(false)
		}
		if keys.Pressed(keys.ActLegend) {
			tv.legend = !tv.legend
		}
		if keys.Pressed(keys.ActZoomIn) {
			c.ZoomAt(a.W/2, a.H/2, 1.25)
		}
		if keys.Pressed(keys.ActZoomOut) {
			c.ZoomAt(a.W/2, a.H/2, 0.8)
		}
		if _, wy := ebiten.Wheel(); wy != 0 {
			c.ZoomAt(float64(mx), float64(my), math.Pow(1.18, wy))
		}
	}
	c.Step(dt)
}

// scr converts a table point to the screen.
func (tv *tableView) scr(p geom.Pt) art.Pt {
	x, y := tv.cam.ToScreen(geom.Inches(p.X), geom.Inches(p.Y))
	return art.Pt{X: x, Y: y}
}

// tbl converts a screen point to the table.
func (tv *tableView) tbl(x, y float64) geom.Pt {
	ix, iy := tv.cam.ToTable(x, y)
	return geom.P(ix, iy)
}

func (tv *tableView) px(inches float64) float64 { return inches * tv.cam.Zoom }

var (
	colDesk  = art.RGB(0x2a211a)
	colFrame = art.RGB(0x6b4a2e)
)

// draw paints the desk, the table's wooden frame with inch marks, and the
// terrain.
func (tv *tableView) draw(dst *ebiten.Image) {
	dst.Fill(colDesk)
	c := tv.cam
	if !tv.fitted {
		c.Resize(float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy()))
		tv.fit(true)
		tv.fitted = true
	}
	o := tv.scr(geom.Pt{})
	e := tv.scr(geom.Pt{X: tv.m.Width, Y: tv.m.Height})
	fw := math.Max(10*art.UIScale, tv.px(1.1))
	// frame with a little bevel
	art.RoundRect(dst, o.X-fw-3, o.Y-fw-3, e.X-o.X+2*fw+6, e.Y-o.Y+2*fw+6, fw*0.4, art.RGBA(0x000000, 120))
	art.RoundRect(dst, o.X-fw, o.Y-fw, e.X-o.X+2*fw, e.Y-o.Y+2*fw, fw*0.35, colFrame)
	for i := 0; i < 5; i++ { // wood grain
		k := float64(i+1) / 6
		art.Line(dst, art.Pt{X: o.X - fw, Y: o.Y - fw*k}, art.Pt{X: e.X + fw, Y: o.Y - fw*k}, 1, art.RGBA(0x4a3220, 90))
		art.Line(dst, art.Pt{X: o.X - fw, Y: e.Y + fw*k}, art.Pt{X: e.X + fw, Y: e.Y + fw*k}, 1, art.RGBA(0x4a3220, 90))
	}
	tv.art.Draw(dst, c.Zoom, o.X, o.Y)
	art.RectLine(dst, o.X, o.Y, e.X-o.X, e.Y-o.Y, 1.5, art.RGBA(0x1a140c, 220))
	tv.drawRulerMarks(dst, o, e, fw)
}

// drawOverview is draw without the detail: the desk, the frame and the
// table in plain colours (the first frame at start).
func (tv *tableView) drawOverview(dst *ebiten.Image) {
	dst.Fill(colDesk)
	c := tv.cam
	if !tv.fitted {
		c.Resize(float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy()))
		tv.fit(true)
		tv.fitted = true
	}
	o := tv.scr(geom.Pt{})
	e := tv.scr(geom.Pt{X: tv.m.Width, Y: tv.m.Height})
	fw := math.Max(10*art.UIScale, tv.px(1.1))
	art.RoundRect(dst, o.X-fw, o.Y-fw, e.X-o.X+2*fw, e.Y-o.Y+2*fw, fw*0.35, colFrame)
	tv.art.DrawOverview(dst, c.Zoom, o.X, o.Y)
}

// drawRulerMarks puts ticks on the frame in the rule set's unit: inches
// numbered every 6 or 12", or (a rule set measured in centimetres) a tick
// every 5 or 10 cm numbered every 30 or 60 cm.
func (tv *tableView) drawRulerMarks(dst *ebiten.Image, o, e art.Pt, fw float64) {
	z := tv.cam.Zoom
	per := tv.scale.PerInch
	if per <= 0 {
		per = 1
	}
	every, label := 1.0, 6.0 // in the unit
	if per == 1 {
		if z < 6 {
			every = 2
		}
		if z < 9 {
			label = 12
		}
	} else {
		every, label = 5, 30
		if z < 6 {
			every, label = 10, 60
		}
	}
	f := art.Face(math.Min(13, math.Max(9, fw*0.45)) / art.UIScale * art.UIScale / art.UIScale)
	ink := art.RGBA(0xf0e2c0, 220)
	mark := func(k float64) (float64, bool) { return k / per * z, math.Mod(k, label) == 0 }
	for k := 0.0; k/per <= tv.tw()+1e-9; k += every {
		d, big := mark(k)
		sx := o.X + d
		l := fw * 0.3
		if big {
			l = fw * 0.55
			if k > 0 && k/per < tv.tw()-1e-9 {
				art.Say(dst, fmt.Sprintf("%g", k), f, sx, o.Y-fw+1, ink, 1)
			}
		}
		art.Line(dst, art.Pt{X: sx, Y: o.Y}, art.Pt{X: sx, Y: o.Y - l}, 1, ink)
		art.Line(dst, art.Pt{X: sx, Y: e.Y}, art.Pt{X: sx, Y: e.Y + l}, 1, ink)
	}
	for k := 0.0; k/per <= tv.th()+1e-9; k += every {
		d, big := mark(k)
		sy := o.Y + d
		l := fw * 0.3
		if big {
			l = fw * 0.55
			if k > 0 && k/per < tv.th()-1e-9 {
				art.Say(dst, fmt.Sprintf("%g", k), f, o.X-fw*0.55, sy-f.Size*0.6, ink, 1)
			}
		}
		art.Line(dst, art.Pt{X: o.X, Y: sy}, art.Pt{X: o.X - l, Y: sy}, 1, ink)
		art.Line(dst, art.Pt{X: e.X, Y: sy}, art.Pt{X: e.X + l, Y: sy}, 1, ink)
	}
}

// drawScaleBar draws a short ruler at the first of spots (each the left
// end of its bar) where it stands clear of the table's frame, or failing
// that in a narrow form (the unit's name under the bar) there or in the
// desk's margin left of the frame; when nothing is clear (the table
// zoomed in to fill the window), at the first spot. Whole inches, or with
// cm (a rule set measured in centimetres) whole tens of centimetres.
// (At 1920x1080 the table reaches the foot of its area and the bar stood
// on the frame's corner.)
func (tv *tableView) drawScaleBar(dst *ebiten.Image, cm bool, spots ...art.Pt) float64 {
	o := tv.scr(geom.Pt{})
	e := tv.scr(geom.Pt{X: tv.m.Width, Y: tv.m.Height})
	fw := math.Max(10*art.UIScale, tv.px(1.1)) + 4*art.UIScale // the frame, and a little air
	W, H := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	clear := func(x, y float64, narrow bool) bool {
		bx, by, bw, bh := tv.scaleBox(x, y, cm, narrow)
		if bx < 0 || by < 0 || bx+bw > W || by+bh > H {
			return false
		}
		return bx+bw <= o.X-fw || bx >= e.X+fw || by+bh <= o.Y-fw || by >= e.Y+fw
	}
	for _, sp := range spots {
		if clear(sp.X, sp.Y, false) {
			return tv.scaleBarAt(dst, sp.X, sp.Y, cm, false)
		}
		if clear(sp.X, sp.Y, true) {
			return tv.scaleBarAt(dst, sp.X, sp.Y, cm, true)
		}
	}
	for _, sp := range spots {
		_, _, bw, _ := tv.scaleBox(0, 0, cm, true)
		if x := o.X - fw - bw + 6*art.UIScale; clear(x, sp.Y, true) {
			return tv.scaleBarAt(dst, x, sp.Y, cm, true)
		}
	}
	if len(spots) == 0 {
		return 0
	}
	// over the table: the spot (narrow) that covers the fewest figures
	// and plates, the first of equals
	best, at := -1, 0
	for i, sp := range spots {
		bx, by, bw, bh := tv.scaleBox(sp.X, sp.Y, cm, true)
		n := 0
		for _, q := range tv.keepOff {
			if rectsOverlap(bx, by, bw, bh, q.x, q.y, q.w, q.h) {
				n++
			}
		}
		if best < 0 || n < best {
			best, at = n, i
		}
	}
	return tv.scaleBarAt(dst, spots[at].X, spots[at].Y, cm, true)
}

// scaleSegs is the scale bar's segments: their length in inches, how
// many, the bar's whole length in its unit, and the unit's mark and name.
// The bar is the longest round length that fits (a whole number of
// inches, or of centimetres where the rule set measures in them), cut
// into 2 to 6 equal segments of a whole or half unit; the narrow form is
// shorter. (Halving six inches or six 5 cm segments gave "7.5 cm" over
// one and a half segments at 1920x1080.)
func (tv *tableView) scaleSegs(cm, narrow bool) (seg, n, total float64, unit, name string) {
	z := tv.cam.Zoom
	per, unit, name := 1.0, "\"", "inches" // the unit, in inches
	totals := []float64{1, 2, 3, 4, 6, 8, 12, 18, 24, 36, 48}
	if cm {
		per, unit, name = 1/2.54, " cm", "centimetres"
		totals = []float64{1, 2, 5, 10, 15, 20, 30, 40, 50, 60, 80, 100, 150, 200}
	}
	most := 260 * art.UIScale
	if narrow {
		most = 70 * art.UIScale
	}
	total = totals[0]
	for _, t := range totals {
		if t*per*z <= most {
			total = t
		}
	}
	n = 1
	for _, k := range []float64{6, 4, 5, 3, 2} {
		if q := total / k * 2; q == math.Trunc(q) {
			n = k
			break
		}
	}
	return total / n * per, n, total, unit, name
}

// scaleBox is the box drawn round a scale bar whose left end is at (x, y).
func (tv *tableView) scaleBox(x, y float64, cm, narrow bool) (bx, by, bw, bh float64) {
	seg, n, _, _, _ := tv.scaleSegs(cm, narrow)
	w := n * seg * tv.cam.Zoom
	h := 8 * art.UIScale
	if narrow {
		return x - 6*art.UIScale, y - 6*art.UIScale, math.Max(w, art.TextW(tv.scaleWords(cm, narrow), art.Face(11))) + 12*art.UIScale, h + 26*art.UIScale
	}
	return x - 6*art.UIScale, y - 18*art.UIScale, w + 12*art.UIScale + 70*art.UIScale, h + 28*art.UIScale
}

// scaleWords is the narrow scale bar's one label, its whole length in
// words ("5 cm", "2 inches").
func (tv *tableView) scaleWords(cm, narrow bool) string {
	_, _, total, _, name := tv.scaleSegs(cm, narrow)
	switch {
	case cm:
		return fmt.Sprintf("%g cm", total)
	case total == 1:
		return "1 inch"
	}
	return fmt.Sprintf("%g %s", total, name)
}

// scaleBarAt draws the scale bar with its left end at (x, y): in full,
// "0" and the length over its ends and the unit's name beside it; narrow
// (in a margin), its length in words centred under it, where a "0" and
// "5 cm" crowded over a short bar.
func (tv *tableView) scaleBarAt(dst *ebiten.Image, x, y float64, cm, narrow bool) float64 {
	z := tv.cam.Zoom
	seg, n, total, unit, name := tv.scaleSegs(cm, narrow)
	w := n * seg * z
	h := 8 * art.UIScale
	bx, by, bw, bh := tv.scaleBox(x, y, cm, narrow)
	art.RoundRect(dst, bx, by, bw, bh, 5*art.UIScale, art.RGBA(0x1b1610, 200))
	for i := 0.0; i < n; i++ {
		c := art.RGB(0xf2ead6)
		if int(i)%2 == 1 {
			c = art.RGB(0x3a3026)
		}
		art.Rect(dst, x+i*seg*z, y, seg*z, h, c)
	}
	art.RectLine(dst, x, y, w, h, 1, art.RGB(0xf2ead6))
	f := art.Face(11)
	if narrow {
		art.Say(dst, tv.scaleWords(cm, narrow), f, bx+bw/2, y+h+3*art.UIScale, art.RGB(0xf2ead6), 1)
		return bh
	}
	art.Say(dst, "0", f, x, y-15*art.UIScale, art.RGB(0xf2ead6), 1)
	art.Say(dst, fmt.Sprintf("%g%s", total, unit), f, x+w, y-15*art.UIScale, art.RGB(0xf2ead6), 1)
	art.Say(dst, name, f, x+w+8*art.UIScale, y-2*art.UIScale, art.RGB(0xd8c8a8), 0)
	return bh
}

// legendKinds lists the kinds on this map in painting order.
func (tv *tableView) legendKinds() []string {
	seen := map[string]bool{}
	for _, p := range tv.m.Pieces {
		seen[p.Kind] = true
	}
	var out []string
	for _, k := range terrain.Kinds {
		if seen[k.Name] {
			out = append(out, k.Name)
		}
	}
	return out
}

func (tv *tableView) swatchFor(kind string) *ebiten.Image {
	if tv.swatch == nil {
		tv.swatch = map[string]*ebiten.Image{}
	}
	if img, ok := tv.swatch[kind]; ok {
		return img
	}
	const sc = 20.0
	img := ebiten.NewImage(int(2.4*sc), int(1.4*sc))
	k, _ := terrain.KindByName(kind)
	p := &art.Painter{Dst: img, Scale: sc}
	img.Fill(art.ColMat)
	pc := terrain.Piece{ID: 3, Kind: kind, Props: k.Props}
	if k.Linear {
		pc.Path = []geom.Pt{geom.P(0.2, 0.7), geom.P(2.2, 0.7)}
	} else {
		pc.Poly = geom.Polygon{geom.P(0.1, 0.1), geom.P(2.3, 0.1), geom.P(2.3, 1.3), geom.P(0.1, 1.3)}
	}
	p.PaintPiece(&pc)
	tv.swatch[kind] = img
	return img
}

// drawLegend lists each kind on the map with a painted sample, in a box
// whose bottom-left is at (x, yBottom).
func (tv *tableView) drawLegend(dst *ebiten.Image, x, yBottom float64) {
	tv.drawLegendAt(dst, x, yBottom-tv.legendHeight(), "Legend  (G hides)")
}

// legendHeight is the height of the legend's box (0 with nothing to list).
func (tv *tableView) legendHeight() float64 {
	kinds := tv.legendKinds()
	if len(kinds) == 0 {
		return 0
	}
	rows := (len(kinds) + 1) / 2
	return float64(rows)*22*art.UIScale + 30*art.UIScale
}

// drawLegendAt draws the legend's box with its top-left at (x, y) and
// returns its height.
func (tv *tableView) drawLegendAt(dst *ebiten.Image, x, y float64, title string) float64 {
	kinds := tv.legendKinds()
	if len(kinds) == 0 {
		return 0
	}
	row := 22 * art.UIScale
	cols := 2
	rows := (len(kinds) + cols - 1) / cols
	colW := 150 * art.UIScale
	h := tv.legendHeight()
	art.RoundRect(dst, x, y, float64(cols)*colW+12*art.UIScale, h, 6*art.UIScale, art.RGBA(0x1b1610, 215))
	art.Say(dst, title, art.BoldFace(12), x+8*art.UIScale, y+6*art.UIScale, art.RGB(0xf2ead6), 0)
	for i, k := range kinds {
		cx := x + 8*art.UIScale + float64(i/rows)*colW
		cy := y + 26*art.UIScale + float64(i%rows)*row
		img := tv.swatchFor(k)
		op := &ebiten.DrawImageOptions{}
		s := (row - 4*art.UIScale) / float64(img.Bounds().Dy())
		op.GeoM.Scale(s, s)
		op.GeoM.Translate(cx, cy)
		op.Filter = ebiten.FilterLinear
		art.DrawImage(dst, img, op)
		kd, _ := terrain.KindByName(k)
		art.Say(dst, kd.Label, art.Face(12), cx+float64(img.Bounds().Dx())*s+6*art.UIScale, cy+2*art.UIScale, art.RGB(0xe8dcc0), 0)
	}
	return h
}
