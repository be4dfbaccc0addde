package smle

import (
	"math"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

type tfig struct {
	x, y    float64
	weapons []string
	leader  bool
}

type tunit struct {
	side    int
	quality string
	motive  string
	figs    []tfig
}

// newState builds an open 48" table with the given teams, forces the dice
// and runs Start.
func newState(t *testing.T, units []tunit, dice ...int) (*rules.State, []rules.Event) {
	t.Helper()
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	for i, u := range units {
		su := rules.ScenarioUnit{Name: "T" + string(rune('A'+i)), Quality: u.quality, Motive: u.motive}
		for j, f := range u.figs {
			su.Figures = append(su.Figures, rules.ScenarioFigure{Name: su.Name + string(rune('1'+j)), Weapons: f.weapons,
				Leader: f.leader, Pos: geom.P(f.x, f.y), HasPos: true})
		}
		sc.Sides[u.side].Units = append(sc.Sides[u.side].Units, su)
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

func apply(t *testing.T, s *rules.State, c rules.Command) []rules.Event {
	t.Helper()
	evs, err := New().Apply(s, c)
	if err != nil {
		t.Fatalf("%s: %v", c, err)
	}
	return evs
}

func hasLegal(s *rules.State, text string) bool {
	for _, c := range New().Legal(s) {
		if c.String() == text {
			return true
		}
	}
	return false
}

func unitByName(s *rules.State, name string) *rules.Unit {
	for i := range s.Units {
		if s.Units[i].Name == name {
			return &s.Units[i]
		}
	}
	return nil
}

func rifles(n int, x, y float64) []tfig {
	var out []tfig
	for i := 0; i < n; i++ {
		out = append(out, tfig{x: x + 2*float64(i), y: y, weapons: []string{"rifle"}})
	}
	return out
}

func TestActivationOrderAndLedgers(t *testing.T) {
	// Side 0 (unit 1, fresh trained, no fire): 7 + die. Side 1 likewise.
	s, evs := newState(t, []tunit{{0, "trained", "", rifles(2, 10, 5)}, {1, "trained", "", rifles(2, 10, 40)}}, 3, 1)
	if s.Var(vCur) != 2 || s.Active != 1 || s.Decider != 1 || s.Phase != PhaseActivate {
		t.Fatalf("want unit 2 (rolled 1: total 8) first; cur=%d active=%d", s.Var(vCur), s.Active)
	}
	rolls := 0
	for _, e := range evs {
		if e.Kind == "roll" && e.Roll != nil && strings.HasPrefix(e.Roll.What, "Activation") {
			rolls++
			if len(e.Roll.Mods) != 3 { // trained +4, fresh +2, not under fire +1
				t.Errorf("ledger mods %v", e.Roll.Mods)
			}
		}
	}
	if rolls != 2 {
		t.Errorf("want 2 activation ledgers, got %d", rolls)
	}
	if b := Std().Bands[uget(unitByName(s, "TB"), vBand)].Name; b != "advance-8" {
		t.Errorf("band %s", b)
	}
	// Ties on total are rolled off: both roll 2; tie dice 5 (unit 1) and 2 (unit 2).
	s, _ = newState(t, []tunit{{0, "trained", "", rifles(2, 10, 5)}, {1, "trained", "", rifles(2, 10, 40)}}, 2, 2, 5, 2)
	if s.Var(vCur) != 2 {
		t.Errorf("tie roll-off: want unit 2 first, got %d", s.Var(vCur))
	}
	apply(t, s, rules.Command{Verb: "end"})
	if s.Var(vCur) != 1 || s.Active != 0 {
		t.Errorf("after unit 2 ends, unit 1 activates: cur %d", s.Var(vCur))
	}
}

func TestFireOddsAndEffect(t *testing.T) {
	// Unit 1 (side 0) rolls 6: total 13, double move. Unit 2 rolls 1 and acts first.
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"}) // unit 2 (advance-8) does nothing
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 should be active")
	}
	fire := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect}
	if !hasLegal(s, fire.String()) {
		t.Fatalf("fire not legal: %v", New().Legal(s))
	}
	o, err := New().Odds(s, fire)
	if err != nil {
		t.Fatal(err)
	}
	// 2D6 + 2 (direct) + 2 (not under fire) vs 7: 35/36 hit; then 9/36 kill.
	want := map[string]float64{Kill: 35.0 / 36 * 9 / 36, Serious: 35.0 / 36 * 6 / 36, Light: 35.0 / 36 * 6 / 36, NearMiss: 35.0 / 36 * 15 / 36, Miss: 1.0 / 36}
	sum := 0.0
	for k, v := range want {
		if math.Abs(o.P(k)-v) > 1e-12 {
			t.Errorf("odds %s = %v, want %v", k, o.P(k), v)
		}
		sum += o.P(k)
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("odds sum %v", sum)
	}
	// Hit (3,4), then effect 6 vs 2: killed.
	s.Force(3, 4, 6, 2)
	evs := apply(t, s, fire)
	if !s.Fig(2).Removed || s.Sides[1].Losses != 1 {
		t.Fatalf("target should be killed: %v", evs)
	}
	if !s.Over || s.Winner != 0 {
		t.Errorf("side 1 wiped out: game over, winner 0; got over=%v winner=%d", s.Over, s.Winner)
	}
}

func TestUnderFireCarriesOverAndLightWound(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(2, 10, 20)}}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	// Hit, effect 3 vs 3: light wound on the only exposed... two exposed:
	// which-figure die 1 (d2), then effect.
	s.Force(3, 4, 1, 3, 3)
	apply(t, s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}})
	passOpp(t, s)
	f := s.Fig(2)
	if !f.Markers.Has(rules.Wounded) {
		t.Fatalf("want a light wound on F2, markers %v", f.Markers.Names())
	}
	tu := s.UnitOf(2)
	if uget(tu, vUF)&ufDirect == 0 {
		t.Fatalf("target team should be under direct fire")
	}
	// Next round: unit 2's activation carries -1 under fire, -1 wounded, no
	// fresh, no not-under-fire: 4 + die.
	apply(t, s, rules.Command{Verb: "end"}) // unit 1's first go ends; double move pending
	if s.Var(vSecond) != 1 || s.Var(vCur) != 1 {
		t.Fatalf("double move: second go at the end of the round; second=%d cur=%d", s.Var(vSecond), s.Var(vCur))
	}
	if hasLegal(s, "fire - U1 F2 direct") {
		t.Errorf("no second fire attack in the same round")
	}
	s.Force(5, 5) // round 2 activation dice: unit 1, unit 2
	apply(t, s, rules.Command{Verb: "end"})
	if s.Round != 2 {
		t.Fatalf("round 2 expected, got %d", s.Round)
	}
	// Unit 2: trained 4 + 5 - 1 wounded - 1 direct fire = 7.
	if uget(tu, vTotal) != 7 {
		t.Errorf("unit 2 total %d, want 7 (under fire carried over, wounded)", uget(tu, vTotal))
	}
	// The wounded figure shoots at -2.
	in3 := New().(SMLE).shotInput(s, f, s.Fig(1), &Std().Weapons[4], FireDirect)
	if !in3.LightWound {
		t.Errorf("light wound should apply to shooting")
	}
}

func TestOpportunityFire(t *testing.T) {
	// Unit 1 rolls 1 (total 8, advance) and activates first; unit 2 rolls 4
	// (total 11, close) and may opportunity fire.
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 4)
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 first")
	}
	info := New().MoveCheck(s, 1, []geom.Pt{geom.P(10, 14)})
	if !info.OK || info.Allowance != geom.In(4) {
		t.Fatalf("half move of 4\": %+v", info)
	}
	if New().MoveCheck(s, 1, []geom.Pt{geom.P(10, 14.001)}).OK {
		t.Errorf("move beyond half move allowed")
	}
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 12)}})
	if s.Phase != PhaseOpportunity || s.Decider != 1 {
		t.Fatalf("opportunity window expected: phase %s decider %d", s.Phase, s.Decider)
	}
	if !hasLegal(s, "oppfire - U2 F1") || !hasLegal(s, "pass") {
		t.Fatalf("legal: %v", New().Legal(s))
	}
	// Opportunity fire: no +2 direct; 2D6 + 2 (not under fire) >= 7, and the
	// target moved 2" of 8 (not over half).
	o, _ := New().Odds(s, rules.Command{Verb: "oppfire", Unit: 2, Targets: []rules.FigID{1}})
	if math.Abs(o.P(Miss)-6.0/36) > 1e-12 {
		t.Errorf("opp fire miss %v, want 6/36", o.P(Miss))
	}
	s.Force(2, 2) // miss
	apply(t, s, rules.Command{Verb: "oppfire", Unit: 2, Targets: []rules.FigID{1}})
	if s.Phase != PhaseReact || s.Decider != 0 || !hasLegal(s, "posture F1 prone") {
		t.Fatalf("the mover's side may drop it prone first: phase %s decider %d", s.Phase, s.Decider)
	}
	apply(t, s, rules.Command{Verb: "pass"})
	if s.Phase != PhaseActivate || s.Decider != 0 {
		t.Fatalf("window closes when nobody else may fire")
	}
	// Moving on: unit 2 has fired, so no new window.
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 13)}})
	if s.Phase != PhaseActivate {
		t.Errorf("no second opportunity fire")
	}
	apply(t, s, rules.Command{Verb: "end"})
	if s.Var(vCur) != 2 {
		t.Fatalf("unit 2 next")
	}
	for _, c := range New().Legal(s) {
		if c.Verb == "fire" || c.Verb == "blast" {
			t.Errorf("a team that opportunity fired may not fire in its own turn: %s", c)
		}
	}
}

func TestForcedBands(t *testing.T) {
	// Green (2), under no fire, fresh: 2+2+1 = 5 + die. Untrained 0+3+die.
	// Unit 1 untrained rolls 1: total 4 -> pinned; figures in the open go prone.
	s, _ := newState(t, []tunit{{0, "untrained", "", rifles(2, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 6)
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 first")
	}
	if s.Fig(1).Posture != rules.Prone || s.Fig(2).Posture != rules.Prone {
		t.Errorf("pinned figures in the open go prone")
	}
	panic := false
	for _, c := range New().Legal(s) {
		if c.Verb == "move" || c.Verb == "fire" && c.Arg != FirePanic {
			t.Errorf("pinned, not fired on: no move, no return fire: %s", c)
		}
		panic = panic || c.Verb == "fire" && c.Arg == FirePanic
	}
	if !panic {
		t.Error("a pinned team may still choose panic fire, the row below its own")
	}
	// Break: reluctant untrained rolling 1 = 4 -> pinned, down one = fall back half (2)...
	// Use a team already broken once: -2. Untrained 0 + 2 fresh + 1 + 1 - 2 = 2 -> fall back half.
	s, _ = newState(t, []tunit{{0, "untrained", "reluctant", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 6)
	// untrained 0 + fresh 2 + not under fire 1 + die 1 = 4 (pinned) -> reluctant: fall back half.
	if y := s.Fig(1).Pos.Y; y != geom.In(6) {
		t.Errorf("fall back half (4\") away from the enemy: y=%v", geom.Inches(y))
	}
	// Two breaks leave the table.
	s, _ = newState(t, []tunit{{0, "untrained", "reluctant", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 6)
	u := s.UnitOf(1)
	uset(u, vBreaks, 1)
	uset(u, vContact, 1)
	uset(u, vUF, ufExplosive)
	evs := New().(SMLE).activate(s, u)
	if !s.Fig(1).Removed {
		t.Errorf("second break leaves the table: %v", evs)
	}
}

func TestCloseAssaultCommand(t *testing.T) {
	// Unit 1 rolls 6: 13 double; unit 2 rolls 6 too but tie dice put unit 1 later.
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	// Move to contact: 1" edge to edge = 2" centres.
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 18)}})
	if s.Phase == PhaseOpportunity {
		apply(t, s, rules.Command{Verb: "pass"})
	}
	c := rules.Command{Verb: "assault", Unit: 1, Targets: []rules.FigID{2}}
	if !hasLegal(s, c.String()) {
		t.Fatalf("assault not legal: %v", New().Legal(s))
	}
	o, err := New().Odds(s, c)
	if err != nil || math.Abs(o.P(CloseDefenderBreaks)-9.0/36) > 1e-12 {
		t.Fatalf("assault odds %v %v", o, err)
	}
	s.Force(5, 3) // 5 vs 3: defender killed
	apply(t, s, c)
	if !s.Fig(2).Removed {
		t.Errorf("defender should be killed")
	}
}

func TestBlastBurst(t *testing.T) {
	// Thrower at 10,10; target team of two at 10,14 and 11.5,14 (1.5" apart).
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle", "grenade"}}}},
		{1, "trained", "", []tfig{{x: 10, y: 14, weapons: []string{"rifle"}}, {x: 11.5, y: 14, weapons: []string{"rifle"}}}}}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	c := rules.Command{Verb: "blast", Fig: 1, Targets: []rules.FigID{2}, Arg: "grenade"}
	if !hasLegal(s, c.String()) {
		t.Fatalf("blast not legal: %v", New().Legal(s))
	}
	// Hit (4,4); direct hit 2D (1,1)=2 vs defender 6-1=5: near miss;
	// neighbour at 1.5": one burst die: 6 vs 1+0: kill.
	s.Force(4, 4, 1, 1, 6, 6, 1)
	evs := apply(t, s, c)
	if s.Fig(2).Removed || !s.Fig(3).Removed {
		t.Fatalf("want F2 spared, F3 killed by the burst: %v", evs)
	}
	if usesLeft(s.Fig(1), "grenade") != 0 || hasLegal(s, c.String()) {
		t.Errorf("the grenade is used up")
	}
	found := false
	for _, e := range evs {
		if e.Kind == "blast" && e.Area != nil && e.Area.R == geom.In(2) {
			found = true
		}
	}
	if !found {
		t.Errorf("blast event with a 2\" circle expected")
	}
}

func TestReturnFireWoundsAndAid(t *testing.T) {
	// Unit 2 (side 1) rolls 1 -> 8 and fires first; unit 1 trained rolls 6 -> 13.
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(3, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 6, 1)
	if hasLegal(s, "fire - U2 F1 return") {
		t.Fatalf("no return fire before being fired on")
	}
	// Unit 2 fires: hit (6,6), target die 1 of 3 -> F1; effect 4 vs 3: serious.
	s.Force(6, 6, 1, 4, 3)
	apply(t, s, rules.Command{Verb: "fire", Unit: 2, Targets: []rules.FigID{1}, Arg: FireDirect})
	passOpp(t, s)
	f1 := s.Fig(1)
	if !f1.Markers.Has(rules.BadlyWounded) || f1.Posture != rules.Prone {
		t.Fatalf("F1 seriously wounded and knocked down: %v", f1.Markers.Names())
	}
	// Unit 1 now: the seriously wounded figure cannot fire; under fire now.
	apply(t, s, rules.Command{Verb: "end"})
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 active")
	}
	fs := New().(SMLE).firers(s, s.UnitOf(1), []*rules.Figure{s.Fig(4)})
	for _, f := range fs {
		if f.ID == 1 {
			t.Errorf("a seriously wounded figure may not shoot")
		}
	}
	if len(fs) != 2 {
		t.Errorf("two fit firers, got %d", len(fs))
	}
	// The team's activation dropped: 6 + 4 - 1 (direct) - 2 (casualty) = 7,
	// but a trained fresh team's first roll was 13: now no longer fresh.
	if tot := uget(s.UnitOf(1), vTotal); tot != 7 {
		t.Errorf("activation recomputed on activating: %d, want 7", tot)
	}
	if !hasLegal(s, "end") {
		t.Fatal("end must be legal")
	}
	// Half move for the wounded figure... he is prone too: crawl 2" max.
	if a := New().MoveCheck(s, 1, []geom.Pt{geom.P(10, 11)}).Allowance; a != geom.In(2) {
		t.Errorf("seriously wounded prone figure crawls at most: %v", geom.Inches(a))
	}
}

func TestLightWoundAid(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(2, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 6, 1)
	// Unit 2 fires: hit, F1 picked (die 1 of 2), effect 3 vs 3: light wound.
	s.Force(6, 6, 1, 3, 3)
	apply(t, s, rules.Command{Verb: "fire", Unit: 2, Targets: []rules.FigID{1}})
	passOpp(t, s)
	apply(t, s, rules.Command{Verb: "end"})
	if !s.Fig(1).Markers.Has(rules.Wounded) {
		t.Fatal("F1 lightly wounded")
	}
	aid := rules.Command{Verb: "aid", Fig: 2, Targets: []rules.FigID{1}}
	if !hasLegal(s, aid.String()) {
		t.Fatalf("first aid should be offered: %v", New().Legal(s))
	}
	apply(t, s, aid)
	if s.Fig(1).Markers.Has(rules.Wounded) {
		t.Errorf("the wound is treated")
	}
}

func TestStandMayNotAdvance(t *testing.T) {
	// Green: 2 + 2 fresh + 1 + die 1 = 6 -> stand.
	s, _ := newState(t, []tunit{{0, "green", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 6)
	if New().MoveCheck(s, 1, []geom.Pt{geom.P(10, 12)}).OK {
		t.Errorf("a standing team may not move towards the enemy")
	}
	if info := New().MoveCheck(s, 1, []geom.Pt{geom.P(11, 9)}); info.OK || !strings.Contains(info.Why, "only move into cover") {
		t.Errorf("a standing team may move sideways or back only into cover: %+v", info)
	}
	if s.Fig(1).Posture != rules.Prone {
		t.Errorf("with no cover within half a move the figure lies prone")
	}
}

func TestRunningWinds(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 40, 40)}}, 1, 1, 4, 3)
	u := s.UnitOf(1)
	for round := 1; round <= 3; round++ {
		for s.Var(vCur) != 1 {
			apply(t, s, rules.Command{Verb: "end"})
		}
		if !hasLegal(s, "run U1") {
			t.Fatalf("round %d: run not offered", round)
		}
		apply(t, s, rules.Command{Verb: "run", Unit: 1})
		if a := New().MoveCheck(s, 1, []geom.Pt{s.Fig(1).Pos}).Allowance; a != geom.In(8) {
			t.Fatalf("running doubles the half move: %v", geom.Inches(a))
		}
		s.Force(1, 1, 4, 3)
		for s.Round == round {
			apply(t, s, rules.Command{Verb: "end"})
		}
	}
	if uget(u, vWinded) != 1 {
		t.Fatalf("after three rounds running the team is winded")
	}
	for s.Var(vCur) != 1 {
		apply(t, s, rules.Command{Verb: "end"})
	}
	if hasLegal(s, "run U1") || New().MoveCheck(s, 1, []geom.Pt{geom.P(10, 11)}).OK {
		t.Errorf("a winded team halts for a round")
	}
}

func TestBrokenTeamSurrendersToAssault(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 12)}}, 6, 1)
	uset(s.UnitOf(2), vBreaks, 1)
	apply(t, s, rules.Command{Verb: "end"})
	c := rules.Command{Verb: "assault", Unit: 1, Targets: []rules.FigID{2}}
	rolls := s.Rolls
	apply(t, s, c)
	if !s.Fig(2).Removed || !s.Fig(2).Markers.Has(rules.Surrendered) || s.Rolls != rolls {
		t.Errorf("a broken team contacted by the enemy surrenders without a fight")
	}
}

func TestReplayDeterminism(t *testing.T) {
	sc, m := loadScenario(t)
	a, err := rules.PlayRandom(New(), sc, m, 77, 5000)
	if err != nil {
		t.Fatal(err)
	}
	b, err := rules.PlayRandom(New(), sc, m, 77, 5000)
	if err != nil {
		t.Fatal(err)
	}
	if a.St.Hash() != b.St.Hash() || len(a.Log) != len(b.Log) {
		t.Errorf("same seed, different games")
	}
}

// The issue's example through the whole engine: the target stands in a
// field of crops (soft cover) 10" away.
func TestIssueExampleOnTheTable(t *testing.T) {
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	sc.Sides[0].Units = []rules.ScenarioUnit{{Name: "TA", Quality: "trained", Figures: []rules.ScenarioFigure{{Name: "A", Weapons: []string{"rifle"}, Pos: geom.P(10, 10), HasPos: true}}}}
	sc.Sides[1].Units = []rules.ScenarioUnit{{Name: "TB", Quality: "trained", Figures: []rules.ScenarioFigure{{Name: "B", Weapons: []string{"rifle"}, Pos: geom.P(10, 20), HasPos: true}}}}
	k, _ := terrain.KindByName("field")
	m := &terrain.Map{Name: "field", Width: geom.In(48), Height: geom.In(48), Pieces: []terrain.Piece{{ID: 0, Kind: "field", Props: k.Props,
		Poly: geom.Polygon{geom.P(7, 17), geom.P(13, 17), geom.P(13, 23), geom.P(7, 23)}}}}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	s.Force(6, 1)
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	apply(t, s, rules.Command{Verb: "end"})
	o, err := New().Odds(s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect})
	if err != nil {
		t.Fatal(err)
	}
	hit := 30.0 / 36
	for name, want := range map[string]float64{Kill: hit * 9 / 36, Serious: hit * 6 / 36, Light: hit * 6 / 36, NearMiss: hit * 15 / 36, Miss: 6.0 / 36} {
		if math.Abs(o.P(name)-want) > 1e-12 {
			t.Errorf("%s: %v, want %v (mods %v)", name, o.P(name), want, o.Mods)
		}
	}
}

// The fire odds (worst result over autofire hits) against a brute-force
// enumeration of every die: an LMG at extreme range at a prone veteran,
// wounds adding up as the engine plays them.
func TestAutofireOddsBruteForce(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 5, weapons: []string{"lmg"}}}}, {1, "veteran", "", rifles(1, 10, 35)}}, 6, 1)
	s.Fig(2).Posture = rules.Prone
	apply(t, s, rules.Command{Verb: "end"})
	c := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect}
	o, err := New().Odds(s, c)
	if err != nil {
		t.Fatal(err)
	}
	r := New().(SMLE)
	in := r.shotInput(s, s.Fig(1), s.Fig(2), weapon(t, "lmg"), FireDirect)
	ein := EffectInput{Weapon: weapon(t, "lmg"), Armour: "light", Quality: "veteran"}
	const maxHits = 4
	counts := map[string]int64{}
	var total int64
	sev := map[string]int{Kill: 0, Serious: 1, Light: 2, NearMiss: 3}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			h, _, err := Std().ResolveShot(in, a, b, "")
			if err != nil || h > maxHits {
				t.Fatalf("hits %d err %v", h, err)
			}
			weight := int64(1)
			for i := h; i < maxHits; i++ {
				weight *= 36
			}
			// Enumerate each hit's (attack die, defence die) on the lone
			// man, whose wounds add up (a second light wound is serious,
			// a second serious one kills, a dead man takes no more).
			var rec func(i int, worst string, st int)
			rec = func(i int, worst string, st int) {
				if i == h || st == stDead {
					w := weight
					for j := i; j < h; j++ {
						w *= 36
					}
					counts[worst] += w
					total += w
					return
				}
				for x := 1; x <= 6; x++ {
					for y := 1; y <= 6; y++ {
						e, _ := Std().ResolveEffect(ein, []int{x, y}, "")
						nst := st
						switch {
						case e == Kill, e == Serious && st == stSerious:
							e, nst = Kill, stDead
						case e == Serious, e == Light && st != stOK:
							e, nst = Serious, stSerious
						case e == Light:
							nst = stLight
						}
						w := worst
						if w == Miss || sev[e] < sev[w] {
							w = e
						}
						rec(i+1, w, nst)
					}
				}
			}
			rec(0, Miss, stOK)
		}
	}
	for _, name := range []string{Kill, Serious, Light, NearMiss, Miss} {
		want := float64(counts[name]) / float64(total)
		if math.Abs(o.P(name)-want) > 1e-12 {
			t.Errorf("%s: odds %v, brute force %v", name, o.P(name), want)
		}
	}
	if o.P(Kill) <= 0 || o.P(Miss) <= 0 {
		t.Errorf("degenerate case: %v", o.Outcomes)
	}
}

func TestHardCoverBehindWall(t *testing.T) {
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	sc.Sides[0].Units = []rules.ScenarioUnit{{Name: "TA", Quality: "trained", Figures: []rules.ScenarioFigure{{Name: "A", Weapons: []string{"rifle"}, Pos: geom.P(10, 10.5), HasPos: true}}}}
	sc.Sides[1].Units = []rules.ScenarioUnit{{Name: "TB", Quality: "trained", Figures: []rules.ScenarioFigure{{Name: "B", Weapons: []string{"rifle"}, Pos: geom.P(10, 30), HasPos: true}}}}
	k, _ := terrain.KindByName("low-wall")
	m := &terrain.Map{Name: "wall", Width: geom.In(48), Height: geom.In(48), Pieces: []terrain.Piece{{ID: 0, Kind: "low-wall", Props: k.Props,
		Path: []geom.Pt{geom.P(5, 11), geom.P(15, 11)}}}}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	s.Force(1, 1)
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	r := New().(SMLE)
	if !r.activationInput(s, s.UnitOf(1)).HardCover {
		t.Errorf("behind a low wall facing the enemy: hard cover")
	}
	if r.activationInput(s, s.UnitOf(2)).HardCover {
		t.Errorf("in the open: no hard cover")
	}
	// 4 + 2 fresh + 1 not under fire + 2 hard cover + 1 concealed (in
	// cover, has not fired) + 1 = 11.
	if tot := uget(s.UnitOf(1), vTotal); tot != 11 {
		t.Errorf("activation total %d, want 11", tot)
	}
}

// A team fired on before it activates loses levels at once (which
// decides whether it may still opportunity fire); one that has activated
// keeps its band.
func TestLevelDropsBeforeActivation(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "green", "", rifles(2, 10, 10)},     // 2+2+1 + die 2 = 7
		{1, "untrained", "", rifles(1, 10, 20)}, // 0+2+1 + die 1 = 4
		{1, "trained", "", rifles(1, 20, 20)},   // 4+2+1 + die 4 = 11
	}, 2, 1, 4)
	// Order: unit 2 (4), unit 1 (green 2+2+1+2 = 7), unit 3 (8).
	if s.Var(vCur) != 2 {
		t.Fatalf("unit 2 first, got %d", s.Var(vCur))
	}
	apply(t, s, rules.Command{Verb: "end"})
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 next, got %d", s.Var(vCur))
	}
	apply(t, s, rules.Command{Verb: "end"})
	r := New().(SMLE)
	if b := r.currentBand(s, s.UnitOf(1)); Std().Bands[b].Name != "advance-7" {
		t.Errorf("an activated team keeps its band: %s", Std().Bands[b].Name)
	}
	// A not-yet-activated team under fire drops: put unit 3's team under
	// direct fire and check from unit 1's side by hand.
	u3 := s.UnitOf(3)
	uset(u3, vDone, 0)
	uset(u3, vUF, ufDirect|ufExplosive)
	uset(u3, vContact, 1)
	// 4 + die 4 - 1 - 2 = 5: stand-5 (return fire only).
	if b := r.currentBand(s, u3); Std().Bands[b].Name != "stand-5" {
		t.Errorf("fire taken before activating lowers the band: %s", Std().Bands[b].Name)
	}
}
