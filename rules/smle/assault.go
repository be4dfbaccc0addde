package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// inContact: base edges within 1".
func inContact(s *rules.State, a, b *rules.Figure) bool {
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
				if r.fightsIn(s, a) && inContact(s, a, d) {
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

func (r SMLE) closeInput(s *rules.State, f *rules.Figure, opponents int, defending bool) CloseInput {
	in := CloseInput{Quality: f.Quality, Motive: f.Motive, Opponents: opponents,
		Wounded: f.Markers.Has(rules.Wounded) || f.Markers.Has(rules.BadlyWounded), Armoured: armourOf(s, f) == "body"}
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok {
			in.Weapon = w // the first weapon listed (equipment is skipped)
			break
		}
	}
	if defending {
		in.Prepared = r.inPrepared(s, f)
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
		return nil, fmt.Errorf("%s may not close assault now (Close or better, no attack yet this round, not running)", u.Name)
	}
	for _, id := range r.assaultTargets(s, u) {
		if t := s.Fig(c.Targets[0]); t != nil && s.Fig(id).Unit == t.Unit {
			return s.UnitOf(t.Unit), nil
		}
	}
	return nil, fmt.Errorf("%s has no figure in contact with that team", u.Name)
}

func (r SMLE) applyAssault(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	du, err := r.checkAssault(s, u, c)
	if err != nil {
		return nil, err
	}
	ps := r.pairs(s, u, du.ID)
	uset(u, vFired, 1)
	uset(u, vRevealed, 1)
	uset(u, vContact, 1)
	uset(du, vContact, 1)
	uset(du, vUF, uget(du, vUF)|ufDirect)
	evs := []rules.Event{{Kind: "phase", Side: u.Side, Unit: u.ID, Text: fmt.Sprintf("%s close assaults %s", u.Name, du.Name)}}
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
	for _, p := range ps {
		if p.a.Removed || p.d.Removed {
			continue
		}
		ai := r.closeInput(s, p.a, count(ps, p.a.ID), false)
		di := r.closeInput(s, p.d, count(ps, p.d.ID), true)
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
		evs = append(evs, rules.Event{Kind: "broken", Side: du.Side, Text: du.Name + " is broken"})
		if uget(du, vBreaks) >= 2 {
			for _, f := range members(s, du.ID) {
				evs = append(evs, remove(s, f, "leaves the battle (broken twice)"))
			}
		}
	}
	return evs, nil
}

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
	p := ps[0]
	cnt := r.d.CloseCounts(r.closeInput(s, p.a, count(ps, p.a.ID), false), r.closeInput(s, p.d, count(ps, p.d.ID), true))
	var out []rules.Outcome
	for _, n := range CloseNames {
		out = append(out, rules.Outcome{Name: n, P: float64(cnt[n]) / 36})
	}
	return rules.Odds{Outcomes: out, Mods: r.d.CloseMods(r.closeInput(s, p.a, count(ps, p.a.ID), false)),
		Note: fmt.Sprintf("first pairing: %s against %s, of %d", p.a.Name, p.d.Name, len(ps))}, nil
}
