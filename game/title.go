package game

import (
	"os"

	"github.com/hajimehoshi/ebiten/v2"

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
// read or replayed is moved aside with a message (autosave.go).
func newTitle(a *App) *titleScene {
	s := &titleScene{tv: newTableView(defaultMap())}
	s.tv.padL = 360 * uiScale
	if p := a.opt.autosave; p != "" && fileExists(p) {
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
		m, err := loadMap(a.opt.mapName)
		if err != nil {
			t := newTitle(a)
			a.Fail("The map could not be loaded", err)
			return t
		}
		ms := newMapScene(m)
		if fileExists(a.opt.mapName) {
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
		return t // a deployment interrupted (deploysave.go): newer than any battle's autosave
	}
	if !a.opt.noResume && t.saved != nil && a.dlg == nil {
		a.offerResume(t.saved)
	}
	return t
}

func (s *titleScene) Update(a *App, dt float64) error {
	writeProbe(probe{Scene: "title", Buttons: probeButtons(s.buttons)})
	s.t += dt
	s.tv.padL = 360 * uiScale
	s.tv.update(a, dt)
	labels := []string{"New battle", "Host a network battle", "Join a network battle", "Load a saved game", "Look at the table", "Quit"}
	acts := []func(){
		func() { a.scene = newChooser(a) },
		func() { a.scene = newHostChooser(a) }, // (netscenes.go)
		func() { a.scene = newJoinScreen("") },
		func() { a.loadDialog() },
		func() { a.scene = newMapScene(s.tv.m) },
		func() { os.Exit(0) },
	}
	if s.saved != nil && fileExists(s.saved.path) {
		sb := s.saved
		labels = append([]string{"Resume the autosave"}, labels...)
		acts = append([]func(){func() { a.resumeBattle(sb, true) }}, acts...)
	}
	s.buttons = s.buttons[:0]
	gap := 0.0 // room under the resume button to say what the autosave is
	top, step := 230*uiScale, 52*uiScale
	if len(labels) > 6 && a.H < 800*uiScale {
		top, step = 198*uiScale, 45*uiScale // (a low window: the list moves up to keep clear of the words under it)
	}
	for i, l := range labels {
		s.buttons = append(s.buttons, button{x: 40 * uiScale, y: top + float64(i)*step + gap, w: 280 * uiScale, h: 40 * uiScale, label: l})
		if i == 0 && l == "Resume the autosave" {
			gap = 34 * uiScale
		}
	}
	s.actions = acts
	for i := range s.buttons {
		if s.buttons[i].clicked() {
			s.actions[i]()
			return nil
		}
	}
	if pressed(actEnd) {
		a.scene = newChooser(a)
	}
	if pressed(actCancel) {
		return ebiten.Termination
	}
	return nil
}

func (s *titleScene) Draw(a *App, dst *ebiten.Image) {
	s.tv.draw(dst)
	// a parchment panel down the left
	w := 360 * uiScale
	rect(dst, 0, 0, w, a.H, rgba(0x1b1610, 225))
	rect(dst, w-3*uiScale, 0, 3*uiScale, a.H, rgb(0x8a6a44))
	say(dst, "HEDGEROW", boldFace(46), 40*uiScale, 60*uiScale, rgb(0xf2e2b8), 0)
	say(dst, "skirmish on the table, dice in the open", italicFace(15), 42*uiScale, 120*uiScale, rgb(0xc8b894), 0)
	// a little hedge under the title, drawn by the same painter as the table
	p := &painter{dst: dst, scale: 20 * uiScale, offX: -40 * uiScale, offY: -160 * uiScale}
	k, _ := terrain.KindByName("hedge")
	pc := terrain.Piece{ID: 5, Kind: "hedge", Props: k.Props, Path: ptsIn(0, 1, 13.8, 1)}
	p.paintPiece(&pc)
	for i := range s.buttons {
		s.buttons[i].draw(dst, i == 0)
	}
	if sb := s.saved; sb != nil && len(s.buttons) > 0 && s.buttons[0].label == "Resume the autosave" {
		// what the autosave is, between the buttons
		b := s.buttons[0]
		for i, l := range wrap(sb.what, italicFace(12), 300*uiScale) {
			if i < 2 {
				say(dst, l, italicFace(12), b.x+4*uiScale, b.y+b.h+4*uiScale+float64(i)*15*uiScale, rgb(0xc8b894), 0)
			}
		}
	}
	say(dst, "Hotseat, computer or network. F1: keys.", face(13), 40*uiScale, a.H-70*uiScale, rgb(0xc8b894), 0)
	say(dst, "Table: "+s.tv.m.Name, face(13), 40*uiScale, a.H-48*uiScale, rgb(0xc8b894), 0)
	s.tv.drawScaleBar(dst, a.W-260*uiScale, a.H-30*uiScale, false)
}
