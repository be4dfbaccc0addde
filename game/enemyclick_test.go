package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// A click on an enemy with one of your figures selected aims at him with
// what the figure may do to him, and says why it may not fire (issue 24
// play test: 1/35th's hidden sniper was silent before and after acquiring
// his man).
func TestEnemyClickAimsOrSaysWhy(t *testing.T) {
	g := playedAfter(t, "skirmish35-ambush.toml", "move F6 42.675,14.558", "end")
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	sniper, vogt := g.St.Fig(9), g.St.Fig(2)
	if sniper.Name != "Pte Lloyd" || vogt.Name != "Schtz Vogt" {
		t.Fatalf("the scenario's figures moved: F9 %s, F2 %s", sniper.Name, vogt.Name)
	}
	b.sel.Mode, b.sel.Sel = view.Selected, sniper.ID
	b.enemyClick(a, vogt.ID)
	if b.sel.Mode != view.Targeting || b.sel.Verb != "acquire" {
		t.Fatalf("a click on Vogt before acquiring him: mode %v verb %q, want aiming an acquire", b.sel.Mode, b.sel.Verb)
	}
	if !strings.Contains(a.toast, "has not acquired Schtz Vogt") {
		t.Errorf("the player is not told he must acquire first: %q", a.toast)
	}
	c := b.sel.TargetCommand(vogt.ID)
	if c == nil {
		t.Fatal("no acquire at Vogt")
	}
	g.St.Force(6, 6)
	if _, err := g.Apply(*c); err != nil {
		t.Fatal(err)
	}
	b.refresh()
	b.sel.Reset()
	b.sel.Mode, b.sel.Sel = view.Selected, sniper.ID
	b.enemyClick(a, vogt.ID)
	if b.sel.Mode != view.Selected {
		t.Errorf("nothing may be done to Vogt, yet the click aims (%q)", b.sel.Verb)
	}
	if !strings.Contains(a.toast, "only aimed shots") || !strings.Contains(a.toast, "cannot aim") || strings.Contains(a.toast, "F2") {
		t.Errorf("acquired, the sniper's refusal reads %q", a.toast)
	}
}

// While the other side's opportunity fire prompt is up at one desk, a
// click on one of the waiting side's figures says the other side decides
// first and holds the number keys back from that prompt (the play test's
// key 1, meant as his own man's shot, fired the enemy's team); the next
// prompt takes its keys again.
func TestWaitingSideClickHoldsPromptKeys(t *testing.T) {
	g := opportunityGame(t)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	b.shown = g.St.Active
	if !b.deskInterrupt() || b.keysHeld() {
		t.Fatalf("desk interrupt %v, keys held %v: want the prompt up, keys free", b.deskInterrupt(), b.keysHeld())
	}
	b.waitClick(a)
	decider := g.St.Sides[g.St.Decider].Name
	if !b.keysHeld() || !strings.Contains(a.toast, "The "+decider+" decide first") {
		t.Fatalf("after a click on a waiting figure: keys held %v, toast %q", b.keysHeld(), a.toast)
	}
	_, pass := b.offers()
	if pass == nil {
		t.Fatal("no pass offered")
	}
	if _, err := g.Apply(*pass); err != nil {
		t.Fatal(err)
	}
	if b.keysHeld() {
		t.Error("the keys are still held after the prompt was answered")
	}
}

// On the mover's own table (hot seat, no curtain) the first Enter while
// the other side's prompt is up is held back and says whose prompt it is
// (the play test's mover pressed Enter after his tank's drive and let the
// Wehrmacht's shot pass unseen); a second Enter lets it pass. Where the
// deciding side has the table, one Enter is its own answer.
func TestMoversEnterDoesNotAnswerThePrompt(t *testing.T) {
	g := opportunityGame(t)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	b.shown = g.St.Active
	decider := g.St.Sides[g.St.Decider].Name
	if !b.holdEnter(a) {
		t.Fatal("the mover's first Enter answered the other side's prompt")
	}
	if !strings.Contains(a.toast, "The "+decider+" may act first") || !strings.Contains(a.toast, "Enter again") {
		t.Errorf("the held Enter says %q", a.toast)
	}
	if b.holdEnter(a) {
		t.Error("the second Enter is held too: the prompt could never pass by key")
	}
	_, pass := b.offers()
	if pass == nil {
		t.Fatal("no pass offered")
	}
	if _, err := g.Apply(*pass); err != nil {
		t.Fatal(err)
	}
	// the deciding side at its own table (against the computer, or after
	// the curtain) answers with one Enter
	g2 := opportunityGame(t)
	b2 := newBattle(a, g2, nil)
	b2.shown = g2.St.Decider
	if b2.holdEnter(a) {
		t.Error("Enter held where the deciding side has the table")
	}
}

// The question before an end that leaves figures able to act stands in
// the side panel's foot, clear of the table (over the end button it hid
// the table's foot), whole and unfaded for as long as it stands.
func TestEndQuestionInTheSidePanel(t *testing.T) {
	for _, size := range [][2]float64{{1024, 640}, {1920, 1080}} {
		a, b := newTestBattle(t)
		fitAt(a, b, size[0], size[1])
		b.tl.SkipAll()
		b.tl.Step(100)
		b.layoutButtons(a)
		c := b.enterEnd()
		if c == nil {
			t.Fatal("no end offered at the start")
		}
		b.end(a, *c)
		if b.ask == nil || !strings.Contains(b.ask.text, "anyway?") {
			t.Fatal("no question before the end")
		}
		for _, wait := range []float64{0, 10} {
			if err := b.Update(a, wait); err != nil {
				t.Fatal(err)
			}
			var said []string
			panel := a.W - b.tv.padR
			_, _, _, _, lines := b.askBox(a)
			art.Said = func(_ *ebiten.Image, s string, x0, y0, x1, y1 float64) {
				if !slices.Contains(lines, s) {
					return
				}
				if x0 < panel || x1 > a.W || y1 > a.H {
					t.Errorf("%.0fx%.0f: the question's line %q (%.0f..%.0f, foot %.0f) is not in the side panel (from %.0f)", a.W, a.H, s, x0, x1, y1, panel)
				}
				said = append(said, s)
			}
			render(a, b)
			art.Said = nil
			if got := strings.Join(said, " "); !strings.Contains(got, "anyway?") || !strings.Contains(got, "can still") {
				t.Errorf("%.0fx%.0f, %.0f s after it was asked: the question is not drawn whole: %q", a.W, a.H, wait, got)
			}
		}
	}
}

// A team letter is drawn only where it tells teams apart: a side of one
// team (the SSG standard game) has none, a side of several has A, B...
func TestTeamLettersOnlyWhereTheyTellApart(t *testing.T) {
	_, b := newTestBattle(t)
	if len(b.letters) != 0 {
		t.Errorf("one team a side, yet letters %v", b.letters)
	}
	g := shippedGame(t, "smle-skirmish.toml", 1)
	ls := teamLetters(g.St)
	per := [2]int{}
	for _, u := range g.St.Units {
		per[u.Side]++
	}
	for _, u := range g.St.Units {
		if l := ls[u.ID]; (per[u.Side] > 1) != (l != "") {
			t.Errorf("%s (side %d of %d teams): letter %q", u.Name, u.Side, per[u.Side], l)
		}
	}
}

// The header says the animation speed in words, not "speed x1 [ ]".
func TestSpeedWords(t *testing.T) {
	for s, want := range map[float64]string{1: "normal", 0.5: "slow x0.5", 4: "fast x4"} {
		if got := speedWords(s); got != want {
			t.Errorf("speed %g reads %q, want %q", s, got, want)
		}
	}
}

// Firefight's first turn: the sides start out of each other's sight, so
// a figure picked has nothing to spot or fire at; the player is told so
// (the play test found only Move and postures on the bar, and no word
// why), quietly: in the bar's hint or the side panel, never in a notice
// over the table (a later play-tester read that, on merely selecting a
// man, as a scolding).
func TestNoEnemyInSightIsSaid(t *testing.T) {
	g := shippedGame(t, "firefight-crossroads.toml", 1)
	var mover rules.FigID
	for i := 0; i < 30 && mover == 0; i++ {
		legal := g.Legal()
		for _, c := range legal {
			if c.Verb == "move" {
				mover = c.Fig
			}
		}
		if mover != 0 {
			break
		}
		next := legal[0]
		for _, c := range legal {
			if c.Verb == "motivate" {
				next = c
				break
			}
		}
		if _, err := g.Apply(next); err != nil {
			t.Fatal(err)
		}
	}
	if mover == 0 {
		t.Fatal("no figure came to move")
	}
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	b.sel.Mode, b.sel.Sel = view.Selected, mover
	if b.enemyInSight(g.St.Fig(mover).Side) {
		t.Skip("an enemy is in sight at the start of this deployment")
	}
	// said quietly: no notice over the table, but the side panel (the
	// bar's buttons leave its hint no room at 1024x640) or the hint
	render(a, b)
	b.layoutButtons(a)
	if a.toast != "" {
		t.Errorf("picking %s put a notice over the table: %q", g.St.Fig(mover).Name, a.toast)
	}
	note := b.noEnemyNote(a)
	if b.hintShown(a) == (note != "") {
		t.Errorf("the bar's hint shown: %v, and the side panel's note %q: it should be said in one place", b.hintShown(a), note)
	}
	if !b.hintShown(a) && !strings.Contains(note, "No enemy is in sight of the") {
		t.Errorf("with no room for the bar's hint the side panel says %q", note)
	}
	if h := b.barHint(); !strings.Contains(h, "No enemy is in sight yet") {
		t.Errorf("the bar's hint reads %q", h)
	}
}

// A click on an enemy vehicle with a man selected aims at it, as a click
// on an enemy man does: the Outpost's rifleman, offered opportunity fire
// at the landing helicopter, aims at the point of its hull clicked, and
// the next click fires (a play-tester's click only showed its card).
func TestClickOnEnemyVehicleAims(t *testing.T) {
	g := playedAfter(t, "smle-heli-drop.toml", "end", "arrive U1 V1")
	a, b := deciderTable(g)
	v := &g.St.Vehicles[0]
	var eber *rules.Figure
	for i := range g.St.Figures {
		if g.St.Figures[i].Name == "Pte Eber" {
			eber = &g.St.Figures[i]
		}
	}
	if eber == nil || eber.Side != g.St.Decider || v.Removed {
		t.Fatalf("not the Outpost's prompt at the landed helicopter (decider %d, phase %s)", g.St.Decider, g.St.Phase)
	}
	b.sel.Mode, b.sel.Sel = view.Selected, eber.ID
	b.refresh()
	b.enemyVehClick(a, v.ID, v.Pos)
	if b.sel.Mode != view.Targeting || !strings.Contains(a.toast, "aiming at "+v.Name) {
		t.Fatalf("the click did not aim: mode %v, %q", b.sel.Mode, a.toast)
	}
	if err := g.Refusal(b.hullShot(v.Pos)); err != nil {
		t.Errorf("the shot aimed is refused: %v", err)
	}
}

// A drag of a man whose move is over says why in the rules' words: a
// play-tester's drag of a man just out of a helicopter did nothing and
// said nothing.
func TestDragOfAStoppedManSaysWhy(t *testing.T) {
	g := playedAfter(t, "smle-heli-drop.toml", "end", "arrive U1 V1", "pass", "debus U1 V1", "pass", "end", "debus U3 V1", "pass")
	_, b := deciderTable(g)
	var out *rules.Figure
	for i := range g.St.Figures {
		if f := &g.St.Figures[i]; f.Unit == 3 && !f.Removed && g.St.Carrier(f.ID) == 0 {
			out = f
			break
		}
	}
	if out == nil {
		t.Fatal("no man of Bravo out of the helicopter")
	}
	why := b.dragRefusal(out, []geom.Pt{{X: out.Pos.X - 3*geom.PerInch, Y: out.Pos.Y}})
	if !strings.Contains(why, out.Name+" has stopped and may move no further this go") {
		t.Errorf("the drag's refusal reads %q", why)
	}
}

// The sight line drawn as one man aims at another is the rule set's own
// sight: in the 1/35th Ford, Schtz Ott's line to Pvt Kemp through the
// barley and a hedge is partial (dashed), as the odds of acquiring him
// are (a play-tester saw it crossed out as blocked beside "acquired 83%").
func TestAimingLineIsTheRuleSetsSight(t *testing.T) {
	g := playedAfter(t, "skirmish35-ford.toml", "move F5 47.35,19.574")
	_, b := deciderTable(g)
	b.sel.Mode, b.sel.Sel = view.Selected, 5
	b.refresh()
	b.aimOdds(10)
	o, err := g.Odds(rules.Command{Verb: "acquire", Fig: 5, Targets: []rules.FigID{10}})
	if err != nil || o.P("acquired") <= 0 {
		t.Fatalf("Schtz Ott cannot acquire Pvt Kemp here: %v %v", o, err)
	}
	if b.los.Vis == terrain.Blocked {
		t.Errorf("the line is drawn blocked while the odds give %.0f%% to acquire", 100*o.P("acquired"))
	}
}

// Maxim's Uhlans: a rider has moved, and the British may fire at a point
// of his move. A click on him with the Vickers' sergeant aims with no
// refusal in front ("Give the point of its move..." was shown, though
// the aim worked); with a rifleman who cannot see him, the reason is his
// own ("cannot see"), not the machine gun's shots shaped for a rifle
// ("a Rifle fires 1 shot a phase; 3 were named").
func TestOpportunityClickReasonsAreTheFirersOwn(t *testing.T) {
	g := playedAfter(t, "maxim-uhlans-1914.toml", "move F1 42.156,11.848")
	a, b := deciderTable(g)
	checked := 0
	for _, f := range g.St.Figures {
		if f.Side != g.St.Decider || f.Removed {
			continue
		}
		b.sel.Reset()
		b.sel.Mode, b.sel.Sel = view.Selected, f.ID
		b.refresh()
		a.toast = ""
		b.enemyClick(a, 1)
		if strings.Contains(a.toast, " were named") || strings.Contains(a.toast, "point of its move") {
			t.Errorf("%s: a click on the rider says %q", f.Name, a.toast)
		}
		if b.sel.Mode == view.Targeting && !strings.HasPrefix(a.toast, "MMG: aiming") && !strings.Contains(a.toast, ": aiming at") {
			t.Errorf("%s aims, saying %q", f.Name, a.toast)
		}
		checked++
	}
	if checked < 2 {
		t.Fatalf("only %d British figures looked at", checked)
	}
}

// At the British prompt on the Uhlans' shared table, a click on the
// rider with a British man picked is the British aim; with no one
// picked it is the mover's click, told that the British decide first.
func TestPromptClickWithTheDecidersManAims(t *testing.T) {
	g := playedAfter(t, "maxim-uhlans-1914.toml", "move F1 42.156,11.848")
	_, b := deciderTable(g)
	b.shown = g.St.Active // the mover's table, the prompt on it
	if !b.deskInterrupt() {
		t.Fatal("no prompt on the shared table")
	}
	if b.deciderPicked() {
		t.Error("with no one picked, a click on the rider is taken for the British")
	}
	b.sel.Mode, b.sel.Sel = view.Selected, 11
	if g.St.Fig(11).Side != g.St.Decider || !b.deciderPicked() {
		t.Error("with the Vickers' sergeant picked, a click on the rider is not the British aim")
	}
}

// S.M.L.E. fires by teams: a click on an enemy with a man of a team that
// cannot fire at him says why in the team's terms (no man of it can see
// him), not "it is MG 42 team's go" (the answer to a man's fire, which
// S.M.L.E. does not use), as a play-tester met at the Tank Bocage.
func TestTeamFireRefusalSpeaksOfTheEnemy(t *testing.T) {
	g := playedAfter(t, "smle-tank-bocage.toml", "move F15 53.88,7.298")
	a, b := deciderTable(g)
	quast, walker := g.St.Fig(15), g.St.Fig(1)
	if quast.Name != "Gefr Quast" || walker.Name != "Cpl Walker" {
		t.Fatalf("the figures are %s and %s", quast.Name, walker.Name)
	}
	b.sel.Mode, b.sel.Sel = view.Selected, quast.ID
	b.refresh()
	b.enemyClick(a, walker.ID)
	if !strings.Contains(a.toast, "Cpl Walker") || strings.Contains(a.toast, "'s go") {
		t.Errorf("the click on Cpl Walker says %q", a.toast)
	}
}

// A card refusing a spot for want of sight names what stands between
// (a play-tester's "cannot see Gefr Lenz" said nothing of the hill), and
// a refused fire reads "cannot fire at", not "cannot fire Lt von Arnim".
func TestRefusalCardNamesTheBlocker(t *testing.T) {
	g, err := gameAfter(t, "firefight-mg42-farm-lane.toml", 1, "motivate F9", "motivate F10", "move F17 24.769,28.231")
	if err != nil {
		t.Fatal(err)
	}
	a, b := deciderTable(g)
	var avery, lenz *rules.Figure
	for i := range g.St.Figures {
		switch f := &g.St.Figures[i]; f.Name {
		case "Cpl Avery":
			avery = f
		case "Gefr Lenz":
			lenz = f
		}
	}
	b.sel.Mode, b.sel.Sel = view.Selected, avery.ID
	b.refresh()
	if !b.beginTargetingWith("spot", "") {
		t.Fatal("Cpl Avery may not spot")
	}
	b.hover = lenz.ID
	b.aimOdds(lenz.ID)
	if b.los.Vis != terrain.Blocked {
		t.Skipf("Cpl Avery sees Gefr Lenz here (%v): nothing to name", b.los.Vis)
	}
	var said []string
	art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
	render(a, b)
	art.Said = nil
	text := strings.Join(said, " ")
	if !strings.Contains(text, "stands between them") {
		t.Errorf("the card does not say what blocks the sight: %q", text)
	}
	if verbAt("fire") != "fire at" || verbAt("spot") != "spot" {
		t.Error("verbAt")
	}
}

// gameAfter is a shipped scenario's game after the commands given.
func gameAfter(t *testing.T, file string, seed uint64, cmds ...string) (*rules.Game, error) {
	t.Helper()
	g := shippedGame(t, file, seed)
	for _, line := range cmds {
		c, err := rules.ParseCommand(line)
		if err != nil {
			return nil, err
		}
		if _, err := g.Apply(c); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// A command that cannot fail reads "certain: ..." on its card: "no
// dice" was untrue of a roll thrown all the same (1/35th's acquire of a
// man in the open), and orders are certain too.
func TestCertainOutcomeCard(t *testing.T) {
	g := shippedGame(t, "firefight-mg42-farm-lane.toml", 1)
	a, b := deciderTable(g)
	for _, c := range g.Legal() {
		if c.Verb != "motivate" || len(c.Targets) != 1 {
			continue
		}
		b.sel.Mode, b.sel.Sel = view.Selected, c.Fig
		b.refresh()
		if !b.beginTargetingWith("motivate", c.Arg) {
			continue
		}
		b.hover = c.Targets[0]
		b.aimOdds(c.Targets[0])
		if len(b.odds.Outcomes) != 1 {
			continue
		}
		var said []string
		art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
		render(a, b)
		art.Said = nil
		text := strings.Join(said, "\n")
		if !strings.Contains(text, "\ncertain") || strings.Contains(text, "no dice") || strings.Contains(text, "certain: certain") {
			t.Errorf("the card of %s reads %q", c, text)
		}
		return
	}
	t.Skip("no certain order at the start")
}

// The range line of an aiming card does not repeat a band that a
// modifier below names: 1/35th's "Range 26" range +3" over "+3 range
// 26.0" (a point per 10", rounded up)".
func TestRangeBandSaidOnce(t *testing.T) {
	g, err := gameAfter(t, "skirmish35-ford.toml", 1, "move F5 47.35,19.574", "acquire F5 F10", "acquire F4 F10")
	if err != nil {
		t.Skipf("the play-test's opening does not replay on this deployment: %v", err)
	}
	a, b := deciderTable(g)
	b.sel.Mode, b.sel.Sel = view.Selected, 4
	b.refresh()
	if !b.beginTargetingWith("fire", "unaimed") && !b.beginTargetingWith("fire", "") {
		t.Fatal("Schtz Noll may not fire")
	}
	b.hover = 10
	b.aimOdds(10)
	if b.oddsCmd == nil {
		t.Fatalf("no shot at Pvt Kemp: %v", b.oddsErr)
	}
	var said []string
	art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
	render(a, b)
	art.Said = nil
	for _, s := range said {
		if strings.HasPrefix(s, "Range ") && strings.Contains(s, "range +") {
			t.Errorf("the range line repeats the band: %q", s)
		}
	}
}

// playedAfter is gameAfter for a test that cannot go on without it.
func playedAfter(t *testing.T, file string, cmds ...string) *rules.Game {
	t.Helper()
	g, err := gameAfter(t, file, 1, cmds...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
