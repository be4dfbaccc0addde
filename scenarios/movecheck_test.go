package scenarios

import (
	"math/rand/v2"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// MoveCheck only measures: on every shipped scenario, along random games,
// asking it about moves (near, far, off the table) leaves the state as it
// was. The random player relies on this to try a dozen destinations on
// one copy of the state.
func TestMoveCheckChangesNothing(t *testing.T) {
	for _, n := range Names() {
		rs, g, _ := startGame(t, n, 5)
		r := rand.New(rand.NewPCG(5, 6))
		for step := 0; step < 150 && !g.St.Over; step++ {
			for _, c := range g.Legal() {
				if c.Verb != "move" || c.Fig == 0 {
					continue
				}
				f := g.St.Fig(c.Fig)
				s := g.St.Clone()
				before := s.Hash()
				for try := 0; try < 4; try++ {
					d := geom.In(float64(1 + r.IntN(14)))
					p := geom.Pt{X: f.Pos.X + r.Int64N(2*d+1) - d, Y: f.Pos.Y + r.Int64N(2*d+1) - d}
					rs.MoveCheck(s, c.Fig, []geom.Pt{p})
					if s.Hash() != before {
						t.Fatalf("%s: MoveCheck of F%d to %v changed the state", n, c.Fig, p)
					}
				}
			}
			if c, ok := rules.RandomCommand(g, r); ok {
				g.Apply(c)
			}
		}
	}
}
