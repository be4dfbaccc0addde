package game

import (
	"image/color"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// shippedFiles are the shipped scenarios' files.
func shippedFiles(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir("../scenarios")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".toml") {
			out = append(out, e.Name())
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d shipped scenarios found", len(out))
	}
	return out
}

// checkBases fails when two drawn bases overlap by more than a pixel
// (unless both stand closer than the least base, in a group whose roster
// counts them), when a packed
// group's roster does not count its men, or when a roster plate lies on
// a base (the plates placed as the table places them, on a bare table).
var rosterHead = regexp.MustCompile(`(\d+)(?: of \d+)?`)

func checkBases(t *testing.T, what string, spots []baseSpot, lay baseLayout) {
	t.Helper()
	placeRosters(spots, &lay, nil)
	counted := func(g int) bool {
		return g >= 0 && (strings.Contains(lay.groups[g].label, " men"))
	}
	for i := range spots {
		if spots[i].fixedR > 0 || lay.r[i] < 3.5*art.UIScale {
			if spots[i].fixedR == 0 {
				t.Errorf("%s: base %d drawn %.1f px across: not a countable disc", what, i, 2*lay.r[i])
			}
			continue
		}
		for j := i + 1; j < len(spots); j++ {
			if spots[j].fixedR > 0 || spots[i].removed || spots[j].removed {
				continue
			}
			d := math.Hypot(spots[i].pos.X-spots[j].pos.X, spots[i].pos.Y-spots[j].pos.Y)
			if d < lay.r[i]+lay.r[j]-1 && !(d < 2*minBaseR()+1 && lay.group[i] == lay.group[j] && counted(lay.group[i])) {
				t.Errorf("%s: bases %d and %d (%.1f and %.1f px) overlap, %.1f px apart", what, i, j, lay.r[i], lay.r[j], d)
			}
		}
	}
	for g, gr := range lay.groups {
		// "6 men", "3 of 6 men", "Team A, 5 men", "Teams A 2 of 5, B 1
		// men": the men of the group, counted
		n := 0
		head := strings.Split(gr.label, ":")[0]
		for _, m := range rosterHead.FindAllStringSubmatch(head, -1) {
			c, _ := strconv.Atoi(m[1])
			n += c
		}
		if len(gr.members) > 1 && n != len(gr.members) {
			t.Errorf("%s: group %d of %d men reads %q", what, g, len(gr.members), gr.label)
		}
		for i, s := range spots {
			if gr.box.nearDisc(s.pos, lay.r[i], -1) {
				t.Errorf("%s: the roster %q lies on base %d", what, gr.label, i)
			}
		}
	}
}

// Issue 24 point 3: at the fit-the-table zoom at 1024x640 every shipped
// scenario's figures are distinct bases, at deployment and in battle: no
// two drawn bases overlap (they were drawn at 10 px, larger than to
// scale, so men an inch apart were a heap), each is at least 7 px across,
// and a squad drawn smaller has a roster beside it that counts its men.
func TestBasesCountableAtFitZoom(t *testing.T) {
	plainTable(t)
	grouped := 0
	for _, file := range shippedFiles(t) {
		g := shippedGame(t, file, 1)
		a := &App{W: 1024, H: 640, speed: 8}
		b := newBattle(a, g, nil)
		render(a, b)
		_, spots, lay := b.baseLayout()
		if len(spots) == 0 {
			t.Errorf("%s: no figure drawn", file)
		}
		checkBases(t, file+" in battle", spots, lay)
		// the rosters as drawn: on the table's cloth (not its frame nor
		// past it), on no base and no vehicle
		area := b.tv.rosterArea(a)
		for _, g := range b.rosters {
			p := g.box
			if p.x < area.x-0.5 || p.y < area.y-0.5 || p.x+p.w > area.x+area.w+0.5 || p.y+p.h > area.y+area.h+0.5 {
				t.Errorf("%s: the roster %q at %.0f,%.0f runs off the table (%.0f,%.0f %.0fx%.0f)", file, g.label, p.x, p.y, area.x, area.y, area.w, area.h)
			}
			for _, h := range b.hullPlates() {
				if p.meets(h, 0) {
					t.Errorf("%s: the roster %q lies on a vehicle", file, g.label)
				}
			}
		}
		grouped += len(lay.groups)
		// the same figures at deployment, each side's own view
		sc, m, err := all.LoadScenario(content.ScenariosFS, file, content.MapsFS)
		if err != nil {
			t.Fatal(err)
		}
		for side := 0; side < 2; side++ {
			d := deployFor(t, a, sc, m, side)
			render(a, d)
			_, ds, dl := d.baseLayout()
			checkBases(t, file+" at deployment", ds, dl)
		}
	}
	if grouped == 0 {
		t.Fatal("no packed group at 1024x640: the test looks at nothing")
	}
}

// colourDist is the distance between two colours, as ints.
func colourDist(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return int(math.Sqrt(float64(dr*dr + dg*dg + db*db)))
}

// Issue 24 point 3 and play-test finding 5: on every shipped scenario the
// two sides' bases tell apart at a glance at 1024x640 (US olive and
// Wehrmacht field grey looked alike): the rim drawn on each side's bases,
// read from the painted frame, differs from the other side's by a large
// colour distance, and from the cloth.
func TestSideRimsTellApart(t *testing.T) {
	for _, file := range shippedFiles(t) {
		g := shippedGame(t, file, 1)
		a := &App{W: 1024, H: 640, speed: 8}
		b := newBattle(a, g, nil)
		img := render(a, b)
		ids, spots, lay := b.baseLayout()
		var drawn [2]color.RGBA
		var seen [2]bool
		for side := 0; side < 2; side++ {
			votes := map[color.RGBA]int{}
			for k, s := range spots {
				f := b.st().Fig(ids[k])
				if s.side != side || s.removed || s.fixedR > 0 || f.ID == b.sel.Sel {
					continue
				}
				// the rim, on the base's right (no notch, star or tag there)
				rw := math.Max(2.5, lay.r[k]*0.26)
				x, y := int(math.Round(s.pos.X+lay.r[k]-rw/2)), int(math.Round(s.pos.Y))
				cr, cg, cb, _ := img.At(x, y).RGBA()
				c := color.RGBA{uint8(cr >> 8 &^ 7), uint8(cg >> 8 &^ 7), uint8(cb >> 8 &^ 7), 255}
				votes[c]++
			}
			for c, n := range votes {
				if n > votes[drawn[side]] {
					drawn[side], seen[side] = c, true
				}
			}
		}
		if !seen[0] || !seen[1] {
			// one side is hidden from the other at the start: its rim as
			// a lone figure draws it
			for side := 0; side < 2; side++ {
				if seen[side] {
					continue
				}
				im := ebiten.NewImage(40, 40)
				art.BeginBatch(im, false)
				drawFigure(im, figLook{pos: art.Pt{X: 20, Y: 20}, r: 10, side: sideColour(b.st(), side), rim: rimColour(b.st(), side), sideIdx: side, fade: 1})
				art.EndBatch()
				cr, cg, cb, _ := im.At(28, 20).RGBA()
				drawn[side] = color.RGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), 255}
			}
		}
		if d := colourDist(drawn[0], drawn[1]); d < 150 {
			t.Errorf("%s: the sides' rims %v and %v are only %d apart", file, drawn[0], drawn[1], d)
		}
		for side := 0; side < 2; side++ {
			if d := colourDist(drawn[side], art.ColMat); d < 100 {
				t.Errorf("%s: side %d's rim %v is only %d from the cloth %v", file, side, drawn[side], d, art.ColMat)
			}
		}
	}
}

// Play-test finding 4: in 1/35th's ambush at 1024x640 the Germans' action
// point tokens lay on the next man's base. Laid out (placeMarks), no
// token of a packed group touches another figure's base or another token.
func TestMarkTokensClearOfBases(t *testing.T) {
	g := shippedGame(t, "skirmish35-ambush.toml", 1)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	render(a, b)
	ids, spots, lay := b.baseLayout()
	var looks []figLook
	for k, s := range spots {
		looks = append(looks, figLook{pos: s.pos, r: lay.r[k], grouped: lay.group[k] >= 0, marks: b.shownInfo(ids[k]).Marks})
	}
	ps := placeMarks(looks, nil)
	n := 0
	for i, p := range ps {
		if p.w == 0 {
			continue
		}
		n++
		for j, f := range looks {
			nx := math.Max(p.x, math.Min(f.pos.X, p.x+p.w))
			ny := math.Max(p.y, math.Min(f.pos.Y, p.y+p.h))
			if j != i && math.Hypot(nx-f.pos.X, ny-f.pos.Y) < f.r {
				t.Errorf("figure %d's tokens at %+v lie on figure %d's base", i, p, j)
			}
			if q := ps[j]; j != i && q.w > 0 && p.x < q.x+q.w && q.x < p.x+p.w && p.y < q.y+q.h && q.y < p.y+p.h {
				t.Errorf("figure %d's tokens lie on figure %d's", i, j)
			}
		}
	}
	if n < 3 {
		t.Fatalf("only %d packed figures with tokens: the test looks at nothing", n)
	}
}

// Play-test finding 6: notices keep off the figures. On every shipped
// scenario at 1024x640, a notice shown over the battle (a refusal, the
// autosave's word) covers no figure's base.
func TestToastKeepsOffFigures(t *testing.T) {
	for _, file := range shippedFiles(t) {
		g := shippedGame(t, file, 1)
		a := &App{W: 1024, H: 640, speed: 8}
		b := newBattle(a, g, nil)
		a.scene = b
		a.painted, a.idle.redraw = 1, 1
		a.Toast("Not lost: your earlier unfinished battle (Maxim to Minimi: Armour at the Crossroads, 1944, turn 1, move phase, US Army to play) is kept apart from this new one; Ctrl+O lists it.")
		dst := ebiten.NewImage(1024, 640)
		a.Draw(dst)
		x, y, w, h, _ := a.toastBox()
		for _, q := range b.figBoxes {
			if rectsOverlap(x, y, w, h, q.x, q.y, q.w, q.h) {
				t.Errorf("%s: the notice at %.0f,%.0f %.0fx%.0f covers a figure at %.0f,%.0f", file, x, y, w, h, q.x, q.y)
				break
			}
		}
		if len(b.figBoxes) == 0 {
			t.Errorf("%s: no figure on the table", file)
		}
		// nor a vehicle (an aiming notice sat on the Sherman, play-test 8)
		for _, q := range b.hullBoxes {
			if rectsOverlap(x, y, w, h, q.x, q.y, q.w, q.h) {
				t.Errorf("%s: the notice at %.0f,%.0f %.0fx%.0f covers a vehicle at %.0f,%.0f", file, x, y, w, h, q.x, q.y)
				break
			}
		}
		// nor a team's plate (a refusal at the table's top covered "M×2
		// of 3: 1 GPMG", play-test 7)
		for _, g := range b.rosters {
			if q := g.box; q.w > 0 && rectsOverlap(x, y, w, h, q.x, q.y, q.w, q.h) {
				t.Errorf("%s: the notice at %.0f,%.0f %.0fx%.0f covers the plate %q at %.0f,%.0f", file, x, y, w, h, g.label, q.x, q.y)
				break
			}
		}
	}
}

// Play-test 4: at 1024x640 the 1/35th ambush's German column along the
// road had a numbered action-point token beside every small base, a
// smear where no man could be counted. A man in a packed group shows no
// points token (the side panel lists each man's points); picked, he
// does.
func TestPackedMenShowNoPointTokens(t *testing.T) {
	g := shippedGame(t, "skirmish35-ambush.toml", 1)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	b.tl.SkipAll()
	b.tv.cam.Resize(1024, 640)
	b.tv.fit(true)
	b.shown, b.curtain = g.St.Decider, false
	b.refresh()
	tokens := 0
	art.Said = func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64) {
		// (on the table: not the scale bar's "0" in the room below it)
		bottom := b.tv.scr(geom.Pt{X: b.tv.m.Width, Y: b.tv.m.Height}).Y
		if dst.Bounds().Dx() == 1024 && len(s) == 1 && s >= "0" && s <= "5" && x1 < a.W-b.tv.padR && y0 > b.tv.padT && y1 < bottom {
			tokens++
		}
	}
	defer func() { art.Said = nil }()
	render(a, b) // (the first frame lays out the table)
	tokens = 0
	render(a, b)
	ids, _, lay := b.baseLayout()
	var packed []rules.FigID
	for k, id := range ids {
		if lay.group[k] >= 0 {
			packed = append(packed, id)
		}
	}
	if len(packed) < 3 {
		t.Fatalf("only %d packed men: the test looks at nothing", len(packed))
	}
	if tokens != 0 {
		t.Errorf("%d points tokens drawn on the table beside %d packed men", tokens, len(packed))
	}
	b.sel.Mode, b.sel.Sel = view.Selected, packed[0]
	tokens = 0
	render(a, b)
	if tokens != 1 {
		t.Errorf("the picked man shows %d points tokens, want his 1", tokens)
	}
}

// A roster counts the men of its group in words, says when more of the
// team stand apart, and counts each weapon that sets men apart: "G×4: 1
// SMG" read as an internal code, "6 men: SMG" beside
// a squad of one submachine gun read as six of them, and "3 men" beside
// six men of one squad as a miscount.
func TestRosterSaysPartOfATeamAndCountsWeapons(t *testing.T) {
	spot := func(side int, team, weapon string) baseSpot {
		return baseSpot{side: side, team: team, weapon: weapon}
	}
	squad := []baseSpot{spot(0, "", "smg"), spot(0, "", "rifle"), spot(0, "", "rifle"),
		spot(0, "", "rifle"), spot(0, "", "rifle"), spot(0, "", "pistol"), spot(1, "", "rifle")}
	for _, c := range []struct {
		spots   []baseSpot
		members []int
		want    string
	}{
		{squad, []int{0, 1, 2, 3, 4, 5}, "6 men: 1 SMG"},
		{squad, []int{0, 1, 2}, "3 of 6 men: 1 SMG"},
		{[]baseSpot{spot(0, "A", "lmg"), spot(0, "A", "smg"), spot(0, "A", "smg"), spot(0, "A", "rifle"), spot(0, "B", "rifle"), spot(0, "B", "rifle")},
			[]int{0, 1, 2, 4}, "Teams A 3 of 4, B 1 of 2 men: 1 LMG, 2 SMG"},
		{[]baseSpot{spot(0, "G", "smg"), spot(0, "G", "rifle"), spot(0, "G", "rifle"), spot(0, "G", "rifle"), spot(0, "M", "rifle")},
			[]int{0, 1, 2, 3}, "Team G, 4 men: 1 SMG"},
		{[]baseSpot{spot(0, "W", "rifle"), spot(0, "W", "rifle"), spot(0, "W", "rifle"), spot(0, "W", "rifle")},
			[]int{0, 1, 2}, "Team W, 3 of 4 men"},
	} {
		if got := rosterLabel(c.spots, c.members); got != c.want {
			t.Errorf("roster of %v: %q, want %q", c.members, got, c.want)
		}
	}
}

// A team's letter is its name's initial where the initials tell the
// side's teams apart (the helicopter crew's "A" read as Alpha, Bravo's
// "C" as a third team), else its place in order; one team has none.
func TestTeamLettersAreInitials(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"Helicopter crew", "Alpha fire team", "Bravo fire team"}, "H A B"},
		{[]string{"Rifle team", "Bren team"}, "R B"},
		{[]string{"Rifle team", "Rifle team"}, "A B"},
		{[]string{"1st Squad", "MG42 team"}, "A B"},
		{[]string{"Section"}, ""},
	} {
		if got := strings.Join(sideLetters(c.names), " "); got != c.want {
			t.Errorf("%q: %q, want %q", c.names, got, c.want)
		}
	}
}

// The Panzer at the ford hid the "o" of the place's name, "The f rd"
// (play-test 9): a place's name keeps off the vehicles' hulls as it
// keeps off the figures.
func TestPlaceNamesKeepOffHulls(t *testing.T) {
	plainTable(t)
	a, b, g := restingBattle(t, "skirmish35-panzer.toml")
	st := g.St
	if len(st.Vehicles) == 0 {
		t.Fatal("no vehicle")
	}
	v := &st.Vehicles[0]
	n := 0
	// the Panzer standing in the ford, a small place (play-test 10)
	for _, ar := range st.Map.Areas {
		if ar.Name != "The ford" {
			continue
		}
		var c geom.Pt
		for _, q := range ar.Poly {
			c = c.Add(q)
		}
		p := v.Pose
		p.Pos = geom.Pt{X: c.X / int64(len(ar.Poly)), Y: c.Y / int64(len(ar.Poly))}
		st.MoveVehicle(v.ID, p)
		render(a, b)
		for _, l := range b.labelBoxes {
			for _, h := range b.hullPlates() {
				if l.meets(h, 0) {
					t.Errorf("a name at %.0f,%.0f lies on the %s in the ford", l.x, l.y, v.Name)
				}
			}
		}
		n++
	}
	if n != 1 {
		t.Fatal("no ford on the map")
	}
	for _, ar := range st.Map.Areas {
		if ar.Name == "" || len(ar.Poly) == 0 {
			continue
		}
		// the hull in the area's top-left corner, where its name goes first
		p := v.Pose
		p.Pos = ar.Poly[0]
		for _, q := range ar.Poly {
			p.Pos.X, p.Pos.Y = min(p.Pos.X, q.X), min(p.Pos.Y, q.Y)
		}
		p.Pos = p.Pos.Add(geom.Pt{X: geom.In(2), Y: geom.In(1)})
		st.MoveVehicle(v.ID, p)
		render(a, b)
		for _, l := range b.labelBoxes {
			for _, h := range b.hullPlates() {
				if l.meets(h, 0) {
					t.Errorf("the name of %q at %.0f,%.0f lies on the %s", ar.Name, l.x, l.y, v.Name)
				}
			}
		}
		n++
	}
	if n == 0 {
		t.Fatal("no named place on the map")
	}
}

// A roster wider than its room is shortened, never drawn across the next
// squad: first its weapons go, then its teams.
func TestRosterFitsItsRoom(t *testing.T) {
	w := func(s string) float64 { return float64(len(s)) }
	full := "Teams A 3 of 4, B 1 of 2 men: 1 LMG, 2 SMG"
	for _, c := range []struct {
		room float64
		want string
	}{
		{100, full},
		{30, "Teams A 3 of 4, B 1 of 2 men"},
		{10, "4 men"},
	} {
		if got := fitRoster(full, 4, c.room, w); got != c.want || w(got) > c.room {
			t.Errorf("room %v: %q, want %q", c.room, got, c.want)
		}
	}
}

// A packed pair's team mates standing about it are counted on its plate:
// at 1024x640 "2 of 8 men: 1 SMG" stood beside a ring of eight men of one
// squad (two of them close enough to be drawn small), LMG and all.
func TestRosterCountsTheSquadAroundAPackedPair(t *testing.T) {
	d := art.Device
	r := 10 * d
	xs := []float64{0, 12 * d, 46 * d, 80 * d, 114 * d, 148 * d}
	var spots []baseSpot
	for k, x := range xs {
		w := "rifle"
		if k == 3 {
			w = "lmg"
		}
		spots = append(spots, baseSpot{pos: art.Pt{X: 200*d + x, Y: 200 * d}, team: "", weapon: w})
	}
	spots = append(spots, baseSpot{pos: art.Pt{X: 200 * d, Y: 600 * d}, side: 1, weapon: "rifle"})
	lay := layoutBases(spots, r)
	if len(lay.groups) != 1 || !strings.HasPrefix(lay.groups[0].label, "6 men: 1 LMG") {
		var labels []string
		for _, g := range lay.groups {
			labels = append(labels, g.label)
		}
		t.Errorf("six men of one squad in a line, two packed: plates %q", labels)
	}
}
