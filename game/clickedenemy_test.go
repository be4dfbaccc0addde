package game

import (
	"strings"
	"testing"

	"hedgerow/game/view"
)

// A click on an enemy the selected man cannot shoot names that enemy in
// every place: the notice, the card and the bar's hint. The hint spoke of
// the nearest enemy (Red rifle 2) while the notice and the card spoke of
// the one clicked (Red rifle 1) (play test 11, ssg-standard).
func TestClickedEnemyNamedEverywhere(t *testing.T) {
	g := playedAfter(t, "ssg-standard.toml", "end")
	a, b := deciderTable(g)
	f, e := g.St.Fig(10), g.St.Fig(3)
	if f.Name != "Blue rifle 2" || e.Name != "Red rifle 1" {
		t.Fatalf("the scenario's figures changed: F10 %s, F3 %s", f.Name, e.Name)
	}
	b.sel.Mode, b.sel.Sel = view.Selected, f.ID
	b.refresh()
	b.enemyClick(a, e.ID)
	if !strings.Contains(a.toast, "Red rifle 1") {
		t.Fatalf("the notice does not name the man clicked: %q", a.toast)
	}
	if b.sel.Mode == view.Targeting {
		t.Skipf("Blue rifle 2 may shoot Red rifle 1 on this table: %q", a.toast)
	}
	h := b.barHint()
	if !strings.Contains(h, "Red rifle 1") || strings.Contains(h, "Red rifle 2") {
		t.Errorf("the notice names Red rifle 1 (%q), the bar's hint %q", a.toast, h)
	}
}
