package ai_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/ai"
	"hedgerow/rules/geom"
)

// endOnOffer says whether the deciding side may end or pass now.
func endOnOffer(g *rules.Game) bool {
	for _, c := range g.Legal() {
		if c.Verb == "end" || c.Verb == "pass" {
			return true
		}
	}
	return false
}

// A shot that can only miss is no better than passing: the computer does
// not take one while it may end or pass instead (it took a dozen in a
// game of ssg-woods-sections: "it cannot hit, but it is the best on
// offer").
func TestNoHopelessShotWhenItMayPass(t *testing.T) {
	hopeless := 0
	for _, name := range []string{"ssg-woods-sections", "smle-farmhouse-rearguard"} {
		for seed := uint64(1); seed <= 2; seed++ {
			g := newGame(t, name, seed)
			p := ai.New(ai.Normal, seed)
			r := rand.New(rand.NewPCG(seed, 7))
			for step := 0; step < 400 && !g.St.Over; step++ {
				if g.St.Decider == 1 {
					c, ok := rules.RandomCommand(g, r)
					if !ok {
						break
					}
					if _, err := g.Apply(c); err != nil {
						for _, c := range g.Legal() {
							if len(c.Path) == 0 && c.Verb != "move" {
								if _, err := g.Apply(c); err == nil {
									break
								}
							}
						}
					}
					continue
				}
				ch := p.Decide(g)
				if len(ch) == 0 {
					break
				}
				if strings.Contains(ch[0].Why, "cannot hit") && endOnOffer(g) {
					hopeless++
					t.Errorf("%s seed %d: %s (%s) while it may end or pass", name, seed, ch[0].Cmd, ch[0].Why)
				}
				if _, _, _, err := p.Play(g); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if hopeless > 0 {
		t.Logf("%d hopeless shots", hopeless)
	}
}

// S.M.L.E.'s reluctant rearguard falls back or breaks straight away from
// the enemy, and a man driven off the table is lost: most of the men the
// computer lost in smle-farmhouse-rearguard went that way, after it had
// stepped them back towards the edge behind them. With a team 3" from
// that edge (a fall back of half a move takes it off) and no enemy within
// reach, the move it ranks best for each of its men takes him away from
// the edge.
func TestStepsAwayFromTheEdgeBehind(t *testing.T) {
	g := newGame(t, "smle-farmhouse-rearguard", 2)
	// end each go until a rearguard team outside the farmhouse is the
	// one to act, standing and free to move
	var team rules.UnitID
	for step := 0; step < 60 && !g.St.Over; step++ {
		if g.St.Decider == 1 {
			if u := rules.UnitID(g.St.Var("cur")); u == 3 || u == 4 {
				moves := false
				for _, c := range g.Legal() {
					if c.Verb == "move" && g.St.Fig(c.Fig).Posture == rules.Standing {
						moves = true
					}
				}
				if moves {
					team = u
					break
				}
			}
		}
		done := false
		for _, c := range g.Legal() {
			if c.Verb == "end" || c.Verb == "pass" {
				if _, err := g.Apply(c); err == nil {
					done = true
					break
				}
			}
		}
		if !done {
			t.Fatalf("no end or pass on offer: %v", g.Legal())
		}
	}
	if team == 0 {
		t.Fatal("no rearguard team outside the farmhouse came to act")
	}
	h := g.St.Map.Height
	men := map[rules.FigID]int64{}
	x := int64(14_000)
	for i := range g.St.Figures {
		f := &g.St.Figures[i]
		if f.Unit == team && !f.Removed {
			f.Pos = geom.Pt{X: x, Y: h - 3_000}
			men[f.ID] = f.Pos.Y
			x += 1_500
		}
	}
	// the rearguard is a man ahead (it need not close with the enemy)
	for i := range g.St.Figures {
		if f := &g.St.Figures[i]; f.Side == 0 && !f.Removed {
			f.Removed = true
			g.St.Sides[0].Losses++
			break
		}
	}
	p := ai.New(ai.Normal, 5)
	ch := p.Decide(g)
	best := map[rules.FigID]rules.Command{}
	for _, c := range ch {
		if c.Cmd.Verb == "move" && len(c.Cmd.Path) > 0 {
			if _, ok := men[c.Cmd.Fig]; ok {
				if _, seen := best[c.Cmd.Fig]; !seen {
					best[c.Cmd.Fig] = c.Cmd
				}
			}
		}
	}
	if len(best) == 0 {
		t.Fatalf("no move offered to team %d: %v", team, choices(ch))
	}
	for id, c := range best {
		if end := c.Path[len(c.Path)-1]; end.Y >= men[id] {
			t.Errorf("the best move for F%d, %s, does not take him away from the edge behind him (from y %d to %d)", id, c, men[id], end.Y)
		}
	}
}
