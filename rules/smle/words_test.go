package smle

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// twoTeams builds an open table with one team a side, both named name,
// forces the dice and runs Start.
func twoTeams(t *testing.T, name string, dice ...int) (*rules.State, []rules.Event) {
	t.Helper()
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "British", "Germans"
	for side, y := range []float64{10, 30} {
		su := rules.ScenarioUnit{Name: name, Quality: "trained"}
		for j := 0; j < 2; j++ {
			su.Figures = append(su.Figures, rules.ScenarioFigure{Name: sc.Sides[side].Name + string(rune('1'+j)), Weapons: []string{"rifle"},
				Pos: geom.P(10+2*float64(j), y), HasPos: true})
		}
		sc.Sides[side].Units = append(sc.Sides[side].Units, su)
	}
	m := &terrain.Map{Name: "open", Width: geom.In(48), Height: geom.In(48)}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	s.Force(dice...)
	evs, err := New().Start(s)
	if err != nil {
		t.Fatal(err)
	}
	return s, evs
}

// A tie roll-off says where each team's die puts it, and two teams of
// one name are told apart by their sides (the play-test read "MG team
// total 4: 4 / MG team total 2: 2" and could not tell who went first).
func TestTieRollOffSaysWhoGoesFirst(t *testing.T) {
	// both teams activate on a 3, then the British roll 4 and the Germans 2
	s, evs := twoTeams(t, "MG team", 3, 3, 4, 2)
	var got []string
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Tie roll-off") {
			got = append(got, e.Text+" | "+e.Roll.What+" | "+e.Roll.Outcome)
		}
	}
	want := []string{
		"British MG team rolls 4 to break a tie: goes second of the 2 tied teams | Tie roll-off, British MG team | goes second of the 2 tied teams",
		"German MG team rolls 2 to break a tie: goes first of the 2 tied teams | Tie roll-off, German MG team | goes first of the 2 tied teams",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("tie roll-off lines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s.Var(vCur) != 0 {
		// the order the lines tell is the order the rules play
		if u := s.UnitOf(rules.UnitID(s.Var(vCur))); u == nil || u.Side != 1 {
			t.Errorf("the German team should act first, not %v", u)
		}
	}
}

// Equal tie dice are settled by the scenario's order of teams, and the
// line says so (the play-test saw two teams roll 3 and go first and
// second with no reason given).
func TestTieRollOffOfEqualDiceSaysWhy(t *testing.T) {
	s, evs := twoTeams(t, "MG team", 3, 3, 3, 3)
	var got []string
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Tie roll-off") {
			got = append(got, e.Text)
		}
	}
	want := []string{
		"British MG team rolls 3 to break a tie: goes first of the 2 tied teams (an equal die: the team the scenario lists first goes first)",
		"German MG team rolls 3 to break a tie: goes second of the 2 tied teams (an equal die: the team the scenario lists first goes first)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("tie roll-off lines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if u := s.UnitOf(rules.UnitID(s.Var(vCur))); s.Var(vCur) != 0 && (u == nil || u.Side != 0) {
		t.Errorf("the British team, listed first, should act first, not %v", u)
	}
}

// A team of unique name is named as the scenario names it.
func TestTeamNameOnlyAddsTheSideWhenNeeded(t *testing.T) {
	s, _ := twoTeams(t, "Rifle team", 3, 5)
	s.Units[1].Name = "Gruppe"
	if got := teamName(s, &s.Units[0]); got != "Rifle team" {
		t.Errorf("unique name: %q", got)
	}
	s.Units[1].Name = "rifle team"
	if got := teamName(s, &s.Units[1]); got != "German rifle team" {
		t.Errorf("shared name: %q", got)
	}
}

// Refused fire gives the reason in words: never command notation.
func TestFireRefusalsGiveReasons(t *testing.T) {
	s := active(t, []tunit{{0, "trained", "", rifles(2, 10, 10)}, {1, "trained", "", rifles(2, 10, 30)}}, "close-9")
	for _, c := range []struct {
		cmd, want string
	}{
		{"fire - U1 F2", "TA cannot fire at TA2: TA2 is not an enemy"},
		{"fire - U2 F1", "TB is not the team whose go it is: only TA may act now"},
		{"fire U1", "TA fires at one enemy figure: pick one man of the team to fire at"},
	} {
		_, err := New().Apply(s.Clone(), mustParse(t, c.cmd))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.cmd, err, c.want)
		}
	}
}

// Issue 24: in Farm Lane Skirmish both sides have a "Rifle team"; every
// log line, refusal heading and order-of-play entry that names one says
// whose it is ("German Rifle team", "British Rifle team").
func TestSameNamedTeamsNamedWithTheirSide(t *testing.T) {
	sc, m := loadNamed(t, "smle-skirmish.toml")
	g, evs, err := rules.NewGame(New(), sc, m, 5)
	if err != nil {
		t.Fatal(err)
	}
	bare := regexp.MustCompile(`(^|[^nh] )Rifle team`) // not after "German" or "British"
	lines, named := 0, 0
	check := func(from, text string) {
		lines++
		if strings.Contains(text, "Rifle team") {
			named++
		}
		if bare.MatchString(text) {
			t.Errorf("%s names a Rifle team without its side: %q", from, text)
		}
	}
	r := rand.New(rand.NewPCG(5, 24))
	for step := 0; step < 200 && !g.St.Over; step++ {
		for _, e := range evs {
			check("a log line", e.Text)
			if e.Roll != nil {
				check("a roll's heading", e.Roll.What)
			}
		}
		for _, o := range New().(SMLE).Explain(g.St).Order {
			check("the order of play", o.Label)
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		evs, _ = g.Apply(c)
	}
	if named < 10 {
		t.Fatalf("only %d of %d texts named a Rifle team: the test proves little", named, lines)
	}
}
