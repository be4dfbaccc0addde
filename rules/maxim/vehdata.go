package maxim

import (
	"fmt"

	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// vehFile is data/vehicles.toml.
type vehFile struct {
	Vehicle []vehRow `toml:"vehicle"`
}

type vehRow struct {
	ID     string  `toml:"id"`
	Name   string  `toml:"name"`
	Look   string  `toml:"look"`
	Class  string  `toml:"class"`
	Length float64 `toml:"length"`
	Width  float64 `toml:"width"`
	Armour struct {
		Front  int `toml:"front"`
		Side   int `toml:"side"`
		Rear   int `toml:"rear"`
		Top    int `toml:"top"`
		Turret int `toml:"turret"`
	} `toml:"armour"`
	OpenTopped   bool    `toml:"open_topped"`
	Flying       bool    `toml:"flying"`
	GFCS         bool    `toml:"gfcs"`
	Turret       bool    `toml:"turret"`
	TurretOffset float64 `toml:"turret_offset"`
	TurretRadius float64 `toml:"turret_radius"`
	Crew         int     `toml:"crew"`
	Passengers   int     `toml:"passengers"`
	Weapons      []struct {
		ID     string `toml:"id"`
		Mount  string `toml:"mount"`
		Arc    int    `toml:"arc"`
		Centre int    `toml:"centre"`
		Name   string `toml:"name"` // the gun's own name ("75 mm gun"), "" for its class
	} `toml:"weapons"`
	Doors []struct {
		Name    string  `toml:"name"`
		Forward float64 `toml:"forward"`
		Right   float64 `toml:"right"`
		Hatch   bool    `toml:"hatch"`
	} `toml:"doors"`
}

// vehKind is what the rules need of a vehicle type beyond vehicle.Type.
type vehKind struct {
	Class string // wheeled, tracked, slow_tracked, helicopter
	GFCS  bool
	Ammo  bool // carries ammunition (has a weapon)
	AFV   bool // armoured (any face above 0): counts for morale
}

var vehTypes, vehKinds = mustVehicles()

// mountNames are the vehicle types' weapons' own names by mount index
// ("" where vehicles.toml gives none).
var mountNames = map[string][]string{}

func mustVehicles() ([]vehicle.Type, map[string]vehKind) {
	ts, ks, err := loadVehicles()
	if err != nil {
		panic("maxim vehicles: " + err.Error())
	}
	return ts, ks
}

func loadVehicles() ([]vehicle.Type, map[string]vehKind, error) {
	var vf vehFile
	if err := decode("data/vehicles.toml", &vf); err != nil {
		return nil, nil, err
	}
	var ts []vehicle.Type
	ks := map[string]vehKind{}
	for _, r := range vf.Vehicle {
		if _, dup := ks[r.ID]; dup {
			return nil, nil, fmt.Errorf("vehicle %q listed twice", r.ID)
		}
		if _, ok := data.Vehicle.Move[r.Class]; !ok {
			return nil, nil, fmt.Errorf("vehicle %q: no move chart line %q", r.ID, r.Class)
		}
		t := vehicle.Type{ID: r.ID, Name: r.Name, Look: r.Look, Class: r.Class,
			Length: geom.In(r.Length), Width: geom.In(r.Width),
			Armour:     vehicle.Armour{r.Armour.Front, r.Armour.Side, r.Armour.Rear, r.Armour.Top, r.Armour.Turret},
			OpenTopped: r.OpenTopped, Flying: r.Flying, HasTurret: r.Turret,
			TurretOffset: geom.In(r.TurretOffset), TurretRadius: geom.In(r.TurretRadius),
			Crew: r.Crew, Passengers: r.Passengers}
		for _, w := range r.Weapons {
			if _, ok := data.Weapon(w.ID); !ok {
				return nil, nil, fmt.Errorf("vehicle %q: unknown weapon %q", r.ID, w.ID)
			}
			m, ok := vehicle.ParseMount(w.Mount)
			if !ok {
				return nil, nil, fmt.Errorf("vehicle %q: unknown mount %q", r.ID, w.Mount)
			}
			t.Weapons = append(t.Weapons, vehicle.Weapon{ID: w.ID, Mount: m, Arc: vehicle.Arc{Centre: w.Centre, Width: w.Arc}})
			mountNames[r.ID] = append(mountNames[r.ID], w.Name)
		}
		for _, d := range r.Doors {
			t.Doors = append(t.Doors, vehicle.Door{Name: d.Name, Forward: geom.In(d.Forward), Right: geom.In(d.Right), Hatch: d.Hatch})
		}
		if why := t.Check(); why != "" {
			return nil, nil, fmt.Errorf("%s", why)
		}
		if t.Crew < 1 {
			return nil, nil, fmt.Errorf("vehicle %q needs a crew", r.ID)
		}
		afv := false
		for _, a := range t.Armour {
			afv = afv || a > 0
		}
		ks[r.ID] = vehKind{Class: r.Class, GFCS: r.GFCS, Ammo: len(t.Weapons) > 0, AFV: afv}
		ts = append(ts, t)
	}
	return ts, ks, nil
}

// VehicleTypes is the Vehicled hook: Maxim to Minimi's vehicles.
func (Maxim) VehicleTypes() []vehicle.Type { return vehTypes }

func vehTypeOf(id string) (*vehicle.Type, bool) {
	for i := range vehTypes {
		if vehTypes[i].ID == id {
			return &vehTypes[i], true
		}
	}
	return nil, false
}
