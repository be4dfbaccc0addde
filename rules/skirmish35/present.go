package skirmish35

import (
	"errors"
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Odds gives the exact chances of a proposed command.
func (r Skirmish) Odds(s *rules.State, c rules.Command) (rules.Odds, error) {
	certain := rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}}
	if f := s.Fig(c.Fig); f != nil && s.Phase == PhaseTurn && f.Side == s.Active && !compelledVerbs[c.Verb] && c.Verb != "end" {
		if why := r.compelled(s, f); why != "" {
			return rules.Odds{}, errors.New(why)
		}
	}
	switch c.Verb {
	case "end":
		return r.endOdds(s)
	case "fire", "oppfire":
		return r.fireOdds(s, c)
	case "oppsup":
		return r.oppSupOdds(s, c)
	case "at":
		return r.atOdds(s, c)
	case "gun":
		return r.gunOdds(s, c)
	case "mg":
		return r.mgOdds(s, c)
	case "oppmg":
		return r.vOppOdds(s, c)
	case "door":
		if c.Arg == "force" {
			return r.forceOdds(s, c)
		}
	case "climb":
		return r.climbOdds(s, c)
	case "throwback":
		return r.throwBackOdds(s, c)
	case "acquire":
		f := s.Fig(c.Fig)
		if f != nil && len(c.Targets) == 0 && len(c.Path) == 0 && c.Arg == "" {
			return r.lookAboutOdds(s, f)
		}
		if f == nil || len(c.Targets) != 1 {
			return rules.Odds{}, errors.New("name the looker and one target, or the looker alone to look about")
		}
		t, err := target(s, c)
		if err != nil {
			return rules.Odds{}, err
		}
		sg, why := r.acquireProblem(s, f, t)
		if why != "" {
			return rules.Odds{}, errors.New(why)
		}
		mods := r.acquireMods(s, f, t, sg)
		n := sumMods(mods)
		p := probGreater2D6(n)
		o := rules.Odds{Mods: mods, Note: fmt.Sprintf("two dice needing more than %d", n)}
		for _, x := range []rules.Outcome{{Name: "acquired", P: p}, {Name: "not seen", P: 1 - p}} {
			if x.P > 0 {
				o.Outcomes = append(o.Outcomes, x)
			}
		}
		return o, nil
	case "move":
		return r.moveOdds(s, c)
	case "grenade":
		return r.grenadeOdds(s, c)
	case "plot":
		return r.plotOdds(s, c)
	case "melee":
		return r.meleeOdds(s, c)
	case "surrender":
		return r.surrenderOdds(s, c)
	case "rally":
		f := s.Fig(c.Fig)
		if f == nil {
			return rules.Odds{}, errors.New("name the figure")
		}
		return r.rallyOdds(s, f)
	}
	return certain, nil
}

// ---- what each side may know ----

// UnitKnown: a unit is known while any of its figures is.
func (r Skirmish) UnitKnown(s *rules.State, side int, id rules.UnitID) bool {
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Unit == id && (f.Removed || r.known(s, side, f)) {
			return true
		}
	}
	return false
}

// FigureKnown: a hidden figure is unknown to the enemy until acquired.
func (r Skirmish) FigureKnown(s *rules.State, side int, id rules.FigID) bool {
	f := s.Fig(id)
	return f == nil || r.known(s, side, f)
}

// ---- the status panel ----

// Explain says where play stands: whose turn, what a figure may do with
// its points, the action points panel.
func (r Skirmish) Explain(s *rules.State) rules.Explanation {
	var ex rules.Explanation
	// the header already names the side to play
	ex.Turn = fmt.Sprintf("Round %d", s.Round)
	if s.TurnLimit > 0 {
		ex.Turn += fmt.Sprintf(" of %d", s.TurnLimit)
	}
	ex.End = "End turn"
	ex.Step = fmt.Sprintf("turn %d", turnNo(s))
	if s.Over {
		ex.Head = "The battle is over"
		if s.Result != "" {
			ex.Lines = []string{s.Result}
		}
		return ex
	}
	if s.Phase == PhaseWon {
		w, l := s.Fig(rules.FigID(s.Var(gWinner))), s.Fig(rules.FigID(s.Var(gLoser)))
		ex.Head = fmt.Sprintf("Hand to hand won: %s to decide", s.Sides[s.Decider].Name)
		ex.Step = fmt.Sprintf("turn %d won %d", turnNo(s), s.Var(gWinner))
		if w != nil && l != nil {
			ex.Lines = append(ex.Lines, fmt.Sprintf("%s beat %s in hand to hand and decides: kill or capture.", w.Name, l.Name))
		}
		ex.End = ""
		return ex
	}
	var costs rules.Panel
	if s.Phase == PhaseOpp {
		m := s.Fig(rules.FigID(s.Var(gOppMover)))
		ex.Head = fmt.Sprintf("Opportunity fire: %s to decide", s.Sides[s.Decider].Name)
		ex.Step = fmt.Sprintf("turn %d opp %d", turnNo(s), s.Var(gOppMover))
		if m != nil {
			ex.Lines = append(ex.Lines, m.Name+" has just moved in front of figures holding their fire.")
		}
		ex.Lines = append(ex.Lines, "A figure holding four points may fire now; only a double six hits.",
			"Or let it pass.")
		ex.End = "Let it pass"
	} else {
		ex.Head = fmt.Sprintf("%s to play: each figure spends its own action points", s.Sides[s.Active].Name)
		c, p := r.d.T.Costs, r.d.T.Points
		ex.Lines = []string{
			fmt.Sprintf("Points a turn: green %d, experienced %d, elite %d; %d fewer while suppressed or shaken. Points left over are lost, unless %d are held for opportunity fire.",
				p.Green, p.Experienced, p.Elite, p.MoraleLoss, c.Opportunity),
			fmt.Sprintf("Move %g\" a point (crawl %g\" prone), at most %g\" a turn; crossing a wall, hedge or fence costs a roll of 1 to 3 points.", r.d.T.Move.PerPoint, r.d.T.Move.CrawlPerPoint, r.d.T.Move.Max),
			"Acquire a target each turn before firing (free: two dice must beat its total). Aimed fire needs the target acquired last turn too and the firer not moved.",
		}
		// the costs as a price list, not a sentence (a play-tester read
		// the sentence as a wall of numbers)
		costs = rules.Panel{Kind: rules.PanelCosts, Title: "Action costs in points"}
		for _, it := range []struct {
			label string
			n     int
		}{
			{"Unaimed fire", c.Unaimed}, {"Aimed fire", c.Aimed}, {"Suppressive fire", c.Suppress},
			{"Grenade", c.Grenade}, {"Hand to hand", c.Melee}, {"Opportunity fire", c.Opportunity},
			{"Plot mortar fire", c.Plot}, {"Hide", c.Hide}, {"Rally", c.Rally}, {"Reload", c.Reload},
			{"Stand up", c.Stand}, {"Go prone", c.Prone}, {"Turn", c.Face}, {"A door", c.Action},
		} {
			costs.Items = append(costs.Items, rules.PanelItem{Side: -1, Label: it.label, Value: it.n})
		}
	}
	if len(s.Vehicles) > 0 && s.Phase == PhaseTurn && !s.Over {
		vc := r.d.T.Vehicle
		ex.Lines = append(ex.Lines, fmt.Sprintf("Vehicles spend their own points: drive (inches a point by going), turret %d, gun %d, machine gun %d, dischargers %d, smoke shell %d, passengers out %d, hatches %d, hold the machine guns for opportunity fire %d; anti-tank fire at a vehicle %d.",
			vc.Turret, vc.Gun, vc.MG, vc.Smoke, vc.Shell, vc.Dismount, vc.Hatch, r.d.T.Costs.Opportunity, r.d.T.Costs.Unaimed))
	}
	if n := len(Lines(s)); n > 0 {
		ex.Lines = append(ex.Lines, fmt.Sprintf("%d %s of suppressive fire on the table.", n, rules.OneOrMany(n, "line", "lines")))
	}
	if n := len(Smokes(s)); n > 0 {
		ex.Lines = append(ex.Lines, fmt.Sprintf("%d smoke %s on the table.", n, rules.OneOrMany(n, "cloud", "clouds")))
	}
	// (no line counts the mortar rounds on the way: the other side's are
	// its secret until they land, a side's copy over the network does not
	// hold them, and a side's own show on the table as its aim points)
	pts := rules.Panel{Kind: rules.PanelPoints, Title: "Action points"}
	last := rules.FigID(s.Var(gLastFig))
	for _, f := range alive(s, s.Active) {
		if f.Markers.Has(rules.Surrendered) {
			continue
		}
		pts.Items = append(pts.Items, rules.PanelItem{Side: f.Side, Label: f.Name, Value: f.Var(fAP), Max: f.Var(fMax),
			Done: f.Var(fAP) == 0, Current: f.ID == last, Unit: f.Unit, Fig: f.ID})
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side != s.Active || !working(s, v) {
			continue
		}
		pts.Items = append(pts.Items, rules.PanelItem{Side: v.Side, Label: v.Name, Value: v.Var(vAP), Max: v.Var(vMax),
			Done: v.Var(vAP) == 0, Unit: v.Unit})
	}
	if len(pts.Items) > 0 {
		ex.Panels = append(ex.Panels, pts)
	}
	if len(costs.Items) > 0 {
		ex.Panels = append(ex.Panels, costs)
	}
	return ex
}

// ---- figure cards ----

// WeaponInfo is a weapon's range bands as the range rings show them.
func (r Skirmish) WeaponInfo(id string) rules.WeaponInfo {
	w, ok := r.d.Weapon(id)
	if !ok {
		return rules.WeaponInfo{ID: id, Label: id}
	}
	wi := rules.WeaponInfo{ID: id, Label: w.Name}
	if w.Burst {
		wi.Dice = "burst: 2 rolls"
	}
	step := in(r.d.T.Hit.RangeStep)
	switch w.Kind {
	case "fire":
		reach := int64(60) * geom.PerInch // house: rings drawn out to 60"
		if w.Kill > 0 {
			reach = in(float64(w.Kill))
		}
		for k := int64(1); (k-1)*step < reach; k++ {
			d := min(k*step, reach)
			wi.Bands = append(wi.Bands, rules.RangeBand{Dist: d, Label: fmt.Sprintf("range +%d", k), Note: fmt.Sprintf("+%d to the hit total", k)})
		}
		if w.Suppress > 0 && in(float64(w.Suppress)) > reach {
			wi.Bands = append(wi.Bands, rules.RangeBand{Dist: in(float64(w.Suppress)), Label: "suppressive fire only"})
		}
	case "grenade", "smoke":
		for _, b := range r.d.T.Grenade.Band {
			note := "lands where aimed"
			if b.On > 0 {
				note = fmt.Sprintf("on target on %s, else %g\" off", rules.DieOrMore(b.On), b.Dist)
			}
			wi.Bands = append(wi.Bands, rules.RangeBand{Dist: in(b.Upto), Label: fmt.Sprintf("up to %g\"", b.Upto), Note: note})
		}
	case "mortar":
		wi.Bands = []rules.RangeBand{{Dist: in(r.d.T.Mortar.Min), Label: "too close", Note: "no fire"},
			{Dist: in(r.d.T.Mortar.Max), Label: "in range"}}
	case "at", "gun":
		bands := r.d.T.AT.Bands
		if w.Kind == "gun" {
			bands = r.d.T.Vehicle.GunBands
		}
		for _, b := range bands {
			wi.Bands = append(wi.Bands, rules.RangeBand{Dist: in(b.Upto), Label: fmt.Sprintf("up to %g\"", b.Upto), Note: fmt.Sprintf("+%d to the total to beat", b.Mod)})
		}
	}
	return wi
}

// Figure is a figure's card: experience and points, morale, weapons,
// markers.
func (r Skirmish) Figure(s *rules.State, id rules.FigID) rules.FigureInfo {
	f := s.Fig(id)
	if f == nil {
		return rules.FigureInfo{}
	}
	var fi rules.FigureInfo
	un := ""
	if u := s.UnitOf(f.Unit); u != nil {
		un = u.Name
	}
	fi.Lines = append(fi.Lines, fmt.Sprintf("%s  -  %s", s.Sides[f.Side].Name, un))
	q := f.Quality
	if q == "" {
		q = "experienced"
	}
	fi.Lines = append(fi.Lines, fmt.Sprintf("%s: %d action points a turn", rules.Capital(q), r.budget(&rules.Figure{Quality: f.Quality})))
	var names []string
	for _, w := range f.Weapons {
		wi := r.WeaponInfo(w)
		fi.Weapons = append(fi.Weapons, wi)
		names = append(names, wi.Label)
	}
	if len(names) > 0 {
		fi.Lines = append(fi.Lines, "Carries: "+strings.Join(names, ", "))
	}
	state := levelNames[levelOf(f)] + ", " + f.Posture.String()
	switch {
	case f.Markers.Has(rules.Surrendered):
		state = "a prisoner"
	case f.Removed:
		state = "out of the fight"
	}
	fi.Lines = append(fi.Lines, "State: "+state)
	if !f.Removed && f.Side == s.Active && s.Phase == PhaseTurn {
		fi.Lines = append(fi.Lines, fmt.Sprintf("Points left: %d of %d", f.Var(fAP), f.Var(fMax)))
	}
	if why := r.whyNoFire(s, f); why != "" {
		fi.Lines = append(fi.Lines, "No shot now: "+why)
	}
	if mv := f.Var(fMoved); mv > 0 && f.Side == s.Active {
		fi.Lines = append(fi.Lines, fmt.Sprintf("Moved %s\" this turn", rules.InchText(int64(mv))))
	}
	if f.Rating > 0 && r.carries(f, "mortar") {
		fi.Lines = append(fi.Lines, fmt.Sprintf("Mortar rounds left: %d of %d", max(0, f.Rating-f.Var(fMortarUsed)), f.Rating))
	}
	if l := f.Var(fLock); l != 0 {
		if o := s.Fig(rules.FigID(l)); o != nil {
			fi.Lines = append(fi.Lines, "Locked in hand to hand with "+o.Name)
		}
	}
	if f.Removed {
		return fi
	}
	add := func(kind, label string) { fi.Marks = append(fi.Marks, rules.Mark{Kind: kind, Label: label}) }
	switch levelOf(f) {
	case Suppressed:
		add(rules.MarkSuppressed, "suppressed: a point fewer, may not fire or close on the enemy")
	case Shaken:
		add(rules.MarkShaken, "shaken: a point fewer, must move away from the enemy")
	case Broken:
		add(rules.MarkBroken, "broken")
	}
	if f.Markers.Has(rules.Surrendered) {
		what := "a prisoner"
		if g := s.Fig(rules.FigID(f.Var(fGuard))); g != nil {
			what += " of " + g.Name
		}
		add(rules.MarkSurrendered, what)
	}
	if f.Markers.Has(rules.OppFire) {
		add(rules.MarkOppFire, "holding four points for opportunity fire")
	}
	if f.Markers.Has(rules.OutOfAmmo) {
		add(rules.MarkOutOfAmmo, "out of ammunition: reload for 2 points")
	}
	if leaning(s, f) {
		add("leaning out", "leaning out of a window: soft cover only")
	}
	if f.Markers.Has(rules.Hidden) && r.sniper(f) {
		add(rules.MarkHidden, "hidden sniper: looks and takes aimed shots from hiding")
	} else if f.Markers.Has(rules.Hidden) {
		add(rules.MarkHidden, "hidden: must move before it looks or fires")
	}
	if f.Side == s.Active && s.Phase == PhaseTurn {
		n := f.Var(fAP)
		fi.Marks = append(fi.Marks, rules.Mark{Kind: rules.MarkAP, Label: fmt.Sprintf("%d action %s", n, rules.OneOrMany(n, "point", "points")), N: n})
		fi.Spent = n == 0
	}
	return fi
}

// ---- the action bar ----

// Action names each command with its cost.
func (r Skirmish) Action(s *rules.State, c rules.Command) rules.Action {
	cs := r.d.T.Costs
	ap := costLabelOf
	rl := &r.d.labels // made once (makeLabels): the random player asks for every listed command
	switch c.Verb {
	case "move":
		f := s.Fig(c.Fig)
		if f != nil && f.Posture == rules.Prone {
			return rules.Action{Label: rl.crawl, Short: "Crawl", Kind: rules.ActDrag}
		}
		return rules.Action{Label: rl.move, Short: "Move", Kind: rules.ActDrag}
	case "face":
		// at an enemy out of its front, or any way at all: a click on
		// the ground turns it to face that point
		return rules.Action{Label: ap("Turn to face", cs.Face), Short: "Turn", Kind: rules.ActAim, Group: "face", Ground: true}
	case "prone":
		return rules.Action{Label: rl.prone.get("Go prone", cs.Prone), Short: "Prone"}
	case "stand":
		return rules.Action{Label: rl.stand.get("Stand up", cs.Stand), Short: "Stand"}
	case "acquire":
		if len(c.Targets) == 0 {
			return rules.Action{Label: "Look about (acquire all, free)", Short: "Look", Kind: rules.ActButton}
		}
		return rules.Action{Label: "Acquire (free)", Short: "Acquire", Kind: rules.ActAim, Group: "acquire one"}
	case "fire":
		if c.Arg == "aimed" {
			return rules.Action{Label: ap("Aimed fire", cs.Aimed), Short: "Aimed", Kind: rules.ActAim, Group: "fire aimed"}
		}
		return rules.Action{Label: ap("Unaimed fire", cs.Unaimed), Short: "Unaimed", Kind: rules.ActAim, Group: "fire unaimed"}
	case "opp":
		return rules.Action{Label: rl.opp.get("Hold for opportunity fire", cs.Opportunity), Short: "Opp fire"}
	case "oppfire":
		a := rules.Action{Label: "Opportunity fire (double six)", Short: "Fire", Kind: rules.ActButton, Group: fmt.Sprint("oppfire ", c.Fig)}
		if h := s.Fig(c.Fig); h != nil {
			a.Label = h.Name + ": opportunity fire (double six)"
		}
		return a
	case "kill":
		return rules.Action{Label: "Kill the beaten attacker", Short: "Kill", Kind: rules.ActButton}
	case "capture":
		return rules.Action{Label: "Take the beaten attacker prisoner", Short: "Capture", Kind: rules.ActButton}
	case "oppsup":
		a := rules.Action{Label: "Suppressive opportunity fire", Short: "Suppress", Kind: rules.ActButton, Group: fmt.Sprint("oppsup ", c.Fig)}
		if h := s.Fig(c.Fig); h != nil {
			a.Label = h.Name + ": suppressive opportunity fire"
		}
		return a
	case "throwback":
		return rules.Action{Label: ap("Throw the grenade back", cs.Grenade), Short: "Throw back", Kind: rules.ActAim, Group: "throwback", Ground: true}
	case "door":
		g := fmt.Sprint("door ", c.Arg, c.Path)
		switch c.Arg {
		case "close":
			return rules.Action{Label: ap("Shut the door", cs.Action), Short: "Shut door", Group: g}
		case "lock":
			return rules.Action{Label: ap("Block the door", cs.Action), Short: "Block door", Group: g}
		case "unlock":
			return rules.Action{Label: ap("Unblock the door", cs.Action), Short: "Unblock", Group: g}
		case "force":
			return rules.Action{Label: "Force the locked door (two rolls of 1 to 3 points)", Short: "Force door", Group: g}
		}
		return rules.Action{Label: ap("Open the door", cs.Action), Short: "Open door", Group: g}
	case "at":
		if va, ok := rules.ParseVehicleArg(c.Arg); ok {
			a := rules.Action{Label: ap("Anti-tank fire", cs.Unaimed), Short: "AT fire", Kind: rules.ActButton, Group: "at " + c.Arg}
			if v := s.Veh(va.ID); v != nil {
				a.Label = ap("Anti-tank fire at the "+v.Name, cs.Unaimed)
			}
			return a
		}
		a := rules.Action{Label: ap("Anti-tank fire at the building", cs.Unaimed), Short: "AT fire", Kind: rules.ActButton, Group: fmt.Sprint("at ", c.Path)}
		if len(c.Path) == 1 && s.Terrain != nil {
			if b := s.Terrain.InsideBuilding(c.Path[0]); b >= 0 {
				a.Label = ap("Anti-tank fire at "+rules.PieceName(s, b), cs.Unaimed)
			}
		}
		return a
	case "lean":
		return rules.Action{Label: rl.lean.get("Lean out of the window", cs.Move), Short: "Lean out"}
	case "climb":
		return rules.Action{Label: "Climb through the window (a roll of 1 to 3 points)", Short: "Climb"}
	case "pass":
		return rules.Action{Label: "Let it pass", Kind: rules.ActPass}
	case "hide":
		return rules.Action{Label: rl.hide.get("Hide", cs.Hide)}
	case "rally":
		return rules.Action{Label: rl.rally.get("Rally", cs.Rally)}
	case "reload":
		return rules.Action{Label: rl.reload.get("Reload", cs.Reload)}
	case "suppress":
		// Legal offers a line across each acquired enemy (for the random
		// player); the table lays any line the rules take, its two ends
		// clicked on the table
		return rules.Action{Label: ap("Suppressive fire", cs.Suppress), Short: "Suppress", Kind: rules.ActLine, Group: "suppress"}
	case "grenade":
		if c.Arg == "smoke" {
			return rules.Action{Label: ap("Throw smoke", cs.Grenade), Short: "Smoke", Kind: rules.ActAim, Group: "grenade smoke", Ground: true}
		}
		return rules.Action{Label: ap("Throw grenade", cs.Grenade), Short: "Grenade", Kind: rules.ActAim, Group: "grenade", Ground: true}
	case "plot":
		return rules.Action{Label: ap("Plot mortar fire", cs.Plot), Short: "Mortar", Kind: rules.ActAim, Group: "plot", Ground: true}
	case "melee":
		if c.Arg == "capture" {
			return rules.Action{Label: ap("Hand to hand, to capture", cs.Melee), Short: "Capture", Kind: rules.ActAim, Group: "melee capture"}
		}
		return rules.Action{Label: ap("Hand to hand", cs.Melee), Short: "Fight", Kind: rules.ActAim, Group: "melee"}
	case "surrender":
		return rules.Action{Label: ap("Call on to surrender", cs.Surrender), Short: "Surrender?", Kind: rules.ActAim, Group: "surrender"}
	case "end":
		return rules.Action{Label: "End turn", Kind: rules.ActEnd}
	}
	return r.vehicleAction(s, c)
}

// Template is the burst a grenade or mortar round would make where aimed.
func (r Skirmish) Template(s *rules.State, c rules.Command) (geom.Circle, bool) {
	var rad int64
	switch c.Verb {
	case "grenade":
		rad = in(r.d.T.Grenade.Radius)
		if c.Arg == "smoke" {
			rad = in(r.d.T.Smoke.Radius)
		}
	case "plot":
		rad = in(r.d.T.Mortar.Radius)
	case "gun", "shell", "smoke":
		return r.vehicleTemplate(s, c)
	default:
		return geom.Circle{}, false
	}
	p, _, err := aimOf(s, c)
	if err != nil {
		return geom.Circle{}, false
	}
	return geom.Circle{C: p, R: rad}, true
}

var (
	_ rules.Knower        = Skirmish{}
	_ rules.Explainer     = Skirmish{}
	_ rules.FigureCarder  = Skirmish{}
	_ rules.ActionLabeler = Skirmish{}
	_ rules.Templater     = Skirmish{}
	_ rules.DoorStater    = Skirmish{}
	_ rules.Indoors       = Skirmish{}
)
