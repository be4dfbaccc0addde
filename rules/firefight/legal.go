// Firefight Lite's listing of legal commands: what the acting side may do now.

package firefight

import (
	"sync"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Legal lists what the deciding side may do, in a stable order. The list
// is a part of a block of commands the lister keeps, capped at its end (so
// an append to it copies); a part once handed out is never written again.
func (Firefight) Legal(s *rules.State) []rules.Command {
	if s.Over {
		return nil
	}
	l := getLister()
	defer l.release()
	if cap(l.block) < listBlock/8 {
		l.block = make([]rules.Command, 0, listBlock)
	}
	out := l.list(s, l.block)
	n := len(out)
	l.block = out[n:] // the next list starts after this one (in a new block if it outgrew the old)
	return out[:n:n]
}

// AppendLegal appends Legal's commands to dst (rules.LegalAppender, for a
// caller that reuses its list). Their target lists are still their own.
func (Firefight) AppendLegal(dst []rules.Command, s *rules.State) []rules.Command {
	if s.Over {
		return dst
	}
	l := getLister()
	defer l.release()
	return l.list(s, dst)
}

// list appends what the deciding side may do to out.
func (l *lister) list(s *rules.State, out []rules.Command) []rules.Command {
	l.s, l.out = s, out
	if m := s.Var(gOppMover); m != 0 {
		for _, o := range oppFirers(s, s.Fig(rules.FigID(m))) {
			l.add(rules.Command{Verb: "fire", Fig: o.ID}, rules.FigID(m))
		}
		return append(l.out, rules.Command{Verb: "pass"})
	}
	switch s.Phase {
	case PhaseLeader:
		for _, f := range LeaderCandidates(s, rules.UnitID(s.Var(gLeaderUnit))) {
			l.add(rules.Command{Verb: "leader", Fig: f.ID}, 0)
		}
	case PhaseMotivate:
		last := rules.FigID(0)
		motivatePairs(s, nil, &l.pairs)
		for _, p := range l.pairs {
			if p[0].ID != last {
				l.add(rules.Command{Verb: "motivate", Fig: p[0].ID}, 0)
				last = p[0].ID
			}
			l.add(rules.Command{Verb: "motivate", Fig: p[0].ID}, p[1].ID)
		}
	case PhaseAct, PhaseUnmotivated:
		l.readyEnemies()
		for i := range s.Figures {
			// canAct(s, f), the phase number read once (readyEnemies) and
			// the points handed on: actors(s), in the same order
			f := &s.Figures[i]
			if f.Removed || f.Side != s.Active || Neutralised(s, f) {
				continue
			}
			ap := f.Var(fAP)
			if ap <= 0 {
				continue
			}
			if s.Phase == PhaseAct && f.Var(fMot) != l.phase || s.Phase == PhaseUnmotivated && f.Var(fMotTurn) != 0 {
				continue
			}
			l.figureActions(f, ap)
		}
	}
	return append(l.out, rules.Command{Verb: "end"})
}

// lister builds Legal's answers. It keeps from one call to the next
// (listers) a block of commands that Legal's lists are parts of, and a
// block of target ids that the commands' one-entry target lists are parts
// of (each capped at its entry; a part handed out is never written again,
// so every call's target lists are its own). For an acting step it works
// out once the enemies of the side to act, what that side knows of each,
// and whether the figure being listed sees each, however many weapons ask.
type lister struct {
	s       *rules.State
	out     []rules.Command // the list being made
	block   []rules.Command // the free end of the block of commands
	ids     []rules.FigID   // the free end of the block of target ids
	enemies []*rules.Figure
	known   []enemyKnown
	phase   int
	pairs   [][2]*rules.Figure // motivatePairs' list
}

// listBlock is how many commands (and target ids) a new block holds.
const listBlock = 512

// listers keeps the listers not in use (a sync.Pool would drop them at
// every collection, and their blocks with them).
var listers struct {
	sync.Mutex
	free []*lister
}

func getLister() *lister {
	listers.Lock()
	defer listers.Unlock()
	if n := len(listers.free); n > 0 {
		l := listers.free[n-1]
		listers.free = listers.free[:n-1]
		return l
	}
	return new(lister)
}

// enemyKnown is what the side to act knows of one enemy, and whether the
// figure being listed sees him (sight: 0 not asked yet, 1 yes, 2 no).
type enemyKnown struct {
	seen, spotted bool
	sight         int8
}

// add lists c with target t (0: none).
func (l *lister) add(c rules.Command, t rules.FigID) {
	if t != 0 {
		if len(l.ids) == cap(l.ids) {
			l.ids = make([]rules.FigID, 0, listBlock)
		}
		n := len(l.ids)
		l.ids = append(l.ids, t)
		c.Targets = l.ids[n : n+1 : n+1]
	}
	l.out = append(l.out, c)
}

// release forgets the state and the list and gives the lister back.
func (l *lister) release() {
	clear(l.enemies)
	clear(l.pairs)
	*l = lister{block: l.block, ids: l.ids, enemies: l.enemies[:0], known: l.known[:0], pairs: l.pairs[:0]}
	listers.Lock()
	listers.free = append(listers.free, l)
	listers.Unlock()
}

// readyEnemies lists the enemies of the side to act and what it knows of
// each.
func (l *lister) readyEnemies() {
	s := l.s
	l.phase = phaseNo(s)
	seenK, spotK := seenVar(s.Active), spotVar(s.Active)
	for i := range s.Figures {
		if t := &s.Figures[i]; t.Side == 1-s.Active && !t.Removed { // s.Alive(1 - s.Active)
			l.enemies = append(l.enemies, t)
			l.known = append(l.known, enemyKnown{seen: t.Var(seenK) == 1, spotted: t.Var(spotK) == 1})
		}
	}
}

// sees is sees(s, f, enemy i), asked of the terrain once per figure.
func (l *lister) sees(f *rules.Figure, i int) bool {
	switch l.known[i].sight {
	case 1:
		return true
	case 2:
		return false
	}
	v := sees(l.s, f, l.enemies[i])
	l.known[i].sight = 2
	if v {
		l.known[i].sight = 1
	}
	return v
}

// figureActions lists what one acting figure (of the side to act) may
// do: move, change posture, go on opportunity fire, spot (in a motivated
// phase) an enemy his side sees but has not spotted, fire each of his
// weapons (once per weapon type) at each spotted enemy in reach and sight.
// ap is his action points.
func (l *lister) figureActions(f *rules.Figure, ap int) {
	s := l.s
	if ap >= data.Cost.Move {
		l.add(rules.Command{Verb: "move", Fig: f.ID}, 0)
	}
	for p := rules.Standing; p <= rules.Prone; p++ {
		if p != f.Posture && postureCost(f.Posture, p) <= ap {
			l.add(rules.Command{Verb: "posture", Fig: f.ID, Arg: p.String()}, 0)
		}
	}
	if f.Var(fOpp) == 0 && ap >= data.Cost.OppFire {
		// as he faces now, or turned to face a point given with "face"
		l.add(rules.Command{Verb: "oppfire", Fig: f.ID}, 0)
		l.add(rules.Command{Verb: "oppfire", Fig: f.ID, Arg: "face"}, 0)
	}
	for i := range l.known {
		l.known[i].sight = 0
	}
	if s.Phase == PhaseAct && ap >= data.Cost.Spot {
		for i, t := range l.enemies {
			if k := l.known[i]; k.seen && !k.spotted && l.sees(f, i) {
				l.add(rules.Command{Verb: "spot", Fig: f.ID}, t.ID)
			}
		}
	}
	if f.Var(fFired) == l.phase {
		return
	}
	for wi, wid := range f.Weapons {
		if dup(f.Weapons[:wi], wid) {
			continue
		}
		w, _ := data.Weapon(wid)
		if w.Points > ap {
			continue
		}
		arg := ""
		if wi > 0 {
			arg = wid
		}
		reach := w.Reach()
		for i, t := range l.enemies {
			// canFireAt(s, f, w, t) == "", the cheap checks first
			if l.known[i].spotted && geom.WithinDist(f.Pos, t.Pos, reach) && l.sees(f, i) {
				l.add(rules.Command{Verb: "fire", Fig: f.ID, Arg: arg}, t.ID)
			}
		}
	}
}

func dup(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}
