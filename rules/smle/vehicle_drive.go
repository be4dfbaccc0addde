package smle

import (
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// ---- driving ----

// moveRules is what the drive check is told for a vehicle now: its
// combat speeds and what is left of its move this round.
func (r SMLE) moveRules(s *rules.State, v *rules.Vehicle, t *vehicle.Type, flat bool) vehicle.MoveRules {
	sc, _ := r.d.SpeedClassOf(t.Class)
	mr := vehicle.MoveRules{Speeds: sc.Speeds(), ObstacleCost: 2 * geom.PerInch}
	if v.Var(vvWalk) == 1 {
		for g, sp := range mr.Speeds {
			mr.Speeds[g] = min(sp, walkSpeed*geom.PerInch)
		}
	}
	mr.GoingOf = badGoingOf(s, mr.Speeds)
	whole := int64(vehicle.MoveParts)
	if flat {
		whole *= 2
	}
	mr.Budget = max(1, whole-usedNow(s, v))
	return mr
}

// badGoingOf classifies terrain for a vehicle with speeds sp when the
// scenario names bad going (nil, the usual terrain, when it names none).
// The book leaves bad going to the scenario; the house ruling is that a
// vehicle goes no faster through it than over rough ground: a piece of
// bad going counts as rough unless the vehicle is slower still there
// (water it swims, or ground it cannot enter at all). So a wheeled
// vehicle with no rough speed cannot enter it, and nobody drives flat
// out across it. Where a road crosses bad going, the road still counts.
func badGoingOf(s *rules.State, sp vehicle.Speeds) func(*terrain.Piece) vehicle.Going {
	if s.Map == nil {
		return nil
	}
	var bad []bool
	for i := range s.Map.Pieces {
		if s.Var(rules.VarBadGoing+strconv.Itoa(s.Map.Pieces[i].ID)) == 1 {
			if bad == nil {
				bad = make([]bool, len(s.Map.Pieces))
			}
			bad[i] = true
		}
	}
	if bad == nil {
		return nil
	}
	return func(p *terrain.Piece) vehicle.Going {
		g := vehicle.DefaultGoing(p)
		if p.ID < 0 || p.ID >= len(bad) || !bad[p.ID] {
			return g
		}
		if g == vehicle.Clear || g == vehicle.Road || g == vehicle.Woods || g == vehicle.Water {
			if sp[g] > 0 && sp[vehicle.Rough] < sp[g] {
				return vehicle.Rough
			}
		}
		return g
	}
}

// accelCap is how far the vehicle may still drive this round: no more
// than last round's distance plus half its road speed.
func (r SMLE) accelCap(s *rules.State, v *rules.Vehicle, t *vehicle.Type) int64 {
	sc, _ := r.d.SpeedClassOf(t.Class)
	road := int64(max(sc.Road, sc.Clear)) * geom.PerInch
	return max(0, lastSpd(s, v)+road/2-spdNow(s, v))
}

// clip cuts a plan's legs so the centre line runs no further than cap.
func clip(start geom.Pt, p vehicle.Plan, cap int64) (vehicle.Plan, bool) {
	out := vehicle.Plan{Face: p.Face, HasFace: p.HasFace}
	at, left := start, cap
	for _, l := range p.Legs {
		d2 := geom.Dist2(at, l.To)
		if d2 <= left*left {
			out.Legs = append(out.Legs, l)
			left -= geom.Dist(at, l.To)
			at = l.To
			continue
		}
		if left > 0 {
			d := geom.Dist(at, l.To)
			q := geom.Pt{X: at.X + roundDiv((l.To.X-at.X)*left, d), Y: at.Y + roundDiv((l.To.Y-at.Y)*left, d)}
			out.Legs = append(out.Legs, vehicle.Leg{To: q, Reverse: l.Reverse})
		}
		out.HasFace = false
		return out, true
	}
	return out, false
}

// driveCheck is the drive of vehicle v along plan now: within its
// combat move (or, flat out, twice it on clear and road), no further
// than acceleration allows.
func (r SMLE) driveCheck(s *rules.State, v *rules.Vehicle, t *vehicle.Type, plan vehicle.Plan) (vehicle.Result, bool) {
	if v.Var(vvReady) > s.Round || v.Var(vvHit) == s.Round || len(liveCrew(s, v)) == 0 || wrecked(v) {
		why := "it may not move this round"
		switch {
		case v.Var(vvReady) > s.Round:
			why = "the crew have only just got aboard: it may drive off next round"
		case v.Var(vvHit) == s.Round:
			why = "it was hit and stopped this round"
		case len(liveCrew(s, v)) == 0:
			why = "nobody aboard can drive it"
		}
		return vehicle.Result{Stop: vehicle.Immobile, Piece: -1, Other: -1, Why: why, End: v.Pose, Path: []geom.Pt{v.Pos}, Poses: []vehicle.Pose{v.Pose}}, false
	}
	plan, cut := clip(v.Pos, plan, r.accelCap(s, v, t))
	capped := func(res vehicle.Result) vehicle.Result {
		if cut && res.Arrived {
			res.Arrived, res.Stop, res.Why = false, vehicle.OutOfMove, "it can go no faster this round (it gains half its road speed a round)"
		}
		if res.Stop == vehicle.NoGoing && res.Piece >= 0 && s.Var(rules.VarBadGoing+strconv.Itoa(res.Piece)) == 1 {
			res.Why += " (bad going, as the scenario says)"
		}
		return res
	}
	res := capped(rules.DriveCheck(r, s, v.ID, plan, r.moveRules(s, v, t, false)))
	if res.Arrived || res.Stop != vehicle.OutOfMove || v.Var(vvFired) == s.Round || s.Var(vCur) != int(v.Unit) || v.Var(vvWalk) == 1 {
		return res, false
	}
	// Flat out: twice the combat move on a good surface (clear and road),
	// with no fire and no reaction this round.
	fast := capped(rules.DriveCheck(r, s, v.ID, plan, r.moveRules(s, v, t, true)))
	if fast.ByGoing[vehicle.Rough] == 0 && fast.ByGoing[vehicle.Woods] == 0 && fast.ByGoing[vehicle.Water] == 0 && len(fast.Obstacles) == 0 {
		return fast, fast.Used > int64(vehicle.MoveParts)-usedNow(s, v)
	}
	return res, false
}

// VehicleMove is the VehicleMover hook behind the table's drag.
func (r SMLE) VehicleMove(s *rules.State, id rules.VehicleID, plan vehicle.Plan) vehicle.Result {
	v, t, _ := r.vehicleOf(s, id)
	if v == nil {
		return vehicle.Result{Stop: vehicle.Immobile, Piece: -1, Other: -1, Why: "no such vehicle"}
	}
	c := s.Clone()
	res, _ := r.driveCheck(c, c.Veh(id), t, plan)
	return res
}

// driveOptions offers a few concrete drives for a vehicle: ahead half
// and all of what it has left, towards the nearest enemy, and a turn to
// face it. The table drives anywhere with its drag.
func (r SMLE) driveOptions(s *rules.State, u *rules.Unit, v *rules.Vehicle, t *vehicle.Type) []rules.Command {
	if v.Var(vvReady) > s.Round || v.Var(vvHit) == s.Round || v.Damage.Has(vehicle.Immobilised) {
		return nil
	}
	left := r.accelCap(s, v, t)
	sc, _ := r.d.SpeedClassOf(t.Class)
	left = min(left, int64(sc.Clear)*geom.PerInch*(int64(vehicle.MoveParts)-usedNow(s, v))/int64(vehicle.MoveParts))
	arg := rules.VehicleArg{ID: v.ID}.String()
	// First the drive the table's drag fills in with the dragged path
	// (given as it stands, with no path, it is refused).
	out := []rules.Command{{Verb: "drive", Unit: u.ID, Arg: arg}}
	if left >= geom.PerInch {
		d := vehicle.Dir(v.Facing)
		for _, k := range []int64{2, 1} {
			dist := left / k
			q := v.Pos.Add(geom.Pt{X: roundDiv(d.X*dist, vehicle.Scale), Y: roundDiv(d.Y*dist, vehicle.Scale)})
			out = append(out, rules.Command{Verb: "drive", Unit: u.ID, Path: []geom.Pt{q}, Arg: arg})
		}
		if e := r.nearestEnemyPt(s, v.Side, v.Pos); e != nil {
			dist := min(left/2, max(0, geom.Dist(v.Pos, *e)-8*geom.PerInch))
			if dist >= geom.PerInch {
				dd := geom.Dist(v.Pos, *e)
				q := geom.Pt{X: v.Pos.X + roundDiv((e.X-v.Pos.X)*dist, dd), Y: v.Pos.Y + roundDiv((e.Y-v.Pos.Y)*dist, dd)}
				out = append(out, rules.Command{Verb: "drive", Unit: u.ID, Path: []geom.Pt{q}, Arg: arg})
			}
		}
	}
	if e := r.nearestEnemyPt(s, v.Side, v.Pos); e != nil {
		if bf := bearing(v.Pos, *e); bf != v.Facing {
			out = append(out, rules.Command{Verb: "drive", Unit: u.ID, Arg: rules.VehicleArg{ID: v.ID, Face: bf, HasFace: true}.String()})
		}
	}
	return out
}

// ownVehicle reads a vehicle command's ARG: a vehicle of the active team.
func (r SMLE) ownVehicle(s *rules.State, u *rules.Unit, c rules.Command) (*rules.Vehicle, *vehicle.Type, vehicle.Plan, error) {
	id, plan, ok := rules.PlanOf(c)
	if !ok {
		return nil, nil, plan, fmt.Errorf("%s needs a vehicle", c.Verb)
	}
	v, t, _ := r.vehicleOf(s, id)
	if v == nil || v.Unit != u.ID {
		return nil, nil, plan, fmt.Errorf("%s is not a vehicle of %s", vehWords(s, id), teamName(s, u))
	}
	if wrecked(v) {
		return nil, nil, plan, fmt.Errorf("%s is knocked out", v.Name)
	}
	if len(liveCrew(s, v)) == 0 {
		return nil, nil, plan, fmt.Errorf("nobody aboard %s can work it", v.Name)
	}
	return v, t, plan, nil
}

func (r SMLE) applyDrive(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	v, t, plan, err := r.ownVehicle(s, u, c)
	if err != nil {
		return nil, err
	}
	if r.d.Bands[uget(u, vBand)].Move <= 0 {
		return nil, fmt.Errorf("%s may not move at its activation level", teamName(s, u))
	}
	if len(plan.Legs) == 0 && !plan.HasFace {
		return nil, fmt.Errorf("drive needs points to drive through or a facing")
	}
	if t.Flying {
		return nil, fmt.Errorf("%s does not drive: it arrives at its drop zone and leaves", v.Name)
	}
	res, flat := r.driveCheck(s, v, t, plan)
	if res.Stop == vehicle.Immobile {
		return nil, fmt.Errorf("%s cannot move: %s", v.Name, res.Why)
	}
	if res.End == v.Pose {
		return nil, fmt.Errorf("%s cannot go that way: %s", v.Name, res.Why)
	}
	start := v.Pos
	roundVars(s, v)
	s.MoveVehicle(v.ID, res.End)
	v.SetVar(vvSpd, v.Var(vvSpd)+int(res.Length))
	v.SetVar(vvUsed, v.Var(vvUsed)+int(res.Used))
	text := fmt.Sprintf("%s drives %s\"", v.Name, rules.InchText(res.Length))
	if res.Length == 0 {
		text = fmt.Sprintf("%s turns on the spot", v.Name)
	}
	if flat {
		v.SetVar(vvFlat, s.Round)
		text += " flat out (no fire or reaction this round)"
	}
	if !res.Arrived && res.Why != "" {
		text += "; it stops: " + res.Why
	}
	path := append([]geom.Pt{start}, res.Path...)
	evs := []rules.Event{{Kind: "drive", Side: v.Side, Unit: u.ID, Path: path, Text: text}}
	return append(evs, r.openVehOpp(s, v)...), nil
}

func (r SMLE) applyTurret(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	v, t, plan, err := r.ownVehicle(s, u, c)
	if err != nil {
		return nil, err
	}
	// the turret turns to a facing, or to face a point (the table's click)
	face := plan.Face
	switch {
	case !t.HasTurret:
		return nil, fmt.Errorf("%s has no turret", v.Name)
	case len(plan.Legs) == 1 && plan.Legs[0].To == v.Pos:
		return nil, fmt.Errorf("point away from %s: its turret turns to face the point", v.Name)
	case len(plan.Legs) == 1:
		face = bearing(v.Pos, plan.Legs[0].To)
	case len(plan.Legs) > 1 || !plan.HasFace:
		return nil, fmt.Errorf("a turret turns to one point or a facing")
	}
	p := v.Pose
	p.Turret = vehicle.Norm(face)
	s.MoveVehicle(v.ID, p)
	return []rules.Event{{Kind: "turret", Side: v.Side, Unit: u.ID, Text: fmt.Sprintf("%s turns its turret %s", v.Name, rules.AimWords(r, s, v.ID, p.Turret))}}, nil
}

// ---- boarding and getting out ----

// boardOptions: a team on foot, every figure within half its move of a
// stationary friendly vehicle with room for all of them.
func (r SMLE) boardOptions(s *rules.State, u *rules.Unit) []rules.Command {
	var out []rules.Command
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if _, ok := r.canBoard(s, u, v); ok {
			out = append(out, rules.Command{Verb: "board", Unit: u.ID, Arg: fmt.Sprintf("V%d", v.ID)})
		}
	}
	return out
}

// canBoard reports why a team may not board a vehicle ("" and true when
// it may).
func (r SMLE) canBoard(s *rules.State, u *rules.Unit, v *rules.Vehicle) (string, bool) {
	_, t, _ := r.vehicleOf(s, v.ID)
	// An abandoned vehicle may be taken back by its own crew.
	if t == nil || v.Side != u.Side || v.Removed || v.Damage.Has(vehicle.BrewedUp) || (v.Damage.Has(vehicle.Abandoned) && v.Unit != u.ID) {
		return "not a friendly vehicle fit to ride in", false
	}
	if spdNow(s, v) > 0 {
		return v.Name + " has moved this round: it must be stationary", false
	}
	ms := members(s, u.ID)
	if len(ms) == 0 {
		return "nobody to board", false
	}
	crew := v.Unit == u.ID
	room := t.Passengers - len(v.Passengers)
	if crew {
		room = t.Crew - len(v.Crew)
	}
	if len(ms) > room {
		return fmt.Sprintf("%s has room for %d more", v.Name, max(0, room)), false
	}
	hull := t.Hull(v.Pose)
	for _, f := range ms {
		if aboard(s, f) || !r.canAct(s, f) || f.Var(fStopped) != 0 || f.Var(fMoved) != 0 {
			return f.Name + " cannot board now", false
		}
		half := r.baseMove(s, f) / 2
		near := false
		for _, dr := range t.Doors {
			if geom.WithinDist(f.Pos, t.DoorAt(dr, v.Pose), half+s.BaseR) {
				near = true
			}
		}
		if !near && !hull.TouchesBase(geom.Circle{C: f.Pos, R: s.BaseR + half}) {
			return f.Name + " is more than half a move from the vehicle", false
		}
	}
	return "", true
}

func (r SMLE) applyBoard(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok || c.Unit != u.ID {
		if c.Unit != u.ID {
			return nil, notActive(s, u, c.Unit)
		}
		return nil, fmt.Errorf("%s boards a vehicle: pick the vehicle", teamName(s, u))
	}
	v := s.Veh(a.ID)
	if v == nil {
		return nil, fmt.Errorf("there is no such vehicle")
	}
	if r.d.Bands[uget(u, vBand)].Move <= 0 {
		return nil, fmt.Errorf("%s may not move at its activation level", teamName(s, u))
	}
	if why, ok := r.canBoard(s, u, v); !ok {
		return nil, fmt.Errorf("%s cannot board %s: %s", teamName(s, u), v.Name, why)
	}
	crew := v.Unit == u.ID
	// The vehicle may drive off next round if its driver and commander
	// (its first two crew places) were already aboard, else a round later.
	if crew && len(liveCrew(s, v)) < 2 {
		v.SetVar(vvReady, s.Round+2)
	} else if v.Var(vvReady) < s.Round+1 {
		v.SetVar(vvReady, s.Round+1)
	}
	if crew {
		v.Damage &^= vehicle.Abandoned
	}
	var names []string
	for _, f := range members(s, u.ID) {
		s.Board(v.ID, f.ID, crew)
		f.SetVar(fStopped, 1)
		f.SetVar(fStill, s.Round)
		f.Posture = rules.Standing
		names = append(names, f.Name)
	}
	return []rules.Event{{Kind: "board", Side: u.Side, Unit: u.ID, Text: fmt.Sprintf("%s boards %s (%s)", teamName(s, u), v.Name, strings.Join(names, ", "))}}, nil
}

// debusOptions: a team all aboard one vehicle that is going no faster
// than the team's foot move, with a door no team has used this round.
func (r SMLE) debusOptions(s *rules.State, u *rules.Unit) []rules.Command {
	if v := r.carrierOfTeam(s, u); v != nil {
		if _, _, ok := r.canDebus(s, u, v); ok {
			return []rules.Command{{Verb: "debus", Unit: u.ID, Arg: fmt.Sprintf("V%d", v.ID)}}
		}
	}
	return nil
}

// carrierOfTeam is the vehicle every figure of the team is aboard, or nil.
func (r SMLE) carrierOfTeam(s *rules.State, u *rules.Unit) *rules.Vehicle {
	ms := members(s, u.ID)
	if len(ms) == 0 || len(s.Vehicles) == 0 {
		return nil
	}
	id := s.Carrier(ms[0].ID)
	if id == 0 {
		return nil
	}
	for _, f := range ms[1:] {
		if s.Carrier(f.ID) != id {
			return nil
		}
	}
	return s.Veh(id)
}

// canDebus finds the door a team gets out by and where each figure
// lands, or why it cannot.
func (r SMLE) canDebus(s *rules.State, u *rules.Unit, v *rules.Vehicle) (int, []geom.Pt, bool) {
	_, t, _ := r.vehicleOf(s, v.ID)
	if t == nil || v.Removed {
		return 0, nil, false
	}
	ms := members(s, u.ID)
	if spdNow(s, v) > r.baseMove(s, ms[0]) {
		return 0, nil, false
	}
	for _, f := range ms {
		if f.Var(fStopped) != 0 {
			return 0, nil, false // got in during this go
		}
	}
	for di, dr := range t.Doors {
		if v.Var(fmt.Sprintf("%s%d", vvDoor, di)) == s.Round {
			continue
		}
		if pts, ok := r.placeOut(s, v, t, dr, len(ms)); ok {
			return di, pts, true
		}
	}
	return 0, nil, false
}

// placeOut finds n spots for figures getting out by door dr: straight
// out from it, then further out and to either side, each clear of the
// hull, other figures and terrain a man may not stand in.
func (r SMLE) placeOut(s *rules.State, v *rules.Vehicle, t *vehicle.Type, dr vehicle.Door, n int) ([]geom.Pt, bool) {
	hull := t.Hull(v.Pose)
	first := t.DoorOut(dr, v.Pose, s.BaseR)
	out := first.Sub(t.DoorAt(dr, v.Pose))
	ol := max(1, geom.Dist(first, t.DoorAt(dr, v.Pose)))
	step := 2*s.BaseR + 100
	// outward and sideways unit steps (of length step).
	o := geom.Pt{X: roundDiv(out.X*step, ol), Y: roundDiv(out.Y*step, ol)}
	sd := geom.Pt{X: -o.Y, Y: o.X}
	var pts []geom.Pt
	taken := func(p geom.Pt) bool {
		for _, q := range pts {
			if geom.WithinDist(p, q, 2*s.BaseR) {
				return true
			}
		}
		for i := range s.Figures {
			g := &s.Figures[i]
			if onTable(s, g) && geom.WithinDist(p, g.Pos, 2*s.BaseR) {
				return true
			}
		}
		return false
	}
	for row := int64(0); row < 4 && len(pts) < n; row++ {
		for _, k := range []int64{0, 1, -1, 2, -2} {
			if len(pts) >= n {
				break
			}
			p := first.Add(geom.Pt{X: o.X*row + sd.X*k, Y: o.Y*row + sd.Y*k})
			if s.Map != nil && (p.X < s.BaseR || p.Y < s.BaseR || p.X > s.Map.Width-s.BaseR || p.Y > s.Map.Height-s.BaseR) {
				continue
			}
			if hull.OverlapsBase(geom.Circle{C: p, R: s.BaseR}) || taken(p) {
				continue
			}
			if s.Terrain != nil && !s.Terrain.Clear(first, p) && p != first {
				continue
			}
			if s.Terrain != nil && s.Terrain.InsideBuilding(p) >= 0 {
				continue
			}
			pts = append(pts, p)
		}
	}
	return pts, len(pts) == n
}

func (r SMLE) applyDebus(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok || c.Unit != u.ID {
		if c.Unit != u.ID {
			return nil, notActive(s, u, c.Unit)
		}
		return nil, fmt.Errorf("%s gets out of the vehicle it rides in: pick the vehicle", teamName(s, u))
	}
	v := r.carrierOfTeam(s, u)
	if v == nil || v.ID != a.ID {
		return nil, fmt.Errorf("%s is not all aboard %s", teamName(s, u), vehWords(s, a.ID))
	}
	if bi := uget(u, vBand); r.d.Bands[bi].Move <= 0 || bi < r.d.BandIndex("stand-6") {
		return nil, fmt.Errorf("%s may de-bus only at Stand (6) or better", teamName(s, u))
	}
	di, pts, ok := r.canDebus(s, u, v)
	if !ok {
		return nil, fmt.Errorf("%s cannot get out of %s now (%s must have driven no more than a man's move, %s\", this round, with a door free and room outside)", teamName(s, u), v.Name, v.Name, rules.InchText(r.baseMove(s, members(s, u.ID)[0])))
	}
	_, t, _ := r.vehicleOf(s, v.ID)
	return r.getOut(s, v, t, members(s, u.ID), pts, di, fmt.Sprintf("%s de-buses from %s by the %s and goes prone", teamName(s, u), v.Name, t.Doors[di].Name)), nil
}

// getOut puts figures out at pts, prone, their go over.
func (r SMLE) getOut(s *rules.State, v *rules.Vehicle, t *vehicle.Type, ms []*rules.Figure, pts []geom.Pt, door int, text string) []rules.Event {
	v.SetVar(fmt.Sprintf("%s%d", vvDoor, door), s.Round)
	for i, f := range ms {
		s.Alight(f.ID, pts[i])
		f.Posture = rules.Prone
		f.Facing = v.Facing
		f.SetVar(fStopped, 1)
		f.SetVar(fStill, s.Round)
		f.SetVar(fBraced, 0)
	}
	if len(v.Crew) == 0 && v.Damage&vehicle.BrewedUp == 0 {
		v.Damage |= vehicle.Abandoned
		text += "; " + v.Name + " is abandoned"
	}
	u := ms[0].Unit
	return []rules.Event{{Kind: "debus", Side: v.Side, Unit: u, Text: text}}
}

// bailOut puts everyone left aboard out around the vehicle, prone: by
// each door in turn, anywhere there is room; a man with no room is lost.
func (r SMLE) bailOut(s *rules.State, v *rules.Vehicle, t *vehicle.Type) []rules.Event {
	var evs []rules.Event
	var left []*rules.Figure
	for _, id := range v.Aboard() {
		if f := s.Fig(id); f != nil && !f.Removed {
			left = append(left, f)
		}
	}
	for di, dr := range t.Doors {
		if len(left) == 0 {
			break
		}
		for n := len(left); n > 0; n-- {
			if pts, ok := r.placeOut(s, v, t, dr, n); ok {
				evs = append(evs, r.getOut(s, v, t, left[:n], pts, di, fmt.Sprintf("%d bail out of %s by the %s", n, v.Name, dr.Name))...)
				left = left[n:]
				break
			}
		}
	}
	for _, f := range left {
		s.Alight(f.ID, v.Pos)
		evs = append(evs, remove(s, f, "cannot get clear of "+v.Name+" and is lost"))
	}
	v.Crew, v.Passengers = nil, nil
	return evs
}
