package game

import (
	"image/color"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules/geom"
)

// A leader's command circle is drawn on the board only: Uffz Haas's
// "command 25 cm" ran out over the table's frame at the crossroads'
// edge (play test 11, firefight-crossroads at 1920x1080).
func TestCommandCircleKeepsToTheBoard(t *testing.T) {
	a, b, g := restingBattle(t, "firefight-crossroads.toml")
	fitAt(a, b, 1920, 1080)
	var haas geom.Pt
	for _, f := range g.St.Figures {
		if f.Name == "Uffz Haas" {
			b.sel.Mode, b.sel.Sel, haas = view.Selected, f.ID, f.Pos
		}
	}
	if b.sel.Sel == 0 || len(b.figInfo(b.sel.Sel).Radii) == 0 {
		t.Fatal("no Uffz Haas with a command circle at the crossroads")
	}
	img := render(a, b)
	b1 := b.tv.scr(geom.Pt{X: g.St.Map.Width, Y: g.St.Map.Height})
	c := b.tv.scr(haas)
	R := b.tv.px(geom.Inches(b.figInfo(b.sel.Sel).Radii[0].R))
	if c.X+R <= b1.X {
		t.Fatalf("Haas's circle (%.0f+%.0f) does not reach the board's right edge %.0f here", c.X, R, b1.X)
	}
	blue := 0
	for x := int(b1.X) + 3; x < int(a.W-b.tv.padR); x++ {
		for y := int(c.Y - R); y <= int(c.Y+R); y++ {
			r, gg, bb, _ := img.At(x, y).RGBA()
			if isCircleBlue(color.RGBA{uint8(r >> 8), uint8(gg >> 8), uint8(bb >> 8), 255}) {
				blue++
			}
		}
	}
	if blue > 0 {
		t.Errorf("%d pixels of the command circle lie past the board's edge", blue)
	}
}

func isCircleBlue(c color.RGBA) bool {
	return c.B > 170 && c.G > 130 && int(c.B)-int(c.R) > 50
}
