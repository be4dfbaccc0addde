package skirmish35

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"strings"
	"testing"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/save"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
	"hedgerow/scenarios"
)

func init() {
	// let the scenario loader ask this rule set about garrisons (rules/all
	// does so for the shipped program)
	if rules.LookupRuleSet == nil {
		rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) { return New(), id == "skirmish35" }
	}
}

func loadNamed(t testing.TB, name string) (*rules.Scenario, *terrain.Map) {
	t.Helper()
	sc, m, err := scenario.Load(scenarios.FS, name, maps.FS)
	if err != nil {
		t.Fatal(err)
	}
	return sc, m
}

var shipped = []string{"skirmish35-ford.toml", "skirmish35-ambush.toml", "skirmish35-inn.toml", "skirmish35-panzer.toml"}

// checkInvariants holds after every command of a random game.
func checkInvariants(t *testing.T, g *rules.Game) {
	t.Helper()
	s := g.St
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Var(fAP) < 0 || f.Var(fAP) > 5 {
			t.Fatalf("%s has %d points", f.Name, f.Var(fAP))
		}
		if l := f.Var(fLvl); l < Confident || l > Broken || (l == Broken && !f.Removed) {
			t.Fatalf("%s at morale level %d", f.Name, l)
		}
		if !f.Removed && int64(f.Var(fMoved)) > in(theData.T.Move.Max) {
			t.Fatalf("%s moved %d this turn", f.Name, f.Var(fMoved))
		}
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		vd, _, _ := theData.vehicleData(v.Type)
		if vd == nil || v.Var(vAP) < 0 || v.Var(vAP) > vd.Points {
			t.Fatalf("%s has %d points", v.Name, v.Var(vAP))
		}
		for _, id := range v.Aboard() {
			f := s.Fig(id)
			if f.Pos != v.Pos || (v.Damage.Has(vehicle.BrewedUp) && !f.Removed) {
				t.Fatalf("%s aboard the %s at %v (hull at %v), removed %v", f.Name, v.Name, f.Pos, v.Pos, f.Removed)
			}
		}
		if h, ok := rules.HullOf(New(), s, v.ID); ok {
			for _, f := range alive(s, 0) {
				if h.OverlapsBase(f.Base(s.BaseR)) {
					t.Fatalf("%s stands under the %s", f.Name, v.Name)
				}
			}
			for _, f := range alive(s, 1) {
				if h.OverlapsBase(f.Base(s.BaseR)) {
					t.Fatalf("%s stands under the %s", f.Name, v.Name)
				}
			}
		}
	}
	losses := [2]int{}
	for i := range s.Figures {
		if s.Figures[i].Removed || s.Figures[i].Markers.Has(rules.Surrendered) {
			losses[s.Figures[i].Side]++
		}
	}
	if losses[0] != s.Sides[0].Losses || losses[1] != s.Sides[1].Losses {
		t.Fatalf("losses %v but sides say %d, %d", losses, s.Sides[0].Losses, s.Sides[1].Losses)
	}
}

// 1,000 seeded random games (100 with -short) over the shipped
// scenarios end cleanly with the invariants held after every command.
func TestRandomGames(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	verbs := map[string]int{}
	over, lens, losses := 0, 0, 0
	for i := 0; i < n; i++ {
		name := shipped[i%len(shipped)]
		sc, m := loadNamed(t, name)
		seed := uint64(i + 1)
		g, err := rules.PlayRandom(New(), sc, m, seed, 20000)
		if err != nil {
			t.Fatalf("%s seed %d: %v", name, seed, err)
		}
		checkInvariants(t, g)
		if g.St.Over {
			over++
		}
		lens += len(g.Log)
		losses += g.St.Sides[0].Losses + g.St.Sides[1].Losses
		for _, c := range g.Log {
			verbs[c.Verb]++
		}
	}
	t.Logf("%d games, %d over, mean %d commands, mean losses %.2f, verbs %v", n, over, lens/n, float64(losses)/float64(n), verbs)
	if losses == 0 {
		t.Error("nobody was hurt")
	}
}

func TestSaveReplay(t *testing.T) {
	lookup := func(id string) (rules.RuleSet, bool) { return New(), id == "skirmish35" }
	for _, name := range shipped {
		sc, m := loadNamed(t, name)
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := rules.PlayRandom(New(), sc, m, seed, 20000)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := save.Write(g, &buf); err != nil {
				t.Fatal(err)
			}
			r, _, err := save.Replay(bytes.NewReader(buf.Bytes()), scenarios.FS, maps.FS, lookup)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if r.St.Hash() != g.St.Hash() {
				t.Errorf("%s seed %d: replay differs", name, seed)
			}
		}
	}
}

func BenchmarkFullGame(b *testing.B) {
	for _, name := range shipped {
		sc, m := loadNamed(b, name)
		b.Run(name, func(b *testing.B) {
			cmds := 0
			for i := 0; b.Loop(); i++ {
				g, err := rules.PlayRandom(New(), sc, m, uint64(i+1), 20000)
				if err != nil {
					b.Fatal(err)
				}
				cmds += len(g.Log)
			}
			b.ReportMetric(float64(cmds)/float64(b.N), "commands/game")
		})
	}
}

// Hidden deployment: the British are not shown to the German player
// until acquired (or until they move); the Germans are seen.
func TestHiddenDeployment(t *testing.T) {
	sc, m := loadNamed(t, "skirmish35-ambush.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	ger, brit := rules.ViewOf(g.RS, g.St, 0), rules.ViewOf(g.RS, g.St, 1)
	for _, f := range g.St.Alive(1) {
		if !f.Markers.Has(rules.Hidden) || ger.Figure(f.ID) || !brit.Figure(f.ID) {
			t.Fatalf("%s should start hidden from the Germans", f.Name)
		}
		if ger.Unit(f.Unit) {
			t.Fatalf("%s's unit should be unknown", f.Name)
		}
	}
	for _, f := range g.St.Alive(0) {
		if !brit.Figure(f.ID) {
			t.Fatalf("%s should be seen", f.Name)
		}
	}
	// a German looking about never learns of a figure it fails to acquire
	g.St.Fig(1).Pos = geom.P(50.5, 34.5)
	g.St.Fig(1).Facing = 180
	g.St.Force(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	evs, err := g.Apply(rules.Command{Verb: "acquire", Fig: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.St.Forced = nil
	ger = rules.ViewOf(g.RS, g.St, 0)
	seen := 0
	for _, e := range evs {
		if e.Target == 0 || g.St.Fig(e.Target).Side != 1 || ger.Figure(e.Target) {
			continue
		}
		if _, withheld := ger.Tell(e); !withheld {
			t.Errorf("leaked to the Germans: %s", e.Text)
		}
		seen++
	}
	if seen == 0 {
		t.Error("no roll was made for a hidden figure")
	}
}

// What lies on the table reaches each side through the core's view
// (rules.View.Overlays): the line of fire and the smoke to both, with
// the smoke's turns left; a mortar round plotted to its own side only.
func TestOverlays(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 0, quality: "elite", x: 36, y: 10, weapons: []string{"lmg", "smoke-grenade"}, facing: 180},
		tfig{side: 1, x: 36, y: 30, weapons: []string{"rifle"}},
		tfig{side: 1, x: 60, y: 45, weapons: []string{"rifle"}})
	r := New().(Skirmish)
	apply(t, s, "suppress F2 33,28 39,28")
	apply(t, s, "grenade F2 36,13 smoke", 1)
	s.Fig(1).Pos = geom.P(20, 2)
	setRounds(s, []Round{{At: geom.P(36, 30), Fig: 1, Side: 0}})
	kinds := func(side int) map[string]int {
		m := map[string]int{}
		for _, o := range rules.ViewOf(r, s, side).Overlays() {
			m[o.Kind]++
		}
		return m
	}
	if k := kinds(0); k[rules.OverFireLine] != 1 || k[rules.OverSmoke] != 1 || k[rules.OverRound] != 1 {
		t.Errorf("own side: %v", k)
	}
	if k := kinds(1); k[rules.OverRound] != 0 || k[rules.OverFireLine] != 1 || k[rules.OverSmoke] != 1 {
		t.Errorf("the other side sees %v: the mortar plot must not reach it", k)
	}
	for _, o := range rules.ViewOf(r, s, 1).Overlays() {
		switch o.Kind {
		case rules.OverFireLine:
			if len(o.Path) != 2 || o.Path[0] != geom.P(33, 28) || o.Path[1] != geom.P(39, 28) || o.Side != 0 {
				t.Errorf("line: %+v", o)
			}
		case rules.OverSmoke:
			if o.Circle == nil || o.Circle.R != in(r.d.T.Smoke.Radius) || o.Turns != r.d.T.Smoke.Turns || o.Drift {
				t.Errorf("fresh smoke: %+v, want %d turns left", o, r.d.T.Smoke.Turns)
			}
		}
	}
	// two turns on the cloud blows downwind: a second, drifting circle,
	// and two turns fewer left
	s.SetVar(gTurn, turnNo(s)+2)
	var drift *rules.Overlay
	for _, o := range r.Overlays(s, 1) {
		if o.Kind == rules.OverSmoke && o.Drift {
			drift = &o
		}
		if o.Kind == rules.OverSmoke && o.Turns != r.d.T.Smoke.Turns-2 {
			t.Errorf("smoke after two turns: %d left", o.Turns)
		}
	}
	if drift == nil || drift.From == nil || drift.Circle.C.X-drift.From.X != in(r.d.T.Smoke.DriftX) {
		t.Errorf("no drifting cloud downwind: %+v", drift)
	}
}

// Every command Legal offers in random games gets a label with its cost
// or a kind the table knows.
func TestActionLabels(t *testing.T) {
	sc, m := loadNamed(t, "skirmish35-inn.toml")
	g, _, err := rules.NewGame(New(), sc, m, 7)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	r := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 300 && !g.St.Over; i++ {
		for _, c := range g.Legal() {
			a := rules.ActionOf(g.RS, g.St, c)
			if a.Label == "" || a.Kind == "" {
				t.Fatalf("%s: %+v", c, a)
			}
			seen[c.Verb] = true
		}
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		g.Apply(c)
	}
	a := rules.ActionOf(g.RS, g.St, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{7}, Arg: "aimed"})
	if a.Label != "Aimed fire (4 AP)" {
		t.Errorf("aimed fire is labelled %q", a.Label)
	}
	t.Logf("verbs labelled: %v", seen)
}

// Any command text either applies or is refused; nothing panics and a
// refusal leaves the game unchanged. Odds and Legal never panic either.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"end", "move F1 40,20", "acquire F1", "acquire F1 F7", "fire F1 F7 aimed", "fire F1 F7 unaimed",
		"opp F2", "oppfire F2 F7", "oppsup F2 F7", "pass", "suppress F2 40,30 44,30", "grenade F1 F7", "grenade F1 40,30 smoke",
		"plot F12 F1", "melee F1 F7 capture", "surrender F1 F7", "hide F1", "rally F1", "reload F2", "face F1 40,40",
		"prone F1", "stand F1", "door F1 43.5,20 open", "lean F1", "climb F1", "at F11 43,17", "throwback F1 F7",
		"move F1 -5,-5 1000,1000", "fire - F7"} {
		f.Add(s, uint8(5))
	}
	sc, m := loadNamed(f, "skirmish35-inn.toml")
	f.Fuzz(func(t *testing.T, text string, warm uint8) {
		c, err := rules.ParseCommand(text)
		if err != nil {
			return
		}
		g, _, err := rules.NewGame(New(), sc, m, 5)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(warm), 3))
		for i := 0; i < int(warm%60) && !g.St.Over; i++ {
			if rc, ok := rules.RandomCommand(g, r); ok {
				g.Apply(rc)
			}
		}
		before := g.St.Hash()
		n := len(g.Log)
		_, _ = g.Odds(c)
		if _, err := g.Apply(c); err != nil && (g.St.Hash() != before || len(g.Log) != n) {
			t.Fatalf("%s refused (%v) but the game changed", text, err)
		}
		_ = g.Legal()
		_ = New().(Skirmish).Explain(g.St)
	})
}

// A scenario may lock doors from the start (locked_doors, at the door's
// map point): The Inn bars the inn's door; a point that is no door is
// refused at its line.
func TestLockedDoorsFromTheStart(t *testing.T) {
	text, err := fs.ReadFile(scenarios.FS, "skirmish35-inn.toml")
	if err != nil {
		t.Fatal(err)
	}
	finder := scenario.MapFinder(scenarios.FS, "skirmish35-inn.toml", maps.FS)
	sc, m, err := scenario.Parse("skirmish35-inn.toml", text, finder)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := doorAt(g.St, geom.P(43.5, 20))
	if !ok || g.St.Var(doorKey(d)) != doorLocked {
		t.Fatalf("the inn's door should start locked: %v", g.St.Var(doorKey(d)))
	}
	if g.St.Var(rules.VarLockedDoor+d.String()) != 0 {
		t.Error("the scenario's mark should be taken up")
	}
	// The shop's door is not named: shut but not locked.
	if d2, _ := doorAt(g.St, geom.P(52, 20)); g.St.Var(doorKey(d2)) != doorShut {
		t.Error("the shop's door should be only shut")
	}
	bad := strings.Replace(string(text), "locked_doors = [[43.5, 20]]", "locked_doors = [[43, 20]]", 1)
	_, _, err = scenario.Parse("inn-bad.toml", []byte(bad), finder)
	if err == nil || !strings.Contains(err.Error(), "inn-bad.toml:9:1:") || !strings.Contains(err.Error(), "no door at") {
		t.Fatalf("a point that is no door: %v", err)
	}
}

// A side's copy of the battle (network play, the computer) holds the
// mortar rounds it plotted itself, written afresh as a list of its own
// rows: neither the other side's aim points nor how many rounds the
// other side has on the way reach it.
func TestCopyHoldsOwnMortarRoundsOnly(t *testing.T) {
	s := newState(t, nil,
		tfig{side: 0, x: 36, y: 2, weapons: []string{"mortar"}, facing: 180},
		tfig{side: 1, x: 36, y: 50, weapons: []string{"mortar"}})
	r := New().(Skirmish)
	copyOf := func(side int) *rules.State {
		return &rules.State{Vars: rules.ViewOf(r, s, side).GameVars()}
	}
	if n := len(Rounds(copyOf(0))); n != 0 {
		t.Fatalf("no round plotted, yet the copy holds %d", n)
	}
	theirs := []Round{{At: geom.P(30, 10), Fig: 2, Side: 1}, {At: geom.P(40, 12), Fig: 2, Side: 1}}
	mine := Round{At: geom.P(36, 40), Fig: 1, Side: 0}
	setRounds(s, append(append([]Round(nil), theirs...), mine))
	if got := Rounds(copyOf(0)); len(got) != 1 || got[0] != mine {
		t.Errorf("side 0's copy holds rounds %v, want its own %v only", got, mine)
	}
	if got := Rounds(copyOf(1)); len(got) != 2 || got[0] != theirs[0] || got[1] != theirs[1] {
		t.Errorf("side 1's copy holds rounds %v, want its own %v", got, theirs)
	}
	setRounds(s, theirs)
	if v := rules.ViewOf(r, s, 0).GameVars(); v[gMortar] != 0 || len(Rounds(copyOf(0))) != 0 {
		t.Errorf("side 0 learns of the enemy's rounds: %v", v)
	}
}
