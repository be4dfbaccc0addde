package game

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/smle"
	"hedgerow/rules/ssg"
	"hedgerow/rules/terrain"
)

// logEntry is one line of the battle log, with its roll when it had one.
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

	sel        view.Selector
	actKey     string // the team activation now under way (S.M.L.E.), see newActivation
	pressed    bool
	legal      []rules.Command
	moveInfo   rules.MoveInfo
	movePath   []geom.Pt
	oddsFor    rules.FigID
	odds       rules.Odds
	oddsCmd    *rules.Command
	oddsErr    error
	los        terrain.LOS
	hover      rules.FigID
	log        []logEntry
	logScroll  int
	pending    map[rules.FigID]bool // removals still to be animated
	curtain    bool
	shown      int // side the screen was last handed to
	buttons    []button
	bcmds      []func()
	diceRand   *rand.Rand
	heading    map[rules.FigID]float64  // where each figure looks, radians (display only)
	blastAim   map[*geom.Circle]geom.Pt // where each burst was aimed (its target's spot)
	oppLabels  []string                 // button labels with odds for interrupting commands
	explain    *rules.Explanation       // the rule set's status panel, when it has one
	targets    map[rules.FigID]bool     // figures that may be clicked as targets now
	targetsKey string                   // what targets was worked out for
}

func newBattle(a *App, g *rules.Game, evs []rules.Event) *battle {
	b := &battle{g: g, tv: newTableView(g.St.Map), pending: map[rules.FigID]bool{}, shown: -1, heading: map[rules.FigID]float64{}}
	b.initHeadings()
	b.tl.Speed = a.speed
	b.diceRand = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 3))
	b.tv.padR = 340 * uiScale
	b.tv.padB = 70 * uiScale
	b.tv.padT = 44 * uiScale
	b.tv.legend = false
	if a.opt.autosave != "" {
		path := a.opt.autosave
		g.OnCommit = func(g *rules.Game) {
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := rules.SaveAtomic(path, g); err != nil {
				a.Toast("Autosave failed: %v", err)
			}
		}
		g.OnCommit(g)
	}
	b.push(evs)
	b.refresh()
	return b
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

// newActivation tells when another team has begun its activation
// (S.M.L.E.'s ActivationKey; other rule sets have none). A figure of the
// team that has just ended its go stays selected otherwise,
// and the bar then shows nothing the new team may do.
func (b *battle) newActivation() bool {
	key := smle.ActivationKey(b.st())
	changed := key != b.actKey && b.actKey != "" && key != ""
	b.actKey = key
	return changed
}

func (b *battle) refresh() {
	b.legal = b.g.Legal()
	b.sel.Legal = b.legal
	b.oddsFor = 0
	b.sel.Check = func(c rules.Command) bool { _, err := b.g.Odds(c); return err == nil }
	b.sel.Team = map[rules.FigID]rules.UnitID{}
	for _, f := range b.st().Figures {
		b.sel.Team[f.ID] = f.Unit
	}
	b.explain = nil
	if ex, ok := b.g.RS.(rules.Explainer); ok {
		e := ex.Explain(b.st())
		b.explain = &e
	}
	b.oppLabels = b.oppLabels[:0]
	for _, c := range b.legal {
		l := ""
		if c.Fig == 0 && c.Unit != 0 && (len(c.Targets) == 0 || !targetVerbs[c.Verb] || c.Verb == "oppfire") {
			l = b.unitLabel(c) // only these become buttons of their own
		}
		b.oppLabels = append(b.oppLabels, l)
	}
}

// unitLabel names a command given by a whole unit for its button, with
// the odds when it rolls dice ("" for other commands).
func (b *battle) unitLabel(c rules.Command) string {
	if c.Fig != 0 || c.Unit == 0 {
		return ""
	}
	u := b.st().UnitOf(c.Unit)
	if u == nil {
		return ""
	}
	if len(c.Targets) == 0 {
		return title(verbWord(c.Verb)) + ": " + u.Name
	}
	// a unit's shot at one figure (opportunity fire): short, the odds of
	// the worst outcome; the card on hovering gives them all
	label := u.Name + " fires"
	if o, err := b.g.Odds(c); err == nil && len(o.Outcomes) > 0 {
		label += fmt.Sprintf(" (%s %.0f%%)", o.Outcomes[0].Name, o.Outcomes[0].P*100)
	}
	return label
}

// oddsShort gives the likeliest outcomes of a command in a few words.
func oddsShort(o rules.Odds) string {
	var parts []string
	for _, x := range o.Outcomes {
		if x.P >= 0.005 && len(parts) < 3 {
			parts = append(parts, fmt.Sprintf("%s %.0f%%", x.Name, x.P*100))
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// verbWord is the plain word for a command verb.
func verbWord(v string) string {
	if w, ok := verbWords[v]; ok {
		return w
	}
	return v
}

var verbWords = map[string]string{"oppfire": "opportunity fire", "fire": "fire", "run": "run", "assault": "close assault", "blast": "explosive", "pass": "let it pass", "aid": "first aid"}

func (b *battle) push(evs []rules.Event) {
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
	b.tl.Add(evs)
}

func (b *battle) apply(a *App, c rules.Command) bool {
	evs, err := b.g.Apply(c)
	if err != nil {
		a.Toast("%s", sentence(err.Error()))
		return false
	}
	b.push(evs)
	b.refresh()
	if b.sel.Sel != 0 && !b.anyFor(b.sel.Sel) {
		b.sel.Mode = view.Selected
	}
	return true
}

func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
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

// hiddenFromViewer reports whether f belongs to a team the player at the
// table now must not see: an S.M.L.E. team set up hidden and not yet
// spotted, on the other side from the one deciding.
func (b *battle) hiddenFromViewer(f *rules.Figure) bool {
	st := b.st()
	return f.Side != st.Decider && !f.Removed && smle.Unspotted(st, st.UnitOf(f.Unit))
}

// eventUnit is the team an event concerns: its own, or its figure's.
func (b *battle) eventUnit(ev rules.Event) rules.UnitID {
	if ev.Unit != 0 {
		return ev.Unit
	}
	if f := b.st().Fig(ev.Fig); f != nil {
		return f.Unit
	}
	return 0
}

// unseenUnit reports whether the player at the table may not know of
// team id: an S.M.L.E. team of the other side still hidden (hidden
// set-up).
func (b *battle) unseenUnit(id rules.UnitID) bool {
	st := b.st()
	u := st.UnitOf(id)
	return u != nil && u.Side != st.Decider && smle.Unspotted(st, u)
}

// shownEntry is a log entry as the player at the table may read it: what
// a hidden enemy team did is told without its name, its dice or where.
func (b *battle) shownEntry(e logEntry) logEntry {
	if e.unit == 0 || !b.unseenUnit(e.unit) {
		return e
	}
	e.roll = nil
	switch e.kind {
	case "move":
		e.text = "An unseen enemy figure moves."
	case "roll":
		e.text = "An unseen enemy team rolls dice."
	default:
		e.text = "An unseen enemy team acts."
	}
	return e
}

// figAt finds the figure under a screen point (alive ones first).
func (b *battle) figAt(x, y float64) rules.FigID {
	best, bd := rules.FigID(0), math.Inf(1)
	r := b.tv.px(geom.Inches(b.st().BaseR))
	for i := range b.st().Figures {
		f := &b.st().Figures[i]
		if (f.Removed && !b.pending[f.ID]) || b.hiddenFromViewer(f) {
			continue
		}
		p := b.drawPos(f)
		d := math.Hypot(p.X-x, p.Y-y)
		if d <= math.Max(r, 6*uiScale) && d < bd {
			best, bd = f.ID, d
		}
	}
	return best
}

func (b *battle) drawPos(f *rules.Figure) fpt {
	if p, _, ok := b.tl.FigurePos(f.ID); ok {
		return b.tv.scr(p)
	}
	return b.tv.scr(f.Pos)
}

func (b *battle) overUI(x, y float64, a *App) bool {
	return x > a.W-b.tv.padR || y < b.tv.padT || y > a.H-b.tv.padB
}

func (b *battle) Update(a *App, dt float64) error {
	b.probe()
	mx, my := cursor()
	// the wheel scrolls the log when over it
	if mx > a.W-b.tv.padR && my > b.tv.padT {
		if _, wy := ebiten.Wheel(); wy != 0 {
			b.logScroll = max(0, b.logScroll+int(wy*3))
		}
	} else {
		b.tv.update(a, dt)
	}
	for _, an := range b.tl.Step(dt) {
		b.finished(an)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyBracketLeft) {
		a.speed = math.Max(0.25, a.speed/2)
		b.tl.Speed = a.speed
		a.Toast("Animation speed x%g", a.speed)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyBracketRight) {
		a.speed = math.Min(view.MaxSpeed, a.speed*2)
		b.tl.Speed = a.speed
		a.Toast("Animation speed x%g", a.speed)
	}
	if b.newActivation() {
		b.sel.Reset()
	}
	if b.tl.Busy() {
		if inpututil.IsKeyJustPressed(ebiten.KeySpace) || clicked() {
			b.tl.SkipOne()
		}
		if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
			b.tl.SkipAll()
		}
		// the bar already shows what may be done now (not the buttons of
		// before the command, such as a shot the team has just made)
		b.layoutButtons(a)
		return nil
	}
	if b.st().Over {
		a.scene = newResult(a, b)
		return nil
	}
	if b.st().Decider != b.shown {
		if b.shown < 0 {
			b.shown = b.st().Decider
		} else {
			b.curtain = true
		}
	}
	if b.curtain {
		if clicked() || inpututil.IsKeyJustPressed(ebiten.KeySpace) || inpututil.IsKeyJustPressed(ebiten.KeyEnter) {
			b.curtain = false
			b.shown = b.st().Decider
			b.sel.Reset()
		}
		return nil
	}
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyZ) {
		if err := b.g.Undo(); err != nil {
			a.Toast("Cannot take back: %s", err.Error())
		} else {
			b.pending = map[rules.FigID]bool{}
			b.refresh()
			b.sel.Reset()
			b.log = append(b.log, logEntry{text: "(last command taken back)", side: -1})
			a.Toast("Taken back.")
		}
		return nil
	}
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyS) {
		a.saveGame(b.g)
		return nil
	}
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyO) {
		a.loadDialog()
		return nil
	}
	if b.tk.update(a, b.tv, b.st().Terrain) {
		return nil
	}
	// buttons
	b.layoutButtons(a)
	for i := range b.buttons {
		if b.buttons[i].clicked() {
			b.bcmds[i]()
			return nil
		}
	}
	for i := 0; i < len(b.buttons) && i < 9; i++ {
		if inpututil.IsKeyJustPressed(ebiten.Key1+ebiten.Key(i)) && !b.buttons[i].disabled {
			b.bcmds[i]()
			return nil
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEnter) {
		// Enter ends the turn, or lets an interruption pass when that is
		// what the rule set waits for
		c := rules.Command{Verb: "end"}
		for _, l := range b.legal {
			if l.Verb == "pass" && l.Fig == 0 && l.Unit == 0 {
				c = l
			}
		}
		b.apply(a, c)
		return nil
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyTab) {
		b.selectNext()
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
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
		b.sel.Escape()
	}
	// the table
	b.hover = 0
	if !b.overUI(mx, my, a) || b.pressed {
		b.hover = b.figAt(mx, my)
		pt := b.tv.tbl(mx, my)
		own := false
		if f := b.st().Fig(b.hover); f != nil {
			own = f.Side == b.st().Decider && !f.Removed
		}
		if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !b.overUI(mx, my, a) {
			var fp geom.Pt
			if f := b.st().Fig(b.hover); f != nil {
				fp = f.Pos
			}
			b.pressed = true
			if c := b.sel.Press(view.Hit{Fig: b.hover, Own: own, Pt: pt}, fp); c != nil {
				b.pressed = false
				b.apply(a, *c)
				return nil
			}
			if b.sel.Mode == view.Targeting && b.hover != 0 && !own {
				a.Toast("%s", b.whyNoTarget(b.hover))
			}
		}
		if b.pressed && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			b.sel.Slop = view.SlopFor(b.tv.cam.Zoom)
			b.sel.Move(pt)
			if b.sel.Mode == view.Dragging {
				path := b.sel.Path()
				if !samePath(path, b.movePath) {
					b.movePath = path
					b.moveInfo = b.g.MoveCheck(b.sel.Sel, path)
				}
			}
		}
		if b.pressed && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			b.pressed = false
			wasPress := b.sel.Mode == view.Pressing
			if c := b.sel.Release(pt); c != nil {
				b.apply(a, *c)
			} else if wasPress {
				b.autoTarget()
			}
			b.movePath = nil
		}
	}
	// odds for the target under the pointer
	if hf := b.st().Fig(b.hover); hf != nil && hf.Side == b.st().Decider {
		b.oddsFor = 0 // own figures are not targets: show their card
	} else if b.sel.Mode == view.Targeting && b.hover != 0 && b.hover != b.oddsFor {
		b.oddsFor = b.hover
		b.oddsCmd = b.sel.TargetCommand(b.hover)
		b.oddsErr = nil
		if b.oddsCmd != nil {
			b.odds, b.oddsErr = b.g.Odds(*b.oddsCmd)
		}
		if f, t := b.st().Fig(b.sel.Sel), b.st().Fig(b.hover); f != nil && t != nil && b.st().Terrain != nil {
			b.los = b.st().Terrain.LineOfSight(f.Pos, t.Base(b.st().BaseR), terrain.LOSOptions{IgnoreNearFirer: true})
		}
	}
	return nil
}

func (b *battle) whyNoTarget(id rules.FigID) string {
	f, t := b.st().Fig(b.sel.Sel), b.st().Fig(id)
	if f == nil || t == nil {
		return "No target there."
	}
	if w, ok := b.ssgWeapon(firstWeapon(f)); ok && b.sel.Verb == "fire" && !geom.WithinDist(f.Pos, t.Pos, w.Long) {
		return fmt.Sprintf("%s is %.1f\" away: beyond the %s's %g\" long range.", t.Name, geom.Inches(geom.Dist(f.Pos, t.Pos)), w.Label, geom.Inches(w.Long))
	}
	c := rules.Command{Verb: b.sel.Verb, Fig: f.ID, Targets: []rules.FigID{id}}
	if _, err := b.g.Odds(c); err != nil {
		return sentence(err.Error())
	}
	return fmt.Sprintf("%s cannot %s %s now.", f.Name, b.sel.Verb, t.Name)
}

// ssgWeapon looks a weapon up in the Simple Skirmish Game's table, only
// when that is the rule set being played (weapon ids are shared words).
func (b *battle) ssgWeapon(id string) (ssg.Weapon, bool) {
	if b.g.RS == nil || b.g.RS.ID() != "ssg" {
		return ssg.Weapon{}, false
	}
	return ssg.WeaponByID(id)
}

func firstWeapon(f *rules.Figure) string {
	if len(f.Weapons) == 0 {
		return ""
	}
	return f.Weapons[0]
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
	for _, v := range []string{"oppfire", "fire", "melee"} {
		if b.sel.BeginTargeting(v) {
			return
		}
	}
}

func (b *battle) selectNext() {
	var ids []rules.FigID
	for _, f := range b.st().Figures {
		if !f.Removed && b.anyFor(f.ID) {
			ids = append(ids, f.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	next := ids[0]
	for i, id := range ids {
		if id == b.sel.Sel && i+1 < len(ids) {
			next = ids[i+1]
		}
	}
	b.sel.Mode, b.sel.Sel = view.Selected, next
	b.autoTarget()
	if f := b.st().Fig(next); f != nil {
		p := b.tv.scr(f.Pos)
		if p.X < 0 || p.Y < 0 || p.X > b.tv.cam.W-b.tv.padR || p.Y > b.tv.cam.H-b.tv.padB {
			b.tv.cam.PanSmooth(b.tv.cam.W/2-p.X, b.tv.cam.H/2-p.Y)
		}
	}
}

func (b *battle) finished(an view.Anim) {
	ev := an.Ev
	if ev.Kind == "removed" {
		delete(b.pending, ev.Fig)
	}
	if ev.Text != "" || ev.Roll != nil {
		b.log = append(b.log, logEntry{text: ev.Text, roll: ev.Roll, side: ev.Side, kind: ev.Kind, unit: b.eventUnit(ev)})
		b.logScroll = 0
	}
}

var verbLabels = map[string]string{"move": "Move (drag the figure)", "fire": "Shoot", "melee": "Fight in melee", "end": "End", "rally": "Rally", "posture": "Posture",
	"blast": "Explosive", "assault": "Close assault", "oppfire": "Opportunity fire", "aid": "First aid", "run": "Run (whole team)", "pass": "Let it pass", "dismount": "Dismount (whole team)"}

// targetVerbs are the verbs chosen by clicking an enemy figure.
var targetVerbs = map[string]bool{"fire": true, "melee": true, "blast": true, "assault": true, "oppfire": true}

func (b *battle) endLabel() string {
	switch b.st().Phase {
	case ssg.PhaseMove:
		return "End movement"
	case ssg.PhaseShoot:
		return "End turn"
	case ssg.PhaseMelee:
		return "Fight all melees"
	case "activate":
		return "End activation"
	}
	return "End " + b.st().Phase
}

func (b *battle) layoutButtons(a *App) {
	b.buttons, b.bcmds = b.buttons[:0], b.bcmds[:0]
	add := func(label string, disabled bool, f func()) {
		b.buttons = append(b.buttons, button{label: label, disabled: disabled})
		b.bcmds = append(b.bcmds, f)
	}
	seen := map[string]bool{}
	if b.sel.Sel != 0 {
		for _, c := range b.legal {
			// a unit's command without a target is a button of its own below
			if !b.sel.For(c, b.sel.Sel) || (c.Fig == 0 && len(c.Targets) == 0) {
				continue
			}
			key := c.Verb
			if c.Verb == "aid" && len(c.Targets) > 0 {
				key = fmt.Sprint("aid", c.Targets[0])
			}
			if c.Verb == "posture" || c.Verb == "door" {
				key += c.Arg + fmt.Sprint(c.Path)
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			verb := c.Verb
			label := verbLabels[verb]
			if label == "" {
				label = title(verb)
			}
			switch {
			case verb == "move":
				add(label, false, func() { a.Toast("Drag the figure to move it: the tape shows what the move costs.") })
			case targetVerbs[verb] && len(c.Targets) > 0:
				if verb == "blast" && c.Arg != "" {
					label += " (" + c.Arg + ")"
				}
				add(label+"...", false, func() {
					if b.sel.BeginTargeting(verb) {
						a.Toast("Click a target marked in red. Esc to stop.")
					}
				})
			default:
				if verb == "aid" && len(c.Targets) > 0 {
					if t := b.st().Fig(c.Targets[0]); t != nil {
						label += ": " + t.Name
					}
				}
				if verb == "posture" && c.Arg != "" && c.Fig != 0 {
					label = "Go " + c.Arg
				}
				if verb == "door" {
					label = b.doorLabel(c)
				}
				cc := c
				add(label, false, func() { b.apply(a, cc) })
			}
		}
	}
	if b.sel.Sel == 0 || !b.anyFor(b.sel.Sel) {
		// a unit's aimed command (team fire, close assault): one button
		// per unit and verb that picks the unit's first figure and aims
		// (also while a figure that can do nothing now is selected, such
		// as one of the team that has just ended its go)
		for _, c := range b.legal {
			if c.Fig != 0 || c.Unit == 0 || len(c.Targets) == 0 || c.Verb == "oppfire" || !targetVerbs[c.Verb] {
				continue
			}
			key := fmt.Sprint(c.Verb, c.Unit)
			if seen[key] {
				continue
			}
			seen[key] = true
			var first rules.FigID
			for _, f := range b.st().Figures {
				if f.Unit == c.Unit && !f.Removed {
					first = f.ID
					break
				}
			}
			u := b.st().UnitOf(c.Unit)
			if first == 0 || u == nil {
				continue
			}
			label := verbLabels[c.Verb]
			if label == "" {
				label = title(c.Verb)
			}
			verb := c.Verb
			add(label+": "+u.Name+"...", false, func() {
				b.sel.Mode, b.sel.Sel = view.Selected, first
				if b.sel.BeginTargeting(verb) {
					a.Toast("Click a target marked in red. Esc to stop.")
				}
			})
		}
	}
	for i, c := range b.legal {
		if c.Fig != 0 || (c.Unit != 0 && len(c.Targets) > 0 && c.Verb != "oppfire") {
			continue
		}
		cc := c
		label := title(c.Verb)
		if l := verbLabels[c.Verb]; l != "" && c.Verb != "end" {
			label = l
		}
		if i < len(b.oppLabels) && b.oppLabels[i] != "" {
			label = b.oppLabels[i]
		}
		if c.Verb == "end" || (c.Verb == "melee" && len(c.Targets) == 0) {
			label = b.endLabel()
		}
		add(label, false, func() { b.apply(a, cc) })
	}
	undo := b.g.CanUndo()
	add("Undo", !undo, func() {
		if err := b.g.Undo(); err == nil {
			b.pending = map[rules.FigID]bool{}
			b.refresh()
			b.sel.Reset()
		}
	})
	// position along the bottom bar; when they do not all fit beside the
	// log (a figure at a door has many choices), the labels go short and
	// the buttons closer, so the last (End) is never pushed off screen
	avail := a.W - b.tv.padR - 14*uiScale
	pad, gap := 28*uiScale, 10*uiScale
	for pass := 0; pass < 4; pass++ {
		x := 14 * uiScale
		y := a.H - b.tv.padB + 16*uiScale
		for i := range b.buttons {
			bt := &b.buttons[i]
			if i < 9 {
				bt.key = fmt.Sprint(i + 1)
			}
			bt.w = textW(bt.key+"  "+bt.label, boldFace(14)) + pad
			bt.h = 38 * uiScale
			bt.x, bt.y = x, y
			x += bt.w + gap
		}
		if x-gap <= avail {
			break
		}
		switch pass {
		case 0:
			for i := range b.buttons {
				b.buttons[i].label = compactLabel(b.buttons[i].label)
			}
		case 1:
			pad, gap = 14*uiScale, 5*uiScale
		case 2:
			// "Run: Section" -> "Run": the active team is named in the panel
			for i := range b.buttons {
				l := &b.buttons[i].label
				if j := strings.Index(*l, ": "); j > 0 && !strings.Contains(*l, " in 6") {
					*l = (*l)[:j] + map[bool]string{true: "...", false: ""}[strings.HasSuffix(*l, "...")]
				}
			}
		}
	}
}

// compactLabel is a button's label for a crowded bar: without its
// parenthetical hint (odds are kept), door actions in a word or two.
func compactLabel(l string) string {
	dots := strings.HasSuffix(l, "...")
	l = strings.TrimSuffix(l, "...")
	if i := strings.Index(l, " ("); i > 0 && !strings.Contains(l[i:], " in 6") && !strings.Contains(l[i:], "%") {
		l = l[:i]
	}
	for _, w := range [][2]string{{"Kick in the door", "Kick in"}, {"Rush the door, team behind", "Rush in"}, {"Open the door", "Open door"}} {
		l = strings.Replace(l, w[0], w[1], 1)
	}
	if dots {
		l += "..."
	}
	return l
}

// ---- drawing ----

func (b *battle) Draw(a *App, dst *ebiten.Image) {
	st := b.st()
	b.tv.draw(dst)
	indoors := occupied(st, b.hiddenFromViewer)
	drawInteriors(dst, b.tv, st, indoors)
	drawDoors(dst, b.tv, st, indoors)
	drawAreas(dst, b.tv, -2, nil)
	r := b.tv.px(geom.Inches(st.BaseR))
	sel := st.Fig(b.sel.Sel)
	if sel != nil && b.tk.rings {
		b.drawRings(dst, sel)
	}
	// the move tape
	if b.sel.Mode == view.Dragging && sel != nil && len(b.movePath) > 0 {
		b.drawMoveTape(dst, sel)
	}
	// targeting: sight line to the hovered enemy
	targets := map[rules.FigID]bool{}
	if b.sel.Mode == view.Targeting {
		key := fmt.Sprint(b.sel.Sel, b.sel.Verb, len(b.g.Log), b.g.St.Phase)
		if key != b.targetsKey {
			b.targetsKey, b.targets = key, map[rules.FigID]bool{}
			for _, f := range st.Figures {
				if !f.Removed && b.sel.Targetable(f.ID) {
					b.targets[f.ID] = true
				}
			}
		}
		targets = b.targets
		if t := st.Fig(b.hover); sel != nil && t != nil && t.Side != sel.Side && b.oddsFor == b.hover {
			drawSight(dst, b.tv.scr(sel.Pos), b.tv.scr(t.Pos), b.los.Vis)
		}
	}
	// figures: removed first (lying under the living)
	for pass := 0; pass < 2; pass++ {
		for i := range st.Figures {
			f := &st.Figures[i]
			removed := f.Removed && !b.pending[f.ID]
			if (pass == 0) != removed || b.hiddenFromViewer(f) {
				continue
			}
			look := figLook{pos: b.drawPos(f), r: r, side: sideColour(st, f.Side), facing: b.heading[f.ID],
				posture: f.Posture, weapon: firstWeapon(f), leader: f.Leader, markers: f.Markers, removed: removed, fade: 1,
				hover: f.ID == b.hover, selected: f.ID == b.sel.Sel, target: targets[f.ID]}
			look.canAct = !removed && !b.curtain && b.anyFor(f.ID)
			if an, ok := b.tl.Current(); ok && an.Ev.Kind == "removed" && an.Ev.Fig == f.ID {
				look.fade = 1 - an.Progress(b.tl.Now)
				if look.fade < 0.5 {
					look.removed = true
				}
			}
			drawFigure(dst, look)
		}
	}
	b.drawTemplate(dst)
	// while a burst or the dice play, the figure under the pointer keeps
	// its card to itself: they are what the player watches (and the card
	// would peek out from under the dice tray)
	watching := false
	if an, ok := b.tl.Current(); ok {
		if an.Ev.Kind == "blast" && an.Ev.Area != nil {
			b.drawBurst(dst, an)
		}
		watching = an.Ev.Roll != nil || (an.Ev.Kind == "blast" && an.Ev.Area != nil)
	}
	b.tk.draw(dst, a, b.tv, st.Terrain)
	if b.tv.legend {
		b.tv.drawLegend(dst, 12*uiScale, a.H-b.tv.padB-60*uiScale)
	}
	b.tv.drawScaleBar(dst, 18*uiScale, a.H-b.tv.padB-22*uiScale, false)
	if b.sel.Mode == view.Targeting && b.hover != 0 && b.oddsFor == b.hover && st.Fig(b.hover).Side != st.Decider {
		b.drawOdds(dst, a)
	} else if b.hover != 0 && !b.pressed && !watching {
		b.drawCard(dst, a, st.Fig(b.hover))
	}
	b.drawTopBar(dst, a)
	b.drawLog(dst, a)
	b.drawBottom(dst, a)
	if an, ok := b.tl.Current(); ok && an.Ev.Roll != nil && !b.unseenUnit(b.eventUnit(an.Ev)) {
		b.drawDice(dst, a, an)
	}
	if b.curtain {
		b.drawCurtain(dst, a)
	}
}

func (b *battle) drawRings(dst *ebiten.Image, f *rules.Figure) {
	w, ok := b.ssgWeapon(firstWeapon(f))
	if !ok {
		return
	}
	c := b.tv.scr(f.Pos)
	ring(dst, c, b.tv.px(geom.Inches(w.Short)), 2*uiScale, rgba(0xfff2a0, 220))
	n := int(2 * math.Pi * b.tv.px(geom.Inches(w.Long)) / (14 * uiScale))
	for i := 0; i < n; i += 2 {
		a0 := float64(i) / float64(n) * 2 * math.Pi
		a1 := float64(i+1) / float64(n) * 2 * math.Pi
		R := b.tv.px(geom.Inches(w.Long))
		line(dst, fpt{c.X + math.Cos(a0)*R, c.Y + math.Sin(a0)*R}, fpt{c.X + math.Cos(a1)*R, c.Y + math.Sin(a1)*R}, 2*uiScale, rgba(0xffb060, 220))
	}
	say(dst, fmt.Sprintf("%s: short %g\"", w.Label, geom.Inches(w.Short)), boldFace(12), c.X, c.Y-b.tv.px(geom.Inches(w.Short))-18*uiScale, rgb(0xfff2a0), 1)
	say(dst, fmt.Sprintf("long %g\" (-1)", geom.Inches(w.Long)), boldFace(12), c.X, c.Y-b.tv.px(geom.Inches(w.Long))-18*uiScale, rgb(0xffb060), 1)
}

func (b *battle) drawMoveTape(dst *ebiten.Image, f *rules.Figure) {
	info := b.moveInfo
	legs := info.Legs
	if len(legs) == 0 {
		legs = append([]geom.Pt{f.Pos}, b.movePath...)
	}
	// the path as dragged (faint) and as the rules follow it
	full := append([]geom.Pt{f.Pos}, b.movePath...)
	for i := 1; i < len(full); i++ {
		strokeDashed(dst, b.tv.scr(full[i-1]), b.tv.scr(full[i]), 2*uiScale, 6*uiScale, 5*uiScale, rgba(0xffffff, 150))
	}
	okCol, badCol := rgb(0x7ee08a), rgb(0xf05a4a)
	col := okCol
	if !info.OK {
		col = badCol
	}
	// green as far as the allowance reaches, red beyond it
	reach := math.Inf(1)
	if info.Cost > 0 && info.Allowance > 0 {
		reach = float64(info.Allowance) * float64(max(info.Length, 1)) / float64(info.Cost)
	}
	walked := 0.0
	for i := 1; i < len(legs); i++ {
		pa, pb := b.tv.scr(legs[i-1]), b.tv.scr(legs[i])
		line(dst, fpt{pa.X + 1, pa.Y + 2}, fpt{pb.X + 1, pb.Y + 2}, 7*uiScale, rgba(0x000000, 100))
		seg := view.PathLength(legs[i-1], legs[i:i+1])
		switch {
		case walked+seg <= reach && info.OK:
			line(dst, pa, pb, 6*uiScale, okCol)
		case walked >= reach || !info.OK && walked+seg <= reach:
			c := badCol
			if walked+seg <= reach {
				c = okCol
			}
			line(dst, pa, pb, 6*uiScale, c)
		default:
			k := (reach - walked) / seg
			mid := fpt{pa.X + (pb.X-pa.X)*k, pa.Y + (pb.Y-pa.Y)*k}
			line(dst, pa, mid, 6*uiScale, okCol)
			line(dst, mid, pb, 6*uiScale, badCol)
		}
		walked += seg
	}
	// inch ticks along the followed path
	var pts []fpt
	for _, q := range legs {
		pts = append(pts, b.tv.scr(q))
	}
	along(pts, b.tv.px(1), func(q fpt, ang float64, i int) {
		nx, ny := -math.Sin(ang)*5*uiScale, math.Cos(ang)*5*uiScale
		line(dst, fpt{q.X - nx, q.Y - ny}, fpt{q.X + nx, q.Y + ny}, 1.5*uiScale, rgb(0x1a1a1a))
	})
	// ghost at the stop point
	stop := b.tv.scr(info.Stop)
	if info.Stop == (geom.Pt{}) {
		stop = b.tv.scr(legs[len(legs)-1])
	}
	r := b.tv.px(geom.Inches(b.st().BaseR))
	ring(dst, stop, r, 2*uiScale, col)
	used, allow := geom.Inches(info.Cost), geom.Inches(info.Allowance)
	txt := fmt.Sprintf("%.1f\" used, %.1f\" left", used, math.Max(0, allow-used))
	if !info.OK {
		txt = fmt.Sprintf("%.1f\" of %.1f\"", used, allow)
	}
	lines := []string{txt}
	if info.Why != "" {
		lines = append(lines, sentence(info.Why))
	}
	mx, my := cursor()
	f2 := boldFace(14)
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, textW(l, f2))
	}
	x, y := mx+18*uiScale, my+12*uiScale
	roundRect(dst, x, y, w+16*uiScale, float64(len(lines))*20*uiScale+10*uiScale, 5*uiScale, rgba(0x101010, 220))
	for i, l := range lines {
		c := rgb(0xffffff)
		if i == 0 {
			c = col
		}
		say(dst, l, f2, x+8*uiScale, y+5*uiScale+float64(i)*20*uiScale, c, 0)
	}
}

func (b *battle) figureLines(f *rules.Figure) []string {
	st := b.st()
	u := st.UnitOf(f.Unit)
	un := ""
	if u != nil {
		un = u.Name
	}
	w := firstWeapon(f)
	if wp, ok := b.ssgWeapon(w); ok {
		dice := "dice"
		if wp.ROF == 1 {
			dice = "die"
		}
		w = fmt.Sprintf("%s (%g\"/%g\", %d %s)", wp.Label, geom.Inches(wp.Short), geom.Inches(wp.Long), wp.ROF, dice)
	}
	wl := "Weapon: " + w
	if _, ok := b.ssgWeapon(firstWeapon(f)); !ok && len(f.Weapons) > 1 {
		wl = "Weapons: " + strings.Join(f.Weapons, ", ")
	}
	lines := []string{
		fmt.Sprintf("%s  -  %s", st.Sides[f.Side].Name, un),
		wl,
	}
	q := f.Quality
	if q == "" && u != nil {
		q = u.Quality
	}
	if q != "" {
		lines = append(lines, "Quality: "+q)
	}
	state := f.Posture.String()
	if f.Removed {
		state = "out of the fight"
	}
	if ms := f.Markers.Names(); len(ms) > 0 {
		state += ", " + strings.Join(ms, ", ")
	}
	if f.Var(ssg.VarMoved) != 0 {
		state += ", has moved"
	}
	if f.Var(ssg.VarFired) != 0 {
		state += ", has fired"
	}
	lines = append(lines, "State: "+state)
	return lines
}

func (b *battle) card(dst *ebiten.Image, a *App, head string, lines []string, accent uint32) {
	mx, my := cursor()
	fh, fb := boldFace(15), face(13)
	w := textW(head, fh)
	for _, l := range lines {
		w = math.Max(w, textW(l, fb))
	}
	w += 24 * uiScale
	h := 34*uiScale + float64(len(lines))*18*uiScale
	x, y := mx+20*uiScale, my+16*uiScale
	if x+w > a.W-b.tv.padR {
		x = math.Max(4*uiScale, mx-w-20*uiScale)
	}
	if y+h > a.H-b.tv.padB {
		y = my - h - 16*uiScale
	}
	a.keepClear(x, y, w, h)
	roundRect(dst, x+3*uiScale, y+4*uiScale, w, h, 7*uiScale, rgba(0x000000, 110))
	roundRect(dst, x, y, w, h, 7*uiScale, rgb(0xf3ead6))
	rect(dst, x, y+6*uiScale, 5*uiScale, h-12*uiScale, rgb(accent))
	say(dst, head, fh, x+14*uiScale, y+8*uiScale, rgb(0x2b2418), 0)
	for i, l := range lines {
		say(dst, l, fb, x+14*uiScale, y+30*uiScale+float64(i)*18*uiScale, rgb(0x3a3026), 0)
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
	if f.Leader {
		head += "  (leader)"
	}
	b.card(dst, a, head, b.figureLines(f), colourInt(sideColour(b.st(), f.Side)))
}

func (b *battle) drawOdds(dst *ebiten.Image, a *App) {
	f, t := b.st().Fig(b.sel.Sel), b.st().Fig(b.hover)
	if f == nil || t == nil {
		return
	}
	d := geom.Inches(geom.Dist(f.Pos, t.Pos))
	var lines []string
	band := ""
	if w, ok := b.ssgWeapon(firstWeapon(f)); ok && b.sel.Verb == "fire" {
		switch {
		case geom.WithinDist(f.Pos, t.Pos, w.Short):
			band = "short range"
		case geom.WithinDist(f.Pos, t.Pos, w.Long):
			band = "long range"
		default:
			band = "out of range"
		}
	}
	lines = append(lines, fmt.Sprintf("Range %.1f\"  %s", d, band))
	if b.sel.Verb == "fire" {
		lines = append(lines, fmt.Sprintf("Sight: %s (%d of %d rays reach)", b.los.Vis, b.los.Visible, b.los.Rays))
	}
	if b.oddsCmd == nil || b.oddsErr != nil {
		why := b.whyNoTarget(t.ID)
		if b.oddsErr != nil {
			why = sentence(b.oddsErr.Error())
		}
		lines = append(lines, why)
		b.card(dst, a, fmt.Sprintf("%s cannot %s %s", f.Name, b.sel.Verb, t.Name), lines, 0x8e1b10)
		return
	}
	for _, m := range b.odds.Mods {
		lines = append(lines, fmt.Sprintf("%+d  %s", m.Value, m.Reason))
	}
	if len(b.odds.Mods) == 0 {
		lines = append(lines, "no modifiers")
	}
	var outs []string
	for _, o := range b.odds.Outcomes {
		outs = append(outs, fmt.Sprintf("%s %.0f%%", o.Name, o.P*100))
	}
	lines = append(lines, strings.Join(outs, "   "))
	if b.odds.Note != "" {
		lines = append(lines, b.odds.Note)
	}
	lines = append(lines, "click to commit")
	b.card(dst, a, fmt.Sprintf("%s: %s at %s", title(b.sel.Verb), f.Name, t.Name), lines, 0xc0392b)
}

func (b *battle) drawTopBar(dst *ebiten.Image, a *App) {
	st := b.st()
	h := b.tv.padT
	rect(dst, 0, 0, a.W, h, rgba(0x1b1610, 235))
	rect(dst, 0, h-2*uiScale, a.W, 2*uiScale, rgb(0x8a6a44))
	side := st.Decider
	col := sideColour(st, side)
	circle(dst, fpt{22 * uiScale, h / 2}, 9*uiScale, col)
	ring(dst, fpt{22 * uiScale, h / 2}, 9*uiScale, 2*uiScale, rgb(0xf2ead6))
	phase := map[string]string{ssg.PhaseMove: "Movement", ssg.PhaseMelee: "Melee", ssg.PhaseShoot: "Shooting"}[st.Phase]
	if phase == "" {
		phase = title(st.Phase)
	}
	head := fmt.Sprintf("%s to play  -  Turn %d, %s phase", st.Sides[side].Name, st.Round, phase)
	if b.explain != nil {
		head = fmt.Sprintf("%s to play  -  Round %d", st.Sides[side].Name, st.Round)
	}
	say(dst, head, boldFace(17), 40*uiScale, 11*uiScale, rgb(0xf2e2b8), 0)
	loss := fmt.Sprintf("Losses  %s %d  |  %s %d", st.Sides[0].Name, st.Sides[0].Losses, st.Sides[1].Name, st.Sides[1].Losses)
	if v := st.Var(rules.VarVictoryLosses); v > 0 {
		loss += fmt.Sprintf("  (%d loses)", v)
	}
	say(dst, loss, face(14), a.W-b.tv.padR-16*uiScale, 13*uiScale, rgb(0xd8c8a8), 2)
	say(dst, fmt.Sprintf("speed x%g  [ ]   F1 keys", a.speed), face(12), a.W-14*uiScale, 14*uiScale, rgb(0xa89878), 2)
}

func (b *battle) drawBottom(dst *ebiten.Image, a *App) {
	y := a.H - b.tv.padB
	rect(dst, 0, y, a.W-b.tv.padR, b.tv.padB, rgba(0x1b1610, 235))
	rect(dst, 0, y, a.W-b.tv.padR, 2*uiScale, rgb(0x8a6a44))
	for i := range b.buttons {
		bt := &b.buttons[i]
		bt.draw(dst, strings.HasPrefix(bt.label, "End") || strings.HasPrefix(bt.label, "Fight all"))
	}
	hint := ""
	switch b.sel.Mode {
	case view.Idle:
		hint = "Click one of your figures (a light dot marks those that can act). Tab cycles."
	case view.Selected:
		if f := b.st().Fig(b.sel.Sel); f != nil {
			switch {
			case b.sel.CanAct("move"):
				hint = f.Name + " selected. Drag from the figure to move; R shows weapon ranges."
			case b.sel.CanAct("fire") || b.sel.CanAct("melee"):
				hint = f.Name + " selected. Pick an action below, or R for ranges."
			default:
				hint = f.Name + " has nothing to do this phase."
			}
		}
	case view.Targeting:
		hint = "Targeting: hover a red-ringed enemy to see the odds, click to commit. Esc cancels."
	}
	if n := len(b.buttons); hint != "" && n > 0 && a.W-b.tv.padR-(b.buttons[n-1].x+b.buttons[n-1].w) > 180*uiScale {
		last := b.buttons[n-1]
		x := last.x + last.w + 16*uiScale
		for _, l := range wrap(hint, italicFace(13), a.W-b.tv.padR-x-10*uiScale) {
			say(dst, l, italicFace(13), x, y+18*uiScale, rgb(0xc8b894), 0)
			y += 17 * uiScale
		}
	}
}

func (b *battle) drawLog(dst *ebiten.Image, a *App) {
	x := a.W - b.tv.padR
	rect(dst, x, b.tv.padT, b.tv.padR, a.H-b.tv.padT, rgb(0x1e1912))
	rect(dst, x, b.tv.padT, 2*uiScale, a.H-b.tv.padT, rgb(0x8a6a44))
	y0 := b.drawStatus(dst, a)
	say(dst, "Battle log", boldFace(15), x+14*uiScale, y0+10*uiScale, rgb(0xf2e2b8), 0)
	say(dst, "wheel scrolls", italicFace(11), x+b.tv.padR-12*uiScale, y0+13*uiScale, rgb(0x8a7a60), 2)
	// lay entries out bottom-up
	w := b.tv.padR - 30*uiScale
	f, fs := face(13), face(12)
	type row struct {
		s    string
		f    *text.GoTextFace
		c    uint32
		side int
	}
	var rows []row
	for _, e := range b.log {
		e = b.shownEntry(e)
		c := uint32(0xe8dcc0)
		if e.kind == "turn" || e.kind == "phase" {
			c = 0xf2c94c
		}
		if e.kind == "win" {
			c = 0x7ee08a
		}
		for _, l := range wrap(e.text, f, w) {
			rows = append(rows, row{l, f, c, e.side})
		}
		if e.roll != nil {
			for _, l := range ledgerLines(e.roll) {
				for _, ll := range wrap(l, fs, w-12*uiScale) {
					rows = append(rows, row{"   " + ll, fs, 0xa89878, e.side})
				}
			}
		}
		rows = append(rows, row{"", fs, 0, -1})
	}
	lh := 17 * uiScale
	maxRows := int((a.H - y0 - 44*uiScale) / lh)
	end := len(rows) - b.logScroll
	if end < 0 {
		end = 0
		b.logScroll = len(rows)
	}
	start := max(0, end-maxRows)
	yy := y0 + 38*uiScale
	for _, r := range rows[start:end] {
		if r.s != "" {
			if r.side >= 0 && r.side < 2 && !strings.HasPrefix(r.s, "   ") {
				rect(dst, x+8*uiScale, yy+3*uiScale, 3*uiScale, 11*uiScale, sideColour(b.st(), r.side))
			}
			say(dst, r.s, r.f, x+16*uiScale, yy, rgb(r.c), 0)
		}
		yy += lh
	}
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
	out := []string{fmt.Sprintf("rolled %dd%d: %s", len(l.Dice), sides, strings.Join(faces, " "))}
	for _, m := range l.Mods {
		out = append(out, fmt.Sprintf("%+d %s", m.Value, m.Reason))
	}
	o := l.Outcome
	switch l.Compare {
	case ">=":
		out = append(out, fmt.Sprintf("needs %d+, total %d: %s", l.Target, l.Total, o))
	case "<=":
		out = append(out, fmt.Sprintf("needs %d or less, total %d: %s", l.Target, l.Total, o))
	case "opposed":
		out = append(out, fmt.Sprintf("%d against %d: %s", l.Total, l.Target, o))
	default:
		out = append(out, fmt.Sprintf("total %d: %s", l.Total, o))
	}
	if l.Note != "" {
		out = append(out, l.Note)
	}
	return out
}

func (b *battle) drawCurtain(dst *ebiten.Image, a *App) {
	st := b.st()
	rect(dst, 0, 0, a.W, a.H, rgb(0x17120d))
	// a heavy cloth with folds
	col := shade(sideColour(st, st.Decider), 0.45)
	for i := 0; i < 24; i++ {
		x := float64(i) * a.W / 24
		rect(dst, x, 0, a.W/24, a.H, shade(col, 0.85+0.25*math.Abs(math.Sin(float64(i)*0.9))))
	}
	if ex := b.explain; ex != nil && st.Decider != st.Active && len(ex.Lines) > 0 {
		// the other side may interrupt: say who, and why the mouse changes hands
		say(dst, fmt.Sprintf("%s: %s", st.Sides[st.Decider].Name, ex.Lines[0]), boldFace(24), a.W/2, a.H/2-150*uiScale, rgb(0xf7ecd2), 1)
		say(dst, ex.Head, boldFace(20), a.W/2, a.H/2-110*uiScale, rgb(0xf2c94c), 1)
		for i, l := range ex.Lines[1:] {
			say(dst, l, face(17), a.W/2, a.H/2-70*uiScale+float64(i)*24*uiScale, rgb(0xe8dcc0), 1)
		}
		say(dst, fmt.Sprintf("Pass the mouse to %s. The table stays hidden until you click.", st.Sides[st.Decider].Name), face(18), a.W/2, a.H/2, rgb(0xe8dcc0), 1)
	} else {
		say(dst, fmt.Sprintf("%s, your move", st.Sides[st.Decider].Name), boldFace(38), a.W/2, a.H/2-70*uiScale, rgb(0xf7ecd2), 1)
		if ex := b.explain; ex != nil && ex.Head != "" {
			say(dst, ex.Head, boldFace(18), a.W/2, a.H/2-18*uiScale, rgb(0xf2c94c), 1)
		}
		say(dst, "Pass the mouse. The table stays hidden until you click.", face(18), a.W/2, a.H/2+6*uiScale, rgb(0xe8dcc0), 1)
	}
	if e, ok := b.lastAction(); ok {
		say(dst, "Last: "+e.text, italicFace(15), a.W/2, a.H/2+30*uiScale, rgb(0xd8c8a8), 1)
	}
	say(dst, "click, Space or Enter when ready", italicFace(14), a.W/2, a.H/2+80*uiScale, rgb(0xc8b894), 1)
}

// lastAction is the newest log entry that says what somebody did, passing
// over announcements of a new turn or phase, so the curtain tells the
// incoming player what their opponent just did.
func (b *battle) lastAction() (logEntry, bool) {
	for i := len(b.log) - 1; i >= 0; i-- {
		switch b.log[i].kind {
		case "turn", "phase", "round":
			continue
		}
		return b.shownEntry(b.log[i]), true
	}
	return logEntry{}, false
}

// drawDice animates the dice tumbling onto a tray, then explains the roll.
func (b *battle) drawDice(dst *ebiten.Image, a *App, an view.Anim) {
	l := an.Ev.Roll
	p := an.Progress(b.tl.Now)
	tumbleFrac := view.DiceTumble / (view.DiceTumble + view.DiceHold)
	tw := math.Min(560*uiScale, a.W-b.tv.padR-40*uiScale)
	lines := ledgerLines(l)
	th := 130*uiScale + float64(len(lines))*19*uiScale
	tx := (a.W-b.tv.padR)/2 - tw/2
	ty := a.H - b.tv.padB - th - 14*uiScale
	a.keepClear(tx, ty, tw, th)
	// tray: wooden rim, felt inside
	roundRect(dst, tx+4*uiScale, ty+6*uiScale, tw, th, 12*uiScale, rgba(0x000000, 120))
	roundRect(dst, tx, ty, tw, th, 12*uiScale, rgb(0x6b4a2e))
	roundRect(dst, tx+8*uiScale, ty+8*uiScale, tw-16*uiScale, th-16*uiScale, 8*uiScale, rgb(0x1f4a32))
	say(dst, l.What, boldFace(15), tx+20*uiScale, ty+14*uiScale, rgb(0xf2e2b8), 0)
	ds := 44 * uiScale
	n := len(l.Dice)
	for i, d := range l.Dice {
		fx := tx + 24*uiScale + float64(i)*(ds+14*uiScale)
		fy := ty + 44*uiScale
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
		drawDie(dst, fpt{fx + ds/2, fy + ds/2}, ds, rot, face, d.Sides, i < n)
	}
	if p >= tumbleFrac {
		say(dst, strings.ToUpper(l.Outcome), boldFace(22), tx+tw-24*uiScale, ty+52*uiScale, outcomeColour(l), 2)
		for i, s := range lines {
			say(dst, s, face(14), tx+24*uiScale, ty+100*uiScale+float64(i)*19*uiScale, rgb(0xe8f0e0), 0)
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
	fillPoly(dst, pts, rgb(0xf6f0e2))
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
		return 0, false
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

// drawStatus draws the rule set's status panel at the top of the right
// column (who is acting, what their roll allows, the order of play) and
// returns where the log below it starts.
func (b *battle) drawStatus(dst *ebiten.Image, a *App) float64 {
	y := b.tv.padT
	ex := b.explain
	if ex == nil {
		return y
	}
	x := a.W - b.tv.padR + 14*uiScale
	w := b.tv.padR - 26*uiScale
	y += 8 * uiScale
	fh, fb, fs := boldFace(14), face(12), face(11)
	for _, l := range wrap(ex.Head, fh, w) {
		say(dst, l, fh, x, y, rgb(0xf2c94c), 0)
		y += 18 * uiScale
	}
	for _, line := range ex.Lines {
		for _, l := range wrap(line, fb, w) {
			say(dst, l, fb, x, y, rgb(0xe8dcc0), 0)
			y += 15 * uiScale
		}
	}
	if len(ex.Order) > 0 {
		y += 4 * uiScale
		say(dst, "Order of play (lowest first):", italicFace(11), x, y, rgb(0xa89878), 0)
		y += 15 * uiScale
		// two columns keep a long order short; a short one whose labels
		// would be cut in two columns ("Double mov…") takes one
		colW := w / 2
		rows := (len(ex.Order) + 1) / 2
		if len(ex.Order) <= 6 {
			for i, o := range ex.Order {
				if textW(b.orderLabel(i, o), fs) > colW-12*uiScale {
					colW, rows = w, len(ex.Order)
					break
				}
			}
		}
		for i, o := range ex.Order {
			cx := x + float64(i/rows)*colW
			cy := y + float64(i%rows)*15*uiScale
			c := rgb(0xd8c8a8)
			switch {
			case o.Current:
				roundRect(dst, cx-3*uiScale, cy-1*uiScale, colW-4*uiScale, 15*uiScale, 3*uiScale, rgba(0x7a3a22, 230))
				c = rgb(0xfff2d0)
			case o.Done:
				c = rgb(0x7a6a50)
			}
			rect(dst, cx, cy+3*uiScale, 3*uiScale, 9*uiScale, sideColour(b.st(), o.Side))
			label := b.orderLabel(i, o)
			if textW(label, fs) > colW-12*uiScale {
				rs := []rune(label)
				for len(rs) > 4 && textW(string(rs)+"…", fs) > colW-12*uiScale {
					rs = rs[:len(rs)-1]
				}
				label = strings.TrimRight(string(rs), " ") + "…"
			}
			say(dst, label, fs, cx+6*uiScale, cy, c, 0)
		}
		y += float64(rows) * 15 * uiScale
	}
	y += 6 * uiScale
	rect(dst, x-12*uiScale, y, b.tv.padR, 2*uiScale, rgb(0x8a6a44))
	return y
}

// orderLabel is an entry of the order of play as the player at the table
// may read it: a team of the other side still hidden (hidden set-up) is
// not named, nor its activation shown.
func (b *battle) orderLabel(i int, o rules.OrderEntry) string {
	if st := b.st(); o.Unit != 0 && o.Side != st.Decider && smle.Unspotted(st, st.UnitOf(o.Unit)) {
		return fmt.Sprintf("%d. unseen enemy team", i+1)
	}
	return fmt.Sprintf("%d. %s", i+1, o.Label)
}

// drawTemplate shows, while aiming an explosive, the burst it would make
// on the target, from the rule set's template hook.
func (b *battle) drawTemplate(dst *ebiten.Image) {
	tp, ok := b.g.RS.(rules.Templater)
	if !ok || b.sel.Mode != view.Targeting || b.oddsCmd == nil || b.oddsErr != nil || b.oddsFor != b.hover {
		return
	}
	area, ok := tp.Template(b.st(), *b.oddsCmd)
	if !ok {
		return
	}
	c, r := b.tv.scr(area.C), b.tv.px(geom.Inches(area.R))
	circle(dst, c, r, rgba(0xff7a20, 60))
	ring(dst, c, r, 2.5*uiScale, rgba(0xffa040, 230))
	say(dst, fmt.Sprintf("burst %g\"", geom.Inches(area.R)), boldFace(12), c.X, c.Y+r+4*uiScale, rgb(0xffd090), 1)
}

// drawBurst animates an explosive: from the aim point it drifts to where
// it landed (when it deviated), then the burst spreads to its radius.
func (b *battle) drawBurst(dst *ebiten.Image, an view.Anim) {
	area := an.Ev.Area
	p := an.Progress(b.tl.Now)
	land := b.tv.scr(area.C)
	r := b.tv.px(geom.Inches(area.R))
	drift := 0.0
	if aim, ok := b.blastAim[area]; ok && aim != area.C {
		drift = 0.45
		from := b.tv.scr(aim)
		k := math.Min(1, p/drift)
		to := fpt{from.X + (land.X-from.X)*k, from.Y + (land.Y-from.Y)*k}
		// the aim point, crossed
		d := 7 * uiScale
		line(dst, fpt{from.X - d, from.Y - d}, fpt{from.X + d, from.Y + d}, 2.5*uiScale, rgb(0xffffff))
		line(dst, fpt{from.X - d, from.Y + d}, fpt{from.X + d, from.Y - d}, 2.5*uiScale, rgb(0xffffff))
		strokeDashed(dst, from, to, 3*uiScale, 8*uiScale, 5*uiScale, rgb(0xffe070))
		ang := math.Atan2(to.Y-from.Y, to.X-from.X)
		h := 12 * uiScale
		line(dst, to, fpt{to.X - h*math.Cos(ang-0.45), to.Y - h*math.Sin(ang-0.45)}, 3*uiScale, rgb(0xffe070))
		line(dst, to, fpt{to.X - h*math.Cos(ang+0.45), to.Y - h*math.Sin(ang+0.45)}, 3*uiScale, rgb(0xffe070))
		say(dst, fmt.Sprintf("aimed here; lands %.1f\" away", geom.Inches(geom.Dist(aim, area.C))), boldFace(12), from.X, from.Y-24*uiScale, rgb(0xffffff), 1)
	}
	if p < drift {
		return
	}
	k := (p - drift) / (1 - drift)
	grow := math.Min(1, k*2.2)
	circle(dst, land, r*grow, rgba(0xff6010, uint8(170*(1-0.6*k))))
	circle(dst, land, r*grow*0.45, rgba(0xffe090, uint8(200*(1-k))))
	ring(dst, land, r, 2.5*uiScale, rgba(0xffa040, 230))
	say(dst, an.Ev.Text, boldFace(13), land.X, land.Y+r+6*uiScale, rgb(0xffe0b0), 1)
}
