package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// ---- the vehicle's own weapons ----

// vehicleMayFire: crew aboard to fire, not flat out, not hit this round.
func (r SMLE) vehicleMayFire(s *rules.State, v *rules.Vehicle) bool {
	return !wrecked(v) && len(liveCrew(s, v)) > 0 && v.Var(vvFlat) != s.Round && v.Var(vvHit) != s.Round && v.Var(vvFired) != s.Round
}

// gunArg is the ARG of a vehicle weapon command: V1w0 (at a figure) or
// V1w0t3 (at vehicle 3).
func gunArg(v rules.VehicleID, wi int, tv rules.VehicleID) string {
	if tv != 0 {
		return fmt.Sprintf("V%dw%dt%d", v, wi, tv)
	}
	return fmt.Sprintf("V%dw%d", v, wi)
}

func parseGunArg(a string) (v rules.VehicleID, wi int, tv rules.VehicleID, ok bool) {
	var x, y, z int
	if n, _ := fmt.Sscanf(a, "V%dw%dt%d", &x, &y, &z); n == 3 && gunArg(rules.VehicleID(x), y, rules.VehicleID(z)) == a && z > 0 {
		return rules.VehicleID(x), y, rules.VehicleID(z), x > 0
	}
	if n, _ := fmt.Sscanf(a, "V%dw%d", &x, &y); n == 2 && gunArg(rules.VehicleID(x), y, 0) == a {
		return rules.VehicleID(x), y, 0, x > 0
	}
	return 0, 0, 0, false
}

// gunner is who fires the vehicle's weapons (the first fit crewman).
func gunner(s *rules.State, v *rules.Vehicle) *rules.Figure {
	if c := liveCrew(s, v); len(c) > 0 {
		return c[len(c)-1]
	}
	return nil
}

// gunWeapon is weapon wi of the vehicle if it may fire now.
func (r SMLE) gunWeapon(s *rules.State, v *rules.Vehicle, t *vehicle.Type, wi int) (*Weapon, bool) {
	vd, _ := r.d.VehicleDataOf(v.Type)
	if wi < 0 || wi >= len(t.Weapons) || vd == nil {
		return nil, false
	}
	if wi == 0 && v.Damage.Has(vehicle.WeaponOut) {
		return nil, false
	}
	if n := vd.Weapons[wi].Rounds; n > 0 && v.Var(fmt.Sprintf("%s%d", vvShot, wi)) >= n {
		return nil, false
	}
	w, ok := r.d.Weapon(t.Weapons[wi].ID)
	return w, ok
}

// gunShot is the to-hit input of a vehicle weapon at a point: the
// gunner's quality, braced, moving as the vehicle moved.
func (r SMLE) gunShot(s *rules.State, v *rules.Vehicle, t *vehicle.Type, w *Weapon, g *rules.Figure, to geom.Pt) ShotInput {
	in := ShotInput{Quality: g.Quality, Elite: g.Motive == "elite", Kind: fireKindNow(s), Weapon: w, Braced: true,
		LightWound: g.Markers.Has(rules.Wounded), Range: rangeFor(w, v.Pos, to)}
	if u := s.UnitOf(v.Unit); u != nil {
		in.NotUnderFire = uget(u, vUF) == 0 && uget(u, vUFPrev) == 0
	}
	if spdNow(s, v) > 0 {
		sc, _ := r.d.SpeedClassOf(t.Class)
		in.Moved = MovedUnderHalf
		if spdNow(s, v)*2 >= int64(sc.Clear)*geom.PerInch {
			in.Moved = MovedHalfOrMore
		}
	}
	return in
}

// gunAtFig builds a vehicle weapon's shot at a figure.
func (r SMLE) gunAtFig(s *rules.State, v *rules.Vehicle, t *vehicle.Type, wi int, e *rules.Figure) (ShotInput, *Weapon, bool) {
	w, ok := r.gunWeapon(s, v, t, wi)
	g := gunner(s, v)
	if !ok || g == nil || e.Side == v.Side || !inReach(w, v.Pos, e.Pos) || !t.WeaponCoversBase(t.Weapons[wi], v.Pose, e.Base(s.BaseR)) {
		return ShotInput{}, nil, false
	}
	los, ok := r.vehicleSeesFig(s, v, e)
	if !ok {
		return ShotInput{}, nil, false
	}
	in := r.gunShot(s, v, t, w, g, e.Pos)
	in.TargetQuality, in.TargetProne, in.Cover = e.Quality, e.Posture == rules.Prone, los.Cover
	in.MovedOverHalf = int64(e.Var(fMoved))*2 > r.baseMove(s, e)
	if r.vehicleShelters(s, e, v.Pos) {
		in.Cover = max(in.Cover, terrain.CoverHard)
	}
	if _, _, err := r.d.ShotMods(in); err != nil {
		return ShotInput{}, nil, false
	}
	return in, w, true
}

// gunAtVeh builds a vehicle weapon's shot at another vehicle.
func (r SMLE) gunAtVeh(s *rules.State, v *rules.Vehicle, t *vehicle.Type, wi int, tv *rules.Vehicle) (ShotInput, *Weapon, bool) {
	w, ok := r.gunWeapon(s, v, t, wi)
	g := gunner(s, v)
	_, tt, _ := r.vehicleOf(s, tv.ID)
	if !ok || g == nil || tt == nil || tv.Side == v.Side || tv.Removed || tv.Damage.Has(vehicle.BrewedUp) || Unspotted(s, s.UnitOf(tv.Unit)) ||
		!inReach(w, v.Pos, tv.Pos) || !t.WeaponCovers(t.Weapons[wi], v.Pose, tv.Pos) {
		return ShotInput{}, nil, false
	}
	los, ok := r.seesVehicle(s, v.Pos, tv, tt, v.ID)
	if !ok {
		return ShotInput{}, nil, false
	}
	in := r.gunShot(s, v, t, w, g, tv.Pos)
	in.Cover = los.Cover
	r.vehicleTarget(s, tv, tt, &in)
	if _, _, err := r.d.ShotMods(in); err != nil {
		return ShotInput{}, nil, false
	}
	return in, w, true
}

// gunOptions lists each weapon's shots: at the nearest figure it can hit
// of each enemy team, and at each enemy vehicle.
func (r SMLE) gunOptions(s *rules.State, u *rules.Unit, v *rules.Vehicle, t *vehicle.Type) []rules.Command {
	var out []rules.Command
	for wi := range t.Weapons {
		for _, e := range teams(s) {
			if e.Side == u.Side {
				continue
			}
			var best *rules.Figure
			for _, g := range members(s, e.ID) {
				if _, _, ok := r.gunAtFig(s, v, t, wi, g); ok && (best == nil || geom.Dist2(v.Pos, g.Pos) < geom.Dist2(v.Pos, best.Pos)) {
					best = g
				}
			}
			if best != nil {
				out = append(out, rules.Command{Verb: "gun", Fig: gunner(s, v).ID, Unit: u.ID, Targets: []rules.FigID{best.ID}, Arg: gunArg(v.ID, wi, 0)})
			}
		}
		for i := range s.Vehicles {
			tv := &s.Vehicles[i]
			if _, _, ok := r.gunAtVeh(s, v, t, wi, tv); ok {
				out = append(out, rules.Command{Verb: "gun", Fig: gunner(s, v).ID, Unit: u.ID, Arg: gunArg(v.ID, wi, tv.ID)})
			}
		}
	}
	return out
}

// findGun checks a gun command against the legal ones.
func (r SMLE) findGun(s *rules.State, c rules.Command) (v *rules.Vehicle, t *vehicle.Type, wi int, tv *rules.Vehicle, e *rules.Figure, err error) {
	vid, wi, tvid, ok := parseGunArg(c.Arg)
	if !ok {
		return nil, nil, 0, nil, nil, fmt.Errorf("a vehicle's weapon fires at one figure or one vehicle: pick the weapon and the target")
	}
	for _, l := range r.Legal(s) {
		// At a figure: any figure of the listed one's team the weapon can
		// hit (in an opportunity window, only the mover).
		if l.Verb == "gun" && l.Unit == c.Unit && l.Arg == c.Arg && (c.Fig == 0 || c.Fig == l.Fig) && (tvid != 0 || (len(c.Targets) == 1 && s.Fig(c.Targets[0]) != nil &&
			s.Fig(c.Targets[0]).Unit == s.Fig(l.Targets[0]).Unit && (s.Phase != PhaseOpportunity || c.Targets[0] == l.Targets[0]))) {
			v, t, _ = r.vehicleOf(s, vid)
			if tvid != 0 {
				tv = s.Veh(tvid)
			} else {
				e = s.Fig(c.Targets[0])
				if _, _, ok := r.gunAtFig(s, v, t, wi, e); !ok {
					break
				}
			}
			return v, t, wi, tv, e, nil
		}
	}
	return nil, nil, 0, nil, nil, fmt.Errorf("that vehicle weapon cannot fire at that target now")
}

func (r SMLE) applyGun(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	v, t, wi, tv, e, err := r.findGun(s, c)
	if err != nil {
		return nil, err
	}
	g := gunner(s, v)
	// The shot is read before the firing is recorded (it counts rounds).
	var in ShotInput
	var w *Weapon
	if tv != nil {
		in, w, _ = r.gunAtVeh(s, v, t, wi, tv)
	} else {
		in, w, _ = r.gunAtFig(s, v, t, wi, e)
	}
	v.SetVar(vvFired, s.Round)
	v.SetVar(fmt.Sprintf("%s%d", vvShot, wi), v.Var(fmt.Sprintf("%s%d", vvShot, wi))+1)
	u = s.UnitOf(v.Unit)
	markFired(s, u)
	if tv != nil {
		_, tt, _ := r.vehicleOf(s, tv.ID)
		h, l, err := r.d.RollShot(s, in, fmt.Sprintf("%s of %s at %s", w.Name, v.Name, tv.Name))
		if err != nil {
			return nil, err
		}
		evs := []rules.Event{{Kind: "roll", Side: v.Side, Roll: &l, Text: fmt.Sprintf("%s fires its %s at %s: %s", v.Name, w.Name, tv.Name, l.Outcome)}}
		evs = append(evs, r.vehBurst(s, v.Side, g, w, in, v.Pos, tv, h, l)...)
		return append(evs, r.strikeVehicle(s, v.Side, u, tv, tt, w, v.Pos, h > 0)...), nil
	}
	h, l, err := r.d.RollShot(s, in, fmt.Sprintf("%s of %s at %s", w.Name, v.Name, e.Name))
	if err != nil {
		return nil, err
	}
	evs := []rules.Event{{Kind: "roll", Side: v.Side, Fig: g.ID, Target: e.ID, Roll: &l, Text: fmt.Sprintf("%s fires its %s at %s: %s", v.Name, w.Name, e.Name, l.Outcome)}}
	tu := s.UnitOf(e.Unit)
	if w.Explosive() {
		impact := e.Pos
		if h == 0 {
			missBy := max(1, l.Target-l.Total)
			var dl rules.Ledger
			impact, dl = r.landing(s, w, v.Pos, e.Pos, missBy, false, in.Extreme())
			dl.Note = fmt.Sprintf("missed by %d: 1-%d short, else long; along the line of fire", missBy, r.d.Explosive.ShortMax)
			evs = append(evs, rules.Event{Kind: "roll", Side: v.Side, Roll: &dl, Text: fmt.Sprintf("The %s lands %s", w.Name, dl.Outcome)})
		}
		area := geom.Circle{C: impact, R: int64(w.Dice) * geom.PerInch}
		evs = append(evs, rules.Event{Kind: "blast", Side: v.Side, Area: &area, Text: fmt.Sprintf("%s bursts: %d\" radius", w.Name, w.Dice)})
		if h > 0 {
			evs = append(evs, r.effect(s, g, e, EffectInput{Weapon: w, Armour: armourOf(s, e), Quality: e.Quality, Motive: e.Motive})...)
		}
		var skip rules.FigID
		if h > 0 {
			skip = e.ID
		}
		evs = append(evs, r.burstOn(s, g, w, impact, skip, ufDirect)...)
		if tu != nil {
			uset(tu, vUF, worstArc(uget(tu, vUF)|ufExplosive|ufDirect|arcFlags(e, v.Pos)))
			uset(tu, vContact, 1)
			uset(tu, firedByKey(u.ID), s.Round)
		}
		return evs, nil
	}
	var hits []hitRec
	for i := 0; i < h; i++ {
		hits = append(hits, hitRec{g, w})
	}
	flags := ufDirect | arcFlags(e, v.Pos)
	if w.Auto(in.CloseRange()) {
		flags |= ufAuto
	}
	uset(tu, vUF, worstArc(uget(tu, vUF)|flags))
	uset(tu, vContact, 1)
	uset(tu, firedByKey(u.ID), s.Round)
	evs = append(evs, r.applyHits(s, tu, r.gunExposed(s, v, t, wi, e), hits)...)
	return evs, nil
}

// gunExposed: the figures of e's team the weapon can reach and see.
func (r SMLE) gunExposed(s *rules.State, v *rules.Vehicle, t *vehicle.Type, wi int, e *rules.Figure) []*rules.Figure {
	var out []*rules.Figure
	for _, m := range members(s, e.Unit) {
		if _, _, ok := r.gunAtFig(s, v, t, wi, m); ok {
			out = append(out, m)
		}
	}
	return out
}

func (r SMLE) gunOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	v, t, wi, tv, e, err := r.findGun(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if tv != nil {
		_, tt, _ := r.vehicleOf(s, tv.ID)
		in, w, _ := r.gunAtVeh(s, v, t, wi, tv)
		o, err := r.vehicleShotOdds(s, in, tv, tt, w, v.Pos)
		if err == nil {
			err = r.vehBurstParts(s, &o, in, w, v.Pos, tv)
		}
		return o, err
	}
	in, w, _ := r.gunAtFig(s, v, t, wi, e)
	hc, err := r.d.HitCounts(in)
	if err != nil {
		return rules.Odds{}, err
	}
	_, mods, _ := r.d.ShotMods(in)
	if w.Explosive() {
		p := float64(36-hc[0]) / 36
		parts, err := r.burstParts(s, v.Pos, e.Pos, e, w, in, false, in.Extreme())
		if err != nil {
			return rules.Odds{}, err
		}
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "hit", P: p}, {Name: Miss, P: 1 - p}}, Mods: mods, Parts: parts,
			Note: "a miss still bursts where it lands; parts: the effect on each figure it may reach"}, nil
	}
	dp := r.newWoundDP(s, r.gunExposed(s, v, t, wi, e))
	dist := make([]float64, len(hc))
	for h, n := range hc {
		dist[h] = float64(n) / 36
	}
	dp.volley(dist, w)
	return rules.Odds{Outcomes: dp.outcomes(), Mods: mods, Note: "the worst result on the target team"}, nil
}

// vehicleShelters: a vehicle hull between a figure and a firer is hard
// cover for the figure (base within 1" of the hull).
func (r SMLE) vehicleShelters(s *rules.State, f *rules.Figure, from geom.Pt) bool {
	return len(s.Vehicles) > 0 && rules.VehicleShelter(r, s, f.ID, from, geom.PerInch) != 0
}

// ---- activation ----

// vehicleActivation adds what vehicles do to a team's activation:
// armoured troops (+1: a crew, or a team all aboard an armoured vehicle)
// and a serious wound to its vehicle last round as a casualty.
func (r SMLE) vehicleActivation(s *rules.State, u *rules.Unit, in *ActivationInput) {
	if len(s.Vehicles) == 0 {
		return
	}
	bp := r.d.armourRank("bulletproof")
	last := s.Round - 1
	if s.Var(vOddsNext) == 1 {
		last = s.Round // the odds of next round's roll, asked this round
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		_, t, _ := r.vehicleOf(s, v.ID)
		if t == nil || v.Unit != u.ID {
			continue
		}
		if !v.Damage.Has(vehicle.BrewedUp) {
			in.Armoured = true
		}
		if v.Var(vvVSWR) == last && v.Var(vvVSWR) > 0 {
			in.Casualties++
		}
	}
	if cv := r.carrierOfTeam(s, u); cv != nil {
		if _, t, _ := r.vehicleOf(s, cv.ID); t != nil && t.Armour[vehicle.ArmourFront] >= bp {
			in.Armoured = true
		}
	}
}

// vOddsNext: state (on the odds' own copy only): the activation odds
// look at next round's roll.
const vOddsNext = "oddsnext"

// carriedBy: a team riding all aboard another team's vehicle activates
// with that team (the squad as one unit).
func (r SMLE) carriedBy(s *rules.State, u *rules.Unit) *rules.Unit {
	v := r.carrierOfTeam(s, u)
	if v == nil || v.Unit == u.ID {
		return nil
	}
	cu := s.UnitOf(v.Unit)
	if cu == nil || len(members(s, cu.ID)) == 0 {
		return nil
	}
	return cu
}
