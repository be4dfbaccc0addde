package rules

import "testing"

// BenchmarkProbeLoad refills a recycled state from states that differ in
// one figure, as the random player's Apply does every command.
func BenchmarkProbeLoad(b *testing.B) {
	s1 := crowd(40)
	s2 := s1.Clone()
	s2.Figures[3].SetVar("ammo", 9)
	s2.Figures[3].Pos.X += 100
	var p probe
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			p.load(s1)
		} else {
			p.load(s2)
		}
		i++
	}
}

// BenchmarkClone40 is a deep copy of the same state, for comparison.
func BenchmarkClone40(b *testing.B) {
	s := crowd(40)
	b.ReportAllocs()
	for b.Loop() {
		s.Clone()
	}
}
