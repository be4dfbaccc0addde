package game

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/rules"
	"hedgerow/rules/save"
)

// saveAs asks for a save's name (the battle and its turn to begin with)
// and saves under it: the load list then shows it by that name.
type saveAs struct {
	prev Scene
	g    *rules.Game
	name []rune
}

// saveGame opens the name prompt over the battle.
func (a *App) saveGame(g *rules.Game) {
	def := describeGame(g)
	if i := strings.Index(def, ", "); i > 0 {
		def = def[:i] + " " + time.Now().Format("2 Jan 15.04")
	}
	a.scene = &saveAs{prev: a.scene, g: g, name: []rune(def)}
}

// saveFileName makes a name safe as a file's: letters, digits, spaces and
// a few marks, at most 60 of them.
func saveFileName(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == ' ', r == '-', r == '_', r == '.', r == ',', r == '\'':
			b.WriteRune(r)
		default:
			b.WriteRune(' ') // (a colon or a slash has no place in a file's name)
		}
	}
	n := strings.Join(strings.Fields(b.String()), " ")
	n = strings.Trim(n, ". ")
	if len(n) > 60 {
		n = n[:60]
	}
	return n
}

func (s *saveAs) Update(a *App, dt float64) error {
	writeProbe(probe{Scene: "save"})
	s.name = ebiten.AppendInputChars(s.name)
	if len(s.name) > 60 {
		s.name = s.name[:60]
	}
	if d := inpututil.KeyPressDuration(ebiten.KeyBackspace); (d == 1 || (d > 30 && d%3 == 0)) && len(s.name) > 0 {
		s.name = s.name[:len(s.name)-1]
	}
	if pressed(actCancel) {
		a.scene = s.prev
		return nil
	}
	if pressed(actEnd) {
		name := saveFileName(string(s.name))
		if name == "" {
			a.Toast("Give the save a name.")
			return nil
		}
		dir := a.saveDir()
		os.MkdirAll(dir, 0o755)
		path := filepath.Join(dir, name+".save")
		a.scene = s.prev
		if err := save.WriteAtomic(path, s.g); err != nil {
			a.Toast("Could not save: %v", err)
			return nil
		}
		a.Toast("Saved as %s", filepath.Base(path))
	}
	return nil
}

func (s *saveAs) Draw(a *App, dst *ebiten.Image) {
	s.prev.Draw(a, dst)
	rect(dst, 0, 0, a.W, a.H, rgba(0x000000, 150))
	w, h := min(620*uiScale, a.W-40*uiScale), 150*uiScale
	x, y := a.W/2-w/2, a.H/2-h/2
	roundRect(dst, x, y, w, h, 10*uiScale, rgb(0xefe6d2))
	say(dst, "Save the battle as", boldFace(18), x+20*uiScale, y+14*uiScale, rgb(0x2b2418), 0)
	rect(dst, x+20*uiScale, y+52*uiScale, w-40*uiScale, 34*uiScale, rgb(0xfffaf0))
	caret := ""
	if int(time.Now().UnixMilli()/500)%2 == 0 {
		caret = "|"
	}
	say(dst, clipLabel(string(s.name), "", w-60*uiScale, face(16))+caret, face(16), x+28*uiScale, y+58*uiScale, rgb(0x2b2418), 0)
	say(dst, "Type a name; Enter saves, Esc cancels. A save of the same name is replaced.", italicFace(12), x+20*uiScale, y+100*uiScale, rgb(0x6a5a48), 0)
}
