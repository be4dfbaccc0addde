package netplay

import (
	"errors"
	"math/rand/v2"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// Decision is what a player is given when its side decides: its own
// working copy of the battle (built from its side's snapshot, so it holds
// only what the side may know and no dice), the legal commands, and the
// commands already refused for this decision (with the host's reasons).
type Decision struct {
	Side    int
	Game    *rules.Game // the side's copy: Legal, MoveCheck and Odds on it see only the side's view
	Legal   []rules.Command
	Refused []Refused
}

// Player chooses a command for its side. The random player is here; the
// computer opponent plugs in through the same interface (see NewPlayer).
type Player interface {
	Decide(d *Decision) (rules.Command, error)
}

// NewPlayer makes a player by name: "random", "computer" (the computer
// opponent at Normal; also "computer:normal") or "computer:hard".
func NewPlayer(kind string, seed uint64) (Player, error) {
	switch kind {
	case "random":
		return NewRandom(seed), nil
	case "computer", "computer:normal":
		return NewComputerPlayer(all.Normal, seed), nil
	case "computer:hard":
		return NewComputerPlayer(all.Hard, seed), nil
	}
	return nil, errors.New(`a player is "computer", "computer:hard" or "random", not "` + clip(kind) + `"`)
}

// Random picks a random legal command, with its own seeded stream (never
// the game's dice), looking only at its side's copy of the battle. A move
// listed without a path gets a random destination within the figure's
// allowance that MoveCheck on the copy accepts. Commands aimed at a bare
// point of the table are left alone, as rules.RandomCommand does.
type Random struct{ r *rand.Rand }

// NewRandom is a random player seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{r: rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc908))}
}

// moveTries is how many destinations the random player tries per move.
const moveTries = 12

// Decide picks a command. After refusals it avoids the commands refused
// (a move is tried again with another destination), and once more than a
// few were refused it prefers to end or pass.
func (p *Random) Decide(d *Decision) (rules.Command, error) {
	refused := map[string]bool{}
	for _, r := range d.Refused {
		refused[r.Cmd] = true
	}
	var cands []rules.Command
	for _, c := range d.Legal {
		if len(c.Path) == 0 && len(c.Targets) == 0 {
			if k := rules.ActionOf(d.Game.RS, d.Game.St, c).Kind; k == rules.ActPoint || k == rules.ActLine {
				continue
			}
		}
		if !needsPath(c) && refused[c.String()] {
			continue
		}
		cands = append(cands, c)
	}
	if len(d.Refused) > 8 {
		for _, c := range cands {
			if c.Verb == "end" || c.Verb == "pass" {
				return c, nil
			}
		}
	}
	for _, i := range p.r.Perm(len(cands)) {
		c := cands[i]
		if needsPath(c) {
			pt, ok := p.destination(d.Game, c.Fig)
			if !ok {
				continue
			}
			c.Path = []geom.Pt{pt}
		}
		return c, nil
	}
	return rules.Command{}, errors.New("the random player found nothing it could do")
}

func needsPath(c rules.Command) bool { return c.Verb == "move" && len(c.Path) == 0 && c.Fig != 0 }

// destination is a point within the figure's allowance (uniform over the
// disc) that MoveCheck on the side's copy accepts.
func (p *Random) destination(g *rules.Game, fig rules.FigID) (pt geom.Pt, ok bool) {
	defer func() {
		// a rule set meeting the copy's missing dice or variables in a
		// way it never meets in play: no destination for this figure
		if recover() != nil {
			pt, ok = geom.Pt{}, false
		}
	}()
	f := g.St.Fig(fig)
	if f == nil {
		return geom.Pt{}, false
	}
	allow := g.MoveCheck(fig, []geom.Pt{f.Pos}).Allowance
	if allow <= 0 {
		return geom.Pt{}, false
	}
	for try := 0; try < moveTries; try++ {
		dx := p.r.Int64N(2*allow+1) - allow
		dy := p.r.Int64N(2*allow+1) - allow
		if dx*dx+dy*dy > allow*allow || (dx == 0 && dy == 0) {
			continue
		}
		pt := geom.Pt{X: f.Pos.X + dx, Y: f.Pos.Y + dy}
		if g.MoveCheck(fig, []geom.Pt{pt}).OK {
			return pt, true
		}
	}
	return geom.Pt{}, false
}

// Ranker makes a player of a ranking of commands, best first, worked out
// on the side's copy of the battle (the computer opponent's way). It
// gives the best ranked command that the host lists as legal (a move of a
// figure whose move is listed, with the ranking's own path) and that has
// not been refused for this decision. When the ranking has none such, or
// the ranking fails on the copy (which has no dice and none of the rule
// set's game-level variables), the random player decides instead.
func Ranker(rank func(g *rules.Game) []rules.Command, seed uint64) Player {
	return &ranker{rank: rank, fallback: NewRandom(seed)}
}

type ranker struct {
	rank     func(g *rules.Game) []rules.Command
	fallback *Random
	// Fallbacks counts the decisions the random player made instead;
	// Failures those of them in which the ranking failed on the copy.
	Fallbacks, Failures int
}

func (p *ranker) Decide(d *Decision) (rules.Command, error) {
	if c, ok := p.best(d); ok {
		return c, nil
	}
	p.Fallbacks++
	return p.fallback.Decide(d)
}

func (p *ranker) best(d *Decision) (c rules.Command, ok bool) {
	defer func() {
		if recover() != nil {
			p.Failures++
			ok = false
		}
	}()
	legal := map[string]bool{}
	moves := map[rules.FigID]bool{}
	for _, l := range d.Legal {
		if needsPath(l) {
			moves[l.Fig] = true
		}
		legal[l.String()] = true
	}
	refused := map[string]bool{}
	for _, r := range d.Refused {
		refused[r.Cmd] = true
	}
	for _, c := range p.rank(d.Game) {
		s := c.String()
		if refused[s] || needsPath(c) {
			continue
		}
		if legal[s] || c.Verb == "move" && len(c.Path) > 0 && moves[c.Fig] {
			return c, true
		}
	}
	return rules.Command{}, false
}
