package rules

import (
	"fmt"
)

// Roll rolls one die with the given number of sides from the state's own
// generator (or from forced faces in tests) and counts it for undo.
func (s *State) Roll(sides int) Die {
	s.Rolls++
	if len(s.Forced) > 0 {
		f := s.Forced[0]
		s.Forced = s.Forced[1:]
		if f < 1 || f > sides {
			panic(fmt.Sprintf("forced die face %d on a d%d", f, sides))
		}
		return Die{Sides: sides, Face: f}
	}
	// Lemire's method on the PCG stream: unbiased and deterministic.
	return Die{Sides: sides, Face: int(boundedPCG(&s.RNG, uint64(sides))) + 1}
}

// RollN rolls n dice of the given sides.
func (s *State) RollN(n, sides int) []Die {
	out := make([]Die, n)
	for i := range out {
		out[i] = s.Roll(sides)
	}
	return out
}

// Force queues die faces to come up next, in order (tests only; a forced
// state is not a legal save).
func (s *State) Force(faces ...int) { s.Forced = append(s.Forced, faces...) }

func boundedPCG(r interface{ Uint64() uint64 }, n uint64) uint64 {
	// Rejection sampling keeps every face equally likely.
	limit := ^uint64(0) - (^uint64(0) % n)
	for {
		v := r.Uint64()
		if v < limit {
			return v % n
		}
	}
}
