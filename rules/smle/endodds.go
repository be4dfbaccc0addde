package smle

import (
	"fmt"
	"sort"

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
	// The teams it brings on, one after another while each breaks or
	// falls back a full move (no dice), up to the first that stays
	// active or the round's end.
	lw := newLandWalk(r)
	end, landed := lw.chain(ns, 1, false)
	if end != nil && !landed {
		return r.firstTeamOdds(end)
	}
	for _, u := range teams(ns) {
		if ls := lw.lands[u.ID]; len(ls) == 1 && ls[0].w == 1 {
			o := ls[0].o
			if len(lw.nested) > 0 || end != nil {
				o.Note += "; its team's activation then ends at once and the rolls that follow in this end (another mission, or the next round's activation) are not priced here"
			}
			return o, true
		}
	}
	return rules.Odds{}, false
}

// firstTeamOdds prices the "end" that ends the round: the next round
// opens with every team's activation roll (1D6 and its modifiers; a team
// following an incompetent leader, or riding in another team's vehicle,
// takes that team's result), then a D6 each for teams tied on band and
// total (lowest first, then the first listed). The team that comes out
// lowest activates first, its fire mission landing if one is due: the
// odds are which team that is. ok is false when the round's end ends the
// game.
func (r SMLE) firstTeamOdds(ns *rules.State) (rules.Odds, bool) {
	c := ns.Clone()
	r.endRound(c)
	if c.Over {
		return rules.Odds{}, false
	}
	type val struct{ band, total int }
	ts := teams(c)
	if len(ts) == 0 {
		return rules.Odds{}, false
	}
	dist := make([]map[val]float64, len(ts))
	root := make([]int, len(ts))
	fv := make([][6]actVal, len(ts))
	index := map[rules.UnitID]int{}
	for i, u := range ts {
		r.newRoundVars(c, u)
		in := r.activationInput(c, u)
		dist[i] = map[val]float64{}
		for f := 1; f <= 6; f++ {
			total, band, _ := r.d.ResolveActivation(f, in, "")
			dist[i][val{band, total}] += 1.0 / 6
			fv[i][f-1] = actVal{band, total}
		}
		root[i] = i
		index[u.ID] = i
	}
	for i, u := range ts {
		if lt := r.followedTeam(c, u); lt != nil {
			root[i] = root[index[lt.ID]]
		}
	}
	for i, u := range ts {
		if ct := r.carriedBy(c, u); ct != nil {
			root[i] = root[index[ct.ID]]
		}
	}
	// beats is the chance team i's tie die (d) beats team j's.
	beats := func(d int, i, j int) float64 {
		w := float64(6 - d)
		if ts[j].ID > ts[i].ID {
			w++
		}
		return w / 6
	}
	// the values in a fixed order, so the sums are the same on every run
	vals := func(m map[val]float64) []val {
		var out []val
		for v := range m {
			out = append(out, v)
		}
		sort.Slice(out, func(a, b int) bool {
			if out[a].band != out[b].band {
				return out[a].band < out[b].band
			}
			return out[a].total < out[b].total
		})
		return out
	}
	var o rules.Odds
	first := make([]float64, len(ts))
	for i, u := range ts {
		ri := root[i]
		p := 0.0
		for _, v := range vals(dist[ri]) {
			pv := dist[ri][v]
			tie := 0.0
			for d := 1; d <= 6; d++ {
				q := 1.0 / 6
				for j := range ts {
					if j != i && root[j] == ri {
						q *= beats(d, i, j)
					}
				}
				for rj := range ts {
					if root[rj] != rj || rj == ri {
						continue
					}
					above, same := 0.0, 0.0
					for _, w := range vals(dist[rj]) {
						switch {
						case w.band > v.band || w.band == v.band && w.total > v.total:
							above += dist[rj][w]
						case w == v:
							same += dist[rj][w]
						}
					}
					g := 1.0
					for j := range ts {
						if root[j] == rj {
							g *= beats(d, i, j)
						}
					}
					q *= above + same*g
				}
				tie += q
			}
			p += pv * tie
		}
		first[i] = p
		if p > 0 {
			o.Outcomes = append(o.Outcomes, rules.Outcome{Name: oddsTeam(c, u) + " activates first", P: p})
		}
	}
	o.Parts = []rules.OddsPart{{Name: fmt.Sprintf("First to activate, round %d", c.Round), Outcomes: o.Outcomes}}
	// The fire missions that may land in this "end": the first team's,
	// and any behind teams that break or fall back a full move first.
	lw := newLandWalk(r)
	lw.roundStart(c, ts, fv, root)
	parts, unpriced := lw.parts(ts)
	o.Parts = append(o.Parts, parts...)
	o.Note = "the round ends; the next opens with every team's activation roll (a die and its modifiers, ties rolled off on another die, lowest first): the team that activates first" + unpriced
	return o, true
}

// missionOdds prices u's fire mission landing as u activates now on ns:
// ok is false when none is due or it is lost.
func (r SMLE) missionOdds(ns *rules.State, u *rules.Unit) (rules.Odds, bool) {
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

// NotLanded is a mission part's outcome when its team does not activate
// first, so its mission does not land in this "end".
const NotLanded = "not landed: another team activates first"

// scaledPart is a mission's part given that its team activates first,
// which it does with chance p.
func scaledPart(name string, fig rules.FigID, outs []rules.Outcome, p float64) rules.OddsPart {
	part := rules.OddsPart{Name: name, Fig: fig}
	for _, x := range outs {
		if x.P*p > 0 {
			part.Outcomes = append(part.Outcomes, rules.Outcome{Name: x.Name, P: x.P * p})
		}
	}
	if p < 1 {
		part.Outcomes = append(part.Outcomes, rules.Outcome{Name: NotLanded, P: 1 - p})
	}
	return part
}
