package rules

import (
	"reflect"
	"testing"

	"hedgerow/rules/geom"
)

func TestNotationExamples(t *testing.T) {
	cases := []struct {
		text string
		cmd  Command
	}{
		{"move F3 12.5,8 14,9.25", Command{Verb: "move", Fig: 3, Path: []geom.Pt{{X: 12500, Y: 8000}, {X: 14000, Y: 9250}}}},
		{"fire F3 F9 F9 F10", Command{Verb: "fire", Fig: 3, Targets: []FigID{9, 9, 10}}},
		{"melee F2 F7", Command{Verb: "melee", Fig: 2, Targets: []FigID{7}}},
		{"posture F3 prone", Command{Verb: "posture", Fig: 3, Arg: "prone"}},
		{"end", Command{Verb: "end"}},
		{"activate U2", Command{Verb: "activate", Unit: 2}},
		{"opt U2 fall-back", Command{Verb: "opt", Unit: 2, Arg: "fall-back"}},
		{"grenade F4 10.001,-0.5", Command{Verb: "grenade", Fig: 4, Path: []geom.Pt{{X: 10001, Y: -500}}}},
		{"assault - U3 F8", Command{Verb: "assault", Unit: 3, Targets: []FigID{8}}},
		{"note F1 \"two words\"", Command{Verb: "note", Fig: 1, Arg: "two words"}},
		{"note \"F3\"", Command{Verb: "note", Arg: "F3"}},
		{"move F1 0,0", Command{Verb: "move", Fig: 1, Path: []geom.Pt{{}}}},
	}
	for _, c := range cases {
		got, err := ParseCommand(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if !reflect.DeepEqual(got, c.cmd) {
			t.Errorf("%q parsed as %#v, want %#v", c.text, got, c.cmd)
		}
		if s := c.cmd.String(); s != c.text {
			t.Errorf("%#v written as %q, want %q", c.cmd, s, c.text)
		}
	}
}

func TestNotationRejects(t *testing.T) {
	for _, s := range []string{
		"", "  ", "F3 move", "move F0 1,1", "move F03 1,1", "move F3 1.2345,1", "move F3 1,x",
		"move F3  1,1", "fire F3 F9 1,1", "fire F3 prone F9", "posture F3 prone extra",
		"fire - ", "fire -", "end \"plain\"", "end \"bad", "move F3 1.,2", "move F3 .5,2",
		"move F3 1,2,3", "move F3 99999999999999,1",
	} {
		if c, err := ParseCommand(s); err == nil {
			t.Errorf("%q accepted as %#v", s, c)
		}
	}
}

func TestInchesExact(t *testing.T) {
	for _, u := range []int64{0, 1, 10, 100, 999, 1000, 1001, 12500, -1, -250, -1000, 123456789} {
		s := FormatInches(u)
		v, err := ParseInches(s)
		if err != nil || v != u {
			t.Errorf("%d -> %q -> %d, %v", u, s, v, err)
		}
	}
}

// FuzzParseCommand: whatever parses must write back to text that parses
// to the same command, and that text must be stable.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"move F3 12.5,8 14,9.25", "fire F3 F9 F9 F10", "opt U2 fall-back",
		"assault - U3 F8", "note F1 \"two words\"", "end", "move F1 -0.001,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCommand(s)
		if err != nil {
			return
		}
		text := c.String()
		d, err := ParseCommand(text)
		if err != nil {
			t.Fatalf("%q parsed, but its text %q does not: %v", s, text, err)
		}
		if !reflect.DeepEqual(c, d) {
			t.Fatalf("%q -> %#v -> %q -> %#v", s, c, text, d)
		}
		if d.String() != text {
			t.Fatalf("unstable text %q vs %q", text, d.String())
		}
	})
}
