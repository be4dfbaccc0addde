package maxim

import (
	"fmt"
	"math"
	"testing"
)

// A modifier in a ledger's note reads as fmt's " %+d" did ("" for none).
func TestSignedIsFmt(t *testing.T) {
	for _, v := range []int{-100, -40, -5, -1, 1, 5, 20, 40, 100, math.MaxInt, math.MinInt} {
		if got, want := signed(v), fmt.Sprintf(" %+d", v); got != want {
			t.Errorf("signed(%d) = %q, fmt %q", v, got, want)
		}
	}
	if signed(0) != "" {
		t.Errorf("signed(0) = %q", signed(0))
	}
}
