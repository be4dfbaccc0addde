package e2e

import (
	"os"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/scenarios"
)

func TestZZDebug(t *testing.T) {
	over, n, counts := playHeadlessDbg(t, os.Getenv("ZZ")+".toml", 1, 3000)
	t.Log(over, n, counts)
}

func playHeadlessDbg(t *testing.T, name string, seed, max int) (bool, int, map[string]int) {
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
		g.pl = &played{g: gm, cmds: gm.Log, sf: &rules.SaveFile{}}
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
		nf := 0
		for _, l := range p.Legal {
			if len(l) > 4 && l[:4] == "fire" {
				nf++
			}
		}
		t.Logf("r%d %s d%d: %s (%d fire legal of %d)", gm.St.Round, gm.St.Phase, gm.St.Decider, pn.cmd, nf, len(p.Legal))
		if _, err := gm.Apply(pn.cmd); err != nil {
			continue // refused: tried, and not tried again this go
		}
		g.counts[pn.act.Kind+" "+pn.cmd.Verb]++
		if pn.act.Kind == rules.ActDrag {
			g.moves[key]++
		}
	}
	return gm.St.Over, len(gm.Log), g.counts
}
