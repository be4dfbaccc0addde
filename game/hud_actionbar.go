package game

import (
	"fmt"
	"strings"

	"hedgerow/game/view"
	"hedgerow/rules"
)

// crewVeh is the vehicle whose crew (a unit riding in it) gives unit
// command c, or 0.
func (b *battle) crewVeh(c rules.Command) rules.VehicleID {
	st := b.st()
	if c.Unit == 0 || c.Fig != 0 {
		return 0
	}
	for i := range st.Figures {
		if x := &st.Figures[i]; x.Unit == c.Unit && !x.Removed && st.Carrier(x.ID) != 0 {
			return st.Carrier(x.ID)
		}
	}
	return 0
}

// otherCrews reports whether c is the order of a vehicle's crew while a
// man of another unit is picked and not that vehicle: the tank's
// Advance, Pivot and Turret stood on the bar beside a grenadier's Prone
// and Look (play-test 7). Crew orders keep no place on the bar either
// (stableSlots), or they stood greyed on every man's bar after the tank
// was chosen once.
func (b *battle) otherCrews(c rules.Command) bool {
	f := b.st().Fig(b.sel.Sel)
	v := b.crewVeh(c)
	return v != 0 && f != nil && f.Unit != c.Unit && v != b.selVeh
}

// clickNext words the label of a button that asks for a click on the
// table next: "Fire: choose target", "Call fire: choose spot" (short:
// "Fire: pick"). They ended in "...", which players read as text cut
// short.
func clickNext(label, kind string, short bool) string {
	what := "pick"
	if !short {
		switch kind {
		case rules.ActPoint:
			what = "choose spot"
		case rules.ActLine:
			what = "choose line"
		default:
			what = "choose target"
		}
	}
	if strings.Contains(label, ":") {
		return label + ", " + what
	}
	return label + ": " + what
}

// layoutButtons builds the action bar from what the rule set may do now
// (Legal) and how it names each command (rules.ActionOf): the selected
// figure's commands first, then a button per unit for its aimed commands
// (team fire, close assault), then the commands given by no figure (a
// team's run, opportunity fire, pass, end), then Undo.
func (b *battle) layoutButtons(a *App) {
	endCmd, endLabel := b.offerButtons(a)
	b.placeButtons(a, endCmd, endLabel)
}

// addButton puts a button on the bar (after those already on it): its
// label, its label on a crowded bar, whether it ends a phase or go
// (drawn stronger), whether it is greyed, and what a click does.
func (b *battle) addButton(label, short string, strong bool, disabled bool, f func()) {
	b.buttons = append(b.buttons, button{label: label, short: short, strong: strong, disabled: disabled})
	b.bcmds = append(b.bcmds, f)
}

// offerButtons fills the bar with what may be done now, in the bar's
// order, and gives the end Enter gives (nil for none) with its label;
// placeButtons (hud_barfit.go) then adds Undo and the end and lays them
// all out.
func (b *battle) offerButtons(a *App) (endCmd *rules.Command, endLabel string) {
	b.buttons, b.bcmds = b.buttons[:0], b.bcmds[:0]
	add := b.addButton
	// slot names the kind of action the button just added gives
	slot := func(k string) { b.buttons[len(b.buttons)-1].slot = k }
	// (a vehicle crew's order keeps no place: otherCrews)
	unitSlot := func(c rules.Command, k string) {
		if b.crewVeh(c) == 0 {
			slot(k)
		}
	}
	aim := func(c rules.Command, act rules.Action) func() {
		return func() {
			// what to click is the bar's line (barHint), beside the
			// buttons: a notice over the table's middle covered the very
			// figures to aim at, and stayed after the shot
			b.beginAim(c, act)
		}
	}
	seen := map[string]bool{}
	if b.selVeh != 0 && b.sel.Sel != 0 && b.st().Carrier(b.sel.Sel) != b.selVeh {
		// a man on foot picked after the vehicle: the vehicle is let go
		// (its Advance, Pivot and Turret stood on the bar beside his
		// Prone and Look, play-test 7)
		b.selVeh, b.vaim = 0, nil
	}
	if b.selVeh != 0 {
		b.vehicleButtons(a, add)
	}
	// a crewman of the selected vehicle (chosen by one of its buttons):
	// his commands are the vehicle's buttons, not a second set of them
	crewOfVeh := b.selVeh != 0 && b.st().Carrier(b.sel.Sel) == b.selVeh
	if b.sel.Sel != 0 && !crewOfVeh {
		for _, c := range b.legal {
			// a unit's command without a target is a button of its own below
			if !b.sel.For(c, b.sel.Sel) || (c.Fig == 0 && len(c.Targets) == 0) {
				continue
			}
			act := b.action(c)
			if seen[act.Group] {
				continue
			}
			seen[act.Group] = true
			cc := c
			switch act.Kind {
			case rules.ActDrag:
				// it only says to drag: it takes no number key, so the
				// keys run on without a gap where a crowded bar drops it
				// (a play-tester read "4 Run, 6 Turn" as a missing button)
				add(act.Label, act.Short, false, false, func() { a.Toast("Drag the figure to move it: the tape shows what the move costs.") })
				bt := &b.buttons[len(b.buttons)-1]
				bt.hintOnly, bt.fixedKey, bt.key = true, true, ""
				continue
			case rules.ActAim, rules.ActPoint, rules.ActLine:
				add(clickNext(act.Label, act.Kind, false), clickNext(act.Short, act.Kind, true), false, false, aim(cc, act))
			case rules.ActEnd, rules.ActPass:
				add(act.Label, act.Short, act.Kind == rules.ActEnd, false, func() { b.end(a, cc) })
			default:
				add(act.Label, act.Short, false, false, func() { b.apply(a, cc) })
				b.buttons[len(b.buttons)-1].cmd = &cc
			}
			slot(act.Group)
		}
	}
	if b.sel.Sel == 0 || !b.anyFor(b.sel.Sel) {
		// a unit's aimed command (team fire, close assault): one button
		// per unit and verb that picks the unit's first figure and aims
		// (also while a figure that can do nothing now is selected, such
		// as one of the team that has just ended its go)
		for _, c := range b.legal {
			// (aimed at a figure, or at a vehicle named in Arg: the
			// outpost's fire at a landing helicopter had no button on
			// its own side's table)
			if c.Fig != 0 || c.Unit == 0 || b.otherCrews(c) {
				continue
			}
			act := b.action(c)
			if act.Kind != rules.ActAim {
				continue
			}
			key := fmt.Sprint(act.Group, c.Unit)
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
			cc := c
			label := act.Label
			if !strings.Contains(label, u.Name) {
				label += ": " + u.Name
			}
			add(clickNext(label, act.Kind, false), clickNext(act.Short, act.Kind, true), false, false, func() {
				b.sel.Mode, b.sel.Sel = view.Selected, first
				aim(cc, act)()
			})
			unitSlot(cc, act.Group) // (the same key as the figure's own: Shoot stays Shoot)
		}
	}
	if st := b.st(); st.Decider != st.Active || b.legalFigs() == 1 {
		// an answer (a mover dropping prone under fire) or the one figure
		// that may act: its buttons stand on the bar with nothing selected
		for _, c := range b.legal {
			if c.Fig == 0 || (b.sel.Sel != 0 && b.sel.For(c, b.sel.Sel)) {
				continue
			}
			act := b.action(c)
			if act.Kind != rules.ActButton || seen["fig "+act.Group] {
				continue
			}
			seen["fig "+act.Group] = true
			cc := c
			add(act.Label, act.Short, false, false, func() { b.apply(a, cc) })
			b.buttons[len(b.buttons)-1].cmd = &cc
			slot(act.Group)
		}
	}
	for _, c := range b.legal {
		if c.Fig != 0 {
			continue
		}
		if b.otherCrews(c) {
			continue
		}
		act := b.action(c)
		if c.Unit != 0 && act.Kind == rules.ActAim {
			continue // offered above
		}
		if act.Kind == rules.ActDrag {
			continue // driven by dragging on the table (a selected vehicle's bar says so)
		}
		cc := c
		if act.Kind == rules.ActPoint || act.Kind == rules.ActLine {
			// a unit's command aimed at a point (a call for fire): aimed
			// from its first figure, one button per group
			if seen["unit "+act.Group] {
				continue
			}
			seen["unit "+act.Group] = true
			first := b.firstOf(c.Unit)
			add(clickNext(act.Label, act.Kind, false), clickNext(act.Short, act.Kind, true), false, first == 0, func() {
				b.sel.Mode, b.sel.Sel = view.Selected, first
				aim(cc, act)()
			})
			unitSlot(cc, act.Group)
			continue
		}
		label, short := act.Label, act.Short
		if c.Unit != 0 && act.Kind == rules.ActButton && len(c.Targets) == 0 {
			if u := b.st().UnitOf(c.Unit); u != nil && !strings.Contains(label, u.Name) {
				// "Run (whole team): Section", shortened to "Run" on a
				// crowded bar: the active team is named in the panel
				label = label + ": " + u.Name
			}
		}
		if slot := b.enterEnd(); slot != nil && slot.String() == cc.String() {
			// the end Enter gives has a place of its own (below)
			endCmd, endLabel = &cc, label
			continue
		}
		if act.Kind == rules.ActEnd || act.Kind == rules.ActPass {
			add(label, short, act.Kind == rules.ActEnd, false, func() { b.end(a, cc) })
			slot(act.Group)
			continue
		}
		add(label, short, false, false, func() { b.apply(a, cc) })
		b.buttons[len(b.buttons)-1].cmd = &cc
		unitSlot(cc, act.Group)
	}
	if b.interrupting() && !b.viewsDiffer() {
		// standing orders for the rest of the round, for the teams offered
		if offers, pass := b.offers(); len(offers) > 0 && pass != nil {
			pc := *pass
			add("Hold fire all round", "Hold all round", false, false, func() {
				for _, c := range offers {
					b.setOrder(b.offerUnit(c), "hold")
				}
				b.apply(a, pc)
			})
			slot("hold all round")
			first := offers[0]
			add("Fire at first target all round", "Fire all round", false, false, func() {
				for _, c := range offers {
					b.setOrder(b.offerUnit(c), "fire")
				}
				b.apply(a, first)
			})
			slot("fire all round")
		}
	}
	return endCmd, endLabel
}

// firstOf is the first figure of unit u still in the fight (0 for none).
func (b *battle) firstOf(u rules.UnitID) rules.FigID {
	for _, f := range b.st().Figures {
		if f.Unit == u && u != 0 && !f.Removed {
			return f.ID
		}
	}
	return 0
}

// setOrder gives a unit a standing order for the rest of the round.
func (b *battle) setOrder(u rules.UnitID, order string) {
	if b.ordersRound != b.st().Round || b.orders == nil {
		b.orders, b.ordersRound = map[rules.UnitID]string{}, b.st().Round
	}
	b.orders[u] = order
}

// legalFigs counts the figures with a command of their own now.
func (b *battle) legalFigs() int {
	seen := map[rules.FigID]bool{}
	for _, c := range b.legal {
		if c.Fig != 0 {
			seen[c.Fig] = true
		}
	}
	return len(seen)
}
