package game

import (
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules/geom"
)

// A man at the back of a packed group dragged 4" went 0.3", stopped by
// his friends, and lost his whole move (play-test 6): a long drag cut
// short to a mere step moves nothing (he stays, his move kept), while a
// drag past the allowance still stops at its furthest legal point.
func TestLongDragCutToAStepMovesNothing(t *testing.T) {
	at := geom.Pt{X: 10 * geom.PerInch, Y: 10 * geom.PerInch}
	in := func(x float64) []geom.Pt { return []geom.Pt{{X: at.X + int64(x*geom.PerInch), Y: at.Y}} }
	for _, c := range []struct {
		fit, drag float64
		step      bool
	}{
		{0.3, 4, true},    // cut to a step: nothing moves
		{0.9, 4, true},    // still under an inch of a long drag
		{1.2, 4, false},   // an inch or more: the move stands
		{0.3, 1, false},   // a short drag, a short move
		{0.6, 2.2, false}, // over a quarter of the drag
	} {
		if got := mereStep(at, in(c.fit), in(c.drag)); got != c.step {
			t.Errorf("%.1f\" of a %.1f\" drag: a mere step %v, want %v", c.fit, c.drag, got, c.step)
		}
	}
	// far past the allowance on open ground: he goes as far as he may
	g := shippedGame(t, "ssg-standard.toml", 1)
	_, b := deciderTable(g)
	b.refresh()
	for i := range g.St.Figures {
		f := &g.St.Figures[i]
		if f.Side != g.St.Decider || f.Removed {
			continue
		}
		b.sel.Mode, b.sel.Sel = view.Selected, f.ID
		far := []geom.Pt{{X: f.Pos.X, Y: f.Pos.Y - 20*geom.PerInch}}
		if f.Pos.Y < g.St.Map.Height/2 {
			far[0].Y = f.Pos.Y + 20*geom.PerInch
		}
		if got := b.fitDrop(far); len(got) == 0 || geom.Dist(f.Pos, got[len(got)-1]) < 2*geom.PerInch {
			t.Errorf("%s's drag past his allowance stopped at %v", f.Name, got)
		}
		break
	}
}
