package maxim

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// A man refused a shot for want of sight is told what is in the way:
// "Schtz Kurz cannot see Pte Carew." gave no cause (play-test 11), where
// other games say "the hill (Knoll) stands between them".
func TestCannotSeeSaysWhatIsInTheWay(t *testing.T) {
	sc, m := loadScenario(t, "maxim-trench-raid.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.St
	for i := range s.Figures {
		f := &s.Figures[i]
		w, _, err := firingWeapon(s, f, "")
		if err != nil || f.Removed {
			continue
		}
		for j := range s.Figures {
			e := &s.Figures[j]
			if e.Side == f.Side || e.Removed || !geom.WithinDist(f.Pos, e.Pos, w.Reach()) {
				continue
			}
			if _, ok := sight(s, f.Pos, e.Pos); ok {
				continue
			}
			_, _, _, err := targetMods(s, f, w, e, e.Pos, false)
			if err == nil || !strings.Contains(err.Error(), " stands between them") {
				t.Fatalf("%s at %s: %v", f.Name, e.Name, err)
			}
			t.Log(err)
			return
		}
	}
	t.Fatal("no man in range of an enemy he cannot see")
}
