package game

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// saveAs asks for a save's name (the battle and its turn to begin with)
// and saves under it: the load list then shows it by that name.
type saveAs struct {
	prev Scene
	g    *rules.Game
	name []rune
	// fresh: the name is still the suggested one, shown selected: the
	// first letter typed replaces it (a play-tester's typing was added
	// to its end), and Backspace edits it instead
	fresh bool
}

// saveGame opens the name prompt over the battle.
func (a *App) saveGame(g *rules.Game) {
	def := describeGame(g)
	if i := strings.Index(def, ", "); i > 0 {
		def = def[:i] + " " + time.Now().Format("2 Jan 15.04")
	}
	a.scene = &saveAs{prev: a.scene, g: g, name: []rune(def), fresh: true}
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
	d := inpututil.KeyPressDuration(ebiten.KeyBackspace)
	s.typed(ebiten.AppendInputChars(nil), d == 1 || (d > 30 && d%3 == 0))
	if keys.Pressed(keys.ActCancel) {
		a.scene = s.prev
		return nil
	}
	if keys.Pressed(keys.ActEnd) {
		name := saveFileName(string(s.name))
		if name == "" {
			a.Toast("Give the save a name.")
			return nil
		}
		dir := a.saveDir()
		os.MkdirAll(dir, 0o755)
		path := filepath.Join(dir, name+".save")
		a.scene = s.prev
		if err := all.WriteSaveAtomic(path, s.g); err != nil {
			a.Toast("Could not save: %v", err)
			return nil
		}
		a.Toast("Saved as %s", filepath.Base(path))
	}
	return nil
}

// typed takes the letters typed this update and a Backspace.
func (s *saveAs) typed(chars []rune, back bool) {
	if s.fresh && (len(chars) > 0 || back) {
		s.fresh = false
		if len(chars) > 0 {
			s.name = s.name[:0] // the suggestion was selected: typing replaces it
		}
	}
	s.name = append(s.name, chars...)
	if len(s.name) > 60 {
		s.name = s.name[:60]
	}
	if back && len(s.name) > 0 {
		s.name = s.name[:len(s.name)-1]
	}
}

func (s *saveAs) Draw(a *App, dst *ebiten.Image) {
	s.prev.Draw(a, dst)
	art.Rect(dst, 0, 0, a.W, a.H, art.RGBA(0x000000, 150))
	w, h := min(620*art.UIScale, a.W-40*art.UIScale), 150*art.UIScale
	x, y := a.W/2-w/2, a.H/2-h/2
	art.RoundRect(dst, x, y, w, h, 10*art.UIScale, art.RGB(0xefe6d2))
	art.Say(dst, "Save the battle as", art.BoldFace(18), x+20*art.UIScale, y+14*art.UIScale, art.RGB(0x2b2418), 0)
	art.Rect(dst, x+20*art.UIScale, y+52*art.UIScale, w-40*art.UIScale, 34*art.UIScale, art.RGB(0xfffaf0))
	caret := ""
	if int(time.Now().UnixMilli()/500)%2 == 0 {
		caret = "|"
	}
	shown := clipLabel(string(s.name), "", w-60*art.UIScale, art.Face(16))
	if s.fresh { // selected, as a suggestion is in a text field
		art.Rect(dst, x+26*art.UIScale, y+56*art.UIScale, art.TextW(shown, art.Face(16))+4*art.UIScale, 26*art.UIScale, art.RGB(0xb9d3f0))
		caret = ""
	}
	art.Say(dst, shown+caret, art.Face(16), x+28*art.UIScale, y+58*art.UIScale, art.RGB(0x2b2418), 0)
	art.Say(dst, "Type to rename, Backspace to edit; Enter saves, Esc cancels; a same-named save is replaced.", art.ItalicFace(12), x+20*art.UIScale, y+100*art.UIScale, art.RGB(0x6a5a48), 0)
}
