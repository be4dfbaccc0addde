package firefight

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// What the table shows of Firefight Lite, through the core's hooks
// (rules/present.go): what each side has seen, the chit cup and the
// acting figures' action points, each figure's card and counters, the
// weapons' range bands, the templates and the action bar's words.

// Odds gives the exact chances of a proposed command.
func (Firefight) Odds(s *rules.State, c rules.Command) (rules.Odds, error) {
	switch c.Verb {
	case "spot":
		f := s.Fig(c.Fig)
		if f == nil {
			return rules.Odds{}, fmt.Errorf("there is no such figure")
		}
		t, err := spotTarget(s, f, c)
		if err != nil {
			return rules.Odds{}, err
		}
		need, mods := SpotNeed(s, f, t)
		p := d20Chance(need)
		var out []rules.Outcome
		if p > 0 {
			out = append(out, rules.Outcome{Name: "spotted", P: float64(p) / 20})
		}
		if p < 20 {
			out = append(out, rules.Outcome{Name: "not spotted", P: float64(20-p) / 20})
		}
		return rules.Odds{Outcomes: out, Mods: mods, Note: fmt.Sprintf("needs %d or more on a twenty-sided die", need)}, nil
	case "fire":
		if m := s.Var(gOppMover); m != 0 && len(c.Targets) == 1 && c.Targets[0] != rules.FigID(m) {
			return rules.Odds{}, fmt.Errorf("opportunity fire may only be aimed at the figure that moved")
		}
		return fireOdds(s, c)
	case "leader":
		if s.Phase != PhaseLeader {
			return rules.Odds{}, fmt.Errorf("no unit is choosing a leader")
		}
		o := leaderOdds()
		o.Parts = []rules.OddsPart{chitAfterLeader(s)}
		return o, nil
	case "end":
		if s.Phase == PhaseLeader {
			o := leaderOdds()
			o.Parts = []rules.OddsPart{chitAfterLeader(s)}
			return o, nil
		}
		return endOdds(s)
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}}, nil
}

// endOdds: ending a step draws the next chit (each in the cup as likely),
// or, after the last unmotivated step, starts the morale tests.
func endOdds(s *rules.State) (rules.Odds, error) {
	if s.Phase == PhaseMotivate || s.Phase == PhaseAct || s.Phase == PhaseUnmotivated {
		// the steps in which no one can act pass at once: the odds are
		// of what comes after them
		ns, stop := followEnd(s)
		switch stop {
		case stopDecide:
			note := "the motivated figures act next"
			if ns.Phase == PhaseUnmotivated {
				note = rules.Capital(rules.Possessive(s.Sides[ns.Active].Name)) + " unmotivated figures act next"
			}
			return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}, Note: note}, nil
		case stopRound:
			o, err := roundEndOdds(ns)
			if err == nil && (ns.Phase != s.Phase || ns.Var(gUnmotLeft) != s.Var(gUnmotLeft) || ns.Active != s.Active) {
				o.Note = "no one left can act this turn: the morale phase follows; " + o.Note
			}
			return o, err
		}
		s = ns
	}
	cup := Cup(s)
	if len(cup) == 0 {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}, Note: "the cup is empty: the unmotivated figures act next"}, nil
	}
	var out []rules.Outcome
	for _, c := range cup {
		out = append(out, rules.Outcome{Name: "next chit " + c.label(s), P: 1 / float64(len(cup))})
	}
	o := rules.Odds{Outcomes: out, Note: "the next chit is drawn from the cup"}
	if part, morale, ok := chitInPlay(s); ok {
		o.Parts = []rules.OddsPart{part}
		o.Note += "; a chit whose side can neither motivate nor act is passed over and the next drawn at once (part: the chit that comes into play)"
		if morale != nil {
			// every chit is passed over: the morale phase follows for certain
			mo, err := roundEndOdds(morale)
			if err != nil {
				return rules.Odds{}, err
			}
			o.Parts = append(o.Parts, mo.Parts...)
			o.Note += "; then the morale phase: " + mo.Note
		}
	}
	return o, nil
}

// roundEndOdds: the "end" of the last unmotivated step starts the morale
// phase: each unit that lost initiative tests its cohesion, its men react,
// then the next turn's first chit.
func roundEndOdds(s *rules.State) (rules.Odds, error) {
	var out []rules.Outcome
	var notes []string
	for i := range s.Units {
		u := &s.Units[i]
		if getU(u, uHit) == 0 || len(unitFigs(s, u.ID)) == 0 {
			continue
		}
		// The test is taken after the initiative loss.
		c := u.Vars[uInit]
		tmp := *u
		tmp.Vars = map[string]int{}
		for k, v := range u.Vars {
			tmp.Vars[k] = v
		}
		setU(&tmp, uInit, max(data.Morale.InitiativeFloor, c-data.Morale.InitiativeLoss))
		ct := CohesionTest(s, &tmp)
		fails := ct.CohesionFails()
		if len(out) == 0 {
			out = []rules.Outcome{{Name: "cohesion fails", P: float64(fails) / 20}, {Name: "holds", P: float64(20-fails) / 20}}
		}
		notes = append(notes, fmt.Sprintf("%s fails its cohesion test %d in 20", u.Name, fails))
	}
	chit := chitAfterMorale(s)
	if len(out) == 0 {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}, Note: "no unit tests its morale; then the next turn's first chit",
			Parts: []rules.OddsPart{chit}}, nil
	}
	return rules.Odds{Outcomes: out, Note: "the first unit to test; " + strings.Join(notes, "; ") + "; then the next turn's first chit",
		Parts: append(moraleParts(s), chit)}, nil
}

// NotTested is a morale part's outcome when the roll is not made: the
// unit's cohesion held, or the game ended before.
const NotTested = "not tested"

// moraleParts is each roll of the morale phase an "end" sets off, one
// part each: every testing unit's cohesion test ("Cohesion: <unit>") and
// every man's reaction ("Reaction: <man>"), exactly as moralePhase rolls
// them. A man reacts only when his unit's cohesion failed and the game
// is not over; a rout is a loss and may end it, which stops every later
// roll, so the losses so far are followed through the units in order.
func moraleParts(s *rules.State) []rules.OddsPart {
	type st struct {
		over, failed bool
		loss         [2]int
		p            float64
	}
	states := []st{{loss: [2]int{s.Sides[0].Losses, s.Sides[1].Losses}, p: 1}}
	merge := func(in []st) []st {
		var out []st
		for _, a := range in {
			found := false
			for i := range out {
				if out[i].over == a.over && out[i].failed == a.failed && out[i].loss == a.loss {
					out[i].p += a.p
					found = true
					break
				}
			}
			if !found {
				out = append(out, a)
			}
		}
		return out
	}
	limits := [2]int{lossLimit(s, 0), lossLimit(s, 1)}
	var parts []rules.OddsPart
	for i := range s.Units {
		u := &s.Units[i]
		if getU(u, uHit) == 0 || len(unitFigs(s, u.ID)) == 0 {
			continue
		}
		tmp := *u
		tmp.Vars = map[string]int{}
		for k, v := range u.Vars {
			tmp.Vars[k] = v
		}
		setU(&tmp, uInit, max(data.Morale.InitiativeFloor, getU(u, uInit)-data.Morale.InitiativeLoss))
		fails := float64(CohesionTest(s, &tmp).CohesionFails()) / 20
		var pf, ph, pn float64
		var next []st
		for _, a := range states {
			if a.over {
				pn += a.p
				next = append(next, a)
				continue
			}
			pf += a.p * fails
			ph += a.p * (1 - fails)
			f, h := a, a
			f.failed, f.p = true, a.p*fails
			h.failed, h.p = false, a.p*(1-fails)
			next = append(next, f, h)
		}
		states = merge(next)
		parts = append(parts, rules.OddsPart{Name: "Cohesion: " + u.Name, Outcomes: partOutcomes(
			[]string{"cohesion fails", "holds", NotTested}, []float64{pf, ph, pn})})
		down := LeaderDown(s, u)
		for _, f := range ReactionOrder(s, u) {
			dist := reactionDist(reactionMods(down, f))
			var names []string
			for _, r := range data.Reaction {
				if !slices.Contains(names, r.Result) {
					names = append(names, r.Result)
				}
			}
			ps := make([]float64, len(names)+1)
			next = next[:0]
			for _, a := range states {
				if a.over || !a.failed {
					ps[len(names)] += a.p
					next = append(next, a)
					continue
				}
				for k, r := range names {
					n := dist[r]
					if n == 0 {
						continue
					}
					b := a
					b.p = a.p * float64(n) / 20
					ps[k] += b.p
					if r == "routs" {
						b.loss[u.Side]++
						if b.loss[u.Side] >= limits[u.Side] {
							b.over = true
						}
					}
					next = append(next, b)
				}
			}
			states = merge(next)
			parts = append(parts, rules.OddsPart{Name: "Reaction: " + f.Name, Fig: f.ID,
				Outcomes: partOutcomes(append(names, NotTested), ps)})
		}
		for k := range states {
			states[k].failed = false
		}
		states = merge(states)
	}
	return parts
}

// partOutcomes lists the names with a chance above nothing.
func partOutcomes(names []string, ps []float64) []rules.Outcome {
	var out []rules.Outcome
	for i, n := range names {
		if ps[i] > 0 {
			out = append(out, rules.Outcome{Name: n, P: ps[i]})
		}
	}
	return out
}

// ---- what a side may know ----

// UnitKnown: a side knows of an enemy unit while it sees one of its figures.
func (Firefight) UnitKnown(s *rules.State, side int, id rules.UnitID) bool {
	u := s.UnitOf(id)
	if u == nil || u.Side == side {
		return true
	}
	for _, f := range unitFigs(s, id) {
		if f.Var(seenVar(side)) == 1 {
			return true
		}
	}
	return false
}

// FigureKnown: an enemy figure is shown while some figure of the side has
// a line of sight to it; it can be fired on only once spotted.
func (Firefight) FigureKnown(s *rules.State, side int, id rules.FigID) bool {
	f := s.Fig(id)
	return f == nil || f.Side == side || f.Removed || f.Var(seenVar(side)) == 1
}

// DeployKnown: at set-up no enemy figure has been spotted yet, and an
// enemy not spotted is not seen, so a deploying side sees none of the
// other side's figures.
func (Firefight) DeployKnown(_ *rules.Scenario, viewer, owner int) bool { return viewer == owner }

// ---- the status panel ----

var stepWords = map[string]string{PhaseMotivate: "leaders motivate", PhaseAct: "motivated figures act",
	PhaseUnmotivated: "unmotivated figures act", "morale": "morale", PhaseLeader: "a new leader"}

// Explain says which chit is drawn, what the step is, the cup, the
// acting figures' action points and the leaders' command.
func (Firefight) Explain(s *rules.State) rules.Explanation {
	var ex rules.Explanation
	ex.Turn = fmt.Sprintf("Turn %d", s.Round)
	if s.Over {
		ex.Head = "The battle is over"
		if s.Result != "" {
			ex.Lines = []string{s.Result}
		}
		return ex
	}
	side := s.Sides[s.Active].Name
	chit := Chit{s.Var(gChitSide), s.Var(gChitVal)}
	switch s.Phase {
	case PhaseMotivate, PhaseAct:
		ex.Turn = fmt.Sprintf("Turn %d, chit %s", s.Round, chit.label(s))
		ex.Head = fmt.Sprintf("%s chit %d: %s", side, chit.Value, stepWords[s.Phase])
		ex.Step = fmt.Sprintf("phase %d", phaseNo(s))
	case PhaseUnmotivated:
		ex.Turn = fmt.Sprintf("Turn %d, unmotivated figures", s.Round)
		ex.Head = fmt.Sprintf("%s: %s", side, stepWords[s.Phase])
		ex.Step = fmt.Sprintf("phase %d", phaseNo(s))
	}
	if s.Phase == PhaseLeader {
		u := s.UnitOf(rules.UnitID(s.Var(gLeaderUnit)))
		d := DefaultLeader(s, u.ID)
		ex.Head = fmt.Sprintf("%s: choose a new leader for %s", side, u.Name)
		ex.Step = fmt.Sprintf("leader %d %d", s.Round, u.ID)
		ex.StepUnit = u.ID
		ex.End = "Promote " + d.Name
		ex.Lines = append(ex.Lines,
			fmt.Sprintf("%s has lost a leader. Click one of its men and press \"Take command\": he rolls a die and adds 1 for his leadership and commands from next turn.", u.Name),
			fmt.Sprintf("Or press \"%s\": the man with the most of his unit within %g cm of him.", ex.End, data.Dist.Command.CM))
	}
	if m := s.Var(gOppMover); m != 0 {
		mf := s.Fig(rules.FigID(m))
		ex.Head = fmt.Sprintf("%s: opportunity fire at %s?", s.Sides[s.Decider].Name, mf.Name)
		ex.Lines = append(ex.Lines, "Figures on opportunity fire with the mover in their front arc may fire once this phase, or let it pass.")
		if rest := RestOfMove(s); len(rest) > 0 {
			var left int64
			from := mf.Pos
			for _, p := range rest {
				left += dist(from, p)
				from = p
			}
			ex.Lines = append(ex.Lines, fmt.Sprintf("%s is stopped part way: %s of his move still to go once the fire is over, if he can.", mf.Name, rules.Centimetres.Format(left)))
		}
		ex.End = "Let it pass"
	}
	switch s.Phase {
	case PhaseMotivate:
		ex.End = "Done motivating"
		ex.Lines = append(ex.Lines, fmt.Sprintf("Units of initiative %d or more act. Each leader motivates up to his leadership in figures of his unit within %g cm.", chit.Value, data.Dist.Command.CM))
		for _, u := range ActiveUnits(s) {
			if ex.StepUnit == 0 {
				ex.StepUnit = u.ID
			}
			for _, l := range Leaders(s, u.ID) {
				ex.Lines = append(ex.Lines, leaderLine(s, l))
			}
		}
	case PhaseAct:
		if ex.End == "" {
			ex.End = "End phase"
		}
		ex.Lines = append(ex.Lines, fmt.Sprintf("Motivated figures have %d action points: move 5 cm for 1 (rough ground 2), spot 1, fire 2 once a phase, posture 1-4, opportunity fire 1.", data.Cost.MotivatedAP))
		for _, u := range ActiveUnits(s) {
			if ex.StepUnit == 0 {
				ex.StepUnit = u.ID
			}
		}
	case PhaseUnmotivated:
		if ex.End == "" {
			ex.End = "End unmotivated step"
		}
		ex.Lines = append(ex.Lines, fmt.Sprintf("Figures not motivated this turn have %d action points and may fire only at targets already spotted.", data.Cost.UnmotivatedAP))
	}
	ex.Panels = append(ex.Panels, CupPanel(s))
	if pts := pointsPanel(s); len(pts.Items) > 0 {
		ex.Panels = append(ex.Panels, pts)
	}
	ex.OrderNote = "Units and initiative:"
	active := map[rules.UnitID]bool{}
	for _, u := range ActiveUnits(s) {
		active[u.ID] = true
	}
	for i := range s.Units {
		u := &s.Units[i]
		if len(unitFigs(s, u.ID)) == 0 {
			continue
		}
		ex.Order = append(ex.Order, rules.OrderEntry{Side: u.Side, Unit: u.ID, Current: active[u.ID],
			Label: fmt.Sprintf("%s  initiative %d", u.Name, getU(u, uInit))})
	}
	return ex
}

// leaderLine is a leader's command in plain words.
func leaderLine(s *rules.State, l *rules.Figure) string {
	switch {
	case Neutralised(s, l):
		return fmt.Sprintf("%s is neutralised and commands no one.", l.Name)
	case l.Var(fLeadFrom) > s.Round:
		return fmt.Sprintf("%s takes command next turn.", l.Name)
	}
	in := 0
	for _, f := range unitFigs(s, l.Unit) {
		if InCommand(s, l, f) {
			in++
		}
	}
	return fmt.Sprintf("%s: leadership %d, %d motivated, %d more in reach (%g cm).", l.Name, l.Rating, Motivated(s, l.ID), in, data.Dist.Command.CM)
}

// CupPanel is the chit cup: chits drawn this turn (done, the last
// current) and those still in it.
func CupPanel(s *rules.State) rules.Panel {
	p := rules.Panel{Kind: rules.PanelChits, Title: "Chit cup"}
	drawn := Drawn(s)
	for i, c := range drawn {
		p.Items = append(p.Items, rules.PanelItem{Side: c.Side, Label: c.label(s), Value: c.Value, Done: true,
			Current: i == len(drawn)-1 && (s.Phase == PhaseMotivate || s.Phase == PhaseAct)})
	}
	for _, c := range Cup(s) {
		p.Items = append(p.Items, rules.PanelItem{Side: c.Side, Label: c.label(s), Value: c.Value})
	}
	return p
}

func pointsPanel(s *rules.State) rules.Panel {
	p := rules.Panel{Kind: rules.PanelPoints, Title: "Action points"}
	allow := data.Cost.MotivatedAP
	if s.Phase == PhaseUnmotivated {
		allow = data.Cost.UnmotivatedAP
	}
	for _, f := range s.Alive(s.Active) {
		if (s.Phase == PhaseAct && f.Var(fMot) == phaseNo(s)) || (s.Phase == PhaseUnmotivated && f.Var(fMotTurn) == 0 && !Neutralised(s, f)) {
			p.Items = append(p.Items, rules.PanelItem{Side: f.Side, Label: f.Name, Value: f.Var(fAP), Max: APMax(f, allow), Fig: f.ID, Unit: f.Unit})
		}
	}
	return p
}

// CommandRadius is a leader's command circle, for drawing; ok is false
// for a figure that is not a leader in the fight.
func CommandRadius(s *rules.State, id rules.FigID) (geom.Circle, bool) {
	l := s.Fig(id)
	if l == nil || !l.Leader || l.Removed {
		return geom.Circle{}, false
	}
	return geom.Circle{C: l.Pos, R: data.Dist.Command.U}, true
}

// ---- figure cards ----

// Mark kinds of its own: the posture counters.
const (
	MarkProne     = "prone"
	MarkCrouching = "crouching"
)

// WeaponInfo is a weapon's range bands, each with its base number.
func WeaponInfo(id string) rules.WeaponInfo {
	w, ok := data.Weapon(id)
	if !ok {
		return rules.WeaponInfo{ID: id, Label: id}
	}
	wi := rules.WeaponInfo{ID: id, Label: w.Name}
	switch w.Template {
	case "auto":
		wi.Dice = "auto template 10x8 cm"
	case "lmg":
		wi.Dice = "LMG template 15x10 cm"
	case "hmg":
		wi.Dice = "HMG template 20x10 cm"
	case "blast":
		wi.Dice = "blast 10 cm"
	}
	for i, b := range w.Bands {
		label := fmt.Sprintf("band %d", i+1)
		if i < len(bandWords) {
			label = bandWords[i]
		}
		wi.Bands = append(wi.Bands, rules.RangeBand{Dist: b.U, Label: label, Note: fmt.Sprintf("hits on %d or more out of 20", b.Base)})
	}
	return wi
}

// Figure is a figure's card: unit and initiative, leadership, action
// points, wounds, weapons with their bands, and its counters.
func (Firefight) Figure(s *rules.State, id rules.FigID) rules.FigureInfo {
	f := s.Fig(id)
	if f == nil {
		return rules.FigureInfo{}
	}
	var fi rules.FigureInfo
	u := s.UnitOf(f.Unit)
	un := ""
	if u != nil {
		un = fmt.Sprintf("%s (initiative %d)", u.Name, getU(u, uInit))
	}
	fi.Lines = append(fi.Lines, fmt.Sprintf("%s  -  %s", s.Sides[f.Side].Name, un))
	var names []string
	for _, w := range f.Weapons {
		wi := WeaponInfo(w)
		fi.Weapons = append(fi.Weapons, wi)
		names = append(names, fmt.Sprintf("%s, reach %s", wi.Label, rules.Centimetres.Format(wi.Reach())))
	}
	fi.Lines = append(fi.Lines, "Weapons: "+strings.Join(names, "; "))
	if f.Leader {
		fi.Radii = commandRadius(s, id)
		l := fmt.Sprintf("Leader: leadership %d, command range %g cm", f.Rating, data.Dist.Command.CM)
		if f.Var(fLeadFrom) > s.Round {
			l += " (from next turn)"
		}
		fi.Lines = append(fi.Lines, l)
	}
	if lost := f.Var(fLost); lost > 0 {
		fi.Lines = append(fi.Lines, fmt.Sprintf("Wounded: %d action points fewer", lost))
	}
	state := f.Posture.String()
	if f.Removed {
		state = "out of the fight"
	}
	fi.Lines = append(fi.Lines, "State: "+state)
	if f.Removed {
		return fi
	}
	switch f.Posture {
	case rules.Prone:
		fi.Marks = append(fi.Marks, rules.Mark{Kind: MarkProne, Label: "prone"})
	case rules.Crouching:
		fi.Marks = append(fi.Marks, rules.Mark{Kind: MarkCrouching, Label: "crouching"})
	}
	if Neutralised(s, f) {
		fi.Marks = append(fi.Marks, rules.Mark{Kind: rules.MarkNeutralised, Label: fmt.Sprintf("neutralised through turn %d", f.Var(fNeut))})
	}
	if Suppressed(s, f) {
		fi.Marks = append(fi.Marks, rules.Mark{Kind: rules.MarkSuppressed, Label: fmt.Sprintf("suppressed through turn %d", f.Var(fSupp))})
	}
	if f.Var(fOpp) == 1 {
		fi.Marks = append(fi.Marks, rules.Mark{Kind: rules.MarkOppFire, Label: "on opportunity fire over his front quarter"})
	}
	if canAct(s, f) {
		ap := f.Var(fAP)
		fi.Marks = append(fi.Marks, rules.Mark{Kind: rules.MarkAP, Label: fmt.Sprintf("%d action points", ap), N: ap})
	}
	acting := s.Phase == PhaseAct || s.Phase == PhaseUnmotivated
	fi.Spent = acting && f.Side == s.Active && !canAct(s, f)
	return fi
}

// ---- templates ----

// Template is the blast circle of a grenade command. The burst templates
// of automatic weapons are rectangles: see TemplatePolygon.
func (Firefight) Template(s *rules.State, c rules.Command) (geom.Circle, bool) {
	_, w, t, ok := fireParts(s, c)
	if !ok || w.Template != "blast" {
		return geom.Circle{}, false
	}
	return blastCircle(t.Pos), true
}

// ---- the action bar ----

// Action names the commands.
func (Firefight) Action(s *rules.State, c rules.Command) rules.Action {
	switch c.Verb {
	case "motivate":
		if len(c.Targets) == 0 {
			return rules.Action{Label: "Motivate everyone in reach", Short: "Motivate all", Kind: rules.ActButton, Group: motivateAllGroup(c.Fig)}
		}
		return rules.Action{Label: "Motivate", Kind: rules.ActAim, Group: "motivate " + strconv.Itoa(int(c.Fig))}
	case "spot":
		return rules.Action{Label: "Spot (1 AP)", Short: "Spot", Kind: rules.ActAim}
	case "fire":
		if s.Var(gOppMover) != 0 {
			return rules.Action{Label: "Opportunity fire", Kind: rules.ActAim}
		}
		f := s.Fig(c.Fig)
		if f != nil {
			if w, err := fireWeapon(f, c.Arg); err == nil {
				return rules.Action{Label: fmt.Sprintf("Fire %s (%d AP)", lowFirst(w.Name), w.Points), Short: "Fire", Kind: rules.ActAim, Group: "fire " + w.ID}
			}
		}
	case "oppfire":
		if c.Arg == "face" {
			// A point to face: the front 90 degrees are centred on it.
			return rules.Action{Label: "Opportunity fire, facing a point (1 AP)", Short: "Opp fire facing", Kind: rules.ActPoint, Group: "oppfire face"}
		}
		return rules.Action{Label: "Opportunity fire, facing as now (1 AP)", Short: "Opp fire", Kind: rules.ActButton, Group: "oppfire"}
	case "posture":
		if f := s.Fig(c.Fig); f != nil {
			if p, ok := rules.ParsePosture(c.Arg); ok {
				if f.Posture >= 0 && f.Posture <= rules.Prone && p >= 0 && p <= rules.Prone {
					return rules.Action{Label: postureLabels[f.Posture][p], Short: postureShort[p], Kind: rules.ActButton}
				}
				return rules.Action{Label: "Go " + p.String() + " (" + strconv.Itoa(postureCost(f.Posture, p)) + " AP)", Short: "Go " + p.String(), Kind: rules.ActButton}
			}
		}
	case "move":
		return rules.Action{Label: "Move: drag the figure (1 AP per 5 cm)", Short: "Move", Kind: rules.ActDrag}
	case "pass":
		return rules.Action{Label: "Let it pass", Kind: rules.ActPass}
	case "leader":
		name := "He"
		if f := s.Fig(c.Fig); f != nil {
			name = f.Name
		}
		return rules.Action{Label: name + " takes command (leadership: a die plus 1)", Short: "Take command", Kind: rules.ActButton, Group: "leader"}
	case "end":
		if s.Phase == PhaseLeader {
			if u := s.UnitOf(rules.UnitID(s.Var(gLeaderUnit))); u != nil {
				if d := DefaultLeader(s, u.ID); d != nil {
					return rules.Action{Label: "Promote " + d.Name + " (default)", Short: "Promote " + d.Name, Kind: rules.ActEnd}
				}
			}
		}
		l := ""
		switch s.Phase {
		case PhaseMotivate:
			l = "Done motivating"
		case PhaseAct:
			l = "End phase: draw the next chit"
		case PhaseUnmotivated:
			l = "End unmotivated step"
		}
		return rules.Action{Label: l, Short: "End", Kind: rules.ActEnd}
	}
	return rules.Action{}
}

// motivateAllGroup is the group of a leader's "motivate all" button.
func motivateAllGroup(id rules.FigID) string {
	if id >= 0 && int(id) < len(motivateAllGroups) {
		return motivateAllGroups[id]
	}
	return "motivate all " + strconv.Itoa(int(id))
}

// postureWord is a posture button's word on a crowded bar: "Crouch",
// not "Go crouching" (a 1024x640 act-phase bar took two rows).
var postureWord = [rules.Prone + 1]string{rules.Standing: "Stand", rules.Crouching: "Crouch", rules.Prone: "Prone"}

// The posture buttons' words and the first figures' "motivate all"
// groups, built once: the random player asks every listed command's kind.
var (
	postureLabels     [rules.Prone + 1][rules.Prone + 1]string // from, to
	postureShort      [rules.Prone + 1]string
	motivateAllGroups [256]string
)

func init() {
	for from := rules.Standing; from <= rules.Prone; from++ {
		for to := rules.Standing; to <= rules.Prone; to++ {
			postureLabels[from][to] = "Go " + to.String() + " (" + strconv.Itoa(postureCost(from, to)) + " AP)"
		}
		postureShort[from] = postureWord[from]
	}
	for i := range motivateAllGroups {
		motivateAllGroups[i] = "motivate all " + strconv.Itoa(i)
	}
}

var (
	_ rules.Explainer     = Firefight{}
	_ rules.FigureCarder  = Firefight{}
	_ rules.ActionLabeler = Firefight{}
	_ rules.Knower        = Firefight{}
	_ rules.Scaler        = Firefight{}
	_ rules.Templater     = Firefight{}
	_ rules.Vocabularied  = Firefight{}
	_ rules.Indoors       = Firefight{}
	_ rules.DoorStater    = Firefight{}
)

// lowFirst is a name with its first letter small for the middle of a
// sentence ("Fire bolt-action rifle"), leaving a name that opens with an
// abbreviation as it is ("MG42 on tripod"); the rest is never lowered
// ("BAR, Bren", which lowering the whole name made "bar, bren").
func lowFirst(s string) string {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' || s[1] < 'a' || s[1] > 'z' {
		return s
	}
	return string(s[0]-'A'+'a') + s[1:]
}
