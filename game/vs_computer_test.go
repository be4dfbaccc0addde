package game

// (This file sorts after deploy_test.go on purpose: it draws a battle, and
// TestAmbushDeploymentShowsTheGermansNoBritish compares pixels exactly and
// fails when any battle has been drawn before it in the same process.)

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// computerBattle is a battle of scenario name whose deciding side at the
// start is played by the computer, the other by a player.
func computerBattle(t *testing.T, name string) (*App, *battle, int) {
	t.Helper()
	sc, m, err := all.LoadScenario(content.ScenariosFS, name, content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	g, evs, err := rules.NewGame(rs, sc, m, 7)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1280, H: 800, speed: 8}
	a.cpu.pace = 2 // instant: no wait between the computer's commands
	cpu := g.St.Decider
	var ds drivers
	ds[cpu], ds[1-cpu] = drvNormal, drvPlayer
	g.Players = ds.saved()
	b := newBattle(a, g, evs)
	b.tv.cam.Resize(1280, 800)
	b.tv.fit(true)
	b.tv.fitted = true
	b.tv.art.Budget = 0
	return a, b, cpu
}

// The computer's side takes its turn with no input at all, the thinking
// is done off the thread that runs Update and Draw (Update returns while
// the computer is still deciding), and Draw never gives a command: only
// Update does, through the same path as a click, with the reason logged.
func TestComputerTakesItsTurnOffTheDrawingThread(t *testing.T) {
	a, b, cpu := computerBattle(t, "smle-skirmish.toml")
	if b.curtain || b.shown != 1-cpu {
		t.Fatalf("with one player the table shows that player's side without a curtain: shown %d (want %d), curtain %v", b.shown, 1-cpu, b.curtain)
	}
	release := make(chan struct{})
	entered := make(chan struct{}, 8)
	thinkHook = func() { entered <- struct{}{}; <-release }
	defer func() { thinkHook = nil }()
	// the opening events animate first: Update skips through them
	for i := 0; i < 600 && b.cpu.asked == nil; i++ {
		b.tl.SkipAll()
		if err := b.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-entered:
	case <-time.After(10 * time.Second):
		t.Fatal("the computer never started thinking")
	}
	n := len(b.g.Log)
	// the computer is still thinking: Update and Draw go on and the game waits
	for i := 0; i < 20; i++ {
		if err := b.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
		render(a, b)
	}
	if len(b.g.Log) != n {
		t.Fatalf("a command was given while the computer was still thinking")
	}
	if h := b.barHint(); !strings.Contains(h, "thinking") {
		t.Errorf("the bar says %q while the computer thinks, want it to say it is thinking", h)
	}
	close(release)
	// the thought comes back; only Update may give it
	deadline := time.Now().Add(20 * time.Second)
	for len(b.cpu.done) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if len(b.cpu.done) == 0 {
		t.Fatal("the computer's thought never came back")
	}
	for i := 0; i < 10; i++ {
		render(a, b)
	}
	if len(b.g.Log) != n {
		t.Fatalf("Draw gave the computer's command")
	}
	for i := 0; i < 5 && len(b.g.Log) == n; i++ {
		if err := b.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
	}
	if len(b.g.Log) != n+1 {
		t.Fatalf("Update did not give the computer's command: %d commands, want %d", len(b.g.Log), n+1)
	}
	var why string
	for _, e := range b.log {
		if e.kind == "why" {
			why = e.text
		}
	}
	side := b.st().Sides[cpu].Name
	if !strings.HasPrefix(why, side+" (computer): ") || len(why) < len(side)+20 {
		t.Errorf("the log's reason for the computer's command is %q, want %q and its reason", why, side+" (computer): ")
	}
	// and it plays on by itself until the player's side decides, each
	// reason naming what it does in the bar's short words, never a
	// button's how-to ("Move (drag the figure)")
	for i := 0; i < 5000 && b.st().Decider == cpu && !b.st().Over; i++ {
		b.tl.SkipAll()
		if err := b.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
		if l := b.log[len(b.log)-1]; l.kind == "why" && (strings.Contains(l.text, "drag") || strings.Contains(l.text, "(1 AP")) {
			t.Fatalf("the computer's reason reads %q", l.text)
		}
		time.Sleep(time.Millisecond)
	}
	if b.st().Decider == cpu && !b.st().Over {
		t.Fatalf("the computer never handed the decision to the player (%d commands)", len(b.g.Log))
	}
	if b.curtain {
		t.Errorf("the curtain came down for a player playing the computer")
	}
	if b.cpu.asked != nil {
		<-b.cpu.done // a thought still under way ends before the next test
	}
}

// The side choice is kept in the save, and a resumed game keeps it; a
// game between two players writes no choice at all.
func TestComputerChoiceKeptInTheSave(t *testing.T) {
	a, b, cpu := computerBattle(t, "ssg-standard.toml")
	dir := t.TempDir()
	path := filepath.Join(dir, "x.save")
	if err := all.WriteSaveAtomic(path, b.g); err != nil {
		t.Fatal(err)
	}
	want := []string{"player", "player"}
	want[cpu] = "computer:normal"
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"players": [`) {
		t.Fatalf("the save does not say who plays each side:\n%s", data)
	}
	sb, err := readBattle(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sb.g.Players, want) {
		t.Fatalf("the save's players read back as %q, want %q", sb.g.Players, want)
	}
	r := newBattle(a, sb.g, nil)
	if r.drivers[cpu] != drvNormal || !r.drivers[1-cpu].human() || r.cpu == nil || r.shown != 1-cpu {
		t.Errorf("the resumed battle has drivers %q, shown %d; want the computer on side %d and the table showing side %d", r.drivers, r.shown, cpu, 1-cpu)
	}
	// two players: nothing written
	b.useDrivers(drivers{})
	if err := all.WriteSaveAtomic(path, b.g); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(path)
	if strings.Contains(string(data), "players") {
		t.Errorf("a game between two players writes who plays:\n%s", data)
	}
}

// The New battle screen's side buttons go Player, Computer (Normal),
// Computer (Hard) and back, and the choice goes to the deployment.
func TestSideChoiceCycles(t *testing.T) {
	var d driver
	var got []string
	for i := 0; i < 4; i++ {
		got = append(got, d.label())
		d = d.next()
	}
	if want := []string{"Player", "Computer (Normal)", "Computer (Hard)", "Player"}; !slices.Equal(got, want) {
		t.Errorf("the side button reads %q, want %q", got, want)
	}
	if ds := (drivers{drvHard, ""}); ds.hotseat() || ds.viewer() != 1 || !slices.Equal(ds.saved(), []string{"computer:hard", "player"}) {
		t.Errorf("Hard against a player: hotseat %v, viewer %d, saved %q", ds.hotseat(), ds.viewer(), ds.saved())
	}
	if ds := driversOf([]string{"computer:normal", "computer:hard"}); ds.hotseat() || ds.viewer() != 0 {
		t.Errorf("two computers: hotseat %v, viewer %d (want the first side's view)", ds.hotseat(), ds.viewer())
	}
	if ds := driversOf([]string{"remote", "bogus"}); !ds.hotseat() {
		t.Errorf("unknown players read as %q, want players at the desk", ds)
	}
}

// Against the computer, the player's side may interrupt the computer's go
// (S.M.L.E. opportunity fire) on the player's own table: the offer comes
// with the standing-order buttons, and a standing order answers by itself.
func TestPlayerInterruptsTheComputer(t *testing.T) {
	g := opportunityGame(t)
	a := &App{W: 1280, H: 800, speed: 8}
	var ds drivers
	ds[g.St.Active], ds[g.St.Decider] = drvNormal, drvPlayer
	g.Players = ds.saved()
	b := newBattle(a, g, nil)
	decider := g.St.Decider
	if b.shown != decider || b.curtain || !b.interrupting() || b.computerDecides() {
		t.Fatalf("shown %d (want the player's %d), curtain %v, interrupting %v, computer decides %v", b.shown, decider, b.curtain, b.interrupting(), b.computerDecides())
	}
	b.layoutButtons(a)
	hold := false
	for _, bt := range b.buttons {
		hold = hold || strings.HasPrefix(bt.label, "Hold") // (short on a crowded bar)
	}
	if !hold {
		t.Errorf("the player interrupting the computer is not offered a standing order: %v", b.buttons)
	}
	offers, _ := b.offers()
	for _, c := range offers {
		b.setOrder(b.offerUnit(c), "hold")
	}
	n := len(g.Log)
	if err := b.Update(a, 1.0/60); err != nil {
		t.Fatal(err)
	}
	if len(g.Log) != n+1 || (g.St.Decider == decider && g.St.Phase == "opportunity") {
		t.Errorf("the standing order did not let the computer's mover pass: %d commands (was %d), decider %d, phase %s", len(g.Log), n, g.St.Decider, g.St.Phase)
	}
}

// The computer's log line reads as one sentence: a reason that goes on
// from the action follows it without a colon ("Pte Eden, Fire at Schtz
// Lang: miss 83%", not "Pte Eden, Fire: at Schtz Lang: miss 83%"); any
// other reason stands after one.
func TestComputerReasonReadsOn(t *testing.T) {
	for _, c := range []struct{ what, why, want string }{
		{"Pte Eden, Fire", "at Schtz Lang: miss 83%, hit 17%", "Pte Eden fires at Schtz Lang: miss 83%, hit 17%"},
		{"Pte Eden, Move", "into cover of the wheat: out of sight of 2 enemies", "Pte Eden moves into cover of the wheat: out of sight of 2 enemies"},
		{"Blue rifle 4, Move", "away from Red rifle 4: out of reach or sight of all 4 enemies", "Blue rifle 4 moves away from Red rifle 4: out of reach or sight of all 4 enemies"},
		{"Cpl Wade, Rally", "the team is shaken", "Cpl Wade rallies: the team is shaken"},
		{"Uffz Haas, Motivate", "motivates Schtz Uhl, the best of 4 men", "Uffz Haas motivates Schtz Uhl, the best of 4 men"},
		{"Cpl Wade, Rally", "rallies Pte Eden", "Cpl Wade rallies Pte Eden"},
		{"Cpl Wade, End activation", "", "Cpl Wade, End activation"},
		{"Cpl Wade, End activation", "no enemy in reach", "Cpl Wade ends activation: no enemy in reach"},
		{"Pte Eden, AT fire", "at the Panzer", "Pte Eden, AT fire at the Panzer"},
		{"", "at Schtz Lang", "at Schtz Lang"},
	} {
		if got := joinWhy(c.what, c.why); got != c.want {
			t.Errorf("joinWhy(%q, %q) = %q, want %q", c.what, c.why, got, c.want)
		}
	}
}

// In the log the computer's reason is a quiet line that leads into what
// it did, with no gap and no heading of its own ("Blue (computer): ..."
// over every move read like a trace to a play-tester).
func TestComputerReasonLeadsIntoItsDeed(t *testing.T) {
	a, b := newTestBattle(t)
	b.tl.SkipAll()
	b.tl.Step(100)
	b.log = []logEntry{
		{text: "Blue (computer): Blue gunner, Move towards Red gunner: no enemy it knows of could shoot him there.", side: 1, kind: "why"},
		{text: "Blue gunner moves 2\"", side: 1},
	}
	var why, deed []float64
	art.Said = func(_ *ebiten.Image, s string, x0, y0, x1, y1 float64) {
		switch {
		case strings.Contains(s, "(computer)"):
			t.Errorf("the reason keeps its heading: %q", s)
		case strings.HasPrefix(strings.TrimSpace(s), "Computer: Blue gunner, Move towards"):
			why = append(why, y0)
		case s == "Blue gunner moves 2\"":
			deed = append(deed, y0)
		}
	}
	render(a, b)
	art.Said = nil
	if len(why) != 1 || len(deed) != 1 {
		t.Fatalf("the reason (%v) or the deed (%v) is not drawn once", why, deed)
	}
	// the reason wraps to two lines at most here, then the deed follows
	// with no blank row
	if gap := deed[0] - why[0]; gap > 2*17*art.UIScale+1 {
		t.Errorf("a gap of %.0f px between the reason and its deed", gap)
	}
}

// Space while the computer is paused did nothing and said nothing
// (play-test 6): it says the computer is paused and how to go on, and
// does not unpause it; played, Space says nothing.
func TestSpaceWhilePausedSaysSo(t *testing.T) {
	a, b, _ := computerBattle(t, "smle-skirmish.toml")
	b.hurryComputer(a)
	if a.toast != "" {
		t.Errorf("Space while the computer plays says %q", a.toast)
	}
	b.togglePause(a)
	a.toast = ""
	b.hurryComputer(a)
	if !b.cpu.paused || !strings.Contains(a.toast, "paused") || !strings.Contains(a.toast, "P plays on") {
		t.Errorf("Space while paused: paused %v, %q", b.cpu.paused, a.toast)
	}
}
