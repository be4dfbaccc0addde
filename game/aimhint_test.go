package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
)

// While aiming, the bar says what Enter and Esc do: Enter never ends the
// turn then, and a player who pressed it and saw nothing happen was left
// guessing (play test 11, smle-skirmish).
func TestAimingHintSaysEnterAndEsc(t *testing.T) {
	g := shippedGame(t, "smle-skirmish.toml", 1)
	a, b := deciderTable(g)
	a.W, a.H = 1920, 1080
	b.tv.cam.Resize(1920, 1080)
	b.tv.fit(true)
	for _, f := range g.St.Figures {
		if f.Side == g.St.Decider {
			b.sel.Mode, b.sel.Sel = view.Selected, f.ID
			break
		}
	}
	b.refresh()
	b.sel.Mode, b.sel.Verb = view.Targeting, "fire"
	var said []string
	art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
	render(a, b)
	art.Said = nil
	all := strings.Join(said, " ")
	for _, w := range []string{"press Enter", "Esc stops aiming."} {
		if !strings.Contains(all, w) {
			t.Errorf("aiming, the bar does not say %q; it said %q", w, b.barHint())
		}
	}
	if strings.Contains(all, "Targeting:") {
		t.Errorf("the bar names the mode in our words, not %q", b.barHint())
	}
}
