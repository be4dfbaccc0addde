package game

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

func (b *battle) Draw(a *App, dst *ebiten.Image) {
	a.keepToastWithin(0, a.W-b.tv.padR) // notices over the table, not the log
	st := b.st()
	b.tv.draw(dst)
	indoors := occupied(st, b.hiddenFromViewer)
	drawInteriors(dst, b.tv, st, indoors)
	drawDoors(dst, b.tv, b.g.RS, st, indoors)
	drawInnerWalls(dst, b.tv, b.g.RS, st, indoors)
	lab := &areaLabels{sides: [2]string{st.Sides[0].Name, st.Sides[1].Name}, cols: b.rims()}
	for i := range st.Figures {
		if f := &st.Figures[i]; !f.Removed && !b.hiddenFromViewer(f) {
			lab.avoid = append(lab.avoid, b.drawPos(f))
		}
	}
	hulls := b.hullPlates() // (the names, the plates and the notices keep off them)
	lab.boxes = hulls
	// the set-up zones served the deployment: in battle they show with
	// the legend (G)
	zones := -3
	if b.tv.legend {
		zones = -2
	}
	drawAreas(dst, b.tv, zones, lab)
	b.labelBoxes = lab.placed
	b.drawOverlays(dst, false) // lines of fire, grenades, rounds to come
	r := figR(b.tv.px(geom.Inches(st.BaseR)))
	sel := st.Fig(b.sel.Sel)
	if sel != nil && b.tk.rings {
		b.drawRings(dst, sel)
	}
	if sel != nil && !b.hiddenFromViewer(sel) {
		b.drawRadii(dst, sel)
	}
	// the move tape
	if b.sel.Mode == view.Dragging && sel != nil && len(b.movePath) > 0 {
		b.drawMoveTape(dst, sel)
	}
	// targeting: sight line to the hovered enemy
	targets := map[rules.FigID]bool{}
	if b.sel.Mode == view.Targeting {
		key := fmt.Sprint(b.sel.Sel, b.sel.Verb, len(b.g.Log), b.g.St.Phase)
		if key != b.targetsKey {
			b.targetsKey, b.targets = key, map[rules.FigID]bool{}
			for _, f := range st.Figures {
				if !f.Removed && b.sel.Targetable(f.ID) {
					b.targets[f.ID] = true
				}
			}
		}
		targets = b.targets
		if t := st.Fig(b.hover); sel != nil && t != nil && t.ID != sel.ID && b.oddsFor == b.hover {
			drawSight(dst, b.tv.scr(sel.Pos), b.tv.scr(t.Pos), b.los.Vis)
		}
	}
	// vehicles, under the figures
	rims, acting := b.rims(), b.actingUnit()
	b.drawVehicles(dst, rims)
	// figures: removed first (lying under the living), then their weapons'
	// tags over them all, and the packed groups' rosters
	ids, spots, lay := b.baseLayout()
	at := map[rules.FigID]int{}
	for k, id := range ids {
		at[id] = k
	}
	var tags []figLook
	var later []bool // drawn after the marks' layout (the living)
	for pass := 0; pass < 2; pass++ {
		for i := range st.Figures {
			f := &st.Figures[i]
			removed := f.Removed && !b.pending[f.ID]
			k, drawn := at[f.ID]
			if (pass == 0) != removed || !drawn {
				continue
			}
			pos, fr := spots[k].pos, lay.r[k]
			look := figLook{pos: pos, r: fr, side: rims[f.Side&1], rim: rimColour(st, f.Side), sideIdx: f.Side & 1, team: b.letters[f.Unit], facing: b.heading[f.ID],
				acting:  acting != 0 && f.Unit == acting,
				posture: b.shownSt().Fig(f.ID).Posture, weapon: firstWeapon(f), named: b.weaponNamed(f), leader: f.Leader, marks: b.shownInfo(f.ID).Marks, spent: b.shownInfo(f.ID).Spent, removed: removed, fade: 1,
				hover: f.ID == b.hover, selected: f.ID == b.sel.Sel, target: targets[f.ID], grouped: lay.group[k] >= 0}
			if look.grouped && f.ID != b.sel.Sel && f.ID != b.hover {
				look.marks = packedMarks(look.marks)
			}
			look.canAct = !removed && !b.curtain && b.anyFor(f.ID)
			if an, ok := b.tl.Current(); ok && an.Ev.Kind == "removed" && an.Ev.Fig == f.ID {
				look.fade = 1 - an.Progress(b.tl.Now)
				if look.fade < 0.5 {
					look.removed = true
				}
			}
			if pass == 0 {
				drawFigure(dst, look)
			}
			tags, later = append(tags, look), append(later, pass == 1)
		}
	}
	// the living are drawn once their marks' tokens are laid out
	blocked := append([]plate(nil), lab.placed...)
	for i, p := range placeMarks(tags, lab.placed) {
		tags[i].markAt = p
		if p.w > 0 {
			blocked = append(blocked, p)
		}
		if later[i] {
			drawFigure(dst, tags[i])
		}
	}
	drawWeaponTags(dst, tags)
	lay.area = b.tv.rosterArea(a)
	placeRosters(spots, &lay, append(blocked, hulls...))
	drawRosters(dst, lay, b.rimCols())
	b.rosters = lay.groups
	// notices and prompts keep off the figures, and the toast off their
	// teams' plates too (a refusal at the table's top covered "M×2 of 3:
	// 1 GPMG", play-test 7)
	for _, g := range lay.groups {
		if g.box.w > 0 {
			a.keepClear(g.box.x, g.box.y, g.box.w, g.box.h)
		}
	}
	// and off the vehicles' hulls (an aiming notice sat on the Sherman
	// it spoke of, play-test 8)
	for _, h := range hulls {
		a.keepClear(h.x, h.y, h.w, h.h)
	}
	b.hullBoxes = hulls
	b.figBoxes = b.figBoxes[:0]
	for k, sp := range spots {
		if !sp.removed {
			rr := lay.r[k] + 2*art.UIScale
			b.figBoxes = append(b.figBoxes, plate{x: sp.pos.X - rr, y: sp.pos.Y - rr, w: 2 * rr, h: 2 * rr})
			a.keepClear(sp.pos.X-rr, sp.pos.Y-rr, 2*rr, 2*rr)
		}
	}
	b.drawOverlays(dst, true) // smoke hangs over the figures
	b.drawVehSelection(dst)
	b.drawVehDrag(dst)
	b.drawVolley(dst, r)
	b.drawGroup(dst, r)
	b.drawMoverPath(dst)
	b.drawAim(dst, sel)
	if !b.tl.Busy() && !b.curtain && (b.interrupting() && !b.viewsDiffer() && b.net == nil || b.netAsked()) { // (over the network the interrupter's own screen asks; net.go)
		b.drawOffer(dst, a, r)
	}
	b.drawTemplate(dst)
	// while a burst or the dice play, the figure under the pointer keeps
	// its card to itself: they are what the player watches (and the card
	// would peek out from under the dice tray)
	watching := false
	if an, ok := b.tl.Current(); ok {
		if an.Ev.Kind == "blast" && an.Ev.Area != nil {
			b.drawBurst(dst, an)
		}
		watching = an.Ev.Roll != nil || (an.Ev.Kind == "blast" && an.Ev.Area != nil)
	}
	b.tk.stops = func(from geom.Pt, to geom.Circle) func(geom.Seg) bool {
		return rules.SightStopsOf(b.g.RS, st, from, to)
	}
	b.tk.face = b.faceStruck // (battle_vehicles.go)
	b.tk.draw(dst, a, b.tv, st.Terrain)
	b.tv.keepOff = append(b.tv.keepOff[:0], b.figBoxes...)
	for _, g := range b.rosters {
		if g.box.w > 0 {
			b.tv.keepOff = append(b.tv.keepOff, g.box)
		}
	}
	_, _, sbw, _ := b.tv.scaleBox(0, 0, b.tv.scale.PerInch != 1, true)
	b.tv.drawScaleBar(dst, b.tv.scale.PerInch != 1, art.Pt{X: 18 * art.UIScale, Y: a.H - b.tv.padB - 22*art.UIScale},
		art.Pt{X: a.W - b.tv.padR - sbw - 12*art.UIScale, Y: a.H - b.tv.padB - 22*art.UIScale})
	b.cardShown = ""
	// nothing pops up while a button is held (a drag, a drive)
	held := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) || b.vdrag != nil || b.sel.Mode == view.Dragging
	if held {
		watching = true
	}
	if mx, my := cursor(); b.overUI(mx, my, a) && !b.pressed {
		watching = true // the pointer has left the table: no card of what is on it
	}
	b.drawTopBar(dst, a)
	b.drawLog(dst, a)
	b.drawBottom(dst, a)
	b.drawComputer(dst, a) // "Computer thinking..." (computer_draw.go)
	// the card of what is under the pointer, over the side panel's foot,
	// unless the dice tray stands there (the roll is what matters then)
	an, rolling := b.tl.Current()
	rolling = rolling && an.Ev.Roll != nil
	if rolling {
		// no card while the dice roll
	} else if a.modal() {
		// nor while a dialog or the help is up: the pointer is on it, not
		// on the table (a road's card showed over the dimmed Esc menu,
		// play test 11)
	} else if b.overRules() {
		b.card(dst, a, "How this phase works", b.explain.Lines, 0xf2c94c) // the phase's rules, folded in a short panel
	} else if b.drawButtonOdds(dst, a) {
		// a bar button that rolls at once: its odds before the click
	} else if b.sel.Mode == view.Targeting && b.hover != 0 && b.oddsFor == b.hover && (b.sel.Targetable(b.hover) || b.oddsWhy != "") {
		b.drawOdds(dst, a)
	} else if b.drawVehAim(dst, a) {
		// a shot aimed at a point of a hull: the face it strikes, its odds
	} else if b.tabbed.id != 0 && !watching {
		b.drawCard(dst, a, st.Fig(b.tabbed.id)) // Tab's choice, until the pointer moves
	} else if b.hover != 0 && !b.pressed && !watching {
		b.drawCard(dst, a, st.Fig(b.hover))
	} else if v := st.Veh(b.hoverVeh); v != nil && !watching {
		b.drawVehCard(dst, a, v)
	} else if b.over != nil && !watching {
		b.drawOverlayCard(dst, a, *b.over)
	} else if b.piece >= 0 && !watching && st.Map != nil {
		pc := &st.Map.Pieces[b.piece]
		head := pc.Kind
		if k, ok := terrain.KindByName(pc.Kind); ok {
			head = rules.Capital(k.Label)
		}
		if pc.Name != "" {
			head += ": " + pc.Name
		}
		b.card(dst, a, head, rules.TerrainOf(b.g.RS, st, b.piece), 0x6b8a3a)
	}
	if an, ok := b.tl.Current(); ok && an.Ev.Roll != nil {
		// the rolls on this tray the player may see
		var seen []rules.Event
		for _, ev := range append([]rules.Event{an.Ev}, an.More...) {
			if !b.unseenUnit(b.view().EventUnit(ev)) {
				seen = append(seen, ev)
			}
		}
		switch {
		case len(seen) == 1:
			one := an
			one.Ev, one.More = seen[0], nil
			b.drawDice(dst, a, one)
		case len(seen) > 1:
			b.drawDiceGroup(dst, a, an, seen)
		}
	}
	b.drawAsk(dst, a)
	if b.curtain {
		b.drawCurtain(dst, a)
	}
	b.drawNet(a, dst) // whose turn over the network (net.go)
}

// drawRings draws the range bands of the selected figure's weapon in
// hand, as the rule set gives them: the nearest solid, the others dashed,
// each labelled with its name, distance and what it does.
func (b *battle) drawRings(dst *ebiten.Image, f *rules.Figure) {
	w, ok := b.weapon(f)
	if !ok || len(w.Bands) == 0 {
		return
	}
	sc := b.scale()
	c := b.tv.scr(f.Pos)
	cols := []uint32{0xfff2a0, 0xffb060, 0xff8a50, 0xe86a40}
	for i, band := range w.Bands {
		col := art.RGBA(cols[min(i, len(cols)-1)], 220)
		R := b.tv.px(geom.Inches(band.Dist))
		if i == 0 {
			art.Ring(dst, c, R, 2*art.UIScale, col)
		} else {
			n := int(2 * math.Pi * R / (14 * art.UIScale))
			for k := 0; k < n; k += 2 {
				a0 := float64(k) / float64(n) * 2 * math.Pi
				a1 := float64(k+1) / float64(n) * 2 * math.Pi
				art.Line(dst, art.Pt{X: c.X + math.Cos(a0)*R, Y: c.Y + math.Sin(a0)*R}, art.Pt{X: c.X + math.Cos(a1)*R, Y: c.Y + math.Sin(a1)*R}, 2*art.UIScale, col)
			}
		}
		label := fmt.Sprintf("%s %s", band.Label, sc.Format(band.Dist))
		if i == 0 {
			label = w.Label + ": " + label
		}
		if band.Note != "" {
			label += " (" + band.Note + ")"
		}
		art.Say(dst, label, art.BoldFace(12), c.X, c.Y-R-18*art.UIScale, col, 1)
	}
}

// drawTemplate shows, while aiming, every area the command would affect
// as the rule set gives them (rules.ShapesOf): a blast's radii, a burst
// template's rectangle along the line of fire, a cone.
func (b *battle) drawTemplate(dst *ebiten.Image) {
	if b.sel.Mode != view.Targeting || b.oddsCmd == nil || b.oddsErr != nil || b.oddsFor != b.hover {
		return
	}
	shapes := rules.ShapesOf(b.g.RS, b.st(), *b.oddsCmd)
	sc := b.scale()
	ringLabelled := false
	for i := len(shapes) - 1; i >= 0; i-- {
		sh := shapes[i]
		fill := uint8(40 + 25*(len(shapes)-1-i))
		switch {
		case sh.Circle != nil:
			c, r := b.tv.scr(sh.Circle.C), b.tv.px(geom.Inches(sh.Circle.R))
			art.Circle(dst, c, r, art.RGBA(0xff7a20, fill))
			art.Ring(dst, c, r, 2.5*art.UIScale, art.RGBA(0xffa040, 230))
			if !ringLabelled {
				// one plate for all the rings, under the outermost (drawn
				// first): ringsLabel
				ringLabelled = true
				art.SayOnPlate(dst, ringsLabel(shapes, sc), art.BoldFace(12), c.X, c.Y+r+4*art.UIScale, art.RGB(0xffd090), 1)
			}
		case len(sh.Poly) > 2:
			pts := make([]art.Pt, len(sh.Poly))
			for k, q := range sh.Poly {
				pts[k] = b.tv.scr(q)
			}
			art.FillPoly(dst, pts, art.RGBA(0xff7a20, fill))
			art.StrokePoly(dst, pts, true, 2.5*art.UIScale, art.RGBA(0xffa040, 230))
			if sh.Label != "" {
				_, _, x1, y1 := art.BoundsOf(pts)
				art.SayOnPlate(dst, sh.Label, art.BoldFace(12), x1, y1+4*art.UIScale, art.RGB(0xffd090), 2)
			}
		}
	}
}

// drawRadii draws the circles the rule set gives about the selected
// figure (a leader's command distance), dashed, labelled.
func (b *battle) drawRadii(dst *ebiten.Image, f *rules.Figure) {
	c := b.tv.scr(f.Pos)
	// the circle and its name keep to the board: "command 25 cm" was
	// drawn out over the table's frame (play test 11)
	b0, b1 := b.tv.scr(geom.Pt{}), art.Pt{}
	if m := b.st().Map; m != nil {
		b1 = b.tv.scr(geom.Pt{X: m.Width, Y: m.Height})
	}
	on := func(p art.Pt) bool {
		return b1 == (art.Pt{}) || p.X >= b0.X && p.X <= b1.X && p.Y >= b0.Y && p.Y <= b1.Y
	}
	for _, rd := range b.figInfo(f.ID).Radii {
		R := b.tv.px(geom.Inches(rd.R))
		n := max(12, int(2*math.Pi*R/(12*art.UIScale)))
		for k := 0; k < n; k += 2 {
			a0 := float64(k) / float64(n) * 2 * math.Pi
			a1 := float64(k+1) / float64(n) * 2 * math.Pi
			p0, p1 := art.Pt{X: c.X + math.Cos(a0)*R, Y: c.Y + math.Sin(a0)*R}, art.Pt{X: c.X + math.Cos(a1)*R, Y: c.Y + math.Sin(a1)*R}
			if on(p0) && on(p1) {
				art.Line(dst, p0, p1, 2*art.UIScale, art.RGBA(0x9ad0ff, 220))
			}
		}
		if rd.Label != "" {
			// under the circle, else over it, else on the figure's row;
			// within the board's width
			face := art.BoldFace(12)
			w, h := art.TextW(rd.Label, face)+16*art.UIScale, face.Size*1.6
			y := c.Y + R + 4*art.UIScale
			if b1 != (art.Pt{}) && y+h > b1.Y {
				y = c.Y - R - 4*art.UIScale - h
				if y < b0.Y {
					y = c.Y + 14*art.UIScale
				}
			}
			x := c.X
			if b1 != (art.Pt{}) && b1.X-b0.X > w {
				x = min(max(x, b0.X+w/2), b1.X-w/2)
			}
			art.SayOnPlate(dst, rd.Label, face, x, y, art.RGB(0xc8e4ff), 1)
		}
	}
}

// drawBurst animates an explosive: from the aim point it drifts to where
// it landed (when it deviated), then the burst spreads to its radius.
func (b *battle) drawBurst(dst *ebiten.Image, an view.Anim) {
	area := an.Ev.Area
	p := an.Progress(b.tl.Now)
	land := b.tv.scr(area.C)
	r := b.tv.px(geom.Inches(area.R))
	drift := 0.0
	if aim, ok := b.blastAim[area]; ok && aim != area.C {
		drift = 0.45
		from := b.tv.scr(aim)
		k := math.Min(1, p/drift)
		to := art.Pt{X: from.X + (land.X-from.X)*k, Y: from.Y + (land.Y-from.Y)*k}
		// the aim point, crossed
		d := 7 * art.UIScale
		art.Line(dst, art.Pt{X: from.X - d, Y: from.Y - d}, art.Pt{X: from.X + d, Y: from.Y + d}, 2.5*art.UIScale, art.RGB(0xffffff))
		art.Line(dst, art.Pt{X: from.X - d, Y: from.Y + d}, art.Pt{X: from.X + d, Y: from.Y - d}, 2.5*art.UIScale, art.RGB(0xffffff))
		art.StrokeDashed(dst, from, to, 3*art.UIScale, 8*art.UIScale, 5*art.UIScale, art.RGB(0xffe070))
		ang := math.Atan2(to.Y-from.Y, to.X-from.X)
		h := 12 * art.UIScale
		art.Line(dst, to, art.Pt{X: to.X - h*math.Cos(ang-0.45), Y: to.Y - h*math.Sin(ang-0.45)}, 3*art.UIScale, art.RGB(0xffe070))
		art.Line(dst, to, art.Pt{X: to.X - h*math.Cos(ang+0.45), Y: to.Y - h*math.Sin(ang+0.45)}, 3*art.UIScale, art.RGB(0xffe070))
		art.SayOnPlate(dst, "aimed here; lands "+b.scale().Format(geom.Dist(aim, area.C))+" away", art.BoldFace(12), from.X, from.Y-24*art.UIScale, art.RGB(0xffffff), 1)
	}
	if p < drift {
		return
	}
	k := (p - drift) / (1 - drift)
	grow := math.Min(1, k*2.2)
	art.Circle(dst, land, r*grow, art.RGBA(0xff6010, uint8(170*(1-0.6*k))))
	art.Circle(dst, land, r*grow*0.45, art.RGBA(0xffe090, uint8(200*(1-k))))
	art.Ring(dst, land, r, 2.5*art.UIScale, art.RGBA(0xffa040, 230))
	art.Say(dst, an.Ev.Text, art.BoldFace(13), land.X, land.Y+r+6*art.UIScale, art.RGB(0xffe0b0), 1)
}

// drawVolley shows the dice of a volley placed so far, as small dice
// beside each target, so the player sees how the shots are split.
func (b *battle) drawVolley(dst *ebiten.Image, r float64) {
	if b.sel.Mode != view.Targeting || len(b.sel.Volley) == 0 {
		return
	}
	seen := map[rules.FigID]int{}
	s := math.Max(10*art.UIScale, r*0.7)
	for i, id := range b.sel.Volley {
		f := b.st().Fig(id)
		if f == nil {
			continue
		}
		k := seen[id]
		seen[id]++
		p := b.drawPos(f)
		drawDie(dst, art.Pt{X: p.X + r + s*0.7 + float64(k)*(s+3*art.UIScale), Y: p.Y - r}, s, 0, i+1, 6, true)
	}
}

// drawOffer shows an interruption on the table itself, where it happens:
// the figure the other side may fire at is ringed in that side's colour
// with a plate saying who may act and how (the choices are on the bar).
func (b *battle) drawOffer(dst *ebiten.Image, a *App, r float64) {
	st := b.st()
	offers, _ := b.offers()
	col := sideColour(st, st.Decider)
	var at *art.Pt
	for _, c := range offers {
		if len(c.Targets) == 0 {
			continue
		}
		if t := st.Fig(c.Targets[0]); t != nil && !b.hiddenFromViewer(t) {
			p := b.drawPos(t)
			at = &p
			break
		}
	}
	if at == nil && b.showPath() {
		// a vehicle that has driven (no figure named): the prompt stands at
		// where its drive ends, not in the table's corner
		p := b.tv.scr(b.mover.path[len(b.mover.path)-1])
		at = &p
	}
	for _, c := range offers {
		// else the vehicle an offer names, or the point of the drive it
		// is aimed at (a resumed battle has no drive to draw: the prompt
		// stood in the table's corner, play-test 9)
		if at != nil {
			break
		}
		if va, ok := rules.ParseVehicleArg(c.Arg); ok {
			if v := st.Veh(va.ID); v != nil && !v.Removed && b.view().Vehicle(v.ID) {
				p := b.tv.scr(v.Pos)
				at = &p
			}
		} else if len(c.Path) > 0 {
			p := b.tv.scr(c.Path[len(c.Path)-1])
			at = &p
		}
	}
	head := st.Sides[st.Decider].Name + " may interrupt"
	if b.explain != nil && b.explain.Head != "" {
		head = b.explain.Head
	}
	lines := []string{head, "Choose on the bar below, or Enter to let it pass."}
	if b.moverSeesPrompt() {
		lines[1] = "Choose on the bar below, or Enter twice to let it pass."
	}
	f := art.BoldFace(13)
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, art.TextW(l, f))
	}
	w += 20 * art.UIScale
	h := float64(len(lines))*18*art.UIScale + 12*art.UIScale
	x, y := b.tv.padL+12*art.UIScale, b.tv.padT+10*art.UIScale
	if at != nil {
		pulse := 1 + 0.12*math.Sin(b.tl.Now*6)
		art.Ring(dst, *at, r*1.7*pulse, 3*art.UIScale, col)
		art.Ring(dst, *at, r*1.7*pulse+3*art.UIScale, 1.5*art.UIScale, art.RGB(0xf2ead6))
		// beside it, right or left, level or above or below, at the
		// first place that covers no figure (those that just moved
		// are what the deciding side looks at), never over it
		clampY := func(y float64) float64 {
			return math.Min(math.Max(b.tv.padT+8*art.UIScale, y), a.H-b.tv.padB-h-8*art.UIScale)
		}
		// (then further out, a box's width more to the side: in a crowd
		// the nearest places all covered a man beside the mover)
		// (a place past the table's side is pulled back within it: a
		// small window left none beside a mover in the middle, and the
		// prompt fell back to the table's corner over whoever stood there)
		best := -1
		for _, dy := range []float64{0, -h, h, -2 * h, 2 * h, -3 * h, 3 * h, -4 * h, 4 * h} {
			for _, tx := range []float64{at.X + r*2, at.X - r*2 - w, at.X + r*3 + w*0.6, at.X - r*3 - w*1.6, at.X - w/2} {
				tx = math.Max(8*art.UIScale, math.Min(tx, a.W-b.tv.padR-8*art.UIScale-w))
				ty := clampY(at.Y - h/2 + dy)
				n := 0
				for _, q := range b.figBoxes {
					if rectsOverlap(tx, ty, w, h, q.x, q.y, q.w, q.h) {
						n++
					}
				}
				if best < 0 || n < best {
					best, x, y = n, tx, ty
				}
			}
			if best == 0 {
				break
			}
		}
		if best < 0 {
			x, y = math.Max(8*art.UIScale, at.X-r*2-w), clampY(at.Y-h/2)
		}
		if x > at.X {
			art.Line(dst, art.Pt{X: x, Y: y + h/2}, art.Pt{X: at.X + r*1.7, Y: at.Y}, 2*art.UIScale, col)
		} else {
			art.Line(dst, art.Pt{X: x + w, Y: y + h/2}, art.Pt{X: at.X - r*1.7, Y: at.Y}, 2*art.UIScale, col)
		}
	}
	a.keepClear(x, y, w, h)
	b.offerBox = [4]float64{x, y, w, h}
	art.RoundRect(dst, x, y, w, h, 6*art.UIScale, art.RGBA(0x14110c, 230))
	art.Rect(dst, x, y+5*art.UIScale, 4*art.UIScale, h-10*art.UIScale, col)
	for i, l := range lines {
		ff := f
		if i > 0 {
			ff = art.Face(12)
		}
		art.Say(dst, l, ff, x+12*art.UIScale, y+6*art.UIScale+float64(i)*18*art.UIScale, art.RGB(0xf2ead6), 0)
	}
}

// drawVehicles paints the vehicles the player may see as miniatures
// (art/vehicle_art.go), wrecks first.
func (b *battle) drawVehicles(dst *ebiten.Image, rims [2]color.RGBA) {
	st := b.st()
	if len(st.Vehicles) == 0 {
		return
	}
	v := b.view()
	for pass := 0; pass < 2; pass++ {
		for i := range st.Vehicles {
			veh := &st.Vehicles[i]
			lk, ok := rules.VehicleLookOf(b.g.RS, st, veh.ID)
			if veh.Removed || !ok || !v.Vehicle(veh.ID) || (pass == 0) != lk.BrewedUp {
				continue
			}
			l := art.VehicleLookOf(lk, veh.Side, b.tv.scr(veh.Pos), b.tv.px(1), rims[veh.Side&1])
			l.Time = b.tl.Now
			art.DrawVehicle(dst, l)
		}
	}
}

// hullPlates are the screen boxes of the vehicles drawn on the table, for
// the roster plates to keep off (a squad's plate lay over a helicopter's
// body).
func (b *battle) hullPlates() []plate {
	st := b.st()
	v := b.view()
	var out []plate
	for i := range st.Vehicles {
		veh := &st.Vehicles[i]
		t, ok := rules.VehicleTypeOf(b.g.RS, veh.Type)
		if veh.Removed || !ok || !v.Vehicle(veh.ID) {
			continue
		}
		pts := make([]art.Pt, 0, 4)
		for _, q := range t.Hull(veh.Pose).Corners {
			pts = append(pts, b.tv.scr(q))
		}
		x0, y0, x1, y1 := art.BoundsOf(pts)
		out = append(out, plate{x: x0, y: y0, w: x1 - x0, h: y1 - y0})
	}
	return out
}
