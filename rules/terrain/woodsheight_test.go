package terrain

import "testing"

// WoodsHinderFromHeight is opt-in: without it deep woods stop a line from
// a hill exactly as before; with it they do not (they stay on the centre
// line's crossings for the rule set to count), but only from a height;
// and the remembered answers of the two questions never mix.
func TestWoodsHinderFromHeight(t *testing.T) {
	ix := table3D(Piece{Kind: "woods", Poly: sq(8, 15, 14, 25)}, Piece{Kind: "hill", Poly: sq(0, 15, 4, 25)})
	from, tg := base(2, 20).C, base(20, 20)
	plain := LOSOptions{Rays: 3}
	opt := LOSOptions{Rays: 3, WoodsHinderFromHeight: true}
	if v := ix.LineOfSight(from, tg, plain).Vis; v != Blocked {
		t.Fatalf("without the option, six inches of woods from the hill: %v, want blocked", v)
	}
	los := ix.LineOfSight(from, tg, opt)
	if n := len(los.Crossings); los.Vis != Clear || n == 0 || los.Crossings[n-1].Piece != 0 {
		t.Fatalf("with the option, from the hill: %v %+v, want clear with the woods crossed", los.Vis, los.Crossings)
	}
	if v := ix.LineOfSight(from, tg, plain).Vis; v != Blocked {
		t.Fatalf("the option's answer leaked into the plain question: %v", v)
	}
	// From level ground the option changes nothing.
	if v := ix.LineOfSight(base(6, 20).C, tg, opt).Vis; v != Blocked {
		t.Fatalf("with the option, from level ground: %v, want blocked", v)
	}
}
