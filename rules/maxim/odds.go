package maxim

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"hedgerow/rules"
)

// Odds gives the exact chances of a proposed command, by enumerating the
// dice exactly as Apply rolls them.
func (Maxim) Odds(s *rules.State, c rules.Command) (rules.Odds, error) {
	switch c.Verb {
	case "fire":
		if s.Phase != PhaseOffensive && s.Phase != PhaseDefensive && s.Phase != PhaseOpportunity {
			return rules.Odds{}, fmt.Errorf("no one fires in the %s phase", phaseWord(s.Phase))
		}
		v, err := planFire(s, c)
		if err != nil {
			return rules.Odds{}, err
		}
		if v.veh != nil {
			return vehOdds(s, v), nil
		}
		if v.w.Explosive {
			return blastOdds(s, v), nil
		}
		return fireOdds(s, v), nil
	case "melee":
		if len(c.Targets) != 1 {
			return rules.Odds{}, errors.New("name one enemy")
		}
		f, e := s.Fig(c.Fig), s.Fig(c.Targets[0])
		if f == nil || e == nil {
			return rules.Odds{}, errors.New("name two figures")
		}
		if why := meleeProblem(s, f, e); why != "" {
			return rules.Odds{}, errors.New(why)
		}
		return meleeOdds(s, f, e), nil
	case "initiative":
		if c.Fig != 0 || c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
			return rules.Odds{}, errors.New(`"initiative" takes nothing more`)
		}
		if s.Over {
			return rules.Odds{}, errors.New("the game is over")
		}
		return initiativeOdds(s), nil
	case "end":
		if o, ok, err := endOdds(s); err != nil || ok {
			return o, err
		}
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}}, nil
}

// shotDist is the chance of each damage result from one shot.
type shotDist [5]float64

// directShot is one non-explosive shot's result distribution.
func directShot(w *Weapon, a *aimed) shotDist {
	var d shotDist
	p := float64(a.chance) / 100
	d[resNone] = 1 - p
	save := 0.0
	if a.save > 0 {
		save = float64(7-a.save) / 6
	}
	for face := 1; face <= 10; face++ {
		r := chartResult(face, weaponChart(w))
		d[resNone] += p / 10 * save
		d[r] += p / 10 * (1 - save)
	}
	return d
}

// statuses are indexed w*2 + stun.
func stIndex(st status) int {
	i := st.w * 2
	if st.stun {
		i++
	}
	return i
}

func stOf(i int) status { return status{w: i / 2, stun: i%2 == 1} }

// fold runs n shots of one distribution on a starting status.
func fold(start status, d shotDist, n int) [8]float64 {
	var cur [8]float64
	cur[stIndex(start)] = 1
	for k := 0; k < n; k++ {
		var next [8]float64
		for i, p := range cur {
			if p == 0 {
				continue
			}
			st := stOf(i)
			if st.w == 3 {
				next[i] += p
				continue
			}
			for r, q := range d {
				if q != 0 {
					next[stIndex(st.next(r))] += p * q
				}
			}
		}
		cur = next
	}
	return cur
}

// byName turns final statuses into named outcomes, in a fixed order.
func byName(start status, m [8]float64) []rules.Outcome {
	acc := map[string]float64{}
	for i, p := range m {
		acc[change(start, stOf(i))] += p
	}
	return sortedOutcomes(acc)
}

var outcomeOrder = []string{"no effect", "stunned", "lightly wounded", "lightly wounded and stunned",
	"seriously wounded", "seriously wounded and stunned", "killed"}

func rank(name string) int {
	for i, n := range outcomeOrder {
		if n == name {
			return i
		}
	}
	return len(outcomeOrder)
}

func sortedOutcomes(acc map[string]float64) []rules.Outcome {
	var out []rules.Outcome
	for n, p := range acc {
		if p > 0 {
			out = append(out, rules.Outcome{Name: n, P: p})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if rank(out[i].Name) != rank(out[j].Name) {
			return rank(out[i].Name) < rank(out[j].Name)
		}
		return out[i].Name < out[j].Name
	})
	return out
}

func fireOdds(s *rules.State, v *volley) rules.Odds {
	var odds rules.Odds
	var notes []string
	per := make([][]rules.Outcome, len(v.targets))
	for i, a := range v.targets {
		start := statusOf(a.t)
		per[i] = byName(start, fold(start, directShot(v.w, a), a.n))
		for _, m := range a.mods {
			if len(v.targets) > 1 {
				m.Reason = oddsFig(s, a.t) + ": " + m.Reason
			}
			odds.Mods = append(odds.Mods, m)
		}
		n := fmt.Sprintf("%s: %d%s at %d%% to hit", a.t.Name, a.n, rules.OneOrMany(a.n, " shot", " shots"), a.chance)
		if a.save > 0 {
			n += fmt.Sprintf(", %s saves him (%s)", rules.DieOrMore(a.save), a.saveBy)
		}
		notes = append(notes, n)
	}
	odds.Note = strings.Join(notes, "; ")
	if len(per) == 1 {
		odds.Outcomes = per[0]
		return odds
	}
	odds.Outcomes = combine(s, v.targets, per)
	return odds
}

// combine crosses independent per-target outcomes: "Pte Hall killed, Pte
// Cole no effect".
func combine(s *rules.State, ts []*aimed, per [][]rules.Outcome) []rules.Outcome {
	out := []rules.Outcome{{Name: "", P: 1}}
	for i, list := range per {
		var next []rules.Outcome
		for _, o := range out {
			for _, x := range list {
				n := oddsFig(s, ts[i].t) + " " + x.Name
				if o.Name != "" {
					n = o.Name + ", " + n
				}
				next = append(next, rules.Outcome{Name: n, P: o.P * x.P})
			}
		}
		out = next
	}
	return out
}

// blastShot is one explosive shot's result distribution on figure t.
func blastShot(s *rules.State, v *volley, t *rulesFig) shotDist {
	var d shotDist
	lds, ps := landings(v)
	for i, ld := range lds {
		x := landingDist(s, v, ld, t)
		for r := range d {
			d[r] += ps[i] * x[r]
		}
	}
	return d
}

// landingDist is the result distribution on figure t of one landed shot.
func landingDist(s *rules.State, v *volley, ld landing, t *rulesFig) shotDist {
	var d shotDist
	b, _ := victimBand(s, v, ld, t)
	if b == bandNone {
		d[resNone] = 1
		return d
	}
	shift := 0
	if kevlar(s, t) {
		shift = 1
	}
	save := 0.0
	if need := blastSave(s, v, t, ld.centre); need > 0 {
		save = float64(7-need) / 6
	}
	for face := 1; face <= 10; face++ {
		r := chartResult(face-shift, bandChart(b))
		if r == resNone {
			d[resNone] += 0.1
			continue
		}
		d[resNone] += 0.1 * save
		d[r] += 0.1 * (1 - save)
	}
	return d
}

// blastPart is what a volley of explosive shots does to figure g, not its
// target, as the engine rolls it: each shot lands independently, but a
// shot at a target already killed is lost, so with more than one shot
// the target's state and g's are followed together.
func blastPart(s *rules.State, v *volley, target *rulesFig, n int, g *rulesFig) [8]float64 {
	startG := statusOf(g)
	if target == nil || n <= 1 {
		return fold(startG, blastShot(s, v, g), max(n, 1))
	}
	lds, ps := landings(v)
	type pair struct{ t, g shotDist }
	per := make([]pair, len(lds))
	for i, ld := range lds {
		per[i] = pair{landingDist(s, v, ld, target), landingDist(s, v, ld, g)}
	}
	var cur [8][8]float64
	cur[stIndex(statusOf(target))][stIndex(startG)] = 1
	for k := 0; k < n; k++ {
		var next [8][8]float64
		for ti := range cur {
			for gi, p := range cur[ti] {
				if p == 0 {
					continue
				}
				st, sg := stOf(ti), stOf(gi)
				if st.w == 3 { // the target is down: the shot is lost
					next[ti][gi] += p
					continue
				}
				for i, x := range per {
					q := p * ps[i]
					if q == 0 {
						continue
					}
					for rt, pt := range x.t {
						if pt == 0 {
							continue
						}
						nt := stIndex(st.next(rt))
						for rg, pg := range x.g {
							if pg != 0 {
								next[nt][stIndex(sg.next(rg))] += q * pt * pg
							}
						}
					}
				}
			}
		}
		cur = next
	}
	var out [8]float64
	for ti := range cur {
		for gi, p := range cur[ti] {
			out[gi] += p
		}
	}
	return out
}

// blastParts are a part for each figure but the target that the volley
// may harm (the firer too, caught by his own burst), in figure order.
func blastParts(s *rules.State, v *volley) []rules.OddsPart {
	var target *rulesFig
	n := max(len(v.entries), 1)
	if len(v.targets) > 0 {
		target = v.targets[0].t
		n = v.targets[0].n
	}
	var parts []rules.OddsPart
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.Removed || target != nil && g.ID == target.ID {
			continue
		}
		if d := blastShot(s, v, g); d[resNone] >= 1 {
			continue
		}
		start := statusOf(g)
		name := oddsFig(s, g)
		if g.ID == v.f.ID {
			name += " (the firer)"
		}
		parts = append(parts, rules.OddsPart{Name: name, Fig: g.ID, Outcomes: byName(start, blastPart(s, v, target, n, g))})
	}
	return parts
}

type rulesFig = rules.Figure

func blastOdds(s *rules.State, v *volley) rules.Odds {
	odds := rules.Odds{Mods: v.base, Parts: blastParts(s, v)}
	if len(v.targets) == 0 {
		switch {
		case v.w.Auto:
			odds.Outcomes = []rules.Outcome{{Name: "certain", P: 1}}
		default:
			p := float64(v.chance) / 100
			odds.Outcomes = []rules.Outcome{{Name: "on the point", P: p}, {Name: "off the point", P: 1 - p}}
		}
		odds.Note = fmt.Sprintf("%d%% to land on the point", v.chance)
		return odds
	}
	a := v.targets[0]
	start := statusOf(a.t)
	odds.Outcomes = byName(start, fold(start, blastShot(s, v, a.t), a.n))
	odds.Note = fmt.Sprintf("%s: %d%% to hit; the outcomes are %s", v.w.Name, v.chance, rules.Possessive(a.t.Name))
	// Others caught: each one's chance of harm from the first shot.
	var others []string
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.Removed || g.ID == a.t.ID {
			continue
		}
		d := blastShot(s, v, g)
		if h := 1 - d[resNone]; h > 0 {
			others = append(others, fmt.Sprintf("%s %.0f%%", g.Name, 100*h))
		}
	}
	if len(others) > 0 {
		odds.Note += "; others harmed by one shot: " + strings.Join(others, ", ")
	}
	return odds
}

// opposedWin is the chance the first of two opposed 1D10 rolls beats the
// second, ties rolled again.
func opposedWin(ma, md int) float64 {
	win, lose := 0, 0
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			switch {
			case a+ma > b+md:
				win++
			case a+ma < b+md:
				lose++
			}
		}
	}
	if win+lose == 0 {
		return 0.5
	}
	return float64(win) / float64(win+lose)
}

func meleeOdds(s *rules.State, f, e *rules.Figure) rules.Odds {
	if moraleOf(s, e) >= MaxMorale {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "defender surrenders", P: 1}}}
	}
	ba, mA := moraleChance(s, s.UnitOf(f.Unit))
	bd, md := moraleChance(s, s.UnitOf(e.Unit))
	pa := float64(clampChance(ba+modSum(mA))) / 100
	pd := float64(clampChance(bd+modSum(md))) / 100
	ma, mdm := meleeMods(s, f, e, false), meleeMods(s, e, f, true)
	q := opposedWin(modSum(ma), modSum(mdm))
	return rules.Odds{
		Outcomes: []rules.Outcome{
			{Name: "attacker wins", P: pa * pd * q},
			{Name: "defender wins", P: pa * pd * (1 - q)},
			{Name: "attacker falls back", P: (1 - pa) * pd},
			{Name: "defender falls back", P: pa * (1 - pd)},
			{Name: "both fall back", P: (1 - pa) * (1 - pd)},
		},
		Mods: append(append([]rules.Mod(nil), ma...), mdm...),
		Note: fmt.Sprintf("nerve: attacker %.0f%%, defender %.0f%%; then 1D10 each (%+d against %+d), ties fought again",
			100*pa, 100*pd, modSum(ma), modSum(mdm)),
	}
}
