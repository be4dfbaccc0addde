package maxim

import (
	"fmt"
	"slices"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// What a hit does: saving rolls, the damage chart's results on a figure, and the opportunity shots along a move.

// saveRoll rolls a 1D6 saving throw at or over need.
func saveRoll(s *rules.State, t *rules.Figure, need int, by string) (bool, []rules.Event) {
	d := s.Roll(6)
	ok := d.Face >= need
	out := "not saved"
	if ok {
		out = "saved"
	}
	l := &rules.Ledger{What: fmt.Sprintf("Saving roll, %s (%s)", t.Name, by), Dice: []rules.Die{d}, Target: need, Compare: ">=",
		Total: d.Face, Outcome: out, Note: fmt.Sprintf("one die: %s saves him (%s)", rules.DieOrMore(need), by)}
	return ok, []rules.Event{{Kind: "roll", Side: t.Side, Fig: t.ID, Roll: l,
		Text: fmt.Sprintf("%s save (%s): rolls %d, %s saves him: %s", rules.Possessive(t.Name), by, d.Face, rules.DieOrMore(need), out)}}
}

// status is how hurt a figure is: w 0 unhurt, 1 lightly wounded, 2
// seriously wounded, 3 dead; and stunned or not.
type status struct {
	w    int
	stun bool
}

func statusOf(f *rules.Figure) status {
	st := status{stun: f.Markers.Has(rules.Stunned)}
	switch {
	case f.Removed && f.Var(fDead) == 1:
		st.w = 3
	case f.Markers.Has(rules.BadlyWounded):
		st.w = 2
	case f.Markers.Has(rules.Wounded):
		st.w = 1
	}
	return st
}

// next is the status after a damage result: a light wound on a light
// wound is serious, any wound on a serious wound kills (house rule).
func (st status) next(res int) status {
	if st.w == 3 {
		return st
	}
	switch res {
	case resStun:
		st.stun = true
	case resLight:
		st.w++
	case resSerious:
		if st.w == 0 {
			st.w = 2
		} else {
			st.w = 3
		}
	case resKill:
		st.w = 3
	}
	if st.w == 3 {
		st.stun = false
	}
	return st
}

// change names what happened between two statuses ("no effect",
// "stunned", "lightly wounded", "seriously wounded and stunned", "killed").
func change(from, to status) string {
	if to.w == 3 && from.w != 3 {
		return "killed"
	}
	var parts []string
	if to.w > from.w {
		parts = append(parts, []string{"", "lightly wounded", "seriously wounded"}[to.w])
	}
	if to.stun && !from.stun {
		parts = append(parts, "stunned")
	}
	if len(parts) == 0 {
		return "no effect"
	}
	return strings.Join(parts, " and ")
}

// hurt applies a damage result to a figure.
func hurt(s *rules.State, t *rules.Figure, res int, why string) []rules.Event {
	before := statusOf(t)
	after := before.next(res)
	if after == before {
		return nil
	}
	if after.w == 3 {
		return remove(s, t, "killed", why)
	}
	if after.w > before.w {
		if u := s.UnitOf(t.Unit); u != nil {
			unitSet(u, uCasRnd, s.Round)
		}
	}
	t.Markers &^= rules.Wounded | rules.BadlyWounded
	switch after.w {
	case 1:
		t.Markers |= rules.Wounded
	case 2:
		t.Markers |= rules.BadlyWounded
	}
	if after.stun && !before.stun {
		t.Markers |= rules.Stunned
		t.SetVar(fStunTo, s.Round+1)
	}
	return []rules.Event{{Kind: "hurt", Side: t.Side, Fig: t.ID, Text: fmt.Sprintf("%s is %s (%s)", t.Name, change(before, after), why)}}
}

// fireCommands lists f's possible shots now, one per weapon and target,
// with every shot of the weapon's rate of fire at that target. only, when
// given, is the one target (opportunity fire at the mover: each command
// then carries the point of its path where the shot is best).
func fireCommands(s *rules.State, f *rules.Figure, only *rules.Figure) []rules.Command {
	return fireList(nil, s, f, only, false)
}

// fireList is fireCommands appended to dst; with first it stops at the first shot found
// and does not look for the best point of the mover's path (whether any
// shot may be taken is all its caller asks).
//
// Each shot listed is one planFire accepts, and the best point is the one
// planFire's chances pick, but most shots are judged without planning
// them (aim.judge): out of reach, out of sight, and taken when they hit
// on something even in cover. TestFireListIsPlanFire holds the lists to
// planning every shot in full.
func fireList(dst []rules.Command, s *rules.State, f *rules.Figure, only *rules.Figure, first bool) []rules.Command {
	out := dst
	var path []geom.Pt
	if only != nil {
		path = loadPath(s)
	}
	var enemies []*rules.Figure
	ids := weaponList(s, f)
	for i, id := range ids {
		if slices.Contains(ids[:i], id) {
			continue
		}
		w, ok := data.Weapon(id)
		if !ok || w.Melee || mayFire(s, f, w) != "" {
			continue
		}
		arg := id
		if i == 0 && !aboard(s, f) {
			arg = ""
		}
		a, ok := aimShots(s, f, w, arg)
		if !ok {
			continue
		}
		if only != nil && !pathWithin(path, f.Pos, w.Reach()) {
			continue
		}
		if enemies == nil {
			enemies = s.Alive(1 - f.Side)
		}
		for _, t := range enemies {
			if only != nil && t != only || (aboard(s, t) && openRide(s, t) == nil) {
				continue
			}
			if only == nil && !geom.WithinDist(f.Pos, t.Pos, w.Reach()) {
				continue
			}
			c := rules.Command{Verb: "fire", Fig: f.ID, Arg: arg}
			if w.ROF > 0 {
				c.Targets = make([]rules.FigID, w.ROF)
				for k := range c.Targets {
					c.Targets[k] = t.ID
				}
			}
			if only != nil {
				p, ok := bestPoint(s, f, t, c, path, a, first)
				if !ok {
					continue
				}
				c.Path = []geom.Pt{p} // bestPoint judged the shot there
			} else if v := a.judge(s, f, t, t.Pos); v == shotNo {
				continue
			} else if v == shotAsk {
				if _, err := planFire(s, c); err != nil {
					continue
				}
			}
			out = append(out, c)
			if first {
				return out
			}
		}
	}
	return out
}

// aim is what fireList knows of one weapon's shots before their target.
type aim struct {
	fw *Weapon // the weapon the command fires (planFire's firingWeapon)
	// direct: the shot needs the firer's own sight of its target (not a
	// weapon firing indirectly, which others may spot for)
	direct bool
	// plain: a man's own direct shot (no vehicle mount), with no more
	// shots named than the weapon fires, so that planFire's only
	// questions left are its target's (targetMods) and the chance
	plain bool
	auto  bool // plain: an explosive that needs no roll to hit (no chance to judge)
	base  int  // plain: the weapon's chance to hit after the firer's modifiers (moving aside)
	fl    int  // plain: the firer's motion (firerMotion), for the one moving modifier
	gfcs  bool // plain: ... and his advanced fire control
}

// aimShots is what the command firing weapon w (arg, as fireList names
// it) with w's rate of fire has before its target, and false when
// planFire refuses it whatever the target (no such weapon to fire, or
// the firer may not fire it now).
func aimShots(s *rules.State, f *rules.Figure, w *Weapon, arg string) (aim, bool) {
	fw, mount, err := firingWeapon(s, f, arg)
	if err != nil || fw != w && mayFire(s, f, fw) != "" { // fireList asked mayFire of w
		return aim{}, false
	}
	a := aim{fw: fw, direct: !fw.Explosive || !fw.Indirect}
	a.plain = a.direct && mount < 0 && w.ROF > 0 && w.ROF <= fw.ROF
	a.auto = a.plain && fw.Explosive && fw.Auto
	if a.plain {
		var buf [8]rules.Mod
		a.base = fw.Hit + modSum(appendFirerMods(buf[:0], s, f, fw))
		a.fl, a.gfcs = firerMotion(s, f)
	}
	return a, true
}

// Verdicts of aim.judge.
const (
	shotAsk = iota // only planFire can say
	shotOK         // planFire takes the shot
	shotNo         // planFire refuses it
)

// judge is planFire's verdict on a's shot at t standing at p when it can
// be given without the full sight line. Any direct shot is refused when
// no ray from the firer reaches the target (terrain's Visible, which
// planFire's own sight line agrees with). A plain shot at a man on foot
// (not in a vehicle), with no minimum range and not an anti-aircraft
// weapon, is also refused out of range or with no chance even in the
// open; it is taken when its chance is above nothing even with the cover
// modifier (an explosive that needs no roll to hit: whenever in range and
// in sight), and refused when it is not and the target has cover
// (terrain's CoverFor, part of the full sight line's answer); else its
// chance with or without the cover modifier (chance) decides. Any other
// shot is planFire's to judge (shotAsk).
func (a aim) judge(s *rules.State, f, t *rules.Figure, p geom.Pt) int {
	if !a.direct {
		return shotAsk
	}
	if !a.plain || t.Side == f.Side || s.Carrier(t.ID) != 0 || a.fw.Aircraft || a.fw.MinRange > 0 {
		if !seesBase(s, f.Pos, p) {
			return shotNo
		}
		return shotAsk
	}
	bare := a.bare(s, t)
	if !geom.WithinDist(f.Pos, p, a.fw.Reach()) || !a.auto && bare+max(data.ToHit.Cover, 0) <= 0 {
		return shotNo
	}
	if a.auto || bare+min(data.ToHit.Cover, 0) > 0 {
		if !seesBase(s, f.Pos, p) {
			return shotNo
		}
		return shotOK
	}
	// The cover modifier decides. Cover refuses the shot whether or not
	// he is seen; else the full sight line, which chance asks anyway,
	// says whether he is seen at all (as seesBase would).
	if s.Terrain != nil && data.ToHit.Cover <= 0 {
		if c, _ := s.Terrain.CoverFor(geom.Circle{C: p, R: s.BaseR}, f.Pos); c != terrain.CoverNone {
			return shotNo
		}
	}
	if ch, seen := a.chanceSeen(s, f, t, p); seen && ch > 0 {
		return shotOK
	}
	return shotNo
}

// chance is planFire's chance to hit for a plain shot of a's at t
// standing at p that judge has not refused (in range and in sight, t on
// foot): 100 for an explosive that needs no roll, else the chance in the
// open, less the cover modifier when targetMods would give it (the full
// sight line shows the target in cover or partly hidden, or a hull
// shelters him).
func (a aim) chance(s *rules.State, f, t *rules.Figure, p geom.Pt) int {
	if a.auto {
		return 100
	}
	ch, _ := a.chanceSeen(s, f, t, p)
	return ch
}

// chanceSeen is chance for a shot that is not an explosive needing no
// roll, and whether the full sight line sees any of t at p (seesBase's
// answer).
func (a aim) chanceSeen(s *rules.State, f, t *rules.Figure, p geom.Pt) (int, bool) {
	los, seen := sight(s, f.Pos, p)
	covered := los.Cover != terrain.CoverNone || los.Vis == terrain.Partial
	if !covered && len(s.Vehicles) > 0 {
		covered = rules.VehicleShelter(Maxim{}, s, t.ID, f.Pos, geom.PerInch) != 0
	}
	ch := a.bare(s, t)
	if covered {
		ch += data.ToHit.Cover
	}
	return clampChance(ch), seen
}

// bare is a plain shot's chance before any cover (unclamped).
func (a aim) bare(s *rules.State, t *rules.Figure) int {
	ch := a.base
	if m, ok := moveModOf(a.fl, a.gfcs, targetMotion(s, t)); ok {
		ch += m.Value
	}
	return ch
}

// holdsFire reports whether mayFire refuses f every weapon now, for a
// reason that is not the weapon's (out of the fight, stunned, failed
// morale, not his side's turn to fire, or he has fired already): Legal
// and the opportunity check pass such a man by without asking of each
// weapon.
func holdsFire(s *rules.State, f *rules.Figure) bool {
	if f.Removed || stunned(f) || moraleOf(s, f) >= 3 || f.Side != s.Decider {
		return true
	}
	mover := s.Var(gMover)
	switch s.Phase {
	case PhaseOpportunity:
		return f.Side == mover || f.Var(fOpp) == s.Round || s.Var(gOppFrom) == 1 && f.Var(fFired) == s.Round
	case PhaseOffensive:
		return f.Side != mover || f.Var(fFired) == s.Round
	case PhaseDefensive:
		return f.Side == mover || f.Var(fFired) == s.Round
	}
	return true
}

// seesBase reports whether any ray from the eye at from reaches a base at
// p: exactly whether sight's line of sight is not blocked, without the
// cover.
//
// The terrain remembers the answer (its memo is the map's, shared by
// every game played on it): a listing asks the same firer and target
// again after every shot, and a target that is hidden costs every ray.
func seesBase(s *rules.State, from, p geom.Pt) bool {
	if s.Terrain == nil {
		return true
	}
	return s.Terrain.Visible(from, geom.Circle{C: p, R: s.BaseR}, terrain.LOSOptions{IgnoreNearFirer: true})
}

// oppShots lists the opportunity shots the non-moving side may take at
// the figure that just moved.
func oppShots(s *rules.State) []rules.Command { return oppList(s, false) }

// anyOppShot reports whether some figure may take opportunity fire now.
func anyOppShot(s *rules.State) bool { return len(oppList(s, true)) > 0 }

func oppList(s *rules.State, first bool) []rules.Command {
	if s.Var(gOppVeh) != 0 {
		return oppVehList(s, first)
	}
	mover := s.Fig(rules.FigID(s.Var(gOppFig)))
	if mover == nil || mover.Removed || s.Over {
		return nil
	}
	saved := s.Phase
	savedD := s.Decider
	s.Phase, s.Decider = PhaseOpportunity, 1-mover.Side
	var out []rules.Command
	for _, f := range s.Alive(1 - mover.Side) {
		if holdsFire(s, f) {
			continue
		}
		out = fireList(out, s, f, mover, first)
		if first && len(out) > 0 {
			break
		}
	}
	s.Phase, s.Decider = saved, savedD
	return out
}

// bestPoint picks the point of the mover's path (path, stored) where f's
// shot c at t has the best chance (the earliest on ties): each leg's end
// and its closest approach to the firer are tried. The start of the move
// is not: the figure was not yet moving there. With first, the first
// point where planFire takes the shot will do.
//
// The chance of a plain shot at a man on foot differs between points only
// by the cover modifier, so the first point with the chance the shot has
// in the open is the best and the search ends there; judge and chance
// give it without planning the shot.
func bestPoint(s *rules.State, f, t *rules.Figure, c rules.Command, path []geom.Pt, a aim, first bool) (geom.Pt, bool) {
	best, bestCh, found := geom.Pt{}, -1, false
	top := 101 // above any chance: no early end
	if a.plain && s.Carrier(t.ID) == 0 {
		top = clampChance(a.bare(s, t) + max(data.ToHit.Cover, 0))
	}
	for i := 1; i < len(path); i++ {
		seg := geom.Seg{A: path[i-1], B: path[i]}
		for _, p := range [2]geom.Pt{geom.ClosestOnSeg(seg, f.Pos), path[i]} {
			if p == path[0] {
				continue
			}
			if _, ok := onPath(path, p); !ok {
				continue
			}
			var ch int
			switch a.judge(s, f, t, p) {
			case shotNo:
				continue
			case shotOK:
				if first {
					return p, true
				}
				ch = a.chance(s, f, t, p)
			case shotAsk:
				try := c
				try.Path = []geom.Pt{p}
				v, err := planFire(s, try)
				if err != nil {
					continue
				}
				if first {
					return p, true
				}
				ch = v.chance
				if len(v.targets) > 0 {
					ch = v.targets[0].chance
				}
			}
			if ch > bestCh {
				best, bestCh, found = p, ch, true
			}
			if ch >= top {
				return best, found
			}
		}
	}
	return best, found
}

// pathWithin reports whether some point of the path after its start is
// within d of p.
func pathWithin(path []geom.Pt, p geom.Pt, d int64) bool {
	for i := 1; i < len(path); i++ {
		if geom.SegWithin(geom.Seg{A: path[i-1], B: path[i]}, p, d, false) {
			return true
		}
	}
	return false
}

// oppVehList lists the opportunity shots at the vehicle that just drove.
func oppVehList(s *rules.State, first bool) []rules.Command {
	mv := s.Veh(rules.VehicleID(s.Var(gOppVeh)))
	if mv == nil || knockedOut(s, mv) || s.Over {
		return nil
	}
	saved, savedD := s.Phase, s.Decider
	s.Phase, s.Decider = PhaseOpportunity, 1-mv.Side
	var out []rules.Command
	for _, f := range s.Alive(1 - mv.Side) {
		out = append(out, vehFireCommands(s, f, mv)...)
		if !first || len(out) == 0 {
			out = append(out, riderOppCommands(s, f, mv)...) // riders.go
		}
		if first && len(out) > 0 {
			break
		}
	}
	s.Phase, s.Decider = saved, savedD
	return out
}

// anyAircraft reports whether the enemy of side has a flying vehicle in
// the fight.
func anyAircraft(s *rules.State, side int) bool {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side != side && !knockedOut(s, v) && vehType(v).Flying {
			return true
		}
	}
	return false
}

func hasKind(evs []rules.Event, kind string) bool {
	for _, e := range evs {
		if e.Kind == kind {
			return true
		}
	}
	return false
}
