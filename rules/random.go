package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// moveTries is how many random destinations the random player tries for
// one move before giving up on it.
const moveTries = 12

// RandomCommand picks a random legal command for the deciding side. A move
// listed without a path gets a random destination within the figure's
// allowance that the rule set's MoveCheck accepts, so it works with any
// rule set. ok is false when nothing is legal.
func RandomCommand(g *Game, r *rand.Rand) (Command, bool) {
	legal := randomCandidates(g)
	if len(legal) == 0 {
		return Command{}, false
	}
	order := r.Perm(len(legal))
	for _, i := range order {
		c := legal[i]
		if needsPath(c) {
			p, ok := randomDestination(g, c.Fig, r)
			if !ok {
				continue
			}
			c.Path = []geom.Pt{p}
		}
		return c, true
	}
	return Command{}, false
}

// RandomUntil plays random commands (RandomCommand) until the game offers
// a command want takes, at most most of them, and gives that command (a
// test's way to reach a state where something is on offer: a turret to
// turn, a door to open). false when none came up.
func RandomUntil(g *Game, r *rand.Rand, most int, want func(Command) bool) (Command, bool) {
	for step := 0; step <= most && !g.St.Over; step++ {
		for _, c := range g.Legal() {
			if want(c) {
				return c, true
			}
		}
		if step == most {
			break
		}
		c, ok := RandomCommand(g, r)
		if !ok {
			break
		}
		g.Apply(c)
	}
	return Command{}, false
}

func needsPath(c Command) bool { return c.Verb == "move" && len(c.Path) == 0 && c.Fig != 0 }

// randomDestination picks a point within the figure's allowance (uniform
// over the disc) that MoveCheck accepts.
func randomDestination(g *Game, fig FigID, r *rand.Rand) (geom.Pt, bool) {
	f := g.St.Fig(fig)
	if f == nil {
		return geom.Pt{}, false
	}
	// MoveCheck only measures (TestMoveCheckChangesNothing holds every
	// rule set to it), so one copy of the state serves every try; the
	// headless player's own game (PlayRandom), whose state no one else
	// sees, is measured as it stands, with no copy at all
	s := g.St
	if g.pool == nil {
		s = g.probe.load(g.St)
	}
	allow := g.RS.MoveCheck(s, fig, []geom.Pt{f.Pos}).Allowance
	if allow <= 0 {
		return geom.Pt{}, false
	}
	for try := 0; try < moveTries; try++ {
		dx := r.Int64N(2*allow+1) - allow
		dy := r.Int64N(2*allow+1) - allow
		if dx*dx+dy*dy > allow*allow || (dx == 0 && dy == 0) {
			continue
		}
		p := geom.Pt{X: f.Pos.X + dx, Y: f.Pos.Y + dy}
		if mi := g.RS.MoveCheck(s, fig, []geom.Pt{p}); mi.OK {
			return p, true
		}
	}
	return geom.Pt{}, false
}

// PlayRandom plays a whole game with random legal commands for both sides
// (the headless random player), stopping when the game is over. It fails
// if the game is not over after maxCommands commands or if no legal
// command is accepted.
func PlayRandom(rs RuleSet, sc *Scenario, m *terrain.Map, seed uint64, maxCommands int) (*Game, error) {
	g, _, err := NewGame(rs, sc, m, seed)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed^0x5851f42d4c957f2d, seed+1))
	// no one holds this game's states while it plays: recycle them
	g.pool = getStatePool()
	vs, ok := rs.(VarsBySetter)
	g.pool.shareAll = ok && vs.VarsBySetter()
	if n := g.pool.logHint; n > 0 {
		// room for about the last game's length, in one allocation
		n = min(n+n/4, maxCommands)
		g.Log, g.Hashes = make([]Command, 0, n), make([]string, 0, n/HashEvery)
	}
	defer func() {
		g.pool.logHint = len(g.Log)
		g.pool.release()
		g.pool = nil
	}()
	for len(g.Log) < maxCommands && !g.St.Over {
		if err := stepRandom(g, r); err != nil {
			return g, fmt.Errorf("after %d commands: %v", len(g.Log), err)
		}
	}
	if !g.St.Over {
		return g, fmt.Errorf("the game is not over after %d commands", maxCommands)
	}
	return g, nil
}

// stepRandom applies one random command, trying others when the rule set
// refuses one.
func stepRandom(g *Game, r *rand.Rand) error {
	legal := randomCandidates(g)
	if len(legal) == 0 {
		return errors.New("the deciding side has no legal command")
	}
	var last error
	for _, i := range perm(g, r, len(legal)) {
		c := legal[i]
		if needsPath(c) {
			p, ok := randomDestination(g, c.Fig, r)
			if !ok {
				continue
			}
			c.Path = []geom.Pt{p}
		}
		if _, err := g.Apply(c); err != nil {
			last = fmt.Errorf("%s: %v", c, err)
			continue
		}
		return nil
	}
	if last == nil {
		last = errors.New("no move found a legal destination and nothing else is legal")
	}
	return fmt.Errorf("every legal command was refused (last: %v)", last)
}

// randomCandidates is what the random player chooses among: the legal
// commands less those aimed at a bare point of the table (a turn to face,
// a shot at the ground), which it does not attempt.
func randomCandidates(g *Game) []Command {
	var legal, kept []Command
	if la, ok := g.RS.(LegalAppender); ok && g.pool != nil {
		// the headless player's own game: the last command's list is done
		// with, so the rule set lists into it and it is filtered in place
		if !g.St.Over {
			legal = la.AppendLegal(g.pool.cand[:0], g.St)
		}
		g.pool.cand = legal
		kept = legal[:0]
	} else {
		legal = g.Legal()
		if g.pool != nil {
			kept = slices.Grow(g.pool.cand[:0], len(legal))
			defer func() { g.pool.cand = kept }()
		} else {
			kept = make([]Command, 0, len(legal)) // one allocation, not a growing list
		}
	}
	for _, c := range legal {
		// a command with a path or targets is kept whatever its kind, so
		// only the others ask the rule set for their kind
		if len(c.Path) == 0 && len(c.Targets) == 0 {
			if k := actionKind(g.RS, g.St, c); k == ActPoint || k == ActLine {
				continue
			}
		}
		kept = append(kept, c)
	}
	return kept
}

// perm is r.Perm(n), drawing the same numbers in the same order (Perm is
// the identity shuffled by Shuffle), into a slice the headless player's
// game reuses from one command to the next.
func perm(g *Game, r *rand.Rand, n int) []int {
	if g.pool == nil {
		return r.Perm(n)
	}
	p := slices.Grow(g.pool.perm[:0], n)[:n]
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	g.pool.perm = p
	return p
}

// Recycle lets the game reuse the states Apply lets go of, for a player
// that keeps none of them (a replay reading a save); call stop when done,
// before the game is handed on to anyone who may keep its states.
func (g *Game) Recycle() (stop func()) {
	g.pool = getStatePool()
	vs, ok := g.RS.(VarsBySetter)
	g.pool.shareAll = ok && vs.VarsBySetter()
	return func() {
		g.pool.release()
		g.pool = nil
	}
}
