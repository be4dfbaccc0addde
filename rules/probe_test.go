package rules

import (
	"reflect"
	"testing"
)

// A loaded probe equals a clone, and what is done to one probe never
// reaches the game's state nor the next probe.
func TestProbeIsAFreshClone(t *testing.T) {
	g := newCoinGame(t, 1)
	s := g.St
	s.Figures[0].SetVar("a", 3)
	s.Figures[1].Vars = map[string]int{}
	s.Units[0].Vars = map[string]int{"u": 2}
	s.SetVar("g", 7)
	s.Forced = []int{4, 5}
	want := s.Hash()
	var p probe
	for try := 0; try < 3; try++ {
		st := p.load(s)
		if !reflect.DeepEqual(st, s.Clone()) {
			t.Fatalf("try %d: the probe is not the state's clone", try)
		}
		if st.Hash() != want {
			t.Fatalf("try %d: the probe hashes differently", try)
		}
		// mess it up every way a rule set could
		st.Figures[0].Vars["a"] = 99
		st.Figures[0].Vars["new"] = 1
		st.Figures[1].Vars = st.Figures[0].Vars
		st.Figures[0].Weapons = append(st.Figures[0].Weapons, "extra")
		if len(st.Figures[1].Weapons) > 0 {
			st.Figures[1].Weapons[0] = "changed"
		}
		st.Units[0].Vars["u"] = 0
		st.Sides[0].Vars = map[string]int{"s": 1}
		st.SetVar("g", 0)
		st.Forced[0] = 1
		st.Figures[0].Pos.X++
		if s.Hash() != want {
			t.Fatalf("try %d: changing the probe changed the game's state", try)
		}
	}
}
