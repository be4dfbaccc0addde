package game

import (
	"testing"
)

// No card of what is on the table shows while a dialog is up: the Esc
// menu dims the table, and a road's card stood over it (play test 11,
// firefight-crossroads).
func TestNoTableCardUnderADialog(t *testing.T) {
	a, b, g := restingBattle(t, "firefight-crossroads.toml")
	if g.St.Map == nil || len(g.St.Map.Pieces) == 0 {
		t.Fatal("the crossroads have no terrain")
	}
	b.piece = 0
	render(a, b)
	if b.cardShown == "" {
		t.Fatal("the pointer on a terrain piece shows no card: the test does not see cards")
	}
	a.Dialog("Menu", "The battle is autosaved after every command.", []string{"Back to the battle", "Leave to the title"}, nil)
	render(a, b)
	if b.cardShown != "" {
		t.Errorf("with the Esc menu up, the table's card %q still shows", b.cardShown)
	}
}
