package scenario_test

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

// zoneMap: a 36" square table, side 0 sets up in the top 6", side 1 in
// the bottom 6".
const zoneMap = `name = "Zones"
[table]
width = 36
height = 36
[[area]]
name = "North"
kind = "deployment"
side = 0
rect = [0, 0, 36, 6]
[[area]]
name = "South"
kind = "deployment"
side = 1
rect = [0, 30, 36, 6]
`

func zoneScenario(unitExtra, figExtra string) string {
	return `name = "Zone test"
rule_set = "ssg"
map = "zones.toml"

[[side]]
name = "Red"

  [[side.unit]]
  name = "Red team"` + unitExtra + `

    [[side.unit.figure]]
    name = "Red 1"
    pos = [10, 3]

    [[side.unit.figure]]
    name = "Red 2"
    pos = [12, 18]` + figExtra + `

[[side]]
name = "Blue"

  [[side.unit]]
  name = "Blue team"

    [[side.unit.figure]]
    name = "Blue 1"
`
}

func parseZone(t *testing.T, text string) (*rules.Scenario, error) {
	t.Helper()
	sc, _, err := scenario.Parse("zone.toml", []byte(text), func(string) (string, []byte, error) {
		return "zones.toml", []byte(zoneMap), nil
	})
	return sc, err
}

// A figure whose pos is outside its side's set-up zone is noted at its
// pos line (check refuses it; the game lets the players mend it at
// deployment), unless the scenario says it places it there.
func TestFigureOutsideItsZone(t *testing.T) {
	sc, err := parseZone(t, zoneScenario("", ""))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.ZoneProblems) != 1 {
		t.Fatalf("want one figure outside its zone, got %v", sc.ZoneProblems)
	}
	want := `zone.toml:17:5: figure "Red 2" at [12, 18] starts outside its side's set-up zone, "North" (Red): move it inside, or write placed = true on it or its unit if the scenario places it there on purpose`
	if got := sc.ZoneProblems[0].String(); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// a base across the zone's edge is outside too
	sc, _ = parseZone(t, strings.Replace(zoneScenario("", ""), "pos = [10, 3]", "pos = [10, 5.75]", 1))
	if len(sc.ZoneProblems) != 2 {
		t.Fatalf("a base across the edge: %v", sc.ZoneProblems)
	}
	// placed = true on the figure, or on its unit, says the scenario
	// means it
	for _, text := range []string{zoneScenario("", "\n    placed = true"), zoneScenario("\n  placed = true", "")} {
		sc, err := parseZone(t, text)
		if err != nil || len(sc.ZoneProblems) != 0 {
			t.Fatalf("placed = true: %v %v", err, sc.ZoneProblems)
		}
		if f := sc.Sides[0].Units[0].Figures[1]; !f.Placed {
			t.Fatal("the figure is not marked placed")
		}
		if a, out := scenario.OutsideZone(sc, mustMap(t), 0, &sc.Sides[0].Units[0].Figures[1]); out || a != nil {
			t.Fatal("OutsideZone holds a placed figure to the zone")
		}
	}
	// a placed figure needs a pos to stand at
	_, err = parseZone(t, strings.Replace(zoneScenario("", ""), "    name = \"Blue 1\"\n", "    name = \"Blue 1\"\n    placed = true\n", 1))
	if err == nil || !strings.Contains(err.Error(), `zone.toml:25:5: figure "Blue 1" is placed by the scenario (placed = true, on it or its unit) but has no pos = [x, y] to stand at`) {
		t.Fatalf("placed without pos: %v", err)
	}
}

func mustMap(t *testing.T) *terrain.Map {
	t.Helper()
	_, m, err := scenario.Parse("zone.toml", []byte(zoneScenario("", "")), func(string) (string, []byte, error) {
		return "zones.toml", []byte(zoneMap), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
