package firefight

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/terrain"
)

// crossing: Red F2 on opportunity fire at (50,60) facing south; Blue F1,
// spotted, at (75,80). The arc at y = 80 runs from x = 30 to x = 70, so a
// move west to (55,80) enters it 5 cm along.
func crossing(t *testing.T) *rules.State {
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 75, y: 80, leader: true}}},
		{side: 1, init: 2, figs: []tfig{{x: 50, y: 60}}},
	}, nil, 1)
	actNow(s, 0)
	s.Fig(2).Facing = 180
	s.Fig(2).SetVar(fOpp, 1)
	s.Fig(1).SetVar(spotVar(1), 1)
	return s
}

func near(a, b geom.Pt) bool { return abs(a.X-b.X) <= 1 && abs(a.Y-b.Y) <= 1 }

func TestOppFireStopsTheMoverWhereHeCrossesTheArc(t *testing.T) {
	s := crossing(t)
	if InFrontArc(s.Fig(2), s.Fig(1).Pos) || !InFrontArc(s.Fig(2), at(55, 80)) {
		t.Fatal("set-up: the move should start outside the arc and end inside it")
	}
	evs := apply(t, s, cmd(t, "move F1 "+pt(at(55, 80))))
	if s.Decider != 1 || s.Var(gOppMover) != 1 {
		t.Fatalf("no interruption: decider %d", s.Decider)
	}
	if !near(s.Fig(1).Pos, at(70, 80)) || !InFrontArc(s.Fig(2), s.Fig(1).Pos) {
		t.Fatalf("stopped at %s, want the arc's edge at 70,80 cm", pt(s.Fig(1).Pos))
	}
	if evs[0].Kind != "move" || evs[0].Path[len(evs[0].Path)-1] != s.Fig(1).Pos || evs[1].Kind != "opportunity" {
		t.Fatalf("events %v", evs)
	}
	if r := RestOfMove(s); len(r) != 1 || r[0] != at(55, 80) {
		t.Fatalf("rest of the move %v", r)
	}
	ex := New().(rules.Explainer).Explain(s)
	if !strings.Contains(strings.Join(ex.Lines, " "), "15 cm of his move still to go") || ex.End != "Let it pass" {
		t.Fatalf("the panel should say what is left of the move: %v", ex.Lines)
	}
	// He has moved 5 cm in view so far: the fire counts that, not the 20.
	need, mods := FireNeed(s, s.Fig(2), mustWeapon(t, "rifle"), s.Fig(1))
	if !hasMod(mods, "moved up to 5 cm", data.Fire.Moved[0]) {
		t.Fatalf("modifiers %v (need %d)", mods, need)
	}
	// Hit (20), hit table 5 + 3 = 8: neutralised. He stays at the edge.
	s.Force(20, 5)
	apply(t, s, cmd(t, "fire F2 F1"))
	if !Neutralised(s, s.Fig(1)) || !near(s.Fig(1).Pos, at(70, 80)) {
		t.Fatalf("neutralised %v at %s", Neutralised(s, s.Fig(1)), pt(s.Fig(1).Pos))
	}
	if s.Decider != 0 || s.Var(gOppMover) != 0 || len(RestOfMove(s)) != 0 || s.Fig(2).Var(fAP) != 0 {
		t.Fatal("play should return to Blue with nothing left of the move")
	}
}

func TestOppFireMissLetsTheMoverGoOn(t *testing.T) {
	s := crossing(t)
	apply(t, s, cmd(t, "move F1 "+pt(at(55, 80))))
	s.Force(1) // a miss
	evs := apply(t, s, cmd(t, "fire F2 F1"))
	if s.Fig(1).Pos != at(55, 80) || s.Decider != 0 {
		t.Fatalf("after a miss the mover should finish his move: at %s", pt(s.Fig(1).Pos))
	}
	last := evs[len(evs)-1]
	if last.Kind != "move" || last.Path[0] == last.Path[len(last.Path)-1] {
		t.Fatalf("the rest of the move is not an event: %v", last)
	}
	if got := MovedInView(s, s.Fig(1), s.Fig(2).Pos); abs(got-cm(20)) > 2 {
		t.Fatalf("moved in view %d, want the whole 20 cm (%d)", got, cm(20))
	}
	if s.Fig(1).Var(fAP) != 0 {
		t.Fatalf("the move cost 4 points, %d left", s.Fig(1).Var(fAP))
	}
}

func TestOppFireAtAMoverWhoEndsOutOfSight(t *testing.T) {
	// A house between Red F2 (at 50,40 facing south) and the end of the
	// move: F1 crosses the arc's edge at x = 80 in plain view and ends at
	// (70,70) behind the house.
	house := terrain.Piece{Kind: "building", Poly: geom.Polygon{at(60, 57), at(65, 57), at(65, 62), at(60, 62)}}
	s, _ := newState(t, []tunit{
		{side: 0, init: 3, figs: []tfig{{x: 90, y: 70, leader: true}}},
		{side: 1, init: 2, figs: []tfig{{x: 50, y: 40}}},
	}, []terrain.Piece{house}, 1)
	actNow(s, 0)
	o, m := s.Fig(2), s.Fig(1)
	o.Facing = 180
	o.SetVar(fOpp, 1)
	m.SetVar(spotVar(1), 1)
	if !sees(s, o, m) || s.Terrain.Clear(o.Pos, at(70, 70)) || !InFrontArc(o, at(70, 70)) {
		t.Fatal("set-up: F1 must start seen and end in the arc but out of sight")
	}
	apply(t, s, cmd(t, "move F1 "+pt(at(70, 70))))
	if s.Decider != 1 || !near(m.Pos, at(80, 70)) {
		t.Fatalf("the crossing in view should be fired on: decider %d, F1 at %s", s.Decider, pt(m.Pos))
	}
	// Let it pass: he goes on behind the house and is lost to sight.
	apply(t, s, cmd(t, "pass"))
	if m.Pos != at(70, 70) || s.Decider != 0 || Spotted(s, 1, m) || m.Var(seenVar(1)) != 0 {
		t.Fatalf("F1 at %s, decider %d, spotted %v", pt(m.Pos), s.Decider, Spotted(s, 1, m))
	}
	if o.Var(fFired) == phaseNo(s) {
		t.Fatal("passing is not firing")
	}
}

func TestOppFireNotAtAnUnspottedMover(t *testing.T) {
	s := crossing(t)
	s.Fig(1).SetVar(spotVar(1), 0)
	apply(t, s, cmd(t, "move F1 "+pt(at(55, 80))))
	if s.Decider != 0 || s.Fig(1).Pos != at(55, 80) {
		t.Fatal("an unspotted mover was interrupted")
	}
}

func TestOppFireAPassedMoverIsNotOfferedAgain(t *testing.T) {
	// Two moves along the arc in one phase: a pass on the first lets it
	// go; the second move is a new chance (once a phase is about firing).
	s := crossing(t)
	apply(t, s, cmd(t, "move F1 "+pt(at(65, 80))))
	if s.Decider != 1 {
		t.Fatal("no interruption")
	}
	apply(t, s, cmd(t, "pass"))
	if s.Fig(1).Pos != at(65, 80) || s.Decider != 0 {
		t.Fatalf("after the pass: at %s decider %d", pt(s.Fig(1).Pos), s.Decider)
	}
	apply(t, s, cmd(t, "move F1 "+pt(at(60, 80))))
	if s.Decider != 1 || s.Fig(1).Pos != at(65, 80) {
		t.Fatalf("the next move, starting in the arc, should be offered at once: at %s", pt(s.Fig(1).Pos))
	}
	s.Force(1)
	apply(t, s, cmd(t, "fire F2 F1"))
	apply(t, s, cmd(t, "move F1 "+pt(at(56, 80))))
	if s.Decider != 0 {
		t.Fatal("fired twice in one phase")
	}
}

// The odds of opportunity fire taken part way along a move are what the
// engine does, miss and all (a miss lets the mover go on).
func TestOppFireOddsMatchEngineMidMove(t *testing.T) {
	s := crossing(t)
	s.Fig(1).Posture = rules.Crouching
	apply(t, s, cmd(t, "move F1 "+pt(at(55, 80))))
	c := cmd(t, "fire F2 F1")
	classify := func(_, _ *rules.State, evs []rules.Event) string { return resultOf(evs, 1) }
	res := oddscheck.Run(New(), s, c, classify, 20000, 3)
	if err := res.Err(); err != nil {
		t.Fatal(err)
	}
}

func mustWeapon(t *testing.T, id string) *Weapon {
	w, ok := data.Weapon(id)
	if !ok {
		t.Fatalf("no weapon %q", id)
	}
	return w
}

func hasMod(mods []rules.Mod, reason string, v int) bool {
	for _, m := range mods {
		if strings.Contains(m.Reason, reason) && m.Value == v {
			return true
		}
	}
	return false
}

// Going on opportunity fire facing a point turns the figure to face it
// exactly (whole degrees), and the arc is 45 degrees either side of that,
// not of the nearest point of the compass.
func TestOppFireFacesThePointGiven(t *testing.T) {
	s := crossing(t)
	actNow(s, 1)
	o := s.Fig(2)
	o.SetVar(fOpp, 0)
	// The table gives "oppfire F2 face" with the point clicked (listed
	// with no point, as the core's point commands are).
	found := false
	for _, c := range New().Legal(s) {
		if c.Verb == "oppfire" && c.Fig == 2 && c.Arg == "face" && len(c.Path) == 0 {
			found = true
			if a := rules.ActionOf(New(), s, c); a.Kind != rules.ActPoint {
				t.Fatalf("facing a point is offered as %q", a.Kind)
			}
		}
	}
	if !found {
		t.Fatal("no oppfire facing a point offered")
	}
	c := rules.Command{Verb: "oppfire", Fig: 2, Arg: "face", Path: []geom.Pt{at(80, 40)}} // 30 east, 20 north: bearing 56
	if back := cmd(t, c.String()); back.Arg != "face" || len(back.Path) != 1 {
		t.Fatalf("%q reads back as %+v", c.String(), back)
	}
	apply(t, s, c)
	if o.Facing != 56 {
		t.Fatalf("facing %d, want 56", o.Facing)
	}
	// Bearing 95 (in the arc 11..101) and bearing 5 (outside it).
	if !InFrontArc(o, geom.Pt{X: o.Pos.X + cm(40), Y: o.Pos.Y + cm(3)}) {
		t.Fatal("a point at bearing 95 is in the arc")
	}
	if InFrontArc(o, geom.Pt{X: o.Pos.X + cm(3), Y: o.Pos.Y - cm(30)}) {
		t.Fatal("a point at bearing 6 is outside the arc")
	}
}

// A turn's move parts keep their points and lengths, every variable
// within a 32-bit int so 386 replays match (a packed 64-bit value did not).
func TestMovePartsKeepPoints(t *testing.T) {
	f := &rules.Figure{ID: 1}
	a, b, c := geom.Pt{X: -5, Y: 70000}, geom.Pt{X: 72000, Y: 48000}, geom.Pt{X: 123456, Y: -987}
	addMovePart(f, a, b, 7874)
	addMovePart(f, b, c, 1<<21+3)
	if f.Var(fMoveN) != 2 || partAt(f, 0) != a || partAt(f, 1) != b || partAt(f, 2) != c ||
		f.Var(movePartVar(1, "l")) != 7874 || f.Var(movePartVar(2, "l")) != 1<<21+3 {
		t.Fatalf("parts read back wrong: %v", f.Vars)
	}
	for k, v := range f.Vars {
		if int64(v) != int64(int32(v)) {
			t.Errorf("%s = %d does not fit a 32-bit int", k, v)
		}
	}
	clearMoveParts(f)
	for k, v := range f.Vars {
		if v != 0 {
			t.Errorf("%s = %d left after clearing", k, v)
		}
	}
}

// A path with a bend: the arc's edge lies half a centimetre into the
// second leg, and the mover stops on it, not at the next step.
func TestOppFireCutsTheRightLegOfABentPath(t *testing.T) {
	s := crossing(t)
	bend := geom.Pt{X: cm(68) + CMToUnits(5), Y: cm(78)} // the arc at y = 78 ends at x = 68
	c := rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{bend, at(60, 78)}}
	apply(t, s, c)
	if s.Decider != 1 || !near(s.Fig(1).Pos, at(68, 78)) {
		t.Fatalf("stopped at %s, want the arc's edge at 68,78 cm", pt(s.Fig(1).Pos))
	}
	if r := RestOfMove(s); len(r) != 1 || r[0] != at(60, 78) {
		t.Fatalf("rest of the move %v", r)
	}
}
