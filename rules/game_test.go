package rules

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"hedgerow/rules/geom"
)

// coinGame is a tiny rule set for testing the core without a real one:
// sides alternate; the deciding side may step a figure up to 4", shoot
// (one d6: a 6 removes the target) or end its turn. Losing
// victory_losses figures (default 2) loses the game.
type coinGame struct{}

func (coinGame) ID() string   { return "coin" }
func (coinGame) Name() string { return "Coin test game" }

func (coinGame) Start(s *State) ([]Event, error) {
	d := s.Roll(2)
	s.Active, s.Decider = d.Face-1, d.Face-1
	s.Phase = "play"
	return []Event{{Kind: "turn", Side: s.Active, Text: fmt.Sprintf("side %d goes first", s.Active+1),
		Roll: &Ledger{What: "first go", Dice: []Die{d}, Compare: "table", Total: d.Face, Outcome: "side"}}}, nil
}

func (coinGame) Legal(s *State) []Command {
	var out []Command
	for _, f := range s.Alive(s.Decider) {
		out = append(out, Command{Verb: "move", Fig: f.ID})
		for _, e := range s.Alive(1 - s.Decider) {
			if f.Var("shot") == 0 {
				out = append(out, Command{Verb: "shoot", Fig: f.ID, Targets: []FigID{e.ID}})
			}
		}
	}
	return append(out, Command{Verb: "end"})
}

func (g coinGame) Apply(s *State, c Command) ([]Event, error) {
	switch c.Verb {
	case "end":
		for i := range s.Figures {
			s.Figures[i].SetVar("shot", 0)
		}
		s.Active = 1 - s.Active
		s.Decider = s.Active
		if s.Active == 0 {
			s.Round++
		}
		return []Event{{Kind: "turn", Side: s.Active, Text: "turn passes"}}, nil
	case "move":
		mi := g.MoveCheck(s, c.Fig, c.Path)
		if !mi.OK {
			return nil, errors.New(mi.Why)
		}
		f := s.Fig(c.Fig)
		f.Pos = mi.Stop
		return []Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: mi.Legs, Text: "moves"}}, nil
	case "shoot":
		f := s.Fig(c.Fig)
		if f == nil || f.Side != s.Decider || f.Removed {
			return nil, errors.New("choose one of your own figures")
		}
		if f.Var("shot") != 0 {
			return nil, errors.New("that figure has already shot this turn")
		}
		if len(c.Targets) != 1 {
			return nil, errors.New("shoot at one target")
		}
		t := s.Fig(c.Targets[0])
		if t.Side == f.Side || t.Removed {
			return nil, errors.New("choose an enemy figure still on the table")
		}
		f.SetVar("shot", 1)
		d := s.Roll(6)
		l := &Ledger{What: "shot", Dice: []Die{d}, Target: 6, Compare: ">=", Total: d.Face, Outcome: "miss"}
		evs := []Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: l, Text: "shoots"}}
		if d.Face >= 6 {
			l.Outcome = "hit"
			t.Removed = true
			s.Sides[t.Side].Losses++
			evs = append(evs, Event{Kind: "removed", Side: t.Side, Fig: t.ID, Text: "falls"})
			limit := s.Var(VarVictoryLosses)
			if limit == 0 {
				limit = 2
			}
			if s.Sides[t.Side].Losses >= limit {
				s.Over, s.Winner, s.Result = true, f.Side, "enough losses"
				evs = append(evs, Event{Kind: "win", Side: f.Side, Text: "wins"})
			}
		}
		return evs, nil
	}
	return nil, fmt.Errorf("unknown command %q", c.Verb)
}

func (coinGame) Odds(s *State, c Command) (Odds, error) {
	if c.Verb != "shoot" {
		return Odds{}, errors.New("only shots have odds")
	}
	return Odds{Outcomes: []Outcome{{"hit", 1.0 / 6}, {"miss", 5.0 / 6}}}, nil
}

func (coinGame) MoveCheck(s *State, fig FigID, path []geom.Pt) MoveInfo {
	f := s.Fig(fig)
	mi := MoveInfo{Allowance: geom.In(4)}
	if f == nil || f.Side != s.Decider || f.Removed {
		mi.Why = "choose one of your own figures"
		return mi
	}
	if len(path) == 0 {
		mi.Why = "no path"
		return mi
	}
	mi.Legs = append([]geom.Pt{f.Pos}, path...)
	for i := 1; i < len(mi.Legs); i++ {
		mi.Length += geom.Dist(mi.Legs[i-1], mi.Legs[i])
	}
	mi.Cost = mi.Length
	mi.Stop = path[len(path)-1]
	c := geom.Circle{C: mi.Stop, R: s.BaseR}
	switch {
	case mi.Cost > mi.Allowance:
		mi.Why = fmt.Sprintf("too far: %s\" of %s\"", FormatInches(mi.Cost), FormatInches(mi.Allowance))
	case !onTable(s.Map, c):
		mi.Why = "off the table"
	case blockedByTerrain(s.Map, c, false):
		mi.Why = "cannot stand in impassable terrain"
	default:
		mi.OK = true
	}
	return mi
}

const testMap = `name = "Test table"
[table]
width = 24
height = 24

[[terrain]]
kind = "building"
rect = [10, 10, 4, 4]

[[area]]
name = "south"
kind = "deployment"
side = 0
rect = [0, 18, 24, 6]

[[area]]
name = "north"
kind = "deployment"
side = 1
rect = [0, 0, 24, 6]
`

const testScenario = `name = "Coin skirmish"
rule_set = "coin"
map = "table.toml"
turn_limit = 6

[victory]
losses = 3

[[side]]
name = "Blue"
colour = "#2040c0"
deployment = "south"
  [[side.unit]]
  name = "Alpha"
    [[side.unit.figure]]
    name = "Able"
    leader = true
    pos = [4, 20]
    [[side.unit.figure]]
    name = "Baker"
    [[side.unit.figure]]
    name = "Charlie"

[[side]]
name = "Red"
colour = "#c02020"
  [[side.unit]]
  name = "Bravo"
    [[side.unit.figure]]
    name = "Dog"
    [[side.unit.figure]]
    name = "Easy"
    [[side.unit.figure]]
    name = "Fox"
    posture = "prone"
`

func testFS() fstest.MapFS {
	return fstest.MapFS{
		"coin.toml":  {Data: []byte(testScenario)},
		"table.toml": {Data: []byte(testMap)},
	}
}

func coinLookup(id string) (RuleSet, bool) {
	if id == "coin" {
		return coinGame{}, true
	}
	return nil, false
}

func withCoin(t testing.TB) {
	old := KnownRuleSets
	KnownRuleSets = func() []string { return []string{"coin", "ssg"} }
	t.Cleanup(func() { KnownRuleSets = old })
}

func newCoinGame(t testing.TB, seed uint64) *Game {
	t.Helper()
	withCoin(t)
	sc, m, err := LoadScenario(testFS(), "coin.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := NewGame(coinGame{}, sc, m, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustApply(t *testing.T, g *Game, line string) []Event {
	t.Helper()
	c, err := ParseCommand(line)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := g.Apply(c)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return evs
}

// ownFig returns the first living figure of the deciding side, and an enemy.
func figs(g *Game) (own, enemy *Figure) {
	return g.St.Alive(g.St.Decider)[0], g.St.Alive(1 - g.St.Decider)[0]
}

func TestUndoStopsAtLastRoll(t *testing.T) {
	g := newCoinGame(t, 7)
	if g.CanUndo() {
		t.Fatal("a new game offers undo")
	}
	own, enemy := figs(g)
	start := own.Pos
	mustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, FormatInches(start.X+1000), FormatInches(start.Y)))
	mustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, FormatInches(start.X+2000), FormatInches(start.Y)))
	if err := g.Undo(); err != nil {
		t.Fatalf("undo of a move: %v", err)
	}
	if got := g.St.Fig(own.ID).Pos; got != (geom.Pt{X: start.X + 1000, Y: start.Y}) {
		t.Fatalf("after one undo the figure is at %v", got)
	}
	g.St.Force(5) // a miss: nothing else changes but the dice were rolled
	mustApply(t, g, fmt.Sprintf("shoot F%d F%d", own.ID, enemy.ID))
	err := g.Undo()
	if err == nil || !strings.Contains(err.Error(), "dice") {
		t.Fatalf("undo after a roll: got %v, want a refusal about the dice", err)
	}
	if g.CanUndo() {
		t.Fatal("CanUndo true after a roll")
	}
	// A move after the roll can be taken back, but only back to the roll.
	mustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, FormatInches(start.X), FormatInches(start.Y)))
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
	mustApply(t, g, "end")
	if err := g.Undo(); err == nil || !strings.Contains(err.Error(), "other side") {
		t.Fatalf("undo of the opponent's end: %v", err)
	}
}

func TestRefusedCommandLeavesStateIdentical(t *testing.T) {
	g := newCoinGame(t, 3)
	own, enemy := figs(g)
	before := g.St.Hash()
	for _, line := range []string{
		fmt.Sprintf("move F%d %s,%s", own.ID, FormatInches(own.Pos.X), FormatInches(own.Pos.Y-9000)), // too far
		fmt.Sprintf("move F%d 12,12", own.ID),                                                        // into the building
		fmt.Sprintf("shoot F%d F%d", enemy.ID, own.ID),                                               // not their go
		"shoot F99 F1",
		"dance",
	} {
		c, err := ParseCommand(line)
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
	mustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, FormatInches(own.Pos.X+1), FormatInches(own.Pos.Y)))
	if g.St.Hash() == before {
		t.Fatal("a 0.001\" move did not change the hash")
	}
}

func TestOddsDoesNotChangeState(t *testing.T) {
	g := newCoinGame(t, 3)
	own, enemy := figs(g)
	before := g.St.Hash()
	o, err := g.Odds(Command{Verb: "shoot", Fig: own.ID, Targets: []FigID{enemy.ID}})
	if err != nil || o.P("hit") != 1.0/6 {
		t.Fatalf("odds %v %v", o, err)
	}
	if g.St.Hash() != before {
		t.Fatal("odds changed the state")
	}
}

func TestAutoDeployInsideArea(t *testing.T) {
	g := newCoinGame(t, 1)
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
	if g.St.Fig(6).Posture != Prone || g.St.UnitOf(1).Leader != 1 || g.St.Var(VarVictoryLosses) != 3 {
		t.Fatal("scenario details lost")
	}
	// Deterministic: a second game deploys identically.
	h := newCoinGame(t, 1)
	if g.St.Hash() != h.St.Hash() {
		t.Fatal("same scenario and seed gave different opening states")
	}
}

// playCoin plays a random game and returns it with its save text.
func playCoin(t *testing.T, seed uint64) (*Game, []byte) {
	t.Helper()
	withCoin(t)
	sc, m, err := LoadScenario(testFS(), "coin.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := PlayRandom(coinGame{}, sc, m, seed, 2000)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	return g, buf.Bytes()
}

func TestSaveReplayRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g, save := playCoin(t, seed)
		if !g.St.Over || len(g.Log) < 20 {
			t.Fatalf("seed %d: random game too short to test (%d commands, over %v)", seed, len(g.Log), g.St.Over)
		}
		r, evs, err := Replay(bytes.NewReader(save), testFS(), nil, coinLookup)
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
		r.Save(&again)
		if !bytes.Equal(again.Bytes(), save) {
			t.Fatalf("seed %d: re-saving the replay gave a different file", seed)
		}
	}
}

func TestTamperedSaveDetected(t *testing.T) {
	g, save := playCoin(t, 2)
	sf, err := ReadSave(bytes.NewReader(save))
	if err != nil {
		t.Fatal(err)
	}
	replay := func(sf *SaveFile) error {
		_, _, err := ReplayFile(sf, testFS(), nil, coinLookup)
		return err
	}
	clone := func() *SaveFile {
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
		c, _ := ParseCommand(bad.Commands[i])
		if c.Verb != "move" {
			continue
		}
		again := false
		for j := i + 1; j < 20; j++ {
			if d, _ := ParseCommand(bad.Commands[j]); d.Verb == "move" && d.Fig == c.Fig {
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
	fsys := testFS()
	fsys["coin.toml"] = &fstest.MapFile{Data: []byte(strings.Replace(testScenario, "losses = 3", "losses = 4", 1))}
	if _, _, err := ReplayFile(clone(), fsys, nil, coinLookup); err != nil {
		t.Fatalf("scenario file changed after the save: %v", err)
	}
	if _, _, err := ReplayFile(clone(), fstest.MapFS{}, nil, coinLookup); err != nil {
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
	if _, _, err := ReplayFile(bad, fsys, nil, coinLookup); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Fatalf("changed scenario: %v", err)
	}
	if _, _, err := ReplayFile(bad, testFS(), nil, coinLookup); err != nil {
		t.Fatalf("format 1 save: %v", err)
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
	g, _ := playCoin(t, 4)
	if len(g.Hashes) != len(g.Log)/HashEvery {
		t.Fatalf("%d hashes for %d commands", len(g.Hashes), len(g.Log))
	}
}

func TestOnCommitAndSaveAtomic(t *testing.T) {
	g := newCoinGame(t, 9)
	path := t.TempDir() + "/auto.json"
	calls := 0
	g.OnCommit = func(g *Game) {
		calls++
		if err := SaveAtomic(path, g); err != nil {
			t.Fatal(err)
		}
	}
	own, _ := figs(g)
	mustApply(t, g, fmt.Sprintf("move F%d %s,%s", own.ID, FormatInches(own.Pos.X+500), FormatInches(own.Pos.Y)))
	mustApply(t, g, "end")
	if calls != 2 {
		t.Fatalf("OnCommit ran %d times for 2 commands", calls)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := Replay(bytes.NewReader(data), testFS(), nil, coinLookup)
	if err != nil {
		t.Fatal(err)
	}
	if r.St.Hash() != g.St.Hash() {
		t.Fatal("autosave does not replay to the current state")
	}
	if err := SaveAtomic(t.TempDir()+"/no/such/dir/x.json", g); err == nil {
		t.Fatal("saving into a missing directory succeeded")
	}
}

func TestNewGameRefusesOtherRuleSet(t *testing.T) {
	withCoin(t)
	sc, m, err := LoadScenario(testFS(), "coin.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	sc.RuleSet = "ssg"
	if _, _, err := NewGame(coinGame{}, sc, m, 1); err == nil {
		t.Fatal("a scenario for ssg started under the coin rules")
	}
}

func BenchmarkStateHash(b *testing.B) {
	g := newCoinGame(b, 1)
	for b.Loop() {
		g.St.Hash()
	}
}

func BenchmarkApplyMove(b *testing.B) {
	g := newCoinGame(b, 1)
	own, _ := figs(g)
	a := Command{Verb: "move", Fig: own.ID, Path: []geom.Pt{{X: own.Pos.X + 500, Y: own.Pos.Y}}}
	back := Command{Verb: "move", Fig: own.ID, Path: []geom.Pt{own.Pos}}
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
type overlayGame struct{ coinGame }

func (overlayGame) Overlays(s *State, side int) []Overlay {
	c := geom.Circle{C: geom.P(10, 10), R: 3 * geom.PerInch}
	return []Overlay{{Kind: OverSmoke, Side: -1, Circle: &c, Turns: 2},
		{Kind: OverRound, Side: 0, Circle: &c, Secret: true}}
}

// A secret thing on the table (a round plotted) reaches its own side
// through the view and never the other, even when the rule set lists it.
func TestOverlaySecretStaysWithItsSide(t *testing.T) {
	s := &State{}
	for side, want := range []int{2, 1} {
		got := ViewOf(overlayGame{}, s, side).Overlays()
		if len(got) != want {
			t.Errorf("side %d sees %d things, want %d: %+v", side, len(got), want, got)
		}
		for _, o := range got {
			if o.Secret && o.Side != side {
				t.Errorf("side %d sees the other side's secret %+v", side, o)
			}
		}
	}
	if got := ViewOf(coinGame{}, s, 0).Overlays(); got != nil {
		t.Errorf("a rule set without the hook lays %+v", got)
	}
}
