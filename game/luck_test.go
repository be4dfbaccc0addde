package game

import (
	"math"
	"testing"

	"hedgerow/rules"
)

func TestChanceAndLuck(t *testing.T) {
	// A rifle shot at long range: d6 - 1 needing 5 hits only on a six.
	long := &rules.Ledger{Dice: []rules.Die{{Sides: 6, Face: 6}}, Target: 5, Compare: ">=",
		Mods: []rules.Mod{{Value: -1, Reason: "long range"}}, Total: 5, Outcome: "hit"}
	if p, ok := chance(long); !ok || math.Abs(p-1.0/6) > 1e-12 {
		t.Errorf("long-range chance = %v %v, want 1/6", p, ok)
	}
	// Two dice needing 7+: 21 of 36.
	two := &rules.Ledger{Dice: []rules.Die{{Sides: 6, Face: 1}, {Sides: 6, Face: 2}}, Target: 7, Compare: ">=", Total: 3, Outcome: "miss"}
	if p, _ := chance(two); math.Abs(p-21.0/36) > 1e-12 {
		t.Errorf("2d6 >= 7 chance = %v, want 21/36", p)
	}
	// Opposed roll-offs are not counted.
	if _, ok := chance(&rules.Ledger{Dice: []rules.Die{{Sides: 6, Face: 3}}, Compare: "opposed"}); ok {
		t.Error("an opposed roll has no fixed chance")
	}
	log := []logEntry{
		{roll: long, side: 0},
		{roll: two, side: 1},
		{text: "Turn 2", side: 1},
	}
	exp, got, n := luck(log)
	if n != [2]int{1, 1} || got != [2]float64{1, 0} {
		t.Errorf("counts n=%v got=%v", n, got)
	}
	if math.Abs(exp[0]-1.0/6) > 1e-12 || math.Abs(exp[1]-21.0/36) > 1e-12 {
		t.Errorf("expected successes %v", exp)
	}
	lines := ledgerLines(long)
	want := []string{"rolled one die: 6", "-1 long range", "needs 5 or more, total 5: hit"}
	for i, w := range want {
		if i >= len(lines) || lines[i] != w {
			t.Errorf("ledger line %d = %q, want %q (all: %q)", i, lines[i], w, lines)
		}
	}
}

// The tray and the log word the dice as a wargamer says them, never in
// the notation ("rolled 2d6"): two dice, a twenty-sided die, percentile
// dice, a die read 1 to 3.
func TestDiceInWords(t *testing.T) {
	roll := func(sides int, faces ...int) string {
		l := &rules.Ledger{}
		for _, f := range faces {
			l.Dice = append(l.Dice, rules.Die{Sides: sides, Face: f})
		}
		return ledgerLines(l)[0]
	}
	for got, want := range map[string]string{
		roll(6, 2, 5):     "rolled two dice: 2 5",
		roll(6, 4):        "rolled one die: 4",
		roll(20, 15):      "rolled a twenty-sided die: 15",
		roll(8, 7):        "rolled an eight-sided die: 7",
		roll(20, 15, 11):  "rolled two twenty-sided dice: 15 11",
		roll(100, 47):     "rolled percentile dice: 47",
		roll(3, 2):        "rolled one die (1 to 3): 2",
		roll(10, 7, 1, 3): "rolled three ten-sided dice: 7 1 3",
	} {
		if got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}
