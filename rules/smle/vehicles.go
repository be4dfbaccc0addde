package smle

import (
	"fmt"
	"math"
	"strings"

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

// Label is "medium tank 3D" and the like.
func (a ArmourClass) Label() string { return a.Name + " " + diceText(a.Dice, a.Add) }

func diceText(n, add int) string {
	switch {
	case add > 0:
		return fmt.Sprintf("%dD+%d", n, add)
	case add < 0:
		return fmt.Sprintf("%dD%d", n, add)
	}
	return fmt.Sprintf("%dD", n)
}

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

// seesVehicle: a sight line from p to the hull.
func (r SMLE) seesVehicle(s *rules.State, p geom.Pt, v *rules.Vehicle, t *vehicle.Type) (terrain.LOS, bool) {
	if s.Terrain == nil {
		return terrain.LOS{Vis: terrain.Clear, CoverPiece: -1}, true
	}
	los := s.Terrain.LineOfSight(p, vehBody(v, t), terrain.LOSOptions{})
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
	los := s.Terrain.LineOfSight(v.Pos, g.Base(s.BaseR), terrain.LOSOptions{})
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
				if bf := bearing(v.Pos, *e); bf != v.Turret {
					out = append(out, rules.Command{Verb: "turret", Unit: u.ID, Arg: rules.VehicleArg{ID: v.ID, Face: bf, HasFace: true}.String()})
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

// ---- driving ----

// moveRules is what the drive check is told for a vehicle now: its
// combat speeds and what is left of its move this round.
func (r SMLE) moveRules(s *rules.State, v *rules.Vehicle, t *vehicle.Type, flat bool) vehicle.MoveRules {
	sc, _ := r.d.SpeedClassOf(t.Class)
	mr := vehicle.MoveRules{Speeds: sc.Speeds(), ObstacleCost: 2 * geom.PerInch}
	if v.Var(vvWalk) == 1 {
		for g, sp := range mr.Speeds {
			mr.Speeds[g] = min(sp, walkSpeed*geom.PerInch)
		}
	}
	whole := int64(vehicle.MoveParts)
	if flat {
		whole *= 2
	}
	mr.Budget = max(1, whole-usedNow(s, v))
	return mr
}

// accelCap is how far the vehicle may still drive this round: no more
// than last round's distance plus half its road speed.
func (r SMLE) accelCap(s *rules.State, v *rules.Vehicle, t *vehicle.Type) int64 {
	sc, _ := r.d.SpeedClassOf(t.Class)
	road := int64(max(sc.Road, sc.Clear)) * geom.PerInch
	return max(0, lastSpd(s, v)+road/2-spdNow(s, v))
}

// clip cuts a plan's legs so the centre line runs no further than cap.
func clip(start geom.Pt, p vehicle.Plan, cap int64) (vehicle.Plan, bool) {
	out := vehicle.Plan{Face: p.Face, HasFace: p.HasFace}
	at, left := start, cap
	for _, l := range p.Legs {
		d2 := geom.Dist2(at, l.To)
		if d2 <= left*left {
			out.Legs = append(out.Legs, l)
			left -= geom.Dist(at, l.To)
			at = l.To
			continue
		}
		if left > 0 {
			d := geom.Dist(at, l.To)
			q := geom.Pt{X: at.X + roundDiv((l.To.X-at.X)*left, d), Y: at.Y + roundDiv((l.To.Y-at.Y)*left, d)}
			out.Legs = append(out.Legs, vehicle.Leg{To: q, Reverse: l.Reverse})
		}
		out.HasFace = false
		return out, true
	}
	return out, false
}

// driveCheck is the drive of vehicle v along plan now: within its
// combat move (or, flat out, twice it on clear and road), no further
// than acceleration allows.
func (r SMLE) driveCheck(s *rules.State, v *rules.Vehicle, t *vehicle.Type, plan vehicle.Plan) (vehicle.Result, bool) {
	if v.Var(vvReady) > s.Round || v.Var(vvHit) == s.Round || len(liveCrew(s, v)) == 0 || wrecked(v) {
		why := "it may not move this round"
		switch {
		case v.Var(vvReady) > s.Round:
			why = "the crew have only just got aboard: it may drive off next round"
		case v.Var(vvHit) == s.Round:
			why = "it was hit and stopped this round"
		case len(liveCrew(s, v)) == 0:
			why = "nobody aboard can drive it"
		}
		return vehicle.Result{Stop: vehicle.Immobile, Piece: -1, Other: -1, Why: why, End: v.Pose, Path: []geom.Pt{v.Pos}, Poses: []vehicle.Pose{v.Pose}}, false
	}
	plan, cut := clip(v.Pos, plan, r.accelCap(s, v, t))
	capped := func(res vehicle.Result) vehicle.Result {
		if cut && res.Arrived {
			res.Arrived, res.Stop, res.Why = false, vehicle.OutOfMove, "it can go no faster this round (it gains half its road speed a round)"
		}
		return res
	}
	res := capped(rules.DriveCheck(r, s, v.ID, plan, r.moveRules(s, v, t, false)))
	if res.Arrived || res.Stop != vehicle.OutOfMove || v.Var(vvFired) == s.Round || s.Var(vCur) != int(v.Unit) || v.Var(vvWalk) == 1 {
		return res, false
	}
	// Flat out: twice the combat move on a good surface (clear and road),
	// with no fire and no reaction this round.
	fast := capped(rules.DriveCheck(r, s, v.ID, plan, r.moveRules(s, v, t, true)))
	if fast.ByGoing[vehicle.Rough] == 0 && fast.ByGoing[vehicle.Woods] == 0 && fast.ByGoing[vehicle.Water] == 0 && len(fast.Obstacles) == 0 {
		return fast, fast.Used > int64(vehicle.MoveParts)-usedNow(s, v)
	}
	return res, false
}

// VehicleMove is the VehicleMover hook behind the table's drag.
func (r SMLE) VehicleMove(s *rules.State, id rules.VehicleID, plan vehicle.Plan) vehicle.Result {
	v, t, _ := r.vehicleOf(s, id)
	if v == nil {
		return vehicle.Result{Stop: vehicle.Immobile, Piece: -1, Other: -1, Why: "no such vehicle"}
	}
	c := s.Clone()
	res, _ := r.driveCheck(c, c.Veh(id), t, plan)
	return res
}

// driveOptions offers a few concrete drives for a vehicle: ahead half
// and all of what it has left, towards the nearest enemy, and a turn to
// face it. The table drives anywhere with its drag.
func (r SMLE) driveOptions(s *rules.State, u *rules.Unit, v *rules.Vehicle, t *vehicle.Type) []rules.Command {
	if v.Var(vvReady) > s.Round || v.Var(vvHit) == s.Round || v.Damage.Has(vehicle.Immobilised) {
		return nil
	}
	left := r.accelCap(s, v, t)
	sc, _ := r.d.SpeedClassOf(t.Class)
	left = min(left, int64(sc.Clear)*geom.PerInch*(int64(vehicle.MoveParts)-usedNow(s, v))/int64(vehicle.MoveParts))
	arg := rules.VehicleArg{ID: v.ID}.String()
	// First the drive the table's drag fills in with the dragged path
	// (given as it stands, with no path, it is refused).
	out := []rules.Command{{Verb: "drive", Unit: u.ID, Arg: arg}}
	if left >= geom.PerInch {
		d := vehicle.Dir(v.Facing)
		for _, k := range []int64{2, 1} {
			dist := left / k
			q := v.Pos.Add(geom.Pt{X: roundDiv(d.X*dist, vehicle.Scale), Y: roundDiv(d.Y*dist, vehicle.Scale)})
			out = append(out, rules.Command{Verb: "drive", Unit: u.ID, Path: []geom.Pt{q}, Arg: arg})
		}
		if e := r.nearestEnemyPt(s, v.Side, v.Pos); e != nil {
			dist := min(left/2, max(0, geom.Dist(v.Pos, *e)-8*geom.PerInch))
			if dist >= geom.PerInch {
				dd := geom.Dist(v.Pos, *e)
				q := geom.Pt{X: v.Pos.X + roundDiv((e.X-v.Pos.X)*dist, dd), Y: v.Pos.Y + roundDiv((e.Y-v.Pos.Y)*dist, dd)}
				out = append(out, rules.Command{Verb: "drive", Unit: u.ID, Path: []geom.Pt{q}, Arg: arg})
			}
		}
	}
	if e := r.nearestEnemyPt(s, v.Side, v.Pos); e != nil {
		if bf := bearing(v.Pos, *e); bf != v.Facing {
			out = append(out, rules.Command{Verb: "drive", Unit: u.ID, Arg: rules.VehicleArg{ID: v.ID, Face: bf, HasFace: true}.String()})
		}
	}
	return out
}

// ownVehicle reads a vehicle command's ARG: a vehicle of the active team.
func (r SMLE) ownVehicle(s *rules.State, u *rules.Unit, c rules.Command) (*rules.Vehicle, *vehicle.Type, vehicle.Plan, error) {
	id, plan, ok := rules.PlanOf(c)
	if !ok {
		return nil, nil, plan, fmt.Errorf("%s needs a vehicle (V<n>) in its last word", c.Verb)
	}
	v, t, _ := r.vehicleOf(s, id)
	if v == nil || v.Unit != u.ID {
		return nil, nil, plan, fmt.Errorf("V%d is not a vehicle of %s", id, u.Name)
	}
	if wrecked(v) {
		return nil, nil, plan, fmt.Errorf("%s is knocked out", v.Name)
	}
	if len(liveCrew(s, v)) == 0 {
		return nil, nil, plan, fmt.Errorf("nobody aboard %s can work it", v.Name)
	}
	return v, t, plan, nil
}

func (r SMLE) applyDrive(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	v, t, plan, err := r.ownVehicle(s, u, c)
	if err != nil {
		return nil, err
	}
	if r.d.Bands[uget(u, vBand)].Move <= 0 {
		return nil, fmt.Errorf("%s may not move at its activation level", u.Name)
	}
	if len(plan.Legs) == 0 && !plan.HasFace {
		return nil, fmt.Errorf("drive needs points to drive through or a facing")
	}
	if t.Flying {
		return nil, fmt.Errorf("%s does not drive: it arrives at its drop zone and leaves", v.Name)
	}
	res, flat := r.driveCheck(s, v, t, plan)
	if res.Stop == vehicle.Immobile {
		return nil, fmt.Errorf("%s cannot move: %s", v.Name, res.Why)
	}
	if res.End == v.Pose {
		return nil, fmt.Errorf("%s cannot go that way: %s", v.Name, res.Why)
	}
	start := v.Pos
	roundVars(s, v)
	s.MoveVehicle(v.ID, res.End)
	v.SetVar(vvSpd, v.Var(vvSpd)+int(res.Length))
	v.SetVar(vvUsed, v.Var(vvUsed)+int(res.Used))
	text := fmt.Sprintf("%s drives %s", v.Name, rules.FormatInches(res.Length))
	if res.Length == 0 {
		text = fmt.Sprintf("%s turns to face %d degrees", v.Name, res.End.Facing)
	}
	if flat {
		v.SetVar(vvFlat, s.Round)
		text += " flat out (no fire or reaction this round)"
	}
	if !res.Arrived && res.Why != "" {
		text += "; it stops: " + res.Why
	}
	path := append([]geom.Pt{start}, res.Path...)
	evs := []rules.Event{{Kind: "drive", Side: v.Side, Unit: u.ID, Path: path, Text: text}}
	return append(evs, r.openVehOpp(s, v)...), nil
}

func (r SMLE) applyTurret(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	v, t, plan, err := r.ownVehicle(s, u, c)
	if err != nil {
		return nil, err
	}
	if !t.HasTurret || !plan.HasFace || len(plan.Legs) > 0 {
		return nil, fmt.Errorf("turret needs a vehicle with a turret and a facing (V<n>-f<deg>)")
	}
	p := v.Pose
	p.Turret = vehicle.Norm(plan.Face)
	s.MoveVehicle(v.ID, p)
	return []rules.Event{{Kind: "turret", Side: v.Side, Unit: u.ID, Text: fmt.Sprintf("%s turns its turret to %d degrees", v.Name, p.Turret)}}, nil
}

// ---- boarding and getting out ----

// boardOptions: a team on foot, every figure within half its move of a
// stationary friendly vehicle with room for all of them.
func (r SMLE) boardOptions(s *rules.State, u *rules.Unit) []rules.Command {
	var out []rules.Command
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if _, ok := r.canBoard(s, u, v); ok {
			out = append(out, rules.Command{Verb: "board", Unit: u.ID, Arg: fmt.Sprintf("V%d", v.ID)})
		}
	}
	return out
}

// canBoard reports why a team may not board a vehicle ("" and true when
// it may).
func (r SMLE) canBoard(s *rules.State, u *rules.Unit, v *rules.Vehicle) (string, bool) {
	_, t, _ := r.vehicleOf(s, v.ID)
	// An abandoned vehicle may be taken back by its own crew.
	if t == nil || v.Side != u.Side || v.Removed || v.Damage.Has(vehicle.BrewedUp) || (v.Damage.Has(vehicle.Abandoned) && v.Unit != u.ID) {
		return "not a friendly vehicle fit to ride in", false
	}
	if spdNow(s, v) > 0 {
		return v.Name + " has moved this round: it must be stationary", false
	}
	ms := members(s, u.ID)
	if len(ms) == 0 {
		return "nobody to board", false
	}
	crew := v.Unit == u.ID
	room := t.Passengers - len(v.Passengers)
	if crew {
		room = t.Crew - len(v.Crew)
	}
	if len(ms) > room {
		return fmt.Sprintf("%s has room for %d more", v.Name, max(0, room)), false
	}
	hull := t.Hull(v.Pose)
	for _, f := range ms {
		if aboard(s, f) || !r.canAct(s, f) || f.Var(fStopped) != 0 || f.Var(fMoved) != 0 {
			return f.Name + " cannot board now", false
		}
		half := r.baseMove(s, f) / 2
		near := false
		for _, dr := range t.Doors {
			if geom.WithinDist(f.Pos, t.DoorAt(dr, v.Pose), half+s.BaseR) {
				near = true
			}
		}
		if !near && !hull.TouchesBase(geom.Circle{C: f.Pos, R: s.BaseR + half}) {
			return f.Name + " is more than half a move from the vehicle", false
		}
	}
	return "", true
}

func (r SMLE) applyBoard(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok || c.Unit != u.ID {
		return nil, fmt.Errorf("board names the active team and a vehicle: board U%d V<n>", u.ID)
	}
	v := s.Veh(a.ID)
	if v == nil {
		return nil, fmt.Errorf("no vehicle V%d", a.ID)
	}
	if r.d.Bands[uget(u, vBand)].Move <= 0 {
		return nil, fmt.Errorf("%s may not move at its activation level", u.Name)
	}
	if why, ok := r.canBoard(s, u, v); !ok {
		return nil, fmt.Errorf("%s cannot board %s: %s", u.Name, v.Name, why)
	}
	crew := v.Unit == u.ID
	// The vehicle may drive off next round if its driver and commander
	// (its first two crew places) were already aboard, else a round later.
	if crew && len(liveCrew(s, v)) < 2 {
		v.SetVar(vvReady, s.Round+2)
	} else if v.Var(vvReady) < s.Round+1 {
		v.SetVar(vvReady, s.Round+1)
	}
	if crew {
		v.Damage &^= vehicle.Abandoned
	}
	var names []string
	for _, f := range members(s, u.ID) {
		s.Board(v.ID, f.ID, crew)
		f.SetVar(fStopped, 1)
		f.SetVar(fStill, s.Round)
		f.Posture = rules.Standing
		names = append(names, f.Name)
	}
	return []rules.Event{{Kind: "board", Side: u.Side, Unit: u.ID, Text: fmt.Sprintf("%s board %s (%s)", u.Name, v.Name, strings.Join(names, ", "))}}, nil
}

// debusOptions: a team all aboard one vehicle that is going no faster
// than the team's foot move, with a door no team has used this round.
func (r SMLE) debusOptions(s *rules.State, u *rules.Unit) []rules.Command {
	if v := r.carrierOfTeam(s, u); v != nil {
		if _, _, ok := r.canDebus(s, u, v); ok {
			return []rules.Command{{Verb: "debus", Unit: u.ID, Arg: fmt.Sprintf("V%d", v.ID)}}
		}
	}
	return nil
}

// carrierOfTeam is the vehicle every figure of the team is aboard, or nil.
func (r SMLE) carrierOfTeam(s *rules.State, u *rules.Unit) *rules.Vehicle {
	ms := members(s, u.ID)
	if len(ms) == 0 || len(s.Vehicles) == 0 {
		return nil
	}
	id := s.Carrier(ms[0].ID)
	if id == 0 {
		return nil
	}
	for _, f := range ms[1:] {
		if s.Carrier(f.ID) != id {
			return nil
		}
	}
	return s.Veh(id)
}

// canDebus finds the door a team gets out by and where each figure
// lands, or why it cannot.
func (r SMLE) canDebus(s *rules.State, u *rules.Unit, v *rules.Vehicle) (int, []geom.Pt, bool) {
	_, t, _ := r.vehicleOf(s, v.ID)
	if t == nil || v.Removed {
		return 0, nil, false
	}
	ms := members(s, u.ID)
	if spdNow(s, v) > r.baseMove(s, ms[0]) {
		return 0, nil, false
	}
	for _, f := range ms {
		if f.Var(fStopped) != 0 {
			return 0, nil, false // got in during this go
		}
	}
	for di, dr := range t.Doors {
		if v.Var(fmt.Sprintf("%s%d", vvDoor, di)) == s.Round {
			continue
		}
		if pts, ok := r.placeOut(s, v, t, dr, len(ms)); ok {
			return di, pts, true
		}
	}
	return 0, nil, false
}

// placeOut finds n spots for figures getting out by door dr: straight
// out from it, then further out and to either side, each clear of the
// hull, other figures and terrain a man may not stand in.
func (r SMLE) placeOut(s *rules.State, v *rules.Vehicle, t *vehicle.Type, dr vehicle.Door, n int) ([]geom.Pt, bool) {
	hull := t.Hull(v.Pose)
	first := t.DoorOut(dr, v.Pose, s.BaseR)
	out := first.Sub(t.DoorAt(dr, v.Pose))
	ol := max(1, geom.Dist(first, t.DoorAt(dr, v.Pose)))
	step := 2*s.BaseR + 100
	// outward and sideways unit steps (of length step).
	o := geom.Pt{X: roundDiv(out.X*step, ol), Y: roundDiv(out.Y*step, ol)}
	sd := geom.Pt{X: -o.Y, Y: o.X}
	var pts []geom.Pt
	taken := func(p geom.Pt) bool {
		for _, q := range pts {
			if geom.WithinDist(p, q, 2*s.BaseR) {
				return true
			}
		}
		for i := range s.Figures {
			g := &s.Figures[i]
			if onTable(s, g) && geom.WithinDist(p, g.Pos, 2*s.BaseR) {
				return true
			}
		}
		return false
	}
	for row := int64(0); row < 4 && len(pts) < n; row++ {
		for _, k := range []int64{0, 1, -1, 2, -2} {
			if len(pts) >= n {
				break
			}
			p := first.Add(geom.Pt{X: o.X*row + sd.X*k, Y: o.Y*row + sd.Y*k})
			if s.Map != nil && (p.X < s.BaseR || p.Y < s.BaseR || p.X > s.Map.Width-s.BaseR || p.Y > s.Map.Height-s.BaseR) {
				continue
			}
			if hull.OverlapsBase(geom.Circle{C: p, R: s.BaseR}) || taken(p) {
				continue
			}
			if s.Terrain != nil && !s.Terrain.Clear(first, p) && p != first {
				continue
			}
			if s.Terrain != nil && s.Terrain.InsideBuilding(p) >= 0 {
				continue
			}
			pts = append(pts, p)
		}
	}
	return pts, len(pts) == n
}

func (r SMLE) applyDebus(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok || c.Unit != u.ID {
		return nil, fmt.Errorf("debus names the active team and its vehicle: debus U%d V<n>", u.ID)
	}
	v := r.carrierOfTeam(s, u)
	if v == nil || v.ID != a.ID {
		return nil, fmt.Errorf("%s is not all aboard V%d", u.Name, a.ID)
	}
	if bi := uget(u, vBand); r.d.Bands[bi].Move <= 0 || bi < r.d.BandIndex("stand-6") {
		return nil, fmt.Errorf("%s may de-bus only at Stand (6) or better", u.Name)
	}
	di, pts, ok := r.canDebus(s, u, v)
	if !ok {
		return nil, fmt.Errorf("%s cannot get out of %s now (it must go no faster than a foot move, with a door free this round and room outside)", u.Name, v.Name)
	}
	_, t, _ := r.vehicleOf(s, v.ID)
	return r.getOut(s, v, t, members(s, u.ID), pts, di, fmt.Sprintf("%s de-bus from %s by the %s and go prone", u.Name, v.Name, t.Doors[di].Name)), nil
}

// getOut puts figures out at pts, prone, their go over.
func (r SMLE) getOut(s *rules.State, v *rules.Vehicle, t *vehicle.Type, ms []*rules.Figure, pts []geom.Pt, door int, text string) []rules.Event {
	v.SetVar(fmt.Sprintf("%s%d", vvDoor, door), s.Round)
	for i, f := range ms {
		s.Alight(f.ID, pts[i])
		f.Posture = rules.Prone
		f.Facing = v.Facing
		f.SetVar(fStopped, 1)
		f.SetVar(fStill, s.Round)
		f.SetVar(fBraced, 0)
	}
	if len(v.Crew) == 0 && v.Damage&vehicle.BrewedUp == 0 {
		v.Damage |= vehicle.Abandoned
		text += "; " + v.Name + " is abandoned"
	}
	u := ms[0].Unit
	return []rules.Event{{Kind: "debus", Side: v.Side, Unit: u, Text: text}}
}

// bailOut puts everyone left aboard out around the vehicle, prone: by
// each door in turn, anywhere there is room; a man with no room is lost.
func (r SMLE) bailOut(s *rules.State, v *rules.Vehicle, t *vehicle.Type) []rules.Event {
	var evs []rules.Event
	var left []*rules.Figure
	for _, id := range v.Aboard() {
		if f := s.Fig(id); f != nil && !f.Removed {
			left = append(left, f)
		}
	}
	for di, dr := range t.Doors {
		if len(left) == 0 {
			break
		}
		for n := len(left); n > 0; n-- {
			if pts, ok := r.placeOut(s, v, t, dr, n); ok {
				evs = append(evs, r.getOut(s, v, t, left[:n], pts, di, fmt.Sprintf("%d bail out of %s by the %s", n, v.Name, dr.Name))...)
				left = left[n:]
				break
			}
		}
	}
	for _, f := range left {
		s.Alight(f.ID, v.Pos)
		evs = append(evs, remove(s, f, "cannot get clear of "+v.Name+" and is lost"))
	}
	v.Crew, v.Passengers = nil, nil
	return evs
}

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
	los, ok := r.seesVehicle(s, f.Pos, v, t)
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
		return nil, nil, nil, ShotInput{}, fmt.Errorf("shoot names a figure and an enemy vehicle: shoot F<n> V<n>")
	}
	for _, l := range r.Legal(s) {
		if l.Verb == "shoot" && l.Fig == c.Fig && l.Arg == c.Arg {
			w := r.bestAntiVehicle(s, f)
			v := s.Veh(id)
			in, _ := r.shootAt(s, f, w, v)
			return f, w, v, in, nil
		}
	}
	return nil, nil, nil, ShotInput{}, fmt.Errorf("%s cannot shoot at V%d now", f.Name, id)
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
	if w.Explosive() {
		f.SetVar(fUsedPref+w.ID, f.Var(fUsedPref+w.ID)+1)
	}
	f.SetVar(fStill, s.Round)
	u = s.UnitOf(f.Unit)
	markFired(s, u)
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: &l, Text: fmt.Sprintf("%s fires %s at %s: %s", f.Name, w.Name, v.Name, l.Outcome)}}
	evs = append(evs, r.strikeVehicle(s, f.Side, u, v, t, w, f.Pos, h > 0)...)
	return evs, nil
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
	return r.vehicleShotOdds(s, in, v, t, w, f.Pos)
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
	return []rules.Event{{Kind: "phase", Side: s.Decider,
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
	los, ok := r.seesVehicle(s, v.Pos, tv, tt)
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
		return nil, nil, 0, nil, nil, fmt.Errorf("gun needs V<n>w<weapon> (at a figure) or V<n>w<weapon>t<vehicle>")
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
			d := s.Roll(6)
			dev := r.d.Deviation(missBy, d.Face, false, in.Extreme())
			impact = ImpactPoint(v.Pos, e.Pos, dev)
			dl := rules.Ledger{What: "Deviation of " + w.Name, Dice: []rules.Die{d}, Compare: "table", Total: d.Face, Outcome: devText(dev),
				Note: fmt.Sprintf("missed by %d: 1-%d short, else long; along the line of fire", missBy, r.d.Explosive.ShortMax)}
			evs = append(evs, rules.Event{Kind: "roll", Side: v.Side, Roll: &dl, Text: fmt.Sprintf("The %s lands %s", w.Name, devText(dev))})
		}
		area := geom.Circle{C: impact, R: int64(w.Dice) * geom.PerInch}
		evs = append(evs, rules.Event{Kind: "blast", Side: v.Side, Area: &area, Text: fmt.Sprintf("%s bursts: %d\" radius", w.Name, w.Dice)})
		if h > 0 {
			evs = append(evs, r.effect(s, g, e, EffectInput{Weapon: w, Armour: armourOf(s, e), Quality: e.Quality, Motive: e.Motive})...)
		}
		for i := range s.Figures {
			o := &s.Figures[i]
			if !onTable(s, o) || (h > 0 && o.ID == e.ID) {
				continue
			}
			n := BurstDiceAt(w.Dice, impact, o.Pos)
			if n == 0 {
				continue
			}
			if ou := s.UnitOf(o.Unit); ou != nil {
				uset(ou, vUF, uget(ou, vUF)|ufExplosive|ufDirect)
				uset(ou, vContact, 1)
			}
			for k := 0; k < n && !o.Removed; k++ {
				evs = append(evs, r.effect(s, g, o, EffectInput{Weapon: w, Burst: true, Armour: armourOf(s, o), Quality: o.Quality, Motive: o.Motive})...)
			}
		}
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
		return r.vehicleShotOdds(s, in, tv, tt, w, v.Pos)
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

// ---- cards ----

// Vehicle is the VehicleCarder hook: the vehicle's card.
func (r SMLE) Vehicle(s *rules.State, id rules.VehicleID) rules.VehicleInfo {
	v, t, vd := r.vehicleOf(s, id)
	if v == nil {
		return rules.BasicVehicle(r, s, id)
	}
	var vi rules.VehicleInfo
	un := ""
	if u := s.UnitOf(v.Unit); u != nil {
		un = u.Name
	}
	vi.Lines = append(vi.Lines, fmt.Sprintf("%s  -  %s", s.Sides[v.Side].Name, un), t.Name)
	sc, _ := r.d.SpeedClassOf(t.Class)
	vi.Lines = append(vi.Lines, fmt.Sprintf("Combat move (%s): clear %d\", rough %s, woods %s, road %d\", water %s",
		sc.ID, sc.Clear, orNA(sc.Rough), orNA(sc.Woods), sc.Road, orNA(sc.Water)))
	var arm []string
	for _, f := range []vehicle.Face{vehicle.Front, vehicle.Right, vehicle.Rear, vehicle.Top} {
		n, add, _ := r.armourAt(v, t, f)
		name := f.String()
		if f == vehicle.Right {
			name = "side"
		}
		arm = append(arm, fmt.Sprintf("%s %s", name, diceText(n, add)))
	}
	if t.HasTurret {
		n, add, _ := r.armourAt(v, t, vehicle.Turret)
		arm = append(arm, "turret "+diceText(n, add))
	}
	vi.Lines = append(vi.Lines, "Armour: "+strings.Join(arm, ", "))
	sm, why := r.sizeMod(t)
	vi.Lines = append(vi.Lines, fmt.Sprintf("Size: %s, %+d to hit", why, sm))
	vi.Lines = append(vi.Lines, "Capacity: "+vd.Capacity, "Equipment: "+vd.Equipment)
	var names []string
	for _, f := range v.Aboard() {
		if fig := s.Fig(f); fig != nil && !fig.Removed {
			names = append(names, fig.Name)
		}
	}
	if len(names) > 0 {
		vi.Lines = append(vi.Lines, "Aboard: "+strings.Join(names, ", "))
	}
	if spdNow(s, v) > 0 {
		vi.Lines = append(vi.Lines, "Driven this round: "+rules.FormatInches(spdNow(s, v)))
	}
	if v.Var(vvReady) > s.Round {
		vi.Lines = append(vi.Lines, fmt.Sprintf("May drive off in round %d", v.Var(vvReady)))
	}
	if k := v.Var(vvVSW); k > 0 {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Serious wounds: %d", k))
	}
	if v.Var(vvWalk) == 1 {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Drive hit: %d\" a move at most", walkSpeed))
	}
	for wi, w := range t.Weapons {
		ww, _ := r.d.Weapon(w.ID)
		label := fmt.Sprintf("%s (%s, %s)", ww.Name, w.Mount, diceText(ww.Dice, ww.Add))
		if n := vd.Weapons[wi].Rounds; n > 0 {
			label += fmt.Sprintf(", %d rounds left", n-v.Var(fmt.Sprintf("%s%d", vvShot, wi)))
		}
		wi := r.WeaponInfo(w.ID)
		wi.Label = label
		vi.Weapons = append(vi.Weapons, wi)
	}
	for _, n := range v.Damage.Names() {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: n, Label: n})
	}
	if v.HatchesOpen {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkHatchesOpen, Label: "hatches open"})
	}
	if u := s.UnitOf(v.Unit); u != nil {
		vi.Spent = uget(u, vDone) == 1 && rules.UnitID(s.Var(vCur)) != u.ID
	}
	return vi
}

func orNA(n int) string {
	if n == 0 {
		return "N/A"
	}
	return fmt.Sprintf("%d\"", n)
}

// hullAcross is the first vehicle (by id) whose hull a base moving along
// the points (one point: standing there) would overlap; touching is
// allowed. Wrecks block too.
func (r SMLE) hullAcross(s *rules.State, pts []geom.Pt) *rules.Vehicle {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		_, t, _ := r.vehicleOf(s, v.ID)
		if t == nil || v.Removed || t.Flying {
			continue
		}
		h := t.Hull(v.Pose)
		if len(pts) == 1 {
			if h.OverlapsBase(geom.Circle{C: pts[0], R: s.BaseR}) {
				return v
			}
			continue
		}
		for k := 1; k < len(pts); k++ {
			leg := geom.Seg{A: pts[k-1], B: pts[k]}
			if h.Under(leg.B) {
				return v
			}
			for f := vehicle.Front; f <= vehicle.Left; f++ {
				if geom.SegsWithin(leg, h.Edge(f), s.BaseR, true) {
					return v
				}
			}
		}
	}
	return nil
}

// normalize completes a vehicle shot given the way the table aims (a
// click on a figure, or on a point of a hull) into the command's full
// form: "shoot F3 x,y" (or "shoot U2 x,y", or with no actor at all the
// active team) becomes "shoot F3 V<n>" for the enemy vehicle under the
// point; "gun F2 x,y" and "gun F2 F9" become "gun F2 U<crew> ..." with the
// first of F2's vehicle's weapons that can fire at that target.
func (r SMLE) normalize(s *rules.State, c rules.Command) rules.Command {
	if c.Verb != "shoot" && c.Verb != "gun" {
		return c
	}
	under := func(p geom.Pt, side int) *rules.Vehicle {
		for i := range s.Vehicles {
			v := &s.Vehicles[i]
			if v.Removed || v.Side == side {
				continue
			}
			if h, ok := rules.HullOf(r, s, v.ID); ok && h.Under(p) {
				return v
			}
		}
		return nil
	}
	side := s.Decider
	if f := s.Fig(c.Fig); f != nil {
		side = f.Side
	}
	if c.Verb == "shoot" {
		if c.Arg == "" && len(c.Path) == 1 && len(c.Targets) == 0 {
			if v := under(c.Path[0], side); v != nil {
				c.Arg, c.Path = fmt.Sprintf("V%d", v.ID), nil
				if c.Fig == 0 && c.Unit == 0 {
					c.Unit = rules.UnitID(s.Var(vCur))
				}
			}
		}
		return c
	}
	if c.Arg != "" || c.Fig == 0 {
		return c
	}
	vid := s.Carrier(c.Fig)
	v, t, _ := r.vehicleOf(s, vid)
	if v == nil || gunner(s, v) == nil || gunner(s, v).ID != c.Fig {
		return c
	}
	c.Unit = v.Unit
	for wi := range t.Weapons {
		switch {
		case len(c.Path) == 1 && len(c.Targets) == 0:
			if tv := under(c.Path[0], side); tv != nil {
				if _, _, ok := r.gunAtVeh(s, v, t, wi, tv); ok {
					c.Arg, c.Path = gunArg(v.ID, wi, tv.ID), nil
					return c
				}
			}
		case len(c.Targets) == 1 && len(c.Path) == 0:
			if e := s.Fig(c.Targets[0]); e != nil {
				if _, _, ok := r.gunAtFig(s, v, t, wi, e); ok {
					c.Arg = gunArg(v.ID, wi, 0)
					return c
				}
			}
		}
	}
	return c
}

// ---- the table's words ----

// vehicleAction names the vehicle commands for the action bar. drive is
// a drag of the vehicle (the path's points and V<n>[-r][-f<deg>]);
// turret a drag of the turret to a facing (V<n>-f<deg>); board and
// debus are buttons; shoot and gun aim at a target (a vehicle for shoot
// and for gun with t<n>, a figure otherwise).
func (r SMLE) vehicleAction(s *rules.State, c rules.Command) rules.Action {
	name := func(id rules.VehicleID) string {
		if v := s.Veh(id); v != nil {
			return v.Name
		}
		return fmt.Sprintf("V%d", id)
	}
	switch c.Verb {
	case "drive":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "Drive " + name(a.ID) + " (drag it)", Short: "Drive", Kind: rules.ActDrag, Group: fmt.Sprintf("drive V%d", a.ID)}
	case "turret":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: fmt.Sprintf("Turn %s's turret to %d degrees (towards the nearest enemy)", name(a.ID), a.Face), Short: "Turret",
			Kind: rules.ActButton, Group: fmt.Sprintf("turret V%d", a.ID)}
	case "board":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "Board " + name(a.ID), Short: "Board", Kind: rules.ActButton, Group: "board " + c.Arg}
	case "debus":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "De-bus from " + name(a.ID), Short: "De-bus", Kind: rules.ActButton, Group: "debus " + c.Arg}
	case "arrive":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "Bring " + name(a.ID) + " in to its drop zone", Short: "Land", Kind: rules.ActButton, Group: "arrive " + c.Arg}
	case "leave":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "Fly " + name(a.ID) + " out (everyone aboard leaves the battle)", Short: "Leave", Kind: rules.ActButton, Group: "leave " + c.Arg}
	case "shoot":
		if c.Fig == 0 {
			a := rules.Action{Label: "Team fire at a vehicle", Short: "Fire at vehicle", Kind: rules.ActAim, Group: fmt.Sprint("shoot U", c.Unit)}
			if u := s.UnitOf(c.Unit); u != nil {
				a.Label = u.Name + " fires at a vehicle"
			}
			return a
		}
		a := rules.Action{Label: "Shoot at a vehicle", Short: "Anti-tank", Kind: rules.ActAim, Group: fmt.Sprint("shoot ", c.Fig)}
		if f := s.Fig(c.Fig); f != nil {
			if w := r.bestAntiVehicle(s, f); w != nil {
				a.Label = fmt.Sprintf("%s: %s at a vehicle", f.Name, w.Name)
			}
		}
		if o, err := r.Odds(s, c); err == nil {
			a.Label += fmt.Sprintf(" (%.0f%% to knock it out)", o.P(VKill)*100)
		}
		return a
	case "gun":
		vid, wi, _, _ := parseGunArg(c.Arg)
		a := rules.Action{Label: name(vid) + " fires", Short: "Vehicle fire", Kind: rules.ActAim, Group: fmt.Sprintf("gun V%dw%d", vid, wi)}
		if v, t, _ := r.vehicleOf(s, vid); v != nil && wi >= 0 && wi < len(t.Weapons) {
			if w, ok := r.d.Weapon(t.Weapons[wi].ID); ok {
				a.Label = fmt.Sprintf("%s: %s (%s)", v.Name, w.Name, t.Weapons[wi].Mount)
			}
		}
		return a
	}
	return rules.Action{}
}

// vehicleLines are the status lines about the active team's vehicles and
// the riders it carries.
func (r SMLE) vehicleLines(s *rules.State, u *rules.Unit, b Band) []string {
	var out []string
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		_, t, _ := r.vehicleOf(s, v.ID)
		if t == nil || v.Unit != u.ID {
			continue
		}
		if t.Flying {
			switch {
			case v.Var(vvAloft) == 1:
				out = append(out, v.Name+" waits off the table: it may land at its drop zone (the enemy may fire as it comes in).")
			case v.Var(vvGone) == 1:
				out = append(out, v.Name+" has left the battle.")
			case v.Damage.Has(vehicle.BrewedUp):
				out = append(out, v.Name+" is down and burning.")
			default:
				out = append(out, v.Name+" is on the ground: troops may get out or in; it may leave in a later go.")
			}
			continue
		}
		switch {
		case v.Damage.Has(vehicle.BrewedUp):
			out = append(out, v.Name+" is a burning wreck.")
			continue
		case wrecked(v):
			out = append(out, v.Name+" has been abandoned.")
			continue
		case len(liveCrew(s, v)) == 0:
			out = append(out, v.Name+" has nobody fit to drive or fight it.")
			continue
		}
		sc, _ := r.d.SpeedClassOf(t.Class)
		line := fmt.Sprintf("%s: combat move %d\" clear, %d\" road; it may go %s more this round (it gains half its road speed a round).",
			v.Name, sc.Clear, sc.Road, rules.FormatInches(min(r.accelCap(s, v, t), 2*int64(sc.Road)*geom.PerInch)))
		switch {
		case v.Var(vvReady) > s.Round:
			line = fmt.Sprintf("%s: the crew have only just got aboard; it may drive off in round %d.", v.Name, v.Var(vvReady))
		case v.Var(vvHit) == s.Round:
			line = v.Name + ": hit and stopped this round; it may not fire again this round."
		case v.Var(vvFlat) == s.Round:
			line = v.Name + ": driven flat out this round; it may not fire or react."
		case b.Move <= 0:
			line = v.Name + ": the crew's activation does not let it move."
		}
		out = append(out, line)
	}
	if cv := r.carrierOfTeam(s, u); cv != nil && b.Move > 0 {
		if r.bandIndex(u) >= r.d.BandIndex("stand-6") {
			out = append(out, fmt.Sprintf("Aboard %s: it may de-bus by a free door if the vehicle has gone no faster than a foot move this round (out prone, its go over).", cv.Name))
		} else {
			out = append(out, fmt.Sprintf("Aboard %s: de-bussing needs Stand (6) or better.", cv.Name))
		}
	}
	return out
}
