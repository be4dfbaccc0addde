package ssg

import (
	"math"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// fx is a figure for a hand-built test state.
type fx struct {
	side   int
	x, y   float64
	weapon string
}

func rect(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.Polygon{geom.P(x0, y0), geom.P(x1, y0), geom.P(x1, y1), geom.P(x0, y1)}
}

// mk builds a 36x36 table with the given pieces and figures, side 0 (Red)
// to act in the movement phase of turn 1, having gone first.
func mk(t *testing.T, pieces []terrain.Piece, figs ...fx) *rules.State {
	t.Helper()
	for i := range pieces {
		pieces[i].ID = i
		if k, ok := terrain.KindByName(pieces[i].Kind); ok && pieces[i].Props == (terrain.Props{}) {
			pieces[i].Props = k.Props
		}
	}
	m := &terrain.Map{Name: "test", Width: geom.In(36), Height: geom.In(36), Pieces: pieces}
	s := &rules.State{RuleSet: "ssg", Map: m, Terrain: terrain.NewIndex(m), BaseR: 500,
		Round: 1, Phase: PhaseMove, Winner: -1}
	s.Sides[0] = rules.Side{Name: "Red"}
	s.Sides[1] = rules.Side{Name: "Blue"}
	s.Units = []rules.Unit{{ID: 1, Name: "Red squad", Side: 0}, {ID: 2, Name: "Blue squad", Side: 1}}
	for i, f := range figs {
		w := f.weapon
		if w == "" {
			w = "rifle"
		}
		s.Figures = append(s.Figures, rules.Figure{ID: rules.FigID(i + 1), Name: "F" + string(rune('0'+i+1)),
			Side: f.side, Unit: rules.UnitID(f.side + 1), Pos: geom.P(f.x, f.y), Weapons: []string{w}})
	}
	return s
}

func cmd(t *testing.T, text string) rules.Command {
	t.Helper()
	c, err := rules.ParseCommand(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return c
}

// do applies a command the way the core does (on a clone, kept on success).
func do(t *testing.T, s *rules.State, text string) []rules.Event {
	t.Helper()
	next := s.Clone()
	evs, err := New().Apply(next, cmd(t, text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	*s = *next
	return evs
}

// refused checks that a command is refused with words containing want and
// that the refusal changes nothing.
func refused(t *testing.T, s *rules.State, text, want string) {
	t.Helper()
	h := s.Hash()
	next := s.Clone()
	_, err := New().Apply(next, cmd(t, text))
	if err == nil {
		t.Fatalf("%s: accepted, want refusal (%s)", text, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: refused with %q, want %q", text, err, want)
	}
	if s.Hash() != h {
		t.Fatalf("%s: the refusal changed the state", text)
	}
}

func rolls(evs []rules.Event) []*rules.Ledger {
	var out []*rules.Ledger
	for _, e := range evs {
		if e.Roll != nil {
			out = append(out, e.Roll)
		}
	}
	return out
}

func hasEvent(evs []rules.Event, kind string) bool {
	for _, e := range evs {
		if e.Kind == kind {
			return true
		}
	}
	return false
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// withLOS makes every sight line report vis while the test runs, and
// records the options asked for.
func withLOS(t *testing.T, vis terrain.Visibility, opts *terrain.LOSOptions) {
	old := lineOfSight
	lineOfSight = func(_ *terrain.Index, _ geom.Pt, _ geom.Circle, o terrain.LOSOptions) terrain.LOS {
		if opts != nil {
			*opts = o
		}
		return terrain.LOS{Vis: vis, CoverPiece: -1}
	}
	oldSee := canSee
	canSee = func(_ *terrain.Index, _ geom.Pt, _ geom.Circle, o terrain.LOSOptions) bool {
		if opts != nil {
			*opts = o
		}
		return vis != terrain.Blocked
	}
	t.Cleanup(func() { lineOfSight, canSee = old, oldSee })
}

// A side named in the plural takes a plural verb in the roll-off: "the
// Germans go first", never "Germans goes first" (a play-tester read it).
func TestRollOffSaysPluralSidesGoFirst(t *testing.T) {
	s := mk(t, nil, fx{side: 0, x: 10, y: 3}, fx{side: 1, x: 10, y: 33})
	s.Map.Areas = []terrain.Area{
		{Name: "red home", Kind: terrain.AreaHome, Side: 0, Poly: rect(5, 0.5, 15, 1.5)},
		{Name: "blue home", Kind: terrain.AreaHome, Side: 1, Poly: rect(5, 34.5, 15, 35.5)},
	}
	s.Sides[0].Name, s.Sides[1].Name = "Americans", "Germans"
	s.Phase = ""
	s.Force(4, 5)
	evs, err := New().Start(s)
	if err != nil {
		t.Fatal(err)
	}
	ls := rolls(evs)
	if len(ls) != 1 || ls[0].Outcome != "Germans go first" {
		t.Fatalf("roll-off ledgers %+v", ls)
	}
}

func TestRollOffRerollsTiesAndChecksSetup(t *testing.T) {
	s := mk(t, nil, fx{side: 0, x: 10, y: 3}, fx{side: 1, x: 10, y: 33})
	s.Map.Areas = []terrain.Area{
		{Name: "red home", Kind: terrain.AreaHome, Side: 0, Poly: rect(5, 0.5, 15, 1.5)},
		{Name: "blue home", Kind: terrain.AreaHome, Side: 1, Poly: rect(5, 34.5, 15, 35.5)},
	}
	s.Phase = ""
	s.Force(3, 3, 6, 6, 2, 5)
	evs, err := New().Start(s)
	if err != nil {
		t.Fatal(err)
	}
	ls := rolls(evs)
	if len(ls) != 3 || ls[0].Outcome != "tie: roll again" || ls[1].Outcome != "tie: roll again" ||
		ls[2].Outcome != "Blue goes first" || len(ls[2].Whose) != 2 {
		t.Fatalf("roll-off ledgers %+v", ls)
	}
	if s.Active != 1 || s.Decider != 1 || s.Phase != PhaseMove || s.Round != 1 || s.Var(VarFirst) != 1 {
		t.Fatalf("after roll-off: active %d decider %d phase %q round %d", s.Active, s.Decider, s.Phase, s.Round)
	}

	// A figure set up 2.5" from its home base edge (3" centre) is refused.
	bad := mk(t, nil, fx{side: 0, x: 10, y: 4.5}, fx{side: 1, x: 10, y: 33})
	bad.Map.Areas = s.Map.Areas
	if _, err := New().Start(bad); err == nil || !strings.Contains(err.Error(), "2\"") {
		t.Fatalf("set-up 2.5\" away: err %v", err)
	}
	// Exactly 2" from the edge of the base to the home base is allowed.
	ok := mk(t, nil, fx{side: 0, x: 10, y: 4}, fx{side: 1, x: 10, y: 33})
	ok.Map.Areas = s.Map.Areas
	ok.Force(4, 1)
	if _, err := New().Start(ok); err != nil {
		t.Fatalf("set-up 2\" away: %v", err)
	}
}

func TestMoveAllowance(t *testing.T) {
	s := mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 30, y: 30})
	refused(t, s, "move F1 14.001,10", "at most 4\"")
	refused(t, s, "move F1 12,10 12,12.1", "at most 4\"") // two legs, 4.1"
	refused(t, s, "move F2 30,27", "turn")                // not Red's figure
	evs := do(t, s, "move F1 12.4,13.2")                  // 3-4-5: exactly 4"
	if s.Fig(1).Pos != geom.P(12.4, 13.2) || evs[0].Kind != "move" || len(evs[0].Path) != 2 {
		t.Fatalf("4\" diagonal move: pos %v events %+v", s.Fig(1).Pos, evs)
	}
	refused(t, s, "move F1 12,13", "already moved")
}

func TestMoveStopsWithinOneInch(t *testing.T) {
	// Base radius 0.5": within 1" edge to edge is within 2" centre to centre.
	s := mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 15, y: 10})
	info := New().MoveCheck(s, 1, []geom.Pt{geom.P(14, 10)})
	if !info.OK || info.Stop != geom.P(13, 10) || !strings.Contains(info.Why, "within 1\"") {
		t.Fatalf("move check: %+v", info)
	}
	evs := do(t, s, "move F1 14,10")
	if s.Fig(1).Pos != geom.P(13, 10) || evs[0].Path[1] != geom.P(13, 10) {
		t.Fatalf("stopped at %v, path %v", s.Fig(1).Pos, evs[0].Path)
	}

	// Passing the enemy at an angle: the stop is the first thousandth of an
	// inch within 1", at x = 15 - sqrt(3).
	s = mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 15, y: 11})
	do(t, s, "move F1 14,10")
	p := s.Fig(1).Pos
	if p.Y != geom.In(10) || p.X < 13267 || p.X > 13269 {
		t.Fatalf("angled stop at %v", p)
	}
	if !geom.WithinDist(p, geom.P(15, 11), 2000) || geom.WithinDist(geom.Pt{X: p.X - 1, Y: p.Y}, geom.P(15, 11), 2000) {
		t.Fatalf("stop %v is not the first point within 1\"", p)
	}
	// Stopped figures may not move on.
	s.Active = 0
	s.Fig(1).SetVar(VarMoved, 0)
	if info := New().MoveCheck(s, 1, []geom.Pt{geom.P(13, 14)}); info.OK {
		t.Fatal("a figure in contact moved away")
	}
}

func TestMoveTerrainAndBases(t *testing.T) {
	pieces := []terrain.Piece{{Kind: "building", Name: "the barn", Poly: rect(12, 8, 14, 12)}}
	s := mk(t, pieces, fx{side: 0, x: 10, y: 10}, fx{side: 0, x: 10, y: 13}, fx{side: 1, x: 30, y: 30},
		fx{side: 0, x: 11, y: 12.3})
	refused(t, s, "move F1 14,10", "impassable")     // ends inside the barn
	refused(t, s, "move F1 11.6,10", "barn")         // base edge would overlap the barn wall
	refused(t, s, "move F4 15,12.3", "runs through") // both ends clear, but the base scrapes the wall
	refused(t, s, "move F1 10,12.5", "overlap")      // onto a friend
	refused(t, s, "move F1 10,0.4", "table")         // off the table
	refused(t, s, "move F1 11,10 F3", "one figure")  // junk
	do(t, s, "move F1 11.5,10")                      // touching the wall is allowed
	do(t, s, "move F2 10,15")
	do(t, s, "move F4 11,14")
}

func TestTerrainDoesNotSlowMovement(t *testing.T) {
	pieces := []terrain.Piece{{Kind: "woods", Poly: rect(5, 5, 20, 20)}}
	s := mk(t, pieces, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 30, y: 30})
	do(t, s, "move F1 14,10")
	if s.Fig(1).Pos != geom.P(14, 10) {
		t.Fatalf("4\" through woods ended at %v", s.Fig(1).Pos)
	}
}

func TestMeleeTieRerolledLoserRemoved(t *testing.T) {
	s := mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 15, y: 10}, fx{side: 1, x: 30, y: 30},
		fx{side: 0, x: 2, y: 2})
	do(t, s, "move F1 14,10")
	evs := do(t, s, "end")
	if s.Phase != PhaseMelee || hasEvent(evs, "roll") {
		t.Fatalf("phase %q after moving into contact", s.Phase)
	}
	if l := New().Legal(s); len(l) != 2 || l[0].String() != "melee F1 F2" || l[1].String() != "melee" {
		t.Fatalf("legal in melee: %v", l)
	}
	refused(t, s, "end", "melee")
	s.Force(4, 4, 2, 5)
	evs = do(t, s, "melee F1 F2")
	ls := rolls(evs)
	if len(ls) != 2 || ls[0].Outcome != "tie: roll again" || ls[1].Outcome != "defender wins" {
		t.Fatalf("melee ledgers %+v", ls)
	}
	if !s.Fig(1).Removed || s.Fig(2).Removed || s.Sides[0].Losses != 1 || s.Phase != PhaseShoot {
		t.Fatalf("after melee: F1 removed %v F2 removed %v phase %q", s.Fig(1).Removed, s.Fig(2).Removed, s.Phase)
	}
}

func TestMeleeContinuesUntilOneSideLeftInContact(t *testing.T) {
	// Two Red figures in contact with one Blue figure.
	s := mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 0, x: 10, y: 12}, fx{side: 1, x: 11.5, y: 11},
		fx{side: 1, x: 30, y: 30}, fx{side: 0, x: 2, y: 2})
	do(t, s, "end")
	if s.Phase != PhaseMelee {
		t.Fatalf("phase %q", s.Phase)
	}
	s.Force(1, 6, 6, 2) // F1 loses to F3, then F2 beats F3
	evs := do(t, s, "melee")
	if len(rolls(evs)) != 2 || !s.Fig(1).Removed || s.Fig(2).Removed || !s.Fig(3).Removed {
		t.Fatalf("after melee: %v %v %v, %d rolls", s.Fig(1).Removed, s.Fig(2).Removed, s.Fig(3).Removed, len(rolls(evs)))
	}
	if s.Phase != PhaseShoot {
		t.Fatalf("phase %q after all melees", s.Phase)
	}

	// The same by pairs: after the first fight the phase stays open.
	s = mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 0, x: 10, y: 12}, fx{side: 1, x: 11.5, y: 11},
		fx{side: 1, x: 30, y: 30})
	do(t, s, "end")
	s.Force(2, 3)
	do(t, s, "melee F2 F3")
	if s.Phase != PhaseMelee || !s.Fig(2).Removed {
		t.Fatalf("phase %q after the first pair", s.Phase)
	}
	refused(t, s, "melee F2 F3", "not one of")
	s.Force(5, 3)
	do(t, s, "melee F1 F3")
	if s.Phase != PhaseShoot || !s.Fig(3).Removed {
		t.Fatalf("phase %q after the second pair", s.Phase)
	}
}

// shootState: Red rifle F1 at (10,10), Blue figures at the given distances
// straight down the table, Red in its shooting phase.
func shootState(t *testing.T, weapon string, dists ...float64) *rules.State {
	figs := []fx{{side: 0, x: 10, y: 10, weapon: weapon}}
	for i, d := range dists {
		figs = append(figs, fx{side: 1, x: 10 + float64(i)*1.5, y: 10 + d})
	}
	s := mk(t, nil, figs...)
	s.Phase = PhaseShoot
	return s
}

func TestShootFiveUpRemoves(t *testing.T) {
	s := shootState(t, "rifle", 10)
	s.Force(4)
	evs := do(t, s, "fire F1 F2")
	if l := rolls(evs); len(l) != 1 || l[0].Outcome != "miss" || l[0].Total != 4 || s.Fig(2).Removed {
		t.Fatalf("a 4 at 10\": %+v", l[0])
	}
	s = shootState(t, "rifle", 10)
	s.Force(5)
	evs = do(t, s, "fire F1 F2")
	if l := rolls(evs); l[0].Outcome != "hit" || l[0].Target != 5 || l[0].Compare != ">=" || !s.Fig(2).Removed {
		t.Fatalf("a 5 at 10\": %+v", l[0])
	}
	if s.Sides[1].Losses != 1 || !hasEvent(evs, "removed") {
		t.Fatal("the hit did not remove the target")
	}
}

func TestShootPartialSightMinusOne(t *testing.T) {
	var opts terrain.LOSOptions
	withLOS(t, terrain.Partial, &opts)
	s := shootState(t, "rifle", 10)
	s.Force(5)
	evs := do(t, s, "fire F1 F2")
	l := rolls(evs)[0]
	if l.Outcome != "miss" || l.Total != 4 || len(l.Mods) != 1 || l.Mods[0].Value != -1 ||
		l.Mods[0].Reason != "partial line of sight" {
		t.Fatalf("partial sight: %+v", l)
	}
	if !opts.IgnoreNearFirer {
		t.Fatal("sight was not asked to ignore blocking terrain nearer the firer")
	}
	s = shootState(t, "rifle", 10)
	s.Force(6)
	do(t, s, "fire F1 F2")
	if !s.Fig(2).Removed {
		t.Fatal("a 6 with partial sight should hit")
	}
}

func TestShootRange(t *testing.T) {
	s := shootState(t, "rifle", 18)
	s.Force(5)
	l := rolls(do(t, s, "fire F1 F2"))[0]
	if l.Outcome != "miss" || l.Total != 4 || l.Mods[0].Reason != "beyond short range (12\")" {
		t.Fatalf("long range: %+v", l)
	}
	// Exactly at short range: no modifier; exactly at long range: -1.
	s = shootState(t, "rifle", 12, 24)
	s.Force(5)
	if l := rolls(do(t, s, "fire F1 F2"))[0]; len(l.Mods) != 0 || l.Outcome != "hit" {
		t.Fatalf("at 12\": %+v", l)
	}
	s = shootState(t, "pistol", 12, 12.001)
	refused(t, s, "fire F1 F3", "beyond")
	s.Force(6)
	if l := rolls(do(t, s, "fire F1 F2"))[0]; l.ModTotal() != -1 || l.Outcome != "hit" {
		t.Fatalf("pistol at 12\": %+v", l)
	}
	s = shootState(t, "rifle", 24.001)
	refused(t, s, "fire F1 F2", "beyond the rifle's long range")
	for _, c := range New().Legal(s) {
		if c.Verb == "fire" {
			t.Fatalf("legal lists %s beyond long range", c)
		}
	}
}

func TestShootBlockedSightRefused(t *testing.T) {
	withLOS(t, terrain.Blocked, nil)
	s := shootState(t, "rifle", 10)
	refused(t, s, "fire F1 F2", "cannot see")
	if l := New().Legal(s); len(l) != 1 || l[0].Verb != "end" {
		t.Fatalf("legal with blocked sight: %v", l)
	}
}

// realLOS reports whether the terrain package has real sight lines yet.
func realLOS() bool {
	m := &terrain.Map{Width: 36000, Height: 36000, Pieces: []terrain.Piece{{ID: 0, Kind: "building",
		Props: terrain.Kinds[12].Props, Poly: rect(14, 5, 16, 15)}}}
	los := terrain.NewIndex(m).LineOfSight(geom.P(10, 10), geom.Circle{C: geom.P(20, 10), R: 500}, terrain.LOSOptions{})
	return los.Vis == terrain.Blocked
}

func TestShootWithTerrainSight(t *testing.T) {
	if !realLOS() {
		t.Skip("terrain line of sight is still a stub")
	}
	// A high wall 1" in front of the firer that hides the target on every
	// line refuses the shot (no sight at all, whichever end the terrain
	// is nearer); the same wall 1" in front of the target refuses it too.
	near := []terrain.Piece{{Kind: "high-wall", Path: []geom.Pt{geom.P(5, 11), geom.P(15, 11)}}}
	s := mk(t, near, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 10, y: 20})
	s.Phase = PhaseShoot
	refused(t, s, "fire F1 F2", "cannot see")
	far := []terrain.Piece{{Kind: "high-wall", Path: []geom.Pt{geom.P(5, 19), geom.P(15, 19)}}}
	s = mk(t, far, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 10, y: 20})
	s.Phase = PhaseShoot
	refused(t, s, "fire F1 F2", "cannot see")
	// A building corner nearer the firer that hides part of the target
	// does not count; nearer the target it does: -1.
	for _, c := range []struct {
		name string
		poly geom.Polygon
		mod  int
	}{
		{"corner by the firer", rect(10, 11, 14, 12.5), 0},
		{"corner by the target", rect(10, 17, 14, 18.5), -1},
	} {
		s = mk(t, []terrain.Piece{{Kind: "building", Poly: c.poly}}, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 10, y: 20})
		s.Phase = PhaseShoot
		s.Force(5)
		if l := rolls(do(t, s, "fire F1 F2"))[0]; l.ModTotal() != c.mod {
			t.Errorf("%s: %+v", c.name, l)
		}
	}
}

// Sight is judged from the firer's helmet to every part of the target:
// terrain lower than a man nearer the target hides its legs (-1), nearer
// the firer it is looked over; a fence hides nothing.
func TestShootLowTerrainIn3D(t *testing.T) {
	if !realLOS() {
		t.Skip("terrain line of sight is still a stub")
	}
	line := func(kind string, y float64) []terrain.Piece {
		return []terrain.Piece{{Kind: kind, Path: []geom.Pt{geom.P(5, y), geom.P(15, y)}}}
	}
	for _, c := range []struct {
		name   string
		pieces []terrain.Piece
		mod    int
	}{
		{"low wall by the target", line("low-wall", 19), -1},
		{"hedge by the target", line("hedge", 19), -1},
		{"low wall by the firer", line("low-wall", 11), 0},
		{"hedge by the firer", line("hedge", 11), 0},
		{"fence by the target", line("fence", 19), 0},
		{"target standing in crops", []terrain.Piece{{Kind: "field", Poly: rect(8, 18, 12, 22)}}, -1},
		{"target standing in rubble", []terrain.Piece{{Kind: "rubble", Poly: rect(8, 18, 12, 22)}}, -1},
	} {
		s := mk(t, c.pieces, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 10, y: 20})
		s.Phase = PhaseShoot
		s.Force(6)
		l := rolls(do(t, s, "fire F1 F2"))[0]
		if l.ModTotal() != c.mod || l.Outcome != "hit" {
			t.Errorf("%s: %+v", c.name, l)
		}
	}
	// Bocage is taller than a man: by the target it hides him whole.
	s := mk(t, line("bocage", 19), fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 10, y: 20})
	s.Phase = PhaseShoot
	refused(t, s, "fire F1 F2", "cannot see")
}

func TestSMGSplitsThreeDice(t *testing.T) {
	s := shootState(t, "smg", 5, 5)
	refused(t, s, "fire F1 F2 F2 F3 F3", "at most 3")
	s.Force(2, 5, 6)
	evs := do(t, s, "fire F1 F2 F2 F3")
	if l := rolls(evs); len(l) != 3 || l[0].Outcome != "miss" || l[1].Outcome != "hit" || l[2].Outcome != "hit" {
		t.Fatalf("smg dice %+v", l)
	}
	if !s.Fig(2).Removed || !s.Fig(3).Removed || s.Sides[1].Losses != 2 {
		t.Fatal("both targets should be down")
	}
	// The second die at a target already down is lost, not rolled.
	s = shootState(t, "smg", 5, 5)
	s.Force(5, 1)
	before := s.Rolls
	evs = do(t, s, "fire F1 F2 F2 F3")
	if s.Rolls-before != 2 || !hasEvent(evs, "lost") || !s.Fig(2).Removed || s.Fig(3).Removed {
		t.Fatalf("lost die: %d rolled, events %+v", s.Rolls-before, evs)
	}
}

func TestEachFigureFiresOnce(t *testing.T) {
	s := shootState(t, "rifle", 10, 10)
	s.Force(1)
	do(t, s, "fire F1 F2")
	refused(t, s, "fire F1 F3", "already fired")
	for _, c := range New().Legal(s) {
		if c.Verb == "fire" {
			t.Fatalf("legal lists %s after firing", c)
		}
	}
	refused(t, s, "fire F2 F1", "not one of Red")
}

func TestFourLossesEndTheGame(t *testing.T) {
	s := shootState(t, "rifle", 10, 30, 30, 30, 30)
	for _, id := range []rules.FigID{3, 4, 5} {
		s.Fig(id).Removed = true
		s.Sides[1].Losses++
	}
	s.Force(6)
	evs := do(t, s, "fire F1 F2")
	if !s.Over || s.Winner != 0 || !hasEvent(evs, "win") || !strings.Contains(s.Result, "victory to Red") {
		t.Fatalf("after the fourth loss: over %v winner %d result %q", s.Over, s.Winner, s.Result)
	}
	if New().Legal(s) != nil {
		t.Fatal("commands are legal after the end")
	}
	refused(t, s, "end", "over")
}

func TestTurnFlowAndLimit(t *testing.T) {
	s := mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 10, y: 35})
	s.TurnLimit = 2
	do(t, s, "move F1 10,12")
	evs := do(t, s, "end")
	if s.Phase != PhaseShoot || !strings.Contains(evs[0].Text, "no melee") {
		t.Fatalf("melee not skipped: %q", s.Phase)
	}
	do(t, s, "end")
	if s.Active != 1 || s.Phase != PhaseMove || s.Round != 1 || s.Fig(1).Var(VarMoved) != 0 {
		t.Fatalf("after Red's turn: active %d phase %q round %d", s.Active, s.Phase, s.Round)
	}
	do(t, s, "end")
	do(t, s, "end")
	if s.Active != 0 || s.Round != 2 {
		t.Fatalf("after Blue's turn: active %d round %d", s.Active, s.Round)
	}
	s.Sides[0].Losses = 1
	for range 4 {
		do(t, s, "end")
	}
	if !s.Over || s.Winner != 1 || !strings.Contains(s.Result, "Turn limit") {
		t.Fatalf("turn limit: over %v winner %d %q", s.Over, s.Winner, s.Result)
	}
}

func TestOddsExact(t *testing.T) {
	rs := New()
	s := shootState(t, "rifle", 10, 18)
	o, err := rs.Odds(s, cmd(t, "fire F1 F2"))
	if err != nil || !near(o.P("hit"), 1.0/3) || !near(o.P("miss"), 2.0/3) {
		t.Fatalf("rifle at 10\": %+v %v", o, err)
	}
	withLOS(t, terrain.Partial, nil)
	o, err = rs.Odds(s, cmd(t, "fire F1 F3"))
	if err != nil || o.P("hit") != 0 || o.P("miss") != 1 || len(o.Mods) != 2 {
		t.Fatalf("rifle at 18\" partial: %+v %v", o, err)
	}
	withLOS(t, terrain.Clear, nil)
	s = shootState(t, "smg", 5, 5)
	o, _ = rs.Odds(s, cmd(t, "fire F1 F2 F2 F2"))
	if !near(o.P("hit"), 1-8.0/27) {
		t.Fatalf("smg three dice: %+v", o)
	}
	o, _ = rs.Odds(s, cmd(t, "fire F1 F2 F2 F3"))
	sum := 0.0
	for _, x := range o.Outcomes {
		sum += x.P
	}
	if len(o.Outcomes) != 4 || !near(sum, 1) || !near(o.P("F2 and F3 removed"), (1-4.0/9)/3) ||
		!near(o.P("no hits"), 4.0/9*2/3) || !near(o.P("F2 removed"), 5.0/9*2/3) {
		t.Fatalf("smg split: %+v", o)
	}
	if _, err := rs.Odds(s, cmd(t, "fire F1 F2 F2 F2 F2")); err == nil {
		t.Fatal("odds for four smg dice")
	}
	// Melee: an even chance.
	s = mk(t, nil, fx{side: 0, x: 10, y: 10}, fx{side: 1, x: 11.5, y: 10})
	s.Phase = PhaseMelee
	o, err = rs.Odds(s, cmd(t, "melee F1 F2"))
	if err != nil || o.P("attacker wins") != 0.5 || o.P("defender wins") != 0.5 {
		t.Fatalf("melee odds %+v %v", o, err)
	}
}
