package maxim

import (
	"fmt"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// The play-tester dragged the Sherman east along the Road to Caen; it
// stopped at the brook ("drives 4.5\"") whatever the drag, with no
// reason, and a second drag said nothing. The road fords the brook, but
// the Sherman starts on the road's northern edge, so driving straight
// east its middle leaves the road just before the water. Seed 1: the US
// Army moves first and the Sherman rolled 10".
func TestShermanSaysWhyItStopsAtTheBrook(t *testing.T) {
	sc, m := loadScenario(t, "maxim-armour-crossroads.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.St
	v := &s.Vehicles[0]
	if !strings.HasPrefix(v.Name, "Sherman") || s.Var(gMover) != v.Side || int64(v.Var(vMove)) != geom.In(10) {
		t.Fatalf("seed 1: %s to move %d, rolled %d", v.Name, s.Var(gMover), v.Var(vMove))
	}
	why := `the stream "Brook" stops vehicles except on a road: keep its middle on the Road to Caen to cross`
	// the tape: a drag of 9" or 14" east stops at the brook, saying why
	var end geom.Pt
	for _, far := range []float64{9, 14} {
		plan := vehicle.Through(geom.Pt{X: v.Pos.X + geom.In(far), Y: v.Pos.Y})
		r := Maxim{}.VehicleMove(s, v.ID, plan)
		if r.Arrived || r.Why != why || r.Length != 4550 {
			t.Fatalf("%v\" east: arrived %v, %q, %d", far, r.Arrived, r.Why, r.Length)
		}
		end = r.End.Pos
	}
	// the table drives it as far as it gets: the log says why it stops there
	c := rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{end}, Arg: fmt.Sprintf("V%d", v.ID)}
	evs, err := g.Apply(c)
	if err != nil {
		t.Fatal(err)
	}
	if want := `Sherman 'Dixie' drives 4.6" and stops there (` + why + `)`; evs[0].Text != want {
		t.Errorf("the log: %q\nwant %q", evs[0].Text, want)
	}
	// a second drag is refused with its reason, while the Germans decide
	// on opportunity fire and after
	plan := vehicle.Through(geom.Pt{X: end.X + geom.In(3), Y: end.Y})
	for _, want := range []string{
		"Wehrmacht first decide on opportunity fire at the last move",
		"Sherman 'Dixie' has made its move; it may move again in the vehicles' phase",
	} {
		s = g.St
		r := Maxim{}.VehicleMove(s, v.ID, plan)
		if r.Arrived || r.Why != want {
			t.Errorf("a second drag: %q, want %q", r.Why, want)
		}
		c := rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{plan.Legs[0].To}, Arg: fmt.Sprintf("V%d", v.ID)}
		if _, err := g.Apply(c); err == nil || err.Error() != want {
			t.Errorf("a second drive: %v, want %q", err, want)
		}
		pass, _ := rules.ParseCommand("pass")
		if _, err := g.Apply(pass); err != nil && s.Phase == PhaseOpportunity {
			t.Fatal(err)
		}
	}
	// a drive that ends in the open by choice says nothing more
	g, _, _ = rules.NewGame(New(), sc, m, 1)
	c = rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{{X: v.Pos.X + geom.In(2), Y: v.Pos.Y}}, Arg: fmt.Sprintf("V%d", v.ID)}
	if evs, err := g.Apply(c); err != nil || evs[0].Text != `Sherman 'Dixie' drives 2"` {
		t.Errorf("a drive of 2\": %v %v", evs, err)
	}
}
