package terrain

import (
	"testing"

	"hedgerow/rules/geom"
)

// table3D builds a 40"x40" table from the given pieces (kind defaults,
// optionally another height).
func table3D(pieces ...Piece) *Index {
	for i := range pieces {
		k, _ := KindByName(pieces[i].Kind)
		h := pieces[i].Props.Height
		pieces[i].Props = k.Props
		if h != 0 {
			pieces[i].Props.Height = h
		}
		pieces[i].ID = i
	}
	return NewIndex(&Map{Name: "3d", Width: geom.In(40), Height: geom.In(40), Pieces: pieces})
}

func wall(kind string, x, y0, y1 float64, h int64) Piece {
	return Piece{Kind: kind, Props: Props{Height: h}, Path: []geom.Pt{geom.P(x, y0), geom.P(x, y1)}}
}

var ssg3D = LOSOptions{IgnoreNearFirer: true, FigureHeight: ManHeight}

// Sight in three dimensions: a firer at (2,20) looks along +x at a target
// at (12,20), 10" away, both standing on the table.
func TestLineOfSight3D(t *testing.T) {
	from, tg := geom.P(2, 20), base(12, 20)
	cases := []struct {
		name   string
		pieces []Piece
		vis    Visibility
		partBy []int
	}{
		{"open table", nil, Clear, nil},
		{"low wall by the target hides its legs", []Piece{wall("low-wall", 11, 10, 30, 0)}, Partial, []int{0}},
		{"low wall by the firer: its helmet looks over it", []Piece{wall("low-wall", 3, 10, 30, 0)}, Clear, nil},
		{"hedge (lower than a man) by the target", []Piece{wall("hedge", 11, 10, 30, 0)}, Partial, []int{0}},
		{"bocage by the target hides the whole man", []Piece{wall("bocage", 11, 10, 30, 0)}, Blocked, []int{0}},
		{"bocage by the firer blocks every line too", []Piece{wall("bocage", 3, 10, 30, 0)}, Blocked, nil},
		{"a fence is seen through", []Piece{wall("fence", 11, 10, 30, 0)}, Clear, nil},
		{"the target stands in crops", []Piece{{Kind: "field", Poly: sq(10, 18, 14, 22)}}, Partial, []int{0}},
		{"building corner by the firer hides part: no matter",
			[]Piece{{Kind: "building", Poly: sq(3, 14, 4, 20)}}, Clear, nil},
		{"building corner by the target hides part",
			[]Piece{{Kind: "building", Poly: sq(10, 14, 11, 20.1)}}, Partial, []int{0}},
	}
	for _, c := range cases {
		ix := table3D(c.pieces...)
		los := ix.LineOfSight(from, tg, ssg3D)
		if los.Vis != c.vis || len(los.PartBy) != len(c.partBy) {
			t.Errorf("%s: %v (visible %d, whole %d of %d, hidden by %v), want %v by %v", c.name, los.Vis,
				los.Visible, los.Whole, los.Rays, los.PartBy, c.vis, c.partBy)
		}
	}
}

// The height test is exact: the line from a 1" helmet to the feet 10"
// away is 0.4" high six tenths of the way along, so a wall 0.4" high there
// is grazed (clear) and one a thousandth higher hides the feet.
func TestLineOfSight3DExactHeight(t *testing.T) {
	from, tg := geom.P(2, 20), base(12, 20)
	one := LOSOptions{IgnoreNearFirer: true, FigureHeight: ManHeight, Rays: 1}
	if v := table3D(wall("low-wall", 8, 10, 30, 400)).LineOfSight(from, tg, one).Vis; v != Clear {
		t.Errorf("wall grazed at its top: %v, want clear", v)
	}
	if v := table3D(wall("low-wall", 8, 10, 30, 401)).LineOfSight(from, tg, one).Vis; v != Partial {
		t.Errorf("wall a thousandth above the line: %v, want partial", v)
	}
	// From a 3" hill the helmet is at 4": the same wall hides nothing.
	hill := Piece{Kind: "hill", Poly: sq(0, 18, 2.5, 22)}
	if v := table3D(hill, wall("low-wall", 8, 10, 30, 900)).LineOfSight(from, tg, one).Vis; v != Clear {
		t.Errorf("from the hill over a 0.9\" wall: %v, want clear", v)
	}
	// A lower target (TargetHeight) is hidden whole by a wall that only
	// hid the legs of a standing man.
	low := one
	low.TargetHeight = 300
	if v := table3D(wall("low-wall", 11, 10, 30, 500)).LineOfSight(from, tg, low).Vis; v != Blocked {
		t.Errorf("a prone target behind a low wall: %v, want blocked", v)
	}
}
