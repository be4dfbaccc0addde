package maxim

import (
	"strings"
	"testing"

	"hedgerow/rules"
)

func figNamed(t *testing.T, s *rules.State, name string) *rules.Figure {
	t.Helper()
	for i := range s.Figures {
		if s.Figures[i].Name == name {
			return &s.Figures[i]
		}
	}
	t.Fatalf("no figure %q", name)
	return nil
}

// The play-tester read "RPG (50", 55%, ROF 1)" for both the American's
// bazooka and the German's Panzerschreck, and "Medium gun (75-87 mm)"
// for the Sherman's gun: a player sees the weapon's own name, the rules
// class as a detail on the card, and the numbers in words.
func TestWeaponsGoByTheirOwnNames(t *testing.T) {
	sc, m := loadScenario(t, "maxim-armour-crossroads.toml")
	g, _, err := rules.NewGame(New(), sc, m, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := g.St
	card := func(name string) string {
		return strings.Join(Maxim{}.Figure(s, figNamed(t, s, name).ID).Lines, "\n")
	}
	for _, c := range []struct{ fig, want string }{
		{"Pvt Wills", "Weapons: Bazooka (counts as RPG, range 50\", hits on 55%, 1 shot each time it fires)"},
		{"Schtz Lenz", "Weapons: Panzerschreck (counts as RPG, range 50\", hits on 55%, 1 shot each time it fires)"},
		{"Schtz Ott", "Panzerfaust (counts as LAW, "},
		{"Pvt Hale", "Weapons: Rifle (range 30\", hits on 60%, 1 shot each time it fires)"},
	} {
		if got := card(c.fig); !strings.Contains(got, c.want) {
			t.Errorf("%s's card:\n%s\nwant %q", c.fig, got, c.want)
		}
	}
	for i := range s.Figures {
		if l := card(s.Figures[i].Name); strings.Contains(l, "ROF") {
			t.Errorf("%s's card says ROF:\n%s", s.Figures[i].Name, l)
		}
	}
	if wc := (Maxim{}).Figure(s, figNamed(t, s, "Pvt Wills").ID).Weapons[0]; wc.Label != "Bazooka" || wc.Dice != "1 shot each time it fires" || wc.Bands[0].Note != "hits on 55%" {
		t.Errorf("Wills's weapon card %+v", wc)
	}
	// the Sherman's gunner fires the 75 mm gun: the button and the log
	var sherman *rules.Vehicle
	for i := range s.Vehicles {
		if strings.HasPrefix(s.Vehicles[i].Name, "Sherman") {
			sherman = &s.Vehicles[i]
		}
	}
	vi := Maxim{}.Vehicle(s, sherman.ID)
	if len(vi.Weapons) != 3 || vi.Weapons[0].Label != "75 mm gun (turret)" || vi.Weapons[2].Label != "MMG (hull)" || !strings.Contains(strings.Join(vi.Lines, "\n"), "75 mm gun: counts as Medium gun (75-87 mm)") {
		var ls []string
		for _, w := range vi.Weapons {
			ls = append(ls, w.Label)
		}
		t.Errorf("the Sherman's card names its weapons %q", ls)
	}
	gunner := figNamed(t, s, "Sgt Lyle")
	a := Maxim{}.Action(s, rules.Command{Verb: "fire", Fig: gunner.ID, Arg: "medium-gun"})
	if a.Short != "75 mm gun" || a.Label != "Fire: 75 mm gun" {
		t.Errorf("the gun's button: %+v", a)
	}
	w, _, err := firingWeapon(s, gunner, "medium-gun")
	if err != nil || w.Name != "75 mm gun" || w.Pen != 100 {
		t.Errorf("the gun fires as %+v, %v", w, err)
	}
	// the tables' line is shared: naming the gun did not rename the class
	if d, _ := data.Weapon("medium-gun"); d.Name != "Medium gun (75-87 mm)" {
		t.Errorf("the tables' medium gun renamed %q", d.Name)
	}
	// an American's and a German's RPG read differently
	if a, b := ownName(s, 0, "rpg"), ownName(s, 1, "rpg"); a != "Bazooka" || b != "Panzerschreck" {
		t.Errorf("rpg names %q, %q", a, b)
	}
}

// A save is told in words, not "saves on 5+": which faces save him.
func TestSaveInWords(t *testing.T) {
	s := &rules.State{Forced: []int{4}}
	f := &rules.Figure{ID: 1, Name: "Pvt Hale"}
	ok, evs := saveRoll(s, f, 5, "hard cover")
	if ok || evs[0].Text != "Pvt Hale's save (hard cover): rolls 4, a 5 or 6 saves him: not saved" || evs[0].Roll.Note != "one die: a 5 or 6 saves him (hard cover)" {
		t.Errorf("%v %q %q", ok, evs[0].Text, evs[0].Roll.Note)
	}
}

// The damage chart's note reads as faces ("1-1 stun, -4 light wound" was
// read), and a weapon a man does not carry is named, not given by its id.
func TestDamageChartAndMissingWeaponInWords(t *testing.T) {
	for _, c := range []struct {
		c    Chart
		want string
	}{
		{Chart{Stun: 1, Light: 4, Serious: 6}, "a ten-sided die: 1 stun, 2-4 light wound, 5-6 serious wound, 7-10 kill"},
		{Chart{Stun: 4, Light: 7, Serious: 9}, "a ten-sided die: 1-4 stun, 5-7 light wound, 8-9 serious wound, 10 kill"},
		{Chart{Stun: 0, Light: 0, Serious: 10}, "a ten-sided die: 1-10 serious wound"},
	} {
		if got := chartWords(c.c); got != c.want {
			t.Errorf("%+v: %q, want %q", c.c, got, c.want)
		}
	}
	sc, m := loadScenario(t, "maxim-armour-crossroads.toml")
	g, _, err := rules.NewGame(New(), sc, m, 5)
	if err != nil {
		t.Fatal(err)
	}
	k := figNamed(t, g.St, "Sgt Kowalski")
	if _, _, err := firingWeapon(g.St, k, "rpg"); err == nil || err.Error() != "Sgt Kowalski carries no Bazooka" {
		t.Errorf("Kowalski firing a bazooka: %v", err)
	}
	if _, _, err := firingWeapon(g.St, k, "medium-gun"); err == nil || err.Error() != "Sgt Kowalski carries no Medium gun (75-87 mm)" {
		t.Errorf("Kowalski firing a medium gun: %v", err)
	}
}

// Morale modifiers agree with their count ("1 officers or NCOs hit" was
// read).
func TestCountWords(t *testing.T) {
	if got := countWords(1, "officer or NCO hit", "officers or NCOs hit"); got != "1 officer or NCO hit" {
		t.Error(got)
	}
	if got := countWords(3, "casualty", "casualties"); got != "3 casualties" {
		t.Error(got)
	}
}
