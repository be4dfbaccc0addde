package netplay

import (
	"slices"
	"strings"
	"testing"

	"hedgerow/rules"
)

// curOnly passes the team now acting and the number of traps, never a
// trap's place.
type curOnly struct{ rules.RuleSet }

func (curOnly) GameVarKnown(_ *rules.State, _ int, key string) bool {
	return key == "cur" || key == "traps"
}

// noHook is a rule set with its GameVarKnower hidden.
type noHook struct{ rules.RuleSet }

// TestGameVarsOnlyThroughTheHook: without rules.GameVarKnower a snapshot
// carries no game-level variable (S.M.L.E. keeps its booby traps' places
// there); with it, exactly those it passes, and a side's copy then lists
// what the host lists. S.M.L.E.'s own hook sends the acting team, never
// the place of a trap to the side that did not set it.
func TestGameVarsOnlyThroughTheHook(t *testing.T) {
	b := newBattle(t, "smle-ambush", 5, 0)
	s := b.G.St
	if s.Var("trap1x") == 0 || s.Var("cur") == 0 {
		t.Fatal("S.M.L.E.'s ambush no longer keeps its traps and acting team in game variables")
	}
	side := s.Decider
	if sn := SnapshotOf(noHook{b.G.RS}, s, side); sn.Vars != nil {
		t.Fatalf("game variables sent with no hook: %v", sn.Vars)
	}
	setter := s.Var("trap1s") - 1
	for sd := 0; sd < 2; sd++ {
		sn := SnapshotOf(b.G.RS, s, sd)
		if _, ok := sn.Vars["trap1x"]; ok != (sd == setter) {
			t.Errorf("side %d is sent trap 1's place: %v (its setter is side %d)", sd+1, ok, setter+1)
		}
		if sn.Vars["cur"] != s.Var("cur") {
			t.Errorf("side %d is not sent the team acting (team %d)", sd+1, s.Var("cur"))
		}
	}
	sn := SnapshotOf(curOnly{b.G.RS}, s, side)
	if len(sn.Vars) != 2 || sn.Vars["cur"] != s.Var("cur") || sn.Vars["traps"] != s.Var("traps") {
		t.Fatalf("the hook passed cur and traps; sent %v", sn.Vars)
	}
	// the side's copy from S.M.L.E.'s own snapshot (curOnly would hide
	// its other hooks too, the figures it may not see among them)
	own := SnapshotOf(b.G.RS, s, side)
	st, err := own.Apply(b.base)
	if err != nil {
		t.Fatal(err)
	}
	cp := &rules.Game{RS: b.G.RS, St: st}
	str := func(l []rules.Command) []string {
		var out []string
		for _, c := range l {
			out = append(out, c.String())
		}
		return out
	}
	if got, want := str(cp.Legal()), str(b.Legal(side)); !slices.Equal(got, want) {
		t.Fatalf("with the acting team known the copy lists\n%s\nthe host\n%s", strings.Join(got, "; "), strings.Join(want, "; "))
	}
}

// TestRefusalWords: a refusal naming an unseen figure or team, by name or
// number, or its place, is not passed on in those words; one about what
// the side sees is.
func TestRefusalWords(t *testing.T) {
	b := newBattle(t, "smle-ambush", 5, 1)
	s, rs := b.G.St, b.G.RS
	rhys := s.Fig(7)
	if rhys.Name != "Sgt Rhys" || rules.ViewOf(rs, s, 0).Figure(7) {
		t.Fatal("the ambush's F7 is no longer Sgt Rhys, unseen at the start")
	}
	for _, c := range []struct {
		text   string
		hidden bool
	}{
		{"Sgt Rhys is in the way", true},
		{"too close to F7", true},
		{"a figure stands at " + rules.FormatInches(rhys.Pos.X) + "," + rules.FormatInches(rhys.Pos.Y), true},
		{"the Ambush Bren team blocks it", true},
		{"U4 is there", true},
		{"Obgefr Ulrich cannot move so far", false},
		{"F17 or F70 are not F7x", false},
		{"out of range: 14.2\" of 12\"", false},
	} {
		if got := tellsHidden(rs, s, 0, c.text); got != c.hidden {
			t.Errorf("%q: tells something hidden %v, want %v", c.text, got, c.hidden)
		}
	}
}
