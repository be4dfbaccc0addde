package maxim

import (
	"fmt"
	"sort"
	"strings"

	"hedgerow/rules"
)

// What the table shows of Maxim to Minimi, through the core's hooks
// (rules/present.go): the turn's phases and the initiative roll as
// panels, figure cards with wound and morale marks and each weapon's
// range, action labels, the blast template and the ground scale.

// MarkMorale is the mark kind for a unit's morale state; N is the number
// of failures (1..4).
const MarkMorale = "morale"

var turnPhases = []struct{ id, label string }{
	{PhaseInitiative, "Initiative"}, {PhaseMove, "Move and opportunity fire"}, {PhaseOffensive, "Offensive fire"},
	{PhaseDefensive, "Defensive fire"}, {PhaseVehicles, "Vehicles' second move"}, {PhaseMorale, "Morale and end"},
}

// Explain says where the turn stands.
func (Maxim) Explain(s *rules.State) rules.Explanation {
	var ex rules.Explanation
	if s.Over {
		ex.Head = "The battle is over"
		if s.Result != "" {
			ex.Lines = []string{s.Result}
		}
		ex.Turn = fmt.Sprintf("Turn %d", s.Round)
		return ex
	}
	mover := s.Var(gMover)
	ex.Turn = fmt.Sprintf("Turn %d, %s phase", s.Round, phaseWord(s.Phase))
	side := s.Sides[s.Active].Name
	switch s.Phase {
	case PhaseMove:
		ex.Head = fmt.Sprintf("%s %s", side, rules.Agree(side, "moves", "move"))
		ex.End = "End movement"
		ex.Lines = []string{
			fmt.Sprintf("Each figure may move once: men 6\", riders a die's roll plus 3\"; difficult going costs double."),
			"A figure in contact with an enemy may attack it in melee (both check morale first).",
			fmt.Sprintf("After each move %s may fire at the moving figure at any point of its path.", s.Sides[1-s.Active].Name),
		}
		if len(s.Vehicles) > 0 {
			ex.Lines = append(ex.Lines, "Vehicles drive their rolled move (drag the vehicle); men get in or out within an inch of one, as their move.")
		}
	case PhaseOpportunity:
		m := s.Fig(rules.FigID(s.Var(gOppFig)))
		name := "the moving figure"
		if m != nil {
			name = m.Name
			ex.Step = "opportunity fire at " + m.Name
			ex.StepUnit = m.Unit
		}
		if v := s.Veh(rules.VehicleID(s.Var(gOppVeh))); v != nil {
			name = v.Name
			ex.Step = "opportunity fire at " + v.Name
			ex.StepUnit = v.Unit
		}
		ex.Head = fmt.Sprintf("%s: opportunity fire at %s?", s.Sides[s.Decider].Name, name)
		ex.End = "Hold fire"
		ex.Lines = []string{
			"Pick a firer and the point of the path to shoot at; a hit stops the figure there.",
			"A figure that takes opportunity fire skips defensive fire unless its weapon's rate of fire is 3 or more.",
		}
		if v := s.Veh(rules.VehicleID(s.Var(gOppVeh))); v != nil && vehType(v).OpenTopped && len(livePassengers(s, v)) > 0 {
			ex.Lines[0] = "Pick a firer and the point of the drive to shoot at; a penetrating hit stops the vehicle there."
			ex.Lines = append(ex.Lines, "Its riders show over the open sides: aiming with a rifle or machine gun, click one on its deck to shoot at him (hard cover, moving).")
		}
	case PhaseOffensive:
		ex.Head = fmt.Sprintf("%s: offensive fire", side)
		ex.End = "End offensive fire"
		ex.Lines = []string{"Each figure may fire once, up to its weapon's rate of fire; each shot hits on a roll of 1 to 100 at or under its chance to hit."}
	case PhaseVehicles:
		ex.Head = fmt.Sprintf("%s: vehicles' second move", side)
		ex.End = "End the turn"
		ex.Lines = []string{
			"Each vehicle that moved this turn may drive its newly rolled second move.",
			"A vehicle that moves twice fires and is fired at with -30% (not -20%) until it next moves.",
			fmt.Sprintf("%s may take opportunity fire at it along its drive.", s.Sides[1-s.Active].Name),
		}
	case PhaseDefensive:
		ex.Head = fmt.Sprintf("%s: defensive fire", side)
		ex.End = "End the turn"
		ex.Lines = []string{"Each figure that has not taken opportunity fire may fire once (weapons of rate of fire 3 or more always may)."}
	}
	if ex.Step == "" {
		ex.Step = fmt.Sprintf("turn %d: %s, %s", s.Round, side, phaseWord(s.Phase))
	}
	ini := rules.Panel{Kind: rules.PanelInitiative, Title: fmt.Sprintf("Initiative, turn %d", s.Round)}
	for sd := range 2 {
		d := s.Sides[sd].Vars[sInitDie]
		m := s.Sides[sd].Vars[sInitMod]
		why := ""
		for _, x := range initMods(s, sd) {
			why += fmt.Sprintf(" %+d %s", x.Value, x.Reason)
		}
		label := fmt.Sprintf("%s: %d%s = %d", s.Sides[sd].Name, d, why, d+m)
		if why == "" {
			label = fmt.Sprintf("%s: %d", s.Sides[sd].Name, d) // no modifier: not "18 = 18"
		}
		ini.Items = append(ini.Items, rules.PanelItem{Side: sd, Value: d, Max: data.Initiative.Die, Current: sd == mover,
			Label: label})
	}
	ex.Panels = append(ex.Panels, ini)
	ph := rules.Panel{Kind: rules.PanelPhases, Title: fmt.Sprintf("Turn %d", s.Round)}
	cur := s.Phase
	if cur == PhaseOpportunity {
		cur = PhaseMove
		if s.Var(gOppFrom) == 1 {
			cur = PhaseVehicles
		}
	}
	done := true
	for _, p := range turnPhases {
		if p.id == cur {
			done = false
		}
		side := mover
		if p.id == PhaseDefensive {
			side = 1 - mover
		}
		if p.id == PhaseInitiative || p.id == PhaseMorale {
			side = -1
		}
		ph.Items = append(ph.Items, rules.PanelItem{Side: side, Label: p.label, Current: p.id == cur, Done: done && p.id != cur})
	}
	ex.Panels = append(ex.Panels, ph)
	return ex
}

// WeaponCard is a weapon as the card and range rings show it.
func WeaponCard(id string) rules.WeaponInfo { return weaponCard(id, "") }

// weaponCard is WeaponCard under the weapon's own name (name; "" for the
// tables' class).
func weaponCard(id, name string) rules.WeaponInfo {
	w, ok := data.Weapon(id)
	if !ok {
		return rules.WeaponInfo{ID: id, Label: id}
	}
	if name == "" {
		name = w.Name
	}
	wi := rules.WeaponInfo{ID: id, Label: name}
	if w.Melee {
		wi.Dice = "melee"
		return wi
	}
	wi.Dice = shotsWords(w.ROF)
	if !w.Explosive && w.ROF > 1 {
		wi.Shots = w.ROF // a volley may name a target for each shot
	}
	if w.MinRange > 0 {
		wi.Bands = append(wi.Bands, rules.RangeBand{Dist: w.Min() - 1, Label: "inside minimum range", Note: "cannot fire"})
	}
	note := fmt.Sprintf("hits on %d%%", w.Hit)
	if w.Auto {
		note = "no roll to hit"
	}
	wi.Bands = append(wi.Bands, rules.RangeBand{Dist: w.Reach(), Label: "in range", Note: note})
	return wi
}

// shotsWords is a rate of fire in words: "1 shot each time it fires".
func shotsWords(rof int) string {
	return fmt.Sprintf("%d %s each time it fires", rof, rules.OneOrMany(rof, "shot", "shots"))
}

// weaponLine is a weapon on a figure's card, in words: its own name, then
// the tables' class when it differs, its reach, its chance and its shots
// ("Bazooka (an RPG: reaches 50", hits on 55%, 1 shot each time it fires)").
func weaponLine(id, name string) string {
	w, ok := data.Weapon(id)
	if !ok {
		return id
	}
	var det []string
	if c := className(id, name); c != "" {
		det = append(det, "counts as "+c)
	}
	switch {
	case w.Melee:
	case w.Auto:
		det = append(det, fmt.Sprintf("range %d\", no roll to hit", w.Range))
	default:
		det = append(det, fmt.Sprintf("range %d\"", w.Range), fmt.Sprintf("hits on %d%%", w.Hit), shotsWords(w.ROF))
	}
	if len(det) == 0 {
		return name
	}
	return name + " (" + strings.Join(det, ", ") + ")"
}

// Figure is a figure's card.
func (Maxim) Figure(s *rules.State, id rules.FigID) rules.FigureInfo {
	fi := rules.BasicFigure(s, id)
	f := s.Fig(id)
	if f == nil {
		return fi
	}
	fi.Weapons = nil
	var ws []string
	count := map[string]int{}
	for _, id := range f.Weapons {
		count[id]++
	}
	for _, id := range f.Weapons {
		n := ownName(s, f.Side, id)
		fi.Weapons = append(fi.Weapons, weaponCard(id, n))
		switch {
		case count[id] == 0:
			continue // (named once already)
		case count[id] > 1:
			// two of one weapon (the SA-7 team's two missiles) named
			// once, counted: the card listed the launcher twice
			ws = append(ws, fmt.Sprintf("%d %s", count[id], weaponLine(id, n)))
		default:
			ws = append(ws, weaponLine(id, n))
		}
		count[id] = 0
	}
	for i, l := range fi.Lines {
		if strings.HasPrefix(l, "Weapon") {
			fi.Lines[i] = "Weapons: " + strings.Join(ws, ", ")
		}
	}
	var marks []rules.Mark
	if f.Markers.Has(rules.Stunned) {
		marks = append(marks, rules.Mark{Kind: rules.MarkStunned, Label: "stunned: no actions until the end of the next turn"})
	}
	if f.Markers.Has(rules.Wounded) {
		marks = append(marks, rules.Mark{Kind: rules.MarkWounded, Label: "lightly wounded: -10% to hit, -1\" move"})
	}
	if f.Markers.Has(rules.BadlyWounded) {
		marks = append(marks, rules.Mark{Kind: rules.MarkBadWound, Label: "seriously wounded: -30% to hit, half move"})
	}
	if f.Markers.Has(rules.Surrendered) {
		marks = append(marks, rules.Mark{Kind: rules.MarkSurrendered, Label: "surrendered"})
	}
	if lvl := moraleOf(s, f); lvl > 0 && !f.Removed {
		words := []string{"", "falls back, may fire, no advance", "falls back, -15% to hit, no advance",
			"falls back, no fire, may leave the wounded", "falls back, no fire, surrenders if trapped"}[lvl]
		marks = append(marks, rules.Mark{Kind: MarkMorale, N: lvl, Label: fmt.Sprintf("morale %s: %s", ordinal(lvl), words)})
	}
	if f.Var(fOpp) == s.Round && !f.Removed {
		marks = append(marks, rules.Mark{Kind: rules.MarkOppFire, Label: "took opportunity fire this turn"})
	}
	if f.Var(fMoved) == s.Round && !f.Removed {
		marks = append(marks, rules.Mark{Kind: rules.MarkMoved, Label: "moved this turn (-20% to hit it and for it)"})
	}
	if f.Var(fFired) == s.Round && !f.Removed {
		marks = append(marks, rules.Mark{Kind: rules.MarkFired, Label: "fired this phase"})
	}
	fi.Marks = marks
	u := s.UnitOf(f.Unit)
	line := "Quality: " + figQuality(s, f)
	if u != nil && u.Motive == "fanatic" {
		line += ", fanatic"
	}
	if kevlar(s, f) {
		line += ", Kevlar"
	}
	if u != nil && u.Mount == "horse" {
		line += ", mounted"
	}
	replaced := false
	for i, l := range fi.Lines {
		if strings.HasPrefix(l, "Quality: ") {
			fi.Lines[i], replaced = line, true
		}
	}
	if !replaced {
		fi.Lines = append(fi.Lines, line)
	}
	if u != nil {
		base, mods := moraleChance(s, u)
		fi.Lines = append(fi.Lines, fmt.Sprintf("Morale %d%% (%s)", clampChance(base+modSum(mods)), ordinal(u.Vars[uMorale])))
	}
	if v := s.Veh(s.Carrier(f.ID)); v != nil && !f.Removed {
		role := "passenger"
		if crewOf(s, f) != nil {
			role = "crew: works its weapons"
		}
		fi.Lines = append(fi.Lines, fmt.Sprintf("In %s (%s)", v.Name, role))
	} else if !f.Removed {
		fi.Lines = append(fi.Lines, "Move "+rules.InchText(allowance(s, f))+"\"")
	}
	if f.Var(fLeft) == 1 && !f.Removed {
		fi.Lines = append(fi.Lines, "Left behind, wounded, when his unit fell back")
	}
	switch s.Phase {
	case PhaseMove:
		fi.Spent = f.Side == s.Active && (f.Var(fMoved) == s.Round || f.Var(fFought) == s.Round)
	case PhaseOffensive, PhaseDefensive:
		fi.Spent = f.Side == s.Active && f.Var(fFired) == s.Round
	}
	return fi
}

// Action names the commands.
func (Maxim) Action(s *rules.State, c rules.Command) rules.Action {
	switch c.Verb {
	case "end":
		l := map[string]string{PhaseMove: "End movement", PhaseOffensive: "End offensive fire", PhaseDefensive: "End defensive fire", PhaseVehicles: "End the turn"}[s.Phase]
		if s.Phase == PhaseDefensive && len(s.Vehicles) == 0 {
			l = "End the turn"
		}
		return rules.Action{Label: l, Kind: rules.ActEnd}
	case "pass":
		return rules.Action{Label: "Hold fire", Kind: rules.ActPass}
	case "melee":
		if c.Arg == "capture" {
			return rules.Action{Label: "Melee, to take a prisoner", Short: "Capture", Kind: rules.ActAim, Group: "melee capture"}
		}
		return rules.Action{Label: "Melee", Kind: rules.ActAim, Group: "melee"}
	case "drive":
		name := c.Arg
		if a, ok := rules.ParseVehicleArg(c.Arg); ok && s.Veh(a.ID) != nil {
			name = s.Veh(a.ID).Name
		}
		return rules.Action{Label: "Drive " + name + " (drag the vehicle)", Short: "Drive", Kind: rules.ActDrag, Group: "drive " + c.Arg}
	case "dismount":
		return rules.Action{Label: "Get out of the vehicle", Short: "Get out", Kind: rules.ActButton, Group: "dismount"}
	case "board":
		name := c.Arg
		if a, ok := rules.ParseVehicleArg(c.Arg); ok && s.Veh(a.ID) != nil {
			name = s.Veh(a.ID).Name
		}
		return rules.Action{Label: "Get into " + name, Short: "Get in", Kind: rules.ActButton, Group: "board " + c.Arg}
	case "fire":
		f := s.Fig(c.Fig)
		if f == nil {
			return rules.Action{}
		}
		w, _, err := firingWeapon(s, f, c.Arg)
		if err != nil {
			return rules.Action{}
		}
		verb := "Fire"
		if s.Phase == PhaseOpportunity {
			verb = "Opportunity fire"
		}
		// a weapon fired at a point (a grenade, a mortar) may be aimed
		// at bare ground as well as at a figure
		return rules.Action{Label: fmt.Sprintf("%s: %s", verb, w.Name), Short: w.Name, Kind: rules.ActAim, Group: "fire " + w.ID,
			Ground: w.Point && s.Phase != PhaseOpportunity}
	}
	return rules.Action{}
}

// Scale: inches, each ten metres on the ground.
func (Maxim) Scale() rules.Scale {
	sc := rules.Inches
	sc.Ground = "1\" = 10 m"
	return sc
}

// Vocabulary lists the scenario words Maxim to Minimi knows.
func (Maxim) Vocabulary() rules.Vocabulary {
	var v rules.Vocabulary
	v.Weapons = WeaponIDs()
	sort.Strings(v.Weapons)
	for q := range data.Quality {
		v.Qualities = append(v.Qualities, q)
	}
	sort.Strings(v.Qualities)
	v.Motivations = []string{"fanatic"}
	v.Armours = []string{"kevlar", "none"}
	v.Mounts = []string{"horse"}
	v.Options = []string{rules.OptHidden}
	return v
}

var (
	_ rules.Explainer     = Maxim{}
	_ rules.FigureCarder  = Maxim{}
	_ rules.ActionLabeler = Maxim{}
	_ rules.Templater     = Maxim{}
	_ rules.Scaler        = Maxim{}
	_ rules.Vocabularied  = Maxim{}
)
