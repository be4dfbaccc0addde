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
	"hedgerow/rules/terrain"
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

// vehEnemyClick answers a click on an enemy (the vehicle under pt, or
// figure fig) with one of the side's vehicles selected and no weapon
// chosen: as a figure's first click on an enemy aims, the vehicle aims its
// first weapon that may fire at it (the main gun before the machine-guns,
// as its bar lists them) and says so; a second click fires. When none may,
// the vehicle stays selected and the first weapon's reason is given.
// (With the Sherman selected, a click on the Panzer deselected it and
// said nothing, play-test 6.) It reports whether it answered.
func (b *battle) vehEnemyClick(a *App, pt geom.Pt, fig rules.FigID) bool {
	st := b.st()
	v := st.Veh(b.selVeh)
	if v == nil || b.sel.Mode == view.Targeting {
		return false
	}
	name := ""
	tv := st.Veh(b.vehAt(pt))
	t := st.Fig(fig)
	switch {
	case t != nil && t.Side != v.Side:
		name, tv = t.Name, nil
	case t == nil && tv != nil && tv.Side != v.Side:
		name = tv.Name
	default:
		return false
	}
	guns := rules.VehicleOf(b.g.RS, st, v.ID).Weapons
	var why string
	tried := map[string]bool{}
	// its crewmen's weapons, or its crew's as a team (1/35th gives a
	// vehicle's guns as the crew's orders)
	var cmds []rules.Command
	for _, c := range b.legal {
		if c.Fig != 0 && st.Carrier(c.Fig) == v.ID || b.crewVeh(c) == v.ID {
			cmds = append(cmds, c)
		}
	}
	for _, c := range cmds {
		act := b.action(c)
		if act.Kind != rules.ActAim || tried[act.Group] {
			continue
		}
		tried[act.Group] = true
		by := c.Fig
		if by == 0 {
			by = b.firstOf(c.Unit)
		}
		b.sel.Mode, b.sel.Sel = view.Selected, by
		if !b.beginAim(c, act) {
			b.sel.Reset()
			continue
		}
		ok := false
		switch {
		case tv != nil && !b.sel.Point:
			err := b.g.Refusal(b.hullShot(pt))
			if ok = err == nil; !ok && why == "" {
				why = b.plain(err.Error())
			}
		case tv == nil:
			if ok = b.sel.Targetable(t.ID); !ok && why == "" {
				why = b.whyNoTarget(t.ID)
			}
		}
		if ok {
			w, named := gunWords(guns, c.Arg)
			if !named {
				w = strings.TrimRight(act.Label, ".… ")
			}
			again := map[bool]string{true: "it", false: "him"}[tv != nil]
			if strings.Contains(w, v.Name) { // "The Panzer IV 412's gun (high explosive)"
				a.Toast("%s aims at %s. Click %s again to fire; Esc stops.", rules.Capital(w), name, again)
			} else {
				a.Toast("%s: %s aims at %s. Click %s again to fire; Esc stops.", v.Name, w, name, again)
			}
			return true
		}
		b.sel.Reset()
	}
	if why == "" {
		// no weapon offered at it: what stands between them, when the
		// ground hides one from the other (the bocage's Sherman was told
		// "no man of Sherman crew is fit to fire", a crew's reason for
		// their own rifles, play-test 8)
		why = b.vehicleSightWhy(v, pt, t, tv, name)
	}
	if why == "" {
		// else the rules' reason for its gunner
		for i := range st.Figures {
			if f := &st.Figures[i]; !f.Removed && st.Carrier(f.ID) == v.ID {
				if tv == nil {
					why = b.whyNotAt(f, t)
				} else {
					why = b.whyNotAtVehicle(f, tv)
				}
				break
			}
		}
	}
	if why == "" {
		why = fmt.Sprintf("%s can do nothing to %s now.", v.Name, name)
	}
	a.Toast("%s", why)
	return true
}

// vehicleSightWhy says that the ground hides the enemy (figure t, or
// vehicle tv at pt) from vehicle v, naming what stands between them, or
// "" when it does not.
func (b *battle) vehicleSightWhy(v *rules.Vehicle, pt geom.Pt, t *rules.Figure, tv *rules.Vehicle, name string) string {
	st := b.st()
	if st.Terrain == nil {
		return ""
	}
	to := geom.Circle{C: pt, R: st.BaseR}
	if t != nil {
		to = t.Base(st.BaseR)
	} else if tv != nil {
		to = geom.Circle{C: tv.Pos, R: st.BaseR}
	}
	los := st.Terrain.LineOfSight(v.Pos, to, terrain.LOSOptions{IgnoreNearFirer: true})
	if t != nil {
		for i := range st.Figures {
			if c := &st.Figures[i]; !c.Removed && st.Carrier(c.ID) == v.ID {
				if vis, ok := rules.SightLineOf(b.g.RS, st, c.ID, t.ID); ok {
					los.Vis = vis // the rule set's own sight (1/35th's heights)
				}
				break
			}
		}
	}
	if los.Vis != terrain.Blocked {
		return ""
	}
	was := b.los
	b.los = los
	words := b.blockerWords()
	b.los = was
	return fmt.Sprintf("%s cannot see %s: %s.", v.Name, name, words)
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
	}
	// what it can do now, or why nothing: at 1024x640 the bar's buttons
	// leave no room for the hint beside them
	a.Toast("%s", b.vehHint(veh))
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
	// nothing: why, as the first crewman aboard would be told
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
			add(label+"...", short+"...", false, false, func() {
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
		default:
			add(label, short, false, false, func() { b.apply(a, cc) })
		}
	}
}

// aimAtVehicle gives, while aiming, the shot at the point of a vehicle's
// hull that was clicked (rule sets aim at a hull by a point on it).
func (b *battle) aimAtVehicle(a *App, pt geom.Pt) bool {
	if b.sel.Verb == "" {
		return false
	}
	if b.vehAt(pt) == 0 {
		// a click near a driving vehicle's path: the shot at it there
		// (opportunity fire at "a point of its drive")
		if !b.showPath() {
			return false
		}
		q, d := b.nearPath(pt)
		if c := b.hullShot(q); d > 28*art.UIScale || b.g.Refusal(c) != nil {
			return false
		}
		pt = q
	}
	pt = b.snapToPath(pt, func(q geom.Pt) bool { return b.g.Refusal(b.hullShot(q)) == nil })
	c := b.hullShot(pt)
	if err := b.g.Refusal(c); err != nil {
		if b.ownVehAt(pt) {
			return false // one of your own: the click selects it instead (vehPress)
		}
		a.Toast("%s", b.plain(err.Error()))
		return true
	}
	b.sel.Escape()
	b.apply(a, c)
	return true
}

// hullShot is the aimed command at point pt of a hull: the pressed
// button's command (its weapon kept) aimed at the point, not at the
// vehicle the list named (a rule set aims at a hull by a point on it).
func (b *battle) hullShot(pt geom.Pt) rules.Command {
	c := b.sel.AtPoint(pt)
	if _, ok := rules.ParseVehicleArg(c.Arg); ok {
		c.Arg = ""
	}
	return c
}

// vehAim is a shot aimed at the point of a hull under the pointer: the
// command a click there gives and its odds, for the aiming card (which
// face it strikes and each damage result) before the player commits.
type vehAim struct {
	at   geom.Pt
	id   rules.VehicleID
	cmd  rules.Command
	odds rules.Odds
	err  error
}

// keep is the aim while the battle is still aiming (nil otherwise); the
// pointer's move updates it (vehAimUpdate).
func (va *vehAim) keep(b *battle) *vehAim {
	if va == nil || b.sel.Mode != view.Targeting || b.sel.Point {
		return nil
	}
	mx, my := cursor()
	if id := b.vehAt(b.tv.tbl(mx, my)); id != va.id {
		return nil
	}
	return va
}

// vehAimUpdate works out the shot at table point pt when aiming with no
// figure under the pointer and a vehicle's hull there.
func (b *battle) vehAimUpdate(pt geom.Pt) {
	if b.sel.Mode != view.Targeting || b.sel.Point || b.hover != 0 {
		b.vaim = nil
		return
	}
	id := b.vehAt(pt)
	if id == 0 {
		b.vaim = nil
		return
	}
	c := b.hullShot(pt)
	if b.ownVehAt(pt) && b.g.Refusal(c) != nil {
		b.vaim = nil // one of your own, not a target: a click selects it
		return
	}
	if b.vaim != nil && b.vaim.at == pt && b.vaim.cmd.Verb == c.Verb && b.vaim.cmd.Fig == c.Fig && b.vaim.cmd.Arg == c.Arg {
		return
	}
	o, err := b.g.Odds(c)
	b.vaim = &vehAim{at: pt, id: id, cmd: c, odds: o, err: err}
}

// drawVehAim draws the aiming card of a shot at a hull; it reports
// whether there was one.
func (b *battle) drawVehAim(dst *ebiten.Image, a *App) bool {
	va := b.vaim
	if va == nil || b.sel.Mode != view.Targeting {
		return false // (a shot committed: its card goes with it)
	}
	f, v := b.st().Fig(va.cmd.Fig), b.st().Veh(va.id)
	if f == nil || v == nil {
		return false
	}
	lines := []string{"Range " + b.scale().Format(geom.Dist(f.Pos, va.at))}
	if va.err != nil {
		lines = append(lines, b.plain(va.err.Error()))
		b.card(dst, a, fmt.Sprintf("%s cannot %s %s there", f.Name, verbAt(va.cmd.Verb), v.Name), lines, 0x8e1b10)
		return true
	}
	if va.odds.Note != "" {
		lines = append(lines, sentence(va.odds.Note))
	}
	for _, m := range va.odds.Mods {
		lines = append(lines, fmt.Sprintf("%+d  %s", m.Value, m.Reason))
	}
	var outs []string
	for _, o := range va.odds.Outcomes {
		outs = append(outs, fmt.Sprintf("%s %.0f%%", o.Name, o.P*100))
	}
	lines = append(lines, strings.Join(outs, "   "))
	for _, p := range va.odds.Parts {
		var ps []string
		for _, o := range p.Outcomes {
			ps = append(ps, fmt.Sprintf("%s %.0f%%", o.Name, o.P*100))
		}
		lines = append(lines, rules.Capital(p.Name)+": "+strings.Join(ps, "   "))
	}
	lines = append(lines, "click to commit")
	b.card(dst, a, fmt.Sprintf("%s: %s at %s", rules.Capital(va.cmd.Verb), f.Name, v.Name), lines, 0xc0392b)
	return true
}

// faceStruck names the face of the vehicle at table point to that a shot
// from from strikes ("" when no vehicle is there), for the line-of-sight
// tool.
func (b *battle) faceStruck(from, to geom.Pt) string {
	id := b.vehAt(to)
	if id == 0 {
		return ""
	}
	st, ok := rules.FaceStruck(b.g.RS, b.st(), id, from)
	if !ok || st.Inside || st.Miss {
		return ""
	}
	return fmt.Sprintf("strikes %s's %s", b.st().Veh(id).Name, st.Face)
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
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, art.Wrap(l, art.Face(13), 420*art.UIScale)...)
	}
	b.card(dst, a, v.Name, wrapped, colourInt(sideColour(b.st(), v.Side)))
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
