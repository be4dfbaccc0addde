package game

import (
	"math/rand/v2"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
)

// In Maxim's opportunity fire, a firer picked and then a click on the
// mover's dashed path (the panel's "pick a firer and the point of the
// path") gives his shot there, as pressing his weapon's button first
// would; before, the click dropped the firer without a word.
func TestPathClickFiresThePickedFirer(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		g := shippedGame(t, "maxim-rue-principale.toml", seed)
		r := rand.New(rand.NewPCG(seed, 9))
		var last []rules.Event
		for step := 0; step < 400 && !g.St.Over; step++ {
			if g.St.Phase == "opportunity" {
				var shot *rules.Command
				for _, c := range g.Legal() {
					if c.Verb == "fire" && c.Fig != 0 && len(c.Path) == 1 {
						shot = &c
						break
					}
				}
				if shot != nil {
					a := &App{W: 1280, H: 800, speed: 8}
					b := newBattle(a, g, nil)
					b.shown = g.St.Active // the mover's side at the desk, the other side answering
					render(a, b)
					b.notePath(last)
					if !b.showPath() {
						t.Fatalf("seed %d: the mover's path is not shown in the opportunity window", seed)
					}
					b.sel.Mode, b.sel.Sel = view.Selected, shot.Fig
					n := len(g.Log)
					if !b.pathClickFire(a, shot.Path[0]) {
						t.Fatalf("seed %d: a click on the path with %v's firer picked was not taken", seed, shot)
					}
					if len(g.Log) != n+1 || g.Log[n].Verb != "fire" || g.Log[n].Fig != shot.Fig {
						t.Fatalf("seed %d: the click played %v (toast %q), want a shot of F%d", seed, g.Log[n:], a.toast, shot.Fig)
					}
					return
				}
			}
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			evs, err := g.Apply(c)
			if err != nil {
				t.Fatal(err)
			}
			last = evs
		}
	}
	t.Fatal("no seed reached an opportunity fire window with a shot at a point of the path")
}
