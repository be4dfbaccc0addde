package skirmish35

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Issue 28: bushes are height-tested like walls. A standing man (1")
// behind a hedge (0.8") is seen, the hedge a hindrance: acquisition needs
// more than 1, so even 2D6 of 2 acquires him. Lying down (0.3") he is
// hidden by it, and a hedge raised above a man's height blocks him too.
func TestHedgeHeightTested(t *testing.T) {
	hedge := piece("hedge", 30, 17, 42, 17)
	s := duel(t, []terrain.Piece{hedge}, []string{"rifle"}, []string{"rifle"})
	sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2))
	if !sg.OK || sg.Hind != 1 {
		t.Fatalf("standing beyond a hedge: %+v, want seen with one hindrance", sg)
	}
	o, err := New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil || sumMods(o.Mods) != 1 || !near(o.P("acquired"), 1) {
		t.Fatalf("acquire through a hedge: %+v %v", o, err)
	}
	apply(t, s, "acquire F1 F2", 1, 1)
	if !acquiredNow(s, s.Fig(1), 2) {
		t.Errorf("2 is more than 1: not acquired")
	}
	// the hedge the target stands right behind gives it soft cover
	// (+2), and it is seen over
	against := piece("hedge", 30, 24.4, 42, 24.4)
	s = duel(t, []terrain.Piece{against}, []string{"rifle"}, []string{"rifle"})
	if sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2)); !sg.OK || sg.Cover != terrain.CoverSoft || sg.Hind != 0 {
		t.Errorf("standing right behind a hedge: %+v, want seen in soft cover", sg)
	}
	s.Fig(2).Posture = rules.Prone
	refuse(t, s, "acquire F1 F2", "as high as")
	// prone beyond a distant hedge: hidden
	s = duel(t, []terrain.Piece{hedge}, []string{"rifle"}, []string{"rifle"})
	s.Fig(2).Posture = rules.Prone
	refuse(t, s, "acquire F1 F2", "as high as")
	// a hedge taller than a man fails the test for him standing
	tall := piece("hedge", 30, 17, 42, 17)
	tall.Props.Height = 1200
	s = duel(t, []terrain.Piece{tall}, []string{"rifle"}, []string{"rifle"})
	refuse(t, s, "acquire F1 F2", "as high as")
}

// Issue 28: the hand-to-hand bonus is the man's best close-combat
// weapon's (a grenade listed first no longer loses the rifle's +2), and
// "in cover +2, first round" goes to the attacker in cover too.
func TestMeleeBestWeaponAndAttackerCover(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"grenade", "rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 21.5, weapons: []string{"pistol"}, facing: 0})
	r := New().(Skirmish)
	if b, _ := r.meleeBonus(s.Fig(1)); b != 2 {
		t.Fatalf("grenade then rifle: bonus %d, want the rifle's 2", b)
	}
	// attacker: +1 started, +2 rifle; defender nothing. Forced 1 against
	// 4: 4 against 4, a draw (with the grenade's 0 it was a loss).
	apply(t, s, "melee F1 F2", 1, 4)
	if s.Fig(1).Var(fLock) != 2 {
		t.Fatalf("1+3 against 4 should be drawn")
	}
	// the attacker behind a hedge it touches, the defender beyond it
	hedge := piece("hedge", 30, 20.6, 42, 20.6)
	s = newState(t, []terrain.Piece{hedge},
		tfig{side: 0, x: 36, y: 20, weapons: []string{"pistol"}, facing: 180},
		tfig{side: 1, x: 36, y: 21.3, weapons: []string{"pistol"}, facing: 0})
	o, err := r.Odds(s, rules.Command{Verb: "melee", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil {
		t.Fatal(err)
	}
	// +1 started, +2 in cover against the defender's +2 in cover (both
	// touch the hedge that lies between them): +3 against +2
	if o.Note != "+3 against +2" {
		t.Errorf("attacker in cover: %q, want +3 against +2", o.Note)
	}
}

// Issue 28: a grenade needs a target seen before the thrower moved: one
// acquired only after moving does not let it throw; one acquired before
// does, even after the move.
func TestGrenadeNeedsTargetSeenBeforeMoving(t *testing.T) {
	mk := func() *rules.State {
		return newState(t, nil,
			tfig{side: 0, x: 36, y: 14, weapons: []string{"rifle", "grenade"}, facing: 180},
			tfig{side: 1, x: 36, y: 25, weapons: []string{"rifle"}, facing: 0})
	}
	s := mk()
	apply(t, s, "move F1 36,16")
	apply(t, s, "acquire F1 F2", 6, 6)
	refuse(t, s, "grenade F1 F2", "before it moved")
	s = mk()
	apply(t, s, "acquire F1 F2", 6, 6)
	apply(t, s, "move F1 36,16")
	// 9" away: 5"-10" band, on target on 3-6 (die 3), fuse 1 (at once),
	// effect 6+6 kills
	apply(t, s, "grenade F1 F2", 3, 1, 6, 6)
	if !s.Fig(2).Removed {
		t.Errorf("a grenade at a target seen before moving should be thrown and kill")
	}
}

// Issue 28: a mortar may fire at exactly its 20" minimum range (nearer
// is refused).
func TestMortarAtMinimumRange(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle", "radio"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	refuse(t, s, "plot F2 36,21.999", "between 20\"")
	apply(t, s, "plot F2 36,22", 3, 4)
	if len(Rounds(s)) != 1 {
		t.Fatalf("a round plotted at exactly 20\" from the mortar: %v", Rounds(s))
	}
}

// Issue 28: once a crosser finds the gun reloading, each further crosser
// rolls whether loading is complete (still reloading on the reload face,
// 1) until it is; after that the gun fires at every crosser with no more
// reload dice. The odds follow the gun's state.
func TestSuppressiveReloadCarried(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"lmg"}, facing: 180},
		tfig{side: 1, x: 34, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 35, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 37, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 38, y: 30, weapons: []string{"rifle"}, facing: 0})
	apply(t, s, "suppress F1 33,25 39,25")
	apply(t, s, "end")
	// first crosser: the reload check comes up 1, reloading; it passes
	apply(t, s, "move F2 34,22", 1)
	if s.Fig(2).Pos.Y >= geom.In(25) || Lines(s)[0].Gun != GunReloading {
		t.Fatalf("reloading: %v gun %d", s.Fig(2).Pos, Lines(s)[0].Gun)
	}
	// the next crosser's odds: loading complete (5/6), then 2D6 >= 5
	o, err := New().Odds(s, rules.Command{Verb: "move", Fig: 3, Path: []geom.Pt{geom.P(35, 22)}})
	if err != nil || !near(o.P("stopped by suppressive fire"), 5.0/6*30/36) {
		t.Fatalf("odds while reloading: %v %v", o, err)
	}
	// second crosser: still reloading (1), it passes
	apply(t, s, "move F3 35,22", 1)
	if s.Fig(3).Pos.Y >= geom.In(25) || Lines(s)[0].Gun != GunReloading {
		t.Fatalf("still reloading: %v gun %d", s.Fig(3).Pos, Lines(s)[0].Gun)
	}
	// third: loading complete (4), then 2D6 of 3 does not stop it
	apply(t, s, "move F4 37,22", 4, 1, 2)
	if Lines(s)[0].Gun != GunReloaded {
		t.Fatalf("reloaded: gun %d", Lines(s)[0].Gun)
	}
	// fourth: no reload die at all, only the 2D6 (5 stops it); the
	// odds are P(2D6 >= 5) alone
	o, err = New().Odds(s, rules.Command{Verb: "move", Fig: 5, Path: []geom.Pt{geom.P(38, 22)}})
	if err != nil || !near(o.P("stopped by suppressive fire"), 30.0/36) {
		t.Fatalf("odds once reloaded: %v %v", o, err)
	}
	apply(t, s, "move F5 38,22", 2, 3)
	if f := s.Fig(5); levelOf(f) != Suppressed || f.Pos.Y <= geom.In(25) {
		t.Errorf("the reloaded gun stops it: %v level %d", f.Pos, levelOf(f))
	}
}

// Issue 28: the figures standing over a surrender may not fire at other
// figures, but may still fire at the figure that refused.
func TestSurrenderRefuserMayBeShot(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 0, x: 40, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 25, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	apply(t, s, "acquire F2 F3", 6, 6)
	apply(t, s, "acquire F2 F4", 6, 6)
	apply(t, s, "surrender F1 F3", 6)
	if s.Fig(3).Markers.Has(rules.Surrendered) {
		t.Fatal("a 6 refuses")
	}
	refuse(t, s, "fire F2 F4 unaimed", "surrender")
	legal := map[string]bool{}
	for _, c := range New().Legal(s) {
		legal[c.String()] = true
	}
	if !legal["fire F2 F3 unaimed"] || legal["fire F2 F4 unaimed"] {
		t.Errorf("listing: fire at the refuser offered %v, at another %v", legal["fire F2 F3 unaimed"], legal["fire F2 F4 unaimed"])
	}
	// unaimed at 5": 5 +1 range = 6 needed; 3+3 hits, no cover: killed
	apply(t, s, "fire F2 F3 unaimed", 3, 3, 1)
	if !s.Fig(3).Removed {
		t.Errorf("the refuser should be shot down")
	}
}

// Issue 28: a suppressed figure may move closer to a known enemy only
// when it goes into the closest cover. Two low walls lie between it and
// the enemy: the nearer one (1" ahead) may be reached, the farther one
// (4" ahead, also nearer the enemy) may not.
func TestSuppressedClosesOnlyIntoClosestCover(t *testing.T) {
	near1 := piece("low-wall", 30, 21.6, 42, 21.6)
	far := piece("low-wall", 30, 24.6, 42, 24.6)
	mk := func() *rules.State {
		s := newState(t, []terrain.Piece{near1, far},
			tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle"}, facing: 180},
			tfig{side: 1, x: 36, y: 40, weapons: []string{"rifle"}, facing: 0})
		setLevel(s.Fig(1), Suppressed)
		return s
	}
	s := mk()
	if mi := New().MoveCheck(s, 1, []geom.Pt{geom.P(36, 24)}); mi.OK || !strings.Contains(mi.Why, "closest cover") {
		t.Errorf("into the farther wall's cover: %+v", mi)
	}
	refuse(t, s, "move F1 36,24", "closest cover")
	apply(t, s, "move F1 36,21")
	if !New().(Skirmish).coverAt(s, s.Fig(1), s.Fig(1).Pos, s.Fig(2).Pos) {
		t.Errorf("behind the nearer wall it should be in cover")
	}
}

// Issue 28: suppressive fire given as opportunity fire stops the mover
// at the point before it broke cover, not back where its move began: a
// man leaving crops is pinned at their edge.
func TestOppSuppressiveStopsWhereCoverBroken(t *testing.T) {
	field := piece("field", 30, 27, 42, 27, 42, 34, 30, 34)
	s := newState(t, []terrain.Piece{field},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"lmg"}, facing: 180},
		tfig{side: 1, x: 36, y: 32, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "opp F1")
	apply(t, s, "end")
	apply(t, s, "move F2 36,22")
	if s.Phase != PhaseOpp {
		t.Fatalf("no opportunity window: %q", s.Phase)
	}
	apply(t, s, "oppsup F1 F2", 4, 3, 3)
	f := s.Fig(2)
	if levelOf(f) != Suppressed || f.Pos.Y >= geom.In(32) || f.Pos.Y < geom.In(26) ||
		!New().(Skirmish).coverAt(s, f, f.Pos, s.Fig(1).Pos) {
		t.Fatalf("should stop at the crops' edge, in cover: %v level %d", f.Pos, levelOf(f))
	}
}

// Issue 28: the Quad suppresses automatically within its 4" area: the
// crosser it stops and every other enemy whose base the 4" area (centred
// where its fire met the crosser) touches; one farther off is not.
func TestQuadArea(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"quad"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 38, y: 25.5, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 42, y: 25, weapons: []string{"rifle"}, facing: 0})
	apply(t, s, "suppress F1 33,25 39,25")
	apply(t, s, "end")
	// the reload check 3: firing, and the Quad needs no roll
	apply(t, s, "move F2 36,20", 3)
	if levelOf(s.Fig(2)) != Suppressed {
		t.Fatalf("the crosser should be stopped and suppressed")
	}
	if levelOf(s.Fig(3)) != Suppressed {
		t.Errorf("a man 2.06\" from where the fire met the crosser is in the 4\" area")
	}
	if levelOf(s.Fig(4)) != Confident {
		t.Errorf("a man 6\" off is outside the area")
	}
}

// Issue 24: a command the table aims at a figure is offered exactly when
// the rules take it, so that a click on any other figure is refused with
// its reason in words, never "cannot ... now" alone. Mortar fire comes
// down on a known enemy's spot, acquired or not (the book asks no sight
// of a radio call's target); a grenade goes at any known enemy's spot in
// front once a target is seen; a turn is to bring an enemy into the
// front. A friend's spot is aimed at as ground.
func TestAimedAtAFigureOfferedOrRefused(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "radio", "grenade"}, facing: 180},
		tfig{side: 0, x: 38, y: 24, weapons: []string{"rifle"}, facing: 180}, // F3, a friend in front
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}},              // F4, in front
		tfig{side: 1, x: 40, y: 31, weapons: []string{"rifle"}},              // F5, in front
		tfig{side: 1, x: 30, y: 8, weapons: []string{"rifle"}})               // F6, behind
	legal := New().Legal(s)
	for _, want := range []string{"plot F2 F4", "plot F2 F5", "face F2 F6"} {
		if !hasCommand(legal, want) {
			t.Errorf("%q is not offered: %v", want, legal)
		}
	}
	for _, not := range []string{"face F2 F4", "face F2 F3", "plot F2 F3", "grenade F2 F4"} {
		if hasCommand(legal, not) {
			t.Errorf("%q is offered", not)
		}
	}
	refuse(t, s, "face F2 F4", "F4 is already in front of F2")
	refuse(t, s, "face F2 F3", "F3 is a friend: turn to face an enemy, or aim at the ground")
	refuse(t, s, "plot F2 F3", "F3 is a friend: aim the mortar at the ground")
	refuse(t, s, "grenade F2 F4", "F2 has acquired no enemy this turn to throw at")
	refuse(t, s, "acquire F2 F3", "acquire an enemy figure")
	// the radio call at an enemy not acquired goes through
	apply(t, s, "plot F2 F4", 2, 3)
	if len(Rounds(s)) != 1 {
		t.Fatal("no round plotted")
	}
	// seen one: grenades at either enemy's spot in front, not a friend's
	s.Fig(2).SetVar(fAP, 4)
	apply(t, s, "acquire F2 F4", 6, 6)
	refuse(t, s, "acquire F2 F4", "F2 has already tried to acquire F4 this turn")
	legal = New().Legal(s)
	for _, want := range []string{"grenade F2 F4", "grenade F2 F5"} {
		if !hasCommand(legal, want) {
			t.Errorf("%q is not offered: %v", want, legal)
		}
	}
	if hasCommand(legal, "grenade F2 F3") {
		t.Error("a grenade at a friend is offered")
	}
	refuse(t, s, "grenade F2 F3", "F3 is a friend: aim the grenade at the ground")
}
