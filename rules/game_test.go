package rules_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/internal/coingame"
	"hedgerow/rules/save"
	"hedgerow/rules/scenario"
)

func TestUndoStopsAtLastRoll(t *testing.T) {
	g := coingame.New(t, 7)
	if g.CanUndo() {
		t.Fatal("a new game offers undo")
	}
	own, enemy := coingame.Figs(g)
	start := own.Pos
	coingame.MustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, rules.FormatInches(start.X+1000), rules.FormatInches(start.Y)))
	coingame.MustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, rules.FormatInches(start.X+2000), rules.FormatInches(start.Y)))
	if err := g.Undo(); err != nil {
		t.Fatalf("undo of a move: %v", err)
	}
	if got := g.St.Fig(own.ID).Pos; got != (geom.Pt{X: start.X + 1000, Y: start.Y}) {
		t.Fatalf("after one undo the figure is at %v", got)
	}
	g.St.Force(5) // a miss: nothing else changes but the dice were rolled
	coingame.MustApply(t, g, fmt.Sprintf("shoot F%d F%d", own.ID, enemy.ID))
	err := g.Undo()
	if err == nil || !strings.Contains(err.Error(), "dice") {
		t.Fatalf("undo after a roll: got %v, want a refusal about the dice", err)
	}
	if g.CanUndo() {
		t.Fatal("CanUndo true after a roll")
	}
	// A move after the roll can be taken back, but only back to the roll.
	coingame.MustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, rules.FormatInches(start.X), rules.FormatInches(start.Y)))
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if len(g.Log) != 2 || g.Log[1].Verb != "shoot" {
		t.Fatalf("log after undo: %v", g.Log)
	}
	if err := g.Undo(); err == nil {
		t.Fatal("undo went past the roll")
	}
	// The other side cannot take back the end of its opponent's turn.
	coingame.MustApply(t, g, "end")
	if err := g.Undo(); err == nil || !strings.Contains(err.Error(), "other side") {
		t.Fatalf("undo of the opponent's end: %v", err)
	}
}

func TestRefusedCommandLeavesStateIdentical(t *testing.T) {
	g := coingame.New(t, 3)
	own, enemy := coingame.Figs(g)
	before := g.St.Hash()
	for _, line := range []string{
		fmt.Sprintf("move F%d %s,%s", own.ID, rules.FormatInches(own.Pos.X), rules.FormatInches(own.Pos.Y-9000)), // too far
		fmt.Sprintf("move F%d 12,12", own.ID),          // into the building
		fmt.Sprintf("shoot F%d F%d", enemy.ID, own.ID), // not their go
		"shoot F99 F1",
		"dance",
	} {
		c, err := rules.ParseCommand(line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(c); err == nil {
			t.Fatalf("%s was accepted", line)
		}
		if h := g.St.Hash(); h != before {
			t.Fatalf("%s was refused but changed the state", line)
		}
		if len(g.Log) != 0 {
			t.Fatalf("%s was refused but logged", line)
		}
	}
	// The hash notices real changes.
	coingame.MustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, rules.FormatInches(own.Pos.X+1), rules.FormatInches(own.Pos.Y)))
	if g.St.Hash() == before {
		t.Fatal("a 0.001\" move did not change the hash")
	}
}

func TestOddsDoesNotChangeState(t *testing.T) {
	g := coingame.New(t, 3)
	own, enemy := coingame.Figs(g)
	before := g.St.Hash()
	o, err := g.Odds(rules.Command{Verb: "shoot", Fig: own.ID, Targets: []rules.FigID{enemy.ID}})
	if err != nil || o.P("hit") != 1.0/6 {
		t.Fatalf("odds %v %v", o, err)
	}
	if g.St.Hash() != before {
		t.Fatal("odds changed the state")
	}
}

func TestAutoDeployInsideArea(t *testing.T) {
	g := coingame.New(t, 1)
	for _, f := range g.St.Figures {
		area := "south"
		if f.Side == 1 {
			area = "north"
		}
		a, _ := g.St.Map.AreaByName(area)
		if f.Name == "Able" {
			if f.Pos != geom.P(4, 20) {
				t.Fatalf("Able moved from his set position to %v", f.Pos)
			}
			continue
		}
		if !a.Poly.CircleInside(f.Base(g.St.BaseR)) {
			t.Fatalf("%s deployed at %v, outside %s", f.Name, f.Pos, area)
		}
		for _, o := range g.St.Figures {
			if o.ID != f.ID && geom.Dist2(o.Pos, f.Pos) < 4*g.St.BaseR*g.St.BaseR {
				t.Fatalf("%s overlaps %s", f.Name, o.Name)
			}
		}
	}
	if g.St.Fig(6).Posture != rules.Prone || g.St.UnitOf(1).Leader != 1 || g.St.Var(rules.VarVictoryLosses) != 3 {
		t.Fatal("scenario details lost")
	}
	// Deterministic: a second game deploys identically.
	h := coingame.New(t, 1)
	if g.St.Hash() != h.St.Hash() {
		t.Fatal("same scenario and seed gave different opening states")
	}
}

func TestSaveReplayRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g, saved := coingame.Play(t, seed)
		if !g.St.Over || len(g.Log) < 20 {
			t.Fatalf("seed %d: random game too short to test (%d commands, over %v)", seed, len(g.Log), g.St.Over)
		}
		r, evs, err := save.Replay(bytes.NewReader(saved), coingame.FS(), nil, coingame.Lookup)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.St.Hash() != g.St.Hash() || len(r.Log) != len(g.Log) {
			t.Fatalf("seed %d: replay ended in a different state", seed)
		}
		if len(evs) == 0 || evs[len(evs)-1].Kind != "win" {
			t.Fatalf("seed %d: replay events do not end with the win", seed)
		}
		var again bytes.Buffer
		save.Write(r, &again)
		if !bytes.Equal(again.Bytes(), saved) {
			t.Fatalf("seed %d: re-saving the replay gave a different file", seed)
		}
	}
}

func TestTamperedSaveDetected(t *testing.T) {
	g, saved := coingame.Play(t, 2)
	sf, err := save.Read(bytes.NewReader(saved))
	if err != nil {
		t.Fatal(err)
	}
	replay := func(sf *save.File) error {
		_, _, err := save.ReplayFile(sf, coingame.FS(), nil, coingame.Lookup)
		return err
	}
	clone := func() *save.File {
		c := *sf
		c.Commands = append([]string(nil), sf.Commands...)
		c.Hashes = append([]string(nil), sf.Hashes...)
		c.Deploy = append([]string(nil), sf.Deploy...)
		return &c
	}
	// 1. A command the rules refuse is reported at its own number.
	bad := clone()
	bad.Commands[6] = "shoot F1 F1"
	if err := replay(bad); err == nil || !strings.HasPrefix(err.Error(), "command 7: ") {
		t.Fatalf("refused command: %v", err)
	}
	// 2. A legal but different command is caught at the next state hash
	// (a move by a figure that does not move again before command 20).
	bad = clone()
	moved := -1
	for i := 10; i < 20 && i < len(bad.Commands) && moved < 0; i++ {
		c, _ := rules.ParseCommand(bad.Commands[i])
		if c.Verb != "move" {
			continue
		}
		again := false
		for j := i + 1; j < 20; j++ {
			if d, _ := rules.ParseCommand(bad.Commands[j]); d.Verb == "move" && d.Fig == c.Fig {
				again = true
			}
		}
		if !again {
			c.Path[0].X++ // a thousandth of an inch
			bad.Commands[i] = c.String()
			moved = i
		}
	}
	if moved < 0 {
		t.Skip("no move among commands 11-20 to tamper with")
	}
	// A thousandth of an inch is caught at the very command altered.
	want := fmt.Sprintf("command %d: ", moved+1)
	if err := replay(bad); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("altered move at command %d: %v", moved+1, err)
	}
	// 3. A changed seed diverges (the first dice differ).
	bad = clone()
	bad.Seed++
	if err := replay(bad); err == nil || !strings.HasPrefix(err.Error(), "command ") {
		t.Fatalf("changed seed: %v", err)
	}
	// 4. A tampered final hash is caught at the last command.
	bad = clone()
	bad.FinalHash = strings.Repeat("0", 64)
	want = fmt.Sprintf("command %d: ", len(g.Log))
	if err := replay(bad); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("final hash: %v", err)
	}
	// 5. A save carries its scenario: it replays after the file changed
	// (or with no files at all), but an edit to the text it carries is
	// refused before any command.
	fsys := coingame.FS()
	fsys["coin.toml"] = &fstest.MapFile{Data: []byte(strings.Replace(coingame.ScenarioText, "losses = 3", "losses = 4", 1))}
	if _, _, err := save.ReplayFile(clone(), fsys, nil, coingame.Lookup); err != nil {
		t.Fatalf("scenario file changed after the saved: %v", err)
	}
	if _, _, err := save.ReplayFile(clone(), fstest.MapFS{}, nil, coingame.Lookup); err != nil {
		t.Fatalf("no scenario files at hand: %v", err)
	}
	bad = clone()
	bad.ScenarioText = strings.Replace(bad.ScenarioText, "losses = 3", "losses = 4", 1)
	if err := replay(bad); err == nil || !strings.Contains(err.Error(), "does not match its hash") {
		t.Fatalf("edited scenario text: %v", err)
	}
	bad = clone()
	bad.MapText += "\n# edited\n"
	if err := replay(bad); err == nil || !strings.Contains(err.Error(), "does not match its hash") {
		t.Fatalf("edited map text: %v", err)
	}
	// An old (format 1) save names its scenario, which must not have changed.
	bad = clone()
	bad.Format, bad.ScenarioText, bad.MapText = 1, "", ""
	if _, _, err := save.ReplayFile(bad, fsys, nil, coingame.Lookup); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Fatalf("changed scenario: %v", err)
	}
	if _, _, err := save.ReplayFile(bad, coingame.FS(), nil, coingame.Lookup); err != nil {
		t.Fatalf("format 1 saved: %v", err)
	}
	// 6. A placement off the table is refused.
	bad = clone()
	bad.Deploy[0] = "place F1 30,30"
	if err := replay(bad); err == nil || !strings.Contains(err.Error(), "placement 1") {
		t.Fatalf("bad placement: %v", err)
	}
	// The untouched save still replays.
	if err := replay(clone()); err != nil {
		t.Fatal(err)
	}
}

func TestHashesRecordedEveryCommand(t *testing.T) {
	g, _ := coingame.Play(t, 4)
	if len(g.Hashes) != len(g.Log)/rules.HashEvery {
		t.Fatalf("%d hashes for %d commands", len(g.Hashes), len(g.Log))
	}
}

func TestOnCommitAndSaveAtomic(t *testing.T) {
	g := coingame.New(t, 9)
	path := t.TempDir() + "/auto.json"
	calls := 0
	g.OnCommit = func(g *rules.Game) {
		calls++
		if err := save.WriteAtomic(path, g); err != nil {
			t.Fatal(err)
		}
	}
	own, _ := coingame.Figs(g)
	coingame.MustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, rules.FormatInches(own.Pos.X+500), rules.FormatInches(own.Pos.Y)))
	coingame.MustApply(t, g, "end")
	if calls != 2 {
		t.Fatalf("OnCommit ran %d times for 2 commands", calls)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := save.Replay(bytes.NewReader(data), coingame.FS(), nil, coingame.Lookup)
	if err != nil {
		t.Fatal(err)
	}
	if r.St.Hash() != g.St.Hash() {
		t.Fatal("autosave does not replay to the current state")
	}
	if err := save.WriteAtomic(t.TempDir()+"/no/such/dir/x.json", g); err == nil {
		t.Fatal("saving into a missing directory succeeded")
	}
}

func TestNewGameRefusesOtherRuleSet(t *testing.T) {
	coingame.WithCoin(t)
	sc, m, err := scenario.Load(coingame.FS(), "coin.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	sc.RuleSet = "ssg"
	if _, _, err := rules.NewGame(coingame.Game{}, sc, m, 1); err == nil {
		t.Fatal("a scenario for ssg started under the coin rules")
	}
}

func BenchmarkStateHash(b *testing.B) {
	g := coingame.New(b, 1)
	for b.Loop() {
		g.St.Hash()
	}
}

func BenchmarkApplyMove(b *testing.B) {
	g := coingame.New(b, 1)
	own, _ := coingame.Figs(g)
	a := rules.Command{Verb: "move", Fig: own.ID, Path: []geom.Pt{{X: own.Pos.X + 500, Y: own.Pos.Y}}}
	back := rules.Command{Verb: "move", Fig: own.ID, Path: []geom.Pt{own.Pos}}
	for i := 0; b.Loop(); i++ {
		c := a
		if i%2 == 1 {
			c = back
		}
		if _, err := g.Apply(c); err != nil {
			b.Fatal(err)
		}
	}
}

// overlayGame lays one thing each side can see and one secret of side 0.
type overlayGame struct{ coingame.Game }

func (overlayGame) Overlays(s *rules.State, side int) []rules.Overlay {
	c := geom.Circle{C: geom.P(10, 10), R: 3 * geom.PerInch}
	return []rules.Overlay{{Kind: rules.OverSmoke, Side: -1, Circle: &c, Turns: 2},
		{Kind: rules.OverRound, Side: 0, Circle: &c, Secret: true}}
}

// A secret thing on the table (a round plotted) reaches its own side
// through the view and never the other, even when the rule set lists it.
func TestOverlaySecretStaysWithItsSide(t *testing.T) {
	s := &rules.State{}
	for side, want := range []int{2, 1} {
		got := rules.ViewOf(overlayGame{}, s, side).Overlays()
		if len(got) != want {
			t.Errorf("side %d sees %d things, want %d: %+v", side, len(got), want, got)
		}
		for _, o := range got {
			if o.Secret && o.Side != side {
				t.Errorf("side %d sees the other side's secret %+v", side, o)
			}
		}
	}
	if got := rules.ViewOf(coingame.Game{}, s, 0).Overlays(); got != nil {
		t.Errorf("a rule set without the hook lays %+v", got)
	}
}
