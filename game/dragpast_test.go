package game

import (
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules/geom"
)

// A man dragged past his allowance through his own team stops at the
// furthest point he may stand on, as F1 says, not refused: Schtz Dietz
// dragged 5" through Albrecht and Engel was told "may move at most 4""
// and stayed, while his friends dragged the same way were shortened to
// 4" (play test 11, ssg-village-patrols). He may pass through friends,
// only not stop on them.
func TestDragPastAllowanceThroughFriendsStops(t *testing.T) {
	g := playedAfter(t, "ssg-village-patrols.toml", "move F15 60.5,23", "move F10 61.84,23.84")
	_, b := deciderTable(g)
	d := g.St.Fig(12)
	if d.Name != "Schtz Dietz" {
		t.Fatalf("the scenario's figures moved: F12 is %s", d.Name)
	}
	b.sel.Mode, b.sel.Sel = view.Selected, d.ID
	b.refresh()
	var path []geom.Pt // the play test's drag: 5.1" west-south-west, across his team
	for s := int64(1); s <= 8; s++ {
		path = append(path, geom.Pt{X: d.Pos.X - 4640*s/8, Y: d.Pos.Y + 2150*s/8})
	}
	if b.g.MoveCheck(d.ID, path).OK {
		t.Fatal("the whole 5.1\" drag is legal: the test does not drag past the allowance")
	}
	fit := b.fitDrop(path)
	if len(fit) == 0 {
		t.Fatalf("letting go moves Dietz nowhere: %s", b.g.MoveCheck(d.ID, path).Why)
	}
	went := view.PathLength(d.Pos, fit) / geom.PerInch
	if went < 3.8 || went > 4.01 {
		t.Errorf("Dietz stops after %.2f\", want just short of his 4\"", went)
	}
	if c := b.g.MoveCheck(d.ID, fit); !c.OK {
		t.Errorf("where he stops is not legal: %s", c.Why)
	}
}
