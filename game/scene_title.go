package game

import (
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/game/keys"
	"hedgerow/rules/terrain"
)

// titleScene shows the default table behind the game's name and menu.
type titleScene struct {
	tv      *tableView
	buttons []button
	actions []func()
	t       float64
	saved   *savedBattle // the autosave, read and replayed (nil: none)
}

// newTitle opens the title. It reads the autosave: one that cannot be
// read or replayed is moved aside with a message (app_autosave.go).
func newTitle(a *App) *titleScene {
	s := &titleScene{tv: newTableView(content.DefaultMap())}
	s.tv.pads(360, 0, 0, 0)
	if p := a.opt.autosave; p != "" && content.FileExists(p) {
		sb, err := readBattle(p)
		if err != nil {
			a.autosaveBad(p, err)
		} else {
			s.saved = sb
		}
	}
	return s
}

func (a *App) firstScene() Scene {
	if a.opt.mapName != "" {
		m, err := content.LoadMap(a.opt.mapName)
		if err != nil {
			t := newTitle(a)
			a.Fail("The map could not be loaded", err)
			return t
		}
		ms := newMapScene(m)
		if content.FileExists(a.opt.mapName) {
			ms.watchMap(a.opt.mapName) // a file on disk: reload it when saved
		}
		return ms
	}
	if a.opt.scenario != "" {
		if sc := a.startScenario(a.opt.scenario); sc != nil {
			return sc
		}
		return newTitle(a)
	}
	t := newTitle(a)
	if !a.opt.noResume && a.dlg == nil && a.offerDeployment() {
		return t // a deployment interrupted (deploy_save.go): newer than any battle's autosave
	}
	if !a.opt.noResume && t.saved != nil && a.dlg == nil {
		a.offerResume(t.saved)
	}
	return t
}

func (s *titleScene) Update(a *App, dt float64) error {
	writeProbe(probe{Scene: "title", Buttons: probeButtons(s.buttons)})
	s.t += dt
	s.tv.pads(360, 0, 0, 0)
	s.tv.update(a, dt)
	labels := []string{"New battle", "Host a network battle", "Join a network battle", "Load a saved game", "Look at the table", "Quit"}
	acts := []func(){
		func() { a.scene = newChooser(a) },
		func() { a.scene = newHostChooser(a) }, // (net_scenes.go)
		func() { a.scene = newJoinScreen("") },
		func() { a.loadDialog() },
		func() { a.scene = newMapScene(s.tv.m) },
		func() { os.Exit(0) },
	}
	// (--no-resume: no resume offered, on the title either: a
	// play-tester clicked where New battle stands without it and resumed
	// an old battle, play-test 8; Load still lists the autosave)
	if s.saved != nil && !a.opt.noResume && content.FileExists(s.saved.path) {
		sb := s.saved
		labels = append([]string{"Resume the autosave"}, labels...)
		resume := func() { a.resumeBattle(sb, true) }
		if hostedSide(sb.g.Players) >= 0 {
			resume = func() { a.offerResume(sb) } // host it again, or play on at this desk
		}
		acts = append([]func(){resume}, acts...)
	}
	s.buttons = s.buttons[:0]
	gap := 0.0 // room under the resume button to say what the autosave is
	top, step := 230*art.UIScale, 52*art.UIScale
	if top+float64(len(labels))*step+34*art.UIScale > a.H-80*art.UIScale {
		// (a low window, 920x576 on a 1024x640 screen: the list moves up
		// to keep clear of the words under it, which the Quit button met)
		top, step = 198*art.UIScale, 45*art.UIScale
	}
	for i, l := range labels {
		s.buttons = append(s.buttons, button{x: 40 * art.UIScale, y: top + float64(i)*step + gap, w: 280 * art.UIScale, h: 40 * art.UIScale, label: l})
		if i == 0 && l == "Resume the autosave" {
			gap = 34 * art.UIScale
		}
	}
	s.actions = acts
	for i := range s.buttons {
		if s.buttons[i].clicked() {
			s.actions[i]()
			return nil
		}
	}
	if keys.Pressed(keys.ActEnd) {
		a.scene = newChooser(a)
	}
	if keys.Pressed(keys.ActCancel) {
		return ebiten.Termination
	}
	return nil
}

func (s *titleScene) Draw(a *App, dst *ebiten.Image) {
	s.tv.draw(dst)
	// a parchment panel down the left
	w := 360 * art.UIScale
	art.Rect(dst, 0, 0, w, a.H, art.RGBA(0x1b1610, 225))
	art.Rect(dst, w-3*art.UIScale, 0, 3*art.UIScale, a.H, art.RGB(0x8a6a44))
	art.Say(dst, "HEDGEROW", art.BoldFace(46), 40*art.UIScale, 60*art.UIScale, art.RGB(0xf2e2b8), 0)
	art.Say(dst, "skirmish on the table, dice in the open", art.ItalicFace(15), 42*art.UIScale, 120*art.UIScale, art.RGB(0xc8b894), 0)
	// a little hedge under the title, drawn by the same painter as the table
	p := &art.Painter{Dst: dst, Scale: 20 * art.UIScale, OffX: -40 * art.UIScale, OffY: -160 * art.UIScale}
	k, _ := terrain.KindByName("hedge")
	pc := terrain.Piece{ID: 5, Kind: "hedge", Props: k.Props, Path: ptsIn(0, 1, 13.8, 1)}
	p.PaintPiece(&pc)
	for i := range s.buttons {
		s.buttons[i].draw(dst, i == 0)
	}
	if sb := s.saved; sb != nil && len(s.buttons) > 0 && s.buttons[0].label == "Resume the autosave" {
		// what the autosave is, between the buttons
		b := s.buttons[0]
		for i, l := range art.Wrap(sb.what, art.ItalicFace(12), 300*art.UIScale) {
			if i < 2 {
				art.Say(dst, l, art.ItalicFace(12), b.x+4*art.UIScale, b.y+b.h+4*art.UIScale+float64(i)*15*art.UIScale, art.RGB(0xc8b894), 0)
			}
		}
	}
	art.Say(dst, "Hotseat, computer or network. F1: keys.", art.Face(13), 40*art.UIScale, a.H-70*art.UIScale, art.RGB(0xc8b894), 0)
	art.Say(dst, "Table: "+s.tv.m.Name, art.Face(13), 40*art.UIScale, a.H-48*art.UIScale, art.RGB(0xc8b894), 0)
	// under the table, else in the left column above its last lines
	s.tv.drawScaleBar(dst, false, art.Pt{X: a.W - 260*art.UIScale, Y: a.H - 30*art.UIScale}, art.Pt{X: 46 * art.UIScale, Y: a.H - 104*art.UIScale})
}
