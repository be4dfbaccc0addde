package maxim

import (
	"strings"
	"testing"

	"hedgerow/rules"
)

// A vehicle card says what its armour numbers are: "front 90, side 38"
// had no unit and no meaning for a play-tester. They stand on the
// weapons table's penetration scale, roughly millimetres of steel, and a
// hit goes through when its penetration is greater.
func TestArmourLineSaysWhatTheNumbersAre(t *testing.T) {
	sc, m := loadScenario(t, "maxim-armour-crossroads.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.St.Vehicles {
		v := &g.St.Vehicles[i]
		vi := Maxim{}.Vehicle(g.St, v.ID)
		var line string
		for _, l := range vi.Lines {
			if strings.HasPrefix(l, "Armour") {
				line = l
			}
		}
		if !strings.Contains(line, "mm of steel") || !strings.Contains(line, "penetration") {
			t.Errorf("%s: armour reads %q", v.Name, line)
		}
	}
}
