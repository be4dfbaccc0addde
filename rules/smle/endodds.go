package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// endOdds prices "end" when the team it brings on to activate next in
// the round has a fire mission due: the mission lands as that team
// activates, before anything else moves, so its observer's roll and the
// burst at its point of impact on every figure there (and any vehicle
// the rounds may land on, and the mortar's ammunition) are rolls the
// "end" makes. ok is false for any other "end" (it brings on a team
// with no mission due, or ends the round, whose activation dice decide
// who comes next).
func (r SMLE) endOdds(s *rules.State) (rules.Odds, bool) {
	if s.Over || s.Phase != PhaseActivate || s.Var(vCur) == 0 {
		return rules.Odds{}, false
	}
	ns := s.Clone()
	ns.Forced = nil
	r.endActivation(ns)
	r.spotAll(ns)
	r.checkEnd(ns)
	if ns.Over {
		return rules.Odds{}, false
	}
	u := nextTeam(ns)
	if u == nil && ns.Var(vSecond) == 0 {
		ns.SetVar(vSecond, 1)
		for _, t := range teams(ns) {
			uset(t, vDone, 0)
		}
		u = nextTeam(ns)
	}
	if u == nil {
		return rules.Odds{}, false
	}
	called := uget(u, vFMRound)
	if called == 0 || called >= ns.Round {
		return rules.Odds{}, false
	}
	// as landMission finds them
	p := geom.Pt{X: int64(uget(u, vFMX)), Y: int64(uget(u, vFMY))}
	m := ns.Fig(rules.FigID(uget(u, vFMFig)))
	var w *Weapon
	if m != nil && !m.Removed {
		for _, id := range m.Weapons {
			if x, ok := r.d.Weapon(id); ok && x.Indirect {
				w = x
			}
		}
	}
	o := r.observer(ns, u, p)
	if w == nil || o == nil {
		return rules.Odds{}, false
	}
	in := r.missionInput(ns, u, o, m, w, p)
	hc, err := r.d.HitCounts(in)
	if err != nil {
		return rules.Odds{}, false
	}
	_, mods, _ := r.d.ShotMods(in)
	hit := float64(36-hc[0]) / 36
	parts, err := r.burstParts(ns, m.Pos, p, nil, w, in, false, true)
	if err != nil {
		return rules.Odds{}, false
	}
	vparts, err := r.missionVehicleParts(ns, m.Pos, p, w, in)
	if err != nil {
		return rules.Odds{}, false
	}
	parts = append(parts, vparts...)
	if dp, ok := r.dryPart(m, w); ok {
		parts = append(parts, dp)
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "hit", P: hit}, {Name: Miss, P: 1 - hit}}, Mods: mods, Parts: parts,
		Note: fmt.Sprintf("%s activates next and its %s mission lands, %s observing; parts: each figure the burst may reach at its point of impact", u.Name, w.Name, o.Name)}, true
}
