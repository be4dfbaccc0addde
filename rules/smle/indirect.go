package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// Indirect fire: "call U2 x,y light-mortar". The active team, at Advance
// (7) or better and before its fire attack, calls a mission from one of
// its own figures carrying an indirect weapon: that figure must be braced
// (a round stationary), not have moved this activation, and be in range
// of the point (beyond its minimum range); some fit figure of the team
// must see the point (the observer). The call is the team's fire attack
// for the round. The rounds land in the team's activation next round:
// the observer then rolls to hit (still needing sight of the point), +2
// for each earlier mission the team observed on the same point (within
// 1"); a miss deviates along the line of fire by twice the miss
// (rulebook: indirect fire doubles the distance). The burst then strikes
// every figure in range of it, friend or foe.

const (
	vFMRound = "fmround" // unit: round the pending mission was called (0 none)
	vFMX     = "fmx"     // unit: aim point
	vFMY     = "fmy"     //
	vFMFig   = "fmfig"   // unit: figure firing the mission
	vFMObs   = "fmobs"   // unit: missions already observed on that point
	vFMLastX = "fmlx"    // unit: last resolved aim point
	vFMLastY = "fmly"    //
	vFMSeen  = "fmseen"  // unit: 1 once a mission has been resolved
)

// fmVars are the unit variables a fire mission keeps from round to round.
var fmVars = []string{vFMRound, vFMX, vFMY, vFMFig, vFMObs, vFMLastX, vFMLastY, vFMSeen}

// mayObserve: the team's band allows observing for indirect fire.
func (r SMLE) mayObserve(s *rules.State, u *rules.Unit) bool {
	b := uget(u, vBand)
	return b >= r.d.BandIndex("advance-7") && uget(u, vFired) == 0 && uget(u, vOpp) == 0 &&
		uget(u, vRunning) == 0 && uget(u, vFMRound) == 0
}

// observer is a fit figure of u that sees p (nil if none).
func (r SMLE) observer(s *rules.State, u *rules.Unit, p geom.Pt) *rules.Figure {
	for _, f := range members(s, u.ID) {
		if r.canAct(s, f) && !f.Markers.Has(rules.BadlyWounded) && (s.Terrain == nil || s.Terrain.Clear(f.Pos, p)) {
			return f
		}
	}
	return nil
}

// mortarFor finds the team's figure that may fire weapon id at p.
func (r SMLE) mortarFor(s *rules.State, u *rules.Unit, id string, p geom.Pt) (*rules.Figure, *Weapon) {
	w, ok := r.d.Weapon(id)
	if !ok || !w.Indirect {
		return nil, nil
	}
	for _, f := range members(s, u.ID) {
		has := false
		for _, x := range f.Weapons {
			has = has || x == id
		}
		if has && r.canShoot(s, f, w) && f.Var(fMoved) == 0 && inReach(w, f.Pos, p) {
			return f, w
		}
	}
	return nil, nil
}

// callOptions lists concrete calls at the enemy figures an observer sees.
func (r SMLE) callOptions(s *rules.State, u *rules.Unit) []rules.Command {
	if !r.mayObserve(s, u) {
		return nil
	}
	var out []rules.Command
	seen := map[string]bool{}
	for _, f := range members(s, u.ID) {
		for _, id := range f.Weapons {
			if w, ok := r.d.Weapon(id); !ok || !w.Indirect || seen[id] {
				continue
			}
			seen[id] = true
			for _, e := range s.Alive(1 - u.Side) {
				if m, _ := r.mortarFor(s, u, id, e.Pos); m != nil && r.observer(s, u, e.Pos) != nil {
					out = append(out, rules.Command{Verb: "call", Unit: u.ID, Path: []geom.Pt{e.Pos}, Arg: id})
				}
			}
		}
	}
	return out
}

func (r SMLE) applyCall(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	if c.Unit != u.ID || len(c.Path) != 1 || c.Arg == "" || len(c.Targets) > 0 || c.Fig != 0 {
		if c.Unit != u.ID {
			return nil, notActive(s, u, c.Unit)
		}
		return nil, fmt.Errorf("%s calls fire on one point of the table with one weapon: pick the point", teamName(s, u))
	}
	if !r.mayObserve(s, u) {
		return nil, fmt.Errorf("%s may not call for indirect fire now (it needs Advance 7 or better and no attack yet this round)", teamName(s, u))
	}
	p := c.Path[0]
	m, w := r.mortarFor(s, u, c.Arg, p)
	if m == nil {
		return nil, fmt.Errorf("no braced, stationary figure of %s can fire %s at that point", teamName(s, u), c.Arg)
	}
	o := r.observer(s, u, p)
	if o == nil {
		return nil, fmt.Errorf("no figure of %s can see that point", teamName(s, u))
	}
	obs := 0
	if uget(u, vFMSeen) == 1 && geom.WithinDist(geom.Pt{X: int64(uget(u, vFMLastX)), Y: int64(uget(u, vFMLastY))}, p, geom.PerInch) {
		obs = uget(u, vFMObs) + 1
	}
	uset(u, vFMRound, s.Round)
	uset(u, vFMX, int(p.X))
	uset(u, vFMY, int(p.Y))
	uset(u, vFMFig, int(m.ID))
	uset(u, vFMObs, obs)
	uset(u, vFired, 1)
	m.SetVar(fStill, s.Round)
	return []rules.Event{{Kind: "call", Side: u.Side, Unit: u.ID, Fig: o.ID, Path: []geom.Pt{p},
		Text: fmt.Sprintf("%s calls %s fire from %s on a point %s\" from him; it lands next round", o.Name, w.Name, m.Name, rules.InchText(geom.Isqrt(geom.Dist2(o.Pos, p))))}}, nil
}

// missionInput is the observer o's to-hit roll for a mission of w from m
// at p.
func (r SMLE) missionInput(s *rules.State, u *rules.Unit, o, m *rules.Figure, w *Weapon, p geom.Pt) ShotInput {
	return ShotInput{Quality: o.Quality, Elite: o.Motive == "elite", Kind: FireDirect, Weapon: w, Braced: true,
		Indirect: true, Observed: uget(u, vFMObs), Range: geom.Dist(m.Pos, p), NotUnderFire: uget(u, vUF) == 0 && uget(u, vUFPrev) == 0,
		LightWound: o.Markers.Has(rules.Wounded)}
}

// landMission resolves u's pending fire mission, if one is due.
func (r SMLE) landMission(s *rules.State, u *rules.Unit) []rules.Event {
	called := uget(u, vFMRound)
	if called == 0 || called >= s.Round {
		return nil
	}
	uset(u, vFMRound, 0)
	p := geom.Pt{X: int64(uget(u, vFMX)), Y: int64(uget(u, vFMY))}
	m := s.Fig(rules.FigID(uget(u, vFMFig)))
	var w *Weapon
	if m != nil && !m.Removed {
		for _, id := range m.Weapons {
			if x, ok := r.d.Weapon(id); ok && x.Indirect {
				w = x
			}
		}
	}
	o := r.observer(s, u, p)
	if w == nil || o == nil {
		return []rules.Event{{Kind: "phase", Side: u.Side, Unit: u.ID, Text: rules.Possessive(teamName(s, u)) + " fire mission is lost: no mortar or no observer with sight of the point"}}
	}
	uset(u, vFMSeen, 1)
	uset(u, vFMLastX, int(p.X))
	uset(u, vFMLastY, int(p.Y))
	in := r.missionInput(s, u, o, m, w, p)
	h, l, err := r.d.RollShot(s, in, fmt.Sprintf("Indirect fire, %s observing for %s", o.Name, w.Name))
	if err != nil {
		return []rules.Event{{Kind: "phase", Side: u.Side, Unit: u.ID, Text: rules.Possessive(teamName(s, u)) + " fire mission is lost: " + err.Error()}}
	}
	evs := []rules.Event{{Kind: "roll", Side: u.Side, Unit: u.ID, Fig: o.ID, Roll: &l, Text: fmt.Sprintf("%s observes the %s rounds: %s", o.Name, w.Name, l.Outcome)}}
	evs = append(evs, r.afterHeavyRoll(s, m, w, l)...) // the mortar's rounds: a double empties it
	impact := p
	if h == 0 {
		missBy := max(1, l.Target-l.Total)
		var dl rules.Ledger
		impact, dl = r.landing(s, w, m.Pos, p, missBy, false, true)
		dl.Note = fmt.Sprintf("missed by %d, doubled for indirect fire: 1-%d short, else long", missBy, r.d.Explosive.ShortMax)
		evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Roll: &dl, Text: fmt.Sprintf("The %s rounds land %s", w.Name, dl.Outcome)})
	}
	area := geom.Circle{C: impact, R: int64(w.Dice) * geom.PerInch}
	evs = append(evs, rules.Event{Kind: "blast", Side: u.Side, Unit: u.ID, Area: &area, Text: fmt.Sprintf("%s bursts: %d\" radius", w.Name, w.Dice)})
	evs = append(evs, r.burstOn(s, m, w, impact, 0, 0)...) // indirect: not direct fire
	if v, t := r.vehicleUnder(s, impact); v != nil {
		if vu := s.UnitOf(v.Unit); vu != nil {
			uset(vu, vUF, uget(vu, vUF)|ufExplosive)
			uset(vu, vContact, 1)
		}
		hin, _ := r.hitInput(s, v, t, w, v.Pos) // from above: the top
		o, l := r.d.RollVehicleHit(s, hin, fmt.Sprintf("Damage of %s on %s (top)", w.Name, v.Name))
		evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Roll: &l, Text: fmt.Sprintf("The %s rounds land on %s: %s", w.Name, v.Name, o)})
		evs = append(evs, r.vehicleDamage(s, v, t, o)...)
	}
	return evs
}

// vehicleUnder is the vehicle whose hull covers the point p (its edge
// counts), if any: the first by id when hulls touch there. A wreck that
// has brewed up is past harming.
//
// Indirect fire at vehicles: the book has an explosive do its full dice
// to the model at its point of impact, and fire missions land on a
// point; so rounds that land on a hull (aimed there, or deviating onto
// it) strike that vehicle with the mortar's full dice, from above, on
// its top armour, besides bursting on the men round it. A direct-fire
// round that misses does not: the book gives a miss only its burst.
func (r SMLE) vehicleUnder(s *rules.State, p geom.Pt) (*rules.Vehicle, *vehicle.Type) {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed || v.Damage.Has(vehicle.BrewedUp) {
			continue
		}
		if _, t, _ := r.vehicleOf(s, v.ID); t != nil && t.Hull(v.Pose).Under(p) {
			return v, t
		}
	}
	return nil, nil
}
