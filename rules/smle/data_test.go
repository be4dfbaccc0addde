package smle

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestDataKnownEntries(t *testing.T) {
	d := Std()
	// Every weapon in the rulebook's WW2 table is present (vehicles.toml
	// adds the guns by calibre and guided missiles after them).
	if n := len(d.Weapons) - len(d.Veh.Weapon); n != 17 {
		t.Errorf("weapons: got %d, want the rulebook's 17", n)
	}
	cases := []struct {
		id          string
		dice, add   int
		close, rng  int
		auto, heavy bool
	}{
		{"rifle", 1, 0, 0, 24, false, false},
		{"hmg", 1, 2, -1, 60, true, true},
		{"gpmg", 1, 1, 0, 40, true, true}, // must be braced (the table marks it with *)
		{"lmg", 1, 0, 1, 28, true, false},
		{"smg", 1, -1, 3, 10, true, false},
		{"sniper-rifle", 1, 1, 1, 36, false, false},
		{"shotgun", 1, 0, 4, 8, false, false},
		{"handgun", 1, -1, 3, 4, false, false},
		{"flamethrower", 2, -2, 3, 8, true, false},
		{"medium-mortar", 3, 0, 0, 120, false, true},
	}
	for _, c := range cases {
		w, ok := d.Weapon(c.id)
		if !ok {
			t.Errorf("no weapon %q", c.id)
			continue
		}
		if w.Dice != c.dice || w.Add != c.add || w.Close != c.close || w.Range != c.rng || w.Has('A') != c.auto || w.Heavy() != c.heavy {
			t.Errorf("%s: got %+v", c.id, *w)
		}
	}
	if w, _ := d.Weapon("bazooka"); !w.Explosive() || w.Dice != 2 || w.Add != 2 || !w.OneShot || !w.CloseNA {
		t.Errorf("bazooka: %+v", *w)
	}
	if w, _ := d.Weapon("light-mortar"); w.MinRange != 12 || !w.Indirect || w.MovePenalty != 1 {
		t.Errorf("light mortar: %+v", *w)
	}
	if w, _ := d.Weapon("assault-rifle"); w.Auto(false) || !w.Auto(true) {
		t.Errorf("assault rifle is autofire only at close range")
	}
	for q, n := range map[string]int{"untrained": 9, "green": 8, "trained": 7, "veteran": 6} {
		if d.ToHit[q] != n {
			t.Errorf("to-hit %s = %d, want %d", q, d.ToHit[q], n)
		}
	}
	for q, n := range map[string]int{"untrained": 0, "green": 2, "trained": 4, "veteran": 6} {
		if d.Activation.Quality[q] != n {
			t.Errorf("activation %s = %d, want %d", q, d.Activation.Quality[q], n)
		}
	}
	// Activation table bands by total.
	for total, want := range map[int]string{-3: "break", 0: "break", 1: "fall-back-full", 2: "fall-back-half",
		3: "pinned", 4: "pinned", 5: "stand-5", 6: "stand-6", 7: "advance-7", 8: "advance-8", 9: "close-9",
		10: "close-9", 11: "close-11", 12: "close-11", 13: "double", 20: "double"} {
		if got := d.Bands[d.BandFor(total)].Name; got != want {
			t.Errorf("total %d: band %s, want %s", total, got, want)
		}
	}
	if d.Activation.Mods.Prepared != 3 || d.Activation.Mods.ExplosiveFire != -2 || d.Activation.Mods.EachCasualty != -2 {
		t.Errorf("activation mods: %+v", d.Activation.Mods)
	}
	if d.TargetMods.PreparedPosition != -4 || d.FirerMods.MovedHalfOrMore != -4 || d.FirerMods.Panic != -3 {
		t.Errorf("shooting mods wrong")
	}
	if d.Armour["none"].VsEX != -2 || d.Armour["body"].VsB != 1 || d.Movement.Heavy != 6 || d.Movement.Cavalry != 16 {
		t.Errorf("armour / movement wrong")
	}
	if d.CloseTable["warriors"] != 2 || d.CloseTable["melee_weapon"] != 3 || d.Points["team"] != 12 || d.Multipliers["unarmoured"] != 0.5 {
		t.Errorf("close / points wrong")
	}
}

func TestLoadStrictRejectsUnknownKey(t *testing.T) {
	w, _ := dataFS.ReadFile("data/weapons.toml")
	tb, _ := dataFS.ReadFile("data/tables.toml")
	bad := strings.Replace(string(w), `name = "Bolt action rifle"`, "name = \"Bolt action rifle\"\nrnage = 30", 1)
	_, err := Load(fstest.MapFS{"weapons.toml": {Data: []byte(bad)}, "tables.toml": {Data: tb}})
	if err == nil || !strings.Contains(err.Error(), "rnage") {
		t.Fatalf("want unknown key rnage refused, got %v", err)
	}
	badT := strings.Replace(string(tb), "min = 9\nmax = 10", "min = 10\nmax = 10", 1)
	_, err = Load(fstest.MapFS{"weapons.toml": {Data: w}, "tables.toml": {Data: []byte(badT)}})
	if err == nil || !strings.Contains(err.Error(), "close-9") {
		t.Fatalf("want a gap in the activation table refused, got %v", err)
	}
}

func FuzzLoad(f *testing.F) {
	w, _ := dataFS.ReadFile("data/weapons.toml")
	tb, _ := dataFS.ReadFile("data/tables.toml")
	f.Add(string(w))
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = Load(fstest.MapFS{"weapons.toml": {Data: []byte(s)}, "tables.toml": {Data: tb}})
	})
}
