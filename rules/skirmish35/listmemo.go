package skirmish35

import (
	"sync"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// The listing of legal commands asks the same questions of the map at
// every command: a random game (or a player thinking) lists the side's
// commands after each one, and mostly one figure has moved in between.
// The answers below depend only on the map (its terrain index, which
// never changes), the points asked about, the base radius and which
// doors stand open, so they are kept across listings, keyed by exactly
// those. Anything that depends on more of the state (smoke, vehicles,
// postures, markers) is not kept: it is asked afresh.

// posAnswers is what the listing asks about one of its own figures'
// positions.
type posAnswers struct {
	doors  []terrain.DoorRef // doorsNear(s, p): the doors a figure at p may work (shared: never appended to)
	window bool              // windowBeside finds a window for a figure at p
}

type posKey struct {
	ix *terrain.Index
	m  *terrain.Map
	p  geom.Pt
	r  int64 // the base radius
}

// pairKey names the question whether the sight line a-b is clear enough
// to offer an acquisition: lean has bit 0 when the looker (at a) leans
// out, bit 1 when the target (at b) does; doors is doorBitsOf. The map,
// its terrain and the data are the pair table's own (kept.pairIx and
// the rest): the table is emptied when they change.
type pairKey struct {
	a, b  geom.Pt
	lean  uint8
	doors uint64
}

// pairAnswers: walls is that no building's wall stops the line
// (buildingBlock finds nothing, or neither end stands in a building);
// look is lookAt's answer, kept (looked) for a target of posture post
// when no smoke and no vehicle is on the table (lookAt asks nothing
// else that the key leaves out).
type pairAnswers struct {
	walls, looked, look bool
	post                rules.Posture
}

// The kept answers sit in small tables held by the listing buffers
// (which are recycled from call to call), one slot per figure or per
// pair of figures by id: a slot holds the last question asked for it and
// the answer, and a new question simply replaces it (the key is compared
// whole, so an answer is only ever given to its own question, whichever
// battle asks). Positions a figure left are also looked up in a shared
// table of fixed size, slot picked by mixing the numbers.
type kept struct {
	n     int        // the figures the tables are sized for
	pos   []posSlot  // per figure id
	pairs []pairSlot // per (looker, target) ids

	// the terrain, map and data the pairs were asked of
	pairIx  *terrain.Index
	pairMap *terrain.Map
	pairD   *Data

	doorMap  *terrain.Map // the map doorKeys name the doors of
	doorKeys []string     // its doors' variables, in doorBitsOf's order
	doorsOK  bool         // false: more than 64

	gear   []gearSlot   // per figure id
	cover  []coverSlot  // per figure id
	inside []insideSlot // per figure id

	winIx   *terrain.Index // the map windows was asked of
	winMap  *terrain.Map
	windows bool // some building of that map has a window
}

const posSlots = 1 << 10

type posSlot struct {
	k posKey
	a *posAnswers
}

type pairSlot struct {
	k  pairKey
	a  pairAnswers
	ok bool // the slot holds an answer
}

var posTable struct {
	sync.Mutex
	t [posSlots]posSlot
}

// size makes the tables fit n figures.
func (kp *kept) size(n int) {
	if kp.n != n {
		kp.n = n
		kp.pos = make([]posSlot, n)
		kp.pairs = make([]pairSlot, n*n)
		kp.gear = make([]gearSlot, n)
		kp.cover = make([]coverSlot, n)
		kp.inside = make([]insideSlot, n)
	}
}

// gear is what the listing asks of a figure's weapons: its firearm in
// hand (weapon), the kinds it carries (kitOf, carries).
type gear struct {
	w             *Weapon // weapon(f); nil when it has no firearm
	kit           kit
	radio, mortar bool
}

// gearSlot keeps the gear of one weapon list: the data it was looked up
// in, the list's length and its ids (a list of more than gearIDs is
// never kept). The ids are compared string by string, so a list refilled
// in place with other weapons is not taken for the old one; the same
// strings compare at once.
type gearSlot struct {
	d   *Data
	n   int
	ids [gearIDs]string
	g   gear
}

const gearIDs = 4

// gearOf is f's gear, kept in slot.
func (r Skirmish) gearOf(f *rules.Figure, slot *gearSlot) gear {
	if len(f.Weapons) == 0 {
		return gear{}
	}
	keep := memoOn && len(f.Weapons) <= gearIDs
	if keep && slot.d == r.d && slot.n == len(f.Weapons) && sameIDs(slot.ids[:slot.n], f.Weapons) {
		return slot.g
	}
	var g gear
	g.w, _ = r.weapon(f)
	g.kit = r.kitOf(f)
	g.radio, g.mortar = r.carries(f, "radio"), r.carries(f, "mortar")
	if keep {
		*slot = gearSlot{d: r.d, n: len(f.Weapons), g: g}
		copy(slot.ids[:], f.Weapons)
	}
	return g
}

// sameIDs is whether two weapon lists of one length name the same
// weapons in the same order.
func sameIDs(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (k *posKey) slot() int {
	h := uint64(k.p.X)*0x9e3779b97f4a7c15 ^ uint64(k.p.Y)*0xbf58476d1ce4e5b9 ^ uint64(k.r)
	h ^= h >> 29
	h *= 0x94d049bb133111eb
	return int(h >> 54) // 10 bits
}

// memoOn lets the tests turn the kept answers off, to compare.
var memoOn = true

// doorBitsOf is which of the map's doors (every piece's outline doors
// then inside doors, in map order) stand open, one bit each; ok is false
// when there are more than 64. The doors' variable names are listed once
// per map, in kp.
func doorBitsOf(s *rules.State, kp *kept) (bits uint64, ok bool) {
	if kp.doorMap != s.Map {
		kp.doorMap, kp.doorKeys, kp.doorsOK = s.Map, kp.doorKeys[:0], true
	pieces:
		for id := range s.Map.Pieces {
			pc := &s.Map.Pieces[id]
			for k, m := 0, len(pc.Doors)+len(pc.InnerDoors); k < m; k++ {
				if len(kp.doorKeys) == 64 {
					kp.doorKeys, kp.doorsOK = kp.doorKeys[:0], false
					break pieces
				}
				kp.doorKeys = append(kp.doorKeys, doorKey(terrain.DoorRef{Piece: id, Index: k}))
			}
		}
	}
	if !kp.doorsOK {
		return 0, false
	}
	for n, k := range kp.doorKeys {
		if isOpen(s.Var(k)) {
			bits |= 1 << uint(n)
		}
	}
	return bits, true
}

// posOf is the answers for a figure standing at p (s.Terrain and s.Map
// set), kept in slot (nil: none).
func posOf(s *rules.State, p geom.Pt, slot *posSlot) *posAnswers {
	if !memoOn {
		return posAnswersOf(s, p)
	}
	k := posKey{ix: s.Terrain, m: s.Map, p: p, r: s.BaseR}
	if slot != nil && slot.a != nil && slot.k == k {
		return slot.a
	}
	i := k.slot()
	posTable.Lock()
	sl := posTable.t[i]
	posTable.Unlock()
	if sl.a == nil || sl.k != k {
		sl = posSlot{k: k, a: posAnswersOf(s, p)}
		posTable.Lock()
		posTable.t[i] = sl
		posTable.Unlock()
	}
	if slot != nil {
		*slot = sl
	}
	return sl.a
}

// posAnswersOf works the answers for p out.
func posAnswersOf(s *rules.State, p geom.Pt) *posAnswers {
	a := &posAnswers{doors: doorsNear(s, p)}
	_, _, _, a.window = windowBesideAt(s, p)
	return a
}

// doorsNear is the doors, outline (nearest first) then inside (map
// order), whose gap comes within reach of a figure at p: the doors it
// may open, shut, lock or force.
func doorsNear(s *rules.State, p geom.Pt) []terrain.DoorRef {
	reach := s.BaseR + geom.PerInch
	var near []terrain.DoorRef
	if anyDoorNear(s, p, reach) {
		near = s.Terrain.DoorsNear(p, reach)
	}
	for id := range s.Map.Pieces {
		pc := &s.Map.Pieces[id]
		for k := range pc.InnerDoors { // innerDoors(s), the list not made
			if d := (terrain.DoorRef{Piece: id, Index: len(pc.Doors) + k}); geom.SegWithin(doorGap(s, d), p, reach, false) {
				near = append(near, d)
			}
		}
	}
	return near
}

// acquireSightOK is, for the listing, whether f sees e well enough to
// offer an acquisition: no building's wall in the way (kept) and the
// full sight check passes (lookAt, as acquireProblem asks it: one of
// three sight lines, the heights of hedges and walls, smoke, hulls).
// acquireSightSlow is the same asked afresh.
func (r Skirmish) acquireSightOK(s *rules.State, f, e *rules.Figure, lc *listing) bool {
	if !memoOn || s.Terrain.Map != s.Map {
		return r.acquireSightSlow(s, f, e, lc)
	}
	if !lc.doorsAsked {
		lc.doorsAsked = true
		lc.doors, lc.doorsOK = doorBitsOf(s, &lc.keep)
	}
	if !lc.doorsOK {
		return r.acquireSightSlow(s, f, e, lc)
	}
	// the key names who leans out whether or not it stands in a
	// building: the building follows from the position, and leaning
	// counts only inside one
	var lean uint8
	if lc.leaningOf(s, f) {
		lean |= 1
	}
	if lc.leaningOf(s, e) {
		lean |= 2
	}
	k := pairKey{a: f.Pos, b: e.Pos, lean: lean, doors: lc.doors}
	n := len(s.Figures)
	kp := &lc.keep
	kp.size(n)
	six := sightIx(s)
	if kp.pairIx != six || kp.pairMap != s.Map || kp.pairD != r.d {
		clear(kp.pairs)
		kp.pairIx, kp.pairMap, kp.pairD = six, s.Map, r.d
	}
	sl := &kp.pairs[(int(f.ID)-1)*n+int(e.ID)-1]
	if !sl.ok || sl.k != k {
		var a pairAnswers
		bf, be := lc.insideOf(s, f), lc.insideOf(s, e)
		a.walls = bf < 0 && be < 0
		if !a.walls {
			inner, wall := r.buildingBlock(s, f, e, bf, be, bf >= 0 && lean&1 != 0, be >= 0 && lean&2 != 0)
			a.walls = inner < 0 && wall < 0
		}
		*sl = pairSlot{k: k, a: a, ok: true}
	}
	if !sl.a.walls {
		return false // the sight line need not be asked
	}
	keep := s.Var(gSmoke) == 0 && len(s.Vehicles) == 0
	if keep && sl.a.looked && sl.a.post == e.Posture {
		return sl.a.look
	}
	ok := r.lookAt(s, f, e, false).OK
	if keep {
		sl.a.looked, sl.a.post, sl.a.look = true, e.Posture, ok
	}
	return ok
}

// acquireSightSlow is acquireSightOK with nothing kept.
func (r Skirmish) acquireSightSlow(s *rules.State, f, e *rules.Figure, lc *listing) bool {
	return r.clearOrOverTrees(s, f, e) &&
		(lc.insideOf(s, f) < 0 && lc.insideOf(s, e) < 0 || r.buildingClear(s, f, e, lc))
}

// coverSlot keeps whether a figure's base at p has cover from a sight
// line from from (coverToHide's terrain question).
type coverSlot struct {
	ix      *terrain.Index
	p, from geom.Pt
	r       int64
	ok      bool // the slot holds an answer
	cover   bool
}

// listMayHide is hideProblem(s, f) == "" for the listing (f's enemies
// are lc.foes), no reasons built and the terrain's answer kept in f's
// slot.
func (r Skirmish) listMayHide(s *rules.State, f *rules.Figure, lc *listing) bool {
	if f.Markers.Has(rules.Hidden) || s.Terrain == nil {
		return false
	}
	if !memoOn {
		return r.coverToHide(s, f, lc.foes)
	}
	from := r.hideFrom(s, f, lc.foes)
	lc.keep.size(len(s.Figures))
	sl := &lc.keep.cover[int(f.ID)-1]
	if !sl.ok || sl.ix != s.Terrain || sl.p != f.Pos || sl.from != from || sl.r != s.BaseR {
		*sl = coverSlot{ix: s.Terrain, p: f.Pos, from: from, r: s.BaseR, ok: true, cover: coverAgainst(s, f.Pos, from)}
	}
	return sl.cover
}

// insideSlot keeps the building a figure at p stands in (-1: none).
type insideSlot struct {
	ix     *terrain.Index
	p      geom.Pt
	ok     bool // the slot holds an answer
	inside int
}

// insideAt is s.Terrain.InsideBuilding(g.Pos), kept in g's slot.
func (kp *kept) insideAt(s *rules.State, g *rules.Figure) int {
	if !memoOn {
		return s.Terrain.InsideBuilding(g.Pos)
	}
	kp.size(len(s.Figures))
	sl := &kp.inside[int(g.ID)-1]
	if !sl.ok || sl.ix != s.Terrain || sl.p != g.Pos {
		*sl = insideSlot{ix: s.Terrain, p: g.Pos, ok: true, inside: s.Terrain.InsideBuilding(g.Pos)}
	}
	return sl.inside
}
