package smle

import (
	"testing"

	"hedgerow/rules"
)

// A side's copy of the battle (network play, the computer opponent) holds
// the game variables a side may know: the team acting when the side knows
// of it, the double-move pass, the scenario's settings, booby traps it set
// or found; never an unspotted team's number, an enemy trap it has not
// found, nor even how many traps there are while one of them is unknown.
func TestGameVarKnown(t *testing.T) {
	r := New().(SMLE)
	s, _ := hiddenState(t, true) // Red's team (unit 2) is hidden and unspotted
	if !Unspotted(s, s.UnitOf(2)) {
		t.Fatal("Red's team starts unspotted")
	}
	knows := func(side int, key string) bool {
		_, ok := rules.ViewOf(r, s, side).GameVars()[key]
		return ok
	}
	s.SetVar(vSecond, 1)
	s.SetVar(rules.VarVictoryLosses, 3)
	for _, k := range []string{vSecond, rules.VarVictoryLosses} {
		if !knows(0, k) || !knows(1, k) {
			t.Errorf("both sides know %q", k)
		}
	}
	s.SetVar(vCur, 1)
	if !knows(0, vCur) || !knows(1, vCur) {
		t.Error("Blue's team acting is known to both sides")
	}
	s.SetVar(vCur, 2)
	if knows(0, vCur) || !knows(1, vCur) {
		t.Error("Red's unspotted team acting: its number is Red's alone")
	}
	// Red sets a trap: Blue knows neither where it is nor that there is one
	s.SetVar(vTraps, 1)
	s.SetVar(trapKey(1, "s"), 2)
	s.SetVar(trapKey(1, "x"), 10000)
	s.SetVar(trapKey(1, "y"), 30000)
	for _, k := range []string{vTraps, trapKey(1, "s"), trapKey(1, "x"), trapKey(1, "y")} {
		if knows(0, k) {
			t.Errorf("Blue knows %q of Red's unfound trap", k)
		}
		if !knows(1, k) {
			t.Errorf("Red does not know %q of its own trap", k)
		}
	}
	if len(Traps(s, 0)) != 0 {
		t.Fatal("Blue does not know the trap")
	}
	// once Blue has found it, it knows it too
	knowTrap(s, 1, 0)
	for _, k := range []string{vTraps, trapKey(1, "s"), trapKey(1, "x"), trapKey(1, "y"), trapKey(1, "k")} {
		if !knows(0, k) {
			t.Errorf("Blue found the trap but does not know %q", k)
		}
	}
	if knows(1, trapKey(1, "k")) {
		t.Error("Red is told whether Blue found its trap")
	}
	// a weapon dropped on the table stays with the host
	s.SetVar(vDrops, 1)
	s.SetVar(dropKey(1, "x"), 10000)
	if knows(0, vDrops) || knows(0, dropKey(1, "x")) {
		t.Error("Blue knows of a dropped weapon")
	}
}

// A side's own team's record of being fired on names the firing team:
// while that team is unspotted (it fired from hiding) the side's copy
// leaves the record out, so the copy does not say which hidden team is
// there; once the team is known, the record is in the copy.
func TestOwnFiredOnByAHiddenTeam(t *testing.T) {
	r := New().(SMLE)
	for _, hidden := range []bool{true, false} {
		s, _ := hiddenState(t, hidden)
		s.UnitOf(1).Vars[firedByKey(2)] = s.Round
		_, kept := rules.ViewOf(r, s, 0).UnitVars(1)[firedByKey(2)]
		if known := rules.ViewOf(r, s, 0).Unit(2); kept != known {
			t.Errorf("Red's team hidden %v (Blue knows of it %v): Blue's copy keeps 'fired on by Red' %v", hidden, known, kept)
		}
		if hidden && kept {
			t.Error("the hidden team's number reaches Blue's copy")
		}
		if !hidden && !kept {
			t.Error("Blue's copy lost the record of a team it can see firing")
		}
	}
}
