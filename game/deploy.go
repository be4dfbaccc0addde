package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// deploy lets each side in turn accept the scenario's placing or drag its
// figures within its zone, then starts the battle.
type deploy struct {
	sc      *rules.Scenario
	m       *terrain.Map
	tv      *tableView
	side    int
	curtain bool
	drag    *rules.ScenarioFigure
	// vdrag is the deciding side's vehicle whose hull is being dragged
	// (grab: the press's offset from the hull's centre); see deploy_hull.go
	vdrag *rules.ScenarioVehicle
	// offTable names the vehicles the battle begins off the table (an
	// S.M.L.E. helicopter waits to land at the place the scenario gives
	// it): drawn as where they come in, not as standing there
	offTable map[string]bool
	grab     geom.Pt
	area     [2]*terrain.Area
	buttons  []button
	hover    *rules.ScenarioFigure
	drawn    []*rules.ScenarioFigure // the figures the last frame showed
	// outside are the deciding side's figures standing outside its
	// set-up zone (ringed in red; the side cannot be ready until they
	// are moved in), worked out every frame.
	outside []*rules.ScenarioFigure
	// watch reloads the scenario when its file on disk changes (nil for
	// a shipped scenario); see scene_watch.go.
	watch *fileWatch
	path  string // the scenario file watched
	bad   string // the last reload's problems, shown on the table
	// netw is the deployment over the network (net_deploy.go): this
	// window's side only; nil at one desk.
	netw *netDeploy
}

func (a *App) deployScene(sc *rules.Scenario, m *terrain.Map) Scene {
	play := sc.Clone()
	if err := rules.AutoDeploy(play, m); err != nil {
		a.Fail("The figures cannot be placed", err)
		return nil
	}
	d := &deploy{sc: play, m: m, tv: newTableView(m)}
	d.tv.pads(0, 0, 44, 70)
	var names []string // no card breaks a name across lines (battle.go)
	for s := range play.Sides {
		for _, u := range play.Sides[s].Units {
			names = append(names, u.Name)
			for _, v := range u.Vehicles {
				names = append(names, v.Name)
			}
		}
	}
	play.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) { names = append(names, f.Name) })
	keepNamesTogether(names)
	d.tv.legend = false
	if rs, ok := all.Get(play.RuleSet); ok {
		d.tv.scale = rules.ScaleOf(rs) // the rulers in the rule set's unit, as in battle
	}
	for s := 0; s < 2; s++ {
		d.area[s], _ = rules.DeployArea(play, m, s)
	}
	d.findOutside()
	d.autosave(a) // a crash during the set-up loses nothing (deploy_save.go)
	return d
}

// findOutside lists the deciding side's figures that stand outside its
// set-up zone and are not placed there by the scenario.
func (d *deploy) findOutside() {
	d.outside = d.outside[:0]
	d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if s != d.side {
			return
		}
		if _, out := all.OutsideZone(d.sc, d.m, s, f); out {
			d.outside = append(d.outside, f)
		}
	})
}

// outsideNote says which figures stand outside the zone, in plain words.
func (d *deploy) outsideNote() string {
	if len(d.outside) == 0 {
		return ""
	}
	zone := d.zoneName()
	var names []string
	for _, f := range d.outside {
		names = append(names, f.Name)
	}
	if len(names) > 3 {
		names = append(names[:3], fmt.Sprintf("%d more", len(d.outside)-3))
	}
	if len(d.outside) == 1 {
		return fmt.Sprintf("%s stands outside %s: drag the figure inside before you are ready.", names[0], zone)
	}
	return fmt.Sprintf("%s stand outside %s: drag them inside before you are ready.", andList(names), zone)
}

// andList joins names as "A, B and C".
func andList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func (d *deploy) baseR() int64 {
	if d.sc.BaseR > 0 {
		return d.sc.BaseR
	}
	return rules.DefaultBaseR
}

func (d *deploy) figAt(x, y float64, side int) *rules.ScenarioFigure {
	figs, spots, lay := d.baseLayout()
	for i := range spots {
		if side >= 0 && spots[i].side != side {
			spots[i].pos = art.Pt{X: math.Inf(1), Y: math.Inf(1)}
		}
	}
	if k := nearestBase(spots, lay, x, y); k >= 0 {
		return figs[k]
	}
	// (inside a base drawn smaller than it is: his, not a hull's)
	if k := insideBase(spots, d.tv.px(geom.Inches(d.baseR())), x, y); k >= 0 {
		return figs[k]
	}
	return nil
}

// baseLayout lays out the bases of the figures drawn at deployment (a
// side that sets up hidden is not drawn for the other, nor is a man
// aboard: he is in the hull): see layoutBases.
func (d *deploy) baseLayout() ([]*rules.ScenarioFigure, []baseSpot, baseLayout) {
	var figs []*rules.ScenarioFigure
	var spots []baseSpot
	mx, my := cursor()
	d.sc.EachFigure(func(s, ui, _ int, f *rules.ScenarioFigure) {
		if d.curtain || !rules.DeployKnown(d.sc, d.side, s) || f.Aboard {
			return
		}
		p := d.tv.scr(f.Pos)
		if f == d.drag {
			p = art.Pt{X: mx, Y: my}
		}
		w := ""
		if len(f.Weapons) > 0 {
			w = f.Weapons[0]
		}
		named := ""
		if rs, ok := all.Get(d.sc.RuleSet); ok {
			named = rules.WeaponNameOf(rs, d.sc.Name, d.sc.Sides[s].Name, w)
		}
		figs, spots = append(figs, f), append(spots, baseSpot{pos: p, side: s, team: d.teamLetter(s, ui), weapon: w, named: named})
	})
	return figs, spots, layoutBases(spots, figR(d.tv.px(geom.Inches(d.baseR()))))
}

func (d *deploy) ok(f *rules.ScenarioFigure, p geom.Pt) string {
	c := geom.Circle{C: p, R: d.baseR()}
	if ar := d.area[d.side]; ar != nil && !ar.Poly.CircleInside(c) {
		return "Keep the base wholly inside " + d.zoneName() + "."
	}
	if why := rules.StartProblem(d.sc, d.m, p); why != "" {
		return why
	}
	if why := d.underHull(c); why != "" {
		return why
	}
	bad := ""
	d.sc.EachFigure(func(_, _, _ int, o *rules.ScenarioFigure) {
		if o != f && c.Overlaps(geom.Circle{C: o.Pos, R: d.baseR()}) {
			bad = "Bases may not overlap."
		}
	})
	return bad
}

func (d *deploy) Update(a *App, dt float64) error {
	d.probe()
	if d.watch.changed(dt) && d.drag == nil {
		a.poke()
		d.reload(a)
	}
	d.tv.update(a, dt)
	if d.netw != nil && d.netUpdate(a) {
		return nil
	}
	if d.netw == nil && a.cpu.drivers[d.side].computer() && !d.curtain {
		d.ready(a) // the computer takes the scenario's placing (computer.go)
		return nil
	}
	if d.curtain {
		if clicked() || keys.Pressed(keys.ActSkip) || keys.Pressed(keys.ActEnd) {
			d.curtain = false
		}
		return nil
	}
	d.findOutside()
	d.buttons = []button{{x: a.W - 250*art.UIScale, y: a.H - 56*art.UIScale, w: 230 * art.UIScale, h: 40 * art.UIScale, label: "Ready", key: "Enter"}}
	if d.netw != nil && d.netw.sent {
		d.buttons[0].label, d.buttons[0].key, d.buttons[0].disabled = "Ready: sent", "", true
	}
	if d.buttons[0].clicked() || keys.Pressed(keys.ActEnd) {
		d.ready(a)
		return nil
	}
	if keys.Pressed(keys.ActCancel) {
		if d.netw != nil {
			d.netw.link.stop()
		}
		a.scene = newTitle(a)
		return nil
	}
	mx, my := cursor()
	d.hover = d.figAt(mx, my, d.side)
	if d.netw != nil && d.netw.sent {
		d.drag = nil // (the placing is sent: it no longer changes)
		return nil
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		d.drag = d.hover
		if d.drag == nil {
			d.pressHull(a, mx, my)
		}
		if d.drag != nil && d.drag.Placed {
			a.Toast("The scenario places %s there: that figure does not move at deployment.", d.drag.Name)
			d.drag = nil
		}
	}
	if d.vdrag != nil && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		d.dropHull(a, mx, my)
	}
	if d.drag != nil && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		p := d.tv.tbl(mx, my)
		if why := d.ok(d.drag, p); why != "" {
			a.Toast("%s", why)
		} else {
			d.drag.Pos = p
			d.autosave(a)
		}
		d.drag = nil
	}
	return nil
}

func (d *deploy) Draw(a *App, dst *ebiten.Image) {
	d.tv.draw(dst)
	cols := [2]color.RGBA{sideColourSc(d.sc, 0), sideColourSc(d.sc, 1)}
	lab := d.labels()
	lab.cols = cols
	d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if rules.DeployKnown(d.sc, d.side, s) {
			lab.avoid = append(lab.avoid, d.tv.scr(f.Pos))
		}
	})
	drawAreas(dst, d.tv, d.side, lab)
	d.drawHulls(dst, cols)
	d.drawn = d.drawn[:0]
	var tags []figLook
	figs, spots, lay := d.baseLayout()
	ra, rb := rimColours(rawSideColour(d.scState(), 0), rawSideColour(d.scState(), 1))
	rims := [2]color.RGBA{ra, rb}
	for k, f := range figs {
		s := spots[k].side
		d.drawn = append(d.drawn, f)
		p, r := spots[k].pos, lay.r[k]
		facing := float64(f.Facing) * 3.14159265 / 180
		look := figLook{pos: p, r: r, side: cols[s], rim: rims[s], sideIdx: s, team: spots[k].team, facing: facing, posture: f.Posture, weapon: spots[k].weapon, named: spots[k].named, leader: f.Leader, fade: 1,
			hover: f == d.hover, selected: f == d.drag, grouped: lay.group[k] >= 0}
		drawFigure(dst, look)
		tags = append(tags, look)
		if s == d.side && !d.curtain && f != d.drag {
			if d.isOutside(f) {
				// out of its zone: a red ring the player cannot miss
				art.Ring(dst, p, r+5*art.UIScale, 3*art.UIScale, art.RGB(0xe02020))
				art.Ring(dst, p, r+8*art.UIScale, 1.5*art.UIScale, art.RGBA(0xffffff, 200))
			} else if f.Placed {
				// placed by the scenario: a thin pale ring (it stays put)
				art.Ring(dst, p, r+3*art.UIScale, 1.2*art.UIScale, art.RGBA(0xf2ead6, 170))
			}
		}
	}
	drawWeaponTags(dst, tags)
	lay.area = d.tv.rosterArea(a)
	placeRosters(spots, &lay, lab.placed)
	for k, sp := range spots {
		rr := lay.r[k] + 2*art.UIScale
		a.keepClear(sp.pos.X-rr, sp.pos.Y-rr, 2*rr, 2*rr) // notices keep off the figures
	}
	drawRosters(dst, lay, rims)
	art.Rect(dst, 0, 0, a.W, d.tv.padT, art.RGB(0x1b1610))
	art.Say(dst, d.headLine(), art.BoldFace(16), 16*art.UIScale, 12*art.UIScale, art.RGB(0xf2e2b8), 0)
	art.Rect(dst, 0, a.H-d.tv.padB, a.W, d.tv.padB, art.RGB(0x1b1610))
	if line := d.netLine(); line != "" {
		art.Say(dst, line, art.BoldFace(16), 16*art.UIScale, a.H-46*art.UIScale, art.RGB(0xf2e2b8), 0)
	} else if note := d.outsideNote(); note != "" && !d.curtain {
		for i, l := range art.Wrap(note, art.BoldFace(14), a.W-300*art.UIScale) {
			if i < 2 {
				art.Say(dst, l, art.BoldFace(14), 16*art.UIScale, a.H-58*art.UIScale+float64(i)*20*art.UIScale, art.RGB(0xff7a6a), 0)
			}
		}
	} else if d.hover != nil && d.hover.Placed && !d.curtain {
		art.Say(dst, d.hover.Name+" is placed by the scenario and stays where he stands.", art.Face(14), 16*art.UIScale, a.H-42*art.UIScale, art.RGB(0xd8c8a8), 0)
	} else {
		line := d.sc.Name
		if n := d.placedCount(); n > 0 && !d.curtain {
			line += fmt.Sprintf("  -  the scenario places %d of your figures (thin rings): they stay where they stand", n)
		}
		// beside the Ready button, never under it
		ls := art.Wrap(line, art.Face(14), a.W-290*art.UIScale)
		if len(ls) > 2 {
			ls = ls[:2]
		}
		for i, l := range ls {
			art.Say(dst, l, art.Face(14), 16*art.UIScale, a.H-42*art.UIScale-float64(len(ls)-1)*10*art.UIScale+float64(i)*20*art.UIScale, art.RGB(0xd8c8a8), 0)
		}
	}
	for i := range d.buttons {
		d.buttons[i].draw(dst, !d.buttons[i].disabled)
	}
	if !d.curtain {
		drawProblems(dst, a, d.tv.padT, d.bad)
	}
	if d.curtain {
		art.Rect(dst, 0, 0, a.W, a.H, art.RGB(0x17120d))
		art.Say(dst, d.sc.Sides[d.side].Name+", your deployment", art.BoldFace(36), a.W/2, a.H/2-50*art.UIScale, art.RGB(0xf7ecd2), 1)
		art.Say(dst, "Pass the mouse, then click.", art.Face(18), a.W/2, a.H/2+10*art.UIScale, art.RGB(0xe8dcc0), 1)
	}
}

// probe writes the scene for the end-to-end tests: the deciding side's
// figures on screen (numbered as a save numbers them), and over the
// network the line saying what it waits for.
func (d *deploy) probe() {
	p := probe{Scene: "deploy", Decider: d.side, Curtain: d.curtain, Buttons: probeButtons(d.buttons), Hint: d.netLine(), PerInch: d.tv.cam.Zoom}
	if !d.curtain {
		p.Figures = map[string][3]float64{}
		n := 0
		d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
			n++
			if s == d.side && !f.Aboard {
				q := d.tv.scr(f.Pos)
				p.Figures[fmt.Sprintf("F%d", n)] = [3]float64{q.X, q.Y, float64(s)}
			}
		})
	}
	writeProbe(p)
}

func sideColourSc(sc *rules.Scenario, side int) color.RGBA {
	st := &rules.State{}
	st.Sides[0].Colour, st.Sides[1].Colour = sc.Sides[0].Colour, sc.Sides[1].Colour
	return sideColour(st, side)
}

// scState is a state holding only the scenario's side colours (for
// rawSideColour).
func (d *deploy) scState() *rules.State {
	st := &rules.State{}
	st.Sides[0].Colour, st.Sides[1].Colour = d.sc.Sides[0].Colour, d.sc.Sides[1].Colour
	return st
}

// teamLetter is the letter on the bases of side s's ui-th team, none on
// a side of one team (nothing to tell apart), as in battle.
func (d *deploy) teamLetter(s, ui int) string {
	var names []string
	for _, u := range d.sc.Sides[s].Units {
		names = append(names, u.Name)
	}
	return sideLetters(names)[ui]
}

// labels names the zones as the table does: a set-up zone by its side
// ("US Army set-up"), not by the map's own word ("West deployment").
func (d *deploy) labels() *areaLabels {
	return &areaLabels{sides: [2]string{d.sc.Sides[0].Name, d.sc.Sides[1].Name}}
}

// zoneName is the deciding side's set-up zone by the name the table
// writes on it, for every message about it.
func (d *deploy) zoneName() string { return d.zoneNameOf(d.side) }

func (d *deploy) zoneNameOf(side int) string {
	ar := d.area[side]
	if ar == nil {
		return "the set-up zone"
	}
	return d.labels().name(*ar)
}

// unitLetter is the letter of a side's ui-th unit on its bases (as the
// battle draws it: A, B, C...).
func unitLetter(ui int) string {
	if ui < 26 {
		return string(rune('A' + ui))
	}
	return fmt.Sprint(ui + 1)
}

// ready is the deciding side's Ready: refused while any of its figures
// stands outside its set-up zone; the first side passes the table to the
// second; the second starts the battle, and if the battle cannot start
// the deployment stays, with the reason, rather than being thrown away.
func (d *deploy) ready(a *App) {
	d.findOutside()
	if len(d.outside) > 0 {
		a.Toast("Not ready: %s", d.outsideNote())
		return
	}
	if d.netw != nil {
		d.netReady(a)
		return
	}
	if d.side == 0 {
		d.side, d.curtain = 1, a.cpu.drivers.hotseat() // no curtain before or after the computer (computer.go)
		d.findOutside()
		d.autosave(a)
		if a.cpu.drivers[1].computer() {
			d.ready(a)
		}
		return
	}
	d.sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) { f.HasPos = true })
	s, err := a.battleFor(d.sc, d.m)
	if err != nil {
		why := err.Error()
		for side, ar := range d.area {
			if ar != nil && ar.Name != "" {
				why = strings.ReplaceAll(why, ar.Name, d.zoneNameOf(side)) // the zone as the table names it
			}
		}
		a.Dialog("The battle cannot start", why+" The deployment is kept: move the figures concerned and press Ready again.", []string{"Back to the deployment"}, nil)
		return
	}
	a.dropDeployAutosave() // the battle autosaves itself from here
	a.scene = s
}

// headLine is the deployment's head: what the deciding side is to do. A
// side whose men all come on later (aboard a helicopter that lands in
// the battle) is told so, not to drag figures it does not have on the
// table (play-test 6).
func (d *deploy) headLine() string {
	name := d.sc.Sides[d.side].Name
	onTable := false
	d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		onTable = onTable || s == d.side && !f.Aboard
	})
	var later []string
	for _, u := range d.sc.Sides[d.side].Units {
		for _, v := range u.Vehicles {
			if d.startsOffTable(v.Name) {
				later = append(later, v.Name)
			} else {
				onTable = true
			}
		}
	}
	if !onTable && len(later) > 0 {
		return fmt.Sprintf("Deployment - %s: nothing to place (your men come on in %s during the battle). Press Ready.", name, strings.Join(later, " and "))
	}
	return "Deployment - " + name + ": drag your figures (and vehicles) within your zone, or accept the scenario's placing."
}

func (d *deploy) isOutside(f *rules.ScenarioFigure) bool {
	for _, o := range d.outside {
		if o == f {
			return true
		}
	}
	return false
}

// placedCount is how many of the deciding side's figures the scenario
// places (they do not move at deployment).
func (d *deploy) placedCount() int {
	n := 0
	d.sc.EachFigure(func(s, _, _ int, f *rules.ScenarioFigure) {
		if s == d.side && f.Placed && !f.Aboard {
			n++
		}
	})
	return n
}

// drawHulls draws the scenario's vehicles where they start, as the battle
// will: a tank is its hull, not the token of one of its crew.
func (d *deploy) drawHulls(dst *ebiten.Image, cols [2]color.RGBA) {
	rs, ok := all.Get(d.sc.RuleSet)
	if !ok || d.curtain {
		return
	}
	for s := range d.sc.Sides {
		if !rules.DeployKnown(d.sc, d.side, s) {
			continue
		}
		for _, u := range d.sc.Sides[s].Units {
			for vi, v := range u.Vehicles {
				t, ok := rules.VehicleTypeOf(rs, v.Type)
				if !ok {
					continue
				}
				lk := rules.VehicleLook{Look: t.Look, Length: t.Length, Width: t.Width, HasTurret: t.HasTurret,
					TurretOffset: t.TurretOffset, TurretRadius: t.TurretRadius, Facing: v.Facing, Turret: v.Turret, HatchesOpen: v.HatchesOpen}
				at := d.tv.scr(v.Pos)
				if d.startsOffTable(v.Name) {
					d.drawArrival(dst, t.Flying, &u.Vehicles[vi], cols[s&1])
					continue
				}
				if &u.Vehicles[vi] == d.vdrag {
					// under the pointer while dragged
					mx, my := cursor()
					g := d.tv.scr(d.grab)
					o := d.tv.scr(geom.Pt{})
					at = art.Pt{X: mx - (g.X - o.X), Y: my - (g.Y - o.Y)}
				}
				art.DrawVehicle(dst, art.VehicleLookOf(lk, s, at, d.tv.px(1), cols[s&1]))
			}
		}
	}
}
