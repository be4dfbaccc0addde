package game

import (
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// A deployment is autosaved: after the first side has moved two of its
// figures and passed the table, a new start of the game (as after a
// crash) offers "Resume the deployment?", and Resume brings back the
// second side's deployment behind its curtain with the first side's
// figures where the player put them. The battle's start removes the
// file, so the next start offers the battle, not the deployment.
func TestDeploymentIsAutosavedAndResumed(t *testing.T) {
	a, _ := autosaveApp(t)
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	a.scene = a.deployScene(sc, m)
	d := a.scene.(*deploy)
	var mine []*rules.ScenarioFigure
	d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if s == 0 && !f.Placed && !f.Aboard {
			mine = append(mine, f)
		}
	})
	if len(mine) < 2 {
		t.Fatal("the first side has fewer than two figures it may move")
	}
	// the player swaps two men (each stands where the other stood, in the zone)
	f0, f1 := mine[0], mine[len(mine)-1]
	f0.Pos, f1.Pos = f1.Pos, f0.Pos
	d.autosave(a) // as a drop does
	d.ready(a)    // the table passes to the second side
	if d.side != 1 {
		t.Fatalf("Ready left side %d deploying", d.side)
	}
	want := map[string]rules.ScenarioFigure{f0.Name: *f0, f1.Name: *f1}

	// the game starts again, as after a crash
	b := &App{W: 1280, H: 800, speed: 1, opt: a.opt}
	b.scene = b.firstScene()
	if b.dlg == nil || b.dlg.title != "Resume the deployment?" {
		t.Fatalf("the start offers %+v; want the deployment", b.dlg)
	}
	if !strings.Contains(b.dlg.body, sc.Name) || !strings.Contains(b.dlg.body, sc.Sides[1].Name+" was placing") {
		t.Errorf("the offer says %q; want the scenario and the side that was placing", b.dlg.body)
	}
	dl := b.dlg
	b.dlg = nil
	dl.onClose(0) // Resume
	r, ok := b.scene.(*deploy)
	if !ok {
		t.Fatalf("Resume opened %T, not the deployment", b.scene)
	}
	if r.side != 1 || !r.curtain {
		t.Errorf("resumed with side %d deploying (curtain %v); want the second side behind its curtain", r.side, r.curtain)
	}
	r.sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		if w, ok := want[f.Name]; ok && f.Pos != w.Pos {
			t.Errorf("%s stands at %v after the resume; the player put him at %v", f.Name, f.Pos, w.Pos)
		}
	})
	// the battle starts: the deployment's autosave goes, the battle's comes
	r.curtain = false
	r.ready(b)
	if _, ok := b.scene.(*battle); !ok {
		t.Fatalf("the second Ready opened %T, not the battle", b.scene)
	}
	if content.FileExists(b.deployAutosavePath()) {
		t.Error("the deployment's autosave is still there once the battle has started")
	}
	c := &App{W: 1280, H: 800, speed: 1, opt: a.opt}
	c.scene = c.firstScene()
	if c.dlg == nil || c.dlg.title != "Resume the last battle?" {
		t.Fatalf("after the battle started the next start offers %+v; want the battle", c.dlg)
	}
}
