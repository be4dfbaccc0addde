package rules

import (
	"testing"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// coinState is a small battle's first state built without the scenario
// loader (which lives above the core): two sides of three figures on a
// 24" table, for the core's own tests of states and their copies.
func coinState(t testing.TB) *State {
	t.Helper()
	m, err := terrain.Parse("table.toml", []byte("name = \"Test table\"\n[table]\nwidth = 24\nheight = 24\n"))
	if err != nil {
		t.Fatal(err)
	}
	sc := &Scenario{Name: "Coin skirmish", RuleSet: "coin", BaseR: DefaultBaseR}
	for si, name := range []string{"Blue", "Red"} {
		u := ScenarioUnit{Name: name + " unit"}
		for i := 0; i < 3; i++ {
			u.Figures = append(u.Figures, ScenarioFigure{
				Name: name + string(rune('A'+i)), Weapons: []string{"rifle"},
				Pos: geom.P(float64(4+4*i), float64(4+16*si)), HasPos: true,
			})
		}
		sc.Sides[si] = ScenarioSide{Name: name, Colour: "#2040c0", Units: []ScenarioUnit{u}}
	}
	s, err := NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
