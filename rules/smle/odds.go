package smle

import (
	"sort"

	"hedgerow/rules"
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
// and the worst result so far. A key is one byte per exposed figure's
// state and a last byte for the worst level.
type woundDP struct {
	r    SMLE
	s    *rules.State
	figs []*rules.Figure
	p    map[string]float64
}

func (r SMLE) newWoundDP(s *rules.State, exposed []*rules.Figure) *woundDP {
	k := make([]byte, len(exposed)+1)
	for i, f := range exposed {
		k[i] = byte(figState(f))
	}
	k[len(exposed)] = lvMiss
	return &woundDP{r: r, s: s, figs: exposed, p: map[string]float64{string(k): 1}}
}

// keys lists the states in a fixed order, so sums are made in the same
// order every time.
func (d *woundDP) keys() []string {
	ks := make([]string, 0, len(d.p))
	for k := range d.p {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// volley adds one firer's hits: dist[h] is the chance of h hits, each
// with weapon w (one effect die roll per hit).
func (d *woundDP) volley(dist []float64, w *Weapon) {
	next := map[string]float64{}
	for _, k := range d.keys() {
		pk := d.p[k]
		cur := map[string]float64{k: 1}
		for h := 0; h < len(dist); h++ {
			if dist[h] > 0 {
				for _, ck := range sortedKeys(cur) {
					next[ck] += pk * dist[h] * cur[ck]
				}
			}
			if h+1 < len(dist) {
				cur = d.hit(cur, w)
			}
		}
	}
	d.p = next
}

func sortedKeys(m map[string]float64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// hit applies one more hit of weapon w, or a burst die when burst, to a
// distribution: it falls on one of the live exposed figures at random
// (each equally likely) and rolls its effect.
func (d *woundDP) hit(in map[string]float64, w *Weapon) map[string]float64 {
	out := map[string]float64{}
	for _, k := range sortedKeys(in) {
		p := in[k]
		var live []int
		for i := range d.figs {
			if k[i] != stDead {
				live = append(live, i)
			}
		}
		worst := int(k[len(k)-1])
		if len(live) == 0 {
			out[k] += p
			continue
		}
		for _, i := range live {
			d.effectOn(out, k, i, worst, p/float64(len(live)), EffectInput{Weapon: w})
		}
	}
	return out
}

// effectOn adds to out the results of one effect roll on figure i of
// state k (weight p).
func (d *woundDP) effectOn(out map[string]float64, k string, i, worst int, p float64, in EffectInput) {
	g := d.figs[i]
	in.Armour, in.Quality, in.Motive = armourOf(d.s, g), g.Quality, g.Motive
	ep := d.r.effectP(in)
	for j, name := range EffectNames {
		if ep[j] == 0 {
			continue
		}
		st, lv := applied(name, int(k[i]))
		nk := []byte(k)
		nk[i] = byte(st)
		nk[len(nk)-1] = byte(max(worst, lv))
		out[string(nk)] += p * ep[j]
	}
}

// levels sums the distribution by worst result (lvMiss..lvKill).
func (d *woundDP) levels() [5]float64 {
	var out [5]float64
	for _, k := range d.keys() {
		out[k[len(k)-1]] += d.p[k]
	}
	return out
}

// outcomes names the worst-result distribution: kill, serious, light,
// near miss, miss.
func (d *woundDP) outcomes() []rules.Outcome {
	lv := d.levels()
	return []rules.Outcome{{Name: Kill, P: lv[lvKill]}, {Name: Serious, P: lv[lvSerious]}, {Name: Light, P: lv[lvLight]},
		{Name: NearMiss, P: lv[lvNear]}, {Name: Miss, P: lv[lvMiss]}}
}
