package vehicle

import (
	"fmt"

	"hedgerow/rules/geom"
)

// Face is a side of a vehicle a shot can strike. The four hull faces are
// geometric (Left and Right are both "side" for armour); Top and Turret
// only ever come from a rule set's own choice (a hit location roll, fire
// from above), never from the hull geometry.
type Face int

const (
	Front Face = iota
	Right
	Rear
	Left
	Top
	Turret
)

var faceNames = []string{"front", "right side", "rear", "left side", "top", "turret"}

func (f Face) String() string {
	if f < 0 || int(f) >= len(faceNames) {
		return fmt.Sprintf("face(%d)", int(f))
	}
	return faceNames[f]
}

// Side reports whether f is the left or right side.
func (f Face) Side() bool { return f == Left || f == Right }

// ArmourFace is the armour entry that protects a face.
func (f Face) ArmourFace() ArmourFace {
	switch f {
	case Front:
		return ArmourFront
	case Left, Right:
		return ArmourSide
	case Rear:
		return ArmourRear
	case Top:
		return ArmourTop
	}
	return ArmourTurret
}

// ArmourFace indexes Armour.
type ArmourFace int

const (
	ArmourFront ArmourFace = iota
	ArmourSide
	ArmourRear
	ArmourTop
	ArmourTurret
	NumArmourFaces
)

// Armour is a vehicle's protection by face as plain numbers that the rule
// set interprets: S.M.L.E. can keep armour dice (say pips: 1D = 6,
// 1D+1 = 7...), Maxim to Minimi penetration values, 1/35th Scale
// Skirmish any ordering of front, side and rear. The core only ever
// compares two entries, in the corner rule: a larger number is better
// protection.
type Armour [NumArmourFaces]int

// Of is the armour on face f.
func (a Armour) Of(f Face) int { return a[f.ArmourFace()] }

// Mount is where a weapon is fixed, which decides what its arc turns with.
type Mount int

const (
	MountHull    Mount = iota // fixed in the hull: its arc turns with the hull
	MountCoaxial              // beside the main gun: turns with the turret
	MountTurret               // the turret's own gun
	MountPintle               // on a post or ring, usually all round; turns with the hull
)

var mountNames = []string{"hull", "coaxial", "turret", "pintle"}

func (m Mount) String() string {
	if m < 0 || int(m) >= len(mountNames) {
		return fmt.Sprintf("mount(%d)", int(m))
	}
	return mountNames[m]
}

// ParseMount reads a mount name (hull, coaxial, turret, pintle).
func ParseMount(s string) (Mount, bool) {
	for i, n := range mountNames {
		if n == s {
			return Mount(i), true
		}
	}
	return 0, false
}

// OnTurret reports whether the mount turns with the turret.
func (m Mount) OnTurret() bool { return m == MountTurret || m == MountCoaxial }

// Arc is a field of fire in whole degrees, relative to what the mount
// turns with: Centre is the bearing of its middle (0 straight ahead, 90 to
// the right, 180 behind) and Width its whole width. Its left edge is
// Centre - Width/2 (rounded down) and its right edge Width degrees
// clockwise from that. Width 360 or more is all round; both edges belong
// to the arc.
type Arc struct {
	Centre int
	Width  int
}

// AllRound is an arc covering every direction.
var AllRound = Arc{Width: 360}

// Weapon is one weapon fitted to a vehicle: the rule set's weapon id, its
// mount and its arc of fire.
type Weapon struct {
	ID    string
	Mount Mount
	Arc   Arc
}

// Door is a way in or out: a point in hull coordinates, Forward inches
// ahead of the centre and Right inches to the right, as position units.
// Figures getting out are placed from here.
type Door struct {
	Name    string // "rear door", "commander's hatch"
	Forward int64
	Right   int64
	Hatch   bool // a roof hatch rather than a door
}

// Type is a kind of vehicle as a rule set's data describes it. Everything
// but the geometry is plain data the rule set interprets.
type Type struct {
	ID    string // the rule set's id, used in scenarios ("jeep", "sherman")
	Name  string // for people
	Look  string // how the table draws it: "jeep", "truck", "lorry", "halftrack", "carrier", "armoured-car", "light-tank", "medium-tank", "apc", "helicopter"
	Class string // the rule set's movement class ("tracks", "fast-wheeled", "slow-tracked", "helicopter")

	Length, Width int64 // hull footprint, position units
	Armour        Armour
	Size          int  // the rule set's size class (S.M.L.E.: very small 0 .. huge 4)
	OpenTopped    bool // crew and passengers are exposed from above
	Flying        bool

	HasTurret    bool
	TurretOffset int64 // how far ahead of the hull centre the turret ring sits (negative: behind)
	TurretRadius int64 // for drawing

	Crew       int // figures needed to work it
	Passengers int // figures it can carry besides the crew

	Weapons []Weapon
	Doors   []Door
}

// Check reports what is wrong with a type's data, or "".
func (t *Type) Check() string {
	switch {
	case t.ID == "":
		return "a vehicle type has no id"
	case t.Length <= 0 || t.Width <= 0:
		return fmt.Sprintf("vehicle type %q needs a positive length and width", t.ID)
	case t.Length > 50*geom.PerInch || t.Width > 50*geom.PerInch:
		return fmt.Sprintf("vehicle type %q is larger than 50 inches", t.ID)
	case t.Crew < 0 || t.Passengers < 0:
		return fmt.Sprintf("vehicle type %q has a negative capacity", t.ID)
	}
	for _, w := range t.Weapons {
		if w.Mount.OnTurret() && !t.HasTurret {
			return fmt.Sprintf("vehicle type %q has a %s weapon %q but no turret", t.ID, w.Mount, w.ID)
		}
		if w.Arc.Width < 0 {
			return fmt.Sprintf("vehicle type %q: weapon %q has a negative arc", t.ID, w.ID)
		}
	}
	return ""
}

// Pose is where a vehicle stands: its centre, the hull's facing and the
// turret's facing, in whole degrees clockwise from up the table. Turret
// is absolute (not relative to the hull) and ignored without a turret.
type Pose struct {
	Pos    geom.Pt
	Facing int
	Turret int
}

// Damage is a vehicle's state as a bit set.
type Damage uint32

const (
	Immobilised Damage = 1 << iota // cannot move (it may still shoot)
	BrewedUp                       // destroyed and burning: a wreck
	Smoking                        // hit and smoking (drawn; the rule set says what it means)
	WeaponOut                      // main weapon out of action
	Abandoned                      // the crew has bailed out
)

var damageNames = []string{"immobilised", "brewed up", "smoking", "weapon out", "abandoned"}

// Names lists the damage bits set, in a fixed order.
func (d Damage) Names() []string {
	var out []string
	for i, n := range damageNames {
		if d&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// Has reports whether every bit of x is set.
func (d Damage) Has(x Damage) bool { return d&x == x }

// ParseDamage reads one damage name.
func ParseDamage(s string) (Damage, bool) {
	for i, n := range damageNames {
		if n == s {
			return 1 << i, true
		}
	}
	return 0, false
}

// DamageNames lists every damage name, for messages.
func DamageNames() []string { return append([]string(nil), damageNames...) }

// Hull is the type's footprint at a pose.
func (t *Type) Hull(p Pose) Hull { return HullAt(t.Length, t.Width, p.Pos, p.Facing) }

// WeaponFacing is the facing a weapon's arc turns with at a pose.
func (t *Type) WeaponFacing(w Weapon, p Pose) int {
	if w.Mount.OnTurret() && t.HasTurret {
		return p.Turret
	}
	return p.Facing
}

// TurretCentre is where the turret ring's centre stands at a pose.
func (t *Type) TurretCentre(p Pose) geom.Pt {
	if t.TurretOffset == 0 {
		return p.Pos
	}
	d := Dir(p.Facing)
	return p.Pos.Add(geom.Pt{X: roundDiv(d.X*t.TurretOffset, Scale), Y: roundDiv(d.Y*t.TurretOffset, Scale)})
}

// WeaponCovers reports whether weapon w of a vehicle at pose p can bear
// on the point target (the arc measured from the hull centre, or from the
// turret ring for turret weapons).
func (t *Type) WeaponCovers(w Weapon, p Pose, target geom.Pt) bool {
	apex := p.Pos
	if w.Mount.OnTurret() {
		apex = t.TurretCentre(p)
	}
	return ArcCovers(apex, t.WeaponFacing(w, p), w.Arc, target)
}

// WeaponCoversBase reports whether any part of a base lies in weapon w's
// arc.
func (t *Type) WeaponCoversBase(w Weapon, p Pose, base geom.Circle) bool {
	apex := p.Pos
	if w.Mount.OnTurret() {
		apex = t.TurretCentre(p)
	}
	return ArcCoversCircle(apex, t.WeaponFacing(w, p), w.Arc, base)
}

// DoorAt is where door d stands on the table at pose p.
func (t *Type) DoorAt(d Door, p Pose) geom.Pt {
	f, r := Dir(p.Facing), Dir(p.Facing+90)
	return p.Pos.Add(geom.Pt{
		X: roundDiv(f.X*d.Forward+r.X*d.Right, Scale),
		Y: roundDiv(f.Y*d.Forward+r.Y*d.Right, Scale),
	})
}

// roundDiv is a/n rounded to the nearest whole number, halves away from
// zero (n > 0).
func roundDiv(a, n int64) int64 {
	if a >= 0 {
		return (2*a + n) / (2 * n)
	}
	return -((-2*a + n) / (2 * n))
}

// DoorOut is where a figure with a base of radius r stands on getting
// out by door d of a vehicle at pose p: straight out from the face the
// door is nearest (in hull proportions), its base just clear of the hull
// (touching it, or a unit off where rounding would overlap). The rule set
// checks the spot against terrain and other models.
func (t *Type) DoorOut(d Door, p Pose, r int64) geom.Pt {
	// Which face: compare how near the door is to the front/rear versus
	// the sides, each as a share of the half-length or half-width.
	fwd, right := d.Forward, d.Right
	af, ar := abs(fwd)*t.Width, abs(right)*t.Length
	var out int // bearing of the outward normal, relative to the facing
	switch {
	case af >= ar && fwd >= 0:
		out = 0
	case af >= ar:
		out = 180
	case right >= 0:
		out = 90
	default:
		out = 270
	}
	base := t.DoorAt(d, p)
	h := t.Hull(p)
	n := Dir(p.Facing + out)
	// Put the base centre on the face's line first, then step out.
	var half int64
	switch out {
	case 0:
		half = t.Length/2 - fwd
	case 180:
		half = t.Length/2 + fwd
	case 90:
		half = t.Width/2 - right
	default:
		half = t.Width/2 + right
	}
	for extra := int64(0); ; extra++ {
		dist := half + r + extra
		q := base.Add(geom.Pt{X: roundDiv(n.X*dist, Scale), Y: roundDiv(n.Y*dist, Scale)})
		if !h.OverlapsBase(geom.Circle{C: q, R: r}) || extra > 4 {
			return q
		}
	}
}
