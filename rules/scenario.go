package rules

import (
	"fmt"
	"sort"
	"strconv"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Scenario is a battle's starting set-up, as read from a scenario file
// (see LoadScenario for the format).
type Scenario struct {
	Name      string
	Briefing  string
	RuleSet   string // rule set id, e.g. "ssg"
	Map       string // map file name in the maps FS, or a path in the scenario's FS
	TurnLimit int    // 0: no limit
	Seed      uint64 // used when HasSeed
	HasSeed   bool
	// RandomQuality and RandomLeaders ask the rule set to roll troop and
	// leader quality at the start (S.M.L.E.'s optional rules); NewState
	// passes them on as the State vars VarRandomQuality/VarRandomLeaders.
	RandomQuality bool
	RandomLeaders bool
	// HitLocations turns on the optional hit location chart for vehicle
	// hits (S.M.L.E.); NewState passes it on as the State var
	// VarHitLocations.
	HitLocations bool
	// BadGoing names the terrain kinds and named map pieces that are bad
	// going for vehicles (S.M.L.E. leaves it to the scenario); NewState
	// marks each such piece with the State var VarBadGoing+id.
	BadGoing []string
	BaseR    int64 // figure base radius, position units
	// LockedDoors are map doors (their points) locked when the battle
	// begins; NewState marks each with the State var VarLockedDoor+ref.
	LockedDoors []geom.Pt
	Sides       [2]ScenarioSide
	Victory     Victory

	File string // the name it was loaded under
	// Hash is the hex SHA-256 of the scenario file's bytes followed by the
	// map file's bytes: a save names the exact content it was played on.
	Hash string
	// Text and MapText are the scenario's and its map's file contents as
	// loaded (what Hash covers). A save carries them, so it replays with
	// no scenario or map file at hand.
	Text, MapText string
	// ZoneProblems are the figures the file places outside their side's
	// set-up zone without saying placed = true, each at its pos line. The
	// scenario still loads (the deployment screen marks each such figure
	// and the side cannot be ready until it is moved in); hedgerow check
	// refuses the file.
	ZoneProblems []terrain.Problem
}

// ScenarioSide is one player's forces.
type ScenarioSide struct {
	Name   string
	Colour string // "#rrggbb"
	Deploy string // name of the map area the side deploys in ("" = its own deployment or home area)
	Hidden bool   // sets up hidden (NewState sets the side var "hidden" to 1)
	// Traps are booby traps the side has set before the battle (S.M.L.E.;
	// other rule sets ignore them). NewState hands them to the rule set
	// as side vars: "traps" the count, "trap<k>x" / "trap<k>y" each point.
	Traps []geom.Pt
	Units []ScenarioUnit
}

// ScenarioUnit is one team, squad or section.
type ScenarioUnit struct {
	Name    string
	Quality string
	Motive  string
	Rating  int
	Parent  string // name of a unit listed earlier on the same side, or ""
	Armour  string // what its figures wear, in the rule set's words ("" its default)
	Mount   string // what they ride ("" on foot)
	Figures []ScenarioFigure
	// Vehicles are the unit's vehicles (scenario_vehicle.go).
	Vehicles []ScenarioVehicle
}

// ScenarioFigure is one miniature. Without HasPos it is placed in its
// side's deployment area, by hand in the UI or by AutoDeploy.
type ScenarioFigure struct {
	Name    string
	Weapons []string
	Leader  bool
	Rating  int
	Pos     geom.Pt
	HasPos  bool
	Posture Posture
	Facing  int
	// Placed says the scenario places the figure where its Pos says,
	// inside or outside its side's set-up zone, and the players do not
	// move it at deployment (placed = true on the figure or its unit).
	// A figure with a Pos that is not Placed starts in its side's zone
	// and may be moved within it (see OutsideZone).
	Placed bool
	// Aboard is set by the loader for a figure that starts in a vehicle
	// (named as its crew or passengers): Pos is then the vehicle's and
	// the figure is off the table, not placed or deployed.
	Aboard bool
}

// Victory holds the scenario's winning conditions. Rule sets read them
// from State.Vars (VarVictoryLosses) or use their own when unset.
type Victory struct {
	Losses int // a side that has lost this many figures loses; 0 = the rule set's default
}

// VarRandomQuality and VarRandomLeaders are the State.Vars keys set to 1
// when the scenario asks for random troop or leader quality.
const (
	VarRandomQuality = "random_quality"
	VarRandomLeaders = "random_leaders"
	// VarHitLocations is set to 1 when the scenario says
	// hit_locations = true.
	VarHitLocations = "hit_locations"
	// OptBadGoing is the scenario key (and the rule set's option word)
	// naming bad going for vehicles.
	OptBadGoing = "bad_going"
)

// VarBadGoing prefixes a map piece's id in the State var set to 1 for a
// piece the scenario calls bad going for vehicles.
const VarBadGoing = "bad_going."

// IsBadGoing reports whether the scenario made piece p bad going.
func IsBadGoing(sc *Scenario, p *terrain.Piece) bool {
	for _, w := range sc.BadGoing {
		if w == p.Kind || (p.Name != "" && w == p.Name) {
			return true
		}
	}
	return false
}

// VarLockedDoor prefixes a door's ref ("3.0", terrain.DoorRef.String) in
// the State var set to 1 for a door the scenario locks from the start.
const VarLockedDoor = "locked_door."

// VarVictoryLosses is the State.Vars key holding Victory.Losses.
const VarVictoryLosses = "victory_losses"

// DefaultBaseR is the base radius when a scenario gives none: a 25 mm
// round base is close to one inch across.
const DefaultBaseR = 500

// Clone deep-copies a scenario.
func (sc *Scenario) Clone() *Scenario {
	c := *sc
	c.LockedDoors = append([]geom.Pt(nil), sc.LockedDoors...)
	c.BadGoing = append([]string(nil), sc.BadGoing...)
	for i := range c.Sides {
		c.Sides[i].Units = make([]ScenarioUnit, len(sc.Sides[i].Units))
		for j, u := range sc.Sides[i].Units {
			u.Figures = append([]ScenarioFigure(nil), u.Figures...)
			for k := range u.Figures {
				u.Figures[k].Weapons = append([]string(nil), u.Figures[k].Weapons...)
			}
			u.Vehicles = cloneScenarioVehicles(u.Vehicles)
			c.Sides[i].Units[j] = u
		}
		c.Sides[i].Traps = append([]geom.Pt(nil), sc.Sides[i].Traps...)
	}
	return &c
}

// EachFigure calls fn for every figure in id order (side 0's units first,
// each unit's figures in file order): the order that NewState numbers them.
func (sc *Scenario) EachFigure(fn func(side, unit, fig int, f *ScenarioFigure)) {
	for s := range sc.Sides {
		for u := range sc.Sides[s].Units {
			for k := range sc.Sides[s].Units[u].Figures {
				fn(s, u, k, &sc.Sides[s].Units[u].Figures[k])
			}
		}
	}
}

// NewState builds the opening state of a scenario: figures and units are
// numbered from 1 in file order (side 0 first). Every figure must have a
// position (run AutoDeploy first). The rule set's Start does the rest;
// the RNG is left zero for the caller (NewGame) to seed.
func NewState(sc *Scenario, m *terrain.Map) (*State, error) {
	if m == nil {
		return nil, fmt.Errorf("scenario %q has no map", sc.Name)
	}
	s := &State{
		RuleSet:   sc.RuleSet,
		Scenario:  sc.Name,
		Map:       m,
		Terrain:   terrain.SharedIndex(m), // one per map: its sight answers serve every game on it
		BaseR:     sc.BaseR,
		Round:     1,
		TurnLimit: sc.TurnLimit,
		Winner:    -1,
	}
	if s.BaseR <= 0 {
		s.BaseR = DefaultBaseR
	}
	var unitIDs [2][]UnitID // for the vehicles
	for si, sd := range sc.Sides {
		s.Sides[si] = Side{Name: sd.Name, Colour: sd.Colour}
		if sd.Hidden {
			s.Sides[si].Vars = map[string]int{"hidden": 1}
		}
		for k, p := range sd.Traps {
			if s.Sides[si].Vars == nil {
				s.Sides[si].Vars = map[string]int{}
			}
			s.Sides[si].Vars["traps"] = k + 1
			s.Sides[si].Vars[fmt.Sprintf("trap%dx", k+1)] = int(p.X)
			s.Sides[si].Vars[fmt.Sprintf("trap%dy", k+1)] = int(p.Y)
		}
		names := map[string]UnitID{}
		for _, u := range sd.Units {
			id := UnitID(len(s.Units) + 1)
			unitIDs[si] = append(unitIDs[si], id)
			unit := Unit{ID: id, Name: u.Name, Side: si, Quality: u.Quality, Motive: u.Motive, Rating: u.Rating, Armour: u.Armour, Mount: u.Mount}
			if u.Parent != "" {
				p, ok := names[u.Parent]
				if !ok {
					return nil, fmt.Errorf("unit %q: parent %q must be a unit listed earlier on the same side", u.Name, u.Parent)
				}
				unit.Parent = p
			}
			names[u.Name] = id
			for _, f := range u.Figures {
				if !f.HasPos {
					return nil, fmt.Errorf("figure %q of %q has not been deployed", f.Name, u.Name)
				}
				fid := FigID(len(s.Figures) + 1)
				s.Figures = append(s.Figures, Figure{
					ID: fid, Name: f.Name, Side: si, Unit: id, Pos: f.Pos, Facing: f.Facing,
					Posture: f.Posture, Weapons: append([]string(nil), f.Weapons...),
					Quality: u.Quality, Motive: u.Motive, Leader: f.Leader, Rating: f.Rating,
				})
				if f.Leader && unit.Leader == 0 {
					unit.Leader = fid
				}
			}
			s.Units = append(s.Units, unit)
		}
	}
	if err := addVehicles(s, sc, unitIDs); err != nil {
		return nil, err
	}
	if sc.Victory.Losses > 0 {
		s.SetVar(VarVictoryLosses, sc.Victory.Losses)
	}
	if sc.RandomQuality {
		s.SetVar(VarRandomQuality, 1)
	}
	if sc.RandomLeaders {
		s.SetVar(VarRandomLeaders, 1)
	}
	for _, p := range sc.LockedDoors {
		for pi := range m.Pieces {
			for di, d := range m.Pieces[pi].Doors {
				if d == p {
					s.SetVar(VarLockedDoor+terrain.DoorRef{Piece: pi, Index: di}.String(), 1)
				}
			}
		}
	}
	if sc.HitLocations {
		s.SetVar(VarHitLocations, 1)
	}
	for pi := range m.Pieces {
		if IsBadGoing(sc, &m.Pieces[pi]) {
			s.SetVar(VarBadGoing+strconv.Itoa(m.Pieces[pi].ID), 1)
		}
	}
	return s, nil
}

// DeployArea finds the area a side deploys in: the one the scenario
// names, else the side's own deployment area, else its home area (the
// first by name when there are several).
func DeployArea(sc *Scenario, m *terrain.Map, side int) (*terrain.Area, error) {
	if name := sc.Sides[side].Deploy; name != "" {
		a, ok := m.AreaByName(name)
		if !ok {
			return nil, fmt.Errorf("the map has no area called %q", name)
		}
		return a, nil
	}
	for _, kind := range []terrain.AreaKind{terrain.AreaDeployment, terrain.AreaHome} {
		for _, name := range m.SortedAreaNames() {
			a, _ := m.AreaByName(name)
			if a.Kind == kind && a.Side == side {
				return a, nil
			}
		}
	}
	return nil, fmt.Errorf("the map has no deployment area for side %d (%s)", side+1, sc.Sides[side].Name)
}

// DeployError is AutoDeploy's refusal: Side is the side (0 or 1) that
// has no room.
type DeployError struct {
	Side int
	Msg  string
}

func (e *DeployError) Error() string { return e.Msg }

// AutoDeploy gives every figure without a position one inside its side's
// deployment area, clear of impassable terrain and of other figures, with
// a finger's width between bases. Each unit stands as a group: the units
// of a side are spread evenly across the width of the area, a quarter of
// its depth back from the edge nearest the table's middle, and each figure
// takes the free spot nearest its unit's place. Exact and deterministic.
//
// It is near-linear in the figures: bases already placed are found
// through a bucket grid rather than a list, only impassable pieces near
// the area are tested, and each unit sorts the spots by distance once
// instead of scanning them all for every figure. A failure is a
// *DeployError naming the side.
func AutoDeploy(sc *Scenario, m *terrain.Map) error {
	r := sc.BaseR
	if r <= 0 {
		r = DefaultBaseR
	}
	placed := newBuckets(2 * r)
	sc.EachFigure(func(_, _, _ int, f *ScenarioFigure) {
		if f.HasPos {
			placed.add(f.Pos)
		}
	})
	for side := range sc.Sides {
		var units []int // units with a figure still to place
		need := 0
		for ui, u := range sc.Sides[side].Units {
			n := 0
			for _, f := range u.Figures {
				if !f.HasPos {
					n++
				}
			}
			if n > 0 {
				units = append(units, ui)
				need += n
			}
		}
		if need == 0 {
			continue
		}
		area, err := DeployArea(sc, m, side)
		if err != nil {
			return &DeployError{side, err.Error()}
		}
		spots := clearOfHulls(gridSpots(area.Poly, m, r, placed), r, ScenarioHulls(sc))
		if len(spots) < need {
			return &DeployError{side, fmt.Sprintf("there is room for only %d of side %s's %d figures in area %q", len(spots), sc.Sides[side].Name, need, area.Name)}
		}
		used := make([]bool, len(spots))
		order := make([]int, len(spots))
		for k, ui := range units {
			anchor := unitAnchor(area.Poly.Bounds(), m, k, len(units))
			for i := range order {
				order[i] = i
			}
			sort.Slice(order, func(a, b int) bool { return nearer(spots[order[a]], spots[order[b]], anchor) })
			next := 0
			u := &sc.Sides[side].Units[ui]
			for fi := range u.Figures {
				f := &u.Figures[fi]
				if f.HasPos {
					continue
				}
				// The grid's pitch keeps this side's spots apart, so
				// near() only finds figures placed before (kept for
				// exactness whatever the pitch).
				for next < len(order) && (used[order[next]] || placed.near(spots[order[next]])) {
					next++
				}
				if next == len(order) {
					return &DeployError{side, fmt.Sprintf("there is no room left for %s in area %q", f.Name, area.Name)}
				}
				best := order[next]
				used[best] = true
				f.Pos, f.HasPos = spots[best], true
				placed.add(spots[best])
			}
		}
	}
	return nil
}

// unitAnchor is where unit k of n stands in an area with bounds b: spread
// along the area's longer side, a quarter of its depth back from the edge
// that faces the table's middle.
func unitAnchor(b geom.Rect, m *terrain.Map, k, n int) geom.Pt {
	w, h := b.Max.X-b.Min.X, b.Max.Y-b.Min.Y
	along := func(lo, span int64) int64 { return lo + span*int64(2*k+1)/int64(2*n) }
	back := func(lo, hi, mid int64) int64 {
		if lo+hi >= 2*mid { // the area lies beyond the middle: its front is lo
			return lo + (hi-lo)/4
		}
		return hi - (hi-lo)/4
	}
	if w >= h {
		return geom.Pt{X: along(b.Min.X, w), Y: back(b.Min.Y, b.Max.Y, m.Height/2)}
	}
	return geom.Pt{X: back(b.Min.X, b.Max.X, m.Width/2), Y: along(b.Min.Y, h)}
}

// nearer reports whether p is nearer to a than q is, ties broken by y
// then x so that the choice never depends on the order of the list.
func nearer(p, q, a geom.Pt) bool {
	dp, dq := geom.Dist2(p, a), geom.Dist2(q, a)
	if dp != dq {
		return dp < dq
	}
	if p.Y != q.Y {
		return p.Y < q.Y
	}
	return p.X < q.X
}

// buckets holds points in square cells of side d, so that "is any point
// within d of p?" looks at nine cells, not every point.
type buckets struct {
	d     int64
	cells map[[2]int64][]geom.Pt
}

func newBuckets(d int64) *buckets { return &buckets{d: d, cells: map[[2]int64][]geom.Pt{}} }

func (b *buckets) cell(p geom.Pt) [2]int64 {
	return [2]int64{floorDiv(p.X, b.d), floorDiv(p.Y, b.d)}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func (b *buckets) add(p geom.Pt) {
	c := b.cell(p)
	b.cells[c] = append(b.cells[c], p)
}

// near reports whether any point is within distance d of p (exact).
func (b *buckets) near(p geom.Pt) bool {
	c := b.cell(p)
	for dx := int64(-1); dx <= 1; dx++ {
		for dy := int64(-1); dy <= 1; dy++ {
			for _, q := range b.cells[[2]int64{c[0] + dx, c[1] + dy}] {
				if geom.WithinDist(p, q, b.d) {
					return true
				}
			}
		}
	}
	return false
}

// gridSpots lists the base positions, on a grid with a finger's width
// between bases, that lie wholly inside poly, on the table, clear of
// impassable terrain and of the bases already placed.
func gridSpots(poly geom.Polygon, m *terrain.Map, r int64, placed *buckets) []geom.Pt {
	if len(poly) < 3 {
		return nil
	}
	pitch := 2*r + r/2
	b := poly.Bounds()
	// Only impassable pieces near the area can block a spot in it.
	near := nearbyBlockers(m, geom.Rect{Min: geom.Pt{X: b.Min.X - r, Y: b.Min.Y - r}, Max: geom.Pt{X: b.Max.X + r, Y: b.Max.Y + r}})
	var out []geom.Pt
	for y := b.Min.Y + r; y <= b.Max.Y-r; y += pitch {
		for x := b.Min.X + r; x <= b.Max.X-r; x += pitch {
			p := geom.Pt{X: x, Y: y}
			c := geom.Circle{C: p, R: r}
			if !poly.CircleInside(c) || !BaseOnTable(m, c) || BaseBlocked(near, c, false) || placed.near(p) {
				continue
			}
			out = append(out, p)
		}
	}
	return out
}

// nearbyBlockers is a map holding only the impassable pieces whose bounds
// (widened by a linear piece's half width) meet box.
func nearbyBlockers(m *terrain.Map, box geom.Rect) *terrain.Map {
	out := &terrain.Map{Width: m.Width, Height: m.Height}
	for _, p := range m.Pieces {
		if p.Props.Going != terrain.GoingImpassable {
			continue
		}
		pts := p.Path
		if len(p.Poly) > 0 {
			pts = p.Poly
		}
		if len(pts) == 0 {
			continue
		}
		bb := geom.Polygon(pts).Bounds()
		w := p.Props.Width/2 + 1
		bb = geom.Rect{Min: geom.Pt{X: bb.Min.X - w, Y: bb.Min.Y - w}, Max: geom.Pt{X: bb.Max.X + w, Y: bb.Max.Y + w}}
		if bb.Overlaps(box) {
			out.Pieces = append(out.Pieces, p)
		}
	}
	return out
}

// BaseOnTable reports whether a base lies wholly on the table.
func BaseOnTable(m *terrain.Map, c geom.Circle) bool {
	return c.C.X-c.R >= 0 && c.C.Y-c.R >= 0 && c.C.X+c.R <= m.Width && c.C.Y+c.R <= m.Height
}

// BaseBlocked reports whether a base overlaps impassable terrain
// (exact; used as well as the index's own check). With indoors, a base
// wholly inside a building that has doors (touching its walls allowed) is
// not blocked.
func BaseBlocked(m *terrain.Map, c geom.Circle, indoors bool) bool {
	for i := range m.Pieces {
		p := &m.Pieces[i]
		if p.Props.Going != terrain.GoingImpassable {
			continue
		}
		if indoors && len(p.Doors) > 0 && len(p.Poly) >= 3 && p.Poly.CircleInside(c) {
			continue
		}
		if len(p.Poly) >= 3 && p.Poly.CircleOverlaps(c) {
			return true
		}
		for k := 0; k+1 < len(p.Path); k++ {
			if geom.SegWithin(geom.Seg{A: p.Path[k], B: p.Path[k+1]}, c.C, c.R+p.Props.Width/2, false) {
				return true
			}
		}
	}
	return false
}

// StartProblem says in plain words why a figure of scenario sc may not
// start with its base centred at p ("" when it may): off the table or in
// impassable terrain (a rule set with the Indoors hook lets it stand
// wholly inside a building with doors), or under a vehicle's hull. Other
// figures are not checked.
func StartProblem(sc *Scenario, m *terrain.Map, p geom.Pt) string {
	r := sc.BaseR
	if r <= 0 {
		r = DefaultBaseR
	}
	c := geom.Circle{C: p, R: r}
	switch {
	case !BaseOnTable(m, c):
		return "Keep the base on the table."
	case BaseBlocked(m, c, IndoorsFor(sc.RuleSet)):
		if IndoorsFor(sc.RuleSet) {
			return "The base may not stand in impassable terrain or across a wall (inside a house with doors is fine)."
		}
		return "The base may not stand in impassable terrain."
	case len(clearOfHulls([]geom.Pt{p}, r, ScenarioHulls(sc))) == 0:
		return "The base may not stand under a vehicle."
	}
	return ""
}

// Options a scenario switches on by a key of its own, refused under a
// rule set whose Vocabulary does not list them (see Vocabulary.Options).
const (
	OptTraps       = "traps"
	OptHidden      = "hidden"
	OptLockedDoors = "locked_doors"
)
