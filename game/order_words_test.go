package game

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// S.M.L.E.'s order of play read "2. 1 Section" (play-test 5): a unit whose
// name starts with a number ran into the count. Each entry's place is an
// ordinal ("2nd: 1 Section"), and two teams of one name on the two sides
// still take their side's name after it.
func TestOrderOfPlayNumbersDoNotRunIntoNames(t *testing.T) {
	if got := []string{rules.Ordinal(1), rules.Ordinal(2), rules.Ordinal(3), rules.Ordinal(4), rules.Ordinal(11), rules.Ordinal(12), rules.Ordinal(13), rules.Ordinal(21), rules.Ordinal(22), rules.Ordinal(103)}; strings.Join(got, " ") != "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 103rd" {
		t.Errorf("ordinals read %q", got)
	}
	entry := regexp.MustCompile(`^\d+(st|nd|rd|th): \S`)
	bare := regexp.MustCompile(`^\d+\. `)
	for _, file := range []string{"smle-platoon-attack.toml", "smle-bocage.toml", "smle-skirmish.toml"} {
		_, b, g := restingBattle(t, file)
		a := &App{W: 1280, H: 800, speed: 8}
		var said []string
		art.Said = func(_ *ebiten.Image, s string, x0, _, _, _ float64) {
			if x0 >= a.W-b.tv.padR {
				said = append(said, s)
			}
		}
		render(a, b)
		art.Said = nil
		entries, section := 0, false
		for _, s := range said {
			if bare.MatchString(s) {
				t.Errorf("%s: an order entry reads %q", file, s)
			}
			if !entry.MatchString(s) {
				continue
			}
			entries++
			name := s[strings.Index(s, ": ")+2:]
			for _, side := range g.St.Sides {
				name = strings.TrimPrefix(name, side.Name+" ")
			}
			if strings.HasPrefix(name, "1 Section") {
				section = true
			}
		}
		if entries < 2 {
			t.Errorf("%s: %d entries in the order of play drawn: %q", file, entries, said)
		}
		if file != "smle-skirmish.toml" && !section {
			t.Errorf("%s: no \"Nth: 1 Section\" in the order of play: %q", file, said)
		}
	}
}
