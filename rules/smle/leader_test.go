package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Leader ratings: a good leader lifts his own team one band; an
// incompetent one gives no bonus and his group's teams act at his level.
func TestLeaderQuality(t *testing.T) {
	// Unit 1 (leader's team) and unit 2 (same group), side 0; unit 3 the
	// enemy far away. Dice: 2, 5, 6.
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}, leader: true}, {x: 12, y: 10, weapons: []string{"rifle"}}}},
		{0, "trained", "", rifles(2, 10, 14)},
		{1, "trained", "", rifles(1, 10, 40)},
	}, 2, 5, 6)
	s.Units[1].Parent = 1
	r := New().(SMLE)
	u1, u2 := s.UnitOf(1), s.UnitOf(2)
	leader := s.Fig(1)

	basic := r.activationInput(s, u1)
	if !basic.Leader || basic.LeaderShift != 0 || !r.activationInput(s, u2).Leader {
		t.Fatalf("a basic leader gives +1 to both teams")
	}
	leader.Rating = 3 // good
	in := r.activationInput(s, u1)
	if in.Leader || in.LeaderShift != 1 {
		t.Errorf("good leader: own team shifts one band, no +1: %+v", in)
	}
	// Face 2: 4 + 2 fresh + 1 + 1 + 2 = 10 (Close, half move) for a basic
	// leader; a good one: 9, the same row, then up a band (Close, full move).
	_, b0, _ := Std().ResolveActivation(2, basic, "")
	_, b1, _ := Std().ResolveActivation(2, in, "")
	if Std().Bands[b0].Name != "close-9" || Std().Bands[b1].Name != "close-11" {
		t.Errorf("basic %s, good %s", Std().Bands[b0].Name, Std().Bands[b1].Name)
	}
	if !r.activationInput(s, u2).Leader {
		t.Errorf("the rest of a good leader's group still get +1")
	}

	leader.Rating = 1 // incompetent
	if r.activationInput(s, u1).Leader || r.activationInput(s, u2).Leader {
		t.Errorf("an incompetent leader gives no bonus")
	}
	if r.followedTeam(s, u2) != u1 || r.followedTeam(s, u1) != nil {
		t.Fatalf("unit 2 should follow unit 1")
	}
	uset(u1, vBand, 2)
	uset(u2, vDone, 0)
	if got := r.currentBand(s, u2); got != 2 {
		t.Errorf("follower band %d, want the leader team's 2", got)
	}
	// Out of a full move the follower acts on its own roll.
	for _, f := range members(s, 2) {
		f.Pos.Y += 20000
	}
	if r.followedTeam(s, u2) != nil {
		t.Errorf("a team beyond a full move does not follow")
	}
}

// Team cohesion (half a move between team-mates) and section cohesion (a
// full move from the section leader): either costs -2.
func TestCohesion(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}, leader: true}, {x: 12, y: 10, weapons: []string{"rifle"}}}},
		{0, "trained", "", rifles(2, 10, 17)}, // 7" from the leader: within 8"
		{1, "trained", "", rifles(1, 40, 40)},
	}, 2, 5, 6)
	s.Units[1].Parent = 1
	r := New().(SMLE)
	u2 := s.UnitOf(2)
	if r.activationInput(s, u2).Separated {
		t.Fatalf("within a full move of the section leader: not separated")
	}
	for _, f := range members(s, 2) {
		f.Pos.Y += 2000 // 9" away now
	}
	in := r.activationInput(s, u2)
	if !in.Separated {
		t.Errorf("more than a full move from the section leader: separated")
	}
	found := false
	for _, m := range Std().ActivationMods(in) {
		found = found || (m.Reason == "separated from the unit" && m.Value == -2)
	}
	if !found {
		t.Errorf("no -2 separation modifier: %v", Std().ActivationMods(in))
	}
	// Team cohesion: one figure 4.2" edge to edge (more than half of 8")
	// from its only team-mate.
	s.Fig(2).Pos = s.Fig(1).Pos
	s.Fig(2).Pos.X += 5200
	if !r.activationInput(s, s.UnitOf(1)).Separated {
		t.Errorf("a figure more than half a move from its team: separated")
	}
	s.Fig(2).Pos.X -= 400
	if r.activationInput(s, s.UnitOf(1)).Separated {
		t.Errorf("within half a move: not separated")
	}
}

// Bracing: a round without moving or firing braces the weapon (+1 to hit
// next round); moving loses it.
func TestBracing(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(2, 10, 10)}, {1, "trained", "", rifles(1, 10, 40)}}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"}) // unit 2
	apply(t, s, rules.Command{Verb: "move", Fig: 2, Path: []geom.Pt{geom.P(13, 11)}})
	if s.Phase == PhaseOpportunity {
		apply(t, s, rules.Command{Verb: "pass"})
	}
	s.Force(3, 3)
	apply(t, s, rules.Command{Verb: "end"}) // first go
	apply(t, s, rules.Command{Verb: "end"}) // second go; round 2 rolls 3, 3
	if s.Round != 2 {
		t.Fatalf("round %d", s.Round)
	}
	if s.Fig(1).Var(fBraced) != 1 || s.Fig(2).Var(fBraced) != 0 {
		t.Errorf("F1 stood still (braced %d), F2 moved (braced %d)", s.Fig(1).Var(fBraced), s.Fig(2).Var(fBraced))
	}
	w, _ := Std().Weapon("rifle")
	if !New().(SMLE).shotInput(s, s.Fig(1), s.Fig(3), w, FireDirect).Braced {
		t.Errorf("a braced figure's shot counts the +1")
	}
}

// With the scenario's random_quality and random_leaders, Start rolls each
// team's quality (a team with a leader adds 1) and each leader's quality
// (a good leader rolls again), shows every roll, and plays with the result.
func TestRandomQualityAndLeaders(t *testing.T) {
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500, RandomQuality: true, RandomLeaders: true}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	sc.Sides[0].Units = []rules.ScenarioUnit{{Name: "Led", Quality: "green", Figures: []rules.ScenarioFigure{
		{Name: "Sgt", Weapons: []string{"smg"}, Leader: true, Pos: geom.P(10, 10), HasPos: true},
		{Name: "Pte", Weapons: []string{"rifle"}, Pos: geom.P(12, 10), HasPos: true}}}}
	sc.Sides[1].Units = []rules.ScenarioUnit{{Name: "Plain", Quality: "green", Figures: []rules.ScenarioFigure{
		{Name: "Gefr", Weapons: []string{"rifle"}, Pos: geom.P(10, 40), HasPos: true}}}}
	s, err := rules.NewState(sc, &terrain.Map{Name: "open", Width: geom.In(48), Height: geom.In(48)})
	if err != nil {
		t.Fatal(err)
	}
	// quality: Led 1+1 = 2 trained, Plain 6 veteran; the sergeant 5 (good),
	// again 6: exceptional; then the two activation dice
	s.Force(1, 6, 5, 6, 3, 4)
	evs, err := New().Start(s)
	if err != nil {
		t.Fatal(err)
	}
	if u := s.UnitOf(1); u.Quality != "trained" || s.Fig(2).Quality != "trained" {
		t.Errorf("Led rolled 1+1: trained, got %q / %q", u.Quality, s.Fig(2).Quality)
	}
	if s.UnitOf(2).Quality != "veteran" || s.Fig(3).Quality != "veteran" {
		t.Errorf("Plain rolled 6: veteran, got %q", s.UnitOf(2).Quality)
	}
	if q, ok := Std().LeaderQualityOf(s.Fig(1)); !ok || q.Name != "exceptional" {
		t.Errorf("the sergeant rolled 5 then 6: exceptional, got %+v", q)
	}
	var texts []string
	for _, e := range evs {
		if e.Kind == "roll" && e.Roll != nil {
			texts = append(texts, e.Text)
		}
	}
	joined := strings.Join(texts, "\n")
	for _, want := range []string{"Led's troop quality: 2, trained", "Plain's troop quality: 6, veteran", "Sgt's leadership: 5, then 6, exceptional"} {
		if !strings.Contains(joined, want) {
			t.Errorf("missing %q in the opening rolls:\n%s", want, joined)
		}
	}
}
