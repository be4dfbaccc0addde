package smle

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"hedgerow/rules"
)

// The team-fire wound distribution kept counts per group of alike
// figures and an absorbing kill; before, it kept one byte per figure and
// went on tracking states after a kill, and 80 figures a side took
// minutes. refWoundDP below is that old enumerator, kept as the
// reference: on random small teams and volleys the new odds equal it.

// refWoundDP holds the exact distribution over the exposed figures' states
// and the worst result so far. A key is one byte per exposed figure's
// state and a last byte for the worst level.
//
// Figures alike for the effect table (armour, quality, motivation) are
// interchangeable: which of them is hurt does not change the worst
// result or what later hits do, so their states are kept sorted within
// each group of alike figures, and a team of ten has a few hundred states
// rather than a million.
type refWoundDP struct {
	r     SMLE
	s     *rules.State
	figs  []*rules.Figure // grouped: alike figures next to each other
	group []int           // group[i]: the start index of figure i's group
	p     map[string]float64
	ep    map[string][]float64 // effect distributions by weapon and defender
}

func newRefWoundDP(r SMLE, s *rules.State, exposed []*rules.Figure) *refWoundDP {
	figs := append([]*rules.Figure(nil), exposed...)
	class := func(f *rules.Figure) string { return armourOf(s, f) + "/" + f.Quality + "/" + f.Motive }
	sort.SliceStable(figs, func(i, j int) bool { return class(figs[i]) < class(figs[j]) })
	d := &refWoundDP{r: r, s: s, figs: figs, group: make([]int, len(figs)), ep: map[string][]float64{}}
	for i := range figs {
		if i > 0 && class(figs[i]) == class(figs[i-1]) {
			d.group[i] = d.group[i-1]
		} else {
			d.group[i] = i
		}
	}
	k := make([]byte, len(figs)+1)
	for i, f := range figs {
		k[i] = byte(figState(f))
	}
	k[len(figs)] = lvMiss
	d.p = map[string]float64{d.canon(k): 1}
	return d
}

// canon sorts the states within each group of alike figures.
func (d *refWoundDP) canon(k []byte) string {
	for i := 1; i < len(d.figs); i++ {
		for j := i; j > d.group[i] && k[j] < k[j-1]; j-- {
			k[j], k[j-1] = k[j-1], k[j]
		}
	}
	return string(k)
}

// keys lists the states in a fixed order, so sums are made in the same
// order every time.
func (d *refWoundDP) keys() []string {
	ks := make([]string, 0, len(d.p))
	for k := range d.p {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// volley adds one firer's hits: dist[h] is the chance of h hits, each
// with weapon w (one effect die roll per hit).
//
// Applying one more hit is linear in the distribution, so the whole
// distribution takes each hit in turn: after h hits it is weighed by
// dist[h].
func (d *refWoundDP) volley(dist []float64, w *Weapon) {
	next := map[string]float64{}
	cur := d.p
	for h := 0; h < len(dist); h++ {
		if dist[h] > 0 {
			for _, ck := range refSortedKeys(cur) {
				next[ck] += float64(dist[h] * cur[ck]) // no fused multiply-add: the same odds on every machine
			}
		}
		if h+1 < len(dist) {
			cur = d.hit(cur, w)
		}
	}
	d.p = next
}

func refSortedKeys(m map[string]float64) []string {
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
func (d *refWoundDP) hit(in map[string]float64, w *Weapon) map[string]float64 {
	out := map[string]float64{}
	for _, k := range refSortedKeys(in) {
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
func (d *refWoundDP) effectOn(out map[string]float64, k string, i, worst int, p float64, in EffectInput) {
	g := d.figs[i]
	in.Armour, in.Quality, in.Motive = armourOf(d.s, g), g.Quality, g.Motive
	key := fmt.Sprintf("%s/%v/%s/%s/%s", in.Weapon.ID, in.Burst, in.Armour, in.Quality, in.Motive)
	ep, ok := d.ep[key]
	if !ok {
		ep = d.r.effectP(in)
		d.ep[key] = ep
	}
	for j, name := range EffectNames {
		if ep[j] == 0 {
			continue
		}
		st, lv := applied(name, int(k[i]))
		nk := []byte(k)
		nk[i] = byte(st)
		nk[len(nk)-1] = byte(max(worst, lv))
		out[d.canon(nk)] += float64(p * ep[j])
	}
}

// levels sums the distribution by worst result (lvMiss..lvKill).
func (d *refWoundDP) levels() [5]float64 {
	var out [5]float64
	for _, k := range d.keys() {
		out[k[len(k)-1]] += d.p[k]
	}
	return out
}

// oddsTeams builds a firing team of n riflemen (side 0) and a target
// side of n men in up to three teams of different quality (side 1).
func oddsTeams(t *testing.T, n int, split bool) *rules.State {
	quals := []string{"trained", "green", "veteran"}
	units := []tunit{{0, "trained", "", rifles(n, 10, 4)}}
	if !split {
		units = append(units, tunit{1, "trained", "", rifles(n, 10, 30)})
	} else {
		for i := 0; i < 3; i++ {
			m := n / 3
			if i == 0 {
				m = n - 2*(n/3)
			}
			if m > 0 {
				units = append(units, tunit{1, quals[i], "", rifles(m, 10, 30+float64(4*i))})
			}
		}
	}
	s, _ := newState(t, units, 6, 1)
	return s
}

func TestWoundDPMatchesOldEnumerator(t *testing.T) {
	r := SMLE{d: Std()}
	rng := rand.New(rand.NewPCG(25, 4))
	weapons := []string{"rifle", "smg", "lmg", "handgun", "assault-rifle"}
	for c := 0; c < 150; c++ {
		n := 1 + rng.IntN(6)
		s := oddsTeams(t, n, rng.IntN(2) == 0)
		var exposed []*rules.Figure
		for i := range s.Figures {
			f := &s.Figures[i]
			if f.Side != 1 {
				continue
			}
			switch rng.IntN(6) {
			case 0:
				f.Markers |= rules.Wounded
			case 1:
				f.Markers |= rules.BadlyWounded
			case 2:
				if rng.IntN(3) == 0 {
					f.Removed = true
				}
			}
			exposed = append(exposed, f)
		}
		d, ref := r.newWoundDP(s, exposed), newRefWoundDP(r, s, exposed)
		for v := 1 + rng.IntN(5); v > 0; v-- {
			w, ok := r.d.Weapon(weapons[rng.IntN(len(weapons))])
			if !ok {
				t.Fatal("no such weapon")
			}
			dist := make([]float64, 1+rng.IntN(4))
			left := 36
			for h := range dist {
				k := rng.IntN(left + 1)
				if h == len(dist)-1 {
					k = left
				}
				dist[h], left = float64(k)/36, left-k
			}
			d.volley(dist, w)
			ref.volley(dist, w)
		}
		got, want := d.levels(), ref.levels()
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Fatalf("case %d (%d men): level %d is %v, the old enumerator gives %v (all %v vs %v)", c, n, i, got[i], want[i], got, want)
			}
		}
	}
}

// The odds of a full volley by n men at a team of n, as a player asks
// them. 80 a side took over 150 s before.
func benchTeamFire(b *testing.B, n int) {
	s := benchState(n)
	c := rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{rules.FigID(n + 1)}, Arg: FireDirect}
	r := New()
	for i := 0; i < b.N; i++ {
		if _, err := r.Odds(s, c); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTeamFireOdds40(b *testing.B) { benchTeamFire(b, 40) }
func BenchmarkTeamFireOdds80(b *testing.B) { benchTeamFire(b, 80) }

// grid places n riflemen in rows of 20, 2" apart, from y.
func grid(n int, y float64) []tfig {
	var out []tfig
	for i := 0; i < n; i++ {
		out = append(out, tfig{x: 4 + 2*float64(i%20), y: y + 2*float64(i/20), weapons: []string{"rifle"}})
	}
	return out
}

// benchState: a team of n riflemen facing a team of n on the 48" table.
func benchState(n int) *rules.State {
	s, _ := newState(&testing.T{}, []tunit{{0, "trained", "", grid(n, 8)}, {1, "trained", "", grid(n, 24)}}, 6, 1)
	return s
}

// TestTeamFireOddsLarge: 80 riflemen firing at 80 get odds (the
// benchmark gives the time) that add up to one.
func TestTeamFireOddsLarge(t *testing.T) {
	s := benchState(80)
	o, err := New().Odds(s, rules.Command{Verb: "fire", Unit: 1, Targets: []rules.FigID{81}, Arg: FireDirect})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, oc := range o.Outcomes {
		sum += oc.P
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Fatalf("odds add up to %v: %v", sum, o.Outcomes)
	}
	t.Log(o.Note, o.Outcomes)
}
