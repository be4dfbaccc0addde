package all_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/rules/save"
	"hedgerow/scenarios"
)

// TestPointsOffTheTableRefused (issue 25): on every shipped scenario, a
// command whose point lies beyond the table (a move, an aim point, a
// door or a line's end) is refused in plain words by Apply, Odds and
// MoveCheck, and the state is left as it was. Before, a point millions
// of inches away overflowed the rules' squared distances: a Firefight
// move left a figure with 4.7e15 action points, an S.M.L.E. path through
// such a point "moved 0\"", a 1/35th grenade thrown 1e12 inches landed
// where aimed.
func TestPointsOffTheTableRefused(t *testing.T) {
	names := scenarios.Names()
	far := []geom.Pt{
		{X: 4_000_000_000, Y: 8_000},          // four million inches east
		{X: 1_000_000_000_000_000, Y: 12_000}, // 1e12 inches
		{X: -5_000, Y: 10_000},                // just off the west edge
	}
	for _, name := range names {
		sc, m, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := all.Get(sc.RuleSet)
		g, _, err := rules.NewGame(rs, sc, m, 3)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 4))
		tried := 0
		for step := 0; step < 400 && tried == 0 && !g.St.Over; step++ {
			before, n := g.St.Hash(), len(g.Log)
			tried = tryOffTable(t, name, g, far)
			if g.St.Hash() != before || len(g.Log) != n {
				t.Fatalf("%s: a refused command changed the game", name)
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			_, _ = g.Apply(c)
		}
		if tried == 0 {
			t.Errorf("%s: no command with a point to try", name)
		}
	}
}

// tryOffTable gives each legal command with a point (up to 30 tries) its
// point moved off the table, and expects each refused.
func tryOffTable(t *testing.T, name string, g *rules.Game, far []geom.Pt) int {
	tried := 0
	for _, c := range g.Legal() {
		if c.Fig == 0 && len(c.Path) == 0 {
			continue
		}
		for _, p := range far {
			bad := c
			if len(c.Path) == 0 {
				if c.Verb != "move" {
					continue
				}
				bad.Path = []geom.Pt{p}
			} else {
				bad.Path = append(append([]geom.Pt(nil), c.Path[:len(c.Path)-1]...), p)
			}
			tried++
			if tried == 1 {
				replayOffTable(t, name, g, bad)
			}
			if _, err := g.Apply(bad); err == nil || !strings.Contains(err.Error(), "off the table") {
				t.Errorf("%s: %q was not refused as off the table: %v", name, bad, err)
			}
			if _, err := g.Odds(bad); err == nil || !strings.Contains(err.Error(), "off the table") {
				t.Errorf("%s: odds of %q: %v, want a refusal", name, bad, err)
			}
			if bad.Verb == "move" && bad.Fig != 0 {
				if mi := g.MoveCheck(bad.Fig, bad.Path); mi.OK || !strings.Contains(mi.Why, "off the table") {
					t.Errorf("%s: the tape for %q: ok %v, %q", name, bad, mi.OK, mi.Why)
				}
			}
		}
		if tried > 30 {
			break
		}
	}
	return tried
}

// replayOffTable: a save whose next command names a point off the table
// (as the crafted saves of issue 25 did, which replayed differently on
// amd64, arm64 and 386) stops at that command with the same words on
// every machine; make test-cross runs this test on all three.
func replayOffTable(t *testing.T, name string, g *rules.Game, bad rules.Command) {
	t.Helper()
	sf := save.Of(g)
	sf.Commands = append(sf.Commands, bad.String())
	sf.Hashes = append(sf.Hashes, strings.Repeat("0", rules.ShortHashLen))
	_, _, err := save.ReplayFile(sf, scenarios.FS, nil, all.Get)
	want := fmt.Sprintf("command %d: %q was refused: that point", len(sf.Commands), bad.String())
	if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "is off the table") {
		t.Errorf("%s: replaying a save ending in %q: %v", name, bad, err)
	}
}
