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

// The table's sight line is this rule set's sight: through crops, which
// hinder but do not hide a standing man, it is partial, not blocked (a
// play-tester saw a line crossed out as blocked to a man the odds gave
// 83% to acquire); clear over open ground; blocked when he lies hidden.
func TestSightLineIsTheRuleSetsSight(t *testing.T) {
	field := piece("field", 30, 16, 42, 16, 42, 19, 30, 19)
	s := duel(t, []terrain.Piece{field}, []string{"rifle"}, []string{"rifle"})
	r := Skirmish{d: theData}
	if v, ok := rules.SightLineOf(r, s, 1, 2); !ok || v != terrain.Partial {
		t.Errorf("through crops: %v %v, want partial", v, ok)
	}
	if flat := s.Terrain.LineOfSight(s.Fig(1).Pos, s.Fig(2).Base(s.BaseR), terrain.LOSOptions{IgnoreNearFirer: true}); flat.Vis == terrain.Partial {
		t.Log("(the flat terrain agrees here)")
	}
	s.Fig(2).Posture = rules.Prone
	if v := r.SightLine(s, 1, 2); v != terrain.Blocked {
		t.Errorf("prone in the crops: %v, want blocked", v)
	}
	open := duel(t, nil, []string{"rifle"}, []string{"rifle"})
	if v := r.SightLine(open, 1, 2); v != terrain.Clear {
		t.Errorf("open ground: %v, want clear", v)
	}
}
