package game

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
)

// Weapon tags stay on their base at every zoom: at the fit-the-table
// zoom (bases of the 10 px least) a long tag takes its short form or
// smaller letters within the base's width, or is left off when it could
// not be read; close in, the whole word stands on the base. Drawn, no
// pixel of the tag lies beside the base.
func TestWeaponTagsStayOnTheBase(t *testing.T) {
	c := art.Pt{X: 60, Y: 60}
	for _, tc := range []struct {
		weapon string
		r      float64
		want   string // "" when the tag is left off
	}{
		{"rifle", 10, ""},
		{"smg", 10, "SMG"},
		{"lmg", 10, "LMG"},
		{"sniper-rifle", 10, "SNP"},
		{"mg42", 10, "MG"},
		{"mg42", 14, "MG42"},
		{"sniper-rifle", 30, "SNIPER"},
		{"bren", 30, "BREN"},
		{"sniper-rifle", 6, ""},
	} {
		tag := weaponTag(tc.weapon)
		p, ok := tagPlate(tag, tc.r, c)
		if got := map[bool]string{true: p.tag}[ok]; got != tc.want {
			t.Errorf("%s on a base of %v px: tag %q, want %q", tc.weapon, tc.r, got, tc.want)
			continue
		}
		if !ok {
			continue
		}
		if p.x < c.X-tc.r || p.x+p.w > c.X+tc.r || p.y+p.h > c.Y+tc.r+0.01 || p.fs < minTagPx {
			t.Errorf("%s on a base of %v px: plate %+v overhangs the base at %v", tc.weapon, tc.r, p, c)
		}
		img := ebiten.NewImage(120, 120)
		art.BeginBatch(img, false)
		drawWeaponTag(img, figLook{pos: c, r: tc.r, weapon: tc.weapon, side: color.RGBA{200, 40, 40, 255}})
		art.EndBatch()
		for y := 0; y < 120; y++ {
			for x := 0; x < 120; x++ {
				if _, _, _, a := img.At(x, y).RGBA(); a > 0x2000 && (float64(x) < c.X-tc.r-1 || float64(x) > c.X+tc.r+1) {
					t.Fatalf("%s on a base of %v px: the tag is drawn at %d,%d, beside the base", tc.weapon, tc.r, x, y)
				}
			}
		}
	}
}
