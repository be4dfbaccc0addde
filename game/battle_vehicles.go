package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Vehicles at the table. A click on one of your vehicles selects it: the
// bar then offers what its crew and passengers may do (they ride inside
// and are not drawn). Dragging it drives it: the rule set's drive check
// (rules.VehicleMover) sweeps the hull along the dragged path, drawn as
// the hull at each turn and where it stops, with the reason it stops; a
// right click while dragging adds a waypoint. Aiming at a vehicle gives
// the shot at the point of its hull clicked, so the face struck is the
// one the firer sees.

// vehDrag is a vehicle being driven by a drag.
type vehDrag struct {
	id     rules.VehicleID
	cmd    rules.Command // the legal drive, without a path
	from   art.Pt        // where the press was (screen)
	moving bool          // past the drag slop
	way    []geom.Pt     // waypoints (right clicks)
	path   []geom.Pt     // waypoints and the pointer
	res    rules.DriveView
}

// vehAt is the vehicle the player may see whose hull holds table point p.
func (b *battle) vehAt(p geom.Pt) rules.VehicleID {
	st := b.st()
	v := b.view()
	for i := len(st.Vehicles) - 1; i >= 0; i-- {
		veh := &st.Vehicles[i]
		if veh.Removed || !v.Vehicle(veh.ID) {
			continue
		}
		if h, ok := rules.HullOf(b.g.RS, st, veh.ID); ok && h.Under(p) {
			return veh.ID
		}
	}
	return 0
}

// driveFor is the legal drive of vehicle id (listed without a path).
func (b *battle) driveFor(id rules.VehicleID) (rules.Command, bool) {
	for _, c := range b.legal {
		if len(c.Path) > 0 || b.action(c).Kind != rules.ActDrag {
			continue
		}
		if a, ok := rules.ParseVehicleArg(c.Arg); ok && a.ID == id {
			return c, true
		}
	}
	return rules.Command{}, false
}

// crewCommands are the legal commands of the figures aboard vehicle id.
func (b *battle) crewCommands(id rules.VehicleID) []rules.Command {
	var out []rules.Command
	for _, c := range b.legal {
		if c.Fig != 0 && b.st().Carrier(c.Fig) == id {
			out = append(out, c)
		}
	}
	return out
}

// vehPress answers a press on the table that hit no figure: on one of
// your vehicles it selects it and may start a drive. It reports whether
// the press was the vehicle's.
func (b *battle) vehPress(a *App, pt geom.Pt, mx, my float64) bool {
	id := b.vehAt(pt)
	veh := b.st().Veh(id)
	if veh == nil || veh.Side != b.st().Decider {
		return false
	}
	b.selVeh = id
	b.sel.Reset()
	b.vaim = nil
	if c, ok := b.driveFor(id); ok {
		b.vdrag = &vehDrag{id: id, cmd: c, from: art.Pt{X: mx, Y: my}}
	} else {
		b.vstuck = vehPressAt{id: id, x: mx, y: my}
	}
	// what it can do now, or why nothing: at 1024x640 the bar's buttons
	// leave no room for the hint beside them
	a.Toast("%s", b.vehHint(veh))
	return true
}

// vehPressAt is a press on one of your vehicles that may not drive now.
type vehPressAt struct {
	id   rules.VehicleID
	x, y float64
}

// vehStuckRelease answers the release of a press on a vehicle that may
// not drive: dragged, it says why it does not drive (the press's own
// hint spoke of its orders). It reports whether it answered.
func (b *battle) vehStuckRelease(a *App, mx, my float64) bool {
	p := b.vstuck
	b.vstuck = vehPressAt{}
	veh := b.st().Veh(p.id)
	if veh == nil || math.Hypot(mx-p.x, my-p.y) <= view.DragSlopPx*art.UIScale {
		return false
	}
	why := b.noDriveWhy(veh)
	if why == "" {
		why = veh.Name + " cannot drive now."
	}
	a.Toast("%s", why)
	return true
}

// ownVehAt reports whether a vehicle of the side deciding now is under
// table point pt.
func (b *battle) ownVehAt(pt geom.Pt) bool {
	v := b.st().Veh(b.vehAt(pt))
	return v != nil && v.Side == b.st().Decider
}

// vehHint says what the selected vehicle may do now (drive, its weapons
// on the bar) or, when nothing, why not in the words of a crewman's
// reason.
func (b *battle) vehHint(veh *rules.Vehicle) string {
	_, drive := b.driveFor(veh.ID)
	cmds := b.crewCommands(veh.ID)
	aims := false
	for _, c := range cmds {
		if k := b.action(c).Kind; k == rules.ActAim || k == rules.ActPoint {
			aims = true
		}
	}
	switch {
	case drive && len(cmds) > 0:
		return veh.Name + " selected: drag it to drive, or pick an order on the bar."
	case drive:
		return veh.Name + " selected: drag it to drive; a right click while dragging adds a turn."
	case aims:
		return veh.Name + " selected: pick a weapon on the bar, then click a target."
	case len(cmds) > 0:
		return veh.Name + " selected: pick an order on the bar."
	}
	// nothing: why it cannot drive, in the rule set's words, else as the
	// first crewman aboard would be told (a crewman's own reason, such as
	// "get out first", says nothing of the vehicle)
	if why := b.noDriveWhy(veh); why != "" {
		return why
	}
	st := b.st()
	for i := range st.Figures {
		f := &st.Figures[i]
		if !f.Removed && st.Carrier(f.ID) == veh.ID {
			return veh.Name + ": " + b.idleWhy(f)
		}
	}
	if ex := b.explain; ex != nil && ex.Head != "" {
		return fmt.Sprintf("%s has nothing to do now (%s).", veh.Name, ex.Head)
	}
	return veh.Name + " has nothing to do now."
}

// noDriveWhy is the rule set's reason vehicle veh may not drive now, as
// a sentence that names it ("" when the rule set gives none).
func (b *battle) noDriveWhy(veh *rules.Vehicle) string {
	why := rules.NoDriveWhy(b.g.RS, b.st(), veh.ID)
	if why == "" {
		return ""
	}
	if !strings.HasPrefix(why, veh.Name) {
		why = veh.Name + " cannot drive: " + why
	}
	return sentence(why)
}

// vehDragUpdate follows the pointer while a vehicle is being dragged, and
// gives the drive when it is let go.
func (b *battle) vehDragUpdate(a *App, pt geom.Pt, mx, my float64, down, right bool) {
	d := b.vdrag
	if !d.moving && math.Hypot(mx-d.from.X, my-d.from.Y) > view.DragSlopPx*art.UIScale {
		d.moving = true
	}
	if d.moving {
		if right {
			d.way = append(d.way, pt)
		}
		d.path = append(append([]geom.Pt(nil), d.way...), pt)
		c := d.cmd
		c.Path = d.path
		d.res, _ = rules.DriveViewOf(b.g.RS, b.st(), c)
	}
	if down {
		return
	}
	b.vdrag = nil
	if !d.moving || len(d.path) == 0 {
		return
	}
	c := d.cmd
	c.Path = d.path
	if v := b.st().Veh(d.id); v != nil && !d.res.Arrived && b.mereDrive(v.Pos, d.res.End, d.path) {
		// it would stop at once: nothing is given (a Sherman dragged 5"
		// along the table's edge only turned on the spot, "it would leave
		// the table", and its drive was spent, play-test 8)
		why := d.res.Why
		if err := b.g.Refusal(c); why == "" && err != nil {
			why = b.plain(err.Error())
		}
		a.Toast("%s would get nowhere that way (it stops at once: %s): nothing was driven. Drag it another way.", v.Name, why)
		return
	}
	if err := b.g.Refusal(c); err != nil && len(d.res.Path) > 1 {
		// it cannot go all the way: drive as far as it gets
		c.Path = []geom.Pt{d.res.End}
	}
	b.apply(a, c)
}

// mereDrive reports whether a drive cut short ends under an inch from
// where it began while the drag went at least twice that: the drive would
// be spent on a turn on the spot.
func (b *battle) mereDrive(from, end geom.Pt, dragged []geom.Pt) bool {
	far := int64(0)
	for _, q := range dragged {
		far = max(far, geom.Dist(from, q))
	}
	return geom.Dist(from, end) < geom.PerInch && far >= 2*geom.PerInch
}

// drawVehDrag shows a drive being dragged: the centre's route, the hull at
// each turn and where it stops, green if it arrives, amber if it stops
// short, with the reason.
func (b *battle) drawVehDrag(dst *ebiten.Image) {
	d := b.vdrag
	if d == nil || !d.moving {
		return
	}
	veh := b.st().Veh(d.id)
	if veh == nil {
		return
	}
	col := art.RGB(0x7ee08a)
	if !d.res.Arrived {
		col = art.RGB(0xf2b04a)
	}
	for i := 1; i < len(d.res.Path); i++ {
		art.Line(dst, b.tv.scr(d.res.Path[i-1]), b.tv.scr(d.res.Path[i]), 4*art.UIScale, col)
	}
	start := veh.Pos
	for _, q := range d.path {
		art.StrokeDashed(dst, b.tv.scr(start), b.tv.scr(q), 2*art.UIScale, 6*art.UIScale, 5*art.UIScale, art.RGBA(0xffffff, 140))
		start = q
	}
	for i, h := range d.res.Hulls {
		pts := make([]art.Pt, 4)
		for k, q := range h {
			pts[k] = b.tv.scr(q)
		}
		w := 1.5 * art.UIScale
		if i == len(d.res.Hulls)-1 {
			art.FillPoly(dst, pts, art.RGBA(uint32(col.R)<<16|uint32(col.G)<<8|uint32(col.B), 60))
			w = 3 * art.UIScale
		}
		art.StrokePoly(dst, pts, true, w, col)
	}
	sc := b.scale()
	txt := "drives " + sc.Format(d.res.Length)
	if !d.res.Arrived && d.res.Why != "" {
		txt += ": stops, " + d.res.Why
	}
	if !d.res.Arrived && b.mereDrive(veh.Pos, d.res.End, d.path) {
		txt = "gets nowhere: " + d.res.Why + " (let go and nothing is driven)"
	}
	mx, my := cursor()
	f := art.BoldFace(13)
	art.RoundRect(dst, mx+16*art.UIScale, my+10*art.UIScale, art.TextW(txt, f)+16*art.UIScale, 24*art.UIScale, 5*art.UIScale, art.RGBA(0x101010, 220))
	art.Say(dst, txt, f, mx+24*art.UIScale, my+14*art.UIScale, col, 0)
}

// drawVehSelection rings the selected vehicle's hull.
func (b *battle) drawVehSelection(dst *ebiten.Image) {
	if b.selVeh == 0 {
		return
	}
	h, ok := rules.HullOf(b.g.RS, b.st(), b.selVeh)
	if !ok {
		return
	}
	pts := make([]art.Pt, 4)
	for k, q := range h.Corners {
		pts[k] = b.tv.scr(q)
	}
	art.StrokePoly(dst, pts, true, 3*art.UIScale, art.RGB(0xffe066))
}

// vehicleButtons adds the bar's buttons for the selected vehicle: a note
// that it is driven by dragging, and every command of its crew and
// passengers (named), aimed ones entering targeting with that man.
func (b *battle) vehicleButtons(a *App, add func(label, short string, strong, disabled bool, f func())) {
	veh := b.st().Veh(b.selVeh)
	if veh == nil {
		return
	}
	if _, ok := b.driveFor(veh.ID); ok {
		add("Drive "+veh.Name+" (drag it)", "Drive (drag)", false, false, func() {
			a.Toast("Drag the vehicle to drive it; a right click while dragging adds a turn.")
		})
	}
	seen := map[string]bool{}
	guns := rules.VehicleOf(b.g.RS, b.st(), veh.ID).Weapons
	for _, c := range b.crewCommands(veh.ID) {
		act := b.action(c)
		f := b.st().Fig(c.Fig)
		// one button per weapon (or other order), whoever of the crew
		// would give it: the crewman is a detail after a dash
		key := act.Group
		if seen[key] || f == nil {
			continue
		}
		seen[key] = true
		label, short := act.Label, act.Short
		if w, ok := gunWords(guns, c.Arg); ok {
			// the weapon as the vehicle's card names it (main gun, its mount)
			if act.Short != "" && strings.Contains(label, act.Short) {
				label = strings.Replace(label, act.Short, w, 1)
			} else {
				label += ": " + w
			}
		}
		label += " — " + f.Name
		cc := c
		switch act.Kind {
		case rules.ActAim, rules.ActPoint:
			add(clickNext(label, act.Kind, false), clickNext(short, act.Kind, true), false, false, func() {
				b.sel.Mode, b.sel.Sel = view.Selected, cc.Fig
				// the button's own command (its weapon), not any of its verb
				if b.beginAim(cc, b.action(cc)) {
					if b.showPath() {
						// opportunity fire at a mover: the dashed path is the target
						a.Toast("Click a point of the dashed path to shoot there. Esc to stop.")
					} else {
						a.Toast("Click a target (or a point on a vehicle). Esc to stop.")
					}
				}
			})
			// (its dots after the crewman's name read as a label cut
			// short: where it is long for the bar, the weapon alone)
			b.buttons[len(b.buttons)-1].roomy = short != ""
		default:
			add(label, short, false, false, func() { b.apply(a, cc) })
			b.buttons[len(b.buttons)-1].cmd = &cc
		}
	}
}

// surname is the last word of a figure's name ("Gefr Lenz": "Lenz").
func surname(name string) string {
	if i := strings.LastIndexByte(strings.TrimSpace(name), ' '); i >= 0 {
		return strings.TrimSpace(name)[i+1:]
	}
	return name
}

// deckScale is the size of a man drawn on a deck against a figure on
// the ground: small enough that the men of a jeep fit on its hull.
const deckScale = 0.7

// deckPos is where a man inside a hull is drawn while the player aims at
// him: when the rule set lists a shot at him (he shows over an open
// vehicle's sides), he sits on the hull as a small figure the player can
// click, the men of one hull spread along its length, rear to front.
// Otherwise (not aboard, or no shot at him) ok is false: he rides unseen.
func (b *battle) deckPos(f *rules.Figure) (art.Pt, bool) {
	st := b.st()
	vid := st.Carrier(f.ID)
	if vid == 0 || f.Removed || b.sel.Mode != view.Targeting || b.sel.Point || !b.sel.Targetable(f.ID) {
		return art.Pt{}, false
	}
	h, ok := rules.HullOf(b.g.RS, st, vid)
	if !ok {
		return art.Pt{}, false
	}
	seat, n := 0, 0
	for i := range st.Figures {
		g := &st.Figures[i]
		if g.Removed || st.Carrier(g.ID) != vid || !b.sel.Targetable(g.ID) {
			continue
		}
		if g.ID == f.ID {
			seat = n
		}
		n++
	}
	// the hull's corners run front left, front right, rear right, rear left
	front, rear := b.tv.scr(mid(h.Corners[0], h.Corners[1])), b.tv.scr(mid(h.Corners[2], h.Corners[3]))
	t := 0.2 + 0.6*(float64(seat)+0.5)/float64(n)
	return art.Pt{X: rear.X + (front.X-rear.X)*t, Y: rear.Y + (front.Y-rear.Y)*t}, true
}

func mid(a, b geom.Pt) geom.Pt { return geom.Pt{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2} }

// drawVehCard is a vehicle's card under the pointer, as the rule set
// gives it (rules.VehicleOf: armour by face, crew and who is aboard,
// damage, its move), with its weapons named once each.
func (b *battle) drawVehCard(dst *ebiten.Image, a *App, v *rules.Vehicle) {
	vi := rules.VehicleOf(b.g.RS, b.st(), v.ID)
	lines := append([]string(nil), vi.Lines...)
	var ws []string
	seen := map[string]bool{}
	for _, w := range vi.Weapons {
		if !seen[w.Label] {
			seen[w.Label] = true
			ws = append(ws, w.Label)
		}
	}
	if len(ws) > 0 {
		lines = append(lines, "Weapons: "+strings.Join(ws, ", "))
	}
	if !b.cardInPanel() {
		// (in the panel the card wraps them to its width: wrapped here
		// too, a line was broken twice, "Pz.Sch. Ilg and / Pz.Sch. Jost"
		// on two short lines at 1920x1080)
		var wrapped []string
		for _, l := range lines {
			wrapped = append(wrapped, art.Wrap(l, art.Face(13), 420*art.UIScale)...)
		}
		lines = wrapped
	}
	b.card(dst, a, v.Name, lines, colourInt(sideColour(b.st(), v.Side)))
}

// gunWords names the vehicle's weapon with id (a command's argument) as
// its card lists them, main armament first: the first of several is the
// main gun; two of one kind (a coaxial and a hull machine gun, either of
// which the rule set may use) are named together by their mounts.
func gunWords(guns []rules.WeaponInfo, id string) (string, bool) {
	if id == "" || len(guns) < 2 {
		return "", false
	}
	var labels []string
	main := false
	for i, g := range guns {
		if g.ID == id {
			labels = append(labels, g.Label)
			main = main || i == 0
		}
	}
	switch {
	case len(labels) == 0:
		return "", false
	case len(labels) == 1 && main:
		l := labels[0]
		if i := strings.LastIndex(l, " ("); i > 0 && strings.HasSuffix(l, ")") && strings.Count(l, "(") > 1 {
			l = l[:i] // its mount: a main gun says where it is
		}
		return "Main gun, " + l, true
	case len(labels) == 1:
		return labels[0], true
	}
	// "MMG (coaxial)" and "MMG (hull)": "MMG (coaxial or hull)"
	base, mounts := "", []string{}
	for _, l := range labels {
		i := strings.LastIndex(l, " (")
		if i <= 0 || !strings.HasSuffix(l, ")") || (base != "" && l[:i] != base) {
			return strings.Join(labels, " or "), true
		}
		base = l[:i]
		mounts = append(mounts, l[i+2:len(l)-1])
	}
	return base + " (" + strings.Join(mounts, " or ") + ")", true
}
