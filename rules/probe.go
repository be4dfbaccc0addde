package rules

import "sync"

// probe is a state kept by a Game for trying things out (MoveCheck: the
// live tape, and the random player's dozen tries per move). Rather than a
// new deep copy each time, it is refilled from the game's state: the same
// contents as Clone gives, in slices and maps the probe owns and reuses,
// so a probe allocates nothing once warm.
//
// The maps the probe owns are kept apart from the state's fields, and
// every one is cleared and refilled on each load, so whatever a rule set
// did to the last probe (wrote into its maps, swapped them, shared one
// between figures) is gone from the next.
type probe struct {
	st                State
	figs              []Figure
	units             []Unit
	weapons           []string
	figVars, unitVars []map[string]int
	sideVars          [2]map[string]int
	vars              map[string]int
	forced            []int
}

// load makes the probe's state equal to s (as s.Clone() would) and
// returns it.
func (p *probe) load(s *State) *State { return p.fill(s, false, false) }

// fill is load; with shareFigVars the figures' variable maps and weapon
// lists are s's own, the maps marked shared so that a figure's first
// SetVar copies its map (the random player's copies, statePool: no one
// writes a figure's map but through SetVar, and no one changes the states
// it copies from); with shareAll too (a VarsBySetter rule set's) so are
// the units', sides' and the game's maps.
func (p *probe) fill(s *State, shareFigVars, shareAll bool) *State {
	st := &p.st
	*st = *s
	p.figs = append(p.figs[:0], s.Figures...)
	p.units = append(p.units[:0], s.Units...)
	p.figVars = grow(p.figVars, len(s.Figures))
	p.unitVars = grow(p.unitVars, len(s.Units))
	if shareFigVars {
		// the weapon lists too: no rule set writes into one (a change
		// gives the figure a new list), so they are shared as they are
		for i := range p.figs {
			f := &p.figs[i]
			f.varsShared = f.Vars != nil
			if len(f.Weapons) == 0 {
				f.Weapons = nil
			}
		}
	} else {
		p.weapons = p.weapons[:0]
		for i := range s.Figures {
			p.weapons = append(p.weapons, s.Figures[i].Weapons...)
		}
		ws := p.weapons
		for i := range p.figs {
			f := &p.figs[i]
			if n := len(f.Weapons); n > 0 {
				f.Weapons, ws = ws[:n:n], ws[n:]
			} else {
				f.Weapons = nil
			}
			f.Vars, f.varsShared = refill(&p.figVars[i], s.Figures[i].Vars), false
		}
	}
	if shareAll && shareFigVars {
		for i := range p.units {
			p.units[i].varsShared = p.units[i].Vars != nil
		}
		for i := range st.Sides {
			st.Sides[i].varsShared = st.Sides[i].Vars != nil
		}
		st.varsShared = st.Vars != nil
	} else {
		for i := range p.units {
			p.units[i].Vars, p.units[i].varsShared = refill(&p.unitVars[i], s.Units[i].Vars), false
		}
		for i := range st.Sides {
			st.Sides[i].Vars, st.Sides[i].varsShared = refill(&p.sideVars[i], s.Sides[i].Vars), false
		}
		st.Vars, st.varsShared = refill(&p.vars, s.Vars), false
	}
	st.Figures, st.Units = p.figs, p.units
	st.Vehicles = cloneVehicles(s.Vehicles)
	if s.Forced == nil {
		st.Forced = nil
	} else {
		p.forced = append(p.forced[:0], s.Forced...)
		st.Forced = p.forced
	}
	return st
}

func grow(ms []map[string]int, n int) []map[string]int {
	for len(ms) < n {
		ms = append(ms, nil)
	}
	return ms
}

// refill makes the owned map *own hold exactly src's entries and returns
// it (nil when src is nil, as Clone gives).
func refill(own *map[string]int, src map[string]int) map[string]int {
	if src == nil {
		return nil
	}
	m := *own
	if m == nil {
		m = make(map[string]int, len(src))
		*own = m
	} else {
		clear(m)
	}
	for k, v := range src {
		m[k] = v
	}
	return m
}

// statePool recycles the states a game has let go of, for a game whose
// states nobody else holds (the headless random player, PlayRandom): a
// discarded state's probe is refilled for the next command instead of a
// new deep copy, so a long game allocates almost nothing per command and
// the collector has little to do. Only states the game itself made from
// the pool go back into it.
type statePool struct {
	free []*probe
	of   map[*State]*probe
	// hashes keeps the encodings of the figures' shared variable maps
	// from one command's hash to the next (hash.go).
	hashes figVarsCache
	// cand and perm are the random player's candidate list and its
	// shuffled order, reused from one command to the next (random.go).
	cand []Command
	perm []int
	// logHint is the length of the last game played with this pool.
	logHint int
	// shareAll: the game's rule set is a VarsBySetter, so its copies
	// share units', sides' and the game's variable maps too.
	shareAll bool
}

// spare keeps the pools of finished random games for the next one: a
// finished game's spare probes, hash cache and candidate list are warm
// storage that the next game would otherwise grow again from nothing (a
// short game spends much of itself doing that). The states the finished
// game still holds (its last state and its undo history) stay with it.
// A plain list rather than a sync.Pool, which the collector empties every
// few games of a busy loop. At most spareMax are kept.
var spare struct {
	mu    sync.Mutex
	pools []*statePool
}

const spareMax = 4

func newStatePool() *statePool { return &statePool{of: map[*State]*probe{}} }

// getStatePool is a pool for a new game, warm when one is spare.
func getStatePool() *statePool {
	spare.mu.Lock()
	defer spare.mu.Unlock()
	if n := len(spare.pools); n > 0 {
		sp := spare.pools[n-1]
		spare.pools[n-1] = nil
		spare.pools = spare.pools[:n-1]
		return sp
	}
	return newStatePool()
}

// release gives the pool up when its game is finished: the probes behind
// the states the game still holds are forgotten (they are the game's now),
// the rest kept for the next game.
func (sp *statePool) release() {
	clear(sp.of)
	clear(sp.cand)
	sp.cand = sp.cand[:0]
	spare.mu.Lock()
	defer spare.mu.Unlock()
	if len(spare.pools) < spareMax {
		spare.pools = append(spare.pools, sp)
	}
}

// next is a copy of s, as s.Clone() gives, from a recycled probe when
// there is one.
func (sp *statePool) next(s *State) *State {
	var p *probe
	if n := len(sp.free); n > 0 {
		p, sp.free = sp.free[n-1], sp.free[:n-1]
	} else {
		p = &probe{}
	}
	st := p.fill(s, true, sp.shareAll)
	sp.of[st] = p
	return st
}

// put takes back a state the game no longer holds (ignored when the
// pool did not make it).
func (sp *statePool) put(s *State) {
	if p, ok := sp.of[s]; ok {
		delete(sp.of, s)
		sp.free = append(sp.free, p)
	}
}
