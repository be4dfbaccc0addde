package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// mire is a clear field (kind "field", named "Mire") covering the
// table's top 40 inches.
func mire() terrain.Piece {
	return terrain.Piece{ID: 0, Kind: "field", Name: "Mire",
		Poly: geom.Polygon{geom.P(0, 0), geom.P(48, 0), geom.P(48, 40), geom.P(0, 40)}}
}

func badGoingState(t *testing.T, veh string, bad []string) *rules.State {
	t.Helper()
	s := vehStateOn(t, []terrain.Piece{mire()}, bad, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: veh, vx: 10, vy: 44, facing: 0},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 4)}},
	}, 6, 1)
	setActive(s, 1, "close-11")
	return s
}

// House ruling: bad going counts as rough. A jeep (fast wheeled: clear
// 24", rough 12") from a standstill may gain 20" this round: 16" ahead
// over the field arrives when the field is clear (flat out), but when
// the scenario calls the field bad going the jeep makes 4" of clear and
// 10" of rough, runs out of move, and may not go flat out across it.
func TestBadGoingSlowsAJeep(t *testing.T) {
	r := New().(SMLE)
	// Plain field: 16" ahead arrives.
	s := badGoingState(t, "jeep", nil)
	res := r.VehicleMove(s, 1, vehicle.Through(geom.P(10, 28)))
	if !res.Arrived || res.ByGoing[vehicle.Rough] != 0 {
		t.Fatalf("clear field: %+v", res)
	}
	// Named bad going, by the piece's name and by its kind: the same
	// drive is cut short in rough going.
	for _, bad := range [][]string{{"Mire"}, {"field"}} {
		s := badGoingState(t, "jeep", bad)
		if s.Var(rules.VarBadGoing+"0") != 1 {
			t.Fatalf("%v: piece 0 not marked bad going", bad)
		}
		res := r.VehicleMove(s, 1, vehicle.Through(geom.P(10, 28)))
		if res.Arrived || res.Stop != vehicle.OutOfMove || res.ByGoing[vehicle.Clear] != 4*geom.PerInch {
			t.Fatalf("%v: %+v", bad, res)
		}
		// 4" of clear is a sixth of the 24" move; the other five sixths at
		// 12" a move is 10" of rough.
		if got := res.ByGoing[vehicle.Rough]; got != 10*geom.PerInch {
			t.Errorf("%v: %d of rough, want 10\"", bad, got)
		}
		apply(t, s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 28)}, Arg: "V1"})
		if v := s.Veh(1); v.Pos != geom.P(10, 30) || v.Var(vvFlat) == s.Round {
			t.Errorf("%v: jeep at %v flat %d", bad, v.Pos, v.Var(vvFlat))
		}
	}
}

// A lorry (heavy wheeled: no rough speed at all) cannot enter bad going.
func TestBadGoingStopsALorry(t *testing.T) {
	r := New().(SMLE)
	s := badGoingState(t, "lorry", []string{"Mire"})
	res := r.VehicleMove(s, 1, vehicle.Through(geom.P(10, 34)))
	if res.Arrived || res.Stop != vehicle.NoGoing || !strings.Contains(res.Why, `"Mire" (bad going`) {
		t.Fatalf("lorry into the Mire: %+v", res)
	}
	s = badGoingState(t, "lorry", nil)
	if res := r.VehicleMove(s, 1, vehicle.Through(geom.P(10, 34))); !res.Arrived {
		t.Fatalf("lorry over the plain field: %+v", res)
	}
}
