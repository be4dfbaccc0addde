package e2e

import (
	"os"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/scenarios"
)

// The games the end-to-end tests play by mouse, played headless by the
// same player (its choices applied straight to the rules, drags on a
// 20-pixel inch): each ends within a few dozen commands, so the windowed
// game stays lean. A rules change that makes one drag on fails here in a
// second, not after minutes of clicking: pick another seed with
// HEDGEROW_E2E_SCAN (below).
func TestAnyPlayerGamesStayShort(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		seed     int
	}{{anyFirefight, anyFirefightSeed}, {anyMaxim, anyMaximSeed}, {anySkirmish35, anySkirmish35Seed}} {
		over, n, counts := playHeadless(t, tc.scenario, tc.seed, 400)
		t.Logf("%s seed %d: over %v after %d commands %v", tc.scenario, tc.seed, over, n, counts)
		if !over || n > 45 {
			t.Errorf("%s seed %d: over %v after %d commands %v; the end-to-end game wants at most 45", tc.scenario, tc.seed, over, n, counts)
		}
	}
}

// TestAnyPlayerScan plays the scenario named by HEDGEROW_E2E_SCAN
// headless with seeds 1 to 40 and logs how long each game is: the way to
// choose a short seed for an end-to-end game. Skipped when unset.
func TestAnyPlayerScan(t *testing.T) {
	name := os.Getenv("HEDGEROW_E2E_SCAN")
	if name == "" {
		t.Skip("set HEDGEROW_E2E_SCAN to a shipped scenario to list its games' lengths by seed")
	}
	if !strings.HasSuffix(name, ".toml") {
		name += ".toml"
	}
	for seed := 1; seed <= 40; seed++ {
		over, n, counts := playHeadless(t, name, seed, 3000)
		t.Logf("%s seed %d: over %v, %d commands %v", name, seed, over, n, counts)
	}
}

// playHeadless plays a scenario with the any-rules player's choices
// applied to the rules directly, at most max commands.
func playHeadless(t *testing.T, name string, seed, max int) (bool, int, map[string]int) {
	t.Helper()
	sc, m, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := all.Get(sc.RuleSet)
	if !ok {
		t.Fatalf("%s: no rule set %q", name, sc.RuleSet)
	}
	gm, _, err := rules.NewGame(rs, sc, m, uint64(seed))
	if err != nil {
		t.Fatal(err)
	}
	const perInch = 20
	g := &anyPlayer{fullGame: &fullGame{rig: &rig{t: t}, perInch: perInch}, tried: map[string]bool{}, moves: map[string]int{}, counts: map[string]int{}}
	for step := 0; step < 3*max && len(gm.Log) < max && !gm.St.Over; step++ {
		g.pl = &played{g: gm, cmds: gm.Log, sf: &all.SaveFile{}}
		p := probeInfo{Figures: map[string][3]float64{}}
		for i := range gm.St.Figures {
			if f := &gm.St.Figures[i]; !f.Removed {
				x, y := inches(f.Pos)
				p.Figures[figKey(f.ID)] = [3]float64{x * perInch, y * perInch, float64(f.Side)}
			}
		}
		for _, c := range gm.Legal() {
			a := rules.ActionOf(rs, gm.St, c)
			p.Legal = append(p.Legal, c.String())
			p.Acts = append(p.Acts, probeAct{Kind: a.Kind, Label: a.Label, Group: a.Group})
		}
		key := goKey(g.pl)
		pn, ok := g.decide(p)
		if !ok {
			t.Fatalf("%s seed %d: the player finds nothing to do among %q", name, seed, p.Legal)
		}
		g.note(p, key, pn)
		if _, err := gm.Apply(pn.cmd); err != nil {
			continue // refused: tried, and not tried again this go
		}
		g.counts[pn.act.Kind+" "+pn.cmd.Verb]++
		if pn.act.Kind == rules.ActDrag && pn.cmd.Fig != 0 {
			g.moves[key]++
		}
	}
	return gm.St.Over, len(gm.Log), g.counts
}
