package scenario_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/internal/coingame"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

func loadText(t testing.TB, text string) (*rules.Scenario, error) {
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(text)}
	sc, _, err := scenario.Load(fsys, "s.toml", nil)
	return sc, err
}

func problems(t *testing.T, err error) []terrain.Problem {
	t.Helper()
	var le *terrain.LoadError
	if !errors.As(err, &le) {
		t.Fatalf("want a *terrain.LoadError, got %v", err)
	}
	return le.Problems
}

func TestScenarioLoads(t *testing.T) {
	coingame.WithCoin(t)
	sc, err := loadText(t, coingame.ScenarioText)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "Coin skirmish" || sc.RuleSet != "coin" || sc.TurnLimit != 6 || sc.Victory.Losses != 3 ||
		sc.Sides[1].Name != "Red" || len(sc.Sides[0].Units[0].Figures) != 3 || sc.Sides[0].Units[0].Figures[0].Pos != geom.P(4, 20) ||
		sc.Sides[1].Units[0].Figures[2].Posture != rules.Prone || len(sc.Hash) != 64 {
		t.Fatalf("loaded %+v", sc)
	}
	// The hash covers the map too.
	fsys := coingame.FS()
	fsys["table.toml"] = &fstest.MapFile{Data: []byte(coingame.MapText + "\n# a comment\n")}
	sc2, _, err := scenario.Load(fsys, "coin.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if sc2.Hash == sc.Hash {
		t.Fatal("changing the map did not change the scenario hash")
	}
}

func TestScenarioErrors(t *testing.T) {
	coingame.WithCoin(t)
	cases := []struct {
		name, edit, with string
		line, col        int
		msg              string
	}{
		{"unknown top key", `turn_limit = 6`, `turn_limt = 6`, 4, 1, `unknown key "turn_limt" in the top level of the scenario (did you mean "turn_limit"?)`},
		{"unknown rule set", `rule_set = "coin"`, `rule_set = "coyn"`, 2, 1, `unknown rule set "coyn" (did you mean "coin"?)`},
		{"unknown map", `map = "table.toml"`, `map = "tabel.toml"`, 3, 1, `there is no map "tabel.toml"`},
		{"wrong type", `turn_limit = 6`, `turn_limit = "six"`, 4, 1, `turn_limit must be a whole number, not text`},
		{"unknown area", `deployment = "south"`, `deployment = "sooth"`, 12, 1, `has no area called "sooth" (did you mean "south"?)`},
		{"off table", `pos = [4, 20]`, `pos = [4, 23.8]`, 18, 5, `figure "Able" at [4, 23.8] is off the table`},
		{"impassable", `pos = [4, 20]`, `pos = [12, 12]`, 18, 5, `stands in impassable terrain`},
		{"figure key", `leader = true`, `leeder = true`, 17, 5, `unknown key "leeder" in a figure (did you mean "leader"?)`},
		{"posture", `posture = "prone"`, `posture = "lying"`, 35, 5, `posture must be standing, crouching or prone`},
		{"colour", `colour = "#c02020"`, `colour = "red"`, 26, 1, `colour must be written #rrggbb`},
		{"parent", `name = "Bravo"`, "name = \"Bravo\"\n  parent = \"HQ\"", 29, 3, `parent "HQ" must be a unit listed earlier`},
		{"syntax", `turn_limit = 6`, `turn_limit = = 6`, 4, 14, `TOML syntax error`},
		{"victory", `losses = 3`, `losses = 500`, 7, 1, `losses must be between 0 and 400`},
		{"hidden", `colour = "#c02020"`, "colour = \"#c02020\"\nhidden = \"yes\"", 27, 1, `hidden must be true or false, not text`},
		{"random quality", `turn_limit = 6`, "turn_limit = 6\nrandom_quality = \"yes\"", 5, 1, `random_quality must be true or false, not text`},
		{"traps", `colour = "#c02020"`, "colour = \"#c02020\"\ntraps = [[3, 4], [5]]", 27, 1, `traps: point 2 must be [x, y] in inches`},
		{"trap off table", `colour = "#c02020"`, "colour = \"#c02020\"\ntraps = [[3, 40]]", 27, 1, `the trap at [3, 40] is off the table`},
		{"hit locations", `turn_limit = 6`, "turn_limit = 6\nhit_locations = 1", 5, 1, `hit_locations must be true or false, not a whole number`},
	}
	for _, c := range cases {
		if !strings.Contains(coingame.ScenarioText, c.edit) {
			t.Fatalf("%s: %q not in the test scenario", c.name, c.edit)
		}
		_, err := loadText(t, strings.Replace(coingame.ScenarioText, c.edit, c.with, 1))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		ps := problems(t, err)
		found := false
		for _, p := range ps {
			if p.File == "s.toml" && p.Line == c.line && p.Col == c.col && strings.Contains(p.Msg, c.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want s.toml:%d:%d: ...%s...; got\n%v", c.name, c.line, c.col, c.msg, err)
		}
	}
}

func TestScenarioErrorText(t *testing.T) {
	coingame.WithCoin(t)
	_, err := loadText(t, strings.Replace(coingame.ScenarioText, `turn_limit = 6`, `turn_limt = 6`, 1))
	want := `s.toml:4:1: unknown key "turn_limt" in the top level of the scenario (did you mean "turn_limit"?)`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}

func TestScenarioStructureErrors(t *testing.T) {
	coingame.WithCoin(t)
	// One side only.
	one := coingame.ScenarioText[:strings.Index(coingame.ScenarioText, "[[side]]\nname = \"Red\"")]
	_, err := loadText(t, one)
	if err == nil || !strings.Contains(err.Error(), "exactly two [[side]]") {
		t.Fatalf("one side: %v", err)
	}
	// Overlapping set positions.
	two := strings.Replace(coingame.ScenarioText, "name = \"Baker\"", "name = \"Baker\"\n    pos = [4.5, 20]", 1)
	_, err = loadText(t, two)
	if err == nil || !strings.Contains(err.Error(), `"Baker" at [4.5, 20] overlaps "Able"`) {
		t.Fatalf("overlap: %v", err)
	}
	// Too many figures for the area.
	crowd := coingame.ScenarioText
	for i := 0; i < 150; i++ {
		crowd = strings.Replace(crowd, "    name = \"Fox\"", "    name = \"Fox\"\n    [[side.unit.figure]]\n    name = \"Extra\"", 1)
	}
	_, err = loadText(t, crowd)
	if err == nil || !strings.Contains(err.Error(), "cannot deploy side 2") {
		t.Fatalf("crowded: %v", err)
	}
	// A problem in the map is listed with the map's own line.
	fsys := coingame.FS()
	fsys["table.toml"] = &fstest.MapFile{Data: []byte(strings.Replace(coingame.MapText, `kind = "building"`, `kind = "bulding"`, 1))}
	_, _, err = scenario.Load(fsys, "coin.toml", nil)
	if err == nil || !strings.Contains(err.Error(), "coin.toml:3:1: map \"table.toml\" has problems") || !strings.Contains(err.Error(), "table.toml:7:") {
		t.Fatalf("bad map: %v", err)
	}
	// Oversized.
	_, err = loadText(t, strings.Repeat("# padding\n", scenario.MaxBytes/10+1))
	if err == nil || !strings.Contains(err.Error(), "at most 1048576 are allowed") {
		t.Fatalf("oversized: %v", err)
	}
	// Missing file.
	_, _, err = scenario.Load(coingame.FS(), "nope.toml", nil)
	if err == nil || !strings.Contains(err.Error(), "nope.toml: no such file") {
		t.Fatalf("missing: %v", err)
	}
}

func FuzzLoadScenario(f *testing.F) {
	f.Add(coingame.ScenarioText)
	f.Add(strings.Replace(coingame.ScenarioText, "pos = [4, 20]", "pos = [4, 20, 1]", 1))
	f.Add("name = 1\n[[side]]\n[[side.unit]]\n[[side.unit.figure]]\npos = \"x\"\n")
	f.Fuzz(func(t *testing.T, text string) {
		fsys := coingame.FS()
		fsys["s.toml"] = &fstest.MapFile{Data: []byte(text)}
		sc, m, err := scenario.Load(fsys, "s.toml", nil)
		if err != nil {
			var le *terrain.LoadError
			if !errors.As(err, &le) || len(le.Problems) == 0 {
				t.Fatalf("error is not a LoadError with problems: %v", err)
			}
			return
		}
		// Whatever loads must deploy and build a state.
		c := sc.Clone()
		if err := rules.AutoDeploy(c, m); err != nil {
			t.Fatalf("loaded but cannot deploy: %v", err)
		}
		if _, err := rules.NewState(c, m); err != nil {
			t.Fatalf("loaded but no state: %v", err)
		}
	})
}

// A side's traps reach the State as side vars the rule set reads at its
// start.
func TestScenarioTrapsKey(t *testing.T) {
	coingame.WithCoin(t)
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(strings.Replace(coingame.ScenarioText, `colour = "#c02020"`, "colour = \"#c02020\"\ntraps = [[3, 4.5], [10, 2]]", 1))}
	sc, m, err := scenario.Load(fsys, "s.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Sides[1].Traps) != 2 || sc.Sides[1].Traps[0] != geom.P(3, 4.5) {
		t.Fatalf("traps %v", sc.Sides[1].Traps)
	}
	sc = sc.Clone()
	if err := rules.AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	if v := s.Sides[1].Vars; v["traps"] != 2 || v["trap1x"] != 3000 || v["trap1y"] != 4500 || v["trap2x"] != 10000 {
		t.Errorf("side vars %v", v)
	}
}

// random_quality and random_leaders reach the State as vars the rule set
// reads at its start.
func TestScenarioRandomQualityKeys(t *testing.T) {
	coingame.WithCoin(t)
	sc, err := loadText(t, strings.Replace(coingame.ScenarioText, `turn_limit = 6`, "turn_limit = 6\nrandom_quality = true\nrandom_leaders = true", 1))
	if err != nil {
		t.Fatal(err)
	}
	if !sc.RandomQuality || !sc.RandomLeaders {
		t.Fatalf("keys not read: %+v", sc)
	}
	plain, err := loadText(t, coingame.ScenarioText)
	if err != nil {
		t.Fatal(err)
	}
	if plain.RandomQuality || plain.RandomLeaders {
		t.Fatal("the keys default to false")
	}
}

// hit_locations = true reaches the State as VarHitLocations; a rule set
// whose vocabulary has no such option refuses it at its line.
func TestScenarioHitLocationsKey(t *testing.T) {
	coingame.WithCoin(t)
	text := strings.Replace(coingame.ScenarioText, `turn_limit = 6`, "turn_limit = 6\nhit_locations = true", 1)
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(text)}
	sc, m, err := scenario.Load(fsys, "s.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.NewGame(coingame.Game{}, sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !sc.HitLocations || g.St.Var(rules.VarHitLocations) != 1 {
		t.Fatalf("the key did not reach the state: %v %v", sc.HitLocations, g.St.Vars)
	}
	if plain, _ := loadText(t, coingame.ScenarioText); plain.HitLocations {
		t.Fatal("hit_locations defaults to false")
	}
	old := rules.LookupRuleSet
	t.Cleanup(func() { rules.LookupRuleSet = old })
	rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) { return vocabCoin{}, id == "coin" }
	_, err = loadText(t, text)
	ps := problems(t, err)
	if len(ps) != 1 || ps[0].Line != 5 || ps[0].Col != 1 || !strings.Contains(ps[0].Msg, "no hit location chart") {
		t.Fatalf("a rule set without the chart: %v", err)
	}
	if _, err := loadText(t, strings.Replace(text, "hit_locations = true", "hit_locations = false", 1)); err != nil {
		t.Fatalf("hit_locations = false is always allowed: %v", err)
	}
}

// vocabCoin is the coin game with a vocabulary that lists no options.
type vocabCoin struct{ coingame.Game }

func (vocabCoin) Vocabulary() rules.Vocabulary { return rules.Vocabulary{} }

// bad_going names terrain kinds or named pieces of the map: the pieces
// it names reach the State as VarBadGoing+id; a word the map does not
// have, or a value that is not a list of words, is refused at its line;
// a rule set whose vocabulary does not list the option refuses the key.
func TestScenarioBadGoingKey(t *testing.T) {
	coingame.WithCoin(t)
	with := func(v string) string {
		return strings.Replace(coingame.ScenarioText, `turn_limit = 6`, "turn_limit = 6\nbad_going = "+v, 1)
	}
	fsys := coingame.FS()
	fsys["s.toml"] = &fstest.MapFile{Data: []byte(with(`["building"]`))}
	sc, m, err := scenario.Load(fsys, "s.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.NewGame(coingame.Game{}, sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.BadGoing) != 1 || g.St.Var(rules.VarBadGoing+"0") != 1 {
		t.Fatalf("the key did not reach the state: %v %v", sc.BadGoing, g.St.Vars)
	}
	if c := sc.Clone(); &c.BadGoing[0] == &sc.BadGoing[0] {
		t.Error("Clone shares the bad going list")
	}
	for _, c := range []struct{ val, msg string }{
		{`["buildng"]`, `no terrain kind or piece named "buildng" (did you mean "building"?)`},
		{`"building"`, `bad_going is a list of terrain kinds or map piece names`},
		{`["building", 3]`, `each bad_going entry is a terrain kind or a map piece's name (a string), not 3`},
	} {
		_, err := loadText(t, with(c.val))
		ps := problems(t, err)
		if len(ps) != 1 || ps[0].Line != 5 || ps[0].Col != 1 || !strings.Contains(ps[0].Msg, c.msg) {
			t.Errorf("bad_going = %s: %v", c.val, err)
		}
	}
	old := rules.LookupRuleSet
	t.Cleanup(func() { rules.LookupRuleSet = old })
	rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) { return vocabCoin{}, id == "coin" }
	_, err = loadText(t, with(`["building"]`))
	ps := problems(t, err)
	if len(ps) != 1 || ps[0].Line != 5 || !strings.Contains(ps[0].Msg, "no rule for bad going") {
		t.Fatalf("a rule set without bad going: %v", err)
	}
	if _, err := loadText(t, with(`[]`)); err != nil {
		t.Fatalf("an empty bad_going is always allowed: %v", err)
	}
}
