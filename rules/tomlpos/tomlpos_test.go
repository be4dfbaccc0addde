package tomlpos

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

const sample = `# a map
name = "x"
"quoted key" = 1

[table]
width = 10  # inches
text = """
multi
line [ { """

[[terrain]]
kind = 'woods'
points = [[1, 2], [3, 4],
  [5, 6]]

[[terrain]]
points = [ [1, 2] ]
inline = { a.b = [1, 2], c = "]" }

[[side]]
[[side.unit]]
[[side.unit.figure]]
pos = [1, 2]
[[side]]
[[side.unit]]
[[side.unit.figure]]
pos = [3, 4]
`

func TestPositions(t *testing.T) {
	ix, err := Scan(sample, Default)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path string
		want Pos
	}{
		{"name", Pos{2, 1}},
		{"quoted key", Pos{3, 1}},
		{"table", Pos{5, 1}},
		{"table.width", Pos{6, 1}},
		{"terrain#1", Pos{11, 1}},
		{"terrain#1.kind", Pos{12, 1}},
		{"terrain#1.points", Pos{13, 1}},
		{"terrain#1.points[0]", Pos{13, 11}},
		{"terrain#1.points[1]", Pos{13, 19}},
		{"terrain#1.points[2]", Pos{14, 3}},
		{"terrain#1.points[3]", Pos{13, 1}}, // no such item: falls back to the key
		{"terrain#2.points[0]", Pos{17, 12}},
		{"terrain#2.inline.a", Pos{18, 1}},
		{"terrain#2.missing", Pos{16, 1}},
		{"side#2.unit#2.figure#2.pos", Pos{27, 1}},
		{"side#1.unit#1.figure#1", Pos{22, 1}},
		{"nothing", Pos{}},
	}
	for _, c := range cases {
		if got := ix.Find(c.path); got != c.want {
			t.Errorf("Find(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

func TestLimits(t *testing.T) {
	cases := []struct {
		name, src string
		want      string
	}{
		{"deep inline tables", "a = " + strings.Repeat("{b = ", 20) + "1" + strings.Repeat("}", 20), "1:85: lists and tables are nested more than 16 deep"},
		{"deep lists", "ok = 1\na = " + strings.Repeat("[", 17), "2:21: lists and tables are nested more than 16 deep"},
		{"long header", "[" + strings.Repeat("a.", 20) + "b]", "1:34: a key has more than 16 dotted parts"},
		{"long key", "x = 1\n" + strings.Repeat("k.", 17) + "k = 1", "2:33: a key has more than 16 dotted parts"},
		{"inline dotted key", "a = {" + strings.Repeat("k.", 17) + "k = 1}", "1:38: a key has more than 16 dotted parts"},
		{"long line", "a = \"" + strings.Repeat("x", 70000) + "\"\nb = 1", "1:1: line 1 is 70006 bytes long; at most 65536 are allowed on one line"},
		{"long last line", "b = 1\n#" + strings.Repeat("x", 70000), "2:1: line 2 is 70001 bytes long; at most 65536 are allowed on one line"},
	}
	for _, c := range cases {
		_, err := Scan(c.src, Default)
		var le *LimitError
		if !errors.As(err, &le) || err.Error() != c.want {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	// Brackets in strings and comments do not count.
	if _, err := Scan("a = \""+strings.Repeat("[", 100)+"\" # "+strings.Repeat("{", 100)+"\n", Default); err != nil {
		t.Errorf("brackets in a string: %v", err)
	}
}

// adversarial shapes of about n bytes, each within the limits (so Scan
// must walk all of them).
func shapes(n int) map[string]string {
	return map[string]string{
		"headers": strings.Repeat("[[a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p]]\nx = 1\n", n/42),
		"points":  "p = [" + strings.Repeat("[1.5, 2.5],\n", n/12) + "]\n",
		"nested":  strings.Repeat("x = [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]\n", n/38),
		"strings": strings.Repeat("s = \"\"\"\n[[[\n{{{\n\"\"\"\n", n/20),
		"keys":    strings.Repeat("a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p = 1\n", n/36),
	}
}

// Scan is linear: a shape 8 times bigger costs at most about 8 times
// the allocations (counted, not timed, so as not to flake on a busy
// machine; BenchmarkScan gives the times).
func TestScanLinear(t *testing.T) {
	small, big := shapes(64<<10), shapes(512<<10)
	for name := range small {
		as := testing.AllocsPerRun(1, func() { Scan(small[name], Default) })
		ab := testing.AllocsPerRun(1, func() { Scan(big[name], Default) })
		if ab > 12*as+20 {
			t.Errorf("%s: 64 KB takes %.0f allocations, 512 KB %.0f: not linear", name, as, ab)
		}
	}
}

func BenchmarkScan(b *testing.B) {
	for _, size := range []int{64 << 10, 1 << 20} {
		for name, src := range shapes(size) {
			b.Run(fmt.Sprintf("%s/%dKB", name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					if _, err := Scan(src, Default); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// FuzzScan: any text is scanned without panicking, and Find answers any
// path.
func FuzzScan(f *testing.F) {
	f.Add(sample)
	f.Add("a = [[[[")
	f.Add("[\"unterminated\n'x'.\"y\" = {a = {b = 1}}")
	f.Fuzz(func(t *testing.T, src string) {
		ix, err := Scan(src, Default)
		if err != nil {
			var le *LimitError
			if !errors.As(err, &le) || le.Line < 1 {
				t.Fatalf("not a LimitError with a line: %v", err)
			}
			return
		}
		ix.Find("a.b#1.c[2]")
		ix.Find(src)
	})
}

// The first part of a dotted key (a.b = 1) or of a dotted header ([a.b])
// is found at that key's own line and column, not at the enclosing table
// (issue 25): a problem with an unknown "a" names where it is written.
func TestDottedKeysAtTheirOwnLine(t *testing.T) {
	src := "name = \"x\"\n[victory]\nlosses = 4\n  foo.bar = 1\n\n[extra.table]\nx = 1\n[[side]]\n[[side.unit]]\n    look.hat.colour = 'red'\n"
	ix, err := Scan(src, Default)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]Pos{
		"victory.foo":            {4, 3},
		"victory.foo.bar":        {4, 3},
		"extra":                  {6, 1},
		"extra.table":            {6, 1},
		"side#1.unit#1.look":     {10, 5},
		"side#1.unit#1.look.hat": {10, 5},
		"victory":                {2, 1},
	} {
		if got := ix.Find(path); got != want {
			t.Errorf("%s: at %v, want %v", path, got, want)
		}
	}
}
