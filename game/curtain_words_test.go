package game

import (
	"strings"
	"testing"

	"hedgerow/rules"
)

// Play-test finding 13: right after Blue rolled two shots the curtain
// said "Ctrl+Z takes back the end (no dice were rolled)", which read as
// wrong. It says now what is taken back: the end alone, which rolled no
// dice; what was played before it stands.
func TestTakeBackLineSaysWhatGoes(t *testing.T) {
	for _, file := range []string{"ssg-standard.toml", "firefight-crossroads.toml", "smle-skirmish.toml", "maxim-armour-crossroads.toml", "skirmish35-ambush.toml"} {
		g := shippedGame(t, file, 1)
		a := &App{W: 1024, H: 640, speed: 8}
		b := newBattle(a, g, nil)
		// end steps until one rolls no dice and hands the table over
		for i := 0; i < 12 && b.takeBackLine() == ""; i++ {
			b.refresh()
			var end *rules.Command
			if e := b.enterEnd(); e != nil {
				c := *e
				end = &c
			}
			if end == nil {
				break
			}
			b.end(a, *end)
			if b.ask != nil {
				a.tick += askGuard // (asked first: confirmed, a moment later)
				b.end(a, *end)
			}
			if b.taken != nil {
				b.curtain = true // the table hands the mouse over
			}
		}
		line := b.takeBackLine()
		if line == "" {
			continue
		}
		side := b.st().Sides[b.taken.side].Name
		if !strings.HasPrefix(line, side+": Ctrl+Z takes back the end you just gave (it rolled no dice)") || !strings.Contains(line, "before it stands") {
			t.Errorf("%s: the curtain says %q", file, line)
		}
		return
	}
	t.Fatal("no scenario gave an end that may be taken back")
}
