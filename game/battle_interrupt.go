package game

import (
	"reflect"

	"hedgerow/game/view"
	"hedgerow/rules"
)

// Interruptions: the other side may interrupt (opportunity fire) or must
// answer. Asked on the table with no curtain when both sides see the same
// table; standing orders answer for a team for the rest of the round.

// interrupting reports whether the side deciding now is not the side
// whose go it is: it may interrupt (opportunity fire) or must answer.
func (b *battle) interrupting() bool {
	st := b.st()
	// (against the computer the table stays with the player's side, who
	// may interrupt the computer's go: computer.go)
	return st.Decider != st.Active && (b.shown == st.Active || (b.shown == st.Decider && b.playerInterrupts()))
}

// viewsDiffer reports whether the side deciding may see anything the side
// at the table may not, or the other way round: then the table must be
// hidden behind the curtain before it changes hands.
func (b *battle) viewsDiffer() bool {
	st := b.st()
	a, d := rules.ViewOf(b.g.RS, st, b.shown), rules.ViewOf(b.g.RS, st, st.Decider)
	for i := range st.Figures {
		id := st.Figures[i].ID
		if a.Figure(id) != d.Figure(id) {
			return true
		}
	}
	for i := range st.Units {
		id := st.Units[i].ID
		if a.Unit(id) != d.Unit(id) {
			return true
		}
	}
	// a thing on the table one side may not see (a round plotted)
	return !reflect.DeepEqual(a.Overlays(), d.Overlays())
}

// offers are the commands an interrupting side may give now, other than
// letting it pass.
func (b *battle) offers() (offers []rules.Command, pass *rules.Command) {
	for _, c := range b.legal {
		switch b.action(c).Kind {
		case rules.ActPass:
			cc := c
			pass = &cc
		case rules.ActButton, rules.ActAim:
			if c.Unit != 0 || c.Fig != 0 {
				offers = append(offers, c)
			}
		}
	}
	return offers, pass
}

// standingOrder answers an interruption for the deciding side when its
// units have standing orders (given with the offer's buttons): every unit
// offered holding fire lets it pass; a unit told to fire at the first
// target fires. It reports whether it gave a command.
func (b *battle) standingOrder(a *App) bool {
	st := b.st()
	if b.ordersRound != st.Round {
		b.orders, b.ordersRound = map[rules.UnitID]string{}, st.Round
	}
	offers, pass := b.offers()
	if len(offers) == 0 || pass == nil {
		return false
	}
	for _, c := range offers {
		if u := b.offerUnit(c); b.orders[u] == "fire" {
			a.Toast("%s fires at the first target: its standing order.", b.unitName(u))
			return b.apply(a, c)
		}
	}
	for _, c := range offers {
		if b.orders[b.offerUnit(c)] != "hold" {
			return false
		}
	}
	a.Toast("%s hold fire: their standing order for this round.", st.Sides[st.Decider].Name)
	return b.apply(a, *pass)
}

// offerUnit is the unit an offered command belongs to.
func (b *battle) offerUnit(c rules.Command) rules.UnitID {
	if c.Unit != 0 {
		return c.Unit
	}
	if f := b.st().Fig(c.Fig); f != nil {
		return f.Unit
	}
	return 0
}

func (b *battle) unitName(u rules.UnitID) string {
	if un := b.st().UnitOf(u); un != nil {
		return un.Name
	}
	return "The team"
}

// firstShown is the side a table opened on a battle under way (a resumed
// save) is handed to: the side deciding, or, while the other side is
// offered a chance to interrupt a move both sides see alike, the mover's
// side, so the offer is asked on the table as it was before the save
// (handed to the interrupter, the table had shown only "Let it pass":
// the offer on the mover and the standing orders are the mover's table's).
func (b *battle) firstShown() int {
	st := b.st()
	b.shown = st.Decider
	if st.Decider != st.Active && st.Active >= 0 && st.Active < 2 {
		if b.shown = st.Active; !b.interrupting() || b.viewsDiffer() {
			b.shown = st.Decider
		}
	}
	return b.shown
}

// deskInterrupt reports whether the other side's interruption prompt is
// up on this table (one desk, no curtain).
func (b *battle) deskInterrupt() bool {
	return b.net == nil && !b.curtain && b.interrupting()
}

// deciderPicked reports whether a man of the deciding side is picked, or
// the table aims: a click on the mover's man then is the deciding side's
// aim, not the mover's click (a play-tester deciding for the British was
// told "the British decide first").
func (b *battle) deciderPicked() bool {
	picked := b.st().Fig(b.sel.Sel)
	return b.sel.Mode == view.Targeting || picked != nil && picked.Side == b.st().Decider
}

// waitClick answers a click on one of the waiting side's figures while
// the other side's prompt is up: the other side decides first, and the
// number keys no longer answer that prompt (a player who has just picked
// his own man means his own action by them, never the other side's).
func (b *battle) waitClick(a *App) {
	st := b.st()
	b.keysHeldAt = len(b.g.Log) + 1
	a.Toast("The %s decide first: fire or let it pass (click a button of their prompt below; Enter twice lets it pass).", st.Sides[st.Decider].Name)
}

// keysHeld reports whether the number keys are held back from the other
// side's prompt now up (waitClick).
func (b *battle) keysHeld() bool {
	return b.deskInterrupt() && b.keysHeldAt == len(b.g.Log)+1
}

// moverSeesPrompt reports whether the other side's prompt is up on the
// mover's own table (hot seat, no curtain): the mover may still be at the
// keys.
func (b *battle) moverSeesPrompt() bool {
	return b.deskInterrupt() && b.shown == b.st().Active
}

// holdEnter holds back the first Enter given while the other side's
// prompt is up on the mover's table, and says whose prompt it is: a mover
// who pressed Enter for his own next step let the other side's chance to
// fire go by (the play test's Sherman drove on, "Wehrmacht holds fire",
// and the German player never saw it). A second Enter lets it pass. It
// reports whether this Enter was held.
func (b *battle) holdEnter(a *App) bool {
	if !b.moverSeesPrompt() || b.enterSeenAt == len(b.g.Log)+1 {
		return false
	}
	b.enterSeenAt = len(b.g.Log) + 1
	st := b.st()
	a.Toast("The %s may act first: this is their prompt, not the next step. Enter again lets their chance pass; their choices are on the bar below.", st.Sides[st.Decider].Name)
	return true
}
