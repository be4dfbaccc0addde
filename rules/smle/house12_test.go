package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// highWall puts one high wall on the table of s.
func highWall(t *testing.T, s *rules.State, a, b geom.Pt) {
	t.Helper()
	k, _ := terrain.KindByName("high-wall")
	s.Map.Pieces = append(s.Map.Pieces, terrain.Piece{ID: len(s.Map.Pieces), Kind: "high-wall", Props: k.Props, Path: []geom.Pt{a, b}})
	s.Terrain = terrain.NewIndex(s.Map)
}

// "Moved more than half move in sight" (+1 to hit) needs the move made in
// the firer's sight: a man walking 5" across the open in view is +1; one
// coming 5" out from behind a wall is not (he is moving into sight, -2).
func TestMovedOverHalfNeedsSight(t *testing.T) {
	r := New().(SMLE)
	for _, c := range []struct {
		name       string
		wall       bool
		over, into bool
	}{
		{"in the open", false, true, false},
		{"out from behind a wall", true, false, true},
	} {
		s := active(t, []tunit{{0, "trained", "", rifles(1, 10, 10)}, {1, "trained", "", rifles(1, 10, 30)}}, "double")
		if c.wall {
			highWall(t, s, geom.P(5, 12), geom.P(12, 12))
		}
		apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(15, 10)}})
		if s.Phase != PhaseOpportunity {
			t.Fatalf("%s: no opportunity window", c.name)
		}
		in := r.shotInput(s, s.Fig(2), s.Fig(1), r.primary(s.Fig(2)), FireOpportunity)
		if in.MovedOverHalf != c.over || in.IntoOutOfSight != c.into {
			t.Errorf("%s: moved over half in sight %v (want %v), into sight %v (want %v)", c.name, in.MovedOverHalf, c.over, in.IntoOutOfSight, c.into)
		}
		_, ms, _ := Std().ShotMods(in)
		if got := strings.Contains(modReasons(ms), "moved over half a move in sight"); got != c.over {
			t.Errorf("%s: ledger %s", c.name, modReasons(ms))
		}
	}
}
