package maxim

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
)

// startClassify names what a trial did for one part of an "end" or
// "initiative": the initiative, a unit's morale, or a horse's or
// vehicle's move roll (by the words of its ledger).
func startClassify(part rules.OddsPart) oddscheck.Classify {
	if !strings.Contains(part.Name, "move") {
		return endClassify(part)
	}
	return func(before, after *rules.State, evs []rules.Event) string {
		who := part.Name[:strings.LastIndex(part.Name, ":")]
		what := rules.Possessive(who) + " move"
		switch {
		case strings.Contains(part.Name, ": horse move"):
			what = rules.Possessive(who) + " horse move"
		case strings.Contains(part.Name, ": second move"):
			what = rules.Possessive(who) + " second move"
		}
		for _, e := range evs {
			if e.Roll != nil && e.Roll.What == what {
				return e.Roll.Outcome
			}
		}
		if after.Over {
			return endNotRolled
		}
		if part.Fig != 0 && after.Fig(part.Fig).Removed {
			return notOnTable
		}
		return "not rolled: " + rules.Does(after.Sides[after.Var(gMover)].Name, "moves", "move")
	}
}

func checkParts(t *testing.T, s *rules.State, cmd string, play func(*rules.State) ([]rules.Event, error), seed uint64) rules.Odds {
	t.Helper()
	c, err := rules.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	o, err := New().Odds(s.Clone(), c)
	if err != nil {
		t.Fatal(err)
	}
	if play == nil {
		play = func(x *rules.State) ([]rules.Event, error) { return New().Apply(x, c) }
	}
	for _, p := range o.Parts {
		res := oddscheck.RunDist(cmd+" / "+p.Name, p.Outcomes, s, play, startClassify(p), 20000, seed)
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
	return o
}

// Uhlans at the Mill: the turn's end gives each horseman's move for the
// next turn (1D6+3", rolled only when his side wins the initiative), and
// "initiative" the first turn's initiative and horse moves, both
// sampled against the engine.
func TestHorseMovesPriced(t *testing.T) {
	sc, m := loadScenario(t, "maxim-uhlans-1914.toml")
	g, _, err := rules.NewGame(New(), sc, m, 3)
	if err != nil {
		t.Fatal(err)
	}
	st := g.St.Clone()
	for g.St.Phase != PhaseDefensive {
		if _, err := g.Apply(rules.Command{Verb: "end"}); err != nil {
			t.Fatal(err)
		}
	}
	o := checkParts(t, g.St, "end", nil, 11)
	var horse rules.OddsPart
	horses := 0
	for _, p := range o.Parts {
		if strings.Contains(p.Name, ": horse move, turn 2") {
			horse = p
			horses++
		}
	}
	if horses == 0 {
		t.Fatalf("no horse move among %+v", o.Parts)
	}
	side := g.St.Fig(horse.Fig).Side
	win := o.P(rules.Does(g.St.Sides[side].Name, "moves", "move"))
	if !near(partP(horse, "moves up to 4\""), win/6) || !near(partP(horse, "moves up to 9\""), win/6) ||
		!near(partP(horse, "not rolled: "+rules.Does(g.St.Sides[1-side].Name, "moves", "move")), 1-win) {
		t.Fatalf("horse part %+v, initiative %+v", horse, o.Outcomes)
	}
	// the first turn, as Start rolls it
	st.Round = 1
	oi := checkParts(t, st, "initiative", func(x *rules.State) ([]rules.Event, error) { return beginRound(x), nil }, 12)
	if len(oi.Parts) != horses+1 {
		t.Fatalf("initiative parts %+v", oi.Parts)
	}
}

// A side that set up hidden has +1 in the first turn's initiative: 1D20+1
// against 1D20 wins 210 of the 400 - 20 = 380 untied pairs... counted
// exactly: a+1 > b on 210 pairs, b > a+1 on 171, 19 ties rolled again.
func TestFirstInitiativeOdds(t *testing.T) {
	sc, m := loadScenario(t, "maxim-trench-raid.toml")
	g, _, err := rules.NewGame(New(), sc, m, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := g.St.Clone()
	s.Round = 1
	for i := range s.Units {
		s.Units[i].Quality = "regular"
	}
	s.Sides[0].SetVar("hidden", 1)
	s.Sides[1].SetVar("hidden", 0)
	o := checkParts(t, s, "initiative", func(x *rules.State) ([]rules.Event, error) { return beginRound(x), nil }, 13)
	if !near(o.P(rules.Does(s.Sides[0].Name, "moves", "move")), 210.0/381) {
		t.Fatalf("initiative %+v", o)
	}
	c, _ := rules.ParseCommand("initiative")
	if _, err := g.Odds(c); err != nil {
		t.Fatalf("asked through the game: %v", err)
	}
}

// Armour at the Crossroads: after defensive fire a vehicle that moved
// rolls its second move (a Sherman 2D6"); the end that closes the turn
// gives each vehicle's next move. Both sampled.
func TestVehicleMovesPriced(t *testing.T) {
	sc, m := loadScenario(t, "maxim-armour-crossroads.toml")
	g, _, err := rules.NewGame(New(), sc, m, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := g.St
	mover := s.Var(gMover)
	phase(g, PhaseDefensive, mover)
	moved := 0
	for i := range s.Vehicles {
		if s.Vehicles[i].Side == mover {
			s.Vehicles[i].SetVar(vMoved, s.Round)
			moved++
		}
	}
	o := checkParts(t, s, "end", nil, 21)
	if len(o.Parts) != moved {
		t.Fatalf("second move parts %+v", o.Parts)
	}
	if p := o.Parts[0]; !strings.HasSuffix(p.Name, ": second move") || !near(partP(p, "up to 7\""), 6.0/36) {
		t.Fatalf("second move %+v", p)
	}
	// the vehicles' phase's end closes the turn
	c, _ := rules.ParseCommand("end")
	if _, err := g.Apply(c); err != nil {
		t.Fatal(err)
	}
	if g.St.Phase != PhaseVehicles {
		t.Fatalf("phase %q", g.St.Phase)
	}
	o = checkParts(t, g.St, "end", nil, 22)
	n := 0
	for _, p := range o.Parts {
		if strings.Contains(p.Name, ": move, turn") {
			n++
		}
	}
	if n != len(g.St.Vehicles) {
		t.Fatalf("next turn's vehicle moves: %+v", o.Parts)
	}
}

// Trench Raid with every man on foot drawn in to a third of his distance
// from the middle of the table and every unit losing a man at its 3rd
// failure: each failure takes the unit to its 4th, falling back 4D6"
// among the others. The old walk gave up past 200,000 ways ("too many to
// price exactly"); the frontier, which forgets where men stand once no
// later unit's falling back can read it, prices it, and the engine's
// dice agree.
func TestEndOddsCrowdedTrenchRaid(t *testing.T) {
	sc, m := loadScenario(t, "maxim-trench-raid.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.St
	phase(g, PhaseDefensive, s.Var(gMover))
	mid := geom.Pt{X: s.Map.Width / 2, Y: s.Map.Height / 2}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed || aboard(s, f) {
			continue
		}
		old := f.Pos
		f.Pos = geom.Pt{X: mid.X + (f.Pos.X-mid.X)/3, Y: mid.Y + (f.Pos.Y-mid.Y)/3}
		if standProblem(s, f.ID, f.Pos) != "" {
			f.Pos = old
		}
	}
	for i := range s.Units {
		unitSet(&s.Units[i], uCasRnd, s.Round)
		unitSet(&s.Units[i], uMorale, 3)
	}
	c, _ := rules.ParseCommand("end")
	o, err := New().Odds(s.Clone(), c)
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	checks := 0
	for _, p := range o.Parts {
		if strings.HasSuffix(p.Name, ": morale check") {
			checks++
		}
	}
	if checks != len(s.Units) {
		t.Fatalf("parts %+v", o.Parts)
	}
	if testing.Short() {
		return
	}
	for _, res := range oddscheck.RunParts(New(), s, c, endClassify, 6000, 31) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}
