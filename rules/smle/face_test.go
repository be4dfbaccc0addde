package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// A figure that could still move may turn where it stands to face a
// point: its facing changes, its move ends, and it may not turn again.
func TestTurnToFace(t *testing.T) {
	g := farmLane(t)
	var f *rules.Figure
	for _, c := range g.Legal() {
		if c.Verb == "face" {
			f = g.St.Fig(c.Fig)
			break
		}
	}
	if f == nil {
		t.Fatal("no figure is offered a turn")
	}
	id, at := f.ID, f.Pos
	right := geom.Pt{X: at.X + geom.In(5), Y: at.Y}
	if _, err := g.Apply(rules.Command{Verb: "face", Fig: id, Path: []geom.Pt{right}}); err != nil {
		t.Fatal(err)
	}
	if got := g.St.Fig(id).Facing; got != 90 {
		t.Errorf("facing a point to the right gives %d degrees, want 90", got)
	}
	if g.St.Fig(id).Pos != at {
		t.Error("turning moved the figure")
	}
	_, err := g.Apply(rules.Command{Verb: "face", Fig: id, Path: []geom.Pt{at}})
	if err == nil || !strings.Contains(err.Error(), "cannot") {
		t.Errorf("a second turn after the first: %v", err)
	}
	if mi := g.MoveCheck(id, []geom.Pt{{X: at.X, Y: at.Y + geom.In(1)}}); mi.OK {
		t.Error("a figure that has turned may still move")
	}
}

// farmLane starts the Farm Lane Skirmish and plays "end" until a team
// that may move is activating.
func farmLane(t *testing.T) *rules.Game {
	t.Helper()
	sc, m := loadNamed(t, "smle-skirmish.toml")
	for seed := uint64(1); seed < 40; seed++ {
		g, _, err := rules.NewGame(New(), sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 30 && !g.St.Over; i++ {
			for _, c := range g.Legal() {
				if c.Verb == "face" {
					return g
				}
			}
			if _, err := g.Apply(rules.Command{Verb: "end"}); err != nil {
				if _, err := g.Apply(rules.Command{Verb: "pass"}); err != nil {
					break
				}
			}
		}
	}
	t.Fatal("no team that may move came up")
	return nil
}
