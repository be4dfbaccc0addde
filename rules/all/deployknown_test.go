package all_test

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/scenarios"
)

// While a side sets up, it sees the enemy's figures only where its rule
// set's book has the sides in view of each other at set-up: in Firefight
// an enemy is out of sight until spotted, so the British placing their
// men saw none of the Germans (they stood on the deployment screen where
// the scenario put them); in the other rule sets a side not set up hidden
// stays in view.
func TestDeployingSideSeesEnemyOnlyWhereTheBookSays(t *testing.T) {
	ff, open := 0, 0
	for _, name := range scenarios.Names() {
		sc, _, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for viewer := 0; viewer < 2; viewer++ {
			seen, enemies := 0, 0
			sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
				if s == viewer {
					if !rules.DeployKnown(sc, viewer, s) {
						t.Errorf("%s: side %d does not see its own %s at set-up", name, viewer, f.Name)
					}
					return
				}
				enemies++
				if rules.DeployKnown(sc, viewer, s) {
					seen++
				}
			})
			switch {
			case strings.HasPrefix(sc.RuleSet, "firefight"):
				ff++
				if seen > 0 {
					t.Errorf("%s: side %s sees %d of the enemy's %d figures while setting up; in Firefight an enemy is out of sight until spotted", name, sc.Sides[viewer].Name, seen, enemies)
				}
			case !sc.Sides[1-viewer].Hidden:
				open++
				if seen != enemies {
					t.Errorf("%s: side %s sees %d of the enemy's %d figures while setting up; the book has both sides in view", name, sc.Sides[viewer].Name, seen, enemies)
				}
			}
		}
	}
	if ff == 0 || open == 0 {
		t.Fatalf("no Firefight scenario (%d) or no open set-up (%d) was tried", ff, open)
	}
}
