package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// The action-point list says what the letter beside a name is: a
// play-tester met "Gefr Adler M" (the MG42 crew's letter on the bases)
// with nothing to say what M was, and "Uffz Haas S SMG" read as code:
// beside each name "(team S, SMG)", under the list "Team S: Schützen".
func TestPointsListExplainsTeamLetters(t *testing.T) {
	g := shippedGame(t, "firefight-mg42-farm-lane.toml", 1)
	_, b := deciderTable(g)
	var items []rules.PanelItem
	want := map[string]string{} // letter: unit name
	for _, f := range g.St.Alive(0) {
		if l := b.letters[f.Unit]; l != "" {
			items = append(items, rules.PanelItem{Side: f.Side, Label: f.Name, Value: 2, Max: 4, Fig: f.ID, Unit: f.Unit})
			want[l] = g.St.UnitOf(f.Unit).Name
		}
	}
	if len(want) < 2 {
		t.Fatalf("side 0 has %d lettered teams: the test needs two", len(want))
	}
	var said []string
	art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
	defer func() { art.Said = nil }()
	b.panelRows(ebiten.NewImage(400, 600), items, 10, 10, 380)
	all := strings.Join(said, " ")
	for l, name := range want {
		if !strings.Contains(all, "Team "+l+": "+name) || !strings.Contains(all, "(team "+l) {
			t.Errorf("the letter %s is not said to be %s: %q", l, name, said)
		}
	}
	if !strings.Contains(all, "letter on each man's base") {
		t.Errorf("the list does not say what its letters are: %q", said)
	}
}
