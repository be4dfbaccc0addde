package game

import (
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/content"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// ridersScenario: a half-track with two men riding in the open drives
// past a sniper on open ground (a rule set whose riders may be shot).
const ridersScenario = `
name = "Riders in the open"
rule_set = "maxim"
map = "woods-and-fields.toml"
turn_limit = 4
base = 0.5

[[side]]
name = "Blue"
colour = "#4b5d3a"

  [[side.unit]]
  placed = true
  name = "Track"
  quality = "regular"

    [[side.unit.figure]]
    name = "Cpl Drury"
    weapons = ["pistol"]
    leader = true

    [[side.unit.figure]]
    name = "Pte Ash"
    weapons = ["rifle"]

    [[side.unit.figure]]
    name = "Pte Birch"
    weapons = ["rifle"]

    [[side.unit.vehicle]]
    name = "Half-track 'Bess'"
    type = "halftrack"
    pos = [4, 46]
    facing = 90
    crew = ["Cpl Drury"]
    passengers = ["Pte Ash", "Pte Birch"]

[[side]]
name = "Red"
colour = "#8e1b10"

  [[side.unit]]
  placed = true
  name = "Post"
  quality = "regular"

    [[side.unit.figure]]
    name = "Schtz Roth"
    weapons = ["sniper-rifle"]
    leader = true
    pos = [14, 42]
`

// ridersGame starts the riders' scenario and plays until the half-track
// has driven and the sniper may take opportunity fire along its drive.
func ridersGame(t *testing.T) *rules.Game {
	t.Helper()
	fsys := fstest.MapFS{"riders.toml": {Data: []byte(ridersScenario)}}
	sc, m, err := all.LoadScenario(fsys, "riders.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	for seed := uint64(1); seed < 20; seed++ {
		g, _, err := rules.NewGame(rs, sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 20 && g.St.Phase != "opportunity" && !g.St.Over; step++ {
			var next *rules.Command
			for _, c := range g.Legal() {
				c := c
				switch {
				case c.Verb == "drive" && len(c.Path) == 0:
					for _, d := range []float64{5, 3, 2} {
						c.Path = []geom.Pt{geom.P(4+d, 46)}
						if g.Refusal(c) == nil {
							next = &c
							break
						}
					}
				case next == nil && (c.Verb == "end" || c.Verb == "pass"):
					next = &c
				}
				if next != nil && next.Verb == "drive" {
					break
				}
			}
			if next == nil {
				break
			}
			if _, err := g.Apply(*next); err != nil {
				t.Fatal(err)
			}
		}
		if g.St.Phase == "opportunity" {
			return g
		}
	}
	t.Fatal("no seed gave the sniper a shot along the drive")
	return nil
}

// A man riding in the open is drawn on his vehicle's deck while the
// player aims at him, and a click on him there gives the rule set's shot
// at him (at the point of the drive it lists), not a shot at the hull.
func TestRiderAimedOnTheDeck(t *testing.T) {
	g := ridersGame(t)
	var riderShot *rules.Command
	for _, c := range g.Legal() {
		if c.Verb == "fire" && len(c.Targets) > 0 && g.St.Carrier(c.Targets[0]) != 0 {
			c := c
			riderShot = &c
			break
		}
	}
	if riderShot == nil {
		t.Fatalf("no shot at a rider is listed: %v", g.Legal())
	}
	a := &App{W: 1280, H: 800, speed: 1}
	b := newBattle(a, g, nil)
	b.tv.cam.Resize(1280, 800)
	b.tv.fit(true)
	b.tv.fitted = true
	b.tv.art.Budget = 0
	b.tl.SkipAll()
	b.shown = g.St.Decider
	rider := g.St.Fig(riderShot.Targets[0])
	if _, ok := b.deckPos(rider); ok {
		t.Fatal("a rider is drawn on the deck before anyone aims at him")
	}
	if p := b.tv.scr(rider.Pos); b.figAt(p.X, p.Y) == rider.ID {
		t.Fatal("a rider can be clicked before anyone aims at him")
	}
	// the sniper's fire button begins aiming
	b.sel.Mode, b.sel.Sel = view.Selected, riderShot.Fig
	if !b.beginAim(*riderShot, b.action(*riderShot)) {
		t.Fatalf("aiming %v refused", riderShot)
	}
	at, ok := b.deckPos(rider)
	if !ok {
		t.Fatal("the rider is not drawn on the deck while aimed at")
	}
	// each rider has his own seat
	for _, id := range g.St.Veh(g.St.Carrier(rider.ID)).Passengers {
		if o := g.St.Fig(id); id != rider.ID && o != nil {
			if q, ok := b.deckPos(o); ok && q == at {
				t.Fatalf("two riders share the seat %v", at)
			}
		}
	}
	if hull := b.vehAt(b.tv.tbl(at.X, at.Y)); hull != g.St.Carrier(rider.ID) {
		t.Fatalf("the rider's seat %v is not on his vehicle's hull", at)
	}
	img := render(a, b)
	saveRidersPNG(t, img)
	hit := b.figAt(at.X, at.Y)
	if hit != rider.ID {
		t.Fatalf("a click on the rider's seat finds F%d, want F%d", hit, rider.ID)
	}
	c := b.sel.Press(view.Hit{Fig: hit, Pt: b.tv.tbl(at.X, at.Y)}, geom.Pt{})
	if c == nil || c.String() != riderShot.String() {
		t.Fatalf("the click gives %v, want %v", c, riderShot)
	}
	if !b.apply(a, *c) {
		t.Fatal("the shot was refused")
	}
	if last := g.Log[len(g.Log)-1]; !strings.HasPrefix(last.String(), "fire ") || last.Targets[0] != rider.ID || len(last.Path) != 1 {
		t.Fatalf("the game played %v", last)
	}
}

// saveRidersPNG keeps the aimed table in out/riders-on-deck.png to look at.
func saveRidersPNG(t *testing.T, img *ebiten.Image) {
	t.Helper()
	dir := filepath.Join("..", "out")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "riders-on-deck.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// A crewman's button for his vehicle's gun aims the gun's own shots: a
// click on an enemy man gives the listed shot at once, not the first of a
// volley of the submachine gun the crewman carries.
func TestCrewGunButtonAimsTheGunsShots(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 18)
	r := rand.New(rand.NewPCG(18, 5))
	checked := 0
	for i := 0; i < 3000 && !g.St.Over && checked < 3; i++ {
		var shot *rules.Command
		for _, c := range g.Legal() {
			if c.Verb == "fire" && c.Arg == "medium-gun" && len(c.Targets) > 0 && g.St.Carrier(c.Fig) != 0 {
				if f := g.St.Fig(c.Fig); len(f.Weapons) > 0 && f.Weapons[0] == "smg" {
					c := c
					shot = &c
					break
				}
			}
		}
		if shot != nil {
			checked++
			a := &App{W: 1280, H: 800, speed: 1}
			b := newBattle(a, g, nil)
			b.tv.cam.Resize(1280, 800)
			b.tv.fit(true)
			b.tv.fitted = true
			b.tl.SkipAll()
			b.shown = g.St.Decider
			b.sel.Mode, b.sel.Sel = view.Selected, shot.Fig
			if !b.beginAim(*shot, b.action(*shot)) {
				t.Fatalf("aiming %v refused", shot)
			}
			tf := g.St.Fig(shot.Targets[0])
			p := b.tv.scr(tf.Pos)
			c := b.sel.Press(view.Hit{Fig: b.figAt(p.X, p.Y), Pt: tf.Pos}, tf.Pos)
			if c == nil || c.String() != shot.String() {
				t.Fatalf("%s: a click on %s gives %v (%d of %d dice placed), want %v", g.St.Phase, tf.Name, c, len(b.sel.Volley), b.sel.Shots, shot)
			}
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		g.Apply(c)
	}
	if checked == 0 {
		t.Fatal("no shot of the Sherman's gun by its commander at a man came up")
	}
}
