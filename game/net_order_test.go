package game

import (
	"math/rand/v2"
	"testing"

	"hedgerow/game/netplay"
	"hedgerow/rules"
)

// TestNetHostOrderListsNoHiddenTeam: the German host of the ambush reads
// the same order of play as a German joiner would, whoever decides: no
// entry for a British team the Germans do not know (the network
// play-test's host listed "2. unseen enemy team / 4. unseen enemy team"
// in its own go, telling how many hidden teams there are and when they
// act, while the joiner's list did not), and the entries the joiner's
// copy shows, in its order.
func TestNetHostOrderListsNoHiddenTeam(t *testing.T) {
	g, evs := shippedGameEvents(t, "smle-ambush.toml", 3)
	rs := g.RS
	base, err := rules.NewState(g.Scenario, g.St.Map)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1024, H: 640, speed: 1}
	b := newBattle(a, g, evs)
	local := sideNamed(g, "Germans")
	n := &netLink{host: true, local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1, connected: true}
	b.netJoin(n)
	ex := rs.(rules.Explainer)
	own, hiddenThere := 0, 0
	r := rand.New(rand.NewPCG(5, 6))
	for step := 0; step < 80 && !b.st().Over; step++ {
		v := rules.ViewOf(rs, b.st(), local)
		for _, u := range b.st().Units {
			if !v.Unit(u.ID) {
				hiddenThere++
			}
		}
		if b.explain == nil {
			t.Fatalf("step %d: no panel", step)
		}
		if b.st().Decider == local {
			own++
		}
		for i, o := range b.explain.Order {
			if o.Unit != 0 && !v.Unit(o.Unit) {
				t.Fatalf("step %d (deciding: %s): the Germans' order of play lists a team they do not know, at %d: %q",
					step, b.st().Sides[b.st().Decider].Name, i+1, b.orderLabel(i, o))
			}
		}
		sn := netplay.SnapshotOf(rs, b.st(), local)
		cp, err := sn.Apply(base)
		if err != nil {
			t.Fatal(err)
		}
		joiner := ex.Explain(cp)
		if len(joiner.Order) != len(b.explain.Order) {
			t.Fatalf("step %d: the host lists %d teams, a German joiner %d", step, len(b.explain.Order), len(joiner.Order))
		}
		for i := range joiner.Order {
			if joiner.Order[i].Label != b.explain.Order[i].Label {
				t.Fatalf("step %d: entry %d reads %q on the host, %q on a joiner", step, i+1, b.explain.Order[i].Label, joiner.Order[i].Label)
			}
		}
		c, ok := rules.RandomCommand(b.g, r)
		if !ok {
			break
		}
		b.netNote(a, netplay.Note{Kind: netplay.NApplied, Side: b.st().Decider, Cmd: c, At: len(b.g.Log)})
	}
	if own == 0 || hiddenThere == 0 {
		t.Fatalf("the Germans decided %d times with hidden teams counted %d times: the test shows nothing", own, hiddenThere)
	}
}
