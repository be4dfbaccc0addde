package game

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// A figure as the table draws it: its base, rim, shoulders, helmet and
// weapon, its team letter and a leader's star (colours: table_colours.go;
// weapon tags: table_tags.go; markers: table_marks.go).

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
	named    string // the weapon's own name, where the rule set gives one (tagOf)
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
	return math.Max(0.7*art.Device, r*0.08), math.Max(0.6*art.Device, r*0.07)
}

// minFigR is the smallest base radius drawn, in pixels: zoomed far out a
// miniature stays a readable counter instead of shrinking to a speck.
func minFigR() float64 { return 10 * art.Device }

// figR is the base radius on screen for a base of inches radius.
func figR(px float64) float64 { return math.Max(px, minFigR()) }

// drawFigure paints a miniature seen from above on its round base: a
// thick rim in the side colour (notched for the second side, so the sides
// differ in greyscale too), the soldier's shoulders and pack, the helmet,
// the weapon's silhouette pointing where he faces, the team's letter on
// the base, a leader's star, and markers under the rim.
func drawFigure(dst *ebiten.Image, f figLook) {
	f.rim = f.rimOr()
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
	if f.sideIdx == 1 && r >= 8*art.Device {
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
			sc, sr = art.Pt{X: c.X + r*0.45, Y: c.Y - r*0.45}, math.Max(3*art.Device, r*0.6)
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
	if team == "" || r < 9*art.Device {
		return art.Pt{}, 0, false
	}
	return art.Pt{X: c.X - r*0.62, Y: c.Y + r*0.62}, math.Max(5.5*art.Device, r*0.34), true
}

// starAt is where a leader's star stands off a base of radius r at c.
func starAt(r float64, c art.Pt) (art.Pt, float64) {
	return art.Pt{X: c.X + r*0.8, Y: c.Y - r*0.8}, math.Max(5.5*art.Device, r*0.42)
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
