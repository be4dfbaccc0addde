package scenarios

import (
	"strings"
	"testing"

	"hedgerow/rules"
)

// The terrain card of a piece the scenario made bad going says so (the
// Mechanised Assault's waterlogged South wheat); another field does not.
func TestBadGoingOnTheTerrainCard(t *testing.T) {
	rs, g, m := startGame(t, "smle-mech-assault.toml", 1)
	says := func(name string) (bool, bool) {
		for i, p := range m.Pieces {
			if p.Name == name {
				return strings.Contains(strings.Join(rules.TerrainOf(rs, g.St, i), "\n"), "Bad going"), true
			}
		}
		return false, false
	}
	if bad, found := says("South wheat"); !found || !bad {
		t.Errorf("South wheat's card should say bad going (found %v)", found)
	}
	for _, p := range m.Pieces {
		if p.Name != "South wheat" && p.Name != "" {
			if bad, _ := says(p.Name); bad {
				t.Errorf("%s is not bad going, yet its card says so", p.Name)
			}
		}
	}
}
