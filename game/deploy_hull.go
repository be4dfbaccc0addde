package game

import (
	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Vehicles at deployment: the deciding side drags a hull within its
// set-up zone (its centre inside) as it drags a figure; the men aboard go with it (their
// placing carries the vehicle's start into the save: rules.FollowCrews).
// A vehicle the scenario puts outside the zone, or with no one aboard,
// stays where the scenario puts it.

// hullAt is the deciding side's vehicle whose hull is under (x, y).
func (d *deploy) hullAt(x, y float64) *rules.ScenarioVehicle {
	p := d.tv.tbl(x, y)
	for ui := range d.sc.Sides[d.side].Units {
		u := &d.sc.Sides[d.side].Units[ui]
		for k := range u.Vehicles {
			v := &u.Vehicles[k]
			if h, ok := rules.VehicleHull(d.sc, v, v.Pos); ok && h.Poly().Contains(p) {
				return v
			}
		}
	}
	return nil
}

// hullInZone reports whether v centred at p stands in the deciding
// side's set-up zone (any place does with no zone). A hull is longer than
// a zone is deep on some tables, so its centre is what must be inside
// (house rule); a figure's whole base must be.
func (d *deploy) hullInZone(v *rules.ScenarioVehicle, p geom.Pt) bool {
	ar := d.area[d.side]
	return ar == nil || ar.Poly.Contains(p)
}

// pressHull starts dragging the hull under the press, or says why that
// vehicle does not move at deployment.
func (d *deploy) pressHull(a *App, x, y float64) {
	v := d.hullAt(x, y)
	if v == nil {
		return
	}
	switch {
	case d.startsOffTable(v.Name):
		a.Toast("%s starts off the table: it comes in here during the battle, in its crew's go.", v.Name)
	case len(rules.VehicleAboard(d.sc, d.side, v)) == 0:
		a.Toast("No one is aboard %s: it stays where the scenario puts it.", v.Name)
	case !d.hullInZone(v, v.Pos):
		a.Toast("The scenario places %s there: that vehicle does not move at deployment.", v.Name)
	default:
		d.vdrag = v
		p := d.tv.tbl(x, y)
		d.grab = geom.Pt{X: p.X - v.Pos.X, Y: p.Y - v.Pos.Y}
	}
}

// dropHull puts the dragged hull down where it is let go, or says why not.
func (d *deploy) dropHull(a *App, x, y float64) {
	v := d.vdrag
	d.vdrag = nil
	p := d.tv.tbl(x, y)
	p = geom.Pt{X: p.X - d.grab.X, Y: p.Y - d.grab.Y}
	if !d.hullInZone(v, p) {
		a.Toast("Keep the centre of %s hull inside %s.", rules.Possessive(v.Name), d.zoneName())
		return
	}
	if why := rules.HullProblem(d.sc, d.m, d.side, v, p); why != "" {
		a.Toast("Not there: %s.", why)
		return
	}
	rules.PlaceVehicle(d.sc, d.side, v, p)
	d.autosave(a)
}

// underHull names the vehicle whose hull a base at c would stand under
// ("" when none).
func (d *deploy) underHull(c geom.Circle) string {
	for s := range d.sc.Sides {
		for ui := range d.sc.Sides[s].Units {
			u := &d.sc.Sides[s].Units[ui]
			for k := range u.Vehicles {
				v := &u.Vehicles[k]
				if h, ok := rules.VehicleHull(d.sc, v, v.Pos); ok && h.OverlapsBase(c) {
					return "A base may not stand under " + v.Name + "."
				}
			}
		}
	}
	return ""
}

// startsOffTable reports whether the battle begins with the vehicle of
// that name off the table, as the rule set sets it up: worked out once,
// from a battle begun on the scenario as it stands.
func (d *deploy) startsOffTable(name string) bool {
	if d.offTable == nil {
		d.offTable = map[string]bool{}
		if rs, ok := all.Get(d.sc.RuleSet); ok {
			if g, _, err := rules.NewGame(rs, d.sc, d.m, 1); err == nil {
				for _, v := range g.St.Vehicles {
					if v.Removed {
						d.offTable[v.Name] = true
					}
				}
			}
		}
	}
	return d.offTable[name]
}

// drawArrival marks where a vehicle that starts off the table comes in
// (a helicopter lands):
// its outline dashed in its side's colour, and a plate naming it.
func (d *deploy) drawArrival(dst *ebiten.Image, flying bool, v *rules.ScenarioVehicle, col color.RGBA) {
	h, ok := rules.VehicleHull(d.sc, v, v.Pos)
	if !ok {
		return
	}
	pts := make([]art.Pt, 0, 4)
	for _, q := range h.Corners {
		pts = append(pts, d.tv.scr(q))
	}
	art.StrokeDashPoly(dst, pts, 2*art.UIScale, 8*art.UIScale, 5*art.UIScale, art.Brighten(col, 0.35))
	name := v.Name + " comes in here"
	if flying {
		name = v.Name + " lands here"
	}
	f := art.BoldFace(11)
	w, hh := art.TextW(name, f)+12*art.UIScale, 17*art.UIScale
	// the plate above the outline, which it would hide
	c := d.tv.scr(v.Pos)
	_, top, _, _ := art.BoundsOf(pts)
	y := top - hh - 3*art.UIScale
	art.RoundRect(dst, c.X-w/2, y, w, hh, 4*art.UIScale, art.RGBA(0x14110c, 200))
	art.Say(dst, name, f, c.X, y+2*art.UIScale, art.RGB(0xf2ead6), 1)
}
