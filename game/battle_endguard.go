package game

import (
	"fmt"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// endAsk is an end of a phase, turn or go that would leave figures able
// to act, asked about once: a second Enter or click on the same button,
// with nothing played in between, ends it.
type endAsk struct {
	cmd  string       // the end asked about
	st   *rules.State // the state it was asked on (any command since lets the ask go)
	text string       // "3 figures can still fire: ... End anyway?"
	hint string       // its short form, for the bar
	at   int          // App.tick when it was asked
	when time.Time    // and the clock then
}

// askGuard is how many updates (at 60 a second: 0.45 s) after the
// question is put that a second click or Enter is taken for the answer.
// A double-click on an end button gave the question and its answer at
// once: a play-tester lost a Firefight phase of six figures that way,
// before he could read what was asked. On a machine too busy to update
// 60 times a second the clock lets the answer through after askWait.
const (
	askGuard = 27
	askWait  = 450 * time.Millisecond
)

// endTaken is an end that rolled no dice, which the player who gave it
// may take back (Ctrl+Z) until the other side has taken the table, even
// though the mouse has changed hands (which the core's Undo refuses).
type endTaken struct {
	n     int    // commands played before the end
	hash  string // the state before the end
	side  int    // the side that ended
	log   int    // lines in the battle log before the end
	after *rules.State
}

// stillAble lists who could still act if c ended the step now, as the
// rule set's Legal says: the figures and teams with a command other than
// an end or a pass, and the word for what they may do ("fire", "move",
// or "act").
func (b *battle) stillAble(c rules.Command) (names []string, verb string, teams, vehicles int) {
	seen := map[string]bool{}
	verbs := map[string]bool{}
	for _, l := range b.legal {
		if l.Fig == 0 && l.Unit == 0 {
			continue
		}
		if k := b.action(l).Kind; k == rules.ActEnd || k == rules.ActPass {
			continue
		}
		if l.Fig == 0 && c.Unit != 0 && l.Unit == c.Unit {
			continue // the team ending its go (its own team-wide orders)
		}
		name := ""
		if f := b.st().Fig(l.Fig); f != nil {
			if f.Removed {
				continue
			}
			name = f.Name
		} else if v := b.st().Veh(b.crewVeh(l)); v != nil {
			name = v.Name // a vehicle's crew order: the vehicle (the Panzer was "1 team", play-test 10)
			if !seen[name] {
				vehicles++
			}
		} else if u := b.st().UnitOf(l.Unit); u != nil {
			name = u.Name
			if !seen[name] {
				teams++ // a team's order, counted as a team, not a figure
			}
		}
		if name == "" || (l.Fig != 0 && c.Fig == l.Fig) {
			continue
		}
		verbs[l.Verb] = true
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	verb = "act"
	if len(verbs) == 1 {
		for v := range verbs {
			switch v {
			case "fire", "shoot":
				verb = "fire"
			case "move":
				verb = "move"
			}
		}
	}
	return names, verb, teams, vehicles
}

// askText is the question put before an end that leaves names able to act.
func askText(names []string, teams, vehicles int, verb, label string) string {
	who := names
	more := ""
	if len(who) > 4 {
		more = fmt.Sprintf(" and %d more", len(who)-4)
		who = who[:4]
	}
	n := countWho(len(names)-teams-vehicles, teams, vehicles)
	if label == "" {
		label = "End"
	}
	return fmt.Sprintf("%s can still %s (%s%s). %s anyway? Enter or click again to confirm; Esc to go on playing.",
		n, verb, strings.Join(who, ", "), more, label)
}

// end gives an end (or a pass) the player asked for by a button or
// Enter: an end that leaves figures able to act is asked about first.
func (b *battle) end(a *App, c rules.Command) {
	act := b.action(c)
	if act.Kind == rules.ActEnd {
		if b.ask != nil && b.ask.cmd == c.String() && b.ask.st == b.st() && a.tick-b.ask.at < askGuard && time.Since(b.ask.when) < askWait {
			return // the second click of a double-click: not an answer
		}
		if b.ask == nil || b.ask.cmd != c.String() || b.ask.st != b.st() {
			if names, verb, teams, vehicles := b.stillAble(c); len(names) > 0 {
				b.ask = &endAsk{cmd: c.String(), st: b.st(), at: a.tick, when: time.Now(), text: askText(names, teams, vehicles, verb, act.Label),
					hint: fmt.Sprintf("%s can still %s. Enter or click again to end anyway; Esc plays on.", countWho(len(names)-teams-vehicles, teams, vehicles), verb)}
				a.toastT = 0 // the question replaces any notice (drawAsk)
				toastNow = ""
				return
			}
		}
	}
	b.ask = nil
	// what is still animating is written to the log first, so that a
	// take-back removes the end's lines and no others
	b.tl.SkipAll()
	for _, an := range b.tl.Step(0) {
		b.finished(an)
	}
	logLen := len(b.log)
	before := b.st()
	n := len(b.g.Log)
	hash := before.Hash()
	if !b.apply(a, c) {
		return
	}
	b.taken = nil
	if b.st().Rolls == before.Rolls && before.Decider != b.st().Decider {
		b.taken = &endTaken{n: n, hash: hash, side: before.Decider, after: b.st(), log: logLen}
	}
}

// asking reports whether the end command c is waiting for its confirmation.
func (b *battle) asking(c rules.Command) bool {
	return b.ask != nil && b.ask.cmd == c.String() && b.ask.st == b.st()
}

// enterEnd is the end Enter gives: the rule set's end of the step, or
// the pass of an interruption (nil when neither is legal now).
func (b *battle) enterEnd() *rules.Command {
	var pass *rules.Command
	for i, l := range b.legal {
		if l.Fig != 0 {
			continue
		}
		switch b.action(l).Kind {
		case rules.ActEnd:
			return &b.legal[i]
		case rules.ActPass:
			if pass == nil && l.Unit == 0 {
				pass = &b.legal[i]
			}
		}
	}
	return pass
}

// canTakeBackEnd reports whether Ctrl+Z would take back the end just
// given: it rolled no dice, nothing has been played since, and the
// other side has not yet taken the table.
func (b *battle) canTakeBackEnd() bool {
	t := b.taken
	return t != nil && t.after == b.st() && len(b.g.Log) == t.n+1 && (b.curtain || b.shown == t.side)
}

// takeBackEnd rebuilds the game as it stood before the end, by replaying
// the commands before it (the core's Undo keeps no step back across a
// change of hands).
func (b *battle) takeBackEnd(a *App) error {
	t := b.taken
	sf := all.SaveOf(b.g)
	sf.Commands = sf.Commands[:t.n]
	sf.Hashes = sf.Hashes[:t.n/rules.HashEvery]
	sf.FinalHash = t.hash
	g, _, err := all.ReplayFile(sf, content.ScenariosFS, content.MapsFS)
	if err != nil {
		return err
	}
	g.OnCommit = b.g.OnCommit
	b.g = g
	if g.OnCommit != nil {
		g.OnCommit(g)
	}
	b.tl.SkipAll()
	b.tl.Step(0) // the end's own animations go with it
	if t.log <= len(b.log) {
		b.log = b.log[:t.log]
	}
	b.taken, b.ask, b.before = nil, nil, nil
	b.curtain = false
	b.shown = g.St.Decider
	b.pending = map[rules.FigID]bool{}
	b.refresh()
	b.sel.Reset()
	return nil
}

// count is "1 figure" or "N figures".
func count(n int) string {
	if n == 1 {
		return "1 figure"
	}
	return fmt.Sprintf("%d figures", n)
}

// countWho counts figures and teams able to act in words: "3 figures",
// "1 team", "3 figures and 1 team" (a play-tester read "4 figures ...
// (Uffz Kern, Gefr Lenz, Schtz Moll, MG team)" as wrong).
func countWho(figs, teams, vehicles int) string {
	var parts []string
	if figs > 0 || teams == 0 && vehicles == 0 {
		parts = append(parts, count(figs))
	}
	for _, k := range []struct {
		n    int
		word string
	}{{teams, "team"}, {vehicles, "vehicle"}} {
		switch {
		case k.n == 1:
			parts = append(parts, "1 "+k.word)
		case k.n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", k.n, k.word))
		}
	}
	if len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return parts[0]
}

// askBox is where the end's question stands: at the foot of the side
// panel, clear of the table (a notice over the end button hid the
// table's foot and faded while the question still stood), and the lines
// it wraps to.
func (b *battle) askBox(a *App) (x, y, w, h float64, lines []string) {
	f := art.Face(15)
	pad := 10 * art.UIScale
	x, w = a.W-b.tv.padR+8*art.UIScale, b.tv.padR-16*art.UIScale
	lines = art.Wrap(b.ask.text, f, w-2*pad)
	h = float64(len(lines))*f.Size*1.35 + 2*pad
	return x, a.H - 8*art.UIScale - h, w, h, lines
}

// drawAsk draws the end's question for as long as it stands: until it is
// answered, Esc plays on, or another command is given.
func (b *battle) drawAsk(dst *ebiten.Image, a *App) {
	if b.ask == nil || b.ask.st != b.st() || b.curtain {
		return
	}
	f := art.Face(15)
	pad := 10 * art.UIScale
	x, y, w, h, lines := b.askBox(a)
	a.keepClear(x, y, w, h)
	art.RoundRect(dst, x, y, w, h, 8*art.UIScale, art.RGBA(0x3a1a12, 255))
	art.RectLine(dst, x, y, w, h, 1.5*art.UIScale, art.RGBA(0xe8a070, 255))
	for i, l := range lines {
		art.Say(dst, l, f, x+pad, y+pad+float64(i)*f.Size*1.35, art.RGBA(0xfff0e0, 255), 0)
	}
}
