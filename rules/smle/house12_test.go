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

// A broken team flees twice its move; the book has it surrender when it is
// contacted by the enemy or cannot retreat. One man with a wall at his
// back (the enemy in front) cannot get a full move away and surrenders;
// his team-mate in the open flees 16". A team with an enemy base within
// 1" of any of its men surrenders whole.
func TestBreakFleeOrSurrender(t *testing.T) {
	r := New().(SMLE)
	s, _ := newState(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 20, weapons: []string{"rifle"}}, {x: 30, y: 20, weapons: []string{"rifle"}}}},
		{1, "trained", "", []tfig{{x: 10, y: 30, weapons: []string{"rifle"}}, {x: 30, y: 30, weapons: []string{"rifle"}}}}}, 6, 6, 1, 2)
	highWall(t, s, geom.P(5, 15), geom.P(15, 15)) // 5" behind the first man
	r.breakTeam(s, s.UnitOf(1))
	if f := s.Fig(1); !f.Removed || !f.Markers.Has(rules.Surrendered) {
		t.Errorf("hemmed in against the wall: should surrender, at %v removed %v", f.Pos, f.Removed)
	}
	if f := s.Fig(2); f.Removed || f.Pos != geom.P(30, 4) {
		t.Errorf("in the open: should flee 16\" straight back, at %v removed %v", f.Pos, f.Removed)
	}

	s, _ = newState(t, []tunit{{0, "trained", "", []tfig{{x: 10, y: 20, weapons: []string{"rifle"}}, {x: 30, y: 20, weapons: []string{"rifle"}}}},
		{1, "trained", "", []tfig{{x: 10, y: 21.8, weapons: []string{"rifle"}}, {x: 30, y: 40, weapons: []string{"rifle"}}}}}, 6, 6, 1, 2)
	r.breakTeam(s, s.UnitOf(1))
	for _, id := range []rules.FigID{1, 2} {
		if f := s.Fig(id); !f.Removed || !f.Markers.Has(rules.Surrendered) {
			t.Errorf("%s: the enemy is in contact with the team: all surrender", f.Name)
		}
	}
	if s.Sides[0].Losses != 2 {
		t.Errorf("losses %d", s.Sides[0].Losses)
	}
}
