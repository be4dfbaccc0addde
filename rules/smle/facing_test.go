package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// ffig is a test figure with a facing.
type ffig struct {
	side    int
	unit    string
	quality string
	x, y    float64
	facing  int
}

// facedState builds a 48" table (with optional pieces) where every figure
// carries a rifle and the given facing, forces the dice and starts.
func facedState(t *testing.T, pieces []terrain.Piece, figs []ffig, dice ...int) *rules.State {
	t.Helper()
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	for i, f := range figs {
		sd := &sc.Sides[f.side]
		k := -1
		for j := range sd.Units {
			if sd.Units[j].Name == f.unit {
				k = j
			}
		}
		if k < 0 {
			sd.Units = append(sd.Units, rules.ScenarioUnit{Name: f.unit, Quality: f.quality})
			k = len(sd.Units) - 1
		}
		sd.Units[k].Figures = append(sd.Units[k].Figures, rules.ScenarioFigure{Name: f.unit + string(rune('a'+i)),
			Weapons: []string{"rifle"}, Pos: geom.P(f.x, f.y), HasPos: true, Facing: f.facing})
	}
	m := &terrain.Map{Name: "t", Width: geom.In(48), Height: geom.In(48), Pieces: pieces}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	s.Force(dice...)
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestArcOf(t *testing.T) {
	f := &rules.Figure{Pos: geom.P(10, 10), Facing: 0}
	for _, c := range []struct {
		x, y float64
		want int
	}{{10, 5, ArcFront}, {15, 5, ArcFront}, {5, 5, ArcFront}, {15, 10, ArcFlank}, {15, 15, ArcFlank}, {5, 10, ArcFlank}, {11, 15, ArcRear}, {10, 15, ArcRear}} {
		if got := ArcOf(f, geom.P(c.x, c.y)); got != c.want {
			t.Errorf("facing up, attacker at %v,%v: arc %d, want %d", c.x, c.y, got, c.want)
		}
	}
	f.Facing = 270 // facing left: an attacker on the right is behind
	if ArcOf(f, geom.P(20, 10)) != ArcRear || ArcOf(f, geom.P(0, 10)) != ArcFront {
		t.Errorf("facing 270 arcs wrong")
	}
}

// Fire from a team's flank or rear costs it -1 or -2 (not both) on its
// next activation roll.
func TestFlankAndRearFire(t *testing.T) {
	for _, c := range []struct {
		facing      int
		flank, rear bool
		mod         string
	}{{270, false, false, ""}, {350, true, false, "attacked from the flank"}, {90, false, true, "attacked from the rear"}} {
		// Unit 1 (Blue, west) rolls 6: double move; unit 2 (Red, east,
		// facing c.facing) rolls 1 and goes first.
		s := facedState(t, nil, []ffig{{0, "A", "trained", 10, 10, 90}, {1, "B", "trained", 20, 10, c.facing}}, 6, 1)
		apply(t, s, rules.Command{Verb: "end"})
		s.Force(1, 1) // snake eyes: a miss, but the team is still under fire
		apply(t, s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect})
		in := New().(SMLE).activationInput(s, s.UnitOf(2))
		if in.Flank != c.flank || in.Rear != c.rear || !in.DirectFire {
			t.Errorf("facing %d: flank %v rear %v direct %v", c.facing, in.Flank, in.Rear, in.DirectFire)
		}
		_, _, l := Std().ResolveActivation(3, in, "x")
		found := ""
		for _, m := range l.Mods {
			if strings.HasPrefix(m.Reason, "attacked") {
				found = m.Reason
			}
		}
		if found != c.mod {
			t.Errorf("facing %d: modifier %q, want %q", c.facing, found, c.mod)
		}
	}
}

func trench(x, y, w, h float64) terrain.Piece {
	k, _ := terrain.KindByName("trench")
	return terrain.Piece{ID: 0, Kind: "trench", Props: k.Props,
		Poly: geom.Polygon{geom.P(x, y), geom.P(x+w, y), geom.P(x+w, y+h), geom.P(x, y+h)}}
}

// A figure in a prepared position fires only across its 90 degree arc
// (centred on its facing at the start); out of the trench it may fire
// anywhere.
func TestPreparedArc(t *testing.T) {
	s := facedState(t, []terrain.Piece{trench(8, 8, 4, 2)}, []ffig{
		{0, "Dug in", "trained", 10, 9, 180},
		{1, "South", "trained", 12, 25, 0},
		{1, "East", "trained", 30, 8, 0},
	}, 6, 1, 1)
	r := New().(SMLE)
	u := s.UnitOf(1)
	if got := r.firers(s, u, []*rules.Figure{s.Fig(2)}); len(got) != 1 {
		t.Errorf("the enemy to the south is in the arc")
	}
	if got := r.firers(s, u, []*rules.Figure{s.Fig(3)}); len(got) != 0 {
		t.Errorf("the enemy to the east is outside the arc")
	}
	if r.coverAt(s, s.Fig(1).Pos) != terrain.CoverPrepared {
		t.Fatal("the figure should be in the trench")
	}
	s.Fig(1).Pos = geom.P(10, 12) // climbed out
	if got := r.firers(s, u, []*rules.Figure{s.Fig(3)}); len(got) != 1 {
		t.Errorf("out of the trench the arc no longer applies")
	}
}

// Pinned teams in the open go prone facing the nearest enemy; a side
// whose scenario gave no facings starts facing the enemy.
func TestPinnedFacesEnemyAndAutoFacing(t *testing.T) {
	// Untrained: 0 + 2 fresh + 1 = 3 + die 1 = 4: pinned. Facing away.
	s := facedState(t, nil, []ffig{{0, "A", "untrained", 10, 10, 180}, {1, "B", "trained", 10, 2, 90}}, 1, 6)
	f := s.Fig(1)
	if f.Posture != rules.Prone || f.Facing != 0 {
		t.Errorf("pinned: posture %v facing %d, want prone facing 0 (north, the enemy)", f.Posture, f.Facing)
	}
	// No facings on either side: each figure turns to its nearest enemy.
	s = facedState(t, nil, []ffig{{0, "A", "trained", 10, 10, 0}, {1, "B", "trained", 20, 10, 0}}, 6, 6)
	if s.Fig(1).Facing != 90 || s.Fig(2).Facing != 270 {
		t.Errorf("auto facing: %d and %d, want 90 and 270", s.Fig(1).Facing, s.Fig(2).Facing)
	}
}

// Aimed fire at a team with no leader (issue 24): the book's "one
// specific figure" is any man, so it is offered at one man of every team
// in reach, and the table aims it at any of them; the odds are those of
// that man alone.
func TestAimedFireAtAnyTeam(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(2, 10, 10)}, {1, "trained", "", rifles(2, 10, 20)}}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	if !hasLegal(s, "fire - U1 F3 aimed") || hasLegal(s, "fire - U1 F4 aimed") {
		t.Fatalf("aimed fire is offered once at the team with no leader: %v", New().Legal(s))
	}
	// the other man, as the table aims it: taken, with his odds
	other := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{4}, Arg: FireAimed}
	if _, err := New().Odds(s, other); err != nil {
		t.Fatalf("aimed fire at the other man: %v", err)
	}
}

// Aimed fire at one figure (a leader): -3 for every firer, and every hit
// lands on that figure with no roll for which figure is hit.
func TestAimedFire(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(2, 10, 10)},
		{1, "trained", "", []tfig{{x: 10, y: 20, weapons: []string{"rifle"}, leader: true}, {x: 12, y: 20, weapons: []string{"rifle"}}}}}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	aimed := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FireAimed}
	if !hasLegal(s, aimed.String()) || hasLegal(s, "fire - U1 F4 aimed") {
		t.Fatalf("aimed fire is offered at the leader, standing for his team (the table aims it at any man of it): %v", New().Legal(s))
	}
	o, err := New().Odds(s, aimed)
	if err != nil {
		t.Fatal(err)
	}
	// 2D6 + 2 direct + 2 not under fire - 3 specific vs 7: 6+ on 2D6 hits
	// (26/36); two firers miss together (10/36)^2.
	if miss := o.P(Miss); miss < (10.0/36)*(10.0/36)-1e-12 || miss > (10.0/36)*(10.0/36)+1e-12 {
		t.Errorf("miss %v, want (10/36)^2", miss)
	}
	// First firer 3+3 hits, second 1+2 misses; effect 6 against 2 kills
	// the leader (no which-figure die).
	s.Force(3, 3, 1, 2, 6, 2)
	apply(t, s, aimed)
	if !s.Fig(3).Removed || s.Fig(4).Removed {
		t.Errorf("the leader should be the one killed")
	}
}

// A figure that moves into a prepared position spends the rest of the
// round settling in: it may not fire and gets no bonus from the position
// until the next round. Figures that start the game in one are settled.
func TestSettlingIntoPreparedPosition(t *testing.T) {
	s := facedState(t, []terrain.Piece{trench(8, 8, 4, 2)}, []ffig{
		{0, "Dug in", "trained", 10, 9, 180},
		{0, "Runner", "trained", 11, 12, 180},
		{1, "South", "trained", 11, 25, 0},
	}, 6, 6, 1)
	r := New().(SMLE)
	dug, run := s.UnitOf(1), s.UnitOf(2)
	if !r.inPrepared(s, s.Fig(1)) || len(r.firers(s, dug, []*rules.Figure{s.Fig(3)})) != 1 {
		t.Fatal("a figure starting in the trench is settled and may fire")
	}
	// make the runner's team the active one and walk it into the trench
	s.Phase, s.Decider, s.Active = PhaseActivate, 0, 0
	s.SetVar(vCur, int(run.ID))
	band := -1
	for i, b := range r.d.Bands {
		if b.Move > 0 && b.Combat == "direct" && b.Label != "Stand" {
			band = i
		}
	}
	if band < 0 {
		t.Fatal("no band moves and fires")
	}
	uset(run, vBand, band)
	if _, err := r.Apply(s, rules.Command{Verb: "move", Fig: 2, Path: []geom.Pt{geom.P(11, 9)}}); err != nil {
		t.Fatal(err)
	}
	f := s.Fig(2)
	if r.coverAt(s, f.Pos) != terrain.CoverPrepared {
		t.Fatal("the runner should be in the trench")
	}
	if !settling(s, f) || r.inPrepared(s, f) {
		t.Error("the runner has only just arrived: it is settling in")
	}
	if got := r.firers(s, run, []*rules.Figure{s.Fig(3)}); len(got) != 0 {
		t.Error("a figure settling in may not fire this round")
	}
	for _, c := range r.Legal(s) {
		if c.Verb == "fire" || c.Verb == "blast" {
			t.Errorf("Legal offers %s while the only figure is settling in", c)
		}
	}
	if in := r.activationInput(s, run); in.Prepared {
		t.Error("no prepared-position activation bonus while settling in")
	}
	s.Round++
	if settling(s, f) || !r.inPrepared(s, f) || len(r.firers(s, run, []*rules.Figure{s.Fig(3)})) != 1 {
		t.Error("next round the runner is settled and may fire")
	}
	if in := r.activationInput(s, run); !in.Prepared {
		t.Error("next round the team gets the prepared-position bonus")
	}
}

// standActivate activates u at the Stand band (finding an activation die
// that gives it) and returns the events.
func standActivate(t *testing.T, s *rules.State, u *rules.Unit) []rules.Event {
	t.Helper()
	r := New().(SMLE)
	for die := -12; die <= 12; die++ {
		if _, band, _ := r.d.ResolveActivation(die, r.activationInput(s, u), ""); r.d.Bands[band].Label == "Stand" {
			uset(u, vDie, die)
			evs := r.activate(s, u)
			if r.d.Bands[uget(u, vBand)].Label != "Stand" {
				t.Fatalf("activated at %s", r.d.Bands[uget(u, vBand)].Label)
			}
			return evs
		}
	}
	t.Fatal("no die gives Stand")
	return nil
}

// At Stand a figure in the open goes prone facing the enemy when no cover
// lies within half a move; with a wood in reach it stays up, and may move
// only into cover.
func TestStandGoesProneWithoutCover(t *testing.T) {
	k, _ := terrain.KindByName("woods")
	wood := terrain.Piece{ID: 0, Kind: "woods", Props: k.Props,
		Poly: geom.Polygon{geom.P(30, 8), geom.P(36, 8), geom.P(36, 14), geom.P(30, 14)}}
	s := facedState(t, []terrain.Piece{wood}, []ffig{
		{0, "Open", "trained", 10, 10, 90},
		{0, "Near wood", "trained", 28, 12, 90},
		{1, "Enemy", "trained", 20, 40, 0},
	}, 6, 6, 6)
	r := New().(SMLE)
	evs := standActivate(t, s, s.UnitOf(1))
	f := s.Fig(1)
	if f.Posture != rules.Prone || ArcOf(f, s.Fig(3).Pos) != ArcFront {
		t.Errorf("no cover within 4\": the figure should lie prone facing the enemy (posture %v, facing %d)", f.Posture, f.Facing)
	}
	if !hasEventText(evs, "no cover within half a move") {
		t.Errorf("the forced prone is not explained: %v", evs)
	}
	s.Round++
	standActivate(t, s, s.UnitOf(2))
	g := s.Fig(2)
	if g.Posture == rules.Prone {
		t.Error("the wood 2\" away is within half a move: the figure need not go prone")
	}
	if info := r.MoveCheck(s, 2, []geom.Pt{geom.P(29, 10)}); info.OK || !strings.Contains(info.Why, "only move into cover") {
		t.Errorf("at Stand a move into the open is refused: %+v", info)
	}
	if info := r.MoveCheck(s, 2, []geom.Pt{geom.P(31, 12)}); !info.OK {
		t.Errorf("at Stand a move into the wood is allowed: %s", info.Why)
	}
}

func hasEventText(evs []rules.Event, sub string) bool {
	for _, e := range evs {
		if strings.Contains(e.Text, sub) {
			return true
		}
	}
	return false
}
