package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// ---- shooting at vehicles ----

// fireKindNow is the kind of a shot at or by a vehicle: opportunity fire
// in an opportunity window, else direct fire.
func fireKindNow(s *rules.State) string {
	if s.Phase == PhaseOpportunity {
		return FireOpportunity
	}
	return FireDirect
}

// shootAt builds a figure's shot at a vehicle (ok false when it may not).
func (r SMLE) shootAt(s *rules.State, f *rules.Figure, w *Weapon, v *rules.Vehicle) (ShotInput, bool) {
	_, t, _ := r.vehicleOf(s, v.ID)
	if t == nil || w == nil || !inReach(w, f.Pos, v.Pos) || !r.inPrepArc(s, f, v.Pos) || Unspotted(s, s.UnitOf(v.Unit)) {
		return ShotInput{}, false
	}
	los, ok := r.seesVehicle(s, f.Pos, v, t, 0)
	if !ok {
		return ShotInput{}, false
	}
	in := ShotInput{Quality: f.Quality, Elite: f.Motive == "elite", Kind: fireKindNow(s), Weapon: w,
		Prone: f.Posture == rules.Prone, Braced: f.Var(fBraced) == 1, Prepared: r.inPrepared(s, f),
		LightWound: f.Markers.Has(rules.Wounded), Range: rangeFor(w, f.Pos, v.Pos), Cover: los.Cover}
	if u := s.UnitOf(f.Unit); u != nil {
		in.NotUnderFire = uget(u, vUF) == 0 && uget(u, vUFPrev) == 0
	}
	if mv, full := f.Var(fMoved), r.baseMove(s, f); mv > 0 {
		in.Moved = MovedUnderHalf
		if int64(mv)*2 >= full {
			in.Moved = MovedHalfOrMore
		}
	}
	r.vehicleTarget(s, v, t, &in)
	if _, _, err := r.d.ShotMods(in); err != nil {
		return ShotInput{}, false
	}
	return in, true
}

// vehicleTarget fills in the target side of a shot at a vehicle: its
// size, and whether it moved over half its combat move in sight.
func (r SMLE) vehicleTarget(s *rules.State, v *rules.Vehicle, t *vehicle.Type, in *ShotInput) {
	in.VehicleSize, in.VehicleSizeWhy = r.sizeMod(t)
	sc, _ := r.d.SpeedClassOf(t.Class)
	in.MovedOverHalf = spdNow(s, v)*2 > int64(sc.Clear)*geom.PerInch
}

// hitInput is the damage side of a hit on vehicle v from the point from.
func (r SMLE) hitInput(s *rules.State, v *rules.Vehicle, t *vehicle.Type, w *Weapon, from geom.Pt) (VehicleHitInput, vehicle.Strike) {
	st, _ := rules.FaceStruck(r, s, v.ID, from)
	face := st.Face
	if st.Inside || st.Miss {
		face = vehicle.Top
	}
	n, add, why := r.armourAt(v, t, face)
	vd, _ := r.d.VehicleDataOf(v.Type)
	return VehicleHitInput{Weapon: w, ArmourDice: n, ArmourAdd: add, ArmourWhy: why, Screens: vd != nil && vd.MissileScreens}, st
}

func (r SMLE) parseVehArg(arg string) (rules.VehicleID, bool) {
	a, ok := rules.ParseVehicleArg(arg)
	return a.ID, ok && !a.Reverse && !a.HasFace
}

// findShoot checks a "shoot F3 V2" command.
func (r SMLE) findShoot(s *rules.State, c rules.Command) (*rules.Figure, *Weapon, *rules.Vehicle, ShotInput, error) {
	f := s.Fig(c.Fig)
	id, ok := r.parseVehArg(c.Arg)
	if f == nil || !ok || len(c.Targets) > 0 || len(c.Path) > 0 {
		return nil, nil, nil, ShotInput{}, fmt.Errorf("a man shoots at one enemy vehicle: pick the vehicle")
	}
	for _, l := range r.Legal(s) {
		if l.Verb == "shoot" && l.Fig == c.Fig && l.Arg == c.Arg {
			w := r.bestAntiVehicle(s, f)
			v := s.Veh(id)
			in, _ := r.shootAt(s, f, w, v)
			return f, w, v, in, nil
		}
	}
	return nil, nil, nil, ShotInput{}, fmt.Errorf("%s cannot shoot at %s now", f.Name, vehWords(s, id))
}

func (r SMLE) applyShoot(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	if c.Fig == 0 {
		return r.applyVolley(s, c)
	}
	f, w, v, in, err := r.findShoot(s, c)
	if err != nil {
		return nil, err
	}
	_, t, _ := r.vehicleOf(s, v.ID)
	h, l, err := r.d.RollShot(s, in, fmt.Sprintf("%s, %s at %s", w.Name, f.Name, v.Name))
	if err != nil {
		return nil, err
	}
	dry := r.afterHeavyRoll(s, f, w, l) // reload.go
	if w.Explosive() {
		f.SetVar(fUsedPref+w.ID, f.Var(fUsedPref+w.ID)+1)
	}
	f.SetVar(fStill, s.Round)
	u = s.UnitOf(f.Unit)
	markFired(s, u)
	evs := append([]rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: &l, Text: fmt.Sprintf("%s fires %s at %s: %s", f.Name, w.Name, v.Name, l.Outcome)}}, dry...)
	evs = append(evs, r.vehBurst(s, f.Side, f, w, in, f.Pos, v, h, l)...)
	evs = append(evs, r.strikeVehicle(s, f.Side, u, v, t, w, f.Pos, h > 0)...)
	return evs, nil
}

// vehBurst is where an explosive shot at vehicle v bursts, hit or miss
// (a non-explosive shot has no burst). The aim point is the hull's
// centre: a hit bursts there, and a miss deviates along the line of fire
// by the missed-by table as a miss at men does, and bursts where it
// lands. Either way every figure on the table within the radius takes
// the burst dice (one die less per inch out). Men riding inside are
// sheltered by the hull. The vehicle itself takes only its damage roll
// on a hit: the book's burst dice are attacks on figures, so a burst
// does not damage hulls (our reading). The burst comes before the damage
// roll so that men bailing out of a knocked-out vehicle are not caught
// by the round that knocked it out.
func (r SMLE) vehBurst(s *rules.State, side int, firer *rules.Figure, w *Weapon, in ShotInput, from geom.Pt, v *rules.Vehicle, h int, l rules.Ledger) []rules.Event {
	if !w.Explosive() || w.Dice <= 0 {
		return nil
	}
	var evs []rules.Event
	impact := v.Pos
	if h == 0 {
		missBy := max(1, l.Target-l.Total)
		var dl rules.Ledger
		impact, dl = r.landing(s, w, from, v.Pos, missBy, w.Thrown, in.Extreme())
		dl.Note = fmt.Sprintf("missed %s by %d: 1-%d short, else long; along the line of fire from its hull's centre", v.Name, missBy, r.d.Explosive.ShortMax)
		evs = append(evs, rules.Event{Kind: "roll", Side: side, Roll: &dl, Text: fmt.Sprintf("The %s lands %s", w.Name, dl.Outcome)})
	}
	area := geom.Circle{C: impact, R: int64(w.Dice) * geom.PerInch}
	evs = append(evs, rules.Event{Kind: "blast", Side: side, Area: &area, Text: fmt.Sprintf("%s bursts: %d\" radius", w.Name, w.Dice)})
	return append(evs, r.burstOn(s, firer, w, impact, 0, ufDirect)...)
}

// markFired records a team's attack: its fire for the round, or its
// opportunity fire in a window.
func markFired(s *rules.State, u *rules.Unit) {
	if s.Phase == PhaseOpportunity {
		uset(u, vOpp, 1)
	} else {
		uset(u, vFired, 1)
	}
	uset(u, vRevealed, 1)
	uset(u, vContact, 1)
}

// strikeVehicle: a shot at a vehicle from a point, hit or not. The
// crew's team comes under fire either way; a hit rolls damage.
func (r SMLE) strikeVehicle(s *rules.State, side int, u *rules.Unit, v *rules.Vehicle, t *vehicle.Type, w *Weapon, from geom.Pt, hit bool) []rules.Event {
	if vu := s.UnitOf(v.Unit); vu != nil {
		flags := ufDirect
		if w.Explosive() {
			flags |= ufExplosive
		}
		uset(vu, vUF, worstArc(uget(vu, vUF)|flags))
		uset(vu, vContact, 1)
		if u != nil {
			uset(vu, firedByKey(u.ID), s.Round)
		}
	}
	if !hit {
		return nil
	}
	hin, st := r.hitInput(s, v, t, w, from)
	o, l := r.d.RollVehicleHit(s, hin, fmt.Sprintf("Damage of %s on %s (%s)", w.Name, v.Name, st.Face))
	evs := []rules.Event{{Kind: "roll", Side: side, Roll: &l, Text: fmt.Sprintf("%s is hit on the %s: %s", v.Name, st.Face, o)}}
	return append(evs, r.vehicleDamage(s, v, t, o)...)
}

// brewUp is the explosion of a killed vehicle on those aboard.
var brewUp = Weapon{ID: "brew-up", Name: "vehicle explosion", Type: "X", Dice: 1, Range: 1}

// vehicleDamage applies a damage result.
func (r SMLE) vehicleDamage(s *rules.State, v *rules.Vehicle, t *vehicle.Type, o string) []rules.Event {
	var evs []rules.Event
	switch o {
	case VKill:
		v.Damage |= vehicle.BrewedUp | vehicle.Immobilised | vehicle.Smoking
		evs = append(evs, rules.Event{Kind: "brewup", Side: v.Side, Unit: v.Unit, Text: v.Name + " lurches to a stop and brews up"})
		for _, id := range v.Aboard() {
			if g := s.Fig(id); g != nil && !g.Removed {
				evs = append(evs, r.effect(s, nil, g, EffectInput{Weapon: &brewUp, Armour: armourOf(s, g), Quality: g.Quality, Motive: g.Motive})...)
			}
		}
		evs = append(evs, r.bailOut(s, v, t)...)
	case VSerious:
		if s.Var(VarHitLocations) == 1 {
			hl, kill := r.hitLocation(s, v)
			evs = append(evs, hl...)
			if kill {
				return append(evs, r.vehicleDamage(s, v, t, VKill)...)
			}
		}
		v.SetVar(vvVSW, v.Var(vvVSW)+1)
		v.SetVar(vvVSWR, s.Round)
		v.SetVar(vvHit, s.Round)
		v.Damage |= vehicle.Smoking
		text := v.Name + " is seriously damaged: it stops, may not fire again this round"
		if r.d.ArmourClassOf(t.Armour[vehicle.ArmourFront]).Tank {
			text += ", and its armour is a die weaker"
		}
		evs = append(evs, rules.Event{Kind: "vdamage", Side: v.Side, Unit: v.Unit, Text: text + "; its crew count it a casualty next round"})
		if t.Flying {
			evs = append(evs, r.flyOff(s, v, v.Name+" aborts its mission and heads off the table")...)
		} else if t.Armour[vehicle.ArmourFront] < r.d.armourRank("bulletproof") { // a softskin: everyone bails out
			evs = append(evs, r.bailOut(s, v, t)...)
		}
	case VLight:
		v.SetVar(vvVLW, v.Var(vvVLW)+1)
		evs = append(evs, rules.Event{Kind: "vdamage", Side: v.Side, Unit: v.Unit, Text: v.Name + " takes a light wound: nothing vital is hit"})
	}
	return evs
}

// shootOdds: to-hit, then each damage result on the face the shot
// strikes.
func (r SMLE) shootOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	if c.Fig == 0 {
		return r.volleyOdds(s, c)
	}
	f, w, v, in, err := r.findShoot(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	_, t, _ := r.vehicleOf(s, v.ID)
	o, err := r.vehicleShotOdds(s, in, v, t, w, f.Pos)
	if err == nil {
		err = r.vehBurstParts(s, &o, in, w, f.Pos, v)
	}
	if p, ok := r.dryPart(f, w); ok && err == nil {
		o.Parts = append(o.Parts, p) // reload.go
	}
	return o, err
}

func (r SMLE) vehicleShotOdds(s *rules.State, in ShotInput, v *rules.Vehicle, t *vehicle.Type, w *Weapon, from geom.Pt) (rules.Odds, error) {
	hc, err := r.d.HitCounts(in)
	if err != nil {
		return rules.Odds{}, err
	}
	_, mods, _ := r.d.ShotMods(in)
	ph := float64(36-hc[0]) / 36
	hin, st := r.hitInput(s, v, t, w, from)
	d := hitLocP(s, VehicleHitP(hin))
	out := []rules.Outcome{{Name: Miss, P: 1 - ph}}
	for i, n := range VehicleEffectNames {
		out = append(out, rules.Outcome{Name: n, P: ph * d[i]})
	}
	n, add, _ := hin.attack()
	return rules.Odds{Outcomes: out, Mods: mods,
		Parts: []rules.OddsPart{{Name: fmt.Sprintf("if it hits: %s against %s", diceText(n, add), hin.ArmourWhy),
			Outcomes: []rules.Outcome{{Name: VKill, P: d[0]}, {Name: VSerious, P: d[1]}, {Name: VLight, P: d[2]}, {Name: VNone, P: d[3]}}}},
		Note: fmt.Sprintf("strikes the %s; at most one hit counts against a vehicle", st.Face)}, nil
}

// vehBurstParts adds to a shot at vehicle v the burst's effect on each
// figure it may reach, hit or miss (vehBurst).
func (r SMLE) vehBurstParts(s *rules.State, o *rules.Odds, in ShotInput, w *Weapon, from geom.Pt, v *rules.Vehicle) error {
	if !w.Explosive() || w.Dice <= 0 {
		return nil
	}
	parts, err := r.burstParts(s, from, v.Pos, nil, w, in, w.Thrown, in.Extreme())
	if err != nil {
		return err
	}
	o.Parts = append(o.Parts, parts...)
	if len(parts) > 0 {
		o.Note += "; hit or miss it bursts where it lands, on every figure in reach"
	}
	return nil
}

// ---- opportunity fire ----

// vOppVeh: state: the vehicle whose drive opened the window.
const vOppVeh = "oppveh"

// oppReady: an enemy team that may still take opportunity fire now.
func (r SMLE) oppReady(s *rules.State, u *rules.Unit) bool {
	if uget(u, vFired) != 0 || uget(u, vOpp) != 0 {
		return false
	}
	b := r.d.Bands[r.currentBand(s, u)]
	return b.Combat == "opportunity" || b.Combat == "direct" || b.Combat == "assault"
}

// vehicleOppOptions: in a window opened by vehicle tv's drive, the shots
// the other side may take at it: figures with their anti-vehicle weapon
// and vehicles with each weapon that bears.
func (r SMLE) vehicleOppOptions(s *rules.State, tv *rules.Vehicle) []rules.Command {
	var out []rules.Command
	if tv == nil || tv.Removed || tv.Damage.Has(vehicle.BrewedUp) {
		return nil
	}
	for _, u := range teams(s) {
		if u.Side == tv.Side || !r.oppReady(s, u) {
			continue
		}
		for _, c := range r.volleyOptions(s, u) {
			if c.Arg == fmt.Sprintf("V%d", tv.ID) {
				out = append(out, c)
			}
		}
		for _, f := range members(s, u.ID) {
			if aboard(s, f) {
				continue
			}
			if w := r.bestAntiVehicle(s, f); w != nil {
				if _, ok := r.shootAt(s, f, w, tv); ok {
					out = append(out, rules.Command{Verb: "shoot", Fig: f.ID, Arg: fmt.Sprintf("V%d", tv.ID)})
				}
			}
		}
		for i := range s.Vehicles {
			v := &s.Vehicles[i]
			_, t, _ := r.vehicleOf(s, v.ID)
			if t == nil || v.Unit != u.ID || !r.vehicleMayFire(s, v) {
				continue
			}
			for wi := range t.Weapons {
				if _, _, ok := r.gunAtVeh(s, v, t, wi, tv); ok {
					out = append(out, rules.Command{Verb: "gun", Fig: gunner(s, v).ID, Unit: u.ID, Arg: gunArg(v.ID, wi, tv.ID)})
				}
			}
		}
	}
	return out
}

// gunOppAtFig: in a window opened by figure mover, the enemy vehicles'
// weapons that may fire at it.
func (r SMLE) gunOppAtFig(s *rules.State, mover *rules.Figure) []rules.Command {
	var out []rules.Command
	if mover == nil || !onTable(s, mover) {
		return nil
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		_, t, _ := r.vehicleOf(s, v.ID)
		u := s.UnitOf(v.Unit)
		if t == nil || u == nil || v.Side == mover.Side || !r.oppReady(s, u) || !r.vehicleMayFire(s, v) {
			continue
		}
		for wi := range t.Weapons {
			if _, _, ok := r.gunAtFig(s, v, t, wi, mover); ok {
				out = append(out, rules.Command{Verb: "gun", Fig: gunner(s, v).ID, Unit: u.ID, Targets: []rules.FigID{mover.ID}, Arg: gunArg(v.ID, wi, 0)})
			}
		}
	}
	return out
}

// openVehOpp opens an opportunity window after a vehicle's drive when
// the other side has a shot at it.
func (r SMLE) openVehOpp(s *rules.State, v *rules.Vehicle) []rules.Event {
	s.SetVar(vOppVeh, int(v.ID))
	if len(r.vehicleOppOptions(s, v)) == 0 {
		s.SetVar(vOppVeh, 0)
		return nil
	}
	s.Phase = PhaseOpportunity
	s.Decider = 1 - v.Side
	return []rules.Event{{Kind: "phase", Side: s.Decider, Fig: oppMover(s), Unit: r.oppAnnouncer(s, v.Side),
		Text: fmt.Sprintf("%s may opportunity fire at %s", s.Sides[s.Decider].Name, v.Name)}}
}

// applyOppVehicle: a shot taken in an opportunity window ("shoot" at the
// vehicle that drove, or "gun" from a vehicle); the window closes.
func (r SMLE) applyOppVehicle(s *rules.State, c rules.Command) ([]rules.Event, error) {
	var evs []rules.Event
	var err error
	switch {
	case c.Verb == "shoot" && c.Fig == 0:
		evs, err = r.applyVolley(s, c)
	case c.Verb == "shoot":
		evs, err = r.applyShoot(s, nil, c)
	case c.Verb == "gun":
		evs, err = r.applyGun(s, nil, c)
	}
	if err != nil {
		return nil, err
	}
	r.closeOpp(s)
	return evs, nil
}
