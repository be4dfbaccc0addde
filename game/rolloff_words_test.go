package game

import (
	"fmt"
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// The opening roll-off's log says whose each die is and who goes first,
// once: a play-tester read "Roll-off: Red 4, Blue 5: first turn: Blue"
// over "rolled two dice: 4 5 / total 4: first turn: Blue", a "total" of
// one die and the winner told twice.
func TestRollOffLogSaysWhoseDieAndWhoGoesFirstOnce(t *testing.T) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	for seed := uint64(1); seed <= 12; seed++ {
		g, evs, err := rules.NewGame(rs, sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		var ties, wins int
		for _, ev := range evs {
			if ev.Roll == nil || !strings.HasPrefix(ev.Roll.What, "Roll-off") {
				continue
			}
			shown := (&battle{}).ledgerShown(ev.Roll) // as the log shows it, "why" off
			lines := append([]string{ev.Text}, shown...)
			all := strings.Join(lines, " / ")
			red, blue := g.St.Sides[0].Name, g.St.Sides[1].Name
			d := ev.Roll.Dice
			if !strings.Contains(all, red+" rolled "+fmt.Sprint(d[0].Face)) || !strings.Contains(all, blue+" rolled "+fmt.Sprint(d[1].Face)) {
				t.Errorf("seed %d: the roll-off does not say whose each die is: %q", seed, all)
			}
			if strings.Contains(all, "total") {
				t.Errorf("seed %d: the roll-off speaks of a total: %q", seed, all)
			}
			if ev.Roll.Outcome == "tie: roll again" {
				ties++
				continue
			}
			wins++
			first := rules.Does(g.St.Sides[g.St.Active].Name, "goes", "go") + " first"
			if n := strings.Count(all, first) + strings.Count(all, "first turn:"); n != 1 {
				t.Errorf("seed %d: who goes first is said %d times: %q", seed, n, all)
			}
		}
		if wins != 1 {
			t.Errorf("seed %d: %d roll-offs won (%d ties)", seed, wins, ties)
		}
	}
}
