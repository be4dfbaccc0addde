package all_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/scenarios"
)

// A turret's new facing was logged by the table's edges ("turns its
// turret to face the table's top-right corner"). It is now told as a
// wargamer would: towards the figure it points at, when one both sides
// see lies on the line, else where it points from the hull ("to its
// front-left"); never by the table's edges.
func TestTurretLogSaysWhereItPoints(t *testing.T) {
	for _, name := range []string{"smle-tank-bocage.toml", "skirmish35-panzer.toml"} {
		sc, m, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := all.Get(sc.RuleSet)
		g, _, err := rules.NewGame(rs, sc, m, 1)
		if err != nil {
			t.Fatal(err)
		}
		found, ok := rules.RandomUntil(g, rand.New(rand.NewPCG(1, 2)), 400, func(c rules.Command) bool { return c.Verb == "turret" })
		if !ok {
			t.Fatalf("%s: no turret command came up", name)
		}
		turret := &found
		a, _ := rules.ParseVehicleArg(turret.Arg)
		v := g.St.Veh(a.ID)
		turn := func(deg int) string {
			c := *turret
			c.Path, c.Arg = nil, fmt.Sprintf("V%d-f%d", v.ID, deg)
			evs, err := rs.Apply(g.St.Clone(), c)
			if err != nil {
				return "refused: " + err.Error()
			}
			for _, ev := range evs {
				if ev.Kind == "turret" {
					return ev.Text
				}
			}
			return ""
		}
		// towards an enemy both sides see
		named := false
		for i := range g.St.Figures {
			f := &g.St.Figures[i]
			if f.Side == v.Side || f.Removed || !rules.ViewOf(rs, g.St, v.Side).Figure(f.ID) || !rules.ViewOf(rs, g.St, f.Side).Figure(f.ID) {
				continue
			}
			deg := geom.Bearing(v.Pos, f.Pos)
			if text := turn(deg); strings.HasSuffix(text, "towards "+f.Name) {
				named = true
			}
		}
		if !named {
			t.Errorf("%s: the turret turned at each seen enemy in turn, and no log line named what it pointed at", name)
		}
		rel := 0
		for deg := 0; deg < 360; deg += 5 {
			text := turn(deg)
			if strings.Contains(text, "the table's") || !strings.Contains(text, "towards ") && !strings.Contains(text, " to its ") && !strings.HasPrefix(text, "refused") {
				t.Errorf("%s: turned to %d, the log says %q", name, deg, text)
			}
			if strings.Contains(text, " to its ") {
				rel++
				if want := rules.RelativeWords(deg - v.Facing); !strings.HasSuffix(text, want) {
					t.Errorf("%s: turned to %d with the hull at %d, the log says %q; want it %s", name, deg, v.Facing, text, want)
				}
			}
		}
		if rel == 0 {
			t.Errorf("%s: no bearing was told relative to the hull", name)
		}
	}
	if got := rules.RelativeWords(315); got != "to its front-left" {
		t.Errorf("315 from the hull's front is %q", got)
	}
}
