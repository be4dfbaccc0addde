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

// endedBattle is a random game of the standard SSG game played to its end,
// on a 1280x800 table, its last animations through.
func endedBattle(t *testing.T) (*App, *battle, *rules.Game) {
	t.Helper()
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	g, _ := rules.PlayRandom(rs, sc, m, 3, 5000)
	if g == nil || !g.St.Over {
		t.Fatal("the random game did not end")
	}
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	b.tl.SkipAll()
	b.tl.Step(100)
	return a, b, g
}

// "Look at the table" on the result shows the battle as it ended, its
// figures and its log, and stays there until Enter or Esc (it showed the
// bare map, while the result sent the player to a log he could no longer
// reach); the result says how long the battle lasted in words.
func TestResultLooksAtTheBattleAsItEnded(t *testing.T) {
	a, b, _ := endedBattle(t)
	r := newResult(a, b).(*result)
	a.scene = r
	var said []string
	art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
	render(a, r)
	art.Said = nil
	text := strings.Join(said, "\n")
	if strings.Contains(text, "commands") || !strings.Contains(text, "Fought over ") || strings.Contains(text, " 1 turns") {
		t.Errorf("the result's foot reads %q", text)
	}
	if err := r.Update(a, 1.0/60); err != nil {
		t.Fatal(err)
	}
	if b.tv.padR != 0 || b.tv.padB != 0 {
		t.Errorf("the result's table keeps room for panels it does not have: right %.0f, foot %.0f", b.tv.padR, b.tv.padB)
	}
	r.look(a)
	for range 10 {
		if err := a.scene.Update(a, 0.1); err != nil {
			t.Fatal(err)
		}
	}
	if a.scene != Scene(b) {
		t.Fatalf("looking at the table went back to %T at once", a.scene)
	}
	if h := b.barHint(); !strings.Contains(h, "over") || !strings.Contains(h, "Enter") {
		t.Errorf("the bar does not say the battle is over and how to go back: %q", h)
	}
	if b.tv.padR < 300 {
		t.Errorf("looking at the table, the side panel has %.0f px", b.tv.padR)
	}
	// the head names the outcome, not a side "to play" in a battle over
	said = nil
	art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
	render(a, b)
	art.Said = nil
	text = strings.Join(said, "\n")
	if strings.Contains(text, " to play ") || !(strings.Contains(text, "Victory to ") || strings.Contains(text, "A draw  -  ")) {
		t.Errorf("the table after the end is headed as if play went on: %q", said[:min(len(said), 3)])
	}
}

// The losses line in the top bar reads the same whichever side is to
// play: it was shortened only when the longer side's name headed the
// bar, so it changed its words as the turn passed.
func TestLossesLineKeepsItsWords(t *testing.T) {
	g := shippedGame(t, "smle-heli-drop.toml", 1)
	a, b := deciderTable(g)
	a.W, a.H = 1024, 640
	b.tv.cam.Resize(a.W, a.H)
	seen := map[string]bool{}
	for side := range 2 {
		g.St.Decider, g.St.Active = side, side
		b.shown = side
		b.refresh()
		art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) {
			if strings.Contains(s, " at 6)") {
				seen[s] = true
			}
		}
		render(a, b)
		art.Said = nil
	}
	if len(seen) != 1 {
		t.Errorf("the losses line reads %d ways: %v", len(seen), seen)
	}
}
