package game

import (
	"strings"
	"testing"
)

// With the Sherman selected, a click on the Panzer deselected it and said
// nothing (play-test 6): with one of the side's vehicles selected and no
// weapon chosen, a click on an enemy keeps it selected and says to choose
// what fires first; a click on anything else is not answered here.
func TestEnemyClickWithAVehicleSaysChooseAWeapon(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	a, b := deciderTable(g)
	b.refresh()
	for i := range g.St.Vehicles {
		if v := &g.St.Vehicles[i]; v.Side == g.St.Decider && !v.Removed {
			b.selVeh = v.ID
			break
		}
	}
	if b.selVeh == 0 {
		t.Skip("no vehicle of the side to play")
	}
	if b.vehWeaponFirst(a, false) {
		t.Error("a click on no enemy was answered as one on an enemy")
	}
	if !b.vehWeaponFirst(a, true) || !strings.Contains(a.toast, "choose what fires on the bar first") || b.selVeh == 0 {
		t.Errorf("a click on an enemy with %d selected: %q", b.selVeh, a.toast)
	}
}
