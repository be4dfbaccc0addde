package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
)

// The initiative dice's labels are whole in the side panel: "British
// raiders: 5 +1 surprise (s…" was cut (play test 11, maxim-trench-raid at
// 1920x1080).
func TestInitiativeLabelsAreWhole(t *testing.T) {
	for _, size := range [][2]float64{{1920, 1080}, {1024, 640}} {
		a, b, _ := restingBattle(t, "maxim-trench-raid.toml")
		fitAt(a, b, size[0], size[1])
		render(a, b)
		var said []string
		art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
		render(a, b)
		art.Said = nil
		all := strings.Join(said, "\\n")
		if !strings.Contains(all, "surprise") {
			t.Fatalf("at %.0fx%.0f the initiative panel does not show the raiders' surprise: %q", a.W, a.H, said)
		}
		for _, s := range said {
			if strings.HasSuffix(s, "…") {
				t.Errorf("at %.0fx%.0f a label is cut: %q", a.W, a.H, s)
			}
		}
	}
}
