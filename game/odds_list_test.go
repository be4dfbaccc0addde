package game

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// The odds of a shot at a tank (Maxim's Crossroads) read as one string
// with nothing between the outcomes once the card wrapped them: "miss
// 55% crewman stunned 3% crewman lightly wounded 3% ..." (play-test 9).
// Each outcome's chance is followed by a comma or ends the list.
func TestShotAtATankListsItsOutcomes(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	r := rand.New(rand.NewPCG(1, 9))
	for step := 0; step < 600 && !g.St.Over; step++ {
		for _, c := range g.Legal() {
			if c.Verb != "fire" || c.Fig == 0 || g.St.Fig(c.Fig).Side != g.St.Decider {
				continue
			}
			var v *rules.Vehicle
			for i := range g.St.Vehicles {
				if x := &g.St.Vehicles[i]; !x.Removed && x.Side != g.St.Decider {
					v = x
				}
			}
			if v == nil {
				break
			}
			c.Targets, c.Path = nil, []geom.Pt{v.Pos}
			o, err := g.Odds(c)
			if err != nil || len(o.Outcomes) < 6 {
				continue
			}
			a, b := deciderTable(g)
			a.W, a.H = 1024, 640
			b.tv.cam.Resize(1024, 640)
			b.tv.fit(true)
			b.refresh()
			b.sel.Mode, b.sel.Sel = view.Targeting, c.Fig
			b.vaim = &vehAim{at: v.Pos, id: v.ID, cmd: c, odds: o}
			render(a, b)
			card := strings.Join(b.cardLines, "\n")
			if !strings.Contains(card, o.Outcomes[0].Name) {
				t.Fatalf("the aiming card does not list the outcomes: %q %q", b.cardShown, card)
			}
			text := strings.Join(b.cardLines, " ")
			pc := rules.OutcomePercents(o.Outcomes)
			for i, x := range o.Outcomes[1:] {
				if before := fmt.Sprintf("%d%%", pc[i]); !strings.Contains(text, before+", "+x.Name) {
					t.Errorf("%q does not follow %q and a comma: %q", x.Name, o.Outcomes[i].Name, card)
				}
			}
			return
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		if _, err := g.Apply(c); err != nil {
			continue
		}
	}
	t.Fatal("no shot at a vehicle was offered")
}
