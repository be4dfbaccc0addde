package game

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/terrain"
)

// Hot reload
//
// hedgerow --map FILE and hedgerow --scenario FILE (a file on disk, not
// a shipped one) watch the file: Update looks at its modification time
// and size about twice a second (no goroutine), and when they change the
// file is loaded again and the table redrawn at once. A save that does
// not load keeps the last good version on the table, with the problems
// (file:line:col: message) on a banner over it until the file loads
// again. A scenario's watch covers its map too when that is a file
// beside it rather than a shipped map.

// watchEvery is how often a watched file is looked at, in seconds.
const watchEvery = 0.5

// fileWatch notices when any of a few files on disk changes.
type fileWatch struct {
	paths []string
	seen  []fileStamp
	wait  float64 // seconds until the next look
}

// fileStamp is what a look at a file sees: enough to tell it changed.
type fileStamp struct {
	mod  time.Time
	size int64
	ok   bool // the file was there
}

func stampOf(p string) fileStamp {
	st, err := os.Stat(p)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{mod: st.ModTime(), size: st.Size(), ok: true}
}

func newFileWatch(paths ...string) *fileWatch {
	w := &fileWatch{paths: paths, wait: watchEvery}
	for _, p := range paths {
		w.seen = append(w.seen, stampOf(p))
	}
	return w
}

// changed counts dt off the wait and, when it is time to look, reports
// whether any file changed (written, replaced, deleted or back again)
// since the last look.
func (w *fileWatch) changed(dt float64) bool {
	if w == nil {
		return false
	}
	w.wait -= dt
	if w.wait > 0 {
		return false
	}
	w.wait = watchEvery
	any := false
	for i, p := range w.paths {
		if s := stampOf(p); s != w.seen[i] {
			w.seen[i] = s
			any = true
		}
	}
	return any
}

// problemText is a load error as the banner shows it: one problem a line.
func problemText(err error) string {
	return strings.TrimSpace(err.Error())
}

// drawProblems draws a banner over the top of the table: the file did not
// load, here is why, the table shows the last good version.
func drawProblems(dst *ebiten.Image, a *App, top float64, problems string) {
	if problems == "" {
		return
	}
	f := art.Face(14)
	w := a.W - 40*art.UIScale
	var lines []string
	for _, l := range strings.Split(problems, "\n") {
		lines = append(lines, art.Wrap(l, f, w-32*art.UIScale)...)
	}
	const most = 8
	if len(lines) > most {
		n := len(lines) - most + 1
		lines = append(lines[:most-1], fmt.Sprintf("... and %d more lines", n))
	}
	lh := 19 * art.UIScale
	h := 44*art.UIScale + float64(len(lines))*lh + 26*art.UIScale
	x, y := 20*art.UIScale, top+12*art.UIScale
	art.RoundRect(dst, x+3*art.UIScale, y+4*art.UIScale, w, h, 8*art.UIScale, art.RGBA(0x000000, 120))
	art.RoundRect(dst, x, y, w, h, 8*art.UIScale, art.RGBA(0x4a1410, 240))
	art.RectLine(dst, x, y, w, h, 2*art.UIScale, art.RGB(0xff8a70))
	art.Say(dst, "The file did not load: the table shows the last good version", art.BoldFace(16), x+16*art.UIScale, y+12*art.UIScale, art.RGB(0xffffff), 0)
	for i, l := range lines {
		art.Say(dst, l, f, x+16*art.UIScale, y+40*art.UIScale+float64(i)*lh, art.RGB(0xffe8dc), 0)
	}
	art.Say(dst, "Fix it and save again: the table reloads by itself.", art.ItalicFace(12), x+16*art.UIScale, y+h-22*art.UIScale, art.RGB(0xf0c0a8), 0)
}

// ---- the map scene ----

// watchMap makes the map scene reload the map from path when it changes.
func (s *mapScene) watchMap(path string) {
	s.path = path
	s.watch = newFileWatch(path)
}

func (s *mapScene) reload(a *App) {
	m, err := terrain.Load(os.DirFS(filepath.Dir(s.path)), filepath.Base(s.path))
	if err != nil {
		s.bad = problemText(err)
		return
	}
	s.bad = ""
	s.tv.setMap(m)
	s.ix = terrain.NewIndex(m)
	a.Toast("Reloaded %s", filepath.Base(s.path))
}

// setMap puts a new map on the table, keeping the camera where it is
// (refitting only when the table's size changed).
func (tv *tableView) setMap(m *terrain.Map) {
	resize := tv.m == nil || m.Width != tv.m.Width || m.Height != tv.m.Height
	tv.m = m
	tv.art = art.NewTableArt(m)
	tv.swatch = nil
	if resize && tv.fitted {
		tv.fit(true)
	}
}

// ---- the deployment scene ----

// watchScenario makes the deployment reload the scenario from path (and
// its map, when that is a file beside it) when either changes.
func (d *deploy) watchScenario(path string) {
	d.path = path
	paths := []string{path}
	if mp := localMap(path, d.sc.Map); mp != "" {
		paths = append(paths, mp)
	}
	d.watch = newFileWatch(paths...)
}

// localMap is the file on disk a scenario at scPath loads as its map, or
// "" when that is a shipped map (all.MapFinder's rule).
func localMap(scPath, mapName string) string {
	n := strings.TrimPrefix(mapName, "./")
	if content.MapsFS != nil {
		if _, err := fs.Stat(content.MapsFS, n); err == nil {
			return ""
		}
	}
	if all.CheckMapName(n) != nil {
		return ""
	}
	return filepath.Join(filepath.Dir(scPath), filepath.FromSlash(path.Clean(n)))
}

// reload loads the scenario again. A good file replaces the deployment
// (the file's placing, the same side deploying); a bad one leaves the
// last good version on the table with its problems over it.
func (d *deploy) reload(a *App) {
	sc, m, err := all.LoadScenario(os.DirFS(filepath.Dir(d.path)), filepath.Base(d.path), content.MapsFS)
	if err == nil {
		play := sc.Clone()
		if derr := rules.AutoDeploy(play, m); derr != nil {
			err = fmt.Errorf("%s: the figures cannot be placed: %v", filepath.Base(d.path), derr)
		} else {
			sc = play
		}
	}
	if err != nil {
		d.bad = problemText(err)
		return
	}
	d.bad = ""
	d.sc, d.m = sc, m
	d.tv.setMap(m)
	for s := 0; s < 2; s++ {
		d.area[s], _ = rules.DeployArea(sc, m, s)
	}
	d.drag, d.hover = nil, nil
	d.findOutside()
	// the map may have moved beside the scenario, or back to a shipped one
	d.watchScenario(d.path)
	a.Toast("Reloaded %s", filepath.Base(d.path))
}
