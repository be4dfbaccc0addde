package smle

import (
	"fmt"
	"iter"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Booby traps (the Activation Table's "Deactivate Booby Traps", Close 9-10
// or better). The book names the option only, so the model is a house
// one, its numbers in data/tables.toml [booby_trap]:
//
//   - Setting: a fit figure of a team at that row or better with a hand
//     grenade left rigs it at its feet ("trap F3"): one grenade spent, its
//     move over. Enemy figures that can see him know where it is; to the
//     rest of the enemy it is hidden.
//   - Going off: an enemy figure whose centre comes within 1" of a trap
//     his side does not know of, in a move of his own, sets it off. He
//     stops there and takes the grenade's direct hit (its full effect
//     dice), and every other figure within the burst (2" for a grenade)
//     takes one one-die attack per die left at its distance from the trap,
//     as for any explosive; their teams come under explosive fire.
//   - Finding: a mover whose team is at the row or better finds the trap
//     instead: he stops there, nothing goes off, and his side knows it.
//   - Clearing: a fit figure of a team at the row or better whose base is
//     within 1" of a trap his side knows ("clear F3 x,y") takes it up: his
//     move is over.
//   - A move may not knowingly run into an enemy trap: a path that comes
//     within 1" of one the mover's side knows is refused (go round it or
//     clear it). A side's own traps never go off under its own men, and
//     forced moves (falling back, fleeing) and vehicles do not set traps
//     off.
//
// Odds are the engine's exact distribution: a move that will set off a
// trap its side does not know of has the burst's effect on each figure as
// its parts. The table never shows a move's odds (a drag is checked by
// MoveCheck, which does not look at hidden traps), so they give nothing
// away; `hedgerow odds`, which sees the whole save, tells all.
//
// Traps are game variables: traps counts the traps ever set; trap<k>s is
// the setting side plus one (0 once gone), trap<k>x / trap<k>y its point
// and trap<k>k a bit per side (1 << side) that knows it.

const vTraps = "traps"

// trapKey names trap k's variable part ("s", "x", "y" or "k"). Moves
// look traps up on every step, so the names of the first traps are
// spelled once, not on each look.
func trapKey(k int, part string) string {
	if k >= 0 && k < len(trapKeys) && len(part) == 1 {
		switch part[0] {
		case 's':
			return trapKeys[k][0]
		case 'x':
			return trapKeys[k][1]
		case 'y':
			return trapKeys[k][2]
		case 'k':
			return trapKeys[k][3]
		}
	}
	return "trap" + strconv.Itoa(k) + part
}

// trapKeys[k] are trap k's variable names for parts s, x, y and k.
var trapKeys = func() (t [256][4]string) {
	for k := range t {
		for i, p := range []string{"s", "x", "y", "k"} {
			t[k][i] = "trap" + strconv.Itoa(k) + p
		}
	}
	return t
}()

// Trap is one booby trap on the table.
type Trap struct {
	K    int
	Side int // the side that set it
	At   geom.Pt
}

// Traps lists the traps still on the table that side knows of (its own
// and those it has found or seen set), oldest first; side -1 lists all.
func Traps(s *rules.State, side int) []Trap {
	n := s.Var(vTraps)
	if n == 0 {
		// a side's copy of the battle over the network carries the traps
		// it knows but not their count when it does not know them all
		// (the count would tell of the others): look for them by number
		n = maxTrapScan
	}
	var out []Trap
	for t := range trapsUpTo(s, side, n) {
		out = append(out, t)
	}
	return out
}

// maxTrapScan bounds the trap numbers Traps looks for when the state does
// not say how many there are.
const maxTrapScan = 64

// traps yields what Traps lists, in its order, without building the list.
func traps(s *rules.State, side int) iter.Seq[Trap] { return trapsUpTo(s, side, s.Var(vTraps)) }

func trapsUpTo(s *rules.State, side, n int) iter.Seq[Trap] {
	return func(yield func(Trap) bool) {
		for k := 1; k <= n; k++ {
			own := s.Var(trapKey(k, "s"))
			if own == 0 {
				continue
			}
			t := Trap{K: k, Side: own - 1, At: geom.Pt{X: int64(s.Var(trapKey(k, "x"))), Y: int64(s.Var(trapKey(k, "y")))}}
			if side >= 0 && t.Side != side && s.Var(trapKey(k, "k"))&(1<<side) == 0 {
				continue
			}
			if !yield(t) {
				return
			}
		}
	}
}

// knowTrap tells side where trap k is.
func knowTrap(s *rules.State, k, side int) {
	s.SetVar(trapKey(k, "k"), s.Var(trapKey(k, "k"))|1<<side)
}

func dropTrap(s *rules.State, k int) {
	for _, p := range []string{"s", "x", "y", "k"} {
		s.SetVar(trapKey(k, p), 0)
	}
}

// trapBand reports whether u's band allows working with traps.
func (r SMLE) trapBand(u *rules.Unit) bool {
	return uget(u, vBand) >= r.d.BandIndex(r.d.BoobyTrap.Band)
}

// trapFit: f may set or clear a trap now.
func (r SMLE) trapFit(s *rules.State, u *rules.Unit, f *rules.Figure) bool {
	return r.trapBand(u) && r.canAct(s, f) && !f.Markers.Has(rules.BadlyWounded) && f.Var(fStopped) == 0 &&
		!mounted(s, f) && !f.Markers.Has(rules.Running)
}

func (r SMLE) trapReach() int64 { return int64(r.d.BoobyTrap.Trigger) * geom.PerInch }

// trapOptions lists "trap F3" and "clear F3 x,y" for f.
func (r SMLE) trapOptions(s *rules.State, u *rules.Unit, f *rules.Figure) []rules.Command {
	if !r.trapFit(s, u, f) {
		return nil
	}
	var out []rules.Command
	if usesLeft(f, r.d.BoobyTrap.Weapon) > 0 {
		out = append(out, rules.Command{Verb: "trap", Fig: f.ID})
	}
	for t := range traps(s, f.Side) {
		if geom.WithinDist(f.Pos, t.At, s.BaseR+r.trapReach()) {
			out = append(out, rules.Command{Verb: "clear", Fig: f.ID, Path: []geom.Pt{t.At}})
		}
	}
	return out
}

func (r SMLE) applyTrap(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, fmt.Errorf("only a man of %s may set a booby trap now", teamName(s, u))
	}
	ok := false
	for _, l := range r.trapOptions(s, u, f) {
		ok = ok || l.Verb == "trap"
	}
	if !ok {
		return nil, fmt.Errorf("%s cannot set a booby trap now (%s or better, a %s left, his move not over)",
			f.Name, r.d.Bands[r.d.BandIndex(r.d.BoobyTrap.Band)].Label, r.d.BoobyTrap.Weapon)
	}
	w, _ := r.d.Weapon(r.d.BoobyTrap.Weapon)
	f.SetVar(fUsedPref+w.ID, f.Var(fUsedPref+w.ID)+1)
	f.SetVar(fStopped, 1)
	f.SetVar(fStill, s.Round)
	k := s.Var(vTraps) + 1
	s.SetVar(vTraps, k)
	s.SetVar(trapKey(k, "s"), f.Side+1)
	s.SetVar(trapKey(k, "x"), int(f.Pos.X))
	s.SetVar(trapKey(k, "y"), int(f.Pos.Y))
	for _, e := range s.Alive(1 - f.Side) {
		if visible(s, e, f) {
			knowTrap(s, k, 1-f.Side) // seen setting it
			break
		}
	}
	// No point in the event: the log is read by both sides.
	return []rules.Event{{Kind: "trap", Side: f.Side, Fig: f.ID,
		Text: fmt.Sprintf("%s rigs a %s as a booby trap", f.Name, w.Name)}}, nil
}

func (r SMLE) applyClear(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID || len(c.Path) != 1 || len(c.Targets) > 0 || c.Arg != "" {
		return nil, fmt.Errorf("a man of %s clears one known booby trap: pick the trap", teamName(s, u))
	}
	if r.trapFit(s, u, f) {
		for _, t := range Traps(s, f.Side) {
			if t.At == c.Path[0] && geom.WithinDist(f.Pos, t.At, s.BaseR+r.trapReach()) {
				dropTrap(s, t.K)
				f.SetVar(fStopped, 1)
				f.SetVar(fStill, s.Round)
				return []rules.Event{{Kind: "untrap", Side: f.Side, Fig: f.ID, Path: []geom.Pt{t.At},
					Text: fmt.Sprintf("%s clears the booby trap", f.Name)}}, nil
			}
		}
	}
	return nil, fmt.Errorf("%s cannot clear a trap there now (%s or better, his base within 1\" of a trap his side knows, his move not over)",
		f.Name, r.d.Bands[r.d.BandIndex(r.d.BoobyTrap.Band)].Label)
}

// trapOnPath finds the first enemy trap (of the mover's side's enemies)
// that a centre moving along legs comes within reach of, the first point
// of the path (sampled every 1/20") within reach of it, and the leg it is
// on (legs[leg-1] to legs[leg]). known limits it to traps side knows
// (true) or does not know (false). A trap within reach of where the move
// begins does not count: a trap is met by coming to it.
func (r SMLE) trapOnPath(s *rules.State, side int, legs []geom.Pt, known bool) (t Trap, at geom.Pt, leg int, ok bool) {
	var buf [8]Trap
	ts := buf[:0] // on the stack for the usual few traps
	reach := r.trapReach()
	for t := range traps(s, -1) {
		if t.Side == side || (s.Var(trapKey(t.K, "k"))&(1<<side) != 0) != known ||
			len(legs) == 0 || geom.WithinDist(legs[0], t.At, reach) {
			continue // his own side's, or he is already at it
		}
		ts = append(ts, t)
	}
	if len(ts) == 0 {
		return Trap{}, geom.Pt{}, 0, false
	}
	for i := 1; i < len(legs); i++ {
		a, b := legs[i-1], legs[i]
		// legSamples' points lie in the leg's box: a leg whose box,
		// widened by the reach, holds no trap meets none.
		near := false
		for _, t := range ts {
			if t.At.X >= min(a.X, b.X)-reach && t.At.X <= max(a.X, b.X)+reach &&
				t.At.Y >= min(a.Y, b.Y)-reach && t.At.Y <= max(a.Y, b.Y)+reach {
				near = true
				break
			}
		}
		if !near {
			continue
		}
		n := legSteps(a, b)
		for j := int64(0); j <= n; j++ {
			p := legSample(a, b, j, n)
			for _, t := range ts {
				if geom.WithinDist(p, t.At, reach) {
					return t, p, i, true
				}
			}
		}
	}
	return Trap{}, geom.Pt{}, 0, false
}

// legSamples are the points of a straight leg every 1/20" or less, both
// ends included (integers: the same on every machine).
func legSamples(a, b geom.Pt) []geom.Pt {
	n := legSteps(a, b)
	out := make([]geom.Pt, 0, n+1)
	for j := int64(0); j <= n; j++ {
		out = append(out, legSample(a, b, j, n))
	}
	return out
}

// legSteps is the number of steps legSamples takes from a to b.
func legSteps(a, b geom.Pt) int64 {
	const step = geom.PerInch / 20
	return max(1, (geom.Dist(a, b)+step-1)/step)
}

// legSample is legSamples' point j of n.
func legSample(a, b geom.Pt, j, n int64) geom.Pt {
	return geom.Pt{X: a.X + roundDiv((b.X-a.X)*j, n), Y: a.Y + roundDiv((b.Y-a.Y)*j, n)}
}

// sprung is what a move met: a trap its side did not know of.
type sprung struct {
	trap  Trap
	stop  geom.Pt   // where the mover stops
	legs  []geom.Pt // his path, cut short at stop
	found bool      // found (his team at the trap row or better), not set off
}

// meetTrap: figure f, moving along legs, comes on a trap his side does
// not know. He stops at the point where he reached it (or the nearest
// earlier point of his path he can stand on); a team at the trap row or
// better finds it, any other sets it off.
func (r SMLE) meetTrap(s *rules.State, u *rules.Unit, f *rules.Figure, legs []geom.Pt) (sprung, bool) {
	t, at, leg, ok := r.trapOnPath(s, f.Side, legs, false)
	if !ok {
		return sprung{}, false
	}
	stop := r.standBefore(s, f, legs[:leg+1], at)
	cut := append(append([]geom.Pt(nil), legs[:leg]...), stop)
	return sprung{trap: t, stop: stop, legs: cut, found: r.trapBand(u)}, true
}

// trapEvents resolves a trap met by f, now standing at its stop: found
// (his side knows it) or set off (gone, and its burst).
func (r SMLE) trapEvents(s *rules.State, f *rules.Figure, sp sprung) []rules.Event {
	if sp.found {
		knowTrap(s, sp.trap.K, f.Side)
		return []rules.Event{{Kind: "trap", Side: f.Side, Fig: f.ID, Path: []geom.Pt{sp.trap.At},
			Text: fmt.Sprintf("%s finds a booby trap and stops at it", f.Name)}}
	}
	dropTrap(s, sp.trap.K)
	w, _ := r.d.Weapon(r.d.BoobyTrap.Weapon)
	area := geom.Circle{C: sp.trap.At, R: int64(w.Dice) * geom.PerInch}
	evs := []rules.Event{{Kind: "blast", Side: sp.trap.Side, Fig: f.ID, Area: &area,
		Text: fmt.Sprintf("%s sets off a booby trap: %s, %d\" burst", f.Name, w.Name, w.Dice)}}
	return append(evs, r.trapBurst(s, f, sp.trap.At)...)
}

// trapBurst resolves a trap going off under f (standing at his stop):
// his direct hit, then the burst on every other figure on the table.
func (r SMLE) trapBurst(s *rules.State, f *rules.Figure, at geom.Pt) []rules.Event {
	w, _ := r.d.Weapon(r.d.BoobyTrap.Weapon)
	if gu := s.UnitOf(f.Unit); gu != nil {
		uset(gu, vUF, uget(gu, vUF)|ufExplosive|ufDirect)
		uset(gu, vContact, 1)
	}
	evs := r.effect(s, nil, f, EffectInput{Weapon: w, Armour: armourOf(s, f), Quality: f.Quality, Motive: f.Motive})
	evs = append(evs, r.burstOn(s, nil, w, at, f.ID, ufDirect)...)
	return evs
}

// standBefore is the point at or before at on the path where f can stand:
// at itself if free, else the nearest earlier sample, else where f began.
func (r SMLE) standBefore(s *rules.State, f *rules.Figure, legs []geom.Pt, at geom.Pt) geom.Pt {
	if r.standProblem(s, f, at) == "" {
		return at
	}
	var pts []geom.Pt
	for i := 1; i < len(legs); i++ {
		for _, p := range legSamples(legs[i-1], legs[i]) {
			if p == at {
				for k := len(pts) - 1; k >= 0; k-- {
					if r.standProblem(s, f, pts[k]) == "" {
						return pts[k]
					}
				}
				return f.Pos
			}
			pts = append(pts, p)
		}
	}
	return f.Pos
}

// legsCost is what a path costs to move by the move rules (difficult
// going, obstacles), for a move cut short at a trap.
func (r SMLE) legsCost(s *rules.State, legs []geom.Pt) int64 {
	var length int64
	for i := 1; i < len(legs); i++ {
		length += geom.Dist(legs[i-1], legs[i])
	}
	if s.Terrain == nil || len(legs) < 2 {
		return length
	}
	pc := s.Terrain.PathCostDoors(legs, s.BaseR, openDoors(s))
	return length + pc.Difficult*int64(r.d.Movement.DifficultFactor-1) + int64(len(pc.Obstacles))*int64(r.d.Movement.ObstacleCost)*geom.PerInch
}

// startTraps takes the traps the scenario gives each side (side vars
// "traps", "trap<k>x", "trap<k>y", set by rules.NewState) into the game:
// set before the battle, unknown to the other side.
func startTraps(s *rules.State) {
	for side := range s.Sides {
		sv := s.Sides[side].Vars
		n := sv["traps"]
		for i := 1; i <= n; i++ {
			k := s.Var(vTraps) + 1
			s.SetVar(vTraps, k)
			s.SetVar(trapKey(k, "s"), side+1)
			s.SetVar(trapKey(k, "x"), sv[fmt.Sprintf("trap%dx", i)])
			s.SetVar(trapKey(k, "y"), sv[fmt.Sprintf("trap%dy", i)])
			delete(sv, fmt.Sprintf("trap%dx", i))
			delete(sv, fmt.Sprintf("trap%dy", i))
		}
		delete(sv, "traps")
	}
}

// SetsOffTrap is a move's one outcome when it runs into a trap its side
// does not know of and does not find.
const SetsOffTrap = "sets off a booby trap"

// trapMoveOdds is the odds of a move that sets off a hidden trap (ok
// false for any other move): the mover stops where he meets it, takes the
// grenade's direct hit, and every other figure within the burst takes one
// attack per die left at its distance, as applyMove and trapBurst do.
func (r SMLE) trapMoveOdds(s *rules.State, c rules.Command) (rules.Odds, bool) {
	f := s.Fig(c.Fig)
	if f == nil || s.Var(vTraps) == 0 {
		return rules.Odds{}, false
	}
	u := s.UnitOf(f.Unit)
	w, okw := r.d.Weapon(r.d.BoobyTrap.Weapon)
	if u == nil || !okw {
		return rules.Odds{}, false
	}
	info := r.MoveCheck(s, c.Fig, c.Path)
	if !info.OK {
		return rules.Odds{}, false
	}
	sp, trapped := r.meetTrap(s, u, f, info.Legs)
	if !trapped || sp.found {
		return rules.Odds{}, false
	}
	s2 := s.Clone()
	g := s2.Fig(f.ID)
	g.Pos = sp.stop
	r.takePosition(s2, g)
	if g.Var(fCarry) != 0 {
		r.drag(s2, g, sp.legs)
	}
	var parts []rules.OddsPart
	part := func(h *rules.Figure, d [5]float64) {
		if d[lvMiss] >= 1 {
			return
		}
		parts = append(parts, rules.OddsPart{Fig: h.ID,
			Name: fmt.Sprintf("%s, %s\" from the trap", h.Name, rules.InchText(geom.Dist(sp.trap.At, h.Pos))),
			Outcomes: []rules.Outcome{{Name: Kill, P: d[lvKill]}, {Name: Serious, P: d[lvSerious]}, {Name: Light, P: d[lvLight]},
				{Name: NearMiss, P: d[lvNear]}, {Name: Unhurt, P: d[lvMiss]}}})
	}
	part(g, r.figEffect(s2, g, w, 1, false))
	for i := range s2.Figures {
		h := &s2.Figures[i]
		if h.ID == g.ID || !onTable(s2, h) {
			continue
		}
		if n := BurstDiceAt(w.Dice, sp.trap.At, h.Pos); n > 0 {
			part(h, r.figEffect(s2, h, w, n, true))
		}
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: SetsOffTrap, P: 1}}, Parts: parts,
		Note: fmt.Sprintf("a booby trap %s side does not know of lies on this path: he stops at it and it goes off; parts: the effect on each figure its burst reaches", rules.Possessive(f.Name))}, true
}
