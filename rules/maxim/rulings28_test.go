package maxim

import (
	"os"
	"strings"
	"testing"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/scenario"
	"hedgerow/rules/vehicle"
)

// fireLedger is the to-hit ledger of the first percentile roll in evs.
func fireLedger(t *testing.T, evs []rules.Event) *rules.Ledger {
	t.Helper()
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Compare == "<=" {
			return e.Roll
		}
	}
	t.Fatalf("no to-hit roll in %v", texts(evs))
	return nil
}

// A vehicle fired at this turn has its crew shot at: its gunner takes
// "-10% firer has been shot at" like a man on foot.
func TestCrewShotAt(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseOffensive, 1) // Red moves and fires first
	// Lenz's RPG misses the tank (99) and lands 8" up the table (1, 8),
	// on no one.
	apply(t, g, "fire F7 20,10", 99, 1, 8)
	phase(g, PhaseDefensive, 1) // the tank fires back
	// Lyle's MMG at Lenz: 60 -10 = 50; a 51 misses.
	evs := apply(t, g, "fire F1 F7 mmg", 51)
	l := fireLedger(t, evs)
	if l.Target != 50 || !strings.Contains(modReasons(l.Mods), "shot at") {
		t.Fatalf("the crew was shot at: target %d, mods %q", l.Target, modReasons(l.Mods))
	}
}

func modReasons(ms []rules.Mod) string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Reason)
	}
	return strings.Join(out, "|")
}

// A moving firer and a moving target are one -20% (the book's row reads
// "moving (target or firer)").
func TestMovingFirerAndTargetOneModifier(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 25, false},
	}, nil)
	phase(g, PhaseOffensive, 0)
	s := g.St
	s.Fig(1).SetVar(fMoved, s.Round)
	s.Fig(2).SetVar(fMoved, s.Round)
	// 60 -20 = 40: a 41 misses (the old -40 would have made it 20).
	evs := apply(t, g, "fire F1 F2", 41)
	if l := fireLedger(t, evs); l.Target != 40 || len(l.Mods) != 1 || l.Mods[0].Reason != "firer moving, target moving" {
		t.Fatalf("target %d mods %+v", l.Target, l.Mods)
	}
}

// "Moving twice" is -30% in the turn of the second move only.
func TestMovingTwiceThisTurnOnly(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseOffensive, 1)
	s := g.St
	v := s.Veh(1)
	s.Round = 3
	v.SetVar(vMoved, 2)
	v.SetVar(vMoved2, 2) // moved twice last turn, still now
	o := odds(t, g, "fire F7 20,10")
	if modSum(o.Mods) != 0 {
		t.Fatalf("a vehicle that moved twice last turn and stands still now: %+v", o.Mods)
	}
	v.SetVar(vMoved, 3)
	v.SetVar(vMoved2, 3)
	o = odds(t, g, "fire F7 20,10")
	if modSum(o.Mods) != -30 {
		t.Fatalf("moving twice this turn: %+v", o.Mods)
	}
}

// Advanced gun fire control, given by the scenario: no moving modifier
// for one move (firer's or target's), -10% for two.
func TestAdvancedFireControl(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseDefensive, 1) // Blue's tank fires
	s := g.St
	v := s.Veh(1)
	v.SetVar(vMoved, s.Round)
	s.Fig(7).SetVar(fMoved, s.Round) // Lenz moved too
	o := odds(t, g, "fire F1 F7 mmg")
	if modSum(o.Mods) != -20 {
		t.Fatalf("no fire control: %+v", o.Mods)
	}
	v.SetVar(vGFCS, 1)
	o = odds(t, g, "fire F1 F7 mmg")
	if modSum(o.Mods) != 0 {
		t.Fatalf("advanced fire control, one move: %+v", o.Mods)
	}
	v.SetVar(vMoved2, s.Round)
	// 60 -10 = 50: a 51 misses.
	evs := apply(t, g, "fire F1 F7 mmg", 51)
	if l := fireLedger(t, evs); l.Target != 50 || !strings.Contains(modReasons(l.Mods), "advanced fire control") {
		t.Fatalf("advanced fire control, two moves: %d %+v", l.Target, l.Mods)
	}
}

// A figure that fired in the defensive fire phase takes no opportunity
// fire at a vehicle's second move, nor does a vehicle weapon that fired.
func TestNothingFiresTwiceThroughSecondMove(t *testing.T) {
	g := tankTable(t)
	s := g.St
	phase(g, PhaseVehicles, 1) // Red's vehicles move again; Blue watches
	// Blue's tank weapon fired in the defensive fire phase this turn.
	v := s.Veh(1)
	v.SetVar(firedKey(1), s.Round*10+3)
	lyle := s.Fig(1)
	lyle.SetVar(fFired, s.Round)
	s.Phase, s.Decider = PhaseOpportunity, 0
	s.SetVar(gOppFrom, 1)
	w, _ := data.Weapon("mmg")
	if why := mayFire(s, lyle, w); !strings.Contains(why, "twice") {
		t.Fatalf("Lyle fired in the defensive phase; may he fire at the second move? %q", why)
	}
	if !holdsFire(s, lyle) {
		t.Fatal("Legal should pass Lyle by")
	}
	if vehWeaponFree(s, v, 1) {
		t.Fatal("the coaxial MMG fired this turn")
	}
	if !vehWeaponFree(s, v, 2) {
		t.Fatal("the hull MMG has not fired")
	}
	// At a first move's opportunity fire the defensive phase is still to come.
	s.SetVar(gOppFrom, 0)
	lyle.SetVar(fFired, 0)
	v.SetVar(firedKey(1), 0)
	if why := mayFire(s, lyle, w); why != "" || !vehWeaponFree(s, v, 1) {
		t.Fatalf("first move: %q", why)
	}
}

// A claymore's penetration (10) goes through a jeep's soft skin.
func TestClaymoreAtJeep(t *testing.T) {
	g := vtable(t, []tf{
		{0, "A", "Baker", []string{"claymore", "rifle"}, 20, 16, false},
		{1, "J", "Jock", []string{"pistol"}, 0, 0, false},
	}, []tv{
		{"J", "Willys", "jeep", 20, 10, 90, []string{"Jock"}, nil},
	}, nil)
	phase(g, PhaseOffensive, 0)
	o := odds(t, g, "fire F1 20,10 claymore")
	if !near(o.P("fuel fire"), 1.0/6) || o.P("miss") != 0 || o.P("no penetration") != 0 {
		t.Fatalf("claymore at a jeep: %+v", o.Outcomes)
	}
	// No roll to hit; the critical hit chart's 4: the fuel burns.
	evs := apply(t, g, "fire F1 20,10 claymore", 4)
	if !hasKind(evs, "penetration") || !g.St.Veh(1).Damage.Has(vehicle.BrewedUp) {
		t.Fatalf("%v", texts(evs))
	}
}

// The thrower is caught by his own grenade as its radii say: at 2.5"
// he is in the C radius.
func TestThrowerCaughtByOwnBlast(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"grenade", "rifle"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 32.5, false},
	}, nil)
	phase(g, PhaseOffensive, 0)
	o := odds(t, g, "fire F1 F2")
	if !strings.Contains(o.Note, "Able") {
		t.Fatalf("the thrower should be among those the blast may harm: %q", o.Note)
	}
	// Hit (40): Able in C rolls 3 (stun), Rot in A rolls 1 (stun).
	apply(t, g, "fire F1 F2", 40, 3, 1)
	if !stunned(g.St.Fig(1)) || !stunned(g.St.Fig(2)) {
		t.Fatal("both should be stunned")
	}
}

// An explosive aimed at the ground under a man behind a wall takes his
// cover, as a shot at him does.
func TestPointAimKeepsTargetModifiers(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"grenade-launcher"}, 15, 30, false},
		{1, "R", "Rot", []string{"rifle"}, 15, 19.7, false}, // behind the low wall
	}, nil)
	phase(g, PhaseOffensive, 0)
	at := odds(t, g, "fire F1 F2")
	under := odds(t, g, "fire F1 15,19.7 grenade-launcher")
	near1 := odds(t, g, "fire F1 15.8,19.7 grenade-launcher")
	// 55 -40 cover = 15, whether at him, at his feet or an inch by him.
	if modSum(at.Mods) != -40 || modSum(under.Mods) != -40 || modSum(near1.Mods) != -40 || !near(under.P("on the point"), 0.15) {
		t.Fatalf("at him %+v, under him %+v, near him %+v", at.Mods, under.Mods, near1.Mods)
	}
	// He moved too: 55 -20 -40 leaves nothing, at him or at his feet.
	g.St.Fig(2).SetVar(fMoved, g.St.Round)
	refuse(t, g, "fire F1 F2", "no chance")
	refuse(t, g, "fire F1 15,19.7 grenade-launcher", "no chance")
	// A point 3" off him is aimed at no one: 55.
	if o := odds(t, g, "fire F1 15,23 grenade-launcher"); !near(o.P("on the point"), 0.55) {
		t.Fatalf("clear ground: %+v", o)
	}
}

// A scenario gives a vehicle advanced gun fire control with
// fire_control = "advanced"; its shots after one move take no moving
// modifier, the other tank's -20%.
func TestFireControlScenarioKey(t *testing.T) {
	text, err := os.ReadFile("../../scenarios/maxim-armour-crossroads.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(text), "type = \"sherman\"\n", "type = \"sherman\"\nfire_control = \"advanced\"\n", 1)
	if src == string(text) {
		t.Fatal("the scenario has no Sherman to change")
	}
	finder := scenario.MapFinder(os.DirFS("../../scenarios"), "maxim-armour-crossroads.toml", maps.FS)
	sc, m, err := scenario.Parse("x.toml", []byte(src), finder)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	sherman, panzer := g.St.Veh(1), g.St.Veh(2)
	if !hasGFCS(sherman) || hasGFCS(panzer) {
		t.Fatalf("fire control: Sherman %v, Panzer %v", hasGFCS(sherman), hasGFCS(panzer))
	}
	bad := strings.Replace(src, "fire_control = \"advanced\"", "fire_control = \"laser\"", 1)
	if _, _, err := scenario.Parse("x.toml", []byte(bad), finder); err == nil || !strings.Contains(err.Error(), "fire_control must be") {
		t.Fatalf("a bad fire_control: %v", err)
	}
}

// A man caught in a burst has been shot at, whoever it was aimed at, or
// if it was aimed at the ground: his own fire this turn takes -10%.
func TestCaughtInBurstIsShotAt(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"grenade-launcher"}, 15, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 15, 25, false},
	}, nil)
	phase(g, PhaseOffensive, 0)
	// At the ground 2.5" from Rot (clear of him: 55): a 55 hits, and Rot,
	// in the C radius, rolls 4 on the d10: a light wound.
	apply(t, g, "fire F1 17.5,25 grenade-launcher", 55, 4)
	if g.St.Fig(2).Var(fShotAt) != g.St.Round {
		t.Fatal("Rot was caught in the burst: shot at")
	}
	phase(g, PhaseDefensive, 0)
	// 60 -10 shot at -10 lightly wounded = 40: a 41 misses.
	evs := apply(t, g, "fire F2 F1", 41)
	if l := fireLedger(t, evs); l.Target != 40 || !strings.Contains(modReasons(l.Mods), "shot at") {
		t.Fatalf("Rot fires back: %d %q", l.Target, modReasons(l.Mods))
	}
}

// The modern tank's type has advanced gun fire control of its own.
func TestModernTankHasFireControl(t *testing.T) {
	g := vtable(t, []tf{
		{0, "T", "Cdr", []string{"pistol"}, 0, 0, true},
		{1, "R", "Rot", []string{"rifle"}, 26, 16, false},
	}, []tv{{"T", "Leo", "mbt", 20, 10, 90, []string{"Cdr"}, nil}}, nil)
	phase(g, PhaseOffensive, 0)
	v := g.St.Veh(1)
	if !hasGFCS(v) {
		t.Fatal("the mbt type should have advanced fire control")
	}
	v.SetVar(vMoved, g.St.Round)
	// The coaxial MMG at Rot after one move: 60, no moving modifier; a 61 misses.
	evs := apply(t, g, "fire F1 F2 mmg", 61)
	if l := fireLedger(t, evs); l.Target != 60 {
		t.Fatalf("after one move with fire control: %d %+v", l.Target, l.Mods)
	}
}

// Every figure a burst may catch has its own odds, the thrower too, and
// a volley's later shots at a target already dead are lost: sampled
// against the engine.
func TestBlastPartsMatchEngine(t *testing.T) {
	figClass := func(p rules.OddsPart) oddscheck.Classify {
		return func(before, after *rules.State, _ []rules.Event) string {
			return change(statusOf(before.Fig(p.Fig)), statusOf(after.Fig(p.Fig)))
		}
	}
	// A grenade at Rot with the thrower 2.5" off (C) and Rost 1.5" (B).
	g := table(t, []tf{
		{0, "A", "Able", []string{"grenade", "rifle"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 32.5, false},
		{1, "R", "Rost", []string{"rifle"}, 6.5, 32.5, false},
	}, map[string]unitOpt{"R": {armour: "kevlar"}})
	phase(g, PhaseOffensive, 0)
	o := odds(t, g, "fire F1 F2")
	able := partOf(t, o, "Able (the firer)")
	// Able is killed on the point (40%) in the C radius on 9-10. A miss
	// (60%) lands 1-6" in one of 8 directions, 1/48 each: down the table
	// (towards him) 1" to 5" put him in B, A, A, B, C; down-left and
	// down-right 1" to 4" in B, B, C, C; left and right 1" in C. Kill
	// chances A 0.4, B 0.3, C 0.2: 0.4 x 0.2 + 0.6/48 x (1.6 + 2 x 1.0 +
	// 2 x 0.2) = 0.13.
	if p := partP(able, "killed"); !near(p, 0.13) {
		t.Fatalf("the thrower's part %+v", able)
	}
	c, _ := rules.ParseCommand("fire F1 F2")
	for _, res := range oddscheck.RunParts(New(), g.St, c, figClass, 20000, 21) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
	// An automatic grenade launcher's three shots at Rot, Rost beside
	// him: once Rot is dead the rest are lost.
	g = table(t, []tf{
		{0, "A", "Able", []string{"agl"}, 5, 15, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 30, false},
		{1, "R", "Rost", []string{"rifle"}, 6.5, 30, false},
	}, nil)
	phase(g, PhaseOffensive, 0)
	c, _ = rules.ParseCommand("fire F1 F2 F2 F2")
	o = odds(t, g, c.String())
	if len(o.Parts) != 1 || o.Parts[0].Fig != 3 {
		t.Fatalf("parts %+v", o.Parts)
	}
	for _, res := range oddscheck.RunParts(New(), g.St, c, figClass, 20000, 22) {
		if err := res.Err(); err != nil {
			t.Error(err)
		}
	}
}
