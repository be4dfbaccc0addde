package maxim

import (
	"testing"

	"hedgerow/rules/geom"
)

// The weapons tables as the book gives them (range, chance, chart, ROF;
// radii and penetration for explosives).
func TestWeaponsTable(t *testing.T) {
	direct := []struct {
		id                              string
		rng, hit, stun, light, ser, rof int
	}{
		{"pistol", 3, 55, 6, 8, 9, 1},
		{"rifle", 30, 60, 4, 7, 9, 1},
		{"sniper-rifle", 30, 80, 4, 7, 9, 1},
		{"assault-rifle", 30, 65, 5, 7, 8, 2},
		{"smg", 10, 45, 6, 8, 9, 3},
		{"shotgun", 8, 50, 3, 5, 8, 2},
		{"lmg", 50, 55, 4, 6, 8, 4},
		{"mmg", 70, 60, 3, 4, 7, 3},
		{"hmg", 90, 70, 2, 3, 6, 2},
	}
	for _, d := range direct {
		w, ok := data.Weapon(d.id)
		if !ok {
			t.Fatalf("no %s", d.id)
		}
		if w.Range != d.rng || w.Hit != d.hit || w.Stun != d.stun || w.Light != d.light || w.Serious != d.ser || w.ROF != d.rof || w.Explosive {
			t.Errorf("%s: %+v", d.id, *w)
		}
	}
	blast := []struct {
		id                               string
		min, rng, hit, a, b, c, pen, dev int
	}{
		{"grenade-launcher", 0, 50, 55, 1, 2, 3, 40, 8},
		{"rpg", 0, 50, 55, 1, 2, 3, 40, 8},
		{"law", 0, 50, 55, 1, 2, 3, 40, 8},
		{"light-mortar", 10, 100, 55, 1, 2, 3, 2, 12},
		{"mortar", 10, 200, 65, 2, 3, 4, 5, 12},
		{"grenade", 0, 3, 40, 1, 2, 3, 5, 6},
		{"molotov", 0, 3, 30, 2, 0, 0, 100, 6},
		{"light-gun", 0, 300, 60, 2, 3, 4, 50, 12},
		{"medium-gun", 0, 600, 65, 4, 5, 6, 100, 12},
		{"heavy-gun", 0, 900, 70, 6, 7, 8, 150, 12},
		{"claymore", 0, 8, 0, 3, 4, 8, 10, 0},
		{"atgm", 0, 1000, 70, 1, 0, 0, 180, 8},
	}
	for _, d := range blast {
		w, ok := data.Weapon(d.id)
		if !ok {
			t.Fatalf("no %s", d.id)
		}
		if w.MinRange != d.min || w.Range != d.rng || w.Hit != d.hit || w.A != d.a || w.B != d.b || w.C != d.c || w.Pen != d.pen || w.Dev != d.dev || !w.Explosive {
			t.Errorf("%s: %+v", d.id, *w)
		}
	}
	if w, _ := data.Weapon("agl"); w.ROF != 3 {
		t.Error("AGL ROF 3")
	}
	if w, _ := data.Weapon("autocannon"); w.ROF != 2 {
		t.Error("autocannon ROF 2")
	}
	if ac, _ := vehTypeOf("armoured-car"); ac.Weapons[0].ID != "autocannon" {
		t.Error("the armoured car's light gun fires twice (the autocannon line)")
	}
	if w, _ := data.Weapon("flamethrower"); w.Cone != 3 || w.Range != 8 || w.Hit != 50 {
		t.Errorf("flamethrower %+v", *w)
	}
	if w, _ := data.Weapon("manpads"); !w.Aircraft || w.Range != 200 || w.Hit != 70 {
		t.Errorf("manpads %+v", *w)
	}
}

func TestTables(t *testing.T) {
	for q, want := range map[string]int{"elite": 80, "veteran": 70, "regular": 60, "green": 50, "untrained": 40, "mob": 40} {
		if data.Quality[q].Morale != want {
			t.Errorf("%s morale %d", q, data.Quality[q].Morale)
		}
	}
	if (data.Blast.A != Chart{1, 4, 6}) || (data.Blast.B != Chart{2, 5, 7}) || (data.Blast.C != Chart{3, 6, 8}) {
		t.Errorf("explosive chart %+v", data.Blast)
	}
	if data.Save.HardCover != 5 || data.Save.Kevlar != 6 {
		t.Error("saves")
	}
	v := data.Vehicle
	if v.Move["wheeled"] != (DiceAdd{2, 6}) || v.Move["helicopter"] != (DiceAdd{4, 0}) || len(v.Critical.Results) != 6 || v.Critical.EngineFire != 30 {
		t.Errorf("vehicle tables %+v", v)
	}
}

// TestToward checks a point part-way along a line (geom.Isqrt itself is
// tested in rules/geom).
func TestToward(t *testing.T) {
	if p := toward(geom.P(0, 0), geom.P(3, 4), 10000); p != geom.P(6, 8) {
		t.Errorf("toward %s", p)
	}
}
