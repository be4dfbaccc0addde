package netplay

import (
	"slices"

	"hedgerow/rules"
	"hedgerow/rules/all"
)

// Computer is the computer opponent (rules/ai) as a network player. It
// decides on its side's copy of the battle only (the Decision's Game,
// built from the side's snapshot: unseen enemies off the table, no dice),
// never on the host's state, and gives the best of its ranked choices
// that the host lists as legal and has not refused (Ranker). When its
// ranking has nothing usable, the random player decides instead.
type Computer struct {
	AI *all.Computer
	rk *ranker
	// own is the commands it has given and the host took, its memory of
	// what it did (the copy carries no log: the host's holds the other
	// side's commands too), so that it does not repeat itself.
	own []rules.Command
}

// NewComputerPlayer makes a computer player of that level.
func NewComputerPlayer(level all.ComputerLevel, seed uint64) *Computer {
	c := &Computer{AI: all.NewComputer(level, seed)}
	c.rk = &ranker{rank: c.rank, fallback: NewRandom(seed)}
	return c
}

func (c *Computer) rank(g *rules.Game) []rules.Command {
	ch := c.AI.Decide(g)
	out := make([]rules.Command, len(ch))
	for i, x := range ch {
		out[i] = x.Cmd
	}
	return out
}

// Fallbacks is how many decisions the random player made because the
// ranking had nothing usable; Failures is how many of them because the
// ranking failed on the side's copy (a rule set meeting missing
// information there).
func (c *Computer) Fallbacks() int { return c.rk.Fallbacks }

// Failures counts the decisions in which ranking failed on the copy.
func (c *Computer) Failures() int { return c.rk.Failures }

// Decide gives the computer's command for d.
func (c *Computer) Decide(d *Decision) (rules.Command, error) {
	if n := len(c.own); n > 0 && len(d.Refused) > 0 && d.Refused[len(d.Refused)-1].Cmd == c.own[n-1].String() {
		c.own = c.own[:n-1] // the host did not take it
	}
	d.Game.Log = slices.Clip(c.own)
	cmd, err := c.rk.Decide(d)
	if err == nil {
		c.own = append(c.own, cmd)
	}
	return cmd, err
}
