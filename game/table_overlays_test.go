package game

import (
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// overlaid lays the given things on the table of any rule set (the
// core's Overlayer hook), whatever side asks.
type overlaid struct {
	rules.RuleSet
	ov []rules.Overlay
}

func (o overlaid) Overlays(*rules.State, int) []rules.Overlay { return o.ov }

// spread is how far a pixel is from grey (its channels' spread).
func spread(c color.RGBA) int {
	return int(max(c.R, c.G, c.B)) - int(min(c.R, c.G, c.B))
}

// What the rule set says lies on the table is painted there: a grey
// cloud over the grass, a line of fire in its side's colour, a grenade
// with its olive body; another side's secret is not drawn at all.
func TestOverlaysFromTheHookAreDrawn(t *testing.T) {
	a, b := newTestBattle(t)
	b.shown, b.curtain = 0, false
	b.tl.SkipAll()
	st := b.st()
	clear := func(p geom.Pt) bool {
		for _, f := range st.Figures {
			if geom.WithinDist(f.Pos, p, 5*geom.PerInch) {
				return false
			}
		}
		return true
	}
	var spots []geom.Pt
	for y := 6.0; y < 44 && len(spots) < 4; y += 6 {
		for x := 6.0; x < 66 && len(spots) < 4; x += 9 {
			if p := geom.P(x, y); clear(p) && (len(spots) == 0 || !geom.WithinDist(spots[len(spots)-1], p, 8*geom.PerInch)) {
				spots = append(spots, p)
			}
		}
	}
	if len(spots) < 4 {
		t.Fatalf("no room on the table: %v", spots)
	}
	smoke, grenade, secret := geom.Circle{C: spots[0], R: 2 * geom.PerInch}, geom.Circle{C: spots[2], R: 2 * geom.PerInch}, geom.Circle{C: spots[3], R: 2 * geom.PerInch}
	lineA, lineB := spots[1].Add(geom.P(-2, 0)), spots[1].Add(geom.P(2, 0))
	before := render(a, b)
	b.g.RS = overlaid{RuleSet: b.g.RS, ov: []rules.Overlay{
		{Kind: rules.OverSmoke, Side: -1, Circle: &smoke, Turns: 3, Label: "smoke"},
		{Kind: rules.OverFireLine, Side: 1, Path: []geom.Pt{lineA, lineB}, Label: "line"},
		{Kind: rules.OverGrenade, Side: 1, Circle: &grenade, Label: "grenade"},
		{Kind: rules.OverRound, Side: 1, Circle: &secret, Secret: true, Label: "plotted"},
	}}
	after := render(a, b)
	at := func(img interface{ At(x, y int) color.Color }, p geom.Pt) color.RGBA {
		s := b.tv.scr(p)
		return img.At(int(s.X), int(s.Y)).(color.RGBA)
	}
	// the cloud: the grass under it turns grey
	if c0, c1 := at(before, smoke.C.Add(geom.P(-1, 0))), at(after, smoke.C.Add(geom.P(-1, 0))); spread(c1) >= spread(c0)/2 || c1 == c0 {
		t.Errorf("smoke: %v over %v is not a grey cloud", c1, c0)
	}
	// the line: its side's colour along it (between the chevrons, on a dash)
	side := sideColour(st, 1)
	found := false
	for k := int64(0); k <= 40 && !found; k++ {
		p := geom.Pt{X: lineA.X + (lineB.X-lineA.X)*k/40, Y: lineA.Y}
		c := at(after, p)
		found = c != at(before, p) && absInt(int(c.R)-int(side.R)) < 24 && absInt(int(c.G)-int(side.G)) < 24 && absInt(int(c.B)-int(side.B)) < 24
	}
	if !found {
		t.Errorf("no stretch of the line of fire is painted in its side's colour %v", side)
	}
	// the grenade: an olive body at its spot
	if c := at(after, grenade.C); !(c.G > c.B && c.G > c.R && c.G < 0x90) {
		t.Errorf("grenade body at %v is %v, not olive", grenade.C, c)
	}
	// the other side's secret round: nothing drawn
	if c0, c1 := at(before, secret.C), at(after, secret.C); c0 != c1 {
		t.Errorf("the other side's plotted round is drawn: %v became %v", c0, c1)
	}
	// the card of a thing under the pointer says what it is
	if o, ok := b.overlayAt(grenade.C); !ok || o.Kind != rules.OverGrenade {
		t.Errorf("pointing at the grenade finds %+v", o)
	}
	if o, ok := b.overlayAt(secret.C); ok {
		t.Errorf("pointing at the secret finds %+v", o)
	}
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Suppressive fire is laid from the bar by clicking the line's two ends:
// the rule set checks the line as the pointer moves (a line too long is
// refused with its reason), and the two clicks give the command with both
// ends, which then lies on the table as a line of fire.
func TestSuppressiveLineAimedOnTheTable(t *testing.T) {
	g := shippedGame(t, "skirmish35-ford.toml", 3)
	var offered *rules.Command
	for i := 0; i < 12 && offered == nil; i++ {
		for _, c := range g.Legal() {
			if c.Verb == "suppress" {
				c := c
				offered = &c
				break
			}
		}
		if offered != nil {
			break
		}
		for _, c := range g.Legal() {
			if c.Verb == "acquire" && len(c.Targets) == 0 {
				g.Apply(c)
				break
			}
		}
	}
	if offered == nil {
		t.Fatal("no suppressive fire offered in the ford's first turn")
	}
	a := &App{W: 1280, H: 800, speed: 1}
	b := newBattle(a, g, nil)
	b.tv.cam.Resize(1280, 800)
	b.tv.fit(true)
	b.tl.SkipAll()
	b.sel.Mode, b.sel.Sel = view.Selected, offered.Fig
	b.layoutButtons(a)
	pressed := false
	for i, bt := range b.buttons {
		if strings.HasPrefix(bt.label, "Suppressive fire") || strings.HasPrefix(bt.label, "Suppress") {
			b.bcmds[i]()
			pressed = true
			break
		}
	}
	if !pressed || b.sel.Mode != view.Targeting || !b.sel.Line {
		t.Fatalf("the bar's suppressive fire button did not begin a line (pressed %v, %+v)", pressed, b.sel)
	}
	ends := offered.Path
	b.sel.Press(view.Hit{Pt: ends[0]}, geom.Pt{})
	// too long: the rule set's reason, checked as the pointer moves
	far := ends[0].Add(geom.P(0, -20))
	b.updateAim(far)
	if b.aimAt == nil || b.aimErr == nil || !strings.Contains(b.aimErr.Error(), "long") {
		t.Fatalf("a 20\" line: pending %+v, refusal %v", b.aimAt, b.aimErr)
	}
	b.updateAim(ends[1])
	if b.aimAt == nil || b.aimErr != nil {
		t.Fatalf("the offered line is refused while aimed: %v", b.aimErr)
	}
	render(a, b) // the line drawn as it is aimed
	c := b.sel.Press(view.Hit{Pt: ends[1]}, geom.Pt{})
	if c == nil || c.Verb != "suppress" || c.Fig != offered.Fig || len(c.Path) != 2 || c.Path[0] != ends[0] || c.Path[1] != ends[1] {
		t.Fatalf("two clicks gave %+v, want %s", c, offered)
	}
	if !b.apply(a, *c) {
		t.Fatalf("%s refused", c)
	}
	b.tl.SkipAll() // the table shows the line once the command has played
	for _, an := range b.tl.Step(0) {
		b.finished(an)
	}
	b.settle()
	if b.before != nil {
		t.Fatalf("still showing the state before the command")
	}
	var line *rules.Overlay
	for _, o := range b.overlays() {
		if o.Kind == rules.OverFireLine {
			line = &o
		}
	}
	if line == nil || line.Path[0] != ends[0] || line.Path[1] != ends[1] {
		t.Fatalf("no line of fire lies on the table: %+v", b.overlays())
	}
}

// A weapon fired at a point (in Maxim: a gun's shell, a grenade, a
// mortar) is aimed at bare ground from its own button: the click on open
// ground gives the shot with that weapon at that point, which the rules
// take.
func TestGroundShotFromTheWeaponsButton(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 5)
	r := rand.New(rand.NewPCG(5, 5))
	var shot *rules.Command
	var act rules.Action
	for i := 0; i < 3000 && shot == nil && !g.St.Over; i++ {
		for _, c := range g.Legal() {
			if c.Verb != "fire" || c.Arg == "" || len(c.Targets) == 0 {
				continue
			}
			if a := rules.ActionOf(g.RS, g.St, c); a.Ground {
				c, a := c, a
				shot, act = &c, a
				break
			}
		}
		if shot != nil {
			break
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		g.Apply(c)
	}
	if shot == nil {
		t.Fatal("no weapon in the game offers a shot at the ground")
	}
	a := &App{W: 1280, H: 800, speed: 1}
	b := newBattle(a, g, nil)
	b.tv.cam.Resize(1280, 800)
	b.tv.fit(true)
	b.tl.SkipAll()
	b.sel.Mode, b.sel.Sel = view.Selected, shot.Fig
	b.layoutButtons(a)
	pressed := false
	for i, bt := range b.buttons {
		if strings.HasPrefix(bt.label, act.Label) || strings.HasPrefix(bt.label, act.Short) {
			b.bcmds[i]()
			pressed = true
			break
		}
	}
	if !pressed || b.sel.Mode != view.Targeting || !b.sel.Ground {
		t.Fatalf("%q did not begin aiming at the ground (pressed %v, %+v)", act.Label, pressed, b.sel)
	}
	// a point just beside the target, where no figure stands
	target := g.St.Fig(shot.Targets[0])
	var at geom.Pt
	for _, d := range []geom.Pt{geom.P(1, 0), geom.P(-1, 0), geom.P(0, 1), geom.P(0, -1)} {
		p := target.Pos.Add(d)
		if g.Refusal(rules.Command{Verb: "fire", Fig: shot.Fig, Arg: shot.Arg, Path: []geom.Pt{p}}) == nil {
			at = p
			break
		}
	}
	if at == (geom.Pt{}) {
		t.Fatalf("no point beside %s takes %s", target.Name, shot)
	}
	b.updateAim(at)
	if b.aimAt == nil || b.aimErr != nil {
		t.Fatalf("aiming at %v: %+v, %v", at, b.aimAt, b.aimErr)
	}
	// the burst drawn where aimed, its words on a dark plate: bare, they
	// stood over the map's place names and read as neither (play-test 8)
	var box [4]float64
	art.Said = func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64) {
		if strings.Contains(s, "\"") && dst.Bounds().Dx() == 1280 && box == [4]float64{} && !strings.Contains(s, "Range") {
			box = [4]float64{x0, y0, x1, y1}
		}
	}
	img := render(a, b)
	art.Said = nil
	if box == [4]float64{} {
		t.Fatal("the burst where aimed is drawn without its size in words")
	}
	px := img.At(int(box[0])-2, int((box[1]+box[3])/2)).(color.RGBA)
	if int(px.R)+int(px.G)+int(px.B) > 3*70 {
		t.Errorf("the burst's words at %.0f,%.0f stand on %v, not on a dark plate", box[0], box[1], px)
	}
	c := b.sel.Press(view.Hit{Pt: at}, geom.Pt{})
	if c == nil || c.Verb != "fire" || c.Fig != shot.Fig || c.Arg != shot.Arg || len(c.Targets) != 0 || len(c.Path) != 1 || c.Path[0] != at {
		t.Fatalf("a click on the ground gave %+v, want fire F%d %v %s", c, shot.Fig, at, shot.Arg)
	}
	if !b.apply(a, *c) {
		t.Fatalf("%s refused", c)
	}
	t.Logf("offered %s; the ground shot %s", shot, c)
}
