package firefight

import (
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules"
)

// The first chit of the next turn, drawn once the morale phase (and any
// new leader's choosing) is over: its odds are a part of the "end" that
// starts the morale phase and of the leader command that closes the
// turn. What decides the cup is which units still have men (routs take
// them off) and their initiative (a unit that tested has lost some), and
// whether a unit that lost a leader must first choose a new one.

// Outcomes of the chit part when no chit is drawn.
const (
	chitOver   = "not drawn: the battle is over"
	chitLeader = "not drawn: a new leader is chosen first"
	chitEmpty  = "not drawn: the cup is empty"
)

// chitState is one way the morale phase may have left the units: per
// unit index, leaders and other men left, and whether it tested.
type chitState struct {
	over   bool
	loss   [2]int
	left   []int // 2 per unit: leaders, others
	tested []bool
	p      float64
}

func (c chitState) key() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%t%v", c.over, c.loss)
	for i := range c.left {
		b.WriteString("," + strconv.Itoa(c.left[i]))
	}
	for _, t := range c.tested {
		b.WriteString(strconv.FormatBool(t))
	}
	return b.String()
}

func (c chitState) clone() chitState {
	c.left = append([]int(nil), c.left...)
	c.tested = append([]bool(nil), c.tested...)
	return c
}

// chitAfterMorale is the next turn's first chit after the morale phase
// that "end" now starts, followed through every way its routs can fall.
func chitAfterMorale(s *rules.State) rules.OddsPart {
	start := chitState{loss: [2]int{s.Sides[0].Losses, s.Sides[1].Losses}, left: make([]int, 2*len(s.Units)),
		tested: make([]bool, len(s.Units)), p: 1}
	for i := range s.Units {
		for _, f := range unitFigs(s, s.Units[i].ID) {
			if f.Leader {
				start.left[2*i]++
			} else {
				start.left[2*i+1]++
			}
		}
	}
	limits := [2]int{lossLimit(s, 0), lossLimit(s, 1)}
	states := []chitState{start}
	merge := func(in []chitState) []chitState {
		var out []chitState
		at := map[string]int{}
		for _, a := range in {
			k := a.key()
			if j, ok := at[k]; ok {
				out[j].p += a.p
				continue
			}
			at[k] = len(out)
			out = append(out, a)
		}
		return out
	}
	for i := range s.Units {
		u := &s.Units[i]
		if getU(u, uHit) == 0 || len(unitFigs(s, u.ID)) == 0 {
			continue
		}
		tmp := *u
		tmp.Vars = map[string]int{}
		for k, v := range u.Vars {
			tmp.Vars[k] = v
		}
		setU(&tmp, uInit, max(data.Morale.InitiativeFloor, getU(u, uInit)-data.Morale.InitiativeLoss))
		fails := float64(CohesionTest(s, &tmp).CohesionFails()) / 20
		down := LeaderDown(s, u)
		var next []chitState
		for _, a := range states {
			if a.over {
				next = append(next, a)
				continue
			}
			a = a.clone()
			a.tested[i] = true
			h := a.clone()
			h.p = a.p * (1 - fails)
			next = append(next, h)
			if fails == 0 {
				continue
			}
			// the unit's cohesion fails: each man reacts in turn; only a
			// rout changes what the chit depends on
			f := a.clone()
			f.p = a.p * fails
			men := []chitState{f}
			for _, m := range ReactionOrder(s, u) {
				rout := float64(reactionDist(reactionMods(down, m))["routs"]) / 20
				var after []chitState
				for _, b := range men {
					if b.over || rout == 0 {
						after = append(after, b)
						continue
					}
					stay := b.clone()
					stay.p = b.p * (1 - rout)
					gone := b.clone()
					gone.p = b.p * rout
					if m.Leader {
						gone.left[2*i]--
					} else {
						gone.left[2*i+1]--
					}
					gone.loss[u.Side]++
					gone.over = gone.loss[u.Side] >= limits[u.Side]
					after = append(after, stay, gone)
				}
				men = merge(after)
			}
			next = append(next, men...)
		}
		states = merge(next)
	}
	acc := map[string]float64{}
	var order []string
	for side := range 2 {
		for v := 1; v <= MaxInitiative; v++ {
			order = append(order, Chit{side, v}.label(s))
		}
	}
	for _, a := range states {
		if a.over {
			acc[chitOver] += a.p
			continue
		}
		chitFrom(s, a, a.p, acc)
	}
	return rules.OddsPart{Name: fmt.Sprintf("First chit, turn %d", s.Round+1), Outcomes: ordered(acc, append(order, chitLeader, chitOver, chitEmpty))}
}

// chitFrom adds the chances of the next turn's first chit from a state of
// the units after the morale phase: a new leader to choose first, the
// turn limit, or each chit in the cup as likely.
func chitFrom(s *rules.State, a chitState, p float64, acc map[string]float64) {
	for i := range s.Units {
		u := &s.Units[i]
		if a.left[2*i] < getU(u, uLeaders) && a.left[2*i+1] > 0 {
			acc[chitLeader] += p
			return
		}
	}
	if s.TurnLimit > 0 && s.Round >= s.TurnLimit {
		acc[chitOver] += p
		return
	}
	var top [2]int
	for i := range s.Units {
		u := &s.Units[i]
		if a.left[2*i]+a.left[2*i+1] == 0 {
			continue
		}
		init := getU(u, uInit)
		if a.tested[i] {
			init = max(data.Morale.InitiativeFloor, init-data.Morale.InitiativeLoss)
		}
		top[u.Side] = max(top[u.Side], init)
	}
	n := min(top[0], MaxInitiative) + min(top[1], MaxInitiative)
	if n == 0 {
		acc[chitEmpty] += p
		return
	}
	for side := range 2 {
		for v := 1; v <= min(top[side], MaxInitiative); v++ {
			acc[Chit{side, v}.label(s)] += p / float64(n)
		}
	}
}

// chitAfterLeader is the next turn's first chit once the new leader now
// being chosen has taken command (the choice changes nothing it reads).
func chitAfterLeader(s *rules.State) rules.OddsPart {
	a := chitState{left: make([]int, 2*len(s.Units)), tested: make([]bool, len(s.Units))}
	cur := rules.UnitID(s.Var(gLeaderUnit))
	for i := range s.Units {
		for _, f := range unitFigs(s, s.Units[i].ID) {
			if f.Leader {
				a.left[2*i]++
			} else {
				a.left[2*i+1]++
			}
		}
		if s.Units[i].ID == cur && a.left[2*i+1] > 0 {
			a.left[2*i]++ // the man promoted
			a.left[2*i+1]--
		}
	}
	acc := map[string]float64{}
	var order []string
	for side := range 2 {
		for v := 1; v <= MaxInitiative; v++ {
			order = append(order, Chit{side, v}.label(s))
		}
	}
	chitFrom(s, a, 1, acc)
	return rules.OddsPart{Name: fmt.Sprintf("First chit, turn %d", s.Round+1), Outcomes: ordered(acc, append(order, chitLeader, chitOver, chitEmpty))}
}

// ordered lists acc's outcomes with a chance, in order.
func ordered(acc map[string]float64, order []string) []rules.Outcome {
	var out []rules.Outcome
	for _, n := range order {
		if p := acc[n]; p > 0 {
			out = append(out, rules.Outcome{Name: n, P: p})
		}
	}
	return out
}
