package maxim

import (
	"strings"
	"testing"

	"hedgerow/rules"
)

// Where a shot lands is told from the target as the firer sees it (the
// play-test read "bursts at (56.223,17.223)" and "lands 11\" up and left
// of it"): Able throws up the table at Rot, misses (41), and the grenade
// deviates 2" towards the table's right (direction 3), which is Able's
// right too.
func TestLandingIsToldFromTheTarget(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"grenade", "rifle"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 32.5, false},
		{1, "R", "Roth", []string{"rifle"}, 7.5, 32.5, false},
	}, nil)
	phase(g, PhaseOffensive, 0)
	evs := apply(t, g, "fire F1 F2", 41, 3, 2, 1, 1)
	var lands, bursts string
	for _, e := range evs {
		switch {
		case strings.Contains(e.Text, " lands "):
			lands = e.Text
		case e.Kind == "blast":
			bursts = e.Text
		}
	}
	if !strings.HasSuffix(lands, "lands 2\" to the right of Rot") {
		t.Errorf("landing: %q", lands)
	}
	if !strings.HasSuffix(bursts, "bursts 2\" to the right of Rot") {
		t.Errorf("burst: %q", bursts)
	}
	// a hit bursts on the target
	g = table(t, []tf{
		{0, "A", "Able", []string{"grenade", "rifle"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 32.5, false},
	}, nil)
	phase(g, PhaseOffensive, 0)
	evs = apply(t, g, "fire F1 F2", 40, 3, 7)
	for _, e := range evs {
		if e.Kind == "blast" && !strings.HasSuffix(e.Text, "bursts on Rot") {
			t.Errorf("a hit: %q", e.Text)
		}
	}
}

// Odds name units, men and vehicles in words; a name two of them share
// is told apart by side, unit, first man or order, never by a number.
func TestOddsNamesTellSameNamesApart(t *testing.T) {
	s := &rules.State{}
	s.Sides[0], s.Sides[1] = rules.Side{Name: "British"}, rules.Side{Name: "Germans"}
	s.Units = []rules.Unit{{ID: 1, Name: "Rifle team", Side: 0}, {ID: 2, Name: "Rifle team", Side: 0}, {ID: 3, Name: "MG team", Side: 0}, {ID: 4, Name: "MG team", Side: 1}, {ID: 5, Name: "HQ", Side: 1}}
	s.Figures = []rules.Figure{{ID: 1, Name: "Pte Hall", Unit: 1, Removed: true}, {ID: 2, Name: "Cpl Dunn", Unit: 1}, {ID: 3, Name: "Pte Hall", Unit: 2}, {ID: 4, Name: "Lt Bauer", Unit: 5, Side: 1}, {ID: 5, Name: "Pte Hall", Unit: 3}}
	s.Vehicles = []rules.Vehicle{{ID: 1, Name: "Carrier", Side: 0}, {ID: 2, Name: "Carrier", Side: 0}, {ID: 3, Name: "Panzer", Side: 1}, {ID: 4, Name: "Panzer", Side: 0}}
	for _, c := range []struct{ got, want string }{
		{oddsUnit(s, &s.Units[0]), "Rifle team of Cpl Dunn"},
		{oddsUnit(s, &s.Units[1]), "Rifle team of Pte Hall"},
		{oddsUnit(s, &s.Units[3]), "Germans' MG team"},
		{oddsUnit(s, &s.Units[4]), "HQ"},
		{oddsFig(s, &s.Figures[2]), "Pte Hall of Rifle team"},
		{oddsFig(s, &s.Figures[4]), "Pte Hall of British MG team"},
		{oddsFig(s, &s.Figures[3]), "Lt Bauer"},
		{oddsVehicle(s, &s.Vehicles[1]), "Carrier (the second of the name)"},
		{oddsVehicle(s, &s.Vehicles[2]), "Germans' Panzer"},
	} {
		if c.got != c.want {
			t.Errorf("named %q, want %q", c.got, c.want)
		}
	}
}
