package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// smleGame starts the shipped S.M.L.E. woods scenario with the
// scenario's own placing.
func smleGame(t *testing.T, seed uint64) *rules.Game {
	t.Helper()
	return shippedGame(t, "smle-woods-sections.toml", seed)
}

// shippedGame starts a shipped scenario, figures placed as the scenario
// (or, where it leaves them, automatic deployment) says.
func shippedGame(t *testing.T, file string, seed uint64) *rules.Game {
	t.Helper()
	g, _ := shippedGameEvents(t, file, seed)
	return g
}

// shippedGameEvents is shippedGame with the opening's events.
func shippedGameEvents(t *testing.T, file string, seed uint64) (*rules.Game, []rules.Event) {
	t.Helper()
	sc, m, err := all.LoadScenario(content.ScenariosFS, file, content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	if err := rules.AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	rs, ok := all.Get(sc.RuleSet)
	if !ok {
		t.Fatalf("%s: no rule set %q", file, sc.RuleSet)
	}
	g, evs, err := rules.NewGame(rs, sc, m, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g, evs
}

// sideNamed is the side of g called name (-1 none).
func sideNamed(g *rules.Game, name string) int {
	for i, s := range g.St.Sides {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// advanceTowards moves every figure of the active team as far as it may
// straight at its nearest enemy, until a side is offered opportunity
// fire; it reports whether that happened within a few rounds.
// opportunityGame is a Farm Lane game of the first seed that reaches an
// opportunity fire window.
func opportunityGame(t *testing.T) *rules.Game {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		if g := smleGame(t, seed); playUntilOpportunity(g) {
			return g
		}
	}
	t.Fatal("no seed gave an opportunity fire window")
	return nil
}

func playUntilOpportunity(g *rules.Game) bool {
	for steps := 0; steps < 400 && !g.St.Over && g.St.Round <= 4; steps++ {
		st := g.St
		if st.Phase == "opportunity" {
			return true
		}
		moved := false
		for _, c := range g.Legal() {
			if c.Verb != "move" {
				continue
			}
			f := st.Fig(c.Fig)
			var best *rules.Figure
			for _, e := range st.Alive(1 - f.Side) {
				if best == nil || geom.Dist2(f.Pos, e.Pos) < geom.Dist2(f.Pos, best.Pos) {
					best = e
				}
			}
			if best == nil {
				continue
			}
			for frac := int64(10); frac >= 1; frac-- {
				to := geom.Pt{X: f.Pos.X + (best.Pos.X-f.Pos.X)*frac/40, Y: f.Pos.Y + (best.Pos.Y-f.Pos.Y)*frac/40}
				if g.MoveCheck(f.ID, []geom.Pt{to}).OK {
					if _, err := g.Apply(rules.Command{Verb: "move", Fig: f.ID, Path: []geom.Pt{to}}); err == nil {
						moved = true
					}
					break
				}
			}
			break
		}
		if !moved {
			g.Apply(rules.Command{Verb: "end"})
		}
	}
	return g.St.Phase == "opportunity"
}

// The opportunity window hands the table to the other side with a
// curtain that says why, offers each team's fire with its odds and a
// way to let the mover pass, and hands it back after the pass.
func TestOpportunityFireOffered(t *testing.T) {
	var g *rules.Game
	for seed := uint64(1); seed < 60; seed++ {
		g = smleGame(t, seed)
		if playUntilOpportunity(g) {
			t.Logf("seed %d: opportunity in round %d", seed, g.St.Round)
			break
		}
		g = nil
	}
	if g == nil {
		t.Fatal("no seed gave an opportunity fire window")
	}
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	b.shown = 1 - g.St.Decider // the mover's side had the table
	b.layoutButtons(a)
	var labels []string
	for _, bt := range b.buttons {
		labels = append(labels, bt.label)
	}
	all := strings.Join(labels, " | ")
	if !strings.Contains(all, " fires (kill ") || !strings.Contains(all, "%)") || !strings.Contains(all, "Let it pass") {
		t.Fatalf("buttons %q: want each team's opportunity fire with odds and a pass", all)
	}
	if b.explain == nil || !strings.HasPrefix(b.explain.Head, "Opportunity fire: "+g.St.Sides[g.St.Decider].Name) {
		t.Fatalf("status head %+v", b.explain)
	}
	if !strings.Contains(b.explain.Lines[0], "has just moved in sight of") {
		t.Errorf("first line %q does not say who moved in sight of whom", b.explain.Lines[0])
	}
	// a figure of a team that may fire picks the targeting verb at once
	var opp rules.Command
	for _, c := range b.legal {
		if c.Verb == "oppfire" {
			opp = c
			break
		}
	}
	for _, f := range g.St.Figures {
		if f.Unit == opp.Unit && !f.Removed {
			b.sel.Sel = f.ID
			break
		}
	}
	b.autoTarget()
	if c := b.sel.TargetCommand(opp.Targets[0]); c == nil || c.Verb != "oppfire" || c.Unit != opp.Unit {
		t.Fatalf("clicking the mover with a firing team's figure gives %v, want %v", c, opp)
	}
	decider := g.St.Decider
	if !b.apply(a, rules.Command{Verb: "pass"}) {
		t.Fatal("pass refused")
	}
	if g.St.Decider == decider && g.St.Phase != "opportunity" {
		t.Errorf("after the pass the decider is still %d", decider)
	}
}

// The status panel names the activating team, its band and roll, and
// says what the band allows; the order lists every team lowest roll
// first, each with its band and roll.
func TestActivationStatus(t *testing.T) {
	g := smleGame(t, 1)
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	ex := b.explain
	if ex == nil {
		t.Fatal("no status from the S.M.L.E. rule set")
	}
	cur := g.St.UnitOf(rules.UnitID(g.St.Var("cur")))
	if cur == nil || !strings.HasPrefix(ex.Head, cur.Name+" ("+g.St.Sides[cur.Side].Name+") activating: ") {
		t.Fatalf("head %q does not name the active team", ex.Head)
	}
	var move, combat bool
	for _, l := range ex.Lines {
		move = move || strings.HasPrefix(l, "Move: ")
		combat = combat || strings.HasPrefix(l, "Combat: ")
	}
	if !move || !combat {
		t.Errorf("lines %q lack the move and combat options", ex.Lines)
	}
	if len(ex.Order) != len(g.St.Units) {
		t.Errorf("order has %d teams, want %d", len(ex.Order), len(g.St.Units))
	}
	if len(ex.Order) == 0 || !ex.Order[0].Current {
		t.Errorf("the first team in the order should be acting now: %+v", ex.Order)
	}
	// a bare "Close 9" read as a code to a play-tester: the number is
	// the team's roll, and the note says the order goes by it
	for _, o := range ex.Order {
		if !strings.Contains(o.Label, " (rolled ") {
			t.Errorf("order entry %q does not say its number is the team's roll", o.Label)
		}
	}
	if !strings.Contains(ex.OrderNote, "roll") || !strings.Contains(ex.Head, "(rolled ") {
		t.Errorf("the order's note %q or the head %q does not say the order goes by the roll", ex.OrderNote, ex.Head)
	}
}

// A missed explosive's burst is drawn from where it was aimed (its
// target's spot) to where the rules say it landed.
func TestBlastAimRecorded(t *testing.T) {
	g := smleGame(t, 1)
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	tg := &g.St.Figures[len(g.St.Figures)-1]
	land := geom.Circle{C: geom.Pt{X: tg.Pos.X, Y: tg.Pos.Y + 2*geom.PerInch}, R: 2 * geom.PerInch}
	b.push([]rules.Event{
		{Kind: "roll", Fig: 1, Target: tg.ID, Roll: &rules.Ledger{What: "throw", Dice: []rules.Die{{Sides: 6, Face: 1}, {Sides: 6, Face: 1}}, Compare: ">=", Target: 9, Total: 2, Outcome: "miss"}},
		{Kind: "roll", Roll: &rules.Ledger{What: "deviation", Dice: []rules.Die{{Sides: 6, Face: 5}}, Compare: "table", Total: 5, Outcome: "2\" long"}},
		{Kind: "blast", Area: &land, Text: "bursts"},
	})
	if aim, ok := b.blastAim[&land]; !ok || aim != tg.Pos {
		t.Fatalf("aim %v %v, want the target's spot %v", aim, ok, tg.Pos)
	}
	var blast view.Anim
	for _, an := range b.tl.Items {
		if an.Ev.Kind == "blast" {
			blast = an
		}
	}
	if blast.Dur*b.tl.Speed < view.BlastTime-1e-9 {
		t.Errorf("the burst plays %.2fs at speed 1, want %.2fs to show the drift", blast.Dur*b.tl.Speed, view.BlastTime)
	}
}

// The S.M.L.E. scenarios show each side's points on the scenario choice.
func TestChooserPrices(t *testing.T) {
	c := newChooser(&App{W: 1280, H: 800}).(*chooser)
	n := 0
	for _, it := range c.items {
		if it.sc == nil {
			continue
		}
		if it.sc.RuleSet == "smle" {
			if !it.priced || it.points[0] <= 0 || it.points[1] <= 0 || len(it.pointsLines) == 0 {
				t.Errorf("%s: not priced (%v %v)", it.file, it.points, it.pointsLines)
			}
			n++
		} else if it.priced {
			t.Errorf("%s: priced though its rule set has no points", it.file)
		}
	}
	if n == 0 {
		t.Fatal("no S.M.L.E. scenario shipped")
	}
}

// An interruption is asked on the table, with no curtain, when both sides
// see the same table (Farm Lane hides nothing); a team given the
// standing order to hold fire lets the next offer pass by itself.
func TestInterruptionWithoutCurtain(t *testing.T) {
	g := opportunityGame(t)
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	b.shown = g.St.Active // the mover's side has the table
	if !b.interrupting() || b.viewsDiffer() {
		t.Fatalf("interrupting %v, views differ %v: want an interruption on an open table", b.interrupting(), b.viewsDiffer())
	}
	render(a, b)
	if b.curtain {
		t.Fatal("the curtain came down for an interruption on an open table")
	}
	offers, pass := b.offers()
	if len(offers) == 0 || pass == nil {
		t.Fatalf("offers %v pass %v", offers, pass)
	}
	decider := g.St.Decider
	if b.standingOrder(a) {
		t.Fatal("no standing order yet, but one was carried out")
	}
	for _, c := range offers {
		b.setOrder(b.offerUnit(c), "hold")
	}
	if !b.standingOrder(a) {
		t.Fatal("every team offered holds fire: the offer should pass by itself")
	}
	if g.St.Decider == decider && g.St.Phase == "opportunity" {
		t.Errorf("after the standing order the decider is still %d in the opportunity window", decider)
	}
}

// On a shared desk the other side's interruption prompt stands apart on
// the bar when there is room (1600x1000 for Farm Lane's three teams and
// standing orders): it is headed by "<side> decide:" and none of its
// buttons covers the place where the mover's first button stood the
// moment before (the play-tester, moving a German, clicked where his own
// "Shoot..." had been and fired the British team).
func TestInterruptionPromptStandsApart(t *testing.T) {
	g := opportunityGame(t)
	a := &App{W: 1600, H: 1000, speed: 8}
	b := newBattle(a, g, nil)
	b.shown = g.St.Active
	render(a, b)
	b.layoutButtons(a)
	if len(b.buttons) < 3 {
		t.Fatalf("the prompt's bar holds %d buttons", len(b.buttons))
	}
	for _, p := range b.buttons {
		if strings.Contains(p.label, "...") && !strings.HasSuffix(p.label, "...") || p.y+p.h > float64(a.H) {
			t.Errorf("button %q is cut or runs off the window (y %.0f h %.0f)", p.label, p.y, p.h)
		}
	}
	if !b.tagOn {
		t.Errorf("at 1600x1000 the prompt's bar is not headed by its side's name: %+v", b.buttons)
	}
	if want := g.St.Sides[g.St.Decider].Name + " decide:"; b.promptTag() != want {
		t.Fatalf("the prompt is headed %q, want %q", b.promptTag(), want)
	}
	// the mover's first button, as it stood without the prompt
	firstX := 14 * art.UIScale
	for _, bt := range b.buttons {
		if bt.endSlot || bt.fixedKey {
			continue
		}
		if bt.x < firstX+100*art.UIScale {
			t.Errorf("the prompt's button %q stands at x %.0f, over where the mover's first button was (from %.0f)", bt.label, bt.x, firstX)
		}
	}
}

// A crowded prompt (1024x640, three teams offered and the standing
// orders) gives up its heading before any button runs under the end's
// place: no button overlaps another.
func TestCrowdedPromptButtonsDoNotOverlap(t *testing.T) {
	g := opportunityGame(t)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	b.shown = g.St.Active
	render(a, b)
	b.layoutButtons(a)
	if len(b.buttons) < 3 {
		t.Fatalf("the prompt's bar holds %d buttons", len(b.buttons))
	}
	for _, p := range b.buttons {
		if strings.Contains(p.label, "...") && !strings.HasSuffix(p.label, "...") || p.y+p.h > float64(a.H) {
			t.Errorf("button %q is cut or runs off the window (y %.0f h %.0f)", p.label, p.y, p.h)
		}
	}
	for i, p := range b.buttons {
		for _, q := range b.buttons[i+1:] {
			if p.x < q.x+q.w && q.x < p.x+p.w && p.y < q.y+q.h && q.y < p.y+p.h {
				t.Errorf("buttons %q (x %.0f y %.0f w %.0f) and %q (x %.0f y %.0f w %.0f) overlap", p.label, p.x, p.y, p.w, q.label, q.x, q.y, q.w)
			}
		}
	}
}

// At 1024x640 the scenario choice gave each side's points twice: the
// Points line, and under it the ledger cut to each side's total. A
// short window shows the Points line alone; a tall one the whole ledger,
// each team's price summed to the total.
func TestChooserGivesThePointsOnce(t *testing.T) {
	plainTable(t)
	for _, size := range [][2]float64{{1024, 640}, {1920, 1080}} {
		a := &App{W: size[0], H: size[1]}
		c := newChooser(a).(*chooser)
		n := 0
		for i, it := range c.items {
			if !it.priced {
				continue
			}
			n++
			c.cur = i
			var said []string
			art.Said = func(dst *ebiten.Image, s string, x0, y0, x1, y1 float64) { said = append(said, s) }
			dst := ebiten.NewImage(int(a.W), int(a.H))
			c.Draw(a, dst)
			art.Said = nil
			totals, priced, points := 0, 0, 0
			for _, s := range said {
				switch {
				case strings.Contains(s, ": total "):
					totals++
				case strings.Contains(s, " = "):
					priced++
				case strings.HasPrefix(s, "Points: "):
					points++
				}
			}
			if points != 1 || totals > 0 && priced == 0 {
				t.Errorf("%s at %v: Points lines %d, totals %d, team prices %d", it.file, size, points, totals, priced)
			}
		}
		if n == 0 {
			t.Fatal("no priced scenario")
		}
	}
}
