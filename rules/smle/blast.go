package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Explosives: what a team may throw or fire, and a burst's effect.

func (r SMLE) blastOptions(s *rules.State, f *rules.Figure) []rules.Command {
	var out []rules.Command
	seen := map[string]bool{}
	for _, id := range f.Weapons {
		w, ok := r.d.Weapon(id)
		if !ok || !w.Explosive() || seen[id] || usesLeft(f, id) <= 0 || !r.canShoot(s, f, w) {
			continue
		}
		seen[id] = true
		for i := range s.Figures {
			e := &s.Figures[i]
			if e.Side != 1-f.Side || e.Removed || !inReach(w, f.Pos, e.Pos) || !r.inPrepArc(s, f, e.Pos) {
				continue
			}
			if visible(s, f, e) {
				out = append(out, rules.Command{Verb: "blast", Fig: f.ID, Targets: []rules.FigID{e.ID}, Arg: id})
			}
		}
	}
	return out
}

func (r SMLE) findBlast(s *rules.State, u *rules.Unit, c rules.Command) (*rules.Figure, *rules.Figure, *Weapon, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID || len(c.Targets) != 1 {
		return nil, nil, nil, fmt.Errorf("blast names a figure of %s, one target figure and the weapon", teamName(s, u))
	}
	kind := r.fireKind(r.d.Bands[uget(u, vBand)])
	if kind != FireDirect || uget(u, vFired) != 0 || uget(u, vOpp) != 0 || uget(u, vRunning) != 0 {
		return nil, nil, nil, fmt.Errorf("%s may not fire explosives now", teamName(s, u))
	}
	for _, l := range r.blastOptions(s, f) {
		if l.Targets[0] == c.Targets[0] && l.Arg == c.Arg {
			w, _ := r.d.Weapon(c.Arg)
			return f, s.Fig(c.Targets[0]), w, nil
		}
	}
	return nil, nil, nil, fmt.Errorf("%s cannot fire %q at that target now", f.Name, c.Arg)
}

func (r SMLE) applyBlast(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f, t, w, err := r.findBlast(s, u, c)
	if err != nil {
		return nil, err
	}
	in := r.shotInput(s, f, t, w, FireDirect)
	h, l, err := r.d.RollShot(s, in, fmt.Sprintf("%s, %s at %s", w.Name, f.Name, t.Name))
	if err != nil {
		return nil, err
	}
	f.SetVar(fUsedPref+w.ID, f.Var(fUsedPref+w.ID)+1)
	f.SetVar(fStill, s.Round)
	uset(u, vFired, 1)
	uset(u, vRevealed, 1)
	uset(u, vContact, 1)
	evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: &l, Text: fmt.Sprintf("%s fires %s at %s: %s", f.Name, w.Name, t.Name, l.Outcome)}}
	evs = append(evs, r.afterHeavyRoll(s, f, w, l)...)
	impact := t.Pos
	if h == 0 {
		missBy := max(1, l.Target-l.Total)
		var dl rules.Ledger
		impact, dl = r.landing(s, w, f.Pos, t.Pos, missBy, w.Thrown, in.Extreme())
		dl.Note = fmt.Sprintf("missed by %d: 1-%d short, else long; along the line of fire", missBy, r.d.Explosive.ShortMax)
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Roll: &dl, Text: fmt.Sprintf("The %s lands %s", w.Name, dl.Outcome)})
	}
	area := geom.Circle{C: impact, R: int64(w.Dice) * geom.PerInch}
	evs = append(evs, rules.Event{Kind: "blast", Side: f.Side, Area: &area, Text: fmt.Sprintf("%s bursts: %d\" radius", w.Name, w.Dice)})
	if h > 0 {
		evs = append(evs, r.effect(s, f, t, EffectInput{Weapon: w, Armour: armourOf(s, t), Quality: t.Quality, Motive: t.Motive})...)
	}
	var skip rules.FigID
	if h > 0 {
		skip = t.ID // hit: the target took the weapon's own attack
	}
	evs = append(evs, r.burstOn(s, f, w, impact, skip, ufDirect)...)
	if tu := s.UnitOf(t.Unit); tu != nil {
		uset(tu, vUF, worstArc(uget(tu, vUF)|ufExplosive|ufDirect|arcFlags(t, f.Pos)))
		uset(tu, vContact, 1)
		uset(tu, firedByKey(u.ID), s.Round)
	}
	return evs, nil
}

func (r SMLE) blastOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	f := s.Fig(c.Fig)
	if f == nil || len(c.Targets) != 1 {
		return rules.Odds{}, fmt.Errorf("blast odds need a firer and a target")
	}
	u := s.UnitOf(f.Unit)
	_, t, w, err := r.findBlast(s, u, c)
	if err != nil {
		return rules.Odds{}, err
	}
	in := r.shotInput(s, f, t, w, FireDirect)
	hc, err := r.d.HitCounts(in)
	if err != nil {
		return rules.Odds{}, err
	}
	_, mods, _ := r.d.ShotMods(in)
	p := float64(36-hc[0]) / 36
	parts, err := r.blastParts(s, f, t, w, in)
	if err != nil {
		return rules.Odds{}, err
	}
	if p, ok := r.dryPart(f, w); ok {
		parts = append(parts, p)
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "hit", P: p}, {Name: Miss, P: 1 - p}}, Mods: mods, Parts: parts,
		Note: "a miss still bursts where it lands; parts: the effect on each figure it may reach (friend or foe)"}, nil
}

// landing rolls where a missed explosive lands: one die on the deviation
// table, short or long along the line from from through aim. The caller
// words the ledger's note and the event.
func (r SMLE) landing(s *rules.State, w *Weapon, from, aim geom.Pt, missBy int, thrown, far bool) (geom.Pt, rules.Ledger) {
	d := s.Roll(6)
	dev := r.d.Deviation(missBy, d.Face, thrown, far)
	return ImpactPoint(from, aim, dev), rules.Ledger{What: "Deviation of " + w.Name, Dice: []rules.Die{d}, Compare: "table", Total: d.Face, Outcome: devText(dev)}
}

// burstOn resolves w's burst at impact on every figure on the table but
// skip (0: none): each team caught comes under explosive fire (with the
// extra flags) and in contact, and each figure takes one attack per die
// left at its distance, stopping once it is down.
func (r SMLE) burstOn(s *rules.State, firer *rules.Figure, w *Weapon, impact geom.Pt, skip rules.FigID, flags int) []rules.Event {
	var evs []rules.Event
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.ID == skip || !onTable(s, g) {
			continue
		}
		n := BurstDiceAt(w.Dice, impact, g.Pos)
		if n == 0 {
			continue
		}
		if gu := s.UnitOf(g.Unit); gu != nil {
			uset(gu, vUF, uget(gu, vUF)|ufExplosive|flags)
			uset(gu, vContact, 1)
		}
		for k := 0; k < n && !g.Removed; k++ {
			evs = append(evs, r.effect(s, firer, g, EffectInput{Weapon: w, Burst: true, Armour: armourOf(s, g), Quality: g.Quality, Motive: g.Motive})...)
		}
	}
	return evs
}
