package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
)

// placeButtons gives each of the bar's buttons its number and its box:
// Undo first, at the bar's left end, and the end Enter gives (endCmd,
// endLabel) at its right end; when they do not all fit, the bar tries,
// in turn, shorter labels, closer buttons, smaller letters, two rows and
// at last labels cut short.
func (b *battle) placeButtons(a *App, endCmd *rules.Command, endLabel string) {
	add := b.addButton
	b.stableSlots()
	undo := b.g.CanUndo() && b.net == nil && !b.st().Over // (over the network nothing is taken back; a result stands)
	add("Undo", "", false, !undo, func() { b.takeBack(a) })
	// Undo answers Ctrl+Z only: as a number it was "1" on a bar with
	// nothing else, and a player pressing 1 for a first weapon took back
	// his whole move
	b.buttons[len(b.buttons)-1].fixedKey = true // (F1 lists Ctrl+Z)
	// Undo stands first, at the bar's left end, as the end stands at its
	// right: after the buttons it slid into the place of a button the
	// next figure lacked, and a play-tester clicking there for Spot took
	// back his last move
	n := len(b.buttons) - 1
	ub, uf := b.buttons[n], b.bcmds[n]
	copy(b.buttons[1:], b.buttons[:n])
	copy(b.bcmds[1:], b.bcmds[:n])
	b.buttons[0], b.bcmds[0] = ub, uf
	// the end Enter gives (End turn, Draw the next chit, Let it pass) has
	// one fixed place, the bar's right end, whatever else is on the bar:
	// two ends in a row are never clicked in the same place by mistake
	// for another button, nor another button for the end
	avail := a.W - b.tv.padR - 14*art.UIScale
	y := a.H - b.tv.padB + 16*art.UIScale
	endW := 0.0
	if endCmd != nil {
		cc := *endCmd
		act := b.action(cc)
		// the end takes at most two fifths of the bar: a longer name
		// gives its head ("End phase", not "End phase: draw the next
		// chit"), which left the other buttons' names cut to "G..."
		if art.TextW("Enter  "+endLabel+" anyway?", art.BoldFace(14))+28*art.UIScale > avail*0.4 {
			if i := strings.Index(endLabel, ":"); i > 0 {
				endLabel = endLabel[:i] // (a Short such as "End" says too little)
			}
		}
		label := endLabel
		if b.asking(cc) {
			label += " anyway?"
		}
		add(label, "", act.Kind == rules.ActEnd, false, func() { b.end(a, cc) })
		bt := &b.buttons[len(b.buttons)-1]
		bt.key = "Enter"
		if b.sel.Mode == view.Targeting {
			// while aiming, Enter fires at the target (the aiming card
			// says so), so the end does not bear its name: a play-tester
			// read "Enter Hold fire" and Enter asked him to aim
			bt.key = ""
		}
		bt.endSlot = true
		bt.h = 38 * art.UIScale
		// one width for every end (End movement, End turn, Let it pass),
		// so the button is the same box whatever it says
		// (the widest end so far keeps its box: it never shrinks back)
		// (room is kept for the question's " anyway?", so asking does
		// not move it either)
		bt.w = max(art.TextW("Enter  "+endLabel+" anyway?", art.BoldFace(14))+28*art.UIScale, min(b.endW, avail*0.4))
		b.endW = bt.w
		bt.x, bt.y = avail-bt.w, y
		endW = bt.w + 10*art.UIScale
	}
	// position along the bottom bar; when they do not all fit beside the
	// log (a figure at a door has many choices), the labels go short and
	// the buttons closer
	avail -= endW
	pad, gap := 28*art.UIScale, 10*art.UIScale
	x0 := 14*art.UIScale + b.promptTagW()
	defer func() { b.tagOn = x0 > 14*art.UIScale }()
	for i := range b.buttons {
		bt := &b.buttons[i]
		bt.full = bt.label // (drawWholeLabel shows it while a cut button is pointed at)
		if bt.roomy && bt.short != "" && art.TextW(bt.label, art.BoldFace(bt.fontSize()))+pad > (avail-x0)/2 {
			bt.label = bt.short
		}
	}
	twoRows := false
	for pass := 0; pass < 10; pass++ {
		x := x0
		row, fits := 0, true
		for i := range b.buttons {
			bt := &b.buttons[i]
			if bt.endSlot {
				continue
			}
			if bt.slotN > 0 && !bt.fixedKey {
				bt.key = ""
				if bt.slotN <= 9 {
					bt.key = fmt.Sprint(bt.slotN)
				}
			} else if i < 9 && !bt.fixedKey {
				bt.key = fmt.Sprint(i + 1)
			}
			bt.w = art.TextW(bt.key+"  "+bt.label, art.BoldFace(bt.fontSize())) + pad
			bt.h = 38 * art.UIScale
			bt.x, bt.y = x, y
			if twoRows {
				// two rows in the bar's height, filled left to right,
				// top row first (the keys still count along)
				bt.h = 26 * art.UIScale
				if x+bt.w > avail && row == 0 && x > x0 {
					row, x = 1, x0
				}
				bt.x, bt.y = x, a.H-b.tv.padB+7*art.UIScale+float64(row)*30*art.UIScale
				fits = fits && x+bt.w <= avail
			}
			x += bt.w + gap
		}
		if twoRows && fits || !twoRows && x-gap <= avail {
			break
		}
		switch pass {
		case 0:
			// a crowded bar first drops the Move button (it only says to
			// drag, as the hint does, and has no key); the greyed
			// stand-ins keep their names ("1 Fire" greyed: not now), so
			// the numbers still run 1, 2, 3 (a dropped stand-in left "2 Go
			// prone, 4 Run", which a play-tester read as a missing button,
			// and one shrunk to its key alone read as a broken one)
			for i := 0; i < len(b.buttons); i++ {
				if b.buttons[i].hintOnly {
					b.buttons = append(b.buttons[:i], b.buttons[i+1:]...)
					b.bcmds = append(b.bcmds[:i], b.bcmds[i+1:]...)
					i--
				}
			}
			for i := range b.buttons {
				if b.buttons[i].short != "" && !b.buttons[i].endSlot {
					b.buttons[i].label = b.buttons[i].short
				}
			}
		case 1:
			pad, gap = 14*art.UIScale, 5*art.UIScale
		case 2:
			for i := range b.buttons {
				if !b.buttons[i].endSlot {
					b.buttons[i].label = compactLabel(b.buttons[i].label)
				}
			}
		case 3, 4, 5:
			if x0 > 14*art.UIScale {
				// a crowded prompt keeps its buttons whole before its
				// heading: the heading goes first
				x0 = 14 * art.UIScale
				continue
			}
			// still too many: smaller letters
			for i := range b.buttons {
				if !b.buttons[i].endSlot {
					b.buttons[i].size = 12
					if pass == 5 {
						b.buttons[i].size = 11
					}
				}
			}
			if pass == 5 {
				pad, gap = 10*art.UIScale, 4*art.UIScale
			}
		case 6:
			// still too many for one row: the greyed stand-ins go before
			// the bar takes two rows (Firefight's greyed "Motivate all"
			// and "Motivate" put a 1024x640 bar on two rows of small
			// buttons in the act phase), and the buttons left are
			// numbered afresh, 1, 2, 3 (a gap at the bar's start, "3
			// Advance", read as missing buttons); the end goes to the
			// others' smaller letters too, and keeps no room for "
			// anyway?" (its right end stays where it was, under the
			// pointer, when it asks)
			for i := range b.buttons {
				if bt := &b.buttons[i]; bt.endSlot && bt.size == 0 {
					w := art.TextW(bt.key+"  "+bt.label, art.BoldFace(11)) + 14*art.UIScale
					if w < bt.w {
						right := bt.x + bt.w
						bt.size, bt.w, bt.x = 11, w, right-w
						avail = bt.x - 10*art.UIScale
					}
				}
			}
			n := 0
			for i := 0; i < len(b.buttons); i++ {
				bt := &b.buttons[i]
				if bt.ghost || bt.disabled && bt.fixedKey && !bt.endSlot {
					// (a greyed Undo too, as a bar cut to one row drops it)
					b.buttons = append(b.buttons[:i], b.buttons[i+1:]...)
					b.bcmds = append(b.bcmds[:i], b.bcmds[i+1:]...)
					i--
					continue
				}
				if !bt.fixedKey && !bt.endSlot {
					n++
					bt.slotN = n
				}
			}
		case 7:
			// still too many for one row: two rows of small buttons, every
			// label whole (a play-test read 'K... (3 in 6)' and two
			// 'Opp f...' on a bar cut to one row)
			twoRows = true
			for i := range b.buttons {
				if !b.buttons[i].endSlot {
					b.buttons[i].size = 11
				}
			}
		case 8:
			// not even in two rows: one row again, each label cut
			twoRows = false
			fallthrough
		case 9:
			// still too many: each label is cut to an equal share of the bar
			// (short ones such as Undo keep their width: the room left is
			// shared by the long ones)
			// a greyed Undo says nothing a full bar has room for (Ctrl+Z
			// is in F1's list); it ran under the end's place
			for i := 0; i < len(b.buttons); i++ {
				if bt := b.buttons[i]; bt.disabled && bt.fixedKey && !bt.endSlot {
					b.buttons = append(b.buttons[:i], b.buttons[i+1:]...)
					b.bcmds = append(b.bcmds[:i], b.bcmds[i+1:]...)
					i--
				}
			}
			var ws []float64
			for _, bt := range b.buttons {
				if !bt.endSlot {
					ws = append(ws, art.TextW(bt.key+"  "+bt.label, art.BoldFace(bt.fontSize())))
				}
			}
			room := avail - x0 - float64(len(ws))*(gap+pad)
			share := room / float64(max(1, len(ws)))
			for k := 0; k < len(ws); k++ {
				left, long := room, 0
				for _, w := range ws {
					if w <= share {
						left -= w
					} else {
						long++
					}
				}
				if long == 0 {
					break
				}
				share = left / float64(long)
			}
			for i := range b.buttons {
				if bt := &b.buttons[i]; !bt.endSlot {
					bt.label = clipLabel(bt.label, bt.key+"  ", share, art.BoldFace(bt.fontSize()))
				}
			}
		}
	}
}

// clickCore is a label without clickNext's ending, and whether it had one.
func clickCore(l string) (string, bool) {
	for _, w := range clickWords {
		for _, sep := range []string{": ", ", "} {
			if strings.HasSuffix(l, sep+w) {
				return strings.TrimSuffix(l, sep+w), true
			}
		}
	}
	return l, false
}

// slotMemory is the order in which the kinds of action came onto the bar
// in the current step (one list per deciding side: an interruption's bar
// has its own), so that a number key keeps its meaning through the step.
type slotMemory struct {
	step  string
	order map[int][]button // by the deciding side: the first button of each kind, in order
}

// stableSlots gives the bar's numbered buttons their numbers by the kind
// of action, in the order the kinds first came onto the bar in this step
// (a team's activation, a phase), and stands a greyed stand-in in the
// place of a kind offered earlier in the step and not allowed now. A
// play-tester pressed 3 meaning Shoot, as it had been a moment before,
// and ran his team: 3 had become Run when no figure was selected, and
// became Go prone after he fired.
func (b *battle) stableSlots() {
	st := b.st()
	step := fmt.Sprintf("%d/%s/%d", st.Round, st.Phase, st.Active)
	if b.explain != nil && b.explain.Step != "" {
		step = b.explain.Step
	}
	m := &b.slots
	if m.step != step || m.order == nil {
		m.step, m.order = step, map[int][]button{}
	}
	order := m.order[st.Decider]
	// a kind new to the step that bears the name of a kind not on this
	// bar takes that kind's place: each Firefight leader's "Motivate all"
	// is a kind of its own, and the second leader's bar read "1 Motivate
	// all" greyed beside his own "3 Motivate all"
	live := map[string]bool{}
	for _, bt := range b.buttons {
		live[bt.slot] = true
	}
	for i, bt := range b.buttons {
		if bt.slot == "" || slices.ContainsFunc(order, func(o button) bool { return o.slot == bt.slot }) {
			continue
		}
		for _, o := range order {
			if o.label == bt.label && !live[o.slot] {
				b.buttons[i].slot, live[o.slot] = o.slot, true
				break
			}
		}
	}
	// this bar's kinds, each once (a kind twice keeps its first place)
	at := map[string]int{}
	for i, bt := range b.buttons {
		if bt.slot == "" {
			continue
		}
		if _, dup := at[bt.slot]; dup {
			b.buttons[i].slot = ""
			continue
		}
		at[bt.slot] = i
		known := false
		for _, o := range order {
			if o.slot == bt.slot {
				known = true
			}
		}
		if !known {
			order = append(order, button{slot: bt.slot, label: bt.label, short: bt.short})
		}
	}
	m.order[st.Decider] = order
	var out []button
	var cmds []func()
	last := -1 // the last kind of the order on the bar now
	for k, o := range order {
		if _, ok := at[o.slot]; ok {
			last = k
		}
	}
	for k, o := range order {
		if k > last {
			break
		}
		if i, ok := at[o.slot]; ok {
			bt := b.buttons[i]
			bt.slotN = k + 1
			out, cmds = append(out, bt), append(cmds, b.bcmds[i])
			continue
		}
		out, cmds = append(out, button{label: o.label, short: o.short, slot: o.slot, slotN: k + 1, disabled: true, ghost: true}), append(cmds, func() {})
	}
	// the buttons of no kind after them, in their order (numbered on)
	n := last + 1
	for i, bt := range b.buttons {
		if bt.slot == "" {
			if !bt.fixedKey && !bt.endSlot {
				n++
				bt.slotN = n
			}
			out, cmds = append(out, bt), append(cmds, b.bcmds[i])
		}
	}
	b.buttons, b.bcmds = out, cmds
}

// clipLabel cuts a label to fit w (with its key's prefix), ending in
// "...": odds in brackets at its end are kept whole ("Gruppe fi... (kill 50%)").
func clipLabel(l, prefix string, w float64, f *text.GoTextFace) string {
	if art.TextW(prefix+l, f) <= w {
		return l
	}
	if i := strings.LastIndex(l, " ("); i > 0 && strings.HasSuffix(l, ")") && (strings.Contains(l[i:], "%") || strings.Contains(l[i:], " in ")) {
		tail := l[i:]
		return clipLabel(l[:i], prefix, w-art.TextW(tail, f), f) + tail
	}
	r := []rune(l)
	for len(r) > 1 && art.TextW(prefix+string(r)+"...", f) > w {
		r = r[:len(r)-1]
	}
	// whole words when more than the first fits: "Shoot: MG team..."
	// rather than "Shoot: MG te..." (the words that tell the buttons
	// apart come first and stay)
	cut := string(r)
	if len(r) < len([]rune(l)) && !strings.HasPrefix(string([]rune(l)[len(r):]), " ") {
		if i := strings.LastIndex(strings.TrimSpace(cut), " "); i > 0 {
			cut = cut[:i]
		}
	}
	return strings.TrimRight(strings.TrimSpace(cut), ",;:-") + "..."
}

// compactLabel is a label for the most crowded bar: without its
// parenthetical hint (odds are kept) and without the unit's name.
func compactLabel(l string) string {
	dots := strings.HasSuffix(l, "...")
	l = strings.TrimSuffix(l, "...")
	if core, ok := clickCore(l); ok {
		// a click comes next: still said, in the fewest words
		return compactLabel(core) + ": pick"
	}
	if i := strings.Index(l, " ("); i > 0 && !strings.Contains(l[i:], " in 6") && !strings.Contains(l[i:], "%") {
		l = l[:i]
	}
	if j := strings.Index(l, ": "); j > 0 {
		l = l[:j]
	}
	if dots {
		l += "..."
	}
	return l
}

// clickWords are clickNext's endings, full and short.
var clickWords = []string{"choose target", "choose spot", "choose line", "pick"}
