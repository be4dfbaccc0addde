package skirmish35

import (
	"errors"
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// inContact reports whether two figures' bases are within hand-to-hand
// reach.
func (r Skirmish) inContact(s *rules.State, a, b *rules.Figure) bool {
	return within(a.Pos, b.Pos, in(r.d.T.Melee.Contact)+2*s.BaseR)
}

func (r Skirmish) meleeProblem(s *rules.State, f, e *rules.Figure) string {
	switch {
	case e.Side == f.Side || e.Removed:
		return "fight an enemy figure on the table"
	case e.Markers.Has(rules.Surrendered):
		return e.Name + " is a prisoner"
	case f.Var(fLock) != 0 && f.Var(fLock) != int(e.ID):
		return f.Name + " is locked in hand to hand with another"
	case f.Var(fLock) == int(e.ID) && f.Var(fDrawn) == turnNo(s):
		return "the fight between " + f.Name + " and " + e.Name + " was drawn this turn: it goes on next turn"
	case !r.inContact(s, f, e):
		return f.Name + " must be in contact with " + e.Name
	case f.Var(fContrib) == turnNo(s) && f.Var(fContribOn) != int(e.ID):
		return f.Name + " is standing over a surrender this turn: it may fight only the figure called on"
	case f.Var(fAP) < r.d.T.Costs.Melee:
		return fmt.Sprintf("%s needs %d points for hand to hand", f.Name, r.d.T.Costs.Melee)
	}
	return ""
}

// meleeBonus is the hand-to-hand bonus of the best close-combat weapon
// the man carries (rifle +2, SMG, assault rifle or carbine +1), wherever
// it comes in his list; the first listed wins a tie.
func (r Skirmish) meleeBonus(f *rules.Figure) (int, string) {
	b, name := 0, ""
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok && w.Melee > b {
			b, name = w.Melee, w.Name
		}
	}
	return b, name
}

// meleeMods is one side's ledger in a fight; first is the fight's first
// round, attacker whether f started it.
func (r Skirmish) meleeMods(s *rules.State, f, o *rules.Figure, first, attacker bool) []rules.Mod {
	m := r.d.T.Melee
	const rule = "Hand to hand"
	var mods []rules.Mod
	if first && attacker {
		mods = append(mods, rules.Mod{Value: m.Initiated, Reason: "started the fight", Rule: rule})
	}
	if first && s.Terrain != nil { // whichever fighter is in cover, the attacker too
		if cv, _ := s.Terrain.CoverFor(f.Base(s.BaseR), o.Pos); cv != terrain.CoverNone {
			mods = append(mods, rules.Mod{Value: m.Cover, Reason: "in cover", Rule: rule})
		}
	}
	switch levelOf(f) {
	case Suppressed:
		mods = append(mods, rules.Mod{Value: m.Suppressed, Reason: "suppressed", Rule: rule})
	case Shaken:
		mods = append(mods, rules.Mod{Value: m.Shaken, Reason: "shaken", Rule: rule})
	}
	if first && f.Posture == rules.Prone {
		mods = append(mods, rules.Mod{Value: m.Prone, Reason: "prone", Rule: rule})
	}
	if first && attacker && !inFront(o, f.Pos, 90) {
		mods = append(mods, rules.Mod{Value: m.Rear, Reason: "attacking from behind", Rule: rule})
	}
	if b, n := r.meleeBonus(f); b != 0 {
		mods = append(mods, rules.Mod{Value: b, Reason: n, Rule: rule})
	}
	return mods
}

// helped reports whether another figure of f's side is in contact with o
// (two against one: roll two dice and keep the best).
func (r Skirmish) helped(s *rules.State, f, o *rules.Figure) bool {
	for _, g := range alive(s, f.Side) {
		if g.ID != f.ID && !g.Markers.Has(rules.Surrendered) && r.inContact(s, g, o) &&
			(g.Var(fLock) == 0 || g.Var(fLock) == int(o.ID)) {
			return true
		}
	}
	return false
}

func sumMods(ms []rules.Mod) int {
	n := 0
	for _, m := range ms {
		n += m.Value
	}
	return n
}

func best(ds []rules.Die) int {
	b := 0
	for _, d := range ds {
		b = max(b, d.Face)
	}
	return b
}

func (r Skirmish) applyMelee(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	e, err := target(s, c)
	if err != nil {
		return nil, err
	}
	if len(c.Path) > 0 || (c.Arg != "" && c.Arg != "kill" && c.Arg != "capture") {
		return nil, errors.New(`melee names the attacker, the enemy and, if it wins, "kill" or "capture"`)
	}
	if why := r.meleeProblem(s, f, e); why != "" {
		return nil, errors.New(why)
	}
	_ = spend(f, r.d.T.Costs.Melee, "hand to hand")
	acted(s, f)
	unhide(f)
	unhide(e)
	first := f.Var(fLock) == 0
	am, dm := r.meleeMods(s, f, e, first, true), r.meleeMods(s, e, f, first, false)
	an, dn := 1, 1
	if r.helped(s, f, e) {
		an = 2
	}
	if r.helped(s, e, f) {
		dn = 2
	}
	ad, dd := s.RollN(an, 6), s.RollN(dn, 6)
	at, dt := best(ad)+sumMods(am), best(dd)+sumMods(dm)
	// opposed: Total is the attacker's best die plus its modifiers (Mods),
	// Target the defender's, whose modifiers the note lists
	var dwords []string
	for _, m := range dm {
		dwords = append(dwords, fmt.Sprintf("%+d %s", m.Value, m.Reason))
	}
	l := &rules.Ledger{What: fmt.Sprintf("Hand to hand: %s against %s", f.Name, e.Name), Dice: append(append([]rules.Die{}, ad...), dd...),
		Compare: "opposed", Mods: am, Total: at, Target: dt,
		Note: fmt.Sprintf("%s best of %d %s; %s best of %d %s (%s); higher wins, a draw fights on", rules.Possessive(f.Name), an, rules.OneOrMany(an, "die", "dice"),
			rules.Possessive(e.Name), dn, rules.OneOrMany(dn, "die", "dice"), strings.Join(dwords, ", "))}
	var evs []rules.Event
	switch {
	case at > dt:
		l.Outcome = "attacker wins"
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: e.ID, Roll: l, Text: fmt.Sprintf("%s %d against %s %d: %s wins", f.Name, at, e.Name, dt, f.Name)})
		f.SetVar(fLock, 0)
		if c.Arg == "capture" {
			evs = append(evs, r.capture(s, f, e, "beaten in hand to hand")...)
		} else {
			evs = append(evs, r.remove(s, e, "killed in hand to hand")...)
		}
	case dt > at:
		// the winner decides the loser's fate, the defender too: its
		// side is asked (PhaseWon); the fight costs the defender the
		// points of hand to hand from its next turn
		l.Outcome = "defender wins"
		e.SetVar(fPenalty, e.Var(fPenalty)+r.d.T.Costs.Beaten)
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: e.ID, Roll: l,
			Text: fmt.Sprintf("%s %d against %s %d: %s wins and decides whether to kill or capture %s (%s loses %d points next turn)", f.Name, at, e.Name, dt, e.Name, f.Name, e.Name, r.d.T.Costs.Beaten)})
		s.Phase, s.Decider = PhaseWon, e.Side
		s.SetVar(gWinner, int(e.ID))
		s.SetVar(gLoser, int(f.ID))
	default:
		l.Outcome = "draw"
		f.SetVar(fLock, int(e.ID))
		e.SetVar(fLock, int(f.ID))
		f.SetVar(fDrawn, turnNo(s))
		e.SetVar(fDrawn, turnNo(s))
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: e.ID, Roll: l,
			Text: fmt.Sprintf("%s %d against %s %d: a draw, the fight goes on", f.Name, at, e.Name, dt)})
	}
	return evs, nil
}

// wonCommands are the defender's side's choices after it won a fight.
func (r Skirmish) wonCommands(s *rules.State) []rules.Command {
	w, l := rules.FigID(s.Var(gWinner)), rules.FigID(s.Var(gLoser))
	return []rules.Command{{Verb: "kill", Fig: w, Targets: []rules.FigID{l}}, {Verb: "capture", Fig: w, Targets: []rules.FigID{l}}}
}

// applyWon: "kill F7 F1" or "capture F7 F1", the defender F7 that beat
// F1 off decides its fate; the attacker's turn then goes on.
func (r Skirmish) applyWon(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if c.Verb != "kill" && c.Verb != "capture" {
		return nil, errors.New("the winner of the fight decides: kill or capture the loser")
	}
	w, l := s.Fig(rules.FigID(s.Var(gWinner))), s.Fig(rules.FigID(s.Var(gLoser)))
	if w == nil || l == nil || c.Fig != w.ID || len(c.Targets) != 1 || c.Targets[0] != l.ID || len(c.Path) > 0 || c.Arg != "" || c.Unit != 0 {
		return nil, fmt.Errorf("the winner decides: %s or %s", r.wonCommands(s)[0], r.wonCommands(s)[1])
	}
	s.Phase, s.Decider = PhaseTurn, s.Active
	s.SetVar(gWinner, 0)
	s.SetVar(gLoser, 0)
	if c.Verb == "capture" {
		return r.capture(s, w, l, "beaten in hand to hand"), nil
	}
	return r.remove(s, l, "killed in hand to hand"), nil
}

// meleeOdds enumerates both sides' dice.
func (r Skirmish) meleeOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the attacker")
	}
	e, err := target(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.meleeProblem(s, f, e); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	first := f.Var(fLock) == 0
	am, dm := sumMods(r.meleeMods(s, f, e, first, true)), sumMods(r.meleeMods(s, e, f, first, false))
	an, dn := 1, 1
	if r.helped(s, f, e) {
		an = 2
	}
	if r.helped(s, e, f) {
		dn = 2
	}
	ap, dp := bestDist(an), bestDist(dn)
	var win, lose, draw float64
	for a := 1; a <= 6; a++ {
		for d := 1; d <= 6; d++ {
			p := ap[a] * dp[d]
			switch x, y := a+am, d+dm; {
			case x > y:
				win += p
			case y > x:
				lose += p
			default:
				draw += p
			}
		}
	}
	o := rules.Odds{Mods: r.meleeMods(s, f, e, first, true), Note: fmt.Sprintf("%+d against %+d", am, dm)}
	for _, x := range []rules.Outcome{{Name: "attacker wins", P: win}, {Name: "draw", P: draw}, {Name: "defender wins", P: lose}} {
		if x.P > 0 {
			o.Outcomes = append(o.Outcomes, x)
		}
	}
	return o, nil
}

// bestDist is the chance of each best face of n D6 (1 or 2).
func bestDist(n int) [7]float64 {
	var out [7]float64
	for k := 1; k <= 6; k++ {
		if n == 1 {
			out[k] = 1.0 / 6
		} else {
			out[k] = float64(2*k-1) / 36
		}
	}
	return out
}

// ---- surrender ----

// lone reports whether e is more than the surrender's friend range from
// every friend still fighting.
func (r Skirmish) lone(s *rules.State, e *rules.Figure) bool {
	for _, g := range alive(s, e.Side) {
		if g.ID != e.ID && !g.Markers.Has(rules.Surrendered) && within(g.Pos, e.Pos, in(r.d.T.Surrender.FriendRange)) {
			return false
		}
	}
	return true
}

func (r Skirmish) surrenderProblem(s *rules.State, f, e *rules.Figure) string {
	sr := r.d.T.Surrender
	switch {
	case e.Side == f.Side || e.Removed || e.Markers.Has(rules.Surrendered):
		return "call on an enemy figure to surrender"
	case e.Var(fChalled) == turnNo(s):
		return e.Name + " has already been called on this turn"
	case !within(f.Pos, e.Pos, in(sr.Range)):
		return fmt.Sprintf("%s must be within %g\" of %s", f.Name, sr.Range, e.Name)
	case !r.lone(s, e):
		return fmt.Sprintf("%s has a friend within %g\"", e.Name, sr.FriendRange)
	case f.Markers.Has(rules.Hidden):
		return f.Name + " is hidden"
	case !r.sees(s, f, e):
		return f.Name + " cannot see " + e.Name
	case f.Var(fAP) < r.d.T.Costs.Surrender:
		return f.Name + " has no points left"
	}
	return ""
}

// surrenderMods is the lone figure's ledger, and the enemies it counts.
func (r Skirmish) surrenderMods(s *rules.State, e *rules.Figure) ([]rules.Mod, []*rules.Figure) {
	sr := r.d.T.Surrender
	const rule = "Surrender"
	var mods []rules.Mod
	var seen []*rules.Figure
	behind := false
	for _, g := range alive(s, 1-e.Side) {
		if !g.Markers.Has(rules.Surrendered) && r.sees(s, e, g) {
			seen = append(seen, g)
			if !inFront(e, g.Pos, 90) {
				behind = true
			}
		}
	}
	if len(seen) > 0 {
		mods = append(mods, rules.Mod{Value: len(seen) * sr.Enemy, Reason: fmt.Sprintf("%d %s in sight", len(seen), rules.OneOrMany(len(seen), "enemy", "enemies")), Rule: rule})
	}
	if behind {
		mods = append(mods, rules.Mod{Value: sr.Behind, Reason: "an enemy behind it", Rule: rule})
	}
	switch levelOf(e) {
	case Suppressed:
		mods = append(mods, rules.Mod{Value: sr.Suppressed, Reason: "suppressed", Rule: rule})
	case Shaken:
		mods = append(mods, rules.Mod{Value: sr.Shaken, Reason: "shaken", Rule: rule})
	}
	friends := 0
	for _, g := range alive(s, e.Side) {
		if g.ID != e.ID && !g.Markers.Has(rules.Surrendered) && r.sees(s, e, g) {
			friends++
		}
	}
	if friends > 0 {
		mods = append(mods, rules.Mod{Value: friends * sr.Friend, Reason: fmt.Sprintf("%d %s in sight", friends, rules.OneOrMany(friends, "friend", "friends")), Rule: rule})
	}
	return mods, seen
}

func (r Skirmish) applySurrender(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	e, err := target(s, c)
	if err != nil {
		return nil, err
	}
	if len(c.Path) > 0 || c.Arg != "" {
		return nil, errors.New("surrender names the challenger and the lone enemy")
	}
	if why := r.surrenderProblem(s, f, e); why != "" {
		return nil, errors.New(why)
	}
	_ = spend(f, r.d.T.Costs.Surrender, "a call to surrender")
	acted(s, f)
	e.SetVar(fChalled, turnNo(s))
	mods, seen := r.surrenderMods(s, e)
	for _, g := range append(seen, f) {
		g.SetVar(fContrib, turnNo(s))
		g.SetVar(fContribOn, int(e.ID))
	}
	l := &rules.Ledger{What: fmt.Sprintf("Surrender: %s calls on %s", f.Name, e.Name), Compare: ">", Mods: mods}
	l.Target = l.ModTotal()
	l.Dice = []rules.Die{s.Roll(6)}
	l.Total = l.Dice[0].Face
	if l.Total > l.Target {
		l.Outcome = "refuses"
		return []rules.Event{{Kind: "roll", Side: e.Side, Fig: e.ID, Roll: l,
			Text: fmt.Sprintf("%s, called on to surrender, %s: refuses", e.Name, needText(l.Total, l.Target, 1))}}, nil
	}
	l.Outcome = "surrenders"
	evs := []rules.Event{{Kind: "roll", Side: e.Side, Fig: e.ID, Roll: l,
		Text: fmt.Sprintf("%s, called on to surrender, %s: surrenders", e.Name, needText(l.Total, l.Target, 1))}}
	return append(evs, r.capture(s, f, e, "surrendered")...), nil
}

func (r Skirmish) surrenderOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return rules.Odds{}, errors.New("name the challenger")
	}
	e, err := target(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	if why := r.surrenderProblem(s, f, e); why != "" {
		return rules.Odds{}, errors.New(why)
	}
	mods, _ := r.surrenderMods(s, e)
	t := sumMods(mods)
	refuse := float64(min(max(6-t, 0), 6)) / 6
	o := rules.Odds{Mods: mods, Note: fmt.Sprintf("a die needing more than %d to refuse", t)}
	for _, x := range []rules.Outcome{{Name: "surrenders", P: 1 - refuse}, {Name: "refuses", P: refuse}} {
		if x.P > 0 {
			o.Outcomes = append(o.Outcomes, x)
		}
	}
	return o, nil
}

// needText tells a roll that must beat a number: "rolls 7, needing more
// than 5". When even the lowest roll (least) beats it, there is nothing
// to need, and the dice (thrown all the same, so that every replay draws
// the same dice) do not matter: "no roll can fail (the 7 rolled does not
// matter)".
func needText(total, target, least int) string {
	if target < least {
		return fmt.Sprintf("no roll can fail (the %d rolled does not matter)", total)
	}
	return fmt.Sprintf("rolls %d, needing more than %d", total, target)
}

// certainNote is the tray's note on a roll no throw can fail (the dice
// are thrown all the same), "" otherwise.
func certainNote(l *rules.Ledger, least int) string {
	if l.Target < least {
		return "no roll can fail here: the dice are thrown all the same, and do not matter"
	}
	return l.Note
}

// shellText is needText for a shell, where a double six fails whatever
// the number to beat.
func shellText(total, target int) string {
	if target < 2 {
		return fmt.Sprintf("rolls %d (only a double six fails)", total)
	}
	return fmt.Sprintf("rolls %d, needing more than %d", total, target)
}
