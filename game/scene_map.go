package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// mapScene shows a map with its legend, scale and named areas.
type mapScene struct {
	tv *tableView
	tk *tools
	ix *terrain.Index
	// a map file on disk is watched and reloaded when saved (scene_watch.go)
	path  string
	watch *fileWatch
	bad   string // the last reload's problems, shown over the table
}

func newMapScene(m *terrain.Map) *mapScene {
	tv := newTableView(m)
	tv.pads(0, 0, 44, 0)
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
	if keys.Pressed(keys.ActCancel) && !s.tk.active() {
		a.scene = newTitle(a)
	}
	return nil
}

func (s *mapScene) Draw(a *App, dst *ebiten.Image) {
	s.tv.draw(dst)
	drawAreas(dst, s.tv, -1, nil)
	s.tk.draw(dst, a, s.tv, s.ix)
	bar := 44 * art.UIScale
	art.Rect(dst, 0, 0, a.W, bar, art.RGBA(0x1b1610, 225))
	art.Say(dst, s.tv.m.Name, art.BoldFace(18), 16*art.UIScale, 11*art.UIScale, art.RGB(0xf2e2b8), 0)
	art.Say(dst, "M tape   L line of sight   F fit   Esc back", art.Face(13), a.W-16*art.UIScale, 14*art.UIScale, art.RGB(0xc8b894), 2)
	if s.tv.legend {
		s.tv.drawLegend(dst, 12*art.UIScale, a.H-70*art.UIScale)
	}
	s.tv.drawScaleBar(dst, false, art.Pt{X: 18 * art.UIScale, Y: a.H - 30*art.UIScale})
	drawProblems(dst, a, bar, s.bad)
}
