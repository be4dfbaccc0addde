package game

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// At deployment the Sherman of the Crossroads is drawn as its hull and
// placed by dragging it, its centre within the US Army's set-up zone: a
// drop out of the zone or on the squad beside it is refused in words and
// the tank stays put; a drop on open
// ground moves the hull and the crew aboard it. The battle starts with
// the tank there, and the save replays to the same place (the crew's
// placing carries the vehicle's start).
func TestDeploymentDragsAHull(t *testing.T) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "maxim-armour-crossroads.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1280, H: 800, speed: 1}
	d := deployFor(t, a, sc, m, 0)
	var v *rules.ScenarioVehicle
	for ui := range d.sc.Sides[0].Units {
		for k := range d.sc.Sides[0].Units[ui].Vehicles {
			v = &d.sc.Sides[0].Units[ui].Vehicles[k]
		}
	}
	if v == nil {
		t.Fatal("the US Army has no vehicle")
	}
	start := v.Pos
	c := d.tv.scr(start)
	if d.hullAt(c.X, c.Y) != v {
		t.Fatalf("no hull of %s under its centre on screen", v.Name)
	}
	// into the stream, east of the zone's edge: refused
	a.toast = ""
	d.pressHull(a, c.X, c.Y)
	if d.vdrag != v {
		t.Fatalf("a press on %s's hull did not pick it up (toast %q)", v.Name, a.toast)
	}
	w := d.tv.scr(geom.P(13, 22.2))
	d.dropHull(a, w.X, w.Y)
	if v.Pos != start || a.toast == "" || strings.ContainsAny(a.toast, "{}") {
		t.Fatalf("a drop in the stream left %s at %v (from %v), saying %q", v.Name, v.Pos, start, a.toast)
	}
	t.Logf("refused: %s", a.toast)
	// onto the squad standing south of it, in the zone: refused, naming a man
	a.toast = ""
	d.pressHull(a, c.X, c.Y)
	sq := d.tv.scr(geom.P(5.5, 26.75))
	d.dropHull(a, sq.X, sq.Y)
	if v.Pos != start || !strings.Contains(a.toast, "base") {
		t.Fatalf("a drop on the squad left %s at %v (from %v), saying %q", v.Name, v.Pos, start, a.toast)
	}
	t.Logf("refused: %s", a.toast)
	// onto open ground in the zone: the first of a few spots that is free
	var to geom.Pt
	for _, y := range []float64{19, 18, 17, 30, 31, 32} {
		p := geom.P(5, y)
		if d.hullInZone(v, p) && rules.HullProblem(d.sc, d.m, 0, v, p) == "" {
			to = p
			break
		}
	}
	if to == (geom.Pt{}) {
		t.Fatal("no free spot for the hull in the zone")
	}
	d.pressHull(a, c.X, c.Y)
	e := d.tv.scr(to)
	d.dropHull(a, e.X, e.Y)
	if geom.Dist(v.Pos, to) > 60 {
		t.Fatalf("%s dropped at %v stands at %v", v.Name, to, v.Pos)
	}
	for _, f := range rules.VehicleAboard(d.sc, 0, v) {
		if f.Pos != v.Pos {
			t.Errorf("%s, aboard %s, stands at %v, not with the hull at %v", f.Name, v.Name, f.Pos, v.Pos)
		}
	}
	placed := v.Pos
	// both sides ready: the battle starts with the tank where it was put
	d.ready(a)
	d.curtain = false
	d.ready(a)
	b, ok := a.scene.(*battle)
	if !ok {
		t.Fatalf("the second Ready opened %T (dialog %+v)", a.scene, a.dlg)
	}
	find := func(g *rules.Game) geom.Pt {
		for _, bv := range g.St.Vehicles {
			if bv.Name == v.Name {
				return bv.Pos
			}
		}
		t.Fatalf("no %s in the battle", v.Name)
		return geom.Pt{}
	}
	if got := find(b.g); got != placed {
		t.Fatalf("the battle has %s at %v; it was placed at %v", v.Name, got, placed)
	}
	var buf bytes.Buffer
	if err := all.WriteSave(b.g, &buf); err != nil {
		t.Fatal(err)
	}
	g2, _, err := all.Replay(&buf, content.ScenariosFS, content.MapsFS)
	if err != nil {
		t.Fatalf("the save does not replay: %v", err)
	}
	if got := find(g2); got != placed || g2.St.Hash() != b.g.St.Hash() {
		t.Fatalf("the save replays with %s at %v (placed at %v)", v.Name, got, placed)
	}
}

// A helicopter the battle begins off the table is not drawn standing at
// its drop zone at deployment (a play-tester watched it vanish as the
// battle began): the place where it lands is marked, and a click on it
// says it comes in during the battle. A vehicle that starts on the table
// is drawn standing.
func TestHelicopterDropZoneAtDeployment(t *testing.T) {
	a := &App{W: 1280, H: 800, speed: 1}
	for file, want := range map[string]bool{"smle-heli-drop.toml": true, "maxim-armour-crossroads.toml": false} {
		sc, m, err := all.LoadScenario(content.ScenariosFS, file, content.MapsFS)
		if err != nil {
			t.Fatal(err)
		}
		d := deployFor(t, a, sc, m, 0)
		n := 0
		for s := range d.sc.Sides {
			for _, u := range d.sc.Sides[s].Units {
				for _, v := range u.Vehicles {
					n++
					if got := d.startsOffTable(v.Name); got != want {
						t.Errorf("%s: %s starts off the table %v, want %v", file, v.Name, got, want)
					}
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s has no vehicle", file)
		}
		var said []string
		art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
		render(a, d)
		art.Said = nil
		if marked := slices.Contains(said, "Chalk 1 lands here"); marked != want {
			t.Errorf("%s: the drop zone marked %v (%q)", file, marked, said)
		}
	}
}
