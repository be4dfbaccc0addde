package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// No zone's name plate lies on another's at the deployment of any
// shipped scenario, at 1024x640 and 1920x1080: in the MG42 farm lane the
// Germans' set-up name lay over their home base's.
func TestZoneNamesDoNotOverlap(t *testing.T) {
	checked := 0
	img := ebiten.NewImage(64, 64)
	for _, file := range shippedFiles(t) {
		for _, size := range [][2]float64{{1024, 640}, {1920, 1080}} {
			sc, m, err := all.LoadScenario(content.ScenariosFS, file, content.MapsFS)
			if err != nil {
				t.Fatal(err)
			}
			a := &App{W: size[0], H: size[1], speed: 1}
			for side := range 2 {
				d := deployFor(t, a, sc, m, side)
				// the plates as Draw places them, clear of the figures
				lab := d.labels()
				d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
					if rules.DeployKnown(d.sc, d.side, s) {
						lab.avoid = append(lab.avoid, d.tv.scr(f.Pos))
					}
				})
				drawAreas(img, d.tv, side, lab)
				for i, p := range lab.placed {
					for _, q := range lab.placed[:i] {
						if p.meets(q, 0) {
							t.Errorf("%s at %.0fx%.0f, side %d deploying: two zone names overlap (%+v and %+v)", file, a.W, a.H, side, p, q)
						}
					}
					checked++
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d zone names looked at", checked)
	}
}
