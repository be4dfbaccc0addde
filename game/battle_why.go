package game

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// The words of a refusal as a player reads them. The rule sets' refusals
// are written for the log and the command line too, and some name what
// they refuse in the notation ("F12", "fire U4 F<target> <kind>", a
// quoted command): on the table the ids read as names and the notation
// is dropped (plainWords).
var (
	reQuotedCmd = regexp.MustCompile(`\s*\(?"[a-z]+( [^"]*)?"\)?`)
	reNotation  = regexp.MustCompile(`:\s*[a-z]+ [^:]*<[^>]*>.*$`)
	reID        = regexp.MustCompile(`\b([FUV])(\d+)\b`)
	rePoint     = regexp.MustCompile(`\(?-?\d+(\.\d+)?, ?-?\d+(\.\d+)?\)?`)
	reNoSuch    = regexp.MustCompile(`\bno (figure|team|unit|vehicle) [FUV]\d+\b`)
)

// plainWords rewrites a refusal for the screen: ids become names, a
// quoted command or a notation template is left out, the first letter is
// a capital and it ends with a full stop.
func plainWords(s string, st *rules.State) string {
	s = reNotation.ReplaceAllString(s, "")
	s = reQuotedCmd.ReplaceAllString(s, "")
	s = reNoSuch.ReplaceAllString(s, "no such $1")
	s = rePoint.ReplaceAllString(s, "that point") // a point as the notation writes it
	s = reID.ReplaceAllStringFunc(s, func(tok string) string {
		n, err := strconv.Atoi(tok[1:])
		if err != nil || st == nil {
			return tok
		}
		switch tok[0] {
		case 'F':
			if f := st.Fig(rules.FigID(n)); f != nil {
				return f.Name
			}
			return "that figure"
		case 'U':
			if u := st.UnitOf(rules.UnitID(n)); u != nil {
				return u.Name
			}
			return "that team"
		case 'V':
			if v := st.Veh(rules.VehicleID(n)); v != nil && v.Name != "" {
				return v.Name
			}
			return "that vehicle"
		}
		return tok
	})
	s = strings.TrimRight(strings.TrimSpace(s), ":;,")
	return sentence(s)
}

// plain is plainWords on the battle's state.
func (b *battle) plain(s string) string { return plainWords(s, b.st()) }

// template is a legal command with this verb given through figure id (or
// its team), or failing that any figure's: the shape (team, weapon,
// kind) a command by id would take, to ask the rule set about.
func (b *battle) template(verb string, id rules.FigID) (rules.Command, bool) {
	for _, c := range b.legal {
		if c.Verb == verb && b.sel.For(c, id) {
			return c, true
		}
	}
	f := b.st().Fig(id)
	for _, c := range b.legal {
		if c.Verb == verb && c.Fig != 0 && f != nil {
			c.Fig = id
			if c.Unit != 0 {
				c.Unit = f.Unit
			}
			return c, true
		}
	}
	return rules.Command{}, false
}

// aimedAt is the command the selected figure would give at target id,
// shaped like the legal ones (S.M.L.E.'s fire names the team and the
// kind of fire as well).
func (b *battle) aimedAt(verb string, fig, id rules.FigID) rules.Command {
	c, ok := b.template(verb, fig)
	if !ok {
		return rules.Command{Verb: verb, Fig: fig, Targets: []rules.FigID{id}}
	}
	n := max(1, len(c.Targets))
	c.Targets = make([]rules.FigID, n)
	for i := range c.Targets {
		c.Targets[i] = id
	}
	c.Path = nil
	return c
}

// idleWhy says why figure f has nothing to do now, asking the rule set:
// for each thing other figures may do (fire, melee, a spot...), the
// refusal of f doing it at the nearest enemy. Worked out once a command.
func (b *battle) idleWhy(f *rules.Figure) string {
	key := fmt.Sprintf("%p/%d/%v", b.st(), f.ID, b.whyAt)
	if b.idleKey == key {
		return b.idleText
	}
	b.idleKey = key
	b.idleText = b.idleReason(f)
	return b.idleText
}

func (b *battle) idleReason(f *rules.Figure) string {
	st := b.st()
	if f.Side != st.Decider {
		// (side names are plural or singular: no possessive, no article)
		return fmt.Sprintf("%s is on the other side (%s). Deciding now: %s.", f.Name, st.Sides[f.Side].Name, st.Sides[st.Decider].Name)
	}
	var enemies []*rules.Figure
	for i := range st.Figures {
		e := &st.Figures[i]
		if e.Side != f.Side && !e.Removed && b.view().Figure(e.ID) {
			enemies = append(enemies, e)
		}
	}
	sort.SliceStable(enemies, func(i, j int) bool {
		return geom.Dist(f.Pos, enemies[i].Pos) < geom.Dist(f.Pos, enemies[j].Pos)
	})
	// the enemy the player last clicked with him comes first: the bar's
	// hint spoke of the nearest man while the click's notice and the card
	// spoke of the one clicked (play test 11)
	if b.whyAt[0] == f.ID {
		for i, e := range enemies {
			if e.ID == b.whyAt[1] {
				copy(enemies[1:i+1], enemies[:i])
				enemies[0] = e
				break
			}
		}
	}
	// what other figures may do now, then what was offered earlier in
	// this step (the figure may have done it already)
	cands := append([]rules.Command(nil), b.legal...)
	cands = append(cands, b.stepCmds...)
	seen := map[string]bool{}
	for _, c := range cands {
		if c.Fig == 0 || len(c.Targets) == 0 || seen[c.Verb] {
			continue
		}
		if t := st.Fig(c.Targets[0]); t == nil || t.Side == f.Side {
			continue // aimed at a friend (a leader's order): not about enemies
		}
		seen[c.Verb] = true
		for _, e := range enemies {
			// the shape of the command (team, weapon, kind) as offered
			var first error
			for _, try := range b.shapedFor(c, f, e) {
				err := b.g.Refusal(try)
				if err == nil {
					first = nil
					break
				}
				if first == nil {
					first = err
				}
			}
			if first != nil {
				return b.plain(first.Error())
			}
			break
		}
	}
	// nothing another figure may do names a target: say what the step is
	// (and that he has moved in it, when he was offered a move before:
	// a play-tester dragged a man who had moved, and read only "has
	// nothing to do now")
	if b.stepMovers[f.ID] {
		if ex := b.explain; ex != nil && ex.Head != "" {
			return fmt.Sprintf("%s has already moved: nothing more for him in this step (%s).", f.Name, ex.Head)
		}
		return fmt.Sprintf("%s has already moved: nothing more for him in this step.", f.Name)
	}
	// a rule of his own that keeps him from moving ("has already moved
	// this turn": a man who spent his move getting out of a helicopter
	// read only "has nothing to do now", play-test 5)
	if why := b.ownMoveBar(f); why != "" {
		if ex := b.explain; ex != nil && ex.Head != "" {
			return fmt.Sprintf("%s: nothing more for him now (%s).", why, ex.Head)
		}
		return why + ": nothing more for him now."
	}
	// no one may fire now, or he was offered nothing aimed: when the
	// rules refuse him a shot at every enemy for a reason about that
	// enemy (out of range, out of sight), say so, with the nearest's
	// reason ("has nothing to do now" at the start of his own fire phase
	// gave no cause, play-test 11)
	if why := b.noShotWhy(f, enemies); why != "" {
		return why
	}
	if ex := b.explain; ex != nil && ex.Head != "" {
		return fmt.Sprintf("%s has nothing to do now (%s).", f.Name, ex.Head)
	}
	return fmt.Sprintf("%s has nothing to do now.", f.Name)
}

// noShotWhy is why f may fire at none of enemies (nearest first), when
// the rules' refusal of a shot at each names that enemy (his range, his
// sight, not the phase): "Schtz Kurz has no enemy in his sight and
// range: Pte Carew is beyond the rifle's range of 24"". "" when he may
// fire at one, or a refusal is not about the enemy.
func (b *battle) noShotWhy(f *rules.Figure, enemies []*rules.Figure) string {
	if len(enemies) == 0 {
		return ""
	}
	for _, verb := range []string{"fire", "shoot"} {
		first := ""
		for i, e := range enemies {
			if i == 12 {
				break
			}
			err := b.g.Refusal(rules.Command{Verb: verb, Fig: f.ID, Targets: []rules.FigID{e.ID}})
			if err == nil || !strings.Contains(err.Error(), e.Name) {
				first = ""
				break
			}
			if first == "" {
				first = strings.TrimSuffix(b.plain(err.Error()), ".")
			}
		}
		if first != "" {
			return fmt.Sprintf("%s has no enemy in his sight and range: %s.", f.Name, first)
		}
	}
	return ""
}

// ownMoveBar is the rules' reason f may not move a step now, when it is
// about him ("Pfc Hart has already moved this turn"), not about the
// phase or the side; "" when he may, or the reason is not his own.
func (b *battle) ownMoveBar(f *rules.Figure) string {
	st := b.st()
	if st.Map == nil {
		return ""
	}
	for _, c := range b.legal {
		if c.Fig == f.ID && c.Verb == "move" {
			return "" // he may move: a reason for one path says nothing of him
		}
	}
	mid := geom.Pt{X: st.Map.Width / 2, Y: st.Map.Height / 2}
	d := geom.Dist(f.Pos, mid)
	step := mid
	if d > geom.PerInch {
		step = geom.Pt{X: f.Pos.X + (mid.X-f.Pos.X)*geom.PerInch/d, Y: f.Pos.Y + (mid.Y-f.Pos.Y)*geom.PerInch/d}
	}
	why := strings.TrimRight(b.plain(b.g.MoveCheck(f.ID, []geom.Pt{step}).Why), ".")
	if !strings.HasPrefix(why, f.Name+" ") {
		return ""
	}
	return why
}

// dragRefusal is why a drag of f along path moved nothing: the rules'
// reason for this very path first ("has stopped and may move no further
// this go"), else why he is idle now (a play-tester's drag of a man just
// out of a helicopter did nothing and said nothing).
func (b *battle) dragRefusal(f *rules.Figure, path []geom.Pt) string {
	if len(path) > 0 {
		if why := b.g.MoveCheck(f.ID, path).Why; why != "" {
			return sentence(b.plain(why))
		}
	}
	return b.idleWhyMove(f)
}

// idleWhyMove says why a drag of f moved nothing: he has no move now.
// One who may still do something else is told that it is not a time for
// him to move; one who may do nothing gets idleWhy's reason.
func (b *battle) idleWhyMove(f *rules.Figure) string {
	other := false // he may do something else now
	for _, c := range b.legal {
		if c.Fig == f.ID {
			if c.Verb == "move" {
				return "" // he may move: the tape said why this drag went nowhere
			}
			other = true
		}
	}
	switch {
	case !other:
		return b.idleWhy(f)
	case b.stepMovers[f.ID]:
		return fmt.Sprintf("%s has already moved in this step.", f.Name)
	case b.explain != nil && b.explain.Head != "":
		return fmt.Sprintf("%s may not move now (%s).", f.Name, b.explain.Head)
	}
	return fmt.Sprintf("%s may not move now.", f.Name)
}

// noteStep keeps one aimed command of each verb offered in this step of
// play (a phase of a side's turn), so that a figure that has already
// fired can be told so when it is selected again.
func (b *battle) noteStep() {
	st := b.st()
	key := fmt.Sprintf("%d/%s/%d", st.Round, st.Phase, st.Active)
	if key != b.stepKey {
		b.stepKey, b.stepCmds, b.stepMovers = key, nil, map[rules.FigID]bool{}
	}
	for _, c := range b.legal {
		if c.Fig != 0 && c.Verb == "move" {
			b.stepMovers[c.Fig] = true
		}
		if c.Fig == 0 || len(c.Targets) == 0 {
			continue
		}
		dup := false
		for _, o := range b.stepCmds {
			if o.Verb == c.Verb {
				dup = true
			}
		}
		if !dup {
			b.stepCmds = append(b.stepCmds, c)
		}
	}
}

// enemyClick answers a click on an enemy figure while one of yours is
// selected and not aiming: it aims at him with the first thing the
// figure may do to him (its card shows the odds; a second click gives
// it), and says in words why he cannot be fired at when that is so.
func (b *battle) enemyClick(a *App, id rules.FigID) {
	f, t := b.st().Fig(b.sel.Sel), b.st().Fig(id)
	if f == nil || t == nil || f.Side == t.Side {
		return
	}
	b.whyAt = [2]rules.FigID{f.ID, t.ID}
	why := b.whyNotAt(f, t)
	for _, c := range b.legal {
		if !b.sel.For(c, f.ID) || len(c.Targets) == 0 {
			continue
		}
		act := b.action(c)
		if act.Kind != rules.ActAim || !b.beginAim(c, act) {
			continue
		}
		if b.sel.Targetable(id) {
			label := act.Short
			if label == "" {
				label = act.Label
			}
			label = strings.TrimRight(label, ".… ")
			msg := fmt.Sprintf("%s: aiming at %s. Click him again to do it; Esc stops.", label, t.Name)
			if why != "" {
				msg = why + " " + msg
			}
			a.Toast("%s", msg)
			return
		}
		b.sel.Escape()
	}
	if why == "" {
		why = fmt.Sprintf("%s can do nothing to %s now.", f.Name, t.Name)
	}
	a.Toast("%s", why)
}

// shapedFor is command c, offered to another figure or to f, as f would
// give it at enemy e: with f's own team, as many shots as f's weapon
// fires (the machine gun's three shots shaped for a rifleman read "a
// Rifle fires 1 shot a phase; 3 were named"), and the point of fire as
// offered (an opportunity shot is taken at a point of the mover's path),
// then without it.
func (b *battle) shapedFor(c rules.Command, f, e *rules.Figure) []rules.Command {
	n := len(c.Targets)
	if c.Fig != 0 && c.Fig != f.ID {
		n = 1
		if w, ok := b.weapon(f); ok && w.Shots > 1 {
			n = w.Shots
		}
	}
	var out []rules.Command
	for _, path := range [][]geom.Pt{c.Path, nil} {
		try := c
		try.Path = path
		if try.Fig != 0 {
			try.Fig = f.ID
		}
		if try.Unit != 0 {
			try.Unit = f.Unit
		}
		try.Targets = make([]rules.FigID, n)
		for i := range try.Targets {
			try.Targets[i] = e.ID
		}
		out = append(out, try)
		if len(c.Path) == 0 {
			break
		}
	}
	return out
}

// whyNotAt is why figure f may not fire at enemy t now, in plain words
// ("" when it may, or when no shot at him is known to ask about): the
// rule set's refusal of each aimed command offered in this step, shaped
// for f and aimed at t, fire first, and failing those a plain "fire".
func (b *battle) whyNotAt(f, t *rules.Figure) string {
	// his own commands first, then the others' shaped for him (shapedFor)
	var own, others []rules.Command
	for _, c := range append(append([]rules.Command(nil), b.legal...), b.stepCmds...) {
		if (c.Fig != 0 || c.Unit != 0) && len(c.Targets) > 0 && c.Verb == "fire" {
			if c.Fig == f.ID || c.Fig == 0 && c.Unit == f.Unit {
				own = append(own, c)
			} else {
				others = append(others, c)
			}
		}
	}
	cands := append(own, others...)
	if len(cands) == 0 {
		// nothing offered to shape: a man's fire and his team's
		cands = append(cands, rules.Command{Verb: "fire", Fig: f.ID, Targets: []rules.FigID{t.ID}},
			rules.Command{Verb: "fire", Unit: f.Unit, Targets: []rules.FigID{t.ID}})
	}
	// the first refusal that speaks of this enemy ("cannot fire at Cpl
	// Walker: no man can see him") over one that does not ("it is MG 42
	// team's go", the answer to a shape the rule set does not use)
	var first, about error
	for _, c := range cands {
		for _, try := range b.shapedFor(c, f, t) {
			err := b.g.Refusal(try)
			if err == nil {
				return ""
			}
			if first == nil {
				first = err
			}
			if about == nil && strings.Contains(err.Error(), t.Name) {
				about = err
			}
		}
	}
	if about != nil {
		first = about
	}
	return b.plain(first.Error())
}

// noEnemyNote is the quiet note, when a figure that may move is picked
// and his side sees no enemy at all, that there is nothing to spot or
// fire at until someone moves to see one: the bar's hint says it where it
// has room, and the side panel otherwise (drawStatus). It is never a
// notice over the table: a play-tester, merely selecting a man, read it
// as a scolding ("" when there is nothing to say or the hint says it).
func (b *battle) noEnemyNote(a *App) string {
	f := b.st().Fig(b.sel.Sel)
	if f == nil || b.sel.Mode != view.Selected || !b.sel.CanAct("move") || b.enemyInSight(f.Side) || b.hintShown(a) {
		return ""
	}
	return fmt.Sprintf("No enemy is in sight of the %s yet: nothing to spot or fire at. Drag a figure to move where he can see them.", b.st().Sides[f.Side].Name)
}

// notTheirs says why a press on a figure of the side not deciding now
// starts nothing (no drag, no selection): he is the other side's, and it
// is this side that plays (issue 24's play-test dragged an enemy and saw
// nothing happen).
func (b *battle) notTheirs(a *App, id rules.FigID) {
	st := b.st()
	f := st.Fig(id)
	if f == nil || f.Side < 0 || f.Side >= len(st.Sides) || st.Decider < 0 || st.Decider >= len(st.Sides) {
		return
	}
	if f.Side == st.Decider {
		a.Toast("%s is out of the fight: he cannot act.", f.Name)
		return
	}
	// (side names are plural or singular, "Germans", "Red": no article)
	a.Toast("%s is on the other side (%s). Playing now: %s; only their figures can be picked and moved.", f.Name, st.Sides[f.Side].Name, st.Sides[st.Decider].Name)
}

// enemyVehAt is the enemy vehicle under table point p (0 for none): one
// not of the selected figure's side.
func (b *battle) enemyVehAt(p geom.Pt) rules.VehicleID {
	id := b.vehAt(p)
	v, f := b.st().Veh(id), b.st().Fig(b.sel.Sel)
	if v == nil || f == nil || v.Side == f.Side {
		return 0
	}
	return id
}

// enemyVehClick is a click on an enemy vehicle with a figure selected:
// as on an enemy figure, the first click aims (at the point of the hull
// clicked) with the figure's first weapon that may fire there, and the
// next fires; else it says why not. A play-tester's click on a landing
// helicopter only showed its card: he had to find the anti-tank button.
func (b *battle) enemyVehClick(a *App, id rules.VehicleID, pt geom.Pt) {
	f, v := b.st().Fig(b.sel.Sel), b.st().Veh(id)
	var why error
	tried := map[string]bool{}
	for _, c := range b.legal {
		act := b.action(c)
		if !b.sel.For(c, f.ID) || act.Kind != rules.ActAim || tried[act.Group] {
			continue
		}
		tried[act.Group] = true
		if !b.beginAim(c, act) {
			continue
		}
		if b.sel.Mode == view.Targeting && !b.sel.Point {
			err := b.g.Refusal(b.hullShot(pt))
			if err == nil {
				label := act.Short
				if label == "" {
					label = act.Label
				}
				label = strings.TrimRight(label, ".… ")
				a.Toast("%s: aiming at %s. Click it again to fire; Esc stops.", label, v.Name)
				return
			}
			if why == nil {
				why = err
			}
		}
		b.sel.Escape()
	}
	if b.armVehicleShot(a, f, v) {
		return
	}
	if aw, ok := b.g.RS.(rules.AtVehicleWhyer); ok {
		// the rule set's own reason he may not fire at it (a 1/35th
		// bazooka out of range was told "Acquire names the looker and, at
		// most, one target", the refusal of a look about, play-test 10)
		if w := aw.AtVehicleWhy(b.st(), f.ID, v.ID); w != "" {
			a.Toast("%s cannot fire at %s: %s.", f.Name, v.Name, strings.TrimSuffix(b.plain(w), "."))
			return
		}
	}
	if why != nil {
		a.Toast("%s", b.plain(why.Error()))
		return
	}
	if w := b.whyNotAtVehicle(f, v); w != "" {
		a.Toast("%s", w)
		return
	}
	a.Toast("%s can do nothing to %s now.", f.Name, v.Name)
}

// armedShot is a command at an enemy vehicle that its bar gives at once
// (a 1/35th bazooka names the vehicle, not a point of its hull), offered
// by a first click on the vehicle: a second click on it gives it.
type armedShot struct {
	cmd rules.Command
	st  *rules.State
	fig rules.FigID
	veh rules.VehicleID
}

// armVehicleShot answers a click on enemy vehicle v with f selected when
// f has such a command at it: the first click says what it is and its
// odds, the second gives it. It reports whether f had one. (A
// play-tester's click on the Panzer with his bazooka man selected let
// the man go and said nothing, play-test 9.)
func (b *battle) armVehicleShot(a *App, f *rules.Figure, v *rules.Vehicle) bool {
	for _, c := range b.legal {
		va, ok := rules.ParseVehicleArg(c.Arg)
		if c.Fig != f.ID || !ok || va.ID != v.ID || len(c.Path) > 0 || len(c.Targets) > 0 || b.action(c).Kind != rules.ActButton {
			continue
		}
		if ar := b.armed; ar != nil && ar.st == b.st() && ar.fig == f.ID && ar.veh == v.ID && ar.cmd.String() == c.String() {
			b.armed = nil
			b.apply(a, c)
			return true
		}
		b.armed = &armedShot{cmd: c, st: b.st(), fig: f.ID, veh: v.ID}
		what := strings.TrimRight(noCost(b.action(c).Label), ".… ")
		if lines, ok := b.commandOdds(c); ok {
			what += ": " + lines[len(lines)-1]
		}
		a.Toast("%s. Click %s again to fire.", what, v.Name)
		return true
	}
	return false
}

// whyNotAtVehicle is the rules' reason f may not fire at vehicle v when
// nothing of his aims at it: his reason for its crew, said of the
// vehicle ("... cannot fire at Carrier 1: Rifle pair may only return
// fire, at a team that fired on it, and Carrier crew did not"), or "".
// (A play-tester's click on the carrier was told only that his man
// "can do nothing to Carrier 1 now".)
func (b *battle) whyNotAtVehicle(f *rules.Figure, v *rules.Vehicle) string {
	st := b.st()
	for i := range st.Figures {
		c := &st.Figures[i]
		if c.Removed || st.Carrier(c.ID) != v.ID {
			continue
		}
		why := b.whyNotAt(f, c)
		if i := strings.Index(why, " "+c.Name+": "); i >= 0 {
			return why[:i] + " " + v.Name + ": " + why[i+len(c.Name)+3:]
		}
		return ""
	}
	return ""
}
