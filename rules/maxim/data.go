package maxim

import (
	"embed"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

//go:embed data/*.toml
var dataFS embed.FS

// Weapon is one line of the weapons tables (see data/weapons.toml).
type Weapon struct {
	ID        string `toml:"id"`
	Name      string `toml:"name"`
	Explosive bool   `toml:"explosive"`
	Melee     bool   `toml:"melee"` // a melee-only item
	MinRange  int    `toml:"min_range"`
	Range     int    `toml:"range"`
	Hit       int    `toml:"hit"`
	ROF       int    `toml:"rof"`
	Stun      int    `toml:"stun"`
	Light     int    `toml:"light"`
	Serious   int    `toml:"serious"`
	A         int    `toml:"a"`
	B         int    `toml:"b"`
	C         int    `toml:"c"`
	Cone      int    `toml:"cone"`
	Pen       int    `toml:"pen"`
	Dev       int    `toml:"dev"`
	Heavy     bool   `toml:"heavy"`
	Expend    bool   `toml:"expend"`
	Close     bool   `toml:"close"`
	Nasty     bool   `toml:"nasty"`
	Missile   bool   `toml:"missile"`
	Point     bool   `toml:"point"`
	Indirect  bool   `toml:"indirect"`
	Aircraft  bool   `toml:"aircraft"`
	Auto      bool   `toml:"auto"` // no roll to hit (claymore)
}

// Reach is the weapon's range in position units.
func (w *Weapon) Reach() int64 { return int64(w.Range) * geom.PerInch }

// Min is the weapon's minimum range in position units.
func (w *Weapon) Min() int64 { return int64(w.MinRange) * geom.PerInch }

// Quality is one troop quality's numbers.
type Quality struct {
	Morale     int `toml:"morale"`
	Initiative int `toml:"initiative"`
	Hit        int `toml:"hit"`
	Melee      int `toml:"melee"`
}

// Chart is a d10 damage chart: the highest face of each band.
type Chart struct {
	Stun    int `toml:"stun"`
	Light   int `toml:"light"`
	Serious int `toml:"serious"`
}

// Tables holds every table but the weapons.
type Tables struct {
	Quality    map[string]Quality `toml:"quality"`
	Initiative struct {
		Die      int `toml:"die"`
		Surprise int `toml:"surprise"`
	} `toml:"initiative"`
	Move struct {
		Men           int `toml:"men"`
		HorseDice     int `toml:"horse_dice"`
		HorseAdd      int `toml:"horse_add"`
		DifficultCost int `toml:"difficult_cost"`
	} `toml:"move"`
	ToHit struct {
		Moving       int `toml:"moving"`
		Cover        int `toml:"cover"`
		ShotAt       int `toml:"shot_at"`
		Missile      int `toml:"missile"`
		LightWound   int `toml:"light_wound"`
		SeriousWound int `toml:"serious_wound"`
		Morale2      int `toml:"morale2"`
	} `toml:"tohit"`
	Wound struct {
		LightMove int `toml:"light_move"`
	} `toml:"wound"`
	Save struct {
		HardCover int `toml:"hard_cover"`
		Kevlar    int `toml:"kevlar"`
	} `toml:"save"`
	Blast struct {
		A Chart `toml:"a"`
		B Chart `toml:"b"`
		C Chart `toml:"c"`
	} `toml:"blast"`
	Morale struct {
		Fanatic           int `toml:"fanatic"`
		PerFiveCasualties int `toml:"per_five_casualties"`
		HalfCasualties    int `toml:"half_casualties"`
		EnemyDead         int `toml:"enemy_dead"`
		LeaderHit         int `toml:"leader_hit"`
		AFVNear           int `toml:"afv_near"`
		EnemyAFVKO        int `toml:"enemy_afv_ko"`
		FriendlyAFVKO     int `toml:"friendly_afv_ko"`
		AbandonDie        int `toml:"abandon_die"`
		AbandonOn         int `toml:"abandon_on"`
	} `toml:"morale"`
	Vehicle VehicleTables `toml:"vehicle"`
	Melee   struct {
		Contact        int `toml:"contact"`
		Nasty          int `toml:"nasty"`
		Close          int `toml:"close"`
		Fanatic        int `toml:"fanatic"`
		Behind         int `toml:"behind"`
		PerMoraleLevel int `toml:"per_morale_level"`
	} `toml:"melee"`
}

// DiceAdd is a number of D6 plus a constant.
type DiceAdd struct {
	Dice int `toml:"dice"`
	Add  int `toml:"add"`
}

// VehicleTables are the book's vehicle numbers, kept for the vehicle rules
// (not used by the infantry game yet).
type VehicleTables struct {
	Move  map[string]DiceAdd `toml:"move"`
	ToHit struct {
		MovingTwice     int `toml:"moving_twice"`
		MovingGFCS      int `toml:"moving_gfcs"`
		MovingTwiceGFCS int `toml:"moving_twice_gfcs"`
		EnemyAFVNear    int `toml:"enemy_afv_near"`
	} `toml:"tohit"`
	Critical struct {
		Results    []string `toml:"results"`
		Crewman    Chart    `toml:"crewman"`
		EngineFire int      `toml:"engine_fire"`
		Cargo      Chart    `toml:"cargo"`
	} `toml:"critical"`
}

// Data is the whole rule set's data.
type Data struct {
	Weapons []Weapon
	byID    map[string]int
	Tables
}

// Weapon finds a weapon by id.
func (d *Data) Weapon(id string) (*Weapon, bool) {
	i, ok := d.byID[id]
	if !ok {
		return nil, false
	}
	return &d.Weapons[i], true
}

var data = mustLoad()

func mustLoad() *Data {
	d, err := load()
	if err != nil {
		panic("maxim data: " + err.Error())
	}
	return d
}

func load() (*Data, error) {
	var wf struct {
		Weapon []Weapon `toml:"weapon"`
	}
	if err := decode("data/weapons.toml", &wf); err != nil {
		return nil, err
	}
	d := &Data{Weapons: wf.Weapon, byID: map[string]int{}}
	if err := decode("data/tables.toml", &d.Tables); err != nil {
		return nil, err
	}
	for i, w := range d.Weapons {
		if w.ID == "" {
			return nil, fmt.Errorf("weapon %d has no id", i+1)
		}
		if _, dup := d.byID[w.ID]; dup {
			return nil, fmt.Errorf("weapon %q listed twice", w.ID)
		}
		if !w.Melee && !w.Aircraft && w.Range <= 0 {
			return nil, fmt.Errorf("weapon %q has no range", w.ID)
		}
		if !w.Melee && w.ROF < 1 {
			return nil, fmt.Errorf("weapon %q has no rate of fire", w.ID)
		}
		if !w.Explosive && !w.Melee && !(w.Stun < w.Light && w.Light <= w.Serious && w.Serious <= 10) {
			return nil, fmt.Errorf("weapon %q has a broken damage chart", w.ID)
		}
		d.byID[w.ID] = i
	}
	for _, q := range []string{"elite", "veteran", "regular", "green", "untrained", "mob"} {
		if _, ok := d.Quality[q]; !ok {
			return nil, fmt.Errorf("quality %q missing", q)
		}
	}
	return d, nil
}

func decode(name string, v any) error {
	b, err := dataFS.ReadFile(name)
	if err != nil {
		return err
	}
	return rules.DecodeData(name, b, v)
}

// WeaponIDs lists the weapon ids in table order.
func WeaponIDs() []string {
	out := make([]string, len(data.Weapons))
	for i, w := range data.Weapons {
		out[i] = w.ID
	}
	return out
}
