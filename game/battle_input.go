package game

import (
	"fmt"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

func (b *battle) Update(a *App, dt float64) error {
	b.probe()
	b.why = a.why
	if b.net != nil && b.netUpdate(a, dt) {
		return nil // the network's news played out; the chat line is open (net.go)
	}
	mx, my := cursor()
	// the wheel scrolls the log when over it
	if mx > a.W-b.tv.padR && my > b.tv.padT {
		if _, wy := ebiten.Wheel(); wy != 0 {
			b.logScroll = max(0, b.logScroll+int(wy*3))
		}
	} else if b.sel.Mode != view.Dragging {
		b.tv.update(a, dt) // (a right click while dragging bends the move, below)
	}
	if !b.curtain { // the dice wait behind the curtain for the player they are rolled for
		for _, an := range b.tl.Step(dt) {
			b.finished(an)
		}
	}
	b.zoomTip()
	b.unseenTip()
	b.settle()
	if keys.Pressed(keys.ActSlower) {
		a.speed = math.Max(0.25, a.speed/2)
		b.tl.Speed = a.speed
		a.Toast("Animation: %s (%s: slower / faster)", speedWords(a.speed), keys.KeyName(keys.ActSlower))
	}
	if keys.Pressed(keys.ActFaster) {
		a.speed = math.Min(view.MaxSpeed, a.speed*2)
		b.tl.Speed = a.speed
		a.Toast("Animation: %s (%s: slower / faster)", speedWords(a.speed), keys.KeyName(keys.ActSlower))
	}
	if b.newStep() {
		b.sel.Reset()
		if u := b.actingUnit(); u != 0 {
			b.glideTo(u)
		} else {
			b.glideToSide()
		}
	}
	if b.computerDecides() { // the computer's command (computer.go)
		return b.computerUpdate(a, dt)
	}
	if b.curtain {
		if keys.Pressed(keys.ActUndo) && b.canTakeBackEnd() {
			// the player who has just ended takes it back before handing
			// over the mouse
			if err := b.takeBackEnd(a); err != nil {
				a.Toast("Cannot take back: %s", err.Error())
			} else {
				b.log = append(b.log, logEntry{text: "(the end was taken back)", side: -1})
				a.Toast("Taken back: play on.")
			}
			return nil
		}
		if b.curtainSettled() && (clicked() || keys.Pressed(keys.ActSkip) || keys.Pressed(keys.ActEnd)) {
			b.liftCurtain()
		}
		return nil
	}
	if b.tl.Busy() {
		if keys.Pressed(keys.ActSave) && (b.net == nil || b.net.host) {
			// saved while the dice roll (the state is already the new
			// one): Ctrl+S right after a shot did nothing, play-test 10
			a.saveGame(b.g)
			return nil
		}
		if keys.Pressed(keys.ActSkip) {
			b.tl.SkipOne()
		}
		if keys.Pressed(keys.ActCancel) {
			b.tl.SkipAll()
		}
		// the bar already shows what may be done now (not the buttons of
		// before the command, such as a shot the team has just made)
		b.layoutButtons(a)
		// A press on one of your own figures (or a drag already under way)
		// is acted on while the dice roll: the state is already the new
		// one, so the move is checked and given at once and its own dice
		// queue behind. Any other click skips the animation. Only the
		// player who has the table may act (the curtain comes after).
		if !b.liveInput(mx, my, a) {
			if clicked() {
				b.tl.SkipOne()
			}
			return nil
		}
	} else if b.st().Over && (!b.review || keys.Pressed(keys.ActEnd) || keys.Pressed(keys.ActCancel)) {
		b.review = false
		a.scene = newResult(a, b)
		return nil
	}
	if b.st().Decider != b.shown && !b.tl.Busy() && b.net == nil && b.drivers.hotseat() { // (no curtain over the network, net.go, or against the computer, computer.go)
		switch {
		case b.shown < 0:
			b.shown = b.firstShown()
			b.refresh()
		case b.interrupting() && !b.viewsDiffer():
			// the other side may interrupt (opportunity fire): asked on the
			// table itself, no curtain, when both sides see the same table
			if b.standingOrder(a) {
				return nil
			}
		default:
			b.curtain, b.curtainWhen = true, time.Now()
			b.refresh() // the curtain names the next side's step (the panel kept the last side's until now)
			return nil
		}
	}
	if b.playerInterrupts() && !b.tl.Busy() && b.standingOrder(a) {
		return nil // the player's standing order answers the computer (computer.go)
	}
	if keys.Pressed(keys.ActUndo) && b.net == nil { // (over the network nothing is taken back)
		b.takeBack(a)
		return nil
	}
	if keys.Pressed(keys.ActSave) && (b.net == nil || b.net.host) { // (the joiner has no save until the end)
		a.saveGame(b.g)
		return nil
	}
	if keys.Pressed(keys.ActLoad) && b.net == nil { // (over the network: Esc, Leave first)
		a.loadDialog()
		return nil
	}
	if b.tk.update(a, b.tv, b.st().Terrain) {
		return nil
	}
	// the order of play: a click selects that team (or shows where it is)
	if clicked() {
		for _, h := range b.orderHits {
			if mx >= h.x && mx < h.x+h.w && my >= h.y && my < h.y+h.h {
				b.pickUnit(h.unit)
				return nil
			}
		}
	}
	// buttons
	b.layoutButtons(a)
	for i := range b.buttons {
		if b.buttons[i].clicked() {
			b.bcmds[i]()
			return nil
		}
		if bt := &b.buttons[i]; bt.disabled && !bt.ghost && bt.label == "Undo" && bt.hover() && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
			b.whyNoUndo(a) // a greyed Undo clicked says why, as Ctrl+Z does
			return nil
		}
	}
	if k := keys.BarKey(); k > 0 {
		if b.keysHeld() {
			a.Toast("Key %d would answer for the %s: click the button on the bar to do that, or Enter twice to let it pass.", k, b.st().Sides[b.st().Decider].Name)
			return nil
		}
		for i := range b.buttons {
			if b.buttons[i].key == fmt.Sprint(k) && !b.buttons[i].disabled {
				b.bcmds[i]()
				return nil
			}
		}
	}
	if keys.Pressed(keys.ActEnd) {
		// Enter ends the turn, or lets an interruption pass when that is
		// what the rule set waits for
		if b.sel.Mode == view.Targeting {
			// Enter does what the targeting card says, and never ends
			// the turn while aiming: a volley's dice not yet placed go on
			// the last target, or all on the target under the pointer
			c := b.sel.Finish()
			if c == nil && b.hover != 0 {
				c = b.sel.FinishAt(b.hover)
			}
			if c != nil {
				b.apply(a, *c)
			} else {
				// (in the words of what is being aimed: a motivation is
				// not a shot, and its red rings are the leader's own men)
				if b.sel.Verb == "fire" {
					a.Toast("Enter fires at the target under the pointer: point at a red-ringed figure first. Esc stops aiming.")
				} else {
					a.Toast("Enter gives the order to the figure under the pointer: point at a red-ringed figure first. Esc stops aiming.")
				}
			}
			return nil
		}
		if b.holdEnter(a) {
			return nil
		}
		if c := b.enterEnd(); c != nil {
			b.end(a, *c)
		} else if h := b.netHint(); h != "" {
			a.Toast("%s", h) // over the network, why nothing is offered: the host is away, or it is the opponent's go
		} else {
			a.Toast("There is nothing to end now: the panel on the right says what the game waits for.")
		}
		return nil
	}
	b.tab(keys.Pressed(keys.ActNext), mx, my)
	if keys.Pressed(keys.ActCancel) && b.ask != nil {
		b.ask = nil // Esc: play on instead of ending
		a.Toast("Play on.")
		return nil
	}
	if keys.Pressed(keys.ActCancel) {
		if b.sel.Mode == view.Idle && b.net != nil {
			b.netMenu(a) // (net.go)
			return nil
		}
		if b.sel.Mode == view.Idle {
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
			return nil
		}
		if len(b.group.figs) > 0 {
			b.group.figs = nil // Esc lets a group go first
		} else {
			b.sel.Escape()
		}
		b.oddsFor = 0
	}
	// the table
	b.hover = 0
	b.vaim = b.vaim.keep(b) // (battle_vehicles.go)
	if !b.overUI(mx, my, a) || b.pressed {
		b.hover = b.figAt(mx, my)
		pt := b.tv.tbl(mx, my)
		b.vehAimUpdate(pt)
		own := false
		if f := b.st().Fig(b.hover); f != nil {
			own = f.Side == b.st().Decider && !f.Removed
		}
		// a vehicle being driven follows the pointer until let go
		if b.vdrag != nil {
			b.vehDragUpdate(a, pt, mx, my, ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft), inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight))
			return nil
		}
		armed := b.armed // (kept only by a click on its vehicle, below)
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
			b.vstuck = vehPressAt{} // (a release elsewhere left it)
			b.armed = nil
		}
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !b.overUI(mx, my, a) && b.hover == 0 && !b.tk.active() {
			// aiming at a vehicle shoots at the point of its hull clicked;
			// a press on one of your vehicles selects it (and may drive it)
			if b.sel.Mode == view.Targeting && !b.sel.Point && b.aimAtVehicle(a, pt) {
				return nil
			}
			if b.pathClickFire(a, pt) { // (table_moverpath.go)
				return nil
			}
			// (while aiming too, when it is one of your own and no target:
			// the first click on it selects it, not a refusal to shoot it)
			if (b.sel.Mode != view.Targeting || (!b.sel.Point && !b.sel.Ground && !b.sel.Line && b.ownVehAt(pt))) && b.vehPress(a, pt, mx, my) {
				return nil
			}
			if b.vehEnemyClick(a, pt, 0) {
				return nil
			}
			b.selVeh = 0
		} else if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && b.hover != 0 {
			if b.vehEnemyClick(a, pt, b.hover) {
				return nil
			}
			b.selVeh = 0
		}
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !b.overUI(mx, my, a) && b.sel.Mode != view.Targeting && !b.tk.active() {
			// a press on open table may start a box; a press elsewhere
			// lets a group go
			switch {
			case b.hover == 0:
				b.group.boxing, b.group.boxFrom = true, art.Pt{X: mx, Y: my}
				b.group.figs = nil
			case !b.group.inGroup(b.hover):
				b.group.figs = nil
			}
		}
		if b.group.boxing && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			b.group.boxing = false
			if math.Abs(mx-b.group.boxFrom.X) > 8*art.UIScale || math.Abs(my-b.group.boxFrom.Y) > 8*art.UIScale {
				b.selectBox(b.group.boxFrom, art.Pt{X: mx, Y: my})
				b.pressed = false
				switch n := len(b.group.figs); {
				case n > 1:
					a.Toast("%d figures selected: drag one to move them together. Esc lets them go.", n)
				case n == 1:
					b.sel.Mode, b.sel.Sel = view.Selected, b.group.figs[0]
					b.group.figs = nil
				}
				return nil
			}
		}
		if b.vstuck.id != 0 && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) && b.vehStuckRelease(a, mx, my) {
			return nil
		}
		if e := b.enemyAt; e.id != 0 && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			b.enemyAt = enemyPress{}
			if math.Hypot(mx-e.x, my-e.y) > view.DragSlopPx*art.UIScale {
				b.notTheirs(a, e.id)
			} else {
				b.enemyClick(a, e.id)
			}
			return nil
		}
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !b.overUI(mx, my, a) && b.deskInterrupt() {
			if f := b.st().Fig(b.hover); f != nil && f.Side == b.shown && !b.deciderPicked() {
				b.waitClick(a) // the other side's prompt is up: it decides first
				return nil
			}
		}
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !b.overUI(mx, my, a) {
			var fp geom.Pt
			if f := b.st().Fig(b.hover); f != nil {
				fp = f.Pos
			}
			if b.sel.Mode == view.Targeting && (b.sel.Point || b.sel.Ground) && b.hover == 0 {
				// a click near the mover's path is its nearest point
				pt = b.snapToPath(pt, func(q geom.Pt) bool {
					c, ok := b.sel.Pending(q)
					return ok && b.g.Refusal(c) == nil
				})
			}
			if b.sel.Mode == view.Selected && b.hover == 0 && b.sel.Sel != 0 && b.enemyVehAt(pt) != 0 {
				// an enemy vehicle clicked with a man selected: aim at the
				// point clicked, or say why not (the press below would let
				// the man go as a click on open table does)
				b.armed = armed
				b.enemyVehClick(a, b.enemyVehAt(pt), pt)
				return nil
			}
			b.pressed = true
			placed := len(b.sel.Volley)
			if c := b.sel.Press(view.Hit{Fig: b.hover, Own: own, Pt: pt}, fp); c != nil {
				b.pressed = false
				b.apply(a, *c)
				return nil
			}
			if len(b.sel.Volley) != placed {
				b.pressed = false
				b.oddsFor = 0 // the card now counts one more die placed
				a.Toast("%d of %d dice placed. Click another target, or Enter to put the rest here.", len(b.sel.Volley), b.sel.Shots)
				return nil
			}
			switch c, ok := b.sel.Pending(pt); {
			case b.sel.Mode == view.Selected && b.hover != 0 && !own && b.sel.Sel != 0:
				// an enemy clicked with a figure selected: aim at him, or
				// say why not, once the button is let go (a drag of him is
				// answered as one: a play-tester dragging a Blue man in the
				// move phase was told figures shoot only in the shooting phase)
				b.pressed = false
				b.enemyAt = enemyPress{id: b.hover, x: mx, y: my}
			case b.sel.Mode != view.Targeting && b.hover != 0 && !own:
				// a figure of the side not playing: no drag, and why not
				b.pressed = false
				b.notTheirs(a, b.hover)
			case b.sel.Mode != view.Targeting:
			case b.sel.Line && b.sel.LineA != nil && *b.sel.LineA == pt:
				a.Toast("First end placed: click the second end of the line. Esc takes it back.")
			case ok && (b.sel.Point || b.hover == 0):
				if err := b.g.Refusal(c); err != nil {
					a.Toast("%s", b.plain(err.Error()))
				}
			case b.hover != 0 && !own:
				a.Toast("%s", b.whyNoTarget(b.hover))
			}
		}
		if b.pressed && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			b.sel.Slop = view.SlopFor(b.tv.cam.Zoom / art.UIScale) // DragSlopPx scaled with the rest of the interface
			b.sel.Move(pt)
			if b.sel.Mode == view.Dragging && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
				b.sel.AddWaypoint(pt)
			}
			if b.sel.Mode == view.Dragging {
				path := b.sel.Path()
				if !samePath(path, b.movePath) {
					b.measureMove(path)
				}
			}
		}
		if b.pressed && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			b.pressed = false
			wasPress := b.sel.Mode == view.Pressing
			wasDrag := b.sel.Mode == view.Dragging
			dragged := b.sel.Path()
			if c := b.sel.Release(pt); c != nil && c.Verb == "move" && len(b.group.figs) > 1 && b.group.inGroup(c.Fig) {
				b.moveGroup(a, *c)
			} else if c != nil {
				b.applyDrop(a, *c, dragged)
			} else if wasDrag {
				// a drag of one of his own figures that may not move
				// now: nothing moved, so say why (it was silent)
				if f := b.st().Fig(b.sel.Sel); f != nil {
					if why := b.dragRefusal(f, dragged); why != "" {
						a.Toast("%s", why)
					}
				}
			} else if wasPress {
				// a second click on the same figure: its whole team
				if id := b.sel.Sel; id != 0 && id == b.group.lastFig && b.tl.Now-b.group.lastAt < 0.4 {
					b.selectTeam(id)
					if n := len(b.group.figs); n > 1 {
						a.Toast("%d figures of the team selected: drag one to move them together. Esc lets them go.", n)
					}
					b.group.lastFig = 0
				} else {
					b.group.lastFig, b.group.lastAt = id, b.tl.Now
				}
				b.autoTarget()
			}
			b.movePath = nil
		}
	}
	b.updateAim(b.tv.tbl(mx, my))
	// terrain (or a thing lying on it) under a resting pointer: its card
	// says what it does
	b.piece, b.over = -1, nil
	if p := (art.Pt{X: mx, Y: my}); math.Abs(p.X-b.restAt.X) > 3 || math.Abs(p.Y-b.restAt.Y) > 3 {
		b.rest, b.restAt = 0, p
	} else {
		b.rest += dt
	}
	b.hoverVeh = 0
	if b.hover == 0 && !b.pressed && b.sel.Mode != view.Targeting && !b.overUI(mx, my, a) && !b.tk.active() {
		b.hoverVeh = b.vehAt(b.tv.tbl(mx, my)) // its card, not the road under it
	}
	if b.rest > 0.5 && b.hover == 0 && b.hoverVeh == 0 && !b.pressed && b.sel.Mode != view.Targeting && !b.overUI(mx, my, a) && !b.tk.active() {
		b.piece = pieceAt(b.st().Map, b.tv.tbl(mx, my))
		if o, ok := b.overlayAt(b.tv.tbl(mx, my)); ok {
			b.over = &o
		}
	}
	// odds for the target under the pointer
	if hf := b.st().Fig(b.hover); hf != nil && hf.Side == b.st().Decider && !(b.sel.Mode == view.Targeting && b.sel.Targetable(hf.ID)) {
		b.oddsFor = 0 // own figures that are not targets of the aimed command: show their card
	} else if b.sel.Mode == view.Targeting && b.hover != 0 && b.hover != b.oddsFor {
		b.aimOdds(b.hover)
	}
	return nil
}

// aimOdds fills the odds card for the figure id under the pointer while
// aiming: the command, its odds and who of a team fires, or why not, and
// the selected figure's sight line to him.
func (b *battle) aimOdds(id rules.FigID) {
	b.oddsFor = id
	b.oddsCmd = b.aimedCommand(id)
	b.oddsErr, b.oddsWhy, b.oddsBy, b.oddsByOK = nil, "", nil, false
	if b.oddsCmd != nil {
		b.odds, b.oddsErr = b.g.Odds(*b.oddsCmd)
		b.oddsBy, b.oddsByOK = b.g.Firers(*b.oddsCmd) // a team's fire: who of it shoots
	} else if hf := b.st().Fig(id); hf != nil && hf.Side != b.st().Decider {
		b.oddsWhy = b.whyNoTarget(id) // its card says why (a red-crossed line alone says nothing)
	}
	if f, t := b.st().Fig(b.sel.Sel), b.st().Fig(id); f != nil && t != nil && b.st().Terrain != nil {
		b.los = b.st().Terrain.LineOfSight(f.Pos, t.Base(b.st().BaseR), terrain.LOSOptions{IgnoreNearFirer: true,
			Stops: rules.SightStopsOf(b.g.RS, b.st(), f.Pos, t.Base(b.st().BaseR))})
		if vis, ok := rules.SightLineOf(b.g.RS, b.st(), f.ID, t.ID); ok {
			b.los.Vis = vis // the rule set's own sight, not the flat terrain's
		}
	}
}

// applyDrop gives the command a let-go drag made along dragged: a move
// the rules stopped short of where it was let go says why, in the log
// and a notice ("Uffz Brandt stopped short: the way is blocked by the
// cottage").
func (b *battle) applyDrop(a *App, c rules.Command, dragged []geom.Pt) {
	if c.Verb == "move" {
		b.dropped = c.Fig
		b.shortWhy = b.stopWhy(c.Fig, dragged, c.Path)
	}
	if b.apply(a, c) && b.shortWhy != "" {
		if f := b.st().Fig(c.Fig); f != nil {
			a.Toast("%s stopped short: %s.", f.Name, b.shortWhy)
		}
	}
	b.dropped, b.shortWhy = 0, ""
}

// measureMove asks the core about the move being dragged along path, for
// the tape: how far it goes, the furthest legal part when it is refused,
// and the crossings it will roll for before it ends.
func (b *battle) measureMove(path []geom.Pt) {
	b.movePath = path
	b.moveInfo = b.g.MoveCheck(b.sel.Sel, path)
	b.moveFit, b.moveCross = nil, nil
	if b.moveInfo.OK {
		b.moveCross = b.g.MoveCrossings(b.sel.Sel, path)
	} else if b.moveFit = b.fitDrop(path); len(b.moveFit) > 0 {
		// (fitDrop, as letting go does: a mere step of a long drag is no
		// green ring, for nothing would move)
		b.moveCross = b.g.MoveCrossings(b.sel.Sel, b.moveFit) // where letting go leaves him
	}
}

func samePath(a, b []geom.Pt) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// autoTarget enters targeting when the selected figure's only business is
// to shoot or fight.
func (b *battle) autoTarget() {
	if b.sel.CanAct("move") {
		return
	}
	// a command aimed by clicking its target: one the rule set offers as
	// aimed, or a whole unit's command at a figure (opportunity fire)
	for _, c := range b.legal {
		if !b.sel.For(c, b.sel.Sel) || len(c.Targets) == 0 {
			continue
		}
		if (b.action(c).Kind == rules.ActAim || c.Fig == 0) && b.beginTargeting(c.Verb) {
			return
		}
	}
}

// liveInput reports whether, while an animation plays, the pointer is
// working the table: a drag under way, or a press on one of the figures
// of the side that has the table and still decides.
func (b *battle) liveInput(mx, my float64, a *App) bool {
	st := b.st()
	if st.Over || st.Decider != b.shown || b.curtain {
		return false
	}
	if b.pressed {
		return true
	}
	if !clicked() {
		return false
	}
	for i := range b.buttons {
		if bt := &b.buttons[i]; !bt.disabled && mx >= bt.x && mx < bt.x+bt.w && my >= bt.y && my < bt.y+bt.h {
			return true // a button of the bar
		}
	}
	if b.overUI(mx, my, a) {
		return false
	}
	f := st.Fig(b.figAt(mx, my))
	if b.sel.Mode == view.Targeting {
		// aiming: a click on a target (or on the table, for a point) acts
		return b.sel.Point || (b.sel.Ground && f == nil) || (f != nil && b.sel.Targetable(f.ID))
	}
	return f != nil && !f.Removed && f.Side == st.Decider
}

// liftCurtain hands the table to the side deciding: its orders and its
// panel.
func (b *battle) liftCurtain() {
	b.curtain = false
	b.shown = b.st().Decider
	b.sel.Reset()
	b.refresh()
	// and its men into view (while the table was being handed over the
	// bar held none of its orders, so the step's glide found no one)
	if u := b.actingUnit(); u != 0 {
		b.glideTo(u)
	} else {
		b.glideToSide()
	}
}

// pieceAt is the terrain piece at p: a linear piece (a hedge, a wall)
// whose band holds p first, else the last area piece drawn there; -1 for
// open table.
func pieceAt(m *terrain.Map, p geom.Pt) int {
	if m == nil {
		return -1
	}
	area := -1
	for i := range m.Pieces {
		pc := &m.Pieces[i]
		if pc.Props.Linear {
			half := float64(pc.Props.Width)/2 + 150
			for k := 1; k < len(pc.Path); k++ {
				if view.SegDist(pc.Path[k-1], pc.Path[k], p) <= half {
					return i
				}
			}
			continue
		}
		if len(pc.Poly) > 2 && pc.Poly.PointIn(p) >= 0 {
			area = i
		}
	}
	return area
}

// updateAim works out, as the pointer moves while aiming at a point, a
// line or the ground, the command a click would give there and whether
// the rule set would take it (rules.Game.Refusal), for drawing.
func (b *battle) updateAim(pt geom.Pt) {
	c, ok := b.sel.Pending(pt)
	if !ok || (!b.sel.Point && b.hover != 0) {
		b.aimAt, b.aimErr, b.aimFrom = nil, nil, ""
		return
	}
	key := fmt.Sprint(c, len(b.g.Log))
	if key == b.aimFrom {
		return
	}
	b.aimFrom = key
	b.aimAt, b.aimErr = &c, b.g.Refusal(c)
}
