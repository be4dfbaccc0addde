package smle

import (
	"fmt"
	"math"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// Vehicles (the rulebook's Vehicle Rules). The data is in
// data/vehicles.toml; the shared model (hulls, faces struck, the drive
// check) is rules/vehicle and rules/vehicles.go. See doc.go, "Vehicles".

// SpeedClass is one row of the combat move table, in inches per move.
type SpeedClass struct {
	ID    string `toml:"id"`
	Clear int    `toml:"clear"`
	Rough int    `toml:"rough"`
	Woods int    `toml:"woods"`
	Road  int    `toml:"road"`
	Water int    `toml:"water"`
}

// Speeds is the row as the drive check takes it (position units).
func (c SpeedClass) Speeds() vehicle.Speeds {
	var sp vehicle.Speeds
	sp[vehicle.Clear] = int64(c.Clear) * geom.PerInch
	sp[vehicle.Rough] = int64(c.Rough) * geom.PerInch
	sp[vehicle.Woods] = int64(c.Woods) * geom.PerInch
	sp[vehicle.Road] = int64(c.Road) * geom.PerInch
	sp[vehicle.Water] = int64(c.Water) * geom.PerInch
	return sp
}

// ArmourClass is one armour class: the defender's dice and add.
type ArmourClass struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
	Dice int    `toml:"dice"`
	Add  int    `toml:"add"`
	Tank bool   `toml:"tank"`
}

// Label is "medium tank 3 dice" and the like.
func (a ArmourClass) Label() string { return a.Name + " " + diceText(a.Dice, a.Add) }

// diceText is dice and an add in words ("2 dice", "1 die + 2"): the
// card's "front 2D, side 1D+2" read as notation.
func diceText(n, add int) string { return rules.DiceWords(n, add) }

// VehicleWeapon is a weapon fitted to a vehicle type.
type VehicleWeapon struct {
	ID     string `toml:"id"`
	Mount  string `toml:"mount"`
	Centre int    `toml:"centre"`
	Width  int    `toml:"width"`
	Rounds int    `toml:"rounds"` // 0: no count kept
}

// VehicleDoor is a door or hatch, in inches from the hull centre.
type VehicleDoor struct {
	Name    string  `toml:"name"`
	Forward float64 `toml:"forward"`
	Right   float64 `toml:"right"`
	Hatch   bool    `toml:"hatch"`
}

// VehicleData is one example vehicle.
type VehicleData struct {
	ID             string          `toml:"id"`
	Name           string          `toml:"name"`
	Look           string          `toml:"look"`
	Speed          string          `toml:"speed"`
	Armour         string          `toml:"armour"`
	Size           int             `toml:"size"`
	OpenTopped     bool            `toml:"open_topped"`
	Flying         bool            `toml:"flying"`
	Length         float64         `toml:"length"`
	Width          float64         `toml:"width"`
	Turret         bool            `toml:"turret"`
	TurretOffset   float64         `toml:"turret_offset"`
	Crew           int             `toml:"crew"`
	Passengers     int             `toml:"passengers"`
	Capacity       string          `toml:"capacity"`
	Equipment      string          `toml:"equipment"`
	MissileScreens bool            `toml:"missile_screens"`
	Weapons        []VehicleWeapon `toml:"weapons"`
	Doors          []VehicleDoor   `toml:"doors"`
}

// VehicleTables is vehicles.toml.
type VehicleTables struct {
	Speed       []SpeedClass  `toml:"speed"`
	ArmourClass []ArmourClass `toml:"armour_class"`
	SizeMods    struct {
		Mods   []int `toml:"mods"`
		Flying int   `toml:"flying"`
	} `toml:"size_mods"`
	Weapon  []Weapon      `toml:"weapon"`
	Vehicle []VehicleData `toml:"vehicle"`
}

// inches converts a data length to position units (data loading only).
func inches(x float64) int64 { return int64(math.Round(x * geom.PerInch)) }

// armourRank is an armour class's place, weakest first, from 1 (the
// numbers a vehicle.Type's Armour holds), or 0.
func (d *Data) armourRank(id string) int {
	for i, a := range d.Veh.ArmourClass {
		if a.ID == id {
			return i + 1
		}
	}
	return 0
}

// ArmourClassOf is the class of an armour number (1 = weakest).
func (d *Data) ArmourClassOf(rank int) ArmourClass {
	rank = max(1, min(rank, len(d.Veh.ArmourClass)))
	return d.Veh.ArmourClass[rank-1]
}

// SpeedClassOf finds a movement type.
func (d *Data) SpeedClassOf(id string) (SpeedClass, bool) {
	for _, c := range d.Veh.Speed {
		if c.ID == id {
			return c, true
		}
	}
	return SpeedClass{}, false
}

// VehicleDataOf finds an example vehicle by type id.
func (d *Data) VehicleDataOf(id string) (*VehicleData, bool) {
	for i := range d.Veh.Vehicle {
		if d.Veh.Vehicle[i].ID == id {
			return &d.Veh.Vehicle[i], true
		}
	}
	return nil, false
}

// checkVehicles checks vehicles.toml and builds the vehicle types.
func (d *Data) checkVehicles() error {
	if len(d.Veh.Vehicle) == 0 {
		return nil
	}
	if len(d.Veh.SizeMods.Mods) == 0 {
		return fmt.Errorf("vehicles.toml: no size modifiers")
	}
	bp := d.armourRank("bulletproof")
	if bp == 0 {
		return fmt.Errorf("vehicles.toml: no bulletproof armour class (tank tops)")
	}
	for _, a := range d.Veh.ArmourClass {
		if a.Dice < 1 {
			return fmt.Errorf("vehicles.toml: armour class %q needs dice", a.ID)
		}
	}
	d.vtypes = nil
	for _, v := range d.Veh.Vehicle {
		if _, ok := d.SpeedClassOf(v.Speed); !ok {
			return fmt.Errorf("vehicles.toml: vehicle %q has unknown movement type %q", v.ID, v.Speed)
		}
		rank := d.armourRank(v.Armour)
		if rank == 0 {
			return fmt.Errorf("vehicles.toml: vehicle %q has unknown armour %q", v.ID, v.Armour)
		}
		if v.Size < 0 || v.Size >= len(d.Veh.SizeMods.Mods) {
			return fmt.Errorf("vehicles.toml: vehicle %q has size %d", v.ID, v.Size)
		}
		t := vehicle.Type{ID: v.ID, Name: v.Name, Look: v.Look, Class: v.Speed,
			Length: inches(v.Length), Width: inches(v.Width), Size: v.Size, OpenTopped: v.OpenTopped, Flying: v.Flying,
			HasTurret: v.Turret, TurretOffset: inches(v.TurretOffset), Crew: v.Crew, Passengers: v.Passengers}
		if v.Turret {
			t.TurretRadius = inches(v.Width) * 3 / 8
		}
		ac := d.ArmourClassOf(rank)
		side, top := rank, rank
		if ac.Tank {
			side, top = rank-1, bp
		}
		t.Armour = vehicle.Armour{rank, side, side, top, rank}
		for _, w := range v.Weapons {
			if _, ok := d.Weapon(w.ID); !ok {
				return fmt.Errorf("vehicles.toml: vehicle %q has unknown weapon %q", v.ID, w.ID)
			}
			m, ok := vehicle.ParseMount(w.Mount)
			if !ok {
				return fmt.Errorf("vehicles.toml: vehicle %q: weapon %q has mount %q", v.ID, w.ID, w.Mount)
			}
			t.Weapons = append(t.Weapons, vehicle.Weapon{ID: w.ID, Mount: m, Arc: vehicle.Arc{Centre: w.Centre, Width: w.Width}})
		}
		for _, dr := range v.Doors {
			t.Doors = append(t.Doors, vehicle.Door{Name: dr.Name, Forward: inches(dr.Forward), Right: inches(dr.Right), Hatch: dr.Hatch})
		}
		if len(t.Doors) == 0 {
			return fmt.Errorf("vehicles.toml: vehicle %q has no door or hatch", v.ID)
		}
		if msg := t.Check(); msg != "" {
			return fmt.Errorf("vehicles.toml: %s", msg)
		}
		d.vtypes = append(d.vtypes, t)
	}
	return nil
}

// VehicleTypes is the Vehicled hook: the example vehicles.
func (r SMLE) VehicleTypes() []vehicle.Type { return r.d.vtypes }

// Per-vehicle variables.
const (
	vvSpd   = "spd"   // distance driven this round (position units)
	vvLast  = "last"  // distance driven last round
	vvUsed  = "used"  // parts of a move spent this round
	vvRound = "rnd"   // the round spd and used belong to
	vvFlat  = "flat"  // round it drove flat out (no fire, no reaction)
	vvReady = "ready" // first round it may drive off (boarding)
	vvVSW   = "vsw"   // vehicle serious wounds taken
	vvVSWR  = "vswr"  // round of the last one
	vvHit   = "hit"   // round it was last seriously wounded (stops; no fire unless it has fired)
	vvFired = "fired" // round it last fired
	vvVLW   = "vlw"   // vehicle light wounds taken
	vvShot  = "shot_" // prefix + weapon index: rounds fired
	vvDoor  = "door_" // prefix + door index: round a team last got out by it
)

// vehicleOf is a vehicle, its type and its data (nil when unknown).
func (r SMLE) vehicleOf(s *rules.State, id rules.VehicleID) (*rules.Vehicle, *vehicle.Type, *VehicleData) {
	v := s.Veh(id)
	if v == nil {
		return nil, nil, nil
	}
	t, ok := rules.VehicleTypeOf(r, v.Type)
	vd, ok2 := r.d.VehicleDataOf(v.Type)
	if !ok || !ok2 {
		return nil, nil, nil
	}
	return v, t, vd
}

// aboard reports a figure inside a vehicle (off the table).
func aboard(s *rules.State, f *rules.Figure) bool {
	return len(s.Vehicles) > 0 && s.Carrier(f.ID) != 0
}

// onTable: a figure on the table (not removed, not aboard).
func onTable(s *rules.State, f *rules.Figure) bool { return !f.Removed && !aboard(s, f) }

// wrecked: brewed up or abandoned.
func wrecked(v *rules.Vehicle) bool {
	return v.Removed || v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) != 0
}

// liveCrew lists the crew aboard still able to work the vehicle.
func liveCrew(s *rules.State, v *rules.Vehicle) []*rules.Figure {
	var out []*rules.Figure
	for _, id := range v.Crew {
		if f := s.Fig(id); f != nil && !f.Removed && !f.Markers.Has(rules.BadlyWounded) {
			out = append(out, f)
		}
	}
	return out
}

// spdNow is how far the vehicle has driven this round, usedNow the parts
// of a move it has spent and lastSpd how far it drove last round (read
// without writing: Legal and the odds must not change the state).
func spdNow(s *rules.State, v *rules.Vehicle) int64 {
	if v.Var(vvRound) != s.Round {
		return 0
	}
	return int64(v.Var(vvSpd))
}

func usedNow(s *rules.State, v *rules.Vehicle) int64 {
	if v.Var(vvRound) != s.Round {
		return 0
	}
	return int64(v.Var(vvUsed))
}

func lastSpd(s *rules.State, v *rules.Vehicle) int64 {
	switch v.Var(vvRound) {
	case s.Round:
		return int64(v.Var(vvLast))
	case s.Round - 1:
		return int64(v.Var(vvSpd))
	}
	return 0
}

// roundVars brings a vehicle's per-round counters to this round (before
// a drive adds to them).
func roundVars(s *rules.State, v *rules.Vehicle) {
	if v.Var(vvRound) == s.Round {
		return
	}
	last := lastSpd(s, v)
	v.SetVar(vvLast, int(last))
	v.SetVar(vvSpd, 0)
	v.SetVar(vvUsed, 0)
	v.SetVar(vvRound, s.Round)
}

// ---------------------------------------------------------------------------
// Armour and damage (pure mechanics)

// Vehicle damage outcomes, worst first.
const (
	VKill    = "vehicle kill"
	VSerious = "vehicle serious wound"
	VLight   = "vehicle light wound"
	VNone    = "no effect"
)

// VehicleEffectNames lists the damage outcomes, worst first.
var VehicleEffectNames = []string{VKill, VSerious, VLight, VNone}

// VehicleResult compares damage with armour: twice or more (and more) a
// kill, more a serious wound, equal a light wound, less nothing.
func VehicleResult(att, def int) string {
	switch {
	case att > def && att >= 2*def:
		return VKill
	case att > def:
		return VSerious
	case att == def:
		return VLight
	}
	return VNone
}

// VehicleHitInput is one hit on a vehicle: the weapon and the armour it
// meets.
type VehicleHitInput struct {
	Weapon     *Weapon
	ArmourDice int
	ArmourAdd  int
	ArmourWhy  string // "medium tank 3D, side"
	Screens    bool   // anti-missile screens (a missile loses a die)
}

// attack is the attacker's dice and add.
func (in VehicleHitInput) attack() (n, add int, screened bool) {
	n, add = in.Weapon.Dice, in.Weapon.Add
	if in.Screens && in.Weapon.Missile && n > 1 {
		return n - 1, add, true
	}
	return n, add, false
}

// ResolveVehicleHit resolves a hit with the given faces: the attack's
// dice first, then the armour's.
func (d *Data) ResolveVehicleHit(in VehicleHitInput, faces []int, what string) (string, rules.Ledger) {
	n, add, screened := in.attack()
	l := rules.Ledger{What: what, Compare: "opposed"}
	att, def := add, in.ArmourAdd
	for i := 0; i < n; i++ {
		l.Dice = append(l.Dice, rules.Die{Sides: 6, Face: faces[i]})
		att += faces[i]
	}
	for i := 0; i < in.ArmourDice; i++ {
		l.Dice = append(l.Dice, rules.Die{Sides: 6, Face: faces[n+i]})
		def += faces[n+i]
	}
	if add != 0 {
		l.Mods = append(l.Mods, rules.Mod{Value: add, Reason: "weapon damage add", Rule: ruleVehicle})
	}
	if in.ArmourAdd != 0 {
		l.Mods = append(l.Mods, rules.Mod{Value: -in.ArmourAdd, Reason: "armour add (counts against the attack)", Rule: ruleVehicle})
	}
	if screened {
		l.Mods = append(l.Mods, rules.Mod{Value: 0, Reason: "anti-missile screens: the missile rolls a die less", Rule: ruleVehicle})
	}
	l.Total, l.Target = att, def
	l.Outcome = VehicleResult(att, def)
	l.Note = fmt.Sprintf("damage %s = %d against armour %s (%s) = %d; the first %d dice are the attack's",
		diceText(n, add), att, diceText(in.ArmourDice, in.ArmourAdd), in.ArmourWhy, def, n)
	return l.Outcome, l
}

const ruleVehicle = "SMLE Vehicle Combat"

// RollVehicleHit rolls a hit on a vehicle.
func (d *Data) RollVehicleHit(s *rules.State, in VehicleHitInput, what string) (string, rules.Ledger) {
	n, _, _ := in.attack()
	faces := make([]int, n+in.ArmourDice)
	for i := range faces {
		faces[i] = s.Roll(6).Face
	}
	return d.ResolveVehicleHit(in, faces, what)
}

// sumWays is the number of ways n six-sided dice make each total.
func sumWays(n int) []float64 {
	w := []float64{1}
	for i := 0; i < n; i++ {
		nw := make([]float64, len(w)+6)
		for t, c := range w {
			for f := 1; f <= 6; f++ {
				nw[t+f] += c
			}
		}
		w = nw
	}
	return w
}

// VehicleHitP is the exact chance of each outcome of a hit
// (VehicleEffectNames order), by convolving the two sums.
func VehicleHitP(in VehicleHitInput) [4]float64 {
	n, add, _ := in.attack()
	a, b := sumWays(n), sumWays(in.ArmourDice)
	var c [4]float64
	tot := 0.0
	for x, wa := range a {
		if wa == 0 {
			continue
		}
		for y, wb := range b {
			if wb == 0 {
				continue
			}
			switch VehicleResult(x+add, y+in.ArmourAdd) {
			case VKill:
				c[0] += wa * wb
			case VSerious:
				c[1] += wa * wb
			case VLight:
				c[2] += wa * wb
			default:
				c[3] += wa * wb
			}
			tot += wa * wb
		}
	}
	for i := range c {
		c[i] /= tot
	}
	return c
}

// armourAt is the armour a hit on face f meets: the face's class, a die
// less for each serious wound a tank has taken (never under one die).
func (r SMLE) armourAt(v *rules.Vehicle, t *vehicle.Type, f vehicle.Face) (dice, add int, why string) {
	ac := r.d.ArmourClassOf(t.Armour.Of(f))
	front := r.d.ArmourClassOf(t.Armour[vehicle.ArmourFront])
	dice, add = ac.Dice, ac.Add
	why = fmt.Sprintf("%s, %s", ac.Label(), f)
	if k := v.Var(vvVSW); k > 0 && front.Tank && dice > 1 {
		dice = max(1, dice-k)
		why += fmt.Sprintf(", %d die less for damage", ac.Dice-dice)
	}
	return dice, add, why
}

// sizeMod is the to-hit modifier of a vehicle type.
func (r SMLE) sizeMod(t *vehicle.Type) (int, string) {
	names := []string{"very small", "small", "medium", "large", "huge"}
	m := r.d.Veh.SizeMods.Mods[t.Size]
	why := fmt.Sprintf("%s vehicle", names[min(t.Size, len(names)-1)])
	if t.Flying {
		m += r.d.Veh.SizeMods.Flying
		why += ", flying"
	}
	return m, why
}

// ---------------------------------------------------------------------------
// Sight and targets

// vehBody is a circle standing for a hull in sight lines: centred on it,
// as wide as the hull.
func vehBody(v *rules.Vehicle, t *vehicle.Type) geom.Circle {
	return geom.Circle{C: v.Pos, R: min(t.Length, t.Width) / 2}
}

// seesVehicle: a sight line from p to the hull (own: the vehicle the
// viewer rides in, 0 for a man on foot; other hulls may be in the way).
func (r SMLE) seesVehicle(s *rules.State, p geom.Pt, v *rules.Vehicle, t *vehicle.Type, own rules.VehicleID) (terrain.LOS, bool) {
	if s.Terrain == nil {
		return terrain.LOS{Vis: terrain.Clear, CoverPiece: -1}, true
	}
	los := s.Terrain.LineOfSight(p, vehBody(v, t), sightOpts(s, p, vehBody(v, t), v.ID, own))
	return los, los.Vis != terrain.Blocked
}

// vehicleSeesFig: a vehicle's crew see a figure on the table.
func (r SMLE) vehicleSeesFig(s *rules.State, v *rules.Vehicle, g *rules.Figure) (terrain.LOS, bool) {
	if !onTable(s, g) || Unspotted(s, s.UnitOf(g.Unit)) {
		return terrain.LOS{}, false
	}
	if s.Terrain == nil {
		return terrain.LOS{Vis: terrain.Clear, CoverPiece: -1}, true
	}
	los := s.Terrain.LineOfSight(v.Pos, g.Base(s.BaseR), sightOpts(s, v.Pos, g.Base(s.BaseR), v.ID))
	return los, los.Vis != terrain.Blocked
}

// bestAntiVehicle is a figure's weapon to shoot at vehicles with: the
// one with the most dice (then add), that it can fire now.
func (r SMLE) bestAntiVehicle(s *rules.State, f *rules.Figure) *Weapon {
	var best *Weapon
	for _, id := range f.Weapons {
		w, ok := r.d.Weapon(id)
		// Thrown weapons and mortars are not aimed at vehicles here.
		if !ok || w.Thrown || w.Indirect || !r.canShoot(s, f, w) || (w.Explosive() && usesLeft(f, id) <= 0) {
			continue
		}
		if best == nil || w.Dice > best.Dice || (w.Dice == best.Dice && w.Add > best.Add) {
			best = w
		}
	}
	return best
}

// ---------------------------------------------------------------------------
// Commands

// vehicleOptions lists the active team's vehicle commands.
func (r SMLE) vehicleOptions(s *rules.State, u *rules.Unit, b Band) []rules.Command {
	if len(s.Vehicles) == 0 {
		return nil
	}
	var out []rules.Command
	bi := r.bandIndex(u)
	canFire := r.fireKind(b) == FireDirect && uget(u, vFired) == 0 && uget(u, vOpp) == 0 && uget(u, vRunning) == 0
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		_, t, _ := r.vehicleOf(s, v.ID)
		if t != nil && t.Flying && v.Unit == u.ID {
			out = append(out, r.helicopterOptions(s, u, v, t, b)...)
		}
		if t == nil || v.Unit != u.ID || wrecked(v) {
			continue
		}
		crew := liveCrew(s, v)
		if len(crew) == 0 {
			continue
		}
		if b.Move > 0 && !t.Flying {
			out = append(out, r.driveOptions(s, u, v, t)...)
		}
		if t.HasTurret {
			if e := r.nearestEnemyPt(s, v.Side, v.Pos); e != nil {
				// offered facing the nearest enemy; the table's click
				// (an ActPoint) faces it wherever the player points
				if bf := bearing(v.Pos, *e); bf != v.Turret {
					out = append(out, rules.Command{Verb: "turret", Unit: u.ID, Path: []geom.Pt{*e}, Arg: rules.VehicleArg{ID: v.ID}.String()})
				}
			}
		}
		if canFire && r.vehicleMayFire(s, v) {
			out = append(out, r.gunOptions(s, u, v, t)...)
		}
	}
	// Boarding and getting out (de-bus at Stand 6 or better).
	if b.Move > 0 {
		out = append(out, r.boardOptions(s, u)...)
	}
	if b.Move > 0 && bi >= r.d.BandIndex("stand-6") {
		out = append(out, r.debusOptions(s, u)...)
	}
	// Figures on foot shoot at enemy vehicles: the team, or one man.
	if canFire {
		out = append(out, r.volleyOptions(s, u)...)
		for _, f := range members(s, u.ID) {
			if aboard(s, f) {
				continue
			}
			w := r.bestAntiVehicle(s, f)
			if w == nil {
				continue
			}
			for i := range s.Vehicles {
				v := &s.Vehicles[i]
				if v.Side == u.Side || v.Removed || v.Damage.Has(vehicle.BrewedUp) {
					continue
				}
				if _, ok := r.shootAt(s, f, w, v); ok {
					out = append(out, rules.Command{Verb: "shoot", Fig: f.ID, Arg: fmt.Sprintf("V%d", v.ID)})
				}
			}
		}
	}
	return out
}

func (r SMLE) bandIndex(u *rules.Unit) int { return uget(u, vBand) }

// nearestEnemyPt is the nearest enemy figure on the table or enemy
// vehicle still fighting.
func (r SMLE) nearestEnemyPt(s *rules.State, side int, p geom.Pt) *geom.Pt {
	var best *geom.Pt
	var bd int64
	for _, e := range s.Alive(1 - side) {
		if !onTable(s, e) {
			continue
		}
		if d := geom.Dist2(p, e.Pos); best == nil || d < bd {
			q := e.Pos
			best, bd = &q, d
		}
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side == side || wrecked(v) {
			continue
		}
		if d := geom.Dist2(p, v.Pos); best == nil || d < bd {
			q := v.Pos
			best, bd = &q, d
		}
	}
	return best
}
