package game

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// A shot's nested rings wear one plate that says what they are: under the
// Panzer a play-tester read three plates "A 4"", "B 5"", "C 6"" drawn on
// top of each other, with nothing to say what the letters meant.
func TestBlastRingsOnePlateExplained(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	sc := rules.ScaleOf(g.RS)
	var shapes []rules.Shape
	for i, l := range []string{"A", "B", "C"} {
		c := geom.Circle{R: int64(4+i) * geom.PerInch}
		shapes = append(shapes, rules.Shape{Label: l, Circle: &c})
	}
	got := ringsLabel(shapes, sc)
	for _, want := range []string{"A 4\"", "B 5\"", "C 6\"", "worst nearest the centre"} {
		if !strings.Contains(got, want) {
			t.Errorf("the rings' plate %q lacks %q", got, want)
		}
	}
	if got := ringsLabel(shapes[:1], sc); got != "A 4\"" {
		t.Errorf("one ring reads %q", got)
	}
}
