package rules

import "testing"

// Shown percentages of a full list of outcomes add up to 100.
func TestPercentsAddUp(t *testing.T) {
	for _, ps := range [][]float64{{0.855, 0.104, 0.026, 0.015, 0}, {1.0 / 3, 1.0 / 3, 1.0 / 3}, {0.995, 0.005}, {0.125, 0.125, 0.25, 0.5}} {
		sum := 0
		for _, p := range Percents(ps) {
			sum += p
		}
		if sum != 100 {
			t.Errorf("%v shown as %v: %d in all", ps, Percents(ps), sum)
		}
	}
}
