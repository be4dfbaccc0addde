package game

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// logEntry is one line of the battle log, with its roll when it had one.
// It is read through the per-side view when drawn (shownEntry).
type logEntry struct {
	text string
	roll *rules.Ledger
	side int
	kind string
	unit rules.UnitID // the team it concerns (0: none or not known)
}

// battle is the table in play.
type battle struct {
	g  *rules.Game
	tv *tableView
	tl view.Timeline
	tk tools

	slots      slotMemory  // the bar's numbers by kind of action, this step (stableSlots)
	rosters    []baseGroup // the packed groups' rosters drawn last frame
	figBoxes   []plate     // the living figures' boxes on screen, last frame (prompts keep off them)
	zoomTipped bool        // the log's tip to zoom in on packed bases was given (zoomTip)
	unseenTold [2]bool     // the log has told each side that enemies are out of its sight (unseenTip)
	unseenAsk  [2]int      // len(log)+1 when unseenTip last asked for each side (once per command, not per frame)

	sel       view.Selector
	step      string // the step of play under way (rules.Explanation.Step), see newStep
	pressed   bool
	legal     []rules.Command
	moveInfo  rules.MoveInfo
	movePath  []geom.Pt
	moveFit   []geom.Pt        // the furthest legal part of movePath, when not all of it is legal
	moveCross []rules.Crossing // where the move dragged will roll to cross (marked on the tape)
	dropped   rules.FigID      // the figure of the move being given by a drag (see push)
	shortWhy  string           // why the drag being given was stopped short of where it was let go (stopWhy)
	orderHits []unitHit        // where the order of play's entries were drawn
	rulesHit  *unitHit         // the folded rules' line in a short side panel (drawStatus)
	folded    struct {         // whether that panel folds, as last measured (drawStatus)
		key  foldKey
		fold bool
	}
	enemyAt enemyPress     // an enemy pressed with a man selected, answered when let go
	why     bool           // engine detail shown (the App's Y toggle, copied each frame)
	rest    float64        // seconds the pointer has rested where it is
	restAt  art.Pt         // where it rests
	piece   int            // the terrain piece the pointer rests on (-1 none)
	over    *rules.Overlay // the thing lying on the table the pointer rests on (nil none)
	// standing orders for interruptions, by unit, for one round: "hold"
	// lets every offer pass, "fire" fires at the first target offered
	orders      map[rules.UnitID]string
	ordersRound int
	group       groupState      // a team or box selected to move together (battle_group.go)
	selVeh      rules.VehicleID // the vehicle selected (battle_vehicles.go)
	tagOn       bool            // the bar is headed by the interrupting side's name (promptTag)
	hoverVeh    rules.VehicleID // the vehicle under the pointer (its card)
	mover       *moverPath      // the last move's path (table_moverpath.go)
	cardShown   string          // the head of the card drawn last frame (for the probe)
	cardLines   []string        // and its lines (for the tests)
	trayTop     float64         // where the dice tray stood last frame (the log ends above it)
	cardTop     float64         // where a card stood in the side panel last frame (likewise)
	statusEnd   float64         // where the side panel's status (the phase, order of play, dice) ends this frame: a card keeps below it
	logEnd      float64         // the foot of the log's last line drawn (tests)
	endW        float64         // the end button's width (it only grows, so it keeps its place)
	vdrag       *vehDrag        // a vehicle being driven by a drag
	vstuck      vehPressAt      // one of your vehicles pressed that may not drive: a drag says why
	hullBoxes   []plate         // the vehicles' hulls' screen boxes, last drawn (notices keep off them)
	labelBoxes  []plate         // the place names' plates, last drawn
	btnOdds     struct {        // the odds of the bar button under the pointer (hud_cards.go)
		key  string
		st   *rules.State
		odds rules.Odds
		err  error
	}
	armed       *armedShot // a command at an enemy vehicle given by a second click (battle_why.go)
	vaim        *vehAim    // the shot aimed at the hull under the pointer
	oddsFor     rules.FigID
	odds        rules.Odds
	oddsCmd     *rules.Command
	oddsErr     error
	oddsWhy     string        // why the hovered figure is no target (oddsCmd nil)
	oddsBy      []rules.FigID // the team's figures the rule set has fire (oddsByOK: it said)
	oddsByOK    bool
	keysHeldAt  int // len(log)+1 when the number keys are held from the other side's prompt (battle_interrupt.go)
	enterSeenAt int // len(log)+1 when one Enter has been held back from the other side's prompt (battle_interrupt.go)
	los         terrain.LOS
	hover       rules.FigID
	offerBox    [4]float64 // where the interruption's prompt was drawn (x, y, w, h)
	// tabbed is the figure Tab selected and where the pointer stood then:
	// until the pointer moves, the card is his, not the hovered man's
	tabbed struct {
		id     rules.FigID
		mx, my float64
	}
	log         []logEntry
	logScroll   int
	pending     map[rules.FigID]bool // removals still to be animated
	curtain     bool
	curtainWhen time.Time // when the curtain came down (a key too soon after does not lift it)
	shown       int       // side the screen was last handed to
	buttons     []button
	bcmds       []func()
	diceRand    *rand.Rand
	heading     map[rules.FigID]float64          // where each figure looks, radians (display only)
	blastAim    map[*geom.Circle]geom.Pt         // where each burst was aimed (its target's spot)
	explain     *rules.Explanation               // the rule set's status panel, when it has one
	info        map[rules.FigID]rules.FigureInfo // figures as the rule set sees them, this command
	letters     map[rules.UnitID]string          // each unit's letter on its bases
	acts        map[string]rules.Action          // the rule set's words for each command, this command
	// before is the state as it stood before the commands whose events
	// are still being animated: the table shows losses, postures and
	// markers from it until the dice have landed, so nothing tells a
	// result before the tray does.
	before     *rules.State
	beforeInfo map[rules.FigID]rules.FigureInfo
	// lostSince counts each side's figures removed in the log since
	// before: the "Lost" count goes up with the log's line and the
	// figure's fall, not once every die has landed (play test 11)
	lostSince [2]int
	// lines is how many log lines each command given at this table wrote
	// (by the count of commands it made), so that a take-back takes its
	// lines out of the log (battle_undo.go)
	lines map[int]int
	// review: the battle is over and its table is being looked at from
	// the result (Enter or Esc goes back to it)
	review     bool
	targets    map[rules.FigID]bool // figures that may be clicked as targets now
	targetsKey string               // what targets was worked out for
	// aiming at a point, a line or the ground: the command a click would
	// give at the pointer (aimAt, nil when none) and why the rule set
	// would refuse it (aimErr), worked out when the pointer moves
	aimAt   *rules.Command
	aimErr  error
	aimFrom string  // what aimAt was worked out for
	ask     *endAsk // an end waiting for its confirmation (battle_endguard.go)
	// why a figure has nothing to do (battle_why.go), worked out once a command
	idleKey, idleText string
	whyAt             [2]rules.FigID       // the figure selected and the enemy last clicked with him (idleReason names that enemy first)
	stepKey           string               // the step the commands below were offered in
	stepMovers        map[rules.FigID]bool // figures offered a move in it
	stepCmds          []rules.Command      // one aimed command of each verb offered in it
	taken             *endTaken            // an end with no dice that Ctrl+Z may take back
	// net: the battle's network end when the other side is played on
	// another machine (net.go), nil at one desk
	net *netLink
	// who plays each side, and the computer's players (computer.go):
	// only a player's side takes the mouse; the curtain comes down only
	// between two players at one desk
	drivers drivers
	cpu     *computerPlay
}

// keepNamesTogether tells the text wrapper the names on the table (of its
// figures, teams and vehicles), so that no card or log line breaks a man's
// name ("Pfc / Ingle") or a team's; only names of two words or more are
// kept.
func keepNamesTogether(names []string) {
	art.KeepTogether = slices.DeleteFunc(names, func(n string) bool { return !strings.Contains(n, " ") })
}

// stateNames are the names of a battle's figures, teams and vehicles.
func stateNames(st *rules.State) []string {
	var names []string
	for _, f := range st.Figures {
		names = append(names, f.Name)
	}
	for _, u := range st.Units {
		names = append(names, u.Name)
	}
	for _, v := range st.Vehicles {
		names = append(names, v.Name)
	}
	return names
}

// battlePads are the battle's margins about the table: the side panel on
// the right, the top bar and the action bar (tableView.pads).
func battlePads() (l, r, t, b float64) { return 0, 340, 44, 70 }

// scaleBarRoom is the room a fitted battle table keeps below it for the
// scale bar (tableView.fitB).
const scaleBarRoom = 34

func newBattle(a *App, g *rules.Game, evs []rules.Event) *battle {
	b := &battle{g: g, tv: newTableView(g.St.Map), pending: map[rules.FigID]bool{}, shown: -1, heading: map[rules.FigID]float64{}, piece: -1}
	b.initHeadings()
	b.letters = teamLetters(g.St)
	keepNamesTogether(stateNames(g.St))
	b.tl.Speed = a.speed
	b.diceRand = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 3))
	b.tv.pads(battlePads())
	b.tv.fitB = scaleBarRoom
	b.tv.legend = false
	b.tv.scale = rules.ScaleOf(g.RS)
	if a.opt.autosave != "" {
		path := a.opt.autosave
		g.OnCommit = func(g *rules.Game) {
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := all.WriteSaveAtomic(path, g); err != nil {
				a.Toast("Autosave failed: %v", err)
			}
		}
		g.OnCommit(g)
	}
	if evs == nil && len(g.Log) > 0 {
		b.rebuildLog() // a resumed battle
	}
	b.push(evs)
	b.refresh()
	b.useDrivers(driversOf(g.Players)) // (computer.go)
	return b
}

// rebuildLog writes the log of a resumed battle from its start: the save's
// commands are replayed (a copy; the game itself is untouched) and every
// event is logged as the live table logs it, read through the side's view
// when drawn, so the log and the luck report cover the whole battle, not
// only what has been played since the resume.
func (b *battle) rebuildLog() {
	sf := all.SaveOf(b.g)
	var evs []rules.Event
	_, _, err := all.ReplayEach(sf, content.ScenariosFS, content.MapsFS, func(_ int, _ rules.Command, more []rules.Event) {
		evs = append(evs, more...)
	})
	if err != nil {
		return // (the game was replayed once already; this cannot differ)
	}
	for _, ev := range evs {
		b.logEvent(ev)
	}
	for id := range b.pending {
		delete(b.pending, id)
	}
}

// initHeadings turns figures the scenario left facing "up the table"
// towards the enemy, so the miniatures look like they are in a fight.
func (b *battle) initHeadings() {
	st := b.g.St
	var cx, cy [2]float64
	var n [2]float64
	for _, f := range st.Figures {
		cx[f.Side] += float64(f.Pos.X)
		cy[f.Side] += float64(f.Pos.Y)
		n[f.Side]++
	}
	for _, f := range st.Figures {
		e := 1 - f.Side
		if f.Facing != 0 || n[e] == 0 {
			b.heading[f.ID] = float64(f.Facing) * math.Pi / 180
			continue
		}
		b.heading[f.ID] = headingTo(float64(f.Pos.X), float64(f.Pos.Y), cx[e]/n[e], cy[e]/n[e])
	}
}

// headingTo is the facing (0 up the table, clockwise) from one point to another.
func headingTo(x0, y0, x1, y1 float64) float64 { return math.Atan2(x1-x0, -(y1 - y0)) }

// turn makes a figure look along its last move or at what it attacks.
func (b *battle) turn(ev rules.Event) {
	switch {
	case ev.Kind == "move" && len(ev.Path) > 1:
		a, c := ev.Path[len(ev.Path)-2], ev.Path[len(ev.Path)-1]
		if a != c {
			b.heading[ev.Fig] = headingTo(float64(a.X), float64(a.Y), float64(c.X), float64(c.Y))
		}
	case ev.Fig != 0 && ev.Target != 0:
		f, t := b.st().Fig(ev.Fig), b.st().Fig(ev.Target)
		if f != nil && t != nil && f.Pos != t.Pos {
			b.heading[ev.Fig] = headingTo(float64(f.Pos.X), float64(f.Pos.Y), float64(t.Pos.X), float64(t.Pos.Y))
		}
	}
}

// newStep tells when another step of play has begun (another team's
// activation, a chit drawn): the rule set names it in its explanation. A
// figure of the team that has just ended its go stays selected otherwise,
// and the bar then shows nothing the new team may do.
func (b *battle) newStep() bool {
	key := ""
	if b.explain != nil {
		key = b.explain.Step
	}
	if key == "" {
		// a rule set that names no step (SSG): its phases and the side
		// to play are its steps (a play-tester's hand-over left the
		// camera on the side that had just played)
		st := b.st()
		key = fmt.Sprintf("%d/%s/%d", st.Round, st.Phase, st.Decider)
	}
	changed := key != b.step && b.step != ""
	b.step = key
	return changed
}

func (b *battle) refresh() {
	b.legal = b.legalNow() // (net.go: only the local side's, over the network)
	over := b.handingOver()
	if over {
		// the other side's orders wait for the curtain (a play-tester saw
		// the British "Motivate everyone" on the German table)
		b.legal = nil
	}
	b.noteStep()
	b.sel.Legal = b.legal
	b.oddsFor = 0
	if v := b.st().Veh(b.selVeh); v != nil && v.Side != b.st().Decider && (b.net == nil || v.Side != b.net.local) {
		// the decision has passed to the other side: the vehicle it
		// chose (the Panzer that fired at a moving tank) is let go; its
		// bar went on saying its crewman "is on the other side"
		b.selVeh, b.vaim = 0, nil
	}
	// (asked of every figure of a target's unit while aiming, each frame:
	// remembered for this state, which refresh starts again)
	checked := map[string]bool{}
	b.sel.Check = func(c rules.Command) bool {
		k := c.String()
		if ok, seen := checked[k]; seen {
			return ok
		}
		_, err := b.g.Odds(c)
		checked[k] = err == nil
		return err == nil
	}
	b.sel.Team = map[rules.FigID]rules.UnitID{}
	for _, f := range b.st().Figures {
		b.sel.Team[f.ID] = f.Unit
	}
	b.sel.Fit = b.fitDrop
	b.sel.PointCheck = func(c rules.Command) bool { return b.g.Refusal(c) == nil }
	b.sel.GroupOf = func(c rules.Command) string { return b.action(c).Group }
	if !over || b.explain == nil {
		// (handing over: the panel keeps the side at the table's words
		// until the curtain)
		b.explain = nil
		if ex, ok := b.g.RS.(rules.Explainer); ok {
			b.explain = b.netExplain(ex) // (net.go: as the local side may know it)
		}
	}
	b.info = map[rules.FigID]rules.FigureInfo{}
	b.acts = nil
}

// handingOver reports whether the table is about to change hands at one
// desk: the side to decide is not the side at the table, and the curtain
// comes down once the dice have rolled. Until it does the bar offers the
// next side nothing and the panel keeps the words of the side at the
// table (the British panel and buttons stood on the German table for
// two seconds, play-test 9). Not when the other side answers on the
// table itself (opportunity fire with nothing hidden), over the network
// or against the computer.
func (b *battle) handingOver() bool {
	st := b.st()
	return b.net == nil && b.drivers.hotseat() && b.shown >= 0 && !b.curtain && !st.Over &&
		st.Decider != b.shown && !(b.interrupting() && !b.viewsDiffer())
}

// figInfo is a figure as the rule set sees it (its card, marks and
// weapons), asked once per command.
func (b *battle) figInfo(id rules.FigID) rules.FigureInfo {
	if fi, ok := b.info[id]; ok {
		return fi
	}
	if b.info == nil {
		b.info = map[rules.FigID]rules.FigureInfo{}
	}
	fi := rules.FigureOf(b.g.RS, b.st(), id)
	b.info[id] = fi
	return fi
}

// settle shows the state as it is once every die has landed.
func (b *battle) settle() {
	if !b.tl.Busy() {
		b.before = nil
	}
}

// actingUnit is the unit whose go it is, when the rule set names one.
func (b *battle) actingUnit() rules.UnitID {
	if b.explain == nil {
		return 0
	}
	return b.explain.StepUnit
}

// shownSt is the state the table shows: the one before the commands still
// being animated, or the current one.
func (b *battle) shownSt() *rules.State {
	if b.before != nil {
		return b.before
	}
	return b.st()
}

// shownInfo is figure id as the table shows it now (see before).
func (b *battle) shownInfo(id rules.FigID) rules.FigureInfo {
	if b.before == nil {
		return b.figInfo(id)
	}
	if fi, ok := b.beforeInfo[id]; ok {
		return fi
	}
	fi := rules.FigureOf(b.g.RS, b.before, id)
	b.beforeInfo[id] = fi
	return fi
}

// action is how the rule set offers command c, asked once per command
// given (a label may carry odds, which take real work to compute).
func (b *battle) action(c rules.Command) rules.Action {
	key := c.String()
	if a, ok := b.acts[key]; ok {
		return a
	}
	a := rules.ActionOf(b.g.RS, b.st(), c)
	if b.acts == nil {
		b.acts = map[string]rules.Action{}
	}
	b.acts[key] = a
	return a
}

// scale is the unit distances are shown in.
func (b *battle) scale() rules.Scale { return rules.ScaleOf(b.g.RS) }

// oddsShort gives the likeliest outcomes of a command in a few words.
func oddsShort(o rules.Odds) string {
	var parts []string
	pc := rules.OutcomePercents(o.Outcomes)
	for i, x := range o.Outcomes {
		if x.P >= 0.005 && len(parts) < 3 {
			parts = append(parts, fmt.Sprintf("%s %d%%", x.Name, pc[i]))
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (b *battle) push(evs []rules.Event) {
	b.notePath(evs)
	aim, aimOK := geom.Pt{}, false
	for _, ev := range evs {
		if ev.Kind == "removed" && ev.Fig != 0 {
			b.pending[ev.Fig] = true
		}
		if ev.Target != 0 {
			if t := b.st().Fig(ev.Target); t != nil {
				aim, aimOK = t.Pos, true
			}
		}
		if ev.Kind == "blast" && ev.Area != nil && aimOK {
			if b.blastAim == nil {
				b.blastAim = map[*geom.Circle]geom.Pt{}
			}
			b.blastAim[ev.Area] = aim
		}
		b.turn(ev)
	}
	if b.dropped != 0 {
		// the player has just dragged this figure where it goes: it stays
		// where it was dropped instead of walking there again (its log
		// line is written at once)
		keep := evs[:0:0]
		for _, ev := range evs {
			if ev.Kind == "move" && ev.Fig == b.dropped {
				b.finished(view.Anim{Ev: ev})
				continue
			}
			keep = append(keep, ev)
		}
		evs = keep
		b.dropped = 0
	}
	b.tl.Add(evs)
}

func (b *battle) apply(a *App, c rules.Command) bool {
	if b.net != nil {
		return b.netSend(a, c) // the host checks it (net.go)
	}
	before := b.st()
	evs, err := b.g.Apply(c)
	if err != nil {
		a.Toast("%s", b.plain(err.Error()))
		return false
	}
	// a notice about the table as it stood goes with it (one saying
	// whose prompt was up stayed after the prompt was answered)
	a.toastT, toastNow = 0, ""
	if b.before == nil && before != b.st() {
		b.before, b.beforeInfo, b.lostSince = before, map[rules.FigID]rules.FigureInfo{}, [2]int{}
	}
	if b.shortWhy != "" {
		// a drag the rules stopped short says why in the log, beside the
		// move ("Schtz Eck moves 1"" said nothing of the locked door)
		for i := range evs {
			if evs[i].Kind == "move" && evs[i].Fig == c.Fig && evs[i].Text != "" {
				evs[i].Text += ". Stopped short: " + b.shortWhy
				break
			}
		}
	}
	b.push(evs)
	b.noteLines(evs)
	b.refresh()
	// the aiming card ("click to commit") goes with the shot: while its
	// dice play out the table reads no pointer to take it away
	b.vaim, b.oddsFor = nil, 0
	if b.sel.Sel != 0 && !b.anyFor(b.sel.Sel) {
		b.sel.Mode = view.Selected
	}
	return true
}

func sentence(s string) string {
	if s == "" {
		return s
	}
	s = rules.Capital(s)
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}

func (b *battle) anyFor(id rules.FigID) bool {
	for _, c := range b.legal {
		if b.sel.For(c, id) {
			return true
		}
	}
	return false
}

func (b *battle) st() *rules.State { return b.g.St }

// viewer is the side whose player is at the table: the one the screen was
// last handed to, or, while the curtain is up, the one it goes to next.
func (b *battle) viewer() int {
	if b.curtain || b.shown < 0 {
		return b.st().Decider
	}
	return b.shown
}

// view is the state as the player at the table may know it, decided by
// the rule set (rules.View): nothing here decides what a side may see.
func (b *battle) view() rules.View { return rules.ViewOf(b.g.RS, b.st(), b.viewer()) }

// hiddenFromViewer reports whether the player at the table may not see f.
func (b *battle) hiddenFromViewer(f *rules.Figure) bool { return !b.view().Figure(f.ID) }

// unseenUnit reports whether the player at the table may not know of
// unit id.
func (b *battle) unseenUnit(id rules.UnitID) bool { return !b.view().Unit(id) }

// shownEntry is a log entry as the player at the table may read it: the
// rule set's view decides (rules.View.Tell); what a unit the player may
// not know of did is told without its name, dice or path.
func (b *battle) shownEntry(e logEntry) logEntry {
	if e.unit == 0 {
		return e
	}
	ev, withheld := b.view().Tell(rules.Event{Kind: e.kind, Side: e.side, Unit: e.unit, Text: e.text, Roll: e.roll})
	if !withheld {
		return e
	}
	return logEntry{text: ev.Text, roll: ev.Roll, side: e.side, kind: e.kind, unit: e.unit}
}

// orderLabel is an entry of the order of play as the player at the table
// may read it.
func (b *battle) orderLabel(i int, o rules.OrderEntry) string { return b.view().OrderLabel(i, o) }

func (b *battle) overUI(x, y float64, a *App) bool {
	return x > a.W-b.tv.padR || y < b.tv.padT || y > a.H-b.tv.padB
}

// unitHit is a screen rectangle standing for a unit (an order-of-play
// entry), clickable.
type unitHit struct {
	x, y, w, h float64
	unit       rules.UnitID
}

// enemyPress is where an enemy was pressed with a man selected: let go
// there, the press was a click (aim at him); let go away, a drag of him.
type enemyPress struct {
	id   rules.FigID
	x, y float64
}

// overRules reports whether the pointer is on the folded rules' line of a
// short side panel: its card shows them.
func (b *battle) overRules() bool {
	mx, my := cursor()
	return b.rulesHit != nil && b.explain != nil && inHit(*b.rulesHit, mx, my)
}

// inHit reports whether screen point (mx, my) is within h.
func inHit(h unitHit, mx, my float64) bool {
	return mx >= h.x && mx < h.x+h.w && my >= h.y && my < h.y+h.h
}

// shownLosses is side's losses as the table shows them now: those before
// the commands still being played out, and each removal the log has
// written since (never more than the rules count).
func (b *battle) shownLosses(side int) int {
	now := b.st().Sides[side].Losses
	if b.before == nil || side < 0 || side > 1 {
		return now
	}
	return min(now, b.before.Sides[side].Losses+b.lostSince[side])
}
