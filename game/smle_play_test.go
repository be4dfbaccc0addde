package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hedgerow/rules"
	"regexp"
)

// An activation roll reads as the band the player finds in the status
// panel ("total 10: Close"), never as the table's row name ("close-9",
// which looks wrong next to a total of 10); other rolls keep their words.
func TestActivationRollNamesItsBand(t *testing.T) {
	hit := &rules.Ledger{What: "Pte Dunn", Dice: []rules.Die{{Sides: 6, Face: 3}}, Compare: "opposed", Total: 3, Outcome: "kill"}
	if got := ledgerLines(hit); got[len(got)-1] != "3 against 0: kill" {
		t.Errorf("an effect roll reads %q", got[len(got)-1])
	}
	// the first round of a real game: each activation names its band
	g := smleGame(t, 3)
	internal := regexp.MustCompile(`^[a-z]+-[0-9]+$`) // "close-9": an engine name, not the table's words
	n := 0
	for _, ev := range g.StartEvents {
		if ev.Roll == nil || !strings.HasPrefix(ev.Roll.What, "Activation") {
			continue
		}
		n++
		if ev.Roll.Outcome == "" || internal.MatchString(ev.Roll.Outcome) {
			t.Errorf("activation outcome %q is not a band's label", ev.Roll.Outcome)
		}
		want := fmt.Sprintf("total %d: %s", ev.Roll.Total, ev.Roll.Outcome)
		if out := ledgerLines(ev.Roll); !slices.Contains(out, want) {
			t.Errorf("%s reads %q, want a line %q", ev.Roll.What, out, want)
		}
	}
	if n == 0 {
		t.Fatal("the first round rolled no activation")
	}
}

// When a team ends its activation and the next team of the same side
// begins (no curtain between), the old team's figure is let go, so that
// the bar shows what the new team may do.
func TestNewActivationLetsGoOfTheLastTeam(t *testing.T) {
	g := smleGame(t, 1)
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	if b.newStep() {
		t.Fatal("the first look at the game counts as a new activation")
	}
	if b.newStep() {
		t.Fatal("nothing happened, yet a new activation")
	}
	cur := rules.UnitID(g.St.Var("cur"))
	if !b.apply(a, rules.Command{Verb: "end"}) {
		t.Fatal("end refused")
	}
	if rules.UnitID(g.St.Var("cur")) == cur && !g.St.Over {
		t.Fatalf("the same team %d still activates after end", cur)
	}
	if !b.newStep() {
		t.Error("another team activates, but the battle screen did not notice")
	}
}

// The toast keeps clear of the hover card (a shot's odds) and the dice: it
// goes to the top of the table rather than cover them.
func TestToastKeepsClearOfTheCard(t *testing.T) {
	a := &App{W: 1280, H: 800, speed: 8, toast: "Click a target marked in red. Esc to stop.", toastT: 3}
	x, y, w, _, _ := a.toastBox()
	a.keepClear(40, 20, 200, 120) // far from it: no change
	if x2, y2, _, _, _ := a.toastBox(); x2 != x || y2 != y {
		t.Errorf("a card far away moved the toast from %v,%v to %v,%v", x, y, x2, y2)
	}
	a.keepClear(x+w/2, y-60, 260, 180) // the odds card over it
	x2, y2, w2, h2, _ := a.toastBox()
	if c := a.avoid[1]; rectsOverlap(x2, y2, w2, h2, c[0], c[1], c[2], c[3]) {
		t.Errorf("the toast at %v,%v %vx%v still covers the card %v", x2, y2, w2, h2, c)
	}
	if y2 >= y {
		t.Errorf("the toast did not move up (%v to %v)", y, y2)
	}
}
