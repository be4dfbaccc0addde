package game

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// sideColour is a side's colour as the table draws it: the scenario's
// ("#rrggbb", with defaults), pulled apart from the other side's when the
// two would be hard to tell apart (see sideRims).
func sideColour(s *rules.State, side int) color.RGBA {
	a, b := sideRims(rawSideColour(s, 0), rawSideColour(s, 1))
	if side&1 == 0 {
		return a
	}
	return b
}

// rawSideColour reads a scenario colour ("#rrggbb"), with defaults.
func rawSideColour(s *rules.State, side int) color.RGBA {
	def := []uint32{0xc0392b, 0x2e6da4}
	c := def[side&1]
	if s != nil {
		hex := s.Sides[side&1].Colour
		if len(hex) == 7 && hex[0] == '#' {
			if v, err := strconv.ParseUint(hex[1:], 16, 32); err == nil {
				c = uint32(v)
			}
		}
	}
	return art.RGB(c)
}

// The rims' colours: every side's uniform is a drab (olive, field grey,
// khaki, brown), and at the fit-the-table zoom two drabs on the green
// cloth look alike (a play-tester took Wehrmacht men for his US ones).
// Each base's rim is drawn instead in one of a few bold colours far from
// the cloth and from each other: the warmer side's uniform takes amber
// (red when its colour is a clear red), the cooler side's blue; the
// uniform painted inside keeps the scenario's colour.
var (
	rimAmber = art.RGB(0xf2b632)
	rimRed   = art.RGB(0xe0483a)
	rimBlue  = art.RGB(0x3f8cff)
	rimCream = art.RGB(0xf4eedc)
)

// rimColours are the two sides' rim colours for uniforms a and b.
func rimColours(a, b color.RGBA) (color.RGBA, color.RGBA) {
	warmth := func(c color.RGBA) int { return int(c.R) - int(c.B) }
	red := func(c color.RGBA) bool {
		return int(c.R) > 150 && int(c.R)-int(c.G) > 90 && int(c.R)-int(c.B) > 90
	}
	warm := func(c color.RGBA) color.RGBA {
		if red(c) {
			return rimRed
		}
		return rimAmber
	}
	if warmth(a) >= warmth(b) {
		if red(b) {
			return rimAmber, rimRed // (both red: the redder keeps red)
		}
		return warm(a), rimBlue
	}
	if red(a) {
		return rimRed, rimAmber
	}
	return rimBlue, warm(b)
}

// rimColour is side's rim colour in a battle.
func rimColour(s *rules.State, side int) color.RGBA {
	a, b := rimColours(rawSideColour(s, 0), rawSideColour(s, 1))
	if side&1 == 0 {
		return a
	}
	return b
}

// rimText is a rim colour made light enough for letters on a dark plate.
func rimText(c color.RGBA) color.RGBA { return art.Mix(c, art.RGB(0xffffff), 0.3) }

func ellipse(c art.Pt, rx, ry, ang float64, n int) []art.Pt {
	return ellipseTo(make([]art.Pt, n), c, rx, ry, ang)
}

// ellipseTo is ellipse into out (len(out) points), for callers that keep
// the points on the stack.
func ellipseTo(out []art.Pt, c art.Pt, rx, ry, ang float64) []art.Pt {
	n := len(out)
	ca, sa := math.Cos(ang), math.Sin(ang)
	for i := range out {
		t := float64(i) / float64(n) * 2 * math.Pi
		x, y := math.Cos(t)*rx, math.Sin(t)*ry
		out[i] = art.Pt{X: c.X + x*ca - y*sa, Y: c.Y + x*sa + y*ca}
	}
	return out
}

// figLook is how one figure should be drawn this frame.
type figLook struct {
	pos      art.Pt
	r        float64    // base radius in pixels (never under minFigR)
	side     color.RGBA // the uniform
	rim      color.RGBA // the base's rim, the side's bold colour (rimColours); zero: the uniform's
	sideIdx  int        // 0 or 1: the rim's pattern, so sides differ in greyscale too
	facing   float64    // radians, 0 = up the table
	posture  rules.Posture
	weapon   string
	team     string // the unit's letter, on the base
	leader   bool
	marks    []rules.Mark // from the rule set (rules.FigureInfo)
	spent    bool         // has had its go this turn
	removed  bool
	fade     float64 // 1 normal, 0 gone
	hover    bool
	selected bool
	acting   bool // of the unit whose go it is
	canAct   bool
	target   bool  // a legal target in targeting mode
	markAt   plate // where its marks' tokens go when laid out (placeMarks; fs is the token's size)
	grouped  bool  // in a packed group: its letter and tag are on the group's roster (layoutBases)
}

// rimOr is the rim's colour (the uniform's when none is given).
func (f figLook) rimOr() color.RGBA {
	if f.rim == (color.RGBA{}) {
		return f.side
	}
	return f.rim
}

// baseEdges are the widths of the dark and the pale edge drawn round a
// base of radius r (thin on a small base, so a packed group's edges
// stay off their neighbours' rims).
func baseEdges(r float64) (dark, pale float64) {
	return math.Max(0.7*art.UIScale, r*0.08), math.Max(0.6*art.UIScale, r*0.07)
}

// minFigR is the smallest base radius drawn, in pixels: zoomed far out a
// miniature stays a readable counter instead of shrinking to a speck.
func minFigR() float64 { return 10 * art.UIScale }

// figR is the base radius on screen for a base of inches radius.
func figR(px float64) float64 { return math.Max(px, minFigR()) }

// sideRims makes the two sides' colours tell apart even when a scenario
// gives both a drab uniform (field grey and khaki): when their lightness
// is close, one is darkened and the other lightened. Each side's rim also
// has its own pattern (see drawFigure), which reads without colour.
func sideRims(a, b color.RGBA) (color.RGBA, color.RGBA) {
	lum := func(c color.RGBA) float64 { return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B) }
	if math.Abs(lum(a)-lum(b)) >= 70 {
		return a, b
	}
	if lum(a) <= lum(b) {
		return art.Shade(a, 0.62), art.Brighten(b, 0.45)
	}
	return art.Brighten(a, 0.45), art.Shade(b, 0.62)
}

// weaponKind reads a weapon id as a silhouette: rifle, smg, mg, pistol,
// launcher, mortar or flamer.
func weaponKind(id string) string {
	w := strings.ToLower(id)
	has := func(xs ...string) bool {
		for _, x := range xs {
			if strings.Contains(w, x) {
				return true
			}
		}
		return false
	}
	switch {
	case has("smg", "sten", "mp40", "thompson", "sub"):
		return "smg"
	case has("pistol", "revolver"):
		return "pistol"
	case has("mortar"):
		return "mortar"
	case has("flame"):
		return "flamer"
	case has("bazooka", "piat", "panzerfaust", "schreck", "launcher", "rpg", "atgm", "law", "recoilless", "at-rifle", "anti-tank"):
		return "launcher"
	case has("lmg", "gpmg", "hmg", "mg", "bren", "machine", "maxim", "vickers", "lewis", "saw", "minimi"):
		return "mg"
	}
	return "rifle"
}

// weaponTag is the short name of a weapon that sets a figure apart from
// the riflemen ("" for a rifle or a pistol): SMG, LMG, MG42, BREN, PIAT...
func weaponTag(id string) string {
	w := strings.ToLower(id)
	for _, k := range []struct{ in, tag string }{
		{"grenade-launcher", "GL"}, {"sniper", "SNIPER"}, {"manpads", "SAM"}, {"mmg", "MMG"}, {"law", "LAW"},
		{"mg42", "MG42"}, {"mg34", "MG34"}, {"bren", "BREN"}, {"piat", "PIAT"}, {"bazooka", "BAZ"},
		{"panzerfaust", "PzF"}, {"schreck", "PzS"}, {"gpmg", "GPMG"}, {"hmg", "HMG"}, {"vickers", "HMG"},
		{"maxim", "HMG"}, {"minimi", "SAW"}, {"saw", "SAW"}, {"bar", "BAR"}, {"rpg", "RPG"},
	} {
		if k.in == "bar" || k.in == "law" || k.in == "saw" {
			if w == k.in || strings.HasPrefix(w, k.in+"-") {
				return k.tag
			}
			continue
		}
		if strings.Contains(w, k.in) {
			return k.tag
		}
	}
	switch weaponKind(id) {
	case "smg":
		return "SMG"
	case "mg":
		return "LMG"
	case "launcher":
		return "AT"
	case "mortar":
		return "MORT"
	case "flamer":
		return "FLAM"
	}
	return ""
}

// drawFigure paints a miniature seen from above on its round base: a
// thick rim in the side colour (notched for the second side, so the sides
// differ in greyscale too), the soldier's shoulders and pack, the helmet,
// the weapon's silhouette pointing where he faces, the team's letter on
// the base, a leader's star, and markers under the rim.
func drawFigure(dst *ebiten.Image, f figLook) {
	if f.rim == (color.RGBA{}) {
		f.rim = f.side
	}
	r := f.r
	c := f.pos
	if f.selected {
		art.Circle(dst, c, r*1.5, art.RGBA(0xfff2a0, 90))
		art.Ring(dst, c, r*1.38, math.Max(2, r*0.12), art.RGB(0xffe066))
	} else if f.acting && !f.removed {
		art.Ring(dst, c, r*1.3, math.Max(1.5, r*0.1), art.RGBA(0xffe066, 200))
	} else if f.hover {
		art.Ring(dst, c, r*1.25, math.Max(1.5, r*0.08), art.RGBA(0xffffff, 200))
	}
	if f.target {
		art.Ring(dst, c, r*1.3, math.Max(2, r*0.1), art.RGB(0xff5a3c))
	}
	if f.removed {
		// a casualty: laid down on its base, greyed, crossed
		art.Circle(dst, art.Pt{X: c.X + r*0.12, Y: c.Y + r*0.15}, r, art.RGBA(0x000000, 70))
		art.Circle(dst, c, r, art.RGBA(0x5a564e, 200))
		art.Ring(dst, c, r*0.92, math.Max(1.5, r*0.14), art.RGBA(uint32(f.side.R)<<16|uint32(f.side.G)<<8|uint32(f.side.B), 150))
		body := ellipse(c, r*0.75, r*0.32, f.facing+math.Pi/2, 14)
		art.FillPoly(dst, body, art.RGBA(0x8a857c, 220))
		art.Circle(dst, art.Pt{X: c.X + math.Sin(f.facing)*r*0.55, Y: c.Y - math.Cos(f.facing)*r*0.55}, r*0.24, art.RGBA(0x6a655c, 220))
		d := r * 0.5
		art.Line(dst, art.Pt{X: c.X - d, Y: c.Y - d}, art.Pt{X: c.X + d, Y: c.Y + d}, math.Max(1.5, r*0.12), art.RGBA(0x2a2620, 200))
		art.Line(dst, art.Pt{X: c.X - d, Y: c.Y + d}, art.Pt{X: c.X + d, Y: c.Y - d}, math.Max(1.5, r*0.12), art.RGBA(0x2a2620, 200))
		return
	}
	// base: shadow, a pale edge and a dark one (one of the two stands out
	// on any cloth, and packed bases stay apart), then a thick rim in the
	// side colour
	art.Circle(dst, art.Pt{X: c.X + r*0.12, Y: c.Y + r*0.18}, r*1.04, art.RGBA(0x000000, 120))
	dark, pale := baseEdges(r)
	art.Circle(dst, c, r+dark+pale, art.RGBA(0xf2ead6, 230))
	art.Circle(dst, c, r+dark, art.RGB(0x14110c))
	art.Circle(dst, c, r, f.rim)
	rimW := math.Max(2.5, r*0.26)
	if f.sideIdx == 1 && r >= 8*art.UIScale {
		// the second side's rim is notched with pale ticks
		for k := 0; k < 8; k++ {
			a := float64(k)*math.Pi/4 + math.Pi/8
			ca, sa := math.Cos(a), math.Sin(a)
			art.Line(dst, art.Pt{X: c.X + ca*(r-rimW), Y: c.Y + sa*(r-rimW)}, art.Pt{X: c.X + ca*r, Y: c.Y + sa*r}, math.Max(1.2, r*0.08), art.RGB(0x14110c))
		}
	}
	inner := r - rimW
	art.Circle(dst, c, inner, art.RGB(0x6f6a40))
	art.Circle(dst, art.Pt{X: c.X - inner*0.35, Y: c.Y + inner*0.45}, inner*0.18, art.RGB(0x5f7a38))
	art.Circle(dst, art.Pt{X: c.X + inner*0.5, Y: c.Y - inner*0.3}, inner*0.14, art.RGB(0x5f7a38))
	fx, fy := math.Sin(f.facing), -math.Cos(f.facing)
	rx, ry := -fy, fx // to the right
	uni := f.side
	s := inner / 0.78 // the soldier is sized to the inside of the rim
	bodyLen, bodyW := s*0.36, s*0.62
	if f.posture == rules.Prone {
		bodyLen, bodyW = s*0.74, s*0.34
	}
	ang := math.Atan2(fy, fx)
	// pack behind the shoulders
	art.Circle(dst, art.Pt{X: c.X - fx*s*0.3, Y: c.Y - fy*s*0.3}, s*0.2, art.Shade(uni, 0.7))
	if f.posture == rules.Prone {
		var buf [16]art.Pt
		body := ellipseTo(buf[:], art.Pt{X: c.X - fx*s*0.1, Y: c.Y - fy*s*0.1}, bodyLen, bodyW, ang)
		art.FillPoly(dst, body, uni)
		art.StrokePoly(dst, body, true, math.Max(1, s*0.06), art.Shade(uni, 0.45))
	} else {
		var buf [16]art.Pt
		body := ellipseTo(buf[:], c, bodyLen, bodyW, ang)
		art.FillPoly(dst, body, uni)
		art.StrokePoly(dst, body, true, math.Max(1, s*0.06), art.Shade(uni, 0.45))
		art.Line(dst, art.Pt{X: c.X + rx*bodyW*0.8, Y: c.Y + ry*bodyW*0.8}, art.Pt{X: c.X + fx*s*0.45 + rx*s*0.12, Y: c.Y + fy*s*0.45 + ry*s*0.12}, math.Max(1.5, s*0.15), uni)
		art.Line(dst, art.Pt{X: c.X - rx*bodyW*0.8, Y: c.Y - ry*bodyW*0.8}, art.Pt{X: c.X + fx*s*0.3, Y: c.Y + fy*s*0.3}, math.Max(1.5, s*0.15), uni)
	}
	drawWeapon(dst, c, s, fx, fy, rx, ry, weaponKind(f.weapon))
	// helmet with rim and a highlight
	hc := c
	if f.posture == rules.Prone {
		hc = art.Pt{X: c.X + fx*s*0.46, Y: c.Y + fy*s*0.46}
	}
	hr := s * 0.29
	if f.posture == rules.Crouching {
		hr = s * 0.26
	}
	steel := art.Mix(f.side, art.RGB(0x4a5038), 0.55)
	art.Circle(dst, hc, hr*1.15, art.RGB(0x1e1a14))
	art.Circle(dst, hc, hr, steel)
	art.Circle(dst, art.Pt{X: hc.X - hr*0.3, Y: hc.Y - hr*0.3}, hr*0.38, art.Shade(steel, 1.35))
	if pc, pr, ok := letterPlate(f.team, r, c); ok && !f.grouped {
		// the team's letter on a plate at the front edge of the base
		art.Circle(dst, pc, pr, art.RGB(0x14110c))
		art.Ring(dst, pc, pr, 1, f.rim)
		// the letter in the side's rim colour: both sides letter their
		// teams from A, and an A of each side must not read the same
		art.Say(dst, f.team, art.BoldFace(pr*1.35/art.UIScale), pc.X, pc.Y-pr*0.78, rimText(f.rim), 1)
	}
	if f.leader {
		// seen across the table: a gold star standing off the base (in
		// a packed group, on it)
		sc, sr := starAt(r, c)
		if f.grouped {
			sc, sr = art.Pt{X: c.X + r*0.45, Y: c.Y - r*0.45}, math.Max(3*art.UIScale, r*0.6)
		}
		star(dst, sc, sr, art.RGB(0xf2c94c), art.RGB(0x2a1a08))
	}
	if f.spent && !f.canAct {
		// its go is over this turn: a shade over the figure, as a player
		// turns a spent miniature or marks it
		art.Circle(dst, c, r, art.RGBA(0x000000, 80))
	}
	if f.canAct {
		art.Circle(dst, art.Pt{X: c.X - r*0.8, Y: c.Y - r*0.75}, math.Max(2.5, r*0.15), art.RGB(0xfff2a0))
		art.Ring(dst, art.Pt{X: c.X - r*0.8, Y: c.Y - r*0.75}, math.Max(2.5, r*0.15), 1, art.RGB(0x4a3510))
	}
	if f.markAt.w > 0 {
		drawMarksAt(dst, f.markAt.x, f.markAt.y, f.markAt.fs, f.marks)
	} else {
		drawMarks(dst, c, r, f.marks)
	}
}

// letterPlate is where a figure's team letter is drawn on a base of
// radius r at c: the centre and radius of its round plate at the base's
// front left (none on a base too small, or with no team).
func letterPlate(team string, r float64, c art.Pt) (art.Pt, float64, bool) {
	if team == "" || r < 9*art.UIScale {
		return art.Pt{}, 0, false
	}
	return art.Pt{X: c.X - r*0.62, Y: c.Y + r*0.62}, math.Max(5.5*art.UIScale, r*0.34), true
}

// starAt is where a leader's star stands off a base of radius r at c.
func starAt(r float64, c art.Pt) (art.Pt, float64) {
	return art.Pt{X: c.X + r*0.8, Y: c.Y - r*0.8}, math.Max(5.5*art.UIScale, r*0.42)
}

// drawWeaponTag writes a figure's weapon in letters, bold on a dark plate
// on the lower right of its base (LMG, SMG, MG42, PIAT), read without
// hovering. It is drawn after every figure, so no neighbour's base hides
// it.
func drawWeaponTag(dst *ebiten.Image, f figLook) {
	if f.removed {
		return
	}
	if t, ok := tagPlate(weaponTag(f.weapon), f.r, f.pos); ok {
		drawTagPlate(dst, t, f.rimOr())
	}
}

func drawTagPlate(dst *ebiten.Image, t plate, side color.RGBA) {
	fc := art.BoldFace(t.fs / art.UIScale)
	art.RoundRect(dst, t.x, t.y, t.w, t.h, 2*art.UIScale, art.RGBA(0x14110c, 235))
	art.Rect(dst, t.x, t.y+t.h-1.5*art.UIScale, t.w, 1.5*art.UIScale, side)
	art.Say(dst, t.tag, fc, t.x+t.w/2, t.y+t.h*0.5-t.fs*0.62, art.RGB(0xfff6dc), 1)
}

// drawWeaponTags draws the weapon tags of figures already drawn. In a
// packed group (bases overlapping at the fit-the-table zoom) a tag in
// its usual place would touch a neighbour's team letter, star or tag and
// read as one word with it ("ASMG"): it then moves up its own base, to
// the middle or the top, to the first place clear of them all, and stays
// in its usual place when none is clear.
func drawWeaponTags(dst *ebiten.Image, looks []figLook) {
	for i, t := range placeTags(looks) {
		if t.tag != "" {
			drawTagPlate(dst, t, looks[i].rimOr())
		}
	}
}

// placeTags lays out the weapon tags of looks (an empty plate for a
// figure with none): see drawWeaponTags.
func placeTags(looks []figLook) []plate {
	gap := 1.5 * art.UIScale
	type disc struct {
		c art.Pt
		r float64
	}
	var discs []disc // other figures' letters and stars
	owner := []int{}
	for i, f := range looks {
		if f.removed {
			continue
		}
		if pc, pr, ok := letterPlate(f.team, f.r, f.pos); ok && !f.grouped {
			discs, owner = append(discs, disc{pc, pr}), append(owner, i)
		}
		if f.leader {
			sc, sr := starAt(f.r, f.pos)
			discs, owner = append(discs, disc{sc, sr}), append(owner, i)
		}
	}
	// the marks' tokens under each base (drawMarks), as boxes
	var boxes []plate
	boxOwner := []int{}
	for i, f := range looks {
		if f.removed || len(f.marks) == 0 {
			continue
		}
		sz := math.Max(12*art.UIScale, f.r*0.62)
		box := plate{x: f.pos.X - f.r, y: f.pos.Y + f.r*1.05, w: (sz + 2) * float64(len(f.marks)), h: sz}
		if f.markAt.w > 0 {
			box = f.markAt
		}
		boxes = append(boxes, box)
		boxOwner = append(boxOwner, i)
	}
	out := make([]plate, len(looks))
	var placed []plate
	clear := func(i int, p plate) bool {
		for k, q := range boxes {
			if boxOwner[k] != i && p.x < q.x+q.w+gap && q.x < p.x+p.w+gap && p.y < q.y+q.h+gap && q.y < p.y+p.h+gap {
				return false
			}
		}
		for k, d := range discs {
			if owner[k] == i {
				continue
			}
			// the nearest point of the box to the disc's centre
			nx := math.Max(p.x, math.Min(d.c.X, p.x+p.w))
			ny := math.Max(p.y, math.Min(d.c.Y, p.y+p.h))
			if math.Hypot(nx-d.c.X, ny-d.c.Y) < d.r+gap {
				return false
			}
		}
		for _, q := range placed {
			if p.x < q.x+q.w+gap && q.x < p.x+p.w+gap && p.y < q.y+q.h+gap && q.y < p.y+p.h+gap {
				return false
			}
		}
		return true
	}
	for i, f := range looks {
		if f.removed || f.grouped {
			continue // (a packed group's tags are on its roster)
		}
		t, ok := tagPlate(weaponTag(f.weapon), f.r, f.pos)
		if !ok {
			continue
		}
		best := t
		// on its base (low, middle, high), then off it to the right or
		// left (level with its middle, then just below or above it)
		mid := f.pos.Y - t.h/2
		right, left := f.pos.X+f.r+gap, f.pos.X-f.r-gap-t.w
		for _, at := range [][2]float64{{t.x, t.y}, {t.x, mid}, {t.x, f.pos.Y - f.r*0.9},
			{right, mid}, {left, mid}, {right, f.pos.Y}, {right, f.pos.Y - t.h}, {left, f.pos.Y}, {left, f.pos.Y - t.h}} {
			try := t
			try.x, try.y = at[0], at[1]
			if clear(i, try) {
				best = try
				break
			}
		}
		out[i] = best
		placed = append(placed, best)
	}
	return out
}

// tagShort is a weapon tag's shorter form, for a base too small to hold
// the long one.
var tagShort = map[string]string{"SNIPER": "SNP", "MG42": "MG", "MG34": "MG", "GPMG": "MG", "MORT": "MOR", "FLAM": "FLM", "BREN": "BRN", "PIAT": "PT"}

// minTagPx is the smallest letter a weapon tag is drawn in (before the
// interface's scale): below it the tag cannot be read and is left off;
// the base is still drawn, so a squad can be counted.
const minTagPx = 7.0

// plate is where a weapon tag goes: its words, letter size and box.
type plate struct {
	tag        string
	fs         float64
	x, y, w, h float64
}

// tagPlate lays a weapon tag on the lower half of a base of radius r at
// c, right of the team letter so that in a line of bases in contact it
// lies on no neighbour, and wholly within the base's width: at the
// fit-the-table zoom the letters shrink to fit (or the tag takes its
// short form), and when even that cannot be read there is no tag.
func tagPlate(tag string, r float64, c art.Pt) (plate, bool) {
	if tag == "" {
		return plate{}, false
	}
	pad, room := math.Min(4*art.UIScale, r*0.2), 1.96*r
	for _, t := range []string{tag, tagShort[tag]} {
		if t == "" {
			continue
		}
		fs := math.Max(8.5*art.UIScale, r*0.5)
		w := art.TextW(t, art.BoldFace(fs/art.UIScale)) + pad
		if w > room {
			fs *= (room - pad) / (w - pad) // the letters scale with the text's width
			w = room
		}
		if fs < minTagPx*art.UIScale {
			continue
		}
		h := fs * 1.2
		y := math.Min(c.Y+r*0.3, c.Y+r-h) // its foot on the base
		x := math.Max(c.X-w/2, math.Min(c.X-r*0.22, c.X+r*0.98-w))
		return plate{tag: t, fs: fs, x: x, y: y, w: w, h: h}, true
	}
	return plate{}, false
}

// drawWeapon draws a weapon's silhouette from the soldier's right
// shoulder along his facing: a rifle's long barrel, a submachine gun's
// short one with its magazine, a machine gun's with a bipod, a pistol, a
// launcher's fat tube, a mortar's tube on its plate, a flamer's nozzle.
func drawWeapon(dst *ebiten.Image, c art.Pt, s, fx, fy, rx, ry float64, kind string) {
	ink := art.RGB(0x1a140e)
	w := math.Max(1.5, s*0.12)
	ws := art.Pt{X: c.X + fx*s*0.15 + rx*s*0.1, Y: c.Y + fy*s*0.15 + ry*s*0.1}
	at := func(k, side float64) art.Pt {
		return art.Pt{X: ws.X + fx*k*s + rx*side*s, Y: ws.Y + fy*k*s + ry*side*s}
	}
	switch kind {
	case "pistol":
		art.Line(dst, ws, at(0.5, 0), w, ink)
	case "smg":
		art.Line(dst, ws, at(0.78, 0), w*1.1, ink)
		art.Line(dst, at(0.4, 0), at(0.4, -0.22), math.Max(1.2, w*0.8), ink)
	case "mg":
		art.Line(dst, ws, at(1.05, 0), w*1.35, ink)
		art.Line(dst, at(0.8, 0), at(0.95, 0.18), math.Max(1, w*0.6), ink)
		art.Line(dst, at(0.8, 0), at(0.95, -0.18), math.Max(1, w*0.6), ink)
		art.Line(dst, at(0.35, 0), at(0.35, -0.2), math.Max(1.2, w*0.8), ink)
	case "launcher":
		art.Line(dst, at(-0.35, 0), at(0.9, 0), w*2.3, ink)
		art.Line(dst, at(-0.35, 0), at(0.9, 0), w*1.1, art.RGB(0x5a5a40))
	case "mortar":
		art.Circle(dst, at(0.55, 0), s*0.2, ink)
		art.Line(dst, ws, at(0.55, 0), w*1.8, ink)
	case "flamer":
		art.Line(dst, ws, at(0.8, 0), w, ink)
		art.Circle(dst, at(-0.32, 0), s*0.16, art.RGB(0x3a2a1a))
		art.Circle(dst, at(0.82, 0), math.Max(1.5, s*0.07), art.RGB(0xff8a30))
	default: // rifle
		art.Line(dst, ws, at(0.98, 0), w, ink)
	}
}

// star draws a five-pointed star (a leader's mark).
func star(dst *ebiten.Image, c art.Pt, r float64, fill, edge color.RGBA) {
	var pts []art.Pt
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := float64(i)*math.Pi/5 - math.Pi/2
		pts = append(pts, art.Pt{X: c.X + math.Cos(a)*rr, Y: c.Y + math.Sin(a)*rr})
	}
	art.FillPoly(dst, pts, fill)
	art.StrokePoly(dst, pts, true, math.Max(1, r*0.12), edge)
}

// markTags are the tokens the table draws for the core's mark kinds: a
// short label on a coloured token, readable without colour. A kind a rule
// set adds that is not here is drawn with the first letters of its label.
var markTags = map[string]struct {
	label string
	col   uint32
}{
	rules.MarkPinned: {"P", 0xe67e22}, rules.MarkSuppressed: {"S", 0xd35400}, rules.MarkShaken: {"Sh", 0xd4a017},
	rules.MarkWounded: {"W", 0xc0392b}, rules.MarkBadWound: {"W!", 0x8e1b10}, rules.MarkStunned: {"St", 0x8e44ad},
	rules.MarkBroken: {"B", 0x7f8c8d}, rules.MarkOutOfAmmo: {"A", 0x555555}, rules.MarkHidden: {"H", 0x27ae60},
	rules.MarkOppFire: {"OF", 0x2980b9}, rules.MarkSurrendered: {"Su", 0xffffff}, rules.MarkRunning: {"R", 0x16a085},
	rules.MarkNeutralised: {"N", 0x6c3483}, rules.MarkAP: {"AP", 0xf2c94c}, rules.MarkMoved: {"M", 0xa0a0a0},
	rules.MarkFired: {"F", 0xa0a0a0}, rules.MarkProne: {"Pr", 0xb8a878}, rules.MarkCrouching: {"Cr", 0xb8a878},
	rules.MarkMorale: {"Mo", 0xd98c3a},
}

// markTag is the token for one mark: its text (with the count where the
// kind has one) and colour.
func markTag(m rules.Mark) (string, uint32) {
	t, ok := markTags[m.Kind]
	if !ok {
		l := m.Label
		if l == "" {
			l = m.Kind
		}
		rs := []rune(strings.ToUpper(l))
		t.label, t.col = string(rs[:min(2, len(rs))]), 0xbdb19a
	}
	if m.Kind == rules.MarkAP || m.N != 0 {
		return fmt.Sprintf("%d", m.N), t.col
	}
	return t.label, t.col
}

// drawMarks puts a row of marker tokens under the base: each kind the
// core knows is a small drawn icon on a token of its colour (a chevron
// for pinned, zigzags for suppressed, a cross for wounded...), a count
// (action points) is its number, and a kind a rule set adds that the
// table does not know is its first letters.
func drawMarks(dst *ebiten.Image, c art.Pt, r float64, marks []rules.Mark) {
	if len(marks) == 0 {
		return
	}
	sz := math.Max(12*art.UIScale, r*0.62)
	drawMarksAt(dst, c.X-r, c.Y+r*1.05, sz, marks)
}

// drawMarksAt draws the row of tokens with its top-left at (x, y).
func drawMarksAt(dst *ebiten.Image, x, y, sz float64, marks []rules.Mark) {
	for _, m := range marks {
		x += drawMarkToken(dst, art.Pt{X: x, Y: y}, sz, m) + 2
	}
}

// drawMarkToken draws one mark's token with its top-left at p and
// returns its width.
func drawMarkToken(dst *ebiten.Image, p art.Pt, sz float64, m rules.Mark) float64 {
	label, col := markTag(m)
	_, known := markTags[m.Kind]
	icon := known && m.Kind != rules.MarkAP && m.N == 0
	w := sz
	if !icon {
		w = math.Max(sz, art.TextW(label, art.BoldFace(sz*0.7/art.UIScale))+sz*0.5)
	}
	art.RoundRect(dst, p.X, p.Y, w, sz, sz*0.28, art.RGB(col))
	art.RectLine(dst, p.X, p.Y, w, sz, 1, art.RGB(0x14110c))
	if !icon {
		art.Say(dst, label, art.BoldFace(sz*0.7/art.UIScale), p.X+w/2, p.Y+sz*0.08, art.RGB(0x101010), 1)
		return w
	}
	c := art.Pt{X: p.X + sz/2, Y: p.Y + sz/2}
	k := sz * 0.3
	ink := art.RGB(0x101010)
	lw := math.Max(1.4, sz*0.11)
	switch m.Kind {
	case rules.MarkPinned: // pressed down: a chevron pointing down over a bar
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y - k*0.6}, art.Pt{X: c.X, Y: c.Y + k*0.2}, lw, ink)
		art.Line(dst, art.Pt{X: c.X, Y: c.Y + k*0.2}, art.Pt{X: c.X + k, Y: c.Y - k*0.6}, lw, ink)
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y + k*0.8}, art.Pt{X: c.X + k, Y: c.Y + k*0.8}, lw, ink)
	case rules.MarkSuppressed: // rounds cracking overhead: two zigzags
		for _, dy := range []float64{-k * 0.45, k * 0.45} {
			pts := []art.Pt{{X: c.X - k, Y: c.Y + dy}, {X: c.X - k*0.5, Y: c.Y + dy - k*0.35}, {X: c.X, Y: c.Y + dy}, {X: c.X + k*0.5, Y: c.Y + dy - k*0.35}, {X: c.X + k, Y: c.Y + dy}}
			for i := 1; i < len(pts); i++ {
				art.Line(dst, pts[i-1], pts[i], lw*0.9, ink)
			}
		}
	case rules.MarkShaken: // an exclamation mark
		art.Line(dst, art.Pt{X: c.X, Y: c.Y - k}, art.Pt{X: c.X, Y: c.Y + k*0.3}, lw*1.2, ink)
		art.Circle(dst, art.Pt{X: c.X, Y: c.Y + k*0.85}, lw*0.8, ink)
	case rules.MarkBroken: // a staff broken in two
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y + k*0.3}, art.Pt{X: c.X - k*0.1, Y: c.Y - k*0.1}, lw, ink)
		art.Line(dst, art.Pt{X: c.X + k*0.1, Y: c.Y + k*0.4}, art.Pt{X: c.X + k, Y: c.Y - k*0.3}, lw, ink)
	case rules.MarkWounded, rules.MarkBadWound: // a cross, white on red
		w2 := lw * 1.3
		if m.Kind == rules.MarkBadWound {
			w2 = lw * 1.9
		}
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y}, art.Pt{X: c.X + k, Y: c.Y}, w2, art.RGB(0xffffff))
		art.Line(dst, art.Pt{X: c.X, Y: c.Y - k}, art.Pt{X: c.X, Y: c.Y + k}, w2, art.RGB(0xffffff))
	case rules.MarkStunned: // a four-pointed star
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y}, art.Pt{X: c.X + k, Y: c.Y}, lw, ink)
		art.Line(dst, art.Pt{X: c.X, Y: c.Y - k}, art.Pt{X: c.X, Y: c.Y + k}, lw, ink)
		art.Line(dst, art.Pt{X: c.X - k*0.6, Y: c.Y - k*0.6}, art.Pt{X: c.X + k*0.6, Y: c.Y + k*0.6}, lw*0.7, ink)
		art.Line(dst, art.Pt{X: c.X - k*0.6, Y: c.Y + k*0.6}, art.Pt{X: c.X + k*0.6, Y: c.Y - k*0.6}, lw*0.7, ink)
	case rules.MarkNeutralised: // a ring struck through
		art.Ring(dst, c, k, lw, ink)
		art.Line(dst, art.Pt{X: c.X - k*0.7, Y: c.Y + k*0.7}, art.Pt{X: c.X + k*0.7, Y: c.Y - k*0.7}, lw, ink)
	case rules.MarkOppFire: // watching: an eye
		art.StrokePoly(dst, ellipse(c, k*1.1, k*0.55, 0, 12), true, lw*0.8, ink)
		art.Circle(dst, c, k*0.32, ink)
	case rules.MarkOutOfAmmo: // an empty magazine, struck out
		art.RectLine(dst, c.X-k*0.4, c.Y-k, k*0.8, k*2, lw*0.8, ink)
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y + k}, art.Pt{X: c.X + k, Y: c.Y - k}, lw, ink)
	case rules.MarkHidden: // a bush
		art.Circle(dst, art.Pt{X: c.X - k*0.45, Y: c.Y + k*0.2}, k*0.5, ink)
		art.Circle(dst, art.Pt{X: c.X + k*0.45, Y: c.Y + k*0.2}, k*0.5, ink)
		art.Circle(dst, art.Pt{X: c.X, Y: c.Y - k*0.3}, k*0.55, ink)
	case rules.MarkSurrendered: // a white flag
		art.Line(dst, art.Pt{X: c.X - k*0.6, Y: c.Y + k}, art.Pt{X: c.X - k*0.6, Y: c.Y - k}, lw, ink)
		art.Rect(dst, c.X-k*0.6, c.Y-k, k*1.5, k*0.9, art.RGB(0xffffff))
		art.RectLine(dst, c.X-k*0.6, c.Y-k, k*1.5, k*0.9, 1, ink)
	case rules.MarkRunning: // >>
		for _, dx := range []float64{-k * 0.5, k * 0.35} {
			art.Line(dst, art.Pt{X: c.X + dx - k*0.35, Y: c.Y - k*0.6}, art.Pt{X: c.X + dx + k*0.25, Y: c.Y}, lw, ink)
			art.Line(dst, art.Pt{X: c.X + dx + k*0.25, Y: c.Y}, art.Pt{X: c.X + dx - k*0.35, Y: c.Y + k*0.6}, lw, ink)
		}
	case rules.MarkMoved: // an arrow
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y}, art.Pt{X: c.X + k, Y: c.Y}, lw, ink)
		art.Line(dst, art.Pt{X: c.X + k, Y: c.Y}, art.Pt{X: c.X + k*0.3, Y: c.Y - k*0.6}, lw, ink)
		art.Line(dst, art.Pt{X: c.X + k, Y: c.Y}, art.Pt{X: c.X + k*0.3, Y: c.Y + k*0.6}, lw, ink)
	case rules.MarkProne: // lying flat: a long low bar
		art.Rect(dst, c.X-k, c.Y+k*0.2, k*2, k*0.5, ink)
		art.Circle(dst, art.Pt{X: c.X + k, Y: c.Y + k*0.45}, k*0.3, ink)
	case rules.MarkCrouching: // bent low: a chevron over a bar
		art.Line(dst, art.Pt{X: c.X - k, Y: c.Y}, art.Pt{X: c.X, Y: c.Y - k*0.7}, lw, ink)
		art.Line(dst, art.Pt{X: c.X, Y: c.Y - k*0.7}, art.Pt{X: c.X + k, Y: c.Y}, lw, ink)
		art.Rect(dst, c.X-k, c.Y+k*0.4, k*2, k*0.4, ink)
	case rules.MarkFired: // a burst
		for a := 0.0; a < math.Pi*2; a += math.Pi / 3 {
			art.Line(dst, art.Pt{X: c.X + math.Cos(a)*k*0.3, Y: c.Y + math.Sin(a)*k*0.3}, art.Pt{X: c.X + math.Cos(a)*k, Y: c.Y + math.Sin(a)*k}, lw*0.8, ink)
		}
	}
	return w
}

// drawMarkLegend lists the marks on the table with their tokens and
// plain words, in a box whose bottom-left is at (x, yBottom). It returns
// the box's height (0 when there is nothing to list).
func drawMarkLegend(dst *ebiten.Image, x, yBottom float64, marks []rules.Mark) float64 {
	return drawMarkLegendAt(dst, x, yBottom-markLegendHeight(marks), marks)
}

func markLegendHeight(marks []rules.Mark) float64 {
	if len(marks) == 0 {
		return 0
	}
	return float64(len(marks))*20*art.UIScale + 30*art.UIScale
}

// drawMarkLegendAt is drawMarkLegend with the box's top-left at (x, y).
func drawMarkLegendAt(dst *ebiten.Image, x, y float64, marks []rules.Mark) float64 {
	if len(marks) == 0 {
		return 0
	}
	row := 20 * art.UIScale
	h := markLegendHeight(marks)
	w := 230 * art.UIScale
	art.RoundRect(dst, x, y, w, h, 6*art.UIScale, art.RGBA(0x1b1610, 215))
	art.Say(dst, "Markers", art.BoldFace(12), x+8*art.UIScale, y+6*art.UIScale, art.RGB(0xf2ead6), 0)
	for i, m := range marks {
		cy := y + 26*art.UIScale + float64(i)*row
		tw := drawMarkToken(dst, art.Pt{X: x + 8*art.UIScale, Y: cy}, 15*art.UIScale, m)
		label := m.Kind
		if m.Kind == rules.MarkAP {
			label = "action points left"
		}
		art.Say(dst, label, art.Face(12), x+16*art.UIScale+tw, cy, art.RGB(0xe8dcc0), 0)
	}
	return h
}
