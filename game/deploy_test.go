package game

import (
	"testing"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/terrain"
)

// deployFor opens the deployment scene of a shipped scenario, fitted to a
// 1280x800 window, at the given side's turn to deploy.
func deployFor(t *testing.T, a *App, sc *rules.Scenario, m *terrain.Map, side int) *deploy {
	t.Helper()
	d, ok := a.deployScene(sc, m).(*deploy)
	if !ok {
		t.Fatal("no deployment scene")
	}
	d.side = side
	d.tv.cam.Resize(a.W, a.H)
	d.tv.fit(true)
	d.tv.fitted = true
	d.tv.art.Budget = 0
	return d
}

// In the Ambush the British set up hidden. While the Germans deploy, the
// table shows nothing of them: the German view of the scenario is pixel
// for pixel the German view of the same scenario with no British at all.
func TestAmbushDeploymentShowsTheGermansNoBritish(t *testing.T) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "smle-ambush.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	if !sc.Sides[1].Hidden || sc.Sides[0].Hidden {
		t.Fatal("the Ambush should hide the British (side 1) and not the Germans")
	}
	a := &App{W: 1280, H: 800, speed: 1}
	d := deployFor(t, a, sc, m, 0)
	img := render(a, d)
	var british, german int
	d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if s == 1 {
			british++
		} else {
			german++
		}
		for _, g := range d.drawn {
			if g == f && s == 1 {
				t.Errorf("the German deployment draws British %s", f.Name)
			}
		}
	})
	if len(d.drawn) != german || british == 0 {
		t.Fatalf("drew %d figures; want the %d Germans only (%d British hidden)", len(d.drawn), german, british)
	}
	// the same scene, the same table, with the British taken out
	// altogether (the Germans where they stood)
	full := d.sc
	bare := full.Clone()
	bare.Sides[1].Units = nil
	d.sc = bare
	d2 := d
	img2 := render(a, d2)
	d.sc = full
	p1, p2 := make([]byte, 4*1280*800), make([]byte, 4*1280*800)
	img.ReadPixels(p1)
	img2.ReadPixels(p2)
	// a difference of one level in a channel is the renderer's rounding
	// (seen scattered over the whole table when other tests ran first); a
	// British figure, ring or label drawn would differ far more
	off := func(i int) bool { d := int(p1[i]) - int(p2[i]); return d > 1 || d < -1 }
	differs := false
	for i := range p1 {
		differs = differs || off(i)
	}
	if differs {
		n := 0
		x0, y0, x1, y1 := 1<<30, 1<<30, -1, -1
		for i := range p1 {
			if off(i) {
				n++
				x, y := (i/4)%1280, (i/4)/1280
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
		t.Logf("differences within x %d..%d, y %d..%d", x0, x1, y0, y1)
		t.Errorf("the German view differs in %d bytes from the same table with no British: something of them shows", n)
	}
	// the British, at their turn, see their own figures
	d3 := deployFor(t, a, sc, m, 1)
	render(a, d3)
	if len(d3.drawn) != german+british {
		t.Errorf("the British deployment drew %d figures; want all %d (the Germans are not hidden)", len(d3.drawn), german+british)
	}
}

// In Firefight an enemy is out of sight until spotted, and none is
// spotted at set-up: while the British place their men in the Crossroads
// the screen draws none of the Germans (it drew them where the scenario
// stood them). In the Simple Skirmish Game, whose sides set up in view of
// each other, the screen still draws the enemy.
func TestFirefightDeploymentDrawsNoEnemy(t *testing.T) {
	for _, c := range []struct {
		file  string
		enemy bool
	}{{"firefight-crossroads.toml", false}, {"ssg-standard.toml", true}} {
		sc, m, err := all.LoadScenario(content.ScenariosFS, c.file, content.MapsFS)
		if err != nil {
			t.Fatal(err)
		}
		a := &App{W: 1024, H: 640, speed: 1}
		d := deployFor(t, a, sc, m, 0)
		render(a, d)
		own, enemy := 0, 0
		for _, f := range d.drawn {
			d.sc.EachFigure(func(s, _, _ int, g *rules.ScenarioFigure) {
				if g == f && s == 0 {
					own++
				} else if g == f {
					enemy++
				}
			})
		}
		if own == 0 {
			t.Fatalf("%s: the deploying side's own figures are not drawn", c.file)
		}
		if c.enemy && enemy == 0 {
			t.Errorf("%s: the enemy, in view at set-up, is not drawn", c.file)
		}
		if !c.enemy && enemy > 0 {
			t.Errorf("%s: %s's deployment draws %d enemy figures, though none is spotted yet", c.file, sc.Sides[0].Name, enemy)
		}
	}
}
