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

// TestGameVarsOnlyThroughTheHook: without rules.GameVarKnower a snapshot
// carries no game-level variable (S.M.L.E. keeps its booby traps' places
// there); with it, exactly those it passes, and a side's copy then lists
// what the host lists.
func TestGameVarsOnlyThroughTheHook(t *testing.T) {
	b := newBattle(t, "smle-ambush", 5, 0)
	s := b.G.St
	if s.Var("trap1x") == 0 || s.Var("cur") == 0 {
		t.Fatal("S.M.L.E.'s ambush no longer keeps its traps and acting team in game variables")
	}
	side := s.Decider
	if sn := SnapshotOf(b.G.RS, s, side); sn.Vars != nil {
		t.Fatalf("game variables sent with no hook: %v", sn.Vars)
	}
	if got := b.Copy(side).Legal(); len(got) != 0 {
		t.Logf("the copy lists %d commands with no game variables", len(got))
	}
	sn := SnapshotOf(curOnly{b.G.RS}, s, side)
	if len(sn.Vars) != 2 || sn.Vars["cur"] != s.Var("cur") || sn.Vars["traps"] != s.Var("traps") {
		t.Fatalf("the hook passed cur and traps; sent %v", sn.Vars)
	}
	st, err := sn.Apply(b.base)
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
