package game

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules/geom"
)

// The bases' layout on the screen. Drawn at the least readable size
// (minFigR), bases are larger than to scale at the fit-the-table zoom, so
// men an inch apart would be a heap of overlapping counters. Each base is
// drawn instead no larger than half the way to its nearest neighbour (with
// a floor, minBaseR): every man stays a distinct, countable disc. A
// packed group's team letters and weapon tags, which no longer fit on the
// small bases, are drawn once beside it on a roster plate ("Team A, 5
// men: 1 LMG, 1 SMG"), which also counts them.

// minBaseR is the least radius a base is drawn at in a packed group.
func minBaseR() float64 { return 4 * art.Device }

// baseSpot is one drawn figure, as the layout sees it.
type baseSpot struct {
	pos     art.Pt
	side    int
	team    string
	weapon  string
	named   string // the weapon's own name, where the rule set gives one (tagOf)
	removed bool
	fixedR  float64 // >0: drawn at this radius whatever its neighbours (a man on a vehicle's deck); not laid out
}

// baseGroup is a packed group of one side's figures and its roster plate.
type baseGroup struct {
	members []int
	side    int
	label   string
	box     plate // the roster plate (tag is the label)
}

// baseLayout is each spot's drawn radius and its packed group (-1 none).
type baseLayout struct {
	area   plate // the screen the rosters keep within (zero: anywhere)
	r      []float64
	group  []int
	groups []baseGroup
}

// layoutBases lays out spots whose bases are r pixels across at most:
// see the top of this file. Casualties shrink for their neighbours too,
// but only the living make up the groups, and a living man never shrinks
// for a casualty.
func layoutBases(spots []baseSpot, r float64) baseLayout {
	n := len(spots)
	lay := baseLayout{r: make([]float64, n), group: make([]int, n)}
	floor := math.Min(r, minBaseR())
	dist := func(i, j int) float64 {
		return math.Hypot(spots[i].pos.X-spots[j].pos.X, spots[i].pos.Y-spots[j].pos.Y)
	}
	for i, s := range spots {
		lay.group[i] = -1
		if s.fixedR > 0 {
			lay.r[i] = s.fixedR
			continue
		}
		nn := math.Inf(1)
		for j, o := range spots {
			if j == i || o.fixedR > 0 || (o.removed && !s.removed) {
				continue
			}
			nn = math.Min(nn, dist(i, j))
		}
		dark, pale := baseEdges(math.Min(r, nn/2))
		lay.r[i] = math.Max(floor, math.Min(r, nn/2-dark-pale))
	}
	// the groups: the living of one side whose full-size bases would
	// touch, where one of them is drawn smaller
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	live := func(i int) bool { return !spots[i].removed && spots[i].fixedR == 0 }
	shrunk := make([]bool, n)
	for i := range spots {
		shrunk[i] = live(i) && lay.r[i] < r-0.01
	}
	// (touching as the shrinking above has it, rims and all: with the
	// bare bases' reach a man shrunk for a neighbour a rim away stood in a
	// group of his own, and four men at 1920x1080 wore four plates "1 of
	// 4 men")
	dark, pale := baseEdges(r)
	touch := 2*(r+dark+pale) + 2*art.Device
	for i := range spots {
		for j := i + 1; j < n; j++ {
			if shrunk[i] && shrunk[j] && spots[i].side == spots[j].side && dist(i, j) < touch {
				parent[find(i)] = find(j)
			}
		}
	}
	size := map[int]int{}
	for i := range spots {
		if shrunk[i] {
			size[find(i)]++
		}
	}
	// a packed pair's team mates standing about it, at full size, are of
	// its group too: a plate "2 of 8 men" stood beside a ring of eight men
	// of one squad, two of them packed, and read as a miscount
	// (each man joined is asked once about the others: this runs every
	// frame)
	in := make([]bool, n)
	var joined []int
	for i := range spots {
		if in[i] = shrunk[i] && size[find(i)] >= 2; in[i] {
			joined = append(joined, i)
		}
	}
	for k := 0; k < len(joined); k++ {
		j := joined[k]
		for i := range spots {
			if !in[i] && live(i) && spots[j].side == spots[i].side && spots[j].team == spots[i].team && dist(i, j) < 2*touch {
				parent[find(i)] = find(j)
				in[i] = true
				joined = append(joined, i)
			}
		}
	}
	idx := map[int]int{}
	for i := range spots {
		if !in[i] {
			continue // a man shrunk for an enemy beside him is no group
		}
		root := find(i)
		g, ok := idx[root]
		if !ok {
			g = len(lay.groups)
			idx[root] = g
			lay.groups = append(lay.groups, baseGroup{side: spots[i].side})
		}
		lay.groups[g].members = append(lay.groups[g].members, i)
		lay.group[i] = g
	}
	for g := range lay.groups {
		lay.groups[g].label = rosterLabel(spots, lay.groups[g].members)
	}
	return lay // (the roster plates are placed when drawn: placeRosters)
}

// rosterLabel is a packed group's roster, in words: each team's letter
// and count, then how many men carry each weapon that sets men apart
// ("Team A, 5 men: 1 LMG, 2 SMG"; "Teams A 4, B 2 men: 1 LMG"; "6 men:
// 1 SMG" on a side of one team, which has no letter). A play-tester read
// "G×4: 1 SMG" as an internal code. A team part of which stands apart
// says so ("3 of 6 men", "Team A, 2 of 5 men"):
// a play-tester took "3 men" beside six for the squad miscounted, and
// "6 men: SMG" for six submachine guns.
func rosterLabel(spots []baseSpot, members []int) string {
	type key struct {
		side int
		team string
	}
	total := map[key]int{} // every living man of the team, in the group or not
	for _, s := range spots {
		if !s.removed {
			total[key{s.side, s.team}]++
		}
	}
	var teams []string
	count := map[string]int{}
	of := map[string]int{}
	var tags []string
	tagN := map[string]int{}
	for _, i := range members {
		t := spots[i].team
		if count[t] == 0 {
			teams = append(teams, t)
			of[t] = total[key{spots[i].side, t}]
		}
		count[t]++
		if w := tagOf(spots[i].weapon, spots[i].named); w != "" {
			if tagN[w] == 0 {
				tags = append(tags, w)
			}
			tagN[w]++
		}
	}
	sort.Strings(teams)
	var parts []string
	for k, t := range teams {
		n := fmt.Sprint(count[t])
		if of[t] > count[t] {
			n = fmt.Sprintf("%d of %d", count[t], of[t])
		}
		switch {
		case t == "":
			parts = append(parts, n+" men") // (a side of one team has no letter)
		case len(members) == 1:
			parts = append(parts, "Team "+t)
		case len(teams) == 1:
			parts = append(parts, "Team "+t+", "+n+" men")
		case k == 0:
			parts = append(parts, "Team "+t+" "+n)
		default:
			parts = append(parts, t+" "+n)
		}
	}
	s := strings.Join(parts, ", ")
	if len(teams) > 1 {
		s = "Teams " + strings.TrimPrefix(s, "Team ") + " men"
	}
	var ws []string
	for _, w := range tags {
		if len(members) > 1 {
			w = fmt.Sprintf("%d %s", tagN[w], w)
		}
		ws = append(ws, w)
	}
	if len(ws) > 0 {
		if s != "" {
			s += ": "
		}
		s += strings.Join(ws, ", ")
	}
	return s
}

// rosterRoom is the widest a roster plate may be drawn: a third of the
// table's screen, and never more than 260 pixels at the table's scale (a
// plate "Teams A 3 of 4, B 1 of 2 men: 1 LMG, 2 SMG" beside four men
// would lie across the next squad).
func rosterRoom(area plate) float64 {
	room := 260 * art.Device
	if area.w > 0 {
		room = math.Min(room, area.w/3)
	}
	return room
}

// fitRoster is the roster label, shortened to fit room (width tells a
// text's drawn width): first without its weapons ("Team G, 4 men"), then
// only the count of men ("4 men").
func fitRoster(label string, n int, room float64, width func(string) float64) string {
	if width(label) <= room {
		return label
	}
	if i := strings.Index(label, ": "); i > 0 && width(label[:i]) <= room {
		return label[:i]
	}
	if n == 1 {
		return "1 man"
	}
	return fmt.Sprintf("%d men", n)
}

// rosterFace is the roster plate's letters.
func rosterFace() float64 { return 10 }

// placeRosters puts each group's roster plate beside it, clear of every
// base and of the plates already placed: above the group, below, right,
// left, or (none clear) above; blocked are places taken already (zone
// labels, marks' tokens).
func placeRosters(spots []baseSpot, lay *baseLayout, blocked []plate) {
	fc := art.BoldFace(rosterFace() * art.Device / art.UIScale) // the table's own size, as fs below
	gap := 2 * art.Device
	placed := append([]plate(nil), blocked...)
	clear := func(p plate) bool {
		if a := lay.area; a.w > 0 && (p.x < a.x || p.y < a.y || p.x+p.w > a.x+a.w || p.y+p.h > a.y+a.h) {
			return false
		}
		for i, s := range spots {
			if p.nearDisc(s.pos, lay.r[i], gap) {
				return false
			}
		}
		for _, q := range placed {
			if p.meets(q, gap) {
				return false
			}
		}
		return true
	}
	for g := range lay.groups {
		gr := &lay.groups[g]
		if gr.label == "" {
			continue
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, i := range gr.members {
			s, r := spots[i].pos, lay.r[i]
			x0, y0, x1, y1 = math.Min(x0, s.X-r), math.Min(y0, s.Y-r), math.Max(x1, s.X+r), math.Max(y1, s.Y+r)
		}
		fs := rosterFace() * art.Device
		gr.label = fitRoster(gr.label, len(gr.members), rosterRoom(lay.area), func(s string) float64 { return art.TextW(s, fc) + 6*art.Device })
		p := plate{tag: gr.label, fs: fs, w: art.TextW(gr.label, fc) + 6*art.Device, h: fs * 1.3}
		cx, cy := (x0+x1)/2, (y0+y1)/2
		best := p
		best.x, best.y = cx-p.w/2, y0-gap-p.h
		for _, at := range [][2]float64{{cx - p.w/2, y0 - gap - p.h}, {cx - p.w/2, y1 + gap}, {x1 + gap, cy - p.h/2}, {x0 - gap - p.w, cy - p.h/2},
			{x1 + gap, y0 - p.h}, {x0 - gap - p.w, y0 - p.h}, {x1 + gap, y1}, {x0 - gap - p.w, y1},
			{cx - p.w/2, y0 - 2*gap - 2*p.h}, {cx - p.w/2, y1 + 2*gap + p.h}} {
			try := p
			try.x, try.y = at[0], at[1]
			if clear(try) {
				best = try
				break
			}
		}
		if a := lay.area; a.w > 0 {
			// none clear: at least on the screen, not under the panels
			best.x = math.Max(a.x, math.Min(best.x, a.x+a.w-best.w))
			best.y = math.Max(a.y, math.Min(best.y, a.y+a.h-best.h))
		}
		gr.box = best
		placed = append(placed, best)
	}
}

// drawRosters draws the packed groups' roster plates, in each side's rim
// colour (rims): a dark plate, the side's bar under it, the letters in
// the side's colour lightened.
func drawRosters(dst *ebiten.Image, lay baseLayout, rims [2]color.RGBA) {
	for _, g := range lay.groups {
		if g.label == "" {
			continue
		}
		p := g.box
		side := rims[g.side&1]
		art.RoundRect(dst, p.x, p.y, p.w, p.h, 2*art.Device, art.RGBA(0x14110c, 225))
		art.Rect(dst, p.x, p.y+p.h-2*art.Device, p.w, 2*art.Device, side)
		art.Say(dst, p.tag, art.BoldFace(p.fs/art.UIScale), p.x+p.w/2, p.y+p.h*0.45-p.fs*0.62, rimText(side), 1)
	}
}

// nearestBase is the spot whose drawn base is under (x, y), the nearest
// centre when more than one is within reach (-1 none). A small base is
// given a few pixels' grace, as a finger is.
func nearestBase(spots []baseSpot, lay baseLayout, x, y float64) int {
	best, bd := -1, math.Inf(1)
	for i, s := range spots {
		d := math.Hypot(s.pos.X-x, s.pos.Y-y)
		reach := math.Max(lay.r[i], math.Min(lay.r[i]+2*art.Device, minFigR()))
		if d <= reach && d < bd {
			best, bd = i, d
		}
	}
	return best
}

// insideBase is the spot whose base, r pixels across as the table has it
// (not as drawn: a packed base is drawn smaller), holds (x, y), the
// nearest when two do; -1 for none. A man aboard (drawn on a deck at his
// own size) is left to nearestBase.
func insideBase(spots []baseSpot, r, x, y float64) int {
	best, bd := -1, math.Inf(1)
	for i, s := range spots {
		if s.fixedR > 0 {
			continue
		}
		if d := math.Hypot(s.pos.X-x, s.pos.Y-y); d <= r && d < bd {
			best, bd = i, d
		}
	}
	return best
}

// placeMarks lays out the marks' tokens of the figures in a packed group
// (1/35th's action points, pins...): under a small base a token would lie
// on the next man's base, so it goes beside his base, right, left, below
// or above, to the first place clear of every base and token already
// placed; a figure standing alone keeps its tokens under its base. blocked
// are places taken already (labels).
func placeMarks(looks []figLook, blocked []plate) []plate {
	gap := 1 * art.Device
	var placed []plate
	hits := func(p plate) bool {
		for _, f := range looks {
			if p.nearDisc(f.pos, f.r, gap) {
				return true
			}
		}
		for _, q := range append(placed, blocked...) {
			if p.meets(q, gap) {
				return true
			}
		}
		return false
	}
	out := make([]plate, len(looks))
	for i, f := range looks {
		if !f.grouped || f.removed || len(f.marks) == 0 {
			continue
		}
		sz := 11 * art.Device
		w := 0.0
		for _, m := range f.marks {
			label, _ := markTag(m)
			w += math.Max(sz, art.TextW(label, art.BoldFace(sz*0.7/art.UIScale))+sz*0.5) + 2
		}
		c, r := f.pos, f.r
		try := []plate{{x: c.X + r + gap, y: c.Y - sz/2}, {x: c.X - r - gap - w, y: c.Y - sz/2}, {x: c.X - w/2, y: c.Y + r + gap}, {x: c.X - w/2, y: c.Y - r - gap - sz}}
		best := try[0]
		for _, p := range try {
			if !hits(plate{x: p.x, y: p.y, w: w, h: sz}) {
				best = p
				break
			}
		}
		best.w, best.h, best.fs = w, sz, sz
		out[i] = best
		placed = append(placed, best)
	}
	return out
}

// rosterArea is where roster plates may stand: the table's cloth as far
// as it shows in the window (a plate past the table's edge lay over its
// frame and rulers).
func (tv *tableView) rosterArea(a *App) plate {
	x0, y0 := tv.padL, tv.padT
	x1, y1 := a.W-tv.padR, a.H-tv.padB
	if tv.m != nil {
		lo, hi := tv.scr(geom.Pt{}), tv.scr(geom.Pt{X: tv.m.Width, Y: tv.m.Height})
		x0, y0 = math.Max(x0, lo.X), math.Max(y0, lo.Y)
		x1, y1 = math.Min(x1, hi.X), math.Min(y1, hi.Y)
	}
	return plate{x: x0, y: y0, w: math.Max(0, x1-x0), h: math.Max(0, y1-y0)}
}
