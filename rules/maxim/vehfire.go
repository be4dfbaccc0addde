package maxim

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

const ruleCritical = "Vehicle Critical Hit Chart"

// vshot is a checked fire at a vehicle.
type vshot struct {
	v      *rules.Vehicle
	t      *vehicle.Type
	pose   vehicle.Pose // where it stands when shot at
	n      int          // shots
	face   vehicle.Face
	armour int
	pen    int
}

// Results of one shot at a vehicle, mildest first: a volley's odds name
// the worst of its shots.
var vehResults = []string{"miss", "no penetration", "penetrates, no effect", "crewman stunned", "crewman lightly wounded",
	"crewman seriously wounded", "crewman killed", "passenger stunned", "passenger lightly wounded",
	"passenger seriously wounded", "passenger killed", "locomotion hit", "weapon out", "engine hit", "engine fire", "fuel fire",
	"ammunition explodes"}

func vehRank(name string) int {
	for i, n := range vehResults {
		if n == name {
			return i
		}
	}
	return -1
}

// firedCode marks a vehicle weapon as fired in this phase of this turn.
func firedCode(s *rules.State) int {
	switch s.Phase {
	case PhaseOffensive:
		return s.Round*10 + 2
	case PhaseDefensive:
		return s.Round*10 + 3
	}
	return s.Round*10 + 1
}

// openRide is the open-topped vehicle f rides in as a passenger, when
// it is still whole (not burning or abandoned): such a man may fire his
// own weapons over the side (house rule, the book being silent on
// passengers). nil otherwise.
func openRide(s *rules.State, f *rules.Figure) *rules.Vehicle {
	v := s.Veh(s.Carrier(f.ID))
	if v == nil || !vehType(v).OpenTopped || v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) != 0 {
		return nil
	}
	for _, id := range v.Passengers {
		if id == f.ID {
			return v
		}
	}
	return nil
}

// riderWeapons are the weapons a man may fire from inside an open-topped
// vehicle: his own, less melee weapons, mortars (they need ground to
// stand on) and claymores (they are set in the ground). House rule.
func riderWeapons(f *rules.Figure) []string {
	var out []string
	for _, id := range f.Weapons {
		if w, ok := data.Weapon(id); ok && !w.Melee && !w.Indirect && !w.Auto {
			out = append(out, id)
		}
	}
	return out
}

// crewOf is the vehicle f crews (nil when f is on foot or a passenger).
func crewOf(s *rules.State, f *rules.Figure) *rules.Vehicle {
	v := s.Veh(s.Carrier(f.ID))
	if v == nil {
		return nil
	}
	for _, id := range v.Crew {
		if id == f.ID {
			return v
		}
	}
	return nil
}

// vehWeaponFree reports whether weapon i of vehicle v may fire now.
// A weapon that took opportunity fire this turn fires again in the
// defensive phase only with a rate of fire of 3 or more, whoever works it;
// one that fired this turn takes no opportunity fire at the vehicles'
// second move.
func vehWeaponFree(s *rules.State, v *rules.Vehicle, i int) bool {
	if i == 0 && v.Damage.Has(vehicle.WeaponOut) {
		return false
	}
	got := v.Var(firedKey(i))
	if s.Phase == PhaseOpportunity && s.Var(gOppFrom) == 1 && got/10 == s.Round {
		return false // nothing fires twice in a turn through the second move
	}
	if s.Phase == PhaseDefensive && got == s.Round*10+1 {
		if w, ok := data.Weapon(vehType(v).Weapons[i].ID); ok && w.ROF < 3 {
			return false
		}
	}
	return got != firedCode(s)
}

// weaponList is what figure f may fire: its own weapons on foot, the
// vehicle's weapons when it crews one, its own weapons over the side as
// a passenger of an open-topped vehicle (riderWeapons), nothing as a
// passenger of a closed one.
func weaponList(s *rules.State, f *rules.Figure) []string {
	if !aboard(s, f) {
		return f.Weapons
	}
	if openRide(s, f) != nil {
		return riderWeapons(f)
	}
	v := crewOf(s, f)
	if v == nil || knockedOut(s, v) {
		return nil
	}
	var out []string
	for i, w := range vehType(v).Weapons {
		if vehWeaponFree(s, v, i) && !containsStr(out, w.ID) {
			out = append(out, w.ID)
		}
	}
	return out
}

func containsStr(l []string, x string) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}

// vehWeaponIndex is the first free mount of vehicle v with weapon id.
func vehWeaponIndex(s *rules.State, v *rules.Vehicle, id string) int {
	for i, w := range vehType(v).Weapons {
		if w.ID == id && vehWeaponFree(s, v, i) {
			return i
		}
	}
	return -1
}

// bears reports whether the firer's weapon can bear on a point (and a
// base of radius r about it): always for men on foot and turret weapons
// (the turret turns to fire), else by the mount's arc.
func bears(s *rules.State, vol *volley, p geom.Pt, r int64) bool {
	if vol.mount < 0 {
		return true
	}
	v := crewOf(s, vol.f)
	t := vehType(v)
	w := t.Weapons[vol.mount]
	if w.Mount.OnTurret() {
		return true
	}
	return t.WeaponCoversBase(w, v.Pose, geom.Circle{C: p, R: r})
}

// vehicleAt finds the enemy vehicle a point aims at, and its pose when
// shot at: under opportunity fire, the moving vehicle at that point of
// its path; otherwise any vehicle whose hull covers the point.
func vehicleAt(s *rules.State, vol *volley, p geom.Pt) (*rules.Vehicle, vehicle.Pose, bool, error) {
	if vol.opp {
		v := s.Veh(rules.VehicleID(s.Var(gOppVeh)))
		if v == nil {
			return nil, vehicle.Pose{}, false, nil
		}
		path := loadPath(s)
		leg, ok := onPath(path, p)
		if !ok {
			return nil, vehicle.Pose{}, false, fmt.Errorf("that point is not on %s path: click its dashed path", rules.Possessive(v.Name))
		}
		vol.leg = leg
		return v, poseOnPath(v, path, leg, p), true, nil
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed || !vehType(v).Hull(v.Pose).Under(p) {
			continue
		}
		if v.Side == vol.f.Side {
			return nil, vehicle.Pose{}, false, fmt.Errorf("%s is on %s own side", v.Name, rules.Possessive(vol.f.Name))
		}
		if v.Damage.Has(vehicle.BrewedUp) {
			return nil, vehicle.Pose{}, false, fmt.Errorf("%s is already a burning wreck", v.Name)
		}
		return v, v.Pose, true, nil
	}
	return nil, vehicle.Pose{}, false, nil
}

// poseOnPath is where a driving vehicle stood at point p of leg i of its
// path: facing along the leg, or against it when it drove in reverse.
func poseOnPath(v *rules.Vehicle, path []geom.Pt, leg int, p geom.Pt) vehicle.Pose {
	if p == v.Pos {
		return v.Pose
	}
	last, _ := vehicle.Heading(path[len(path)-1].Sub(path[len(path)-2]))
	rev := vehicle.Turn(last, v.Facing) > 90 || vehicle.Turn(last, v.Facing) < -90
	h, _ := vehicle.Heading(path[leg].Sub(path[leg-1]))
	if rev {
		h = vehicle.Norm(h + 180)
	}
	return vehicle.Pose{Pos: p, Facing: h, Turret: vehicle.Norm(h + v.Turret - v.Facing)}
}

// planVehFire works out a fire at vehicle v standing at pose.
func planVehFire(s *rules.State, vol *volley, v *rules.Vehicle, pose vehicle.Pose) error {
	f, w := vol.f, vol.w
	t := vehType(v)
	switch {
	case w.Auto && vol.opp:
		return fmt.Errorf("a %s is set off at men or a vehicle standing in front of it, not at one driving past", w.Name)
	case w.Aircraft && !t.Flying:
		return fmt.Errorf("a %s fires only at aircraft", w.Name)
	}
	if !geom.WithinDist(f.Pos, pose.Pos, w.Reach()) {
		return fmt.Errorf("%s is beyond the %s range of %d\"", v.Name, rules.Possessive(w.Name), w.Range)
	}
	if w.MinRange > 0 && geom.WithinDist(f.Pos, pose.Pos, w.Min()-1) {
		return fmt.Errorf("%s is inside the %s minimum range of %d\"", v.Name, rules.Possessive(w.Name), w.MinRange)
	}
	r := min(t.Length, t.Width) / 2
	if !bears(s, vol, pose.Pos, r) {
		return fmt.Errorf("the %s cannot bear on %s", w.Name, v.Name)
	}
	if w.Auto {
		// A claymore needs no roll: its cone sweeps the men in it and
		// strikes the vehicle with its penetration.
		face := t.Hull(pose).Struck(f.Pos, pose.Pos, t.Armour)
		fc := vehicle.Top
		if !face.Inside && !face.Miss {
			fc = face.Face
		}
		vol.point, vol.chance, vol.base = pose.Pos, 100, nil
		vol.veh = &vshot{v: v, t: t, pose: pose, n: 1, face: fc, armour: t.Armour.Of(fc), pen: w.Pen}
		return nil
	}
	var mods []rules.Mod
	mods = append(mods, firerMods(s, f, w)...)
	if m, ok := moveMod(s, f, vehMotion(s, v)); ok {
		mods = append(mods, m)
	}
	if !t.Flying && s.Terrain != nil {
		los := s.Terrain.LineOfSight(f.Pos, geom.Circle{C: pose.Pos, R: r}, terrain.LOSOptions{IgnoreNearFirer: true})
		seen := los.Vis != terrain.Blocked
		if !seen && w.Indirect {
			for _, g := range s.Alive(f.Side) {
				if aboard(s, g) {
					continue
				}
				if l2 := s.Terrain.LineOfSight(g.Pos, geom.Circle{C: pose.Pos, R: r}, terrain.LOSOptions{IgnoreNearFirer: true}); l2.Vis != terrain.Blocked {
					los, seen = l2, true
					break
				}
			}
		}
		if !seen {
			return fmt.Errorf("%s cannot see %s", f.Name, v.Name)
		}
		if los.Cover != terrain.CoverNone || los.Vis == terrain.Partial {
			mods = append(mods, rules.Mod{Value: data.ToHit.Cover, Reason: "target in cover (" + coverName(s, los) + ")", Rule: ruleFire})
		}
	}
	ch := clampChance(w.Hit + modSum(mods))
	if ch <= 0 {
		return fmt.Errorf("%s has no chance of hitting %s (%d%%%s)", f.Name, v.Name, w.Hit, signed(modSum(mods)))
	}
	face := vehicle.Top
	if !w.Indirect {
		st := t.Hull(pose).Struck(f.Pos, pose.Pos, t.Armour)
		if !st.Inside && !st.Miss {
			face = st.Face
		}
	}
	vol.point = pose.Pos
	vol.chance = ch
	vol.base = mods
	vol.veh = &vshot{v: v, t: t, pose: pose, n: max(w.ROF, 1), face: face, armour: t.Armour.Of(face), pen: w.Pen}
	return nil
}

// fireAtVehicle rolls a checked fire at a vehicle, shot by shot.
func fireAtVehicle(s *rules.State, vol *volley) []rules.Event {
	f, w, vs := vol.f, vol.w, vol.veh
	v := vs.v
	var evs []rules.Event
	for n := 0; n < vs.n; n++ {
		if v.Damage.Has(vehicle.BrewedUp) {
			evs = append(evs, rules.Event{Kind: "lost", Side: f.Side, Fig: f.ID, Unit: v.Unit,
				Text: fmt.Sprintf("Shot %d at %s is lost: it is already a wreck", n+1, v.Name)})
			continue
		}
		hit := true
		if w.Auto {
			evs = append(evs, rules.Event{Kind: "fire", Side: f.Side, Fig: f.ID, Unit: v.Unit, Text: fmt.Sprintf("%s sets off a %s at %s", f.Name, w.Name, v.Name)})
		} else {
			var l *rules.Ledger
			l, hit = percentile(s, fmt.Sprintf("%s, %s at %s", w.Name, f.Name, v.Name), w.Hit, vol.base, "")
			l.Outcome = "miss"
			if hit {
				l.Outcome = "hit"
			}
			evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Unit: v.Unit, Roll: l,
				Text: fmt.Sprintf("%s fires (%s) at %s: %d, needs %d or less: %s", f.Name, w.Name, v.Name, l.Total, l.Target, l.Outcome)})
		}
		if !hit {
			if w.Explosive && w.Dev > 0 && w.Cone == 0 {
				evs = append(evs, deviateMiss(s, vol)...)
			}
			continue
		}
		if vs.pen <= vs.armour {
			evs = append(evs, rules.Event{Kind: "bounce", Side: f.Side, Fig: f.ID, Unit: v.Unit,
				Text: fmt.Sprintf("The %s strikes %s %s: penetration %d against armour %d does not go through", w.Name, rules.Possessive(v.Name), vs.face, vs.pen, vs.armour)})
			continue
		}
		evs = append(evs, rules.Event{Kind: "penetration", Side: f.Side, Fig: f.ID, Unit: v.Unit,
			Text: fmt.Sprintf("The %s strikes %s %s: penetration %d against armour %d goes through", w.Name, rules.Possessive(v.Name), vs.face, vs.pen, vs.armour)})
		if vol.opp && v.Pos != vs.pose.Pos {
			s.MoveVehicle(v.ID, vs.pose)
			truncatePath(s, vol.leg, vs.pose.Pos)
			evs = append(evs, rules.Event{Kind: "drive", Side: v.Side, Unit: v.Unit, Path: []geom.Pt{vs.pose.Pos},
				Text: fmt.Sprintf("%s is hit and stops where it was struck", v.Name)})
		}
		_, cev := critical(s, f, v)
		evs = append(evs, cev...)
		if s.Over {
			break
		}
	}
	if w.Auto && !s.Over {
		// the claymore's cone sweeps the men in it after it strikes the vehicle
		evs = append(evs, effect(s, vol, landing{hit: true, centre: f.Pos, cone: coneOf(w, f.Pos, vol.point)}, nil)...)
	}
	return evs
}

// deviateMiss places a missed explosive round (d8 direction, the
// weapon's die in inches) and bursts it on the men around.
func deviateMiss(s *rules.State, vol *volley) []rules.Event {
	f, w := vol.f, vol.w
	dd, dn := s.Roll(8), s.Roll(w.Dev)
	dv := deviation[dd.Face-1]
	c := vol.point.Add(geom.Pt{X: dv.X * int64(dn.Face), Y: dv.Y * int64(dn.Face)})
	what := fmt.Sprintf("%s, %s", w.Name, f.Name)
	where := rules.Whereabouts(f.Pos, vol.point, c, "it")
	dl := &rules.Ledger{What: "Deviation, " + what, Dice: []rules.Die{dd, dn}, Compare: "table",
		Total: dn.Face, Outcome: where, Note: deviationNote(w.Dev)}
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: dl,
		Text: fmt.Sprintf("The %s misses the vehicle and lands %s", w.Name, where)}}
	bv := &volley{f: f, w: w, aimPt: true, point: vol.point}
	return append(evs, effect(s, bv, landing{hit: true, centre: c}, nil)...)
}

// critical rolls the critical hit chart after a penetrating hit and
// carries it out; name is the result in the odds' words.
func critical(s *rules.State, f *rules.Figure, v *rules.Vehicle) (name string, evs []rules.Event) {
	t := vehType(v)
	d := s.Roll(6)
	res := data.Vehicle.Critical.Results[d.Face-1]
	l := &rules.Ledger{What: "Critical hit, " + v.Name, Dice: []rules.Die{d}, Compare: "table", Total: d.Face,
		Note: "one die after each penetrating hit: 1 locomotion (half speed), 2 crewman, 3 engine, 4 fuel, 5 ammunition, 6 main weapon"}
	evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Unit: v.Unit, Roll: l})
	at := len(evs) - 1
	switch res {
	case "locomotion":
		name = "locomotion hit"
		evs = append(evs, locomotion(s, v)...)
	case "crewman":
		crew := liveCrew(s, v)
		if len(crew) == 0 {
			name = "penetrates, no effect"
			break
		}
		var hev []rules.Event
		name, hev = manHit(s, f, v, crew, "crewman", data.Vehicle.Critical.Crewman)
		evs = append(evs, hev...)
		if !s.Over && len(liveCrew(s, v)) == 0 {
			evs = append(evs, bailOut(s, v, "its crew is dead")...)
		}
	case "engine":
		v.Damage |= vehicle.Immobilised
		el, fire := percentile(s, "Engine fire, "+v.Name, data.Vehicle.Critical.EngineFire, nil, "an engine hit catches fire at or under 30")
		el.Outcome = "no fire"
		name = "engine hit"
		if fire {
			el.Outcome = "the engine catches fire"
			name = "engine fire"
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Unit: v.Unit, Roll: el,
			Text: fmt.Sprintf("%s engine is hit and it cannot move; %d: %s", rules.Possessive(v.Name), el.Total, el.Outcome)})
		if fire {
			v.Damage |= vehicle.BrewedUp | vehicle.Smoking
			evs = append(evs, bailOut(s, v, "the engine is on fire")...)
		}
	case "fuel":
		name = "fuel fire"
		v.Damage |= vehicle.BrewedUp | vehicle.Smoking
		evs = append(evs, bailOut(s, v, "the fuel is burning")...)
	case "ammunition":
		if !vehKinds[v.Type].Ammo {
			if cargo := livePassengers(s, v); len(cargo) > 0 {
				evs = append(evs, rules.Event{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: v.Name + " carries no ammunition: the hit falls on the men it carries"})
				var hev []rules.Event
				name, hev = manHit(s, f, v, cargo, "passenger", data.Vehicle.Critical.Cargo)
				evs = append(evs, hev...)
				break
			}
			name = "locomotion hit"
			evs = append(evs, rules.Event{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: v.Name + " carries no ammunition and no men: the hit falls on its running gear"})
			evs = append(evs, locomotion(s, v)...)
			break
		}
		name = "ammunition explodes"
		v.Damage |= vehicle.BrewedUp | vehicle.Smoking
		evs = append(evs, rules.Event{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: possessive(v.Name) + " ammunition explodes"})
		for _, id := range v.Aboard() {
			if g := s.Fig(id); g != nil && !g.Removed {
				evs = append(evs, remove(s, g, "killed", possessive(v.Name)+" ammunition exploded")...)
			}
		}
	case "weapon":
		if len(t.Weapons) == 0 {
			name = "penetrates, no effect"
			break
		}
		name = "weapon out"
		v.Damage |= vehicle.WeaponOut
		evs = append(evs, rules.Event{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: fmt.Sprintf("%s %s is out of action", rules.Possessive(v.Name), mountName(v, 0))})
	}
	l.Outcome = name
	evs[at].Text = fmt.Sprintf("Critical hit on %s: %d, %s: %s", v.Name, d.Face, res, name)
	return name, evs
}

// manHit is a critical hit on one of the men aboard (a crewman, or a
// passenger for the cargo result): picked by 1Dn when there are several,
// then 1D6 on chart. name is the result in the odds' words ("crewman
// killed", "passenger stunned").
func manHit(s *rules.State, f *rules.Figure, v *rules.Vehicle, men []*rules.Figure, role string, chart Chart) (name string, evs []rules.Event) {
	who := men[0]
	if len(men) > 1 {
		cd := s.Roll(len(men))
		who = men[cd.Face-1]
		note := fmt.Sprintf("1D%d over the crew aboard, in crew order", len(men))
		if role != "crewman" {
			note = fmt.Sprintf("1D%d over the men carried aboard, in the order they got in", len(men))
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: who.ID, Unit: v.Unit, Text: fmt.Sprintf("The %s hit is %s", role, who.Name),
			Roll: &rules.Ledger{What: "Which " + role + ", " + v.Name, Dice: []rules.Die{cd}, Compare: "table", Total: cd.Face, Outcome: who.Name,
				Note: note}})
	}
	cd := s.Roll(6)
	r := chartResult(cd.Face, chart)
	name = role + " " + hitWords[r]
	evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: who.ID, Unit: v.Unit, Text: fmt.Sprintf("%s: %d: %s", who.Name, cd.Face, resNames[r]),
		Roll: &rules.Ledger{What: rules.Capital(role) + " hit, " + who.Name, Dice: []rules.Die{cd}, Compare: "table", Total: cd.Face, Outcome: resNames[r],
			Note: fmt.Sprintf("one die: 1-%d stun, %d-%d light wound, %d serious wound, 6 kill", chart.Stun, chart.Stun+1, chart.Light, chart.Serious)}})
	return name, append(evs, hurt(s, who, r, "hit inside "+v.Name)...)
}

// hitWords names a man's damage result in the vehicle odds' words.
var hitWords = map[int]string{resStun: "stunned", resLight: "lightly wounded", resSerious: "seriously wounded", resKill: "killed"}

// livePassengers lists the passengers aboard v who are still in the game.
func livePassengers(s *rules.State, v *rules.Vehicle) []*rules.Figure {
	var out []*rules.Figure
	for _, id := range v.Passengers {
		if f := s.Fig(id); f != nil && !f.Removed {
			out = append(out, f)
		}
	}
	return out
}

// locomotion: the first hit halves the vehicle's speed, the second stops
// it for good (house rule).
func locomotion(s *rules.State, v *rules.Vehicle) []rules.Event {
	v.SetVar(vLoco, v.Var(vLoco)+1)
	if v.Var(vLoco) >= 2 {
		v.Damage |= vehicle.Immobilised
		return []rules.Event{{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: possessive(v.Name) + " running gear is wrecked: it is immobilised"}}
	}
	v.SetVar(vMove, v.Var(vMove)/2)
	return []rules.Event{{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: v.Name + " is hit in the running gear: half speed from now on"}}
}

// bailOut puts everyone alive aboard out round the hull and leaves the
// vehicle abandoned; a man with nowhere to stand dies in it.
func bailOut(s *rules.State, v *rules.Vehicle, why string) []rules.Event {
	evs := []rules.Event{{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Text: fmt.Sprintf("%s: the crew bails out (%s)", v.Name, why)}}
	v.Damage |= vehicle.Abandoned
	for _, id := range v.Aboard() {
		g := s.Fig(id)
		if g == nil || g.Removed {
			continue
		}
		if p, ok := freeSpot(s, v, g, false); ok {
			s.Alight(g.ID, p)
			evs = append(evs, rules.Event{Kind: "move", Side: g.Side, Fig: g.ID, Path: []geom.Pt{v.Pos, p}, Text: g.Name + " bails out of " + v.Name})
			continue
		}
		evs = append(evs, remove(s, g, "killed", "trapped in "+v.Name)...)
		if s.Over {
			return evs
		}
	}
	return evs
}

// vehShot is one shot's result distribution at a vehicle, by vehResults
// index, exactly as critical rolls it.
func vehShot(s *rules.State, vol *volley) []float64 {
	vs := vol.veh
	q := make([]float64, len(vehResults))
	p := float64(vol.chance) / 100
	q[0] = 1 - p
	if vs.pen <= vs.armour {
		q[1] = p
		return q
	}
	e := p / 6
	for _, res := range data.Vehicle.Critical.Results {
		switch res {
		case "locomotion":
			q[vehRank("locomotion hit")] += e
		case "crewman":
			if len(liveCrew(s, vs.v)) == 0 {
				q[vehRank("penetrates, no effect")] += e
				break
			}
			for face := 1; face <= 6; face++ {
				q[vehRank("crewman "+hitWords[chartResult(face, data.Vehicle.Critical.Crewman)])] += e / 6
			}
		case "engine":
			pf := float64(data.Vehicle.Critical.EngineFire) / 100
			q[vehRank("engine fire")] += e * pf
			q[vehRank("engine hit")] += e * (1 - pf)
		case "fuel":
			q[vehRank("fuel fire")] += e
		case "ammunition":
			switch {
			case vehKinds[vs.v.Type].Ammo:
				q[vehRank("ammunition explodes")] += e
			case len(livePassengers(s, vs.v)) > 0:
				for face := 1; face <= 6; face++ {
					q[vehRank("passenger "+hitWords[chartResult(face, data.Vehicle.Critical.Cargo)])] += e / 6
				}
			default:
				q[vehRank("locomotion hit")] += e
			}
		case "weapon":
			if len(vs.t.Weapons) == 0 {
				q[vehRank("penetrates, no effect")] += e
			} else {
				q[vehRank("weapon out")] += e
			}
		}
	}
	return q
}

// vehOdds: the worst result of the volley's shots (they are independent
// until the vehicle is a wreck, and a wreck is the worst anyway).
func vehOdds(s *rules.State, vol *volley) rules.Odds {
	vs := vol.veh
	q := vehShot(s, vol)
	odds := rules.Odds{Mods: vol.base}
	cum, prev := 0.0, 0.0
	for k, name := range vehResults {
		cum += q[k]
		pw := 1.0
		for i := 0; i < vs.n; i++ {
			pw *= cum
		}
		if k == len(vehResults)-1 {
			pw = 1
		}
		if pw-prev > 0 && q[k] > 0 {
			odds.Outcomes = append(odds.Outcomes, rules.Outcome{Name: name, P: pw - prev})
		}
		prev = pw
	}
	verdict := "goes through"
	if vs.pen <= vs.armour {
		verdict = "cannot go through"
	}
	odds.Note = fmt.Sprintf("%s: %d%s at %d%% to hit; strikes the %s, armour %d against penetration %d: %s",
		vs.v.Name, vs.n, rules.OneOrMany(vs.n, " shot", " shots"), vol.chance, vs.face, vs.armour, vs.pen, verdict)
	if vs.n > 1 {
		odds.Note += "; outcomes name the worst result of the shots"
	}
	return odds
}

// vehFireCommands lists f's shots at enemy vehicles (only: the vehicle
// under opportunity fire, at its best point).
func vehFireCommands(s *rules.State, f *rules.Figure, only *rules.Vehicle) []rules.Command {
	var out []rules.Command
	for i, id := range weaponList(s, f) {
		w, ok := data.Weapon(id)
		if !ok || w.Melee || w.Auto || mayFire(s, f, w) != "" {
			continue
		}
		arg := id
		if i == 0 && !aboard(s, f) {
			arg = ""
		}
		for k := range s.Vehicles {
			v := &s.Vehicles[k]
			if v.Side == f.Side || v.Removed || knockedOut(s, v) || (only != nil && v != only) {
				continue
			}
			c := rules.Command{Verb: "fire", Fig: f.ID, Arg: arg}
			if only != nil {
				path := loadPath(s)
				if !pathWithin(path, f.Pos, w.Reach()) {
					continue
				}
				if p, ok := bestVehPoint(s, c, path); ok {
					c.Path = []geom.Pt{p}
					out = append(out, c)
				}
				continue
			}
			if !geom.WithinDist(f.Pos, v.Pos, w.Reach()) {
				continue
			}
			c.Path = []geom.Pt{v.Pos}
			if _, err := planFire(s, c); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// bestVehPoint is the point of a vehicle's path where the shot has the
// best chance (earliest on ties), as for men.
func bestVehPoint(s *rules.State, c rules.Command, path []geom.Pt) (geom.Pt, bool) {
	f := s.Fig(c.Fig)
	best, bestCh, found := geom.Pt{}, -1, false
	for i := 1; i < len(path); i++ {
		seg := geom.Seg{A: path[i-1], B: path[i]}
		for _, p := range []geom.Pt{geom.ClosestOnSeg(seg, f.Pos), path[i]} {
			if p == path[0] {
				continue
			}
			if _, ok := onPath(path, p); !ok {
				continue
			}
			try := c
			try.Path = []geom.Pt{p}
			v, err := planFire(s, try)
			if err != nil || v.veh == nil {
				continue
			}
			if v.chance > bestCh {
				best, bestCh, found = p, v.chance, true
			}
		}
	}
	return best, found
}
