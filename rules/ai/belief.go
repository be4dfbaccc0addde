package ai

import (
	"math/rand/v2"
	"slices"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// belief is the state as the deciding side may know it: a copy of the
// game's state with every enemy figure the side may not see moved off the
// table to a fixed place, no variable the side may not know (the enemy's
// plotted mortar rounds, a hidden team's orders: rules.View.Forget, as the
// side's copy in network play), and no dice of the game's own.
type belief struct {
	rs    rules.RuleSet
	s     *rules.State
	me    int
	known []bool // by figure index: an enemy figure the side sees (own figures: true)
	log   []rules.Command
	reach []int64 // by figure index, lazily: the figure's longest weapon reach (0 = not yet)
	// lead is the enemy's figures lost less the side's own: a side ahead
	// need not close with the enemy (most battles that run out of turns go
	// to the side with fewer losses)
	lead int
	// danger is the harm the end of the side's go may bring on a spot it
	// cannot see aimed (rules.EndDangerer: 1/35th's enemy mortar rounds),
	// as a share of a figure; nil when the rule set fears nothing
	danger func(geom.Pt) float64
}

// offTable is how far beyond the table's left edge unseen enemies are put
// in the belief (position units): out of every weapon's reach and sight.
const offTable = 1_000_000

func newBelief(g *rules.Game, side int, r *rand.Rand) *belief {
	v := rules.ViewOf(g.RS, g.St, side)
	s := g.St.Clone()
	s.Forced = nil
	v.Forget(s)
	b := &belief{rs: g.RS, s: s, me: side, known: make([]bool, len(s.Figures)),
		log: g.Log, reach: make([]int64, len(s.Figures))}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed {
			if f.Side == side {
				b.lead--
			} else {
				b.lead++
			}
		}
		if f.Side == side || f.Removed || v.Figure(f.ID) {
			b.known[i] = true
			continue
		}
		// where it really stands is not the side's to know
		f.Pos = geom.Pt{X: -offTable - int64(i)*4000, Y: -offTable}
	}
	for i := range s.Vehicles {
		vh := &s.Vehicles[i]
		if vh.Side != side && !vh.Removed && !v.Unit(vh.Unit) {
			vh.Pos = geom.Pt{X: -offTable - int64(i)*20000, Y: -2 * offTable}
		}
	}
	reseed(s, r)
	if d, ok := g.RS.(rules.EndDangerer); ok {
		b.danger = d.EndDanger(s, side)
	}
	return b
}

func reseed(s *rules.State, r *rand.Rand) {
	s.RNG = *rand.NewPCG(r.Uint64(), r.Uint64())
}

// copy is a copy of the belief's state with dice of its own.
func (b *belief) copy(r *rand.Rand) *rules.State {
	st := b.s.Clone()
	reseed(st, r)
	return st
}

// legal lists what the deciding side may do in the belief, less commands
// aimed at a bare point of the table or at a figure it may not see.
func (b *belief) legal() []rules.Command {
	return legalIn(b, b.s)
}

func legalIn(b *belief, s *rules.State) []rules.Command {
	if s.Over {
		return nil
	}
	all := b.rs.Legal(s)
	out := all[:0]
	for _, c := range all {
		if len(c.Path) == 0 && len(c.Targets) == 0 {
			if k := rules.ActionOf(b.rs, s, c).Kind; k == rules.ActPoint || k == rules.ActLine {
				continue
			}
		}
		ok := true
		for _, t := range c.Targets {
			if int(t) < 1 || int(t) > len(b.known) || !b.known[t-1] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

func (b *belief) needsPath(c rules.Command) bool {
	return c.Verb == "move" && len(c.Path) == 0 && c.Fig != 0
}

// repeats counts the same command (path aside) among the last commands of
// the game.
func (b *belief) repeats(c rules.Command) int {
	n := 0
	for _, x := range b.sinceEnd(30) {
		if x.Verb == c.Verb && x.Fig == c.Fig && x.Unit == c.Unit && x.Arg == c.Arg && slices.Equal(x.Targets, c.Targets) {
			n++
		}
	}
	return n
}

// sinceEnd is the last commands of the game, at most n, back to the last
// "end" (the close of a phase, a turn or a go).
func (b *belief) sinceEnd(n int) []rules.Command {
	from := max(0, len(b.log)-n)
	for i := len(b.log) - 1; i >= from; i-- {
		if b.log[i].Verb == "end" {
			return b.log[i+1:]
		}
	}
	return b.log[from:]
}

// recent counts commands of the same kind by the same figure or unit
// (arguments aside: standing up, then lying down) among the last few.
func (b *belief) recent(c rules.Command) int {
	n := 0
	for _, x := range b.sinceEnd(12) {
		if x.Verb == c.Verb && x.Fig == c.Fig && x.Unit == c.Unit {
			n++
		}
	}
	return n
}

// ---- the material score ----

// win is the score of a battle won (lost: its negative).
const win = 100_000

// material scores a state for the belief's side: its figures' worth less
// the enemy's, each figure's worth reduced by its wounds and markers. An
// enemy figure the side may not see counts at full worth whatever the
// state says of it, so hidden things never move the score.
func (b *belief) material(s *rules.State) int {
	if s.Over {
		switch s.Winner {
		case b.me:
			return win
		case 1 - b.me:
			return -win
		}
	}
	t := 0
	for i := range s.Figures {
		f := &s.Figures[i]
		w := figWorth(f)
		if f.Side != b.me && !b.known[i] {
			w = fullWorth(f)
		}
		if f.Side == b.me {
			t += w
		} else {
			t -= w
		}
	}
	for i := range s.Vehicles {
		vh := &s.Vehicles[i]
		w := 400
		if vh.Removed || vh.Damage&(1<<1) != 0 || vh.Damage&(1<<4) != 0 { // brewed up, abandoned
			w = 0
		} else {
			if vh.Damage&1 != 0 { // immobilised
				w -= 120
			}
			if vh.Damage&(1<<3) != 0 { // main weapon out
				w -= 150
			}
		}
		if vh.Side == b.me {
			t += w
		} else {
			t -= w
		}
	}
	return t
}

func fullWorth(f *rules.Figure) int {
	if f.Leader {
		return 150
	}
	return 100
}

// figWorth is what a figure is still worth to its side.
func figWorth(f *rules.Figure) int {
	if f.Removed || f.Markers.Has(rules.Surrendered) {
		return 0
	}
	w := fullWorth(f)
	m := f.Markers
	for _, x := range []struct {
		m rules.Marker
		v int
	}{{rules.BadlyWounded, 55}, {rules.Wounded, 25}, {rules.Pinned, 15}, {rules.Suppressed, 15},
		{rules.Stunned, 20}, {rules.Broken, 45}, {rules.Neutralised, 70}, {rules.Running, 35}, {rules.OutOfAmmo, 30}} {
		if m&x.m != 0 {
			w -= x.v
		}
	}
	w -= 20 * min(f.Wounds, 3)
	return max(w, 5)
}

// dangerWeight is how many times its expected harm the computer fears a
// blast it cannot see aimed (see positional).
const dangerWeight = 2

// ---- where a figure stands ----

// figReach is the figure's longest weapon reach (24" when the rule set
// gives no range bands).
func (b *belief) figReach(f *rules.Figure) int64 {
	i := int(f.ID) - 1
	if b.reach[i] == 0 {
		var r int64
		for _, w := range rules.FigureOf(b.rs, b.s, f.ID).Weapons {
			r = max(r, w.Reach())
		}
		if r <= 0 {
			r = 24_000
		}
		b.reach[i] = r
	}
	return b.reach[i]
}

// enemies lists the enemy figures the side sees on the table.
func (b *belief) enemies() []*rules.Figure {
	var out []*rules.Figure
	for i := range b.s.Figures {
		f := &b.s.Figures[i]
		if f.Side != b.me && !f.Removed && b.known[i] && f.Pos.X > -offTable/2 {
			out = append(out, f)
		}
	}
	return out
}

// positional scores figure f standing at pt: targets it could shoot from
// there, known enemies that could shoot it and the cover it would have
// from them, the way still to go to the nearest enemy, and staying near
// its unit.
func (b *belief) positional(f *rules.Figure, pt geom.Pt) int {
	ix := b.s.Terrain
	me := geom.Circle{C: pt, R: b.s.BaseR}
	reach := b.figReach(f)
	shots, threat := 0, 0
	nearest := int64(-1)
	opts := terrain.LOSOptions{}
	for _, e := range b.enemies() {
		d2 := geom.Dist2(pt, e.Pos)
		if d2 <= reach*reach && ix.Visible(pt, e.Base(b.s.BaseR), opts) {
			shots++
		}
		er := b.figReach(e)
		if d2 <= er*er && ix.Visible(e.Pos, me, opts) {
			cov, _ := ix.CoverFor(me, e.Pos)
			// lying down or crouching makes a smaller target
			threat += (4 - min(int(cov), 3)) * (4 - int(f.Posture)) / 2
		}
		d := geom.Isqrt(d2)
		if nearest < 0 || d < nearest {
			nearest = d
		}
	}
	sc := 4*min(shots, 3) - threat
	if b.danger != nil && f.Side == b.me {
		// what the end of the go may bring down here, unseen (a mortar
		// round plotted by the enemy), at twice the figure's worth: the
		// rule set takes every spot the enemy could have aimed at as
		// likely as another, while a player aims where men stand
		// together (measured: once the figure's worth changed little,
		// two to five times won about the same)
		sc -= int(dangerWeight * b.danger(pt) * float64(figWorth(f)))
	}
	want := reach * 2 / 3
	if nearest < 0 {
		// no enemy in sight: make for the middle of the table
		c := geom.Pt{X: b.s.Map.Width / 2, Y: b.s.Map.Height / 2}
		sc -= int(geom.Isqrt(geom.Dist2(pt, c)) / 1000)
	} else if nearest > want {
		// the pull towards the enemy, none when ahead on losses (half a
		// pull when even left battles at 0 losses each when the turns
		// ran out)
		if b.lead <= 0 {
			sc -= int((nearest - want) / 1000)
		}
	}
	// keep with the unit: the others' middle
	var sx, sy, n int64
	for i := range b.s.Figures {
		o := &b.s.Figures[i]
		if o.Unit == f.Unit && o.ID != f.ID && !o.Removed {
			sx, sy, n = sx+o.Pos.X, sy+o.Pos.Y, n+1
		}
	}
	if n > 0 {
		d := geom.Isqrt(geom.Dist2(pt, geom.Pt{X: sx / n, Y: sy / n}))
		if d > 5000 {
			sc -= int((d - 5000) / 1000)
		}
	}
	return sc
}

// ---- where a figure might go ----

// dirs are 16 directions, scaled to 1000 (whole numbers, so every machine
// agrees).
var dirs = [16][2]int64{{1000, 0}, {924, 383}, {707, 707}, {383, 924}, {0, 1000}, {-383, 924}, {-707, 707}, {-924, 383},
	{-1000, 0}, {-924, -383}, {-707, -707}, {-383, -924}, {0, -1000}, {383, -924}, {707, -707}, {924, -383}}

func toward(from, to geom.Pt, d int64) geom.Pt {
	l := geom.Isqrt(geom.Dist2(from, to))
	if l == 0 {
		return from
	}
	return geom.Pt{X: from.X + (to.X-from.X)*d/l, Y: from.Y + (to.Y-from.Y)*d/l}
}

// destinations lists candidate points for figure f: a ring within its
// allowance, towards and away from the nearest known enemy, and spots in
// cover (along linear pieces, inside the edges of areas) within reach.
func (b *belief) destinations(f *rules.Figure) []geom.Pt {
	mi := b.rs.MoveCheck(b.s, f.ID, []geom.Pt{f.Pos})
	a := mi.Allowance
	if a <= 0 {
		return nil
	}
	var out []geom.Pt
	for i, d := range dirs {
		r := a
		if i%2 == 1 {
			r = a / 2
		}
		out = append(out, geom.Pt{X: f.Pos.X + d[0]*r/1000, Y: f.Pos.Y + d[1]*r/1000})
	}
	var near *rules.Figure
	var nd int64 = -1
	for _, e := range b.enemies() {
		if d := geom.Dist2(f.Pos, e.Pos); nd < 0 || d < nd {
			near, nd = e, d
		}
	}
	if near != nil {
		d := geom.Isqrt(nd)
		stop := d - 2*b.s.BaseR - 100
		if stop > 0 {
			out = append(out, toward(f.Pos, near.Pos, min(a, stop)), toward(f.Pos, near.Pos, min(a, stop)/2))
		}
		out = append(out, toward(f.Pos, near.Pos, -a))
	}
	// cover within the allowance
	ix := b.s.Terrain
	m := b.s.Map
	clear := b.s.BaseR + 150
	var cover []geom.Pt
	for pi := range m.Pieces {
		pc := &m.Pieces[pi]
		if pc.Props.Cover == terrain.CoverNone {
			continue
		}
		bx := ix.PieceBounds(pi)
		if bx.Max.X < f.Pos.X-a || bx.Min.X > f.Pos.X+a || bx.Max.Y < f.Pos.Y-a || bx.Min.Y > f.Pos.Y+a {
			continue
		}
		if pc.Props.Linear {
			off := pc.Props.Width/2 + clear
			for k := 0; k+1 < len(pc.Path); k++ {
				p0, p1 := pc.Path[k], pc.Path[k+1]
				l := geom.Isqrt(geom.Dist2(p0, p1))
				if l == 0 {
					continue
				}
				nx, ny := -(p1.Y-p0.Y)*off/l, (p1.X-p0.X)*off/l
				steps := max(1, l/2000)
				for t := int64(0); t <= steps; t++ {
					q := geom.Pt{X: p0.X + (p1.X-p0.X)*t/steps, Y: p0.Y + (p1.Y-p0.Y)*t/steps}
					if !geom.WithinDist(f.Pos, q, a+off) {
						continue
					}
					cover = append(cover, geom.Pt{X: q.X + nx, Y: q.Y + ny}, geom.Pt{X: q.X - nx, Y: q.Y - ny})
				}
			}
			continue
		}
		// an area: its corners pulled in towards its middle
		if len(pc.Poly) == 0 {
			continue
		}
		var cx, cy int64
		for _, q := range pc.Poly {
			cx, cy = cx+q.X, cy+q.Y
		}
		c := geom.Pt{X: cx / int64(len(pc.Poly)), Y: cy / int64(len(pc.Poly))}
		for _, q := range pc.Poly {
			in := toward(q, c, clear+500)
			if geom.WithinDist(f.Pos, in, a) {
				cover = append(cover, in)
			}
		}
	}
	// the nearest cover first, a bounded number
	slices.SortStableFunc(cover, func(p, q geom.Pt) int {
		dp, dq := geom.Dist2(f.Pos, p), geom.Dist2(f.Pos, q)
		switch {
		case dp < dq:
			return -1
		case dp > dq:
			return 1
		}
		return 0
	})
	if len(cover) > 16 {
		cover = cover[:16]
	}
	return append(out, cover...)
}
