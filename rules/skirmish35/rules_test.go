package skirmish35

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

type tfig struct {
	side    int
	quality string
	x, y    float64
	weapons []string
	facing  int
	prone   bool
}

// piece builds a terrain piece of a kind: a path for linear kinds, a
// polygon for the rest.
func piece(kind string, pts ...float64) terrain.Piece {
	k, _ := terrain.KindByName(kind)
	p := terrain.Piece{Kind: kind, Props: k.Props}
	var ps []geom.Pt
	for i := 0; i+1 < len(pts); i += 2 {
		ps = append(ps, geom.P(pts[i], pts[i+1]))
	}
	if k.Linear {
		p.Path = ps
	} else {
		p.Poly = ps
	}
	return p
}

// newState builds a 72x48 table with the pieces and figures (each its own
// unit), and runs Start with no dice forced.
func newState(t *testing.T, pieces []terrain.Piece, figs ...tfig) *rules.State {
	t.Helper()
	sc := &rules.Scenario{Name: "test", RuleSet: "skirmish35", BaseR: 500}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	for i, f := range figs {
		su := rules.ScenarioUnit{Name: "U" + string(rune('A'+i)), Quality: f.quality}
		sf := rules.ScenarioFigure{Name: "F" + string(rune('1'+i)), Weapons: f.weapons, Pos: geom.P(f.x, f.y), HasPos: true, Facing: f.facing}
		if f.prone {
			sf.Posture = rules.Prone
		}
		su.Figures = append(su.Figures, sf)
		sc.Sides[f.side].Units = append(sc.Sides[f.side].Units, su)
	}
	m := &terrain.Map{Name: "test", Width: geom.In(72), Height: geom.In(48)}
	for i := range pieces {
		pieces[i].ID = i
		m.Pieces = append(m.Pieces, pieces[i])
	}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	return s
}

func apply(t *testing.T, s *rules.State, line string, dice ...int) []rules.Event {
	t.Helper()
	c, err := rules.ParseCommand(line)
	if err != nil {
		t.Fatal(err)
	}
	s.Force(dice...)
	evs, err := New().Apply(s, c)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if len(s.Forced) != 0 {
		t.Fatalf("%s: %d forced dice left unrolled", line, len(s.Forced))
	}
	return evs
}

func refuse(t *testing.T, s *rules.State, line, want string) {
	t.Helper()
	c, err := rules.ParseCommand(line)
	if err != nil {
		t.Fatal(err)
	}
	_, err = New().Apply(s.Clone(), c)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: want refusal with %q, got %v", line, want, err)
	}
}

func ledgers(evs []rules.Event) []*rules.Ledger {
	var out []*rules.Ledger
	for _, e := range evs {
		if e.Roll != nil {
			out = append(out, e.Roll)
		}
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// Blue F1 at the top, Red F2 facing it 15" away.
func duel(t *testing.T, pieces []terrain.Piece, blue, red []string) *rules.State {
	return newState(t, pieces,
		tfig{side: 0, quality: "experienced", x: 36, y: 10, weapons: blue, facing: 180},
		tfig{side: 1, quality: "experienced", x: 36, y: 25, weapons: red, facing: 0})
}

func TestActionPoints(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, quality: "green", x: 10, y: 10, weapons: []string{"rifle"}},
		tfig{side: 0, quality: "experienced", x: 12, y: 10, weapons: []string{"rifle"}},
		tfig{side: 0, quality: "elite", x: 14, y: 10, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "elite", x: 40, y: 40, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "elite", x: 42, y: 40, weapons: []string{"rifle"}})
	for i, want := range []int{3, 4, 5} {
		if got := s.Figures[i].Var(fAP); got != want {
			t.Errorf("%s: %d points, want %d", s.Figures[i].Name, got, want)
		}
	}
	setLevel(s.Fig(5), Suppressed)
	apply(t, s, "end")
	if got := s.Fig(5).Var(fAP); got != 4 {
		t.Errorf("suppressed elite: %d points, want 4", got)
	}
	if got := s.Fig(4).Var(fAP); got != 5 {
		t.Errorf("elite: %d points, want 5", got)
	}
	// a move of 4" costs two points; aimed fire then cannot be afforded
	apply(t, s, "move F4 40,36")
	if got := s.Fig(4).Var(fAP); got != 3 {
		t.Errorf("after a 4\" move: %d points, want 3", got)
	}
	refuse(t, s, "move F4 40,23", "may go")
}

func TestAcquisition(t *testing.T) {
	s := duel(t, nil, []string{"rifle"}, []string{"rifle"})
	// in the open at 15": need more than 0
	o, err := New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil || !near(o.P("acquired"), 1) {
		t.Fatalf("open acquisition odds %v %v", o, err)
	}
	evs := apply(t, s, "acquire F1 F2", 1, 1)
	if l := ledgers(evs)[0]; l.Outcome != "acquired" || l.Target != 0 {
		t.Errorf("ledger %+v", l)
	}
	refuse(t, s, "acquire F1 F2", "already tried")

	// soft cover (crops) and over 30": need more than 3 (2D6 > 3 is 33/36)
	s = newState(t, []terrain.Piece{piece("field", 30, 40, 42, 40, 42, 46, 30, 46)},
		tfig{side: 0, x: 36, y: 5, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 43, weapons: []string{"rifle"}})
	o, err = New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil || !near(o.P("acquired"), 33.0/36) {
		t.Fatalf("soft cover at 38\": %v %v", o, err)
	}
	evs = apply(t, s, "acquire F1 F2", 1, 2)
	if l := ledgers(evs)[0]; l.Outcome != "not seen" || l.Target != 3 {
		t.Errorf("ledger %+v", l)
	}
	// seen before: -1 next turn
	apply(t, s, "end")
	apply(t, s, "end")
	o, _ = New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if !near(o.P("acquired"), 33.0/36) {
		t.Errorf("a failed try is not a sighting: %v", o)
	}
	apply(t, s, "acquire F1 F2", 2, 2)
	apply(t, s, "end")
	apply(t, s, "end")
	o, _ = New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if !near(o.P("acquired"), 35.0/36) {
		t.Errorf("seen before: want 35/36, got %v", o)
	}
}

func TestFacing(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle"}, facing: 45},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0})
	refuse(t, s, "acquire F1 F2", "must turn")
	apply(t, s, "face F1 F2")
	if f := s.Fig(1); f.Facing != 180 || f.Var(fAP) != 3 {
		t.Errorf("after turning: facing %d, %d points", f.Facing, f.Var(fAP))
	}
	apply(t, s, "acquire F1 F2", 3, 3)
}

func TestHindranceAndHeight(t *testing.T) {
	// crops between: standing target hindered (+1), prone hidden
	field := piece("field", 30, 16, 42, 16, 42, 19, 30, 19)
	s := duel(t, []terrain.Piece{field}, []string{"rifle"}, []string{"rifle"})
	o, err := New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil || !near(o.P("acquired"), 1) || sumMods(o.Mods) != 1 {
		t.Fatalf("one hindrance: %v %v", o, err)
	}
	s.Fig(2).Posture = rules.Prone
	refuse(t, s, "acquire F1 F2", "not standing")
	// a low wall in the middle of the field of fire: hinders a standing
	// figure, hides a prone one
	wall := piece("low-wall", 30, 17, 42, 17)
	s = duel(t, []terrain.Piece{wall}, []string{"rifle"}, []string{"rifle"})
	if sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2)); !sg.OK || sg.Hind != 1 {
		t.Errorf("standing behind a distant low wall: %+v", sg)
	}
	s.Fig(2).Posture = rules.Prone
	if sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2)); sg.OK {
		t.Errorf("prone beyond a low wall should be hidden: %+v", sg)
	}
}

func TestUnaimedFireKills(t *testing.T) {
	s := duel(t, nil, []string{"rifle"}, []string{"rifle"})
	apply(t, s, "acquire F1 F2", 2, 2)
	refuse(t, s, "fire F1 F2 aimed", "last turn")
	o, err := New().Odds(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}, Arg: "unaimed"})
	// unaimed 5 + range 15" -> 2 = 7: 21/36; no save in the open
	if err != nil || !near(o.P("killed"), 21.0/36) || !near(o.P("no effect"), 15.0/36) {
		t.Fatalf("odds %+v %v", o, err)
	}
	evs := apply(t, s, "fire F1 F2 unaimed", 3, 4, 1)
	ls := ledgers(evs)
	if ls[0].Target != 7 || ls[0].Outcome != "hit" || ls[1].Outcome != "killed" {
		t.Fatalf("ledgers %+v %+v", ls[0], ls[1])
	}
	if !s.Fig(2).Removed || !s.Over || s.Winner != 0 {
		t.Errorf("the only red figure killed: over %v winner %d", s.Over, s.Winner)
	}
}

func TestDoubleSixAlwaysHits(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 2, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 47, weapons: []string{"rifle"}, prone: true},
		tfig{side: 1, x: 60, y: 47, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F2", 6, 6)
	// unaimed 5 + range 45" -> 5 + prone in the open 2 = 12: only a double six
	s.Fig(1).SetVar(fMoved, 0)
	s2 := s.Clone()
	evs := apply(t, s2, "fire F1 F2 unaimed", 6, 5)
	if l := ledgers(evs)[0]; l.Target != 12 || l.Outcome != "miss" {
		t.Fatalf("11 needing 12 misses: %+v", l)
	}
	s.Fig(1).SetVar(fMoved, int(geom.In(3)))
	s.Fig(1).SetVar(fAP, 4)
	evs = apply(t, s, "fire F1 F2 unaimed", 6, 6, 1)
	if l := ledgers(evs)[0]; l.Target != 14 || l.Outcome != "hit" {
		t.Fatalf("double six needing 14: %+v", l)
	}
}

func TestSaveResults(t *testing.T) {
	// Red behind a low wall beside it: hard cover, save 3
	wall := piece("low-wall", 33, 24.5, 39, 24.5)
	for _, c := range []struct {
		face  int
		want  string
		level int
	}{{4, "killed", -1}, {3, "morale -2", Shaken}, {2, "morale -1", Suppressed}} {
		s := duel(t, []terrain.Piece{wall}, []string{"rifle"}, []string{"rifle"})
		apply(t, s, "acquire F1 F2", 6, 6)
		// unaimed 5 + range 2 + hard cover 3 = 10
		evs := apply(t, s, "fire F1 F2 unaimed", 5, 5, c.face)
		ls := ledgers(evs)
		if ls[0].Target != 10 || ls[1].Target != 3 || ls[1].Outcome != c.want {
			t.Fatalf("face %d: %+v %+v", c.face, ls[0], ls[1])
		}
		if c.level >= 0 && levelOf(s.Fig(2)) != c.level {
			t.Errorf("face %d: level %d want %d", c.face, levelOf(s.Fig(2)), c.level)
		}
	}
}

func TestAimedFire(t *testing.T) {
	// the second side's first turn: a first sighting cannot be aimed at
	s := duel(t, nil, []string{"rifle"}, []string{"rifle"})
	apply(t, s, "end")
	apply(t, s, "acquire F2 F1", 2, 2)
	refuse(t, s, "fire F2 F1 aimed", "last turn")
	s = duel(t, nil, []string{"rifle"}, []string{"rifle"})
	apply(t, s, "acquire F1 F2", 2, 2)
	apply(t, s, "end")
	apply(t, s, "end")
	apply(t, s, "acquire F1 F2", 2, 2)
	o, err := New().Odds(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}, Arg: "aimed"})
	// aimed 2 + range 2 = 4: 33/36
	if err != nil || !near(o.P("killed"), 33.0/36) {
		t.Fatalf("aimed odds %v %v", o, err)
	}
	apply(t, s, "fire F1 F2 aimed", 1, 3, 6)
	if !s.Fig(2).Removed {
		t.Error("aimed shot should have killed")
	}
}

func TestSuppressedCannotFire(t *testing.T) {
	s := duel(t, nil, []string{"rifle"}, []string{"rifle"})
	apply(t, s, "acquire F1 F2", 2, 2)
	setLevel(s.Fig(1), Suppressed)
	refuse(t, s, "fire F1 F2 unaimed", "cannot fire")
}

func TestMachineGunAmmo(t *testing.T) {
	// no loader: a double on the first roll of the burst ends it
	s := duel(t, nil, []string{"lmg"}, []string{"rifle"})
	apply(t, s, "acquire F1 F2", 2, 2)
	evs := apply(t, s, "fire F1 F2 unaimed", 2, 2)
	if !s.Fig(1).Markers.Has(rules.OutOfAmmo) || len(ledgers(evs)) != 1 {
		t.Fatalf("out of ammunition after one roll: %v", evs)
	}
	refuse(t, s, "fire F1 F2 unaimed", "out of ammunition")
	apply(t, s, "end")
	apply(t, s, "end")
	apply(t, s, "reload F1")
	if s.Fig(1).Markers.Has(rules.OutOfAmmo) {
		t.Error("reloaded")
	}
	// with a loader beside it: two rolls whatever they show
	s = newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"lmg"}, facing: 180},
		tfig{side: 0, x: 37.5, y: 10, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 25, weapons: []string{"rifle"}},
		tfig{side: 1, x: 46, y: 25, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F3", 2, 2)
	evs = apply(t, s, "fire F1 F3 unaimed", 2, 2, 1, 1)
	if s.Fig(1).Markers.Has(rules.OutOfAmmo) || len(ledgers(evs)) != 2 {
		t.Fatalf("a loaded gun: %v", evs)
	}
}

func TestOpportunityFire(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "opp F1")
	if !s.Fig(1).Markers.Has(rules.OppFire) || s.Fig(1).Var(fAP) != 0 {
		t.Fatal("holding four points")
	}
	apply(t, s, "end")
	apply(t, s, "move F2 38,27")
	if s.Phase != PhaseOpp || s.Decider != 0 {
		t.Fatalf("window: phase %s decider %d", s.Phase, s.Decider)
	}
	o, err := New().Odds(s, rules.Command{Verb: "oppfire", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil || !near(o.P("killed"), 1.0/36) {
		t.Fatalf("opportunity odds %v %v", o, err)
	}
	evs := apply(t, s, "oppfire F1 F2", 6, 5)
	if l := ledgers(evs)[0]; l.Outcome != "miss" {
		t.Errorf("11 misses on opportunity fire: %+v", l)
	}
	if s.Phase != PhaseTurn || s.Decider != 1 {
		t.Errorf("back to Red: %s %d", s.Phase, s.Decider)
	}
}

func TestSuppressiveFireLine(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"lmg"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 38.5, y: 30, weapons: []string{"rifle"}, facing: 0})
	apply(t, s, "suppress F1 33,25 39,25")
	if len(Lines(s)) != 1 {
		t.Fatal("no line stored")
	}
	apply(t, s, "end")
	// Red crosses: reload check 3 (firing), then 2D6 5 stops it
	evs := apply(t, s, "move F2 36,22", 3, 2, 3)
	f := s.Fig(2)
	if levelOf(f) != Suppressed || f.Pos.Y <= geom.In(25) {
		t.Fatalf("stopped short of the line, suppressed: %v level %d %v", f.Pos, levelOf(f), evs)
	}
	// a second figure: the gun is reloading (a 1) and it crosses
	apply(t, s, "move F3 38.5,22", 1)
	if s.Fig(3).Pos.Y >= geom.In(25) {
		t.Errorf("the reloading gun should not stop it: %v", s.Fig(3).Pos)
	}
	apply(t, s, "end")
	if len(Lines(s)) != 0 {
		t.Error("the line is lifted at the start of its side's next turn")
	}
	// odds of a crossing: (5/6) * P(2D6 >= 5) = 5/6 * 30/36
	s2 := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"lmg"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0})
	apply(t, s2, "suppress F1 33,25 39,25")
	apply(t, s2, "end")
	o, err := New().Odds(s2, rules.Command{Verb: "move", Fig: 2, Path: []geom.Pt{geom.P(36, 22)}})
	if err != nil || !near(o.P("stopped by suppressive fire"), 5.0/6*30/36) {
		t.Fatalf("crossing odds %v %v", o, err)
	}
}

// Stopped by a line of fire, a figure stays at the point where it broke
// cover: here the edge of the crops it was moving through.
func TestSuppressiveFireStopsWhereCoverBroken(t *testing.T) {
	field := piece("field", 30, 27, 42, 27, 42, 34, 30, 34)
	s := newState(t, []terrain.Piece{field},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"lmg"}, facing: 180},
		tfig{side: 1, x: 36, y: 31, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}, facing: 0})
	apply(t, s, "suppress F1 33,23 39,23")
	apply(t, s, "end")
	apply(t, s, "move F2 36,21", 3, 2, 3)
	f := s.Fig(2)
	if levelOf(f) != Suppressed || f.Pos.Y < geom.In(26) || !New().(Skirmish).coverAt(s, f, f.Pos, s.Fig(1).Pos) {
		t.Fatalf("should stop in the crops' edge, in cover: %v level %d", f.Pos, levelOf(f))
	}
}

func TestGrenade(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 1, x: 36, y: 24, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	refuse(t, s, "grenade F1 F2", "acquired no enemy")
	apply(t, s, "acquire F1 F2", 3, 3)
	o, err := New().Odds(s, rules.Command{Verb: "grenade", Fig: 1, Targets: []rules.FigID{2}})
	// under 5": lands on target; fuse 5/6; effect in the open kills on 7+
	if err != nil || !near(o.P("killed"), 4.0/6*21/36) || !near(o.P("dud"), 1.0/6) || !near(o.P("goes off later"), 1.0/6) {
		t.Fatalf("grenade odds %v %v", o, err)
	}
	evs := apply(t, s, "grenade F1 F2", 2, 6, 1)
	found := false
	for _, l := range ledgers(evs) {
		if strings.Contains(l.What, "effect on F2") && l.Outcome == "killed" {
			found = true
		}
	}
	if !found || !s.Fig(2).Removed {
		t.Fatalf("grenade should kill F2: %v", evs)
	}
}

func TestGrenadeDeviation(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"grenade", "rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 22, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F2", 3, 3)
	// 12": on target on 4+; a 3 deviates 3" towards the spinner (3 o'clock: +X)
	evs := apply(t, s, "grenade F1 F2", 3, 3, 1, 2, 2)
	var burst *geom.Circle
	for _, e := range evs {
		if e.Kind == "burst" {
			burst = e.Area
		}
	}
	if burst == nil || burst.C != geom.P(39, 22) {
		t.Fatalf("burst at %v", burst)
	}
	if levelOf(s.Fig(2)) != Confident || s.Fig(2).Removed {
		t.Error("2D6 of 4 has no effect")
	}
}

func TestSmokeBlocksSight(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle", "smoke-grenade"}, facing: 180},
		tfig{side: 1, x: 36, y: 25, weapons: []string{"rifle"}})
	apply(t, s, "grenade F1 36,14 smoke", 1)
	refuse(t, s, "acquire F1 F2", "smoke")
	for i := 0; i < 6; i++ {
		apply(t, s, "end")
	}
	if len(Smokes(s)) != 0 {
		t.Error("smoke clears after three rounds")
	}
}

// A smoke grenade that goes off late (at the end of the enemy's turn)
// clears at the end of the enemy's turn three rounds on; one that goes
// off at once clears at the start of its thrower's turn.
func TestLateSmokeClearsAtTurnEnd(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle", "smoke-grenade"}, facing: 180},
		tfig{side: 1, x: 36, y: 25, weapons: []string{"rifle"}})
	apply(t, s, "grenade F1 36,14 smoke", 5)
	if len(Smokes(s)) != 0 || len(Live(s)) != 1 {
		t.Fatal("the smoke grenade should lie live")
	}
	apply(t, s, "end")
	New().Apply(s, rules.Command{Verb: "end"}) // turn 2 (Red) ends: the smoke goes off
	if len(Smokes(s)) != 1 || turnNo(s) != 3 {
		t.Fatalf("smoke %v at turn %d", Smokes(s), turnNo(s))
	}
	for turnNo(s) < 8 {
		New().Apply(s, rules.Command{Verb: "end"})
	}
	if len(Smokes(s)) != 1 || s.Active != 1 {
		t.Fatal("still there through Red's turn three rounds on")
	}
	New().Apply(s, rules.Command{Verb: "end"}) // the end of Red's turn 8
	if len(Smokes(s)) != 0 {
		t.Error("gone at the end of Red's turn")
	}
}

func TestMoraleAlone(t *testing.T) {
	// F1 cannot see its friend behind the building: tests at the start of
	// its turn; enemy within 20" +2, alone +4: needs more than 6
	b := piece("building", 20, 20, 30, 20, 30, 30, 20, 30)
	s := newState(t, []terrain.Piece{b},
		tfig{side: 0, x: 25, y: 18, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 0, x: 25, y: 32, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 10, weapons: []string{"rifle"}})
	apply(t, s, "end")
	evs := apply(t, s, "end", 3, 3, 1, 2)
	var ls []*rules.Ledger
	for _, l := range ledgers(evs) {
		if strings.HasPrefix(l.What, "Morale") {
			ls = append(ls, l)
		}
	}
	if len(ls) != 2 || ls[0].Target != 4 || ls[0].Outcome != "passes" || ls[1].Outcome != "fails" {
		t.Fatalf("morale ledgers: %+v", ls)
	}
	if levelOf(s.Fig(2)) != Suppressed || s.Fig(2).Var(fAP) != 3 {
		t.Errorf("failed: suppressed, a point fewer: %d %d", levelOf(s.Fig(2)), s.Fig(2).Var(fAP))
	}
	// rallying from a failed test needs a test
	o, _ := New().Odds(s, rules.Command{Verb: "rally", Fig: 2})
	if len(o.Outcomes) != 2 {
		t.Errorf("rally odds %v", o)
	}
	apply(t, s, "rally F2", 6, 6)
	if levelOf(s.Fig(2)) != Confident {
		t.Error("rallied")
	}
}

func TestHandToHand(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 21.5, weapons: []string{"smg"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}},
		tfig{side: 1, x: 66, y: 40, weapons: []string{"rifle"}})
	// attacker +1 started +2 rifle = +3; defender +1 smg
	o, err := New().Odds(s, rules.Command{Verb: "melee", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil {
		t.Fatal(err)
	}
	// a+3 > d+1 <=> d - a < 2: count pairs
	win, draw := 0, 0
	for a := 1; a <= 6; a++ {
		for d := 1; d <= 6; d++ {
			switch {
			case a+3 > d+1:
				win++
			case a+3 == d+1:
				draw++
			}
		}
	}
	if !near(o.P("attacker wins"), float64(win)/36) || !near(o.P("draw"), float64(draw)/36) {
		t.Fatalf("melee odds %v", o)
	}
	// a draw locks them; the next round has no first-round modifiers
	apply(t, s, "melee F1 F2", 1, 3)
	if s.Fig(1).Var(fLock) != 2 || s.Fig(2).Var(fLock) != 1 {
		t.Fatal("locked after a draw")
	}
	refuse(t, s, "move F1 30,10", "locked")
	// the draw goes on next turn: not again in this one
	refuse(t, s, "melee F1 F2", "drawn this turn")
	s.SetVar(gTurn, turnNo(s)+2) // two turns on, still locked
	s.Fig(1).SetVar(fAP, 4)
	apply(t, s, "melee F1 F2 capture", 5, 1)
	if s.Fig(2).Removed || !s.Fig(2).Markers.Has(rules.Surrendered) || s.Sides[1].Losses != 1 {
		t.Fatal("captured: on the table, counted as lost")
	}
	// the guard marches its prisoner along; more than 3" away it may run
	apply(t, s, "end")
	apply(t, s, "end")
	apply(t, s, "move F1 36,10")
	if p := s.Fig(2); dist(p.Pos, s.Fig(1).Pos) > geom.In(3) {
		t.Fatalf("the prisoner should follow: %v %v", p.Pos, s.Fig(1).Pos)
	}
	s.Fig(2).Pos = geom.P(50, 30)
	apply(t, s, "end", 4)
	if p := s.Fig(2); p.Markers.Has(rules.Surrendered) || s.Sides[1].Losses != 0 || levelOf(p) != Shaken {
		t.Errorf("a 4 escapes, shaken: %v losses %d", p.Markers.Names(), s.Sides[1].Losses)
	}
	// the defender wins: its side decides to kill or capture the
	// attacker, and the fight costs the defender two points of its next
	// turn
	s = newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"pistol"}, facing: 180},
		tfig{side: 0, x: 10, y: 5, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 21.5, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}},
		tfig{side: 0, x: 12, y: 5, weapons: []string{"rifle"}, facing: 180})
	apply(t, s, "melee F1 F4", 1, 6)
	if s.Phase != PhaseWon || s.Decider != 1 {
		t.Fatalf("after the defender won: phase %q, decider %d", s.Phase, s.Decider)
	}
	if l := New().Legal(s); len(l) != 2 || l[0].String() != "kill F4 F1" || l[1].String() != "capture F4 F1" {
		t.Fatalf("the winner's choices: %v", l)
	}
	refuse(t, s, "end", "kill or capture")
	apply(t, s, "capture F4 F1")
	if f := s.Fig(1); !f.Markers.Has(rules.Surrendered) || s.Phase != PhaseTurn || s.Decider != 0 {
		t.Fatalf("the attacker should be the defender's prisoner: %v, phase %q", f.Markers.Names(), s.Phase)
	}
	evs := apply(t, s, "end")
	if got := s.Fig(4).Var(fAP); got != 2 {
		t.Errorf("the defender who fought: %d points, want 2", got)
	}
	// the log says why in words that fit the winner (not "beaten off")
	said := false
	for _, e := range evs {
		said = said || e.Kind == "points" && e.Text == s.Fig(4).Name+" won a hand-to-hand fight as the defender: 2 points fewer this turn"
	}
	if !said {
		t.Errorf("no line tells why the defender has 2 points fewer: %v", evs)
	}
}

func TestSurrender(t *testing.T) {
	b := piece("building", 40, 33, 72, 33, 72, 42, 40, 42)
	s := newState(t, []terrain.Piece{b},
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 0, x: 40, y: 20, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 25, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}},
		tfig{side: 1, x: 66, y: 45, weapons: []string{"rifle"}})
	// two enemies in sight +2, no friend in sight: needs more than 2
	o, err := New().Odds(s, rules.Command{Verb: "surrender", Fig: 1, Targets: []rules.FigID{3}})
	if err != nil || !near(o.P("refuses"), 4.0/6) {
		t.Fatalf("surrender odds %v %v", o, err)
	}
	apply(t, s, "surrender F1 F3", 1)
	if !s.Fig(3).Markers.Has(rules.Surrendered) {
		t.Fatal("a 1 surrenders")
	}
	refuse(t, s, "fire F2 F4 unaimed", "surrender")
}

func TestRadioAndMortar(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "radio"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	o, err := New().Odds(s, rules.Command{Verb: "plot", Fig: 2, Targets: []rules.FigID{3}})
	if err != nil || !near(o.P("no contact"), 1.0/36) {
		t.Fatalf("radio odds %v %v", o, err)
	}
	apply(t, s, "plot F2 F3", 1, 1)
	if len(Rounds(s)) != 0 || s.Sides[0].Vars[sRadioBad] != 1 {
		t.Fatal("double one: no contact")
	}
	apply(t, s, "end")
	apply(t, s, "end")
	o, _ = New().Odds(s, rules.Command{Verb: "plot", Fig: 2, Targets: []rules.FigID{3}})
	if !near(o.P("no contact"), 6.0/36) {
		t.Fatalf("after a double one any double fails: %v", o)
	}
	s.Fig(1).Rating = 1 // one round only
	apply(t, s, "plot F2 F3", 2, 3)
	if len(Rounds(s)) != 1 {
		t.Fatal("plotted")
	}
	s.Fig(2).SetVar(fAP, 4)
	refuse(t, s, "plot F2 F4", "all 1 of its rounds")
	apply(t, s, "end")
	// lands at the end of Red's turn: 2D6 7 on target, effect 8 kills
	evs := apply(t, s, "end", 3, 4, 4, 4)
	if !s.Fig(3).Removed {
		t.Fatalf("mortar round: %v", evs)
	}
}

func TestHiddenFigures(t *testing.T) {
	hedge := piece("low-wall", 30, 29.5, 42, 29.5)
	s := duel(t, []terrain.Piece{hedge}, []string{"rifle"}, []string{"rifle"})
	s.Fig(2).Posture = rules.Standing
	s.Fig(2).Pos = geom.P(36, 30)
	s.Fig(2).Markers |= rules.Hidden
	k := New().(rules.Knower)
	if k.FigureKnown(s, 0, 2) {
		t.Error("a hidden figure is unknown to the enemy")
	}
	refuse(t, s, "acquire F1 F2", "hidden behind hard cover")
	// in the open: +2 hidden
	s.Fig(2).Pos = geom.P(36, 25)
	o, _ := New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if !near(o.P("acquired"), 35.0/36) {
		t.Errorf("hidden in the open: %v", o)
	}
	apply(t, s, "acquire F1 F2", 2, 2)
	if !k.FigureKnown(s, 0, 2) {
		t.Error("acquired: known")
	}
}

func TestObstacle(t *testing.T) {
	fence := piece("fence", 30, 15, 42, 15)
	s := newState(t, []terrain.Piece{fence},
		tfig{side: 0, quality: "green", x: 36, y: 13, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	o, err := New().Odds(s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(36, 17)}})
	// 4" costs 2; 1 point left: over on a 1 only
	if err != nil || !near(o.P("moves"), 1.0/3) || !near(o.P("halted at an obstacle"), 2.0/3) {
		t.Fatalf("obstacle odds %v %v", o, err)
	}
	apply(t, s, "move F1 36,17", 3)
	if f := s.Fig(1); f.Pos.Y >= geom.In(15) || f.Var(fAP) != 0 {
		t.Errorf("halted before the fence with no points: %v %d", f.Pos, f.Var(fAP))
	}
}

func TestLateGrenadeThrownBack(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 1, x: 36, y: 24, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}},
		tfig{side: 1, x: 66, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F2", 3, 3)
	apply(t, s, "grenade F1 F2", 5)
	if len(Live(s)) != 1 {
		t.Fatal("a 5 on the fuse die leaves it lying live")
	}
	apply(t, s, "end")
	if !hasCommand(New().Legal(s), "throwback F2 F1") {
		t.Error("throwing it back at the thrower is not offered")
	}
	// thrown back at a spot: a friend's is aimed at as ground (issue 24)
	refuse(t, s, "throwback F2 F3", "F3 is a friend: aim the grenade at the ground")
	o, err := New().Odds(s, rules.Command{Verb: "throwback", Fig: 2, Targets: []rules.FigID{1}})
	if err != nil || !near(o.P("goes off in hand"), 1.0/6) || !near(o.P("killed"), 5.0/6*21/36) {
		t.Fatalf("throw-back odds %v %v", o, err)
	}
	apply(t, s, "throwback F2 F1", 4, 4, 3)
	if !s.Fig(1).Removed || len(Live(s)) != 0 {
		t.Fatalf("thrown back and killed the thrower: %v", s.Fig(1).Removed)
	}
	// left alone, it goes off at the end of the enemy's turn
	s = newState(t, nil,
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 0, x: 10, y: 5, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 24, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F3", 3, 3)
	apply(t, s, "grenade F1 F3", 5)
	apply(t, s, "end")
	apply(t, s, "end", 4, 4)
	if !s.Fig(3).Removed {
		t.Error("the late grenade should have gone off under F3")
	}
}

func TestSuppressiveOpportunityFire(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 10, weapons: []string{"lmg"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "opp F1")
	apply(t, s, "end")
	apply(t, s, "move F2 36,26")
	o, err := New().Odds(s, rules.Command{Verb: "oppsup", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil || !near(o.P("stopped"), 5.0/6*30/36) {
		t.Fatalf("oppsup odds %v %v", o, err)
	}
	apply(t, s, "oppsup F1 F2", 4, 3, 3)
	if f := s.Fig(2); f.Pos != geom.P(36, 30) || levelOf(f) != Suppressed || s.Phase != PhaseTurn {
		t.Fatalf("pinned back where it started, suppressed: %v %d %s", f.Pos, levelOf(f), s.Phase)
	}
}

// a 6x6 house at (40,20) with a door on its south wall and a window on
// its west wall
func house() terrain.Piece {
	h := piece("building", 40, 20, 46, 20, 46, 26, 40, 26)
	h.Doors = []geom.Pt{geom.P(43, 26)}
	h.Windows = []geom.Pt{geom.P(40, 23)}
	return h
}

func TestBuildings(t *testing.T) {
	s := newState(t, []terrain.Piece{house()},
		tfig{side: 0, x: 43, y: 23, weapons: []string{"rifle"}, facing: 270},
		tfig{side: 0, x: 43, y: 27.2, weapons: []string{"rifle", "grenade"}, facing: 0},
		tfig{side: 1, x: 30, y: 23, weapons: []string{"rifle", "grenade"}, facing: 90},
		tfig{side: 1, x: 30, y: 10, weapons: []string{"rifle"}, facing: 90},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}, facing: 90})
	r := New().(Skirmish)
	// from inside: out of the window to the west, not through the wall
	if sg := r.look(s, s.Fig(1), s.Fig(3)); !sg.OK || sg.Cover != terrain.CoverNone {
		t.Errorf("through the window: %+v", sg)
	}
	if sg := r.look(s, s.Fig(3), s.Fig(1)); !sg.OK || sg.Cover != terrain.CoverHard {
		t.Errorf("seen in the window, in hard cover: %+v", sg)
	}
	if sg := r.look(s, s.Fig(1), s.Fig(4)); sg.OK {
		t.Errorf("through the wall: %+v", sg)
	}
	// F1 at the window leans out for a point: sees past it, soft cover
	s.Fig(1).Pos = geom.P(41, 23)
	if sg := r.look(s, s.Fig(1), s.Fig(4)); sg.OK {
		t.Errorf("past the window's angle without leaning: %+v", sg)
	}
	apply(t, s, "lean F1")
	if sg := r.look(s, s.Fig(1), s.Fig(4)); !sg.OK {
		t.Errorf("leaning out: %+v", sg)
	}
	if sg := r.look(s, s.Fig(3), s.Fig(1)); sg.Cover != terrain.CoverSoft {
		t.Errorf("leaning out gives soft cover only: %+v", sg)
	}
	s.Fig(1).Pos = geom.P(43, 23)
	s.Fig(1).SetVar(fLean, 0)
	// F2 outside opens the door and walks in
	refuse(t, s, "move F2 44,24", "wall")
	apply(t, s, "door F2 43,26 open")
	if New().(rules.DoorStater).DoorState(s, terrain.DoorRef{Piece: 0, Index: 0}) != rules.DoorOpen {
		t.Fatal("door open")
	}
	apply(t, s, "move F2 44.5,24")
	if s.Terrain.InsideBuilding(s.Fig(2).Pos) != 0 {
		t.Fatalf("F2 should be inside: %v", s.Fig(2).Pos)
	}
	// blocked from inside, a door must be forced from outside: 2D3 points
	b := s.Clone()
	b.Fig(2).Pos = geom.P(43, 25)
	b.Fig(2).SetVar(fAP, 2)
	apply(t, b, "door F2 43,26 close")
	apply(t, b, "door F2 43,26 lock")
	b.Fig(2).Pos = geom.P(43, 27.2)
	refuse(t, b, "door F2 43,26 open", "locked")
	apply(t, b, "end")
	apply(t, b, "end")
	o, err := r.Odds(b, rules.Command{Verb: "door", Fig: 2, Path: []geom.Pt{geom.P(43, 26)}, Arg: "force"})
	// 4 points: 2D3 of 4 or less is 6/9
	if err != nil || !near(o.P("forced"), 6.0/9) {
		t.Fatalf("force odds %v %v", o, err)
	}
	apply(t, b, "door F2 43,26 force", 3, 2)
	if b.Fig(2).Var(fAP) != 0 || New().(rules.DoorStater).DoorState(b, terrain.DoorRef{}) != rules.DoorShut {
		t.Fatal("5 points needed, 4 had: all spent, the door holds")
	}
	apply(t, b, "end")
	apply(t, b, "end")
	apply(t, b, "door F2 43,26 force", 1, 2)
	if New().(rules.DoorStater).DoorState(b, terrain.DoorRef{}) != rules.DoorBroken || b.Fig(2).Var(fAP) != 1 {
		t.Fatal("forced for 3 points")
	}
	apply(t, s, "end")
	// Red throws a grenade in through the window from 10"+: needs 12
	apply(t, s, "acquire F3 F1", 3, 3)
	o, err = r.Odds(s, rules.Command{Verb: "grenade", Fig: 3, Path: []geom.Pt{geom.P(41.5, 23)}})
	if err != nil || !near(o.P("bursts on the aim point"), 4.0/6/36) {
		t.Fatalf("window throw odds %v %v", o, err)
	}
	// from 4.2": through the window on 5+; in a building the table kills
	// on 5+ as well
	s.Fig(3).Pos = geom.P(38.8, 23)
	o, _ = r.Odds(s, rules.Command{Verb: "grenade", Fig: 3, Targets: []rules.FigID{1}})
	if !near(o.P("killed"), 30.0/36*4/6*30/36) {
		t.Fatalf("grenade at a figure in a building: %v", o)
	}
	apply(t, s, "grenade F3 F1", 3, 3, 1, 2, 2, 1, 1)
	if levelOf(s.Fig(1)) != Suppressed || s.Fig(1).Removed || levelOf(s.Fig(2)) != Confident {
		t.Errorf("a 4 in a building suppresses, a 2 does nothing: %d %d", levelOf(s.Fig(1)), levelOf(s.Fig(2)))
	}
}

func TestATAtBuilding(t *testing.T) {
	s := newState(t, []terrain.Piece{house()},
		tfig{side: 0, x: 43, y: 23, weapons: []string{"rifle"}, facing: 270},
		tfig{side: 0, x: 10, y: 5, weapons: []string{"rifle"}},
		tfig{side: 1, x: 30, y: 23, weapons: []string{"bazooka"}, facing: 90},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}, facing: 90})
	apply(t, s, "end")
	// 13" away: +3, side -1 = 2: more than 2 and not a double six (34/36)
	o, err := New().Odds(s, rules.Command{Verb: "at", Fig: 3, Path: []geom.Pt{geom.P(43, 23)}})
	if err != nil || !near(o.P("hit"), 34.0/36) || !near(o.P("dud shell"), 1.0/36) {
		t.Fatalf("AT odds %v %v", o, err)
	}
	apply(t, s, "at F3 43,23", 2, 3, 3, 3)
	if !s.Fig(1).Removed {
		t.Error("6 on the building row kills")
	}
}

func TestGrenadeOverWall(t *testing.T) {
	wall := piece("low-wall", 30, 14, 42, 14)
	s := newState(t, []terrain.Piece{wall},
		tfig{side: 0, x: 36, y: 10, weapons: []string{"rifle", "grenade"}, facing: 180},
		tfig{side: 1, x: 36, y: 20, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	apply(t, s, "acquire F1 F2", 3, 3)
	refuse(t, s, "grenade F1 36,14.3", "beyond")
	// 6": off target on a 1-2; towards 12 o'clock it would land on the
	// wall: it hits it and drops at its foot
	evs := apply(t, s, "grenade F1 36,16", 1, 12, 1)
	var at geom.Pt
	for _, e := range evs {
		if e.Kind == "burst" {
			at = e.Area.C
		}
	}
	if at != geom.P(36, 13.5) {
		t.Errorf("burst at %v, want the foot of the wall", at)
	}
	o, err := New().Odds(s, rules.Command{Verb: "grenade", Fig: 1, Path: []geom.Pt{geom.P(36, 16)}})
	if err != nil || len(o.Outcomes) == 0 {
		t.Fatal(err)
	}
}

func TestSuppressedMovesOnlyIntoCover(t *testing.T) {
	field := piece("field", 30, 20, 42, 20, 42, 24, 30, 24)
	s := newState(t, []terrain.Piece{field},
		tfig{side: 0, x: 36, y: 14, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 35, weapons: []string{"rifle"}})
	setLevel(s.Fig(1), Suppressed)
	refuse(t, s, "move F1 36,17", "suppressed")
	apply(t, s, "move F1 36,21")
	apply(t, s, "end")
	setLevel(s.Fig(2), Shaken)
	refuse(t, s, "move F2 36,33", "move away")
	apply(t, s, "move F2 36,38")
}

func TestClimbThroughWindow(t *testing.T) {
	s := newState(t, []terrain.Piece{house()},
		tfig{side: 0, x: 38.8, y: 23, weapons: []string{"rifle"}, facing: 90},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}},
		tfig{side: 1, x: 66, y: 45, weapons: []string{"rifle"}})
	o, err := New().Odds(s, rules.Command{Verb: "climb", Fig: 1})
	if err != nil || !near(o.P("through"), 1) {
		t.Fatalf("4 points: always through %v %v", o, err)
	}
	apply(t, s, "climb F1", 3)
	if f := s.Fig(1); s.Terrain.InsideBuilding(f.Pos) != 0 || f.Var(fAP) != 1 {
		t.Fatalf("inside for 3 points: %v %d", f.Pos, f.Var(fAP))
	}
	o, _ = New().Odds(s, rules.Command{Verb: "climb", Fig: 1})
	if !near(o.P("through"), 1.0/3) {
		t.Fatalf("1 point left: %v", o)
	}
	apply(t, s, "climb F1", 2)
	if f := s.Fig(1); s.Terrain.InsideBuilding(f.Pos) != 0 || f.Var(fAP) != 0 {
		t.Fatal("stuck: points spent, still inside")
	}
}

// A sniper (house rules, for a scenario that hands out the sniper
// rifle): from hiding it looks, acquires and takes aimed shots and stays
// hidden; its range costs a point per 20"; once it has fired, hard cover
// no longer keeps it from being acquired.
func TestSniper(t *testing.T) {
	wall := piece("low-wall", 30, 10.8, 42, 10.8)
	s := newState(t, []terrain.Piece{wall},
		tfig{side: 0, quality: "elite", x: 36, y: 10.3, weapons: []string{"sniper-rifle"}, facing: 180},
		tfig{side: 1, x: 36, y: 40, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, x: 70, y: 46, weapons: []string{"rifle"}},
		tfig{side: 1, x: 68, y: 46, weapons: []string{"rifle"}})
	sn := s.Fig(1)
	sn.Markers |= rules.Hidden
	apply(t, s, "acquire F1 F2", 6, 6)
	refuse(t, s, "fire F1 F2 unaimed", "only aimed shots")
	apply(t, s, "end")
	// Red cannot find the sniper behind the wall.
	refuse(t, s, "acquire F2 F1", "hidden behind hard cover")
	apply(t, s, "end")
	apply(t, s, "acquire F1 F2", 6, 6)
	o, err := New().Odds(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}, Arg: "aimed"})
	if err != nil {
		t.Fatal(err)
	}
	rng := 0
	for _, m := range o.Mods {
		if strings.HasPrefix(m.Reason, "range") {
			rng = m.Value
		}
	}
	if rng != 2 {
		t.Errorf("29.7\" at a point per 20\": %d, want 2 (%v)", rng, o.Mods)
	}
	apply(t, s, "fire F1 F2 aimed", 1, 2)
	if !sn.Markers.Has(rules.Hidden) {
		t.Fatal("the sniper should stay hidden after an aimed shot")
	}
	apply(t, s, "end")
	// Now the flash gives it away: the wall no longer hides it (hidden +2).
	if _, why := New().(Skirmish).acquireProblem(s, s.Fig(2), sn); why != "" {
		t.Fatalf("after its shot the sniper may be looked for: %s", why)
	}
	// An ordinary rifleman hidden cannot look about.
	s.Fig(2).Markers |= rules.Hidden
	refuse(t, s, "acquire F2 F1", "must move")
}

// A fence only hinders a prone figure (the book: only fences count as a
// hindrance to prone figures); crops hide it.
func TestFenceHindersProne(t *testing.T) {
	fence := piece("fence", 30, 17, 42, 17)
	s := duel(t, []terrain.Piece{fence}, []string{"rifle"}, []string{"rifle"})
	if sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2)); !sg.OK || sg.Hind != 1 {
		t.Fatalf("a fence always hinders a standing figure: %+v", sg)
	}
	s.Fig(2).Posture = rules.Prone
	sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2))
	if !sg.OK || sg.Hind != 1 {
		t.Fatalf("a prone figure behind a fence is hindered, not hidden: %+v", sg)
	}
	o, err := New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil || sumMods(o.Mods) != 1 {
		t.Fatalf("one hindrance: %v %v", o, err)
	}
}

// Trees seen from a hill hinder rather than block (the book): from the
// hill the deep wood is one hindrance (+1 to acquire); from level ground
// the same wood hides the target; a prone target under the trees is
// hidden even from the hill (a hindrance hides a figure not standing).
func TestWoodsFromHillHinder(t *testing.T) {
	wood := piece("woods", 30, 15, 42, 15, 42, 21, 30, 21)
	level := duel(t, []terrain.Piece{wood}, []string{"rifle"}, []string{"rifle"})
	if sg := New().(Skirmish).look(level, level.Fig(1), level.Fig(2)); sg.OK {
		t.Fatalf("six inches of wood seen from level ground must hide: %+v", sg)
	}
	hill := piece("hill", 32, 6, 40, 6, 40, 13, 32, 13)
	s := duel(t, []terrain.Piece{wood, hill}, []string{"rifle"}, []string{"rifle"})
	sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2))
	if !sg.OK || sg.Hind != 1 {
		t.Fatalf("from the hill the wood is one hindrance: %+v", sg)
	}
	o, err := New().Odds(s, rules.Command{Verb: "acquire", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil || sumMods(o.Mods) != 1 {
		t.Fatalf("acquiring over the trees: one hindrance, +1: %v %v", o, err)
	}
	// The table offers the acquisition (the quick centre-line test alone
	// would not: the wood stops it).
	if !hasCommand(New().Legal(s), "acquire F1 F2") {
		t.Fatal("acquiring over the trees is not offered")
	}
	// The roll's ledger carries the hindrance: 2D6 needing more than 1.
	evs := apply(t, s, "acquire F1 F2", 1, 1)
	if l := ledgers(evs)[0]; l.Outcome != "acquired" || l.Target != 1 {
		t.Fatalf("ledger %+v", l)
	}
	s.Fig(2).Posture = rules.Prone
	if sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2)); sg.OK {
		t.Fatalf("a prone figure under the trees is hidden by them: %+v", sg)
	}
}

// The book's fence hinders a prone figure only when it is not beside
// bushes: lying against a hedge behind the fence it cannot be seen (and so
// not acquired); a hedge two inches off changes nothing; standing there it
// is hindered as ever.
func TestFenceProneBesideBushes(t *testing.T) {
	fence := piece("fence", 30, 17, 42, 17)
	for _, c := range []struct {
		name    string
		hedgeY  float64
		prone   bool
		visible bool
	}{
		{"prone, hedge against its base", 26, true, false},
		{"prone, hedge 2\" off", 27.9, true, true},
		{"standing, hedge against its base", 26, false, true},
	} {
		hedge := piece("hedge", 30, c.hedgeY, 42, c.hedgeY)
		s := duel(t, []terrain.Piece{fence, hedge}, []string{"rifle"}, []string{"rifle"})
		if c.prone {
			s.Fig(2).Posture = rules.Prone
		}
		sg := New().(Skirmish).look(s, s.Fig(1), s.Fig(2))
		if sg.OK != c.visible || (sg.OK && sg.Hind != 1) {
			t.Errorf("%s: %+v, want visible=%v with one hindrance", c.name, sg, c.visible)
		}
		if !c.visible {
			refuse(t, s, "acquire F1 F2", "beside the hedge")
		}
	}
}

// A suppressed figure out of cover must move towards cover (the book): a
// move ending nearer the nearest cover, or in cover, is allowed; one away
// from it is refused. Confident, it goes where it likes.
func TestSuppressedMovesToCover(t *testing.T) {
	wood := piece("woods", 44, 20, 50, 20, 50, 30, 44, 30)
	s := newState(t, []terrain.Piece{wood},
		tfig{side: 0, quality: "experienced", x: 36, y: 25, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "experienced", x: 10, y: 45, weapons: []string{"rifle"}})
	f := s.Fig(1)
	setLevel(f, Suppressed)
	refuse(t, s, "move F1 30,25", "must move towards cover")
	refuse(t, s, "move F1 36,28", "must move towards cover") // no nearer: the wood is 8" off either way
	apply(t, s, "move F1 39,25")
	if f.Pos != geom.P(39, 25) {
		t.Fatalf("the move towards the wood: at %v", f.Pos)
	}
	apply(t, s, "move F1 44.6,25 46,25")
	if f.Pos != geom.P(46, 25) {
		t.Fatalf("the move into the wood: at %v", f.Pos)
	}
	// In the wood it may stay or go as a suppressed figure may.
	s2 := newState(t, []terrain.Piece{piece("woods", 44, 20, 50, 20, 50, 30, 44, 30)},
		tfig{side: 0, quality: "experienced", x: 36, y: 25, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "experienced", x: 10, y: 45, weapons: []string{"rifle"}})
	apply(t, s2, "move F1 30,25")
}

// legalVerbs is the set of verbs Legal offers figure id.
func legalVerbs(s *rules.State, id rules.FigID) map[string]bool {
	out := map[string]bool{}
	for _, c := range New().Legal(s) {
		if c.Fig == id {
			out[c.Verb] = true
		}
	}
	return out
}

// A suppressed figure out of cover must run for cover: while it can,
// it is offered only moving (and looking about, rallying), anything else
// is refused with the reason, and when its side ends the turn with the
// run not made the engine makes it, as far as its points go.
func TestSuppressedCompelledToCover(t *testing.T) {
	wood := piece("woods", 44, 20, 50, 20, 50, 30, 44, 30)
	s := newState(t, []terrain.Piece{wood},
		tfig{side: 0, quality: "experienced", x: 36, y: 25, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "experienced", x: 10, y: 45, weapons: []string{"rifle"}})
	f := s.Fig(1)
	if !legalVerbs(s, 1)["opp"] {
		t.Fatal("confident, F1 may hold opportunity fire")
	}
	setLevel(f, Suppressed)
	for v := range legalVerbs(s, 1) {
		if !compelledVerbs[v] {
			t.Errorf("suppressed out of cover, F1 is offered %q", v)
		}
	}
	if !legalVerbs(s, 1)["move"] || !legalVerbs(s, 1)["rally"] {
		t.Errorf("F1 must be offered the move and the rally: %v", legalVerbs(s, 1))
	}
	refuse(t, s, "opp F1", "must move towards cover (the nearest is the woods)")
	refuse(t, s, "hide F1", "until then he may only move")
	if _, err := New().Odds(s, rules.Command{Verb: "opp", Fig: 1}); err == nil || !strings.Contains(err.Error(), "towards cover") {
		t.Errorf("the odds of a refused order say why: %v", err)
	}
	evs := apply(t, s, "end")
	if f.Pos != geom.P(44.5, 25) {
		t.Fatalf("the engine's run: F1 at %v, want a base into the wood at (44.5,25)", f.Pos)
	}
	if s.Active != 1 {
		t.Error("the turn ends once the run is made")
	}
	ran := false
	for _, e := range evs {
		ran = ran || strings.Contains(e.Text, "runs as far as he can")
	}
	if !ran {
		t.Error("the log says why the figure ran")
	}
	// in cover it may do as it likes in its next turn
	apply(t, s, "end")
	if why := (Skirmish{d: theData}).compelled(s, f); why != "" {
		t.Errorf("in the wood F1 is still compelled: %s", why)
	}
}

// A shaken figure must get away from the enemy it knows: the same
// compulsion, straight away from the nearest known enemy.
func TestShakenCompelledAway(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, quality: "experienced", x: 36, y: 25, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "experienced", x: 36, y: 35, weapons: []string{"rifle"}})
	f := s.Fig(1)
	setLevel(f, Shaken)
	f.SetVar(fAP, 3)
	refuse(t, s, "opp F1", "shaken and must move away from F2")
	apply(t, s, "end")
	if f.Pos != geom.P(36, 16) {
		t.Fatalf("shaken F1 runs its 9\" straight away from F2: at %v", f.Pos)
	}
	// next turn it fails to recover and is still held to run, but it may
	// rally instead: passed, it is suppressed, and with no cover on the
	// table there is none to run for
	apply(t, s, "end", 1, 1)
	if levelOf(f) != Shaken || !legalVerbs(s, 1)["rally"] || legalVerbs(s, 1)["opp"] {
		t.Fatalf("shaken again: level %d, offered %v", levelOf(f), legalVerbs(s, 1))
	}
	f.SetVar(fAP, 4)
	apply(t, s, "rally F1", 6, 6)
	if levelOf(f) != Suppressed {
		t.Fatalf("rallied: level %d", levelOf(f))
	}
	if why := (Skirmish{d: theData}).compelled(s, f); why != "" {
		t.Errorf("suppressed with no cover on the table: %s", why)
	}
}

// Morale's "no friend in sight" is acquisition's sight: from a hill a
// friend beyond a wood is seen (the wood only hinders), so no test is
// taken; on level ground the same wood hides him and the test is due.
func TestMoraleSightOverTrees(t *testing.T) {
	wood := piece("woods", 30, 15, 42, 15, 42, 21, 30, 21)
	build := func(pieces ...terrain.Piece) *rules.State {
		return newState(t, pieces,
			tfig{side: 0, quality: "experienced", x: 36, y: 10, weapons: []string{"rifle"}, facing: 180},
			tfig{side: 0, quality: "experienced", x: 36, y: 25, weapons: []string{"rifle"}, facing: 0},
			tfig{side: 1, quality: "experienced", x: 70, y: 45, weapons: []string{"rifle"}})
	}
	r := New().(Skirmish)
	morale := func(evs []rules.Event) int {
		n := 0
		for _, l := range ledgers(evs) {
			if strings.Contains(l.What, "no friend in sight") {
				n++
			}
		}
		return n
	}
	flat := build(wood)
	if r.seesFriend(flat, flat.Fig(1)) {
		t.Fatal("six inches of wood on level ground hide the friend")
	}
	apply(t, flat, "end")
	if n := morale(apply(t, flat, "end", 6, 6, 6, 6)); n != 2 {
		t.Fatalf("level ground: both test for no friend in sight, got %d", n)
	}
	high := build(wood, piece("hill", 32, 6, 40, 6, 40, 13, 32, 13))
	if !r.seesFriend(high, high.Fig(1)) || !r.seesFriend(high, high.Fig(2)) {
		t.Fatal("from the hill the friends see each other over the wood")
	}
	apply(t, high, "end")
	if n := morale(apply(t, high, "end")); n != 0 {
		t.Fatalf("over the trees: no test, got %d", n)
	}
}

// An inside wall stops figures and sight but for its door; a locked
// inside door is forced for 1D3 points (an outside one 2D3), by the
// side that did not lock it.
func TestInsideDoor(t *testing.T) {
	b := piece("building", 20, 20, 30, 20, 30, 26, 20, 26)
	b.Doors = []geom.Pt{geom.P(22, 26)}
	b.InnerWall = []geom.Pt{geom.P(25, 20), geom.P(25, 26)}
	b.InnerDoors = []geom.Pt{geom.P(25, 23)}
	s := newState(t, []terrain.Piece{b},
		tfig{side: 0, quality: "experienced", x: 21.5, y: 24.5, weapons: []string{"rifle"}, facing: 90},
		tfig{side: 1, quality: "experienced", x: 27, y: 23, weapons: []string{"rifle"}, facing: 270})
	r := New().(Skirmish)
	if sg := r.look(s, s.Fig(1), s.Fig(2)); sg.OK || !strings.Contains(sg.Why, "inside wall of building") {
		t.Fatalf("the inside wall hides F2: %+v", sg)
	}
	refuse(t, s, "move F1 24,21.5 27.5,21.5", "inside wall of building")
	if hasCommand(r.Legal(s), "door F1 25,23 lock") {
		t.Fatal("F1 is not beside the inside door")
	}
	apply(t, s, "move F1 24,24")
	if !hasCommand(r.Legal(s), "door F1 25,23 lock") {
		t.Fatalf("F1 beside the inside door may lock it: %v", r.Legal(s))
	}
	apply(t, s, "door F1 25,23 lock")
	apply(t, s, "end")
	f2 := s.Fig(2)
	apply(t, s, "move F2 26,23")
	refuse(t, s, "door F2 25,23 unlock", "force it")
	f2.SetVar(fAP, 2)
	o, err := r.Odds(s, rules.Command{Verb: "door", Fig: 2, Path: []geom.Pt{geom.P(25, 23)}, Arg: "force"})
	if err != nil || !near(o.Outcomes[0].P, 2.0/3) || !strings.Contains(o.Note, "a roll of 1 to 3 points") {
		t.Fatalf("forcing with 2 points: 1D3 <= 2 is 2/3: %+v %v", o, err)
	}
	evs := apply(t, s, "door F2 25,23 force", 3)
	if l := ledgers(evs)[0]; len(l.Dice) != 1 || l.Outcome != "holds" || f2.Var(fAP) != 0 {
		t.Fatalf("one D3 of 3 against 2 points: holds, all spent: %+v ap %d", l, f2.Var(fAP))
	}
	f2.SetVar(fAP, 4)
	evs = apply(t, s, "door F2 25,23 force", 2)
	if l := ledgers(evs)[0]; len(l.Dice) != 1 || l.Outcome != "forced" || f2.Var(fAP) != 2 {
		t.Fatalf("one D3 of 2: forced for 2 points: %+v ap %d", l, f2.Var(fAP))
	}
	if sg := r.look(s, f2, s.Fig(1)); !sg.OK {
		t.Fatalf("through the broken door F2 sees F1: %+v", sg)
	}
	apply(t, s, "move F2 25,23 23.5,23")
	// the outside door is still forced for 2D3
	s.SetVar(doorKey(terrain.DoorRef{Piece: 0, Index: 0}), doorLocked)
	if forceDiceOf(s, terrain.DoorRef{Piece: 0, Index: 0}) != 2 || forceDiceOf(s, terrain.DoorRef{Piece: 0, Index: 1}) != 1 {
		t.Fatal("outside door 2D3, inside door 1D3")
	}
}

// The engine's run at the end of a turn is a move like any other: an
// enemy holding opportunity fire gets its window, the turn waits for it,
// and the side ends its turn again once it has closed (the figure is not
// run twice).
func TestCompelledRunWaitsForOppFire(t *testing.T) {
	wood := piece("woods", 44, 26, 50, 26, 50, 34, 44, 34)
	s := newState(t, []terrain.Piece{wood},
		tfig{side: 0, quality: "experienced", x: 36, y: 10, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, quality: "experienced", x: 36, y: 30, weapons: []string{"rifle"}, facing: 0})
	apply(t, s, "opp F1")
	apply(t, s, "end")
	f2 := s.Fig(2)
	setLevel(f2, Suppressed)
	apply(t, s, "end")
	if f2.Pos != geom.P(44.5, 30) || s.Phase != PhaseOpp || s.Decider != 0 || s.Active != 1 {
		t.Fatalf("F2 runs for the wood and F1 may fire: at %v, phase %s, decider %d, active %d", f2.Pos, s.Phase, s.Decider, s.Active)
	}
	apply(t, s, "pass")
	apply(t, s, "end")
	if s.Active != 0 || f2.Pos != geom.P(44.5, 30) {
		t.Fatalf("the second end ends the turn without a second run: active %d, F2 at %v", s.Active, f2.Pos)
	}
}

// The turn summary (issue 24, a play-tester confused by 3 and 4 points)
// says what each figure has a turn and what each action costs, as the
// book prices them (turning, going prone: house values).
func TestTurnSummaryStatesThePoints(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, quality: "green", x: 10, y: 10, weapons: []string{"rifle"}},
		tfig{side: 1, quality: "elite", x: 40, y: 40, weapons: []string{"rifle"}})
	ex := New().(Skirmish).Explain(s)
	text := strings.Join(ex.Lines, "\n")
	for _, want := range []string{
		"Points a turn: green 3, experienced 4, elite 5; 1 fewer while suppressed or shaken. Points left over are lost, unless 4 are held for opportunity fire.",
		"Move 3\" a point (crawl 1\" prone), at most 12\" a turn; crossing a wall, hedge or fence costs a roll of 1 to 3 points.",
		"Aimed fire needs the target acquired last turn too and the firer not moved.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary lacks %q:\n%s", want, text)
		}
	}
	// the costs: a price list (a sentence of fourteen numbers read as a
	// wall of figures), each as the book prices it (0: free)
	var got []string
	for _, p := range ex.Panels {
		if p.Kind == rules.PanelCosts {
			for _, it := range p.Items {
				got = append(got, fmt.Sprintf("%s %d", it.Label, it.Value))
			}
		}
	}
	want := "Unaimed fire 3, Aimed fire 4, Suppressive fire 3, Grenade 2, Hand to hand 2, Opportunity fire 4, Plot mortar fire 3, Hide 2, Rally 3, Reload 2, Stand up 1, Go prone 0, Turn 1, A door 1"
	if strings.Join(got, ", ") != want {
		t.Errorf("the price list reads\n%s\nwant\n%s", strings.Join(got, ", "), want)
	}
}

// TestOneRoundOnItsWayAMortar: a mortar with a round plotted takes no
// second call until that round has landed (the house reading in
// mortars.go), from the same caller or another; once it has landed, the
// next call is taken.
func TestOneRoundOnItsWayAMortar(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 0, x: 36, y: 20, weapons: []string{"rifle", "radio"}, facing: 180},
		tfig{side: 0, x: 30, y: 20, weapons: []string{"rifle", "radio"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	apply(t, s, "plot F2 F4", 2, 3)
	if len(Rounds(s)) != 1 {
		t.Fatal("the first call is taken")
	}
	s.Fig(2).SetVar(fAP, 4)
	refuse(t, s, "plot F2 F5", "already has a round on its way")
	refuse(t, s, "plot F3 F5", "already has a round on its way")
	for _, c := range New().Legal(s) {
		if c.Verb == "plot" {
			t.Fatalf("%s is offered while the mortar's round is on its way", c)
		}
	}
	apply(t, s, "end")
	// lands at the end of the enemy's turn: 2D6 7 on target, effect 2
	apply(t, s, "end", 3, 4, 1, 1)
	if len(Rounds(s)) != 0 || s.Over {
		t.Fatal("the round landed, and the battle goes on")
	}
	apply(t, s, "plot F3 F5", 2, 3)
	if len(Rounds(s)) != 1 {
		t.Fatal("after the landing the next call is taken")
	}
}
