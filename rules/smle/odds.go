package smle

import (
	"fmt"
	"sort"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Exact odds of hits landing on a team, as the engine resolves them.

// Figure states in a woundDP: unhurt, lightly wounded, seriously wounded,
// dead (or out of reach of further hits).
const (
	stOK = iota
	stLight
	stSerious
	stDead
)

// worst-result levels, mildest first: no hit, near miss, light, serious,
// kill (EffectNames reversed, with the miss).
const (
	lvMiss = iota
	lvNear
	lvLight
	lvSerious
	lvKill
)

// applied is what one hit's rolled effect does to a figure in state st:
// its new state and the level of result it counts as. A second light
// wound, or a light wound on a seriously wounded man, leaves him
// seriously wounded; a serious wound on a seriously wounded man kills.
func applied(effect string, st int) (int, int) {
	switch effect {
	case Kill:
		return stDead, lvKill
	case Serious:
		if st == stSerious {
			return stDead, lvKill
		}
		return stSerious, lvSerious
	case Light:
		if st == stLight || st == stSerious {
			return stSerious, lvSerious
		}
		return stLight, lvLight
	}
	return st, lvNear
}

// figState reads a figure's state from its markers.
func figState(f *rules.Figure) int {
	switch {
	case f.Removed:
		return stDead
	case f.Markers.Has(rules.BadlyWounded):
		return stSerious
	case f.Markers.Has(rules.Wounded):
		return stLight
	}
	return stOK
}

// woundDP holds the exact distribution over the exposed figures' states
// and the worst result so far.
//
// Figures alike for the effect table (armour, quality, motivation) are
// interchangeable: which of them is hurt does not change the worst
// result or what later hits do, so a state counts, per group of alike
// figures, how many are unhurt, lightly and seriously wounded. A kill is
// the worst result there is, so every state whose worst result is a kill
// is one absorbing sum (kill); in every other state no figure has died
// since the start, so the hits always fall among the same live figures.
// A team of 80 then has a few thousand states rather than hundreds of
// thousands, and team fire odds take milliseconds, not minutes.
type woundDP struct {
	r      SMLE
	s      *rules.State
	groups []*rules.Figure // one figure of each group of alike figures
	p      map[string]float64
	kill   float64
	ep     map[string][]float64 // effect distributions by weapon and defender
}

// A state's key: per group three counts (unhurt, light, serious) of two
// bytes each, then one byte for the worst level.
func (d *woundDP) count(k string, g, st int) int {
	i := 6*g + 2*st
	return int(k[i])<<8 | int(k[i+1])
}

func setCount(k []byte, g, st, n int) {
	i := 6*g + 2*st
	k[i], k[i+1] = byte(n>>8), byte(n)
}

func (r SMLE) newWoundDP(s *rules.State, exposed []*rules.Figure) *woundDP {
	figs := append([]*rules.Figure(nil), exposed...)
	class := func(f *rules.Figure) string { return armourOf(s, f) + "/" + f.Quality + "/" + f.Motive }
	sort.SliceStable(figs, func(i, j int) bool { return class(figs[i]) < class(figs[j]) })
	d := &woundDP{r: r, s: s, ep: map[string][]float64{}}
	var counts [][3]int
	for i, f := range figs {
		if i == 0 || class(f) != class(figs[i-1]) {
			d.groups = append(d.groups, f)
			counts = append(counts, [3]int{})
		}
		if st := figState(f); st != stDead {
			counts[len(counts)-1][st]++
		}
	}
	k := make([]byte, 6*len(d.groups)+1)
	for g, c := range counts {
		for st, n := range c {
			setCount(k, g, st, n)
		}
	}
	k[len(k)-1] = lvMiss
	d.p = map[string]float64{string(k): 1}
	return d
}

// volley adds one firer's hits: dist[h] is the chance of h hits, each
// with weapon w (one effect die roll per hit).
//
// Applying one more hit is linear in the distribution, so the whole
// distribution takes each hit in turn: after h hits it is weighed by
// dist[h].
func (d *woundDP) volley(dist []float64, w *Weapon) {
	next := map[string]float64{}
	nextKill := 0.0
	cur, curKill := d.p, d.kill
	for h := 0; h < len(dist); h++ {
		if dist[h] > 0 {
			for _, ck := range sortedKeys(cur) {
				next[ck] += float64(dist[h] * cur[ck]) // no fused multiply-add: the same odds on every machine
			}
			nextKill += float64(dist[h] * curKill)
		}
		if h+1 < len(dist) {
			cur, curKill = d.hit(cur, curKill, w)
		}
	}
	d.p, d.kill = next, nextKill
}

func sortedKeys(m map[string]float64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// hit applies one more hit of weapon w to a distribution: it falls on one
// of the live exposed figures at random (each equally likely) and rolls
// its effect.
func (d *woundDP) hit(in map[string]float64, kill float64, w *Weapon) (map[string]float64, float64) {
	out := map[string]float64{}
	for _, k := range sortedKeys(in) {
		p := in[k]
		live := 0
		for g := range d.groups {
			for st := stOK; st <= stSerious; st++ {
				live += d.count(k, g, st)
			}
		}
		if live == 0 {
			out[k] += p
			continue
		}
		worst := int(k[len(k)-1])
		for g, f := range d.groups {
			for st := stOK; st <= stSerious; st++ {
				if n := d.count(k, g, st); n > 0 {
					kill += d.effectOn(out, k, g, st, worst, float64(p*float64(n))/float64(live), EffectInput{Weapon: w, Armour: armourOf(d.s, f), Quality: f.Quality, Motive: f.Motive})
				}
			}
		}
	}
	return out, kill
}

// effectOn adds to out the results of one effect roll on a figure of
// group g in state st of state k (weight p), and returns the weight that
// ends in a kill.
func (d *woundDP) effectOn(out map[string]float64, k string, g, st, worst int, p float64, in EffectInput) float64 {
	key := fmt.Sprintf("%s/%v/%s/%s/%s", in.Weapon.ID, in.Burst, in.Armour, in.Quality, in.Motive)
	ep, ok := d.ep[key]
	if !ok {
		ep = d.r.effectP(in)
		d.ep[key] = ep
	}
	kill := 0.0
	for j, name := range EffectNames {
		if ep[j] == 0 {
			continue
		}
		nst, lv := applied(name, st)
		q := float64(p * ep[j])
		if lv == lvKill {
			kill += q
			continue
		}
		nk := []byte(k)
		if nst != st {
			setCount(nk, g, st, d.count(k, g, st)-1)
			setCount(nk, g, nst, d.count(k, g, nst)+1)
		}
		nk[len(nk)-1] = byte(max(worst, lv))
		out[string(nk)] += q
	}
	return kill
}

// levels sums the distribution by worst result (lvMiss..lvKill).
func (d *woundDP) levels() [5]float64 {
	var out [5]float64
	for _, k := range sortedKeys(d.p) {
		out[k[len(k)-1]] += d.p[k]
	}
	out[lvKill] += d.kill
	return out
}

// outcomes names the worst-result distribution: kill, serious, light,
// near miss, miss.
func (d *woundDP) outcomes() []rules.Outcome {
	lv := d.levels()
	return []rules.Outcome{{Name: Kill, P: lv[lvKill]}, {Name: Serious, P: lv[lvSerious]}, {Name: Light, P: lv[lvLight]},
		{Name: NearMiss, P: lv[lvNear]}, {Name: Miss, P: lv[lvMiss]}}
}

// ---------------------------------------------------------------------------
// Activation

// activationOdds: "activate U<n>" asks for the chances of each band of the
// team's next activation roll, made as the next round begins, if nothing
// changes before then (this round's fire then counts as last round's).
// Outcomes are the Activation Table's bands by name, lowest first.
func (r SMLE) activationOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	u := s.UnitOf(c.Unit)
	if u == nil || len(members(s, u.ID)) == 0 {
		return rules.Odds{}, fmt.Errorf("activation odds need a team on the table")
	}
	ns := s.Clone()
	// A team following an incompetent leader takes his team's roll.
	roller := u.ID
	note := "a die plus the modifiers shown, as the next round begins"
	if lt := r.followedTeam(ns, ns.UnitOf(u.ID)); lt != nil {
		roller = lt.ID
		note = fmt.Sprintf("it follows its incompetent leader and acts at %s level: %s roll, ", rules.Possessive(lt.Name), rules.Possessive(lt.Name)) + note
	}
	// A team riding in another team's vehicle takes that team's roll.
	if ct := r.carriedBy(ns, ns.UnitOf(u.ID)); ct != nil {
		roller = ct.ID
		note = fmt.Sprintf("it rides in %s vehicle and acts at its level: %s roll, ", rules.Possessive(teamName(ns, ct)), rules.Possessive(teamName(ns, ct))) + note
	}
	ns.SetVar(vOddsNext, 1) // a vehicle's wound this round counts next round
	var in ActivationInput
	for _, t := range teams(ns) {
		r.newRoundVars(s, t)
		if t.ID == roller {
			in = r.activationInput(ns, t)
		}
	}
	counts := r.d.ActivationOdds(in)
	_, _, l := r.d.ResolveActivation(1, in, "")
	if l.Note != "" {
		note += "; then " + l.Note
	}
	var out []rules.Outcome
	for i, b := range r.d.Bands {
		out = append(out, rules.Outcome{Name: b.Name, P: float64(counts[i]) / 6})
	}
	return rules.Odds{Outcomes: out, Mods: r.d.ActivationMods(in), Note: note}, nil
}

// ---------------------------------------------------------------------------
// Explosives

// Unhurt names a figure no burst die reached.
const Unhurt = "unhurt"

// figEffect is the distribution (by level, lvMiss meaning unhurt) of what
// n effect rolls of weapon w do to figure g, wounds adding up and a dead
// man taking no more. burst: one-die burst attacks; else the weapon's own
// attack (a direct hit).
func (r SMLE) figEffect(s *rules.State, g *rules.Figure, w *Weapon, n int, burst bool) [5]float64 {
	type key struct{ st, lv int }
	cur := map[key]float64{{figState(g), lvMiss}: 1}
	ep := r.effectP(EffectInput{Weapon: w, Burst: burst, Armour: armourOf(s, g), Quality: g.Quality, Motive: g.Motive})
	for i := 0; i < n; i++ {
		next := map[key]float64{}
		for st := stOK; st <= stDead; st++ {
			for lv := lvMiss; lv <= lvKill; lv++ {
				p := cur[key{st, lv}]
				if p == 0 {
					continue
				}
				if st == stDead {
					next[key{st, lv}] += p
					continue
				}
				for j, name := range EffectNames {
					nst, alv := applied(name, st)
					next[key{nst, max(lv, alv)}] += float64(p * ep[j])
				}
			}
		}
		cur = next
	}
	var out [5]float64
	for st := stOK; st <= stDead; st++ {
		for lv := lvMiss; lv <= lvKill; lv++ {
			out[lv] += cur[key{st, lv}]
		}
	}
	return out
}

// blastParts is the exact effect of an explosive on every figure it may
// reach, as the engine resolves it: the to-hit roll (a hit bursts on the
// target, which takes the weapon's own attack, everyone else in reach one
// burst die per inch inside the radius), a miss deviating by the die and
// bursting there on everyone in reach.
func (r SMLE) blastParts(s *rules.State, f, t *rules.Figure, w *Weapon, in ShotInput) ([]rules.OddsPart, error) {
	return r.burstParts(s, f.Pos, t.Pos, t, w, in, w.Thrown, in.Extreme())
}

// burstParts is blastParts for any explosive aimed at a point from a
// point: direct (may be nil) takes the weapon's own attack on a hit; a
// miss deviates as Deviation says for thrown and far (indirect fire is
// far) and bursts there.
func (r SMLE) burstParts(s *rules.State, from, aim geom.Pt, direct *rules.Figure, w *Weapon, in ShotInput, thrown, far bool) ([]rules.OddsPart, error) {
	acc := make([][5]float64, len(s.Figures))
	type ck struct {
		i, n  int
		burst bool
	}
	cache := map[ck][5]float64{}
	add := func(impact geom.Pt, hit bool, p float64) {
		for i := range s.Figures {
			g := &s.Figures[i]
			if !onTable(s, g) {
				continue
			}
			k := ck{i, BurstDiceAt(w.Dice, impact, g.Pos), true}
			if hit && direct != nil && g.ID == direct.ID {
				k = ck{i, 1, false}
			}
			d, ok := cache[k]
			if !ok {
				d = r.figEffect(s, g, w, k.n, k.burst)
				cache[k] = d
			}
			for lv := range d {
				acc[i][lv] += float64(p * d[lv])
			}
		}
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			h, l, err := r.d.ResolveShot(in, a, b, "")
			if err != nil {
				return nil, err
			}
			if h > 0 {
				add(aim, true, 1.0/36)
				continue
			}
			missBy := max(1, l.Target-l.Total)
			for face := 1; face <= 6; face++ {
				dev := r.d.Deviation(missBy, face, thrown, far)
				add(ImpactPoint(from, aim, dev), false, 1.0/216)
			}
		}
	}
	var parts []rules.OddsPart
	for i := range s.Figures {
		g := &s.Figures[i]
		if !onTable(s, g) || acc[i][lvMiss] >= 1 {
			continue
		}
		d := acc[i]
		parts = append(parts, rules.OddsPart{Fig: g.ID,
			Name: fmt.Sprintf("%s, %s\" from the aim point", g.Name, rules.InchText(geom.Dist(aim, g.Pos))),
			Outcomes: []rules.Outcome{{Name: Kill, P: d[lvKill]}, {Name: Serious, P: d[lvSerious]}, {Name: Light, P: d[lvLight]},
				{Name: NearMiss, P: d[lvNear]}, {Name: Unhurt, P: d[lvMiss]}}})
	}
	return parts, nil
}

// NotLandedOn is a vehicle part's outcome when the rounds land off its
// hull.
const NotLandedOn = "not landed on"

// missionVehicleParts: a part for each vehicle a fire mission may land
// on (vehicleUnder): the chance the rounds land on its hull and each
// damage result on its top armour.
func (r SMLE) missionVehicleParts(s *rules.State, from, aim geom.Pt, w *Weapon, in ShotInput) ([]rules.OddsPart, error) {
	on := map[rules.VehicleID]float64{}
	land := func(impact geom.Pt, p float64) {
		if v, _ := r.vehicleUnder(s, impact); v != nil {
			on[v.ID] += p
		}
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			h, l, err := r.d.ResolveShot(in, a, b, "")
			if err != nil {
				return nil, err
			}
			if h > 0 {
				land(aim, 1.0/36)
				continue
			}
			missBy := max(1, l.Target-l.Total)
			for face := 1; face <= 6; face++ {
				land(ImpactPoint(from, aim, r.d.Deviation(missBy, face, false, true)), 1.0/216)
			}
		}
	}
	var parts []rules.OddsPart
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		pv, ok := on[v.ID]
		if !ok {
			continue
		}
		_, t, _ := r.vehicleOf(s, v.ID)
		hin, _ := r.hitInput(s, v, t, w, v.Pos)
		d := hitLocP(s, VehicleHitP(hin))
		parts = append(parts, rules.OddsPart{Name: fmt.Sprintf("V%d %s, if the rounds land on it: %s", v.ID, v.Name, hin.ArmourWhy),
			Outcomes: []rules.Outcome{{Name: VKill, P: pv * d[0]}, {Name: VSerious, P: pv * d[1]}, {Name: VLight, P: pv * d[2]},
				{Name: VNone, P: pv * d[3]}, {Name: NotLandedOn, P: 1 - pv}}})
	}
	return parts, nil
}

// callOdds: the odds of a fire mission, as it will land next round if
// nothing moves first: the observer's to-hit roll ("hit" / "miss", +2 for
// each earlier round observed on the point) and a part per figure the
// burst may reach. The situation is taken as the next round begins (this
// round's fire then counts as last round's).
func (r SMLE) callOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	u := s.UnitOf(c.Unit)
	if u == nil || len(c.Path) != 1 {
		return rules.Odds{}, fmt.Errorf("call odds need the team and a point")
	}
	ns := s.Clone()
	nu := ns.UnitOf(u.ID)
	if _, err := r.applyCall(ns, nu, c); err != nil {
		return rules.Odds{}, err
	}
	for _, t := range teams(ns) {
		r.newRoundVars(s, t)
	}
	p := c.Path[0]
	m := ns.Fig(rules.FigID(uget(nu, vFMFig)))
	w, _ := r.d.Weapon(c.Arg)
	o := r.observer(ns, nu, p)
	in := r.missionInput(ns, nu, o, m, w, p)
	hc, err := r.d.HitCounts(in)
	if err != nil {
		return rules.Odds{}, err
	}
	_, mods, _ := r.d.ShotMods(in)
	hit := float64(36-hc[0]) / 36
	parts, err := r.burstParts(ns, m.Pos, p, nil, w, in, false, true)
	if err != nil {
		return rules.Odds{}, err
	}
	vparts, err := r.missionVehicleParts(ns, m.Pos, p, w, in)
	if err != nil {
		return rules.Odds{}, err
	}
	parts = append(parts, vparts...)
	if dp, ok := r.dryPart(m, w); ok {
		parts = append(parts, dp)
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "hit", P: hit}, {Name: Miss, P: 1 - hit}}, Mods: mods, Parts: parts,
		Note: fmt.Sprintf("lands next round, %s observing; a miss deviates twice the miss; parts: each figure the burst may reach where it stands now", o.Name)}, nil
}
