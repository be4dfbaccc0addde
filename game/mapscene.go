package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// mapScene shows a map with its legend, scale and named areas.
type mapScene struct {
	tv *tableView
	tk *tools
	ix *terrain.Index
	// a map file on disk is watched and reloaded when saved (watch.go)
	path  string
	watch *fileWatch
	bad   string // the last reload's problems, shown over the table
}

func newMapScene(m *terrain.Map) *mapScene {
	tv := newTableView(m)
	tv.padT = 44 * uiScale
	return &mapScene{tv: tv, tk: &tools{}, ix: terrain.NewIndex(m)}
}

func ptsIn(c ...float64) []geom.Pt {
	var out []geom.Pt
	for i := 0; i+1 < len(c); i += 2 {
		out = append(out, geom.P(c[i], c[i+1]))
	}
	return out
}

func (s *mapScene) Update(a *App, dt float64) error {
	if s.watch.changed(dt) {
		a.poke()
		s.reload(a)
	}
	s.tv.update(a, dt)
	s.tk.update(a, s.tv, s.ix)
	if pressed(actCancel) && !s.tk.active() {
		a.scene = newTitle(a)
	}
	return nil
}

func (s *mapScene) Draw(a *App, dst *ebiten.Image) {
	s.tv.draw(dst)
	drawAreas(dst, s.tv, -1, nil)
	s.tk.draw(dst, a, s.tv, s.ix)
	bar := 44 * uiScale
	rect(dst, 0, 0, a.W, bar, rgba(0x1b1610, 225))
	say(dst, s.tv.m.Name, boldFace(18), 16*uiScale, 11*uiScale, rgb(0xf2e2b8), 0)
	say(dst, "M tape   L line of sight   F fit   Esc back", face(13), a.W-16*uiScale, 14*uiScale, rgb(0xc8b894), 2)
	if s.tv.legend {
		s.tv.drawLegend(dst, 12*uiScale, a.H-70*uiScale)
	}
	s.tv.drawScaleBar(dst, 18*uiScale, a.H-30*uiScale, false)
	drawProblems(dst, a, bar, s.bad)
}
