package smle

import (
	"math"
	"os"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

// house is a farmhouse (10,20)-(20,26) with one door in its north wall.
func house(doorX float64) terrain.Piece {
	k, _ := terrain.KindByName("building")
	return terrain.Piece{ID: 0, Kind: "building", Name: "Farmhouse", Props: k.Props,
		Poly: geom.Polygon{geom.P(10, 20), geom.P(20, 20), geom.P(20, 26), geom.P(10, 26)}, Doors: []geom.Pt{geom.P(doorX, 20)}}
}

// atBand makes u the active team at the named band, fresh for its go.
func atBand(t *testing.T, s *rules.State, u *rules.Unit, band string) {
	t.Helper()
	r := New().(SMLE)
	i := r.d.BandIndex(band)
	if i < 0 {
		t.Fatalf("no band %q", band)
	}
	uset(u, vBand, i)
	s.Phase, s.Active, s.Decider = PhaseActivate, u.Side, u.Side
	s.SetVar(vCur, int(u.ID))
	for _, f := range members(s, u.ID) {
		f.SetVar(fMoved, 0)
		f.SetVar(fStopped, 0)
	}
}

const door = "15,20"

func doorState(t *testing.T) *rules.State {
	s := facedState(t, []terrain.Piece{house(15)}, []ffig{
		{0, "A", "trained", 15, 19, 180},
		{0, "A", "trained", 13, 16, 180},
		{1, "R", "trained", 40, 45, 0},
	}, 6, 6)
	atBand(t, s, s.UnitOf(1), "close-11") // a full move, 8"
	return s
}

func TestOpenDoorAndGoThrough(t *testing.T) {
	r := New().(SMLE)
	s := doorState(t)
	if info := r.MoveCheck(s, 1, []geom.Pt{geom.P(15, 21)}); info.OK || !strings.Contains(info.Why, "wall") {
		t.Fatalf("a shut door lets the figure in: %+v", info)
	}
	if !hasLegal(s, "door F1 "+door+" open") || !hasLegal(s, "door F1 "+door+" kick") {
		t.Fatalf("at the door, open and kick are not offered: %v", New().Legal(s))
	}
	if hasLegal(s, "door F2 "+door+" open") {
		t.Error("F2 is 3\" from the door but may open it")
	}
	if ex := r.Explain(s); !strings.Contains(strings.Join(ex.Lines, "\n"), "is at the door of the Farmhouse") {
		t.Errorf("the explanation does not mention the door: %v", ex.Lines)
	}
	apply(t, s, mustParse(t, "door F1 "+door+" open"))
	if DoorState(s, terrain.DoorRef{Piece: 0, Index: 0}) != 1 {
		t.Fatal("the door did not open")
	}
	// Under half its move used: on through, with 2" left.
	if info := r.MoveCheck(s, 1, []geom.Pt{geom.P(15, 21.5)}); info.OK || !strings.Contains(info.Why, "2\" of movement left") {
		t.Errorf("2.5\" after opening: %+v", info)
	}
	if info := r.MoveCheck(s, 1, []geom.Pt{geom.P(15, 21)}); !info.OK {
		t.Errorf("2\" through the opened door: %s", info.Why)
	}
	// A team-mate walks in with a plain drag: the move goes by the door.
	info := r.MoveCheck(s, 2, []geom.Pt{geom.P(14, 22)})
	if !info.OK || len(info.Legs) != 4 || info.Legs[1] != geom.P(15, 19.4) || info.Legs[2] != geom.P(15, 20.6) {
		t.Fatalf("team-mate's drag into the house: %+v", info)
	}
	if want := geom.Dist(geom.P(13, 16), geom.P(15, 19.4)) + 1200 + geom.Dist(geom.P(15, 20.6), geom.P(14, 22)); info.Length != want {
		t.Errorf("the routed move measures %d, want %d", info.Length, want)
	}
	apply(t, s, mustParse(t, "move F2 14,22"))
	if f := s.Fig(2); f.Pos != geom.P(14, 22) {
		t.Errorf("F2 at %v", f.Pos)
	}
	if c := r.coverAt(s, geom.P(14, 22)); c != terrain.CoverHard {
		t.Errorf("inside the farmhouse the cover is %v, want hard", c)
	}
}

func TestOpenDoorAfterHalfMoveStops(t *testing.T) {
	r := New().(SMLE)
	s := facedState(t, []terrain.Piece{house(15)}, []ffig{
		{0, "A", "trained", 15, 15, 180},
		{1, "R", "trained", 40, 45, 0},
	}, 6, 6)
	atBand(t, s, s.UnitOf(1), "close-11")
	apply(t, s, mustParse(t, "move F1 15,19")) // 4": half of its 8"
	apply(t, s, mustParse(t, "door F1 "+door+" open"))
	if info := r.MoveCheck(s, 1, []geom.Pt{geom.P(15, 21)}); info.OK || !strings.Contains(info.Why, "may move no further this go") {
		t.Errorf("half its move used: it must stop at the door, got %+v", info)
	}
	// Just under half: 3.999" used, so it may go on.
	s = facedState(t, []terrain.Piece{house(15)}, []ffig{
		{0, "A", "trained", 15, 15.001, 180},
		{1, "R", "trained", 40, 45, 0},
	}, 6, 6)
	atBand(t, s, s.UnitOf(1), "close-11")
	apply(t, s, mustParse(t, "move F1 15,19"))
	apply(t, s, mustParse(t, "door F1 "+door+" open"))
	if info := r.MoveCheck(s, 1, []geom.Pt{geom.P(15, 21)}); !info.OK {
		t.Errorf("under half its move used: %s", info.Why)
	}
	if _, err := New().Apply(s, mustParse(t, "door F1 "+door+" open")); err == nil || !strings.Contains(err.Error(), "already open") {
		t.Errorf("opening an open door: %v", err)
	}
}

func mustParse(t *testing.T, text string) rules.Command {
	t.Helper()
	c, err := rules.ParseCommand(text)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestKickInDoor(t *testing.T) {
	r := New().(SMLE)
	s := doorState(t)
	kick := mustParse(t, "door F1 "+door+" kick")
	o, err := r.Odds(s, kick)
	if err != nil || math.Abs(o.P("door open")-3.0/6) > 1e-12 {
		t.Errorf("trained, no modifiers: %v %v, want 3/6", o, err)
	}
	f := s.Fig(1)
	f.Quality, f.Weapons = "veteran", []string{"rifle", DoorBreaker}
	if o, _ := r.Odds(s, kick); o.P("door open") != 1 || len(o.Mods) != 2 {
		t.Errorf("veteran with door breakers (1D6+3): %v, want certain with two modifiers", o)
	}
	f.Quality, f.Motive, f.Weapons = "green", "reluctant", []string{"rifle"}
	if o, _ := r.Odds(s, kick); math.Abs(o.P("door open")-1.0/6) > 1e-12 {
		t.Errorf("green and reluctant (1D6-2): %v, want 1/6", o)
	}
	f.Quality, f.Motive = "trained", ""

	// A 3 fails: the door holds, the kicker's move is over, and no other
	// figure of the team may kick it this round.
	s.Force(3)
	evs := apply(t, s, kick)
	if DoorState(s, terrain.DoorRef{}) != 0 || f.Var(fStopped) == 0 || f.Pos != geom.P(15, 19) {
		t.Fatalf("failed kick: door %d stopped %d at %v", DoorState(s, terrain.DoorRef{}), f.Var(fStopped), f.Pos)
	}
	var l *rules.Ledger
	for _, e := range evs {
		if e.Roll != nil {
			l = e.Roll
		}
	}
	if l == nil || l.Total != 3 || l.Target != 4 || l.Outcome != "door holds" {
		t.Fatalf("kick ledger: %+v", l)
	}
	apply(t, s, mustParse(t, "move F2 14,18.9"))
	if hasLegal(s, "door F2 "+door+" kick") || !hasLegal(s, "door F2 "+door+" open") {
		t.Error("after a failed kick a team-mate may open, not kick, the same door this round")
	}

	// Next round a 4 breaks it in: the kicker lands inside, in hard cover.
	s.Round++
	atBand(t, s, s.UnitOf(1), "advance-8")
	s.Force(4)
	apply(t, s, kick)
	if DoorState(s, terrain.DoorRef{}) != 2 || f.Pos != geom.P(15, 20.6) || f.Var(fStopped) == 0 {
		t.Fatalf("kicked in: door %d, kicker at %v", DoorState(s, terrain.DoorRef{}), f.Pos)
	}
	if r.figCover(s, f) != terrain.CoverHard {
		t.Errorf("inside the farmhouse: cover %v", r.figCover(s, f))
	}
	// Stand allows opening, not kicking.
	s2 := doorState(t)
	atBand(t, s2, s2.UnitOf(1), "stand-6")
	if hasLegal(s2, "door F1 "+door+" kick") || !hasLegal(s2, "door F1 "+door+" open") {
		t.Error("at Stand a door may be opened but not kicked in")
	}
}

func TestFallBackOutThroughDoor(t *testing.T) {
	// The door is at x=12; the figure stands inside at x=17, the enemy to
	// the south. Straight north it would stop at the wall; it goes out by
	// the open door instead.
	s := facedState(t, []terrain.Piece{house(12)}, []ffig{
		{0, "A", "trained", 17, 23, 180},
		{1, "R", "trained", 17, 35, 0},
	}, 6, 6)
	r := New().(SMLE)
	f := s.Fig(1)
	to, _ := r.retreat(s, f, s.Fig(2).Pos, 8000)
	if to != geom.P(17, 20.5) {
		t.Errorf("door shut: falls back to %v, want the wall at (17,20.5)", to)
	}
	s.SetVar("door.0.0", 1)
	to, _ = r.retreat(s, f, s.Fig(2).Pos, 8000)
	if s.Terrain.InsideBuilding(to) >= 0 || to.Y >= geom.In(20) {
		t.Errorf("door open: falls back to %v, want outside north of the house", to)
	}
	if got := geom.Dist(f.Pos, geom.P(12, 20.6)) + 1200 + geom.Dist(geom.P(12, 19.4), to); got > 8000+2 {
		t.Errorf("the fall back walks %d, more than a full move", got)
	}
}

// Random games fought round a farmhouse: doors are opened, kicked in and
// walked through, and every game ends without an error. Figures inside
// are always off the walls.
func TestRandomGamesAtADoor(t *testing.T) {
	k, _ := terrain.KindByName("building")
	m := &terrain.Map{Name: "farm", Width: geom.In(36), Height: geom.In(36), Pieces: []terrain.Piece{{
		ID: 0, Kind: "building", Name: "Farmhouse", Props: k.Props,
		Poly:  geom.Polygon{geom.P(12, 14), geom.P(24, 14), geom.P(24, 22), geom.P(12, 22)},
		Doors: []geom.Pt{geom.P(18, 14), geom.P(12, 18), geom.P(20, 22)},
	}}}
	sc := &rules.Scenario{Name: "farm", RuleSet: "smle", BaseR: 500, TurnLimit: 6}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	for side, y := range []float64{12.5, 30} {
		u := rules.ScenarioUnit{Name: []string{"Blue team", "Red team"}[side], Quality: "veteran"}
		for i, x := range []float64{16, 18, 20} {
			u.Figures = append(u.Figures, rules.ScenarioFigure{Name: u.Name + string(rune('1'+i)),
				Weapons: []string{"rifle"}, Pos: geom.P(x, y), HasPos: true})
		}
		sc.Sides[side].Units = []rules.ScenarioUnit{u}
	}
	open, kicked, inside := 0, 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		g, err := rules.PlayRandom(New(), sc, m, seed, 3000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, c := range g.Log {
			if c.Verb == "door" && c.Arg == "open" {
				open++
			}
			if c.Verb == "door" && c.Arg == "kick" {
				kicked++
			}
		}
		for _, f := range g.St.Figures {
			if f.Removed {
				continue
			}
			if g.St.Terrain.InsideBuilding(f.Pos) >= 0 {
				inside++
			}
			if ok, why := g.St.Terrain.CanStandDoors(geom.Circle{C: f.Pos, R: 500}, openDoors(g.St)); !ok {
				t.Fatalf("seed %d: %s ends at %v: %s", seed, f.Name, f.Pos, why)
			}
		}
	}
	t.Logf("200 games: %d doors opened, %d kicks, %d figures ending indoors", open, kicked, inside)
	if open == 0 || kicked == 0 || inside == 0 {
		t.Errorf("random play never used the doors: opened %d, kicked %d, indoors %d", open, kicked, inside)
	}
}

// A scenario may garrison a house that has doors: S.M.L.E. accepts a base
// wholly inside one, not across its wall, and the Simple Skirmish Game
// (whose buildings are solid) refuses the same placing at its line.
func TestGarrisonInAHouse(t *testing.T) {
	scen := func(rs, pos string) string {
		return `name = "garrison"
rule_set = "` + rs + `"
map = "ssg-standard.toml"

[[side]]
name = "A"
  [[side.unit]]
  name = "Crew"
  quality = "trained"
    [[side.unit.figure]]
    name = "Pvt Jelen"
    weapons = ["rifle"]
    pos = ` + pos + `

[[side]]
name = "B"
  [[side.unit]]
  name = "Patrol"
  quality = "trained"
    [[side.unit.figure]]
    name = "Pte Ives"
    weapons = ["rifle"]
    pos = [5, 30]
`
	}
	maps := func(name string) (string, []byte, error) {
		b, err := os.ReadFile("../../maps/" + name)
		return name, b, err
	}
	old := rules.LookupRuleSet
	rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) {
		if id == "ssg" {
			return nil, false // any rule set without the Indoors hook
		}
		return New(), id == "smle"
	}
	defer func() { rules.LookupRuleSet = old }()
	// the farmhouse is (25,15)-(30,19), its door on the south wall
	if _, _, err := scenario.Parse("g.toml", []byte(scen("smle", "[26, 17]")), maps); err != nil {
		t.Errorf("S.M.L.E. garrison refused: %v", err)
	}
	if _, _, err := scenario.Parse("g.toml", []byte(scen("smle", "[25.3, 17]")), maps); err == nil || !strings.Contains(err.Error(), "g.toml:13:") {
		t.Errorf("a base across the wall: %v", err)
	}
	if _, _, err := scenario.Parse("g.toml", []byte(scen("ssg", "[26, 17]")), maps); err == nil || !strings.Contains(err.Error(), "g.toml:13:") {
		t.Errorf("SSG accepted a figure inside a building: %v", err)
	}
	sc, m, err := scenario.Parse("g.toml", []byte(scen("smle", "[26, 17]")), maps)
	if err != nil {
		t.Fatal(err)
	}
	if why := rules.StartProblem(sc, m, geom.P(27, 16)); why != "" {
		t.Errorf("deploying inside the farmhouse: %s", why)
	}
	if why := rules.StartProblem(sc, m, geom.P(27, 19)); why == "" {
		t.Error("deploying across the farmhouse wall was allowed")
	}
}

// A team rushing a shut door: its point man kicks (the same 1D6 + 4+);
// if he fails, the door bursts anyway and the rushers tumble in, prone,
// their moves over. Team-mates out of reach of the door stay outside.
func TestRushTheDoor(t *testing.T) {
	r := New().(SMLE)
	s := facedState(t, []terrain.Piece{house(15)}, []ffig{
		{0, "A", "trained", 15, 19, 180},
		{0, "A", "trained", 13, 18, 180},
		{0, "A", "trained", 40, 4, 180}, // far off: cannot reach the door
		{1, "R", "trained", 40, 45, 0},
	}, 6, 6)
	atBand(t, s, s.UnitOf(1), "close-11")
	rush := mustParse(t, "door F1 "+door+" rush")
	if !hasLegal(s, rush.String()) {
		t.Fatalf("rush not offered: %v", New().Legal(s))
	}
	if o, _ := r.Odds(s, rush); math.Abs(o.P("in a heap")-0.5) > 1e-12 {
		t.Errorf("rush odds: %v, want in a heap 1/2", o)
	}
	s.Force(2)
	apply(t, s, rush)
	if DoorState(s, terrain.DoorRef{}) != 2 {
		t.Fatal("a failed rush leaves the door shut")
	}
	for _, id := range []rules.FigID{1, 2} {
		f := s.Fig(id)
		if s.Terrain.InsideBuilding(f.Pos) != 0 || f.Posture != rules.Prone || f.Var(fStopped) == 0 {
			t.Errorf("%s after the failed rush: at %v, %v, stopped %d; want inside, prone, stopped", f.Name, f.Pos, f.Posture, f.Var(fStopped))
		}
	}
	if f := s.Fig(3); f.Pos != geom.P(40, 4) || f.Posture == rules.Prone {
		t.Errorf("the figure out of reach was swept in: %v %v", f.Pos, f.Posture)
	}
	if geom.Dist2(s.Fig(1).Pos, s.Fig(2).Pos) < 4*500*500 {
		t.Error("the heap overlaps")
	}

	// A 5 carries it: the point man is through, the others still free.
	s = facedState(t, []terrain.Piece{house(15)}, []ffig{
		{0, "A", "trained", 15, 19, 180},
		{0, "A", "trained", 13, 18, 180},
		{1, "R", "trained", 40, 45, 0},
	}, 6, 6)
	atBand(t, s, s.UnitOf(1), "close-11")
	s.Force(5)
	apply(t, s, rush)
	passOpp(t, s)
	if f := s.Fig(1); f.Pos != geom.P(15, 20.6) || f.Posture == rules.Prone {
		t.Errorf("the point man after a good rush: %v %v", f.Pos, f.Posture)
	}
	if !r.MoveCheck(s, 2, []geom.Pt{geom.P(14, 22)}).OK {
		t.Error("after a good rush the next man cannot walk in through the broken door")
	}
}
