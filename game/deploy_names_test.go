package game

import (
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// The Village Patrols: each side is one team, on a map whose strips are
// called "West deployment" and "East deployment". The set-up screen
// marks no team letter on the bases (there is nothing to tell apart),
// and names the British zone as the table writes it, "British set-up",
// in every message: a figure dropped outside, one standing outside.
func TestDeploymentNamesTheZoneBySideAndNoLoneLetter(t *testing.T) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-village-patrols.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1024, H: 640, speed: 1}
	d := deployFor(t, a, sc, m, 0)
	if sc.Sides[0].Name != "British" || d.area[0] == nil || d.area[0].Name != "West deployment" {
		t.Fatalf("the scenario changed: side %q, zone %+v", sc.Sides[0].Name, d.area[0])
	}
	for s := 0; s < 2; s++ {
		if len(sc.Sides[s].Units) != 1 {
			t.Fatalf("side %d has %d teams", s, len(sc.Sides[s].Units))
		}
		if l := d.teamLetter(s, 0); l != "" {
			t.Errorf("side %d's only team is lettered %q on its bases", s, l)
		}
	}
	if d.zoneName() != "British set-up" {
		t.Errorf("the zone is called %q", d.zoneName())
	}
	var man *rules.ScenarioFigure
	d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if s == 0 && man == nil && !f.Placed {
			man = f
		}
	})
	if man == nil {
		t.Fatal("no British figure to move")
	}
	out := geom.P(30, 24)
	why := d.ok(man, out)
	if !strings.Contains(why, "British set-up") || strings.Contains(why, "West deployment") {
		t.Errorf("a drop outside says %q", why)
	}
	man.Pos = out
	d.findOutside() // as every frame does
	if note := d.outsideNote(); !strings.Contains(note, "outside British set-up") || strings.Contains(note, "West") {
		t.Errorf("the bar says %q", note)
	}
}
