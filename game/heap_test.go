package game

import (
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// BenchmarkBattleHeap opens the battle of the largest shipped scenario
// (S.M.L.E. Platoon Attack) as the game does, draws it through App.Draw
// until every terrain tile on screen is painted, then reports the Go heap
// in use after a collection (heap-MB: live objects; heap-sys-MB: what
// the heap holds from the system). The pixels of images live in the
// graphics driver, not in the Go heap.
//
// One battle whatever b.N (more would count the earlier battles' images
// until they are collected); run it on its own, not after the other
// draw benchmarks, for the same reason:
//
//	xvfb-run -a go test -run '^$' -bench BattleHeap -benchtime 1x ./game/
func BenchmarkBattleHeap(b *testing.B) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "smle-platoon-attack.toml", content.MapsFS)
	if err != nil {
		b.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	var live, sys uint64
	for i := 0; i < b.N; i++ {
		if i > 0 {
			continue
		}
		g, evs, err := rules.NewGame(rs, sc, m, 7)
		if err != nil {
			b.Fatal(err)
		}
		a := &App{W: 1280, H: 800, speed: 1}
		bt := newBattle(a, g, evs)
		a.scene = bt
		dst := ebiten.NewImage(1280, 800)
		for f := 0; f < 40; f++ {
			a.idle.redraw = redrawFrames
			_ = a.scene.Update(a, 1.0/60)
			a.Draw(dst)
			dst.At(0, 0) // the frame ends: Ebiten flushes its command queue
			if f > 3 && !bt.tv.art.Incomplete {
				break
			}
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		live, sys = ms.HeapAlloc, ms.HeapSys
		runtime.KeepAlive(bt)
		dst.Deallocate()
	}
	b.ReportMetric(float64(live)/(1<<20), "heap-MB")
	b.ReportMetric(float64(sys)/(1<<20), "heap-sys-MB")
}
