package scenarios

import (
	"slices"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// The terrain card's going for a building with doors says how a figure
// gets in under rule sets that let figures go indoors (1/35th Skirmish in
// its own words, doors and windows; S.M.L.E. and Firefight Lite by doors),
// and still says impassable under those that do not; a pond is
// impassable everywhere.
func TestBuildingGoingOnTheTerrainCard(t *testing.T) {
	const (
		plain  = "Going: impassable"
		byDoor = "Going: only by its doors (the walls are impassable)"
		sk35   = "Going: walls impassable; in by its doors (1 AP to open one)"
		window = "or by climbing through a window, as over a wall"
	)
	for _, c := range []struct {
		file, piece string
		want        []string
	}{
		{"skirmish35-inn.toml", "Inn", []string{sk35, window}},
		{"skirmish35-inn.toml", "Barn", []string{sk35}}, // no windows
		{"skirmish35-inn.toml", "Ornamental pond", []string{plain}},
		{"smle-heli-drop.toml", "Inn", []string{byDoor}},
		{"firefight-crossroads.toml", "Inn", []string{byDoor}},
		{"maxim-armour-crossroads.toml", "Inn", []string{plain}},
		{"ssg-village-patrols.toml", "Inn", []string{plain}},
	} {
		rs, g, m := startGame(t, c.file, 1)
		i := slices.IndexFunc(m.Pieces, func(p terrain.Piece) bool { return p.Name == c.piece })
		if i < 0 {
			t.Fatalf("%s: no piece %q", c.file, c.piece)
		}
		lines := rules.TerrainOf(rs, g.St, i)
		// The going lines run from "Going:" to the height line.
		var going []string
		for _, l := range lines {
			if strings.HasPrefix(l, "Height:") {
				break
			}
			if len(going) > 0 || strings.HasPrefix(l, "Going:") {
				going = append(going, l)
			}
		}
		if !slices.Equal(going, c.want) {
			t.Errorf("%s, %s: card %q, want going %q", c.file, c.piece, lines, c.want)
		}
	}
}
