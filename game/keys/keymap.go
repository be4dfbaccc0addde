// Package keys is the one keymap for all input. Each action a player can
// take with a key names its keys here; the screens ask Pressed(act) or
// Held(act), and F1's list (HelpLines) and the on-screen hints (KeyName)
// are written from the same table, so a key is rebound in one place and
// the help can never disagree with it.
package keys

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Act is one thing a player can do with a key.
type Act int

const (
	actNone Act = iota
	ActPanLeft
	ActPanRight
	ActPanUp
	ActPanDown
	ActZoomIn
	ActZoomOut
	ActFit
	actButtons // 1..9: the action bar (handled as a range, see barKey)
	ActEnd     // end the phase or turn, or let an interruption pass
	ActNext    // next figure that can act
	ActTape
	ActRings
	ActSight
	ActSkip // skip the dice animation; also dismisses the curtain
	ActSlower
	ActFaster
	ActUndo
	ActSave
	ActLoad
	ActCancel
	ActLegend
	ActHelp
	ActPerf
	ActFullscreen
	ActWhy   // show the engine's reasons: sight rays, rule references
	ActPause // pause or play on the computer's side (computer.go)
)

// binding is one row of the keymap. A row with no keys is a mouse
// gesture, listed by F1 only.
type binding struct {
	act   Act
	keys  []ebiten.Key
	ctrl  bool   // only with Ctrl (or Cmd) held
	names string // the keys as F1 and the hints write them
	does  string // what it does, for F1
}

var keymap = []binding{
	{names: "Left click", does: "select a figure of the side to play; click an enemy in targeting to shoot or fight"},
	{names: "Left drag from a figure", does: "move it in a straight line (the tape shows what it costs and what is left); let go past the allowance and it stops at the furthest legal point"},
	{names: "Right click while dragging", does: "bend the move there (a waypoint)"},
	{names: "Right or middle drag", does: "pan the table"},
	{act: ActPanLeft, keys: []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}, names: "Arrows / WASD", does: "pan the table"},
	{act: ActPanRight, keys: []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyD}},
	{act: ActPanUp, keys: []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyW}},
	{act: ActPanDown, keys: []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyS}},
	{act: ActZoomIn, keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyKPAdd}, names: "Mouse wheel, + / -", does: "zoom at the pointer"},
	{act: ActZoomOut, keys: []ebiten.Key{ebiten.KeyMinus, ebiten.KeyKPSubtract}},
	{act: ActFit, keys: []ebiten.Key{ebiten.KeyF, ebiten.KeyHome}, names: "F or Home", does: "fit the whole table on screen"},
	{act: actButtons, names: "1 .. 9", does: "the action bar's commands for the selected figure"},
	{act: ActEnd, keys: []ebiten.Key{ebiten.KeyEnter, ebiten.KeyKPEnter}, names: "Enter", does: "end the phase / turn (asked once when figures can still act: Enter again confirms), or let an interruption pass (Enter twice when it is the other side's, on the mover's table); while placing a volley's dice, fire the rest at the target under the pointer"},
	{act: ActNext, keys: []ebiten.Key{ebiten.KeyTab}, names: "Tab", does: "select the next figure that can act"},
	{act: ActTape, keys: []ebiten.Key{ebiten.KeyM}, names: "M", does: "free tape measure: drag on the table"},
	{act: ActRings, keys: []ebiten.Key{ebiten.KeyR}, names: "R", does: "range bands round the selected figure's weapon"},
	{act: ActSight, keys: []ebiten.Key{ebiten.KeyL}, names: "L", does: "line-of-sight check: drag between two points"},
	{act: ActSkip, keys: []ebiten.Key{ebiten.KeySpace}, names: "Space or click", does: "skip the dice animation"},
	{act: ActSlower, keys: []ebiten.Key{ebiten.KeyBracketLeft}, names: "[ and ]", does: "animation speed slower / faster"},
	{act: ActPause, keys: []ebiten.Key{ebiten.KeyP}, names: "P", does: "pause the computer's play, or let it play on (Space hurries it)"},
	{act: ActFaster, keys: []ebiten.Key{ebiten.KeyBracketRight}},
	{act: ActUndo, keys: []ebiten.Key{ebiten.KeyZ}, ctrl: true, names: "Ctrl+Z", does: "take back the last command (if no dice were rolled), also an end at the curtain before the other side takes the table"},
	{act: ActSave, keys: []ebiten.Key{ebiten.KeyS}, ctrl: true, names: "Ctrl+S / Ctrl+O", does: "save / load a game"},
	{act: ActLoad, keys: []ebiten.Key{ebiten.KeyO}, ctrl: true},
	{act: ActCancel, keys: []ebiten.Key{ebiten.KeyEscape}, names: "Esc", does: "leave targeting or a tool, clear the selection, then the menu (save, load, leave); on the title, quit"},
	{act: ActLegend, keys: []ebiten.Key{ebiten.KeyG}, names: "G", does: "show or hide the legend (and in battle, the set-up zones)"},
	{act: ActWhy, keys: []ebiten.Key{ebiten.KeyY}, names: "Y", does: "why: show the engine's workings on cards and in the log (sight rays, the rule behind each roll)"},
	{act: ActFullscreen, keys: []ebiten.Key{ebiten.KeyF11}, names: "F11", does: "full screen on or off"},
	{act: ActHelp, keys: []ebiten.Key{ebiten.KeyF1}, names: "F1", does: "this help"},
	{act: ActPerf, keys: []ebiten.Key{ebiten.KeyF3}, names: "F3", does: "frame time overlay"},
}

func bindingOf(a Act) *binding {
	for i := range keymap {
		if keymap[i].act == a {
			return &keymap[i]
		}
	}
	return nil
}

func CtrlHeld() bool {
	return ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
}

// Pressed reports whether one of act's keys went down this tick, with
// Ctrl held exactly when the binding asks for it.
func Pressed(a Act) bool {
	b := bindingOf(a)
	if b == nil || b.ctrl != CtrlHeld() {
		return false
	}
	for _, k := range b.keys {
		if inpututil.IsKeyJustPressed(k) {
			return true
		}
	}
	return false
}

// Held reports whether one of act's keys is down (for panning).
func Held(a Act) bool {
	b := bindingOf(a)
	if b == nil || b.ctrl != CtrlHeld() {
		return false
	}
	for _, k := range b.keys {
		if ebiten.IsKeyPressed(k) {
			return true
		}
	}
	return false
}

// BarKey reports which of the action bar's keys 1..9 went down (0 none).
func BarKey() int {
	if CtrlHeld() {
		return 0
	}
	for i := 0; i < 9; i++ {
		if inpututil.IsKeyJustPressed(ebiten.Key1+ebiten.Key(i)) || inpututil.IsKeyJustPressed(ebiten.KeyKP1+ebiten.Key(i)) {
			return i + 1
		}
	}
	return 0
}

// KeyName is how a hint writes act's key ("Tab", "R").
func KeyName(a Act) string {
	if b := bindingOf(a); b != nil && b.names != "" {
		return b.names
	}
	return "?"
}

// FirstKey is the first key of a binding written alone ("F1" of "F1",
// "[" of "[ and ]").
func FirstKey(a Act) string {
	n := KeyName(a)
	for _, sep := range []string{" / ", " or ", " and ", ", "} {
		if i := strings.Index(n, sep); i > 0 {
			n = n[:i]
		}
	}
	return n
}

// HelpLines is F1's list: every row of the keymap that names its keys.
func HelpLines() [][2]string {
	var out [][2]string
	for _, b := range keymap {
		if b.names != "" && b.does != "" {
			out = append(out, [2]string{b.names, b.does})
		}
	}
	return out
}
