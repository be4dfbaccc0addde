package firefight

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Movement: where a figure may stand, what a move costs in action points
// and how it reads, the way round obstacles, and the move itself.

// allOpen: the book has no rules for doors, so every door stands open and
// figures go in and out of buildings through them.
var allOpen = terrain.Open(func(terrain.DoorRef) bool { return true })

// wayKey is what a way depends on: the terrain (an index is never
// changed once built), the base radius and the two ends.
type wayKey struct {
	ix       *terrain.Index
	r        int64
	from, to geom.Pt
}

// way is a way kept: its legs (n of them; 0: none kept) and cost (the
// cost's lists are only read).
type way struct {
	k    wayKey
	legs [8]geom.Pt
	n    int
	pc   terrain.PathCost
}

var ways struct {
	sync.Mutex
	w    [4]way
	next int
}

// Indoors: figures may hold buildings (a garrison may be placed inside).
func (Firefight) Indoors() bool { return true }

// DoorState: every door is drawn open.
func (Firefight) DoorState(*rules.State, terrain.DoorRef) int { return rules.DoorOpen }

// standProblem says why a base cannot stand at p ("" when it can).
func standProblem(s *rules.State, id rules.FigID, p geom.Pt) string {
	if s.Map != nil {
		r := s.BaseR
		if p.X-r < 0 || p.Y-r < 0 || p.X+r > s.Map.Width || p.Y+r > s.Map.Height {
			return "its base would be off the table"
		}
	}
	if s.Terrain != nil {
		if ok, why := s.Terrain.CanStandDoors(geom.Circle{C: p, R: s.BaseR}, allOpen); !ok {
			if why == "" {
				why = "the ground there is impassable"
			}
			return why
		}
	}
	for i := range s.Figures {
		o := &s.Figures[i]
		if o.ID == id || o.Removed {
			continue
		}
		if geom.Dist2(p, o.Pos) < 4*s.BaseR*s.BaseR {
			return "it would overlap " + o.Name
		}
	}
	return ""
}

// moveCost is what a path costs in action points, with the words.
// known, when not nil, is the terrain's PathCostDoors for full, already
// worked out.
func moveCost(s *rules.State, f *rules.Figure, full []geom.Pt, known *terrain.PathCost) (ap int, pc terrain.PathCost, words string) {
	if known != nil {
		pc = *known
	} else if s.Terrain != nil {
		pc = s.Terrain.PathCostDoors(full, s.BaseR, allOpen)
	} else {
		pc.Blocked = -1
		for i := 0; i+1 < len(full); i++ {
			pc.Length += dist(full[i], full[i+1])
		}
	}
	weighted := pc.Length + int64(data.Cost.RoughExtra)*pc.Difficult
	steps := int(ceilDiv(weighted, data.Dist.Move.U))
	ap = steps * data.Cost.Move
	// (plain words, no brackets: the log puts the cost in brackets
	// after the move, and "(4 action points: 4 for the distance (rough
	// ground counts double))" nested them, play-test 9)
	//
	// The words count the 5 cm steps, so that they add up for a reader:
	// "18.8 cm (4 action points: 3 for the distance, 1 to cross a bocage
	// hedge)" read as 4 points for 18.8 cm before the hedge (play-test
	// 11); the crossing takes the place of the step it lies in.
	step := strconv.FormatFloat(data.Dist.Move.CM, 'f', -1, 64) + " cm"
	rough := ""
	if pc.Difficult > 0 {
		rough = ", rough ground counting double"
	}
	walk := steps
	var cross string
	if n := len(pc.Obstacles); n > 0 {
		// Crossing is an action of its own in place of a 5 cm step: each
		// obstacle crossed takes one step of the distance (the one it lies
		// in) and is paid at the crossing cost, so a prone man may crawl
		// over a wall with all his 4 points.
		covered := min(n, steps)
		walk -= covered
		ap -= covered * data.Cost.Move
		oc := data.Cost.Obstacle[f.Posture] * n
		ap += oc
		what := "the step"
		if n > 1 {
			what = "the " + strconv.Itoa(n) + " steps"
		}
		cross = fmt.Sprintf("%d for %s across %s %s", oc, what, obstacleWords(s, pc.Obstacles), f.Posture)
	}
	var parts []string
	if walk > 0 || cross == "" {
		parts = append(parts, fmt.Sprintf("%d for %d %s of %s%s", walk*data.Cost.Move, walk, rules.OneOrMany(walk, "step", "steps"), step, rough))
	}
	if cross != "" {
		parts = append(parts, cross)
	}
	return ap, pc, strings.Join(parts, ", ")
}

// obstacleWords names the obstacles a move crosses as a player calls
// them: "a low wall", "a hedge and a fence", "2 obstacles" where the map
// does not say.
func obstacleWords(s *rules.State, ids []int) string {
	var names []string
	for _, id := range ids {
		if s.Terrain == nil || s.Terrain.Map == nil || id < 0 || id >= len(s.Terrain.Map.Pieces) {
			return fmt.Sprintf("%d obstacles", len(ids))
		}
		l := s.Terrain.Map.Pieces[id].Kind
		if k, ok := terrain.KindByName(l); ok {
			l = k.Label
		}
		switch {
		case l == "":
			l = "an obstacle"
		case l == "bocage":
			l = "a bocage hedge"
		case strings.ContainsRune("aeiou", rune(l[0])):
			l = "an " + l
		default:
			l = "a " + l
		}
		names = append(names, l)
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// MoveCheck measures a proposed move for the tape: the allowance is the
// figure's action points in 5 cm steps.
func (Firefight) MoveCheck(s *rules.State, id rules.FigID, path []geom.Pt) rules.MoveInfo {
	f := s.Fig(id)
	if f == nil {
		return rules.MoveInfo{Why: "no such figure"}
	}
	return moveInfo(s, f, path)
}

func moveInfo(s *rules.State, f *rules.Figure, path []geom.Pt) rules.MoveInfo {
	var full []geom.Pt
	var known *terrain.PathCost // the way's cost, when worked out below
	if len(path) == 1 && s.Terrain != nil {
		var pc terrain.PathCost
		full, pc = wayTo(s.Terrain, s.BaseR, f.Pos, path[0])
		known = &pc
	} else {
		full = append([]geom.Pt{f.Pos}, path...)
	}
	mi := rules.MoveInfo{Stop: full[len(full)-1], Legs: full}
	ap := 0
	if s.Var(gOppMover) == 0 && canAct(s, f) {
		ap = f.Var(fAP)
	}
	mi.Allowance = int64(ap) * data.Dist.Move.U
	cost, pc, words := moveCost(s, f, full, known)
	mi.Length = pc.Length
	mi.Cost = int64(cost) * data.Dist.Move.U
	switch {
	case ap == 0:
		mi.Why = f.Name + " has no action points to move with now"
	case len(path) == 0:
		mi.Why = "a move needs a destination"
	case pc.Blocked >= 0:
		mi.Why = "the way is blocked by impassable ground"
	case cost > ap:
		mi.Why = "costs " + strconv.Itoa(cost) + " action points (" + words + "); " + f.Name + " has " + strconv.Itoa(ap)
	default:
		if why := standProblem(s, f.ID, mi.Stop); why != "" {
			mi.Why = why
			return mi
		}
		mi.OK = true
		mi.Why = strconv.Itoa(cost) + " action points: " + words
	}
	return mi
}

// wayTo is the way a figure at from takes to to and its cost: straight
// there, or, when that is blocked (into or out of a building), through
// the nearest door when there is a way; the legs begin at from. The
// terrain's answers for the last few ways asked are kept (ways), so that
// a move the random player has just measured is not worked out again
// when it is given; the legs handed out are always a new list.
func wayTo(ix *terrain.Index, r int64, from, to geom.Pt) ([]geom.Pt, terrain.PathCost) {
	k := wayKey{ix, r, from, to}
	ways.Lock()
	for i := range ways.w {
		if w := &ways.w[i]; w.k == k && w.n > 0 {
			full, pc := slices.Clone(w.legs[:w.n]), w.pc
			ways.Unlock()
			return full, pc
		}
	}
	ways.Unlock()
	full := []geom.Pt{from, to}
	pc := ix.PathCostDoors(full, r, allOpen)
	if pc.Blocked >= 0 {
		if route, ok := ix.RouteDoors(from, to, r, allOpen); ok {
			full = append([]geom.Pt{from}, route...)
			pc = ix.PathCostDoors(full, r, allOpen)
		}
	}
	if len(full) <= len(way{}.legs) {
		ways.Lock()
		w := &ways.w[ways.next]
		w.k, w.n, w.pc = k, copy(w.legs[:], full), pc
		ways.next = (ways.next + 1) % len(ways.w)
		ways.Unlock()
	}
	return full, pc
}

func applyMove(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Targets) > 0 || c.Arg != "" || c.Unit != 0 {
		return nil, fmt.Errorf("a move names one figure and its path: %q", c.String())
	}
	mi := moveInfo(s, f, c.Path)
	if !mi.OK {
		return nil, errors.New(mi.Why)
	}
	// The whole move is paid for when it is given: a mover stopped on the
	// way by opportunity fire is neutralised or worse, and has no points
	// left to use anyway.
	cost := int(mi.Cost / data.Dist.Move.U)
	f.SetVar(fAP, f.Var(fAP)-cost)
	f.SetVar(fMoved, phaseNo(s))
	s.SetVar(gMoveNo, s.Var(gMoveNo)+1)
	return goOn(s, f, mi.Legs, mi.Length, mi.Why), nil
}

// plural is one or many by n.
