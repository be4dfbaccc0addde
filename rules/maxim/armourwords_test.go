package maxim

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/vehicle"
)

// A vehicle card says what its armour numbers are: "front 90, side 38"
// had no unit and no meaning for a play-tester. They stand on the
// weapons table's penetration scale, roughly millimetres of steel, and a
// hit goes through when its penetration is greater.
func TestArmourLineSaysWhatTheNumbersAre(t *testing.T) {
	sc, m := loadScenario(t, "maxim-armour-crossroads.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.St.Vehicles {
		v := &g.St.Vehicles[i]
		vi := Maxim{}.Vehicle(g.St, v.ID)
		var line string
		for _, l := range vi.Lines {
			if strings.HasPrefix(l, "Armour") {
				line = l
			}
		}
		if !strings.HasPrefix(line, "Armour: front ") || !strings.Contains(line, "millimetres of steel") || !strings.Contains(line, "penetration") {
			t.Errorf("%s: armour reads %q", v.Name, line)
		}
	}
}

// A play-tester with the Sherman selected aimed its gun a second time and
// read "Sgt Lyle has already fired this phase": he had picked the tank
// and did not know its crew by name. A crewman's fire is refused naming
// his vehicle too; a man on foot by his name alone.
func TestCrewmansFireRefusalNamesHisVehicle(t *testing.T) {
	g := tankTable(t)
	phase(g, PhaseOffensive, 0)
	s := g.St
	for i := range s.Figures {
		s.Figures[i].SetVar(fFired, s.Round)
	}
	var lyle, lenz *rules.Figure
	for i := range s.Figures {
		switch s.Figures[i].Name {
		case "Lyle":
			lyle = &s.Figures[i]
		case "Lenz":
			lenz = &s.Figures[i]
		}
	}
	w, _ := data.Weapon("smg")
	if got, want := mayFire(s, lyle, w), "Dixie's crewman Lyle has already fired this phase"; got != want {
		t.Errorf("the crewman: %q, want %q", got, want)
	}
	phase(g, PhaseDefensive, 0)
	if got, want := mayFire(s, lenz, w), "Lenz has already fired this phase"; got != want {
		t.Errorf("a man on foot: %q, want %q", got, want)
	}
}

// A wreck's card says it is knocked out and offers no movement: the
// destroyed Panzer's still read "Moves 2D6" (tracked), twice a turn". A
// running vehicle's movement is in words, not dice notation.
func TestVehicleCardMoveInWordsAndWreckSaysSo(t *testing.T) {
	sc, m := loadScenario(t, "maxim-armour-crossroads.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	v := &g.St.Vehicles[0]
	card := strings.Join(Maxim{}.Vehicle(g.St, v.ID).Lines, "\n")
	if !strings.Contains(card, "Moves the roll of 2 dice") || strings.Contains(card, "D6") {
		t.Errorf("%s running: card reads\n%s", v.Name, card)
	}
	v.Damage |= vehicle.BrewedUp
	card = strings.Join(Maxim{}.Vehicle(g.St, v.ID).Lines, "\n")
	if strings.Contains(card, "Moves") || !strings.Contains(card, "Knocked out: brewed up") {
		t.Errorf("%s brewed up: card reads\n%s", v.Name, card)
	}
}
