package maxim

import (
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// What a hit does: saving rolls, the damage chart's results on a figure, and the opportunity shots along a move.

// saveRoll rolls a 1D6 saving throw at or over need.
func saveRoll(s *rules.State, t *rules.Figure, need int, by string) (bool, []rules.Event) {
	d := s.Roll(6)
	ok := d.Face >= need
	out := "not saved"
	if ok {
		out = "saved"
	}
	l := &rules.Ledger{What: fmt.Sprintf("Saving roll, %s (%s)", t.Name, by), Dice: []rules.Die{d}, Target: need, Compare: ">=",
		Total: d.Face, Outcome: out, Note: fmt.Sprintf("1D6: hard cover saves on 5-6, Kevlar on 6; this is %s", by)}
	return ok, []rules.Event{{Kind: "roll", Side: t.Side, Fig: t.ID, Roll: l,
		Text: fmt.Sprintf("%s's save (%s): %d, needs %d: %s", t.Name, by, d.Face, need, out)}}
}

// status is how hurt a figure is: w 0 unhurt, 1 lightly wounded, 2
// seriously wounded, 3 dead; and stunned or not.
type status struct {
	w    int
	stun bool
}

func statusOf(f *rules.Figure) status {
	st := status{stun: f.Markers.Has(rules.Stunned)}
	switch {
	case f.Removed && f.Var(fDead) == 1:
		st.w = 3
	case f.Markers.Has(rules.BadlyWounded):
		st.w = 2
	case f.Markers.Has(rules.Wounded):
		st.w = 1
	}
	return st
}

// next is the status after a damage result: a light wound on a light
// wound is serious, any wound on a serious wound kills (house rule).
func (st status) next(res int) status {
	if st.w == 3 {
		return st
	}
	switch res {
	case resStun:
		st.stun = true
	case resLight:
		st.w++
	case resSerious:
		if st.w == 0 {
			st.w = 2
		} else {
			st.w = 3
		}
	case resKill:
		st.w = 3
	}
	if st.w == 3 {
		st.stun = false
	}
	return st
}

// change names what happened between two statuses ("no effect",
// "stunned", "lightly wounded", "seriously wounded and stunned", "killed").
func change(from, to status) string {
	if to.w == 3 && from.w != 3 {
		return "killed"
	}
	var parts []string
	if to.w > from.w {
		parts = append(parts, []string{"", "lightly wounded", "seriously wounded"}[to.w])
	}
	if to.stun && !from.stun {
		parts = append(parts, "stunned")
	}
	if len(parts) == 0 {
		return "no effect"
	}
	return strings.Join(parts, " and ")
}

// hurt applies a damage result to a figure.
func hurt(s *rules.State, t *rules.Figure, res int, why string) []rules.Event {
	before := statusOf(t)
	after := before.next(res)
	if after == before {
		return nil
	}
	if after.w == 3 {
		return remove(s, t, "killed", why)
	}
	if after.w > before.w {
		if u := s.UnitOf(t.Unit); u != nil {
			unitSet(u, uCasRnd, s.Round)
		}
	}
	t.Markers &^= rules.Wounded | rules.BadlyWounded
	switch after.w {
	case 1:
		t.Markers |= rules.Wounded
	case 2:
		t.Markers |= rules.BadlyWounded
	}
	if after.stun && !before.stun {
		t.Markers |= rules.Stunned
		t.SetVar(fStunTo, s.Round+1)
	}
	return []rules.Event{{Kind: "hurt", Side: t.Side, Fig: t.ID, Text: fmt.Sprintf("%s is %s (%s)", t.Name, change(before, after), why)}}
}

// fireCommands lists f's possible shots now, one per weapon and target,
// with every shot of the weapon's rate of fire at that target. only, when
// given, is the one target (opportunity fire at the mover: each command
// then carries the point of its path where the shot is best).
func fireCommands(s *rules.State, f *rules.Figure, only *rules.Figure) []rules.Command {
	var out []rules.Command
	var path []geom.Pt
	if only != nil {
		path = loadPath(s)
	}
	seen := map[string]bool{}
	for i, id := range weaponList(s, f) {
		if seen[id] {
			continue
		}
		seen[id] = true
		w, ok := data.Weapon(id)
		if !ok || w.Melee || mayFire(s, f, w) != "" {
			continue
		}
		arg := id
		if i == 0 && !aboard(s, f) {
			arg = ""
		}
		for _, t := range s.Alive(1 - f.Side) {
			if only != nil && t != only || (aboard(s, t) && openRide(s, t) == nil) {
				continue
			}
			if only == nil && !geom.WithinDist(f.Pos, t.Pos, w.Reach()) {
				continue
			}
			if only != nil && !pathWithin(path, f.Pos, w.Reach()) {
				continue
			}
			c := rules.Command{Verb: "fire", Fig: f.ID, Arg: arg}
			for k := 0; k < w.ROF; k++ {
				c.Targets = append(c.Targets, t.ID)
			}
			if only != nil {
				p, ok := bestPoint(s, f, w, c)
				if !ok {
					continue
				}
				c.Path = []geom.Pt{p}
			}
			if _, err := planFire(s, c); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// oppShots lists the opportunity shots the non-moving side may take at
// the figure that just moved.
func oppShots(s *rules.State) []rules.Command { return oppList(s, false) }

// anyOppShot reports whether some figure may take opportunity fire now.
func anyOppShot(s *rules.State) bool { return len(oppList(s, true)) > 0 }

func oppList(s *rules.State, first bool) []rules.Command {
	if s.Var(gOppVeh) != 0 {
		return oppVehList(s, first)
	}
	mover := s.Fig(rules.FigID(s.Var(gOppFig)))
	if mover == nil || mover.Removed || s.Over {
		return nil
	}
	saved := s.Phase
	savedD := s.Decider
	s.Phase, s.Decider = PhaseOpportunity, 1-mover.Side
	var out []rules.Command
	for _, f := range s.Alive(1 - mover.Side) {
		out = append(out, fireCommands(s, f, mover)...)
		if first && len(out) > 0 {
			break
		}
	}
	s.Phase, s.Decider = saved, savedD
	return out
}

// bestPoint picks the point of the mover's path where f's shot has the
// best chance (the earliest on ties): each leg's end and its closest
// approach to the firer are tried. The start of the move is not: the
// figure was not yet moving there.
func bestPoint(s *rules.State, f *rules.Figure, w *Weapon, c rules.Command) (geom.Pt, bool) {
	path := loadPath(s)
	best, bestCh, found := geom.Pt{}, -1, false
	for i := 1; i < len(path); i++ {
		seg := geom.Seg{A: path[i-1], B: path[i]}
		for _, p := range []geom.Pt{geom.ClosestOnSeg(seg, f.Pos), path[i]} {
			if p == path[0] {
				continue
			}
			if _, ok := onPath(path, p); !ok {
				continue
			}
			try := c
			try.Path = []geom.Pt{p}
			v, err := planFire(s, try)
			if err != nil {
				continue
			}
			ch := v.chance
			if len(v.targets) > 0 {
				ch = v.targets[0].chance
			}
			if ch > bestCh {
				best, bestCh, found = p, ch, true
			}
		}
	}
	return best, found
}

// pathWithin reports whether some point of the path after its start is
// within d of p.
func pathWithin(path []geom.Pt, p geom.Pt, d int64) bool {
	for i := 1; i < len(path); i++ {
		if geom.SegWithin(geom.Seg{A: path[i-1], B: path[i]}, p, d, false) {
			return true
		}
	}
	return false
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// oppVehList lists the opportunity shots at the vehicle that just drove.
func oppVehList(s *rules.State, first bool) []rules.Command {
	mv := s.Veh(rules.VehicleID(s.Var(gOppVeh)))
	if mv == nil || knockedOut(s, mv) || s.Over {
		return nil
	}
	saved, savedD := s.Phase, s.Decider
	s.Phase, s.Decider = PhaseOpportunity, 1-mv.Side
	var out []rules.Command
	for _, f := range s.Alive(1 - mv.Side) {
		out = append(out, vehFireCommands(s, f, mv)...)
		if !first || len(out) == 0 {
			out = append(out, riderOppCommands(s, f, mv)...) // riders.go
		}
		if first && len(out) > 0 {
			break
		}
	}
	s.Phase, s.Decider = saved, savedD
	return out
}

// anyAircraft reports whether the enemy of side has a flying vehicle in
// the fight.
func anyAircraft(s *rules.State, side int) bool {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side != side && !knockedOut(s, v) && vehType(v).Flying {
			return true
		}
	}
	return false
}

func hasKind(evs []rules.Event, kind string) bool {
	for _, e := range evs {
		if e.Kind == kind {
			return true
		}
	}
	return false
}
