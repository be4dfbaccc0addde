package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
)

// At 1024x640 the 1/35th inn's side panel (its rules, every figure's
// action points, the price list) left the log a line or two under a card
// (play-test 6). In a short window the phase's rules fold into one line
// that shows them as a card when pointed at, and the log keeps its rows;
// at 1280x800 they stand in full.
func TestShortPanelFoldsTheRules(t *testing.T) {
	a, b, _ := restingBattle(t, "skirmish35-inn.toml")
	if len(b.explain.Lines) == 0 {
		t.Fatal("the phase explains nothing: nothing to fold")
	}
	for _, size := range []struct {
		w, h float64
		fold bool
	}{{1024, 640, true}, {1280, 800, false}} {
		atWindow(t, a, size.w, size.h)
		b.tv.cam.Resize(size.w, size.h)
		b.tv.pads(battlePads())
		dst := ebiten.NewImage(int(size.w), int(size.h))
		var said []string
		art.Said = func(on *ebiten.Image, s string, _, _, _, _ float64) {
			if on == dst {
				said = append(said, s)
			}
		}
		y := b.drawStatus(dst, a)
		art.Said = nil
		all := strings.Join(said, "\n")
		if got := b.rulesHit != nil; got != size.fold {
			t.Fatalf("%vx%v: rules folded %v, want %v (panel %q)", size.w, size.h, got, size.fold, all)
		}
		if size.h-y < minLogH() {
			t.Errorf("%vx%v: the log starts at %.0f, %.0f from the foot; want at least %.0f", size.w, size.h, y, size.h-y, minLogH())
		}
		first := b.explain.Lines[0]
		if strings.Contains(all, first[:20]) == size.fold {
			t.Errorf("%vx%v: the panel (folded %v) says %q", size.w, size.h, size.fold, all)
		}
		if !size.fold {
			continue
		}
		// pointing at the folded line shows the rules
		h := *b.rulesHit
		pointerAt = func() (float64, float64) { return h.x + 10, h.y + h.h/2 }
		render(a, b)
		pointerAt = nil
		if b.cardShown != "How this phase works" || strings.Join(b.cardLines, " ") == "" || !strings.Contains(strings.Join(b.cardLines, " "), first[:20]) {
			t.Errorf("pointing at the folded rules shows %q %q", b.cardShown, b.cardLines)
		}
	}
}
