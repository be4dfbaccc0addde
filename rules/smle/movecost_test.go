package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// "Pte Ivanov moves 2.6\" (costs 4\")" left a play-tester guessing why
// (play-test 7): the log says what made the move dearer, the obstacle
// crossed and its price.
func TestMoveCostSaysWhy(t *testing.T) {
	k, ok := terrain.KindByName("hedge")
	if !ok || k.Going != terrain.GoingObstacle {
		t.Fatalf("a hedge is no obstacle: %+v", k)
	}
	hedge := terrain.Piece{ID: 0, Kind: "hedge", Name: "Long hedge", Props: k.Props, Path: []geom.Pt{geom.P(0, 30), geom.P(48, 30)}}
	s := vehStateOn(t, []terrain.Piece{hedge}, nil, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{x: 10, y: 31.5, weapons: []string{"rifle"}}}}},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 4)}},
	}, 6, 1)
	setActive(s, 1, "close-11")
	evs := apply(t, s, rules.Command{Verb: "move", Fig: 1, Path: []geom.Pt{geom.P(10, 28.5)}})
	got := ""
	for _, ev := range evs {
		if ev.Kind == "move" {
			got = ev.Text
		}
	}
	if !strings.Contains(got, "(costs ") || !strings.Contains(got, "crossing Long hedge costs") {
		t.Errorf("a move over the hedge logs %q", got)
	}
}
