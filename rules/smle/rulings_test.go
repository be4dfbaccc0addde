package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/terrain"
)

func modReasons(ms []rules.Mod) string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Reason)
	}
	return strings.Join(out, "; ")
}

// Panic fire that fails its roll does not put its target under fire; one
// that succeeds pins it and does.
func TestPanicFireUnderFireOnlyOnSuccess(t *testing.T) {
	for _, c := range []struct {
		dice   []int
		under  bool
		pinned bool
	}{
		{[]int{1, 1}, false, false}, // snake eyes: always a miss
		{[]int{6, 6}, true, true},
	} {
		s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 6, 1)
		r := New().(SMLE)
		s.Force(c.dice...)
		evs, err := r.volley(s, s.UnitOf(1), s.Fig(2), FirePanic)
		if err != nil {
			t.Fatal(err)
		}
		tu := s.UnitOf(2)
		if got := uget(tu, vUF) != 0; got != c.under {
			t.Errorf("dice %v: under fire %v, want %v", c.dice, got, c.under)
		}
		pinned := false
		for _, e := range evs {
			pinned = pinned || e.Kind == "pinned"
		}
		if pinned != c.pinned {
			t.Errorf("dice %v: pinned %v, want %v", c.dice, pinned, c.pinned)
		}
	}
}

// The light mortar, like the LMG, takes 1" off its carrier's move.
func TestLightMortarEncumbrance(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"light-mortar"}}, {x: 12, y: 10, weapons: []string{"lmg"}}, {x: 14, y: 10, weapons: []string{"rifle"}}}},
		{1, "trained", "", rifles(1, 10, 30)}}, 6, 1)
	r := New().(SMLE)
	full := r.baseMove(s, s.Fig(3))
	for _, id := range []rules.FigID{1, 2} {
		if got := r.baseMove(s, s.Fig(id)); got != full-geom.PerInch {
			t.Errorf("%v: move %d, want %d (1\" less than a rifleman)", s.Fig(id).Weapons, got, full-geom.PerInch)
		}
	}
}

// The GPMG must be braced before it fires (the weapons table's *).
func TestGPMGMustBeBraced(t *testing.T) {
	w, _ := Std().Weapon("gpmg")
	in := ShotInput{Quality: "trained", Kind: FireDirect, Weapon: w, Range: 10 * geom.PerInch}
	if _, _, err := Std().ShotMods(in); err == nil || !strings.Contains(err.Error(), "braced") {
		t.Errorf("unbraced GPMG: %v, want refused", err)
	}
	in.Braced = true
	if _, ms, err := Std().ShotMods(in); err != nil || !strings.Contains(modReasons(ms), "braced weapon") {
		t.Errorf("braced GPMG: %v %v", ms, err)
	}
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"gpmg"}}}},
		{1, "trained", "", rifles(1, 10, 20)}}, 6, 1)
	apply(t, s, rules.Command{Verb: "end"})
	if hasLegal(s, "fire - U1 F2 direct") {
		t.Error("an unbraced GPMG team may not fire")
	}
	s.Fig(1).SetVar(fBraced, 1)
	if !hasLegal(s, "fire - U1 F2 direct") {
		t.Error("a braced GPMG team may fire")
	}
}

// The observer of indirect fire gets neither the braced bonus nor the
// direct-fire bonus; he gets +2 for each later round observed.
func TestObserverModifiers(t *testing.T) {
	w, _ := Std().Weapon("light-mortar")
	in := ShotInput{Quality: "trained", Kind: FireDirect, Weapon: w, Braced: true, Indirect: true, NotUnderFire: true, Prone: true}
	tn, ms, err := Std().ShotMods(in)
	if err != nil {
		t.Fatal(err)
	}
	if tn != 7 || len(ms) != 1 || ms[0].Reason != "firer not under fire" || ms[0].Value != 2 {
		t.Errorf("first round: need %d, mods %v; want 7 and only not under fire +2", tn, ms)
	}
	for obs := 1; obs <= 3; obs++ {
		in.Observed = obs
		_, ms, _ = Std().ShotMods(in)
		sum := 0
		for _, m := range ms {
			sum += m.Value
		}
		if sum != 2+2*obs {
			t.Errorf("observed %d rounds before: %+d (%s), want %+d", obs, sum, modReasons(ms), 2+2*obs)
		}
	}
}

// "Not under fire": the team was not fired at this round or the round
// before. Fired at in round 1, it lacks the bonus in rounds 1 and 2 and
// has it again in round 3.
func TestNotUnderFireMeansThisRoundAndTheLast(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}}, 6, 1)
	r := New().(SMLE)
	u := s.UnitOf(1)
	notUF := func() bool { return r.shotInput(s, s.Fig(1), s.Fig(2), r.primary(s.Fig(1)), FireDirect).NotUnderFire }
	if !notUF() {
		t.Fatal("round 1, not yet fired at: the bonus applies")
	}
	uset(u, vUF, ufDirect)
	if notUF() {
		t.Error("fired at this round: no bonus")
	}
	s.Force(3, 3)
	s.Round++
	r.beginRound(s)
	if notUF() {
		t.Error("fired at the round before: no bonus")
	}
	s.Force(3, 3)
	s.Round++
	r.beginRound(s)
	if !notUF() {
		t.Error("a whole round without fire: the bonus is back")
	}
}

// A leader's +1 to the other teams of his group needs him in sight of the
// team as well as within a full move of it.
func TestLeaderBonusNeedsSight(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}, leader: true}}},
		{0, "trained", "", []tfig{{x: 10, y: 14, weapons: []string{"rifle"}}}},
		{1, "trained", "", rifles(1, 40, 40)},
	}, 2, 5, 6)
	s.Units[1].Parent = 1
	r := New().(SMLE)
	if !r.activationInput(s, s.UnitOf(2)).Leader {
		t.Fatal("leader 4\" away in the open: +1")
	}
	k, _ := terrain.KindByName("high-wall")
	s.Map.Pieces = []terrain.Piece{{ID: 0, Kind: "high-wall", Props: k.Props, Path: []geom.Pt{geom.P(5, 12), geom.P(15, 12)}}}
	s.Terrain = terrain.NewIndex(s.Map)
	if r.activationInput(s, s.UnitOf(2)).Leader {
		t.Error("leader 4\" away behind a high wall, out of sight: no +1")
	}
}

// A figure that comes out from behind a wall during its go is moving into
// sight: opportunity fire at it takes -2 (as cover, the best one only).
func TestMovingIntoSight(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 4)
	k, _ := terrain.KindByName("high-wall")
	s.Map.Pieces = []terrain.Piece{{ID: 0, Kind: "high-wall", Props: k.Props, Path: []geom.Pt{geom.P(5, 12), geom.P(12, 12)}}}
	s.Terrain = terrain.NewIndex(s.Map)
	r := New().(SMLE)
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(13.5, 10)}})
	if s.Phase != PhaseOpportunity {
		t.Fatalf("no opportunity window: %s", s.Phase)
	}
	in := r.shotInput(s, s.Fig(2), s.Fig(1), r.primary(s.Fig(2)), FireOpportunity)
	_, ms, _ := Std().ShotMods(in)
	if !in.IntoOutOfSight || !strings.Contains(modReasons(ms), "moving into or out of sight") {
		t.Errorf("came out from behind the wall: %v", modReasons(ms))
	}
	s.Force(3, 4) // 7 + 2 not under fire - 2 into sight = 7: a hit
	apply(t, s, rules.Command{Verb: "oppfire", Unit: 2, Targets: []rules.FigID{1}})
	evs := apply(t, s, rules.Command{Verb: "pass"}) // the mover stays on its feet
	if evs[0].Roll == nil || evs[0].Roll.Total != 7 {
		t.Errorf("roll %+v", evs[0].Roll)
	}
}

// Fire beyond twice effective range is allowed but ineffective: no roll,
// no hits, and the target team comes under fire.
func TestIneffectiveFireBeyondTwiceRange(t *testing.T) {
	s := active(t, []tunit{{0, "trained", "", rifles(1, 2, 2)}, {1, "trained", "", rifles(1, 40, 40)}}, "advance-8")
	c := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect}
	if !hasLegal(s, c.String()) {
		t.Fatalf("ineffective fire not offered: %v", New().Legal(s))
	}
	o, err := New().Odds(s, c)
	if err != nil || o.P(Ineffective) != 1 {
		t.Fatalf("odds %v %v", o, err)
	}
	rolls := s.Rolls
	apply(t, s, c)
	if s.Rolls != rolls || s.Fig(2).Markers != 0 {
		t.Errorf("ineffective fire rolled dice or hurt the target")
	}
	if uget(s.UnitOf(2), vUF)&ufDirect == 0 {
		t.Error("the target team should be under fire")
	}
}

// Opportunity fire may answer any option of the active team, not only a
// move: here a volley opens the window for another enemy team.
func TestOpportunityFireAfterAVolley(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 20)}, {1, "trained", "", rifles(1, 20, 20)}}, 6, 1, 4)
	apply(t, s, rules.Command{Verb: "end"}) // unit 2
	apply(t, s, rules.Command{Verb: "end"}) // unit 3
	if s.Var(vCur) != 1 {
		t.Fatalf("unit 1 should act, got %d", s.Var(vCur))
	}
	s.Force(1, 1) // the volley misses
	apply(t, s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{2}, Arg: FireDirect})
	if s.Phase != PhaseOpportunity || s.Decider != 1 || !hasLegal(s, "oppfire - U3 F1") {
		t.Fatalf("no window after the volley: phase %s decider %d legal %v", s.Phase, s.Decider, New().Legal(s))
	}
	apply(t, s, rules.Command{Verb: "pass"})
	if s.Phase != PhaseActivate || s.Decider != 0 {
		t.Errorf("the window closes on a pass")
	}
}

// passOpp lets an open opportunity-fire window (and a mover's reaction)
// go by.
func passOpp(t *testing.T, s *rules.State) {
	t.Helper()
	for s.Phase == PhaseOpportunity || s.Phase == PhaseReact {
		apply(t, s, rules.Command{Verb: "pass"})
	}
}

// A mover under declared opportunity fire may drop prone first: the fire
// is then at a prone target, and the figure's move is over.
func TestMoverDropsProneUnderOpportunityFire(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 4)
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 12)}})
	apply(t, s, rules.Command{Verb: "oppfire", Unit: 2, Targets: []rules.FigID{1}})
	if s.Phase != PhaseReact || s.Decider != 0 {
		t.Fatalf("phase %s decider %d", s.Phase, s.Decider)
	}
	s.Force(1, 1) // the fire misses
	evs := apply(t, s, mustParse(t, "posture F1 prone"))
	var l *rules.Ledger
	for _, e := range evs {
		if e.Roll != nil {
			l = e.Roll
		}
	}
	if s.Fig(1).Posture != rules.Prone || l == nil || !strings.Contains(modReasons(l.Mods), "prone target") {
		t.Fatalf("prone reaction: posture %v ledger %+v", s.Fig(1).Posture, l)
	}
	if s.Phase != PhaseActivate || s.Decider != 0 || hasLegal(s, "move F1") {
		t.Errorf("after the fire play returns to the mover's side, its move over: phase %s, legal %v", s.Phase, New().Legal(s))
	}
}

// A broken team abandons its heavy weapons where it stood; another
// figure whose base comes within 1" may take one up (house rule).
func TestBrokenTeamAbandonsHeavyWeapons(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 20, weapons: []string{"gpmg", "handgun"}}, {x: 12, y: 20, weapons: []string{"rifle"}}}},
		{0, "trained", "", rifles(1, 10, 17)},
		{1, "trained", "", rifles(1, 10, 40)},
	}, 6, 6, 1)
	r := New().(SMLE)
	u := s.UnitOf(1)
	at := s.Fig(1).Pos
	evs := r.breakTeam(s, u)
	abandoned := false
	for _, e := range evs {
		abandoned = abandoned || e.Kind == "abandon"
	}
	if !abandoned || len(s.Fig(1).Weapons) != 1 || s.Fig(1).Weapons[0] != "handgun" {
		t.Fatalf("the GPMG should be left behind: %v", s.Fig(1).Weapons)
	}
	ds := r.DroppedWeapons(s)
	if len(ds) != 1 || ds[0].Weapon != "gpmg" || ds[0].At != at {
		t.Fatalf("dropped: %+v", ds)
	}
	atBand(t, s, s.UnitOf(2), "advance-8")
	pick := rules.Command{Verb: "pickup", Fig: 3, Path: []geom.Pt{at}}
	if hasLegal(s, pick.String()) {
		t.Fatal("3\" away: too far to take it up")
	}
	apply(t, s, rules.Command{Verb: "move", Fig: 3, Path: []geom.Pt{geom.P(10, 18.5)}})
	passOpp(t, s)
	if !hasLegal(s, pick.String()) {
		t.Fatalf("within 1\": %v", New().Legal(s))
	}
	c, err := rules.ParseCommand(pick.String())
	if err != nil {
		t.Fatal(err)
	}
	apply(t, s, c)
	if s.Fig(3).Weapons[0] != "gpmg" || len(r.DroppedWeapons(s)) != 0 || s.Fig(3).Var(fStopped) != 1 {
		t.Errorf("taken up: %v %v", s.Fig(3).Weapons, r.DroppedWeapons(s))
	}
}

// A leader may move from team to team of his group: within 1" of the
// other team he joins it, and his go is over for the round.
func TestLeaderJoinsAnotherTeam(t *testing.T) {
	s, _ := newState(t, []tunit{
		{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}, leader: true}, {x: 12, y: 10, weapons: []string{"rifle"}}}},
		{0, "trained", "", rifles(2, 10, 11.8)},
		{1, "trained", "", rifles(1, 40, 40)},
	}, 6, 6, 1)
	s.Units[1].Parent = 1
	atBand(t, s, s.UnitOf(1), "advance-8")
	join := rules.Command{Verb: "join", Fig: 1, Unit: 2}
	c, err := rules.ParseCommand(join.String())
	if err != nil || c.String() != join.String() {
		t.Fatalf("notation %q: %v", join.String(), err)
	}
	if !hasLegal(s, join.String()) {
		t.Fatalf("join not offered: %v", New().Legal(s))
	}
	apply(t, s, c)
	if s.Fig(1).Unit != 2 || len(members(s, 1)) != 1 || s.Fig(1).Var(fStopped) != 1 {
		t.Fatalf("the leader should now be with U2: unit %d", s.Fig(1).Unit)
	}
	r := New().(SMLE)
	if l := r.groupLeader(s, s.UnitOf(2), members(s, 2)); l == nil || l.ID != 1 {
		t.Errorf("U2 is now the leader's own team")
	}
	// His new team's go does not give him a second one this round.
	r.activate(s, s.UnitOf(2))
	if s.Fig(1).Var(fStopped) != 1 || hasLegal(s, "move F1") {
		t.Errorf("the leader acts twice in a round")
	}
}

// Recovering casualties: at Stand (5) a fit figure next to a seriously
// wounded team-mate takes hold of him and drags him along at half its
// move.
func TestRecoverCasualty(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 10, weapons: []string{"rifle"}}, {x: 10, y: 11.2, weapons: []string{"rifle"}}}},
		{1, "trained", "", rifles(1, 30, 40)}}, 6, 6, 1)
	s.Fig(2).Markers |= rules.BadlyWounded
	s.Fig(2).Posture = rules.Prone
	atBand(t, s, s.UnitOf(1), "pinned")
	rec := rules.Command{Verb: "recover", Fig: 1, Targets: []rules.FigID{2}}
	if hasLegal(s, rec.String()) {
		t.Error("a pinned team may not recover casualties")
	}
	atBand(t, s, s.UnitOf(1), "stand-5")
	if !hasLegal(s, rec.String()) {
		t.Fatalf("recover not offered: %v", New().Legal(s))
	}
	atBand(t, s, s.UnitOf(1), "advance-8") // better bands may too (and may move freely)
	full := New().MoveCheck(s, 1, []geom.Pt{s.Fig(1).Pos}).Allowance
	apply(t, s, rec)
	if a := New().MoveCheck(s, 1, []geom.Pt{s.Fig(1).Pos}).Allowance; a != full/2 {
		t.Errorf("dragging: allowance %v, want half of %v", geom.Inches(a), geom.Inches(full))
	}
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 8)}})
	passOpp(t, s)
	if p := s.Fig(2).Pos; !geom.WithinDist(p, s.Fig(1).Pos, 2*s.BaseR+2) || p.Y <= s.Fig(1).Pos.Y {
		t.Errorf("the casualty should be set down touching the dragger, behind him: %v vs %v", p, s.Fig(1).Pos)
	}
}

// A target that leaves cover in its go still counts the cover it left
// (moving into or out of cover: the best cover applies).
func TestMovingOutOfCoverKeepsIt(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 4)
	k, _ := terrain.KindByName("woods")
	s.Map.Pieces = []terrain.Piece{{ID: 0, Kind: "woods", Props: k.Props, Poly: geom.Polygon{geom.P(8, 8), geom.P(12, 8), geom.P(12, 11), geom.P(8, 11)}}}
	s.Terrain = terrain.NewIndex(s.Map)
	r := New().(SMLE)
	// Unit 1 starts in the woods and steps out towards the enemy.
	uset(s.UnitOf(1), vBand, Std().BandIndex("advance-8"))
	s.Fig(1).SetVar(fStartX, int(s.Fig(1).Pos.X))
	s.Fig(1).SetVar(fStartY, int(s.Fig(1).Pos.Y))
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 13)}})
	in := r.shotInput(s, s.Fig(2), s.Fig(1), r.primary(s.Fig(2)), FireOpportunity)
	if in.Cover != terrain.CoverSoft {
		t.Errorf("left the woods this go: cover %v, want soft", in.Cover)
	}
}

// Issue 28 odds: the mover's side, under declared opportunity fire,
// decides whether to drop prone; the odds of each choice ("posture F1
// prone", "pass") are the fire as it then lands, where both answered
// "certain". Dropping prone makes the fire less deadly; both sampled
// against the engine.
func TestReactionOddsMatchEngine(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "veteran", "", append(rifles(2, 10, 22), tfig{x: 16, y: 22, weapons: []string{"lmg"}})}}, 1, 4)
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 12)}})
	apply(t, s, rules.Command{Verb: "oppfire", Unit: 2, Targets: []rules.FigID{1}})
	if s.Phase != PhaseReact {
		t.Fatalf("phase %s", s.Phase)
	}
	prone, stay := mustParse(t, "posture F1 prone"), rules.Command{Verb: "pass"}
	op, err := New().Odds(s, prone)
	if err != nil {
		t.Fatal(err)
	}
	os, err := New().Odds(s, stay)
	if err != nil {
		t.Fatal(err)
	}
	if op.P(Miss) <= os.P(Miss) || os.P(Kill) == 0 {
		t.Fatalf("prone %v, on his feet %v", op.Outcomes, os.Outcomes)
	}
	for _, c := range []rules.Command{prone, stay} {
		if err := oddscheck.Run(New(), s, c, fireClass, 12000, 37).Err(); err != nil {
			t.Error(err)
		}
	}
}

// The log and the panel agree on the team's verb: the play-tester read
// "Rifle team open fire on Gefr Lenz" in the log against "opens fire" on
// the panel.
func TestOpportunityFireLogAgreesWithPanel(t *testing.T) {
	s, _ := newState(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, 1, 4)
	apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 12)}})
	evs := apply(t, s, rules.Command{Verb: "oppfire", Unit: 2, Targets: []rules.FigID{1}})
	head := New().(rules.Explainer).Explain(s).Head
	team := teamName(s, s.UnitOf(2))
	mover := s.Fig(1).Name
	if len(evs) == 0 || !strings.HasPrefix(evs[0].Text, team+" opens fire on "+mover+": ") || !strings.HasPrefix(head, team+" opens fire on "+mover+": ") {
		t.Errorf("log %q, panel %q", evs[0].Text, head)
	}
}

// A weapon card gives the book's damage rating in words, not "1D burst".
func TestWeaponCardDamageInWords(t *testing.T) {
	r := New().(SMLE)
	if d := r.WeaponInfo("rifle").Dice; d != "damage 1 die" {
		t.Errorf("rifle: %q", d)
	}
	for _, w := range r.d.Weapons {
		if d := r.WeaponInfo(w.ID).Dice; strings.Contains(d, "D") {
			t.Errorf("%s: %q", w.ID, d)
		}
	}
}
