package game

import (
	"image/color"
	"math"
	"strconv"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// The sides' colours: the scenario's uniforms, pulled apart when they
// look alike, and the bold rims that tell the sides apart on the cloth.

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
