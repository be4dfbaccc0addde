package smle

// Who can see and reach whom: sight between figures, weapons' reach,
// the figures of a team that may fire at a target team, and the target
// teams a team may fire at (split from fire.go by job).

import (
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// primary is the figure's fire weapon for team fire: its first weapon
// that is not an explosive.
func (r SMLE) primary(f *rules.Figure) *Weapon {
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok && !w.Explosive() {
			return w
		}
	}
	return nil
}

// sees reports whether a figure can see a target figure.
func sees(s *rules.State, f, t *rules.Figure) (terrain.LOS, bool) {
	if s.Terrain == nil {
		return terrain.LOS{Vis: terrain.Clear, CoverPiece: -1}, true
	}
	los := s.Terrain.LineOfSight(f.Pos, t.Base(s.BaseR), sightOpts(s, f.Pos, t.Base(s.BaseR))) // hulls in the way: vehicle_sight.go
	return los, los.Vis != terrain.Blocked
}

// visible is inSight, except that an enemy team still unspotted (a side
// set up hidden) cannot be seen at all.
func visible(s *rules.State, f, t *rules.Figure) bool {
	if aboard(s, f) || aboard(s, t) {
		return false // figures inside a vehicle neither see nor are seen (vehicles.go)
	}
	if f.Side != t.Side && Unspotted(s, s.UnitOf(t.Unit)) {
		return false
	}
	return inSight(s, f, t)
}

// inSight is sees without the cover: the terrain's visibility-only
// answer, exactly "LineOfSight is not Blocked".
func inSight(s *rules.State, f, t *rules.Figure) bool {
	if s.Terrain == nil {
		return true
	}
	return s.Terrain.Visible(f.Pos, t.Base(s.BaseR), sightOpts(s, f.Pos, t.Base(s.BaseR))) // sees' answer, without its cover (remembered)
}

// canShoot: the figure is fit to fire this weapon this round.
func (r SMLE) canShoot(s *rules.State, f *rules.Figure, w *Weapon) bool {
	return w != nil && r.canAct(s, f) && !f.Markers.Has(rules.BadlyWounded) && !f.Markers.Has(rules.Running) && !mounted(s, f) &&
		(!w.Heavy() || f.Var(fBraced) == 1) && !settling(s, f) && !Dry(f, w) && f.Var(fReloaded) != s.Round
}

// inReach: within twice effective range and not under minimum range.
func inReach(w *Weapon, a, b geom.Pt) bool {
	m := int64(w.MinRange) * geom.PerInch
	return geom.WithinDist(a, b, 2*int64(w.Range)*geom.PerInch) && geom.Dist2(a, b) >= m*m
}

// rangeFor is the distance a to b, rounded, then nudged so that it falls
// on the same side of every range boundary the weapon uses as the exact
// distance does (so rounding never changes a ruling).
func rangeFor(w *Weapon, a, b geom.Pt) int64 {
	r := geom.Dist(a, b)
	d2 := geom.Dist2(a, b)
	for _, t := range []int64{4 * geom.PerInch, int64(w.Range) * geom.PerInch, 2 * int64(w.Range) * geom.PerInch} {
		if d2 <= t*t && r > t {
			r = t
		}
		if d2 > t*t && r <= t {
			r = t + 1
		}
	}
	if m := int64(w.MinRange) * geom.PerInch; d2 >= m*m && r < m {
		r = m
	} else if d2 < m*m && r >= m {
		r = m - 1
	}
	return r
}

// firers lists the team's figures that can fire their primary weapon at
// one of the targets.
func (r SMLE) firers(s *rules.State, u *rules.Unit, targets []*rules.Figure) []*rules.Figure {
	var out []*rules.Figure
	for _, f := range members(s, u.ID) {
		w := r.primary(f)
		if !r.canShoot(s, f, w) {
			continue
		}
		for _, t := range targets {
			if t.Removed || !inReach(w, f.Pos, t.Pos) || !r.inPrepArc(s, f, t.Pos) {
				continue
			}
			if visible(s, f, t) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// targetTeams lists one target figure (the lowest id visible) per enemy
// team the active team may fire at with this kind of fire. It asks the
// same questions as firers and farFirers, but works out each firer's
// weapon and arc once and stops at the first figure that can fire.
func (r SMLE) targetTeams(s *rules.State, u *rules.Unit, kind string) []rules.FigID {
	var sh shooterList
	return r.targetTeamsWith(s, u, kind, &sh)
}

// shooterList is a team's shooters, listed when first asked for and then
// kept for the rest of one listing.
type shooterList struct {
	sh   []shooter
	done bool
	// asked are the enemy teams targetTeamsWith asked anyFirer (far
	// false) about, member by member in figure order, with the index in
	// s.Figures of the first member it said yes to (-1: none): every
	// member before that one had the answer no.
	asked []nearAsked
}

type nearAsked struct {
	team  rules.UnitID
	found int
}

// anyFirerAt is anyFirer(s, sh, s.Figures[i], false) with the shooters
// of the list, taken from targetTeamsWith's answers when it asked.
func (l *shooterList) anyFirerAt(r SMLE, s *rules.State, u *rules.Unit, i int) bool {
	t := &s.Figures[i]
	for _, a := range l.asked {
		if a.team != t.Unit {
			continue
		}
		switch {
		case a.found < 0 || i < a.found:
			return false
		case i == a.found:
			return true
		}
		break
	}
	return r.anyFirer(s, l.get(r, s, u), t, false)
}

func (l *shooterList) get(r SMLE, s *rules.State, u *rules.Unit) []shooter {
	if !l.done {
		l.sh, l.done = r.shooters(s, u), true
	}
	return l.sh
}

// targetTeamsWith is targetTeams with the team's shooters shared with the
// caller (Legal asks again for aimed fire at leaders).
func (r SMLE) targetTeamsWith(s *rules.State, u *rules.Unit, kind string, shl *shooterList) []rules.FigID {
	var out []rules.FigID
	for e := range teamsOn(s) {
		if e.Side == u.Side {
			continue
		}
		if kind == FireReturn {
			if last := uget(u, firedByKey(e.ID)); last == 0 || last < s.Round-1 {
				continue
			}
		}
		if Unspotted(s, e) {
			continue // no one sees an unspotted enemy team (visible)
		}
		sh := shl.get(r, s, u)
		if len(sh) == 0 {
			break // no one fit to fire: no target anywhere
		}
		found := -1
		for i := range s.Figures {
			if t := &s.Figures[i]; t.Unit == e.ID && !t.Removed && r.anyFirer(s, sh, t, false) {
				out, found = append(out, t.ID), i
				break
			}
		}
		shl.asked = append(shl.asked, nearAsked{team: e.ID, found: found})
		if found >= 0 {
			continue
		}
		// No one reaches the team, but someone sees it beyond twice
		// effective range: ineffective fire (not panic fire, which has
		// its own reduced effect).
		if kind != FirePanic {
			for t := range membersOf(s, e.ID) {
				if r.anyFirer(s, sh, t, true) {
					out = append(out, t.ID)
					break
				}
			}
		}
	}
	return out
}

// shooter is a team member fit to fire its primary weapon, with its
// prepared position's arc (if it is in one) looked up once, when first
// needed.
type shooter struct {
	f      *rules.Figure
	w      *Weapon
	looked bool // prep and arc are known
	prep   bool // in a prepared position: fires only inside arc
	arc    int
}

// shooters lists the team's members that pass canShoot, by id.
func (r SMLE) shooters(s *rules.State, u *rules.Unit) []shooter {
	var out []shooter
	for f := range membersOf(s, u.ID) {
		if w := r.primary(f); r.canShoot(s, f, w) {
			out = append(out, shooter{f: f, w: w})
		}
	}
	return out
}

// shootersAt lists the team's members that pass canShoot and have t
// within reach of their primary weapon, by id: the only shooters
// anyFirer(far false) can find for t, appended to out.
func (r SMLE) shootersAt(s *rules.State, u *rules.Unit, t *rules.Figure, out []shooter) []shooter {
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Unit != u.ID || f.Removed {
			continue
		}
		if w := r.primary(f); w != nil && inReach(w, f.Pos, t.Pos) && r.canShoot(s, f, w) {
			out = append(out, shooter{f: f, w: w})
		}
	}
	return out
}

// inArc is inPrepArc, the position looked up once per shooter.
func (sh *shooter) inArc(r SMLE, s *rules.State, p geom.Pt) bool {
	if !sh.looked {
		sh.looked = true
		if r.coverAt(s, sh.f.Pos) == terrain.CoverPrepared {
			sh.prep, sh.arc = true, prepArc(sh.f)
		}
	}
	if !sh.prep {
		return true
	}
	d := ((bearing(sh.f.Pos, p)-sh.arc)%360 + 360) % 360
	if d > 180 {
		d = 360 - d
	}
	return d <= 45
}

// anyFirer: one of the shooters can fire at t, within reach (as firers
// asks) or, with far, only beyond twice effective range (as farFirers).
func (r SMLE) anyFirer(s *rules.State, sh []shooter, t *rules.Figure, far bool) bool {
	if len(sh) == 0 || t.Removed || aboard(s, t) {
		return false // visible says no for every shooter
	}
	// visible's test of an unspotted team, asked once: the shooters are
	// all of one team, so of one side.
	if sh[0].f.Side != t.Side && Unspotted(s, s.UnitOf(t.Unit)) {
		return false
	}
	for i := range sh {
		x := &sh[i]
		if far {
			if geom.WithinDist(x.f.Pos, t.Pos, 2*int64(x.w.Range)*geom.PerInch) {
				continue
			}
		} else if !inReach(x.w, x.f.Pos, t.Pos) {
			continue
		}
		if x.inArc(r, s, t.Pos) && !aboard(s, x.f) && inSight(s, x.f, t) { // visible, its tests of t asked above
			return true
		}
	}
	return false
}

func firedByKey(id rules.UnitID) string {
	if id >= 0 && int(id) < len(firedByKeys) {
		return firedByKeys[id]
	}
	return vFiredBy + strconv.Itoa(int(id))
}

// firedByKeys are the first units' firedByKey, spelled once.
var firedByKeys = func() (t [256]string) {
	for i := range t {
		t[i] = vFiredBy + strconv.Itoa(i)
	}
	return t
}()
