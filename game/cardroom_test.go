package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
)

// A tall card at the side panel's foot keeps below the panel's status
// (the phase, the order of play, the activation dice): at 1024x640 the
// S.M.L.E. carrier's card rose over all of it.
func TestTallCardKeepsBelowThePanelStatus(t *testing.T) {
	g := shippedGame(t, "smle-mech-assault.toml", 1)
	a := &App{W: 1024, H: 640, speed: 8}
	b := newBattle(a, g, nil)
	b.tv.cam.Resize(1024, 640)
	b.tv.fit(true)
	b.tl.SkipAll()
	b.shown, b.curtain = g.St.Decider, false
	render(a, b)
	if !b.cardInPanel() || b.statusEnd <= 0 {
		t.Fatalf("no card in the panel (%v) or no status drawn (%v)", b.cardInPanel(), b.statusEnd)
	}
	lines := []string{"Mechanised section - Carrier crew", "Tracked armoured personnel carrier",
		"Combat move (light-tracks): clear 24\", rough 16\", woods 12\", road 32\", water 8\"",
		"Armour: front 2 dice, side 1 die + 2, rear 1 die + 2, top 1 die + 2, turret 2 dice",
		"Size: medium vehicle, +2 to hit", "Capacity: one section, 2 or 3 teams",
		"Equipment: turreted HMG, guided anti-tank missile (4 dice, 2 reloads); amphibious",
		"Aboard: Cpl Drake, Pte Eason, Sgt Moss, Pte Nash, Pte Orr, Pte Pike, L/Cpl Quinn, Pte Rudd, Pte Shaw, Pte Tate",
		"Weapons: Heavy machine-gun (turret, 1 die + 2), Guided anti-tank missile (turret, 4 dice), 3 rounds left"}
	top := float64(a.H)
	art.Said = func(_ *ebiten.Image, _ string, _, y0, _, _ float64) { top = min(top, y0) }
	defer func() { art.Said = nil }()
	b.card(ebiten.NewImage(1024, 640), a, "Carrier 1", lines, 0x3a6ea5)
	if top < b.statusEnd {
		t.Errorf("the card's top line at y %.0f, over the panel's status, which ends at %.0f", top, b.statusEnd)
	}
}
