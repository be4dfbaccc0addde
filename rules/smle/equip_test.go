package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

// equipState puts one blue team with the given armour and mount 20" from
// a red rifle team on an open table and starts the game.
func equipState(t *testing.T, armour, mount string) *rules.State {
	t.Helper()
	sc := &rules.Scenario{Name: "equip", RuleSet: "smle", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	sc.Sides[0].Units = []rules.ScenarioUnit{{Name: "Riders", Quality: "trained", Armour: armour, Mount: mount,
		Figures: []rules.ScenarioFigure{{Name: "Rider", Weapons: []string{"rifle"}, Pos: geom.P(10, 10), HasPos: true}}}}
	sc.Sides[1].Units = []rules.ScenarioUnit{{Name: "Foot", Quality: "trained",
		Figures: []rules.ScenarioFigure{{Name: "Rifleman", Weapons: []string{"rifle"}, Pos: geom.P(10, 30), HasPos: true}}}}
	s, err := rules.NewState(sc, &terrain.Map{Name: "open", Width: geom.In(48), Height: geom.In(48)})
	if err != nil {
		t.Fatal(err)
	}
	s.Force(6, 6)
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	atBand(t, s, s.UnitOf(1), "close-11") // a full move
	return s
}

func TestArmourAndMountsMove(t *testing.T) {
	r := New().(SMLE)
	for _, c := range []struct {
		armour, mount string
		inches        float64
	}{
		{"", "", 8}, {"none", "", 10}, {"light", "foot", 8}, {"body", "", 6},
		{"", "cavalry", 16}, {"", "bicycles", 12}, {"body", "bicycles", 12},
	} {
		s := equipState(t, c.armour, c.mount)
		if got := r.MoveCheck(s, 1, []geom.Pt{geom.P(10, 11)}).Allowance; got != geom.In(c.inches) {
			t.Errorf("armour %q mount %q: a full move of %s\", want %g\"", c.armour, c.mount, rules.FormatInches(got), c.inches)
		}
	}
	// Body armour is also the effect table's armour row.
	if s := equipState(t, "body", ""); armourOf(s, s.Fig(1)) != "body" {
		t.Errorf("body armour: armourOf = %q", armourOf(s, s.Fig(1)))
	}
}

func TestMountedTeamsDismountToFight(t *testing.T) {
	s := equipState(t, "", "cavalry")
	legal := func() string {
		var out []string
		for _, c := range New().Legal(s) {
			out = append(out, c.String())
		}
		return strings.Join(out, " | ")
	}
	l := legal()
	for _, no := range []string{"run U1", "posture F1 prone", "fire - U1 F2"} {
		if strings.Contains(l, no) {
			t.Errorf("a mounted team is offered %q: %s", no, l)
		}
	}
	if !strings.Contains(l, "dismount U1") || !strings.Contains(l, "move F1") {
		t.Fatalf("a mounted team may ride or dismount: %s", l)
	}
	if _, err := New().Apply(s, mustParse(t, "posture F1 prone")); err == nil {
		t.Error("a mounted figure went prone")
	}
	apply(t, s, mustParse(t, "dismount U1"))
	if info := New().MoveCheck(s, 1, []geom.Pt{geom.P(10, 11)}); info.OK || !strings.Contains(info.Why, "may move no further this go") {
		t.Errorf("dismounting spends the go's movement: %+v", info)
	}
	// The next go it fights on foot: a light infantry move, and it may fire.
	s.Round++
	atBand(t, s, s.UnitOf(1), "close-11")
	if got := New().MoveCheck(s, 1, []geom.Pt{geom.P(10, 11)}).Allowance; got != geom.In(8) {
		t.Errorf("on foot after dismounting: %s\"", rules.FormatInches(got))
	}
	if !hasLegal(s, "fire - U1 F2 direct") {
		t.Errorf("dismounted, the team may fire: %s", legal())
	}
	// Once a figure has ridden, the team can no longer get off this go.
	s2 := equipState(t, "", "bicycles")
	apply(t, s2, mustParse(t, "move F1 10,14"))
	if hasLegal(s2, "dismount U1") {
		t.Error("dismount offered after a figure rode")
	}
}

func TestScenarioArmourAndMountWords(t *testing.T) {
	src := `name = "x"
rule_set = "smle"
map = "ssg-standard.toml"

[[side]]
name = "A"
  [[side.unit]]
  name = "Yeomanry"
  quality = "trained"
  mount = "cavalry"
  armour = "bdy"
    [[side.unit.figure]]
    name = "Tpr Hale"
    weapons = ["rifle"]

[[side]]
name = "B"
  [[side.unit]]
  name = "Cyclists"
  mount = "bikes"
    [[side.unit.figure]]
    name = "Pte Ives"
    weapons = ["rifle", "door-breaker"]
`
	old := rules.LookupRuleSet
	rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) { return New(), id == "smle" }
	defer func() { rules.LookupRuleSet = old }()
	_, _, err := scenario.Parse("x.toml", []byte(src), nil)
	if err == nil {
		t.Fatal("misspelt armour and mount accepted")
	}
	for _, want := range []string{`x.toml:11:3: unknown armour "bdy"`, `unknown armour "bdy"`, `did you mean "body"?`, `x.toml:20:`, `unknown mount "bikes"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "door-breaker") || strings.Contains(err.Error(), "x.toml:10:") {
		t.Errorf("good words refused: %v", err)
	}
}

// Random games with cavalry against cyclists in body armour end without
// error, and the teams get off to fight.
func TestRandomGamesMounted(t *testing.T) {
	sc := &rules.Scenario{Name: "mounted", RuleSet: "smle", BaseR: 500, TurnLimit: 5}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	for side, u := range []rules.ScenarioUnit{
		{Name: "Yeomanry", Quality: "veteran", Mount: "cavalry"},
		{Name: "Cyclists", Quality: "green", Mount: "bicycles", Armour: "body"},
	} {
		for i := 0; i < 3; i++ {
			u.Figures = append(u.Figures, rules.ScenarioFigure{Name: u.Name + string(rune('1'+i)), Weapons: []string{"rifle"},
				Pos: geom.P(10+3*float64(i), 6+30*float64(side)), HasPos: true})
		}
		sc.Sides[side].Units = []rules.ScenarioUnit{u}
	}
	m := &terrain.Map{Name: "open", Width: geom.In(48), Height: geom.In(48)}
	dismounts := 0
	for seed := uint64(1); seed <= 100; seed++ {
		g, err := rules.PlayRandom(New(), sc, m, seed, 3000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, c := range g.Log {
			if c.Verb == "dismount" {
				dismounts++
			}
		}
	}
	if dismounts == 0 {
		t.Error("in 100 random games no mounted team dismounted")
	}
}
