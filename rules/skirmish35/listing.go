// 1/35th Skirmish's listing of legal commands: each figure's actions with the points it has.

package skirmish35

import (
	"fmt"
	"slices"
	"sync"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Legal lists what the deciding side may do now, in a stable order.
func (r Skirmish) Legal(s *rules.State) []rules.Command {
	if s.Over {
		return nil
	}
	if s.Phase == PhaseOpp {
		out := r.oppCommands(s)
		return append(out, rules.Command{Verb: "pass"})
	}
	if s.Phase == PhaseWon {
		return r.wonCommands(s)
	}
	// the list is gathered in a recycled buffer and handed back as a
	// copy of its length: one allocation of the size it turns out to be
	buf := listBufs.Get().(*[]rules.Command)
	out := r.appendTurn((*buf)[:0], s)
	list := slices.Clone(out)
	clear(out) // keep nothing of this state alive
	*buf = out[:0]
	listBufs.Put(buf)
	return list
}

// listBufs are Legal's gathering buffers.
var listBufs = sync.Pool{New: func() any { return new([]rules.Command) }}

// listing is what one Legal call works out once for all the figures it
// lists commands for.
// AppendLegal is Legal appended to dst (rules.LegalAppender): the
// headless random player lists into one slice it reuses.
func (r Skirmish) AppendLegal(dst []rules.Command, s *rules.State) []rules.Command {
	if s.Over {
		return dst
	}
	if s.Phase == PhaseOpp {
		dst = append(dst, r.oppCommands(s)...)
		return append(dst, rules.Command{Verb: "pass"})
	}
	if s.Phase == PhaseWon {
		return append(dst, r.wonCommands(s)...)
	}
	return r.appendTurn(dst, s)
}

// appendTurn appends the active side's commands in its turn.
func (r Skirmish) appendTurn(out []rules.Command, s *rules.State) []rules.Command {
	// the listing's own lists are recycled from call to call (ids, which
	// the commands keep, is not)
	lc := listings.Get().(*listing)
	*lc = listing{turn: turnNo(s), live: s.Var(gLive) != 0,
		moveMax: in(r.d.T.Move.Max), grenade: in(r.d.T.Grenade.Range), surrender: in(r.d.T.Surrender.Range),
		contact: in(r.d.T.Melee.Contact) + 2*s.BaseR,
		own:     appendAlive(lc.own[:0], s, s.Active), foes: appendAlive(lc.foes[:0], s, 1-s.Active), inside: lc.inside[:0], lean: lc.lean[:0], pos: lc.pos[:0], keep: lc.keep}
	for _, f := range lc.own {
		out = r.figureCommands(s, f, out, lc)
	}
	for i := range s.Vehicles {
		if v := &s.Vehicles[i]; v.Side == s.Active {
			out = append(out, r.vehicleCommands(s, v)...)
		}
	}
	clear(lc.own) // keep nothing of this state alive
	clear(lc.foes)
	clear(lc.pos)
	lc.ids = nil
	listings.Put(lc)
	return append(out, rules.Command{Verb: "end"})
}

var listings = sync.Pool{New: func() any { return new(listing) }}

// appendAlive appends alive(s, side) to dst.
func appendAlive(dst []*rules.Figure, s *rules.State, side int) []*rules.Figure {
	for i := range s.Figures {
		if f := &s.Figures[i]; f.Side == side && !f.Removed && (len(s.Vehicles) == 0 || s.Carrier(f.ID) == 0) {
			dst = append(dst, f)
		}
	}
	return dst
}

type listing struct {
	turn int  // turnNo(s)
	live bool // a grenade lies live (throwBackProblem's first question)

	// the tables' distances in position units: the most a figure moves
	// in a turn, a grenade's range, the surrender call's range, and
	// centre to centre in contact (inContact)
	moveMax, grenade, surrender, contact int64

	own  []*rules.Figure // the deciding side's figures on the table, not aboard
	foes []*rules.Figure // its enemies
	ids  []rules.FigID   // room for the commands' one-figure target lists

	inside []int         // per figure (by id), 1 + the building it stands in (0: not yet asked)
	lean   []int8        // per figure (by id), 2 leaning out, 1 not (0: not yet asked)
	pos    []*posAnswers // per figure (by id), posOf its position (nil: not yet asked)

	doorsAsked bool   // doors and doorsOK below are worked out
	doorsOK    bool   // doors holds doorBitsOf (false: too many doors)
	doors      uint64 // doorBitsOf

	keep kept // answers kept from call to call (listmemo.go)

	asked   bool // mortar and windows below are worked out
	mortar  bool // a figure of the side carries a mortar and is no prisoner
	windows bool // some building on the map has a window
}

// ask works out, on first need, what the call's figures share.
func (l *listing) ask(r Skirmish, s *rules.State) {
	if l.asked {
		return
	}
	l.asked = true
	for _, g := range l.own {
		if l.gearAt(r, s, g).mortar && !g.Markers.Has(rules.Surrendered) {
			l.mortar = true
		}
	}
	if s.Terrain != nil && s.Map != nil {
		if l.keep.winIx == s.Terrain && l.keep.winMap == s.Map {
			l.windows = l.keep.windows // asked of this map before
			return
		}
		for id := range s.Map.Pieces {
			if s.Terrain.Enterable(id) && len(s.Map.Pieces[id].Windows) > 0 {
				l.windows = true
			}
		}
		l.keep.winIx, l.keep.winMap, l.keep.windows = s.Terrain, s.Map, l.windows
	}
}

// insideOf is s.Terrain.InsideBuilding(g.Pos), asked once per figure.
func (l *listing) insideOf(s *rules.State, g *rules.Figure) int {
	if len(l.inside) == 0 {
		l.inside = slices.Grow(l.inside[:0], len(s.Figures))[:len(s.Figures)]
		clear(l.inside)
	}
	i := int(g.ID) - 1
	if l.inside[i] == 0 {
		l.inside[i] = 1 + l.keep.insideAt(s, g)
	}
	return l.inside[i] - 1
}

// gearAt is g's gear (gearOf).
func (l *listing) gearAt(r Skirmish, s *rules.State, g *rules.Figure) gear {
	l.keep.size(len(s.Figures))
	return r.gearOf(g, &l.keep.gear[int(g.ID)-1])
}

// posAt is posOf(s, g.Pos), asked once per figure (s.Terrain and s.Map
// set, the map the terrain's).
func (l *listing) posAt(s *rules.State, g *rules.Figure) *posAnswers {
	if len(l.pos) == 0 {
		l.pos = slices.Grow(l.pos[:0], len(s.Figures))[:len(s.Figures)]
		clear(l.pos)
	}
	i := int(g.ID) - 1
	if l.pos[i] == nil {
		l.keep.size(len(s.Figures))
		l.pos[i] = posOf(s, g.Pos, &l.keep.pos[i])
	}
	return l.pos[i]
}

// leaningOf is leaning(s, g), asked once per figure.
func (l *listing) leaningOf(s *rules.State, g *rules.Figure) bool {
	if len(l.lean) == 0 {
		l.lean = slices.Grow(l.lean[:0], len(s.Figures))[:len(s.Figures)]
		clear(l.lean)
	}
	i := int(g.ID) - 1
	if l.lean[i] == 0 {
		l.lean[i] = 1
		if lv := g.Var(fLean); lv > 0 && lv >= l.turn-1 { // leaning(s, g)
			l.lean[i] = 2
		}
	}
	return l.lean[i] == 2
}

// kit is which kinds of weapon a figure carries, for Legal's cheap
// checks (carries answers one kind).
type kit struct{ grenade, smoke, at bool }

func (r Skirmish) kitOf(f *rules.Figure) kit {
	var k kit
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok {
			switch w.Kind {
			case "grenade":
				k.grenade = true
			case "smoke":
				k.smoke = true
			case "at":
				k.at = true
			}
		}
	}
	return k
}

// one is a target list naming id alone. The lists of one call share an
// array, each capped at its length (appending to one copies it).
func (l *listing) one(id rules.FigID) []rules.FigID {
	if len(l.ids) == cap(l.ids) {
		l.ids = make([]rules.FigID, 0, max(32, 2*cap(l.ids)))
	}
	l.ids = append(l.ids, id)
	n := len(l.ids)
	return l.ids[n-1 : n : n]
}

// figureCommands appends to out what one figure of the deciding side may
// do with the points it has.
func (r Skirmish) figureCommands(s *rules.State, f *rules.Figure, out []rules.Command, lc *listing) []rules.Command {
	if f.Markers.Has(rules.Surrendered) {
		return out
	}
	start := len(out) // this figure's commands are out[start:]
	ap := f.Var(fAP)
	cs := &r.d.T.Costs
	add := func(c rules.Command) { out = append(out, c) }
	if l := f.Var(fLock); l != 0 {
		if ap >= cs.Melee && f.Var(fDrawn) != turnNo(s) {
			add(rules.Command{Verb: "melee", Fig: f.ID, Targets: lc.one(rules.FigID(l))})
		}
		return out
	}
	// a figure that must run is offered only what belongs to moving (its
	// list is cut to those below; what it may not do is not worked out)
	lvl := levelOf(f)
	comp := (lvl == Suppressed || lvl == Shaken) && r.mustRun(s, f)
	moved := f.Var(fMoved)
	if ap >= 1 && int64(moved) < lc.moveMax {
		add(rules.Command{Verb: "move", Fig: f.ID})
	}
	if f.Posture == rules.Prone {
		if ap >= cs.Stand {
			add(rules.Command{Verb: "stand", Fig: f.ID})
		}
	} else if ap >= cs.Prone {
		add(rules.Command{Verb: "prone", Fig: f.ID})
	}
	gr := lc.gearAt(r, s, f)
	hidden := f.Markers.Has(rules.Hidden) && !(gr.w != nil && gr.w.Sniper) // a sniper looks and shoots from hiding
	if !hidden && f.Var(fScan) != lc.turn {
		add(rules.Command{Verb: "acquire", Fig: f.ID})
	}
	// Cheap rejections below spare building the reasons of refusals:
	// each is one the problem function after it gives too.
	w, shoots := gr.w, gr.w != nil
	// standing over a surrender this turn: it may fire only at the
	// figure it called on (overAt)
	overAt := rules.FigID(0)
	if shoots && lc.turn > 0 && f.Var(fContrib) == lc.turn && mayShootIn(f, w, lvl, 0) {
		overAt = rules.FigID(f.Var(fContribOn))
	}
	shoots = shoots && mayShootIn(f, w, lvl, lc.turn)
	throws := !f.Markers.Has(rules.Hidden) && lvl < Suppressed && ap >= cs.Grenade
	kt := gr.kit
	nowBits, triedBits := acqBitsIn(f, lc.turn) // acquiredNow and tried for ids up to maskIDs
	lc.ask(r, s)
	enemies := lc.foes
	// f's front, asked of each enemy (inFront)
	fr := frontOf(f, r.d.T.Sight.Front)
	// whether and how f may call mortar fire, asked on first need
	var plots plotter
	plotsAsked := false
	for _, e := range enemies {
		if !r.known(s, f.Side, e) || e.Markers.Has(rules.Surrendered) {
			continue
		}
		front := fr.has(e.Pos)
		if !front && ap >= cs.Face && !comp {
			add(rules.Command{Verb: "face", Fig: f.ID, Targets: lc.one(e.ID)})
		}
		// mortar fire comes down on a point: on any known enemy's spot
		// the call reaches, acquired or not, in front or not (the book
		// asks no sight of the target of a call by radio)
		if !comp && ap >= cs.Plot && lc.mortar {
			if !plotsAsked {
				plots, plotsAsked = r.plotterOf(s, f), true
			}
			if r.plotOK(s, f, plots, e.Pos) {
				add(rules.Command{Verb: "plot", Fig: f.ID, Targets: lc.one(e.ID)})
			}
		}
		if hidden || !front {
			continue
		}
		// not tried this turn, in sight (acquireSightOK), and no wall in
		// the way (none when neither stands in a building)
		notTried := e.ID <= maskIDs && triedBits&bit(e.ID) == 0 || e.ID > maskIDs && !tried(s, f, e.ID)
		if notTried && (s.Terrain == nil || r.acquireSightOK(s, f, e, lc)) {
			add(rules.Command{Verb: "acquire", Fig: f.ID, Targets: lc.one(e.ID)})
		}
		if comp {
			continue
		}
		// a grenade is thrown at a spot, once the thrower has seen a
		// target (grenadeProblem): at any known enemy's in front and in
		// reach
		if throws && within(f.Pos, e.Pos, lc.grenade) {
			if kt.grenade && r.grenadeProblem(s, f, e.Pos, "") == "" {
				add(rules.Command{Verb: "grenade", Fig: f.ID, Targets: lc.one(e.ID)})
			}
			if kt.smoke && r.grenadeProblem(s, f, e.Pos, "smoke") == "" {
				add(rules.Command{Verb: "grenade", Fig: f.ID, Targets: lc.one(e.ID), Arg: "smoke"})
			}
		}
		if e.ID <= maskIDs && nowBits&bit(e.ID) != 0 || e.ID > maskIDs && acquiredNow(s, f, e.ID) {
			for _, mode := range [...]string{"aimed", "unaimed"} {
				if !shoots && (overAt == 0 || e.ID != overAt) || ap < r.fireCost(mode) || w.Kill > 0 && !within(f.Pos, e.Pos, in(float64(w.Kill))) ||
					mode == "aimed" && (moved > 0 || !acquiredLast(s, f, e.ID)) {
					continue
				}
				if r.fireProblem(s, f, e, mode) == "" {
					add(rules.Command{Verb: "fire", Fig: f.ID, Targets: lc.one(e.ID), Arg: mode})
				}
			}
			if !shoots || !w.CanSuppress() || ap < cs.Suppress {
				// no suppressive fire
			} else if a, b, ok := r.lineAcross(s, f, e); ok && r.suppressProblem(s, f, a, b) == "" {
				add(rules.Command{Verb: "suppress", Fig: f.ID, Path: []geom.Pt{a, b}})
			}
		}
		if within(f.Pos, e.Pos, lc.contact) && r.meleeProblem(s, f, e) == "" { // inContact
			add(rules.Command{Verb: "melee", Fig: f.ID, Targets: lc.one(e.ID)})
			add(rules.Command{Verb: "melee", Fig: f.ID, Targets: lc.one(e.ID), Arg: "capture"})
		}
		// surrenderProblem refuses a hidden caller and one short of
		// points too: asked first, they spare it the sight check
		if ap >= cs.Surrender && !f.Markers.Has(rules.Hidden) && within(f.Pos, e.Pos, lc.surrender) &&
			r.surrenderProblem(s, f, e) == "" {
			add(rules.Command{Verb: "surrender", Fig: f.ID, Targets: lc.one(e.ID)})
		}
	}
	if comp {
		out = r.listDoorCommands(out, s, f, ap, lc)
		if ap >= 1 && f.Posture != rules.Prone && lc.windows && r.listClimbOK(s, f, lc) {
			add(rules.Command{Verb: "climb", Fig: f.ID})
		}
		if lvl >= Suppressed && ap >= cs.Rally {
			add(rules.Command{Verb: "rally", Fig: f.ID})
		}
		return keepCompelled(out, start)
	}
	// holding fire: holdProblem's refusals are these three (canShoot's
	// are those of shoots)
	if shoots && !f.Markers.Has(rules.OppFire) && ap >= cs.Opportunity {
		add(rules.Command{Verb: "opp", Fig: f.ID})
	}
	out = r.listDoorCommands(out, s, f, ap, lc)
	// leaning out: leanProblem's refusals, with what the listing has
	// read of f
	if s.Terrain != nil && ap >= cs.Move && !lc.leaningOf(s, f) {
		if b := lc.insideOf(s, f); b >= 0 && nearOpening(s, b, f.Pos, s.BaseR+in(r.d.T.Buildings.Window)) {
			add(rules.Command{Verb: "lean", Fig: f.ID})
		}
	}
	if ap >= 1 && f.Posture != rules.Prone && lc.windows && r.listClimbOK(s, f, lc) {
		add(rules.Command{Verb: "climb", Fig: f.ID})
	}
	if kt.at && s.Map != nil && s.Terrain != nil {
		for _, e := range enemies {
			// hidden, shaken or short of points, atProblem refuses any
			// aim; it refuses one behind too, and one beyond the last
			// range band (the one refusal left when the rest pass)
			if r.known(s, f.Side, e) && !f.Markers.Has(rules.Hidden) &&
				lvl < Suppressed && ap >= cs.Unaimed && fr.has(e.Pos) &&
				r.atInRange(f.Pos, e.Pos) && lc.insideOf(s, e) >= 0 {
				add(rules.Command{Verb: "at", Fig: f.ID, Path: []geom.Pt{e.Pos}})
			}
		}
	}
	if len(s.Vehicles) > 0 {
		out = append(out, r.atVehicleCommands(s, f)...)
		out = append(out, r.boardCommands(s, f)...)
	}
	if lc.live && r.throwBackProblem(s, f) == "" { // none without a grenade lying live
		// back at any known enemy within a throw (the table aims it at
		// the man clicked), or, with none, away from the thrower
		at := false
		for _, e := range lc.foes {
			if r.known(s, f.Side, e) && !e.Markers.Has(rules.Surrendered) && within(f.Pos, e.Pos, in(r.d.T.Grenade.Range)) {
				add(rules.Command{Verb: "throwback", Fig: f.ID, Targets: lc.one(e.ID)})
				at = true
			}
		}
		if g, ok := r.liveNear(s, f); ok && !at {
			add(rules.Command{Verb: "throwback", Fig: f.ID, Path: []geom.Pt{towards(g.At, f.Pos, -in(r.d.T.Grenade.Range)/2)}})
		}
	}
	if !hidden && ap >= cs.Hide && r.listMayHide(s, f, lc) {
		add(rules.Command{Verb: "hide", Fig: f.ID})
	}
	if lvl >= Suppressed && ap >= cs.Rally {
		add(rules.Command{Verb: "rally", Fig: f.ID})
	}
	if f.Markers.Has(rules.OutOfAmmo) && ap >= cs.Reload {
		add(rules.Command{Verb: "reload", Fig: f.ID})
	}
	return out
}

// buildingClear is whether buildingSightIn finds nothing in the way,
// for the listing (which knows each figure's building and leaning).
func (r Skirmish) buildingClear(s *rules.State, f, t *rules.Figure, lc *listing) bool {
	bf, bt := lc.insideOf(s, f), lc.insideOf(s, t)
	inner, wall := r.buildingBlock(s, f, t, bf, bt, bf >= 0 && lc.leaningOf(s, f), bt >= 0 && lc.leaningOf(s, t))
	return inner < 0 && wall < 0
}

// keepCompelled cuts out[start:], a compelled figure's commands, to the
// verbs it may still give.
func keepCompelled(out []rules.Command, start int) []rules.Command {
	kept := out[:start]
	for _, c := range out[start:] {
		if compelledVerbs[c.Verb] {
			kept = append(kept, c)
		}
	}
	return kept
}

// weapon is the figure's weapon in hand (its first small arm).
func (r Skirmish) weapon(f *rules.Figure) (*Weapon, bool) {
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok && w.Kind == "fire" {
			return w, true
		}
	}
	return nil, false
}

// sniper reports whether f's firearm is a sniper's rifle (house rules:
// see data/weapons.toml).
func (r Skirmish) sniper(f *rules.Figure) bool {
	w, ok := r.weapon(f)
	return ok && w.Sniper
}

// carries reports whether the figure carries a weapon of the kind.
func (r Skirmish) carries(f *rules.Figure, kind string) bool {
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok && w.Kind == kind {
			return true
		}
	}
	return false
}

// useAT fires f's anti-tank weapon, the first it carries: a one-shot
// weapon (the Panzerfaust) is thrown away, and an event says so.
func (r Skirmish) useAT(f *rules.Figure) []rules.Event {
	for i, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok && w.Kind == "at" {
			if !w.OneShot {
				return nil
			}
			f.Weapons = append(f.Weapons[:i:i], f.Weapons[i+1:]...)
			return []rules.Event{{Kind: "ammo", Side: f.Side, Fig: f.ID, Text: fmt.Sprintf("%s throws away the spent %s", f.Name, w.Name)}}
		}
	}
	return nil
}

func levelOf(f *rules.Figure) int { return f.Var(fLvl) }

// setLevel sets a figure's morale level and mirrors it in the core's
// marker bits.
func setLevel(f *rules.Figure, l int) {
	l = min(max(l, Confident), Broken)
	f.SetVar(fLvl, l)
	f.Markers &^= rules.Suppressed | rules.Broken
	switch l {
	case Suppressed:
		f.Markers |= rules.Suppressed
	case Broken:
		f.Markers |= rules.Broken
	}
	if l != Suppressed {
		f.SetVar(fLvlTest, 0)
	}
}

// dropMorale lowers a figure's morale by n levels; at broken it leaves
// the fight.
func (r Skirmish) dropMorale(s *rules.State, f *rules.Figure, n int, why string) []rules.Event {
	from := levelOf(f)
	to := min(from+n, Broken)
	setLevel(f, to)
	evs := []rules.Event{{Kind: "morale", Side: f.Side, Fig: f.ID,
		Text: fmt.Sprintf("%s: %s, from %s to %s", f.Name, why, levelNames[from], levelNames[to])}}
	if to == Broken {
		evs = append(evs, r.remove(s, f, "broken: it runs from the fight")...)
	}
	return evs
}

// known reports whether side may know of enemy figure e: a hidden figure
// stays unknown until the side acquires it.
func (r Skirmish) known(s *rules.State, side int, e *rules.Figure) bool {
	if e.Side == side || e.Removed {
		return true
	}
	return !e.Markers.Has(rules.Hidden) || e.Var(fSpotted) == 1
}

// clearOrOverTrees is the sight test for offering an acquisition: the
// full sight check passes, as acquireProblem asks it (a clear centre
// line is not enough, since a hedge as high as the target hides it, nor
// needed, since an edge of the base may be seen past what blocks it).
func (r Skirmish) clearOrOverTrees(s *rules.State, f, e *rules.Figure) bool {
	return r.lookAt(s, f, e, false).OK
}
