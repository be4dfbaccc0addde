package game

import (
	"fmt"
	"hedgerow/game/art"

	"github.com/hajimehoshi/ebiten/v2"
)

// The New battle screen's side choice: one button per side under the
// scenario list, each click going Player -> Computer (Normal) ->
// Computer (Hard) -> Player. Two players at one desk stay the default.

// firstSideButton is where the side buttons start in the chooser's
// buttons (after Deploy and play, and Back).
const firstSideButton = 2

// sideName is side s of the chosen scenario as the buttons name it.
func (c *chooser) sideName(s int) string {
	if len(c.items) > 0 && c.items[c.cur].sc != nil {
		return c.items[c.cur].sc.Sides[s].Name
	}
	return fmt.Sprintf("Side %d", s+1)
}

// addSideButtons lays the two side buttons out under the list.
func (c *chooser) addSideButtons(a *App) {
	w := 180 * art.UIScale
	for s := 0; s < 2; s++ {
		d := c.drivers[s]
		name := []rune(c.sideName(s))
		label := string(name) + ": " + d.label()
		// the words go smaller, then the side's name shorter, to fit
		size := 13.0
		for size > 11 && art.TextW(label, art.BoldFace(size))+20*art.UIScale > w {
			size--
		}
		for len(name) > 3 && art.TextW(label, art.BoldFace(size))+20*art.UIScale > w {
			name = name[:len(name)-1]
			label = string(name) + "..: " + d.label()
		}
		c.buttons = append(c.buttons, button{x: 30*art.UIScale + float64(s)*(w+10*art.UIScale), y: a.H - 66*art.UIScale, w: w, h: 42 * art.UIScale,
			label: label, size: size})
	}
}

// sideClicked turns the choice of a side button clicked, and says so.
func (c *chooser) sideClicked(a *App) bool {
	for s := 0; s < 2; s++ {
		i := firstSideButton + s
		if i < len(c.buttons) && c.buttons[i].clicked() {
			c.drivers[s] = c.drivers[s].next()
			c.buttons = c.buttons[:firstSideButton]
			c.addSideButtons(a)
			return true
		}
	}
	return false
}

// drawSides writes what the side buttons are for above them.
func (c *chooser) drawSides(dst *ebiten.Image, a *App) {
	art.Say(dst, "Who plays each side (click to change)", art.ItalicFace(12), 32*art.UIScale, a.H-84*art.UIScale, art.RGB(0xc8b894), 0)
}
