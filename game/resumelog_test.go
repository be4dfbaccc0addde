package game

import (
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// A battle resumed from a save shows its whole log, every roll with its
// ledger, and the luck report counts every roll of the battle, not only
// those since the resume (issue 24, item 7).
func TestResumeRebuildsTheLogAndTheLuck(t *testing.T) {
	a, path := autosaveApp(t)
	g := playedGame(t, 40)
	if err := all.WriteSaveAtomic(path, g); err != nil {
		t.Fatal(err)
	}
	// every event of the battle, as the live table got them
	var evs []rules.Event
	if _, _, err := all.ReplayEach(all.SaveOf(g), content.ScenariosFS, content.MapsFS, func(_ int, _ rules.Command, more []rules.Event) {
		evs = append(evs, more...)
	}); err != nil {
		t.Fatal(err)
	}
	rolls := 0
	for _, ev := range evs {
		if ev.Roll != nil {
			rolls++
		}
	}
	if rolls < 3 {
		t.Fatalf("the battle rolled %d times: the test wants a few rolls", rolls)
	}
	sb, err := readBattle(path)
	if err != nil {
		t.Fatal(err)
	}
	a.resumeBattle(sb, false)
	b, ok := a.scene.(*battle)
	if !ok {
		t.Fatalf("resuming opened %T", a.scene)
	}
	got := 0
	for _, e := range b.log {
		if e.roll != nil {
			got++
		}
	}
	if got != rolls {
		t.Errorf("the resumed log holds %d rolls; the battle rolled %d", got, rolls)
	}
	if !strings.HasPrefix(b.log[0].text, "Roll-off") {
		t.Errorf("the resumed log starts %q, not with the opening roll-off", b.log[0].text)
	}
	if last := b.log[len(b.log)-1].text; !strings.HasPrefix(last, "Resumed from") {
		t.Errorf("the resumed log ends %q", last)
	}
	_, _, n := luck(b.log)
	var want [2]int
	for _, ev := range evs {
		if ev.Roll != nil && ev.Side >= 0 && ev.Side < 2 {
			if _, ok := chance(ev.Roll); ok {
				want[ev.Side]++
			}
		}
	}
	if n != want {
		t.Errorf("the luck report counts %v rolls by side after the resume; the battle had %v", n, want)
	}
}

// A save taken before the first command (at the end of deployment)
// resumed with only "Resumed from ff.save after 0 commands" in its log:
// the chit drawn to open the Firefight battle, and SSG's roll-off, were
// gone (play-test 9).
func TestResumeBeforeTheFirstCommandKeepsTheOpening(t *testing.T) {
	for _, file := range []string{"ssg-standard.toml", "firefight-crossroads.toml"} {
		g := shippedGame(t, file, 1)
		_, opening, err := all.ReplayEach(all.SaveOf(g), content.ScenariosFS, content.MapsFS, nil)
		if err != nil || len(opening) == 0 {
			t.Fatalf("%s: the battle opens with %d events (%v)", file, len(opening), err)
		}
		_, b := resumedFromSave(t, g)
		found := false
		for _, e := range b.log {
			if e.text == opening[0].Text {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: the resumed log lacks the opening %q: %d lines", file, opening[0].Text, len(b.log))
		}
	}
}

// A resumed battle opened straight on the side to play, its hidden
// things on show to whoever sat at the desk (play-test 9): where the
// sides see differently, the curtain comes down first; where they see
// alike, the table opens at once.
func TestResumeBringsTheCurtainWhereSidesSeeDifferently(t *testing.T) {
	for file, want := range map[string]bool{"firefight-crossroads.toml": true, "ssg-standard.toml": false} {
		g := shippedGame(t, file, 1)
		_, b := resumedFromSave(t, g)
		if b.curtain != want {
			t.Errorf("%s: curtain %v on resuming, want %v", file, b.curtain, want)
		}
		if b.shown != g.St.Decider {
			t.Errorf("%s: the table is for side %d; %d decides", file, b.shown, g.St.Decider)
		}
	}
}

// resumedFromSave writes g to a fresh autosave and resumes it as the
// title's Resume does: the battle it opens.
func resumedFromSave(t *testing.T, g *rules.Game) (*App, *battle) {
	t.Helper()
	a, path := autosaveApp(t)
	if err := all.WriteSaveAtomic(path, g); err != nil {
		t.Fatal(err)
	}
	sb, err := readBattle(path)
	if err != nil {
		t.Fatal(err)
	}
	a.resumeBattle(sb, false)
	return a, a.scene.(*battle)
}
