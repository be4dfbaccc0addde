package smle

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// sightDuel: a rifleman (F1, team 1) 10" south of a medium tank lying
// across his view (team 2, V1: 5.6" by 2.6", x 21.2..26.8, y
// 18.7..21.3), and an enemy rifleman (F6, team 3) at p beyond it.
func sightDuel(t *testing.T, p geom.Pt) *rules.State {
	t.Helper()
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", rifles(1, 24, 30)}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}, {weapons: []string{"smg"}}, {weapons: []string{"handgun"}}}},
			veh: "medium-tank", vx: 24, vy: 20, facing: 90},
		{tunit: tunit{1, "trained", "", rifles(1, geom.Inches(p.X), geom.Inches(p.Y))}},
	}, 6, 1, 2)
	setActive(s, 1, "advance-8")
	return s
}

// fireAt is team 1's direct fire at F6, and whether Legal lists it.
func fireAt(s *rules.State) (rules.Command, bool) {
	c := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{6}, Arg: "direct"}
	return c, hasVerb(s, c.String())
}

// A man wholly behind a tank is out of sight: no fire is offered at him,
// the odds refuse it, and he is not seen; take the tank away and he is.
// A man beside it, or only partly behind it, is seen and may be shot at,
// Legal and the odds agreeing.
func TestHullBlocksSight(t *testing.T) {
	for _, c := range []struct {
		what string
		at   geom.Pt
		seen bool
	}{
		{"behind the tank", geom.P(24, 16), false},
		{"behind its end", geom.P(26, 16), false},
		{"beside it", geom.P(30, 16), true},
		{"partly behind it", geom.P(28.5, 16), true},
	} {
		s := sightDuel(t, c.at)
		f, g := s.Fig(1), s.Fig(6)
		if g.Pos != c.at {
			t.Fatalf("%s: F6 at %v", c.what, g.Pos)
		}
		cmd, listed := fireAt(s)
		_, oddsErr := New().Odds(s, cmd)
		_, sn := sees(s, f, g)
		if listed != c.seen || (oddsErr == nil) != c.seen || sn != c.seen || inSight(s, f, g) != c.seen {
			t.Errorf("%s: want seen %v: fire listed %v, odds error %v, sees %v, inSight %v", c.what, c.seen, listed, oddsErr, sn, inSight(s, f, g))
		}
		if !c.seen {
			s.Veh(1).Removed = true
			if _, listed := fireAt(s); !listed || !inSight(s, f, g) {
				t.Errorf("%s: with the tank gone he is still unseen", c.what)
			}
		}
	}
}

// The partly hidden man (the hull's corner on the line to his centre):
// seen by the rays clear of the hull, not by the ones through it.
func TestHullPartSight(t *testing.T) {
	s := sightDuel(t, geom.P(28.5, 16))
	los, ok := sees(s, s.Fig(1), s.Fig(6))
	if !ok || los.Visible == 0 || los.Visible == los.Rays {
		t.Fatalf("partly behind: %+v", los)
	}
}

// A vehicle's own hull never blocks its crew's sight, nor a hull the view
// of itself; another hull does.
func TestHullSightOwnAndOther(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 24, vy: 30, facing: 0},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 24, vy: 20, facing: 90},
		{tunit: tunit{1, "trained", "", rifles(1, 24, 16)}},
		{tunit: tunit{1, "trained", "", rifles(1, 34, 26)}},
	}, 6, 1, 2, 3)
	r := New().(SMLE)
	v1, v2 := s.Veh(1), s.Veh(2)
	t1, _ := rules.VehicleTypeOf(r, v1.Type)
	t2, _ := rules.VehicleTypeOf(r, v2.Type)
	if _, ok := r.vehicleSeesFig(s, v1, s.Fig(4)); !ok {
		t.Error("the tank's crew cannot see a man in the open: their own hull is in the way")
	}
	if _, ok := r.vehicleSeesFig(s, v1, s.Fig(3)); ok {
		t.Error("the tank's crew see a man behind the other tank")
	}
	if _, ok := r.seesVehicle(s, v1.Pos, v2, t2, v1.ID); !ok {
		t.Error("one tank cannot see the other in the open")
	}
	if _, ok := r.seesVehicle(s, s.Fig(3).Pos, v1, t1, 0); ok {
		t.Error("the man behind the second tank sees the first through it")
	}
}

// The table's line-of-sight tool asks the same question through
// rules.SightStopsOf: the tank hides the point behind it, not one beside
// it, and a line drawn from the tank itself is not blocked by its hull.
func TestSightStopsForTheTable(t *testing.T) {
	s := sightDuel(t, geom.P(24, 16))
	ix := s.Terrain
	r := New()
	los := func(from, to geom.Pt) terrain.Visibility {
		c := geom.Circle{C: to, R: rules.DefaultBaseR}
		return ix.LineOfSight(from, c, terrain.LOSOptions{Stops: rules.SightStopsOf(r, s, from, c)}).Vis
	}
	if v := los(geom.P(24, 30), geom.P(24, 16)); v != terrain.Blocked {
		t.Errorf("behind the tank: %v", v)
	}
	if v := los(geom.P(24, 30), geom.P(30, 16)); v != terrain.Clear {
		t.Errorf("beside the tank: %v", v)
	}
	if v := los(geom.P(24, 20), geom.P(24, 30)); v != terrain.Clear {
		t.Errorf("from the tank: %v", v)
	}
}
