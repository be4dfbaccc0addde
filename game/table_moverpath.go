package game

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// moverPath is the path of the last move or drive on the table, kept from
// its event: while the other side may answer it (opportunity fire) or a
// point is aimed, it is drawn, and a click near it is taken as the point
// of it nearest the click, so "the point of the path" can be picked.
type moverPath struct {
	path []geom.Pt
	side int
	log  int // commands played when it was made
}

// notePath keeps the path of a move or drive among evs.
func (b *battle) notePath(evs []rules.Event) {
	for _, ev := range evs {
		if len(ev.Path) > 1 && (ev.Fig != 0 || ev.Kind == "drive" || ev.Kind == "move") {
			b.mover = &moverPath{path: append([]geom.Pt(nil), ev.Path...), side: ev.Side, log: len(b.g.Log)}
		}
	}
}

// showPath reports whether the last mover's path is drawn and taken for
// clicks now: an answer to it is awaited, or a point is being aimed.
func (b *battle) showPath() bool {
	if b.mover == nil || len(b.g.Log) != b.mover.log {
		return false
	}
	// (and to the side answering it once the table is handed to it: after
	// a curtain the interrupting side had no path to pick its point on)
	st := b.st()
	return b.interrupting() || (st.Decider != st.Active && b.shown == st.Decider) || (b.sel.Mode == view.Targeting && (b.sel.Point || b.sel.Ground))
}

// nearPath is the point of the mover's path nearest pt, and its distance
// on screen in pixels.
func (b *battle) nearPath(pt geom.Pt) (geom.Pt, float64) {
	best, bd := pt, math.Inf(1)
	p := b.mover.path
	for i := 1; i < len(p); i++ {
		ax, ay := float64(p[i-1].X), float64(p[i-1].Y)
		dx, dy := float64(p[i].X)-ax, float64(p[i].Y)-ay
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, ((float64(pt.X)-ax)*dx+(float64(pt.Y)-ay)*dy)/l))
		}
		q := geom.Pt{X: int64(math.Round(ax + t*dx)), Y: int64(math.Round(ay + t*dy))}
		sq, sp := b.tv.scr(q), b.tv.scr(pt)
		if d := math.Hypot(sq.X-sp.X, sq.Y-sp.Y); d < bd {
			best, bd = q, d
		}
	}
	return best, bd
}

// snapToPath is pt, or the nearest point of the mover's path when pt
// lies near it and ok refuses pt but accepts that point.
func (b *battle) snapToPath(pt geom.Pt, ok func(geom.Pt) bool) geom.Pt {
	if !b.showPath() || ok(pt) {
		return pt
	}
	q, d := b.nearPath(pt)
	if d <= 28*art.UIScale && ok(q) {
		return q
	}
	return pt
}

// drawMoverPath draws the last mover's path, dashed in its side's colour,
// with a dot at each end, while it is wanted (showPath).
func (b *battle) drawMoverPath(dst *ebiten.Image) {
	if !b.showPath() {
		return
	}
	c := art.Brighten(sideColour(b.st(), b.mover.side), 0.3)
	p := b.mover.path
	for i := 1; i < len(p); i++ {
		art.StrokeDashed(dst, b.tv.scr(p[i-1]), b.tv.scr(p[i]), 3*art.UIScale, 10*art.UIScale, 6*art.UIScale, c)
	}
	art.Circle(dst, b.tv.scr(p[0]), 4*art.UIScale, c)
	art.Circle(dst, b.tv.scr(p[len(p)-1]), 5*art.UIScale, c)
}

// pathClickFire answers a click near the mover's dashed path while one
// of your figures is picked but no weapon is: the first of his shots the
// rules take at that point of the path is given, as if its button had
// been pressed first (a play-tester picked a firer, clicked the path as
// the panel said, and lost the firer with no word). When none is taken,
// the first refusal is said. It reports whether the click was used.
func (b *battle) pathClickFire(a *App, pt geom.Pt) bool {
	if b.sel.Mode != view.Selected || b.sel.Sel == 0 || !b.showPath() {
		return false
	}
	q, d := b.nearPath(pt)
	if d > 28*art.UIScale {
		return false
	}
	sel := b.sel.Sel
	var why error
	for _, c := range b.legal {
		if !b.sel.For(c, sel) {
			continue
		}
		act := b.action(c)
		if act.Kind != rules.ActAim && act.Kind != rules.ActPoint {
			continue
		}
		// the listed shot moved to this point of the path (a man who
		// moved is named in it), else the shot at a hull's point there
		shot := c
		shot.Path = []geom.Pt{q}
		err := b.g.Refusal(shot)
		if err != nil && b.beginAim(c, act) {
			if hs := b.hullShot(q); b.g.Refusal(hs) == nil {
				shot, err = hs, nil
			}
			b.sel.Escape()
			b.sel.Mode, b.sel.Sel = view.Selected, sel
		}
		if err == nil {
			b.apply(a, shot)
			return true
		}
		if why == nil {
			why = err
		}
	}
	if why == nil {
		return false
	}
	a.Toast("%s", b.plain(why.Error()))
	return true
}
