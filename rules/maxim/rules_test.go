package maxim

import (
	"math"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

const testMap = `
name = "Maxim test table"
[table]
width = 60
height = 40
[[terrain]]
kind = "low-wall"
name = "Wall"
points = [[10, 20], [20, 20]]
[[terrain]]
kind = "building"
name = "Block"
rect = [40, 5, 4, 4]
[[terrain]]
kind = "trench"
name = "Pit"
rect = [30, 30, 6, 3]
`

// tf is a figure for a test table.
type tf struct {
	side    int
	unit    string
	name    string
	weapons []string
	x, y    float64
	leader  bool
}

type unitOpt struct {
	quality, motive, armour, mount string
}

// table builds a game on the test map with the figures given; units are
// made in order of first mention, with options from opts.
func table(t *testing.T, figs []tf, opts map[string]unitOpt) *rules.Game {
	t.Helper()
	m, err := terrain.Parse("test.toml", []byte(testMap))
	if err != nil {
		t.Fatal(err)
	}
	sc := &rules.Scenario{Name: "test", RuleSet: "maxim", BaseR: 250}
	sc.Sides[0].Name, sc.Sides[1].Name = "Blue", "Red"
	for _, f := range figs {
		sd := &sc.Sides[f.side]
		ui := -1
		for i := range sd.Units {
			if sd.Units[i].Name == f.unit {
				ui = i
			}
		}
		if ui < 0 {
			o := opts[f.unit]
			sd.Units = append(sd.Units, rules.ScenarioUnit{Name: f.unit, Quality: o.quality, Motive: o.motive, Armour: o.armour, Mount: o.mount})
			ui = len(sd.Units) - 1
		}
		sd.Units[ui].Figures = append(sd.Units[ui].Figures, rules.ScenarioFigure{Name: f.name, Weapons: f.weapons,
			Pos: geom.P(f.x, f.y), HasPos: true, Leader: f.leader})
	}
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// phase puts the game in a phase with mover moving.
func phase(g *rules.Game, ph string, mover int) {
	s := g.St
	s.SetVar(gMover, mover)
	s.Phase = ph
	s.Active, s.Decider = mover, mover
	if ph == PhaseDefensive {
		s.Active, s.Decider = 1-mover, 1-mover
	}
}

func apply(t *testing.T, g *rules.Game, cmd string, faces ...int) []rules.Event {
	t.Helper()
	c, err := rules.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	g.St.Forced = append([]int(nil), faces...)
	evs, err := g.Apply(c)
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	if len(g.St.Forced) != 0 {
		t.Fatalf("%s: %d forced dice left unrolled", cmd, len(g.St.Forced))
	}
	return evs
}

func refuse(t *testing.T, g *rules.Game, cmd, want string) {
	t.Helper()
	c, err := rules.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Apply(c)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: got %v, want an error containing %q", cmd, err, want)
	}
}

func odds(t *testing.T, g *rules.Game, cmd string) rules.Odds {
	t.Helper()
	c, err := rules.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	o, err := g.Odds(c)
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	sum := 0.0
	for _, x := range o.Outcomes {
		sum += x.P
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Fatalf("%s: odds sum to %v", cmd, sum)
	}
	return o
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func rolls(evs []rules.Event) []*rules.Ledger {
	var out []*rules.Ledger
	for _, e := range evs {
		if e.Roll != nil {
			out = append(out, e.Roll)
		}
	}
	return out
}

// two riflemen 20" apart in the open, plus spares out of the way.
func duel(t *testing.T, opts map[string]unitOpt) *rules.Game {
	return table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 5, 35, false},
		{0, "A", "Baker", []string{"lmg", "grenade"}, 7, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 15, false},
		{1, "R", "Rost", []string{"smg"}, 50, 35, false},
	}, opts)
}

func TestInitiative(t *testing.T) {
	g := duel(t, map[string]unitOpt{"A": {quality: "elite"}, "R": {quality: "untrained"}})
	s := g.St
	// Blue elite +1, Red untrained -2: 10+1 = 11 against 13-2 = 11, a tie; then 5+1 against 7-2.
	s.Force(10, 13, 5, 7)
	evs := rollInitiative(s)
	ls := rolls(evs)
	if len(ls) != 2 || ls[0].Outcome != "tie: roll again" || ls[1].Total != 6 || ls[1].Target != 5 {
		t.Fatalf("initiative ledgers %+v", ls)
	}
	if s.Var(gMover) != 0 {
		t.Fatal("Blue should move")
	}
	if len(ls[1].Mods) != 2 || ls[1].Mods[0].Value != 1 || ls[1].Mods[1].Value != 2 {
		t.Fatalf("mods %+v", ls[1].Mods)
	}
	ex := New().(Maxim).Explain(s)
	if len(ex.Panels) != 2 || ex.Panels[0].Kind != rules.PanelInitiative || !ex.Panels[0].Items[0].Current || ex.Panels[0].Items[1].Value != 7 {
		t.Fatalf("panels %+v", ex.Panels)
	}
	// Surprise: a hidden side gets +1 in the first turn only.
	s.Sides[1].Vars = map[string]int{"hidden": 1}
	if m := initMods(s, 1); len(m) != 2 || m[1].Value != 1 {
		t.Fatalf("surprise mods %+v", m)
	}
	s.Round = 2
	if m := initMods(s, 1); len(m) != 1 {
		t.Fatalf("surprise after turn 1 %+v", m)
	}
}

func TestFireChanceAndDamage(t *testing.T) {
	cases := []struct {
		name   string
		faces  []int
		status string
	}{
		{"miss on 61", []int{61}, "no effect"},
		{"hit on 60, stun on 4", []int{60, 4}, "stunned"},
		{"light wound on 5", []int{1, 5}, "lightly wounded"},
		{"light wound on 7", []int{1, 7}, "lightly wounded"},
		{"serious wound on 8", []int{1, 8}, "seriously wounded"},
		{"kill on 10", []int{1, 10}, "killed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := duel(t, nil)
			phase(g, PhaseOffensive, 0)
			o := odds(t, g, "fire F1 F3")
			apply(t, g, "fire F1 F3", tc.faces...)
			if got := change(status{}, statusOf(g.St.Fig(3))); got != tc.status {
				t.Fatalf("got %q, want %q", got, tc.status)
			}
			if o.P(tc.status) == 0 {
				t.Fatalf("odds %+v lack %q", o, tc.status)
			}
		})
	}
	// Exact odds of one rifle shot at 60%: the d10 chart 1-4, 5-7, 8-9, 10.
	g := duel(t, nil)
	phase(g, PhaseOffensive, 0)
	o := odds(t, g, "fire F1 F3")
	want := map[string]float64{"no effect": 0.4, "stunned": 0.24, "lightly wounded": 0.18, "seriously wounded": 0.12, "killed": 0.06}
	for n, p := range want {
		if !near(o.P(n), p) {
			t.Errorf("%s: %v, want %v", n, o.P(n), p)
		}
	}
}

func TestToHitModifiers(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 15, 30, false},
		{1, "R", "Rot", []string{"rifle"}, 15, 19.7, false},  // behind the low wall
		{1, "R", "Rost", []string{"rifle"}, 33, 31.5, false}, // in the pit
	}, map[string]unitOpt{"A": {quality: "green"}})
	s := g.St
	phase(g, PhaseDefensive, 1) // Blue fires back
	s.Fig(1).SetVar(fMoved, s.Round)
	s.Fig(1).SetVar(fShotAt, s.Round)
	s.Fig(1).Markers |= rules.Wounded
	s.Fig(2).SetVar(fMoved, s.Round)
	v, err := planFire(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}})
	if err == nil {
		t.Fatalf("60 -20 -10 -10 -10 -20 -40 leaves nothing, yet chance %d", v.targets[0].chance)
	}
	s.Fig(1).SetVar(fMoved, 0)
	s.Fig(2).SetVar(fMoved, 0)
	s.Fig(1).SetVar(fShotAt, 0)
	// 60 -10 green -10 wounded -40 cover = 0: no chance, no shot.
	if _, err = planFire(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}}); err == nil {
		t.Fatal("a 0% shot allowed")
	}
	s.Fig(1).Markers = 0
	v, err = planFire(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}})
	if err != nil {
		t.Fatal(err)
	}
	a := v.targets[0]
	if a.chance != 10 || a.save != 5 || a.saveBy != "hard cover" {
		t.Fatalf("behind the wall: chance %d save %d (%s), mods %+v", a.chance, a.save, a.saveBy, a.mods)
	}
	v, err = planFire(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{3}})
	if err != nil {
		t.Fatal(err)
	}
	if a := v.targets[0]; a.chance != 10 || a.save != 5 {
		t.Fatalf("in the pit: chance %d save %d mods %+v", a.chance, a.save, a.mods)
	}
	// Hard cover save 5-6: a kill saved on 5.
	evs := apply(t, g, "fire F1 F3", 10, 10, 5)
	if g.St.Fig(3).Removed || rolls(evs)[2].Outcome != "saved" {
		t.Fatalf("save not made: %+v", rolls(evs))
	}
}

func TestKevlarSave(t *testing.T) {
	g := duel(t, map[string]unitOpt{"R": {armour: "kevlar"}})
	phase(g, PhaseOffensive, 0)
	o := odds(t, g, "fire F1 F3")
	if !near(o.P("killed"), 0.06*5/6) || !near(o.P("no effect"), 0.4+0.6/6) {
		t.Fatalf("kevlar odds %+v", o.Outcomes)
	}
	apply(t, g, "fire F1 F3", 1, 10, 6)
	if g.St.Fig(3).Removed {
		t.Fatal("a 6 should save")
	}
	phase(g, PhaseDefensive, 0)
	phase(g, PhaseOffensive, 0)
	g.St.Fig(1).SetVar(fFired, 0)
	apply(t, g, "fire F1 F3", 1, 10, 5)
	if !g.St.Fig(3).Removed {
		t.Fatal("a 5 should not save against Kevlar")
	}
}

func TestWoundsAccumulate(t *testing.T) {
	st := status{}
	for _, c := range []struct {
		res  int
		want status
	}{{resLight, status{w: 1}}, {resStun, status{w: 1, stun: true}}, {resLight, status{w: 2, stun: true}}, {resLight, status{w: 3}}} {
		st = st.next(c.res)
		if st != c.want {
			t.Fatalf("after %s: %+v, want %+v", resNames[c.res], st, c.want)
		}
	}
	if (status{}).next(resSerious).next(resSerious).w != 3 {
		t.Fatal("two serious wounds kill")
	}
	// Their effects: -10% and -1", -30% and half move.
	g := duel(t, nil)
	f := g.St.Fig(1)
	f.Markers |= rules.Wounded
	if allowance(g.St, f) != 5000 {
		t.Fatalf("light wound move %d", allowance(g.St, f))
	}
	f.Markers = rules.BadlyWounded
	if allowance(g.St, f) != 3000 {
		t.Fatalf("serious wound move %d", allowance(g.St, f))
	}
	if m := firerMods(g.St, f, &data.Weapons[1]); len(m) != 1 || m[0].Value != -30 {
		t.Fatalf("serious wound mods %+v", m)
	}
}

func TestRateOfFire(t *testing.T) {
	g := duel(t, nil)
	phase(g, PhaseOffensive, 0)
	refuse(t, g, "fire F1 F3 F3", "fires 1 shot")
	// An LMG: four shots; the later ones are lost once the target is down.
	evs := apply(t, g, "fire F2 F3 F3 F3 F3", 1, 10)
	lost := 0
	for _, e := range evs {
		if e.Kind == "lost" {
			lost++
		}
	}
	if lost != 3 || !g.St.Fig(3).Removed {
		t.Fatalf("lost %d", lost)
	}
	// Two LMG shots at 55%: the chance of at least a stun.
	g = duel(t, nil)
	phase(g, PhaseOffensive, 0)
	o := odds(t, g, "fire F2 F3 F3")
	if p := 1 - o.P("no effect"); !near(p, 1-0.45*0.45) {
		t.Fatalf("two shots: harmed %v", p)
	}
}

func TestOpportunityFire(t *testing.T) {
	g := duel(t, nil)
	phase(g, PhaseMove, 1) // Red moves; Blue may fire at Rot as he moves
	apply(t, g, "move F3 5,19 7,19")
	s := g.St
	if s.Phase != PhaseOpportunity || s.Decider != 0 {
		t.Fatalf("phase %s decider %d", s.Phase, s.Decider)
	}
	legal := g.Legal()
	if len(legal) < 2 || legal[len(legal)-1].Verb != "pass" {
		t.Fatalf("legal %v", legal)
	}
	refuse(t, g, "fire F1 5,10 F3", "not on")
	refuse(t, g, "fire F1 5,19 F4", "only at the figure that moved")
	// Hit at 5,19 (60 -20 moving = 40): stunned there, and stops.
	evs := apply(t, g, "fire F1 5,19 F3", 40, 1)
	f := g.St.Fig(3)
	if f.Pos != geom.P(5, 19) || !stunned(f) {
		t.Fatalf("Rot at %s stunned %v; %v", f.Pos, stunned(f), evs)
	}
	// Able has had his opportunity fire: rifle ROF 1 may not fire in defensive fire.
	apply(t, g, "pass")
	phase(g, PhaseDefensive, 1)
	refuse(t, g, "fire F1 F3", "took opportunity fire")
	// Baker's LMG (ROF 4) could fire again after opportunity fire.
	g.St.Fig(2).SetVar(fOpp, g.St.Round)
	if why := mayFire(g.St, g.St.Fig(2), &data.Weapons[6]); why != "" {
		t.Fatalf("LMG after opportunity fire: %s", why)
	}
	// Only the non-moving side fires, only at the mover.
	g = duel(t, nil)
	phase(g, PhaseMove, 0)
	apply(t, g, "move F1 5,33")
	if g.St.Phase == PhaseOpportunity {
		for _, c := range g.Legal() {
			if c.Verb == "fire" && (g.St.Fig(c.Fig).Side != 1 || c.Targets[0] != 1) {
				t.Fatalf("bad opportunity shot %s", c)
			}
		}
	}
}

func TestMoves(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 5, 35, false},
		{0, "H", "Horse", []string{"rifle"}, 10, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 50, 5, false},
	}, map[string]unitOpt{"H": {mount: "horse"}})
	phase(g, PhaseMove, 0)
	s := g.St
	if mi := moveCheck(s, 1, []geom.Pt{geom.P(5, 29)}); !mi.OK {
		t.Fatalf("6\" move refused: %s", mi.Why)
	}
	if mi := moveCheck(s, 1, []geom.Pt{geom.P(5, 28.9)}); mi.OK {
		t.Fatal("6.1\" allowed")
	}
	// Difficult going (the pit) costs double.
	if mi := moveCheck(s, 1, []geom.Pt{geom.P(5, 35), geom.P(5, 35)}); mi.Cost != 0 {
		t.Fatalf("cost %d", mi.Cost)
	}
	evs := rollHorses(s, 0)
	if len(rolls(evs)) != 1 || s.Fig(2).Var(fRide) < 4000 || s.Fig(2).Var(fRide) > 9000 {
		t.Fatalf("horse roll %v", s.Fig(2).Var(fRide))
	}
	s.Force(6)
	rollHorses(s, 0)
	if allowance(s, s.Fig(2)) != 9000 {
		t.Fatalf("horse 6+3: %d", allowance(s, s.Fig(2)))
	}
	// Failed morale: no advance towards the enemy.
	unitSet(s.UnitOf(1), uMorale, 1)
	if mi := moveCheck(s, 1, []geom.Pt{geom.P(6, 33)}); mi.OK {
		t.Fatal("advance allowed at the 1st failure")
	}
	if mi := moveCheck(s, 1, []geom.Pt{geom.P(4, 38)}); !mi.OK {
		t.Fatalf("falling back refused: %s", mi.Why)
	}
}

func TestGrenadeBlast(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"grenade", "rifle"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 32.5, false},
		{1, "R", "Rost", []string{"rifle"}, 6.5, 32.5, false}, // 1.5" from Rot: band B
		{1, "R", "Roth", []string{"rifle"}, 7.5, 32.5, false}, // 2.5": band C
	}, nil)
	phase(g, PhaseOffensive, 0)
	// Hit (40): C on the thrower, 2.5" away (d10 3: stun), A on Rot (7:
	// kill), B on Rost (5: light), C on Roth (9: kill).
	evs := apply(t, g, "fire F1 F2", 40, 3, 7, 5, 9)
	s := g.St
	if !stunned(s.Fig(1)) || !s.Fig(2).Removed || !s.Fig(3).Markers.Has(rules.Wounded) || !s.Fig(4).Removed {
		t.Fatalf("blast: %v", evs)
	}
	if len(s.Fig(1).Weapons) != 1 {
		t.Fatal("the grenade should be used up")
	}
	// Deviation: a miss (41), direction 3 (right) 2": lands at 7,32.5 — Roth in A.
	g = table(t, []tf{
		{0, "A", "Able", []string{"grenade", "rifle"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 32.5, false},
		{1, "R", "Roth", []string{"rifle"}, 7.5, 32.5, false},
	}, nil)
	phase(g, PhaseOffensive, 0)
	// Template: the outer ring; Rings: A, B, C.
	c := rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}}
	if rs := Rings(g.St, c); len(rs) != 3 || rs[0].R != 1000 || rs[2].R != 3000 {
		t.Fatalf("rings %+v", rs)
	}
	evs = apply(t, g, "fire F1 F2", 41, 3, 2, 1, 1) // the thrower is 3.3" off: clear
	var area *geom.Circle
	for _, e := range evs {
		if e.Area != nil {
			area = e.Area
		}
	}
	if area == nil || area.C != geom.P(7, 32.5) || area.R != 3000 {
		t.Fatalf("blast area %+v", area)
	}
	// Rot at 2": B; Roth at 0.5": A; both stunned by 1s.
	if !stunned(g.St.Fig(2)) || !stunned(g.St.Fig(3)) {
		t.Fatal("both should be stunned")
	}
}

func TestGrenadeOdds(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"grenade", "rifle"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 32.5, false},
	}, map[string]unitOpt{"R": {armour: "kevlar"}})
	phase(g, PhaseOffensive, 0)
	o := odds(t, g, "fire F1 F2")
	// 40% on the man: column A with Kevlar -1 (kill on 8-10: 0.3). A miss
	// deviates 1D6" in 8 directions: 1" is A, 2" B, 3" C, 4-6" clear.
	// Kevlar kill chances: A 0.3, B 0.2 (9-10), C 0.1 (10).
	want := 0.4*0.3 + 0.6*(0.3+0.2+0.1)/6
	if !near(o.P("killed"), want) {
		t.Fatalf("killed %v want %v", o.P("killed"), want)
	}
	// Kevlar's -1 turns a 1 in band A into no effect.
	noEffect := 0.4*0.1 + 0.6*(0.1+0.1+0.1+3)/6
	if !near(o.P("no effect"), noEffect) {
		t.Fatalf("no effect %v want %v", o.P("no effect"), noEffect)
	}
}

func TestMortarMinimumRange(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"light-mortar"}, 5, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 27, false},
		{1, "R", "Rost", []string{"rifle"}, 5, 20, false},
	}, nil)
	phase(g, PhaseOffensive, 0)
	refuse(t, g, "fire F1 F2", "minimum range")
	o := odds(t, g, "fire F1 F3")
	if len(o.Outcomes) < 2 {
		t.Fatalf("odds %+v", o)
	}
	// 1D12" of deviation on a miss.
	evs := apply(t, g, "fire F1 F3", 99, 5, 12)
	for _, e := range evs {
		if e.Area != nil && e.Area.C != geom.P(5, 32) {
			t.Fatalf("landed at %s", e.Area.C)
		}
	}
}

func TestFlamethrowerAndClaymore(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"flamethrower"}, 5, 35, false},
		{0, "A", "Baker", []string{"claymore", "rifle"}, 25, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 29, false},
		{1, "R", "Rost", []string{"rifle"}, 6, 28, false},    // in the 3" cone at 7" out
		{1, "R", "Roth", []string{"rifle"}, 8, 29, false},    // outside it
		{1, "R", "Rolf", []string{"rifle"}, 25, 32.5, false}, // claymore: 2.5" (A)
		{1, "R", "Rudi", []string{"rifle"}, 26, 31.5, false}, // ~3.6" (B)
		{1, "R", "Rusk", []string{"rifle"}, 25, 29, false},   // 6" (C)
	}, nil)
	phase(g, PhaseOffensive, 0)
	fc := rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{3}}
	if cone := Cone(g.St, fc); len(cone) != 3 || cone[1] != geom.P(6.5, 27) || cone[2] != geom.P(3.5, 27) {
		t.Fatalf("cone %v", cone)
	}
	if _, ok := (Maxim{}).Template(g.St, fc); ok {
		t.Fatal("a cone has no circle template")
	}
	// Flame hits (50): everyone in the cone rolls on column A.
	apply(t, g, "fire F1 F3", 50, 10, 10)
	if s := g.St; !s.Fig(3).Removed || !s.Fig(4).Removed || s.Fig(5).Removed {
		t.Fatal("the cone should take Rot and Rost, not Roth")
	}
	// Claymore: no roll to hit; A, B and C by distance.
	o := odds(t, g, "fire F2 F6 claymore")
	if !near(o.P("killed"), 0.4) {
		t.Fatalf("claymore A kill %v", o.P("killed"))
	}
	evs := apply(t, g, "fire F2 F6 claymore", 7, 8, 9)
	if s := g.St; !s.Fig(6).Removed || !s.Fig(7).Removed || !s.Fig(8).Removed {
		t.Fatalf("claymore: %v", evs)
	}
	_ = evs
}

func TestMorale(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 5, 35, true},
		{0, "A", "Arno", []string{"rifle"}, 7, 35, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 15, false},
	}, map[string]unitOpt{"A": {quality: "veteran"}})
	s := g.St
	u := s.UnitOf(1)
	// Able wounded (a leader): half the unit hit, an NCO hit.
	s.Fig(1).Markers |= rules.Wounded
	unitSet(u, uCasRnd, s.Round)
	base, mods := moraleChance(s, u)
	if base != 70 || modSum(mods) != -30 {
		t.Fatalf("chance %d mods %+v", base, mods)
	}
	// Fail (41 > 40): 1st failure, fall back 1D6" (4).
	phase(g, PhaseDefensive, 1)
	evs := apply(t, g, "end", 41, 4, 10, 10)
	st := g.St
	if st.UnitOf(1).Vars[uMorale] != 1 {
		t.Fatalf("morale %d; %v", st.UnitOf(1).Vars[uMorale], evs)
	}
	if p := st.Fig(2).Pos; p.Y <= geom.P(7, 35).Y {
		t.Fatalf("Arno did not fall back: %s", p)
	}
	// Rally next turn: no new casualties, a pass (40) lifts it a state.
	phase(g, PhaseDefensive, 1)
	apply(t, g, "end", 40, 10, 10)
	if g.St.UnitOf(1).Vars[uMorale] != 0 {
		t.Fatal("did not rally")
	}
}

func TestMelee(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"smg", "knife"}, 5, 20.6, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 20, false},
	}, map[string]unitOpt{"A": {quality: "elite"}, "R": {}})
	phase(g, PhaseMove, 0)
	s := g.St
	ma := meleeMods(s, s.Fig(1), s.Fig(2), false)
	if modSum(ma) != 3 {
		t.Fatalf("smg, knife, elite: %+v", ma)
	}
	// Figures start facing the nearest enemy: Rot faces Able.
	if md := meleeMods(s, s.Fig(2), s.Fig(1), true); modSum(md) != 0 {
		t.Fatalf("from the front: %+v", md)
	}
	// Turned up the table (0), Able is below him: behind.
	s.Fig(2).Facing = 0
	if md := meleeMods(s, s.Fig(2), s.Fig(1), true); modSum(md) != -1 {
		t.Fatalf("from behind: %+v", md)
	}
	o := odds(t, g, "melee F1 F2")
	// Nerve: 80% and 60%; 1D10+3 against 1D10-1.
	q := opposedWin(3, -1)
	if !near(o.P("attacker wins"), 0.8*0.6*q) || !near(o.P("both fall back"), 0.2*0.4) {
		t.Fatalf("melee odds %+v", o.Outcomes)
	}
	// Both steady; 2+3 = 5 against 6-1 = 5, a tie; then 5+3 beats 2-1.
	apply(t, g, "melee F1 F2 capture", 1, 1, 2, 6, 5, 2)
	if !g.St.Fig(2).Removed || !g.St.Fig(2).Markers.Has(rules.Surrendered) {
		t.Fatal("Rot should be taken prisoner")
	}
	// A failed nerve: falls back 1D6 and no fight.
	g = table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 5, 20.6, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 20, false},
	}, nil)
	phase(g, PhaseMove, 0)
	apply(t, g, "melee F1 F2", 61, 1, 3)
	if f := g.St.Fig(1); f.Pos.Y <= geom.P(5, 20.6).Y || g.St.Fig(2).Removed {
		t.Fatalf("Able at %s", f.Pos)
	}
	// A unit at its 4th failure surrenders at once.
	g = table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 5, 20.6, false},
		{1, "R", "Rot", []string{"rifle"}, 5, 20, false},
		{1, "S", "Sepp", []string{"rifle"}, 50, 5, false},
	}, nil)
	phase(g, PhaseMove, 0)
	unitSet(g.St.UnitOf(2), uMorale, 4)
	apply(t, g, "melee F1 F2")
	if !g.St.Fig(2).Markers.Has(rules.Surrendered) {
		t.Fatal("4th failure should surrender")
	}
}

func TestMoraleFailures(t *testing.T) {
	// 3rd failure: D12 5+ leaves heavy weapons and the wounded behind.
	g := table(t, []tf{
		{0, "A", "Able", []string{"mmg", "pistol"}, 10, 30, false},
		{0, "A", "Arno", []string{"rifle"}, 12, 30, false},
		{1, "R", "Rot", []string{"rifle"}, 10, 15, false},
	}, nil)
	s := g.St
	unitSet(s.UnitOf(1), uMorale, 2)
	s.Fig(2).Markers |= rules.Wounded
	unitSet(s.UnitOf(1), uCasRnd, s.Round)
	phase(g, PhaseDefensive, 1)
	// check 99 fails; D12 5; 3D6 = 2+2+2: 6" back.
	apply(t, g, "end", 99, 5, 2, 2, 2, 10, 10)
	s = g.St
	if s.UnitOf(1).Vars[uMorale] != 3 || len(s.Fig(1).Weapons) != 1 || s.Fig(1).Weapons[0] != "pistol" {
		t.Fatalf("morale %d weapons %v", s.UnitOf(1).Vars[uMorale], s.Fig(1).Weapons)
	}
	if s.Fig(1).Pos != geom.P(10, 36) || s.Fig(2).Pos != geom.P(12, 30) {
		t.Fatalf("Able at %s (should fall back 6\"), Arno at %s (left behind)", s.Fig(1).Pos, s.Fig(2).Pos)
	}
	// At the 3rd failure the unit does not fire.
	phase(g, PhaseOffensive, 0)
	refuse(t, g, "fire F1 F3", "will not fire")

	// 4th failure: falling back off the table edge is fleeing; backed
	// against a building with no way out, surrender.
	g = table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 10, 38, false},
		{0, "A", "Arno", []string{"rifle"}, 42, 9.3, false},
		{1, "R", "Rot", []string{"rifle"}, 10, 30, false},
		{1, "R", "Rost", []string{"rifle"}, 42, 20, false},
	}, nil)
	s = g.St
	unitSet(s.UnitOf(1), uMorale, 3)
	unitSet(s.UnitOf(1), uCasRnd, s.Round)
	phase(g, PhaseDefensive, 1)
	apply(t, g, "end", 99, 1, 1, 1, 1)
	s = g.St
	if !s.Fig(1).Removed || s.Fig(1).Var(fFled) != 1 {
		t.Fatal("Able should flee off the table")
	}
	if !s.Fig(2).Markers.Has(rules.Surrendered) {
		t.Fatalf("Arno should surrender, at %s", s.Fig(2).Pos)
	}
	if !s.Over || s.Winner != 1 {
		t.Fatalf("Blue has no one left: over %v winner %d", s.Over, s.Winner)
	}
}

func TestCardAndLabels(t *testing.T) {
	g := duel(t, nil)
	s := g.St
	rs := New().(Maxim)
	f := s.Fig(1)
	f.Markers |= rules.Stunned | rules.Wounded
	unitSet(s.UnitOf(1), uMorale, 2)
	f.SetVar(fOpp, s.Round)
	fi := rs.Figure(s, 1)
	kinds := map[string]int{}
	for _, m := range fi.Marks {
		kinds[m.Kind] = m.N
	}
	for _, k := range []string{rules.MarkStunned, rules.MarkWounded, MarkMorale, rules.MarkOppFire} {
		if _, ok := kinds[k]; !ok {
			t.Errorf("no %q mark in %+v", k, fi.Marks)
		}
	}
	if kinds[MarkMorale] != 2 {
		t.Errorf("morale mark N %d", kinds[MarkMorale])
	}
	if len(fi.Weapons) != 1 || fi.Weapons[0].Reach() != 30000 {
		t.Fatalf("weapons %+v", fi.Weapons)
	}
	if wc := WeaponCard("mortar"); len(wc.Bands) != 2 || wc.Bands[0].Note != "cannot fire" {
		t.Fatalf("mortar bands %+v", wc.Bands)
	}
	phase(g, PhaseOpportunity, 1)
	if a := rs.Action(s, rules.Command{Verb: "pass"}); a.Kind != rules.ActPass {
		t.Fatalf("pass %+v", a)
	}
	if a := rs.Action(s, rules.Command{Verb: "fire", Fig: 2, Targets: []rules.FigID{3}, Arg: "grenade"}); a.Kind != rules.ActAim || a.Short != "Hand grenade" {
		t.Fatalf("fire %+v", a)
	}
	if sc := rs.Scale(); sc.Ground != "1\" = 10 m" {
		t.Fatalf("scale %+v", sc)
	}
	phase(g, PhaseDefensive, 0)
	ex := rs.Explain(s)
	ph := ex.Panels[1]
	if ph.Kind != rules.PanelPhases || len(ph.Items) != 6 || !ph.Items[3].Current || !ph.Items[1].Done {
		t.Fatalf("phases %+v", ph)
	}
	if ex.End != "End the turn" || ex.Step == "" {
		t.Fatalf("explain %+v", ex)
	}
}
