package smle

import (
	"fmt"

	"hedgerow/rules"
)

// Reloading heavy weapons (the Activation Table's "Reload Heavy Weapons",
// Pinned 3-4 or better). The book counts no ammunition, so this is a
// house model (data/tables.toml [reload]): a heavy (H) weapon whose to-hit
// dice show a double has emptied its belt or its ready rounds. It is then
// "dry": it fires no more (no volley, opportunity fire, explosive or call
// for fire) until its carrier reloads it with "reload F3", which takes
// that man's round: his move ends and he may not fire again this round.
// A dry weapon abandoned and taken up again is still dry.

const (
	fDryPref  = "dry_"     // figure: prefix + weapon id = 1 while that heavy weapon is dry
	fReloaded = "reloaded" // figure: round it last reloaded (no fire that round)
)

// Dry reports whether figure f's weapon w has run dry.
func Dry(f *rules.Figure, w *Weapon) bool { return w != nil && f.Var(fDryPref+w.ID) != 0 }

// runsDry reports whether a to-hit roll of w empties it: a heavy weapon
// and a double on the two dice.
func (r SMLE) runsDry(w *Weapon, l rules.Ledger) bool {
	return r.d.Reload.DryOnDouble && w != nil && w.Heavy() && len(l.Dice) == 2 && l.Dice[0].Face == l.Dice[1].Face
}

// afterHeavyRoll marks f's heavy weapon dry when its to-hit roll l was a
// double, and says so.
func (r SMLE) afterHeavyRoll(s *rules.State, f *rules.Figure, w *Weapon, l rules.Ledger) []rules.Event {
	if f == nil || !r.runsDry(w, l) {
		return nil
	}
	f.SetVar(fDryPref+w.ID, 1)
	return []rules.Event{{Kind: "dry", Side: f.Side, Fig: f.ID,
		Text: fmt.Sprintf("%s %s has run dry (a double on the dice): it must be reloaded before it fires again", rules.Possessive(f.Name), w.Name)}}
}

// dryWeapons lists f's heavy weapons that have run dry.
func (r SMLE) dryWeapons(f *rules.Figure) []*Weapon {
	var out []*Weapon
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok && Dry(f, w) {
			out = append(out, w)
		}
	}
	return out
}

// reloadOptions: "reload F3" for a fit figure of the active team, at
// the reload band or better, with a dry heavy weapon, that has neither
// moved nor fired this go.
func (r SMLE) reloadOptions(s *rules.State, u *rules.Unit, f *rules.Figure) []rules.Command {
	if uget(u, vBand) < r.d.BandIndex(r.d.Reload.Band) || !r.canAct(s, f) || f.Markers.Has(rules.BadlyWounded) ||
		f.Var(fStopped) != 0 || f.Var(fMoved) != 0 || mounted(s, f) || len(r.dryWeapons(f)) == 0 {
		return nil
	}
	return []rules.Command{{Verb: "reload", Fig: f.ID}}
}

func (r SMLE) applyReload(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID || len(c.Targets) > 0 || len(c.Path) > 0 || c.Arg != "" {
		return nil, fmt.Errorf("only a man of %s may reload now", teamName(s, u))
	}
	if len(r.reloadOptions(s, u, f)) == 0 {
		return nil, fmt.Errorf("%s cannot reload now (%s or better, a heavy weapon that has run dry, not yet moved this go)",
			f.Name, r.d.Bands[r.d.BandIndex(r.d.Reload.Band)].Label)
	}
	var evs []rules.Event
	for _, w := range r.dryWeapons(f) {
		f.SetVar(fDryPref+w.ID, 0)
		evs = append(evs, rules.Event{Kind: "reload", Side: f.Side, Fig: f.ID,
			Text: fmt.Sprintf("%s reloads the %s (his round: no move, no fire)", f.Name, w.Name)})
	}
	f.SetVar(fStopped, 1)
	f.SetVar(fReloaded, s.Round)
	return evs, nil
}

// dryPart is the odds that a heavy weapon's to-hit roll empties it (a
// double: 1 in 6), for a command's parts.
func (r SMLE) dryPart(f *rules.Figure, w *Weapon) (rules.OddsPart, bool) {
	if !r.d.Reload.DryOnDouble || w == nil || !w.Heavy() {
		return rules.OddsPart{}, false
	}
	return rules.OddsPart{Name: fmt.Sprintf("%s %s: ammunition", rules.Possessive(f.Name), w.Name), Fig: f.ID,
		Outcomes: []rules.Outcome{{Name: RunsDry, P: 1.0 / 6}, {Name: KeepsFiring, P: 5.0 / 6}}}, true
}

// Outcome names of a heavy weapon's ammunition part.
const (
	RunsDry     = "runs dry"
	KeepsFiring = "keeps firing"
)
