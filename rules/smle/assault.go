package smle

import (
	"fmt"
	"slices"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// inContact: base edges within 1".
func inContact(s *rules.State, a, b *rules.Figure) bool {
	if aboard(s, a) || aboard(s, b) {
		return false
	}
	return geom.WithinDist(a.Pos, b.Pos, geom.PerInch+2*s.BaseR)
}

// assaultTargets lists one figure per enemy team in contact with the team.
func (r SMLE) assaultTargets(s *rules.State, u *rules.Unit) []rules.FigID {
	var out []rules.FigID
	if uget(u, vMount) != mountFoot {
		return nil // mounted troops do not ride into a close assault
	}
	ms := members(s, u.ID)
	for _, e := range teams(s) {
		if e.Side == u.Side {
			continue
		}
	find:
		for _, d := range members(s, e.ID) {
			for _, a := range ms {
				if inContact(s, a, d) && r.fightsIn(s, a) { // the distance first: same answer
					out = append(out, d.ID)
					break find
				}
			}
		}
	}
	return out
}

// fightsIn: a figure that may attack in a close assault (seriously
// wounded figures only defend).
func (r SMLE) fightsIn(s *rules.State, f *rules.Figure) bool {
	return r.canAct(s, f) && !f.Markers.Has(rules.BadlyWounded)
}

type pairing struct{ a, d *rules.Figure }

// pairs matches attackers in contact to their nearest defender, then
// every unpaired defender in contact to its nearest attacker.
func (r SMLE) pairs(s *rules.State, u *rules.Unit, du rules.UnitID) []pairing {
	var out []pairing
	ds := members(s, du)
	as := members(s, u.ID)
	paired := map[rules.FigID]bool{}
	for _, a := range as {
		if !r.fightsIn(s, a) {
			continue
		}
		var best *rules.Figure
		for _, d := range ds {
			if inContact(s, a, d) && (best == nil || geom.Dist2(a.Pos, d.Pos) < geom.Dist2(a.Pos, best.Pos)) {
				best = d
			}
		}
		if best != nil {
			out = append(out, pairing{a, best})
			paired[best.ID] = true
		}
	}
	for _, d := range ds {
		if paired[d.ID] {
			continue
		}
		var best *rules.Figure
		for _, a := range as {
			if r.fightsIn(s, a) && inContact(s, a, d) && (best == nil || geom.Dist2(a.Pos, d.Pos) < geom.Dist2(best.Pos, d.Pos)) {
				best = a
			}
		}
		if best != nil {
			out = append(out, pairing{best, d})
		}
	}
	return out
}

// Close-combat equipment words, listed among a figure's weapons like the
// door-breaker: a melee weapon (sword, axe, bayonet charge kit: +3) or an
// improvised one (club, bottle, pick handle: +1). Only the better counts;
// the figure's first firearm still gives its close factor.
const (
	MeleeWeapon      = "melee-weapon"
	ImprovisedWeapon = "improvised-weapon"
)

// closeInput is one figure's side of a pairing. att is the attacking
// team: a defender whose team has not yet met the enemy, caught by a
// team that was concealed or unspotted, is surprised (-2).
func (r SMLE) closeInput(s *rules.State, f *rules.Figure, opponents int, defending bool, att *rules.Unit) CloseInput {
	in := CloseInput{Quality: f.Quality, Motive: f.Motive, Opponents: opponents,
		Wounded: f.Markers.Has(rules.Wounded) || f.Markers.Has(rules.BadlyWounded), Armoured: armourOf(s, f) == "body"}
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok {
			in.Weapon = w // the first weapon listed (equipment is skipped)
			break
		}
	}
	in.Melee = slices.Contains(f.Weapons, MeleeWeapon)
	in.Improvised = !in.Melee && slices.Contains(f.Weapons, ImprovisedWeapon)
	if defending {
		in.Prepared = r.inPrepared(s, f)
		if att != nil {
			du := s.UnitOf(f.Unit)
			in.Surprised = du != nil && uget(du, vContact) == 0 && (r.concealed(s, att) || Unspotted(s, att))
		}
	}
	return in
}

func count(ps []pairing, id rules.FigID) int {
	n := 0
	for _, p := range ps {
		if p.a.ID == id || p.d.ID == id {
			n++
		}
	}
	return n
}

func (r SMLE) checkAssault(s *rules.State, u *rules.Unit, c rules.Command) (*rules.Unit, error) {
	if c.Unit != u.ID || len(c.Targets) != 1 {
		return nil, fmt.Errorf("assault names the active team and one enemy figure")
	}
	if r.d.Bands[uget(u, vBand)].Combat != "assault" || uget(u, vFired) != 0 || uget(u, vOpp) != 0 || uget(u, vRunning) != 0 {
		return nil, fmt.Errorf("%s may not close assault now (Close or better, no attack yet this round, not running)", teamName(s, u))
	}
	for _, id := range r.assaultTargets(s, u) {
		if t := s.Fig(c.Targets[0]); t != nil && s.Fig(id).Unit == t.Unit {
			return s.UnitOf(t.Unit), nil
		}
	}
	return nil, fmt.Errorf("%s has no figure in contact with that team", teamName(s, u))
}

func (r SMLE) applyAssault(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	du, err := r.checkAssault(s, u, c)
	if err != nil {
		return nil, err
	}
	ps := r.pairs(s, u, du.ID)
	// Each pairing's sides are judged as the assault begins (the
	// defenders' surprise before the contact it makes).
	ins := make([][2]CloseInput, len(ps))
	for i, p := range ps {
		ins[i] = [2]CloseInput{r.closeInput(s, p.a, count(ps, p.a.ID), false, nil), r.closeInput(s, p.d, count(ps, p.d.ID), true, u)}
	}
	uset(u, vFired, 1)
	uset(u, vRevealed, 1)
	uset(u, vContact, 1)
	uset(du, vContact, 1)
	uset(du, vUF, uget(du, vUF)|ufDirect)
	evs := []rules.Event{{Kind: "phase", Side: u.Side, Unit: u.ID, Text: fmt.Sprintf("%s close assaults %s", teamName(s, u), teamName(s, du))}}
	if uget(du, vBreaks) > 0 {
		// A broken team caught by the enemy gives up.
		for _, p := range ps {
			if !p.d.Removed {
				p.d.Markers |= rules.Surrendered
				evs = append(evs, remove(s, p.d, "is broken, caught and surrenders"))
			}
		}
		return evs, nil
	}
	broke := false
	for i, p := range ps {
		if p.a.Removed || p.d.Removed {
			continue
		}
		ai, di := ins[i][0], ins[i][1]
		fa, fd := s.Roll(6).Face, s.Roll(6).Face
		o, l := r.d.ResolveClose(ai, di, fa, fd, fmt.Sprintf("Close assault, %s against %s", p.a.Name, p.d.Name))
		evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Fig: p.a.ID, Target: p.d.ID, Roll: &l, Text: fmt.Sprintf("%s against %s: %s", p.a.Name, p.d.Name, o)})
		switch o {
		case CloseDefenderBreaks:
			broke = true
			to, on := r.retreat(s, p.d, p.a.Pos, r.baseMove(s, p.d))
			if !on || to == p.d.Pos {
				p.d.Markers |= rules.Surrendered
				evs = append(evs, remove(s, p.d, "cannot get away and is captured"))
			} else {
				evs = append(evs, r.dropHeavy(s, p.d)...)
				evs = append(evs, rules.Event{Kind: "move", Side: p.d.Side, Fig: p.d.ID, Path: []geom.Pt{p.d.Pos, to}, Text: p.d.Name + " breaks and runs"})
				p.d.Pos = to
				p.d.Markers |= rules.Broken
			}
		case CloseDefenderKilled:
			evs = append(evs, remove(s, p.d, "is killed or captured"))
		case CloseForcedBack:
			need := 4*geom.PerInch + 2*s.BaseR + 1 - geom.Dist(p.a.Pos, p.d.Pos)
			if to, on := r.retreat(s, p.a, p.d.Pos, need); on && to != p.a.Pos {
				evs = append(evs, rules.Event{Kind: "move", Side: p.a.Side, Fig: p.a.ID, Path: []geom.Pt{p.a.Pos, to}, Text: p.a.Name + " is forced back"})
				p.a.Pos = to
			}
			p.a.SetVar(fStopped, 1)
		case CloseAttackerKilled:
			evs = append(evs, remove(s, p.a, "is killed"))
		case CloseAttackerFalls:
			back := geom.Pt{X: int64(p.a.Var(fStartX)), Y: int64(p.a.Var(fStartY))}
			if back != p.a.Pos && r.standProblem(s, p.a, back) == "" {
				evs = append(evs, rules.Event{Kind: "move", Side: p.a.Side, Fig: p.a.ID, Path: []geom.Pt{p.a.Pos, back}, Text: p.a.Name + " falls back to where it started"})
				p.a.Pos = back
			}
			p.a.SetVar(fStopped, 1)
		}
	}
	if broke {
		uset(du, vBreaks, uget(du, vBreaks)+1)
		evs = append(evs, rules.Event{Kind: "broken", Side: du.Side, Text: teamName(s, du) + " is broken"})
		if uget(du, vBreaks) >= 2 {
			for _, f := range members(s, du.ID) {
				evs = append(evs, remove(s, f, "leaves the battle (broken twice)"))
			}
		}
	}
	return evs, nil
}

// assaultOdds gives the five results of the first pairing (the one
// rolled first) exactly, and each other pairing's chances in the note. A
// broken team caught in an assault surrenders: certain.
func (r SMLE) assaultOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	u := s.UnitOf(c.Unit)
	if u == nil {
		return rules.Odds{}, fmt.Errorf("assault odds need the team")
	}
	du, err := r.checkAssault(s, u, c)
	if err != nil {
		return rules.Odds{}, err
	}
	ps := r.pairs(s, u, du.ID)
	if len(ps) == 0 {
		return rules.Odds{}, fmt.Errorf("no pairings")
	}
	if uget(du, vBreaks) > 0 {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: CloseSurrender, P: 1}},
			Note: teamName(s, du) + " is broken: caught in a close assault, it surrenders"}, nil
	}
	var out []rules.Outcome
	var notes []string
	var mods []rules.Mod
	for i, p := range ps {
		ai, di := r.closeInput(s, p.a, count(ps, p.a.ID), false, nil), r.closeInput(s, p.d, count(ps, p.d.ID), true, u)
		cnt := r.d.CloseCounts(ai, di)
		if i == 0 {
			for _, n := range CloseNames {
				out = append(out, rules.Outcome{Name: n, P: float64(cnt[n]) / 36})
			}
			_, l := r.d.ResolveClose(ai, di, 1, 1, "")
			mods = l.Mods
			continue
		}
		var parts []string
		for _, n := range CloseNames {
			parts = append(parts, fmt.Sprintf("%s %d/36", n, cnt[n]))
		}
		notes = append(notes, fmt.Sprintf("%s against %s: %s", p.a.Name, p.d.Name, strings.Join(parts, ", ")))
	}
	note := fmt.Sprintf("first pairing of %d: %s against %s", len(ps), ps[0].a.Name, ps[0].d.Name)
	if len(notes) > 0 {
		note += "; then " + strings.Join(notes, "; ")
	}
	return rules.Odds{Outcomes: out, Mods: mods, Note: note, Parts: r.pairingParts(s, u, ps)}, nil
}

// NotFought names a pairing that is never rolled: one of its figures fell
// in an earlier pairing.
const NotFought = "not fought"

// pairingParts gives each pairing's five results exactly, in the order the
// engine rolls them: a figure killed (or captured) in an earlier pairing
// does not fight again. Whether a breaking defender can run or is taken
// is judged from where everyone stands as the assault begins.
func (r SMLE) pairingParts(s *rules.State, u *rules.Unit, ps []pairing) []rules.OddsPart {
	n := len(ps)
	dist := make([]map[string]int, n)
	taken := make([]bool, n) // a breaking defender cannot get away
	for i, p := range ps {
		dist[i] = r.d.CloseCounts(r.closeInput(s, p.a, count(ps, p.a.ID), false, nil), r.closeInput(s, p.d, count(ps, p.d.ID), true, u))
		to, on := r.retreat(s.Clone(), p.d, p.a.Pos, r.baseMove(s, p.d))
		taken[i] = !on || to == p.d.Pos
	}
	res := make([]map[string]float64, n)
	for i := range res {
		res[i] = map[string]float64{}
	}
	// The distribution over which figures have fallen so far, keyed by
	// their ids in pairing order (kept sorted by id), pairing by pairing.
	type fallen = string
	cur := map[fallen]float64{"": 1}
	has := func(k fallen, id rules.FigID) bool {
		for _, x := range strings.Split(k, ",") {
			if x == fmt.Sprint(id) {
				return true
			}
		}
		return false
	}
	with := func(k fallen, id rules.FigID) fallen {
		ids := []int{int(id)}
		for _, x := range strings.Split(k, ",") {
			if x != "" {
				var v int
				fmt.Sscan(x, &v)
				ids = append(ids, v)
			}
		}
		slices.Sort(ids)
		out := make([]string, len(ids))
		for i, v := range ids {
			out[i] = fmt.Sprint(v)
		}
		return strings.Join(out, ",")
	}
	for i, p := range ps {
		next := map[fallen]float64{}
		keys := make([]string, 0, len(cur))
		for k := range cur {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			pr := cur[k]
			if has(k, p.a.ID) || has(k, p.d.ID) {
				res[i][NotFought] += pr
				next[k] += pr
				continue
			}
			for _, name := range CloseNames {
				c := dist[i][name]
				if c == 0 {
					continue
				}
				q := float64(pr * float64(c) / 36)
				res[i][name] += q
				switch {
				case name == CloseDefenderKilled, name == CloseDefenderBreaks && taken[i]:
					next[with(k, p.d.ID)] += q
				case name == CloseAttackerKilled:
					next[with(k, p.a.ID)] += q
				default:
					next[k] += q
				}
			}
		}
		cur = next
	}
	var parts []rules.OddsPart
	for i, p := range ps {
		part := rules.OddsPart{Name: fmt.Sprintf("%s against %s", p.a.Name, p.d.Name), Fig: p.a.ID, Target: p.d.ID}
		for _, name := range append(append([]string(nil), CloseNames...), NotFought) {
			part.Outcomes = append(part.Outcomes, rules.Outcome{Name: name, P: res[i][name]})
		}
		parts = append(parts, part)
	}
	return parts
}
