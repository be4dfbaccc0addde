package skirmish35

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// A man inside the Inn, its one door locked from the start, is refused a
// move out through its wall with the reason: "the door of the Inn is
// locked" (dragged 9" south, Schtz Eck stopped at the wall, and the log
// said only "Schtz Eck moves 1"", play-test 11).
func TestWallSaysTheDoorIsLocked(t *testing.T) {
	sc, m := loadNamed(t, "skirmish35-inn.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.St.Figures {
		f := &g.St.Figures[i]
		if f.Name != "Schtz Eck" {
			continue
		}
		to := geom.Pt{X: f.Pos.X, Y: f.Pos.Y + 9*geom.PerInch}
		info := New().MoveCheck(g.St.Clone(), f.ID, []geom.Pt{to})
		if info.OK || !strings.Contains(info.Why, "the door of the Inn is locked") {
			t.Errorf("Schtz Eck out through the wall: %+v", info.Why)
		}
		return
	}
	t.Fatal("no Schtz Eck")
}
