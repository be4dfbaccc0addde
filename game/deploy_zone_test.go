package game

import (
	"image/color"
	"os"
	"strings"
	"testing"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// wandererScenario is the standard game with Red rifle 1 written into
// the middle of the table, outside Red's set-up zone.
func wandererScenario(t *testing.T) []byte {
	t.Helper()
	good, err := os.ReadFile("../scenarios/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(good), "pos = [17.5, 9]", "pos = [17.5, 18]", 1)
	if bad == string(good) {
		t.Fatal("the standard game no longer has a figure at [17.5, 9]")
	}
	return []byte(bad)
}

// The deployment rings a figure that stands outside its side's zone in
// red at once, says so in the bar, and will not let the side be ready
// until it is moved in; then the battle starts with everyone's placing.
func TestDeploymentMarksAFigureOutsideItsZone(t *testing.T) {
	sc, m, err := all.ParseScenario("wanderer.toml", wandererScenario(t), all.MapFinder(nil, "wanderer.toml", content.MapsFS))
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1280, H: 800, speed: 1}
	d := deployFor(t, a, sc, m, 0)
	var wanderer *rules.ScenarioFigure
	d.sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		if f.Name == "Red rifle 1" {
			wanderer = f
		}
	})
	img := render(a, d)
	if len(d.outside) != 1 || d.outside[0] != wanderer {
		t.Fatalf("the figures marked outside the zone: %v", d.outside)
	}
	// the red ring, just beyond the base
	p := d.tv.scr(wanderer.Pos)
	r := figR(d.tv.px(geom.Inches(d.baseR())))
	c := img.At(int(p.X+r+5*art.UIScale), int(p.Y)).(color.RGBA)
	if !(c.R > 180 && c.G < 90 && c.B < 90) {
		t.Errorf("no red ring around %s: the pixel beside its base is %v", wanderer.Name, c)
	}
	// the same ring is on no figure inside the zone
	for _, f := range d.drawn {
		if f == wanderer {
			continue
		}
		q := d.tv.scr(f.Pos)
		if c := img.At(int(q.X+r+5*art.UIScale), int(q.Y)).(color.RGBA); c.R > 180 && c.G < 90 && c.B < 90 {
			t.Errorf("%s, inside the zone, is ringed in red too", f.Name)
		}
	}
	note := d.outsideNote()
	if note != "Red rifle 1 stands outside Red set-up: drag the figure inside before you are ready." {
		t.Errorf("the bar says %q", note)
	}
	// Ready is refused, with a toast naming the figure
	d.ready(a)
	if d.side != 0 || d.curtain || !strings.Contains(a.toast, "Red rifle 1 stands outside Red set-up") {
		t.Fatalf("Ready with a figure out of the zone: side %d, curtain %v, toast %q", d.side, d.curtain, a.toast)
	}
	// moved inside (where a drag would drop it), Red is ready
	in := geom.P(20, 5)
	if why := d.ok(wanderer, in); why != "" {
		t.Fatalf("cannot drop %s at %v: %s", wanderer.Name, in, why)
	}
	wanderer.Pos = in
	d.findOutside() // as every frame does
	render(a, d)
	if len(d.outside) != 0 {
		t.Fatalf("still marked outside: %v", d.outside)
	}
	d.ready(a)
	if d.side != 1 || !d.curtain {
		t.Fatalf("Red's Ready did not pass the table to Blue")
	}
	d.curtain = false
	d.ready(a)
	b, ok := a.scene.(*battle)
	if !ok {
		t.Fatalf("Blue's Ready opened %T, not the battle (dialog %+v)", a.scene, a.dlg)
	}
	for _, f := range b.g.St.Figures {
		if f.Name == "Red rifle 1" && f.Pos != in {
			t.Fatalf("the battle put %s at %v, not where Red deployed it", f.Name, f.Pos)
		}
	}
}

// A figure the scenario places (placed = true) outside its zone is not
// marked, does not stop Ready, and cannot be dragged.
func TestDeploymentLeavesPlacedFiguresAlone(t *testing.T) {
	text := strings.Replace(string(wandererScenario(t)), "  name = \"Red squad\"\n", "  name = \"Red squad\"\n  placed = true\n", 1)
	sc, m, err := all.ParseScenario("placed.toml", []byte(text), all.MapFinder(nil, "placed.toml", content.MapsFS))
	if err != nil || len(sc.ZoneProblems) != 0 {
		t.Fatalf("%v %v", err, sc.ZoneProblems)
	}
	a := &App{W: 1280, H: 800, speed: 1}
	d := deployFor(t, a, sc, m, 0)
	render(a, d)
	if len(d.outside) != 0 {
		t.Fatalf("placed figures marked outside: %v", d.outside)
	}
	d.ready(a)
	if d.side != 1 {
		t.Fatal("Ready refused with only placed figures outside the zone")
	}
}
