package game

import (
	"fmt"
	"image/color"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

func newTestBattle(t *testing.T) (*App, *battle) {
	t.Helper()
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	g, evs, err := rules.NewGame(rs, sc, m, 7)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1280, H: 800, speed: 1}
	b := newBattle(a, g, evs)
	b.tv.cam.Resize(1280, 800)
	b.tv.fit(true)
	b.tv.fitted = true
	b.tv.art.Budget = 0
	return a, b
}

func render(a *App, s Scene) *ebiten.Image {
	dst := ebiten.NewImage(int(a.W), int(a.H))
	art.BeginBatch(dst, false)
	s.Draw(a, dst)
	art.EndBatch()
	return dst
}

// fitAt sizes the window to w x h and fits the table to it, as a
// player's window of that size opens.
func fitAt(a *App, b *battle, w, h float64) {
	a.W, a.H = w, h
	b.tv.cam.Resize(a.W, a.H)
	b.tv.fit(true)
}

// plainTable draws the table plainly for the rest of the test (see
// art.PlainTable): for tests that build battle after battle and look only
// at where figures, words and panels lie, not at the painted ground.
func plainTable(t *testing.T) {
	art.PlainTable = true
	t.Cleanup(func() { art.PlainTable = false })
}

// The curtain hides the whole table from the side not playing.
func TestCurtainHidesTheTable(t *testing.T) {
	a, b := newTestBattle(t)
	openImg := render(a, b)
	b.curtain = true
	hidden := render(a, b)
	side := sideColour(b.st(), b.st().Decider)
	dominant := func(c color.RGBA) int {
		switch {
		case c.R >= c.G && c.R >= c.B:
			return 0
		case c.G >= c.B:
			return 1
		}
		return 2
	}
	for _, f := range b.st().Figures {
		p := b.tv.scr(f.Pos)
		o := openImg.At(int(p.X), int(p.Y)).(color.RGBA)
		c := hidden.At(int(p.X), int(p.Y)).(color.RGBA)
		if c == o {
			t.Errorf("curtain left %s visible at %v (%v)", f.Name, p, c)
		}
		if dominant(c) != dominant(side) {
			t.Errorf("pixel at %s = %v is not the deciding side's cloth (%v)", f.Name, c, side)
		}
	}
}

// The battle, its dice tray and the result screen draw without trouble,
// and the luck report counts the rolls of the log.
func TestBattleAndResultDraw(t *testing.T) {
	a, b := newTestBattle(t)
	render(a, b)
	for _, an := range b.tl.Items { // the roll-off is on the tray
		if an.Ev.Roll != nil {
			b.tl.Now = an.Start + an.Dur*0.9
		}
	}
	render(a, b)
	b.tl.SkipAll()
	for _, an := range b.tl.Step(0) {
		b.finished(an)
	}
	if len(b.log) == 0 || b.log[0].roll == nil {
		t.Fatalf("the roll-off ledger is not in the log: %+v", b.log)
	}
	b.g.St.Over = true
	b.g.St.Winner = 1
	b.g.St.Result = "test"
	r := newResult(a, b)
	render(a, r)
}

// The hotseat curtain tells the incoming player what the opponent last
// did, not the announcement that it is now their turn.
func TestCurtainNamesTheLastAction(t *testing.T) {
	b := &battle{log: []logEntry{
		{text: "Blue rifle 2 fires at Red rifle 2: miss", kind: "roll"},
		{text: "Turn 1: Red moves", kind: "turn"},
		{text: "Movement phase", kind: "phase"},
		// the table's own notes are no one's action (play-test 6's
		// curtain read "Last: Resumed from heli.save...")
		{text: "Resumed from heli.save after 12 commands.", side: -1},
		{text: "(taken back: Red rifle 1 moves 3\")", side: -1},
	}}
	e, ok := b.lastAction()
	if !ok || e.text != "Blue rifle 2 fires at Red rifle 2: miss" {
		t.Fatalf("curtain would say %q", e.text)
	}
	if _, ok := (&battle{log: []logEntry{{text: "Turn 1", kind: "turn"}}}).lastAction(); ok {
		t.Fatal("with only announcements there is no last action to show")
	}
}

// A new player who presses Enter on the scenario choice gets the
// rulebook's introductory game.
func TestChooserStartsOnTheStandardGame(t *testing.T) {
	c := newChooser(&App{}).(*chooser)
	if it := c.items[c.cur]; it.file != DefaultScenario || it.err != nil {
		t.Fatalf("the choice starts on %q (%v)", it.file, it.err)
	}
}

// Nothing tells a roll's result before the dice land: while the shot is
// on the tray, the losses in the header and the figures' markers and
// postures are those from before the shot; once it has played out they
// are the new ones.
func TestResultWaitsForTheDice(t *testing.T) {
	a, b := newTestBattle(t)
	g := b.g
	b.tl.SkipAll()
	b.tl.Step(1)
	var shot *rules.Command
	for i := 0; i < 12 && shot == nil && !g.St.Over; i++ {
		for _, c := range g.Legal() {
			if c.Verb == "fire" && len(c.Targets) == 1 {
				if o, err := g.Odds(c); err == nil && o.P("hit") > 0 {
					cc := c
					shot = &cc
					break
				}
			}
		}
		if shot == nil {
			// move every figure 4" towards the enemy, then end the phase
			for _, c := range g.Legal() {
				if c.Verb != "move" {
					continue
				}
				f := g.St.Fig(c.Fig)
				var dy int64
				if f.Pos.Y < g.St.Map.Height/2 {
					dy = 4 * 1000
				} else {
					dy = -4 * 1000
				}
				c.Path = []geom.Pt{{X: f.Pos.X, Y: f.Pos.Y + dy}}
				g.Apply(c)
			}
			if _, err := g.Apply(rules.Command{Verb: "end"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if shot == nil {
		t.Fatal("no shot came up in the standard game")
	}
	b.refresh()
	side := g.St.Fig(shot.Targets[0]).Side
	lossesBefore := g.St.Sides[side].Losses
	g.St.Force(6) // a hit: the target is out of the fight
	if !b.apply(a, *shot) {
		t.Fatal("the shot was refused")
	}
	if g.St.Sides[side].Losses != lossesBefore+1 {
		t.Fatalf("a six should hit: losses %d -> %d", lossesBefore, g.St.Sides[side].Losses)
	}
	if !b.tl.Busy() {
		t.Fatal("the shot has nothing to animate")
	}
	if got := b.shownSt().Sides[side].Losses; got != lossesBefore {
		t.Errorf("while the dice roll the header shows %d losses; want %d, as before the shot", got, lossesBefore)
	}
	render(a, b)
	b.tl.SkipAll()
	b.tl.Step(1)
	b.settle()
	if got := b.shownSt().Sides[side].Losses; got != lossesBefore+1 {
		t.Errorf("after the dice the header shows %d losses; want %d", got, lossesBefore+1)
	}
}

// A figure dragged while the dice of an earlier roll still play is moved
// at once and stays where it was dropped: it does not jump back to walk
// the path again after the dice, and the dice keep playing.
func TestDragDuringAnimationStaysWhereDropped(t *testing.T) {
	a, b := newTestBattle(t)
	if !b.tl.Busy() {
		t.Fatal("the opening roll-off should be on the tray")
	}
	b.shown = b.st().Decider
	var mv rules.Command
	for _, c := range b.g.Legal() {
		if c.Verb == "move" {
			mv = c
			break
		}
	}
	f := b.st().Fig(mv.Fig)
	from := f.Pos
	to := geom.Pt{X: from.X, Y: from.Y - geom.In(2)}
	if f.Pos.Y < b.st().Map.Height/2 {
		to.Y = from.Y + geom.In(2)
	}
	mv.Path = []geom.Pt{to}
	rollsBefore := len(b.tl.Items)
	b.dropped = mv.Fig
	if !b.apply(a, mv) {
		t.Fatal("the move was refused")
	}
	b.dropped = 0
	if got := b.st().Fig(mv.Fig).Pos; got != to {
		t.Fatalf("the figure is at %v, want %v", got, to)
	}
	if p := b.drawPos(b.st().Fig(mv.Fig)); p != b.tv.scr(to) {
		t.Errorf("while the dice play the figure is drawn at %v, want where it was dropped %v", p, b.tv.scr(to))
	}
	for _, an := range b.tl.Items {
		if an.Ev.Kind == "move" && an.Ev.Fig == mv.Fig {
			t.Errorf("the dropped figure walks its path again after the dice")
		}
	}
	if len(b.tl.Items) < rollsBefore {
		t.Errorf("the roll-off stopped playing: %d animations, had %d", len(b.tl.Items), rollsBefore)
	}
	render(a, b)
}

// An idle table is not redrawn: once nothing moves and no input comes,
// Draw is skipped after a few frames; a toast (or any change) wakes it.
func TestIdleTableSleeps(t *testing.T) {
	a, b := newTestBattle(t)
	a.scene = b
	b.tl.SkipAll()
	b.tl.Step(1)
	b.rest = 1 // the pointer has rested: no card is about to appear
	b.tv.cam.Snap()
	render(a, b) // paints every tile (Budget 0)
	if b.animating() {
		t.Fatalf("a settled battle says it is animating (busy %v, camera settled %v, tiles incomplete %v)", b.tl.Busy(), b.tv.cam.Settled(), b.tv.art.Incomplete)
	}
	a.wake() // the first look notes the cursor and window
	drawn := 0
	for i := 0; i < 10; i++ {
		a.wake()
		if a.shouldDraw() {
			drawn++
		}
	}
	if drawn > redrawFrames {
		t.Errorf("an idle table drew %d of 10 frames; want at most %d after the last change", drawn, redrawFrames)
	}
	if a.shouldDraw() {
		t.Error("still drawing after the table settled")
	}
	a.Toast("hello")
	a.wake()
	if !a.shouldDraw() {
		t.Error("a toast did not wake the table")
	}
}

// A table still for a second dozes: Draw naps between frames and the tick
// rate drops, so Ebiten's loop stops spinning at 60 Hz; the first change
// brings back the full rate.
func TestIdleTableDozes(t *testing.T) {
	defer func(n time.Duration) { dozeNap = n }(dozeNap)
	dozeNap = 0
	defer ebiten.SetTPS(ebiten.DefaultTPS)
	a, b := newTestBattle(t)
	a.scene = b
	b.tl.SkipAll()
	b.tl.Step(1)
	b.rest = 1
	b.tv.cam.Snap()
	render(a, b)
	a.wake()
	for i := 0; i < redrawFrames+dozeAfter-1; i++ {
		a.wake()
		if !a.shouldDraw() {
			a.doze()
		}
	}
	if a.idle.dozing {
		t.Fatalf("dozing after %d still frames; want a second (%d) first", a.idle.still, dozeAfter)
	}
	a.wake()
	if !a.shouldDraw() {
		a.doze()
	}
	if !a.idle.dozing || ebiten.TPS() != dozeTPS {
		t.Fatalf("after %d still frames: dozing %v at %d ticks a second; want dozing at %d", a.idle.still, a.idle.dozing, ebiten.TPS(), dozeTPS)
	}
	a.Toast("hello")
	a.wake()
	if a.idle.dozing || ebiten.TPS() != ebiten.DefaultTPS || !a.shouldDraw() {
		t.Errorf("a change did not wake the table: dozing %v, %d ticks a second", a.idle.dozing, ebiten.TPS())
	}
}

// The title sleeps like the battle once its table is painted and its
// camera still (it used to redraw every frame: both cores under the
// software renderer), and a scene that changes with no input (a watched
// file reloaded or refused) pokes it awake.
func TestTitleSleepsAndPokeWakes(t *testing.T) {
	a := &App{W: 1280, H: 800, speed: 1}
	s := newTitle(a)
	a.scene = s
	s.tv.cam.Resize(1280, 800)
	s.tv.fit(true)
	s.tv.fitted = true
	s.tv.art.Budget = 0
	s.tv.cam.Snap()
	render(a, s)
	a.wake()
	drawn := 0
	for i := 0; i < 10; i++ {
		a.wake()
		if a.shouldDraw() {
			drawn++
		}
	}
	if drawn > redrawFrames || a.shouldDraw() {
		t.Errorf("an idle title drew %d of 10 frames and still draws; want at most %d after the last change", drawn, redrawFrames)
	}
	a.poke()
	a.wake()
	if !a.shouldDraw() {
		t.Error("a poke did not wake the title")
	}
}

// A dialog that opens with no input (the network giving up on the host
// while the player sits still) is painted at once, not when the pointer
// next moves.
func TestDialogWakesAStillTable(t *testing.T) {
	a := &App{W: 1280, H: 800, speed: 1}
	s := newTitle(a)
	a.scene = s
	s.tv.cam.Resize(1280, 800)
	s.tv.fit(true)
	s.tv.fitted = true
	s.tv.art.Budget = 0
	s.tv.cam.Snap()
	render(a, s)
	for i := 0; i < 10; i++ {
		a.wake()
		a.shouldDraw()
	}
	if a.shouldDraw() {
		t.Fatal("the title still draws after ten still frames")
	}
	a.Dialog("Opponent not connected", "The host could not be reached.", []string{"Reconnect", "Leave"}, func(int) {})
	a.wake()
	if !a.shouldDraw() {
		t.Error("a dialog opened with no input is not drawn until the pointer moves")
	}
}

// A team selected together moves in formation: every figure follows the
// dragged path shifted by where it stood, each move checked by the rules.
func TestGroupMovesInFormation(t *testing.T) {
	a, b := newTestBattle(t)
	b.tl.SkipAll()
	b.tl.Step(1)
	b.shown = b.st().Decider
	var lead *rules.Figure
	for _, c := range b.legal {
		if c.Verb == "move" {
			lead = b.st().Fig(c.Fig)
			break
		}
	}
	if lead == nil {
		t.Fatal("no figure may move")
	}
	b.selectTeam(lead.ID)
	if len(b.group.figs) < 2 {
		t.Fatalf("the team of %s gave a group of %d", lead.Name, len(b.group.figs))
	}
	before := map[rules.FigID]geom.Pt{}
	for _, id := range b.group.figs {
		before[id] = b.st().Fig(id).Pos
	}
	dy := geom.In(3)
	if lead.Pos.Y > b.st().Map.Height/2 {
		dy = -dy
	}
	to := geom.Pt{X: lead.Pos.X, Y: lead.Pos.Y + dy}
	b.moveGroup(a, rules.Command{Verb: "move", Fig: lead.ID, Path: []geom.Pt{to}})
	for id, p := range before {
		got := b.st().Fig(id).Pos
		if got.X != p.X || got.Y != p.Y+dy {
			t.Errorf("%s went from %v to %v; want 3\" the same way as the rest", b.st().Fig(id).Name, p, got)
		}
	}
	if len(b.group.figs) != 0 {
		t.Error("the group is still selected after its move")
	}
}

// Engine detail stays behind "why" (Y): a roll's rule reference is left
// out of the log and tray until asked for.
func TestWhyShowsTheRule(t *testing.T) {
	_, b := newTestBattle(t)
	l := &rules.Ledger{What: "Roll-off", Dice: []rules.Die{{Sides: 6, Face: 4}}, Compare: ">=", Target: 5, Total: 4, Outcome: "miss", Note: "the rule: a 5 or 6 hits"}
	has := func() bool {
		for _, s := range b.ledgerShown(l) {
			if s == l.Note {
				return true
			}
		}
		return false
	}
	if has() {
		t.Error("the rule's note shows with why off")
	}
	b.why = true
	if !has() {
		t.Error("the rule's note is missing with why on")
	}
	if out := b.ledgerShown(l); len(out) < 2 || out[0] != "rolled one die: 4" {
		t.Errorf("the dice and outcome must always show: %q", out)
	}
}

// A card at the foot of the side panel never hides the newest lines of
// the log: the log ends above it (as the play-test found shot results
// under a figure's card).
func TestLogStandsAboveTheCard(t *testing.T) {
	a, b := newTestBattle(t)
	for i := 0; i < 60; i++ {
		b.log = append(b.log, logEntry{text: fmt.Sprintf("line %d of the battle", i), side: 0})
	}
	dst := ebiten.NewImage(int(a.W), int(a.H))
	art.BeginBatch(dst, false)
	b.drawLog(dst, a)
	full := b.logEnd
	b.card(dst, a, "Schtz Mohr", []string{"Germans - Schützen", "Weapons: rifle", "State: standing", "Wounds: none"}, 0x888888)
	top := b.cardTop
	b.drawLog(dst, a)
	art.EndBatch()
	if top >= a.H || top <= b.tv.padT {
		t.Fatalf("the card stood at %v in a %v-high window", top, a.H)
	}
	if b.logEnd > top+1 {
		t.Errorf("the log's last line ends at %.0f, under the card that starts at %.0f", b.logEnd, top)
	}
	if full <= top {
		t.Fatalf("the log was short of the card anyway (%.0f of %.0f): the test proves nothing", full, top)
	}
}

// Undo is never a number key of the bar: on a bar with nothing else it
// was "1", and a player pressing 1 for a weapon took back his move.
func TestUndoHasNoNumberKey(t *testing.T) {
	a, b := newTestBattle(t)
	b.layoutButtons(a)
	found := false
	for _, bt := range b.buttons {
		if bt.label == "Undo" {
			found = true
			if bt.key != "" {
				t.Errorf("Undo's key is %q", bt.key)
			}
		}
	}
	if !found {
		t.Fatal("no Undo on the bar")
	}
}
