package game

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hedgerow/game/content"
	"hedgerow/game/netplay"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// drain plays out the table's animations to the log, as frames would.
func drain(b *battle) {
	b.tl.SkipAll()
	for _, an := range b.tl.Step(0) {
		b.finished(an)
	}
}

// joinerBattle is a test battle joined as a network side (the side to
// decide) with its animations done and its log empty.
func joinerBattle(t *testing.T) (*App, *battle, int) {
	t.Helper()
	a, b := newTestBattle(t)
	drain(b)
	local := b.st().Decider
	b.netJoin(&netLink{local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1, connected: true})
	b.log = nil
	return a, b, local
}

// logTexts is the table's log, line by line.
func logTexts(b *battle) []string {
	var out []string
	for _, e := range b.log {
		out = append(out, e.text)
	}
	return out
}

// The joiner's log after a rejoin has every line once and in order. A
// reconnect comes while the table is still showing the last update (its
// line not yet in the log): the catch-up's line comes after it, not
// before. A host that started again has the log written afresh from the
// catch-up: the line still being shown when it came is not written a
// second time when its animation ends (it was, after the catch-up had
// written it again).
func TestNetJoinerLogOnceAfterARejoin(t *testing.T) {
	a, b, local := joinerBattle(t)
	ev := func(s string) rules.Event { return rules.Event{Kind: "phase", Side: 1 - local, Text: s} }
	first, second, third := ev("The enemy's first order"), ev("The enemy's second order"), ev("The enemy's third order")

	// a drop and a return to the same host, the first update still shown
	b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: 1, State: b.st().Clone(), Events: []rules.Event{first}})
	b.netNote(a, netplay.Note{Kind: netplay.NDropped})
	b.netNote(a, netplay.Note{Kind: netplay.NWelcome, At: 1, State: b.st().Clone()})
	b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: 2, Events: []rules.Event{second}})
	drain(b)
	got := strings.Join(logTexts(b), " | ")
	if want := first.Text + " | " + second.Text; !strings.Contains(got, want) || strings.Count(got, first.Text) != 1 {
		t.Fatalf("after a return the log reads %q; want %q in that order, each once", got, want)
	}

	// the host started again: a new stream, caught up from its start,
	// while the third update is still shown
	b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: 3, State: b.st().Clone(), Events: []rules.Event{third}})
	b.netNote(a, netplay.Note{Kind: netplay.NWelcome, At: 0, State: b.st().Clone(), Again: true})
	for i, e := range []rules.Event{first, second, third} {
		b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: i + 1, Events: []rules.Event{e}})
	}
	drain(b)
	got = strings.Join(logTexts(b), " | ")
	for _, e := range []rules.Event{first, second, third} {
		if c := strings.Count(got, e.Text); c != 1 {
			t.Errorf("after the host started again the log has %q %d times: %q", e.Text, c, got)
		}
	}
	if !strings.HasSuffix(got, first.Text+" | "+second.Text+" | "+third.Text) {
		t.Errorf("after the host started again the log reads %q", got)
	}
}

// A host that started again before anyone gave a command: the joiner's
// log held only the battle's opening, and the catch-up brings the opening
// again. It is written once (the log was written afresh only once some
// command had been played, so the opening came twice).
func TestNetJoinerOpeningOnceAfterAnEarlyRestart(t *testing.T) {
	a, b, _ := joinerBattle(t)
	opening := rules.Event{Kind: "turn", Side: -1, Text: "Round 1: every team rolls for activation"}
	b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: 0, State: b.st().Clone(), Events: []rules.Event{opening}})
	drain(b)
	b.netNote(a, netplay.Note{Kind: netplay.NDropped})
	b.netNote(a, netplay.Note{Kind: netplay.NWelcome, At: 0, State: b.st().Clone(), Again: true})
	b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: 0, Events: []rules.Event{opening}})
	drain(b)
	if got := strings.Join(logTexts(b), " | "); strings.Count(got, opening.Text) != 1 {
		t.Fatalf("the log reads %q: the opening once, please", got)
	}
}

// The joiner's give-up dialog (Host not reachable) stands over a table
// at rest: the dice still rolling when it opens are played out (their
// line in the log), not left tumbling behind it.
func TestNetGiveUpDialogStopsTheDice(t *testing.T) {
	a, b := newTestBattle(t)
	drain(b)
	local := b.st().Decider
	n := &netLink{local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1, connected: true,
		stop: func() {}, run: func(context.Context) {}}
	b.netJoin(n)
	roll := rules.Event{Kind: "roll", Side: 1 - local, Text: "The enemy rolls to hit",
		Roll: &rules.Ledger{What: "Shot", Dice: []rules.Die{{Sides: 6, Face: 4}}, Target: 4, Compare: ">=", Total: 4, Outcome: "hit"}}
	b.push([]rules.Event{roll})
	b.tl.Step(0.05) // the dice are tumbling
	if !b.tl.Busy() {
		t.Fatal("the roll is not being shown")
	}
	n.finish(errors.New("opponent not connected: the host could not be reached again for 30s"))
	b.netUpdate(a, 0)
	if a.dlg == nil || a.dlg.title != "Host not reachable" {
		t.Fatal("no give-up dialog")
	}
	if b.tl.Busy() {
		t.Error("the dice go on rolling behind the give-up dialog")
	}
	if got := logTexts(b); len(got) == 0 || got[len(got)-1] != roll.Text {
		t.Errorf("the roll's line is not in the log: %q", got)
	}
}

// A chat line typed while the joiner has lost the host is kept and goes
// when the connection is back, and the player is told so; when it cannot
// be taken at all it stays in the chat line, never silently dropped.
func TestNetChatWhileDisconnected(t *testing.T) {
	a, b := newTestBattle(t)
	n := &netLink{local: 0, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 1), turnAt: -1}
	b.netJoin(n)
	if !b.sendChat(a, "are you there?") {
		t.Fatal("the line was refused")
	}
	if got := <-n.chat; got != "are you there?" {
		t.Fatalf("sent %q", got)
	}
	if !strings.Contains(a.toast, "goes to the host when the connection is back") {
		t.Errorf("the player is told %q", a.toast)
	}
	n.chat <- "a line already waiting"
	if b.sendChat(a, "one more") {
		t.Error("a line the network could not take was taken")
	}
	if !strings.Contains(a.toast, "kept here") {
		t.Errorf("the player is told %q", a.toast)
	}
}

// A host taken up again from its save has the battle's chat in its own
// log too, each line where it was said (after the commands it followed),
// read from the chat kept beside the save; the save holds none, and the
// log rebuilt from it had none.
func TestHostAgainHasItsChat(t *testing.T) {
	g, _ := shippedGameEvents(t, "ssg-standard.toml", 7)
	for i := 0; i < 4; i++ {
		if _, err := g.Apply(endOf(t, g)); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "battle.save")
	if err := all.WriteSaveAtomic(path, g); err != nil {
		t.Fatal(err)
	}
	kept := []netplay.SavedChat{{After: 0, Side: 1, Text: "good luck"}, {After: 2, Side: 0, Text: "nice shot"}}
	if err := netplay.WriteChat(netplay.ChatFile(path), kept); err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1280, H: 800, speed: 1}
	a.opt.autosave = filepath.Join(dir, "autosave.save")
	w, ok := a.hostResume(path, 0, "127.0.0.1:0").(*hostWait)
	if !ok {
		t.Fatalf("not hosted: %v", a.dlg)
	}
	defer stopHost(t, w)
	got := logTexts(w.b)
	at := map[string]int{}
	for i, l := range got {
		for _, c := range kept {
			if strings.HasSuffix(l, " says: "+c.Text) {
				if _, twice := at[c.Text]; twice {
					t.Errorf("%q is in the log twice", c.Text)
				}
				at[c.Text] = i
			}
		}
	}
	first, ok1 := at["good luck"]
	second, ok2 := at["nice shot"]
	if !ok1 || !ok2 || first >= second || second == len(got)-1 {
		t.Fatalf("the kept chat is not where it was said in the host's log: %q", got)
	}
	if want := g.St.Sides[1].Name + " says: good luck"; got[first] != want {
		t.Errorf("the line reads %q, want %q", got[first], want)
	}
}

// Any dialog over the battle (the computer's Esc menu, the load list)
// stands over a table at rest: dice still rolling when it opens are
// played out, not left tumbling behind it.
func TestDialogStopsTheDice(t *testing.T) {
	a, b := newTestBattle(t)
	drain(b)
	a.scene = b
	roll := rules.Event{Kind: "roll", Side: 0, Text: "A roll to hit",
		Roll: &rules.Ledger{What: "Shot", Dice: []rules.Die{{Sides: 6, Face: 2}}, Target: 4, Compare: ">=", Total: 2, Outcome: "miss"}}
	b.push([]rules.Event{roll})
	a.Dialog("Menu", "The battle is autosaved after every command.", []string{"Back to the battle", "Leave"}, nil)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if a.dlg == nil {
		t.Fatal("the dialog closed by itself")
	}
	if b.tl.Busy() {
		t.Error("the dice go on rolling behind the dialog")
	}
	if got := logTexts(b); got[len(got)-1] != roll.Text {
		t.Errorf("the roll's line is not in the log: %q", got)
	}
}

// Hosting a new battle from the title autosaves over the last battle at
// once, as a new battle at the desk does: an unfinished one is kept first
// (moved aside, listed by Ctrl+O), and the host's log says so. It was
// written over.
func TestHostingANewBattleKeepsTheUnfinishedAutosave(t *testing.T) {
	old, _ := shippedGameEvents(t, "ssg-standard.toml", 7)
	dir := t.TempDir()
	a := &App{W: 1280, H: 800, speed: 1}
	a.opt.autosave = filepath.Join(dir, "autosave.save")
	if err := all.WriteSaveAtomic(a.opt.autosave, old); err != nil {
		t.Fatal(err)
	}
	was, _ := os.ReadFile(a.opt.autosave)
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	w, ok := a.hostBattle(sc, m, 0, "127.0.0.1:0").(*hostWait)
	if !ok {
		t.Fatalf("not hosted: %v", a.dlg)
	}
	defer stopHost(t, w)
	kept, _ := filepath.Glob(filepath.Join(dir, "autosave.unfinished-*.save"))
	if len(kept) != 1 {
		t.Fatalf("the unfinished battle was not kept: %v", kept)
	}
	if b, _ := os.ReadFile(kept[0]); string(b) != string(was) {
		t.Fatal("the file kept is not the old autosave as it was")
	}
	said := false
	for _, l := range logTexts(w.b) {
		said = said || strings.Contains(l, "Ctrl+O lists it")
	}
	if !said {
		t.Fatalf("the host's log does not say where the old battle went: %q", logTexts(w.b))
	}
}

// stopHost stops a hosted battle's network side and waits for it, so
// that the host stops before the test's folder goes (it writes there).
func stopHost(t *testing.T, w *hostWait) {
	t.Helper()
	w.b.net.stop()
	for i := 0; i < 500; i++ {
		if _, done, _ := w.b.net.take(); done {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Error("the host did not stop")
}
