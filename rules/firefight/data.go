package firefight

import (
	"embed"
	"fmt"
	"hedgerow/rules"
	"io/fs"
)

//go:embed data/*.toml
var dataFS embed.FS

// Dist is one book distance: centimetres as the book gives them, and the
// same in position units (thousandths of an inch), rounded once in the
// data file. The rules use U only.
type Dist struct {
	CM float64 `toml:"cm"`
	U  int64   `toml:"u"`
}

// Band is one range band of a weapon: up to U position units the shot
// needs Base on a d20 before modifiers.
type Band struct {
	CM   float64 `toml:"cm"`
	U    int64   `toml:"u"`
	Base int     `toml:"base"`
}

// Weapon is one row of the weapons table.
type Weapon struct {
	ID       string `toml:"id"`
	Name     string `toml:"name"`
	Points   int    `toml:"points"`
	Impact   int    `toml:"impact"`
	Template string `toml:"template"`
	Mount    string `toml:"mount"`
	Thrown   bool   `toml:"thrown"`
	Bands    []Band `toml:"bands"`
	// baseWhy[i] is the reason a shot in band i gives for its base
	// number, written once when the data is loaded (baseReason).
	baseWhy []string
	// impactWhy is the hit table's reason for its impact (impactMod).
	impactWhy string
}

// Auto reports whether the weapon fires a burst (auto, LMG or HMG template).
func (w *Weapon) Auto() bool {
	return w.Template == "auto" || w.Template == "lmg" || w.Template == "hmg"
}

// Reach is the furthest band.
func (w *Weapon) Reach() int64 {
	if len(w.Bands) == 0 {
		return 0
	}
	return w.Bands[len(w.Bands)-1].U
}

// Row is one row of a result table: totals up to Max give Result.
type Row struct {
	Max    int    `toml:"max"`
	Result string `toml:"result"`
}

// Deviation is one face of the grenade deviation table.
type Deviation struct {
	Face  int    `toml:"face"`
	Label string `toml:"label"`
	Long  int    `toml:"long"`
	Right int    `toml:"right"`
}

// Tables holds every table but the weapons.
type Tables struct {
	Dist struct {
		Move          Dist `toml:"move"`
		Command       Dist `toml:"command"`
		SpotStep      Dist `toml:"spot_step"`
		DeviationNear Dist `toml:"deviation_near"`
		DeviationFar  Dist `toml:"deviation_far"`
		BlastRadius   Dist `toml:"blast_radius"`
		AutoHalfLong  Dist `toml:"auto_half_long"`
		AutoHalfWide  Dist `toml:"auto_half_wide"`
		LMGHalfLong   Dist `toml:"lmg_half_long"`
		LMGHalfWide   Dist `toml:"lmg_half_wide"`
		HMGHalfLong   Dist `toml:"hmg_half_long"`
		HMGHalfWide   Dist `toml:"hmg_half_wide"`
		Moved1        Dist `toml:"moved_1"`
		Moved2        Dist `toml:"moved_2"`
		Moved3        Dist `toml:"moved_3"`
	} `toml:"dist"`
	Cost struct {
		Move          int       `toml:"move"`
		RoughExtra    int       `toml:"rough_extra"`
		Obstacle      [3]int    `toml:"obstacle"`
		Spot          int       `toml:"spot"`
		Fire          int       `toml:"fire"`
		OppFire       int       `toml:"opp_fire"`
		Posture       [3][3]int `toml:"posture"`
		MotivatedAP   int       `toml:"motivated_ap"`
		UnmotivatedAP int       `toml:"unmotivated_ap"`
	} `toml:"cost"`
	Spot struct {
		Base              int    `toml:"base"`
		RangePerStep      int    `toml:"range_per_step"`
		SpotterSuppressed int    `toml:"spotter_suppressed"`
		SpotterMoving     int    `toml:"spotter_moving"`
		Cover             [4]int `toml:"cover"`
		Posture           [3]int `toml:"posture"`
		Moved             [4]int `toml:"moved"`
		FiredSingle       int    `toml:"fired_single"`
		FiredAuto         int    `toml:"fired_auto"`
	} `toml:"spot"`
	Fire struct {
		FirerMoved      int    `toml:"firer_moved"`
		FirerSuppressed int    `toml:"firer_suppressed"`
		Rested          int    `toml:"rested"`
		Bipod           int    `toml:"bipod"`
		Tripod          int    `toml:"tripod"`
		Cover           [4]int `toml:"cover"`
		Posture         [3]int `toml:"posture"`
		Moved           [4]int `toml:"moved"`
	} `toml:"fire"`
	Hit    []Row `toml:"hit"`
	Morale struct {
		InitiativeLoss  int   `toml:"initiative_loss"`
		InitiativeFloor int   `toml:"initiative_floor"`
		Cohesion        []int `toml:"cohesion"`
		EachHit         int   `toml:"each_hit"`
		LeaderDown      int   `toml:"leader_down"`
		LeaderTesting   int   `toml:"leader_testing"`
	} `toml:"morale"`
	Reaction  []Row `toml:"reaction"`
	NewLeader struct {
		Add int `toml:"add"`
	} `toml:"new_leader"`
	Deviation []Deviation `toml:"deviation"`
	Defaults  struct {
		Initiative      int `toml:"initiative"`
		VictoryFraction int `toml:"victory_fraction"`
	} `toml:"defaults"`
}

// Data is the whole rule set's data.
type Data struct {
	Weapons []Weapon
	Tables
}

// Weapon finds a weapon by id.
func (d *Data) Weapon(id string) (*Weapon, bool) {
	for i := range d.Weapons {
		if d.Weapons[i].ID == id {
			return &d.Weapons[i], true
		}
	}
	return nil, false
}

// WeaponIDs lists the weapon ids in file order.
func (d *Data) WeaponIDs() []string {
	out := make([]string, len(d.Weapons))
	for i, w := range d.Weapons {
		out[i] = w.ID
	}
	return out
}

// Lookup reads a result table.
func Lookup(rows []Row, total int) string {
	for _, r := range rows {
		if total <= r.Max {
			return r.Result
		}
	}
	return rows[len(rows)-1].Result
}

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
	for i := range d.Weapons {
		w := &d.Weapons[i]
		w.impactWhy = w.Name + " impact"
		w.baseWhy = make([]string, len(w.Bands))
		for bi := range w.Bands {
			w.baseWhy[bi] = w.Name + " base number, " + bandLabel(w, bi)
		}
	}
	tsrc, err := fs.ReadFile(fsys, "tables.toml")
	if err != nil {
		return nil, err
	}
	if err := decodeStrict("tables.toml", tsrc, &d.Tables); err != nil {
		return nil, err
	}
	return d, d.check()
}

// CMToUnits is round(cm * 1000 / 2.54) for a distance given to the tenth
// of a centimetre, in integers: tenths * 10000 / 254, rounded half up.
func CMToUnits(tenths int64) int64 { return (tenths*10000*2 + 254) / (2 * 254) }

func checkDist(what string, d Dist) error {
	tenths := int64(d.CM*10 + 0.5)
	if float64(tenths) != d.CM*10 {
		return fmt.Errorf("%s: %g cm is not a whole number of millimetres", what, d.CM)
	}
	if d.U != CMToUnits(tenths) || d.U <= 0 {
		return fmt.Errorf("%s: %g cm is %d position units, not %d", what, d.CM, CMToUnits(tenths), d.U)
	}
	return nil
}

func (d *Data) check() error {
	t := &d.Tables
	dists := []struct {
		n string
		d Dist
	}{{"move", t.Dist.Move}, {"command", t.Dist.Command}, {"spot_step", t.Dist.SpotStep},
		{"deviation_near", t.Dist.DeviationNear}, {"deviation_far", t.Dist.DeviationFar}, {"blast_radius", t.Dist.BlastRadius},
		{"auto_half_long", t.Dist.AutoHalfLong}, {"auto_half_wide", t.Dist.AutoHalfWide},
		{"lmg_half_long", t.Dist.LMGHalfLong}, {"lmg_half_wide", t.Dist.LMGHalfWide},
		{"hmg_half_long", t.Dist.HMGHalfLong}, {"hmg_half_wide", t.Dist.HMGHalfWide},
		{"moved_1", t.Dist.Moved1}, {"moved_2", t.Dist.Moved2}, {"moved_3", t.Dist.Moved3}}
	for _, x := range dists {
		if err := checkDist("tables.toml dist."+x.n, x.d); err != nil {
			return err
		}
	}
	if len(d.Weapons) == 0 {
		return fmt.Errorf("weapons.toml: no weapons")
	}
	seen := map[string]bool{}
	for _, w := range d.Weapons {
		if w.ID == "" || seen[w.ID] {
			return fmt.Errorf("weapons.toml: weapon id %q empty or repeated", w.ID)
		}
		seen[w.ID] = true
		if w.Points < 1 || w.Impact < 0 || len(w.Bands) == 0 {
			return fmt.Errorf("weapons.toml %s: needs points, impact and range bands", w.ID)
		}
		switch w.Template {
		case "", "auto", "lmg", "hmg", "blast":
		default:
			return fmt.Errorf("weapons.toml %s: unknown template %q", w.ID, w.Template)
		}
		switch w.Mount {
		case "", "bipod", "tripod":
		default:
			return fmt.Errorf("weapons.toml %s: unknown mount %q", w.ID, w.Mount)
		}
		var last int64
		for i, b := range w.Bands {
			if err := checkDist(fmt.Sprintf("weapons.toml %s band %d", w.ID, i+1), Dist{b.CM, b.U}); err != nil {
				return err
			}
			if b.U <= last || b.Base < 1 {
				return fmt.Errorf("weapons.toml %s: bands must grow and need a base number", w.ID)
			}
			last = b.U
		}
	}
	if len(t.Hit) == 0 || len(t.Reaction) == 0 || len(t.Morale.Cohesion) != 6 {
		return fmt.Errorf("tables.toml: hit, reaction and a six-entry cohesion table are needed")
	}
	if len(t.Deviation) != 10 {
		return fmt.Errorf("tables.toml: the deviation table needs faces 1 to 10")
	}
	for i, dv := range t.Deviation {
		if dv.Face != i+1 {
			return fmt.Errorf("tables.toml: deviation face %d out of order", dv.Face)
		}
	}
	if t.Cost.MotivatedAP < 1 || t.Cost.UnmotivatedAP < 1 || t.Defaults.Initiative < 1 || t.Defaults.VictoryFraction < 1 {
		return fmt.Errorf("tables.toml: action points, default initiative and victory fraction must be positive")
	}
	return nil
}

var data = func() *Data {
	sub, err := fs.Sub(dataFS, "data")
	if err != nil {
		panic(err)
	}
	d, err := Load(sub)
	if err != nil {
		panic("firefight data: " + err.Error())
	}
	return d
}()
