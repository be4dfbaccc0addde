package game

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// figureLines are the figure's card lines, from the rule set, each weapon
// named as its base's tag names it too ("General purpose machine-gun
// (GPMG)"), so that the card, the base and the roster plate read as one
// gun (play-test 5 met "MG", "GPMG" and the long name for it).
func (b *battle) figureLines(f *rules.Figure) []string {
	fi := b.figInfo(f.ID)
	lines := append([]string(nil), fi.Lines...) // (the cached card is not changed)
	squash := strings.NewReplacer(" ", "", "-", "", ".", "")
	for _, w := range fi.Weapons {
		tag := weaponTag(w.ID)
		if tag == "" || w.Label == "" || strings.Contains(squash.Replace(strings.ToLower(w.Label)), strings.ToLower(tag)) {
			continue
		}
		for i, l := range lines {
			j := strings.Index(l, w.Label) + len(w.Label)
			switch {
			case j < len(w.Label):
				continue
			case strings.HasPrefix(l[j:], " ("+tag):
			case strings.HasPrefix(l[j:], " ("): // "Grenade launcher (GL, range 50\"..."
				lines[i] = l[:j+2] + tag + ", " + l[j+2:]
			default:
				lines[i] = l[:j] + " (" + tag + ")" + l[j:]
			}
			break
		}
	}
	return lines
}

// cardInPanel reports whether a card sits in the side panel, which wraps
// its lines to the panel's width (card): a card's lines given to it are
// not wrapped again first.
func (b *battle) cardInPanel() bool { return b.tv.padR >= 220*art.UIScale }

func (b *battle) card(dst *ebiten.Image, a *App, head string, lines []string, accent uint32) {
	mx, my := cursor()
	b.cardShown, b.cardLines = head, lines
	fh, fb := art.BoldFace(15), art.Face(13)
	m := 10 * art.UIScale
	// the card sits at the foot of the side panel, over the log, never on
	// the table's figures; its lines wrap to the panel's width
	inPanel := b.cardInPanel()
	lh := 18 * art.UIScale
	raw := lines
	wrap := func() {
		lines = raw
		if inPanel {
			var wrapped []string
			for _, l := range raw {
				wrapped = append(wrapped, art.Wrap(l, fb, b.tv.padR-2*m-24*art.UIScale)...)
			}
			lines = wrapped
		}
	}
	wrap()
	if inPanel && b.statusEnd > 0 && a.H-m-(34*art.UIScale+float64(len(lines))*lh) < b.statusEnd {
		// a tall card (a carrier's, at 1024x640) rose over the panel's
		// phase, order of play and dice: it is set closer, in smaller
		// letters, to keep below them
		fh, fb, lh = art.BoldFace(13), art.Face(11), 14*art.UIScale
		wrap()
	}
	w := art.TextW(head, fh)
	for _, l := range lines {
		w = math.Max(w, art.TextW(l, fb))
	}
	w += 24 * art.UIScale
	h := 34*art.UIScale + float64(len(lines))*lh
	x, y := math.Min(a.W-b.tv.padR+m, a.W-w-m), math.Max(b.tv.padT+m, a.H-h-m)
	if !inPanel {
		// no room beside the table: a top corner of the table's window,
		// on the side away from the pointer (the bottom corner when the
		// pointer is up there)
		left, right := m, a.W-b.tv.padR-w-m
		top, bottom := b.tv.padT+m, a.H-b.tv.padB-h-m
		x, y = right, top
		if mx > (a.W-b.tv.padR)/2 {
			x = left
		}
		if my < top+h+30*art.UIScale && mx > x-30*art.UIScale && mx < x+w+30*art.UIScale {
			y = bottom
		}
	}
	a.keepClear(x, y, w, h)
	if inPanel {
		b.cardTop = y - m // the log ends above it (drawLog)
	}
	art.RoundRect(dst, x+3*art.UIScale, y+4*art.UIScale, w, h, 7*art.UIScale, art.RGBA(0x000000, 110))
	art.RoundRect(dst, x, y, w, h, 7*art.UIScale, art.RGB(0xf3ead6))
	art.Rect(dst, x, y+6*art.UIScale, 5*art.UIScale, h-12*art.UIScale, art.RGB(accent))
	art.Say(dst, head, fh, x+14*art.UIScale, y+8*art.UIScale, art.RGB(0x2b2418), 0)
	for i, l := range lines {
		art.Say(dst, l, fb, x+14*art.UIScale, y+30*art.UIScale+float64(i)*lh, art.RGB(0x3a3026), 0)
	}
}

func colourInt(c interface{ RGBA() (r, g, b, a uint32) }) uint32 {
	r, g, bb, _ := c.RGBA()
	return (r>>8)<<16 | (g>>8)<<8 | bb>>8
}

func (b *battle) drawCard(dst *ebiten.Image, a *App, f *rules.Figure) {
	if f == nil {
		return
	}
	head := f.Name
	if f.Leader && !strings.Contains(strings.ToLower(f.Name), "leader") {
		head += "  (leader)"
	}
	b.card(dst, a, head, b.computerWhy(f, b.figureLines(f)), colourInt(sideColour(b.st(), f.Side)))
}

func (b *battle) drawOdds(dst *ebiten.Image, a *App) {
	f, t := b.st().Fig(b.sel.Sel), b.st().Fig(b.hover)
	if f == nil || t == nil {
		return
	}
	sc := b.scale()
	var lines []string
	band := ""
	arg := "" // the weapon the shot is given with (a tank's gun, not its gunner's pistol)
	if b.oddsCmd != nil {
		arg = b.oddsCmd.Arg
	} else if b.sel.Aim != nil {
		arg = b.sel.Aim.Arg
	}
	if w, ok := b.weaponFor(f, arg); ok && b.sel.Verb == "fire" && len(w.Bands) > 0 {
		band = "out of range"
		if rb, ok := w.Band(geom.Dist(f.Pos, t.Pos)); ok {
			band = rb.Label
		}
		// a band a modifier below already names is said once, there
		// ("Range 26\" range +3" over "+3 range 26.0\"")
		for _, m := range b.odds.Mods {
			if w := strings.Fields(strings.ToLower(band)); len(w) > 0 && b.oddsCmd != nil && strings.Contains(strings.ToLower(m.Reason), w[0]) {
				band = ""
				break
			}
		}
	}
	friend := t.Side == f.Side // an order to a man of his own (a leader motivating him)
	switch {
	case t.ID == f.ID:
	case friend:
		lines = append(lines, fmt.Sprintf("%s away", sc.Format(geom.Dist(f.Pos, t.Pos))))
	default:
		lines = append(lines, strings.TrimSpace(fmt.Sprintf("Range %s  %s", sc.Format(geom.Dist(f.Pos, t.Pos)), band)))
	}
	if b.sel.Verb == "fire" || b.oddsByOK {
		sight := fmt.Sprintf("Sight: %s", b.los.Vis)
		if b.oddsByOK {
			// one man's: the team's fire is below; a man who cannot see
			// the man aimed at may still fire at others of his team
			sight = fmt.Sprintf("Sight from %s: %s", f.Name, b.los.Vis)
			if b.los.Visible == 0 && b.oddsCmd != nil && t.Side != f.Side {
				if containsID(b.oddsBy, f.ID) {
					sight += fmt.Sprintf("; he fires at the men of %s he can see", b.unitCalled(t.Unit))
				} else {
					sight += "; he does not fire"
				}
			}
		}
		if b.why {
			sight += fmt.Sprintf(" (%d of %d rays reach)", b.los.Visible, b.los.Rays)
		}
		lines = append(lines, sight)
	}
	if b.oddsByOK && b.oddsCmd != nil {
		lines = append(lines, b.firersLine(t))
	}
	if b.oddsCmd == nil || b.oddsErr != nil {
		why := b.oddsWhy
		if why == "" {
			why = b.whyNoTarget(t.ID)
		}
		if b.oddsErr != nil {
			why = b.plain(b.oddsErr.Error())
		}
		if b.oddsByOK && len(b.oddsBy) == 0 {
			lines = append(lines, b.firersLine(t))
		}
		if b.los.Vis == terrain.Blocked && (b.sel.Verb == "fire" || strings.Contains(why, " see")) {
			// the red-crossed line in words (a spotter's "cannot see
			// Gefr Lenz" said nothing of the hill between them)
			lines = append(lines, fmt.Sprintf("No line from %s reaches any part of %s: %s.", f.Name, t.Name, b.blockerWords()))
		}
		lines = append(lines, why)
		b.card(dst, a, fmt.Sprintf("%s cannot %s %s", f.Name, verbAt(b.sel.Verb), t.Name), lines, 0x8e1b10)
		return
	}
	for _, m := range b.odds.Mods {
		lines = append(lines, fmt.Sprintf("%+d  %s", m.Value, m.Reason))
	}
	certain := len(b.odds.Outcomes) == 1 && b.odds.Outcomes[0].P >= 1
	if len(b.odds.Mods) == 0 && !certain {
		lines = append(lines, "no modifiers")
	}
	outs := []string{outcomeList(b.odds.Outcomes)}
	if certain {
		// an order, or a roll that cannot fail (1/35th's acquire throws
		// its dice all the same: "no dice" then read as untrue)
		outs = []string{"certain: " + b.odds.Outcomes[0].Name}
		if strings.EqualFold(b.odds.Outcomes[0].Name, "certain") {
			outs = []string{"certain"} // ("certain: certain", play-test 6)
		}
	}
	lines = append(lines, outs...)
	if b.odds.Note != "" && b.why {
		lines = append(lines, b.odds.Note)
	}
	firer := f.Name
	if v := b.st().Veh(b.st().Carrier(f.ID)); v != nil && arg != "" && !b.handWeapon(f, arg) {
		firer = v.Name // a vehicle's gun: the vehicle fires it, its crewman works it
	}
	head := fmt.Sprintf("%s: %s at %s", rules.Capital(b.sel.Verb), firer, t.Name)
	if friend {
		head = fmt.Sprintf("%s: %s, %s", rules.Capital(b.sel.Verb), f.Name, t.Name)
		if t.ID == f.ID {
			head = fmt.Sprintf("%s: %s himself", rules.Capital(b.sel.Verb), f.Name)
		}
	}
	if n := b.sel.Shots; n > 1 && b.oddsCmd.Fig == f.ID {
		placed := len(b.sel.Volley)
		head = fmt.Sprintf("%s: %s, %d of %d dice placed", rules.Capital(b.sel.Verb), firer, placed, n)
		var names []string
		for _, id := range b.oddsCmd.Targets {
			if ft := b.st().Fig(id); ft != nil {
				names = append(names, ft.Name)
			}
		}
		lines = append(lines, "The whole volley if the rest go here: "+strings.Join(names, ", "))
		lines = append(lines, fmt.Sprintf("click to place die %d of %d here; Enter puts the rest here and fires; Esc takes one back", placed+1, n))
	} else {
		lines = append(lines, map[bool]string{false: "click to commit  (Y: why)", true: "click to commit"}[b.why])
	}
	b.card(dst, a, head, lines, 0xc0392b)
}

// outcomeList is a shot's outcomes with their chances as a list a
// player can scan ("miss 55%, crewman stunned 3%, ..."): spaces alone
// between them ran together once the card wrapped the line, "miss 55%
// crewman stunned 3% crewman lightly wounded 3%" (play-test 9).
func outcomeList(outs []rules.Outcome) string {
	var ps []string
	pc := rules.OutcomePercents(outs)
	for i, o := range outs {
		ps = append(ps, fmt.Sprintf("%s %d%%", o.Name, pc[i]))
	}
	return strings.Join(ps, ", ")
}

// firersLine names the figures of a team's fire that shoot at t (those
// that can see him or his team, as the rule set counts them), or says
// that none can: the sight line drawn is only the selected man's.
func (b *battle) firersLine(t *rules.Figure) string {
	team := "the team"
	if u := b.st().UnitOf(b.oddsCmd.Unit); u != nil {
		team = u.Name
	}
	if len(b.oddsBy) == 0 {
		return fmt.Sprintf("None of %s can see %s.", team, t.Name)
	}
	return b.firersNamed(team)
}

// unitCalled is unit u's name ("his team" when it has none).
func (b *battle) unitCalled(u rules.UnitID) string {
	if x := b.st().UnitOf(u); x != nil && x.Name != "" {
		return x.Name
	}
	return "his team"
}

func containsID(ids []rules.FigID, id rules.FigID) bool {
	return slices.Contains(ids, id)
}

// firersNamed is the card's "Firing: ..." of team's men who fire.
func (b *battle) firersNamed(team string) string {
	alive := 0
	for _, f := range b.st().Figures {
		if !f.Removed && f.Unit == b.oddsCmd.Unit && b.oddsCmd.Unit != 0 {
			alive++
		}
	}
	var names []string
	for _, id := range b.oddsBy {
		if f := b.st().Fig(id); f != nil {
			names = append(names, f.Name)
		}
	}
	if len(names) == alive && alive > 1 {
		return fmt.Sprintf("Firing: all %d of %s", alive, team)
	}
	if len(names) > 4 {
		names = append(names[:3], fmt.Sprintf("%d more", len(names)-3))
	}
	list := names[0]
	if len(names) > 1 {
		list = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	if len(b.oddsBy) == 1 {
		return fmt.Sprintf("Firing: %s, the only one of %s with a target in sight", list, team)
	}
	return fmt.Sprintf("Firing: %s, the %d of %s with a target in sight", list, len(b.oddsBy), team)
}

func (b *battle) whyNoTarget(id rules.FigID) string {
	f, t := b.st().Fig(b.sel.Sel), b.st().Fig(id)
	if f == nil || t == nil {
		return "No target there."
	}
	arg := "" // the weapon aimed (a tank's gun, not its gunner's SMG: play-test 8)
	if b.sel.Aim != nil {
		arg = b.sel.Aim.Arg
	}
	if w, ok := b.weaponFor(f, arg); ok && b.sel.Verb == "fire" && w.Reach() > 0 && !geom.WithinDist(f.Pos, t.Pos, w.Reach()) {
		sc := b.scale()
		return fmt.Sprintf("%s is %s away: beyond the %s range of %s.", t.Name, sc.Format(geom.Dist(f.Pos, t.Pos)), rules.Possessive(w.Label), sc.Format(w.Reach()))
	}
	c := b.aimedAt(b.sel.Verb, f.ID, id)
	if _, err := b.g.Odds(c); err != nil {
		return b.plain(err.Error())
	}
	return fmt.Sprintf("%s cannot %s %s now.", f.Name, verbAt(b.sel.Verb), t.Name)
}

// blockerWords names what stands between a firer and his target on the
// sight line worked out (b.los): the first piece crossed that stops
// sight ("the hedge (Long hedge) stands between them"), or, when none
// is crossed by the centre line, "something stands between them" (a
// play-tester read only that, and could not tell the hill from the wall).
func (b *battle) blockerWords() string {
	m := b.st().Map
	if m == nil {
		return "something stands between them"
	}
	for _, c := range b.los.Crossings {
		if c.Sight != terrain.SightBlocks && c.Sight != terrain.SightBlocksBeyond || c.Piece < 0 || c.Piece >= len(m.Pieces) {
			continue
		}
		return rules.PieceWithKind(m, c.Piece) + " stands between them"
	}
	return "something stands between them"
}

// verbAt is a command's verb as it reads before its target: one fires
// at a man ("cannot fire at Lt von Arnim"), but spots or acquires him.
func verbAt(verb string) string {
	switch verb {
	case "fire", "shoot":
		return verb + " at"
	}
	return verb
}

// drawButtonOdds draws, while the pointer is on a bar button that gives a
// command with dice at once (no target to click: a bazooka fired at the
// one tank in reach), the odds of that command, as the aiming card shows
// a shot's: a play-tester's "AT fire" rolled with no odds shown first
// (play-test 9). It reports whether it drew one.
func (b *battle) drawButtonOdds(dst *ebiten.Image, a *App) bool {
	for i := range b.buttons {
		bt := &b.buttons[i]
		if bt.cmd == nil || bt.disabled || !bt.hover() {
			continue
		}
		lines, ok := b.commandOdds(*bt.cmd)
		if !ok {
			return false
		}
		b.card(dst, a, strings.TrimRight(b.action(*bt.cmd).Label, ".… "), lines, colourInt(sideColour(b.st(), b.st().Decider)))
		return true
	}
	return false
}

// commandOdds are the lines of a rolled command's odds: each modifier,
// then the chance of each outcome. ok is false for a command that rolls
// nothing (certain) or has no odds.
func (b *battle) commandOdds(c rules.Command) (lines []string, ok bool) {
	k := c.String()
	if b.btnOdds.key != k || b.btnOdds.st != b.st() {
		o, err := b.g.Odds(c)
		b.btnOdds.key, b.btnOdds.st, b.btnOdds.odds, b.btnOdds.err = k, b.st(), o, err
	}
	o := b.btnOdds.odds
	if b.btnOdds.err != nil || len(o.Outcomes) == 0 || len(o.Outcomes) == 1 && o.Outcomes[0].P >= 1 {
		return nil, false
	}
	for _, m := range o.Mods {
		lines = append(lines, fmt.Sprintf("%+d  %s", m.Value, m.Reason))
	}
	var outs []string
	pc := rules.OutcomePercents(o.Outcomes)
	for i, oc := range o.Outcomes {
		outs = append(outs, fmt.Sprintf("%s %d%%", oc.Name, pc[i]))
	}
	return append(lines, strings.Join(outs, ", ")), true
}
