package game

import (
	"testing"

	"hedgerow/rules/all"
)

// With --no-resume the title offers no resume either: a play-tester
// clicked where New battle stands without it and resumed an old battle
// (play-test 8). Without the flag the autosave's resume heads the list.
func TestNoResumeTitleHasNoResumeButton(t *testing.T) {
	for _, no := range []bool{false, true} {
		a, path := autosaveApp(t)
		if err := all.WriteSaveAtomic(path, playedGame(t, 10)); err != nil {
			t.Fatal(err)
		}
		a.opt.noResume = no
		s := newTitle(a)
		if s.saved == nil {
			t.Fatal("the autosave was not read")
		}
		if err := s.Update(a, 1.0/60); err != nil {
			t.Fatal(err)
		}
		first := s.buttons[0].label
		if no && first != "New battle" || !no && first != "Resume the autosave" {
			t.Errorf("--no-resume %v: the title's first button is %q", no, first)
		}
	}
}
