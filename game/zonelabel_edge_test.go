package game

import (
	"testing"

	"hedgerow/rules/geom"
)

// With the legend up (G) in battle, a set-up zone's name at the table's
// edge stays whole on the board: "Outpost set-up" ran off the table and
// was cut to "Outpost set-u" under the side panel (play test 11,
// smle-heli-drop at 1024x640).
func TestZoneNamesStayOnTheBoard(t *testing.T) {
	for _, size := range [][2]float64{{1024, 640}, {1920, 1080}} {
		a, b, g := restingBattle(t, "smle-heli-drop.toml")
		fitAt(a, b, size[0], size[1])
		b.tv.legend = true
		render(a, b)
		render(a, b)
		b0, b1 := b.tv.scr(geom.Pt{}), b.tv.scr(geom.Pt{X: g.St.Map.Width, Y: g.St.Map.Height})
		right := min(b1.X, a.W-b.tv.padR)
		if len(b.labelBoxes) == 0 {
			t.Fatalf("at %.0fx%.0f no zone names are drawn with the legend up", a.W, a.H)
		}
		for _, p := range b.labelBoxes {
			if p.x < b0.X || p.x+p.w > right+0.5 || p.y < b0.Y || p.y+p.h > b1.Y+0.5 {
				t.Errorf("at %.0fx%.0f a zone name runs off the board (%.0f..%.0f, board %.0f..%.0f)", a.W, a.H, p.x, p.x+p.w, b0.X, right)
			}
		}
	}
}
