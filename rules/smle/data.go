package smle

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/vehicle"
)

//go:embed data/*.toml
var dataFS embed.FS

// Weapon is one line of the weapons table.
type Weapon struct {
	ID          string `toml:"id"`
	Name        string `toml:"name"`
	Type        string `toml:"type"`
	Dice        int    `toml:"dice"`
	Add         int    `toml:"add"`
	Close       int    `toml:"close"`
	CloseNA     bool   `toml:"close_na"`
	Range       int    `toml:"range"`
	MinRange    int    `toml:"min_range"`
	Indirect    bool   `toml:"indirect"`
	OneShot     bool   `toml:"one_shot"`
	AutoClose   bool   `toml:"auto_close"`
	Thrown      bool   `toml:"thrown"`
	MovePenalty int    `toml:"move_penalty"`
	Missile     bool   `toml:"missile"` // a guided missile: anti-missile screens take a die off it
}

// Has reports whether the weapon's type letters include c (B, E, X, A, H).
func (w *Weapon) Has(c byte) bool { return strings.IndexByte(w.Type, c) >= 0 }

// Auto reports whether the weapon is autofire at the given range.
func (w *Weapon) Auto(closeRange bool) bool { return w.Has('A') || (w.AutoClose && closeRange) }

// Explosive reports an X weapon.
func (w *Weapon) Explosive() bool { return w.Has('X') }

// Heavy reports an H weapon (must be braced to fire).
func (w *Weapon) Heavy() bool { return w.Has('H') }

// Band is one row of the Activation Table.
type Band struct {
	Name   string `toml:"name"`
	Label  string `toml:"label"`
	Min    *int   `toml:"min"`
	Max    *int   `toml:"max"`
	Move   int    `toml:"move"`
	Combat string `toml:"combat"`
	Other  string `toml:"other"`
}

// Motive is one motivation's effect on activation.
type Motive struct {
	Add             int  `toml:"add"`
	Shift           int  `toml:"shift"`
	ReplacesQuality bool `toml:"replaces_quality"`
	Toward          bool `toml:"toward"`
}

// LeaderQuality is one row of the optional leader quality roll.
type LeaderQuality struct {
	Name              string `toml:"name"`
	Min               int    `toml:"min"`
	Max               int    `toml:"max"`
	Add               int    `toml:"add"`
	Shift             int    `toml:"shift"`
	FollowersAtLeader bool   `toml:"followers_at_leader"`
}

// RangeName is a named 1D6 range.
type RangeName struct {
	Name string `toml:"name"`
	Min  int    `toml:"min"`
	Max  int    `toml:"max"`
}

// Armour is one armour rating.
type Armour struct {
	VsB  int `toml:"vs_b"`
	VsEX int `toml:"vs_ex"`
	Move int `toml:"move"`
}

// Tables holds every S.M.L.E. table but the weapons.
type Tables struct {
	Bands        []Band `toml:"band"`
	SteadyToward string `toml:"steady_toward"`
	Activation   struct {
		Quality map[string]int    `toml:"quality"`
		Motive  map[string]Motive `toml:"motive"`
		Mods    struct {
			Leader        int `toml:"leader"`
			Fresh         int `toml:"fresh"`
			Armoured      int `toml:"armoured"`
			Concealed     int `toml:"concealed"`
			HardCover     int `toml:"hard_cover"`
			Prepared      int `toml:"prepared"`
			EachWounded   int `toml:"each_wounded"`
			EachCasualty  int `toml:"each_casualty"`
			NotUnderFire  int `toml:"not_under_fire"`
			DirectFire    int `toml:"direct_fire"`
			AutoFire      int `toml:"auto_fire"`
			ExplosiveFire int `toml:"explosive_fire"`
			Separated     int `toml:"separated"`
			Flank         int `toml:"flank"`
			Rear          int `toml:"rear"`
			Broken        int `toml:"broken"`
		} `toml:"mods"`
	} `toml:"activation"`
	Leaders      []LeaderQuality `toml:"leader"`
	LeaderReroll struct {
		ExceptionalOn int `toml:"exceptional_on"`
	} `toml:"leader_reroll"`
	RandomQuality          []RangeName `toml:"random_quality"`
	RandomQualityLeaderAdd struct {
		Add int `toml:"add"`
	} `toml:"random_quality_leader_add"`
	ToHit     map[string]int `toml:"to_hit"`
	FirerMods struct {
		Elite           int `toml:"elite"`
		MovedHalfOrMore int `toml:"moved_half_or_more"`
		MovedUnderHalf  int `toml:"moved_under_half"`
		Prone           int `toml:"prone"`
		Braced          int `toml:"braced"`
		Prepared        int `toml:"prepared"`
		NotUnderFire    int `toml:"not_under_fire"`
		LightWound      int `toml:"light_wound"`
		Direct          int `toml:"direct"`
		Opportunity     int `toml:"opportunity"`
		Return          int `toml:"return"`
		Panic           int `toml:"panic"`
		ExtremeRange    int `toml:"extreme_range"`
	} `toml:"firer_mods"`
	TargetMods struct {
		Untrained        int `toml:"untrained"`
		Green            int `toml:"green"`
		Trained          int `toml:"trained"`
		Veteran          int `toml:"veteran"`
		SpecificFigure   int `toml:"specific_figure"`
		Unaware          int `toml:"unaware"`
		IntoOutOfSight   int `toml:"into_out_of_sight"`
		MovedOverHalf    int `toml:"moved_over_half"`
		Prone            int `toml:"prone"`
		SoftCover        int `toml:"soft_cover"`
		HardCover        int `toml:"hard_cover"`
		PreparedPosition int `toml:"prepared"`
	} `toml:"target_mods"`
	Armour        map[string]Armour `toml:"armour"`
	DefenderTable map[string]int    `toml:"defender_mods"`
	Movement      struct {
		Unarmoured        int `toml:"unarmoured"`
		Light             int `toml:"light"`
		Heavy             int `toml:"heavy"`
		Cavalry           int `toml:"cavalry"`
		Bicycles          int `toml:"bicycles"`
		WarriorsBonus     int `toml:"warriors_bonus"`
		StandUp           int `toml:"stand_up"`
		Crawl             int `toml:"crawl"`
		HeavyWeapon       int `toml:"heavy_weapon"`
		VeryHeavyWeapon   int `toml:"very_heavy_weapon"`
		EliteFanaticBonus int `toml:"elite_fanatic_bonus"`
		DifficultFactor   int `toml:"difficult_factor"`
		ObstacleCost      int `toml:"obstacle_cost"`
	} `toml:"movement"`
	Door       map[string]int `toml:"door"`
	CloseTable map[string]int `toml:"close_mods"`
	Explosive  struct {
		ShortMax         int `toml:"short_max"`
		GrenadeFactorNum int `toml:"grenade_factor_num"`
		GrenadeFactorDen int `toml:"grenade_factor_den"`
		FarFactor        int `toml:"far_factor"`
		ObserverBonus    int `toml:"observer_bonus"`
	} `toml:"explosive"`
	// Reload and BoobyTrap are house values (reload.go, traps.go).
	Reload struct {
		Band        string `toml:"band"`
		DryOnDouble bool   `toml:"dry_on_double"`
	} `toml:"reload"`
	BoobyTrap struct {
		Weapon  string `toml:"weapon"`
		Trigger int    `toml:"trigger"`
		Band    string `toml:"band"`
	} `toml:"booby_trap"`
	Points      map[string]int     `toml:"points"`
	Multipliers map[string]float64 `toml:"multipliers"`
	TeamSize    map[string]int     `toml:"team_size"`
}

// Data is the whole rule set's data.
type Data struct {
	Weapons []Weapon `toml:"weapon"`
	Tables
	Veh    VehicleTables // vehicles.toml (vehicles.go)
	vtypes []vehicle.Type
	byID   map[string]int
}

// Weapon finds a weapon by id.
func (d *Data) Weapon(id string) (*Weapon, bool) {
	i, ok := d.byID[id]
	if !ok {
		return nil, false
	}
	return &d.Weapons[i], true
}

// BandIndex finds a band by name (-1 if unknown).
func (d *Data) BandIndex(name string) int {
	for i, b := range d.Bands {
		if b.Name == name {
			return i
		}
	}
	return -1
}

// BandFor gives the index of the band a total falls in.
func (d *Data) BandFor(total int) int {
	for i, b := range d.Bands {
		if (b.Min == nil || total >= *b.Min) && (b.Max == nil || total <= *b.Max) {
			return i
		}
	}
	return 0
}

// decodeStrict decodes TOML and refuses unknown keys, naming the first.
func decodeStrict(name string, src []byte, v any) error { return rules.DecodeData(name, src, v) }

// Load reads weapons.toml and tables.toml from fsys and checks them.
func Load(fsys fs.FS) (*Data, error) {
	d := &Data{}
	wsrc, err := fs.ReadFile(fsys, "weapons.toml")
	if err != nil {
		return nil, err
	}
	var ws struct {
		Weapon []Weapon `toml:"weapon"`
	}
	if err := decodeStrict("weapons.toml", wsrc, &ws); err != nil {
		return nil, err
	}
	d.Weapons = ws.Weapon
	tsrc, err := fs.ReadFile(fsys, "tables.toml")
	if err != nil {
		return nil, err
	}
	if err := decodeStrict("tables.toml", tsrc, &d.Tables); err != nil {
		return nil, err
	}
	// vehicles.toml is optional (a rule set without vehicles).
	if vsrc, err := fs.ReadFile(fsys, "vehicles.toml"); err == nil {
		if err := decodeStrict("vehicles.toml", vsrc, &d.Veh); err != nil {
			return nil, err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	d.Weapons = append(d.Weapons, d.Veh.Weapon...)
	if err := d.check(); err != nil {
		return nil, err
	}
	return d, d.checkVehicles()
}

func (d *Data) check() error {
	d.byID = map[string]int{}
	for i, w := range d.Weapons {
		if w.ID == "" {
			return fmt.Errorf("weapons.toml: weapon %d has no id", i+1)
		}
		if _, dup := d.byID[w.ID]; dup {
			return fmt.Errorf("weapons.toml: weapon %q listed twice", w.ID)
		}
		if strings.Trim(w.Type, "BEXAH") != "" || w.Type == "" {
			return fmt.Errorf("weapons.toml: weapon %q has type %q (letters B, E, X, A, H)", w.ID, w.Type)
		}
		if w.Dice < 1 || w.Range < 1 {
			return fmt.Errorf("weapons.toml: weapon %q needs dice and range", w.ID)
		}
		d.byID[w.ID] = i
	}
	if len(d.Bands) < 2 {
		return fmt.Errorf("tables.toml: the activation table needs bands")
	}
	// Bands must tile the integers: first open below, last open above.
	for i, b := range d.Bands {
		if (i == 0) != (b.Min == nil) || (i == len(d.Bands)-1) != (b.Max == nil) {
			return fmt.Errorf("tables.toml: band %q: only the first band may lack min and only the last max", b.Name)
		}
		if i > 0 && d.Bands[i-1].Max != nil && *d.Bands[i-1].Max+1 != *b.Min {
			return fmt.Errorf("tables.toml: band %q does not follow on from %q", b.Name, d.Bands[i-1].Name)
		}
		switch b.Combat {
		case "none", "panic", "return", "opportunity", "direct", "assault":
		default:
			return fmt.Errorf("tables.toml: band %q has unknown combat option %q", b.Name, b.Combat)
		}
	}
	if d.BandIndex(d.SteadyToward) < 0 {
		return fmt.Errorf("tables.toml: steady_toward names no band")
	}
	for _, q := range []string{"untrained", "green", "trained", "veteran"} {
		if _, ok := d.ToHit[q]; !ok {
			return fmt.Errorf("tables.toml: no to-hit number for %s", q)
		}
		if _, ok := d.Activation.Quality[q]; !ok {
			return fmt.Errorf("tables.toml: no activation modifier for %s", q)
		}
	}
	for _, a := range []string{"none", "light", "body"} {
		if _, ok := d.Armour[a]; !ok {
			return fmt.Errorf("tables.toml: no armour rating %q", a)
		}
	}
	return nil
}

var std = mustLoadStd()

func mustLoadStd() *Data {
	sub, err := fs.Sub(dataFS, "data")
	if err != nil {
		panic(err)
	}
	d, err := Load(sub)
	if err != nil {
		panic("smle data: " + err.Error())
	}
	return d
}

// Std returns the embedded data, loaded once at start-up (a bad embedded
// file is a build defect and panics). Never modify it.
func Std() *Data { return std }
