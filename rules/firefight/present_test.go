package firefight

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// A wall 2 cm beyond the target: the four "long" deviations put the blast
// behind it, where it cannot reach him; the other six still catch him.
func TestGrenadeOddsBehindAWall(t *testing.T) {
	wall := terrain.Piece{Kind: "high-wall", Path: []geom.Pt{at(20, 78), at(80, 78)}}
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 50, y: 100, leader: true, weapons: []string{"grenade"}}}},
		{side: 1, init: 2, figs: []tfig{{x: 50, y: 80}}},
	}, []terrain.Piece{wall}, 1)
	actNow(s, 0)
	s.Fig(2).SetVar(spotVar(0), 1)
	// 20 cm: base 8, no other modifiers: 13 in 20.
	o, err := New().Odds(s, cmd(t, "fire F1 F2"))
	if err != nil {
		t.Fatal(err)
	}
	p, q := 13.0/20, 7.0/20
	under := q * 6 / 10
	want := map[string]float64{ResMiss: q * 4 / 10, ResSuppressed: p*3/20 + under*(p*3/20+q),
		ResNeutralised: (p + under*p) * 6 / 20, ResWounded: (p + under*p) * 6 / 20, ResKilled: (p + under*p) * 5 / 20}
	checkOdds(t, o, want)
	// Forced: miss (7), deviation 9 (5 cm long): the blast is behind the
	// wall and he is untouched.
	s.Force(7, 9)
	apply(t, s, cmd(t, "fire F1 F2"))
	if Suppressed(s, s.Fig(2)) || Neutralised(s, s.Fig(2)) {
		t.Fatal("the wall should shield him")
	}
}

func TestReactionOdds(t *testing.T) {
	s := two(t, 60, nil)
	u := s.UnitOf(1)
	m := ReactionOdds(s, u, s.Fig(2))
	if m["routs"] != 5 || m["neutralised"] != 5 || m["suppressed"] != 5 || m["ok"] != 5 {
		t.Fatalf("private: %v", m)
	}
	m = ReactionOdds(s, u, s.Fig(1)) // the leader testing: +2
	if m["routs"] != 3 || m["ok"] != 7 {
		t.Fatalf("leader: %v", m)
	}
	neutralise(s, s.Fig(1))
	m = ReactionOdds(s, u, s.Fig(2)) // leader neutralised: -2
	if m["routs"] != 7 || m["ok"] != 3 {
		t.Fatalf("leader down: %v", m)
	}
}

func TestExplainAndCards(t *testing.T) {
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 50, y: 100, leader: true, rating: 2}, {x: 55, y: 100}}},
		{side: 1, init: 2, figs: []tfig{{x: 50, y: 40, leader: true}}},
	}, nil, 2) // cup Blue 1-3, Red 1-2: face 2 is Blue 2
	ex := New().(rules.Explainer).Explain(s)
	if !strings.Contains(ex.Turn, "Blue 2") || ex.Step == "" || ex.End == "" || ex.StepUnit != 1 {
		t.Fatalf("explain %+v", ex)
	}
	var cup *rules.Panel
	for i := range ex.Panels {
		if ex.Panels[i].Kind == rules.PanelChits {
			cup = &ex.Panels[i]
		}
	}
	if cup == nil || len(cup.Items) != 5 || !cup.Items[0].Done || !cup.Items[0].Current || cup.Items[1].Done {
		t.Fatalf("cup %+v", cup)
	}
	found := false
	for _, l := range ex.Lines {
		if strings.Contains(l, "leadership 2") && strings.Contains(l, "25 cm") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no leader line: %v", ex.Lines)
	}
	if c, ok := CommandRadius(s, 1); !ok || c.R != data.Dist.Command.U {
		t.Fatal("command radius")
	}
	apply(t, s, cmd(t, "motivate F1"))
	s.Fig(2).Posture = rules.Prone
	s.Fig(2).Markers |= rules.Suppressed
	s.Fig(2).SetVar(fOpp, 1)
	fi := New().(rules.FigureCarder).Figure(s, 2)
	kinds := map[string]int{}
	for _, m := range fi.Marks {
		kinds[m.Kind] = m.N
	}
	if _, ok := kinds[MarkProne]; !ok || kinds[rules.MarkAP] != 4 {
		t.Fatalf("marks %+v", fi.Marks)
	}
	for _, k := range []string{rules.MarkSuppressed, rules.MarkOppFire} {
		if _, ok := kinds[k]; !ok {
			t.Fatalf("no %s mark: %+v", k, fi.Marks)
		}
	}
	if len(fi.Weapons) != 1 || len(fi.Weapons[0].Bands) != 5 || fi.Weapons[0].Bands[0].Dist != 3937 {
		t.Fatalf("weapons %+v", fi.Weapons)
	}
	if sc := rules.ScaleOf(New()); sc.Format(fi.Weapons[0].Reach()) != "150 cm" {
		t.Fatalf("reach shows %q", sc.Format(fi.Weapons[0].Reach()))
	}
	// Every legal command prints in the notation and reads back.
	for _, c := range New().Legal(s) {
		back, err := rules.ParseCommand(c.String())
		if err != nil || back.String() != c.String() {
			t.Fatalf("%s: %v", c, err)
		}
		if a := rules.ActionOf(New(), s, c); a.Label == "" || a.Kind == "" {
			t.Fatalf("%s: no action label", c)
		}
	}
	if math.Abs(rules.ScaleOf(New()).PerInch-2.54) > 0 {
		t.Fatal("scale")
	}
}

// The data loader refuses a distance whose position units do not match
// its centimetres.
func TestDataRefusesBadDistance(t *testing.T) {
	d := *data
	d.Tables.Dist.Move.U = 1968
	if err := d.check(); err == nil || !strings.Contains(err.Error(), "move") {
		t.Fatalf("a 1968-unit 5 cm passed: %v", err)
	}
	d = *data
	d.Weapons = append([]Weapon(nil), data.Weapons...)
	d.Weapons[0].Bands = append([]Band(nil), d.Weapons[0].Bands...)
	d.Weapons[0].Bands[0].U++
	if err := d.check(); err == nil {
		t.Fatal("a wrong band passed")
	}
}

// A building with an open door: a figure dragged inside goes through the
// door, paying for the way round; the garrison has heavy cover and is
// seen only from where the walls allow.
func TestIntoABuilding(t *testing.T) {
	house := terrain.Piece{Kind: "building", Poly: geom.Polygon{at(40, 40), at(60, 40), at(60, 55), at(40, 55)},
		Doors: []geom.Pt{at(50, 55)}}
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 40, y: 60, leader: true}}},
		{side: 1, init: 2, figs: []tfig{{x: 55, y: 45}}},
	}, []terrain.Piece{house}, 1)
	actNow(s, 0)
	mi := New().MoveCheck(s, 1, []geom.Pt{at(48, 50)})
	if !mi.OK || len(mi.Legs) < 3 {
		t.Fatalf("into the house: %+v", mi)
	}
	if mi.Length <= dist(at(40, 60), at(48, 50)) {
		t.Fatal("the way through the door is longer than the straight line")
	}
	if ci, _ := coverIndex(s, s.Fig(2), at(40, 60)); ci != 2 {
		t.Fatalf("cover inside a building: %d", ci)
	}
	if !New().(rules.Indoors).Indoors() || New().(rules.DoorStater).DoorState(s, terrain.DoorRef{}) != rules.DoorOpen {
		t.Fatal("doors")
	}
}

// The way a move takes is kept for the next time it is asked (the random
// player measures a move, then gives it): asked again it is the same
// answer, its legs are the asker's own to change, and a table whose
// house has no door is not given the way through the other's door.
func TestWayKeptIsTheSameWay(t *testing.T) {
	house := func(doors ...geom.Pt) terrain.Piece {
		return terrain.Piece{Kind: "building", Poly: geom.Polygon{at(40, 40), at(60, 40), at(60, 55), at(40, 55)}, Doors: doors}
	}
	units := []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 40, y: 60, leader: true}}},
		{side: 1, init: 2, figs: []tfig{{x: 90, y: 90}}},
	}
	s, _ := newState(t, units, []terrain.Piece{house(at(50, 55))}, 1)
	actNow(s, 0)
	into := []geom.Pt{at(48, 50)}
	first := New().MoveCheck(s, 1, into)
	if !first.OK || len(first.Legs) < 3 {
		t.Fatalf("into the house: %+v", first)
	}
	again := New().MoveCheck(s, 1, into)
	if !reflect.DeepEqual(first, again) {
		t.Fatalf("asked again: %+v, first %+v", again, first)
	}
	again.Legs[1] = geom.Pt{X: -1, Y: -1} // the asker's own list
	if third := New().MoveCheck(s, 1, into); !reflect.DeepEqual(first, third) {
		t.Fatalf("after the last answer's legs were changed: %+v, first %+v", third, first)
	}
	shut, _ := newState(t, units, []terrain.Piece{house()}, 1)
	actNow(shut, 0)
	if mi := New().MoveCheck(shut, 1, into); mi.OK || len(mi.Legs) != 2 {
		t.Fatalf("into a house with no door: %+v", mi)
	}
}

// A weapon's name keeps its capitals mid-sentence: "Fire light machine
// gun (BAR, Bren, MG34/42 on bipod)", never "(bar, bren, mg34/42...)".
func TestFireButtonKeepsCapitals(t *testing.T) {
	for in, want := range map[string]string{
		"Light machine gun (BAR, Bren, MG34/42 on bipod)": "light machine gun (BAR, Bren, MG34/42 on bipod)",
		"MG42 on tripod":    "MG42 on tripod",
		"Bolt-action rifle": "bolt-action rifle",
	} {
		if got := lowFirst(in); got != want {
			t.Errorf("lowFirst(%q) = %q, want %q", in, got, want)
		}
	}
}
