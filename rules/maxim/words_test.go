package maxim

import (
	"strings"
	"testing"
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
