package terrain

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

// The unit-circle tables are what math.Cos and math.Sin give on amd64
// (checked loosely here, since on arm64 math itself may differ in the last
// bit: that is why the tables exist).
func TestCircleTables(t *testing.T) {
	for _, tab := range [][][2]float64{circle16[:], circle24[:]} {
		n := len(tab)
		for k, u := range tab {
			a := 2 * math.Pi * float64(k) / float64(n)
			if math.Abs(u[0]-math.Cos(a)) > 1e-15 || math.Abs(u[1]-math.Sin(a)) > 1e-15 {
				t.Errorf("circle%d[%d] = %v, want about (%v, %v)", n, k, u, math.Cos(a), math.Sin(a))
			}
		}
	}
}

// circle = [13, 13.25, 3.001] puts two corners exactly on a rounding edge:
// a fused multiply-add (arm64) moves them a thousandth, which made a
// figure beside the house legal on one machine and "in impassable
// terrain" on another. The outline is held in testdata and must come out
// the same on every architecture (make test-cross runs this on arm64 and
// 386).
func TestCircleOutlineSameEverywhere(t *testing.T) {
	m, err := Load(os.DirFS("testdata"), "circle-3001.toml")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i, p := range m.Pieces[0].Poly {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d,%d", p.X, p.Y)
	}
	want, err := os.ReadFile("testdata/circle-3001.golden")
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != strings.TrimSpace(string(want)) {
		t.Fatalf("circle outline differs from testdata/circle-3001.golden:\n got %s\nwant %s", got, want)
	}
	// The case is a sharp one: fusing the multiply and add moves a corner.
	fused := math.Round(math.FMA(3.001, circle24[2][1], 13.25) * 1000)
	if int64(fused) == m.Pieces[0].Poly[2].Y {
		t.Fatalf("the test case no longer sits on a rounding edge (fused %v)", fused)
	}
}
