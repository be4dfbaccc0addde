package firefight

import (
	"math/rand/v2"
	"testing"
	"time"

	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
	"hedgerow/scenarios"
)

var scenarioFiles = []string{"firefight-mg42-farm-lane.toml", "firefight-crossroads.toml", "firefight-hedgerow-rearguard.toml", "firefight-farmhouse-grenades.toml"}

// The scenario loader asks the rule set whether figures may stand inside
// buildings; rules/all (which tells it) cannot be imported from here.
// Every game played here also holds the sight worked out after a move to
// the sight worked out in full (updateSightAfterMove panics otherwise).
func init() {
	checkSight = true
	if rules.LookupRuleSet == nil {
		rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) {
			if id == "firefight" {
				return New(), true
			}
			return nil, false
		}
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

// playChecked plays one seeded random game, checking invariants after
// every command. It drives the rule set directly (no undo history or
// state hashes, which the core's Game keeps): a legal command refused
// fails the test, so nothing needs rolling back.
func playChecked(t testing.TB, sc *rules.Scenario, m *terrain.Map, seed uint64, bound int) *rules.State {
	g, _, err := rules.NewGame(New(), sc, m, seed)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	s := g.St
	rs := New()
	r := rand.New(rand.NewPCG(seed, 77))
	for n := 0; !s.Over; n++ {
		if n >= bound {
			t.Fatalf("seed %d: not over after %d commands (turn %d, phase %q)", seed, bound, s.Round, s.Phase)
		}
		legal := rs.Legal(s)
		if len(legal) == 0 {
			t.Fatalf("seed %d: nothing legal in phase %q", seed, s.Phase)
		}
		c := legal[r.IntN(len(legal))]
		if c.Verb == "move" {
			p, ok := randomDest(s, c.Fig, r)
			if !ok {
				continue
			}
			c.Path = []geom.Pt{p}
		}
		if c.Verb == "oppfire" && c.Arg == "face" {
			// the table asks for a point to face: any point of the table
			c.Path = []geom.Pt{{X: r.Int64N(s.Map.Width + 1), Y: r.Int64N(s.Map.Height + 1)}}
		}
		if c.Fig != 0 && s.Fig(c.Fig).Removed {
			t.Fatalf("seed %d: removed figure offered %s", seed, c)
		}
		if _, err := rs.Apply(s, c); err != nil {
			t.Fatalf("seed %d: legal command %s refused: %v", seed, c, err)
		}
		s.SetVar("n_cmds", n+1)
		checkInvariants(t, s, seed, c)
	}
	return s
}

// randomDest picks a destination within the figure's points that
// MoveCheck accepts (a few tries).
func randomDest(s *rules.State, id rules.FigID, r *rand.Rand) (geom.Pt, bool) {
	f := s.Fig(id)
	allow := moveInfo(s, f, nil).Allowance
	for try := 0; try < 8 && allow > 0; try++ {
		dx, dy := r.Int64N(2*allow+1)-allow, r.Int64N(2*allow+1)-allow
		if dx*dx+dy*dy > allow*allow || (dx == 0 && dy == 0) {
			continue
		}
		p := geom.Pt{X: f.Pos.X + dx, Y: f.Pos.Y + dy}
		if moveInfo(s, f, []geom.Pt{p}).OK {
			return p, true
		}
	}
	return geom.Pt{}, false
}

func checkInvariants(t testing.TB, s *rules.State, seed uint64, c rules.Command) {
	t.Helper()
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Removed {
			if f.Markers != 0 {
				t.Fatalf("seed %d after %s: removed %s keeps markers", seed, c, f.Name)
			}
			continue
		}
		if why := standProblem(s, f.ID, f.Pos); why != "" {
			t.Fatalf("seed %d after %s: %s %s", seed, c, f.Name, why)
		}
		if ap := f.Var(fAP); ap < 0 || ap > data.Cost.MotivatedAP {
			t.Fatalf("seed %d after %s: %s has %d AP", seed, c, f.Name, ap)
		}
		if Neutralised(s, f) && Suppressed(s, f) {
			t.Fatalf("seed %d after %s: %s both neutralised and suppressed", seed, c, f.Name)
		}
		if Spotted(s, 1-f.Side, f) && f.Var(seenVar(1-f.Side)) == 0 {
			t.Fatalf("seed %d after %s: %s spotted but unseen", seed, c, f.Name)
		}
	}
	for i := range s.Units {
		if v := getU(&s.Units[i], uInit); v < 1 || v > MaxInitiative {
			t.Fatalf("seed %d: %s initiative %d", seed, s.Units[i].Name, v)
		}
	}
}

// 1,000 seeded random games on the MG42 scenario (100 with -short) and
// 20 on each of the others end cleanly, with the invariants held after every
// command, and every command kind is used somewhere.
func TestRandomGames(t *testing.T) {
	for _, name := range scenarioFiles {
		sc, m := loadNamed(t, name)
		n := 1000
		if name != scenarioFiles[0] {
			n = 20
		}
		if testing.Short() {
			n /= 10
		}
		start := time.Now()
		cmds, losses, ended := 0, 0, 0
		for seed := uint64(1); seed <= uint64(n); seed++ {
			s := playChecked(t, sc, m, seed, 20000)
			cmds += s.Var("n_cmds")
			losses += s.Sides[0].Losses + s.Sides[1].Losses
			if s.Round < s.TurnLimit {
				ended++
			}
		}
		el := time.Since(start)
		t.Logf("%s: %d games in %v (%.0f games a minute), %d commands, %d losses, %d decided before the last turn",
			name, n, el.Round(time.Millisecond), float64(n)/el.Minutes(), cmds, losses, ended)
	}
}

// Every game replays from its log to the same state, and every command
// kind is used.
func TestReplay(t *testing.T) {
	sc, m := loadNamed(t, scenarioFiles[0])
	verbs := map[string]int{}
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := rules.PlayRandom(New(), sc, m, seed, 20000)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range g.Log {
			verbs[c.Verb]++
		}
		r, _, err := rules.NewGame(New(), sc, m, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range g.Log {
			if _, err := r.Apply(c); err != nil {
				t.Fatalf("seed %d replay %s: %v", seed, c, err)
			}
		}
		if r.St.Hash() != g.St.Hash() {
			t.Fatalf("seed %d: replay differs", seed)
		}
	}
	for _, v := range []string{"motivate", "move", "posture", "spot", "fire", "oppfire", "pass", "leader", "end"} {
		if verbs[v] == 0 {
			t.Errorf("no %q in 20 games", v)
		}
	}
}

func benchScenario(b *testing.B, name string) {
	sc, m := loadNamed(b, name)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := rules.PlayRandom(New(), sc, m, uint64(i+1), 20000); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFullGame(b *testing.B) {
	for _, name := range scenarioFiles {
		b.Run(name, func(b *testing.B) { benchScenario(b, name) })
	}
}
