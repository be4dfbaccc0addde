package game

import (
	"strings"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules/geom"
)

// A figure dragged past a wall stops at it, and says so: the play-tester
// dragged Uffz Brandt into a cottage and read only "Uffz Brandt moves 3"
// (costs 3.5" with difficult going)". The log's move line and the notice
// give the rules' reason the drag was stopped short.
func TestDragStoppedShortSaysWhy(t *testing.T) {
	g := shippedGame(t, "maxim-trench-raid.toml", 1)
	a, b := deciderTable(g)
	b.refresh()
	b.shown = g.St.Decider
	st := g.St
	tried := 0
	for _, c := range g.Legal() {
		if c.Verb != "move" || c.Fig == 0 {
			continue
		}
		f := st.Fig(c.Fig)
		for i := range st.Map.Pieces {
			pc := &st.Map.Pieces[i]
			if len(pc.Poly) < 3 || st.Terrain == nil || !st.Terrain.Enterable(i) {
				continue
			}
			bx := pc.Poly.Bounds()
			mid := geom.Pt{X: (bx.Min.X + bx.Max.X) / 2, Y: (bx.Min.Y + bx.Max.Y) / 2}
			// he stands 1.5" outside its west wall
			f.Pos = geom.Pt{X: bx.Min.X - 3*geom.PerInch/2, Y: mid.Y}
			b.refresh()
			b.sel.Mode, b.sel.Sel = view.Selected, f.ID
			drag := []geom.Pt{mid}
			fit := b.fitDrop(drag)
			if len(fit) == 0 || samePath(fit, drag) {
				continue
			}
			why := g.MoveCheck(f.ID, drag).Why
			tried++
			before := len(b.log)
			c.Path = fit
			b.applyDrop(a, c, drag)
			b.tl.SkipAll()
			for _, an := range b.tl.Step(100) {
				b.finished(an)
			}
			if len(b.log) <= before || !strings.Contains(b.log[before].text, "Stopped short: ") {
				t.Fatalf("%s dragged into %s: the log reads %+v (the rules said %q)", f.Name, pc.Name, b.log[before:], why)
			}
			if !strings.Contains(a.toast, f.Name+" stopped short: ") {
				t.Errorf("the notice reads %q", a.toast)
			}
			t.Logf("%s | %s", b.log[before].text, a.toast)
			return
		}
	}
	t.Fatalf("no drag into a building was stopped short (%d tried)", tried)
}
