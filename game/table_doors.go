package game

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Doors and building interiors, drawn over the cached terrain each frame
// because both change in play: a door opens or is kicked in, and a house
// with a figure inside shows its floor instead of its roof, as a player
// lifts the roof off a model house on a real table.

var colFloor = art.RGB(0x9a7a52)

// occupied lists the enterable buildings holding a figure still on the
// table that the viewer may see (hidden reports figures to leave out), by
// piece ID.
func occupied(st *rules.State, hidden func(*rules.Figure) bool) map[int]bool {
	out := map[int]bool{}
	if st.Terrain == nil {
		return out
	}
	for i := range st.Figures {
		f := &st.Figures[i]
		if f.Removed || (hidden != nil && hidden(f)) {
			continue
		}
		if id := st.Terrain.InsideBuilding(f.Pos); id >= 0 {
			out[id] = true
		}
	}
	return out
}

// drawInteriors draws each occupied enterable building cut away: floor
// boards inside thick walls.
func drawInteriors(dst *ebiten.Image, tv *tableView, st *rules.State, in map[int]bool) {
	if st.Terrain == nil {
		return
	}
	for id := range st.Terrain.Map.Pieces {
		if !in[id] {
			continue
		}
		pc := &st.Terrain.Map.Pieces[id]
		poly := make([]art.Pt, len(pc.Poly))
		for i, p := range pc.Poly {
			poly[i] = tv.scr(p)
		}
		floor := colFloor
		art.FillPoly(dst, poly, floor)
		// boards along the longest wall, their ends staggered
		step := math.Max(3, tv.px(0.3))
		art.ParallelLines(poly, step, func(k int, sg [2]art.Pt, n art.Pt) {
			art.Line(dst, sg[0], sg[1], math.Max(0.6, tv.px(0.02)), art.Shade(floor, 0.78))
			l := math.Hypot(sg[1].X-sg[0].X, sg[1].Y-sg[0].Y)
			if l < 1 {
				return
			}
			dx, dy := (sg[1].X-sg[0].X)/l, (sg[1].Y-sg[0].Y)/l
			every := step * 6
			for t := float64((k*7)%5+1) / 5 * every; t < l-step/2; t += every {
				q := art.Pt{X: sg[0].X + dx*t, Y: sg[0].Y + dy*t}
				if e := (art.Pt{X: q.X + n.X*step, Y: q.Y + n.Y*step}); art.PointIn(poly, e) {
					art.Line(dst, q, e, math.Max(0.5, tv.px(0.015)), art.Shade(floor, 0.8))
				}
			}
		})
		// walls, with the door gaps left open where a door is not closed
		w := math.Max(2, tv.px(0.18))
		art.StrokePoly(dst, poly, true, w, art.RGB(0x6e6254))
		art.StrokePoly(dst, poly, true, math.Max(0.8, w*0.35), art.RGB(0x8c8070))
	}
}

// drawDoors draws the doors that are not as the map shows them: an open
// door as a dark doorway (or, in a house with its roof off, its leaf swung
// inwards), a kicked-in one with splinters. Shut doors are in the cached
// terrain art, and are drawn again only over a cut-away house.
func drawDoors(dst *ebiten.Image, tv *tableView, rs rules.RuleSet, st *rules.State, in map[int]bool) {
	if st.Terrain == nil {
		return
	}
	ix := st.Terrain
	for _, d := range ix.Doors() {
		state := rules.DoorStateOf(rs, st, d)
		if state == 0 && !in[d.Piece] {
			continue
		}
		g := ix.DoorGap(d)
		a, b := tv.scr(g.A), tv.scr(g.B)
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		if l < 1 {
			continue
		}
		if state == 0 {
			art.DoorPlank(dst, a, b, tv.px)
			continue
		}
		ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
		nx, ny := -uy, ux
		mid := art.Pt{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
		poly := make([]art.Pt, len(ix.Map.Pieces[d.Piece].Poly))
		for i, p := range ix.Map.Pieces[d.Piece].Poly {
			poly[i] = tv.scr(p)
		}
		if !art.PointIn(poly, art.Pt{X: mid.X + nx*2, Y: mid.Y + ny*2}) {
			nx, ny = -nx, -ny // point the normal into the building
		}
		cut := math.Max(3, tv.px(0.3))
		wood, dark := art.RGB(0x8a5e36), art.RGB(0x3a2614)
		if !in[d.Piece] {
			// roof on: a dark doorway in the wall
			art.Line(dst, a, b, cut, art.RGBA(0x120d08, 240))
		} else {
			art.Line(dst, a, b, cut, colFloor) // the gap in the wall
			art.Line(dst, a, b, math.Max(1, tv.px(0.05)), art.RGB(0x5a5048))
		}
		if state == 1 {
			if in[d.Piece] {
				tip := art.Pt{X: a.X + nx*l*0.9, Y: a.Y + ny*l*0.9}
				art.Line(dst, a, tip, math.Max(2, tv.px(0.15)), dark)
				art.Line(dst, a, tip, math.Max(1, tv.px(0.09)), wood)
			}
			continue
		}
		// kicked in: splinters strewn across the threshold
		for k := 0; k < 6; k++ {
			t := (float64(k) + 0.5) / 6
			off := (float64(k%3) - 0.5) * l * 0.3
			q := art.Pt{X: a.X + ux*l*t + nx*off, Y: a.Y + uy*l*t + ny*off}
			ang := float64(k)*1.7 + 0.4
			e := art.Pt{X: q.X + math.Cos(ang)*l*0.2, Y: q.Y + math.Sin(ang)*l*0.2}
			art.Line(dst, q, e, math.Max(1, tv.px(0.06)), wood)
		}
	}
}

// drawInnerWalls draws the walls inside the cut-away buildings, with
// their doors: shut as a plank across the gap, open as a leaf swung
// back, kicked in as a bare gap. A house with its roof on hides them.
func drawInnerWalls(dst *ebiten.Image, tv *tableView, rs rules.RuleSet, st *rules.State, in map[int]bool) {
	if st.Terrain == nil {
		return
	}
	for id := range st.Terrain.Map.Pieces {
		pc := &st.Terrain.Map.Pieces[id]
		if !in[id] || len(pc.InnerWall) < 2 {
			continue
		}
		w := math.Max(2, tv.px(0.18))
		pts := make([]art.Pt, len(pc.InnerWall))
		for i, p := range pc.InnerWall {
			pts[i] = tv.scr(p)
		}
		art.StrokePoly(dst, pts, false, w, art.RGB(0x6e6254))
		art.StrokePoly(dst, pts, false, math.Max(0.8, w*0.35), art.RGB(0x8c8070))
		for k := range pc.InnerDoors {
			_, g := terrain.InnerDoorGapOf(pc, k)
			a, b := tv.scr(g.A), tv.scr(g.B)
			state := rules.DoorStateOf(rs, st, terrain.DoorRef{Piece: id, Index: len(pc.Doors) + k})
			if state == rules.DoorShut {
				art.DoorPlank(dst, a, b, tv.px)
				continue
			}
			art.Line(dst, a, b, math.Max(3, tv.px(0.3)), colFloor) // the gap in the wall
			l := math.Hypot(b.X-a.X, b.Y-a.Y)
			if state == rules.DoorOpen && l >= 1 {
				// the leaf swung back square to the wall
				nx, ny := -(b.Y-a.Y)/l, (b.X-a.X)/l
				tip := art.Pt{X: a.X + nx*l*0.9, Y: a.Y + ny*l*0.9}
				art.Line(dst, a, tip, math.Max(2, tv.px(0.15)), art.RGB(0x3a2614))
				art.Line(dst, a, tip, math.Max(1, tv.px(0.09)), art.RGB(0x8a5e36))
			}
		}
	}
}
