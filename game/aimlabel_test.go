package game

import (
	"strings"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
)

// A button that asks for a click on the table next ended in "..."
// ("Fire at...", "Spot..."), which players read as a label cut short. At
// every window size it now says what the click is for ("Spot (1 AP):
// choose target", on a crowded bar "Spot: pick"), and the short label is
// still what a small window shows.
func TestAimButtonsSayAClickComesNext(t *testing.T) {
	for _, file := range []string{"firefight-crossroads.toml", "smle-skirmish.toml", "skirmish35-ford.toml"} {
		g := shippedGame(t, file, 1)
		aimed := 0
		for _, size := range [][2]float64{{1920, 1080}, {1280, 800}, {1024, 640}} {
			a, b := deciderTable(g)
			a.W, a.H = size[0], size[1]
			b.tv.cam.Resize(a.W, a.H)
			b.refresh()
			for _, f := range g.St.Figures {
				if f.Removed || !b.anyFor(f.ID) {
					continue
				}
				kinds := 0
				for _, c := range b.legal {
					if c.Fig == f.ID {
						switch b.action(c).Kind {
						case rules.ActAim, rules.ActPoint, rules.ActLine:
							kinds++
						}
					}
				}
				if kinds == 0 {
					continue
				}
				b.sel.Reset()
				b.sel.Mode, b.sel.Sel = view.Selected, f.ID
				b.layoutButtons(a)
				said := 0
				for _, bt := range b.buttons {
					if bt.label == bt.short+"..." || strings.HasSuffix(bt.short, "...") {
						t.Errorf("%s at %.0fx%.0f, %s selected: a button reads %q (short %q)", file, a.W, a.H, f.Name, bt.label, bt.short)
					}
					for _, w := range []string{": choose target", ", choose target", ": choose spot", ", choose spot", ": choose line", ": pick", ", pick"} {
						if strings.HasSuffix(bt.label, w) {
							said++
							break
						}
					}
				}
				if said == 0 {
					t.Errorf("%s at %.0fx%.0f, %s selected: no button says a click on the table comes next: %q", file, a.W, a.H, f.Name, barLabels(b))
				}
				aimed++
			}
		}
		if aimed == 0 {
			t.Errorf("%s: no figure with an aimed command was tried", file)
		}
	}
	if got := clickNext("Fire at vehicle", rules.ActAim, true); got != "Fire at vehicle: pick" {
		t.Errorf("a short aimed label reads %q", got)
	}
}
