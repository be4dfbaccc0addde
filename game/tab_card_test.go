package game

import (
	"strings"
	"testing"
)

// Tab kept the card of the man under the pointer (play-test 5): after Tab
// the card is the chosen man's until the pointer moves, then it follows
// the pointer again.
func TestTabShowsTheChosenMansCard(t *testing.T) {
	_, b, g := restingBattle(t, "ssg-standard.toml")
	a := &App{W: 1024, H: 640, speed: 8}
	under := ""
	for _, f := range g.St.Figures {
		if f.Side == g.St.Decider && !f.Removed {
			under, b.hover = f.Name, f.ID
			break
		}
	}
	if under == "" {
		t.Fatal("no figure of the side to play")
	}
	head := func() string {
		b.cardShown = ""
		render(a, b)
		return b.cardShown
	}
	mx, my := cursor()
	if got := head(); !strings.HasPrefix(got, under) {
		t.Skipf("no card drawn for the hovered man with the pointer at %v,%v: %q", mx, my, got)
	}
	b.tab(true, mx, my)
	if b.sel.Sel == 0 {
		t.Fatal("Tab selected no one")
	}
	if b.sel.Sel == b.hover {
		b.tab(true, mx, my) // the next one, not the man under the pointer
	}
	chosen := g.St.Fig(b.sel.Sel).Name
	if got := head(); !strings.HasPrefix(got, chosen) {
		t.Errorf("after Tab chose %s the card is %q", chosen, got)
	}
	b.tab(false, mx, my)
	if got := head(); !strings.HasPrefix(got, chosen) {
		t.Errorf("the pointer has not moved, yet the card is %q, not %s's", got, chosen)
	}
	b.tab(false, mx+5, my)
	if got := head(); !strings.HasPrefix(got, under) {
		t.Errorf("the pointer moved, yet the card is %q, not the hovered %s's", got, under)
	}
}
