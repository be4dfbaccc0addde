package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
)

// A bar button a crowded bar shortened ("1 Gun HE...") shows its whole
// words while pointed at, over the bar (play test 11: hovering a cut
// button said nothing more).
func TestCutButtonShowsItsWholeWords(t *testing.T) {
	a, b, g := restingBattle(t, "skirmish35-panzer.toml")
	for _, v := range g.St.Vehicles {
		if v.Side == g.St.Decider {
			b.selVeh = v.ID
			break
		}
	}
	if b.selVeh == 0 {
		t.Fatal("the Germans have no Panzer to select")
	}
	// (the play test's bar was cut at 1024x640; a narrower window cuts
	// this one)
	cut := -1
	for w := 1024.0; w >= 760 && cut < 0; w -= 32 {
		fitAt(a, b, w, a.H)
		render(a, b) // (lays out the side panel the bar stands beside)
		b.layoutButtons(a)
		for i, bt := range b.buttons {
			if strings.HasSuffix(bt.label, "...") {
				cut = i
				break
			}
		}
	}
	if cut < 0 {
		t.Fatalf("no button is cut down to 760 wide: %s", barLabels(b))
	}
	bt := b.buttons[cut]
	pointerAt = func() (float64, float64) { return bt.x + bt.w/2, bt.y + bt.h/2 }
	defer func() { pointerAt = nil }()
	var said []string
	art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
	render(a, b)
	art.Said = nil
	whole := strings.TrimSuffix(bt.label, "...")
	for _, s := range said {
		if strings.Contains(s, whole) && !strings.HasSuffix(s, "...") && len(s) > len(bt.key+"  "+bt.label) {
			t.Logf("pointed at %q, the bar shows %q", bt.label, s)
			return
		}
	}
	t.Errorf("pointed at %q, its whole words show nowhere: %q", bt.label, said)
}
