package skirmish35

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// TestBearingMatchesScan holds the quick bearing to the scan of all 360
// degrees: every whole-degree direction and the halfway between two (the
// ties), short and long vectors, and random ones.
func TestBearingMatchesScan(t *testing.T) {
	a := geom.Pt{X: 12345, Y: -6789}
	check := func(v geom.Pt) {
		t.Helper()
		b := a.Add(v)
		if got, want := bearing(a, b), bearingScan(a, b); got != want {
			t.Fatalf("bearing along %v: %d, the scan gives %d", v, got, want)
		}
	}
	for d := 0; d < 360; d++ {
		u := dirOf(d)
		for _, n := range []int64{1, 3, 1000, 1 << 20} {
			check(geom.Pt{X: u.X * n / 1000, Y: u.Y * n / 1000})
			check(geom.Pt{X: u.X * n, Y: u.Y * n})
			w := dirOf(d + 1)
			check(geom.Pt{X: (u.X + w.X) * n, Y: (u.Y + w.Y) * n}) // halfway: a tie
		}
	}
	for _, v := range []geom.Pt{{X: 1}, {Y: 1}, {X: -1}, {Y: -1}, {X: 1, Y: 1}, {X: -1, Y: 1}, {X: 1 << 40, Y: -3}, {X: -(1 << 50), Y: 1 << 49}} {
		check(v)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		m := int64(1) << uint(r.IntN(40)+1)
		v := geom.Pt{X: r.Int64N(2*m+1) - m, Y: r.Int64N(2*m+1) - m}
		if v.X == 0 && v.Y == 0 {
			continue
		}
		check(v)
	}
}

// TestDirTableIsSine: the facing directions read from the table are the
// ones the sine table gives, for every degree (negative and past a full
// turn too).
func TestDirTableIsSine(t *testing.T) {
	for d := -720; d <= 720; d++ {
		if got, want := dirOf(d), dirOfSin(d); got != want {
			t.Fatalf("dirOf(%d) = %v, the sine table gives %v", d, got, want)
		}
	}
}

// TestDoorKeyIsRefString: the quick door name is the one fmt gave.
func TestDoorKeyIsRefString(t *testing.T) {
	for _, d := range []terrain.DoorRef{{}, {Piece: 7, Index: 2}, {Piece: 123, Index: 11}, {Piece: 255, Index: 7}, {Piece: 256, Index: 0}, {Piece: 3, Index: 8}, {Piece: 40000, Index: 0}} {
		if got, want := doorKey(d), "door."+d.String(); got != want {
			t.Errorf("doorKey(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestLegalAgreesWithProblems: Legal skips some problem functions after
// cheap checks of its own (the refusals they would give). Along random
// games on the shipped scenarios, every command of those kinds is listed
// exactly when its problem function allows it, so a problem function
// that comes to allow more than those checks fails here.
func TestLegalAgreesWithProblems(t *testing.T) {
	r := New().(Skirmish)
	cs := r.d.T.Costs
	checked := map[string]int{}
	walkGames(t, r, 6, 400, 99, func(name string, seed uint64, step int, g *rules.Game, rnd *rand.Rand) {
		s := g.St
		if s.Phase == PhaseTurn {
			listed := map[string]bool{}
			for _, c := range r.Legal(s) {
				listed[c.String()] = true
			}
			check := func(c rules.Command, want bool) {
				t.Helper()
				if f := s.Fig(c.Fig); want && !compelledVerbs[c.Verb] && r.compelled(s, f) != "" {
					want = false // a figure made to run for it is offered only moves
				}
				if listed[c.String()] != want {
					t.Fatalf("%s seed %d step %d: %q listed %v, its problem function says %v", name, seed, step, c.String(), !want, want)
				}
				if want {
					checked[c.Verb]++
				}
			}
			for _, f := range alive(s, s.Active) {
				if f.Markers.Has(rules.Surrendered) || f.Var(fLock) != 0 {
					continue
				}
				ap := f.Var(fAP)
				hidden := f.Markers.Has(rules.Hidden) && !r.sniper(f)
				check(rules.Command{Verb: "opp", Fig: f.ID}, r.holdProblem(s, f) == "")
				check(rules.Command{Verb: "climb", Fig: f.ID}, ap >= 1 && r.climbProblem(s, f) == "")
				check(rules.Command{Verb: "lean", Fig: f.ID}, r.leanProblem(s, f) == "")
				check(rules.Command{Verb: "hide", Fig: f.ID}, !hidden && ap >= cs.Hide && r.hideProblem(s, f) == "")
				for _, e := range alive(s, 1-f.Side) {
					if s.Terrain != nil && s.Terrain.InsideBuilding(e.Pos) >= 0 && r.known(s, f.Side, e) {
						check(rules.Command{Verb: "at", Fig: f.ID, Path: []geom.Pt{e.Pos}}, r.atProblem(s, f, e.Pos) == "")
					}
				}
				for _, e := range alive(s, 1-f.Side) {
					if !r.known(s, f.Side, e) || e.Markers.Has(rules.Surrendered) {
						continue
					}
					one := []rules.FigID{e.ID}
					// mortar fire on any known enemy's spot, seen or not
					check(rules.Command{Verb: "plot", Fig: f.ID, Targets: one},
						ap >= cs.Plot && (r.carries(f, "radio") || r.carries(f, "mortar") || r.mortarOf(s, f) != nil) && r.plotProblem(s, f, e.Pos) == "")
					if hidden || !inFront(f, e.Pos, r.d.T.Sight.Front) {
						continue
					}
					check(rules.Command{Verb: "acquire", Fig: f.ID, Targets: one},
						!tried(s, f, e.ID) && (s.Terrain == nil || r.clearOrOverTrees(s, f, e) && r.buildingSight(s, f, e) == ""))
					// a grenade at any known enemy's spot in front, once
					// the thrower has seen a target
					near := within(f.Pos, e.Pos, in(r.d.T.Grenade.Range))
					check(rules.Command{Verb: "grenade", Fig: f.ID, Targets: one}, near && r.grenadeProblem(s, f, e.Pos, "") == "")
					check(rules.Command{Verb: "grenade", Fig: f.ID, Targets: one, Arg: "smoke"}, near && r.grenadeProblem(s, f, e.Pos, "smoke") == "")
					if !acquiredNow(s, f, e.ID) {
						continue
					}
					for _, mode := range []string{"aimed", "unaimed"} {
						check(rules.Command{Verb: "fire", Fig: f.ID, Targets: one, Arg: mode}, r.fireProblem(s, f, e, mode) == "")
					}
					if a, b, ok := r.lineAcross(s, f, e); ok {
						check(rules.Command{Verb: "suppress", Fig: f.ID, Path: []geom.Pt{a, b}}, r.suppressProblem(s, f, a, b) == "")
					}
				}
			}
		}
	}, nil)
	t.Logf("commands offered and checked: %v", checked)
	for _, v := range []string{"opp", "hide", "acquire", "fire", "suppress", "lean", "climb", "at"} {
		if checked[v] == 0 {
			t.Errorf("no %q command was ever offered: the games reach too little", v)
		}
	}
}

// TestMoveOKAgreesWithMoveCheck: the compelled runs ask moveOK, a quick
// form of MoveCheck that builds no reasons. Along random games on the
// shipped scenarios, for figures of both sides in every phase and for
// points near and beyond their allowance (through walls, doors and other
// figures), it accepts exactly the moves MoveCheck accepts.
func TestMoveOKAgreesWithMoveCheck(t *testing.T) {
	r := New().(Skirmish)
	yes, no := 0, 0
	walkGames(t, r, 4, 300, 7, func(name string, seed uint64, step int, g *rules.Game, rnd *rand.Rand) {
		s := g.St
		for k := range s.Figures {
			f := &s.Figures[k]
			if f.Removed || step%3 != k%3 {
				continue
			}
			reach := r.allowance(f) + 2*geom.PerInch
			for try := 0; try < 6; try++ {
				p := geom.Pt{X: f.Pos.X + rnd.Int64N(2*reach+1) - reach, Y: f.Pos.Y + rnd.Int64N(2*reach+1) - reach}
				want := r.MoveCheck(s, f.ID, []geom.Pt{p}).OK
				if got := r.moveOK(s, f, p); got != want {
					t.Fatalf("%s seed %d step %d: %s to %v: moveOK %v, MoveCheck %v (%s)", name, seed, step, f.Name, p, got, want, r.MoveCheck(s, f.ID, []geom.Pt{p}).Why)
				}
				if want {
					yes++
				} else {
					no++
				}
			}
		}
	}, nil)
	t.Logf("moves accepted %d, refused %d", yes, no)
	if yes < 100 || no < 100 {
		t.Errorf("too few moves of one answer (accepted %d, refused %d): the check proves little", yes, no)
	}
}

// TestAppendLegalIsLegal: AppendLegal after commands already in the list
// appends exactly what Legal lists, in every phase of random games on
// the shipped scenarios.
func TestAppendLegalIsLegal(t *testing.T) {
	r := New().(Skirmish)
	prefix := []rules.Command{{Verb: "end"}, {Verb: "fire", Fig: 1, Targets: []rules.FigID{2}}}
	phases := map[string]int{}
	walkGames(t, r, 2, 400, 5, func(name string, seed uint64, step int, g *rules.Game, rnd *rand.Rand) {
		want := r.Legal(g.St)
		got := r.AppendLegal(append([]rules.Command(nil), prefix...), g.St)
		if !reflect.DeepEqual(got[:len(prefix)], prefix) || !reflect.DeepEqual(got[len(prefix):], want) {
			t.Fatalf("%s seed %d step %d, %s phase: appended %v, Legal lists %v", name, seed, step, g.St.Phase, got[len(prefix):], want)
		}
		phases[g.St.Phase] += len(want)
	}, nil)
	if phases[PhaseTurn] == 0 || phases[PhaseOpp] == 0 {
		t.Fatalf("the games never listed both turns and opportunity windows: %v", phases)
	}
}

// TestReadyLabels: the buttons whose words are made once when the data
// loads read as the player sees them, their costs from the tables
// (dropping prone is free, holding for opportunity fire four points),
// and a cost other than the table's is still worded.
func TestReadyLabels(t *testing.T) {
	r := New().(Skirmish)
	s := &rules.State{Figures: []rules.Figure{{ID: 1, Posture: rules.Standing}, {ID: 2, Posture: rules.Prone}}}
	for c, want := range map[string]string{
		"prone F1": "Go prone (free)", "stand F1": "Stand up (1 AP)", "opp F1": "Hold for opportunity fire (4 AP)",
		"lean F1": "Lean out of the window (1 AP)", "hide F1": "Hide (2 AP)", "rally F1": "Rally (3 AP)",
		"reload F1": "Reload (2 AP)", "move F1": "Move (3\" per AP)", "move F2": "Crawl (1\" per AP)",
	} {
		verb, fig := c[:len(c)-3], rules.FigID(c[len(c)-1]-'0')
		if got := r.Action(s, rules.Command{Verb: verb, Fig: fig}).Label; got != want {
			t.Errorf("%s: label %q, want %q", c, got, want)
		}
	}
	if got := r.d.labels.rally.get("Rally", 5); got != "Rally (5 AP)" {
		t.Errorf("a rally at another cost reads %q", got)
	}
}

// TestListingMemoAgrees: the listing keeps answers about positions and
// sight lines from call to call (listmemo.go). Along random games on the
// shipped scenarios, in every phase, what it lists with them is exactly
// what it lists asking everything afresh, after doors open and shut,
// figures move, lean out and climb in (a kept answer given to a question
// that has changed would show here).
func TestListingMemoAgrees(t *testing.T) {
	r := New().(Skirmish)
	defer func() { memoOn = true }()
	seen := map[string]int{}
	walkGames(t, r, 5, 500, 35, func(name string, seed uint64, step int, g *rules.Game, rnd *rand.Rand) {
		memoOn = false
		want := r.Legal(g.St)
		memoOn = true
		got := r.Legal(g.St)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s seed %d step %d: with kept answers %v, afresh %v", name, seed, step, got, want)
		}
		for _, c := range got {
			seen[c.Verb]++
		}
		// the same state with one door the other way: the
		// answers just kept are asked again with the door changed
		if doors := allDoors(g.St); len(doors) > 0 {
			d := doors[rnd.IntN(len(doors))]
			s2 := g.St.Clone()
			if isOpen(s2.Var(doorKey(d))) {
				s2.SetVar(doorKey(d), doorShut)
			} else {
				s2.SetVar(doorKey(d), doorOpen)
			}
			memoOn = false
			want := r.Legal(s2)
			memoOn = true
			if got := r.Legal(s2); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s seed %d step %d, door %v turned: with kept answers %v, afresh %v", name, seed, step, d, got, want)
			}
			if countVerb(want, "acquire") != countVerb(r.Legal(g.St), "acquire") {
				seen["door turns an acquisition"]++
			}
		}
		// and with a figure's weapons cut short (the last dropped
		// on even steps, the first on odd ones: a thrown
		// Panzerfaust leaves a new list either way)
		if k := rnd.IntN(len(g.St.Figures)); len(g.St.Figures[k].Weapons) > 1 {
			s2 := g.St.Clone()
			f := &s2.Figures[k]
			if step%2 == 0 {
				f.Weapons = f.Weapons[:len(f.Weapons)-1]
			} else {
				f.Weapons = f.Weapons[1:]
			}
			memoOn = false
			want := r.Legal(s2)
			memoOn = true
			got := r.Legal(s2)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s seed %d step %d, %s's weapons cut to %v: with kept answers %v, afresh %v", name, seed, step, f.Name, f.Weapons, got, want)
			}
			if !reflect.DeepEqual(want, r.Legal(g.St)) {
				seen["weapons change the list"]++
			}
		}
	}, func(c rules.Command, err error) {
		if err == nil && (c.Verb == "door" || c.Verb == "lean" || c.Verb == "climb") {
			seen["applied "+c.Verb]++
		}
	})
	t.Logf("listed and applied: %v", seen)
	for _, v := range []string{"acquire", "door", "climb", "lean", "applied door", "applied lean", "applied climb", "door turns an acquisition", "weapons change the list"} {
		if seen[v] == 0 {
			t.Errorf("no %q along the games: the check proves little", v)
		}
	}
}

// allDoors is every door of the map, outline and inside, in map order.
// walkGames plays seeds random games of at most steps commands on every
// shipped scenario (game seed seed+10*i for the i-th scenario, the random
// player's choices from the stream given) and calls visit at each state
// before its command is applied (with the random player's source, which a
// visit may draw on too); applied, if not nil, hears each command
// and Apply's error.
func walkGames(t *testing.T, r Skirmish, seeds, steps int, stream uint64, visit func(name string, seed uint64, step int, g *rules.Game, rnd *rand.Rand), applied func(c rules.Command, err error)) {
	t.Helper()
	for i, name := range shipped {
		sc, m := loadNamed(t, name)
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			g, _, err := rules.NewGame(r, sc, m, seed+uint64(10*i))
			if err != nil {
				t.Fatal(err)
			}
			rnd := rand.New(rand.NewPCG(seed, stream))
			for step := 0; step < steps && !g.St.Over; step++ {
				visit(name, seed, step, g, rnd)
				c, ok := rules.RandomCommand(g, rnd)
				if !ok {
					break
				}
				_, err := g.Apply(c)
				if applied != nil {
					applied(c, err)
				}
			}
		}
	}
}

func allDoors(s *rules.State) []terrain.DoorRef {
	var out []terrain.DoorRef
	if s.Map == nil {
		return nil
	}
	for id := range s.Map.Pieces {
		pc := &s.Map.Pieces[id]
		for k := 0; k < len(pc.Doors)+len(pc.InnerDoors); k++ {
			out = append(out, terrain.DoorRef{Piece: id, Index: k})
		}
	}
	return out
}

func countVerb(cs []rules.Command, verb string) int {
	n := 0
	for _, c := range cs {
		if c.Verb == verb {
			n++
		}
	}
	return n
}

// TestUnwordedLookAgrees: sees asks look without its words. Along random
// games on the shipped scenarios, for every pair of figures on the table,
// it answers what the worded look answers (seen or not, cover and
// hindrances), words left out.
func TestUnwordedLookAgrees(t *testing.T) {
	r := New().(Skirmish)
	seen, unseen := 0, 0
	walkGames(t, r, 2, 300, 3, func(name string, seed uint64, step int, g *rules.Game, rnd *rand.Rand) {
		s := g.St
		for a := range s.Figures {
			for b := range s.Figures {
				f, e := &s.Figures[a], &s.Figures[b]
				if a == b || f.Removed {
					continue
				}
				want, got := r.look(s, f, e), r.lookAt(s, f, e, false)
				if got.OK != want.OK || got.Cover != want.Cover || got.Hind != want.Hind || got.Why != "" || got.CoverName != "" || len(got.HindNames) != 0 {
					t.Fatalf("%s seed %d step %d: %s looking at %s: unworded %+v, worded %+v", name, seed, step, f.Name, e.Name, got, want)
				}
				if want.OK {
					seen++
				} else {
					unseen++
				}
			}
		}
	}, nil)
	t.Logf("seen %d, not seen %d", seen, unseen)
	if seen < 1000 || unseen < 1000 {
		t.Errorf("too few of one answer (seen %d, not %d)", seen, unseen)
	}
}

// BenchmarkListInn lists the deciding side's commands (AppendLegal, as
// the random player does) at every step of ten random games on the Inn:
// the listing's share of a headless game.
func BenchmarkListInn(b *testing.B) {
	r := New().(Skirmish)
	sc, m := loadNamed(b, "skirmish35-inn.toml")
	var states []*rules.State
	for seed := uint64(1); seed <= 10; seed++ {
		g, _, err := rules.NewGame(r, sc, m, seed)
		if err != nil {
			b.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(seed, 1))
		for step := 0; step < 400 && !g.St.Over; step++ {
			states = append(states, g.St.Clone())
			c, ok := rules.RandomCommand(g, rnd)
			if !ok {
				break
			}
			_, _ = g.Apply(c)
		}
	}
	var buf []rules.Command
	b.ResetTimer()
	for b.Loop() {
		for _, s := range states {
			buf = r.AppendLegal(buf[:0], s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(states)), "ns/listing")
}

// TestListingMemoFollowsMap: the kept sight answers belong to one map.
// The same figures, where they stand, listed on the Inn's map and then on
// a bare copy of it (no terrain at all), get each map's own answers.
func TestListingMemoFollowsMap(t *testing.T) {
	r := New().(Skirmish)
	sc, m := loadNamed(t, "skirmish35-inn.toml")
	g, _, err := rules.NewGame(r, sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	bare := *g.St.Map
	bare.Pieces = nil
	s2 := g.St.Clone()
	s2.Map, s2.Terrain = &bare, terrain.NewIndex(&bare)
	changed := false
	for _, s := range []*rules.State{g.St, s2, g.St, s2} {
		memoOn = false
		want := r.Legal(s)
		memoOn = true
		if got := r.Legal(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("with kept answers %v, afresh %v", got, want)
		}
		if countVerb(want, "acquire") != countVerb(r.Legal(g.St), "acquire") {
			changed = true
		}
	}
	if !changed {
		t.Fatal("the bare map offers the same acquisitions: the check proves nothing")
	}
}
