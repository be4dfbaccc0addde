package game

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

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
	tw := b.tv.padR - 16*uiScale
	fs := face(13)
	st := b.st()
	opposed := l.Compare == "opposed" && (an.Ev.Side == 0 || an.Ev.Side == 1)
	var lines []string
	for _, s := range b.ledgerShown(l) {
		if opposed && strings.HasPrefix(s, fmt.Sprintf("%d against %d: ", l.Total, l.Target)) {
			// an opposed roll names both sides: "Germans 3 against British 2"
			s = fmt.Sprintf("%s %d against %s %d: %s", st.Sides[an.Ev.Side].Name, l.Total, st.Sides[1-an.Ev.Side].Name, l.Target, l.Outcome)
		}
		lines = append(lines, wrap(s, fs, tw-40*uiScale)...)
	}
	what := wrap(l.What, boldFace(14), tw-40*uiScale)
	n := 0
	for _, d := range l.Dice {
		n++
		if d.Sides == 100 {
			n++ // percentile dice are two dice wide
		}
	}
	ds := 40 * uiScale
	if n > 0 {
		ds = math.Max(18*uiScale, math.Min(ds, (tw-48*uiScale)/float64(n)-10*uiScale))
	}
	lh := 17 * uiScale
	top := 14*uiScale + float64(len(what))*18*uiScale
	outFace := boldFace(18)
	outcome := wrap(strings.ToUpper(l.Outcome), outFace, tw-40*uiScale)
	th := top + ds + 24*uiScale + float64(len(outcome))*22*uiScale + float64(len(lines))*lh + 34*uiScale
	tx := a.W - b.tv.padR + 8*uiScale
	ty := math.Max(b.tv.padT+8*uiScale, a.H-th-8*uiScale)
	b.trayTop = ty // the log stands above it (drawLog)
	a.keepClear(tx, ty, tw, th)
	// tray: wooden rim, felt inside
	roundRect(dst, tx+4*uiScale, ty+6*uiScale, tw, th, 12*uiScale, rgba(0x000000, 120))
	roundRect(dst, tx, ty, tw, th, 12*uiScale, rgb(0x6b4a2e))
	roundRect(dst, tx+8*uiScale, ty+8*uiScale, tw-16*uiScale, th-16*uiScale, 8*uiScale, rgb(0x1f4a32))
	for i, w := range what {
		say(dst, w, boldFace(14), tx+20*uiScale, ty+14*uiScale+float64(i)*18*uiScale, rgb(0xf2e2b8), 0)
	}
	tint := rgb(0xf6f0e2)
	if an.Ev.Side == 0 || an.Ev.Side == 1 {
		tint = mix(rgb(0xf6f0e2), sideColour(b.st(), an.Ev.Side), 0.28)
	}
	slot := 0
	for i, d := range l.Dice {
		fx := tx + 24*uiScale + float64(slot)*(ds+10*uiScale)
		slot++
		if d.Sides == 100 {
			fx += ds * 0.55
			slot++
		}
		fy := ty + top + 6*uiScale
		face := d.Face
		rot := 0.0
		if p < tumbleFrac {
			k := p / tumbleFrac
			e := 1 - math.Pow(1-k, 3)
			fx = tx - 60*uiScale + (fx-tx+60*uiScale)*e
			fy = fy - 40*uiScale*math.Abs(math.Sin(k*math.Pi*3))*(1-k)
			rot = (1 - e) * 6 * float64(i+1)
			face = 1 + b.diceRand.IntN(max(1, d.Sides))
		}
		dt := tint
		if opposed && i == 1 && len(l.Dice) == 2 {
			dt = mix(rgb(0xf6f0e2), sideColour(st, 1-an.Ev.Side), 0.28) // the other side's die
		}
		drawDieTinted(dst, fpt{fx + ds/2, fy + ds/2}, ds, rot, face, d.Sides, dt)
	}
	if p >= tumbleFrac {
		oy := ty + top + ds + 18*uiScale
		for _, o := range outcome {
			say(dst, o, outFace, tx+22*uiScale, oy, outcomeColour(l), 0)
			oy += 22 * uiScale
		}
		for i, s := range lines {
			say(dst, s, fs, tx+22*uiScale, oy+float64(i)*lh, rgb(0xe8f0e0), 0)
		}
	}
	say(dst, "Space or click skips", italicFace(11), tx+tw-20*uiScale, ty+th-24*uiScale, rgb(0x9ab8a0), 2)
}

func outcomeColour(l *rules.Ledger) color.RGBA {
	if success(l) {
		return rgb(0x9cf0a0)
	}
	return rgb(0xf0a090)
}

// drawDie draws one die: a rounded square with pips (d6) or a number.
func drawDie(dst *ebiten.Image, c fpt, s, rot float64, face, sides int, _ bool) {
	drawDieTinted(dst, c, s, rot, face, sides, rgb(0xf6f0e2))
}

// drawDieTinted draws a die of the given body colour.
func drawDieTinted(dst *ebiten.Image, c fpt, s, rot float64, face, sides int, body color.RGBA) {
	if sides == 100 {
		// percentile dice: a tens die ("00".."90") and a units die, side
		// by side; 00 and 0 read 100
		tens, units := (face%100)/10, face%10
		drawDieTinted(dst, fpt{c.X - s*0.55, c.Y}, s*0.95, rot, tens, -10, body)
		drawDieTinted(dst, fpt{c.X + s*0.55, c.Y}, s*0.95, -rot, units, -1, body)
		return
	}
	if sides == 10 || sides < 0 {
		// a ten-sided die seen from above: a kite
		h := s / 2
		var pts []fpt
		for k, rr := range []float64{1.25, 0.95, 0.8, 0.95} {
			a := rot + float64(k)*math.Pi/2 - math.Pi/2
			pts = append(pts, fpt{c.X + math.Cos(a)*h*rr, c.Y + math.Sin(a)*h*rr})
		}
		sh := make([]fpt, len(pts))
		for i, q := range pts {
			sh[i] = fpt{q.X + 3*uiScale, q.Y + 4*uiScale}
		}
		fillPoly(dst, sh, rgba(0x000000, 110))
		fillPoly(dst, pts, body)
		strokePoly(dst, pts, true, 1.5*uiScale, rgb(0x8a8070))
		label := fmt.Sprint(face % 10)
		if sides == -10 {
			label = fmt.Sprintf("%d0", face)
		}
		say(dst, label, boldFace(s/2.8/uiScale), c.X, c.Y-s/4, rgb(0x2b2418), 1)
		return
	}
	var pts []fpt
	h := s / 2
	for k := 0; k < 4; k++ {
		for j := 0; j <= 3; j++ {
			a := rot + float64(k)*math.Pi/2 + float64(j)*math.Pi/6 - math.Pi/4
			rr := h * (1.0 - 0.12*math.Sin(float64(j)*math.Pi/3))
			pts = append(pts, fpt{c.X + math.Cos(a)*rr*1.3, c.Y + math.Sin(a)*rr*1.3})
		}
	}
	sh := make([]fpt, len(pts))
	for i, q := range pts {
		sh[i] = fpt{q.X + 3*uiScale, q.Y + 4*uiScale}
	}
	fillPoly(dst, sh, rgba(0x000000, 110))
	fillPoly(dst, pts, body)
	strokePoly(dst, pts, true, 1.5*uiScale, rgb(0x8a8070))
	if sides != 6 {
		say(dst, fmt.Sprint(face), boldFace(s/2.4/uiScale), c.X, c.Y-s/3.2, rgb(0x2b2418), 1)
		return
	}
	pip := func(dx, dy float64) {
		ca, sa := math.Cos(rot), math.Sin(rot)
		x, y := dx*h*0.5, dy*h*0.5
		circle(dst, fpt{c.X + x*ca - y*sa, c.Y + x*sa + y*ca}, s*0.08, rgb(0x2b2418))
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
	tw := b.tv.padR - 16*uiScale
	rowH := 34 * uiScale
	title := evs[0].Roll.What
	firer := ""
	if i := strings.Index(title, ","); i > 0 {
		title = title[:i]
	} else if f := st.Fig(evs[0].Fig); f != nil {
		firer = f.Name // one figure's dice: a volley, if every die is at a target
		title = f.Name + "'s volley"
		for _, ev := range evs {
			if ev.Target == 0 {
				title = f.Name + "'s rolls" // (obstacles crossed on a move, say)
				if w := evs[0].Roll.What; w != "" && allWhat(evs, w) {
					title = f.Name + ": " + w
				}
				break
			}
		}
	}
	th := 48*uiScale + float64(len(evs))*rowH + 26*uiScale
	tx := a.W - b.tv.padR + 8*uiScale
	ty := math.Max(b.tv.padT+8*uiScale, a.H-th-8*uiScale)
	b.trayTop = ty // the log stands above it (drawLog)
	a.keepClear(tx, ty, tw, th)
	roundRect(dst, tx+4*uiScale, ty+6*uiScale, tw, th, 12*uiScale, rgba(0x000000, 120))
	roundRect(dst, tx, ty, tw, th, 12*uiScale, rgb(0x6b4a2e))
	roundRect(dst, tx+8*uiScale, ty+8*uiScale, tw-16*uiScale, th-16*uiScale, 8*uiScale, rgb(0x1f4a32))
	head := fmt.Sprintf("%s: %d rolls together", title, len(evs))
	if firer != "" {
		head = fmt.Sprintf("%s: %d dice", title, len(evs))
	}
	say(dst, head, boldFace(14), tx+20*uiScale, ty+14*uiScale, rgb(0xf2e2b8), 0)
	elapsed := b.tl.Now - an.Start
	tumble := view.DiceTumble / math.Max(0.01, b.tl.Speed)
	ds := 24 * uiScale
	for k, ev := range evs {
		l := ev.Roll
		y := ty + 42*uiScale + float64(k)*rowH
		tint := rgb(0xf6f0e2)
		if ev.Side == 0 || ev.Side == 1 {
			tint = mix(tint, sideColour(st, ev.Side), 0.28)
			rect(dst, tx+16*uiScale, y+4*uiScale, 3*uiScale, ds-8*uiScale, sideColour(st, ev.Side))
		}
		for i, d := range l.Dice {
			face, rot := d.Face, 0.0
			if elapsed < tumble {
				face = 1 + b.diceRand.IntN(max(1, d.Sides))
				rot = (1 - elapsed/tumble) * 4 * float64(i+1)
			}
			drawDieTinted(dst, fpt{tx + 36*uiScale + float64(i)*(ds+6*uiScale), y + ds/2}, ds, rot, face, d.Sides, tint)
		}
		who := l.What
		if i := strings.Index(who, ", "); i > 0 {
			who = who[i+2:]
		}
		if firer != "" {
			who = strings.TrimPrefix(strings.TrimPrefix(who, firer), " ")
		}
		dx := tx + 36*uiScale + float64(len(l.Dice))*(ds+6*uiScale) + 4*uiScale
		say(dst, who, face(12), dx, y, rgb(0xe8f0e0), 0)
		if elapsed >= tumble {
			say(dst, fmt.Sprintf("total %d: %s", l.Total, l.Outcome), boldFace(12), dx, y+15*uiScale, outcomeColour(l), 0)
		}
	}
	say(dst, "Space or click skips; every ledger is in the log", italicFace(11), tx+tw-20*uiScale, ty+th-24*uiScale, rgb(0x9ab8a0), 2)
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
