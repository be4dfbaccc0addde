package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
)

// At 1920x1080 the Panzer's card (1/35th's Panzer at the Ford) read
// "Aboard: Lt Falk, Uffz Gerber, Gefr Hahn, / Pz.Sch. Ilg and / Pz.Sch.
// Jost" and "LMG / (MG34/42) (hull)" (play-test 9): its lines were
// wrapped twice, and a weapon's name was parted from its bracket. Each
// line of the card wraps once, to the card's width, and every
// crewman's name and every "LMG (MG34/42)" stays on one line.
func TestVehicleCardWrapsOnce(t *testing.T) {
	g := shippedGame(t, "skirmish35-panzer.toml", 1)
	a := &App{W: 1920, H: 1080, speed: 8}
	art.UIScale = windowScale(1920, 1080)
	t.Cleanup(func() { art.UIScale = 1 })
	b := newBattle(a, g, nil)
	b.tv.cam.Resize(1920, 1080)
	b.tv.fit(true)
	b.tl.SkipAll()
	b.shown, b.curtain = g.St.Decider, false
	b.refresh()
	if !b.cardInPanel() {
		t.Fatal("at 1920x1080 the card is not in the side panel")
	}
	v := &g.St.Vehicles[0]
	dst := ebiten.NewImage(1920, 1080)
	var drawn []string
	art.Said = func(on *ebiten.Image, s string, _, _, _, _ float64) {
		if on == dst {
			drawn = append(drawn, s)
		}
	}
	defer func() { art.Said = nil }()
	b.drawVehCard(dst, a, v)
	all := strings.Join(drawn, "\n")
	if !strings.Contains(all, "Aboard: ") {
		t.Fatalf("the card does not say who is aboard: %q", all)
	}
	// the aboard line's words, as one wrap to the card's width gives them
	var aboard []string
	in := false
	for _, l := range drawn {
		in = in || strings.HasPrefix(l, "Aboard: ")
		if in && (strings.HasPrefix(l, "Weapons: ") || strings.HasPrefix(l, "State: ") || l != drawn[0] && strings.HasSuffix(l, ":") && !strings.HasPrefix(l, "Aboard")) {
			break
		}
		if in {
			aboard = append(aboard, l)
		}
	}
	m := 10 * art.UIScale
	once := art.Wrap(strings.Join(aboard, " "), art.Face(13), b.tv.padR-2*m-24*art.UIScale)
	if strings.Join(once, "\n") != strings.Join(aboard[:min(len(aboard), len(once))], "\n") {
		t.Errorf("the aboard line is broken as one wrap would not: %q, not %q", aboard, once)
	}
	for _, name := range []string{"Lt Falk", "Uffz Gerber", "Gefr Hahn", "Pz.Sch. Ilg", "Pz.Sch. Jost"} {
		found := false
		for _, l := range drawn {
			found = found || strings.Contains(l, name)
		}
		if !found {
			t.Errorf("%q is not whole on a line: %q", name, drawn)
		}
	}
	if n := strings.Count(all, "LMG (MG34/42)"); n != strings.Count(strings.ReplaceAll(all, "\n", " "), "LMG (MG34/42)") || n == 0 {
		t.Errorf("a machine gun's name is parted from its bracket: %q", drawn)
	}
}
