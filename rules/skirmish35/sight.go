package skirmish35

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// sightRays is how many sight lines run from an eye to a base: to its
// centre and its two edges (house: enough to tell a figure half behind a
// corner from one wholly hidden, at a third of the cost of nine).
const sightRays = 3

// Sight is what one figure can make out of another.
type Sight struct {
	OK    bool
	Why   string // when not OK
	Hind  int    // hindrances on the line
	Cover terrain.Cover
	// HindNames names the hindering pieces, for the ledger.
	HindNames []string
	CoverName string
}

// figHeight is the height tester's answer for a figure.
func (r Skirmish) figHeight(f *rules.Figure) int64 {
	if f.Posture == rules.Prone {
		return in(r.d.T.Sight.Prone)
	}
	return in(r.d.T.Sight.Standing)
}

// SightLine is the table's sight line from figure from to figure to as
// this rule set sees: blocked when it cannot see him, partial through
// hindrances, clear otherwise (rules.SightJudge).
func (r Skirmish) SightLine(s *rules.State, from, to rules.FigID) terrain.Visibility {
	sg := r.lookAt(s, s.Fig(from), s.Fig(to), false)
	switch {
	case !sg.OK:
		return terrain.Blocked
	case sg.Hind > 0:
		return terrain.Partial
	}
	return terrain.Clear
}

var _ rules.SightJudge = Skirmish{}

// look says whether f can see t now, and through what. Facing is not
// considered here (see inFront).
func (r Skirmish) look(s *rules.State, f, t *rules.Figure) Sight { return r.lookAt(s, f, t, true) }

// lookAt is look; without words it answers the same but leaves the
// reasons and names unworded (Why, CoverName and HindNames empty), for
// callers that ask only whether f sees t.
func (r Skirmish) lookAt(s *rules.State, f, t *rules.Figure, words bool) Sight {
	var sg Sight
	if t.Removed {
		if words {
			sg.Why = t.Name + " is out of the fight"
		}
		return sg
	}
	if _, ok := r.smokeOn(s, f.Pos, t.Pos); ok {
		if words {
			sg.Why = fmt.Sprintf("smoke hides %s", t.Name)
		}
		return sg
	}
	if why := r.hullHides(s, f.Pos, t.Pos, s.BaseR); why != "" {
		if words {
			sg.Why = why + ": it hides " + t.Name
		}
		return sg
	}
	if s.Terrain == nil {
		sg.OK = true
		return sg
	}
	if !words {
		bf, bt := s.Terrain.InsideBuilding(f.Pos), s.Terrain.InsideBuilding(t.Pos)
		// buildingSight is "" exactly when buildingBlock finds nothing
		if inner, wall := r.buildingBlock(s, f, t, bf, bt, bf >= 0 && leaning(s, f), bt >= 0 && leaning(s, t)); inner >= 0 || wall >= 0 {
			return sg
		}
	} else if why := r.buildingSight(s, f, t); why != "" {
		sg.Why = why
		return sg
	}
	// From a height, woods taller than the eye no longer stop the line:
	// the book makes trees seen from above a hindrance, counted below.
	// Hedges are seen through here (sightIx): the height test below
	// decides them.
	six := sightIx(s)
	los := six.LineOfSight(f.Pos, geom.Circle{C: t.Pos, R: s.BaseR}, terrain.LOSOptions{Rays: sightRays, WoodsHinderFromHeight: true})
	if los.Vis == terrain.Blocked {
		if words {
			sg.Why = "terrain blocks the view of " + t.Name
		}
		return sg
	}
	sg.Cover = los.Cover
	if sg.Cover == terrain.CoverPrepared {
		sg.Cover = terrain.CoverHard
	}
	if words && los.CoverPiece >= 0 && sg.Cover != terrain.CoverNone {
		sg.CoverName = rules.PieceName(s, los.CoverPiece)
	}
	if sg.Cover == terrain.CoverHard && leaning(s, t) && s.Terrain.InsideBuilding(t.Pos) >= 0 {
		sg.Cover = terrain.CoverSoft
		if words {
			sg.CoverName += ", leaning out"
		}
	}
	ea, eb := s.Terrain.Elevation(f.Pos), s.Terrain.Elevation(t.Pos)
	high := max(ea, eb)
	th := r.figHeight(t)
	hides := "" // the first hindrance that hides a figure not standing
	for _, x := range los.Crossings {
		pc := &six.Map.Pieces[x.Piece]
		if high > 0 && pc.Props.Height <= high {
			continue // seen over from above
		}
		if x.Piece == los.CoverPiece {
			// the target's own cover counts as cover, not a hindrance;
			// but bushes that fail the height test block the line even
			// when the target lies right behind them
			if pc.Kind == "hedge" && pc.Props.Linear && pc.Props.Sight == terrain.SightNone && pc.Props.Height >= th {
				if words {
					sg.Why = fmt.Sprintf("%s is as high as %s: it hides it", rules.PieceName(s, x.Piece), t.Name)
				}
				return sg
			}
			continue
		}
		hinders := false
		switch {
		case pc.Props.Linear && pc.Props.Sight == terrain.SightNone && pc.Props.Height > 0:
			// walls by the height tester: lower than the figure hinders,
			// as high or higher hides it
			if pc.Props.Height >= th {
				if words {
					sg.Why = fmt.Sprintf("%s is as high as %s: it hides it", rules.PieceName(s, x.Piece), t.Name)
				}
				return sg
			}
			hinders = true
		case x.Sight == terrain.SightHinders, x.Sight == terrain.SightBlocksBeyond:
			hinders = true
		}
		if hinders {
			sg.Hind++
			if words {
				sg.HindNames = append(sg.HindNames, rules.PieceName(s, x.Piece))
			}
			if pc.Kind != "fence" && hides == "" {
				hides = rules.PieceName(s, x.Piece)
			}
		}
	}
	// Fences are seen through, so the terrain's sight line passes them by;
	// the book makes each a hindrance all the same.
	if fs := fencesCrossed(s, f.Pos, t.Pos, high); len(fs) > 0 {
		for _, id := range fs {
			sg.Hind++
			if words {
				sg.HindNames = append(sg.HindNames, rules.PieceName(s, id))
			}
		}
		// A figure lying behind a fence is only hindered by it when no
		// bushes are beside it; lying against a hedge it cannot be made
		// out through the fence at all.
		if t.Posture != rules.Standing {
			if b := r.besideBushes(s, t); b >= 0 {
				if words {
					sg.Why = fmt.Sprintf("%s lies beside the %s behind the %s: it cannot be made out", t.Name, rules.PieceName(s, b), rules.PieceName(s, fs[0]))
				}
				return sg
			}
		}
	}
	// Any hindrance but a fence hides a figure that is not standing; a
	// fence, seen through, still only hinders it (the book: only fences
	// count as a hindrance to a prone figure).
	if hides != "" && t.Posture != rules.Standing {
		if words {
			sg.Why = fmt.Sprintf("%s is not standing: the %s hides him", t.Name, hides)
		}
		return sg
	}
	if sg.Cover != terrain.CoverHard && len(s.Vehicles) > 0 {
		if id := rules.VehicleShelter(r, s, t.ID, f.Pos, in(r.d.T.Vehicle.Shelter)); id != 0 {
			sg.Cover = terrain.CoverHard
			if words {
				sg.CoverName = "behind the " + s.Veh(id).Name
			}
		}
	}
	sg.OK = true
	return sg
}

// besideBushes is the first bush piece (a hedge or bocage, map order)
// whose edge lies within the house adjacency of f's base, or -1.
func (r Skirmish) besideBushes(s *rules.State, f *rules.Figure) int {
	if s.Map == nil {
		return -1
	}
	reach := s.BaseR + in(r.d.T.Sight.BushAdjacent)
	for id := range s.Map.Pieces {
		pc := &s.Map.Pieces[id]
		if (pc.Kind != "hedge" && pc.Kind != "bocage") || len(pc.Path) < 2 {
			continue
		}
		for i := 1; i < len(pc.Path); i++ {
			if geom.SegWithin(geom.Seg{A: pc.Path[i-1], B: pc.Path[i]}, f.Pos, reach+pc.Props.Width/2, false) {
				return id
			}
		}
	}
	return -1
}

// fencesCrossed lists the fences (map order) that the line a->b crosses,
// less those seen over from a height above them.
func fencesCrossed(s *rules.State, a, b geom.Pt, high int64) []int {
	if s.Map == nil {
		return nil
	}
	var out []int
	seg := geom.Seg{A: a, B: b}
	var buf [8]geom.Frac
	for _, id := range gapsOf(s.Map).fences {
		pc := &s.Map.Pieces[id]
		if high > 0 && pc.Props.Height <= high {
			continue
		}
		if len(geom.PolylineCrossings(pc.Path, seg, buf[:0])) > 0 {
			out = append(out, id)
		}
	}
	return out
}

// seesFriend reports whether f can see any other figure of its side, by
// the sight acquisition uses (facing does not matter).
//
// Whether any friend is seen does not depend on the order they are
// looked at, so the nearest are looked at first: one is most likely
// seen, and the rest need no look.
func (r Skirmish) seesFriend(s *rules.State, f *rules.Figure) bool {
	var buf [32]*rules.Figure
	friends := buf[:0]
	for i := range s.Figures {
		o := &s.Figures[i]
		if o.Side != f.Side || o.Removed || o.ID == f.ID || o.Markers.Has(rules.Surrendered) ||
			len(s.Vehicles) > 0 && s.Carrier(o.ID) != 0 {
			continue
		}
		friends = append(friends, o)
	}
	slices.SortStableFunc(friends, func(a, b *rules.Figure) int {
		return cmp.Compare(geom.Dist2(f.Pos, a.Pos), geom.Dist2(f.Pos, b.Pos))
	})
	for _, o := range friends {
		if r.sees(s, f, o) {
			return true
		}
	}
	return false
}

// sees reports whether f can see t at all, facing aside: the same sight
// as acquisition (smoke, hulls, windows and doors, walls by the height
// tester, woods seen over from a hill, a figure not standing hidden by a
// hindrance), so that morale, surrender, mortar spotting and
// opportunity suppression never see what acquisition cannot, nor the
// other way.
func (r Skirmish) sees(s *rules.State, f, t *rules.Figure) bool {
	return r.lookAt(s, f, t, false).OK
}

// acquireMods is the ledger of an acquisition of t by f.
func (r Skirmish) acquireMods(s *rules.State, f, t *rules.Figure, sg Sight) []rules.Mod {
	a := r.d.T.Acquire
	var mods []rules.Mod
	if !within(f.Pos, t.Pos, in(a.Long)) {
		mods = append(mods, rules.Mod{Value: a.LongMod, Reason: "over " + strconv.FormatFloat(a.Long, 'g', -1, 64) + "\" away", Rule: "Acquisition"})
	}
	switch sg.Cover {
	case terrain.CoverSoft:
		mods = append(mods, rules.Mod{Value: a.Soft, Reason: "in soft cover (" + sg.CoverName + ")", Rule: "Acquisition"})
	case terrain.CoverHard:
		mods = append(mods, rules.Mod{Value: a.Hard, Reason: "in hard cover (" + sg.CoverName + ")", Rule: "Acquisition"})
	}
	if t.Markers.Has(rules.Hidden) {
		mods = append(mods, rules.Mod{Value: a.Hidden, Reason: "hidden", Rule: "Acquisition"})
	}
	for _, h := range sg.HindNames {
		mods = append(mods, rules.Mod{Value: a.Hindrance, Reason: "hindrance: " + h, Rule: "Acquisition"})
	}
	if seenBefore(s, f, t.ID) {
		mods = append(mods, rules.Mod{Value: a.SeenBefore, Reason: "seen before", Rule: "Acquisition"})
	}
	return mods
}

// acquireProblem says why f cannot try to acquire t now ("" if it can).
func (r Skirmish) acquireProblem(s *rules.State, f, t *rules.Figure) (Sight, string) {
	switch {
	case t.Side == f.Side:
		return Sight{}, "acquire an enemy figure"
	case aboard(s, t) != "":
		return Sight{}, t.Name + " is inside " + aboard(s, t)
	case t.Markers.Has(rules.Surrendered):
		return Sight{}, t.Name + " is a prisoner"
	case f.Markers.Has(rules.Hidden) && !r.sniper(f):
		return Sight{}, f.Name + " is hidden: he must move before he can look for the enemy, and moving gives him away"
	case !inFront(f, t.Pos, r.d.T.Sight.Front):
		return Sight{}, f.Name + " must turn to face " + t.Name + " first"
	case tried(s, f, t.ID):
		return Sight{}, f.Name + " has already tried to acquire " + t.Name + " this turn"
	}
	sg := r.look(s, f, t)
	if !sg.OK {
		return sg, sg.Why
	}
	if t.Markers.Has(rules.Hidden) && sg.Cover == terrain.CoverHard && t.Var(fFlash) == 0 {
		return sg, t.Name + " is hidden behind hard cover"
	}
	return sg, ""
}

// probGreater is the chance that 2D6 beats need (more than it).
func probGreater2D6(need int) float64 {
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b > need {
				n++
			}
		}
	}
	return float64(n) / 36
}

// acquireOne rolls one acquisition.
func (r Skirmish) acquireOne(s *rules.State, f, t *rules.Figure, sg Sight) []rules.Event {
	mods := r.acquireMods(s, f, t, sg)
	// the texts are joined without fmt: a look about rolls for every
	// enemy in front
	l := &rules.Ledger{What: "Acquisition: " + f.Name + " looks for " + t.Name, Compare: ">", Mods: mods}
	l.Target = l.ModTotal()
	l.Dice = s.RollN(2, 6)
	l.Total = l.DiceTotal()
	l.Note = certainNote(l, 2)
	setTried(s, f, t.ID)
	l.Outcome = "not seen"
	rolls := f.Name + " looks for " + t.Name + ": " + needText(l.Total, l.Target, 2)
	text := rolls + ": not seen"
	if l.Total > l.Target {
		l.Outcome = "acquired"
		markAcquired(s, f, t.ID)
		if t.Markers.Has(rules.Hidden) {
			t.SetVar(fSpotted, 1)
		}
		text = rolls + ": acquired"
	}
	ev := rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: l, Text: text}
	if !r.known(s, f.Side, t) {
		// a roll for a figure the looker's side may not know of belongs
		// to the hidden figure's unit, so the view withholds it
		ev.Unit = t.Unit
	}
	return []rules.Event{ev}
}

// applyAcquire: "acquire F1 F7" looks for one enemy; "acquire F1" looks
// about for every enemy in its front it has not yet tried this turn.
func (r Skirmish) applyAcquire(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || c.Arg != "" {
		return nil, errors.New("acquire names the looker and, at most, one target")
	}
	if len(c.Targets) == 1 {
		t, err := target(s, c)
		if err != nil {
			return nil, err
		}
		sg, why := r.acquireProblem(s, f, t)
		if why != "" {
			return nil, errors.New(why)
		}
		return r.acquireOne(s, f, t, sg), nil
	}
	if len(c.Targets) > 1 {
		return nil, errors.New("acquire one target at a time, or none to look about")
	}
	if f.Markers.Has(rules.Hidden) && !r.sniper(f) {
		return nil, errors.New(f.Name + " is hidden: he must move before he can look for the enemy, and moving gives him away")
	}
	if f.Var(fScan) == turnNo(s) {
		return nil, errors.New(f.Name + " has already looked about this turn")
	}
	f.SetVar(fScan, turnNo(s))
	var evs []rules.Event
	n := 0
	fr := frontOf(f, r.d.T.Sight.Front)
	for _, t := range alive(s, 1-f.Side) {
		// out of its front or tried already, acquireProblem refuses it:
		// asked here first, its reasons are not worded for nothing
		if t.Markers.Has(rules.Surrendered) || !fr.has(t.Pos) || tried(s, f, t.ID) {
			continue
		}
		// one it cannot see is refused for that alone: asked without
		// words first (lookAt answers alike), most of a look about's
		// refusals are not worded either
		if !r.lookAt(s, f, t, false).OK {
			continue
		}
		if sg, why := r.acquireProblem(s, f, t); why == "" {
			evs = append(evs, r.acquireOne(s, f, t, sg)...)
			n++
		}
	}
	evs = append([]rules.Event{{Kind: "look", Side: f.Side, Fig: f.ID, Text: f.Name + " looks about"}}, evs...)
	if n == 0 {
		evs[0].Text = f.Name + " looks about and sees no enemy in front of him"
	}
	return evs, nil
}

// applyFace turns a figure towards a point or a figure.
func (r Skirmish) applyFace(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	var to geom.Pt
	switch {
	case len(c.Targets) == 1 && len(c.Path) == 0:
		t := s.Fig(c.Targets[0])
		if t == nil || t.Removed {
			return nil, errors.New("that figure is not on the table")
		}
		if why := r.faceFigureProblem(s, f, t); why != "" {
			return nil, errors.New(why)
		}
		to = t.Pos
	case len(c.Path) == 1 && len(c.Targets) == 0:
		to = c.Path[0]
	default:
		return nil, errors.New("face a figure or one point")
	}
	if c.Arg != "" {
		return nil, errors.New("face takes no word")
	}
	if to == f.Pos {
		return nil, errors.New("give a point away from the figure")
	}
	if err := spend(f, r.d.T.Costs.Face, "turning"); err != nil {
		return nil, err
	}
	f.Facing = bearing(f.Pos, to)
	acted(s, f)
	return []rules.Event{{Kind: "face", Side: f.Side, Fig: f.ID, Text: f.Name + " turns to face " + rules.FacingWords(f.Facing)}}, nil
}

// applyPosture: "prone F1" drops flat, "stand F1" gets up.
func (r Skirmish) applyPosture(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, fmt.Errorf("%q names only the figure", c.Verb)
	}
	if c.Verb == "prone" {
		if f.Posture == rules.Prone {
			return nil, errors.New(f.Name + " is already prone")
		}
		if err := spend(f, r.d.T.Costs.Prone, "going prone"); err != nil {
			return nil, err
		}
		f.Posture = rules.Prone
	} else {
		if f.Posture != rules.Prone {
			return nil, errors.New(f.Name + " is already on his feet")
		}
		if err := spend(f, r.d.T.Costs.Stand, "standing up"); err != nil {
			return nil, err
		}
		f.Posture = rules.Standing
	}
	acted(s, f)
	return []rules.Event{{Kind: "posture", Side: f.Side, Fig: f.ID, Text: f.Name + " is now " + f.Posture.String()}}, nil
}

// hideProblem: a figure hides only in or behind something giving cover
// from its nearest enemy that its side knows of.
func (r Skirmish) hideProblem(s *rules.State, f *rules.Figure) string {
	if f.Markers.Has(rules.Hidden) {
		return f.Name + " is already hidden"
	}
	if s.Terrain == nil {
		return "there is nothing to hide in"
	}
	if !r.coverToHide(s, f, alive(s, 1-f.Side)) {
		return f.Name + " has no cover to hide in"
	}
	return ""
}

// coverToHide reports whether f has cover from the nearest of its
// enemies that its side knows of (from up the table when none is).
func (r Skirmish) coverToHide(s *rules.State, f *rules.Figure, enemies []*rules.Figure) bool {
	return coverAgainst(s, f.Pos, r.hideFrom(s, f, enemies))
}

// hideFrom is where coverToHide looks from: the nearest enemy the
// figure's side knows of (a hidden enemy it has not acquired is not one:
// a figure takes cover from the enemy it knows is there, and whether
// hiding is allowed must not tell where an unseen enemy stands), else
// straight up the table.
func (r Skirmish) hideFrom(s *rules.State, f *rules.Figure, enemies []*rules.Figure) geom.Pt {
	var best *rules.Figure
	var bd int64
	for _, e := range enemies {
		if !r.known(s, f.Side, e) {
			continue
		}
		if d := geom.Dist2(f.Pos, e.Pos); best == nil || d < bd {
			best, bd = e, d
		}
	}
	if best != nil {
		return best.Pos
	}
	return geom.Pt{X: f.Pos.X, Y: f.Pos.Y - 100*geom.PerInch}
}

// coverAgainst is whether a base at p has cover from a sight line from
// from.
func coverAgainst(s *rules.State, p, from geom.Pt) bool {
	cv, _ := s.Terrain.CoverFor(geom.Circle{C: p, R: s.BaseR}, from)
	return cv != terrain.CoverNone
}

func (r Skirmish) applyHide(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, errors.New("hide names only the figure")
	}
	if why := r.hideProblem(s, f); why != "" {
		return nil, errors.New(why)
	}
	if err := spend(f, r.d.T.Costs.Hide, "hiding"); err != nil {
		return nil, err
	}
	f.Markers |= rules.Hidden
	f.SetVar(fSpotted, 0)
	f.SetVar(fFlash, 0)
	acted(s, f)
	return []rules.Event{{Kind: "hide", Side: f.Side, Fig: f.ID, Text: f.Name + " hides"}}, nil
}

// unhide: a hidden figure that moves or fires gives itself away.
func unhide(f *rules.Figure) {
	f.Markers &^= rules.Hidden
	f.SetVar(fSpotted, 0)
	f.SetVar(fFlash, 0)
}

// Acquisitions are kept as bit sets of target ids (ids up to maskIDs; a
// variable per target beyond): those made in the figure's latest turn
// that had any (fAcq, in turn fAcqT), those of the own turn before it
// (fAcqP), and every earlier one (fAcqE). Few variables to copy and hash
// on every command.
const (
	fAcq  = "acq"
	fAcqT = "acqt"
	fAcqP = "acqp"
	fAcqE = "acqe"
)

func bit(t rules.FigID) int { return 1 << uint(t) }

// acquiredNow reports whether f acquired t in this turn.
func acquiredNow(s *rules.State, f *rules.Figure, t rules.FigID) bool {
	if t > maskIDs {
		return f.Var(vAcq(t)) == turnNo(s)
	}
	return f.Var(fAcqT) == turnNo(s) && f.Var(fAcq)&bit(t) != 0
}

// acquiredLast reports whether f had t acquired in its own turn before
// this one.
func acquiredLast(s *rules.State, f *rules.Figure, t rules.FigID) bool {
	n := turnNo(s)
	if t > maskIDs {
		return f.Var(vPrev(t)) == n-2 || (f.Var(vAcq(t)) == n-2)
	}
	switch f.Var(fAcqT) {
	case n:
		return f.Var(fAcqP)&bit(t) != 0
	case n - 2:
		return f.Var(fAcq)&bit(t) != 0
	}
	return false
}

// seenBefore reports whether f acquired t in some earlier turn.
func seenBefore(s *rules.State, f *rules.Figure, t rules.FigID) bool {
	if t > maskIDs {
		v := f.Var(vAcq(t))
		return (v > 0 && v < turnNo(s)) || f.Var(vPrev(t)) > 0
	}
	m := f.Var(fAcqE)
	if f.Var(fAcqT) != turnNo(s) {
		m |= f.Var(fAcq)
	}
	return m&bit(t) != 0
}

// acqBitsIn are f's acquisitions and its tries in turn n as bit sets of
// target ids (ids up to maskIDs; acquiredNow and tried answer for any id),
// read once for a listing that asks about every enemy.
func acqBitsIn(f *rules.Figure, n int) (now, tries int) {
	if f.Var(fAcqT) == n {
		now = f.Var(fAcq)
	}
	if f.Var(fTryTurn) == n {
		tries = f.Var(fTryMask)
	}
	return now, tries
}

// markAcquired records that f has acquired t this turn.
func markAcquired(s *rules.State, f *rules.Figure, t rules.FigID) {
	n := turnNo(s)
	if t > maskIDs {
		if prev := f.Var(vAcq(t)); prev != n {
			f.SetVar(vPrev(t), prev)
		}
		f.SetVar(vAcq(t), n)
		return
	}
	if f.Var(fAcqT) != n {
		prev := 0
		if f.Var(fAcqT) == n-2 {
			prev = f.Var(fAcq)
		}
		f.SetVar(fAcqE, f.Var(fAcqE)|f.Var(fAcq))
		f.SetVar(fAcqP, prev)
		f.SetVar(fAcq, 0)
		f.SetVar(fAcqT, n)
	}
	f.SetVar(fAcq, f.Var(fAcq)|bit(t))
}

// lookAboutOdds: "acquire F1" alone rolls to acquire every enemy in its
// front it may try (as applyAcquire finds them, in the same order), each
// on its own 2D6: a part for each, and the outcomes how many it acquires.
func (r Skirmish) lookAboutOdds(s *rules.State, f *rules.Figure) (rules.Odds, error) {
	if f.Markers.Has(rules.Hidden) && !r.sniper(f) {
		return rules.Odds{}, errors.New(f.Name + " is hidden: he must move before he can look for the enemy, and moving gives him away")
	}
	if f.Var(fScan) == turnNo(s) {
		return rules.Odds{}, errors.New(f.Name + " has already looked about this turn")
	}
	ns := s.Clone()
	nf := ns.Fig(f.ID)
	fr := frontOf(nf, r.d.T.Sight.Front)
	count := []float64{1} // count[k]: the chance of k acquired so far
	var parts []rules.OddsPart
	for _, t := range alive(ns, 1-nf.Side) {
		if t.Markers.Has(rules.Surrendered) || !fr.has(t.Pos) || tried(ns, nf, t.ID) || !r.lookAt(ns, nf, t, false).OK {
			continue
		}
		sg, why := r.acquireProblem(ns, nf, t)
		if why != "" {
			continue
		}
		p := probGreater2D6(sumMods(r.acquireMods(ns, nf, t, sg)))
		setTried(ns, nf, t.ID)
		var outs []rules.Outcome
		for _, x := range []rules.Outcome{{Name: "acquired", P: p}, {Name: "not seen", P: 1 - p}} {
			if x.P > 0 {
				outs = append(outs, x)
			}
		}
		parts = append(parts, rules.OddsPart{Name: nf.Name + " looks for " + t.Name, Fig: t.ID, Outcomes: outs})
		next := make([]float64, len(count)+1)
		for k, q := range count {
			next[k] += q * (1 - p)
			next[k+1] += q * p
		}
		count = next
	}
	if len(parts) == 0 {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}, Note: f.Name + " sees no enemy in front of him to look for"}, nil
	}
	o := rules.Odds{Parts: parts, Note: "two dice for each enemy in front not yet tried this turn, a part for each"}
	for k, q := range count {
		if q > 0 {
			o.Outcomes = append(o.Outcomes, rules.Outcome{Name: fmt.Sprintf("%d acquired", k), P: q})
		}
	}
	return o, nil
}
