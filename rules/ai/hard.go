package ai

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"hedgerow/rules"
)

// Hard's look-ahead: how many of Normal's best candidates it plays out,
// and how many commands each play-out runs past the candidate. The
// horizon is short on purpose: the play-out policy never moves a figure
// and plays both sides greedily, so each command past the enemy's reply
// adds more noise than knowledge (measured: six commands gave Hard 15-15
// against Normal on the five scenarios of docs/computer.md, two with the
// samples freed spent on more play-outs gave 17-12-1).
const (
	hardWidth   = 4
	hardHorizon = 2
	// greedyTries is how many commands the play-out policy tries a step
	greedyTries = 8
)

// hard plays the best few of Normal's choices ahead on reseeded copies of
// the belief, both sides then following the quick greedy policy, and
// ranks them by the average material at the end in place of Normal's
// one-step estimate. The rest keep Normal's order after them.
func (p *Player) hard(b *belief, ch []Choice) []Choice {
	budget := p.Budget
	if budget <= 0 {
		budget = 3000
	}
	k := min(hardWidth, len(ch))
	top := slices.Clone(ch[:k])
	base := b.material(b.s)
	share := budget / k
	// the play-outs of every candidate share their dice: the k-th play-out
	// of each draws from the same stream, so the candidates are compared
	// on the same luck (common random numbers) and a lucky streak cannot
	// lift one above a better one
	var seeds []uint64
	for i := range top {
		used, runs, sum := 0, 0, 0
		for used < share || runs == 0 {
			if runs == len(seeds) {
				seeds = append(seeds, p.r.Uint64())
			}
			rr := rand.New(rand.NewPCG(seeds[runs], seeds[runs]^0x9e3779b97f4a7c15))
			st := b.copy(rr)
			if _, err := b.rs.Apply(st, top[i].Cmd); err != nil {
				break
			}
			used++
			used += p.rollout(b, st, hardHorizon, rr)
			sum += b.material(st) - base
			runs++
		}
		if runs == 0 {
			continue
		}
		mean := sum / runs
		top[i].Score += 4 * (mean - top[i].gain)
		top[i].Why += fmt.Sprintf("; played ahead %d times with other dice, it came out best of %d", runs, k)
	}
	slices.SortStableFunc(top, func(a, b Choice) int { return b.Score - a.Score })
	return append(top, ch[k:]...)
}

// rollout carries on from st for up to n commands with the greedy policy
// for whichever side decides, and returns how many commands it applied
// (tried ones included): the nodes it used.
func (p *Player) rollout(b *belief, st *rules.State, n int, r *rand.Rand) int {
	nodes := 0
	for ply := 0; ply < n && !st.Over; ply++ {
		c, used, ok := greedy(b, st, r)
		nodes += used
		if !ok {
			break
		}
		if _, err := b.rs.Apply(st, c); err != nil {
			break
		}
		nodes++
	}
	return nodes
}

// greedy is the play-out policy: the command whose one sampled outcome
// is best for the deciding side (moves are left out: they need a
// destination found), else the end of its go, else its first command.
func greedy(b *belief, st *rules.State, r *rand.Rand) (rules.Command, int, bool) {
	legal := legalIn(b, st)
	if len(legal) == 0 {
		return rules.Command{}, 0, false
	}
	sign := 1
	if st.Decider != b.me {
		sign = -1
	}
	base := b.material(st)
	nodes := 0
	best, bestGain := -1, 0
	end := -1
	// a few commands spread over the list, from a seeded starting point
	step := max(1, len(legal)/greedyTries)
	start := r.IntN(step)
	for i := range legal {
		if c := legal[i]; c.Verb == "end" || c.Verb == "pass" {
			end = i
			break
		}
	}
	for i := start; i < len(legal); i += step {
		c := legal[i]
		if b.needsPath(c) || c.Verb == "end" || c.Verb == "pass" {
			continue
		}
		cp := st.Clone()
		reseed(cp, r)
		nodes++
		if _, err := b.rs.Apply(cp, c); err != nil {
			continue
		}
		g := sign * (b.material(cp) - base)
		if best < 0 || g > bestGain {
			best, bestGain = i, g
		}
	}
	switch {
	case best >= 0 && (bestGain > 0 || end < 0):
		return legal[best], nodes, true
	case end >= 0:
		return legal[end], nodes, true
	}
	for _, c := range legal {
		if !b.needsPath(c) {
			return c, nodes, true
		}
	}
	return rules.Command{}, nodes, false
}
