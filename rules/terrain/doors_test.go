package terrain

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"hedgerow/rules/geom"
)

// A 40"x30" table with one house, (10,10)-(20,16): a front door on the
// south wall at (15,16) (door 0) and a back door on the north wall at
// (12,10) (door 1); and a shed (30,10)-(34,14) with no door.
const (
	dHouse = iota
	dShed
)

func doorTable() *Index {
	k, _ := KindByName("building")
	m := &Map{Name: "doors", Width: geom.In(40), Height: geom.In(30), Pieces: []Piece{
		{Kind: "building", Name: "House", Props: k.Props, Poly: sq(10, 10, 20, 16), Doors: []geom.Pt{geom.P(15, 16), geom.P(12, 10)}},
		{Kind: "building", Name: "Shed", Props: k.Props, Poly: sq(30, 10, 34, 14)},
	}}
	for i := range m.Pieces {
		m.Pieces[i].ID = i
	}
	return NewIndex(m)
}

func openOnly(ds ...DoorRef) Open {
	return func(d DoorRef) bool { return slices.Contains(ds, d) }
}

var front, back = DoorRef{dHouse, 0}, DoorRef{dHouse, 1}

func TestDoorGaps(t *testing.T) {
	ix := doorTable()
	if !ix.Enterable(dHouse) || ix.Enterable(dShed) {
		t.Fatalf("enterable: house %v shed %v; want true false", ix.Enterable(dHouse), ix.Enterable(dShed))
	}
	if g := ix.DoorGap(front); g != (geom.Seg{A: geom.P(15.75, 16), B: geom.P(14.25, 16)}) && g != (geom.Seg{A: geom.P(14.25, 16), B: geom.P(15.75, 16)}) {
		t.Errorf("front door gap %v, want 14.25..15.75 on y=16", g)
	}
	if got := ix.Doors(); !slices.Equal(got, []DoorRef{front, back}) {
		t.Errorf("Doors() = %v", got)
	}
	if d, ok := ParseDoorRef(back.String()); !ok || d != back || back.String() != "0.1" {
		t.Errorf("door ref round trip: %q -> %v %v", back.String(), d, ok)
	}
	for _, bad := range []string{"", "1", "a.b", "1.-2", "1.2.3"} {
		if _, ok := ParseDoorRef(bad); ok {
			t.Errorf("ParseDoorRef(%q) accepted", bad)
		}
	}
	if got := ix.InsideBuilding(geom.P(15, 13)); got != dHouse {
		t.Errorf("inside the house: %d", got)
	}
	if got := ix.InsideBuilding(geom.P(15, 16)); got != -1 {
		t.Errorf("on the wall is not inside: %d", got)
	}
	if got := ix.InsideBuilding(geom.P(32, 12)); got != -1 {
		t.Errorf("a shed without doors is not enterable: %d", got)
	}
}

func TestWalkInThroughOpenDoor(t *testing.T) {
	ix := doorTable()
	path := []geom.Pt{geom.P(15, 20), geom.P(15, 13)}
	pc := ix.PathCostDoors(path, 500, openOnly(front))
	if pc.Blocked != -1 {
		t.Fatalf("through the open front door: blocked by %d at %v", pc.Blocked, pc.BlockedAt)
	}
	if !slices.Equal(pc.Doors, []DoorRef{front}) || pc.Length != 7000 {
		t.Errorf("doors %v length %d; want [front] 7000", pc.Doors, pc.Length)
	}
	if ok, why := ix.CanStandDoors(geom.Circle{C: geom.P(15, 13), R: 500}, openOnly(front)); !ok {
		t.Errorf("standing inside: %s", why)
	}
	// Inside with every door shut is still a place to stand (a garrison).
	if ok, why := ix.CanStandDoors(geom.Circle{C: geom.P(15, 13), R: 500}, nil); !ok {
		t.Errorf("standing inside, doors shut: %s", why)
	}
	// The plain model keeps the house solid.
	if ok, _ := ix.CanStand(geom.Circle{C: geom.P(15, 13), R: 500}); ok {
		t.Error("CanStand lets a base inside a house")
	}

	// Shut, the wall stops the base with its edge touching it.
	pc = ix.PathCostDoors(path, 500, openOnly(back))
	if pc.Blocked != dHouse || pc.BlockedAt != geom.P(15, 16.5) {
		t.Errorf("closed front door: blocked by %d at %v; want %d at (15,16.5)", pc.Blocked, pc.BlockedAt, dHouse)
	}
	if got := ix.FurthestAlongDoors(geom.P(15, 20), geom.P(15, 13), 500, 10000, 2, nil); got != geom.P(15, 16.5) {
		t.Errorf("FurthestAlongDoors shut = %v", got)
	}
	if got := ix.FurthestAlongDoors(geom.P(15, 20), geom.P(15, 13), 500, 10000, 2, openOnly(front)); got != geom.P(15, 13) {
		t.Errorf("FurthestAlongDoors open = %v", got)
	}
	if got := ix.FurthestAlongDoors(geom.P(15, 20), geom.P(15, 13), 500, 5000, 2, openOnly(front)); got != geom.P(15, 15) {
		t.Errorf("FurthestAlongDoors 5\" allowance = %v", got)
	}
}

func TestDoorJambs(t *testing.T) {
	ix := doorTable()
	open := openOnly(front)
	// The gap runs 14.25..15.75: a 1" base (r 0.5) fits only dead centre
	// give or take a quarter inch.
	cases := []struct {
		name string
		c    geom.Pt
		ok   bool
	}{
		{"across the gap, centred", geom.P(15, 16), true},
		{"across the gap, touching the jamb", geom.P(15.25, 16), true},
		{"across the gap, into the jamb", geom.P(15.26, 16), false},
		{"across the wall beside the gap", geom.P(17, 16), false},
		{"touching the wall from outside", geom.P(17, 16.5), true},
		{"touching the wall from inside", geom.P(17, 15.5), true},
	}
	for _, c := range cases {
		if ok, why := ix.CanStandDoors(geom.Circle{C: c.c, R: 500}, open); ok != c.ok {
			t.Errorf("%s: ok=%v (%s), want %v", c.name, ok, why, c.ok)
		} else if !ok && !strings.Contains(why, `wall of the building "House"`) {
			t.Errorf("%s: why %q", c.name, why)
		}
	}
	// A slanting line that clips the jamb beside the gap is blocked; the
	// straight one is not.
	if pc := ix.PathCostDoors([]geom.Pt{geom.P(17, 20), geom.P(14.6, 13)}, 500, open); pc.Blocked != dHouse {
		t.Errorf("clipping the jamb: blocked %d", pc.Blocked)
	}
	// The shed has no door: wholly solid for the Doors functions too.
	if ok, _ := ix.CanStandDoors(geom.Circle{C: geom.P(32, 12), R: 500}, func(DoorRef) bool { return true }); ok {
		t.Error("standing inside a shed without doors")
	}
	if pc := ix.PathCostDoors([]geom.Pt{geom.P(32, 20), geom.P(32, 12)}, 500, func(DoorRef) bool { return true }); pc.Blocked != dShed {
		t.Errorf("walking into the shed: blocked %d", pc.Blocked)
	}
}

func TestRouteDoors(t *testing.T) {
	ix := doorTable()
	both := openOnly(front, back)
	// From the south, into the house: the front door is nearer.
	r, ok := ix.RouteDoors(geom.P(15, 22), geom.P(13, 12), 500, both)
	if !ok || len(r) != 3 || r[0] != geom.P(15, 16.6) || r[1] != geom.P(15, 15.4) || r[2] != geom.P(13, 12) {
		t.Fatalf("route in from the south: %v %v", r, ok)
	}
	// From the north the back door is nearer.
	r, ok = ix.RouteDoors(geom.P(12, 4), geom.P(13, 12), 500, both)
	if !ok || len(r) != 3 || r[0] != geom.P(12, 9.4) || r[1] != geom.P(12, 10.6) {
		t.Fatalf("route in from the north: %v %v", r, ok)
	}
	// With only the front open, the north approach goes round to it.
	r, ok = ix.RouteDoors(geom.P(15, 20), geom.P(13, 12), 500, openOnly(front))
	if !ok || r[0] != geom.P(15, 16.6) {
		t.Fatalf("route in, front only: %v %v", r, ok)
	}
	// Out again.
	r, ok = ix.RouteDoors(geom.P(13, 12), geom.P(15, 22), 500, both)
	if !ok || len(r) != 3 || r[0] != geom.P(15, 15.4) || r[2] != geom.P(15, 22) {
		t.Fatalf("route out: %v %v", r, ok)
	}
	for _, leg := range [][2]geom.Pt{{geom.P(13, 12), r[0]}, {r[0], r[1]}, {r[1], r[2]}} {
		if pc := ix.PathCostDoors(leg[:], 500, both); pc.Blocked >= 0 {
			t.Errorf("route leg %v blocked", leg)
		}
	}
	// Every door shut: no way in.
	if r, ok := ix.RouteDoors(geom.P(15, 22), geom.P(13, 12), 500, nil); ok {
		t.Errorf("route with doors shut: %v", r)
	}
	// A clear straight line is just the destination.
	if r, ok := ix.RouteDoors(geom.P(2, 2), geom.P(5, 5), 500, nil); !ok || len(r) != 1 {
		t.Errorf("clear line: %v %v", r, ok)
	}
	if got := ix.DoorThrough(front, geom.P(15, 22), 500); got != geom.P(15, 15.4) {
		t.Errorf("DoorThrough from outside = %v", got)
	}
	if got := ix.DoorThrough(front, geom.P(15, 12), 500); got != geom.P(15, 16.6) {
		t.Errorf("DoorThrough from inside = %v", got)
	}
}

func TestDoorsNear(t *testing.T) {
	ix := doorTable()
	if got := ix.DoorsNear(geom.P(13, 13), 4000); !slices.Equal(got, []DoorRef{back, front}) {
		t.Errorf("DoorsNear(13,13,4) = %v, want back then front", got)
	}
	if got := ix.DoorsNear(geom.P(15, 17.5), 1500); !slices.Equal(got, []DoorRef{front}) {
		t.Errorf("DoorsNear(15,17.5,1.5) = %v", got)
	}
	if got := ix.DoorsNear(geom.P(15, 20), 1000); len(got) != 0 {
		t.Errorf("DoorsNear far = %v", got)
	}
}

// Every door on the shipped maps must let a 1" base walk straight in and
// out, and stand just either side of it.
func TestShippedDoorsPassable(t *testing.T) {
	fsys := os.DirFS("../../maps")
	names, _ := fs.Glob(fsys, "*.toml")
	n := 0
	for _, name := range names {
		m, err := Load(fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		ix := NewIndex(m)
		for _, d := range ix.Doors() {
			n++
			open := openOnly(d)
			in := ix.doorSide(d, 500, true)
			out := ix.doorSide(d, 500, false)
			where := name + " door " + d.String() + " of " + ix.label(d.Piece)
			if ok, why := ix.CanStandDoors(geom.Circle{C: in, R: 500}, open); !ok {
				t.Errorf("%s: cannot stand just inside (%v): %s", where, in, why)
			}
			if ok, why := ix.CanStandDoors(geom.Circle{C: out, R: 500}, open); !ok {
				t.Errorf("%s: cannot stand just outside (%v): %s", where, out, why)
			}
			if pc := ix.PathCostDoors([]geom.Pt{out, in}, 500, open); pc.Blocked >= 0 || !slices.Equal(pc.Doors, []DoorRef{d}) {
				t.Errorf("%s: walking in: blocked %d, doors %v", where, pc.Blocked, pc.Doors)
			}
			if pc := ix.PathCostDoors([]geom.Pt{out, in}, 500, nil); pc.Blocked != d.Piece {
				t.Errorf("%s: walking in with it shut: blocked %d", where, pc.Blocked)
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d doors on the shipped maps", n)
	}
}

func BenchmarkPathCostDoors(b *testing.B) {
	fsys := os.DirFS("../../maps")
	m, err := Load(fsys, "ruined-town.toml")
	if err != nil {
		b.Fatal(err)
	}
	ix := NewIndex(m)
	all := func(DoorRef) bool { return true }
	ds := ix.Doors()
	paths := make([][]geom.Pt, len(ds))
	for i, d := range ds {
		paths[i] = []geom.Pt{ix.doorSide(d, 500, false).Add(geom.P(0, 6)), ix.doorSide(d, 500, false), ix.doorSide(d, 500, true)}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ix.PathCostDoors(paths[i%len(paths)], 500, all)
	}
}
