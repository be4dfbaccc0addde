package game

import (
	"strings"
	"testing"

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
	got := askText([]string{"Uffz Kern", "Gefr Lenz", "Schtz Moll", "MG team"}, 1, "act", "End activation")
	if !strings.HasPrefix(got, "3 figures and 1 team can still act (Uffz Kern, Gefr Lenz, Schtz Moll, MG team)") {
		t.Errorf("the question reads %q", got)
	}
	if got := askText([]string{"rifle 1", "rifle 2"}, 0, "move", ""); !strings.HasPrefix(got, "2 figures can still move") {
		t.Errorf("with no team the question reads %q", got)
	}
}
