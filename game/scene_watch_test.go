package game

import (
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// rewrite writes a watched file and makes sure its time moves on (a
// coarse file system clock could otherwise hide a quick second save).
func rewrite(t *testing.T, path, text string) {
	t.Helper()
	old, _ := os.Stat(path)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if old != nil {
		later := old.ModTime().Add(time.Second)
		os.Chtimes(path, later, later)
	}
}

func figNamed(sc *rules.Scenario, name string) *rules.ScenarioFigure {
	var out *rules.ScenarioFigure
	sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		if f.Name == name {
			out = f
		}
	})
	return out
}

// hedgerow --scenario FILE watches the file: a saved edit shows on the
// table within half a second; a broken edit shows its file:line:col over
// the table and keeps the last good version; mending it reloads again.
func TestScenarioFileReloadsWhenSaved(t *testing.T) {
	good, err := os.ReadFile("../scenarios/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mine.toml")
	rewrite(t, path, string(good))
	a := &App{W: 1280, H: 800, speed: 1, opt: options{scenario: path}}
	d, ok := a.firstScene().(*deploy)
	if !ok || d.watch == nil {
		t.Fatalf("--scenario FILE did not open a watched deployment")
	}
	a.scene = d
	if p := figNamed(d.sc, "Red leader").Pos; p != geom.P(14.5, 9) {
		t.Fatalf("Red leader starts at %v", p)
	}
	// the author moves the leader and saves
	rewrite(t, path, strings.Replace(string(good), "pos = [14.5, 9]", "pos = [20, 5]", 1))
	d.Update(a, 0.2)
	if p := figNamed(d.sc, "Red leader").Pos; p != geom.P(14.5, 9) {
		t.Fatal("the file was looked at again sooner than half a second")
	}
	d.Update(a, 0.4)
	if p := figNamed(d.sc, "Red leader").Pos; p != geom.P(20, 5) {
		t.Fatalf("after saving, Red leader stands at %v; want [20, 5]", p)
	}
	if !strings.Contains(a.toast, "Reloaded mine.toml") || d.bad != "" {
		t.Fatalf("toast %q, problems %q", a.toast, d.bad)
	}
	// a broken save: the last good version stays, the problem is shown at
	// its line
	broken := strings.Replace(string(good), "pos = [14.5, 9]", "pos = [20, 5", 1)
	line := 0
	for i, l := range strings.Split(broken, "\n") {
		if strings.Contains(l, "pos = [20, 5") {
			line = i + 1
		}
	}
	rewrite(t, path, broken)
	d.Update(a, 0.6)
	want := "mine.toml:" + strconv.Itoa(line+1) + ":5: TOML syntax error" // the error names the next line, where the list should have closed
	if !strings.HasPrefix(d.bad, want) {
		t.Fatalf("the banner says %q; want it to start %q", d.bad, want)
	}
	if p := figNamed(d.sc, "Red leader").Pos; p != geom.P(20, 5) {
		t.Fatalf("a broken save moved Red leader to %v: the last good version is lost", p)
	}
	img := render(a, d)
	if c := img.At(int(a.W/2), int(d.tv.padT+30*art.UIScale)); !isBanner(c) {
		t.Errorf("no banner over the table: %v", c)
	}
	// mended: reloads, banner gone
	rewrite(t, path, strings.Replace(string(good), "pos = [14.5, 9]", "pos = [21, 5]", 1))
	d.Update(a, 0.6)
	if p := figNamed(d.sc, "Red leader").Pos; p != geom.P(21, 5) || d.bad != "" {
		t.Fatalf("after mending: Red leader at %v, problems %q", p, d.bad)
	}
}

// isBanner tells the problem banner's dark red from the table.
func isBanner(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	r, g, b = r>>8, g>>8, b>>8
	return r > 2*g && r > 2*b && r < 130
}

// hedgerow --map FILE watches the map the same way.
func TestMapFileReloadsWhenSaved(t *testing.T) {
	good, err := os.ReadFile("../maps/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "table.toml")
	rewrite(t, path, string(good))
	a := &App{W: 1280, H: 800, speed: 1, opt: options{mapName: path}}
	s, ok := a.firstScene().(*mapScene)
	if !ok || s.watch == nil {
		t.Fatal("--map FILE did not open a watched map")
	}
	pieces := len(s.tv.m.Pieces)
	// a wood added and saved: on the table at the next look
	added := string(good) + "\n[[terrain]]\nkind = \"woods\"\nname = \"New copse\"\ncircle = [30, 30, 3]\n"
	rewrite(t, path, added)
	s.Update(a, 0.6)
	if len(s.tv.m.Pieces) != pieces+1 || s.ix == nil || s.bad != "" {
		t.Fatalf("after saving: %d pieces (want %d), problems %q", len(s.tv.m.Pieces), pieces+1, s.bad)
	}
	// a misspelt kind: the copse stays, the problem is shown at its line
	broken := strings.Replace(added, "kind = \"woods\"\nname = \"New copse\"", "kind = \"wodos\"\nname = \"New copse\"", 1)
	line := 0
	for i, l := range strings.Split(broken, "\n") {
		if strings.Contains(l, "wodos") {
			line = i + 1
		}
	}
	rewrite(t, path, broken)
	s.Update(a, 0.6)
	if want := "table.toml:" + strconv.Itoa(line) + ":"; !strings.HasPrefix(s.bad, want) || !strings.Contains(s.bad, "wodos") {
		t.Fatalf("the banner says %q; want it to start %q", s.bad, want)
	}
	if len(s.tv.m.Pieces) != pieces+1 {
		t.Fatal("a broken save took the last good map off the table")
	}
	img := render(a, s)
	if c := img.At(int(a.W/2), int(44*art.UIScale+30*art.UIScale)); !isBanner(c) {
		t.Errorf("no banner over the table: %v", c)
	}
}

// A scenario whose map is a file beside it reloads when the map is saved.
func TestScenarioReloadsWhenItsOwnMapIsSaved(t *testing.T) {
	sc, err := os.ReadFile("../scenarios/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	mp, err := os.ReadFile("../maps/ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.toml")
	mapPath := filepath.Join(dir, "tables", "farm.toml")
	os.Mkdir(filepath.Dir(mapPath), 0o755)
	rewrite(t, path, strings.Replace(string(sc), `map = "ssg-standard.toml"`, `map = "tables/farm.toml"`, 1))
	rewrite(t, mapPath, string(mp))
	a := &App{W: 1280, H: 800, speed: 1, opt: options{scenario: path}}
	d, ok := a.firstScene().(*deploy)
	if !ok || d.watch == nil || len(d.watch.paths) != 2 {
		t.Fatalf("the deployment does not watch the scenario and its map: %+v", d.watch)
	}
	pieces := len(d.m.Pieces)
	rewrite(t, mapPath, string(mp)+"\n[[terrain]]\nkind = \"woods\"\ncircle = [30, 18, 3]\n")
	d.Update(a, 0.6)
	if len(d.m.Pieces) != pieces+1 || len(d.tv.m.Pieces) != pieces+1 {
		t.Fatalf("after saving the map: %d pieces, want %d (problems %q)", len(d.m.Pieces), pieces+1, d.bad)
	}
}
