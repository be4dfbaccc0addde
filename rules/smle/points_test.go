package smle

import (
	"strings"
	"testing"
)

// The platoon attack priced by the guide: the dug-in Germans pay for
// their foxholes, the platoon HQ for its lieutenant and its mortar.
func TestPointsPlatoonAttack(t *testing.T) {
	sc, m := loadNamed(t, "smle-platoon-attack.toml")
	per, lines := PointsOnMap(sc, m)
	text := strings.Join(lines, "\n")
	for _, want := range []string{
		// 5 figures, the MG 42 counting two: 6 > 3 veterans = 2 teams;
		// x1.5 for the MG 42 (1D+1); section leader, 4 grenades, foxholes.
		"Germans: Stuetzpunkt (veteran, steady, 5 figures): 2 teams' worth x 12 x1.5 better weapons + 6 section leader + 4 grenades + 12 prepared position = 58",
		// The team leader under a section costs nothing extra.
		"Germans: West foxholes (trained, steady, 3 figures): 12 + 1 grenades + 12 prepared position = 25",
		"Germans: total 83 points",
		// Mortar (two dice, support) makes 5 figures count 5: 2 teams, x2.
		"British: Platoon HQ (trained, steady, 4 figures): 2 teams' worth x 12 x2 heavy weapons + 12 platoon leader + 2 grenades = 62",
		"British: 1 Section (trained, steady, 6 figures): 2 teams' worth x 12 + 6 section leader + 3 grenades = 33",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing line %q in\n%s", want, text)
		}
	}
	if per[1] != 83 {
		t.Errorf("German total %d, want 83", per[1])
	}
	// Without the map there are no prepared positions.
	if p, _ := Points(sc); p[1] != 83-24 || p[0] != per[0] {
		t.Errorf("Points without map: %v (with map %v)", p, per)
	}
}

// Elite multiplies, and a lone section leader is priced.
func TestPointsFarmhouse(t *testing.T) {
	sc, _ := loadNamed(t, "smle-farmhouse-rearguard.toml")
	_, lines := Points(sc)
	text := strings.Join(lines, "\n")
	for _, want := range []string{
		"Paratroopers: Assault team (veteran, elite, 3 figures): 12 x2 elite + 6 section leader + 4 grenades = 34",
		"Paratroopers: Gun team (trained, elite, 3 figures): 12 x2 elite x1.5 better weapons + 1 grenades = 37",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing line %q in\n%s", want, text)
		}
	}
}
