package game

// Aiming with a vehicle and at one: the first click on an enemy with a
// vehicle selected, a shot at the point of a hull, the face it strikes.

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

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
				w = noCost(strings.TrimRight(act.Label, ".… "))
			}
			again := map[bool]string{true: "it", false: "him"}[tv != nil]
			// short enough for two lines at 1024x640, the vehicle (chosen
			// already, its name on the bar) not named again ("Sherman
			// 'Dixie': Main gun, 75 mm gun (turret) aims at ... Click him
			// again to fire; Esc" wrapped to "stops.")
			a.Toast("%s on %s: click %s again to fire, Esc to stop.", rules.Capital(w), name, again)
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
	if vw, ok := b.g.RS.(rules.VehicleFireWhyer); ok && why == "" && t != nil {
		// the rule set's reason its weapons may not fire at him
		if w := vw.VehicleFireWhy(st, v.ID, t.ID); w != "" {
			why = fmt.Sprintf("%s cannot fire at %s: %s.", v.Name, name, w)
		}
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
	if b.showPath() {
		// near the mover's dashed path: the shot a click gives there,
		// at the nearest point of the path the rules take (the card said
		// "that point is not on the path" while the click fired at the
		// path beside it, play-test 10)
		if q := b.snapToPath(pt, func(q geom.Pt) bool { return b.g.Refusal(b.hullShot(q)) == nil }); q != pt {
			pt = q
			if id == 0 {
				id = b.vehAt(b.mover.path[len(b.mover.path)-1])
			}
		}
	}
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
		b.card(dst, a, fmt.Sprintf("%s cannot %s %s", f.Name, verbAt(va.cmd.Verb), v.Name), lines, 0x8e1b10)
		return true
	}
	if va.odds.Note != "" {
		lines = append(lines, sentence(va.odds.Note))
	}
	for _, m := range va.odds.Mods {
		lines = append(lines, fmt.Sprintf("%+d  %s", m.Value, m.Reason))
	}
	lines = append(lines, outcomeList(va.odds.Outcomes))
	for _, p := range va.odds.Parts {
		lines = append(lines, rules.Capital(p.Name)+": "+outcomeList(p.Outcomes))
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
	return fmt.Sprintf("strikes %s %s", rules.Possessive(b.st().Veh(id).Name), st.Face)
}

// noCost is a bar label without the cost a rule set puts after it ("Main
// gun (3 AP)", "Hatches (free)"): a notice names the weapon, and the bar
// and the card already give the cost.
func noCost(label string) string {
	i := strings.LastIndex(label, " (")
	if i < 0 || !strings.HasSuffix(label, ")") {
		return label
	}
	in := label[i+2 : len(label)-1]
	if in == "free" || in != "" && in[0] >= '0' && in[0] <= '9' {
		return label[:i]
	}
	return label
}
