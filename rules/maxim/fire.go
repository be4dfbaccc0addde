package maxim

import (
	"errors"
	"fmt"
	"slices"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

const ruleFire = "Firing"

// Damage results, worst last.
const (
	resNone = iota
	resStun
	resLight
	resSerious
	resKill
)

var resNames = []string{"no effect", "stun", "light wound", "serious wound", "kill"}

// chartResult reads a d10 face (after any Kevlar modifier) on a chart.
func chartResult(face int, c Chart) int {
	switch {
	case face <= 0:
		return resNone
	case face <= c.Stun:
		return resStun
	case face <= c.Light:
		return resLight
	case face <= c.Serious:
		return resSerious
	}
	return resKill
}

func weaponChart(w *Weapon) Chart { return Chart{Stun: w.Stun, Light: w.Light, Serious: w.Serious} }

// aimed is one distinct target of a volley, with what its shots take.
type aimed struct {
	t      *rules.Figure
	at     geom.Pt // where it stands when shot at (a point of its path for opportunity fire)
	n      int     // shots at it
	chance int     // modified chance to hit, percent
	mods   []rules.Mod
	save   int // 1D6 save at or over (0: none)
	saveBy string
}

// volley is a checked fire command.
type volley struct {
	f       *rules.Figure
	w       *Weapon
	opp     bool
	leg     int // opportunity fire: the leg of the path the point is on
	point   geom.Pt
	aimPt   bool // aimed at a point, not a figure
	entries []rules.FigID
	targets []*aimed
	base    []rules.Mod // the firer's own modifiers (explosives at a point)
	chance  int         // explosives: chance to hit
	mount   int         // the vehicle weapon fired (index in its type), -1 for a man's own
	veh     *vshot      // a fire at a vehicle
}

func (v *volley) target(id rules.FigID) *aimed {
	for _, a := range v.targets {
		if a.t.ID == id {
			return a
		}
	}
	return nil
}

// firerMods are the modifiers that come from the firer and its weapon,
// all but the moving modifier, which is one for firer and target
// (moveMod).
func firerMods(s *rules.State, f *rules.Figure, w *Weapon) []rules.Mod {
	var buf [8]rules.Mod // gathered here, copied out once at the end
	mods := appendFirerMods(buf[:0], s, f, w)
	if len(mods) == 0 {
		return nil
	}
	return slices.Clone(mods)
}

// appendFirerMods appends firerMods' modifiers to mods.
func appendFirerMods(mods []rules.Mod, s *rules.State, f *rules.Figure, w *Weapon) []rules.Mod {
	add := func(v int, why string) {
		if v != 0 {
			mods = append(mods, rules.Mod{Value: v, Reason: why, Rule: ruleFire})
		}
	}
	if shotAt(s, f) {
		add(data.ToHit.ShotAt, "firer has been shot at this turn")
	}
	if w.Missile {
		add(data.ToHit.Missile, "guided missile")
	}
	q := figQuality(s, f)
	if v := data.Quality[q].Hit; v != 0 {
		add(v, q+" troops")
	}
	switch {
	case f.Markers.Has(rules.BadlyWounded):
		add(data.ToHit.SeriousWound, "firer seriously wounded")
	case f.Markers.Has(rules.Wounded):
		add(data.ToHit.LightWound, "firer lightly wounded")
	}
	if moraleOf(s, f) == 2 {
		add(data.ToHit.Morale2, "unit at its 2nd morale failure")
	}
	return mods
}

// sight says whether a figure at from sees a base at p, and the target's
// cover: the -40% modifier and any hard-cover save.
func sight(s *rules.State, from, p geom.Pt) (los terrain.LOS, ok bool) {
	if s.Terrain == nil {
		return terrain.LOS{Vis: terrain.Clear}, true
	}
	los = s.Terrain.LineOfSight(from, geom.Circle{C: p, R: s.BaseR}, terrain.LOSOptions{IgnoreNearFirer: true})
	return los, los.Vis != terrain.Blocked
}

// blockedSight names what blocks a line of sight, for a refusal ("Schtz
// Kurz cannot see Pte Carew" gave no cause, play-test 11): the first
// piece on the centre line that blocks sight, "the bocage (Lane bank,
// west) stands between them", or, when the centre line is clear and
// only the edges of his base are hidden, what hides them.
func blockedSight(s *rules.State, los terrain.LOS) string {
	ids := []int{}
	for _, c := range los.Crossings {
		if c.Sight == terrain.SightBlocks || c.Sight == terrain.SightBlocksBeyond {
			ids = append(ids, c.Piece)
		}
	}
	ids = append(ids, los.PartBy...)
	for _, id := range ids {
		if what := rules.PieceWithKind(s.Map, id); what != "" {
			return what + " stands between them"
		}
	}
	return "terrain stands between them"
}

func coverName(s *rules.State, los terrain.LOS) string {
	if los.CoverPiece >= 0 && s.Map != nil && los.CoverPiece < len(s.Map.Pieces) {
		p := &s.Map.Pieces[los.CoverPiece]
		if p.Name != "" {
			return p.Name
		}
		if k, ok := terrain.KindByName(p.Kind); ok {
			return k.Label
		}
	}
	return "partly hidden"
}

// targetMods checks f may fire at t standing at p and gives the shot's
// modifiers after the firer's (but the moving modifier: moveMod), and
// the save the target gets.
func targetMods(s *rules.State, f *rules.Figure, w *Weapon, t *rules.Figure, p geom.Pt, indirect bool) (mods []rules.Mod, save int, saveBy string, err error) {
	if t == nil || t.Removed {
		return nil, 0, "", errors.New("the target is not on the table")
	}
	if t.Side == f.Side {
		return nil, 0, "", fmt.Errorf("%s is on %s own side", t.Name, rules.Possessive(f.Name))
	}
	ride := openRide(s, t)
	if v := s.Veh(s.Carrier(t.ID)); v != nil && ride == nil {
		return nil, 0, "", fmt.Errorf("%s is inside %s: aim at the vehicle", t.Name, v.Name)
	}
	if w.Aircraft {
		return nil, 0, "", fmt.Errorf("a %s fires only at aircraft", w.Name)
	}
	if !geom.WithinDist(f.Pos, p, w.Reach()) {
		return nil, 0, "", fmt.Errorf("%s is beyond the %s range of %d\"", t.Name, rules.Possessive(w.Name), w.Range)
	}
	if w.MinRange > 0 && geom.WithinDist(f.Pos, p, w.Min()-1) {
		return nil, 0, "", fmt.Errorf("%s is inside the %s minimum range of %d\"", t.Name, rules.Possessive(w.Name), w.MinRange)
	}
	mods, save, saveBy, ok := coverMods(s, f, t, p, indirect)
	if !ok {
		los, _ := sight(s, f.Pos, p)
		return nil, 0, "", fmt.Errorf("%s cannot see %s: %s", f.Name, t.Name, blockedSight(s, los))
	}
	return mods, save, saveBy, nil
}

// coverMods is targetMods' cover modifier and save for f's shot at t
// standing at p, and false when neither f nor (indirect fire) a friend
// sees him.
func coverMods(s *rules.State, f, t *rules.Figure, p geom.Pt, indirect bool) (mods []rules.Mod, save int, saveBy string, seen bool) {
	ride := openRide(s, t)
	los, ok := sight(s, f.Pos, p)
	if !ok && indirect {
		for _, g := range s.Alive(f.Side) {
			if l2, ok2 := sight(s, g.Pos, p); ok2 {
				los, ok = l2, true
				break
			}
		}
	}
	if !ok {
		return nil, 0, "", false
	}
	// A man within an inch behind a hull (a wreck too) is in hard cover;
	// hulls, like men, do not block sight (house rules).
	shelter := rules.VehicleID(0)
	if ride != nil {
		// A man riding an open-topped vehicle shows over its sides, which
		// are hard cover to him (house rule) from any direction.
		shelter = ride.ID
		los.Cover = terrain.CoverHard
	} else if len(s.Vehicles) > 0 && !indirect {
		shelter = rules.VehicleShelter(Maxim{}, s, t.ID, f.Pos, geom.PerInch)
		if shelter != 0 && los.Cover < terrain.CoverHard {
			los.Cover = terrain.CoverHard
		}
	}
	if los.Cover != terrain.CoverNone || los.Vis == terrain.Partial {
		why := coverName(s, los)
		if ride != nil {
			why = "over the sides of " + ride.Name
		} else if shelter != 0 {
			why = "behind " + s.Veh(shelter).Name
		}
		mods = append(mods, rules.Mod{Value: data.ToHit.Cover, Reason: "target in cover (" + why + ")", Rule: ruleFire})
	}
	if los.Cover >= terrain.CoverHard {
		save, saveBy = data.Save.HardCover, "hard cover"
	} else if kevlar(s, t) {
		save, saveBy = data.Save.Kevlar, "Kevlar"
	}
	return mods, save, saveBy, true
}

func clampChance(c int) int { return min(max(c, 0), 100) }

// planFire checks a fire command and works out every shot's numbers.
func planFire(s *rules.State, c rules.Command) (*volley, error) {
	if c.Unit != 0 {
		return nil, fmt.Errorf("a fire command names the firer, not a unit: %q", c.String())
	}
	f := s.Fig(c.Fig)
	if f == nil || f.Removed {
		return nil, errors.New("that man is no longer on the table")
	}
	w, mount, err := firingWeapon(s, f, c.Arg)
	if err != nil {
		return nil, err
	}
	if why := mayFire(s, f, w); why != "" {
		return nil, errors.New(why)
	}
	v := &volley{f: f, w: w, opp: s.Phase == PhaseOpportunity, entries: c.Targets, mount: mount}
	if len(c.Path) > 1 {
		return nil, errors.New("give at most one point: where the shot is aimed")
	}
	if len(c.Path) == 1 && len(c.Targets) == 0 && (!v.opp || s.Var(gOppVeh) != 0) {
		veh, pose, ok, err := vehicleAt(s, v, c.Path[0])
		if err != nil {
			return nil, err
		}
		if ok {
			return v, planVehFire(s, v, veh, pose)
		}
		if v.opp {
			return nil, errors.New("opportunity fire is at the moving vehicle: give a point of its drive")
		}
	}
	if len(c.Targets) > w.ROF {
		return nil, fmt.Errorf("a %s fires %d %s a phase; %d were named", w.Name, w.ROF, rules.OneOrMany(w.ROF, "shot", "shots"), len(c.Targets))
	}
	if v.opp && s.Var(gOppVeh) != 0 {
		// at the men riding in the open in the driving vehicle (riders.go)
		if len(c.Targets) == 0 {
			return nil, errors.New("opportunity fire is at the moving vehicle: give a point of its drive")
		}
		if err := planRiderOpp(s, v, c); err != nil {
			return nil, err
		}
	} else if v.opp {
		mover := rules.FigID(s.Var(gOppFig))
		if len(c.Targets) == 0 {
			return nil, fmt.Errorf("opportunity fire is only at the figure that moved, %s: click him or his dashed path", s.Fig(mover).Name)
		}
		for _, id := range c.Targets {
			if id != mover {
				return nil, fmt.Errorf("opportunity fire is only at the figure that moved, %s", s.Fig(mover).Name)
			}
		}
		if len(c.Path) != 1 {
			return nil, errors.New("give the point of its move where the shot is taken")
		}
		leg, ok := onPath(loadPath(s), c.Path[0])
		if !ok {
			return nil, fmt.Errorf("that point is not on %s path: click his dashed path", rules.Possessive(s.Fig(mover).Name))
		}
		v.leg, v.point = leg, c.Path[0]
	} else if len(c.Path) == 1 {
		if len(c.Targets) > 0 {
			return nil, errors.New("aim at a figure or at a point, not both")
		}
		if !w.Point {
			return nil, fmt.Errorf("a %s is aimed at figures, not at the ground", w.Name)
		}
		v.aimPt, v.point = true, c.Path[0]
	} else if len(c.Targets) == 0 {
		return nil, errors.New("name a target for each shot")
	}
	if w.Explosive {
		return v, planBlast(s, v)
	}
	fm := firerMods(s, f, w)
	for _, id := range c.Targets {
		if a := v.target(id); a != nil {
			a.n++
			continue
		}
		t := s.Fig(id)
		p := t.Pos
		if v.opp {
			p = v.point
		}
		tm, save, by, err := targetMods(s, f, w, t, p, false)
		if err != nil {
			return nil, err
		}
		if !bears(s, v, p, s.BaseR) {
			return nil, fmt.Errorf("the %s cannot bear on %s", w.Name, t.Name)
		}
		mods := append([]rules.Mod(nil), fm...)
		if m, ok := moveMod(s, f, targetMotion(s, t)); ok {
			mods = append(mods, m)
		}
		mods = append(mods, tm...)
		ch := clampChance(w.Hit + modSum(mods))
		if ch <= 0 {
			return nil, fmt.Errorf("%s has no chance of hitting %s (%d%%%s)", f.Name, t.Name, w.Hit, signed(modSum(mods)))
		}
		v.targets = append(v.targets, &aimed{t: t, at: p, n: 1, chance: ch, mods: mods, save: save, saveBy: by})
	}
	return v, nil
}

// percentile rolls the D100 and writes its ledger: one die of 100 faces
// (the table shows it as two ten-sided dice, tens and units, with 00 and
// 0 reading 100). Target is the modified chance; Total is the die.
func percentile(s *rules.State, what string, base int, mods []rules.Mod, note string) (*rules.Ledger, bool) {
	d := s.Roll(100)
	ch := clampChance(base + modSum(mods))
	l := &rules.Ledger{What: what, Dice: []rules.Die{d}, Target: ch, Compare: "<=",
		Mods: append([]rules.Mod(nil), mods...), Total: d.Face,
		Note: fmt.Sprintf("percentile dice: at or under %d%% (%d%%%s)", ch, base, signed(modSum(mods)))}
	if note != "" {
		l.Note += "; " + note
	}
	return l, d.Face <= ch
}

func applyFire(s *rules.State, c rules.Command) ([]rules.Event, error) {
	v, err := planFire(s, c)
	if err != nil {
		return nil, err
	}
	f, w := v.f, v.w
	aim := v.point
	if !v.opp && !v.aimPt && len(v.targets) > 0 {
		aim = v.targets[0].t.Pos
	}
	f.Facing = facingOf(f.Pos, aim, f.Facing) // a firer turns to his target
	if v.mount >= 0 {
		veh := crewOf(s, f)
		veh.SetVar(firedKey(v.mount), firedCode(s))
		if t := vehType(veh); t.Weapons[v.mount].Mount.OnTurret() && aim != veh.Pos {
			if h, ok := vehicle.Heading(aim.Sub(veh.Pos)); ok {
				veh.Turret = h
			}
		}
	}
	if v.opp {
		f.SetVar(fOpp, s.Round)
		f.Markers |= rules.OppFire
	} else {
		f.SetVar(fFired, s.Round)
	}
	if w.Expend {
		for i, id := range f.Weapons {
			if id == w.ID {
				f.Weapons = append(f.Weapons[:i:i], f.Weapons[i+1:]...)
				break
			}
		}
	}
	var evs []rules.Event
	if v.veh != nil {
		v.veh.v.SetVar(vShotAt, s.Round) // its crew and riders are shot at
		evs = fireAtVehicle(s, v)
	} else if w.Explosive {
		evs = fireBlast(s, v)
	} else {
		for n, id := range v.entries {
			a := v.target(id)
			t := a.t
			if t.Removed {
				evs = append(evs, rules.Event{Kind: "lost", Side: f.Side, Fig: f.ID, Target: id,
					Text: fmt.Sprintf("Shot %d at %s is lost: already down", n+1, t.Name)})
				continue
			}
			t.SetVar(fShotAt, s.Round)
			l, hit := percentile(s, fmt.Sprintf("%s, %s at %s", w.Name, f.Name, t.Name), w.Hit, a.mods, "")
			l.Outcome = "miss"
			if hit {
				l.Outcome = "hit"
			}
			evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: id, Roll: l,
				Text: fmt.Sprintf("%s fires (%s) at %s: %d, needs %d or less: %s", f.Name, w.Name, t.Name, l.Total, l.Target, l.Outcome)})
			if !hit {
				continue
			}
			res, dev := damageRoll(s, f, t, weaponChart(w), w.Name, 0)
			evs = append(evs, dev...)
			if res != resNone && a.save > 0 {
				saved, sev := saveRoll(s, t, a.save, a.saveBy)
				evs = append(evs, sev...)
				if saved {
					res = resNone
				}
			}
			if res != resNone {
				evs = append(evs, hitStops(s, v, t)...)
				evs = append(evs, hurt(s, t, res, "shot by "+f.Name)...)
			}
		}
	}
	if !s.Over && v.opp && s.Var(gOppVeh) != 0 {
		mv := s.Veh(rules.VehicleID(s.Var(gOppVeh)))
		if knockedOut(s, mv) || mv.Damage.Has(vehicle.Immobilised) || hasKind(evs, "penetration") {
			evs = append(evs, closeOpp(s, "has stopped "+mv.Name)...)
		} else if !anyOppShot(s) {
			evs = append(evs, closeOpp(s, "has no one else able to fire")...)
		}
	} else if !s.Over && v.opp {
		mover := s.Fig(rules.FigID(s.Var(gOppFig)))
		if mover == nil || mover.Removed {
			evs = append(evs, closeOpp(s, "has brought the mover down")...)
		} else if !anyOppShot(s) {
			evs = append(evs, closeOpp(s, "has no one else able to fire")...)
		}
	}
	return evs, nil
}

// hitStops halts a figure hit by opportunity fire where it was hit.
func hitStops(s *rules.State, v *volley, t *rules.Figure) []rules.Event {
	if !v.opp || t.ID != rules.FigID(s.Var(gOppFig)) || t.Pos == v.point {
		return nil
	}
	if standProblem(s, t.ID, v.point) != "" {
		return nil
	}
	t.Pos = v.point
	truncatePath(s, v.leg, v.point)
	return []rules.Event{{Kind: "move", Side: t.Side, Fig: t.ID, Path: []geom.Pt{v.point},
		Text: fmt.Sprintf("%s is hit and stops where he was struck", t.Name)}}
}

// damageRoll rolls the d10 on a chart (less shift, e.g. 1 for Kevlar
// against blast).
func damageRoll(s *rules.State, f, t *rules.Figure, c Chart, what string, shift int) (int, []rules.Event) {
	d := s.Roll(10)
	var mods []rules.Mod
	if shift != 0 {
		mods = []rules.Mod{{Value: -shift, Reason: "Kevlar", Rule: "Explosive Damage Chart"}}
	}
	res := chartResult(d.Face-shift, c)
	l := &rules.Ledger{What: fmt.Sprintf("Damage, %s on %s", what, t.Name), Dice: []rules.Die{d}, Compare: "table",
		Mods: mods, Total: d.Face - shift, Outcome: resNames[res],
		Note: chartWords(c)}
	side := t.Side
	if f != nil {
		side = f.Side
	}
	return res, []rules.Event{{Kind: "roll", Side: side, Fig: t.ID, Target: t.ID, Roll: l,
		Text: fmt.Sprintf("Damage to %s: %d%s: %s", t.Name, d.Face, signed(-shift), resNames[res])}}
}

// Motion levels for the moving modifier.
const (
	still       = 0
	movingOnce  = 1
	movingTwice = 2
)

// vehMotion is how vehicle v has moved this turn: twice once it made its
// second move, in the turn it made it only.
func vehMotion(s *rules.State, v *rules.Vehicle) int {
	switch {
	case v.Var(vMoved2) == s.Round:
		return movingTwice
	case v.Var(vMoved) == s.Round:
		return movingOnce
	}
	return still
}

// firerMotion is how a firer has moved this turn (a crewman or a rider as
// his vehicle moved) and whether he fires through an advanced gun fire
// control system (a crewman of a vehicle that has one).
func firerMotion(s *rules.State, f *rules.Figure) (lvl int, gfcs bool) {
	if v := crewOf(s, f); v != nil {
		return vehMotion(s, v), hasGFCS(v)
	}
	if v := openRide(s, f); v != nil {
		return vehMotion(s, v), false // his vehicle's fire control is not his
	}
	if f.Var(fMoved) == s.Round {
		return movingOnce, false
	}
	return still, false
}

// targetMotion is how a man fired at has moved this turn (a rider as his
// vehicle moved).
func targetMotion(s *rules.State, t *rules.Figure) int {
	if v := openRide(s, t); v != nil {
		return vehMotion(s, v)
	}
	if t.Var(fMoved) == s.Round {
		return movingOnce
	}
	return still
}

// moveMod is the one moving modifier of a shot by f at a target that has
// moved as tl says. The book's row is "moving (target or firer)": a
// moving firer and a moving target make one modifier, the worse motion of
// the two deciding (-20% for one move, -30% when a vehicle moved twice).
// Advanced gun fire control takes the row away for one move and makes it
// -10% for two, whoever moved.
func moveMod(s *rules.State, f *rules.Figure, tl int) (rules.Mod, bool) {
	fl, gfcs := firerMotion(s, f)
	return moveModOf(fl, gfcs, tl)
}

func moveModOf(fl int, gfcs bool, tl int) (rules.Mod, bool) {
	lvl := max(fl, tl)
	var v int
	switch {
	case lvl == still:
		return rules.Mod{}, false
	case lvl == movingTwice && gfcs:
		v = data.Vehicle.ToHit.MovingTwiceGFCS
	case lvl == movingTwice:
		v = data.Vehicle.ToHit.MovingTwice
	case gfcs:
		v = data.Vehicle.ToHit.MovingGFCS
	default:
		v = data.ToHit.Moving
	}
	if v == 0 {
		return rules.Mod{}, false
	}
	part := func(who string, l int) string {
		if l == movingTwice {
			return who + " moved twice this turn"
		}
		return who + " moving"
	}
	var why string
	switch {
	case fl > still && tl > still:
		why = part("firer", fl) + ", " + part("target", tl)
	case fl > still:
		why = part("firer", fl)
	default:
		why = part("target", tl)
	}
	if gfcs {
		why += " (advanced fire control)"
	}
	return rules.Mod{Value: v, Reason: why, Rule: ruleFire}, true
}

// shotAt reports whether f was shot at this turn: fired at himself, or
// in the vehicle he crews or rides in when it was fired at.
func shotAt(s *rules.State, f *rules.Figure) bool {
	if f.Var(fShotAt) == s.Round {
		return true
	}
	if v := s.Veh(s.Carrier(f.ID)); v != nil && v.Var(vShotAt) == s.Round {
		return true
	}
	return false
}
