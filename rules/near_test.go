package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"hedgerow/rules/geom"
)

// crowd is a 6'x4' table with n figures scattered on it, half a side, in
// units of ten, each with a weapon and a few variables (as rule sets keep).
func crowd(n int) *State {
	r := rand.New(rand.NewPCG(uint64(n), 7))
	s := &State{RuleSet: "bench", BaseR: 500, Round: 1}
	for i := 0; i < n; i++ {
		side := i % 2
		if i/2%10 == 0 {
			s.Units = append(s.Units, Unit{ID: UnitID(len(s.Units) + 1), Side: side, Vars: map[string]int{"morale": 3}})
		}
		f := Figure{ID: FigID(i + 1), Name: fmt.Sprintf("F%d", i+1), Side: side, Unit: UnitID(len(s.Units)),
			Pos: geom.Pt{X: r.Int64N(geom.In(72)), Y: r.Int64N(geom.In(48))}, Weapons: []string{"rifle"}}
		f.SetVar("ammo", 10)
		f.SetVar("moved", 0)
		f.SetVar("fired", r.IntN(2))
		s.Figures = append(s.Figures, f)
	}
	return s
}

// Near answers exactly what a walk over every figure answers, in the same
// order, for reaches from nothing to the whole table.
func TestNearAgreesWithAWalk(t *testing.T) {
	for _, n := range []int{0, 1, 12, 100, 1000} {
		s := crowd(n)
		if n > 3 {
			s.Figures[2].Removed = true
		}
		r := rand.New(rand.NewPCG(1, uint64(n)))
		for _, cell := range []int64{0, geom.In(3), geom.In(40)} {
			nr := NewNear(s, cell)
			for q := 0; q < 300; q++ {
				p := geom.Pt{X: r.Int64N(geom.In(80)) - geom.In(4), Y: r.Int64N(geom.In(56)) - geom.In(4)}
				d := r.Int64N(geom.In(20))
				if q%50 == 0 {
					d = geom.In(100)
				}
				side := q % 2
				var want []FigID
				for i := range s.Figures {
					f := &s.Figures[i]
					if !f.Removed && f.Side == side && geom.WithinDist(p, f.Pos, d) {
						want = append(want, f.ID)
					}
				}
				if got := nr.Within(side, p, d, nil); !slices.Equal(got, want) {
					t.Fatalf("%d figures, cell %d: Within(%d, %v, %d) = %v, a walk finds %v", n, cell, side, p, d, got, want)
				}
			}
		}
	}
}

// BenchmarkCommandCost is the core's share of one command at 12, 100 and
// 1,000 figures on a 6'x4' table: copy the state (recycling, as the
// random player's Apply does), move one figure, find
// the enemies within 1" of every figure's base of the side to move (the
// contact question rule sets ask per figure), hash the result. ns/fig is the cost per
// figure: flat from 100 to 1,000 figures means the cost per command grows
// no faster than the figures. The "walk" variant asks the same question
// the old way (every enemy, for every figure) for comparison.
func BenchmarkCommandCost(b *testing.B) {
	reach := geom.In(1) + 2*500 // 1" between bases of radius 0.5"
	for _, n := range []int{12, 100, 1000} {
		for _, how := range []string{"grid", "walk"} {
			b.Run(fmt.Sprintf("figs=%d/%s", n, how), func(b *testing.B) {
				s := crowd(n)
				found := 0
				var buf []FigID
				i := 0
				pool := newStatePool() // copies as PlayRandom's Apply makes them
				for b.Loop() {
					c := pool.next(s)
					f := &c.Figures[i%n]
					i++
					f.Pos.X = (f.Pos.X + 777) % geom.In(72)
					side := f.Side
					switch how {
					case "grid":
						nr := NewNear(c, reach)
						for j := range c.Figures {
							if g := &c.Figures[j]; g.Side == side && !g.Removed {
								buf = nr.Within(1-side, g.Pos, reach, buf[:0])
								found += len(buf)
							}
						}
					case "walk":
						for _, g := range c.Alive(side) {
							for _, e := range c.Alive(1 - side) {
								if geom.WithinDist(g.Pos, e.Pos, reach) {
									found++
								}
							}
						}
					}
					c.Hash()
					pool.put(c)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/fig")
				_ = found
			})
		}
	}
}
