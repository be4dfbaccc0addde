package game

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	allrules "hedgerow/rules/all"
)

// Weapon tags stay on their base at every zoom: at the fit-the-table
// zoom (bases of the 10 px least) a long tag takes its short form or
// smaller letters within the base's width, or is left off when it could
// not be read; close in, the whole word stands on the base. Drawn, no
// pixel of the tag lies beside the base.
func TestWeaponTagsStayOnTheBase(t *testing.T) {
	c := art.Pt{X: 60, Y: 60}
	for _, tc := range []struct {
		weapon string
		r      float64
		want   string // "" when the tag is left off
	}{
		{"rifle", 10, ""},
		{"smg", 10, "SMG"},
		{"lmg", 10, "LMG"},
		{"sniper-rifle", 10, "SNP"},
		{"mg42", 10, "MG"},
		{"mg42", 14, "MG42"},
		{"sniper-rifle", 30, "SNIPER"},
		{"bren", 30, "BREN"},
		{"sniper-rifle", 6, ""},
	} {
		tag := weaponTag(tc.weapon)
		p, ok := tagPlate(tag, tc.r, c)
		if got := map[bool]string{true: p.tag}[ok]; got != tc.want {
			t.Errorf("%s on a base of %v px: tag %q, want %q", tc.weapon, tc.r, got, tc.want)
			continue
		}
		if !ok {
			continue
		}
		if p.x < c.X-tc.r || p.x+p.w > c.X+tc.r || p.y+p.h > c.Y+tc.r+0.01 || p.fs < minTagPx {
			t.Errorf("%s on a base of %v px: plate %+v overhangs the base at %v", tc.weapon, tc.r, p, c)
		}
		img := ebiten.NewImage(120, 120)
		art.BeginBatch(img, false)
		drawWeaponTag(img, figLook{pos: c, r: tc.r, weapon: tc.weapon, side: color.RGBA{200, 40, 40, 255}})
		art.EndBatch()
		for y := 0; y < 120; y++ {
			for x := 0; x < 120; x++ {
				if _, _, _, a := img.At(x, y).RGBA(); a > 0x2000 && (float64(x) < c.X-tc.r-1 || float64(x) > c.X+tc.r+1) {
					t.Fatalf("%s on a base of %v px: the tag is drawn at %d,%d, beside the base", tc.weapon, tc.r, x, y)
				}
			}
		}
	}
}

// In a packed group (1/35th's Germans at the ford, bases overlapping at
// the fit-the-table zoom) no weapon tag touches another figure's team
// letter or tag: each finds a clear place, on its base or beside it;
// a figure standing alone keeps its tag in the usual place.
func TestWeaponTagsClearOfNeighbours(t *testing.T) {
	var looks []figLook
	for i := 0; i < 4; i++ {
		looks = append(looks, figLook{pos: art.Pt{X: 100, Y: 60 + 9*float64(i)}, r: 10, weapon: []string{"lmg", "rifle", "smg", "mg42"}[i], team: "A"})
	}
	alone := figLook{pos: art.Pt{X: 300, Y: 60}, r: 10, weapon: "smg", team: "B"}
	looks = append(looks, alone)
	plates := placeTags(looks)
	gap := 1.5 * art.UIScale
	for i, p := range plates {
		if p.tag == "" {
			continue
		}
		for j, f := range looks {
			if j == i {
				continue
			}
			pc, pr, ok := letterPlate(f.team, f.r, f.pos)
			if !ok {
				continue
			}
			nx := math.Max(p.x, math.Min(pc.X, p.x+p.w))
			ny := math.Max(p.y, math.Min(pc.Y, p.y+p.h))
			if math.Hypot(nx-pc.X, ny-pc.Y) < pr+gap {
				t.Errorf("figure %d's tag %q at %+v touches figure %d's team letter", i, p.tag, p, j)
			}
			if q := plates[j]; q.tag != "" && p.x < q.x+q.w+gap && q.x < p.x+p.w+gap && p.y < q.y+q.h+gap && q.y < p.y+p.h+gap {
				t.Errorf("figure %d's tag %q touches figure %d's tag %q", i, p.tag, j, q.tag)
			}
		}
	}
	if want, _ := tagPlate(weaponTag(alone.weapon), alone.r, alone.pos); plates[4] != want {
		t.Errorf("a figure standing alone has his tag at %+v, want its usual place %+v", plates[4], want)
	}
}

// A weapon's tag comes from its own name where the rule set gives one: in
// Maxim's Armour at the Crossroads the US squad's rocket launcher is a
// Bazooka, tagged BAZ on the bases and the roster, in battle and at
// deployment, where it read "RPG" (play-test 4); a weapon with no name of
// its own keeps its tag (an SMG stays SMG), the MG 42 reads MG42.
func TestWeaponTagsFromTheirOwnNames(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	_, spots, lay := b.baseLayout()
	var labels []string
	for _, gr := range lay.groups {
		labels = append(labels, gr.label)
	}
	for i := range spots {
		if lay.group[i] < 0 {
			labels = append(labels, tagOf(spots[i].weapon, spots[i].named))
		}
	}
	all := strings.Join(labels, " | ")
	if !strings.Contains(all, "BAZ") || strings.Contains(all, "RPG") || !strings.Contains(all, "MG42") || !strings.Contains(all, "SMG") {
		t.Errorf("the US squad's tags read %q", all)
	}
	sc, m, err := allrules.LoadScenario(content.ScenariosFS, "maxim-armour-crossroads.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	us := sideNamed(g, "US Army")
	d := deployFor(t, a, sc, m, us)
	render(a, d)
	_, dspots, dlay := d.baseLayout()
	labels = labels[:0]
	for _, gr := range dlay.groups {
		labels = append(labels, gr.label)
	}
	for i := range dspots {
		labels = append(labels, tagOf(dspots[i].weapon, dspots[i].named))
	}
	if dall := strings.Join(labels, " | "); !strings.Contains(dall, "BAZ") || strings.Contains(dall, "RPG") {
		t.Errorf("at deployment the US squad's tags read %q", dall)
	}
}
