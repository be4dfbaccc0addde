package maxim

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

const ruleMorale = "Morale"

// members lists a unit's figures (on the table or not), in id order.
func members(s *rules.State, u rules.UnitID) []*rules.Figure {
	var out []*rules.Figure
	for i := range s.Figures {
		if s.Figures[i].Unit == u {
			out = append(out, &s.Figures[i])
		}
	}
	return out
}

// casualties counts a unit's figures killed, fled, surrendered or
// wounded.
func casualties(s *rules.State, u rules.UnitID) (cas, total int) {
	for _, f := range members(s, u) {
		total++
		if f.Removed || f.Markers.Has(rules.Wounded) || f.Markers.Has(rules.BadlyWounded) {
			cas++
		}
	}
	return cas, total
}

// moraleChance is a unit's chance to pass a morale check or rally, with
// its modifiers.
func moraleChance(s *rules.State, u *rules.Unit) (base int, mods []rules.Mod) {
	q := qualityOf(u)
	base = data.Quality[q].Morale
	add := func(v int, why string) {
		if v != 0 {
			mods = append(mods, rules.Mod{Value: v, Reason: why, Rule: ruleMorale})
		}
	}
	if u.Motive == "fanatic" {
		add(data.Morale.Fanatic, "fanatics")
	}
	cas, total := casualties(s, u.ID)
	if n := cas / 5; n > 0 {
		add(n*data.Morale.PerFiveCasualties, countWords(cas, "casualty", "casualties"))
	}
	if total > 0 && 2*cas >= total {
		add(data.Morale.HalfCasualties, "half the unit are casualties")
	}
	// Enemy dead in sight of any figure of the unit.
	alive := []*rules.Figure{}
	for _, f := range members(s, u.ID) {
		if !f.Removed {
			alive = append(alive, f)
		}
	}
	dead := 0
	for i := range s.Figures {
		e := &s.Figures[i]
		if e.Side == u.Side || !e.Removed || e.Var(fDead) != 1 {
			continue
		}
		for _, f := range alive {
			if s.Terrain == nil || s.Terrain.Clear(f.Pos, e.Pos) {
				dead++
				break
			}
		}
	}
	add(dead*data.Morale.EnemyDead, fmt.Sprintf("%d enemy dead in sight", dead))
	// Officers and NCOs of this unit and the units above it, hit.
	hit := 0
	for id, n := u.ID, 0; id != 0 && n < 16; n++ {
		for _, f := range members(s, id) {
			if f.Leader && (f.Var(fDead) == 1 || f.Markers.Has(rules.Wounded) || f.Markers.Has(rules.BadlyWounded)) {
				hit++
			}
		}
		id = s.UnitOf(id).Parent
	}
	add(hit*data.Morale.LeaderHit, countWords(hit, "officer or NCO hit", "officers or NCOs hit"))
	near, koEnemy, koOwn := afvMorale(s, u, alive)
	if near {
		add(data.Morale.AFVNear, fmt.Sprintf("enemy armour within %d\"", data.Vehicle.ToHit.EnemyAFVNear))
	}
	add(koEnemy*data.Morale.EnemyAFVKO, countWords(koEnemy, "enemy armoured vehicle knocked out in sight", "enemy armoured vehicles knocked out in sight"))
	add(koOwn*data.Morale.FriendlyAFVKO, countWords(koOwn, "friendly armoured vehicle knocked out in sight", "friendly armoured vehicles knocked out in sight"))
	return base, mods
}

// moralePhase rolls for every unit that must check or may rally, in id
// order.
func moralePhase(s *rules.State) []rules.Event {
	var evs []rules.Event
	for i := range s.Units {
		u := &s.Units[i]
		alive := 0
		for _, f := range members(s, u.ID) {
			if !f.Removed {
				alive++
			}
		}
		if alive == 0 {
			continue
		}
		lvl := u.Vars[uMorale]
		check := u.Vars[uCasRnd] == s.Round
		if !check && lvl == 0 {
			continue
		}
		base, mods := moraleChance(s, u)
		what := "Morale check, " + u.Name
		if !check {
			what = "Rally, " + u.Name
		}
		l, pass := percentile(s, what, base, mods, "")
		switch {
		case check && pass:
			l.Outcome = "holds"
		case check:
			lvl = min(lvl+1, MaxMorale)
			l.Outcome = "fails: " + ordinal(lvl)
		case pass:
			lvl--
			l.Outcome = "rallies to " + ordinal(lvl)
		default:
			l.Outcome = "does not rally"
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Roll: l,
			Text: fmt.Sprintf("%s: %s %d, needs %d or less: %s", u.Name, what[:len(what)-len(u.Name)-2], l.Total, l.Target, l.Outcome)})
		if lvl == u.Vars[uMorale] {
			continue
		}
		unitSet(u, uMorale, lvl)
		if check && !pass {
			evs = append(evs, failEffects(s, u, lvl)...)
			if s.Over {
				return evs
			}
		}
	}
	return evs
}

func isHeavy(id string) bool {
	w, ok := data.Weapon(id)
	return ok && w.Heavy
}

// failEffects carries out a morale failure: the unit falls back level x
// D6", and at the 3rd and 4th failure leaves wounded and heavy weapons.
func failEffects(s *rules.State, u *rules.Unit, lvl int) []rules.Event {
	var evs []rules.Event
	abandon := lvl == 4
	if lvl == 3 {
		d := s.Roll(data.Morale.AbandonDie)
		abandon = d.Face >= data.Morale.AbandonOn
		out := "keeps its wounded and heavy weapons"
		if abandon {
			out = "leaves its wounded and heavy weapons behind"
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Text: fmt.Sprintf("%s: %d on a twelve-sided die: %s", u.Name, d.Face, out),
			Roll: &rules.Ledger{What: "Abandoning the wounded, " + u.Name, Dice: []rules.Die{d}, Target: data.Morale.AbandonOn, Compare: ">=",
				Total: d.Face, Outcome: out, Note: "3rd failure: on 5 or more on a twelve-sided die the unit leaves its heavy weapons and wounded"}})
	}
	dice := s.RollN(lvl, 6)
	dist := 0
	for _, d := range dice {
		dist += d.Face
	}
	evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID,
		Text: fmt.Sprintf("%s falls back %d\"", u.Name, dist),
		Roll: &rules.Ledger{What: "Falling back, " + u.Name, Dice: dice, Compare: "table", Total: dist,
			Outcome: fmt.Sprintf("%d\"", dist), Note: fmt.Sprintf("%s: the unit falls back the roll of %s in inches, away from the enemy", ordinal(lvl), diceWords(lvl, 6))}})
	for _, f := range members(s, u.ID) {
		if f.Removed {
			continue
		}
		wounded := f.Markers.Has(rules.Wounded) || f.Markers.Has(rules.BadlyWounded)
		if abandon {
			var keep []string
			for _, w := range f.Weapons {
				if !isHeavy(w) {
					keep = append(keep, w)
				}
			}
			if len(keep) != len(f.Weapons) {
				f.Weapons = keep
				evs = append(evs, rules.Event{Kind: "abandon", Side: f.Side, Fig: f.ID, Text: f.Name + " leaves his heavy weapon behind"})
			}
			if wounded {
				f.SetVar(fLeft, 1)
				evs = append(evs, rules.Event{Kind: "abandon", Side: f.Side, Fig: f.ID, Text: f.Name + " is left behind, wounded"})
				continue
			}
		}
		evs = append(evs, fallBackEvents(s, f, int64(dist)*geom.PerInch, lvl, fanatic(s, f))...)
		if s.Over {
			return evs
		}
	}
	return evs
}

// fallBackEvents moves one figure back and handles no escape.
func fallBackEvents(s *rules.State, f *rules.Figure, dist int64, lvl int, fan bool) []rules.Event {
	if aboard(s, f) {
		return nil // a vehicle's men stay with it (house rule)
	}
	if stunned(f) {
		return []rules.Event{{Kind: "note", Side: f.Side, Fig: f.ID, Text: f.Name + " is stunned and stays where he is"}}
	}
	e := nearestEnemy(s, f.Side, f.Pos)
	from := f.Pos
	if e != nil {
		from = e.Pos
	}
	end, how := fallBack(s, f, from, dist)
	switch how {
	case "fled":
		return remove(s, f, "fled", "fell back off the table")
	case "blocked":
		switch {
		case lvl == 4 && fan:
			return remove(s, f, "killed", "a fanatic with no way out, he fights to the death")
		case lvl == 4:
			return remove(s, f, "surrendered", "no way out")
		case lvl == 3:
			return []rules.Event{{Kind: "note", Side: f.Side, Fig: f.ID, Text: f.Name + " has no way out and goes to ground"}}
		}
	}
	if end == f.Pos {
		return nil
	}
	path := []geom.Pt{f.Pos, end}
	f.Pos = end
	return []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: path,
		Text: fmt.Sprintf("%s falls back %s\"", f.Name, rules.InchText(geom.Dist(path[0], end)))}}
}

// ---- melee ----

const ruleMelee = "Melee"

// contactDist is the greatest centre distance at which two figures may
// fight: bases within half an inch (house value, in the data).
func contactDist(s *rules.State) int64 { return 2*s.BaseR + int64(data.Melee.Contact) }

// meleeProblem says why f may not attack e now ("" when it may).
func meleeProblem(s *rules.State, f, e *rules.Figure) string {
	switch {
	case s.Phase != PhaseMove:
		return "melee is joined in the move phase"
	case f.Removed || e.Removed:
		return "both figures must be on the table"
	case aboard(s, f) || aboard(s, e):
		return "men inside vehicles do not fight in melee"
	case f.Side != s.Active || e.Side == f.Side:
		return "the moving side attacks an enemy figure"
	case f.Var(fFought) == s.Round:
		return f.Name + " has already fought this turn"
	case stunned(f):
		return f.Name + " is stunned"
	case moraleOf(s, f) >= MaxMorale:
		return rules.Possessive(f.Name) + " unit is at its 4th morale failure and may not fight"
	case !geom.WithinDist(f.Pos, e.Pos, contactDist(s)):
		return fmt.Sprintf("%s is not in contact with %s", f.Name, e.Name)
	}
	return ""
}

// meleeMods are a figure's melee modifiers; attacker is the other figure.
func meleeMods(s *rules.State, f, other *rules.Figure, defending bool) []rules.Mod {
	var mods []rules.Mod
	add := func(v int, why string) {
		if v != 0 {
			mods = append(mods, rules.Mod{Value: v, Reason: why, Rule: ruleMelee})
		}
	}
	nasty, close := false, false
	for _, id := range f.Weapons {
		if w, ok := data.Weapon(id); ok {
			nasty = nasty || w.Nasty
			close = close || w.Close
		}
	}
	if nasty {
		add(data.Melee.Nasty, "a nasty item to hand")
	}
	if close {
		add(data.Melee.Close, "armed with SMG, shotgun or pistol")
	}
	q := figQuality(s, f)
	add(data.Quality[q].Melee, q)
	if fanatic(s, f) {
		add(data.Melee.Fanatic, "fanatic")
	}
	if defending && behind(f, other) {
		add(data.Melee.Behind, "attacked from behind")
	}
	add(data.Melee.PerMoraleLevel*moraleOf(s, f), ordinal(moraleOf(s, f)))
	return mods
}

// facingVec is a figure's facing as a vector (nearest 45 degrees).
func facingVec(deg int) geom.Pt {
	return deviation[((deg%360+360+22)/45)%8]
}

// behind reports whether other stands behind f: more than 90 degrees off
// the way f faces.
func behind(f, other *rules.Figure) bool {
	return facingVec(f.Facing).Dot(other.Pos.Sub(f.Pos)) < 0
}

func applyMelee(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if len(c.Targets) != 1 || len(c.Path) > 0 || c.Unit != 0 || (c.Arg != "" && c.Arg != "capture" && c.Arg != "kill") {
		return nil, errors.New(`a melee names the attacker and one enemy in contact, and may end "capture"`)
	}
	f, e := s.Fig(c.Fig), s.Fig(c.Targets[0])
	if f == nil || e == nil {
		return nil, errors.New("name two figures")
	}
	if why := meleeProblem(s, f, e); why != "" {
		return nil, errors.New(why)
	}
	f.SetVar(fFought, s.Round)
	if moraleOf(s, e) >= MaxMorale {
		return remove(s, e, "surrendered", "at its 4th morale failure it gives up to "+f.Name), nil
	}
	var evs []rules.Event
	passed := [2]bool{}
	for i, g := range []*rules.Figure{f, e} {
		u := s.UnitOf(g.Unit)
		base, mods := moraleChance(s, u)
		l, ok := percentile(s, "Melee morale check, "+g.Name, base, mods, "")
		passed[i] = ok
		l.Outcome = "fights"
		if !ok {
			l.Outcome = "falls back"
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Roll: l,
			Text: fmt.Sprintf("%s nerve: %d, needs %d or less: %s", rules.Possessive(g.Name), l.Total, l.Target, l.Outcome)})
	}
	for i, g := range []*rules.Figure{f, e} {
		if passed[i] {
			continue
		}
		other := []*rules.Figure{e, f}[i]
		d := s.Roll(6)
		evs = append(evs, rules.Event{Kind: "roll", Side: g.Side, Fig: g.ID, Text: fmt.Sprintf("%s falls back %d\"", g.Name, d.Face),
			Roll: &rules.Ledger{What: "Falling back from melee, " + g.Name, Dice: []rules.Die{d}, Compare: "table", Total: d.Face, Outcome: fmt.Sprintf("%d\"", d.Face)}})
		end, how := fallBack(s, g, other.Pos, int64(d.Face)*geom.PerInch)
		if how == "fled" {
			evs = append(evs, remove(s, g, "fled", "fell back off the table")...)
			if s.Over {
				return evs, nil
			}
		} else if end != g.Pos {
			evs = append(evs, rules.Event{Kind: "move", Side: g.Side, Fig: g.ID, Path: []geom.Pt{g.Pos, end}, Text: g.Name + " falls back from the melee"})
			g.Pos = end
		}
	}
	if !passed[0] || !passed[1] {
		return evs, nil
	}
	ma, md := meleeMods(s, f, e, false), meleeMods(s, e, f, true)
	for {
		a, b := s.Roll(10), s.Roll(10)
		x, y := a.Face+modSum(ma), b.Face+modSum(md)
		var mods []rules.Mod
		mods = append(mods, ma...)
		for _, m := range md {
			m.Value = -m.Value
			m.Reason = e.Name + ": " + m.Reason
			mods = append(mods, m)
		}
		out := "tie: fight on"
		switch {
		case x > y:
			out = f.Name + " wins"
		case y > x:
			out = e.Name + " wins"
		}
		l := &rules.Ledger{What: fmt.Sprintf("Melee, %s against %s", f.Name, e.Name), Dice: []rules.Die{a, b}, Compare: "opposed",
			Target: y, Total: x, Mods: mods, Outcome: out,
			Note: "each rolls a ten-sided die with modifiers, the higher wins; the total shown is the attacker's, the number it must beat the defender's"}
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: e.ID, Roll: l,
			Text: fmt.Sprintf("Melee: %s %d%s = %d, %s %d%s = %d: %s", f.Name, a.Face, signed(modSum(ma)), x, e.Name, b.Face, signed(modSum(md)), y, out)})
		if x == y {
			continue
		}
		winner, loser := f, e
		if y > x {
			winner, loser = e, f
		}
		if c.Arg == "capture" && winner == f {
			return append(evs, remove(s, loser, "surrendered", "taken prisoner by "+winner.Name)...), nil
		}
		return append(evs, remove(s, loser, "killed", "in melee with "+winner.Name)...), nil
	}
}

// afvMorale is what armour does to a unit's nerve: an enemy armoured
// vehicle still in the fight within 10" of any of its men, and the
// knocked-out armoured vehicles of either side that any of them can see.
func afvMorale(s *rules.State, u *rules.Unit, alive []*rules.Figure) (near bool, koEnemy, koOwn int) {
	r := int64(data.Vehicle.ToHit.EnemyAFVNear) * geom.PerInch
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed || !vehKinds[v.Type].AFV {
			continue
		}
		ko := knockedOut(s, v)
		for _, f := range alive {
			if !ko && v.Side != u.Side && geom.WithinDist(f.Pos, v.Pos, r) {
				near = true
			}
			if ko && (s.Terrain == nil || s.Terrain.Clear(f.Pos, v.Pos)) {
				if v.Side == u.Side {
					koOwn++
				} else {
					koEnemy++
				}
				break
			}
		}
	}
	return near, koEnemy, koOwn
}
