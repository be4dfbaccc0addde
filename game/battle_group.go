package game

import (
	"fmt"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Group moves. A double click on one of your figures selects every figure
// of its team that may move; a box dragged on open table selects your
// figures inside it that may move. Dragging any of them then moves the
// whole group in formation: each figure follows the dragged path shifted
// by where it stood from the one dragged, each move checked by the rules
// like any other (a figure the rules stop short stops short; one they
// refuse stays put, and the toast says so).

// groupState is the battle's group selection and box.
type groupState struct {
	figs    []rules.FigID // the group (empty: none)
	boxing  bool          // a box is being dragged on open table
	boxFrom art.Pt        // where it started (screen)
	lastFig rules.FigID   // the figure last pressed, and when (double clicks)
	lastAt  float64
}

// inGroup reports whether id is one of the group.
func (g *groupState) inGroup(id rules.FigID) bool {
	for _, f := range g.figs {
		if f == id {
			return true
		}
	}
	return false
}

// movers are the figures of the side deciding that have a move of their own now.
func (b *battle) movers() map[rules.FigID]bool {
	out := map[rules.FigID]bool{}
	for _, c := range b.legal {
		if c.Verb == "move" && c.Fig != 0 && b.action(c).Kind == rules.ActDrag {
			out[c.Fig] = true
		}
	}
	return out
}

// selectTeam makes the group every figure of id's team that may move.
func (b *battle) selectTeam(id rules.FigID) {
	f := b.st().Fig(id)
	if f == nil {
		return
	}
	mv := b.movers()
	b.group.figs = nil
	for _, o := range b.st().Figures {
		if o.Unit == f.Unit && mv[o.ID] {
			b.group.figs = append(b.group.figs, o.ID)
		}
	}
	if len(b.group.figs) < 2 {
		b.group.figs = nil
	}
}

// selectBox makes the group the figures that may move inside a screen box.
func (b *battle) selectBox(p, q art.Pt) {
	x0, x1 := math.Min(p.X, q.X), math.Max(p.X, q.X)
	y0, y1 := math.Min(p.Y, q.Y), math.Max(p.Y, q.Y)
	mv := b.movers()
	b.group.figs = nil
	for i := range b.st().Figures {
		f := &b.st().Figures[i]
		if !mv[f.ID] {
			continue
		}
		s := b.drawPos(f)
		if s.X >= x0 && s.X <= x1 && s.Y >= y0 && s.Y <= y1 {
			b.group.figs = append(b.group.figs, f.ID)
		}
	}
}

// groupPaths is each other member's path for a dragged path of the
// leader: the same path shifted by where it stood from the leader.
func (b *battle) groupPaths(lead rules.FigID, path []geom.Pt) map[rules.FigID][]geom.Pt {
	l := b.st().Fig(lead)
	out := map[rules.FigID][]geom.Pt{}
	if l == nil {
		return out
	}
	for _, id := range b.group.figs {
		f := b.st().Fig(id)
		if id == lead || f == nil {
			continue
		}
		d := geom.Pt{X: f.Pos.X - l.Pos.X, Y: f.Pos.Y - l.Pos.Y}
		p := make([]geom.Pt, len(path))
		for i, q := range path {
			p[i] = geom.Pt{X: q.X + d.X, Y: q.Y + d.Y}
		}
		out[id] = p
	}
	return out
}

// moveGroup gives the group's moves for the leader's move c: the figures
// furthest along the way go first, so those behind do not walk into
// them; each is checked by the rules and stopped at the furthest legal
// point. It stops when the rules hand the decision to the other side.
func (b *battle) moveGroup(a *App, c rules.Command) {
	paths := b.groupPaths(c.Fig, c.Path)
	paths[c.Fig] = c.Path
	ids := make([]rules.FigID, 0, len(paths))
	for id := range paths {
		ids = append(ids, id)
	}
	end := c.Path[len(c.Path)-1]
	start := b.st().Fig(c.Fig).Pos
	dir := geom.Pt{X: end.X - start.X, Y: end.Y - start.Y}
	ahead := func(id rules.FigID) int64 {
		p := b.st().Fig(id).Pos
		return p.X*dir.X + p.Y*dir.Y
	}
	sort.Slice(ids, func(i, j int) bool {
		ai, aj := ahead(ids[i]), ahead(ids[j])
		if ai != aj {
			return ai > aj
		}
		return ids[i] < ids[j]
	})
	side := b.st().Decider
	moved, stayed := 0, 0
	for _, id := range ids {
		if b.st().Decider != side || b.st().Over {
			break // the other side may answer (opportunity fire): the rest wait
		}
		f := b.st().Fig(id)
		if f == nil || f.Removed {
			continue
		}
		p := paths[id]
		if !b.g.MoveCheck(id, p).OK {
			if fit := b.fitMoveFor(id, p); mereStep(f.Pos, fit, p) {
				p = nil // (stays, his move kept: see mereStep)
			} else {
				p = fit
			}
		}
		if len(p) == 0 {
			stayed++
			continue
		}
		b.dropped = id
		if b.apply(a, rules.Command{Verb: "move", Fig: id, Path: p}) {
			moved++
		} else {
			stayed++
		}
		b.dropped = 0
	}
	b.group.figs = nil
	switch {
	case stayed > 0:
		a.Toast("%d of the group moved; %d could not go that way and stayed.", moved, stayed)
	case moved < len(ids):
		a.Toast("%d of the group moved; the rest wait while the other side may answer.", moved)
	}
}

// fitMoveFor is the furthest legal part of a path for figure id.
func (b *battle) fitMoveFor(id rules.FigID, path []geom.Pt) []geom.Pt {
	sel := b.sel.Sel
	b.sel.Sel = id
	p := b.fitMove(path)
	b.sel.Sel = sel
	return p
}

// drawGroup rings the group and, while its leader is dragged, shows where
// each of the others would go (green if the rules take it, amber if it
// would stop short).
func (b *battle) drawGroup(dst *ebiten.Image, r float64) {
	for _, id := range b.group.figs {
		if f := b.st().Fig(id); f != nil {
			art.Ring(dst, b.drawPos(f), r*1.38, math.Max(2, r*0.12), art.RGB(0xffe066))
		}
	}
	if b.group.boxing {
		mx, my := cursor()
		p := b.group.boxFrom
		x0, y0 := math.Min(p.X, mx), math.Min(p.Y, my)
		art.Rect(dst, x0, y0, math.Abs(mx-p.X), math.Abs(my-p.Y), art.RGBA(0xffe066, 40))
		art.RectLine(dst, x0, y0, math.Abs(mx-p.X), math.Abs(my-p.Y), 1.5*art.UIScale, art.RGB(0xffe066))
	}
	if len(b.group.figs) < 2 || len(b.movePath) == 0 || !b.group.inGroup(b.sel.Sel) {
		return
	}
	for id, p := range b.groupPaths(b.sel.Sel, b.movePath) {
		f := b.st().Fig(id)
		col := art.RGB(0x7ee08a)
		if !b.g.MoveCheck(id, p).OK {
			col = art.RGB(0xf2b04a)
		}
		art.Line(dst, b.drawPos(f), b.tv.scr(p[len(p)-1]), 2*art.UIScale, art.RGBA(0xffffff, 120))
		art.Ring(dst, b.tv.scr(p[len(p)-1]), r, 2*art.UIScale, col)
	}
	art.Say(dst, fmt.Sprintf("moving %d figures together", len(b.group.figs)), art.BoldFace(12), b.tv.scr(b.movePath[len(b.movePath)-1]).X, b.tv.scr(b.movePath[len(b.movePath)-1]).Y+r+6*art.UIScale, art.RGB(0xfff2a0), 1)
}
