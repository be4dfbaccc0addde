package maxim

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/oddscheck"
)

// endClassify names what the turn's end did for one part of its odds:
// a unit's morale check or rally, or the next initiative.
func endClassify(part rules.OddsPart) oddscheck.Classify {
	return func(before, after *rules.State, evs []rules.Event) string {
		if strings.HasPrefix(part.Name, "Initiative") {
			out := endNoTurn
			for _, e := range evs {
				if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Initiative") && !strings.HasPrefix(e.Roll.Outcome, "tie") {
					out = e.Roll.Outcome
				}
			}
			return out
		}
		name := part.Name[:strings.LastIndex(part.Name, ":")]
		for _, e := range evs {
			if e.Roll != nil && (e.Roll.What == "Morale check, "+name || e.Roll.What == "Rally, "+name) {
				return e.Roll.Outcome
			}
		}
		return endNotRolled
	}
}

func partOf(t *testing.T, o rules.Odds, prefix string) rules.OddsPart {
	t.Helper()
	for _, p := range o.Parts {
		if strings.HasPrefix(p.Name, prefix) {
			return p
		}
	}
	t.Fatalf("no part %q in %+v", prefix, o.Parts)
	return rules.OddsPart{}
}

func partP(p rules.OddsPart, name string) float64 {
	for _, x := range p.Outcomes {
		if x.Name == name {
			return x.P
		}
	}
	return 0
}

// The end of the turn: two units check, one rallies, then the next
// turn's initiative; nothing in it can end the battle.
func TestEndOfTurnOdds(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 20, 30, false},
		{0, "A", "Baker", []string{"rifle"}, 21, 30, false},
		{0, "B", "Cole", []string{"rifle"}, 25, 30, false},
		{1, "R", "Rot", []string{"rifle"}, 20, 24, false},
		{1, "R", "Rost", []string{"rifle"}, 21, 24, false},
	}, map[string]unitOpt{"A": {quality: "veteran"}, "R": {quality: "green"}})
	s := g.St
	phase(g, PhaseDefensive, 0)
	unitSet(&s.Units[0], uCasRnd, s.Round)
	unitSet(&s.Units[1], uMorale, 2)
	unitSet(&s.Units[2], uCasRnd, s.Round)
	unitSet(&s.Units[2], uMorale, 2)
	o := odds(t, g, "end")
	// Veteran A: 70%; B rallies on 60%; green R at its 2nd failure: 50%
	// holds, else its 3rd. Initiative: the veteran commander has no
	// modifier, the green one -1: Blue wins 210 of the 400 - 20 untied
	// pairs... counted exactly: a > b-1 is a >= b.
	a, b, r := partOf(t, o, "A: morale check"), partOf(t, o, "B: rally"), partOf(t, o, "R: morale check")
	if !near(partP(a, "holds"), 0.7) || !near(partP(a, "fails: 1st failure"), 0.3) ||
		!near(partP(b, "rallies to 1st failure"), 0.6) || !near(partP(b, "does not rally"), 0.4) ||
		!near(partP(r, "holds"), 0.5) || !near(partP(r, "fails: 3rd failure"), 0.5) {
		t.Fatalf("parts %+v", o.Parts)
	}
	// Blue 1D20 against Red 1D20-1: Blue wins when a >= b (210 of 400),
	// Red when b-1 > a (171), 19 ties rolled again.
	if !near(o.P("Blue moves"), 210.0/381) || !near(o.P("Red moves"), 171.0/381) {
		t.Fatalf("initiative %+v", o.Outcomes)
	}
	c, _ := rules.ParseCommand("end")
	for _, res := range oddscheck.RunParts(New(), s, c, endClassify, 20000, 7) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}

// A man who falls back off the table ends the battle when he was his
// side's last: the units after his are not rolled, nor the initiative.
func TestEndOfTurnOddsBattleEnds(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 5, 10, false},
		{1, "R", "Rot", []string{"rifle"}, 15, 10, false},
		{1, "R", "Rost", []string{"rifle"}, 16, 10, false},
	}, nil)
	s := g.St
	phase(g, PhaseDefensive, 0)
	unitSet(&s.Units[0], uCasRnd, s.Round)
	unitSet(&s.Units[0], uMorale, 1)
	unitSet(&s.Units[1], uCasRnd, s.Round)
	o := odds(t, g, "end")
	// Able fails (40%) to his 2nd failure and falls back 2D6" from 5":
	// off the table on 5 or more (30 of 36). Red's check is then never
	// rolled: 0.4 x 5/6 = 1/3.
	r := partOf(t, o, "R: morale check")
	if !near(partP(r, endNotRolled), 1.0/3) || !near(partP(r, "holds"), 0.6*2/3) || !near(o.P(endNoTurn), 1.0/3) {
		t.Fatalf("parts %+v", o.Parts)
	}
	c, _ := rules.ParseCommand("end")
	for _, res := range oddscheck.RunParts(New(), s, c, endClassify, 20000, 3) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}

// A unit already at its 4th failure that fails a check again stays there
// and does not fall back (here, off the table, which would end the game
// before Red's check); a unit at its 3rd that fails rolls the D12 for
// its wounded. Both sampled.
func TestEndOfTurnOddsDeepFailures(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 20, 38, false},
		{0, "A", "Baker", []string{"rifle"}, 22, 38, false},
		{1, "R", "Rot", []string{"rifle"}, 20, 24, false},
		{1, "R", "Rost", []string{"rifle"}, 21, 24, false},
	}, nil)
	s := g.St
	phase(g, PhaseDefensive, 0)
	unitSet(&s.Units[0], uCasRnd, s.Round)
	unitSet(&s.Units[0], uMorale, 4)
	unitSet(&s.Units[1], uCasRnd, s.Round)
	unitSet(&s.Units[1], uMorale, 2)
	s.Fig(4).Markers |= rules.Wounded
	o := odds(t, g, "end")
	// A: 60%. R: 60%, -20% with half its men casualties (Rost wounded):
	// 40% holds. Blue has no one left willing to fight: no next turn.
	a, r := partOf(t, o, "A: morale check"), partOf(t, o, "R: morale check")
	if !near(partP(a, "fails: 4th failure"), 0.4) || partP(r, endNotRolled) != 0 || !near(partP(r, "fails: 3rd failure"), 0.6) {
		t.Fatalf("parts %+v", o.Parts)
	}
	c, _ := rules.ParseCommand("end")
	for _, res := range oddscheck.RunParts(New(), s, c, endClassify, 20000, 5) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}
