package terrain

import (
	"fmt"
	"strings"
	"testing"
)

// bigMap writes a legal map of pieces fields of n points each (any
// ground may overlap), spread over a 240" table: a lens whose upper edge
// runs left to right along y = 1 - x*x and lower edge back, scaled by 5".
func bigMap(pieces, n int) string {
	var b strings.Builder
	b.WriteString("name = \"big\"\n[table]\nwidth = 240\nheight = 240\n")
	h := n / 2
	for i := 0; i < pieces; i++ {
		cx, cy := 10+float64(i%20)*11, 10+float64(i/20%20)*11
		b.WriteString("[[terrain]]\nkind = \"field\"\npoints = [")
		for k := 0; k < 2*h; k++ {
			x := -1 + 2*float64(k)/float64(h)
			sign := 1.0
			if k >= h {
				x, sign = 1-2*float64(k-h)/float64(h), -1
			}
			if k > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "[%.3f,%.3f]", cx+5*x, cy+sign*5*(1-x*x)/2)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// adversarial map shapes just inside the shape limits, padded to size.
func adversarialMaps(size int) map[string]string {
	head := "name = \"adv\"\n[table]\nwidth = 48\nheight = 48\n"
	return map[string]string{
		"dotted-headers": head + strings.Repeat("[x.a.b.c.d.e.f.g.h.i.j.k.l.m.n.o]\ny = 1\n", size/40),
		"nested-lists":   head + strings.Repeat("[[q]]\nv = [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]\n", size/45),
		"many-keys":      head + "[k]\n" + strings.Repeat("", 0) + keys(size/12),
		"comments":       head + strings.Repeat("# [[[[{{{{ \"\"\" '''\n", size/20),
	}
}

func keys(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "k%06d = 1\n", i)
	}
	return b.String()
}

// BenchmarkParseLargest: the largest legal maps (near 1 MiB: 120
// outlines of the most points allowed in one, 500, or the most pieces
// allowed, 2,000, of 24 points), and adversarial shapes at 128 KB and 1 MB: time per byte must
// stay flat.
func BenchmarkParseLargest(b *testing.B) {
	inputs := map[string]string{
		"120x500pts": bigMap(120, 500),
		"2000x24pts": bigMap(2000, 24),
	}
	for name, src := range inputs {
		b.Run(name, func(b *testing.B) { benchParse(b, src, false) })
	}
	for _, size := range []int{128 << 10, 1000 << 10} {
		for name, src := range adversarialMaps(size) {
			b.Run(fmt.Sprintf("%s/%dKB", name, size>>10), func(b *testing.B) { benchParse(b, src, true) })
		}
	}
}

func benchParse(b *testing.B, src string, mayFail bool) {
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("big.toml", []byte(src)); err != nil && !mayFail {
			b.Fatal(err)
		}
	}
}

// The largest legal maps load, and the adversarial shapes grow linearly:
// 8 times the bytes cost at most about 8 times the allocations (counted,
// so the check does not flake on a busy machine; BenchmarkParseLargest
// gives the times).
func TestParseLargestAndLinear(t *testing.T) {
	for _, src := range []string{bigMap(120, 500), bigMap(2000, 24)} {
		if len(src) > MaxFileBytes {
			t.Fatalf("the largest legal map is %d bytes, over the limit", len(src))
		}
		if _, err := Parse("big.toml", []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	small, big := adversarialMaps(128<<10), adversarialMaps(1000<<10)
	for name := range small {
		as, ab := allocsParse(small[name]), allocsParse(big[name])
		if ab > 12*as {
			t.Errorf("%s: 128 KB takes %.0f allocations, 1 MB %.0f: not linear", name, as, ab)
		}
	}
}

func allocsParse(src string) float64 {
	return testing.AllocsPerRun(1, func() { Parse("adv.toml", []byte(src)) })
}
