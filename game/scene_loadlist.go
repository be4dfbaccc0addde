package game

import (
	"fmt"
	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/game/keys"
	"hedgerow/rules"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// loadList is the load dialog: every save, newest first, each described
// as the resume offer describes the autosave ("Firefight Lite: Hedgerow
// Rearguard, turn 1, Blue to play, 10 min ago"), in a list the wheel and
// the arrows scroll, with Load, Delete and Back.
type loadList struct {
	prev    Scene // the scene to go back to
	items   []loadItem
	cur     int  // a row of shown()
	open    bool // the battles set aside are listed one by one
	top     int
	wheel   float64
	buttons []button
}

type loadItem struct {
	path  string
	auto  bool
	aside bool // an unfinished battle set aside when a new one began
	when  time.Time
	desc  string // worked out when first shown (a replay)
	bad   bool
	known bool
}

// loadDialog opens the list of saves (and the autosave).
func (a *App) loadDialog() {
	l := &loadList{prev: a.scene}
	if a.opt.autosave != "" && content.FileExists(a.opt.autosave) {
		l.items = append(l.items, loadItem{path: a.opt.autosave, auto: true})
	}
	if a.opt.autosave != "" {
		// unfinished battles kept aside when a new one began (app_autosave.go)
		kept, _ := filepath.Glob(strings.TrimSuffix(a.opt.autosave, filepath.Ext(a.opt.autosave)) + ".unfinished-*.save")
		for _, p := range kept {
			l.items = append(l.items, loadItem{path: p, aside: true})
		}
	}
	if ents, err := os.ReadDir(a.saveDir()); err == nil {
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".save") && e.Type().IsRegular() {
				l.items = append(l.items, loadItem{path: filepath.Join(a.saveDir(), e.Name())})
			}
		}
	}
	for i := range l.items {
		if st, err := os.Stat(l.items[i].path); err == nil {
			l.items[i].when = st.ModTime()
		}
	}
	// the autosave, then the saves named by the player, then the battles
	// set aside (a list of "Unfinished, set aside..." hid the named ones)
	sort.SliceStable(l.items, func(i, j int) bool {
		if l.items[i].auto != l.items[j].auto {
			return l.items[i].auto
		}
		if l.items[i].aside != l.items[j].aside {
			return l.items[j].aside
		}
		return l.items[i].when.After(l.items[j].when)
	})
	if len(l.items) == 0 {
		a.Dialog("No saved games", "Save a battle with Ctrl+S; it is kept in your saves folder.", []string{"OK"}, nil)
		return
	}
	a.scene = l
}

// describe is an item's line: what battle and where it stands, and when.
func (l *loadList) describe(it *loadItem) string {
	if !it.known {
		it.known = true
		sb, err := readBattle(it.path)
		if err != nil {
			it.bad, it.desc = true, "cannot be read: "+err.Error()
		} else {
			it.desc = withRuleSet(sb.g.RS.Name(), sb.g.Scenario, sb.what)
		}
	}
	return it.desc
}

// withRuleSet is a saved battle's line with its rule set's name in front,
// unless the scenario's name gives it already ("S.M.L.E.: Tank in the
// Bocage" read "S.M.L.E.: S.M.L.E.: Tank in the Bocage").
func withRuleSet(rs string, sc *rules.Scenario, what string) string {
	if strings.HasPrefix(what, rs+":") || (sc != nil && strings.Contains(sc.Name, ": ") && strings.HasPrefix(what, sc.Name)) {
		return what
	}
	return rs + ": " + what
}

// asideCount is how many battles set aside the list holds.
func (l *loadList) asideCount() int {
	n := 0
	for _, it := range l.items {
		if it.aside {
			n++
		}
	}
	return n
}

// shown is the list's rows, as indices into items: the autosave and the
// named saves, then the battles set aside folded under one row (-1) when
// there are several, listed under it when it is opened.
func (l *loadList) shown() []int {
	var out []int
	n := l.asideCount()
	for i, it := range l.items {
		if !it.aside || n < 2 {
			out = append(out, i)
		}
	}
	if n >= 2 {
		out = append(out, -1)
		if l.open {
			for i, it := range l.items {
				if it.aside {
					out = append(out, i)
				}
			}
		}
	}
	return out
}

// foldLine is the row that folds the battles set aside.
func (l *loadList) foldLine() (head, sub string) {
	head = fmt.Sprintf("%d unfinished battles, set aside when a new battle began", l.asideCount())
	if l.open {
		return head, "Enter or Load folds them away"
	}
	return head, "Enter or Load lists them"
}

func (l *loadList) rows(a *App) int {
	return max(1, int((a.H-150*art.UIScale)/(48*art.UIScale)))
}

func (l *loadList) Update(a *App, dt float64) error {
	writeProbe(probe{Scene: "load", Buttons: probeButtons(l.buttons), Scroll: l.top})
	rows := l.rows(a)
	shown := l.shown()
	moved := false
	if keys.Pressed(keys.ActPanDown) {
		l.cur, moved = min(len(shown)-1, l.cur+1), true
	}
	if keys.Pressed(keys.ActPanUp) {
		l.cur, moved = max(0, l.cur-1), true
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		l.wheel += wy
		l.top -= int(l.wheel)
		l.wheel -= float64(int(l.wheel))
	}
	if moved {
		if l.cur < l.top {
			l.top = l.cur
		}
		if l.cur >= l.top+rows {
			l.top = l.cur - rows + 1
		}
	}
	l.top = max(0, min(l.top, len(shown)-rows))
	mx, my := cursor()
	for i := l.top; i < len(shown) && i < l.top+rows; i++ {
		y := 80*art.UIScale + float64(i-l.top)*48*art.UIScale
		if clicked() && mx > 30*art.UIScale && mx < a.W-30*art.UIScale && my > y && my < y+42*art.UIScale {
			l.cur = i
		}
	}
	bw := 130 * art.UIScale
	l.buttons = []button{
		{x: a.W - 30*art.UIScale - bw, y: a.H - 60*art.UIScale, w: bw, h: 40 * art.UIScale, label: "Load", key: "Enter"},
		{x: a.W - 40*art.UIScale - 2*bw, y: a.H - 60*art.UIScale, w: bw, h: 40 * art.UIScale, label: "Delete", key: "Del"},
		{x: a.W - 50*art.UIScale - 3*bw, y: a.H - 60*art.UIScale, w: bw, h: 40 * art.UIScale, label: "Back", key: "Esc"},
	}
	l.cur = max(0, min(l.cur, len(shown)-1))
	if shown[l.cur] < 0 {
		// the fold's row: Load opens or folds it; there is nothing to delete
		l.buttons[0].label, l.buttons[1].disabled = "Show", true
		if l.open {
			l.buttons[0].label = "Fold"
		}
		switch {
		case l.buttons[2].clicked() || keys.Pressed(keys.ActCancel):
			a.scene = l.prev
		case l.buttons[0].clicked() || keys.Pressed(keys.ActEnd):
			l.open = !l.open
		}
		return nil
	}
	idx := shown[l.cur]
	it := &l.items[idx]
	if it.auto {
		l.buttons[1].disabled = true // the autosave is discarded from the title's offer
	}
	switch {
	case l.buttons[2].clicked() || keys.Pressed(keys.ActCancel):
		a.scene = l.prev
	case l.buttons[0].clicked() || keys.Pressed(keys.ActEnd):
		a.scene = l.prev
		a.resume(it.path)
	case !it.auto && (l.buttons[1].clicked() || inpututil.IsKeyJustPressed(ebiten.KeyDelete)):
		path := it.path
		a.Dialog("Delete this save?", l.describe(it)+"\n"+filepath.Base(path), []string{"Delete", "Keep it"}, func(c int) {
			if c != 0 {
				return
			}
			if err := os.Remove(path); err != nil {
				a.Toast("Could not delete: %v", err)
				return
			}
			l.items = append(l.items[:idx], l.items[idx+1:]...)
			if len(l.items) == 0 {
				a.scene = l.prev
				return
			}
			l.cur = min(l.cur, len(l.shown())-1)
		})
	}
	return nil
}

func (l *loadList) Draw(a *App, dst *ebiten.Image) {
	dst.Fill(colDesk)
	art.Say(dst, "Load a saved game", art.BoldFace(26), 30*art.UIScale, 24*art.UIScale, art.RGB(0xf2e2b8), 0)
	// where saves live, in words: a raw path ("/root/.config/hedgerow/
	// saves") said nothing to a play-tester
	art.Say(dst, "Your own saves first, newest first; the wheel or the arrows scroll. Kept in your saves folder.", art.ItalicFace(12), 32*art.UIScale, 58*art.UIScale, art.RGB(0xa89878), 0)
	rows := l.rows(a)
	w := a.W - 60*art.UIScale
	shown := l.shown()
	for i := l.top; i < len(shown) && i < l.top+rows; i++ {
		y := 80*art.UIScale + float64(i-l.top)*48*art.UIScale
		bg := art.RGBA(0x3a3026, 220)
		if i == l.cur {
			bg = art.RGB(0x7a3a22)
		}
		if shown[i] < 0 {
			art.RoundRect(dst, 30*art.UIScale, y, w, 42*art.UIScale, 6*art.UIScale, bg)
			head, sub := l.foldLine()
			art.Say(dst, clipLabel(head, "", w-30*art.UIScale, art.BoldFace(14)), art.BoldFace(14), 44*art.UIScale, y+5*art.UIScale, art.RGB(0xd8c8a8), 0)
			art.Say(dst, sub, art.Face(11), 44*art.UIScale, y+24*art.UIScale, art.RGB(0xd8c8a8), 0)
			continue
		}
		it := &l.items[shown[i]]
		x := 30 * art.UIScale
		if it.aside && l.asideCount() >= 2 {
			x += 24 * art.UIScale // under its fold
		}
		art.RoundRect(dst, x, y, w-(x-30*art.UIScale), 42*art.UIScale, 6*art.UIScale, bg)
		head := l.describe(it)
		col := art.RGB(0xf7ecd2)
		if it.bad {
			col = art.RGB(0xf0a090)
		}
		art.Say(dst, clipLabel(head, "", w-(x-30*art.UIScale)-30*art.UIScale, art.BoldFace(14)), art.BoldFace(14), x+14*art.UIScale, y+5*art.UIScale, col, 0)
		art.Say(dst, l.subline(it), art.Face(11), x+14*art.UIScale, y+24*art.UIScale, art.RGB(0xd8c8a8), 0)
	}
	if l.top > 0 {
		art.Say(dst, fmt.Sprintf("%d more above", l.top), art.ItalicFace(11), a.W/2, 66*art.UIScale, art.RGB(0xa89878), 1)
	}
	if n := len(shown) - l.top - rows; n > 0 {
		art.Say(dst, fmt.Sprintf("%d more below", n), art.ItalicFace(11), a.W/2, 80*art.UIScale+float64(rows)*48*art.UIScale, art.RGB(0xa89878), 1)
	}
	for i := range l.buttons {
		l.buttons[i].draw(dst, i == 0)
	}
}

// subline says which file an item is and when it was last played: a
// save by its name, the autosave and a battle set aside in words (a
// play-tester met a list of "autosave.unfinished-2026-11-28-203051").
func (l *loadList) subline(it *loadItem) string {
	name, when := strings.TrimSuffix(filepath.Base(it.path), ".save"), "saved "
	switch {
	case it.auto:
		name, when = "Autosave", "last played "
	case it.aside:
		name, when = "Unfinished, set aside when a new battle began", "last played "
	}
	if t := ago(it.when); t != "" {
		return name + "  -  " + when + t
	}
	return name
}
