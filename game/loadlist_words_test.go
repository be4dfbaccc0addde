package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules/all"
)

// The load list names each battle's rule set once, says where saves live
// in words, not as a path, and folds the battles set aside under one row
// after the player's own saves: a play-tester met "S.M.L.E.: S.M.L.E.:
// Tank in the Bocage", "/root/.config/hedgerow/saves" and a screenful of
// "Unfinished, set aside when a new battle began" over a named save.
func TestLoadListWords(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	a, path := autosaveApp(t)
	g := shippedGame(t, "smle-skirmish.toml", 1)
	if err := all.WriteSaveAtomic(path, g); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(path)
	for _, n := range []string{"2026-11-29-103721", "2026-11-29-103751", "2026-11-29-103822"} {
		if err := all.WriteSaveAtomic(filepath.Join(dir, "autosave.unfinished-"+n+".save"), g); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(a.saveDir(), 0o755)
	named := filepath.Join(a.saveDir(), "mytank.save")
	if err := all.WriteSaveAtomic(named, g); err != nil {
		t.Fatal(err)
	}
	a.loadDialog()
	l, ok := a.scene.(*loadList)
	if !ok {
		t.Fatalf("Ctrl+O opened %T", a.scene)
	}
	for i := range l.items {
		if d := l.describe(&l.items[i]); strings.Count(d, g.RS.Name()) != 1 {
			t.Errorf("%s reads %q", filepath.Base(l.items[i].path), d)
		}
	}
	shown := l.shown()
	if len(shown) != 3 || !l.items[shown[0]].auto || l.items[shown[1]].path != named || shown[2] != -1 {
		t.Fatalf("rows %v: want the autosave, the named save, then one row for the 3 set aside", shown)
	}
	l.open = true
	if shown = l.shown(); len(shown) != 6 || shown[2] != -1 || !l.items[shown[3]].aside || !l.items[shown[5]].aside {
		t.Fatalf("rows opened %v: want the 3 set aside listed under their row", shown)
	}
	l.open = false
	var said []string
	art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
	defer func() { art.Said = nil }()
	l.Draw(a, ebiten.NewImage(int(a.W), int(a.H)))
	text := strings.Join(said, " | ")
	if strings.Contains(text, a.saveDir()) || strings.Contains(text, "/.config") {
		t.Errorf("the list shows a raw path: %q", text)
	}
	if strings.Count(text, "set aside") != 1 {
		t.Errorf("the battles set aside are not folded under one row: %q", text)
	}
}
