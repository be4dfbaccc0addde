package skirmish35

import (
	"fmt"
	"io/fs"

	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// VehicleData is one vehicle type as data/vehicles.toml gives it.
type VehicleData struct {
	ID           string     `toml:"id"`
	Name         string     `toml:"name"`
	Look         string     `toml:"look"`
	Class        string     `toml:"class"` // tank, halftrack, truck
	Length       float64    `toml:"length"`
	Width        float64    `toml:"width"`
	Armour       [5]int     `toml:"armour"`
	Turret       bool       `toml:"turret"`
	TurretOffset float64    `toml:"turret_offset"`
	TurretRadius float64    `toml:"turret_radius"`
	OpenTopped   bool       `toml:"open_topped"`
	Crew         int        `toml:"crew"`
	Passengers   int        `toml:"passengers"`
	Points       int        `toml:"points"`
	Speed        [5]float64 `toml:"speed"`
	Obstacle     float64    `toml:"obstacle"`
	Gun          string     `toml:"gun"`
	Dischargers  int        `toml:"dischargers"`
	SmokeShells  int        `toml:"smoke_shells"`
	Weapons      []struct {
		ID     string `toml:"id"`
		Mount  string `toml:"mount"`
		Centre int    `toml:"centre"`
		Width  int    `toml:"width"`
	} `toml:"weapon"`
	Doors []struct {
		Name    string  `toml:"name"`
		Forward float64 `toml:"forward"`
		Right   float64 `toml:"right"`
		Hatch   bool    `toml:"hatch"`
	} `toml:"door"`
}

// Tank reports whether an anti-tank hit is read by the face it strikes
// (the book's tank table) rather than destroying the vehicle outright.
func (vd *VehicleData) Tank() bool { return vd.Class == "tank" }

// loadVehicles reads data/vehicles.toml into d.Vehicles and d.Types.
func loadVehicles(fsys fs.FS, d *Data) error {
	b, err := fs.ReadFile(fsys, "data/vehicles.toml")
	if err != nil {
		return err
	}
	var f struct {
		Vehicles []VehicleData `toml:"vehicle"`
	}
	if err := strictDecode(b, &f, "vehicles.toml"); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i := range f.Vehicles {
		vd := &f.Vehicles[i]
		if seen[vd.ID] {
			return fmt.Errorf("vehicles.toml: vehicle %q repeated", vd.ID)
		}
		seen[vd.ID] = true
		switch vd.Class {
		case "tank", "halftrack", "truck":
		default:
			return fmt.Errorf("vehicles.toml: %s has unknown class %q", vd.ID, vd.Class)
		}
		if vd.Points <= 0 {
			return fmt.Errorf("vehicles.toml: %s needs points", vd.ID)
		}
		if vd.Gun != "" {
			if w, ok := d.Weapon(vd.Gun); !ok || w.Kind != "gun" {
				return fmt.Errorf("vehicles.toml: %s's gun %q is not a gun in weapons.toml", vd.ID, vd.Gun)
			}
		}
		t := vehicle.Type{
			ID: vd.ID, Name: vd.Name, Look: vd.Look, Class: vd.Class,
			Length: geom.In(vd.Length), Width: geom.In(vd.Width),
			OpenTopped: vd.OpenTopped, HasTurret: vd.Turret,
			TurretOffset: geom.In(vd.TurretOffset), TurretRadius: geom.In(vd.TurretRadius),
			Crew: vd.Crew, Passengers: vd.Passengers,
		}
		copy(t.Armour[:], vd.Armour[:])
		for _, w := range vd.Weapons {
			m, ok := vehicle.ParseMount(w.Mount)
			if !ok {
				return fmt.Errorf("vehicles.toml: %s: unknown mount %q", vd.ID, w.Mount)
			}
			if _, ok := d.Weapon(w.ID); !ok {
				return fmt.Errorf("vehicles.toml: %s: unknown weapon %q", vd.ID, w.ID)
			}
			t.Weapons = append(t.Weapons, vehicle.Weapon{ID: w.ID, Mount: m, Arc: vehicle.Arc{Centre: w.Centre, Width: w.Width}})
		}
		for _, dr := range vd.Doors {
			t.Doors = append(t.Doors, vehicle.Door{Name: dr.Name, Forward: geom.In(dr.Forward), Right: geom.In(dr.Right), Hatch: dr.Hatch})
		}
		if why := t.Check(); why != "" {
			return fmt.Errorf("vehicles.toml: %s", why)
		}
		d.Vehicles = append(d.Vehicles, *vd)
		d.Types = append(d.Types, t)
	}
	return nil
}

// vehicleData finds a vehicle type's data by id.
func (d *Data) vehicleData(id string) (*VehicleData, *vehicle.Type, bool) {
	for i := range d.Vehicles {
		if d.Vehicles[i].ID == id {
			return &d.Vehicles[i], &d.Types[i], true
		}
	}
	return nil, nil, false
}
