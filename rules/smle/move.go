package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

const maxWaypoints = 64

// baseMove is a figure's full move: by armour (light infantry unless the
// unit says otherwise), +2" for warriors, less encumbrance.
func (r SMLE) baseMove(s *rules.State, f *rules.Figure) int64 {
	mv := r.d.Movement
	in := mv.Light
	if u := s.UnitOf(f.Unit); u != nil {
		switch uget(u, vArmour) {
		case 1:
			in = mv.Unarmoured
		case 3:
			in = mv.Heavy
		}
		switch uget(u, vMount) {
		case mountCavalry:
			in = mv.Cavalry
		case mountBicycles:
			in = mv.Bicycles
		}
	}
	if f.Motive == "warriors" {
		in += mv.WarriorsBonus
	}
	pen := 0
	for _, id := range f.Weapons {
		if w, ok := r.d.Weapon(id); ok {
			pen = max(pen, w.MovePenalty)
		}
	}
	in -= pen
	return int64(max(in, 1)) * geom.PerInch
}

// allowance is what the figure may spend in this activation.
func (r SMLE) allowance(s *rules.State, f *rules.Figure) int64 {
	u := s.UnitOf(f.Unit)
	if u == nil {
		return 0
	}
	b := r.d.Bands[uget(u, vBand)]
	if b.Move <= 0 || uget(u, vWinded) > 0 {
		return 0
	}
	a := r.baseMove(s, f) * int64(b.Move) / 10
	if uget(u, vRunning) == 1 {
		a *= 2
	}
	if f.Markers.Has(rules.BadlyWounded) || f.Var(fCarry) != 0 {
		a /= 2
	}
	if f.Posture == rules.Prone {
		a = min(a, int64(r.d.Movement.Crawl)*geom.PerInch)
	}
	return a
}

// MoveCheck measures a proposed move.
func (r SMLE) MoveCheck(s *rules.State, fig rules.FigID, path []geom.Pt) rules.MoveInfo {
	info := rules.MoveInfo{}
	f := s.Fig(fig)
	if f == nil {
		info.Why = "there is no such figure"
		return info
	}
	info.Allowance = max(0, r.allowance(s, f)-int64(f.Var(fMoved)))
	info.Stop = f.Pos
	info.Legs = append([]geom.Pt{f.Pos}, path...)
	if len(path) == 0 {
		info.Why = "give the point to move to"
		return info
	}
	if len(path) > maxWaypoints {
		info.Why = fmt.Sprintf("a move may have at most %d waypoints", maxWaypoints)
		return info
	}
	var pc terrain.PathCost
	if s.Terrain != nil {
		open := openDoors(s)
		pc = s.Terrain.PathCostDoors(info.Legs, s.BaseR, open)
		if pc.Blocked >= 0 && s.Terrain.Enterable(pc.Blocked) {
			// walls in the way: go by the nearest open door, if any
			if legs := r.routeThroughDoors(s, info.Legs); len(legs) != len(info.Legs) {
				info.Legs = legs
				pc = s.Terrain.PathCostDoors(legs, s.BaseR, open)
			}
		}
	}
	var length int64
	for i := 1; i < len(info.Legs); i++ {
		length += geom.Dist(info.Legs[i-1], info.Legs[i])
	}
	info.Length = length
	cost := length
	if s.Terrain != nil {
		if pc.Blocked >= 0 {
			info.Why = fmt.Sprintf("the path runs into impassable %s", rules.PieceName(s, pc.Blocked))
			if s.Terrain.Enterable(pc.Blocked) {
				info.Why = fmt.Sprintf("the path meets a wall of %s (a building is entered by an open door)", rules.PieceName(s, pc.Blocked))
			}
			return info
		}
		cost += pc.Difficult * int64(r.d.Movement.DifficultFactor-1)
		cost += int64(len(pc.Obstacles)) * int64(r.d.Movement.ObstacleCost) * geom.PerInch
	}
	if v := r.hullAcross(s, info.Legs); v != nil {
		info.Why = "the path runs into " + v.Name + " (go round it)"
		return info
	}
	if _, _, _, ok := r.trapOnPath(s, f.Side, info.Legs, true); ok {
		info.Why = "the path runs into a known booby trap (go round it, or clear it)"
		return info
	}
	info.Cost = cost
	end := path[len(path)-1]
	u := s.UnitOf(f.Unit)
	switch {
	case s.Over:
		info.Why = "the game is over"
	case s.Phase != PhaseActivate || u == nil || int(u.ID) != s.Var(vCur):
		info.Why = rules.Possessive(f.Name) + " team is not the active team"
	case f.Removed:
		info.Why = f.Name + " is off the table"
	case !r.canAct(s, f):
		info.Why = f.Name + " is shaken and can do nothing more this round"
	case f.Var(fStopped) != 0:
		info.Why = f.Name + " has stopped and may move no further this go"
	case info.Allowance <= 0:
		info.Why = f.Name + " has no movement left"
	case cost > info.Allowance:
		info.Why = fmt.Sprintf("%s has %s\" of movement left; this move costs %s\"", f.Name, rules.InchText(info.Allowance), rules.InchTextPast(cost, info.Allowance))
	default:
		if why := r.standProblem(s, f, end); why != "" {
			info.Why = f.Name + " cannot end there: " + why
			return info
		}
		if why := motiveMoveProblem(s, u, f, end); why != "" {
			info.Why = why
			return info
		}
		b := r.d.Bands[uget(u, vBand)]
		if b.Combat != "assault" {
			if e := r.enemyWithin(s, f.Side, end, geom.PerInch); e != nil {
				info.Why = fmt.Sprintf("only a team at Close or better may move into contact with %s", e.Name)
				return info
			}
		}
		if b.Label == "Stand" {
			if e := nearestEnemy(s, f); e != nil && geom.Dist2(end, e.Pos) < geom.Dist2(f.Pos, e.Pos) {
				info.Why = "a standing team may not move towards the enemy"
				return info
			}
			if r.coverAgainst(s, f, end) == terrain.CoverNone {
				info.Why = "a standing team may only move into cover"
				return info
			}
		}
		info.OK = true
		info.Stop = end
	}
	return info
}

// standProblem says why a figure cannot stand at p ("" if it can).
func (r SMLE) standProblem(s *rules.State, f *rules.Figure, p geom.Pt) string {
	rad := s.BaseR
	if s.Map != nil && (p.X < rad || p.Y < rad || p.X > s.Map.Width-rad || p.Y > s.Map.Height-rad) {
		return "off the table"
	}
	if s.Terrain != nil {
		if ok, why := s.Terrain.CanStandDoors(geom.Circle{C: p, R: rad}, openDoors(s)); !ok {
			return why
		}
	}
	for i := range s.Figures {
		g := &s.Figures[i]
		if g.ID != f.ID && onTable(s, g) && geom.Dist2(g.Pos, p) < (2*rad)*(2*rad) {
			return "overlaps " + g.Name
		}
	}
	if v := r.hullAcross(s, []geom.Pt{p}); v != nil {
		return "overlaps " + v.Name
	}
	return ""
}

// enemyWithin finds an enemy of side whose base edge is within d of a base
// at p.
func (r SMLE) enemyWithin(s *rules.State, side int, p geom.Pt, d int64) *rules.Figure {
	for i := range s.Figures {
		e := &s.Figures[i]
		if e.Side != 1-side || e.Removed {
			continue // s.Alive's figures, without building the list
		}
		if geom.WithinDist(p, e.Pos, d+2*s.BaseR) {
			return e
		}
	}
	return nil
}

func (r SMLE) applyMove(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID {
		return nil, fmt.Errorf("only figures of %s may move now", teamName(s, u))
	}
	if c.Arg != "" || len(c.Targets) > 0 {
		return nil, fmt.Errorf("a move names one figure and its path: %q", c.String())
	}
	info := r.MoveCheck(s, c.Fig, c.Path)
	if !info.OK {
		return nil, fmt.Errorf("%s", info.Why)
	}
	sp, trapped := r.meetTrap(s, u, f, info.Legs)
	if trapped {
		info.Stop, info.Legs = sp.stop, sp.legs // he stops where he meets it
		info.Length = 0
		for i := 1; i < len(info.Legs); i++ {
			info.Length += geom.Dist(info.Legs[i-1], info.Legs[i])
		}
		info.Cost = min(info.Cost, r.legsCost(s, info.Legs))
	}
	if n := len(info.Legs); n >= 2 && info.Stop != info.Legs[n-2] {
		f.Facing = bearing(info.Legs[n-2], info.Stop)
	}
	f.Pos = info.Stop
	r.takePosition(s, f)
	f.SetVar(fMoved, f.Var(fMoved)+int(info.Cost))
	f.SetVar(fBraced, 0)
	f.SetVar(fStill, s.Round)
	if uget(u, vRunning) == 1 {
		f.Markers |= rules.Running
	}
	evs := []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: info.Legs,
		Text: moveText(f.Name, info.Length, info.Cost, r.moveCostWhy(s, info.Legs))}}
	if f.Var(fCarry) != 0 {
		evs = append(evs, r.drag(s, f, info.Legs)...)
	}
	if trapped {
		f.SetVar(fStopped, 1)
		evs = append(evs, r.trapEvents(s, f, sp)...)
		if f.Removed {
			return evs, nil
		}
	}
	evs = append(evs, r.spotMover(s, f)...)
	evs = append(evs, r.openOpp(s, f)...)
	if s.Phase == PhaseOpportunity {
		s.SetVar(vOppMove, 1)
	}
	return evs, nil
}

// openOpp opens an opportunity-fire window at figure f of the active team
// when some enemy team may fire at it.
func (r SMLE) openOpp(s *rules.State, f *rules.Figure) []rules.Event {
	ots := r.oppTeamsFor(s, f)
	if len(ots) == 0 {
		return nil
	}
	s.Phase = PhaseOpportunity
	s.Decider = 1 - f.Side
	s.SetVar(vOppFig, int(f.ID))
	for _, t := range ots {
		for _, g := range members(s, t.ID) {
			g.Markers |= rules.OppFire
		}
	}
	return []rules.Event{{Kind: "phase", Side: s.Decider, Fig: f.ID, Unit: r.oppAnnouncer(s, f.Side),
		Text: fmt.Sprintf("%s may opportunity fire at %s", s.Sides[s.Decider].Name, f.Name)}}
}

// oppAfter opens a window after any of the active team's other options
// (a volley, an explosive, an assault, a door, first aid, a call, a change
// of posture, a dismount): at the figure that acted, or for a team action
// at the first figure of the team some enemy team may fire at.
func (r SMLE) oppAfter(s *rules.State, u *rules.Unit, c rules.Command) []rules.Event {
	if s.Over || s.Phase == PhaseOpportunity || s.Var(vCur) != int(u.ID) {
		return nil
	}
	if f := s.Fig(c.Fig); f != nil && !f.Removed && f.Unit == u.ID {
		return r.openOpp(s, f)
	}
	for _, f := range members(s, u.ID) {
		if r.anyOppTeam(s, f) {
			return r.openOpp(s, f)
		}
	}
	return nil
}

func (r SMLE) closeOpp(s *rules.State) {
	s.Phase = PhaseActivate
	s.Decider = s.Active
	s.SetVar(vOppFig, 0)
	s.SetVar(vOppMove, 0)
	s.SetVar(vOppUnit, 0)
	s.SetVar(vOppVeh, 0)
	for i := range s.Figures {
		s.Figures[i].Markers &^= rules.OppFire
	}
}

func (r SMLE) applyRun(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	if c.Unit != u.ID {
		return nil, fmt.Errorf("only %s may run now", teamName(s, u))
	}
	for _, l := range r.appendLegal(nil, s, true) {
		if l.Verb == "run" {
			uset(u, vRunning, 1)
			uset(u, vRan, 1)
			return []rules.Event{{Kind: "run", Side: u.Side, Unit: u.ID, Text: teamName(s, u) + " runs: double move, no firing"}}, nil
		}
	}
	return nil, fmt.Errorf("%s cannot start running now (before any figure moves, without having fired)", teamName(s, u))
}

func (r SMLE) applyPosture(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	f := s.Fig(c.Fig)
	if f == nil || f.Unit != u.ID {
		return nil, fmt.Errorf("only figures of %s may act now", teamName(s, u))
	}
	p, ok := rules.ParsePosture(c.Arg)
	if !ok {
		return nil, fmt.Errorf("unknown posture %q (standing, crouching, prone)", c.Arg)
	}
	if !r.canAct(s, f) || f.Var(fStopped) != 0 || r.d.Bands[uget(u, vBand)].Move <= 0 {
		return nil, fmt.Errorf("%s cannot change posture now", f.Name)
	}
	if mounted(s, f) {
		return nil, fmt.Errorf("%s is mounted: dismount the team first", f.Name)
	}
	if p == f.Posture {
		return nil, fmt.Errorf("%s is already %s", f.Name, p)
	}
	switch {
	case p == rules.Prone:
		f.SetVar(fStopped, 1) // going prone ends the figure's move
	case f.Posture == rules.Prone:
		cost := int64(r.d.Movement.StandUp) * geom.PerInch
		f.Posture = p // allowance for a figure on its feet
		if r.allowance(s, f)-int64(f.Var(fMoved)) < cost {
			f.Posture = rules.Prone
			return nil, fmt.Errorf("%s has no inch left to get up", f.Name)
		}
		f.SetVar(fMoved, f.Var(fMoved)+int(cost))
	}
	f.Posture = p
	f.SetVar(fBraced, 0)
	f.SetVar(fStill, s.Round)
	return []rules.Event{{Kind: "posture", Side: f.Side, Fig: f.ID, Text: fmt.Sprintf("%s is now %s", f.Name, p)}}, nil
}

// bearing is the facing (degrees clockwise from up the table) from a to b.
func bearing(a, b geom.Pt) int {
	return geom.Bearing(a, b) // exact integers: the same on every machine
}

// retreat moves a figure straight away from the nearest enemy by up to
// dist. It reports false if the figure would leave the table.
func (r SMLE) retreat(s *rules.State, f *rules.Figure, from geom.Pt, dist int64) (geom.Pt, bool) {
	d := f.Pos.Sub(from)
	l := geom.Dist(f.Pos, from)
	if l == 0 {
		// Straight back towards the own side of the table.
		d, l = geom.Pt{Y: 1}, 1
		if f.Side == 1 {
			d.Y = -1
		}
	}
	to := geom.Pt{X: f.Pos.X + roundDiv(d.X*dist, l), Y: f.Pos.Y + roundDiv(d.Y*dist, l)}
	if s.Map != nil && (to.X < s.BaseR || to.Y < s.BaseR || to.X > s.Map.Width-s.BaseR || to.Y > s.Map.Height-s.BaseR) {
		return f.Pos, false
	}
	if s.Terrain != nil {
		to = r.retreatPoint(s, f, from, to, dist)
	}
	if r.standProblem(s, f, to) != "" {
		// Someone (or something) stands where the move would end: it
		// stops at the furthest point short of it that it can stand on.
		pts := legSamples(f.Pos, to)
		for i := len(pts) - 2; i > 0; i-- {
			if r.standProblem(s, f, pts[i]) == "" {
				return pts[i], true
			}
		}
		return f.Pos, true // hemmed in: stays where it is
	}
	return to, true
}

// fallBack moves every figure of the team away from the enemy by tenths
// of a full move.
func (r SMLE) fallBack(s *rules.State, u *rules.Unit, tenths int) []rules.Event {
	var evs []rules.Event
	for _, f := range members(s, u.ID) {
		e := nearestEnemy(s, f)
		if e == nil || aboard(s, f) {
			continue
		}
		dist := r.baseMove(s, f) * int64(tenths) / 10
		to, onTable := r.retreat(s, f, e.Pos, dist)
		if !onTable {
			f.Removed = true
			s.Sides[f.Side].Losses++
			evs = append(evs, rules.Event{Kind: "removed", Side: f.Side, Fig: f.ID, Text: f.Name + " falls back off the table"})
			continue
		}
		if to != f.Pos {
			evs = append(evs, rules.Event{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, to}, Text: f.Name + " falls back"})
			f.Pos = to
			f.SetVar(fBraced, 0)
			f.SetVar(fStill, s.Round)
		}
		f.SetVar(fStopped, 1)
	}
	return evs
}

// breakTeam: the team abandons its heavy weapons and flees twice its
// move away from the enemy; a second break, or fleeing off the table,
// takes it out of the battle. As the book says, a broken team contacted
// by the enemy, or unable to retreat, surrenders: the whole team when an
// enemy base is within 1" of any of its figures as it breaks; otherwise
// each figure that cannot get at least a full move away from where it
// stood (a wall, a building, other figures or the enemy in its way).
func (r SMLE) breakTeam(s *rules.State, u *rules.Unit) []rules.Event {
	uset(u, vBreaks, uget(u, vBreaks)+1)
	evs := []rules.Event{{Kind: "broken", Side: u.Side, Unit: u.ID, Text: teamName(s, u) + " breaks"}}
	ms := members(s, u.ID)
	if uget(u, vBreaks) >= 2 {
		for _, f := range ms {
			f.Markers |= rules.Broken
			evs = append(evs, remove(s, f, "leaves the battle (broken twice)"))
		}
		return evs
	}
	var caught *rules.Figure
	for _, f := range ms {
		if !aboard(s, f) && r.enemyWithin(s, f.Side, f.Pos, geom.PerInch) != nil {
			caught = f
			break
		}
	}
	for _, f := range ms {
		f.Markers |= rules.Broken
		if caught != nil && !aboard(s, f) {
			f.Markers |= rules.Surrendered
			evs = append(evs, remove(s, f, "surrenders: the enemy is upon "+teamName(s, u)+" as it breaks"))
			continue
		}
		evs = append(evs, r.dropHeavy(s, f)...)
	}
	if caught != nil {
		return evs
	}
	return append(evs, r.flee(s, u)...)
}

// flee moves each figure of a broken team twice its full move straight
// away from its nearest enemy; one that cannot get a full move away
// surrenders, one that flees off the table leaves the battle.
func (r SMLE) flee(s *rules.State, u *rules.Unit) []rules.Event {
	var evs []rules.Event
	for _, f := range members(s, u.ID) {
		e := nearestEnemy(s, f)
		if e == nil || aboard(s, f) {
			continue
		}
		full := r.baseMove(s, f)
		to, onTable := r.retreat(s, f, e.Pos, 2*full)
		switch {
		case !onTable:
			evs = append(evs, remove(s, f, "flees off the table"))
			continue
		case geom.Dist2(f.Pos, to) < full*full:
			f.Markers |= rules.Surrendered
			evs = append(evs, remove(s, f, "cannot get a full move away and surrenders"))
			continue
		}
		evs = append(evs, rules.Event{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{f.Pos, to}, Text: f.Name + " flees"})
		f.Pos = to
		f.SetVar(fBraced, 0)
		f.SetVar(fStill, s.Round)
		f.SetVar(fStopped, 1)
	}
	return evs
}

// oppTeams lists enemy teams that may opportunity fire at the mover now.
func (r SMLE) oppTeams(s *rules.State) []*rules.Unit {
	f := s.Fig(rules.FigID(s.Var(vOppFig)))
	if f == nil || f.Removed {
		return nil
	}
	return r.oppTeamsFor(s, f)
}

func (r SMLE) oppTeamsFor(s *rules.State, mover *rules.Figure) []*rules.Unit {
	var out []*rules.Unit
	var buf [16]shooter // each team's shooters, on the stack
	for u := range teamsOn(s) {
		if r.oppTeamMay(s, u, mover, buf[:0]) {
			out = append(out, u)
		}
	}
	return out
}

// anyOppTeam: oppTeamsFor is not empty (asked team by team until one
// may fire).
func (r SMLE) anyOppTeam(s *rules.State, mover *rules.Figure) bool {
	var buf [16]shooter
	for u := range teamsOn(s) {
		if r.oppTeamMay(s, u, mover, buf[:0]) {
			return true
		}
	}
	return false
}

// oppTeam is the team id among oppTeams, or nil (asking that team
// alone: each team's answer is its own).
func (r SMLE) oppTeam(s *rules.State, id rules.UnitID) *rules.Unit {
	f := s.Fig(rules.FigID(s.Var(vOppFig)))
	if f == nil || f.Removed {
		return nil
	}
	var buf [16]shooter
	for u := range teamsOn(s) {
		if u.ID == id {
			if r.oppTeamMay(s, u, f, buf[:0]) {
				return u
			}
			return nil
		}
	}
	return nil
}

// oppTeamMay: team u (on the table) may opportunity fire at the mover.
// buf is room for its shooters.
func (r SMLE) oppTeamMay(s *rules.State, u *rules.Unit, mover *rules.Figure, buf []shooter) bool {
	if u.Side == mover.Side || uget(u, vFired) != 0 || uget(u, vOpp) != 0 {
		return false
	}
	// The cheap questions first (someone fit to fire with the mover in
	// reach; the band when it is simply the one kept), then sight, then a
	// band still to be worked out (its activation modifiers cost more
	// than the sight lines): the answer is the same in any order.
	sh := r.shootersAt(s, u, mover, buf)
	if len(sh) == 0 || mover.Removed {
		return false
	}
	kept := r.keptBand(s, u)
	if kept >= 0 && !oppBand(r.d.Bands[kept]) {
		return false
	}
	if !r.anyFirer(s, sh, mover, false) {
		return false
	}
	return kept >= 0 || oppBand(r.d.Bands[r.currentBand(s, u)])
}

// oppBand: a band whose team may fire at a mover.
func oppBand(b Band) bool {
	return b.Combat == "opportunity" || b.Combat == "direct" || b.Combat == "assault"
}

// keptBand is currentBand when the team keeps the band it has (it has
// activated, or this is the second pass), else -1.
func (r SMLE) keptBand(s *rules.State, u *rules.Unit) int {
	if uget(u, vDone) == 1 || s.Var(vSecond) == 1 {
		return uget(u, vBand)
	}
	return -1
}

// currentBand is a team's activation band now: a team that has not yet
// activated this pass loses levels to fire taken since it rolled (the
// same die, today's modifiers); one that has activated keeps its band.
func (r SMLE) currentBand(s *rules.State, u *rules.Unit) int {
	if uget(u, vDone) == 1 || s.Var(vSecond) == 1 {
		return uget(u, vBand)
	}
	if lt := r.followedTeam(s, u); lt != nil {
		return uget(lt, vBand)
	}
	return r.d.ActivationBand(uget(u, vDie), r.activationInput(s, u))
}

// coverAgainst is the cover a figure would have at p against its nearest
// enemy: the area stood in, or a wall or hedge between (the area alone
// when there is no enemy).
func (r SMLE) coverAgainst(s *rules.State, f *rules.Figure, p geom.Pt) terrain.Cover {
	e := nearestEnemy(s, f)
	if e == nil || s.Terrain == nil {
		return r.coverAt(s, p)
	}
	c, _ := s.Terrain.CoverFor(geom.Circle{C: p, R: s.BaseR}, e.Pos)
	return c
}

// standStep and standDirs set the search for cover of a figure whose
// team is at Stand: points every half inch out to its allowance, in 16
// directions, each reached by a straight move.
const standStep = geom.PerInch / 2

// standDirs are 16 directions clockwise from north, in thousandths (whole
// numbers, so every machine searches the same points).
var standDirs = [16][2]int64{{0, -1000}, {383, -924}, {707, -707}, {924, -383}, {1000, 0}, {924, 383}, {707, 707}, {383, 924}, {0, 1000}, {-383, 924}, {-707, 707}, {-924, 383}, {-1000, 0}, {-924, -383}, {-707, -707}, {-383, -924}}

// coverWithin finds the nearest point with cover that the figure (of the
// active team) could move to straight away under the move rules (half a
// move at Stand, not towards the enemy), searching outwards ring by ring,
// each ring clockwise from north.
func (r SMLE) coverWithin(s *rules.State, f *rules.Figure) (geom.Pt, bool) {
	reach := r.allowance(s, f) - int64(f.Var(fMoved))
	// At Stand MoveCheck refuses a point towards the nearest enemy or
	// without cover from him; those two cheap questions are asked first,
	// so the path is measured only where it can matter (same answer).
	stand := false
	var near *rules.Figure
	if u := s.UnitOf(f.Unit); u != nil && r.d.Bands[uget(u, vBand)].Label == "Stand" {
		stand, near = true, nearestEnemy(s, f)
	}
	for rad := int64(standStep); rad <= reach; rad += standStep {
		for _, d := range standDirs {
			p := geom.Pt{X: f.Pos.X + d[0]*rad/1000, Y: f.Pos.Y + d[1]*rad/1000}
			if stand && ((near != nil && geom.Dist2(p, near.Pos) < geom.Dist2(f.Pos, near.Pos)) || r.coverAgainst(s, f, p) == terrain.CoverNone) {
				continue
			}
			if info := r.MoveCheck(s, f.ID, []geom.Pt{p}); info.OK {
				return p, true
			}
		}
	}
	return geom.Pt{}, false
}

// routeThroughDoors replaces each leg of a move that walls block with the
// way through the nearest open door, when there is one (terrain
// RouteDoors). Legs that need no door, or find none, are left as drawn.
func (r SMLE) routeThroughDoors(s *rules.State, legs []geom.Pt) []geom.Pt {
	open := openDoors(s)
	out := []geom.Pt{legs[0]}
	for i := 1; i < len(legs); i++ {
		a, b := legs[i-1], legs[i]
		if s.Terrain.PathCostDoors([]geom.Pt{a, b}, s.BaseR, open).Blocked >= 0 {
			if route, ok := s.Terrain.RouteDoors(a, b, s.BaseR, open); ok && len(out)+len(route) <= maxWaypoints+1 {
				out = append(out, route...)
				continue
			}
		}
		out = append(out, b)
	}
	return out
}

// retreatPoint is where a figure driven back from `away` towards `to` by
// up to dist gets: straight along the line, or, from inside a building
// whose walls stop it short, out through the nearest open door and on
// towards `to` as far as dist allows, when that ends further from `away`.
func (r SMLE) retreatPoint(s *rules.State, f *rules.Figure, away, to geom.Pt, dist int64) geom.Pt {
	open := openDoors(s)
	df := r.d.Movement.DifficultFactor
	straight := s.Terrain.FurthestAlongDoors(f.Pos, to, s.BaseR, dist, df, open)
	if straight == to || s.Terrain.InsideBuilding(f.Pos) < 0 {
		return straight
	}
	route, ok := s.Terrain.RouteDoors(f.Pos, to, s.BaseR, open)
	if !ok || len(route) < 2 {
		return straight
	}
	at, left := f.Pos, dist
	for _, p := range route {
		next := s.Terrain.FurthestAlongDoors(at, p, s.BaseR, left, df, open)
		left -= s.Terrain.PathCostDoors([]geom.Pt{at, next}, s.BaseR, open).Length
		at = next
		if next != p || left <= 0 {
			break
		}
	}
	if geom.Dist2(at, away) > geom.Dist2(straight, away) {
		return at
	}
	return straight
}
