package game

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// The computer at the table
//
// Each side of a battle has a driver: who gives its commands. A player at
// this desk ("player", the default), or the computer (rules/ai) at the
// Normal or Hard level. Only a player's side takes the mouse; the curtain
// comes down only between two players sharing the desk; with one player,
// the table shows that player's side all battle (what it may see is
// decided by rules.ViewOf), and with two computers, the first side's.
//
// When the deciding side is the computer's, the battle hands a copy of the
// game to a goroutine that asks the computer player for its choice (never
// the drawing thread, and never the game the table is reading), then gives
// the command through battle.apply, as a click would: the figure glides,
// the dice roll on the tray and the log tells the roll, after a line that
// says in plain words why the computer chose it.

// driver says who gives one side's commands; it is written in the save as
// it is spelt here.
type driver string

const (
	drvPlayer driver = "player"
	drvNormal driver = "computer:normal"
	drvHard   driver = "computer:hard"
	// drvRemote is a player on another machine (network play, net.go):
	// neither at this desk nor the computer. The host's save writes it,
	// so that the title offers to host the battle again; read back at one
	// desk, it is a player like any other
	drvRemote driver = "remote"
)

// human reports whether a player at this desk gives the side's commands.
func (d driver) human() bool { return d == "" || d == drvPlayer }

// computer reports whether the computer plays the side.
func (d driver) computer() bool { return d == drvNormal || d == drvHard }

// label is the driver as the New battle screen names it.
func (d driver) label() string {
	switch d {
	case drvNormal:
		return "Computer (Normal)"
	case drvHard:
		return "Computer (Hard)"
	}
	return "Player"
}

// next is the choice a click on the side's button gives.
func (d driver) next() driver {
	switch {
	case d.human():
		return drvNormal
	case d == drvNormal:
		return drvHard
	}
	return drvPlayer
}

// drivers are a battle's two sides' drivers; the zero value is two
// players at one desk.
type drivers [2]driver

// hotseat reports whether both sides are played at this desk (the curtain
// hides the table when it changes hands).
func (ds drivers) hotseat() bool { return ds[0].human() && ds[1].human() }

// saved is the choice as the save keeps it: nil when both sides are
// played at this desk.
func (ds drivers) saved() []string {
	if ds.hotseat() {
		return nil
	}
	out := make([]string, 2)
	for i, d := range ds {
		if d.human() {
			d = drvPlayer
		}
		out[i] = string(d)
	}
	return out
}

// driversOf reads a save's players; a name this build does not know, and
// a remote player (network play taken up again at one desk), is played at
// the desk.
func driversOf(ps []string) drivers {
	var ds drivers
	for i := 0; i < len(ps) && i < 2; i++ {
		if d := driver(ps[i]); d.computer() {
			ds[i] = d
		}
	}
	return ds
}

// viewer is the side the table shows when the desk does not change hands:
// the side played at this desk, or the first side when neither is.
func (ds drivers) viewer() int {
	if !ds[0].human() && ds[1].human() {
		return 1
	}
	return 0
}

// cpuChoice is the App's setting for the computer players: the drivers
// chosen for the battle being set up, and the pace of the computer's play.
type cpuChoice struct {
	drivers drivers
	pace    int // index into paces
}

// paces are the waits after the computer's command has been shown (its
// figure arrived, its dice landed) before its next one is given.
var paces = []struct {
	name string
	wait float64
}{{"steady", 0.8}, {"brisk", 0.3}, {"instant", 0}, {"slow", 2}}

// thought is what a computer player chose on its copy of the game.
type thought struct {
	st  *rules.State // the state it was asked about (stale when the game has moved on)
	cmd rules.Command
	why string
	ok  bool
	err error
	ms  int64 // how long it thought
}

// computerPlay is a battle's computer players and their progress.
type computerPlay struct {
	players [2]*all.Computer
	r       *rand.Rand // the fallback pick's stream (when no choice is accepted)
	done    chan thought
	asked   *rules.State // the state a thought under way is about (nil: none)
	ready   *thought     // a thought waiting for its pace to pass
	wait    float64      // seconds of the pace still to pass
	paused  bool
	started time.Time
	// why is the computer's last reason for each of its figures (the Y
	// cards show it)
	why map[rules.FigID]string
}

// thinkHook, when set (tests), runs on the thinking goroutine before the
// computer decides.
var thinkHook func()

// useDrivers sets who plays each side. A battle with a computer side shows
// one side's view all game and never draws the curtain.
func (b *battle) useDrivers(ds drivers) {
	b.drivers = ds
	b.g.Players = ds.saved()
	if ds.hotseat() {
		b.cpu = nil
		return
	}
	b.shown = ds.viewer()
	b.curtain = false
	cp := &computerPlay{done: make(chan thought, 1), why: map[rules.FigID]string{}}
	for s, d := range ds {
		lv := all.Normal
		if d == drvHard {
			lv = all.Hard
		}
		if d.computer() {
			cp.players[s] = all.NewComputer(lv, b.g.Seed*2+1+uint64(s))
		}
	}
	cp.r = rand.New(rand.NewPCG(b.g.Seed, 0x6b43a9b5))
	b.cpu = cp
}

// computerDecides reports whether the computer gives the next command.
func (b *battle) computerDecides() bool {
	st := b.st()
	return b.cpu != nil && !st.Over && st.Decider >= 0 && st.Decider < 2 && b.drivers[st.Decider].computer()
}

// playerInterrupts reports whether the player playing the computer may
// interrupt (or must answer) the computer's go now.
func (b *battle) playerInterrupts() bool {
	st := b.st()
	return b.cpu != nil && st.Decider != st.Active && st.Decider >= 0 && st.Decider < 2 && b.drivers[st.Decider].human() &&
		st.Active >= 0 && st.Active < 2 && b.drivers[st.Active].computer()
}

// copyGame is a game of its own for the thinking goroutine: the same
// state, log and seed, sharing only what no one changes (the rule set,
// the scenario, the map).
func copyGame(g *rules.Game) *rules.Game {
	return &rules.Game{RS: g.RS, St: g.St.Clone(), Log: slices.Clone(g.Log), Scenario: g.Scenario,
		Seed: g.Seed, Hashes: slices.Clone(g.Hashes), Players: g.Players}
}

// think asks the side's computer player for its command on a copy of the
// game. Like all.Computer.Play, it gives the best choice the game accepts.
func think(p *all.Computer, g *rules.Game, r *rand.Rand, asked *rules.State) (t thought) {
	t.st = asked
	t0 := time.Now()
	defer func() {
		t.ms = time.Since(t0).Milliseconds()
		if x := recover(); x != nil {
			t.ok, t.err = false, fmt.Errorf("%v", x)
		}
	}()
	if thinkHook != nil {
		thinkHook()
	}
	for _, ch := range p.Decide(g) {
		if g.Refusal(ch.Cmd) != nil {
			continue
		}
		if _, err := g.Apply(ch.Cmd); err == nil {
			return thought{st: asked, cmd: ch.Cmd, why: ch.Why, ok: true}
		}
	}
	if c, ok := rules.RandomCommand(g, r); ok {
		if _, err := g.Apply(c); err == nil {
			return thought{st: asked, cmd: c, why: "nothing it weighed was allowed, so it gives a plain legal command", ok: true}
		}
	}
	t.err = fmt.Errorf("the computer found no command the game accepts")
	return t
}

// computerUpdate is the battle's frame while the computer decides: the
// table stays live (pan, zoom, cards, the log, the tools, the menu), the
// player may pause it, change its pace or hurry it (Space), and no
// command is taken from the mouse.
func (b *battle) computerUpdate(a *App, dt float64) error {
	cp := b.cpu
	mx, my := cursor()
	b.layoutComputer(a)
	for i := range b.buttons {
		if b.buttons[i].clicked() {
			b.bcmds[i]()
			return nil
		}
	}
	if keys.Pressed(keys.ActPause) {
		b.togglePause(a)
	}
	hurry := keys.Pressed(keys.ActSkip)
	if keys.Pressed(keys.ActCancel) {
		if b.tl.Busy() {
			b.tl.SkipAll()
		} else {
			b.menu(a)
			return nil
		}
	}
	if keys.Pressed(keys.ActSave) {
		a.saveGame(b.g)
		return nil
	}
	if keys.Pressed(keys.ActLoad) {
		a.loadDialog()
		return nil
	}
	if b.tk.update(a, b.tv, b.st().Terrain) {
		return nil
	}
	if b.sel.Mode != view.Idle || len(b.group.figs) > 0 {
		b.sel.Reset() // nothing of the player's stays selected in the computer's go
		b.group.figs = nil
	}
	// the cards: a figure, a vehicle, or terrain under a resting pointer
	b.hover, b.hoverVeh, b.piece, b.over = 0, 0, -1, nil
	if p := (art.Pt{X: mx, Y: my}); math.Abs(p.X-b.restAt.X) > 3 || math.Abs(p.Y-b.restAt.Y) > 3 {
		b.rest, b.restAt = 0, p
	} else {
		b.rest += dt
	}
	if !b.overUI(mx, my, a) && !b.tk.active() {
		pt := b.tv.tbl(mx, my)
		b.hover = b.figAt(mx, my)
		if b.hover == 0 {
			b.hoverVeh = b.vehAt(pt)
		}
		if b.rest > 0.5 && b.hover == 0 && b.hoverVeh == 0 {
			b.piece = pieceAt(b.st().Map, pt)
			if o, ok := b.overlayAt(pt); ok {
				b.over = &o
			}
		}
	}
	if hurry {
		b.hurryComputer(a)
	}
	// a thought that has come back waits here for its pace
	if cp.asked != nil {
		select {
		case t := <-cp.done:
			cp.asked = nil
			cp.ready = &t
		default:
		}
	}
	if cp.paused {
		return nil
	}
	a.poke() // the mark's dots move, and the table must not doze
	if b.tl.Busy() {
		return nil // the last command is still being shown
	}
	if cp.ready == nil && cp.asked == nil {
		b.askComputer(a)
		return nil
	}
	if cp.wait > 0 {
		cp.wait -= dt
	}
	if cp.ready == nil || cp.wait > 0 {
		return nil
	}
	t := *cp.ready
	cp.ready = nil
	if t.st != b.st() {
		return nil // the game moved on (a load, an undo): ask again
	}
	if !t.ok {
		cp.paused = true
		b.log = append(b.log, logEntry{text: "The computer stopped: " + t.err.Error() + ". Press P to let it try again.", side: -1})
		a.Toast("The computer stopped: %s", t.err.Error())
		return nil
	}
	b.computerGives(a, t)
	return nil
}

// askComputer starts the deciding side's computer player thinking on a
// goroutine, and the pace's wait with it.
func (b *battle) askComputer(a *App) {
	cp := b.cpu
	side := b.st().Decider
	p := cp.players[side]
	if p == nil {
		return
	}
	st := b.st()
	g := copyGame(b.g)
	r := rand.New(rand.NewPCG(cp.r.Uint64(), cp.r.Uint64()))
	cp.asked, cp.started = st, time.Now()
	cp.wait = paces[a.cpu.pace].wait
	done := cp.done
	go func() { done <- think(p, g, r, st) }()
}

// computerGives gives the computer's command as a click gives one, and
// logs why it chose it, read through the table's view like every line
// (an unseen team's reason is withheld).
func (b *battle) computerGives(a *App, t thought) {
	side := b.st().Decider
	c := t.cmd
	unit := c.Unit
	if f := b.st().Fig(c.Fig); f != nil && unit == 0 {
		unit = f.Unit
	}
	why := strings.TrimSpace(t.why)
	// what it does, in the bar's words, and who does it
	// (the short label, without a button's how-to: "Move", not "Move
	// (drag the figure)")
	act := b.action(c)
	what := act.Short
	if what == "" {
		what = act.Label
	}
	if i := strings.IndexAny(what, "(:"); i > 0 {
		what = what[:i]
	}
	what = strings.TrimSpace(strings.TrimRight(what, ".… "))
	if f := b.st().Fig(c.Fig); f != nil && what != "" {
		what = f.Name + ", " + what
	}
	why = joinWhy(what, why)
	if why != "" {
		b.log = append(b.log, logEntry{text: fmt.Sprintf("%s (computer): %s", b.st().Sides[side].Name, sentence(b.plain(why))), side: side, kind: "why", unit: unit})
		b.logScroll = 0
	}
	if b.apply(a, c) && why != "" {
		for _, id := range append([]rules.FigID{c.Fig}, b.unitFigs(unit)...) {
			if id != 0 {
				b.cpu.why[id] = sentence(b.plain(why))
			}
		}
	}
}

// joinWhy puts what the computer does ("Pte Eden, Fire") and its reason
// together: a reason that goes on from the action ("at Schtz Lang: miss
// 83%, ...", "into cover of the wheat: ...") follows it as one phrase, any
// other after a colon (the log read "Pte Eden, Fire: at Schtz Lang: miss
// 83%").
func joinWhy(what, why string) string {
	switch {
	case why == "":
		return what
	case what == "":
		return why
	}
	// a reason that says the deed itself ("motivates Schtz Uhl") takes
	// the action's place: "Uffz Haas motivates Schtz Uhl, ..."
	who, act, named := strings.Cut(what, ", ")
	if named && sameVerb(act, why) {
		return who + " " + why
	}
	// "Pte Eden moves", not "Pte Eden, Move" (a play-tester read the
	// computer's lines as debug output, play-test 9)
	if v, ok := deed(act); named && ok {
		what = who + " " + v
	}
	for _, p := range []string{"at ", "into ", "to ", "towards ", "for ", "on ", "out of ", "back ", "behind ", "away ", "up ", "forward "} {
		if strings.HasPrefix(why, p) {
			return what + " " + why
		}
	}
	return what + ": " + why
}

// deed is an action's label as what a man does ("Move" "moves", "End
// activation" "ends activation"), when its first word is one of the
// verbs the bar uses; ok is false for any other label ("AT fire").
func deed(label string) (string, bool) {
	first, rest, _ := strings.Cut(label, " ")
	v := strings.ToLower(first)
	switch v {
	case "move", "fire", "shoot", "run", "crawl", "hide", "rally", "motivate", "advance", "charge", "drive", "turn", "end", "throw", "spot", "look", "reload", "recover", "board", "dismount":
	default:
		return "", false
	}
	switch {
	case strings.HasSuffix(v, "y"):
		v = v[:len(v)-1] + "ies"
	case strings.HasSuffix(v, "sh") || strings.HasSuffix(v, "ch"):
		v += "es"
	default:
		v += "s"
	}
	if rest != "" {
		v += " " + rest
	}
	return v, true
}

// sameVerb reports whether reason why opens with the deed action names
// ("motivates" for Motivate, "rallies" for Rally).
func sameVerb(action, why string) bool {
	a, _, _ := strings.Cut(strings.ToLower(action), " ")
	v, _, _ := strings.Cut(strings.ToLower(why), " ")
	if len(a) < 3 { // ("AT fire" is no verb "at")
		return false
	}
	return v == a || v == a+"s" || v == a+"es" || strings.HasSuffix(a, "y") && v == a[:len(a)-1]+"ies"
}

// unitFigs are the figures of unit u.
func (b *battle) unitFigs(u rules.UnitID) []rules.FigID {
	if u == 0 {
		return nil
	}
	var out []rules.FigID
	for _, f := range b.st().Figures {
		if f.Unit == u {
			out = append(out, f.ID)
		}
	}
	return out
}

// hurryComputer is Space in the computer's go: what is being shown ends
// and its next command comes at once; while it is paused, that it is
// (Space while paused did nothing and said nothing, play-test 6).
func (b *battle) hurryComputer(a *App) {
	b.tl.SkipAll()
	b.cpu.wait = 0
	if b.cpu.paused {
		a.Toast("The computer is paused: P plays on (Space only hurries it while it plays).")
	}
}

func (b *battle) togglePause(a *App) {
	b.cpu.paused = !b.cpu.paused
	if b.cpu.paused {
		a.Toast("The computer is paused: P plays on.")
	} else {
		a.Toast("The computer plays on.")
	}
}

// menu is Esc's menu on the battle.
func (b *battle) menu(a *App) {
	a.Dialog("Menu", "The battle is autosaved after every command; you can resume it from the title.",
		[]string{"Back to the battle", "Save", "Load", "Leave to the title"}, func(c int) {
			switch c {
			case 1:
				a.saveGame(b.g)
			case 2:
				a.loadDialog()
			case 3:
				a.scene = newTitle(a)
			}
		})
	a.dlg.cancel = 0
}

// computerWhy adds, on a figure's card with Y on, the computer's last
// reason for what it did with the figure.
func (b *battle) computerWhy(f *rules.Figure, lines []string) []string {
	if b.cpu == nil || !b.why || f == nil || b.hiddenFromViewer(f) || !b.drivers[f.Side].computer() {
		return lines
	}
	w := b.cpu.why[f.ID]
	if w == "" {
		return lines
	}
	out := slices.Clone(lines)
	for i, l := range art.Wrap("Computer: "+w, art.Face(13), 420*art.UIScale) {
		if i < 3 {
			out = append(out, l)
		}
	}
	return out
}
