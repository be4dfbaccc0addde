package skirmish35

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Hiding looks for cover from the nearest enemy the figure's side knows
// of. F1 stands just south of a low wall; the known enemy F2 is north of
// it (the wall covers F1 from it). Red's F3 is hidden and not acquired:
// wherever it stands, even close behind F1 in the open, whether F1 may
// hide stays the same (listed, refused or not, the same words), so the
// button tells nothing of where F3 is. Once F3 is acquired it counts.
func TestHideIgnoresUnseenEnemies(t *testing.T) {
	wall := piece("low-wall", 30, 29.5, 42, 29.5)
	s := newState(t, []terrain.Piece{wall},
		tfig{side: 0, quality: "experienced", x: 36, y: 30, weapons: []string{"rifle"}, facing: 0},
		tfig{side: 1, quality: "experienced", x: 36, y: 15, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, quality: "experienced", x: 60, y: 5, weapons: []string{"rifle"}, facing: 180})
	s.Fig(3).Markers |= rules.Hidden
	r := New().(Skirmish)
	if r.FigureKnown(s, 0, 3) {
		t.Fatal("Red's hidden F3 is unknown to Blue")
	}
	hide := rules.Command{Verb: "hide", Fig: 1}
	for _, at := range []geom.Pt{geom.P(60, 5), geom.P(36, 32), geom.P(40, 40), geom.P(20, 31)} {
		st := s.Clone()
		st.Fig(3).Pos = at
		if why := r.hideProblem(st, st.Fig(1)); why != "" {
			t.Errorf("F3 unseen at %v: hiding refused (%s)", at, why)
		}
		if !legalVerbs(st, 1)["hide"] {
			t.Errorf("F3 unseen at %v: hide is not listed", at)
		}
		if _, err := r.Apply(st.Clone(), hide); err != nil {
			t.Errorf("F3 unseen at %v: %v", at, err)
		}
	}
	// acquired, F3 close behind F1 in the open is the nearest enemy: no
	// cover from it
	st := s.Clone()
	st.Fig(3).Pos = geom.P(36, 32)
	st.Fig(3).SetVar(fSpotted, 1)
	if !r.FigureKnown(st, 0, 3) {
		t.Fatal("acquired, F3 is known")
	}
	refuse(t, st, "hide F1", "no cover to hide in")
	if legalVerbs(st, 1)["hide"] {
		t.Error("hide is listed with no cover from the known F3")
	}
}
