package skirmish35

import (
	"embed"
	"fmt"
	"io/fs"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

//go:embed data/*.toml
var dataFS embed.FS

// Weapon is one line of the weapons table (data/weapons.toml).
type Weapon struct {
	ID           string  `toml:"id"`
	Name         string  `toml:"name"`
	Kind         string  `toml:"kind"`
	Kill         int     `toml:"kill"`
	Suppress     int     `toml:"suppress"`
	Burst        bool    `toml:"burst"`
	Support      bool    `toml:"support"`
	SuppressNeed int     `toml:"suppress_need"`
	Quad         bool    `toml:"quad"`
	Melee        int     `toml:"melee"`
	OneShot      bool    `toml:"one_shot"`
	Sniper       bool    `toml:"sniper"`
	RangeStep    float64 `toml:"range_step"` // 0: the hit table's
}

// CanSuppress reports whether the weapon may lay a line of suppressive fire.
func (w *Weapon) CanSuppress() bool { return w.Suppress > 0 && (w.SuppressNeed > 0 || w.Quad) }

// Effect is one row of the grenade and mortar effect table.
type Effect struct {
	NoneMax     int `toml:"none_max"`
	SuppressMax int `toml:"suppress_max"`
}

// DevBand is one row of the grenade deviation table.
type DevBand struct {
	Upto float64 `toml:"upto"`
	On   int     `toml:"on"`
	Dist float64 `toml:"dist"`
}

// Tables holds every number of the rule set (data/tables.toml).
type Tables struct {
	Points struct {
		Green       int `toml:"green"`
		Experienced int `toml:"experienced"`
		Elite       int `toml:"elite"`
		MoraleLoss  int `toml:"morale_loss"`
	} `toml:"points"`
	Costs struct {
		Move, Crawl, Unaimed, Aimed, Grenade, Melee, Action, Opportunity int
		Hide, Rally, Stand, Suppress, Reload, Plot, Face, Prone          int
		Surrender, Beaten                                                int
	} `toml:"costs"`
	Move struct {
		PerPoint      float64 `toml:"per_point"`
		CrawlPerPoint float64 `toml:"crawl_per_point"`
		Max           float64 `toml:"max"`
	} `toml:"move"`
	Acquire struct {
		Long       float64 `toml:"long"`
		LongMod    int     `toml:"long_mod"`
		Soft       int     `toml:"soft"`
		Hard       int     `toml:"hard"`
		Hidden     int     `toml:"hidden"`
		Hindrance  int     `toml:"hindrance"`
		SeenBefore int     `toml:"seen_before"`
	} `toml:"acquire"`
	Hit struct {
		Aimed       int     `toml:"aimed"`
		Unaimed     int     `toml:"unaimed"`
		RangeStep   float64 `toml:"range_step"`
		Hindrance   int     `toml:"hindrance"`
		Hard        int     `toml:"hard"`
		Soft        int     `toml:"soft"`
		TargetMoved int     `toml:"target_moved"`
		MovedStep   float64 `toml:"moved_step"`
		ProneOpen   int     `toml:"prone_open"`
		FirerMoved  int     `toml:"firer_moved"`
	} `toml:"hit"`
	Save struct {
		Hindrance int `toml:"hindrance"`
		Soft      int `toml:"soft"`
		Hard      int `toml:"hard"`
	} `toml:"save"`
	Morale struct {
		Killed     int     `toml:"killed"`
		FiredAt    int     `toml:"fired_at"`
		Suppressed int     `toml:"suppressed"`
		Shaken     int     `toml:"shaken"`
		EnemyRange float64 `toml:"enemy_range"`
		EnemyNear  int     `toml:"enemy_near"`
		Alone      int     `toml:"alone"`
		Cover      int     `toml:"cover"`
	} `toml:"morale"`
	Surrender struct {
		Range       float64 `toml:"range"`
		FriendRange float64 `toml:"friend_range"`
		Enemy       int     `toml:"enemy"`
		Behind      int     `toml:"behind"`
		Suppressed  int     `toml:"suppressed"`
		Shaken      int     `toml:"shaken"`
		Friend      int     `toml:"friend"`
	} `toml:"surrender"`
	Melee struct {
		Initiated  int     `toml:"initiated"`
		Cover      int     `toml:"cover"`
		Suppressed int     `toml:"suppressed"`
		Shaken     int     `toml:"shaken"`
		Prone      int     `toml:"prone"`
		Rear       int     `toml:"rear"`
		Contact    float64 `toml:"contact"`
	} `toml:"melee"`
	Effect struct {
		Open     Effect `toml:"open"`
		Building Effect `toml:"building"`
	} `toml:"effect"`
	Grenade struct {
		Range       float64   `toml:"range"`
		Radius      float64   `toml:"radius"`
		Dud         int       `toml:"dud"`
		Delayed     int       `toml:"delayed"`
		ReturnReach float64   `toml:"return_reach"`
		ReturnBlows int       `toml:"return_blows"`
		Band        []DevBand `toml:"band"`
	} `toml:"grenade"`
	Spinner struct {
		Faces int `toml:"faces"`
	} `toml:"spinner"`
	Smoke struct {
		Radius float64 `toml:"radius"`
		Turns  int     `toml:"turns"`
		DriftX float64 `toml:"drift_x"`
		DriftY float64 `toml:"drift_y"`
	} `toml:"smoke"`
	Suppressive struct {
		Line     float64 `toml:"line"`
		ReloadOn int     `toml:"reload_on"`
		QuadArea float64 `toml:"quad_area"`
	} `toml:"suppressive"`
	Mortar struct {
		Min         float64 `toml:"min"`
		Max         float64 `toml:"max"`
		Radius      float64 `toml:"radius"`
		OnTargetMax int     `toml:"on_target_max"`
		CallRange   float64 `toml:"call_range"`
		Follow      float64 `toml:"follow"`
	} `toml:"mortar"`
	Sight struct {
		Front    int     `toml:"front"`
		Standing float64 `toml:"standing"`
		Prone    float64 `toml:"prone"`
		// BushAdjacent: how near a base's edge a hedge must be for the
		// figure to be beside bushes (house value).
		BushAdjacent float64 `toml:"bush_adjacent"`
	} `toml:"sight"`
	Prisoners struct {
		Guard  float64 `toml:"guard"`
		Escape int     `toml:"escape"`
	} `toml:"prisoners"`
	Buildings struct {
		Window float64 `toml:"window"`
		Throw  []struct {
			Upto     float64 `toml:"upto"`
			Need     int     `toml:"need"`
			Standing bool    `toml:"standing"`
		} `toml:"throw"`
	} `toml:"buildings"`
	AT struct {
		FiredOn     int     `toml:"fired_on"`
		FirerMoved  int     `toml:"firer_moved"`
		TargetMoved int     `toml:"target_moved"`
		Side        int     `toml:"side"`
		Radius      float64 `toml:"radius"`
		Bands       []Band  `toml:"bands"`
	} `toml:"at"`
	Vehicle struct {
		Turret     int     `toml:"turret"`
		Gun        int     `toml:"gun"`
		MG         int     `toml:"mg"`
		Smoke      int     `toml:"smoke"`
		Shell      int     `toml:"shell"`
		Dismount   int     `toml:"dismount"`
		MinDrive   int     `toml:"min_drive"`
		HERadius   float64 `toml:"he_radius"`
		ShellRange float64 `toml:"shell_range"`
		SmokeAhead float64 `toml:"smoke_ahead"`
		Shelter    float64 `toml:"shelter"`
		Hatch      int     `toml:"hatch"`
		OpenHatch  int     `toml:"open_hatches"`
		GunBands   []Band  `toml:"gun_bands"`
	} `toml:"vehicle"`
	Victory struct {
		Half bool `toml:"half"`
	} `toml:"victory"`
}

// Band is one range band of a modifier table: up to Upto inches, Mod.
type Band struct {
	Upto float64 `toml:"upto"`
	Mod  int     `toml:"mod"`
}

// Data is the whole rule set's data.
type Data struct {
	Weapons []Weapon `toml:"weapon"`
	T       Tables
	// Vehicles are the vehicle types (data/vehicles.toml) and Types the
	// same in the shared model's form.
	Vehicles []VehicleData  `toml:"-"`
	Types    []vehicle.Type `toml:"-"`

	// labels are the buttons' words ready made (label with its cost in
	// points, cost), so the random player, which asks the kind of every
	// listed command, does not build a string for each
	labels readyLabels `toml:"-"`
}

// readyLabels are the labels Action gives most, made when the data is
// loaded.
type readyLabels struct {
	prone, stand, opp, lean, hide, rally, reload costLabel
	move, crawl                                  string
}

// costLabel is a button's label with its cost, and the cost it was made
// for.
type costLabel struct {
	n int
	s string
}

// costLabelOf is label with its cost in points: "(free)" for none.
func costLabelOf(label string, n int) string {
	if n == 0 {
		return label + " (free)"
	}
	return label + " (" + strconv.Itoa(n) + " AP)"
}

// makeLabels readies the labels Action gives most.
func (d *Data) makeLabels() {
	cs := d.T.Costs
	at := func(label string, n int) costLabel { return costLabel{n: n, s: costLabelOf(label, n)} }
	d.labels = readyLabels{
		prone: at("Go prone", cs.Prone), stand: at("Stand up", cs.Stand),
		opp: at("Hold for opportunity fire", cs.Opportunity), lean: at("Lean out of the window", cs.Move),
		hide: at("Hide", cs.Hide), rally: at("Rally", cs.Rally), reload: at("Reload", cs.Reload),
		move:  "Move (" + strconv.FormatFloat(d.T.Move.PerPoint, 'g', -1, 64) + "\" per AP)",
		crawl: "Crawl (" + strconv.FormatFloat(d.T.Move.CrawlPerPoint, 'g', -1, 64) + "\" per AP)",
	}
}

// get is label with its cost n: the one made ready when n is its cost.
func (l costLabel) get(label string, n int) string {
	if l.s != "" && l.n == n {
		return l.s
	}
	return costLabelOf(label, n)
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

func strictDecode(b []byte, v any, name string) error { return rules.DecodeData(name, b, v) }

// LoadData reads and checks the rule set's data files.
func LoadData(fsys fs.FS) (*Data, error) {
	d := &Data{}
	wb, err := fs.ReadFile(fsys, "data/weapons.toml")
	if err != nil {
		return nil, err
	}
	if err := strictDecode(wb, d, "weapons.toml"); err != nil {
		return nil, err
	}
	tb, err := fs.ReadFile(fsys, "data/tables.toml")
	if err != nil {
		return nil, err
	}
	if err := strictDecode(tb, &d.T, "tables.toml"); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, w := range d.Weapons {
		if w.ID == "" || seen[w.ID] {
			return nil, fmt.Errorf("weapons.toml: weapon id %q missing or repeated", w.ID)
		}
		seen[w.ID] = true
		switch w.Kind {
		case "fire", "grenade", "smoke", "radio", "mortar", "at", "gun":
		default:
			return nil, fmt.Errorf("weapons.toml: %s has unknown kind %q", w.ID, w.Kind)
		}
	}
	t := &d.T
	if t.Points.Green <= 0 || t.Move.PerPoint <= 0 || t.Move.CrawlPerPoint <= 0 || t.Hit.RangeStep <= 0 ||
		t.Hit.MovedStep <= 0 || t.Spinner.Faces <= 0 || len(t.Grenade.Band) == 0 || t.Sight.Front <= 0 ||
		len(t.AT.Bands) == 0 || len(t.Buildings.Throw) == 0 || len(t.Vehicle.GunBands) == 0 {
		return nil, fmt.Errorf("tables.toml: a required table is missing")
	}
	if err := loadVehicles(fsys, d); err != nil {
		return nil, err
	}
	d.makeLabels()
	return d, nil
}

// in converts a table's inches to position units.
func in(v float64) int64 { return geom.In(v) }

var theData = mustLoad()

func mustLoad() *Data {
	d, err := LoadData(dataFS)
	if err != nil {
		panic("skirmish35 data: " + err.Error())
	}
	return d
}
