package save_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"hedgerow/rules/internal/coingame"
	"hedgerow/rules/save"
	"hedgerow/rules/scenario"
)

// coinSaveText is a short coin-game save.
func coinSaveText(t *testing.T) string {
	t.Helper()
	_, save := coingame.Play(t, 3)
	return string(save)
}

// Each hostile save in testdata is refused with a plain message; the
// good one replays.
func TestReadSaveRefusals(t *testing.T) {
	good := coinSaveText(t)
	write := func(name, text string) {
		p := filepath.Join("testdata", name)
		if old, err := os.ReadFile(p); err != nil || string(old) != text {
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The inputs are derived from the good save so they follow the format;
	// they are kept in testdata for anyone to try with hedgerow replay.
	write("save-good.json", good)
	write("save-trailing-junk.json", good+"{\"format\": 2}\n")
	write("save-duplicate-key.json", strings.Replace(good, "\"seed\": ", "\"seed\": 1,\n  \"seed\": ", 1))
	write("save-two-sides-one-name.json", strings.Replace(good, `name = \"Red\"`, `name = \"Blue\"`, 1))
	cases := []struct{ file, want string }{
		{"save-trailing-junk.json", "the save has something after its closing brace"},
		{"save-duplicate-key.json", `the save gives "seed" twice`},
		{"save-two-sides-one-name.json", `both sides are called "Blue"; give each side its own name`},
	}
	for _, c := range cases {
		f, err := os.Open(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = save.Replay(f, fstest.MapFS{}, nil, coingame.Lookup)
		f.Close()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.file, err, c.want)
		}
	}
	if _, _, err := save.Replay(strings.NewReader(good), fstest.MapFS{}, nil, coingame.Lookup); err != nil {
		t.Fatalf("good save: %v", err)
	}
}

// A save file is checked from its metadata before it is read: a file over
// the limit is refused unread, a named pipe or folder at once.
func TestReadSaveFSBounds(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.save")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: 300 MB that costs nothing on disk.
	if err := f.Truncate(300 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = save.ReadFS(os.DirFS(dir), "big.save")
	if err == nil || !strings.Contains(err.Error(), "the file is 314572800 bytes; at most 33554432 are allowed") {
		t.Fatalf("300 MB save: %v", err)
	}
	os.Mkdir(filepath.Join(dir, "folder.save"), 0o755)
	if _, err := save.ReadFS(os.DirFS(dir), "folder.save"); err == nil || !strings.Contains(err.Error(), "is a folder, not a file") {
		t.Fatalf("folder: %v", err)
	}
}

// FuzzReadSave: any bytes are either refused with an error or read as a
// save that replays or is refused with an error; nothing panics.
func FuzzReadSave(f *testing.F) {
	good, err := os.ReadFile("testdata/save-good.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(append(good, 'x'))
	f.Add([]byte(`{"format": 1, "format": 2}`))
	f.Add([]byte(`{"format": 2, "rule_set": "coin", "scenario_text": "x", "map_text": "y"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := save.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		save.ReplayFile(sf, coingame.FS(), nil, coingame.Lookup)
	})
}

// A scenario with a header of thousands of dotted parts is refused at its
// line at once (the key scanner was cubic in the parts).
func TestScenarioStallRefused(t *testing.T) {
	_, _, err := scenario.Load(os.DirFS("testdata"), "stall-scenario.toml", nil)
	if err == nil || err.Error() != "stall-scenario.toml:5:82: a key has more than 16 dotted parts" {
		t.Fatalf("got %v", err)
	}
}

// bigScenario is a scenario of the most figures allowed (400), 200 a side
// in units of 4, deployed automatically on a 240" table.
func bigScenario() fstest.MapFS {
	var m strings.Builder
	m.WriteString("name = \"wide\"\n[table]\nwidth = 240\nheight = 120\n")
	m.WriteString("[[area]]\nname = \"south\"\nkind = \"deployment\"\nside = 0\nrect = [0, 100, 240, 20]\n")
	m.WriteString("[[area]]\nname = \"north\"\nkind = \"deployment\"\nside = 1\nrect = [0, 0, 240, 20]\n")
	var s strings.Builder
	s.WriteString("name = \"Big\"\nrule_set = \"ssg\"\nmap = \"wide.toml\"\n")
	for side := 0; side < 2; side++ {
		fmt.Fprintf(&s, "[[side]]\nname = \"Side %d\"\n", side+1)
		for u := 0; u < 50; u++ {
			fmt.Fprintf(&s, "  [[side.unit]]\n  name = \"Unit %d\"\n", u+1)
			for f := 0; f < 4; f++ {
				fmt.Fprintf(&s, "    [[side.unit.figure]]\n    name = \"Man %d.%d\"\n", u+1, f+1)
			}
		}
	}
	return fstest.MapFS{"big.toml": {Data: []byte(s.String())}, "wide.toml": {Data: []byte(m.String())}}
}

// BenchmarkLoadScenario400: the largest legal scenario (400 figures),
// loaded, checked and deployed.
func BenchmarkLoadScenario400(b *testing.B) {
	fsys := bigScenario()
	for b.Loop() {
		if _, _, err := scenario.Load(fsys, "big.toml", nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadSave: a save of 20,000 commands (about 1 MB) read strictly.
func BenchmarkReadSave(b *testing.B) {
	good, err := os.ReadFile("testdata/save-good.json")
	if err != nil {
		b.Fatal(err)
	}
	sf, err := save.Read(bytes.NewReader(good))
	if err != nil {
		b.Fatal(err)
	}
	for len(sf.Commands) < 20000 {
		sf.Commands = append(sf.Commands, "move F1 12.5,8 14,9.25")
	}
	data, _ := json.Marshal(sf)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := save.Read(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
