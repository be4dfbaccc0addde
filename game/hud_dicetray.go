package game

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
)

// drawDice animates the dice tumbling onto a tray docked at the foot of
// the log column, clear of the table so that it never hides the firer or
// the target, then explains the roll there. The dice are tinted with the
// roller's side colour; long lines wrap inside the tray.
func (b *battle) drawDice(dst *ebiten.Image, a *App, an view.Anim) {
	l := an.Ev.Roll
	p := an.Progress(b.tl.Now)
	tumbleFrac := view.DiceTumble / (view.DiceTumble + view.DiceHold)
	tw := b.tv.padR - 16*art.UIScale
	fs := art.Face(13)
	st := b.st()
	opposed := l.Compare == "opposed" && (an.Ev.Side == 0 || an.Ev.Side == 1)
	var lines []string
	for _, s := range b.ledgerShown(l) {
		if opposed && strings.HasPrefix(s, fmt.Sprintf("%d against %d: ", l.Total, l.Target)) {
			// an opposed roll names both sides: "Germans 3 against British 2"
			s = fmt.Sprintf("%s %d against %s %d: %s", st.Sides[an.Ev.Side].Name, l.Total, st.Sides[1-an.Ev.Side].Name, l.Target, l.Outcome)
		} else if both, ok := sidesAgainst(st, l); ok && strings.HasPrefix(s, fmt.Sprintf("%d against %d: ", l.Total, l.Target)) {
			s = both // (a roll of both sides at once: the turn's initiative)
		}
		lines = append(lines, art.Wrap(s, fs, tw-40*art.UIScale)...)
	}
	what := art.Wrap(rules.Capital(l.What), art.BoldFace(14), tw-40*art.UIScale)
	n := 0
	for _, d := range l.Dice {
		n++
		if d.Sides == 100 {
			n++ // percentile dice are two dice wide
		}
	}
	ds := 40 * art.UIScale
	if n > 0 {
		ds = math.Max(18*art.UIScale, math.Min(ds, (tw-48*art.UIScale)/float64(n)-10*art.UIScale))
	}
	lh := 17 * art.UIScale
	top := 14*art.UIScale + float64(len(what))*18*art.UIScale
	outFace := art.BoldFace(18)
	outcome := art.Wrap(strings.ToUpper(l.Outcome), outFace, tw-40*art.UIScale)
	th := top + ds + 24*art.UIScale + float64(len(outcome))*22*art.UIScale + float64(len(lines))*lh + 34*art.UIScale
	tx := a.W - b.tv.padR + 8*art.UIScale
	ty := math.Max(b.tv.padT+8*art.UIScale, a.H-th-8*art.UIScale)
	b.trayTop = ty // the log stands above it (drawLog)
	a.keepClear(tx, ty, tw, th)
	// tray: wooden rim, felt inside
	art.RoundRect(dst, tx+4*art.UIScale, ty+6*art.UIScale, tw, th, 12*art.UIScale, art.RGBA(0x000000, 120))
	art.RoundRect(dst, tx, ty, tw, th, 12*art.UIScale, art.RGB(0x6b4a2e))
	art.RoundRect(dst, tx+8*art.UIScale, ty+8*art.UIScale, tw-16*art.UIScale, th-16*art.UIScale, 8*art.UIScale, art.RGB(0x1f4a32))
	for i, w := range what {
		art.Say(dst, w, art.BoldFace(14), tx+20*art.UIScale, ty+14*art.UIScale+float64(i)*18*art.UIScale, art.RGB(0xf2e2b8), 0)
	}
	tint := art.RGB(0xf6f0e2)
	if an.Ev.Side == 0 || an.Ev.Side == 1 {
		tint = art.Mix(art.RGB(0xf6f0e2), sideColour(b.st(), an.Ev.Side), 0.28)
	}
	slot := 0
	for i, d := range l.Dice {
		fx := tx + 24*art.UIScale + float64(slot)*(ds+10*art.UIScale)
		slot++
		if d.Sides == 100 {
			fx += ds * 0.55
			slot++
		}
		fy := ty + top + 6*art.UIScale
		face := d.Face
		rot := 0.0
		if p < tumbleFrac {
			k := p / tumbleFrac
			e := 1 - math.Pow(1-k, 3)
			fx = tx - 60*art.UIScale + (fx-tx+60*art.UIScale)*e
			fy += dieBounce(k)
			rot = (1 - e) * 6 * float64(i+1)
			face = 1 + b.diceRand.IntN(max(1, d.Sides))
		}
		if l.Compare == rules.CompareDraw {
			// a chit drawn from the cup: a round counter, not a die
			label := "?"
			if p >= tumbleFrac {
				label = chitFace(l.Outcome)
			}
			drawChitToken(dst, art.Pt{X: fx + ds/2, Y: fy + ds/2}, ds, art.RGB(0xf6f0e2), rimColour(st, an.Ev.Side), label) // (as the cup's tokens in the panel)
			continue
		}
		dt := tint
		if opposed && i == 1 && len(l.Dice) == 2 {
			dt = art.Mix(art.RGB(0xf6f0e2), sideColour(st, 1-an.Ev.Side), 0.28) // the other side's die
		}
		drawDieTinted(dst, art.Pt{X: fx + ds/2, Y: fy + ds/2}, ds, rot, face, d.Sides, dt)
	}
	if p >= tumbleFrac {
		oy := ty + top + ds + 18*art.UIScale
		for _, o := range outcome {
			art.Say(dst, o, outFace, tx+22*art.UIScale, oy, outcomeColour(l), 0)
			oy += 22 * art.UIScale
		}
		for i, s := range lines {
			art.Say(dst, s, fs, tx+22*art.UIScale, oy+float64(i)*lh, art.RGB(0xe8f0e0), 0)
		}
	}
	art.Say(dst, "Space or click skips", art.ItalicFace(11), tx+tw-20*art.UIScale, ty+th-24*art.UIScale, art.RGB(0x9ab8a0), 2)
}

func outcomeColour(l *rules.Ledger) color.RGBA {
	if l.Compare == rules.CompareDraw {
		return art.RGB(0xf2e2b8) // a chit drawn is neither a success nor a failure
	}
	if success(l) {
		return art.RGB(0x9cf0a0)
	}
	return art.RGB(0xf0a090)
}

// chitFace is what a chit shows: the number its name ends in ("Germans
// 1": 1), or its name's first letter.
func chitFace(name string) string {
	f := strings.Fields(name)
	if len(f) == 0 {
		return "?"
	}
	if last := f[len(f)-1]; strings.Trim(last, "0123456789") == "" {
		return last
	}
	return strings.ToUpper(f[0][:1])
}

// drawChitToken draws a chit drawn from a cup: a round counter of the
// side's colour with its number (a Firefight chit was drawn as a die, and
// its log read like a roll, play-test 7).
func drawChitToken(dst *ebiten.Image, c art.Pt, s float64, body, rim color.RGBA, label string) {
	r := s / 2
	art.Circle(dst, art.Pt{X: c.X + 3*art.UIScale, Y: c.Y + 4*art.UIScale}, r, art.RGBA(0x000000, 110))
	art.Circle(dst, c, r, body)
	art.Ring(dst, c, r-2*art.UIScale, 4*art.UIScale, rim)
	art.Say(dst, label, art.BoldFace(s/2.8/art.UIScale), c.X, c.Y-s/4, art.RGB(0x2b2418), 1)
}

// drawDie draws one die: a rounded square with pips (d6) or a number.
// dieBounce is how far below its resting place a tumbling die is at
// k (0 to 1) of its tumble: it bounces down into the room its outcome
// will fill, never up over the tray's title (a die covered "Pvt
// Kowalski" in the heading while it rolled, play-test 9).
func dieBounce(k float64) float64 {
	return 30 * art.UIScale * math.Abs(math.Sin(k*math.Pi*3)) * (1 - k)
}

func drawDie(dst *ebiten.Image, c art.Pt, s, rot float64, face, sides int, _ bool) {
	drawDieTinted(dst, c, s, rot, face, sides, art.RGB(0xf6f0e2))
}

// drawDieTinted draws a die of the given body colour.
func drawDieTinted(dst *ebiten.Image, c art.Pt, s, rot float64, face, sides int, body color.RGBA) {
	if sides == 100 {
		// percentile dice: a tens die ("00".."90") and a units die, side
		// by side; 00 and 0 read 100
		tens, units := (face%100)/10, face%10
		drawDieTinted(dst, art.Pt{X: c.X - s*0.55, Y: c.Y}, s*0.95, rot, tens, -10, body)
		drawDieTinted(dst, art.Pt{X: c.X + s*0.55, Y: c.Y}, s*0.95, -rot, units, -1, body)
		return
	}
	if sides == 10 || sides < 0 {
		// a ten-sided die seen from above: a kite
		h := s / 2
		var pts []art.Pt
		for k, rr := range []float64{1.25, 0.95, 0.8, 0.95} {
			a := rot + float64(k)*math.Pi/2 - math.Pi/2
			pts = append(pts, art.Pt{X: c.X + math.Cos(a)*h*rr, Y: c.Y + math.Sin(a)*h*rr})
		}
		sh := make([]art.Pt, len(pts))
		for i, q := range pts {
			sh[i] = art.Pt{X: q.X + 3*art.UIScale, Y: q.Y + 4*art.UIScale}
		}
		art.FillPoly(dst, sh, art.RGBA(0x000000, 110))
		art.FillPoly(dst, pts, body)
		art.StrokePoly(dst, pts, true, 1.5*art.UIScale, art.RGB(0x8a8070))
		label := fmt.Sprint(face % 10)
		if sides == -10 {
			label = fmt.Sprintf("%d0", face)
		}
		art.Say(dst, label, art.BoldFace(s/2.8/art.UIScale), c.X, c.Y-s/4, art.RGB(0x2b2418), 1)
		return
	}
	var pts []art.Pt
	h := s / 2
	for k := 0; k < 4; k++ {
		for j := 0; j <= 3; j++ {
			a := rot + float64(k)*math.Pi/2 + float64(j)*math.Pi/6 - math.Pi/4
			rr := h * (1.0 - 0.12*math.Sin(float64(j)*math.Pi/3))
			pts = append(pts, art.Pt{X: c.X + math.Cos(a)*rr*1.3, Y: c.Y + math.Sin(a)*rr*1.3})
		}
	}
	sh := make([]art.Pt, len(pts))
	for i, q := range pts {
		sh[i] = art.Pt{X: q.X + 3*art.UIScale, Y: q.Y + 4*art.UIScale}
	}
	art.FillPoly(dst, sh, art.RGBA(0x000000, 110))
	art.FillPoly(dst, pts, body)
	art.StrokePoly(dst, pts, true, 1.5*art.UIScale, art.RGB(0x8a8070))
	if sides != 6 {
		art.Say(dst, fmt.Sprint(face), art.BoldFace(s/2.4/art.UIScale), c.X, c.Y-s/3.2, art.RGB(0x2b2418), 1)
		return
	}
	pip := func(dx, dy float64) {
		ca, sa := math.Cos(rot), math.Sin(rot)
		x, y := dx*h*0.5, dy*h*0.5
		art.Circle(dst, art.Pt{X: c.X + x*ca - y*sa, Y: c.Y + x*sa + y*ca}, s*0.08, art.RGB(0x2b2418))
	}
	switch face {
	case 1:
		pip(0, 0)
	case 2:
		pip(-1, -1)
		pip(1, 1)
	case 3:
		pip(-1, -1)
		pip(0, 0)
		pip(1, 1)
	case 4:
		pip(-1, -1)
		pip(1, -1)
		pip(-1, 1)
		pip(1, 1)
	case 5:
		pip(-1, -1)
		pip(1, -1)
		pip(0, 0)
		pip(-1, 1)
		pip(1, 1)
	default:
		for _, y := range []float64{-1, 0, 1} {
			pip(-1, y)
			pip(1, y)
		}
	}
}

// success reads whether a roll succeeded from its comparison.
func success(l *rules.Ledger) bool {
	switch l.Compare {
	case ">=":
		return l.Total >= l.Target
	case "<=":
		return l.Total <= l.Target
	case "opposed":
		return l.Total > l.Target
	}
	o := strings.ToLower(l.Outcome)
	return o == "hit" || o == "kill" || o == "win" || o == "pass" || o == "success"
}

// chance is the probability a roll of these dice with these modifiers
// succeeds, by enumerating the faces.
func chance(l *rules.Ledger) (float64, bool) {
	if len(l.Dice) == 0 || len(l.Dice) > 4 || (l.Compare != ">=" && l.Compare != "<=") {
		return 0, false
	}
	mod := l.ModTotal()
	// Total may be computed differently (e.g. best die); check it matches a sum
	if l.DiceTotal()+mod != l.Total {
		if l.DiceTotal() != l.Total {
			return 0, false
		}
		mod = 0 // the modifiers moved the target, not the dice (a D100 chance)
	}
	counts := map[int]float64{0: 1}
	for _, d := range l.Dice {
		next := map[int]float64{}
		for s, p := range counts {
			for f := 1; f <= d.Sides; f++ {
				next[s+f] += p / float64(d.Sides)
			}
		}
		counts = next
	}
	keys := make([]int, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	p := 0.0
	for _, s := range keys {
		t := s + mod
		if (l.Compare == ">=" && t >= l.Target) || (l.Compare == "<=" && t <= l.Target) {
			p += counts[s]
		}
	}
	return p, true
}

// drawDiceGroup is one tray for rolls made together (every team's
// activation die at the start of a round): a row each, with its dice in
// its side's colour, whose roll it is, and the outcome.
func (b *battle) drawDiceGroup(dst *ebiten.Image, a *App, an view.Anim, evs []rules.Event) {
	st := b.st()
	tw := b.tv.padR - 16*art.UIScale
	rowH := 34 * art.UIScale
	title := evs[0].Roll.What
	firer := ""
	if i := strings.Index(title, ","); i > 0 {
		title = title[:i]
	} else if f := st.Fig(evs[0].Fig); f != nil {
		firer = f.Name // one figure's dice: a volley, if every die is at a target
		title = rules.Possessive(f.Name) + " volley"
		for _, ev := range evs {
			if ev.Target == 0 {
				title = rules.Possessive(f.Name) + " rolls" // (obstacles crossed on a move, say)
				if w := evs[0].Roll.What; w != "" && allWhat(evs, w) {
					title = f.Name + ": " + w
				}
				break
			}
		}
	}
	th := 48*art.UIScale + float64(len(evs))*rowH + 26*art.UIScale
	tx := a.W - b.tv.padR + 8*art.UIScale
	ty := math.Max(b.tv.padT+8*art.UIScale, a.H-th-8*art.UIScale)
	b.trayTop = ty // the log stands above it (drawLog)
	a.keepClear(tx, ty, tw, th)
	art.RoundRect(dst, tx+4*art.UIScale, ty+6*art.UIScale, tw, th, 12*art.UIScale, art.RGBA(0x000000, 120))
	art.RoundRect(dst, tx, ty, tw, th, 12*art.UIScale, art.RGB(0x6b4a2e))
	art.RoundRect(dst, tx+8*art.UIScale, ty+8*art.UIScale, tw-16*art.UIScale, th-16*art.UIScale, 8*art.UIScale, art.RGB(0x1f4a32))
	title = rules.Capital(title) // a tray's title reads like every other heading
	head := fmt.Sprintf("%s: %d rolls together", title, len(evs))
	if firer != "" {
		head = fmt.Sprintf("%s: %d dice", title, len(evs))
	}
	art.Say(dst, head, art.BoldFace(14), tx+20*art.UIScale, ty+14*art.UIScale, art.RGB(0xf2e2b8), 0)
	elapsed := b.tl.Now - an.Start
	tumble := view.DiceTumble / math.Max(0.01, b.tl.Speed)
	ds := 24 * art.UIScale
	for k, ev := range evs {
		l := ev.Roll
		y := ty + 42*art.UIScale + float64(k)*rowH
		tint := art.RGB(0xf6f0e2)
		if ev.Side == 0 || ev.Side == 1 {
			tint = art.Mix(tint, sideColour(st, ev.Side), 0.28)
			art.Rect(dst, tx+16*art.UIScale, y+4*art.UIScale, 3*art.UIScale, ds-8*art.UIScale, sideColour(st, ev.Side))
		}
		for i, d := range l.Dice {
			face, rot := d.Face, 0.0
			if elapsed < tumble {
				face = 1 + b.diceRand.IntN(max(1, d.Sides))
				rot = (1 - elapsed/tumble) * 4 * float64(i+1)
			}
			drawDieTinted(dst, art.Pt{X: tx + 36*art.UIScale + float64(i)*(ds+6*art.UIScale), Y: y + ds/2}, ds, rot, face, d.Sides, tint)
		}
		who := l.What
		if i := strings.Index(who, ", "); i > 0 {
			who = who[i+2:]
		}
		if firer != "" {
			who = strings.TrimPrefix(strings.TrimPrefix(who, firer), " ")
		}
		outcome := fmt.Sprintf("total %d: %s", l.Total, l.Outcome)
		if both, ok := sidesAgainst(st, l); ok {
			// a roll of both sides at once (a turn's initiative, rolled
			// again on a tie): each row names its roll and both scores,
			// not the same heading three times over "total 1"
			who, outcome = fmt.Sprintf("Roll %d of %d", k+1, len(evs)), both
		}
		dx := tx + 36*art.UIScale + float64(len(l.Dice))*(ds+6*art.UIScale) + 4*art.UIScale
		who, face := trayWho(who, tx+tw-18*art.UIScale-dx)
		art.Say(dst, who, face, dx, y, art.RGB(0xe8f0e0), 0)
		if elapsed >= tumble {
			out, face := trayOutcome(outcome, tx+tw-18*art.UIScale-dx)
			art.Say(dst, out, face, dx, y+15*art.UIScale, outcomeColour(l), 0)
		}
	}
	art.Say(dst, "Space or click skips; every ledger is in the log", art.ItalicFace(11), tx+tw-20*art.UIScale, ty+th-24*art.UIScale, art.RGB(0x9ab8a0), 2)
}

// trayWho fits a roll's words into the room beside its dice: whole if
// they fit, else without the weapon in brackets ("Gefr Lenz at Pte
// Eden": the log's ledger names it), else a size smaller, and only then
// cut (a play-tester saw "Pte Eden" run into the card's edge).
func trayWho(who string, room float64) (string, *text.GoTextFace) {
	return trayFit(who, room, art.Face(12), art.Face(11))
}

// trayOutcome fits a roll's total and outcome into the same room, the
// bracketed explanation first to go ("goes first of the 3 tied teams":
// the log's ledger gives the reason); a tie roll-off's words ran off the
// tray at 1024x640.
func trayOutcome(line string, room float64) (string, *text.GoTextFace) {
	return trayFit(line, room, art.BoldFace(12), art.BoldFace(11))
}

// trayFit is s fitted into room pixels: whole in face, else without its
// words in brackets, else in the smaller face, and only then cut.
func trayFit(s string, room float64, face, small *text.GoTextFace) (string, *text.GoTextFace) {
	if art.TextW(s, face) <= room {
		return s, face
	}
	if i := strings.Index(s, " ("); i > 0 && strings.Contains(s[i:], ")") {
		s = s[:i] + s[i+strings.Index(s[i:], ")")+1:]
		if art.TextW(s, face) <= room {
			return s, face
		}
	}
	if art.TextW(s, small) <= room {
		return s, small
	}
	return clipLabel(s, "", room, small), small
}

// allWhat reports whether every roll of evs is of the same kind w.
func allWhat(evs []rules.Event, w string) bool {
	for _, ev := range evs {
		if ev.Roll == nil || ev.Roll.What != w {
			return false
		}
	}
	return true
}

// sidesAgainst says a roll the two sides make against each other at once
// (one event for both, named "... first side against second side", its
// Total the first side's score and its Target the second's, as a turn's
// initiative) with both scores and the outcome: "US Army 20 against
// Wehrmacht 9: US Army moves". The dice tray and the turn panel's
// initiative both say it so, in the same words.
func sidesAgainst(st *rules.State, l *rules.Ledger) (string, bool) {
	if l == nil || l.Compare != "opposed" || len(st.Sides) < 2 || !strings.HasSuffix(l.What, st.Sides[0].Name+" against "+st.Sides[1].Name) {
		return "", false
	}
	return fmt.Sprintf("%s %d against %s %d: %s", st.Sides[0].Name, l.Total, st.Sides[1].Name, l.Target, l.Outcome), true
}
