package skirmish35

import (
	"errors"
	"fmt"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Acquiring targets: the roll to acquire, looking about, and the
// acquisitions a figure keeps from turn to turn.

// acquireMods is the ledger of an acquisition of t by f.
func (r Skirmish) acquireMods(s *rules.State, f, t *rules.Figure, sg Sight) []rules.Mod {
	a := r.d.T.Acquire
	var mods []rules.Mod
	if !within(f.Pos, t.Pos, in(a.Long)) {
		mods = append(mods, rules.Mod{Value: a.LongMod, Reason: "over " + strconv.FormatFloat(a.Long, 'g', -1, 64) + "\" away", Rule: "Acquisition"})
	}
	switch sg.Cover {
	case terrain.CoverSoft:
		mods = append(mods, rules.Mod{Value: a.Soft, Reason: "in soft cover (" + sg.CoverName + ")", Rule: "Acquisition"})
	case terrain.CoverHard:
		mods = append(mods, rules.Mod{Value: a.Hard, Reason: "in hard cover (" + sg.CoverName + ")", Rule: "Acquisition"})
	}
	if t.Markers.Has(rules.Hidden) {
		mods = append(mods, rules.Mod{Value: a.Hidden, Reason: "hidden", Rule: "Acquisition"})
	}
	for _, h := range sg.HindNames {
		mods = append(mods, rules.Mod{Value: a.Hindrance, Reason: "hindrance: " + h, Rule: "Acquisition"})
	}
	if seenBefore(s, f, t.ID) {
		mods = append(mods, rules.Mod{Value: a.SeenBefore, Reason: "seen before", Rule: "Acquisition"})
	}
	return mods
}

// acquireProblem says why f cannot try to acquire t now ("" if it can).
func (r Skirmish) acquireProblem(s *rules.State, f, t *rules.Figure) (Sight, string) {
	switch {
	case t.Side == f.Side:
		return Sight{}, "acquire an enemy figure"
	case aboard(s, t) != "":
		return Sight{}, t.Name + " is inside " + aboard(s, t)
	case t.Markers.Has(rules.Surrendered):
		return Sight{}, t.Name + " is a prisoner"
	case f.Markers.Has(rules.Hidden) && !r.sniper(f):
		return Sight{}, f.Name + " is hidden: he must move before he can look for the enemy, and moving gives him away"
	case !inFront(f, t.Pos, r.d.T.Sight.Front):
		return Sight{}, f.Name + " must turn to face " + t.Name + " first"
	case tried(s, f, t.ID):
		return Sight{}, f.Name + " has already tried to acquire " + t.Name + " this turn"
	}
	sg := r.look(s, f, t)
	if !sg.OK {
		return sg, sg.Why
	}
	if t.Markers.Has(rules.Hidden) && sg.Cover == terrain.CoverHard && t.Var(fFlash) == 0 {
		return sg, t.Name + " is hidden behind hard cover"
	}
	return sg, ""
}

// probGreater is the chance that 2D6 beats need (more than it).
func probGreater2D6(need int) float64 {
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b > need {
				n++
			}
		}
	}
	return float64(n) / 36
}

// acquireOne rolls one acquisition.
func (r Skirmish) acquireOne(s *rules.State, f, t *rules.Figure, sg Sight) []rules.Event {
	mods := r.acquireMods(s, f, t, sg)
	// the texts are joined without fmt: a look about rolls for every
	// enemy in front
	l := &rules.Ledger{What: "Acquisition: " + f.Name + " looks for " + t.Name, Compare: ">", Mods: mods}
	l.Target = l.ModTotal()
	l.Dice = s.RollN(2, 6)
	l.Total = l.DiceTotal()
	l.Note = certainNote(l, 2)
	setTried(s, f, t.ID)
	l.Outcome = "not seen"
	rolls := f.Name + " looks for " + t.Name + ": " + needText(l.Total, l.Target, 2)
	text := rolls + ": not seen"
	if l.Total > l.Target {
		l.Outcome = "acquired"
		markAcquired(s, f, t.ID)
		if t.Markers.Has(rules.Hidden) {
			t.SetVar(fSpotted, 1)
		}
		text = rolls + ": acquired"
	}
	ev := rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: l, Text: text}
	if !r.known(s, f.Side, t) {
		// a roll for a figure the looker's side may not know of belongs
		// to the hidden figure's unit, so the view withholds it
		ev.Unit = t.Unit
	}
	return []rules.Event{ev}
}

// applyAcquire: "acquire F1 F7" looks for one enemy; "acquire F1" looks
// about for every enemy in its front it has not yet tried this turn.
func (r Skirmish) applyAcquire(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || c.Arg != "" {
		return nil, errors.New("acquire names the looker and, at most, one target")
	}
	if len(c.Targets) == 1 {
		t, err := target(s, c)
		if err != nil {
			return nil, err
		}
		sg, why := r.acquireProblem(s, f, t)
		if why != "" {
			return nil, errors.New(why)
		}
		return r.acquireOne(s, f, t, sg), nil
	}
	if len(c.Targets) > 1 {
		return nil, errors.New("acquire one target at a time, or none to look about")
	}
	if f.Markers.Has(rules.Hidden) && !r.sniper(f) {
		return nil, errors.New(f.Name + " is hidden: he must move before he can look for the enemy, and moving gives him away")
	}
	if f.Var(fScan) == turnNo(s) {
		return nil, errors.New(f.Name + " has already looked about this turn")
	}
	f.SetVar(fScan, turnNo(s))
	var evs []rules.Event
	n := 0
	fr := frontOf(f, r.d.T.Sight.Front)
	for _, t := range alive(s, 1-f.Side) {
		// out of its front or tried already, acquireProblem refuses it:
		// asked here first, its reasons are not worded for nothing
		if t.Markers.Has(rules.Surrendered) || !fr.has(t.Pos) || tried(s, f, t.ID) {
			continue
		}
		// one it cannot see is refused for that alone: asked without
		// words first (lookAt answers alike), most of a look about's
		// refusals are not worded either
		if !r.lookAt(s, f, t, false).OK {
			continue
		}
		if sg, why := r.acquireProblem(s, f, t); why == "" {
			evs = append(evs, r.acquireOne(s, f, t, sg)...)
			n++
		}
	}
	evs = append([]rules.Event{{Kind: "look", Side: f.Side, Fig: f.ID, Text: f.Name + " looks about"}}, evs...)
	if n == 0 {
		evs[0].Text = f.Name + " looks about and sees no enemy in front of him"
	}
	return evs, nil
}

// Acquisitions are kept as bit sets of target ids (ids up to maskIDs; a
// variable per target beyond): those made in the figure's latest turn
// that had any (fAcq, in turn fAcqT), those of the own turn before it
// (fAcqP), and every earlier one (fAcqE). Few variables to copy and hash
// on every command.
const (
	fAcq  = "acq"
	fAcqT = "acqt"
	fAcqP = "acqp"
	fAcqE = "acqe"
)

func bit(t rules.FigID) int { return 1 << uint(t) }

// acquiredNow reports whether f acquired t in this turn.
func acquiredNow(s *rules.State, f *rules.Figure, t rules.FigID) bool {
	if t > maskIDs {
		return f.Var(vAcq(t)) == turnNo(s)
	}
	return f.Var(fAcqT) == turnNo(s) && f.Var(fAcq)&bit(t) != 0
}

// acquiredLast reports whether f had t acquired in its own turn before
// this one.
func acquiredLast(s *rules.State, f *rules.Figure, t rules.FigID) bool {
	n := turnNo(s)
	if t > maskIDs {
		return f.Var(vPrev(t)) == n-2 || (f.Var(vAcq(t)) == n-2)
	}
	switch f.Var(fAcqT) {
	case n:
		return f.Var(fAcqP)&bit(t) != 0
	case n - 2:
		return f.Var(fAcq)&bit(t) != 0
	}
	return false
}

// seenBefore reports whether f acquired t in some earlier turn.
func seenBefore(s *rules.State, f *rules.Figure, t rules.FigID) bool {
	if t > maskIDs {
		v := f.Var(vAcq(t))
		return (v > 0 && v < turnNo(s)) || f.Var(vPrev(t)) > 0
	}
	m := f.Var(fAcqE)
	if f.Var(fAcqT) != turnNo(s) {
		m |= f.Var(fAcq)
	}
	return m&bit(t) != 0
}

// acqBitsIn are f's acquisitions and its tries in turn n as bit sets of
// target ids (ids up to maskIDs; acquiredNow and tried answer for any id),
// read once for a listing that asks about every enemy.
func acqBitsIn(f *rules.Figure, n int) (now, tries int) {
	if f.Var(fAcqT) == n {
		now = f.Var(fAcq)
	}
	if f.Var(fTryTurn) == n {
		tries = f.Var(fTryMask)
	}
	return now, tries
}

// markAcquired records that f has acquired t this turn.
func markAcquired(s *rules.State, f *rules.Figure, t rules.FigID) {
	n := turnNo(s)
	if t > maskIDs {
		if prev := f.Var(vAcq(t)); prev != n {
			f.SetVar(vPrev(t), prev)
		}
		f.SetVar(vAcq(t), n)
		return
	}
	if f.Var(fAcqT) != n {
		prev := 0
		if f.Var(fAcqT) == n-2 {
			prev = f.Var(fAcq)
		}
		f.SetVar(fAcqE, f.Var(fAcqE)|f.Var(fAcq))
		f.SetVar(fAcqP, prev)
		f.SetVar(fAcq, 0)
		f.SetVar(fAcqT, n)
	}
	f.SetVar(fAcq, f.Var(fAcq)|bit(t))
}

// lookAboutOdds: "acquire F1" alone rolls to acquire every enemy in its
// front it may try (as applyAcquire finds them, in the same order), each
// on its own 2D6: a part for each, and the outcomes how many it acquires.
func (r Skirmish) lookAboutOdds(s *rules.State, f *rules.Figure) (rules.Odds, error) {
	if f.Markers.Has(rules.Hidden) && !r.sniper(f) {
		return rules.Odds{}, errors.New(f.Name + " is hidden: he must move before he can look for the enemy, and moving gives him away")
	}
	if f.Var(fScan) == turnNo(s) {
		return rules.Odds{}, errors.New(f.Name + " has already looked about this turn")
	}
	ns := s.Clone()
	nf := ns.Fig(f.ID)
	fr := frontOf(nf, r.d.T.Sight.Front)
	count := []float64{1} // count[k]: the chance of k acquired so far
	var parts []rules.OddsPart
	for _, t := range alive(ns, 1-nf.Side) {
		if t.Markers.Has(rules.Surrendered) || !fr.has(t.Pos) || tried(ns, nf, t.ID) || !r.lookAt(ns, nf, t, false).OK {
			continue
		}
		sg, why := r.acquireProblem(ns, nf, t)
		if why != "" {
			continue
		}
		p := probGreater2D6(sumMods(r.acquireMods(ns, nf, t, sg)))
		setTried(ns, nf, t.ID)
		var outs []rules.Outcome
		for _, x := range []rules.Outcome{{Name: "acquired", P: p}, {Name: "not seen", P: 1 - p}} {
			if x.P > 0 {
				outs = append(outs, x)
			}
		}
		parts = append(parts, rules.OddsPart{Name: nf.Name + " looks for " + t.Name, Fig: t.ID, Outcomes: outs})
		next := make([]float64, len(count)+1)
		for k, q := range count {
			next[k] += q * (1 - p)
			next[k+1] += q * p
		}
		count = next
	}
	if len(parts) == 0 {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}, Note: f.Name + " sees no enemy in front of him to look for"}, nil
	}
	o := rules.Odds{Parts: parts, Note: "two dice for each enemy in front not yet tried this turn, a part for each"}
	for k, q := range count {
		if q > 0 {
			o.Outcomes = append(o.Outcomes, rules.Outcome{Name: fmt.Sprintf("%d acquired", k), P: q})
		}
	}
	return o, nil
}
