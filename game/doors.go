package game

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Doors and building interiors, drawn over the cached terrain each frame
// because both change in play: a door opens or is kicked in, and a house
// with a figure inside shows its floor instead of its roof, as a player
// lifts the roof off a model house on a real table.

var colFloor = rgb(0x9a7a52)

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
		poly := make([]fpt, len(pc.Poly))
		for i, p := range pc.Poly {
			poly[i] = tv.scr(p)
		}
		floor := colFloor
		fillPoly(dst, poly, floor)
		// boards along the longest wall, their ends staggered
		step := math.Max(3, tv.px(0.3))
		parallelLines(poly, step, func(k int, sg [2]fpt, n fpt) {
			line(dst, sg[0], sg[1], math.Max(0.6, tv.px(0.02)), shade(floor, 0.78))
			l := math.Hypot(sg[1].X-sg[0].X, sg[1].Y-sg[0].Y)
			if l < 1 {
				return
			}
			dx, dy := (sg[1].X-sg[0].X)/l, (sg[1].Y-sg[0].Y)/l
			every := step * 6
			for t := float64((k*7)%5+1) / 5 * every; t < l-step/2; t += every {
				q := fpt{sg[0].X + dx*t, sg[0].Y + dy*t}
				if e := (fpt{q.X + n.X*step, q.Y + n.Y*step}); pointIn(poly, e) {
					line(dst, q, e, math.Max(0.5, tv.px(0.015)), shade(floor, 0.8))
				}
			}
		})
		// walls, with the door gaps left open where a door is not closed
		w := math.Max(2, tv.px(0.18))
		strokePoly(dst, poly, true, w, rgb(0x6e6254))
		strokePoly(dst, poly, true, math.Max(0.8, w*0.35), rgb(0x8c8070))
	}
}

// doorPlank draws a shut door across its gap a-b, as the cached terrain
// art does (terrain_art.go), so the two always match.
func doorPlank(dst *ebiten.Image, a, b fpt, in func(float64) float64) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l < 1 {
		return
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	line(dst, a, b, math.Max(2, in(0.26)), rgb(0x3a2614))
	inset := math.Min(l/4, in(0.06))
	line(dst, fpt{a.X + ux*inset, a.Y + uy*inset}, fpt{b.X - ux*inset, b.Y - uy*inset}, math.Max(1, in(0.15)), rgb(0x8a5e36))
	h := fpt{a.X + ux*l*0.78, a.Y + uy*l*0.78}
	circle(dst, h, math.Max(0.8, in(0.04)), rgb(0xd8c080))
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
			doorPlank(dst, a, b, tv.px)
			continue
		}
		ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
		nx, ny := -uy, ux
		mid := fpt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
		poly := make([]fpt, len(ix.Map.Pieces[d.Piece].Poly))
		for i, p := range ix.Map.Pieces[d.Piece].Poly {
			poly[i] = tv.scr(p)
		}
		if !pointIn(poly, fpt{mid.X + nx*2, mid.Y + ny*2}) {
			nx, ny = -nx, -ny // point the normal into the building
		}
		cut := math.Max(3, tv.px(0.3))
		wood, dark := rgb(0x8a5e36), rgb(0x3a2614)
		if !in[d.Piece] {
			// roof on: a dark doorway in the wall
			line(dst, a, b, cut, rgba(0x120d08, 240))
		} else {
			line(dst, a, b, cut, colFloor) // the gap in the wall
			line(dst, a, b, math.Max(1, tv.px(0.05)), rgb(0x5a5048))
		}
		if state == 1 {
			if in[d.Piece] {
				tip := fpt{a.X + nx*l*0.9, a.Y + ny*l*0.9}
				line(dst, a, tip, math.Max(2, tv.px(0.15)), dark)
				line(dst, a, tip, math.Max(1, tv.px(0.09)), wood)
			}
			continue
		}
		// kicked in: splinters strewn across the threshold
		for k := 0; k < 6; k++ {
			t := (float64(k) + 0.5) / 6
			off := (float64(k%3) - 0.5) * l * 0.3
			q := fpt{a.X + ux*l*t + nx*off, a.Y + uy*l*t + ny*off}
			ang := float64(k)*1.7 + 0.4
			e := fpt{q.X + math.Cos(ang)*l*0.2, q.Y + math.Sin(ang)*l*0.2}
			line(dst, q, e, math.Max(1, tv.px(0.06)), wood)
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
		pts := make([]fpt, len(pc.InnerWall))
		for i, p := range pc.InnerWall {
			pts[i] = tv.scr(p)
		}
		strokePoly(dst, pts, false, w, rgb(0x6e6254))
		strokePoly(dst, pts, false, math.Max(0.8, w*0.35), rgb(0x8c8070))
		for k := range pc.InnerDoors {
			_, g := terrain.InnerDoorGapOf(pc, k)
			a, b := tv.scr(g.A), tv.scr(g.B)
			state := rules.DoorStateOf(rs, st, terrain.DoorRef{Piece: id, Index: len(pc.Doors) + k})
			if state == rules.DoorShut {
				doorPlank(dst, a, b, tv.px)
				continue
			}
			line(dst, a, b, math.Max(3, tv.px(0.3)), colFloor) // the gap in the wall
			l := math.Hypot(b.X-a.X, b.Y-a.Y)
			if state == rules.DoorOpen && l >= 1 {
				// the leaf swung back square to the wall
				nx, ny := -(b.Y-a.Y)/l, (b.X-a.X)/l
				tip := fpt{a.X + nx*l*0.9, a.Y + ny*l*0.9}
				line(dst, a, tip, math.Max(2, tv.px(0.15)), rgb(0x3a2614))
				line(dst, a, tip, math.Max(1, tv.px(0.09)), rgb(0x8a5e36))
			}
		}
	}
}
