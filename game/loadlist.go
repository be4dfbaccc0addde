package game

import (
	"fmt"
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
	cur     int
	top     int
	wheel   float64
	buttons []button
}

type loadItem struct {
	path  string
	auto  bool
	when  time.Time
	desc  string // worked out when first shown (a replay)
	bad   bool
	known bool
}

// loadDialog opens the list of saves (and the autosave).
func (a *App) loadDialog() {
	l := &loadList{prev: a.scene}
	if a.opt.autosave != "" && fileExists(a.opt.autosave) {
		l.items = append(l.items, loadItem{path: a.opt.autosave, auto: true})
	}
	if a.opt.autosave != "" {
		// unfinished battles kept aside when a new one began (autosave.go)
		kept, _ := filepath.Glob(strings.TrimSuffix(a.opt.autosave, filepath.Ext(a.opt.autosave)) + ".unfinished-*.save")
		for _, p := range kept {
			l.items = append(l.items, loadItem{path: p})
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
	sort.SliceStable(l.items, func(i, j int) bool {
		if l.items[i].auto != l.items[j].auto {
			return l.items[i].auto
		}
		return l.items[i].when.After(l.items[j].when)
	})
	if len(l.items) == 0 {
		a.Dialog("No saved games", "Save a battle with Ctrl+S; saves go to "+a.saveDir()+".", []string{"OK"}, nil)
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
			it.desc = sb.g.RS.Name() + ": " + sb.what
		}
	}
	return it.desc
}

func (l *loadList) rows(a *App) int {
	return max(1, int((a.H-150*uiScale)/(48*uiScale)))
}

func (l *loadList) Update(a *App, dt float64) error {
	writeProbe(probe{Scene: "load", Buttons: probeButtons(l.buttons), Scroll: l.top})
	rows := l.rows(a)
	moved := false
	if pressed(actPanDown) {
		l.cur, moved = min(len(l.items)-1, l.cur+1), true
	}
	if pressed(actPanUp) {
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
	l.top = max(0, min(l.top, len(l.items)-rows))
	mx, my := cursor()
	for i := l.top; i < len(l.items) && i < l.top+rows; i++ {
		y := 80*uiScale + float64(i-l.top)*48*uiScale
		if clicked() && mx > 30*uiScale && mx < a.W-30*uiScale && my > y && my < y+42*uiScale {
			l.cur = i
		}
	}
	bw := 130 * uiScale
	l.buttons = []button{
		{x: a.W - 30*uiScale - bw, y: a.H - 60*uiScale, w: bw, h: 40 * uiScale, label: "Load", key: "Enter"},
		{x: a.W - 40*uiScale - 2*bw, y: a.H - 60*uiScale, w: bw, h: 40 * uiScale, label: "Delete", key: "Del"},
		{x: a.W - 50*uiScale - 3*bw, y: a.H - 60*uiScale, w: bw, h: 40 * uiScale, label: "Back", key: "Esc"},
	}
	it := &l.items[l.cur]
	if it.auto {
		l.buttons[1].disabled = true // the autosave is discarded from the title's offer
	}
	switch {
	case l.buttons[2].clicked() || pressed(actCancel):
		a.scene = l.prev
	case l.buttons[0].clicked() || pressed(actEnd):
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
			l.items = append(l.items[:l.cur], l.items[l.cur+1:]...)
			if len(l.items) == 0 {
				a.scene = l.prev
				return
			}
			l.cur = min(l.cur, len(l.items)-1)
		})
	}
	return nil
}

func (l *loadList) Draw(a *App, dst *ebiten.Image) {
	dst.Fill(colDesk)
	say(dst, "Load a saved game", boldFace(26), 30*uiScale, 24*uiScale, rgb(0xf2e2b8), 0)
	say(dst, "Newest first; the wheel or the arrows scroll. Saves live in "+a.saveDir()+".", italicFace(12), 32*uiScale, 58*uiScale, rgb(0xa89878), 0)
	rows := l.rows(a)
	w := a.W - 60*uiScale
	for i := l.top; i < len(l.items) && i < l.top+rows; i++ {
		it := &l.items[i]
		y := 80*uiScale + float64(i-l.top)*48*uiScale
		bg := rgba(0x3a3026, 220)
		if i == l.cur {
			bg = rgb(0x7a3a22)
		}
		roundRect(dst, 30*uiScale, y, w, 42*uiScale, 6*uiScale, bg)
		name := strings.TrimSuffix(filepath.Base(it.path), ".save")
		if it.auto {
			name = "Autosave"
		}
		head := l.describe(it)
		col := rgb(0xf7ecd2)
		if it.bad {
			col = rgb(0xf0a090)
		}
		say(dst, clipLabel(head, "", w-30*uiScale, boldFace(14)), boldFace(14), 44*uiScale, y+5*uiScale, col, 0)
		say(dst, name+"  -  "+ago(it.when), face(11), 44*uiScale, y+24*uiScale, rgb(0xd8c8a8), 0)
	}
	if l.top > 0 {
		say(dst, fmt.Sprintf("%d more above", l.top), italicFace(11), a.W/2, 66*uiScale, rgb(0xa89878), 1)
	}
	if n := len(l.items) - l.top - rows; n > 0 {
		say(dst, fmt.Sprintf("%d more below", n), italicFace(11), a.W/2, 80*uiScale+float64(rows)*48*uiScale, rgb(0xa89878), 1)
	}
	for i := range l.buttons {
		l.buttons[i].draw(dst, i == 0)
	}
}
