package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestHalfDegreeTable(t *testing.T) {
	for k, h := range halfDegree {
		a := (float64(k) + 0.5) * math.Pi / 180
		if math.Abs(float64(h[0])-math.Sin(a)*1e9) > 2 || math.Abs(float64(h[1])+math.Cos(a)*1e9) > 2 {
			t.Errorf("halfDegree[%d] = %v is not (sin, -cos) of %d.5 degrees", k, h, k)
		}
	}
}

// Bearing agrees with the floating-point formula it replaces wherever the
// answer is not within a hair of a half degree.
func TestBearingMatchesAtan2(t *testing.T) {
	old := func(d Pt) int {
		deg := math.Atan2(float64(d.X), float64(-d.Y)) * 180 / math.Pi
		return (int(math.Round(deg)) + 360) % 360
	}
	cases := []struct {
		d    Pt
		want int
	}{{Pt{0, -5}, 0}, {Pt{5, 0}, 90}, {Pt{0, 5}, 180}, {Pt{-5, 0}, 270}, {Pt{1, -1}, 45}, {Pt{-1, -1}, 315}, {Pt{0, 0}, 0}}
	for _, c := range cases {
		if got := Bearing(Pt{}, c.d); got != c.want {
			t.Errorf("Bearing to %v = %d, want %d", c.d, got, c.want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		d := Pt{r.Int64N(480001) - 240000, r.Int64N(480001) - 240000}
		if d == (Pt{}) {
			continue
		}
		deg := math.Atan2(float64(d.X), float64(-d.Y)) * 180 / math.Pi
		if f := math.Abs(deg - math.Floor(deg)); math.Abs(f-0.5) < 1e-6 {
			continue
		}
		if got, want := Bearing(Pt{}, d), old(d); got != want {
			t.Fatalf("Bearing to %v = %d, Atan2 gives %d", d, got, want)
		}
	}
}

func BenchmarkBearing(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		Bearing(Pt{}, Pt{int64(i%1000) - 500, 300})
	}
}
