package game

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// The turn's initiative reads the same in the dice tray and in the turn
// panel (issue 24's play-test: the tray said "20 against 9: US Army
// moves", the panel only "US Army: 20" and "Wehrmacht: 9"): both give
// both sides' totals and who goes first, in the same words.
func TestInitiativeSaidAlikeInTrayAndPanel(t *testing.T) {
	g, evs := shippedGameEvents(t, "maxim-armour-crossroads.toml", 1)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, evs)
	b.tl.SkipAll()
	for _, an := range b.tl.Step(100) {
		b.finished(an)
	}
	var ini *rules.Ledger
	for _, ev := range evs {
		if ev.Roll != nil && ev.Roll.Compare == "opposed" && strings.HasPrefix(ev.Roll.What, "Initiative") {
			ini = ev.Roll
		}
	}
	if ini == nil {
		t.Fatal("the opening rolled no initiative")
	}
	tray, ok := sidesAgainst(g.St, ini)
	want := "US Army 20 against Wehrmacht 9: US Army moves"
	if !ok || tray != want {
		t.Fatalf("the tray says %q (%v), want %q", tray, ok, want)
	}
	var title string
	for _, p := range b.explain.Panels {
		if p.Kind == rules.PanelInitiative {
			title = p.Title
		}
	}
	panel, ok := b.initiativeLine(title)
	if !ok || panel != tray {
		t.Errorf("the panel %q says %q, the tray %q", title, panel, tray)
	}
}

// The question before an end counts figures and teams apart: a team's
// own order is not "a figure" (play-test: "4 figures can still act (Uffz
// Kern, Gefr Lenz, Schtz Moll, MG team)").
func TestEndQuestionCountsTeamsApart(t *testing.T) {
	got := askText([]string{"Uffz Kern", "Gefr Lenz", "Schtz Moll", "MG team"}, 1, 0, "act", "End activation")
	if !strings.HasPrefix(got, "3 figures and 1 team can still act (Uffz Kern, Gefr Lenz, Schtz Moll, MG team)") {
		t.Errorf("the question reads %q", got)
	}
	if got := askText([]string{"rifle 1", "rifle 2"}, 0, 0, "move", ""); !strings.HasPrefix(got, "2 figures can still move") {
		t.Errorf("with no team the question reads %q", got)
	}
}

// The 1/35th Panzer's orders are its crew's, a unit's: the question
// called it a team ("3 figures and 1 team can still act (..., Panzer
// 412)", play-test 10). A vehicle is counted as one.
func TestEndQuestionCountsAVehicleAsOne(t *testing.T) {
	g := shippedGame(t, "skirmish35-panzer.toml", 1)
	_, b := deciderTable(g)
	b.refresh()
	var end *rules.Command
	for i, c := range b.legal {
		if b.action(c).Kind == rules.ActEnd {
			end = &b.legal[i]
		}
	}
	if end == nil {
		t.Fatal("no end offered")
	}
	names, _, teams, vehicles := b.stillAble(*end)
	got := askText(names, teams, vehicles, "act", "End turn")
	if vehicles != 1 || teams != 0 || !strings.Contains(got, "and 1 vehicle can still act") {
		t.Errorf("%d teams, %d vehicles: %q", teams, vehicles, got)
	}
	if got := countWho(0, 2, 1); got != "2 teams and 1 vehicle" {
		t.Errorf("countWho(0, 2, 1) = %q", got)
	}
}

// A turn's initiative rolled again on a tie is one tray of several
// rolls: each row names its roll and both sides' scores ("US Army 10
// against Wehrmacht 10: tie ..."), where it repeated "turn 1: US Army
// against Wehrmacht" over "total 1" (play-test 4).
func TestInitiativeRollOffTrayNamesBothScores(t *testing.T) {
	for seed := uint64(1); seed < 300; seed++ {
		g, evs := shippedGameEvents(t, "maxim-armour-crossroads.toml", seed)
		n := 0
		for _, ev := range evs {
			if _, ok := sidesAgainst(g.St, ev.Roll); ok {
				n++
			}
		}
		if n < 2 {
			continue
		}
		a := &App{W: 1024, H: 640, speed: 1}
		b := newBattle(a, g, evs)
		var said []string
		art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
		defer func() { art.Said = nil }()
		// (the rows' outcomes show once the dice have tumbled)
		for i := 0; i < 80 && !strings.Contains(strings.Join(said, "\n"), " against "+g.St.Sides[1].Name+" "); i++ {
			said = said[:0]
			b.tl.Step(0.05)
			render(a, b)
		}
		text := strings.Join(said, "\n")
		if !strings.Contains(text, fmt.Sprintf("Roll 1 of %d", n)) || !strings.Contains(text, fmt.Sprintf("Roll %d of %d", n, n)) {
			t.Fatalf("seed %d: the tray of %d initiative rolls reads %q", seed, n, text)
		}
		sides := g.St.Sides[0].Name + " "
		rows := 0
		for _, s := range said {
			if strings.HasPrefix(s, sides) && strings.Contains(s, " against "+g.St.Sides[1].Name+" ") {
				rows++
			}
			if strings.HasPrefix(s, "total ") {
				t.Errorf("seed %d: a row still reads %q", seed, s)
			}
		}
		if rows != n {
			t.Errorf("seed %d: %d of %d rows give both sides' scores: %q", seed, rows, n, text)
		}
		return
	}
	t.Fatal("no seed ties the opening initiative")
}
