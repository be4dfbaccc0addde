package skirmish35

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// The obstacle roll's outcome says whether the man crosses (the
// play-test read "needs 2 or less, total 1: over"), and its note says
// what the die is for instead of "1D3".
func TestObstacleRollSaysCrossesOrNot(t *testing.T) {
	for _, c := range []struct {
		die  int
		want string
	}{{1, "crosses"}, {3, "fails to cross"}} {
		fence := piece("fence", 30, 15, 42, 15)
		s := newState(t, []terrain.Piece{fence},
			tfig{side: 0, quality: "green", x: 36, y: 13, weapons: []string{"rifle"}, facing: 180},
			tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
		evs := apply(t, s, "move F1 36,17", c.die)
		var l *rules.Ledger
		for _, e := range evs {
			if e.Roll != nil {
				l = e.Roll
			}
		}
		if l == nil || l.Outcome != c.want || l.Note != "crossing costs a roll of 1 to 3 points; "+s.Fig(1).Name+" has 1 left" {
			t.Errorf("die %d: %+v", c.die, l)
		}
	}
}

// A roll to beat a number that no roll can fail says so instead of
// "needing more than 0"; a shell still fails on a double six.
func TestNeedTextDropsMoreThanNothing(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{needText(7, 0, 2), "no roll can fail (the 7 rolled does not matter)"},
		{needText(7, 5, 2), "rolls 7, needing more than 5"},
		{needText(3, 0, 1), "no roll can fail (the 3 rolled does not matter)"},
		{shellText(7, 1), "rolls 7 (only a double six fails)"},
		{shellText(7, 6), "rolls 7, needing more than 6"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	// the tray says why dice were thrown at all
	if n := certainNote(&rules.Ledger{Target: 1}, 2); n != "no roll can fail here: the dice are thrown all the same, and do not matter" {
		t.Errorf("a certain roll's note %q", n)
	}
	if n := certainNote(&rules.Ledger{Target: 5, Note: "x"}, 2); n != "x" {
		t.Errorf("an uncertain roll's note %q", n)
	}
}

// A save no roll can make is not "saves on 0 or less".
func TestSaveText(t *testing.T) {
	if got := saveText("Pvt Jordan", 0, 6, "killed"); got != "Pvt Jordan has no save (rolls 6): killed" {
		t.Errorf("no save: %q", got)
	}
	if got := saveText("Pvt Hart", 4, 1, "morale -1"); got != "Pvt Hart saves on 4 or less, rolls 1: morale -1" {
		t.Errorf("a save: %q", got)
	}
}
