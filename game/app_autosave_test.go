package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/game/netplay"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// autosaveApp is an App whose autosave lives in a fresh folder.
func autosaveApp(t *testing.T) (*App, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "autosave.save")
	return &App{W: 1280, H: 800, speed: 1, opt: options{autosave: path}}, path
}

// playedGame is the standard game after a few random commands.
func playedGame(t *testing.T, n int) *rules.Game {
	t.Helper()
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	g, err := rules.PlayRandom(rs, sc, m, 5, n)
	if g == nil || len(g.Log) != n {
		t.Fatalf("could not play %d commands: %v", n, err)
	}
	return g
}

func titleButtons(t *testing.T, a *App, s Scene) []string {
	t.Helper()
	ts, ok := s.(*titleScene)
	if !ok {
		t.Fatalf("the game opened on %T, not the title", s)
	}
	ts.Update(a, 1.0/60)
	var out []string
	for _, b := range ts.buttons {
		out = append(out, b.label)
	}
	return out
}

// A corrupt autosave at start is moved aside with a message saying where,
// and is not offered.
func TestCorruptAutosaveIsMovedAsideAtStart(t *testing.T) {
	a, path := autosaveApp(t)
	junk := []byte("{\"format\": 2, \"rule_set\": \"ssg\", \"comm")
	if err := os.WriteFile(path, junk, 0o644); err != nil {
		t.Fatal(err)
	}
	s := a.firstScene()
	if content.FileExists(path) {
		t.Fatal("the corrupt autosave is still where it was: it would be offered again")
	}
	moved, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "autosave.bad-*.save"))
	if len(moved) != 1 {
		t.Fatalf("the corrupt autosave was not moved aside as autosave.bad-DATE.save: %v", moved)
	}
	if b, _ := os.ReadFile(moved[0]); string(b) != string(junk) {
		t.Fatal("the file moved aside is not the autosave as it was")
	}
	if a.dlg == nil || a.dlg.title != "The autosave could not be read" || !strings.Contains(a.dlg.body, moved[0]) {
		t.Fatalf("no message saying the autosave was moved aside, and where: %+v", a.dlg)
	}
	if strings.Contains(a.dlg.body, "Resume") || len(a.dlg.buttons) != 1 {
		t.Fatalf("the message offers something: %+v", a.dlg)
	}
	a.dlg = nil
	for _, l := range titleButtons(t, a, s) {
		if strings.Contains(l, "Resume") {
			t.Fatalf("the title still offers %q", l)
		}
	}
	// the next start is quiet
	a.firstScene()
	if a.dlg != nil {
		t.Fatalf("the next start says %q", a.dlg.title)
	}
}

// The resume offer says which battle it is and where it stands, and
// Discard puts the file aside as autosave.discarded.
func TestAutosaveOfferSaysWhatItIs(t *testing.T) {
	a, path := autosaveApp(t)
	g := playedGame(t, 6)
	if err := all.WriteSaveAtomic(path, g); err != nil {
		t.Fatal(err)
	}
	s := a.firstScene()
	if a.dlg == nil || a.dlg.title != "Resume the last battle?" {
		t.Fatalf("no resume offer: %+v", a.dlg)
	}
	want := describeGame(g)
	if !strings.HasPrefix(a.dlg.body, want) || !strings.HasPrefix(want, g.Scenario.Name+", turn ") ||
		!strings.Contains(want, g.St.Sides[g.St.Decider].Name+" to play") {
		t.Fatalf("the offer says %q; want it to start %q (the scenario, the turn, who is to play)", a.dlg.body, want)
	}
	t.Logf("the offer: %s", a.dlg.body)
	var labels []string
	for _, b := range a.dlg.buttons {
		labels = append(labels, b.label)
	}
	if strings.Join(labels, "/") != "Resume/Discard/Not now" {
		t.Fatalf("the offer's buttons are %v", labels)
	}
	a.scene = s
	d := a.dlg
	a.dlg = nil
	d.onClose(1) // Discard
	if content.FileExists(path) || !content.FileExists(filepath.Join(filepath.Dir(path), "autosave.discarded")) {
		t.Fatal("Discard did not move the autosave aside as autosave.discarded")
	}
	for _, l := range titleButtons(t, a, s) {
		if strings.Contains(l, "Resume") {
			t.Fatalf("after Discard the title still offers %q", l)
		}
	}
}

// A save that stops matching at command N resumes after command N-1, with
// a message; the whole file is kept aside.
func TestDivergingAutosaveResumesBeforeIt(t *testing.T) {
	a, path := autosaveApp(t)
	g := playedGame(t, 8)
	sf := all.SaveOf(g)
	sf.Commands[4] = "move F1 -40,-40" // command 5: off the table, refused
	data, _ := json.MarshalIndent(sf, "", "  ")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a.scene = a.firstScene()
	if a.dlg == nil || a.dlg.title != "Resume the last battle?" || !strings.Contains(a.dlg.body, "command 5") {
		t.Fatalf("the offer does not say where the save stops matching: %+v", a.dlg)
	}
	d := a.dlg
	a.dlg = nil
	d.onClose(0) // Resume
	b, ok := a.scene.(*battle)
	if !ok {
		t.Fatalf("Resume opened %T, not the battle", a.scene)
	}
	if len(b.g.Log) != 4 {
		t.Fatalf("the battle resumed after %d commands; want 4 (the ones before the divergence)", len(b.g.Log))
	}
	if b.g.Hashes[3] != sf.Hashes[3] {
		t.Fatal("the resumed battle is not the saved one after command 4")
	}
	if a.dlg == nil || !strings.Contains(a.dlg.body, "resumes after command 4") || !strings.Contains(a.dlg.body, "commands 5 to 8 are lost") {
		t.Fatalf("no message saying where the battle resumes: %+v", a.dlg)
	}
	t.Logf("the message: %s", a.dlg.body)
	kept, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "autosave.diverged-*.save"))
	if len(kept) != 1 || !strings.Contains(a.dlg.body, kept[0]) {
		t.Fatalf("the whole file was not kept aside (and named): %v", kept)
	}
	if old, _ := os.ReadFile(kept[0]); string(old) != string(data) {
		t.Fatal("the file kept aside is not the autosave as it was")
	}
	// the battle autosaves again, now whole
	sb, err := readBattle(path)
	if err != nil || sb.diverged != nil || sb.kept != 4 {
		t.Fatalf("the new autosave: %v", err)
	}
}

// Starting a new battle (--scenario X --autosave SAME) over an autosave
// that holds an unfinished battle keeps that battle: the file is moved
// aside, byte for byte, before the new battle writes, and the log says
// where. A finished battle's autosave is simply written over.
func TestNewBattleKeepsTheUnfinishedAutosave(t *testing.T) {
	a, path := autosaveApp(t)
	old := playedGame(t, 6)
	if err := all.WriteSaveAtomic(path, old); err != nil {
		t.Fatal(err)
	}
	was, _ := os.ReadFile(path)
	// a hosted battle's chat kept beside it goes with it
	said := []netplay.SavedChat{{After: 2, Side: 1, Text: "good luck"}}
	if err := netplay.WriteChat(netplay.ChatFile(path), said); err != nil {
		t.Fatal(err)
	}
	a.opt.scenario, a.opt.noResume = "ssg-standard", true
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	if err := rules.AutoDeploy(sc, m); err != nil {
		t.Fatal(err)
	}
	s, err := a.battleFor(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	kept, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "autosave.unfinished-*.save"))
	if len(kept) != 1 {
		t.Fatalf("the unfinished battle was not moved aside: %v", kept)
	}
	if b, _ := os.ReadFile(kept[0]); string(b) != string(was) {
		t.Fatal("the file kept is not the old autosave as it was")
	}
	if now, _ := os.ReadFile(path); string(now) == string(was) || len(now) == 0 {
		t.Fatal("the new battle did not autosave")
	}
	if content.FileExists(netplay.ChatFile(path)) {
		t.Fatal("the old battle's chat stayed beside the new battle's autosave: hosting it again would read it back")
	}
	if cs, err := netplay.ReadChat(netplay.ChatFile(kept[0])); err != nil || len(cs) != 1 || cs[0].Text != "good luck" {
		t.Fatalf("the old battle's chat is not beside the battle kept: %v %v", cs, err)
	}
	b := s.(*battle)
	found := false
	for _, e := range b.log {
		found = found || strings.Contains(e.text, "Ctrl+O lists it") && strings.Contains(e.text, "unfinished battle") && !strings.Contains(e.text, "/")
	}
	if !found || !strings.Contains(a.toast, "Ctrl+O lists it") {
		t.Fatalf("the player is not told where the old battle went (in words, no path): toast %q", a.toast)
	}
	a.loadDialog()
	listed := false
	if l, ok := a.scene.(*loadList); ok {
		for i, it := range l.items {
			if it.path == kept[0] {
				listed = true
				if sub := l.subline(&l.items[i]); strings.Contains(sub, "autosave.") || !strings.Contains(sub, "set aside") {
					t.Errorf("the battle set aside is listed as %q, not in words", sub)
				}
			}
		}
	}
	if !listed {
		t.Fatal("Ctrl+O does not list the unfinished battle kept")
	}
	a.scene = s

	// the new battle's autosave is unfinished too: a second new battle
	// keeps it as well, beside the first (never replacing it)
	if _, err := a.battleFor(sc, m); err != nil {
		t.Fatal(err)
	}
	if k, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "autosave.unfinished-*.save")); len(k) != 2 {
		t.Fatalf("kept: %v", k)
	}
}

// A finished battle's autosave is written over by a new battle, and the
// chat kept beside it goes too: left there, hosting the new battle again
// would put the old battle's lines into its log.
func TestNewBattleDropsAFinishedBattlesChat(t *testing.T) {
	a, path := autosaveApp(t)
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	done, _ := rules.PlayRandom(rs, sc, m, 5, 5000)
	if done == nil || !done.St.Over {
		t.Fatal("the random game did not end")
	}
	if err := all.WriteSaveAtomic(path, done); err != nil {
		t.Fatal(err)
	}
	if err := netplay.WriteChat(netplay.ChatFile(path), []netplay.SavedChat{{Side: 0, Text: "gg"}}); err != nil {
		t.Fatal(err)
	}
	if note := a.keepUnfinishedAutosave(); note != "" {
		t.Fatalf("a finished battle was kept: %q", note)
	}
	if content.FileExists(netplay.ChatFile(path)) {
		t.Fatal("the finished battle's chat is still beside the autosave the new battle writes")
	}
	if !content.FileExists(path) {
		t.Fatal("the finished battle's save was moved (it is written over by the new one)")
	}
}
