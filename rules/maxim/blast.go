package maxim

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

const ruleBlast = "Explosive Damage Chart"

// deviation holds the eight directions of the deviation die, 1 towards
// the top edge of the table and on clockwise, as thousandths of an inch
// per inch (the diagonals rounded to 707/1000).
var deviation = [8]geom.Pt{{X: 0, Y: -1000}, {X: 707, Y: -707}, {X: 1000, Y: 0}, {X: 707, Y: 707},
	{X: 0, Y: 1000}, {X: -707, Y: 707}, {X: -1000, Y: 0}, {X: -707, Y: -707}}

// markName is what a shot's landing is told from: the target figure
// it was aimed at, or the aim point.
func markName(v *volley, t *rules.Figure) string {
	if t != nil && !v.aimPt {
		return t.Name
	}
	return "the aim point"
}

// deviationNote tells the dice tray what the deviation dice decide.
func deviationNote(dev int) string {
	return fmt.Sprintf("first die (of 8): the direction, 1 up the table and on clockwise; second die (of %d): the inches", dev)
}

// Bands of an explosion.
const (
	bandNone = iota
	bandA
	bandB
	bandC
)

var bandNames = []string{"", "A", "B", "C"}

func bandChart(b int) Chart {
	switch b {
	case bandA:
		return data.Blast.A
	case bandB:
		return data.Blast.B
	}
	return data.Blast.C
}

// outer is the largest radius an explosive weapon has, position units.
func outer(w *Weapon) int64 { return int64(max(w.A, w.B, w.C)) * geom.PerInch }

// bandAt is the band a figure at distance from the centre falls in
// (centre of its base within the radius: house rule).
func bandAt(w *Weapon, centre, p geom.Pt) int {
	for i, r := range []int{w.A, w.B, w.C} {
		if r > 0 && geom.WithinDist(centre, p, int64(r)*geom.PerInch) {
			return i + 1
		}
	}
	return bandNone
}

// coneOf is a cone weapon's triangle: its point at origin, pointing at
// aim, as long as the weapon's range and Cone inches wide at the end.
func coneOf(w *Weapon, origin, aim geom.Pt) geom.Polygon {
	L := w.Reach()
	end := toward(origin, aim, L)
	d := end.Sub(origin)
	l := geom.Isqrt(d.Len2())
	if l == 0 {
		return nil
	}
	h := int64(w.Cone) * geom.PerInch / 2
	off := geom.Pt{X: divRound(-d.Y*h, l), Y: divRound(d.X*h, l)}
	return geom.Polygon{origin, end.Add(off), end.Sub(off)}
}

// landing is where one shot's effect falls.
type landing struct {
	hit    bool    // the roll to hit succeeded (always for a claymore)
	centre geom.Pt // blast centre, or the cone's point
	cone   geom.Polygon
}

// victimBand is the band figure g is caught in by an effect (bandNone
// when outside it or shielded by terrain), and whether it is shielded.
// The firer is caught by his own burst as its radii say (the book makes
// no exception: a grenade thrown at its 3" range has its C radius on the
// thrower); only a cone weapon (flamethrower, claymore) spares him, its
// cone opening away from him.
func victimBand(s *rules.State, v *volley, ld landing, g *rules.Figure) (int, bool) {
	w := v.w
	if !ld.hit || g.Removed || (ld.cone != nil && g.ID == v.f.ID) || (aboard(s, g) && openRide(s, g) == nil) {
		return bandNone, false
	}
	pos := posFor(s, v, g)
	var b int
	if ld.cone != nil {
		if ld.cone.PointIn(pos) < 0 {
			return bandNone, false
		}
		b = bandA
		if w.B > 0 || w.C > 0 {
			b = bandAt(w, ld.centre, pos)
		}
	} else {
		b = bandAt(w, ld.centre, pos)
	}
	if b == bandNone {
		return b, false
	}
	if s.Terrain != nil && pos != ld.centre && !s.Terrain.Clear(ld.centre, pos) {
		return bandNone, true
	}
	return b, false
}

// posFor is where a figure stands for a shot: the moving figure under
// opportunity fire is where the shot caught it on its path.
func posFor(s *rules.State, v *volley, g *rules.Figure) geom.Pt {
	if v.opp && g.ID == rules.FigID(s.Var(gOppFig)) {
		return v.point
	}
	return g.Pos
}

// blastSave is the save a figure gets against an effect from centre:
// hard cover 5-6 (Kevlar is -1 on the damage die instead).
func blastSave(s *rules.State, v *volley, g *rules.Figure, centre geom.Pt) int {
	if openRide(s, g) != nil {
		return data.Save.HardCover // the vehicle's sides (house rule)
	}
	if s.Terrain == nil {
		return 0
	}
	if cv, _ := s.Terrain.CoverFor(geom.Circle{C: posFor(s, v, g), R: s.BaseR}, centre); cv >= terrain.CoverHard {
		return data.Save.HardCover
	}
	return 0
}

func planBlast(s *rules.State, v *volley) error {
	f, w := v.f, v.w
	var t *rules.Figure
	p := v.point
	if !v.aimPt {
		for _, id := range v.entries {
			if id != v.entries[0] {
				return fmt.Errorf("a %s puts all its shots on one target", w.Name)
			}
		}
		t = s.Fig(v.entries[0])
		if !v.opp {
			p = t.Pos
		}
	}
	var mods []rules.Mod
	if t != nil {
		tm, _, _, err := targetMods(s, f, w, t, p, w.Indirect)
		if err != nil {
			return err
		}
		if m, ok := moveMod(s, f, targetMotion(s, t)); ok {
			mods = append(mods, m)
		}
		mods = append(mods, tm...)
	} else {
		if !geom.WithinDist(f.Pos, p, w.Reach()) {
			return fmt.Errorf("that point is beyond the %s range of %d\"", rules.Possessive(w.Name), w.Range)
		}
		if w.MinRange > 0 && geom.WithinDist(f.Pos, p, w.Min()-1) {
			return fmt.Errorf("that point is inside the %s minimum range of %d\"", rules.Possessive(w.Name), w.MinRange)
		}
		seen := false
		if !w.Auto {
			for _, g := range s.Alive(f.Side) {
				if g != f && !w.Indirect {
					continue
				}
				if s.Terrain == nil || s.Terrain.Clear(g.Pos, p) {
					seen = true
					break
				}
			}
			if !seen {
				return errors.New("no one can see that point")
			}
		}
		if p == f.Pos {
			return errors.New("aim somewhere other than the firer's own feet")
		}
		if !w.Auto {
			mods = meantForMods(s, f, w, p)
		}
	}
	v.point = p
	if w.Auto {
		v.chance = 100
		v.base = nil
		mods = nil
	} else {
		v.base = firerMods(s, f, w)
		mods = append(append([]rules.Mod(nil), v.base...), mods...)

		v.chance = clampChance(w.Hit + modSum(mods))
		if v.chance <= 0 {
			return fmt.Errorf("%s has no chance of hitting (%d%%%s)", f.Name, w.Hit, signed(modSum(mods)))
		}
	}
	if t != nil {
		v.targets = []*aimed{{t: t, at: p, n: max(len(v.entries), 1), chance: v.chance, mods: mods}}
	}
	v.base = mods
	return nil
}

// landings lists where a shot may fall with the chance of each (exactly:
// deviation is 1/8 for each direction and 1/N for each inch), in the order
// hit, then direction 1..8, then distance 1..N.
func landings(v *volley) ([]landing, []float64) {
	w := v.w
	p := float64(v.chance) / 100
	if w.Auto {
		return []landing{{hit: true, centre: v.f.Pos, cone: coneOf(w, v.f.Pos, v.point)}}, []float64{1}
	}
	if w.Cone > 0 {
		return []landing{{hit: true, centre: v.f.Pos, cone: coneOf(w, v.f.Pos, v.point)}, {}}, []float64{p, 1 - p}
	}
	lds := []landing{{hit: true, centre: v.point}}
	ps := []float64{p}
	if w.Dev <= 0 {
		return append(lds, landing{}), append(ps, 1-p)
	}
	each := (1 - p) / float64(8*w.Dev)
	for dir := 0; dir < 8; dir++ {
		for n := 1; n <= w.Dev; n++ {
			lds = append(lds, landing{hit: true, centre: v.point.Add(geom.Pt{X: deviation[dir].X * int64(n), Y: deviation[dir].Y * int64(n)})})
			ps = append(ps, each)
		}
	}
	return lds, ps
}

// fireBlast resolves an explosive weapon's shots.
func fireBlast(s *rules.State, v *volley) []rules.Event {
	f, w := v.f, v.w
	var evs []rules.Event
	shots := max(len(v.entries), 1)
	for n := 0; n < shots; n++ {
		var t *rules.Figure
		if len(v.targets) > 0 {
			t = v.targets[0].t
			if t.Removed {
				evs = append(evs, rules.Event{Kind: "lost", Side: f.Side, Fig: f.ID, Target: t.ID,
					Text: fmt.Sprintf("Shot %d at %s is lost: already down", n+1, t.Name)})
				continue
			}
			t.SetVar(fShotAt, s.Round)
		}
		what := fmt.Sprintf("%s, %s", w.Name, f.Name)
		if t != nil {
			what += " at " + t.Name
		}
		var ld landing
		switch {
		case w.Auto:
			ld = landing{hit: true, centre: f.Pos, cone: coneOf(w, f.Pos, v.point)}
			evs = append(evs, rules.Event{Kind: "fire", Side: f.Side, Fig: f.ID, Text: fmt.Sprintf("%s sets off a %s", f.Name, w.Name)})
		default:
			l, hit := percentile(s, what, w.Hit, v.base, "")
			l.Outcome = "miss"
			if hit {
				l.Outcome = "hit"
			}
			ev := rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: l,
				Text: fmt.Sprintf("%s fires (%s): %d, needs %d or less: %s", f.Name, w.Name, l.Total, l.Target, l.Outcome)}
			if t != nil {
				ev.Target = t.ID
			}
			evs = append(evs, ev)
			switch {
			case w.Cone > 0:
				if !hit {
					continue
				}
				ld = landing{hit: true, centre: f.Pos, cone: coneOf(w, f.Pos, v.point)}
			case hit:
				ld = landing{hit: true, centre: v.point}
			case w.Dev <= 0:
				evs = append(evs, rules.Event{Kind: "miss", Side: f.Side, Fig: f.ID, Text: "The round flies wide and harms no one"})
				continue
			default:
				dd, dn := s.Roll(8), s.Roll(w.Dev)
				dv := deviation[dd.Face-1]
				c := v.point.Add(geom.Pt{X: dv.X * int64(dn.Face), Y: dv.Y * int64(dn.Face)})
				where := rules.Whereabouts(f.Pos, v.point, c, markName(v, t))
				dl := &rules.Ledger{What: "Deviation, " + what, Dice: []rules.Die{dd, dn}, Compare: "table",
					Total: dn.Face, Outcome: where,
					Note: deviationNote(w.Dev)}
				evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: dl,
					Text: fmt.Sprintf("The %s lands %s", w.Name, where)})
				ld = landing{hit: true, centre: c}
			}
		}
		evs = append(evs, effect(s, v, ld, t)...)
	}
	return evs
}

// effect applies one landed shot to everyone it catches, in id order.
func effect(s *rules.State, v *volley, ld landing, t *rules.Figure) []rules.Event {
	w := v.w
	blast := rules.Event{Kind: "blast", Side: v.f.Side, Fig: v.f.ID,
		Text: fmt.Sprintf("The %s bursts %s", w.Name, rules.Whereabouts(v.f.Pos, v.point, ld.centre, markName(v, t)))}
	if ld.cone != nil {
		blast.Text = fmt.Sprintf("The %s sweeps a cone %d\" long in front of %s", w.Name, w.Range, v.f.Name)
	} else {
		blast.Area = &geom.Circle{C: ld.centre, R: outer(v.w)}
	}
	for i := range s.Figures {
		if b, _ := victimBand(s, v, ld, &s.Figures[i]); b != bandNone {
			blast.Figures = append(blast.Figures, s.Figures[i].ID)
		}
	}
	evs := []rules.Event{blast}
	for i := range s.Figures {
		g := &s.Figures[i]
		b, shielded := victimBand(s, v, ld, g)
		if shielded {
			evs = append(evs, rules.Event{Kind: "shielded", Side: g.Side, Fig: g.ID, Text: g.Name + " is shielded from the blast by terrain"})
			continue
		}
		if b == bandNone {
			continue
		}
		g.SetVar(fShotAt, s.Round) // caught in a burst, he has been shot at
		shift := 0
		if kevlar(s, g) {
			shift = 1
		}
		res, dev := damageRoll(s, v.f, g, bandChart(b), fmt.Sprintf("%s (%s radius)", w.Name, bandNames[b]), shift)
		evs = append(evs, dev...)
		if res != resNone {
			if need := blastSave(s, v, g, ld.centre); need > 0 {
				saved, sev := saveRoll(s, g, need, "hard cover")
				evs = append(evs, sev...)
				if saved {
					res = resNone
				}
			}
		}
		if res != resNone {
			if t != nil && g.ID == t.ID {
				evs = append(evs, hitStops(s, v, g)...)
			}
			evs = append(evs, hurt(s, g, res, "caught by "+rules.Possessive(v.f.Name)+" "+w.Name)...)
		}
	}
	return evs
}

// Template is the outer ring of a proposed explosive shot, at the aim
// point. Cone weapons (flamethrower, claymore) have none: a circle would
// mislead; Cone gives their triangle.
func (Maxim) Template(s *rules.State, c rules.Command) (geom.Circle, bool) {
	rs := Rings(s, c)
	if len(rs) == 0 {
		return geom.Circle{}, false
	}
	return rs[len(rs)-1], true
}

// Cone is a proposed cone weapon's triangle (nil for other commands).
func Cone(s *rules.State, c rules.Command) geom.Polygon {
	f, w, aim, ok := proposed(s, c)
	if !ok || w.Cone == 0 {
		return nil
	}
	return coneOf(w, f.Pos, aim)
}

// proposed reads a fire command's firer, explosive weapon and aim point.
func proposed(s *rules.State, c rules.Command) (*rules.Figure, *Weapon, geom.Pt, bool) {
	if c.Verb != "fire" {
		return nil, nil, geom.Pt{}, false
	}
	f := s.Fig(c.Fig)
	if f == nil {
		return nil, nil, geom.Pt{}, false
	}
	w, _, err := firingWeapon(s, f, c.Arg)
	if err != nil || !w.Explosive {
		return nil, nil, geom.Pt{}, false
	}
	switch {
	case len(c.Path) > 0:
		return f, w, c.Path[0], true
	case len(c.Targets) > 0 && s.Fig(c.Targets[0]) != nil:
		return f, w, s.Fig(c.Targets[0]).Pos, true
	}
	return nil, nil, geom.Pt{}, false
}

// Rings are a proposed explosive shot's A, B and C circles at the aim
// point, innermost first (none for cone weapons).
func Rings(s *rules.State, c rules.Command) []geom.Circle {
	_, w, aim, ok := proposed(s, c)
	if !ok || w.Cone > 0 {
		return nil
	}
	var out []geom.Circle
	for _, r := range []int{w.A, w.B, w.C} {
		if r > 0 {
			out = append(out, geom.Circle{C: aim, R: int64(r) * geom.PerInch})
		}
	}
	return out
}

// meantForMods are the target modifiers of an explosive aimed at a point:
// those of the men it is meant for, the enemies (seen by the firer, or
// by a friend for indirect fire) whose bases lie within its A radius of
// the point, so that aiming at the ground under a man is never easier
// than aiming at him. With several, the hardest of their sets counts
// (the first in figure order on a tie); with none, there are none. The
// moving modifier among them is the one for firer and target together
// (with no one, the firer's own).
func meantForMods(s *rules.State, f *rules.Figure, w *Weapon, p geom.Pt) []rules.Mod {
	reach := int64(max(w.A, 0))*geom.PerInch + s.BaseR
	var best []rules.Mod
	found := false
	for _, g := range s.Alive(1 - f.Side) {
		if aboard(s, g) && openRide(s, g) == nil {
			continue
		}
		if !geom.WithinDist(p, g.Pos, reach) {
			continue
		}
		cm, _, _, seen := coverMods(s, f, g, g.Pos, w.Indirect)
		if !seen {
			continue
		}
		var mods []rules.Mod
		if m, ok := moveMod(s, f, targetMotion(s, g)); ok {
			mods = append(mods, m)
		}
		for _, m := range cm {
			m.Reason += " (" + g.Name + ", near the aim point)"
			mods = append(mods, m)
		}
		if !found || modSum(mods) < modSum(best) {
			best, found = mods, true
		}
	}
	if !found {
		if m, ok := moveMod(s, f, still); ok { // the firer's own motion
			best = append(best, m)
		}
	}
	return best
}
