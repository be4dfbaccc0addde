package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
)

// At 1024x640, in Maxim's opportunity fire phase, the top bar read a bare
// "US Army 0 | Wehrmacht 0" (play-test 7): the losses keep a word saying
// what the numbers are, in every shipped scenario, and the longest
// phase's heading ("Turn 1, opportunity fire phase"); and that word is
// the same under both headings ("Losses" turned to "Lost:" as the phase
// passed, play-test 9).
func TestTopBarSaysLosses(t *testing.T) {
	for _, file := range shippedFiles(t) {
		a, b, _ := restingBattle(t, file)
		word := ""
		for _, long := range []bool{false, true} {
			if long && (b.explain == nil || !strings.HasPrefix(file, "maxim-")) {
				continue // (Maxim's own longest heading)
			}
			if long {
				b.explain.Turn = "Turn 1, opportunity fire phase"
			}
			dst := ebiten.NewImage(int(a.W), int(a.H))
			line := ""
			art.Said = func(on *ebiten.Image, s string, _, _, x1, _ float64) {
				if on == dst && strings.Contains(s, " | ") {
					line = s
					if x1 > a.W+1 {
						t.Errorf("%s: %q runs off the window", file, s)
					}
				}
			}
			b.drawTopBar(dst, a)
			art.Said = nil
			if line != "" && !strings.HasPrefix(line, "Lost: ") {
				t.Errorf("%s (long heading %v): the losses read %q", file, long, line)
			}
			if w, _, _ := strings.Cut(line, " "); line != "" && word != "" && w != word {
				t.Errorf("%s: the losses read %q under the long heading, %q under the short", file, w, word)
			} else if line != "" {
				word = w
			}
		}
	}
}
