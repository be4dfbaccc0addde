// S.M.L.E.'s listing of legal commands for the team activated or reacting.

package smle

import (
	"slices"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Legal lists the commands the deciding side may give now.
func (r SMLE) Legal(s *rules.State) []rules.Command {
	return r.AppendLegal(nil, s)
}

// AppendLegal is Legal appended to dst (rules.LegalAppender): the
// headless player's list is reused from one command to the next.
func (r SMLE) AppendLegal(dst []rules.Command, s *rules.State) []rules.Command {
	return r.appendLegal(dst, s, false)
}

// appendLegal is AppendLegal; idleRun lists a run too for a team none of
// whose men may move (all stopped: just out of a vehicle, gone prone). No
// run of that kind is offered, for it does nothing but forbid the team's
// fire, but saves made before it was withdrawn hold such runs and must
// still replay: applyRun takes one.
func (r SMLE) appendLegal(dst []rules.Command, s *rules.State, idleRun bool) []rules.Command {
	if s.Over {
		return dst
	}
	n := len(dst)
	if s.Phase == PhaseReact {
		return append(dst, rules.Command{Verb: "posture", Fig: rules.FigID(s.Var(vOppFig)), Arg: "prone"}, rules.Command{Verb: "pass"})
	}
	if s.Phase == PhaseOpportunity {
		out := dst
		if vid := s.Var(vOppVeh); vid != 0 {
			return append(append(out, r.vehicleOppOptions(s, s.Veh(rules.VehicleID(vid)))...), rules.Command{Verb: "pass"})
		}
		out = append(out, r.gunOppAtFig(s, s.Fig(rules.FigID(s.Var(vOppFig))))...)
		mover := rules.FigID(s.Var(vOppFig))
		for _, u := range r.oppTeams(s) {
			out = append(out, rules.Command{Verb: "oppfire", Unit: u.ID, Targets: []rules.FigID{mover}})
		}
		out = append(out, rules.Command{Verb: "pass"})
		return filtered(out, n, fanaticPassFilter(s, out[n:]))
	}
	u := s.UnitOf(rules.UnitID(s.Var(vCur)))
	if u == nil {
		return dst
	}
	b := r.d.Bands[uget(u, vBand)]
	ms := members(s, u.ID)
	// Room for a move, a turn and a posture per figure and a few team
	// options, so that the list is seldom grown (and copied) on the way.
	out := slices.Grow(dst, 3*len(ms)+8)
	if b.Move > 0 {
		// What the move, turn and posture options ask of each figure,
		// asked once: fit to act with its move not over, and the
		// allowance it has left. Its team's mount is the team's.
		type figNow struct {
			free bool
			left int64
		}
		var buf [32]figNow
		now := buf[:0]
		for _, f := range ms {
			var n figNow
			if r.canAct(s, f) && f.Var(fStopped) == 0 {
				n = figNow{free: true, left: r.allowance(s, f) - int64(f.Var(fMoved))}
			}
			now = append(now, n)
		}
		mover := false // a figure who may still move (a running team's double move is theirs)
		for i, f := range ms {
			if now[i].free && now[i].left > 0 {
				out = append(out, rules.Command{Verb: "move", Fig: f.ID})
				mover = true
			}
		}
		// (a team just out of a vehicle has stopped, every man: it was
		// offered a run no man of it could take; see appendLegal)
		if (mover || idleRun) && uget(u, vRunning) == 0 && uget(u, vFired) == 0 && uget(u, vWinded) == 0 && !r.anyMoved(ms) && uget(u, vMount) == mountFoot {
			out = append(out, rules.Command{Verb: "run", Unit: u.ID})
		}
		if r.canDismount(s, u) {
			out = append(out, rules.Command{Verb: "dismount", Unit: u.ID})
		}
		onFoot := uget(u, vMount) == mountFoot // mounted(s, f) for every f of the team
		if onFoot {
			// A turn for every figure that could move.
			for i, f := range ms {
				if now[i].free {
					out = append(out, rules.Command{Verb: "face", Fig: f.ID})
				}
			}
			for i, f := range ms {
				if !now[i].free {
					continue
				}
				if f.Posture != rules.Prone {
					out = append(out, rules.Command{Verb: "posture", Fig: f.ID, Arg: "prone"})
				} else if now[i].left >= int64(r.d.Movement.StandUp)*geom.PerInch {
					out = append(out, rules.Command{Verb: "posture", Fig: f.ID, Arg: "standing"})
				}
			}
		}
		winded := uget(u, vWinded) != 0
		// the team's own questions of recoverOptions, asked once
		canRecover := uget(u, vBand) >= r.d.BandIndex("stand-5")
		drops := s.Var(vDrops) > 0 // DroppedWeapons is not empty
		for i, f := range ms {
			// canUseDoor, from what was asked above
			if !winded && onFoot && now[i].free && now[i].left > 0 && f.Posture != rules.Prone {
				out = append(out, r.doorOptionsFit(s, u, f)...)
			}
			if drops {
				out = append(out, r.pickupOptions(s, f)...)
			}
			out = append(out, r.joinOptions(s, u, f)...)
			if canRecover {
				out = append(out, r.recoverOptions(s, u, f)...)
			}
		}
	}
	// the team's own questions of reloadOptions and trapOptions, asked once
	canReload, canTrap := uget(u, vBand) >= r.d.BandIndex(r.d.Reload.Band), r.trapBand(u)
	for _, f := range ms {
		if canReload {
			out = append(out, r.reloadOptions(s, u, f)...)
		}
		if canTrap {
			out = append(out, r.trapOptions(s, u, f)...)
		}
	}
	if kind := r.fireKind(b); kind != "" && uget(u, vFired) == 0 && uget(u, vOpp) == 0 && uget(u, vRunning) == 0 {
		var shl shooterList
		teams := r.targetTeamsWith(s, u, kind, &shl)
		for _, e := range teams {
			out = append(out, rules.Command{Verb: "fire", Unit: u.ID, Targets: []rules.FigID{e}, Arg: kind})
		}

		if kind == FireDirect {
			// Aimed fire (the book's one specific figure) is offered at
			// enemy leaders in sight, and at one man of every other team
			// within reach: the table aims it at any man of that team
			// the team's firers see, so that a click on one always has
			// its answer (the odds, or why not).
			aimedAt := map[rules.UnitID]bool{}
			for i := range s.Figures {
				e := &s.Figures[i]
				if e.Side != 1-u.Side || e.Removed || !e.Leader {
					continue
				}
				if shl.anyFirerAt(r, s, u, i) {
					out = append(out, rules.Command{Verb: "fire", Unit: u.ID, Targets: []rules.FigID{e.ID}, Arg: FireAimed})
					aimedAt[e.Unit] = true
				}
			}
			for _, id := range teams {
				e := s.Fig(id)
				if e == nil || aimedAt[e.Unit] {
					continue
				}
				if shl.anyFirerAt(r, s, u, int(id)-1) {
					out = append(out, rules.Command{Verb: "fire", Unit: u.ID, Targets: []rules.FigID{id}, Arg: FireAimed})
				}
			}
		}
		if kind == FireDirect || kind == FireOpportunity || b.Combat == "assault" {
			for _, f := range ms {
				for _, c := range r.blastOptions(s, f) {
					out = append(out, c)
				}
			}
		}
	}
	if uget(u, vFired) == 0 && uget(u, vOpp) == 0 && uget(u, vRunning) == 0 {
		// The fire of the bands below, which the team may choose instead
		// (the Game Turn Sequence's "at its Activation Level or below").
		for _, k := range r.lowerFireKinds(u) {
			for _, e := range r.targetTeams(s, u, k) {
				out = append(out, rules.Command{Verb: "fire", Unit: u.ID, Targets: []rules.FigID{e}, Arg: k})
			}
		}
	}
	out = append(out, r.callOptions(s, u)...)
	out = append(out, r.vehicleOptions(s, u, b)...)
	if b.Combat == "assault" && uget(u, vFired) == 0 && uget(u, vOpp) == 0 && uget(u, vRunning) == 0 && uget(u, vMount) == mountFoot {
		for _, e := range r.assaultTargets(s, u) {
			out = append(out, rules.Command{Verb: "assault", Unit: u.ID, Targets: []rules.FigID{e}})
		}
	}
	if b.Move >= 0 && b.Combat != "none" {
		for _, f := range ms {
			if !r.canAct(s, f) || f.Markers.Has(rules.Wounded) {
				continue
			}
			for _, g := range ms {
				if g != f && g.Markers.Has(rules.Wounded) && geom.WithinDist(f.Pos, g.Pos, geom.PerInch+2*s.BaseR) {
					out = append(out, rules.Command{Verb: "aid", Fig: f.ID, Targets: []rules.FigID{g.ID}})
				}
			}
		}
	}
	out = append(out, rules.Command{Verb: "end"})
	return filtered(out, n, fanaticFilter(u, out[n:]))
}

// filtered puts a filter's answer for out[n:] in its place: kept is
// out[n:] itself when the filter dropped nothing, else a list of its own.
func filtered(out []rules.Command, n int, kept []rules.Command) []rules.Command {
	if len(kept) == len(out)-n && (len(kept) == 0 || &kept[0] == &out[n]) {
		return out
	}
	return append(out[:n], kept...)
}

func (r SMLE) anyMoved(ms []*rules.Figure) bool {
	for _, f := range ms {
		if f.Var(fMoved) != 0 {
			return true
		}
	}
	return false
}

// canAct: on the table, not seriously wounded, not shaken this round.
func (r SMLE) canAct(s *rules.State, f *rules.Figure) bool {
	return !f.Removed && f.Var(fShaken) != s.Round && !aboard(s, f)
}

// fireKinds are the fires a team may make in its own turn, its band's
// first (fireKind) then those of the bands below it, best first: each
// element may take any option at its activation level or below (Game
// Turn Sequence, step 2), so a team at Advance (8) may choose return or
// panic fire instead of direct fire, and one at Stand (5-7), whose own
// row has only opportunity fire or return fire, may return fire or
// panic fire in its turn.
func (r SMLE) fireKinds(u *rules.Unit) []string {
	var out []string
	for i := min(uget(u, vBand), len(r.d.Bands)-1); i >= 0; i-- {
		if k := r.fireKind(r.d.Bands[i]); k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// lowerFireKinds are fireKinds less the band's own fire.
func (r SMLE) lowerFireKinds(u *rules.Unit) []string {
	own := ""
	if b := uget(u, vBand); b >= 0 && b < len(r.d.Bands) {
		own = r.fireKind(r.d.Bands[b])
	}
	var out []string
	for _, k := range r.fireKinds(u) {
		if k != own {
			out = append(out, k)
		}
	}
	return out
}

// fireKind is the fire a band's own row allows in the team's own turn
// ("" none).
func (r SMLE) fireKind(b Band) string {
	switch b.Combat {
	case "direct", "assault":
		return FireDirect
	case "return":
		return FireReturn
	case "panic":
		return FirePanic
	}
	return ""
}

// oppAnswers lists the options, besides a move, that opportunity fire
// may answer: a volley, an explosive, an assault, a door, first aid and
// a call for fire.
func oppAnswers(verb string) bool {
	switch verb {
	case "fire", "blast", "assault", "door", "aid", "call", "debus", "shoot", "gun", "reload", "trap", "clear":
		return true
	}
	return false
}
