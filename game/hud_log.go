package game

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
)

func (b *battle) finished(an view.Anim) {
	b.logEvent(an.Ev)
	for _, ev := range an.More {
		b.logEvent(ev)
	}
}

// logEvent writes one event's line (and its roll) to the log.
func (b *battle) logEvent(ev rules.Event) {
	if ev.Kind == "removed" {
		delete(b.pending, ev.Fig)
		if f := b.st().Fig(ev.Fig); f != nil && b.before != nil && f.Side >= 0 && f.Side < 2 {
			b.lostSince[f.Side]++
		}
	}
	if ev.Text != "" || ev.Roll != nil {
		b.log = append(b.log, logEntry{text: ev.Text, roll: ev.Roll, side: ev.Side, kind: ev.Kind, unit: b.view().EventUnit(ev)})
		b.logScroll = 0
	}
}

func (b *battle) drawLog(dst *ebiten.Image, a *App) {
	x := a.W - b.tv.padR
	art.Rect(dst, x, b.tv.padT, b.tv.padR, a.H-b.tv.padT, art.RGB(0x1e1912))
	art.Rect(dst, x, b.tv.padT, 2*art.UIScale, a.H-b.tv.padT, art.RGB(0x8a6a44))
	y0 := b.drawStatus(dst, a)
	b.statusEnd = y0
	if b.tv.legend {
		// the legend stands in the side panel, where it hides no figure
		// on the table; the log comes back when G hides it
		b.drawPanelLegend(dst, a, x, y0)
		return
	}
	art.Say(dst, "Battle log", art.BoldFace(15), x+14*art.UIScale, y0+10*art.UIScale, art.RGB(0xf2e2b8), 0)
	art.Say(dst, "wheel scrolls", art.ItalicFace(11), x+b.tv.padR-12*art.UIScale, y0+13*art.UIScale, art.RGB(0x8a7a60), 2)
	// lay entries out bottom-up
	w := b.tv.padR - 30*art.UIScale
	f, fs := art.Face(13), art.Face(12)
	type row struct {
		s    string
		f    *text.GoTextFace
		c    uint32
		side int
	}
	var rows []row
	for _, e := range b.log {
		e = b.shownEntry(e)
		if e.text == "" && e.roll == nil {
			continue // kept quiet for this side (rules.Quieter)
		}
		c := uint32(0xe8dcc0)
		if e.kind == "turn" || e.kind == "phase" {
			c = 0xf2c94c
		}
		if e.kind == "win" {
			c = 0x7ee08a
		}
		if e.kind == "why" {
			// the computer's reason: a quiet line that leads into what it
			// did, the next entry, with no gap (a heading of its own for
			// every reason read like a trace to a play-tester)
			_, why, ok := strings.Cut(e.text, "(computer): ")
			if !ok {
				why = e.text
			}
			fi := art.ItalicFace(12)
			for _, l := range art.Wrap("Computer: "+why, fi, w-12*art.UIScale) {
				rows = append(rows, row{"   " + l, fi, 0xb4a684, e.side})
			}
			continue
		}
		for _, l := range art.Wrap(e.text, f, w) {
			rows = append(rows, row{l, f, c, e.side})
		}
		if e.roll != nil {
			for _, l := range b.ledgerShown(e.roll) {
				for _, ll := range art.Wrap(l, fs, w-12*art.UIScale) {
					rows = append(rows, row{"   " + ll, fs, 0xa89878, e.side})
				}
			}
		}
		rows = append(rows, row{"", fs, 0, -1})
	}
	lh := 17 * art.UIScale
	// the newest lines stand above the dice tray while it shows (as it
	// stood last frame), not under it
	// and above a card at the panel's foot (hud_cards.go), so that the
	// newest lines are never the ones hidden
	// (a tall card leaves few rows, or none: the newest are never drawn
	// under it, where a play-tester missed a take-back's line)
	bottom := a.H
	for _, top := range []float64{b.trayTop, b.cardTop} {
		if top > y0 && top < bottom { // (0: none drawn yet)
			bottom = top
		}
	}
	b.trayTop, b.cardTop = a.H, a.H
	maxRows := max(0, int((bottom-y0-44*art.UIScale)/lh))
	end := len(rows) - b.logScroll
	if end < 0 {
		end = 0
		b.logScroll = len(rows)
	}
	start := max(0, end-maxRows)
	yy := y0 + 38*art.UIScale
	for _, r := range rows[start:end] {
		if r.s != "" {
			if r.side >= 0 && r.side < 2 && !strings.HasPrefix(r.s, "   ") {
				art.Rect(dst, x+8*art.UIScale, yy+3*art.UIScale, 3*art.UIScale, 11*art.UIScale, sideColour(b.st(), r.side))
			}
			art.Say(dst, r.s, r.f, x+16*art.UIScale, yy, art.RGB(r.c), 0)
		}
		yy += lh
	}
	b.logEnd = yy
}

// diceWords names n dice of so many sides as a wargamer says it, with no
// notation: "one die", "two dice" (six-sided, the usual die), "a
// twenty-sided die", "percentile dice", "one die (1 to 3)".
func diceWords(n, sides int) string {
	count := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	num := fmt.Sprint(n)
	if n >= 0 && n < len(count) {
		num = count[n]
	}
	dice := "dice"
	if n == 1 {
		dice = "die"
	}
	switch sides {
	case 6:
		return num + " " + dice
	case 100:
		return "percentile dice"
	case 2, 3:
		// a six-sided die read in halves or thirds
		if n == 1 {
			return fmt.Sprintf("one die (1 to %d)", sides)
		}
		return fmt.Sprintf("%s dice (1 to %d each)", num, sides)
	}
	named := map[int]string{4: "four", 8: "eight", 10: "ten", 12: "twelve", 20: "twenty"}[sides]
	if named == "" {
		named = fmt.Sprint(sides)
	}
	if n == 1 {
		num = "a"
		if strings.IndexByte("aeiou", named[0]) >= 0 {
			num = "an" // "an eight-sided die"
		}
	}
	return fmt.Sprintf("%s %s-sided %s", num, named, dice)
}

// ledgerLines explains a roll in plain words.
func ledgerLines(l *rules.Ledger) []string {
	var faces []string
	for _, d := range l.Dice {
		faces = append(faces, fmt.Sprintf("%d", d.Face))
	}
	sides := 6
	if len(l.Dice) > 0 {
		sides = l.Dice[0].Sides
	}
	out := []string{fmt.Sprintf("rolled %s: %s", diceWords(len(l.Dice), sides), strings.Join(faces, " "))}
	whose := len(l.Whose) == len(l.Dice) && len(l.Dice) > 0
	if whose {
		// each side's own die (a roll-off): "Red rolled 4, Blue rolled 5"
		var each []string
		for i, d := range l.Dice {
			each = append(each, fmt.Sprintf("%s rolled %d", l.Whose[i], d.Face))
		}
		out[0] = strings.Join(each, ", ")
	}
	cup := l.Compare == rules.CompareDraw
	switch sides {
	case 2, 3, 4, 6, 8, 10, 12, 20, 100:
	default:
		// no such die: a draw from a cup, 1 to sides ("drew 7 (of 1 to
		// 7)" read as notation)
		cup = true
	}
	if cup {
		// which chit, of how many: every draw says it so, a cup of six
		// as well (it read "rolled one die: 5, total 5")
		out[0] = fmt.Sprintf("drew %s, one of the %d chits in the cup", l.Outcome, sides)
		if sides == 1 {
			out[0] = fmt.Sprintf("drew %s, the last chit in the cup", l.Outcome)
		}
	}
	mods, sum := 0, 0
	for _, m := range l.Mods {
		out = append(out, fmt.Sprintf("%+d %s", m.Value, m.Reason))
		mods += m.Value
	}
	for _, d := range l.Dice {
		sum += d.Face
	}
	// the totals the dice can make: a number to reach beyond them is
	// said in words ("needs 0 or less" was read for a save no roll
	// makes). A rule set adds the modifiers to the total or to the
	// number to reach (Maxim's percentile chance): which, the total says;
	// when it says neither, the number stands as it is.
	lo, hi, known := len(l.Dice), len(l.Dice)*sides, len(l.Dice) > 0
	switch l.Total {
	case sum + mods:
		lo, hi = lo+mods, hi+mods
	case sum:
	default:
		known = false
	}
	o := l.Outcome
	switch {
	case whose && l.Compare == "opposed" && len(l.Mods) == 0 && len(l.Dice) == 2 && l.Total == l.Dice[0].Face && l.Target == l.Dice[1].Face:
		out[0] += ": " + o // the two dice are the two scores
	case l.Compare == "opposed":
		// two scores, each its own (not "total 4" beside dice 4 and 5)
		out = append(out, fmt.Sprintf("%d against %d: %s", l.Total, l.Target, o))
	case cup && (l.Compare == "" || l.Compare == "table" || l.Compare == rules.CompareDraw):
		// the chit is named on the first line
	case !known:
		switch l.Compare {
		case ">=":
			out = append(out, fmt.Sprintf("needs %d or more, total %d: %s", l.Target, l.Total, o))
		case "<=":
			out = append(out, fmt.Sprintf("needs %d or less, total %d: %s", l.Target, l.Total, o))
		default:
			out = append(out, fmt.Sprintf("total %d: %s", l.Total, o))
		}
	case l.Compare == ">=" && l.Target > hi, l.Compare == "<=" && l.Target < lo:
		out = append(out, fmt.Sprintf("no roll can do it (total %d): %s", l.Total, o))
	case l.Compare == ">=" && l.Target <= lo, l.Compare == "<=" && l.Target >= hi:
		out = append(out, fmt.Sprintf("any roll does it (total %d): %s", l.Total, o))
	case l.Compare == ">=":
		out = append(out, fmt.Sprintf("needs %d or more, total %d: %s", l.Target, l.Total, o))
	case l.Compare == "<=":
		out = append(out, fmt.Sprintf("needs %d or less, total %d: %s", l.Target, l.Total, o))
	default:
		out = append(out, fmt.Sprintf("total %d: %s", l.Total, o))
	}
	if l.Note != "" {
		out = append(out, l.Note)
	}
	return out
}

// lastAction is the newest log entry that says what somebody did, passing
// over announcements of a new turn or phase, so the curtain tells the
// incoming player what their opponent just did.
func (b *battle) lastAction() (logEntry, bool) {
	for i := len(b.log) - 1; i >= 0; i-- {
		switch b.log[i].kind {
		case "turn", "phase", "round":
			continue
		case "":
			if b.log[i].roll == nil {
				// a note of the table's own (a tip, "Resumed from...", a
				// move taken back), not what the other side did: the
				// curtain's "Last:" showed those (play-test 6)
				continue
			}
		}
		return b.shownEntry(b.log[i]), true
	}
	return logEntry{}, false
}

// ledgerShown is a roll's ledger as the log and tray show it: the dice,
// every modifier and the outcome; the rule behind it (its note) only
// with "why" on (Y).
func (b *battle) ledgerShown(l *rules.Ledger) []string {
	out := ledgerLines(l)
	if l.Note != "" && !b.why && len(out) > 0 && out[len(out)-1] == l.Note {
		out = out[:len(out)-1]
	}
	return out
}

// drawPanelLegend draws, in the side panel under the turn's panel, the
// terrain legend and the markers on the figures the player can see (one
// of each kind), in place of the log.
func (b *battle) drawPanelLegend(dst *ebiten.Image, a *App, x, y0 float64) {
	st := b.st()
	art.Say(dst, "Legend", art.BoldFace(15), x+14*art.UIScale, y0+10*art.UIScale, art.RGB(0xf2e2b8), 0)
	art.Say(dst, "G hides it and shows the log", art.ItalicFace(11), x+b.tv.padR-12*art.UIScale, y0+13*art.UIScale, art.RGB(0x8a7a60), 2)
	var marks []rules.Mark
	seen := map[string]bool{}
	for i := range st.Figures {
		f := &st.Figures[i]
		if f.Removed || b.hiddenFromViewer(f) {
			continue
		}
		for _, m := range b.shownInfo(f.ID).Marks {
			if !seen[m.Kind] {
				seen[m.Kind] = true
				marks = append(marks, rules.Mark{Kind: m.Kind, Label: m.Label})
			}
		}
	}
	y := y0 + 36*art.UIScale
	if h := b.tv.drawLegendAt(dst, x+12*art.UIScale, y, "Terrain"); h > 0 {
		y += h + 8*art.UIScale
	}
	drawMarkLegendAt(dst, x+12*art.UIScale, y, marks)
}
