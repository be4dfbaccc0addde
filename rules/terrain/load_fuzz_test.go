package terrain

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseMap feeds the loader arbitrary bytes. It must never panic, and
// its answer must always be either a map that satisfies the loader's own
// promises or a *LoadError with at least one problem.
//
// Run it for a while with: go test ./rules/terrain -run=^$ -fuzz=FuzzParseMap -fuzztime=60s
func FuzzParseMap(f *testing.F) {
	for _, glob := range []string{"testdata/*.toml", "../../maps/*.toml"} {
		files, _ := filepath.Glob(glob)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			if len(data) > 8000 {
				continue // big seeds make the fuzzer's minimising crawl
			}
			f.Add(data)
		}
	}
	f.Add([]byte("name = \"x\"\n[table]\nwidth = 10\nheight = 10\n[[terrain]]\nkind = \"hedge\"\ncircle = [5, 5, 2]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse("fuzz.toml", data)
		if err != nil {
			var le *LoadError
			if !errors.As(err, &le) || len(le.Problems) == 0 {
				t.Fatalf("error %T %q is not a *LoadError with problems", err, err)
			}
			for _, p := range le.Problems {
				if p.Line < 0 || p.Col < 0 || p.Msg == "" || strings.Contains(p.Msg, "\n") && !strings.HasPrefix(p.Msg, "TOML") {
					t.Fatalf("bad problem %+v", p)
				}
			}
			return
		}
		if m == nil || m.Name == "" || m.Width <= 0 || m.Height <= 0 {
			t.Fatalf("accepted map is incomplete: %+v", m)
		}
		for i, p := range m.Pieces {
			if p.ID != i {
				t.Fatalf("piece %d has ID %d", i, p.ID)
			}
			pts := p.Poly
			if p.Props.Linear {
				pts = p.Path
				if len(pts) < 2 || len(p.Poly) != 0 {
					t.Fatalf("linear piece %d has path %v poly %v", i, p.Path, p.Poly)
				}
			} else if len(pts) < 3 || p.Poly.SelfIntersects() || p.Poly.Area2() == 0 {
				t.Fatalf("piece %d has a bad outline %v", i, p.Poly)
			}
			for _, q := range pts {
				if q.X < 0 || q.Y < 0 || q.X > m.Width || q.Y > m.Height {
					t.Fatalf("piece %d point %v is off the table", i, q)
				}
			}
		}
		for _, a := range m.Areas {
			if len(a.Poly) < 3 || a.Poly.SelfIntersects() || a.Name == "" {
				t.Fatalf("bad area %+v", a)
			}
		}
	})
}

func BenchmarkParseShippedMap(b *testing.B) {
	data, err := os.ReadFile("../../maps/bocage-farm.toml")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Parse("bocage-farm.toml", data); err != nil {
			b.Fatal(err)
		}
	}
}
