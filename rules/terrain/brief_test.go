package terrain

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"hedgerow/rules/geom"
)

// PathCostBrief (and pathBlockedDoors, RouteDoors's test of a leg) must give PathCostDoors's Length, Obstacles and Blocked on
// every path, and its BlockedAt whenever what blocks is not a building's
// wall: random paths of one to three legs across every shipped map, the
// doors open at random, many of them through or along walls.
func TestPathCostBriefAgrees(t *testing.T) {
	fsys := os.DirFS("../../maps")
	names, _ := fs.Glob(fsys, "*.toml")
	rng := rand.New(rand.NewPCG(7, 35))
	walls, stops := 0, 0
	for _, name := range names {
		m, err := Load(fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		ix := NewIndex(m)
		ds := ix.Doors()
		for try := 0; try < 600; try++ {
			var shut []DoorRef
			for _, d := range ds {
				if rng.IntN(2) == 0 {
					shut = append(shut, d)
				}
			}
			open := func(d DoorRef) bool { return !slices.Contains(shut, d) }
			// start near a door half the time, so paths meet walls and gaps
			var p geom.Pt
			if len(ds) > 0 && rng.IntN(2) == 0 {
				p = ix.doorSide(ds[rng.IntN(len(ds))], 500, rng.IntN(2) == 0)
			} else {
				p = geom.Pt{X: rng.Int64N(m.Width), Y: rng.Int64N(m.Height)}
			}
			path := []geom.Pt{p}
			for k := rng.IntN(3); k >= 0; k-- {
				p = p.Add(geom.Pt{X: rng.Int64N(16001) - 8000, Y: rng.Int64N(16001) - 8000})
				path = append(path, p)
			}
			r := []int64{0, 500, 625}[rng.IntN(3)]
			full := ix.PathCostDoors(path, r, open)
			brief := ix.PathCostBrief(path, r, open)
			if brief.Length != full.Length || !slices.Equal(brief.Obstacles, full.Obstacles) || brief.Blocked != full.Blocked {
				t.Fatalf("%s %v r %d: brief %+v, full %+v", name, path, r, brief, full)
			}
			if b := ix.pathBlockedDoors(path, r, open); b != full.Blocked {
				t.Fatalf("%s %v r %d: pathBlockedDoors %d, PathCostDoors blocked by %d", name, path, r, b, full.Blocked)
			}
			if full.Blocked >= 0 && ix.Enterable(full.Blocked) {
				walls++
				continue
			}
			if full.Blocked >= 0 {
				stops++
			}
			if brief.BlockedAt != full.BlockedAt {
				t.Fatalf("%s %v r %d: brief stops at %v, full at %v (blocked by %d)", name, path, r, brief.BlockedAt, full.BlockedAt, full.Blocked)
			}
		}
	}
	t.Logf("%d paths met a wall, %d other impassable terrain", walls, stops)
	if walls < 100 || stops < 20 {
		t.Errorf("only %d paths met a wall and %d other impassable terrain: the test proves little", walls, stops)
	}
}

// wallNear passes over walls by their boxes before the exact test: on
// small random segments (so that walls lying exactly r away, and just
// beyond, are common) it answers geom.SegsWithin's strict test.
func TestWallNearAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 7))
	pt := func() geom.Pt { return geom.Pt{X: rng.Int64N(21), Y: rng.Int64N(21)} }
	near, passed := 0, 0
	for try := 0; try < 200000; try++ {
		w, s := geom.Seg{A: pt(), B: pt()}, geom.Seg{A: pt(), B: pt()}
		r := 1 + rng.Int64N(6)
		want := geom.SegsWithin(w, s, r, true)
		if got := wallNear(w, s, r, segBox(s, r)); got != want {
			t.Fatalf("wall %v, leg %v, r %d: wallNear %v, SegsWithin %v", w, s, r, got, want)
		}
		if want {
			near++
		} else {
			passed++
		}
	}
	if near < 1000 || passed < 1000 {
		t.Errorf("%d walls near and %d not: the test proves little", near, passed)
	}
}
