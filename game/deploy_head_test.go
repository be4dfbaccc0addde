package game

import (
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/rules/all"
)

// In the Helicopter Drop the air-mobile section was told to drag figures
// it does not have on the table (they come on by helicopter, play-test
// 6): its head says it has nothing to place, and the Outpost's still asks
// it to place its men.
func TestDeployHeadSaysWhenNothingIsPlaced(t *testing.T) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "smle-heli-drop.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1280, H: 800, speed: 8}
	d := a.deployScene(sc, m).(*deploy)
	heads := map[string]bool{}
	for side := range d.sc.Sides {
		d.side = side
		h := d.headLine()
		heads[h] = true
		t.Logf("%s", h)
	}
	air, drag := false, false
	for h := range heads {
		air = air || strings.Contains(h, "nothing to place") && strings.Contains(h, "Chalk")
		drag = drag || strings.Contains(h, "drag your figures")
	}
	if !air || !drag {
		t.Errorf("the two sides' heads: %v", heads)
	}
}
