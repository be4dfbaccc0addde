package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// TestOpeningDiceWaitBehindTheCurtain: at a hot-seat desk the second
// side deploys last. When the first side plays first, the curtain comes
// down before anything of the battle shows, and the opening dice (the
// roll-off, the first activation) wait behind it to roll for the player
// who takes the table; they are not rolled on the deployer's screen.
func TestOpeningDiceWaitBehindTheCurtain(t *testing.T) {
	held := 0
	for _, file := range shippedFiles(t) {
		a, _ := autosaveApp(t)
		a.opt.noResume = true
		sc, m, err := all.LoadScenario(content.ScenariosFS, file, content.MapsFS)
		if err != nil {
			t.Fatal(err)
		}
		if err := rules.AutoDeploy(sc, m); err != nil {
			t.Fatal(err)
		}
		s, err := a.battleFor(sc, m)
		if err != nil {
			t.Fatal(err)
		}
		b := s.(*battle)
		if b.st().Decider == 1 {
			if b.curtain {
				t.Errorf("%s: the side that deployed last plays first, yet the curtain came down", file)
			}
			continue
		}
		if !b.curtain {
			t.Errorf("%s: the first mover's table shows to the side that deployed last", file)
			continue
		}
		busy, lines := b.tl.Busy(), rolled(b)
		for range 40 {
			if err := b.Update(a, 0.5); err != nil {
				t.Fatal(err)
			}
		}
		if !b.curtain || b.tl.Busy() != busy || rolled(b) != lines {
			t.Errorf("%s: the opening dice rolled behind the curtain (curtain %v, rolling %v, %d rolls in the log, %d before: %v)", file, b.curtain, b.tl.Busy(), rolled(b), lines, b.log)
			continue
		}
		if !busy {
			continue
		}
		held++
		b.curtain, b.shown = false, b.st().Decider // the click that lifts it
		was := len(b.log)
		for range 80 {
			if err := b.Update(a, 0.5); err != nil {
				t.Fatal(err)
			}
		}
		if b.tl.Busy() || len(b.log) == was {
			t.Errorf("%s: the opening events did not play once the curtain lifted (rolling %v)", file, b.tl.Busy())
		}
	}
	if held == 0 {
		t.Fatal("no shipped scenario opens with dice for the first side: the test proves nothing")
	}
}

// rolled counts the log's lines that come with dice.
func rolled(b *battle) int {
	n := 0
	for _, e := range b.log {
		if e.roll != nil {
			n++
		}
	}
	return n
}

// The curtain that comes down at a hand-over is not lifted by a key or
// click in the moment after (a play-tester's second Enter of an end
// lifted it before the mouse had changed hands); later it is.
func TestCurtainIsNotLiftedByTheEndsSecondKey(t *testing.T) {
	a, b := newTestBattle(t)
	b.tl.SkipAll()
	for _, an := range b.tl.Step(100) {
		b.finished(an)
	}
	b.shown, b.curtain = b.st().Decider, false
	a.tick = 1000
	for i := 0; i < 8 && !b.curtain; i++ {
		endStep(t, a, b)
	}
	if !b.curtain {
		t.Fatal("the table was never handed over")
	}
	if b.curtainSettled() {
		t.Error("a key in the frame the curtain came down would lift it")
	}
	a.tick += 10 * askGuard // a busy machine's burst of late updates: still too soon
	if b.curtainSettled() {
		t.Error("a burst of updates in a moment lets a key lift the curtain")
	}
	b.curtainWhen = b.curtainWhen.Add(-askWait)
	if !b.curtainSettled() {
		t.Error("the curtain cannot be lifted later")
	}
}

// At the hand-over in SSG, which names no steps of its own, the camera
// goes to the side taking the table: a play-tester zoomed in on the
// Germans ended their turn and the British were left off the screen.
func TestHandOverBringsTheNextSideIntoView(t *testing.T) {
	g := shippedGame(t, "ssg-village-patrols.toml", 1)
	a, b := deciderTable(g)
	b.tv.fitted = true // (the player's own zoom stands)
	mover := g.St.Decider
	// zoomed in on the side to play
	var x, y, n float64
	for _, f := range g.St.Figures {
		if f.Side == mover {
			p := b.tv.scr(f.Pos)
			x, y, n = x+p.X, y+p.Y, n+1
		}
	}
	b.tv.cam.ZoomAt(x/n, y/n, 4)
	for range 60 {
		b.tv.cam.Step(0.05)
	}
	onScreen := func(side int) (on, all int) {
		for _, f := range g.St.Figures {
			if f.Side != side || f.Removed {
				continue
			}
			p := b.tv.scr(f.Pos)
			all++
			if p.X >= b.tv.padL && p.Y >= b.tv.padT && p.X <= a.W-b.tv.padR && p.Y <= a.H-b.tv.padB {
				on++
			}
		}
		return
	}
	if on, _ := onScreen(1 - mover); on > 0 {
		t.Fatalf("zoomed in, %d of the other side's men are still on screen: the test proves nothing", on)
	}
	for i := 0; i < 12 && g.St.Decider == mover; i++ {
		endStep(t, a, b)
	}
	if b.curtain { // the next player takes the table
		b.liftCurtain()
		if err := b.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
	}
	for range 60 {
		b.tv.cam.Step(0.05)
	}
	if on, all := onScreen(g.St.Decider); on*2 < all {
		t.Errorf("after the hand-over only %d of the %d men of the side to play are on screen", on, all)
	}
}

// endStep ends the step under way as a player does (Enter, and Enter
// again when asked), lets its dice roll out and plays a frame.
func endStep(t *testing.T, a *App, b *battle) {
	t.Helper()
	b.refresh()
	e := b.enterEnd()
	if e == nil {
		t.Fatal("no end offered")
	}
	b.end(a, *e)
	if b.ask != nil {
		a.tick += askGuard
		b.end(a, *e)
	}
	b.tl.SkipAll()
	for _, an := range b.tl.Step(100) {
		b.finished(an)
	}
	if err := b.Update(a, 1.0/60); err != nil {
		t.Fatal(err)
	}
}

// When the Germans ended their last chit the British panel and their
// "Motivate everyone" button stood on the German table for the two
// seconds the draw took to roll, before the curtain came down (play-test
// 9). Until the curtain the bar offers the next side nothing and the
// panel keeps the words of the side at the table; once it lifts, the
// next side has its orders.
func TestNothingOfTheNextSideBeforeTheCurtain(t *testing.T) {
	for _, file := range []string{"firefight-crossroads.toml", "maxim-armour-crossroads.toml", "ssg-standard.toml"} {
		g := shippedGame(t, file, 1)
		a, b := deciderTable(g)
		b.refresh()
		side := g.St.Decider
		var before *rules.Explanation
		for n := 0; g.St.Decider == side && n < 40; n++ {
			e := b.enterEnd()
			if e == nil {
				t.Fatalf("%s: no end offered", file)
			}
			before = b.explain
			b.ask = nil
			b.apply(a, *e) // the dice of what the end brings still to roll
		}
		if g.St.Decider == side {
			t.Fatalf("%s: the table never changed hands", file)
		}
		if b.curtain || b.shown != side {
			t.Fatalf("%s: curtain %v, shown %d before the dice rolled", file, b.curtain, b.shown)
		}
		b.layoutButtons(a)
		for _, bt := range b.buttons {
			if !bt.disabled && !bt.hintOnly {
				t.Errorf("%s: %q stands on %s's bar before the curtain", file, bt.label, g.St.Sides[side].Name)
			}
		}
		if len(b.legal) != 0 || b.explain != before {
			t.Errorf("%s: the next side's orders (%d) or panel (%v) before the curtain", file, len(b.legal), b.explain != before)
		}
		// nor its name at the top, nor "click one of your figures" on the
		// bar (play-test 10: "British to play" over the German table)
		var said []string
		art.Said = func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64) { said = append(said, s) }
		render(a, b)
		art.Said = nil
		next := g.St.Sides[g.St.Decider].Name
		for _, s := range said {
			if strings.HasPrefix(s, next+" to play") || strings.Contains(s, "one of your figures") {
				t.Errorf("%s: %q on the table before the curtain", file, s)
			}
		}
		// the dice roll, the curtain comes down and is lifted: the next
		// side's table
		b.tl.SkipAll()
		for _, an := range b.tl.Step(100) {
			b.finished(an)
		}
		if err := b.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
		if !b.curtain {
			t.Fatalf("%s: no curtain at the hand-over", file)
		}
		// the curtain names the next side's step, not the last side's
		// ("British, your move" over "Germans chit 1: leaders
		// motivate", play-test 10)
		if ex, ok := g.RS.(rules.Explainer); ok && (b.explain == nil || b.explain.Head != ex.Explain(g.St).Head) {
			t.Errorf("%s: the curtain's heading is the last side's", file)
		}
		b.liftCurtain()
		if b.curtain || b.shown != g.St.Decider || len(b.legal) == 0 {
			t.Errorf("%s: after the curtain: curtain %v, shown %d, %d orders", file, b.curtain, b.shown, len(b.legal))
		}
	}
}
