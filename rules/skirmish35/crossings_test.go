package skirmish35

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// The tape's crossing marks: a move over a fence is marked where it
// meets the fence, saying a roll there may halt the man (one point left,
// a die of one to three); with the forced die of 3 he does halt, short
// of the mark. With points to spare the roll cannot halt him; a move
// that crosses nothing has no marks.
func TestMoveCrossingsMarkTheFence(t *testing.T) {
	fence := piece("fence", 30, 15, 42, 15)
	s := newState(t, []terrain.Piece{fence},
		tfig{side: 0, quality: "green", x: 36, y: 13, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	r := New().(Skirmish)
	path := []geom.Pt{geom.P(36, 17)}
	cs := r.MoveCrossings(s, 1, path)
	if len(cs) != 1 {
		t.Fatalf("crossings %+v, want the fence", cs)
	}
	c := cs[0]
	if d := c.At.Y - geom.In(15); d < -geom.In(0.6) || d > geom.In(0.6) || c.At.X != geom.In(36) {
		t.Errorf("the mark stands at %v, want on the fence at 36,15", c.At)
	}
	if !c.Halt || c.Note != "roll to cross: may halt here" || c.What == "" {
		t.Errorf("one point left: %+v, want a roll that may halt him", c)
	}
	apply(t, s, "move F1 36,17", 3)
	if f := s.Fig(1); f.Pos.Y >= c.At.Y {
		t.Errorf("halted at %v, not short of the mark at %v", f.Pos, c.At)
	}

	s = newState(t, []terrain.Piece{fence},
		tfig{side: 0, quality: "green", x: 36, y: 13, weapons: []string{"rifle"}, facing: 180},
		tfig{side: 1, x: 60, y: 40, weapons: []string{"rifle"}})
	s.Fig(1).SetVar(fAP, 6)
	if cs := r.MoveCrossings(s, 1, path); len(cs) != 1 || cs[0].Halt || cs[0].Note != "roll to cross" {
		t.Errorf("six points: %+v, want a roll that cannot halt him", cs)
	}
	if cs := r.MoveCrossings(s, 1, []geom.Pt{geom.P(33, 13)}); len(cs) != 0 {
		t.Errorf("a move along the fence's side: %+v, want no crossing", cs)
	}
	// the core asks through the optional hook
	if _, ok := rules.RuleSet(r).(rules.MoveCrosser); !ok {
		t.Error("1/35th Skirmish does not offer its crossings")
	}
}
