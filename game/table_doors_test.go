package game

import (
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// A British figure standing at the farmhouse door on the standard table
// is offered, on the action bar, to open the door or kick it in with the
// exact chance; opening it from the bar opens it in the game, and a
// figure inside shows the house cut away.
func TestDoorButtons(t *testing.T) {
	m, err := terrain.Load(content.MapsFS, "ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc := &rules.Scenario{Name: "door", RuleSet: "smle", BaseR: 500, TurnLimit: 3}
	sc.Sides[0].Name, sc.Sides[1].Name = "British", "Germans"
	fig := func(name string, x, y float64) rules.ScenarioFigure {
		return rules.ScenarioFigure{Name: name, Weapons: []string{"rifle"}, Pos: geom.P(x, y), HasPos: true}
	}
	sc.Sides[0].Units = []rules.ScenarioUnit{{Name: "Section", Quality: "trained",
		Figures: []rules.ScenarioFigure{fig("Cpl Dent", 27.5, 20.3), fig("Pte Eyre", 25.5, 21.5)}}}
	sc.Sides[1].Units = []rules.ScenarioUnit{{Name: "Gruppe", Quality: "trained",
		Figures: []rules.ScenarioFigure{fig("Uffz Abt", 6, 4)}}}
	rs, _ := all.Get("smle")
	g, _, err := rules.NewGame(rs, sc, m, 3)
	if err != nil {
		t.Fatal(err)
	}
	for g.St.Active != 0 || g.St.Phase != "activate" {
		if _, err := g.Apply(rules.Command{Verb: "end"}); err != nil {
			t.Fatal(err)
		}
	}
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	b.shown = 0
	b.sel.Mode, b.sel.Sel = view.Selected, 1
	b.layoutButtons(a)
	// a figure at a door has many choices: the bar goes compact rather
	// than push End off the screen
	var labels []string
	for _, bt := range b.buttons {
		labels = append(labels, bt.label)
	}
	last := b.buttons[len(b.buttons)-1]
	if right := last.x + last.w; right > a.W-b.tv.padR {
		t.Errorf("the bar runs to x=%.0f, under the log (from %.0f): %q", right, a.W-b.tv.padR, labels)
	}
	press := func(want ...string) {
		t.Helper()
		for i, bt := range b.buttons {
			for _, l := range want {
				if bt.label == l {
					b.bcmds[i]()
					return
				}
			}
		}
		t.Fatalf("no %q button among %q", want, labels)
	}
	kick, rush := 0, 0
	for _, bt := range b.buttons {
		if strings.HasPrefix(bt.label, "Kick") {
			kick++
			if !strings.HasSuffix(bt.label, "(3 in 6)") {
				t.Errorf("kick button %q: a trained figure breaks in on 4+, 3 in 6", bt.label)
			}
		}
		if strings.HasPrefix(bt.label, "Rus") {
			rush++
		}
	}
	if kick != 1 || rush != 1 {
		t.Errorf("want one kick and one rush button (a team-mate is 2.3\" from the door): %q", labels)
	}
	press("Open the door", "Open door")
	door := terrain.DoorRef{Piece: 1, Index: 0}
	if rules.DoorStateOf(g.RS, g.St, door) != 1 {
		t.Fatalf("after pressing Open the door, the door's state is %d", rules.DoorStateOf(g.RS, g.St, door))
	}
	if len(occupied(g.St, nil)) != 0 {
		t.Fatal("nobody is inside yet")
	}
	if _, err := g.Apply(rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(27.5, 18.4)}}); err != nil {
		t.Fatal(err)
	}
	if !occupied(g.St, nil)[1] || occupied(g.St, func(*rules.Figure) bool { return true })[1] {
		t.Error("a figure inside the farmhouse should open it up, unless it is hidden from the viewer")
	}
}

// With hidden set-up the order of play does not name the hidden side's
// teams to the other player.
func TestOrderHidesUnseenTeams(t *testing.T) {
	g := shippedGame(t, "smle-ambush.toml", 5)
	hiddenSide := 1 // the British hide
	for g.St.Decider == hiddenSide {
		if _, err := g.Apply(rules.Command{Verb: "end"}); err != nil {
			t.Fatal(err)
		}
	}
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	named, unseen := 0, 0
	for i, o := range b.explain.Order {
		l := b.orderLabel(i, o)
		switch {
		case o.Side == g.St.Decider && strings.Contains(l, "unseen"):
			t.Errorf("the player's own team is hidden from him: %q", l)
		case o.Side == hiddenSide && o.Side != g.St.Decider:
			if !strings.Contains(l, "unseen enemy team") {
				t.Errorf("hidden team named to the enemy: %q", l)
			}
			unseen++
		default:
			named++
		}
	}
	if unseen == 0 {
		t.Errorf("no hidden team in the order (decider %d): %+v", g.St.Decider, b.explain.Order)
	}
	if named == 0 {
		t.Error("no team named at all")
	}
}

// The deployment screen refuses a base dropped on a building for the
// Simple Skirmish Game (before, it checked only the area and other bases,
// and such a game could not be resumed); S.M.L.E. lets a figure be placed
// inside a house with doors when its area reaches there.
func TestDeployKeepsOutOfBuildings(t *testing.T) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1280, H: 800, speed: 8}
	d := a.deployScene(sc, m).(*deploy)
	d.area = [2]*terrain.Area{} // anywhere on the table, as far as areas go
	var f *rules.ScenarioFigure
	d.sc.EachFigure(func(_, _, _ int, g *rules.ScenarioFigure) {
		if f == nil {
			f = g
		}
	})
	if why := d.ok(f, geom.P(27.5, 17)); !strings.Contains(why, "impassable") {
		t.Errorf("a base dropped in the farmhouse: %q", why)
	}
	if why := d.ok(f, geom.P(2, 33)); why != "" {
		t.Errorf("a base dropped in the open: %q", why)
	}
	d.sc.RuleSet = "smle"
	if why := d.ok(f, geom.P(27.5, 17)); why != "" {
		t.Errorf("S.M.L.E.: a base dropped inside the farmhouse: %q", why)
	}
	if why := d.ok(f, geom.P(27.5, 19)); why == "" {
		t.Error("S.M.L.E.: a base across the farmhouse wall was accepted")
	}
}

// With hidden set-up, the log and the curtain's "Last:" line tell the
// other player that an unseen team did something, never which team, its
// dice or its moves; its own player reads everything, and so does the
// enemy once it is spotted.
func TestLogHidesUnseenTeams(t *testing.T) {
	g := shippedGame(t, "smle-ambush.toml", 5)
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	var hidden *rules.Unit
	for i := range g.St.Units {
		if u := &g.St.Units[i]; u.Side == 1 && !rules.ViewOf(g.RS, g.St, 0).Unit(u.ID) {
			hidden = u
			break
		}
	}
	if hidden == nil {
		t.Fatal("no hidden British team at the start of Ambush")
	}
	var fig *rules.Figure
	for i := range g.St.Figures {
		if g.St.Figures[i].Unit == hidden.ID {
			fig = &g.St.Figures[i]
		}
	}
	move := rules.Event{Kind: "move", Side: 1, Fig: fig.ID, Text: fig.Name + " moves 3\""}
	roll := rules.Event{Kind: "roll", Side: 1, Unit: hidden.ID, Text: hidden.Name + " activates at 8: Advance",
		Roll: &rules.Ledger{What: "Activation, " + hidden.Name, Dice: []rules.Die{{Sides: 6, Face: 3}}, Total: 8, Outcome: "Advance"}}
	b.log = nil
	b.finished(view.Anim{Ev: roll})
	b.finished(view.Anim{Ev: move})
	g.St.Decider = 0 // the Germans at the table
	for _, e := range b.log {
		s := b.shownEntry(e)
		if strings.Contains(s.text, hidden.Name) || strings.Contains(s.text, fig.Name) || s.roll != nil || !strings.Contains(s.text, "unseen enemy") {
			t.Errorf("the Germans read %q (dice %v)", s.text, s.roll != nil)
		}
	}
	if last, _ := b.lastAction(); strings.Contains(last.text, fig.Name) {
		t.Errorf("the curtain's last line names the hidden figure: %q", last.text)
	}
	g.St.Decider = 1 // the British read their own
	if s := b.shownEntry(b.log[0]); s.text != roll.Text || s.roll == nil {
		t.Errorf("the British read %q", s.text)
	}
	g.St.Decider = 0
	delete(hidden.Vars, "unspotted") // spotted: no longer a secret
	if s := b.shownEntry(b.log[1]); s.text != move.Text {
		t.Errorf("after spotting the Germans read %q", s.text)
	}
}
