package art

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// Pt is a point in pixels (or inches, before scaling).
type Pt struct{ X, Y float64 }

func RGB(c uint32) color.RGBA {
	return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}
}

func RGBA(c uint32, a uint8) color.RGBA {
	k := float64(a) / 255
	return color.RGBA{uint8(float64(uint8(c>>16)) * k), uint8(float64(uint8(c>>8)) * k), uint8(float64(uint8(c)) * k), a}
}

func Shade(c color.RGBA, f float64) color.RGBA {
	m := func(v uint8) uint8 {
		x := float64(v) * f
		if x > 255 {
			x = 255
		}
		return uint8(x)
	}
	return color.RGBA{m(c.R), m(c.G), m(c.B), c.A}
}

func polyPath(pts []Pt, closed bool) *vector.Path {
	var p vector.Path
	for i, q := range pts {
		if i == 0 {
			p.MoveTo(float32(q.X), float32(q.Y))
		} else {
			p.LineTo(float32(q.X), float32(q.Y))
		}
	}
	if closed {
		p.Close()
	}
	return &p
}

func drawOpts(c color.Color) *vector.DrawPathOptions {
	o := &vector.DrawPathOptions{AntiAlias: true}
	o.ColorScale.ScaleWithColor(c)
	return o
}

func FillPoly(dst *ebiten.Image, pts []Pt, c color.Color) {
	if len(pts) < 3 {
		return
	}
	if m := Batching(dst); m != nil {
		m.fill(pts, toRGBA(c))
		return
	}
	vector.FillPath(dst, polyPath(pts, true), nil, drawOpts(c))
}

func StrokePoly(dst *ebiten.Image, pts []Pt, closed bool, w float64, c color.Color) {
	if len(pts) < 2 || w <= 0 {
		return
	}
	if m := Batching(dst); m != nil {
		m.polyline(pts, closed, w, toRGBA(c), true)
		return
	}
	vector.StrokePath(dst, polyPath(pts, closed), &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, drawOpts(c))
}

func StrokeDashed(dst *ebiten.Image, a, b Pt, w, dash, gap float64, c color.Color) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l == 0 {
		return
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	if m := Batching(dst); m != nil {
		for s := 0.0; s < l; s += dash + gap {
			e := math.Min(l, s+dash)
			m.seg(Pt{a.X + ux*s, a.Y + uy*s}, Pt{a.X + ux*e, a.Y + uy*e}, w, toRGBA(c))
		}
		return
	}
	var p vector.Path
	for s := 0.0; s < l; s += dash + gap {
		e := math.Min(l, s+dash)
		p.MoveTo(float32(a.X+ux*s), float32(a.Y+uy*s))
		p.LineTo(float32(a.X+ux*e), float32(a.Y+uy*e))
	}
	vector.StrokePath(dst, &p, &vector.StrokeOptions{Width: float32(w), LineCap: vector.LineCapButt}, drawOpts(c))
}

func Line(dst *ebiten.Image, a, b Pt, w float64, c color.Color) {
	if m := Batching(dst); m != nil {
		m.seg(a, b, w, toRGBA(c))
		return
	}
	vector.StrokeLine(dst, float32(a.X), float32(a.Y), float32(b.X), float32(b.Y), float32(w), c, true)
}

func Circle(dst *ebiten.Image, c Pt, r float64, col color.Color) {
	if m := Batching(dst); m != nil {
		m.circle(c, r, toRGBA(col))
		return
	}
	vector.FillCircle(dst, float32(c.X), float32(c.Y), float32(r), col, true)
}

func Ring(dst *ebiten.Image, c Pt, r, w float64, col color.Color) {
	if m := Batching(dst); m != nil {
		m.ring(c, r, w, toRGBA(col))
		return
	}
	vector.StrokeCircle(dst, float32(c.X), float32(c.Y), float32(r), float32(w), col, true)
}

func Rect(dst *ebiten.Image, x, y, w, h float64, c color.Color) {
	if m := Batching(dst); m != nil {
		m.quad(Pt{x, y}, Pt{x + w, y}, Pt{x + w, y + h}, Pt{x, y + h}, toRGBA(c))
		return
	}
	vector.FillRect(dst, float32(x), float32(y), float32(w), float32(h), c, false)
}

func RectLine(dst *ebiten.Image, x, y, w, h, sw float64, c color.Color) {
	if m := Batching(dst); m != nil {
		m.polyline([]Pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, true, sw, toRGBA(c), false)
		return
	}
	vector.StrokeRect(dst, float32(x), float32(y), float32(w), float32(h), float32(sw), c, true)
}

// RoundRect fills a rounded rectangle.
func RoundRect(dst *ebiten.Image, x, y, w, h, r float64, c color.Color) {
	if m := Batching(dst); m != nil {
		r = math.Min(r, math.Min(w, h)/2)
		var buf [20]Pt // on the stack: drawn for every marker token each frame
		pts := buf[:0]
		for k, c := range [4]Pt{{x + w - r, y + r}, {x + w - r, y + h - r}, {x + r, y + h - r}, {x + r, y + r}} {
			for i := 0; i <= 4; i++ {
				a := (float64(k)-1)*math.Pi/2 + float64(i)*math.Pi/8
				pts = append(pts, Pt{c.X + math.Cos(a)*r, c.Y + math.Sin(a)*r})
			}
		}
		m.fill(pts, toRGBA(c))
		return
	}
	var p vector.Path
	p.MoveTo(float32(x+r), float32(y))
	p.LineTo(float32(x+w-r), float32(y))
	p.ArcTo(float32(x+w), float32(y), float32(x+w), float32(y+r), float32(r))
	p.LineTo(float32(x+w), float32(y+h-r))
	p.ArcTo(float32(x+w), float32(y+h), float32(x+w-r), float32(y+h), float32(r))
	p.LineTo(float32(x+r), float32(y+h))
	p.ArcTo(float32(x), float32(y+h), float32(x), float32(y+h-r), float32(r))
	p.LineTo(float32(x), float32(y+r))
	p.ArcTo(float32(x), float32(y), float32(x+r), float32(y), float32(r))
	p.Close()
	vector.FillPath(dst, &p, nil, drawOpts(c))
}

// clipSeg returns the pieces of segment a-b that lie inside polygon poly.
func clipSeg(poly []Pt, a, b Pt) [][2]Pt {
	ts := []float64{0, 1}
	dx, dy := b.X-a.X, b.Y-a.Y
	n := len(poly)
	for i := 0; i < n; i++ {
		p, q := poly[i], poly[(i+1)%n]
		ex, ey := q.X-p.X, q.Y-p.Y
		den := dx*ey - dy*ex
		if den == 0 {
			continue
		}
		t := ((p.X-a.X)*ey - (p.Y-a.Y)*ex) / den
		u := ((p.X-a.X)*dy - (p.Y-a.Y)*dx) / den
		if t > 0 && t < 1 && u >= 0 && u <= 1 {
			ts = append(ts, t)
		}
	}
	sort.Float64s(ts)
	var out [][2]Pt
	for i := 0; i+1 < len(ts); i++ {
		m := (ts[i] + ts[i+1]) / 2
		if PointIn(poly, Pt{a.X + dx*m, a.Y + dy*m}) {
			out = append(out, [2]Pt{{a.X + dx*ts[i], a.Y + dy*ts[i]}, {a.X + dx*ts[i+1], a.Y + dy*ts[i+1]}})
		}
	}
	return out
}

func PointIn(poly []Pt, p Pt) bool {
	in := false
	n := len(poly)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// edgeDist is the distance from p to the polygon outline.
func edgeDist(poly []Pt, p Pt) float64 {
	best := math.Inf(1)
	n := len(poly)
	for i := 0; i < n; i++ {
		a, b := poly[i], poly[(i+1)%n]
		dx, dy := b.X-a.X, b.Y-a.Y
		l2 := dx*dx + dy*dy
		t := 0.0
		if l2 > 0 {
			t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
		}
		d := math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
		if d < best {
			best = d
		}
	}
	return best
}

func centroid(poly []Pt) Pt {
	var a, cx, cy float64
	n := len(poly)
	for i := 0; i < n; i++ {
		p, q := poly[i], poly[(i+1)%n]
		c := p.X*q.Y - q.X*p.Y
		a += c
		cx += (p.X + q.X) * c
		cy += (p.Y + q.Y) * c
	}
	if math.Abs(a) < 1e-9 {
		var s Pt
		for _, p := range poly {
			s.X += p.X
			s.Y += p.Y
		}
		return Pt{s.X / float64(n), s.Y / float64(n)}
	}
	return Pt{cx / (3 * a), cy / (3 * a)}
}

func scalePoly(poly []Pt, c Pt, k float64) []Pt {
	out := make([]Pt, len(poly))
	for i, p := range poly {
		out[i] = Pt{c.X + (p.X-c.X)*k, c.Y + (p.Y-c.Y)*k}
	}
	return out
}

// Fonts, from the Go fonts (no download). Each is parsed when first used,
// not at start: the first frame draws no text, and parsing the three
// costs a few milliseconds before the window could open.
var (
	faceSrc   = fontSource(goregular.TTF)
	boldSrc   = fontSource(gobold.TTF)
	italicSrc = fontSource(goitalic.TTF)
)

func fontSource(ttf []byte) func() *text.GoTextFaceSource {
	return sync.OnceValue(func() *text.GoTextFaceSource {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
		if err != nil {
			panic(err)
		}
		return src
	})
}

// UIScale is the interface's scale: the device scale factor (HiDPI) times
// the share a large window adds (App.LayoutF); UI sizes are multiplied by it.
var UIScale = 1.0

// Device is the screen's own scale factor (HiDPI) alone, without the
// larger interface a large window is given: the miniatures, their tags
// and the vehicles on the table are sized by it, so that a large window
// shows more of them apart rather than the same crowd drawn larger.
var Device = 1.0

func Face(size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: faceSrc(), Size: size * UIScale}
}
func BoldFace(size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: boldSrc(), Size: size * UIScale}
}
func ItalicFace(size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: italicSrc(), Size: size * UIScale}
}

// Said, when set (by tests), is told of every text Say draws: the image
// drawn on, the words and the box they cover.
var Said func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64)

// Scrap is a one-pixel image to lay text out on without showing it (a
// panel measured before it is drawn): Said is not told of what is said
// on it.
func Scrap() *ebiten.Image {
	if scrap == nil {
		scrap = ebiten.NewImage(1, 1)
	}
	return scrap
}

var scrap *ebiten.Image

// Say draws text with its top-left at (x, y); align 0 left, 1 centre, 2 right.
func Say(dst *ebiten.Image, s string, f text.Face, x, y float64, c color.Color, align int) {
	if m := Batching(dst); m != nil {
		m.flush()
	}
	s = OneDecimal(s)
	if Said != nil && dst != scrap {
		w, h := text.Measure(s, f, f.Metrics().HAscent+f.Metrics().HDescent+2*UIScale)
		x0 := x - w*float64(align)/2
		Said(dst, s, x0, y, x0+w, y+h)
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = text.Align(align)
	op.LineSpacing = f.Metrics().HAscent + f.Metrics().HDescent + 2*UIScale
	text.Draw(dst, s, f, op)
}

// SayOnPlate draws text as Say does on a dark rounded plate a little
// larger than the words, so a mark's words on the table stay readable
// over the map's own names and colours.
func SayOnPlate(dst *ebiten.Image, s string, f text.Face, x, y float64, c color.Color, align int) {
	w := TextW(OneDecimal(s), f)
	m := f.Metrics()
	h := m.HAscent + m.HDescent
	x0 := x - w*float64(align)/2
	RoundRect(dst, x0-4*UIScale, y-1*UIScale, w+8*UIScale, h+2*UIScale, 4*UIScale, RGBA(0x14110c, 200))
	Say(dst, s, f, x, y, c, align)
}

// reFineInches is a distance written to the thousandth ("26.004\"",
// "3.952 cm"), as the rule sets write them for the log and notation.
var reFineInches = regexp.MustCompile(`\b(\d+)\.(\d{2,3})(\s?(?:"|cm\b|in\b))`)

// OneDecimal writes every distance in s to one decimal place, as a
// wargamer's tape reads ("26.0\"", "4.0\""): every text on the table
// goes through it.
func OneDecimal(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return reFineInches.ReplaceAllStringFunc(s, func(m string) string {
		sub := reFineInches.FindStringSubmatch(m)
		v, err := strconv.ParseFloat(sub[1]+"."+sub[2], 64)
		if err != nil {
			return m
		}
		return strconv.FormatFloat(v, 'f', 1, 64) + sub[3]
	})
}

func TextW(s string, f text.Face) float64 {
	s = OneDecimal(s)
	w, _ := text.Measure(s, f, 0)
	return w
}

// Wrap breaks s into lines no wider than w pixels.
//
// A phrase of KeepTogether (a figure's or a team's name) that fits on a
// line is never broken across two ("Pfc / Ingle").
func Wrap(s string, f text.Face, w float64) []string {
	var out []string
	for _, para := range splitLines(s) {
		words := splitWords(para, glued(para, f, w))
		cur := ""
		for _, wd := range words {
			try := wd
			if cur != "" {
				try = cur + " " + wd
			}
			if TextW(try, f) > w && cur != "" {
				out = append(out, cur)
				cur = wd
			} else {
				cur = try
			}
		}
		out = append(out, cur)
	}
	return out
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// KeepTogether lists the phrases Wrap keeps on one line: the names, with
// spaces in them, of the battle's figures, teams and vehicles.
var KeepTogether []string

// glued marks the spaces of s inside a phrase of KeepTogether that fits
// in w: Wrap does not break the line there.
func glued(s string, f text.Face, w float64) map[int]bool {
	var glue map[int]bool
	// a short item of a list ("water cannot", "road 24\"", "General
	// purpose machine-gun") is kept whole: a card read "water / cannot"
	for _, it := range listItems(s) {
		if n := strings.Count(s[it[0]:it[1]], " "); n == 0 || n > 2 || TextW(s[it[0]:it[1]], f) > w/2 {
			continue
		}
		for j := it[0]; j < it[1]; j++ {
			if s[j] == ' ' {
				if glue == nil {
					glue = map[int]bool{}
				}
				glue[j] = true
			}
		}
	}
	// a word and the short bracket after it ("LMG (MG34/42)", "gun
	// (turret)") stay on one line: a card read "LMG / (MG34/42) (hull)"
	for i := 1; i < len(s); i++ {
		if s[i] != '(' || s[i-1] != ' ' {
			continue
		}
		end := strings.IndexByte(s[i:], ')')
		if end < 0 || strings.Count(s[i:i+end], " ") > 2 {
			continue
		}
		start := strings.LastIndexByte(s[:i-1], ' ') + 1
		if start == i-1 || TextW(s[start:i+end+1], f) > w/2 {
			continue
		}
		if glue == nil {
			glue = map[int]bool{}
		}
		glue[i-1] = true
	}
	for _, p := range KeepTogether {
		for from := 0; from < len(s); {
			i := strings.Index(s[from:], p)
			if i < 0 {
				break
			}
			i += from
			from = i + len(p)
			if TextW(p, f) > w {
				break
			}
			for j := i; j < i+len(p); j++ {
				if s[j] == ' ' {
					if glue == nil {
						glue = map[int]bool{}
					}
					glue[j] = true
				}
			}
		}
	}
	return glue
}

// listItems are the spans of s between a list's marks (", ", "; ", ": ",
// brackets), when s has at least two commas: a list of items.
func listItems(s string) [][2]int {
	if strings.Count(s, ", ") < 2 {
		return nil
	}
	var out [][2]int
	start := 0
	cut := func(i, skip int) {
		a, b := start, i
		for a < b && s[a] == ' ' {
			a++
		}
		for b > a && s[b-1] == ' ' {
			b--
		}
		if b > a {
			out = append(out, [2]int{a, b})
		}
		start = i + skip
	}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '(' || s[i] == ')':
			cut(i, 1)
		case (s[i] == ',' || s[i] == ';' || s[i] == ':') && i+1 < len(s) && s[i+1] == ' ':
			cut(i, 2)
		}
	}
	cut(len(s), 0)
	return out
}

func splitWords(s string, glue map[int]bool) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || (s[i] == ' ' && !glue[i]) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

func imageRect(x0, y0, x1, y1 int) image.Rectangle { return image.Rect(x0, y0, x1, y1) }

// Brighten moves a colour k of the way towards white.
func Brighten(c color.RGBA, k float64) color.RGBA { return Mix(c, RGB(0xffffff), k) }

// Mix blends colour a k of the way towards b.
func Mix(a, b color.RGBA, k float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-k) + float64(y)*k) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}
