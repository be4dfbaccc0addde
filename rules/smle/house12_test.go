package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/terrain"
)

// highWall puts one high wall on the table of s.
func highWall(t *testing.T, s *rules.State, a, b geom.Pt) {
	t.Helper()
	k, _ := terrain.KindByName("high-wall")
	s.Map.Pieces = append(s.Map.Pieces, terrain.Piece{ID: len(s.Map.Pieces), Kind: "high-wall", Props: k.Props, Path: []geom.Pt{a, b}})
	s.Terrain = terrain.NewIndex(s.Map)
}

// "Moved more than half move in sight" (+1 to hit) needs the move made in
// the firer's sight: a man walking 5" across the open in view is +1; one
// coming 5" out from behind a wall is not (he is moving into sight, -2).
func TestMovedOverHalfNeedsSight(t *testing.T) {
	r := New().(SMLE)
	for _, c := range []struct {
		name       string
		wall       bool
		over, into bool
	}{
		{"in the open", false, true, false},
		{"out from behind a wall", true, false, true},
	} {
		s := active(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, "double")
		if c.wall {
			highWall(t, s, geom.P(5, 12), geom.P(12, 12))
		}
		apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(15, 10)}})
		if s.Phase != PhaseOpportunity {
			t.Fatalf("%s: no opportunity window", c.name)
		}
		in := r.shotInput(s, s.Fig(2), s.Fig(1), r.primary(s.Fig(2)), FireOpportunity)
		if in.MovedOverHalf != c.over || in.IntoOutOfSight != c.into {
			t.Errorf("%s: moved over half in sight %v (want %v), into sight %v (want %v)", c.name, in.MovedOverHalf, c.over, in.IntoOutOfSight, c.into)
		}
		_, ms, _ := Std().ShotMods(in)
		if got := strings.Contains(modReasons(ms), "moved over half a move in sight"); got != c.over {
			t.Errorf("%s: ledger %s", c.name, modReasons(ms))
		}
	}
}

// A broken team flees twice its move; the book has it surrender when it is
// contacted by the enemy or cannot retreat. One man with a wall at his
// back (the enemy in front) cannot get a full move away and surrenders;
// his team-mate in the open flees 16". A team with an enemy base within
// 1" of any of its men surrenders whole.
func TestBreakFleeOrSurrender(t *testing.T) {
	r := New().(SMLE)
	s, _ := newState(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 20, weapons: []string{"rifle"}}, {x: 30, y: 20, weapons: []string{"rifle"}}}},
		{1, "trained", "", []tfig{{x: 10, y: 30, weapons: []string{"rifle"}}, {x: 30, y: 30, weapons: []string{"rifle"}}}}}, 6, 6, 1, 2)
	highWall(t, s, geom.P(5, 15), geom.P(15, 15)) // 5" behind the first man
	r.breakTeam(s, s.UnitOf(1))
	if f := s.Fig(1); !f.Removed || !f.Markers.Has(rules.Surrendered) {
		t.Errorf("hemmed in against the wall: should surrender, at %v removed %v", f.Pos, f.Removed)
	}
	if f := s.Fig(2); f.Removed || f.Pos != geom.P(30, 4) {
		t.Errorf("in the open: should flee 16\" straight back, at %v removed %v", f.Pos, f.Removed)
	}

	s, _ = newState(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 20, weapons: []string{"rifle"}}, {x: 30, y: 20, weapons: []string{"rifle"}}}},
		{1, "trained", "", []tfig{{x: 10, y: 21.8, weapons: []string{"rifle"}}, {x: 30, y: 40, weapons: []string{"rifle"}}}}}, 6, 6, 1, 2)
	r.breakTeam(s, s.UnitOf(1))
	for _, id := range []rules.FigID{1, 2} {
		if f := s.Fig(id); !f.Removed || !f.Markers.Has(rules.Surrendered) {
			t.Errorf("%s: the enemy is in contact with the team: all surrender", f.Name)
		}
	}
	if s.Sides[0].Losses != 2 {
		t.Errorf("losses %d", s.Sides[0].Losses)
	}
}

// Reloading heavy weapons (house model): a heavy weapon whose to-hit dice
// show a double runs dry; it fires no more until its carrier reloads it
// ("reload F1", Pinned or better), which takes his round.
func TestHeavyWeaponRunsDryAndReloads(t *testing.T) {
	r := New().(SMLE)
	gpmg, _ := Std().Weapon("gpmg")
	mk := func() *rules.State {
		s := active(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"gpmg"}}}}, {1, "trained", "", rifles(2, 10, 30)}}, "advance-8")
		s.Fig(1).SetVar(fBraced, 1)
		return s
	}
	fire := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect}

	s := mk()
	o, err := New().Odds(s, fire)
	if err != nil || len(o.Parts) != 1 || o.Parts[0].Outcomes[0].Name != RunsDry || o.Parts[0].Outcomes[0].P != 1.0/6 {
		t.Fatalf("the odds should carry the GPMG's 1 in 6 of running dry: %+v %v", o.Parts, err)
	}
	s.Force(3, 4) // no double: it keeps firing
	apply(t, s, fire)
	if Dry(s.Fig(1), gpmg) {
		t.Fatal("3 and 4 is no double")
	}

	s = mk()
	s.Force(3, 3)
	evs := apply(t, s, fire)
	dry := false
	for _, e := range evs {
		dry = dry || (e.Kind == "dry" && e.Fig == 1)
	}
	if !dry || !Dry(s.Fig(1), gpmg) {
		t.Fatal("a double empties the GPMG")
	}
	passOpp(t, s)
	if r.canShoot(s, s.Fig(1), gpmg) {
		t.Error("a dry GPMG may not fire")
	}
	// Next round, at Pinned: no move, but the gunner may reload.
	s.Round++
	atBand(t, s, s.UnitOf(1), "pinned")
	if !hasLegal(s, "reload F1") {
		t.Fatalf("reload not offered at Pinned: %v", New().Legal(s))
	}
	apply(t, s, rules.Command{Verb: "reload", Fig: 1})
	passOpp(t, s)
	if Dry(s.Fig(1), gpmg) || s.Fig(1).Var(fStopped) != 1 || r.canShoot(s, s.Fig(1), gpmg) {
		t.Error("reloaded, but his round is spent: no fire until the next")
	}
	s.Round++
	if !r.canShoot(s, s.Fig(1), gpmg) {
		t.Error("the round after reloading the GPMG fires again")
	}
	// At Fall back (half) the option is not there.
	s2 := mk()
	s2.Fig(1).SetVar(fDryPref+"gpmg", 1)
	atBand(t, s2, s2.UnitOf(1), "fall-back-half")
	if len(r.reloadOptions(s2, s2.UnitOf(1), s2.Fig(1))) != 0 {
		t.Error("no reloading below Pinned")
	}
}

// The ammunition part of a GPMG's odds holds against the engine.
func TestDryOddsMatchEngineSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	s := active(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"gpmg"}}, {x: 12, y: 10, weapons: []string{"rifle"}}}},
		{1, "trained", "", rifles(2, 10, 30)}}, "advance-8")
	s.Fig(1).SetVar(fBraced, 1)
	fire := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{3}, Arg: FireDirect}
	for _, res := range oddscheck.RunParts(New(), s, fire, partClass, 20000, 31) {
		check(t, "GPMG ammunition", res)
	}
}

// Booby traps (house model). Blue's F1, at Close, rigs a grenade behind a
// wall where Red cannot see him; Red's F3 at Advance walks into it, stops
// 1" from it and takes the grenade's direct hit (6+6 against a 1: killed).
// A Red team at Close finds it instead (no dice) and clears it; a trap
// Red knows of cannot be walked into; Blue's own men pass it safely.
func TestBoobyTraps(t *testing.T) {
	r := New().(SMLE)
	mk := func() *rules.State {
		s := active(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle", "grenade"}}, {x: 10, y: 4, weapons: []string{"rifle"}}}},
			{1, "trained", "", rifles(1, 16, 10)}}, "close-9")
		highWall(t, s, geom.P(13, 5), geom.P(13, 15))
		if hasLegal(s, "clear F1 10,10") {
			t.Fatal("no trap yet")
		}
		apply(t, s, mustParse(t, "trap F1"))
		passOpp(t, s)
		return s
	}
	s := mk()
	trap := geom.P(10, 10)
	if ts := Traps(s, 0); len(ts) != 1 || ts[0].At != trap || usesLeft(s.Fig(1), "grenade") != 0 || s.Fig(1).Var(fStopped) != 1 {
		t.Fatalf("trap not set: %+v", ts)
	}
	if len(Traps(s, 1)) != 0 {
		t.Fatal("Red did not see it set: hidden from Red")
	}
	if hasLegal(s, "clear F1 10,10") {
		t.Error("setting it ended his move")
	}
	atBand(t, s, s.UnitOf(1), "close-9")
	if !hasLegal(s, "clear F1 10,10") {
		t.Errorf("its setter may clear it in a later go: %v", New().Legal(s))
	}
	s.Fig(1).Pos = geom.P(30, 30)
	atBand(t, s, s.UnitOf(2), "advance-8")
	s.Fig(3).Pos = geom.P(10, 14)
	if hasLegal(s, "trap F3") {
		t.Error("no grenade, no trap; and Advance is below the row")
	}
	s.Force(6, 6, 1)
	evs := apply(t, s, rules.Command{Verb: "move", Fig: 3, Path: []geom.Pt{geom.P(10, 10.5)}})
	var boom, hit bool
	for _, e := range evs {
		boom = boom || (e.Kind == "blast" && e.Area != nil && e.Area.C == trap)
		hit = hit || (e.Roll != nil && strings.HasPrefix(e.Roll.What, "Effect of Hand grenade on"))
	}
	if s.Fig(3).Var(fMoved) != 3000 {
		t.Errorf("he paid for the 3\" he went, not the 3.5\" asked: %d", s.Fig(3).Var(fMoved))
	}
	if !boom || !hit || !s.Fig(3).Removed || s.Fig(3).Pos != geom.P(10, 11) || len(Traps(s, -1)) != 0 {
		t.Fatalf("the trap should go off at 1\" and kill him: pos %v removed %v traps %v", s.Fig(3).Pos, s.Fig(3).Removed, Traps(s, -1))
	}

	// At Close, Red finds it and may clear it.
	s = mk()
	s.Fig(1).Pos = geom.P(30, 30)
	atBand(t, s, s.UnitOf(2), "close-9")
	s.Fig(3).Pos = geom.P(10, 14)
	rolls := s.Rolls
	apply(t, s, rules.Command{Verb: "move", Fig: 3, Path: []geom.Pt{geom.P(10, 10.5)}})
	passOpp(t, s)
	if s.Rolls != rolls || s.Fig(3).Pos != geom.P(10, 11) || len(Traps(s, 1)) != 1 || s.Fig(3).Var(fStopped) != 1 {
		t.Fatalf("found: no dice, stopped at it, Red knows it: pos %v traps %v", s.Fig(3).Pos, Traps(s, 1))
	}
	atBand(t, s, s.UnitOf(2), "close-9") // his next go
	apply(t, s, mustParse(t, "clear F3 10,10"))
	if len(Traps(s, -1)) != 0 {
		t.Error("cleared")
	}

	// A trap Red knows cannot be walked into; Blue's own man walks over it.
	s = mk()
	s.Fig(1).Pos = geom.P(30, 30)
	knowTrap(s, 1, 1)
	atBand(t, s, s.UnitOf(2), "advance-8")
	s.Fig(3).Pos = geom.P(10, 14)
	if mi := r.MoveCheck(s, 3, []geom.Pt{geom.P(10, 10.5)}); mi.OK || !strings.Contains(mi.Why, "booby trap") {
		t.Errorf("a known trap: %+v", mi)
	}
	atBand(t, s, s.UnitOf(1), "advance-8")
	rolls = s.Rolls
	apply(t, s, rules.Command{Verb: "move", Fig: 2, Path: []geom.Pt{geom.P(10, 7)}})
	if s.Rolls != rolls || s.Fig(2).Pos != geom.P(10, 7) || len(Traps(s, -1)) != 1 {
		t.Error("Blue's own trap never goes off under Blue")
	}
}

// A heavy weapon shooting at a vehicle runs dry on a double too, and the
// shot's odds say so.
func TestHeavyWeaponAtVehicleRunsDry(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{x: 34, y: 20, weapons: []string{"hmg"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "jeep", vx: 14, vy: 20, facing: 0},
	}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	s.Fig(1).SetVar(fBraced, 1)
	c := rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"}
	o, err := New().Odds(s, c)
	if err != nil {
		t.Fatal(err)
	}
	if last := o.Parts[len(o.Parts)-1]; last.Outcomes[0].Name != RunsDry {
		t.Errorf("no ammunition part: %+v", o.Parts)
	}
	s.Force(5, 5)
	apply(t, s, c)
	hmg, _ := Std().Weapon("hmg")
	if !Dry(s.Fig(1), hmg) {
		t.Error("5 and 5: the HMG runs dry")
	}
}

// A fleeing man whose way ends on a friend stops short of him rather than
// standing still (and surrendering): he still gets his full move away.
func TestFleeStopsShortOfAFriend(t *testing.T) {
	r := New().(SMLE)
	s, _ := newState(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 20, weapons: []string{"rifle"}}}},
		{0, "trained", "", []tfig{{x: 10, y: 4, weapons: []string{"rifle"}}}},
		{1, "trained", "", rifles(1, 10, 30)}}, 6, 6, 1)
	r.breakTeam(s, s.UnitOf(1))
	f := s.Fig(1)
	if f.Removed || f.Pos.Y > geom.In(12) || f.Pos.Y < geom.In(5) {
		t.Errorf("should flee to just short of his friend at y=4: at %v removed %v", f.Pos, f.Removed)
	}
}

// The side to decide is told how many traps it knows of (they are drawn
// on the table: no coordinates); the other side's hidden trap is not
// counted.
func TestExplainListsKnownTraps(t *testing.T) {
	s := active(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle", "grenade"}}}}, {1, "trained", "", rifles(1, 16, 10)}}, "close-9")
	highWall(t, s, geom.P(13, 5), geom.P(13, 15))
	apply(t, s, mustParse(t, "trap F1"))
	passOpp(t, s)
	has := func() bool {
		for _, l := range New().(SMLE).Explain(s).Lines {
			if strings.Contains(l, "know of 1 booby trap (marked on the table)") && !strings.Contains(l, "10,10") {
				return true
			}
		}
		return false
	}
	if s.Decider != 0 || !has() {
		t.Errorf("Blue decides and knows its trap: %v", New().(SMLE).Explain(s).Lines)
	}
	s.Decider = 1
	if has() {
		t.Error("Red does not know it")
	}
}

// A scenario's traps (traps = [[x, y], ...] on a side) are set before the
// battle: the side knows them, the enemy does not.
func TestScenarioTraps(t *testing.T) {
	sc := &rules.Scenario{Name: "test", RuleSet: "smle", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	sc.Sides[0].Traps = []geom.Pt{geom.P(20, 20), geom.P(21.5, 30)}
	sc.Sides[0].Units = []rules.ScenarioUnit{{Name: "TA", Quality: "trained", Figures: []rules.ScenarioFigure{{Name: "A1", Weapons: []string{"rifle"}, Pos: geom.P(10, 5), HasPos: true}}}}
	sc.Sides[1].Units = []rules.ScenarioUnit{{Name: "TB", Quality: "trained", Figures: []rules.ScenarioFigure{{Name: "B1", Weapons: []string{"rifle"}, Pos: geom.P(10, 40), HasPos: true}}}}
	s, err := rules.NewState(sc, &terrain.Map{Name: "open", Width: geom.In(48), Height: geom.In(48)})
	if err != nil {
		t.Fatal(err)
	}
	s.Force(3, 4)
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	if ts := Traps(s, 0); len(ts) != 2 || ts[1].At != geom.P(21.5, 30) || ts[0].Side != 0 {
		t.Errorf("Blue's traps %+v", ts)
	}
	if len(Traps(s, 1)) != 0 || len(s.Sides[0].Vars) != 0 {
		t.Errorf("Red knows nothing of them; the side vars are taken in: %v", s.Sides[0].Vars)
	}
}

// A booby trap lies on the table for the side that set it (a live grenade
// with its 2" burst, through the core's view), and not for an enemy that
// did not see it set, until that side finds it.
func TestTrapOverlayOnlyForThoseWhoKnow(t *testing.T) {
	s := active(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle", "grenade"}}}}, {1, "trained", "", rifles(1, 16, 10)}}, "close-9")
	highWall(t, s, geom.P(13, 5), geom.P(13, 15))
	apply(t, s, mustParse(t, "trap F1"))
	passOpp(t, s)
	traps := func(side int) []rules.Overlay {
		var out []rules.Overlay
		for _, o := range rules.ViewOf(New(), s, side).Overlays() {
			if o.Kind == rules.OverGrenade && strings.Contains(o.Label, "Booby trap") {
				out = append(out, o)
			}
		}
		return out
	}
	own := traps(0)
	if len(own) != 1 || own[0].Circle == nil || own[0].Circle.C != geom.P(10, 10) || own[0].Circle.R != geom.In(2) || own[0].Side != 0 {
		t.Fatalf("Blue's own trap on the table: %+v", own)
	}
	if got := traps(1); len(got) != 0 {
		t.Fatalf("Red never saw it set, yet the table shows it: %+v", got)
	}
	knowTrap(s, 1, 1)
	if got := traps(1); len(got) != 1 || !strings.Contains(got[0].Label, "enemy's") {
		t.Fatalf("Red has found it: %+v", got)
	}
}

// A move onto a trap its side does not know of rolls the burst: its odds
// are the engine's (the mover's direct hit, a team-mate caught in the
// burst), not "certain"; a move its team would find the trap on, or one
// past no trap, is certain.
func TestTrapMoveOddsAreTheEngines(t *testing.T) {
	s := active(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle", "grenade"}}, {x: 10, y: 4, weapons: []string{"rifle"}}}},
		{1, "trained", "", []tfig{{x: 16, y: 10, weapons: []string{"rifle"}}, {x: 16, y: 12, weapons: []string{"rifle"}}}}}, "close-9")
	highWall(t, s, geom.P(13, 5), geom.P(13, 15))
	apply(t, s, mustParse(t, "trap F1"))
	passOpp(t, s)
	s.Fig(1).Pos = geom.P(30, 30)
	s.Fig(4).Pos = geom.P(11.5, 10.8) // Red never saw it set
	atBand(t, s, s.UnitOf(2), "advance-8")
	s.Fig(3).Pos = geom.P(10, 14)
	mv := rules.Command{Verb: "move", Fig: 3, Path: []geom.Pt{geom.P(10, 10.5)}}
	o, err := New().Odds(s, mv)
	if err != nil || len(o.Outcomes) != 1 || o.Outcomes[0].Name != SetsOffTrap {
		t.Fatalf("a move onto a hidden trap: %+v %v", o, err)
	}
	var mover, mate bool
	for _, p := range o.Parts {
		mover = mover || p.Fig == 3
		mate = mate || p.Fig == 4
	}
	if !mover || !mate {
		t.Fatalf("the parts should hold the mover and his team-mate 1.7\" from the trap: %+v", o.Parts)
	}
	check(t, "trap move", oddscheck.Run(New(), s, mv, func(_, _ *rules.State, evs []rules.Event) string {
		for _, e := range evs {
			if e.Kind == "blast" && strings.Contains(e.Text, "booby trap") {
				return SetsOffTrap
			}
		}
		return "certain"
	}, 20000, 31))
	for _, res := range oddscheck.RunParts(New(), s, mv, partClass, 20000, 31) {
		check(t, "trap move", res)
	}
	// the same move by a team at Close finds it: no dice
	atBand(t, s, s.UnitOf(2), "close-9")
	if o, _ := New().Odds(s, mv); len(o.Outcomes) != 1 || o.Outcomes[0].Name != "certain" || len(o.Parts) != 0 {
		t.Errorf("a team that finds the trap rolls nothing: %+v", o)
	}
}

// A side's copy of the battle over the network holds the traps it knows
// but not how many there are when the enemy has traps it does not know:
// its own traps are still listed (and drawn), found by number.
func TestKnownTrapsWithoutTheirCount(t *testing.T) {
	s := active(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle", "grenade"}}}}, {1, "trained", "", rifles(1, 16, 10)}}, "close-9")
	s.SetVar(vTraps, 2)
	s.SetVar(trapKey(1, "s"), 2) // the enemy's, unknown to side 0
	s.SetVar(trapKey(1, "x"), 30000)
	s.SetVar(trapKey(2, "s"), 1) // side 0's own
	s.SetVar(trapKey(2, "x"), 12000)
	s.SetVar(trapKey(2, "y"), 10000)
	if ts := Traps(s, 0); len(ts) != 1 || ts[0].K != 2 {
		t.Fatalf("the full state: side 0 knows %v", ts)
	}
	// the copy: only what GameVarKnown passes for side 0
	cp := s.Clone()
	cp.Vars = nil
	for k, v := range s.Vars {
		if New().(SMLE).GameVarKnown(s, 0, k) {
			cp.SetVar(k, v)
		}
	}
	if cp.Var(vTraps) != 0 {
		t.Fatal("the copy was told how many traps there are, though one is the enemy's secret")
	}
	if ts := Traps(cp, 0); len(ts) != 1 || ts[0].K != 2 || ts[0].At.X != 12000 {
		t.Errorf("the copy lists side 0's traps as %v", ts)
	}
}
