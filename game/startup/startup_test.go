package startup

import (
	"runtime/debug"
	"testing"
)

func TestOpensWindowOnlyForTheGame(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"--scenario", "ssg-standard"}, true},
		{[]string{"-no-resume"}, true},
		{[]string{"check", "x.toml"}, false},
		{[]string{"replay", "x.save"}, false},
		{[]string{"help"}, false},
		{[]string{"-h"}, false},
		{[]string{"--help"}, false},
	} {
		if got := opensWindow(c.args); got != c.want {
			t.Errorf("opensWindow(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// gcPercent reads the collector's setting without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

func TestHoldTurnsTheCollectorOffAndDoneGivesItBack(t *testing.T) {
	Done() // this test binary's own start (its flags start with -) held it
	p0, l0 := debug.SetGCPercent(77), debug.SetMemoryLimit(1<<30)
	defer func() { debug.SetGCPercent(p0); debug.SetMemoryLimit(l0) }()

	hold()
	if p := gcPercent(); p != -1 {
		t.Errorf("while held the collector's percent is %d, want -1 (off)", p)
	}
	if l := debug.SetMemoryLimit(-1); l != limitWhileOff {
		t.Errorf("while held the memory limit is %d, want %d", l, limitWhileOff)
	}
	hold() // a second hold must not take "off" as the settings to give back
	Done()
	if p := gcPercent(); p != 77 {
		t.Errorf("after Done the collector's percent is %d, want 77 as before", p)
	}
	if l := debug.SetMemoryLimit(-1); l != 1<<30 {
		t.Errorf("after Done the memory limit is %d, want %d as before", l, 1<<30)
	}
	debug.SetGCPercent(55)
	Done() // nothing held: must not touch the settings
	if p := gcPercent(); p != 55 {
		t.Errorf("a second Done changed the collector's percent to %d", p)
	}

	// A lower limit than the one used while held is kept.
	debug.SetMemoryLimit(64 << 20)
	hold()
	if l := debug.SetMemoryLimit(-1); l != 64<<20 {
		t.Errorf("holding raised a lower memory limit to %d", l)
	}
	Done()
}
