package game

import (
	"math/rand/v2"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
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

// Aiming a Panzerschreck at the Sherman that had just driven, the card
// at a point of its hull off the drive said "that point is not on the
// path", and a click there fired at the path beside it, with no odds
// shown (play-test 10). The card shows the shot the click gives: at the
// nearest point of the path the rules take, with its odds.
func TestVehicleAimCardIsTheShotTheClickGives(t *testing.T) {
	g := shippedGame(t, "maxim-armour-crossroads.toml", 1)
	v := &g.St.Vehicles[0]
	drive := rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{{X: v.Pos.X + geom.In(3), Y: v.Pos.Y}}, Arg: rules.VehicleArg{ID: v.ID}.String()}
	evs, err := g.Apply(drive)
	if err != nil {
		t.Fatal(err)
	}
	a, b := deciderTable(g)
	b.refresh()
	b.notePath(evs)
	if !b.showPath() {
		t.Fatal("the drive's path is not shown")
	}
	tried := 0
	for _, c := range b.legal {
		act := b.action(c)
		if c.Fig == 0 || len(c.Path) != 1 || act.Kind != rules.ActAim {
			continue
		}
		b.sel.Mode, b.sel.Sel = view.Selected, c.Fig
		if !b.beginAim(c, act) {
			continue
		}
		// a point of the hull beside the drive's end, off its path
		end := b.mover.path[len(b.mover.path)-1]
		pt := geom.Pt{X: end.X, Y: end.Y + geom.In(1)}
		if b.vehAt(pt) == 0 || b.g.Refusal(b.hullShot(pt)) == nil {
			b.sel.Escape()
			continue
		}
		tried++
		b.vehAimUpdate(pt)
		if b.vaim == nil || b.vaim.err != nil {
			t.Fatalf("%s aiming at %v: card %+v", c, pt, b.vaim)
		}
		want := b.vaim.cmd.String()
		n := len(g.Log)
		if !b.aimAtVehicle(a, pt) || len(g.Log) != n+1 || g.Log[n].String() != want {
			t.Fatalf("the card showed %s; the click gave %v (%q)", want, g.Log[n:], a.toast)
		}
		return
	}
	if tried == 0 {
		t.Fatal("no shot at the Sherman to aim")
	}
}
