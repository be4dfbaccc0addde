package rules

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// A loaded probe equals a clone, and what is done to one probe never
// reaches the game's state nor the next probe.
func TestProbeIsAFreshClone(t *testing.T) {
	s := coinState(t)
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

// The random player's pooled copies share the figures' maps and weapon
// lists with the state they come from; a write to a copy's figure never
// reaches that state, and the cached hash of a chain of copies is the
// hash worked out afresh.
func TestPooledCopiesShareUntilWritten(t *testing.T) {
	s := coinState(t)
	s.Figures[0].SetVar("a", 3)
	s.Figures[1].SetVar("b", 4)
	want := s.Hash()
	sp := newStatePool()
	var fc figVarsCache
	prev := s
	for step := 0; step < 6; step++ {
		next := sp.next(prev)
		if got := next.hash(&fc); got != prev.Hash() {
			t.Fatalf("step %d: an untouched copy hashes %s, its source %s", step, got, prev.Hash())
		}
		next.Figures[0].SetVar("a", 10+step) // copies figure 1's map
		next.Figures[1].SetVar("b", 4)       // no change: stays shared
		next.Figures[1].SetVar("zero", 0)    // no change either
		if prev.Figures[0].Var("a") == 10+step {
			t.Fatalf("step %d: a copy's SetVar reached the state it came from", step)
		}
		if s.Hash() != want {
			t.Fatalf("step %d: the first state changed", step)
		}
		if got, fresh := next.hash(&fc), next.Clone().Hash(); got != fresh {
			t.Fatalf("step %d: cached hash %s, worked out afresh %s", step, got, fresh)
		}
		// figure 1's map is its own now: written in place, it is encoded
		// afresh, not taken from the cache
		next.Figures[0].SetVar("a", 20+step)
		if got, fresh := next.hash(&fc), next.Clone().Hash(); got != fresh {
			t.Fatalf("step %d: after a write in place, cached hash %s, afresh %s", step, got, fresh)
		}
		next.Figures[0].SetVar("a", 10+step)
		if step%2 == 1 {
			sp.put(prev) // recycled: reloading it must not touch next's maps
		}
		prev = next
	}
	if got := prev.Figures[0].Var("a"); got != 15 {
		t.Fatalf("the last copy's figure has a=%d, want 15", got)
	}
}

// With a VarsBySetter rule set the pooled copies share the units', sides'
// and the game's maps too: a SetVar on a copy never reaches the state it
// came from, one that changes nothing keeps the map shared, and the
// cached hash is the hash worked out afresh.
func TestPooledCopiesShareAllVars(t *testing.T) {
	s := coinState(t)
	if len(s.Units) == 0 {
		t.Fatal("the coin game has no units")
	}
	s.Units[0].SetVar("u", 1)
	s.Sides[1].SetVar("sd", 2)
	s.SetVar("g", 3)
	want := s.Hash()
	sp := newStatePool()
	sp.shareAll = true
	var fc figVarsCache
	prev := s
	for step := 0; step < 6; step++ {
		next := sp.next(prev)
		if !next.Units[0].varsShared || !next.Sides[1].varsShared || !next.varsShared {
			t.Fatalf("step %d: a copy does not share the maps", step)
		}
		if got := next.hash(&fc); got != prev.Hash() {
			t.Fatalf("step %d: an untouched copy hashes %s, its source %s", step, got, prev.Hash())
		}
		next.Units[0].SetVar("u", 10+step)
		next.Sides[1].SetVar("sd", 2) // no change: stays shared
		next.SetVar("g", 20+step)
		if !next.Sides[1].varsShared {
			t.Fatalf("step %d: a SetVar that changed nothing copied the side's map", step)
		}
		if prev.Units[0].Var("u") == 10+step || prev.Var("g") == 20+step {
			t.Fatalf("step %d: a copy's SetVar reached the state it came from", step)
		}
		if s.Hash() != want {
			t.Fatalf("step %d: the first state changed", step)
		}
		if got, fresh := next.hash(&fc), next.Clone().Hash(); got != fresh {
			t.Fatalf("step %d: cached hash %s, worked out afresh %s", step, got, fresh)
		}
		// the unit's map is its own now: written in place and hashed
		// again, it is encoded afresh
		next.Units[0].SetVar("u", 30+step)
		if got, fresh := next.hash(&fc), next.Clone().Hash(); got != fresh {
			t.Fatalf("step %d: after a write in place, cached hash %s, afresh %s", step, got, fresh)
		}
		next.Units[0].SetVar("u", 10+step)
		if step%2 == 1 {
			sp.put(prev)
		}
		prev = next
	}
	if got := prev.Units[0].Var("u"); got != 15 {
		t.Fatalf("the last copy's unit has u=%d, want 15", got)
	}
	// a unit's name changed on a copy is seen by the cached hash
	next := sp.next(prev)
	next.hash(&fc) // its shared map: cached
	next.Units[0].Name += "x"
	if got, fresh := next.hash(&fc), next.Clone().Hash(); got != fresh {
		t.Fatalf("a renamed unit: cached hash %s, afresh %s", got, fresh)
	}
}

// The random player's reused shuffle draws what rand.Perm draws, so its
// choices, and every random game, are unchanged.
func TestPermIsRandPerm(t *testing.T) {
	g := &Game{pool: newStatePool()}
	a := rand.New(rand.NewPCG(3, 4))
	b := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 7, 30, 3, 100} {
		if got, want := perm(g, a, n), b.Perm(n); !slices.Equal(got, want) {
			t.Fatalf("n=%d: %v, rand.Perm %v", n, got, want)
		}
	}
	if a.Uint64() != b.Uint64() {
		t.Fatal("the two generators drew differently")
	}
}
