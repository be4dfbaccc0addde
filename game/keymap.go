package game

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// One keymap for all input. Each action a player can take with a key
// names its keys here; the handlers ask pressed(act) or held(act), and
// F1's list and the on-screen hints are written from the same table, so
// a key is rebound in one place and the help can never disagree with it.

type act int

const (
	actNone act = iota
	actPanLeft
	actPanRight
	actPanUp
	actPanDown
	actZoomIn
	actZoomOut
	actFit
	actButtons // 1..9: the action bar (handled as a range, see barKey)
	actEnd     // end the phase or turn, or let an interruption pass
	actNext    // next figure that can act
	actTape
	actRings
	actSight
	actSkip // skip the dice animation; also dismisses the curtain
	actSlower
	actFaster
	actUndo
	actSave
	actLoad
	actCancel
	actLegend
	actHelp
	actPerf
	actFullscreen
	actWhy   // show the engine's reasons: sight rays, rule references
	actPause // pause or play on the computer's side (computer.go)
)

// binding is one row of the keymap. A row with no keys is a mouse
// gesture, listed by F1 only.
type binding struct {
	act   act
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
	{act: actPanLeft, keys: []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}, names: "Arrows / WASD", does: "pan the table"},
	{act: actPanRight, keys: []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyD}},
	{act: actPanUp, keys: []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyW}},
	{act: actPanDown, keys: []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyS}},
	{act: actZoomIn, keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyKPAdd}, names: "Mouse wheel, + / -", does: "zoom at the pointer"},
	{act: actZoomOut, keys: []ebiten.Key{ebiten.KeyMinus, ebiten.KeyKPSubtract}},
	{act: actFit, keys: []ebiten.Key{ebiten.KeyF, ebiten.KeyHome}, names: "F or Home", does: "fit the whole table on screen"},
	{act: actButtons, names: "1 .. 9", does: "the action bar's commands for the selected figure"},
	{act: actEnd, keys: []ebiten.Key{ebiten.KeyEnter, ebiten.KeyKPEnter}, names: "Enter", does: "end the phase / turn (asked once when figures can still act: Enter again confirms), or let an interruption pass; while placing a volley's dice, fire the rest at the target under the pointer"},
	{act: actNext, keys: []ebiten.Key{ebiten.KeyTab}, names: "Tab", does: "select the next figure that can act"},
	{act: actTape, keys: []ebiten.Key{ebiten.KeyM}, names: "M", does: "free tape measure: drag on the table"},
	{act: actRings, keys: []ebiten.Key{ebiten.KeyR}, names: "R", does: "range bands round the selected figure's weapon"},
	{act: actSight, keys: []ebiten.Key{ebiten.KeyL}, names: "L", does: "line-of-sight check: drag between two points"},
	{act: actSkip, keys: []ebiten.Key{ebiten.KeySpace}, names: "Space or click", does: "skip the dice animation"},
	{act: actSlower, keys: []ebiten.Key{ebiten.KeyBracketLeft}, names: "[ and ]", does: "animation speed slower / faster"},
	{act: actPause, keys: []ebiten.Key{ebiten.KeyP}, names: "P", does: "pause the computer's play, or let it play on (Space hurries it)"},
	{act: actFaster, keys: []ebiten.Key{ebiten.KeyBracketRight}},
	{act: actUndo, keys: []ebiten.Key{ebiten.KeyZ}, ctrl: true, names: "Ctrl+Z", does: "take back the last command (if no dice were rolled), also an end at the curtain before the other side takes the table"},
	{act: actSave, keys: []ebiten.Key{ebiten.KeyS}, ctrl: true, names: "Ctrl+S / Ctrl+O", does: "save / load a game"},
	{act: actLoad, keys: []ebiten.Key{ebiten.KeyO}, ctrl: true},
	{act: actCancel, keys: []ebiten.Key{ebiten.KeyEscape}, names: "Esc", does: "leave targeting or a tool, clear the selection, then the menu (save, load, leave); on the title, quit"},
	{act: actLegend, keys: []ebiten.Key{ebiten.KeyG}, names: "G", does: "show or hide the legend (and in battle, the set-up zones)"},
	{act: actWhy, keys: []ebiten.Key{ebiten.KeyY}, names: "Y", does: "why: show the engine's workings on cards and in the log (sight rays, the rule behind each roll)"},
	{act: actFullscreen, keys: []ebiten.Key{ebiten.KeyF11}, names: "F11", does: "full screen on or off"},
	{act: actHelp, keys: []ebiten.Key{ebiten.KeyF1}, names: "F1", does: "this help"},
	{act: actPerf, keys: []ebiten.Key{ebiten.KeyF3}, names: "F3", does: "frame time overlay"},
}

func bindingOf(a act) *binding {
	for i := range keymap {
		if keymap[i].act == a {
			return &keymap[i]
		}
	}
	return nil
}

func ctrlHeld() bool {
	return ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
}

// pressed reports whether one of act's keys went down this tick, with
// Ctrl held exactly when the binding asks for it.
func pressed(a act) bool {
	b := bindingOf(a)
	if b == nil || b.ctrl != ctrlHeld() {
		return false
	}
	for _, k := range b.keys {
		if inpututil.IsKeyJustPressed(k) {
			return true
		}
	}
	return false
}

// held reports whether one of act's keys is down (for panning).
func held(a act) bool {
	b := bindingOf(a)
	if b == nil || b.ctrl != ctrlHeld() {
		return false
	}
	for _, k := range b.keys {
		if ebiten.IsKeyPressed(k) {
			return true
		}
	}
	return false
}

// barKey reports which of the action bar's keys 1..9 went down (0 none).
func barKey() int {
	if ctrlHeld() {
		return 0
	}
	for i := 0; i < 9; i++ {
		if inpututil.IsKeyJustPressed(ebiten.Key1+ebiten.Key(i)) || inpututil.IsKeyJustPressed(ebiten.KeyKP1+ebiten.Key(i)) {
			return i + 1
		}
	}
	return 0
}

// keyName is how a hint writes act's key ("Tab", "R").
func keyName(a act) string {
	if b := bindingOf(a); b != nil && b.names != "" {
		return b.names
	}
	return "?"
}

// firstKey is the first key of a binding written alone ("F1" of "F1",
// "[" of "[ and ]").
func firstKey(a act) string {
	n := keyName(a)
	for _, sep := range []string{" / ", " or ", " and ", ", "} {
		if i := strings.Index(n, sep); i > 0 {
			n = n[:i]
		}
	}
	return n
}

// helpLines is F1's list: every row of the keymap that names its keys.
func helpLines() [][2]string {
	var out [][2]string
	for _, b := range keymap {
		if b.names != "" && b.does != "" {
			out = append(out, [2]string{b.names, b.does})
		}
	}
	return out
}
