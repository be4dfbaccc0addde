package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
)

// The "Lost" count goes up with the log's line of a man's fall, while the
// dice of the same command still play: the log read "Pte Frost is
// killed" and his base bore an X while the header still read "Lost: ... 0"
// (play test 11, smle-skirmish, skirmish35-panzer).
func TestLostCountKeepsUpWithTheLog(t *testing.T) {
	plainTable(t)
	for _, file := range []string{"smle-skirmish.toml", "skirmish35-panzer.toml", "ssg-standard.toml"} {
		g := shippedGame(t, file, 1)
		a, b := deciderTable(g)
		r := rand.New(rand.NewPCG(7, 11))
		lost := func() string {
			var said []string
			art.Said = func(_ *ebiten.Image, s string, _, _, _, _ float64) { said = append(said, s) }
			b.drawTopBar(ebiten.NewImage(int(a.W), 40), a)
			art.Said = nil
			for _, s := range said {
				if strings.HasPrefix(s, "Lost:") {
					return s
				}
			}
			return ""
		}
		for n := 0; n < 600 && !g.St.Over; n++ {
			c, ok := rules.RandomCommand(g, r)
			if !ok {
				break
			}
			was := lost()
			if !b.apply(a, c) {
				continue
			}
			for b.tl.Busy() {
				for _, an := range b.tl.Step(0.05) {
					b.finished(an)
					if an.Ev.Kind == "removed" && b.tl.Busy() {
						// his fall is in the log; more dice are to play
						if now := lost(); now == was {
							t.Fatalf("%s: %q is in the log, yet the header still reads %q", file, b.log[len(b.log)-1].text, now)
						}
						t.Logf("%s: %q then %q", file, was, lost())
						return
					}
				}
			}
			b.settle()
			b.refresh()
		}
	}
	t.Skip("no removal came before the end of a command's dice")
}
