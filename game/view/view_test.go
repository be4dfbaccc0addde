package view

import (
	"math"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestCameraRoundTrip(t *testing.T) {
	c := NewCamera(1280, 800)
	c.Fit(72, 48, 20, true)
	for _, p := range [][2]float64{{0, 0}, {36, 24}, {71.5, 3.25}, {-5, 60}} {
		sx, sy := c.ToScreen(p[0], p[1])
		x, y := c.ToTable(sx, sy)
		if !near(x, p[0]) || !near(y, p[1]) {
			t.Errorf("round trip %v -> (%g,%g) -> (%g,%g)", p, sx, sy, x, y)
		}
	}
	// Fit shows the whole table: corners land on screen.
	for _, p := range [][2]float64{{0, 0}, {72, 48}} {
		sx, sy := c.ToScreen(p[0], p[1])
		if sx < 0 || sy < 0 || sx > 1280 || sy > 800 {
			t.Errorf("fit: corner %v off screen at (%g,%g)", p, sx, sy)
		}
	}
}

func TestZoomKeepsPointUnderCursor(t *testing.T) {
	c := NewCamera(1000, 700)
	c.Fit(48, 48, 0, true)
	sx, sy := 812.0, 133.0
	x0, y0 := c.ToTable(sx, sy)
	c.ZoomAt(sx, sy, 2)
	for i := 0; i < 5; i++ { // mid-ease the point must stay put too
		c.Step(1.0 / 60)
		x, y := c.ToTable(sx, sy)
		if !near(x, x0) || !near(y, y0) {
			t.Fatalf("step %d: point under cursor drifted from (%g,%g) to (%g,%g)", i, x0, y0, x, y)
		}
	}
	c.Snap()
	if !near(c.Zoom, 2*700.0/48) {
		t.Errorf("zoom = %g, want doubled", c.Zoom)
	}
	x, y := c.ToTable(sx, sy)
	if !near(x, x0) || !near(y, y0) {
		t.Errorf("after zoom point moved to (%g,%g), want (%g,%g)", x, y, x0, y0)
	}
	// Zoom is clamped.
	c.ZoomAt(sx, sy, 1e6)
	c.Snap()
	if c.Zoom != c.MaxZoom {
		t.Errorf("zoom not clamped: %g", c.Zoom)
	}
}

func TestPanFollowsPointer(t *testing.T) {
	c := NewCamera(800, 600)
	c.Fit(36, 36, 0, true)
	x0, y0 := c.ToTable(100, 100)
	c.Pan(50, -20)
	x, y := c.ToTable(150, 80)
	if !near(x, x0) || !near(y, y0) {
		t.Errorf("dragged table point moved: (%g,%g) want (%g,%g)", x, y, x0, y0)
	}
}

func legal() []rules.Command {
	return []rules.Command{
		{Verb: "move", Fig: 1},
		{Verb: "fire", Fig: 1, Targets: []rules.FigID{7}},
		{Verb: "fire", Fig: 1, Targets: []rules.FigID{8}},
		{Verb: "end"},
	}
}

func TestDragGivesMoveWithPath(t *testing.T) {
	s := Selector{Legal: legal()}
	start := geom.P(10, 10)
	s.Press(Hit{Fig: 1, Own: true, Pt: start}, start)
	if s.Mode != Pressing || s.Sel != 1 {
		t.Fatalf("press: mode %v sel %v", s.Mode, s.Sel)
	}
	// Walk east 3" with a little hand wobble, bend there (a right click
	// while dragging), then south 2".
	for i := 1; i <= 30; i++ {
		s.Move(geom.P(10+float64(i)*0.1, 10+0.02*float64(i%2)))
	}
	s.AddWaypoint(geom.P(13, 10))
	for i := 1; i <= 20; i++ {
		s.Move(geom.P(13, 10+float64(i)*0.1))
	}
	c := s.Release(geom.P(13, 12))
	if c == nil || c.Verb != "move" || c.Fig != 1 {
		t.Fatalf("release gave %+v, want a move of F1", c)
	}
	want := []geom.Pt{geom.P(13, 10), geom.P(13, 12)}
	if len(c.Path) != 2 || c.Path[0] != want[0] || c.Path[1] != want[1] {
		t.Fatalf("path %v, want the waypoint then the end %v", c.Path, want)
	}
	if s.Mode != Selected {
		t.Errorf("after move mode %v, want Selected", s.Mode)
	}
}

// Without a waypoint a move is a straight line from the figure to where
// the pointer is let go, however the hand wandered: pulling back
// shortens it.
func TestDragIsStraightAndPullingBackShortens(t *testing.T) {
	s := Selector{Legal: legal()}
	start := geom.P(10, 10)
	s.Press(Hit{Fig: 1, Own: true, Pt: start}, start)
	for i := 1; i <= 40; i++ {
		s.Move(geom.P(10+float64(i)*0.1, 10+float64(i%5)*0.2)) // out 4", wandering
	}
	for i := 1; i <= 20; i++ {
		s.Move(geom.P(14-float64(i)*0.1, 10)) // back 2"
	}
	c := s.Release(geom.P(12, 10))
	if c == nil || len(c.Path) != 1 || c.Path[0] != geom.P(12, 10) {
		t.Fatalf("want one straight leg to (12,10), got %+v", c)
	}
}

// A drag the rules refuse in full commits the furthest part they take:
// a 6" drag with a 4" allowance stops at 4".
func TestDragPastTheAllowanceStopsThere(t *testing.T) {
	start := geom.P(10, 10)
	allow := geom.In(4)
	ok := func(p []geom.Pt) bool { return PathLength(start, p) <= float64(allow) }
	s := Selector{Legal: legal(), Fit: func(p []geom.Pt) []geom.Pt { return FurthestLegal(start, p, 0, ok) }}
	s.Press(Hit{Fig: 1, Own: true, Pt: start}, start)
	s.Move(geom.P(13, 10))
	s.AddWaypoint(geom.P(13, 10))
	s.Move(geom.P(13, 13))
	c := s.Release(geom.P(13, 13))
	if c == nil || len(c.Path) != 2 || c.Path[0] != geom.P(13, 10) {
		t.Fatalf("want the waypoint kept and the move cut on the second leg: %+v", c)
	}
	got := PathLength(start, c.Path)
	if got > float64(allow) || got < float64(allow)-float64(geom.In(0.01)) {
		t.Errorf("the move is %.3f\" long; want the 4\" allowance to within 0.01\"", got/float64(geom.PerInch))
	}
	// nothing legal at all: no command
	s.Fit = func(p []geom.Pt) []geom.Pt { return FurthestLegal(start, p, 0, func([]geom.Pt) bool { return false }) }
	s.Press(Hit{Fig: 1, Own: true, Pt: start}, start)
	s.Move(geom.P(13, 10))
	if c := s.Release(geom.P(13, 10)); c != nil {
		t.Errorf("a move refused from its first step gave %+v", c)
	}
}

// A long drag past the allowance is fitted from the allowance back, not
// from the drag's end: the rules are asked a few times on each movement
// of the pointer. Where the man may pass through friends but not stop on
// them (legal only outside 1" to 3"), a 12" drag with a 4" allowance
// still stops at 4"; and where nothing within the allowance given is
// legal, the steps beyond it are still tried.
func TestFittingADragStartsAtTheAllowance(t *testing.T) {
	start := geom.P(10, 10)
	allow := float64(geom.In(4))
	calls := 0
	ok := func(p []geom.Pt) bool {
		calls++
		l := PathLength(start, p)
		return l <= allow && (l < float64(geom.In(1)) || l > float64(geom.In(3)))
	}
	path := []geom.Pt{geom.P(22, 10)}
	got := FurthestLegal(start, path, allow, ok)
	if l := PathLength(start, got); l > allow || l < allow-float64(geom.In(0.05)) {
		t.Errorf("the fitted move is %.2f\" long; want the 4\" allowance", l/float64(geom.PerInch))
	}
	if calls > 12 {
		t.Errorf("the rules were asked %d times to fit one drag; want the walk to start at the allowance", calls)
	}
	// an allowance said too short, with no legal stop before it: the
	// steps beyond it are tried
	beyond := func(p []geom.Pt) bool { l := PathLength(start, p); return l <= allow && l > float64(geom.In(3)) }
	if l := PathLength(start, FurthestLegal(start, path, float64(geom.In(2)), beyond)); l < allow-float64(geom.In(0.05)) {
		t.Errorf("with no legal stop before the reach given, the move is %.2f\" long; want 4\"", l/float64(geom.PerInch))
	}
}

func TestClickWithoutDragSelectsOnly(t *testing.T) {
	s := Selector{Legal: legal()}
	p := geom.P(5, 5)
	s.Press(Hit{Fig: 1, Own: true, Pt: p}, p)
	s.Move(geom.P(5.05, 5))
	if c := s.Release(geom.P(5.05, 5)); c != nil {
		t.Fatalf("tiny wobble gave a command %+v", c)
	}
	if s.Mode != Selected || s.Sel != 1 {
		t.Errorf("mode %v sel %v", s.Mode, s.Sel)
	}
	// Clicking an enemy while merely selected does not shoot.
	if c := s.Press(Hit{Fig: 7, Pt: geom.P(20, 5)}, geom.P(20, 5)); c != nil {
		t.Errorf("enemy click outside targeting gave %+v", c)
	}
	// Clicking empty table clears the selection.
	s.Press(Hit{Pt: geom.P(30, 30)}, geom.Pt{})
	if s.Mode != Idle || s.Sel != 0 {
		t.Errorf("empty click: mode %v sel %v", s.Mode, s.Sel)
	}
}

func TestTargetingClickGivesFire(t *testing.T) {
	s := Selector{Legal: legal()}
	p := geom.P(5, 5)
	s.Press(Hit{Fig: 1, Own: true, Pt: p}, p)
	s.Release(p)
	if !s.BeginTargeting("fire") {
		t.Fatal("fire should be possible")
	}
	if s.BeginTargeting("melee") {
		t.Fatal("melee is not legal")
	}
	if c := s.Press(Hit{Fig: 9, Pt: geom.P(9, 9)}, geom.Pt{}); c != nil {
		t.Fatalf("target with no legal shot gave %+v", c)
	}
	c := s.Press(Hit{Fig: 8, Pt: geom.P(9, 9)}, geom.Pt{})
	if c == nil || c.Verb != "fire" || c.Fig != 1 || len(c.Targets) != 1 || c.Targets[0] != 8 {
		t.Fatalf("fire command %+v", c)
	}
	if s.Mode != Selected {
		t.Errorf("after shot mode %v", s.Mode)
	}
	s.BeginTargeting("fire")
	s.Escape()
	if s.Mode != Selected || s.Sel != 1 {
		t.Errorf("Esc leaves targeting only: mode %v sel %v", s.Mode, s.Sel)
	}
	s.Escape()
	if s.Mode != Idle {
		t.Errorf("second Esc clears selection: %v", s.Mode)
	}
}

func TestTimeline(t *testing.T) {
	var tl Timeline
	move := rules.Event{Kind: "move", Fig: 1, Path: []geom.Pt{geom.P(0, 0), geom.P(4, 0)}}
	roll := rules.Event{Kind: "roll", Roll: &rules.Ledger{Dice: []rules.Die{{Sides: 6, Face: 5}}}}
	tl.Add([]rules.Event{move, roll})
	wantMove := MoveBase + 4*MovePerInch
	if a := tl.Items[0]; !near(a.Dur, wantMove) || a.Start != 0 {
		t.Fatalf("move anim %+v, want dur %g", a, wantMove)
	}
	if a := tl.Items[1]; !near(a.Start, wantMove) || !near(a.Dur, DiceTumble+DiceHold) {
		t.Fatalf("roll anim %+v", a)
	}
	// Halfway through the move the figure is 2" along.
	tl.Step(wantMove / 2)
	p, _, ok := tl.FigurePos(1)
	if !ok || !geom.WithinDist(p, geom.P(2, 0), 2) {
		t.Errorf("mid-move pos %v ok %v", p, ok)
	}
	done := tl.Step(wantMove / 2)
	if len(done) != 1 || done[0].Ev.Kind != "move" {
		t.Fatalf("finished %+v", done)
	}
	tl.SkipOne() // the roll
	if done := tl.Step(0); len(done) != 1 || tl.Busy() {
		t.Errorf("skip left %v busy %v", done, tl.Busy())
	}
	// Double speed halves the time.
	tl2 := Timeline{Speed: 2}
	tl2.Add([]rules.Event{roll})
	if !near(tl2.Items[0].Dur, (DiceTumble+DiceHold)/2) {
		t.Errorf("speed 2 dur %g", tl2.Items[0].Dur)
	}
	tl2.SkipAll()
	tl2.Step(0)
	if tl2.Busy() {
		t.Error("SkipAll left work")
	}
}

// A unit's fire is offered through any of its figures, and may be aimed
// at any figure of a target unit that the rule set accepts.
func TestSelectorUnitCommands(t *testing.T) {
	s := Selector{
		Legal: []rules.Command{{Verb: "fire", Unit: 2, Targets: []rules.FigID{7}, Arg: "direct"}, {Verb: "end"}},
		Team:  map[rules.FigID]rules.UnitID{3: 2, 4: 2, 5: 1, 7: 4, 8: 4, 9: 5},
	}
	s.Sel = 4
	if !s.CanAct("fire") {
		t.Fatal("figure 4 of unit 2 cannot fire its unit's fire")
	}
	s.Sel = 5
	if s.CanAct("fire") {
		t.Fatal("figure 5 of unit 1 may use unit 2's fire")
	}
	s.Sel = 4
	s.BeginTargeting("fire")
	if c := s.TargetCommand(8); c == nil || c.Targets[0] != 8 || c.Unit != 2 || c.Fig != 0 {
		t.Fatalf("aiming at 8, team-mate of the listed 7: %+v", c)
	}
	if c := s.TargetCommand(9); c != nil {
		t.Fatalf("figure 9 of another unit is not a target: %+v", c)
	}
	s.Check = func(c rules.Command) bool { return c.Targets[0] == 7 }
	if c := s.TargetCommand(8); c == nil || c.Targets[0] != 7 {
		t.Fatalf("when the rule set refuses 8, the listed 7 is kept: %+v", c)
	}
	if s.Targetable(8) || !s.Targetable(7) {
		t.Error("only 7 should be marked as a target when 8 is refused")
	}
}

// With the whole table in view (about 17 pixels an inch) a press that
// wanders 4 pixels is still a click, not a 0.24" move; 8 pixels is a drag.
func TestDragSlopIsInScreenPixels(t *testing.T) {
	const perInch = 17.0
	for _, tc := range []struct {
		px   float64
		drag bool
	}{{4, false}, {8, true}} {
		s := Selector{Legal: legal(), Slop: SlopFor(perInch)}
		p := geom.P(5, 5)
		s.Press(Hit{Fig: 1, Own: true, Pt: p}, p)
		q := geom.P(5+tc.px/perInch, 5)
		s.Move(q)
		c := s.Release(q)
		if got := c != nil; got != tc.drag {
			t.Errorf("%v px: command %+v, want a move: %v", tc.px, c, tc.drag)
		}
	}
	if SlopFor(400) != DragStart {
		t.Errorf("close in, the slop should not fall below DragStart")
	}
}

// A submachine gun's three dice are placed one click at a time, split
// among targets as the player chooses; the third click fires them all.
// Esc takes back the last die placed; one click and Finish (Enter) puts
// every die on that one figure.
func TestVolleyPlacesEachDie(t *testing.T) {
	legal := []rules.Command{
		{Verb: "fire", Fig: 3, Targets: []rules.FigID{9}},
		{Verb: "fire", Fig: 3, Targets: []rules.FigID{10}},
	}
	var checked []rules.Command
	s := Selector{Legal: legal, Check: func(c rules.Command) bool { checked = append(checked, c); return len(c.Targets) <= 3 }}
	s.Mode, s.Sel, s.Shots = Selected, 3, 3
	if !s.BeginTargeting("fire") {
		t.Fatal("fire should be possible")
	}
	click := func(id rules.FigID) *rules.Command { return s.Press(Hit{Fig: id}, geom.Pt{}) }
	if c := click(9); c != nil || len(s.Volley) != 1 {
		t.Fatalf("first die placed: command %v, volley %v", c, s.Volley)
	}
	if c := click(9); c != nil || len(s.Volley) != 2 {
		t.Fatalf("second die placed: command %v, volley %v", c, s.Volley)
	}
	if v := s.VolleyCommand(); v == nil || len(v.Targets) != 3 || v.Targets[2] != 9 {
		t.Fatalf("the volley as it stands fills the last die on the last target: %+v", v)
	}
	s.Escape()
	if s.Mode != Targeting || len(s.Volley) != 1 {
		t.Fatalf("Esc takes back one die: mode %v volley %v", s.Mode, s.Volley)
	}
	click(10)
	c := click(9)
	if c == nil || c.Verb != "fire" || c.Fig != 3 || len(c.Targets) != 3 || c.Targets[0] != 9 || c.Targets[1] != 10 || c.Targets[2] != 9 {
		t.Fatalf("third click fires F9 F10 F9: %+v", c)
	}
	if s.Mode != Selected || len(s.Volley) != 0 {
		t.Errorf("after the volley: mode %v volley %v", s.Mode, s.Volley)
	}
	// one click and Enter: all three on one figure
	s.BeginTargeting("fire")
	click(10)
	c = s.Finish()
	if c == nil || len(c.Targets) != 3 || c.Targets[0] != 10 || c.Targets[1] != 10 || c.Targets[2] != 10 {
		t.Fatalf("one click then Enter: %+v", c)
	}
	// a rifle (one shot) still fires on the first click
	s.Shots = 1
	s.BeginTargeting("fire")
	if c := click(9); c == nil || len(c.Targets) != 1 {
		t.Fatalf("one-shot weapon: %+v", c)
	}
}

// Opportunity fire listed at a point of the mover's path keeps that
// point when its dice are placed one by one: without it the command is
// not the one listed, and the click plays nothing.
func TestVolleyKeepsTheListedPoint(t *testing.T) {
	at := geom.P(12, 30)
	legal := []rules.Command{{Verb: "fire", Fig: 3, Targets: []rules.FigID{9}, Path: []geom.Pt{at}, Arg: "mmg"}}
	s := Selector{Legal: legal}
	s.Mode, s.Sel, s.Shots = Selected, 3, 2
	if !s.BeginTargeting("fire") {
		t.Fatal("opportunity fire should be possible")
	}
	s.Press(Hit{Fig: 9}, geom.Pt{})
	c := s.Press(Hit{Fig: 9}, geom.Pt{})
	if c == nil || len(c.Targets) != 2 || len(c.Path) != 1 || c.Path[0] != at || c.Arg != "mmg" {
		t.Fatalf("the volley should be the listed command with both dice on F9: %+v", c)
	}
}

// Rolls made together (every team's activation die) share one tray: one
// animation holding the rest, a little longer than one roll; a roll of
// another kind, or one after a move, gets its own.
func TestRollsTogetherShareATray(t *testing.T) {
	var tl Timeline
	roll := func(what string) rules.Event {
		return rules.Event{Kind: "roll", Roll: &rules.Ledger{What: what, Dice: []rules.Die{{Sides: 6, Face: 3}}}}
	}
	tl.Add([]rules.Event{roll("Activation, A"), roll("Activation, B"), roll("Activation, C"), roll("Tie roll-off, B"),
		{Kind: "move", Fig: 1, Path: []geom.Pt{geom.P(1, 1), geom.P(2, 1)}}, roll("Activation, D")})
	if len(tl.Items) != 4 {
		t.Fatalf("%d animations, want 4 (three activations together, the tie, the move, the late activation)", len(tl.Items))
	}
	if n := len(tl.Items[0].More); n != 2 {
		t.Errorf("the first tray holds %d more rolls, want 2", n)
	}
	one := Duration(roll("x"))
	if d := tl.Items[0].Dur; d <= one || d >= 3*one {
		t.Errorf("a tray of three lasts %.2fs; want more than one roll (%.2fs), far less than three", d, one)
	}
	if len(tl.Items[1].More) != 0 || len(tl.Items[3].More) != 0 {
		t.Error("a roll of another kind or after a move was put in a tray with others")
	}
}

// Turning to face (or any command aimed at a bare point): the button
// enters pointing, and a click on the table gives the command with that
// point, if the rules take it; a click they refuse gives nothing.
func TestPointingGivesACommandAtThePoint(t *testing.T) {
	legal := []rules.Command{{Verb: "face", Fig: 3}}
	s := Selector{Legal: legal, PointCheck: func(c rules.Command) bool { return c.Path[0] != geom.P(1, 1) }}
	s.Mode, s.Sel = Selected, 3
	if !s.BeginPointing("face") {
		t.Fatal("face should be possible")
	}
	if c := s.Press(Hit{Pt: geom.P(1, 1)}, geom.Pt{}); c != nil || s.Mode != Targeting {
		t.Fatalf("a point the rules refuse gave %+v (mode %v)", c, s.Mode)
	}
	c := s.Press(Hit{Fig: 9, Pt: geom.P(20, 5)}, geom.Pt{})
	if c == nil || c.Verb != "face" || c.Fig != 3 || len(c.Path) != 1 || c.Path[0] != geom.P(20, 5) {
		t.Fatalf("click while pointing gave %+v", c)
	}
	if s.Mode != Selected || s.Point {
		t.Errorf("after the point: mode %v, pointing %v", s.Mode, s.Point)
	}
}

// A figure's volley is one tray even when a die lays a man down before
// the next is rolled: the removal plays after the tray.
func TestVolleyIsOneTray(t *testing.T) {
	var tl Timeline
	die := func(target rules.FigID) rules.Event {
		return rules.Event{Kind: "roll", Fig: 3, Target: target, Roll: &rules.Ledger{What: "Blue gunner fires at someone", Dice: []rules.Die{{Sides: 6, Face: 6}}}}
	}
	tl.Add([]rules.Event{die(9), {Kind: "removed", Fig: 9}, die(10), die(10)})
	if len(tl.Items) != 2 {
		t.Fatalf("%d animations, want the tray and the removal", len(tl.Items))
	}
	if tl.Items[0].Ev.Kind != "roll" || len(tl.Items[0].More) != 2 {
		t.Fatalf("the tray holds %d more dice, want 2", len(tl.Items[0].More))
	}
	if tl.Items[1].Ev.Kind != "removed" || tl.Items[1].Start < tl.Items[0].Start+tl.Items[0].Dur-1e-9 {
		t.Errorf("the removal should play after the whole tray: starts %.2f, tray ends %.2f", tl.Items[1].Start, tl.Items[0].Start+tl.Items[0].Dur)
	}
}

// A line aimed with two clicks (suppressive fire): the first click places
// one end, the second gives the command with both ends, once the rules
// take it; Esc takes back the first end.
func TestLineTwoClicksGiveBothEnds(t *testing.T) {
	offered := rules.Command{Verb: "suppress", Fig: 2, Path: []geom.Pt{geom.P(30, 28), geom.P(36, 28)}}
	tooLong := func(c rules.Command) bool {
		return len(c.Path) == 2 && geom.Dist(c.Path[0], c.Path[1]) <= 6*geom.PerInch
	}
	s := Selector{Legal: []rules.Command{offered, {Verb: "end"}}, PointCheck: tooLong}
	s.Mode, s.Sel = Selected, 2
	if !s.BeginAim(offered, rules.ActLine, false) || !s.Point || !s.Line {
		t.Fatalf("line aiming not begun: %+v", s)
	}
	if _, ok := s.Pending(geom.P(33, 27)); ok {
		t.Error("before the first end a click gives nothing yet")
	}
	if c := s.Press(Hit{Pt: geom.P(33, 27)}, geom.Pt{}); c != nil || s.LineA == nil || *s.LineA != geom.P(33, 27) {
		t.Fatalf("first click gave %+v, first end %v", c, s.LineA)
	}
	// the pending line follows the pointer and is what the table checks
	if p, ok := s.Pending(geom.P(45, 27)); !ok || len(p.Path) != 2 || p.Path[1] != geom.P(45, 27) || tooLong(p) {
		t.Fatalf("pending line %+v", p)
	}
	if c := s.Press(Hit{Pt: geom.P(45, 27)}, geom.Pt{}); c != nil || s.Mode != Targeting {
		t.Fatalf("a line the rules refuse (12\" long) gave %+v", c)
	}
	s.Escape()
	if s.LineA != nil || s.Mode != Targeting {
		t.Fatalf("Esc should take back the first end only: %+v", s)
	}
	s.Press(Hit{Pt: geom.P(31, 27)}, geom.Pt{})
	c := s.Press(Hit{Fig: 7, Pt: geom.P(36, 29)}, geom.Pt{})
	if c == nil || c.Verb != "suppress" || c.Fig != 2 || len(c.Targets) != 0 ||
		len(c.Path) != 2 || c.Path[0] != geom.P(31, 27) || c.Path[1] != geom.P(36, 29) {
		t.Fatalf("two clicks gave %+v, want suppress F2 31,27 36,29", c)
	}
	if s.Mode != Selected || s.Line || s.LineA != nil || s.Aim != nil {
		t.Errorf("after the line: %+v", s)
	}
}

// A weapon chosen on the bar is the weapon used: a figure clicked gives
// that button's command (not the first listed), and a click on bare
// ground gives the same command at that point with no target, when the
// rule set lets it be aimed at the ground.
func TestGroundAimKeepsTheChosenWeapon(t *testing.T) {
	plain := rules.Command{Verb: "grenade", Fig: 2, Targets: []rules.FigID{5}}
	smoke := rules.Command{Verb: "grenade", Fig: 2, Targets: []rules.FigID{5}, Arg: "smoke"}
	refuse := geom.P(60, 60)
	s := Selector{Legal: []rules.Command{plain, smoke}, PointCheck: func(c rules.Command) bool { return c.Path[0] != refuse },
		GroupOf: func(c rules.Command) string { return c.Verb + " " + c.Arg }}
	s.Mode, s.Sel = Selected, 2
	if !s.BeginAim(smoke, rules.ActAim, true) || s.Point || !s.Ground {
		t.Fatalf("aim not begun: %+v", s)
	}
	if c := s.TargetCommand(5); c == nil || c.Arg != "smoke" {
		t.Fatalf("the smoke button aims %+v at the figure", c)
	}
	if c := s.Press(Hit{Pt: refuse}, geom.Pt{}); c != nil || s.Mode != Targeting {
		t.Fatalf("a point the rules refuse gave %+v", c)
	}
	c := s.Press(Hit{Pt: geom.P(36, 20)}, geom.Pt{})
	if c == nil || c.Verb != "grenade" || c.Arg != "smoke" || c.Fig != 2 || len(c.Targets) != 0 || len(c.Path) != 1 || c.Path[0] != geom.P(36, 20) {
		t.Fatalf("a click on the ground gave %+v, want grenade F2 36,20 smoke", c)
	}
	// without Ground a click on bare table gives nothing
	s.Mode = Selected
	s.BeginAim(plain, rules.ActAim, false)
	if c := s.Press(Hit{Pt: geom.P(36, 20)}, geom.Pt{}); c != nil {
		t.Fatalf("an aim at figures only gave %+v at the ground", c)
	}
	if c := s.Press(Hit{Fig: 5, Pt: geom.P(36, 30)}, geom.Pt{}); c == nil || c.Arg != "" || len(c.Targets) != 1 {
		t.Fatalf("the plain grenade button gave %+v", c)
	}
}

// A unit's command aimed at a point with a weapon (a call for fire) is
// given as the unit's, with its weapon, at the point clicked.
func TestUnitPointCommandKeepsUnitAndWeapon(t *testing.T) {
	call := rules.Command{Verb: "call", Unit: 4, Path: []geom.Pt{geom.P(10, 30)}, Arg: "light-mortar"}
	s := Selector{Legal: []rules.Command{call}, Team: map[rules.FigID]rules.UnitID{8: 4}}
	s.Mode, s.Sel = Selected, 8
	if !s.BeginAim(call, rules.ActPoint, false) {
		t.Fatal("call not begun")
	}
	c := s.Press(Hit{Pt: geom.P(22, 31)}, geom.Pt{})
	if c == nil || c.Verb != "call" || c.Unit != 4 || c.Fig != 0 || c.Arg != "light-mortar" || len(c.Path) != 1 || c.Path[0] != geom.P(22, 31) {
		t.Fatalf("call gave %+v", c)
	}
}

// Commands offered on one button keep every target of that button, even
// when their words differ (a team's direct fire, and aimed fire at a
// leader, both on "Fire").
func TestOneButtonKeepsAllItsTargets(t *testing.T) {
	direct := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{7}, Arg: "direct"}
	aimed := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{9}, Arg: "aimed"}
	s := Selector{Legal: []rules.Command{direct, aimed}, Team: map[rules.FigID]rules.UnitID{2: 1},
		GroupOf: func(c rules.Command) string { return c.Verb }}
	s.Mode, s.Sel = Selected, 2
	if !s.BeginAim(direct, rules.ActAim, false) {
		t.Fatal("fire not begun")
	}
	if c := s.Press(Hit{Fig: 9, Pt: geom.P(5, 5)}, geom.Pt{}); c == nil || c.Arg != "aimed" {
		t.Fatalf("the leader on the same button gave %+v", c)
	}
}

// A click near the rim of a base, with the hand wobbling a few pixels
// between press and release, is a click (the figure is selected and
// stays put), even though the pointer is further from the figure's
// centre than the drag threshold: the threshold runs from where the
// press landed. Only a pointer that travels beyond it drags a move.
func TestClickOnTheRimWithAWobbleIsAClick(t *testing.T) {
	const perInch = 17.0
	centre := geom.P(5, 5)
	rim := geom.P(5+9/perInch, 5) // 9 px from the centre, on a big base
	for _, tc := range []struct {
		px   float64
		drag bool
	}{{0, false}, {4, false}, {-4, false}, {10, true}} {
		s := Selector{Legal: legal(), Slop: SlopFor(perInch)}
		s.Press(Hit{Fig: 1, Own: true, Pt: rim}, centre)
		q := geom.P(geom.Inches(rim.X)+tc.px/perInch, 5)
		s.Move(rim)
		s.Move(q)
		c := s.Release(q)
		if got := c != nil; got != tc.drag {
			t.Errorf("press on the rim, %v px of wobble: command %+v, want a move: %v", tc.px, c, tc.drag)
		}
		if !tc.drag && (s.Mode != Selected || s.Sel != 1) {
			t.Errorf("press on the rim, %v px of wobble: mode %v sel %d, want figure 1 selected", tc.px, s.Mode, s.Sel)
		}
	}
}

// A fit with a border keeps the table in the middle: the table's frame
// room (an inch) is the same on every side, so no side's frame and
// rulers are pushed under a panel (the table fitted with tw+2 inches
// sat an inch up and left, its top ruler under the header at 1920x1080).
func TestFitBorderCentresTheTable(t *testing.T) {
	c := NewCamera(1580, 966)
	c.FitBorder(36, 36, 1, 16, true)
	x0, y0 := c.ToScreen(0, 0)
	x1, y1 := c.ToScreen(36, 36)
	if !near(x0, 1580-x1) || !near(y0, 966-y1) {
		t.Errorf("the table spans (%g,%g)-(%g,%g) of 1580x966: not in the middle", x0, y0, x1, y1)
	}
	if room := y0 - 16; !near(room, c.Zoom) {
		t.Errorf("the border above the table is %g px, want an inch (%g px)", room, c.Zoom)
	}
}

// A figure's command aimed at one man of a unit (a mortar plotted on a
// squad, listed once) may be aimed at any of that unit's men the rule set
// takes: the click does what the rules allow instead of refusing with no
// reason; a man the rule set refuses is not retargeted to the listed one.
func TestFigureCommandAimsAtATeamMate(t *testing.T) {
	s := Selector{
		Legal: []rules.Command{{Verb: "plot", Fig: 11, Targets: []rules.FigID{2}}},
		Team:  map[rules.FigID]rules.UnitID{1: 1, 2: 1, 3: 1, 11: 3},
		Check: func(c rules.Command) bool { return c.Targets[0] != 3 },
	}
	s.Sel = 11
	s.BeginTargeting("plot")
	if c := s.TargetCommand(1); c == nil || c.Fig != 11 || c.Targets[0] != 1 {
		t.Fatalf("plotting on 1, squad-mate of the listed 2: %+v", c)
	}
	if !s.Targetable(1) {
		t.Error("1 is not marked as a target")
	}
	if c := s.TargetCommand(3); c != nil || s.Targetable(3) {
		t.Errorf("3, refused by the rule set, is aimed at as %+v", c)
	}
}

// While aiming, a press on one of your own men who is not a target of
// the aim stops it and presses him, so that a drag from him moves him
// (a Firefight play-tester's first drag only picked the man).
func TestDragFromOwnManWhileAiming(t *testing.T) {
	s := Selector{Legal: legal()}
	p := geom.P(5, 5)
	s.Press(Hit{Fig: 1, Own: true, Pt: p}, p)
	s.Release(p)
	if !s.BeginTargeting("fire") {
		t.Fatal("fire should be possible")
	}
	q := geom.P(7, 5)
	s.Press(Hit{Fig: 2, Own: true, Pt: q}, q)
	if s.Mode != Pressing || s.Sel != 2 {
		t.Fatalf("pressing F2 while aiming: mode %v, sel %v", s.Mode, s.Sel)
	}
	s.Move(geom.P(7, 8))
	if s.Mode != Dragging {
		t.Fatalf("the drag from F2 did not start: mode %v", s.Mode)
	}
	if c := s.Release(geom.P(7, 8)); c == nil || c.Verb != "move" || c.Fig != 2 {
		t.Errorf("the drag gave %+v", c)
	}
}
