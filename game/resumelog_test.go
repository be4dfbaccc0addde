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
