package smle

import (
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// ---- cards ----

// Vehicle is the VehicleCarder hook: the vehicle's card.
func (r SMLE) Vehicle(s *rules.State, id rules.VehicleID) rules.VehicleInfo {
	v, t, vd := r.vehicleOf(s, id)
	if v == nil {
		return rules.BasicVehicle(r, s, id)
	}
	var vi rules.VehicleInfo
	un := ""
	if u := s.UnitOf(v.Unit); u != nil {
		un = teamName(s, u)
	}
	vi.Lines = append(vi.Lines, fmt.Sprintf("%s  -  %s", s.Sides[v.Side].Name, un), t.Name)
	if sc, _ := r.d.SpeedClassOf(t.Class); t.Flying {
		// a helicopter does not drive over the table: it comes in, lands
		// and lifts off ("clear 0\", rough N/A" read as a broken card)
		vi.Lines = append(vi.Lines, "Move: it comes in to land at its drop zone and lifts off to leave; it does not move over the table")
	} else {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Combat move (%s): clear %d\", rough %s, woods %s, road %d\", water %s",
			sc.ID, sc.Clear, orNA(sc.Rough), orNA(sc.Woods), sc.Road, orNA(sc.Water)))
	}
	var arm []string
	for _, f := range []vehicle.Face{vehicle.Front, vehicle.Right, vehicle.Rear, vehicle.Top} {
		n, add, _ := r.armourAt(v, t, f)
		name := f.String()
		if f == vehicle.Right {
			name = "side"
		}
		arm = append(arm, fmt.Sprintf("%s %s", name, diceText(n, add)))
	}
	if t.HasTurret {
		n, add, _ := r.armourAt(v, t, vehicle.Turret)
		arm = append(arm, "turret "+diceText(n, add))
	}
	vi.Lines = append(vi.Lines, "Armour: "+strings.Join(arm, ", "))
	sm, why := r.sizeMod(t)
	vi.Lines = append(vi.Lines, fmt.Sprintf("Size: %s, %+d to hit", why, sm))
	vi.Lines = append(vi.Lines, "Capacity: "+vd.Capacity, "Equipment: "+vd.Equipment)
	var names []string
	for _, f := range v.Aboard() {
		if fig := s.Fig(f); fig != nil && !fig.Removed {
			names = append(names, fig.Name)
		}
	}
	if len(names) > 0 {
		vi.Lines = append(vi.Lines, "Aboard: "+strings.Join(names, ", "))
	}
	if spdNow(s, v) > 0 {
		vi.Lines = append(vi.Lines, "Driven this round: "+rules.InchText(spdNow(s, v))+"\"")
	}
	if v.Var(vvReady) > s.Round {
		vi.Lines = append(vi.Lines, fmt.Sprintf("May drive off in round %d", v.Var(vvReady)))
	}
	if k := v.Var(vvVSW); k > 0 {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Serious wounds: %d", k))
	}
	if v.Var(vvWalk) == 1 {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Drive hit: %d\" a move at most", walkSpeed))
	}
	for wi, w := range t.Weapons {
		ww, _ := r.d.Weapon(w.ID)
		label := fmt.Sprintf("%s (%s, %s)", ww.Name, w.Mount, diceText(ww.Dice, ww.Add))
		if n := vd.Weapons[wi].Rounds; n > 0 {
			label += fmt.Sprintf(", %d rounds left", n-v.Var(fmt.Sprintf("%s%d", vvShot, wi)))
		}
		wi := r.WeaponInfo(w.ID)
		wi.Label = label
		vi.Weapons = append(vi.Weapons, wi)
	}
	for _, n := range v.Damage.Names() {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: n, Label: n})
	}
	if v.HatchesOpen {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkHatchesOpen, Label: "hatches open"})
	}
	if u := s.UnitOf(v.Unit); u != nil {
		vi.Spent = uget(u, vDone) == 1 && rules.UnitID(s.Var(vCur)) != u.ID
	}
	return vi
}

func orNA(n int) string {
	if n == 0 {
		return "cannot" // the book's "N/A"
	}
	return fmt.Sprintf("%d\"", n)
}

// hullAcross is the first vehicle (by id) whose hull a base moving along
// the points (one point: standing there) would overlap; touching is
// allowed. Wrecks block too.
func (r SMLE) hullAcross(s *rules.State, pts []geom.Pt) *rules.Vehicle {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		_, t, _ := r.vehicleOf(s, v.ID)
		if t == nil || v.Removed || t.Flying {
			continue
		}
		h := t.Hull(v.Pose)
		if len(pts) == 1 {
			if h.OverlapsBase(geom.Circle{C: pts[0], R: s.BaseR}) {
				return v
			}
			continue
		}
		for k := 1; k < len(pts); k++ {
			leg := geom.Seg{A: pts[k-1], B: pts[k]}
			if h.Under(leg.B) {
				return v
			}
			for f := vehicle.Front; f <= vehicle.Left; f++ {
				if geom.SegsWithin(leg, h.Edge(f), s.BaseR, true) {
					return v
				}
			}
		}
	}
	return nil
}

// normalize completes a vehicle shot given the way the table aims (a
// click on a figure, or on a point of a hull) into the command's full
// form: "shoot F3 x,y" (or "shoot U2 x,y", or with no actor at all the
// active team) becomes "shoot F3 V<n>" for the enemy vehicle under the
// point; "gun F2 x,y" and "gun F2 F9" become "gun F2 U<crew> ..." with the
// first of F2's vehicle's weapons that can fire at that target.
func (r SMLE) normalize(s *rules.State, c rules.Command) rules.Command {
	if c.Verb != "shoot" && c.Verb != "gun" {
		return c
	}
	under := func(p geom.Pt, side int) *rules.Vehicle {
		for i := range s.Vehicles {
			v := &s.Vehicles[i]
			if v.Removed || v.Side == side {
				continue
			}
			if h, ok := rules.HullOf(r, s, v.ID); ok && h.Under(p) {
				return v
			}
		}
		return nil
	}
	side := s.Decider
	if f := s.Fig(c.Fig); f != nil {
		side = f.Side
	}
	if c.Verb == "shoot" {
		if c.Arg == "" && len(c.Path) == 1 && len(c.Targets) == 0 {
			if v := under(c.Path[0], side); v != nil {
				c.Arg, c.Path = fmt.Sprintf("V%d", v.ID), nil
				if c.Fig == 0 && c.Unit == 0 {
					c.Unit = rules.UnitID(s.Var(vCur))
				}
			}
		}
		return c
	}
	if c.Arg != "" || c.Fig == 0 {
		return c
	}
	vid := s.Carrier(c.Fig)
	v, t, _ := r.vehicleOf(s, vid)
	if v == nil || gunner(s, v) == nil || gunner(s, v).ID != c.Fig {
		return c
	}
	c.Unit = v.Unit
	for wi := range t.Weapons {
		switch {
		case len(c.Path) == 1 && len(c.Targets) == 0:
			if tv := under(c.Path[0], side); tv != nil {
				if _, _, ok := r.gunAtVeh(s, v, t, wi, tv); ok {
					c.Arg, c.Path = gunArg(v.ID, wi, tv.ID), nil
					return c
				}
			}
		case len(c.Targets) == 1 && len(c.Path) == 0:
			if e := s.Fig(c.Targets[0]); e != nil {
				if _, _, ok := r.gunAtFig(s, v, t, wi, e); ok {
					c.Arg = gunArg(v.ID, wi, 0)
					return c
				}
			}
		}
	}
	return c
}

// ---- the table's words ----

// vehicleAction names the vehicle commands for the action bar. drive is
// a drag of the vehicle (the path's points and V<n>[-r][-f<deg>]);
// turret a drag of the turret to a facing (V<n>-f<deg>); board and
// debus are buttons; shoot and gun aim at a target (a vehicle for shoot
// and for gun with t<n>, a figure otherwise).
func (r SMLE) vehicleAction(s *rules.State, c rules.Command) rules.Action {
	name := func(id rules.VehicleID) string {
		if v := s.Veh(id); v != nil {
			return v.Name
		}
		return fmt.Sprintf("V%d", id)
	}
	switch c.Verb {
	case "drive":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "Drive " + name(a.ID) + " (drag it)", Short: "Drive", Kind: rules.ActDrag, Group: fmt.Sprintf("drive V%d", a.ID)}
	case "turret":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: fmt.Sprintf("Turn %s turret (click where it faces)", rules.Possessive(name(a.ID))), Short: "Turret",
			Kind: rules.ActPoint, Group: fmt.Sprintf("turret V%d", a.ID)}
	case "board":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "Board " + name(a.ID), Short: "Board", Kind: rules.ActButton, Group: "board " + c.Arg}
	case "debus":
		a, _ := rules.ParseVehicleArg(c.Arg)
		if v := s.Veh(a.ID); v != nil && v.Unit == c.Unit {
			// its own crew getting out leaves it abandoned: a play-tester
			// pressed "De-bus" on the helicopter crew's go for the section
			// (named with its crew: the bar added the team's name to
			// "Crew get out: Chalk 1 is abandoned: Helicopter crew")
			crew := "Crew"
			if u := s.UnitOf(c.Unit); u != nil {
				crew = u.Name
			}
			return rules.Action{Label: crew + " get out and abandon " + v.Name, Short: "Crew out", Kind: rules.ActButton, Group: "debus " + c.Arg}
		}
		return rules.Action{Label: "De-bus from " + name(a.ID), Short: "De-bus", Kind: rules.ActButton, Group: "debus " + c.Arg}
	case "arrive":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "Bring " + name(a.ID) + " in to its drop zone", Short: "Land", Kind: rules.ActButton, Group: "arrive " + c.Arg}
	case "leave":
		a, _ := rules.ParseVehicleArg(c.Arg)
		return rules.Action{Label: "Fly " + name(a.ID) + " out (everyone aboard leaves the battle)", Short: "Leave", Kind: rules.ActButton, Group: "leave " + c.Arg}
	case "shoot":
		if c.Fig == 0 {
			a := rules.Action{Label: "Team fire at a vehicle", Short: "Fire at vehicle", Kind: rules.ActAim, Group: fmt.Sprint("shoot U", c.Unit)}
			if u := s.UnitOf(c.Unit); u != nil {
				a.Label = teamName(s, u) + " fires at a vehicle"
			}
			return a
		}
		a := rules.Action{Label: "Shoot at a vehicle", Short: "Anti-tank", Kind: rules.ActAim, Group: fmt.Sprint("shoot ", c.Fig)}
		if f := s.Fig(c.Fig); f != nil {
			if w := r.bestAntiVehicle(s, f); w != nil {
				a.Label = fmt.Sprintf("%s: %s at a vehicle", f.Name, w.Name)
			}
		}
		if o, err := r.Odds(s, c); err == nil {
			a.Label += fmt.Sprintf(" (%.0f%% to knock it out)", o.P(VKill)*100)
		}
		return a
	case "gun":
		vid, wi, _, _ := parseGunArg(c.Arg)
		a := rules.Action{Label: name(vid) + " fires", Short: "Vehicle fire", Kind: rules.ActAim, Group: fmt.Sprintf("gun V%dw%d", vid, wi)}
		if v, t, _ := r.vehicleOf(s, vid); v != nil && wi >= 0 && wi < len(t.Weapons) {
			if w, ok := r.d.Weapon(t.Weapons[wi].ID); ok {
				a.Label = fmt.Sprintf("%s: %s (%s)", v.Name, w.Name, t.Weapons[wi].Mount)
			}
		}
		return a
	}
	return rules.Action{}
}

// vehicleLines are the status lines about the active team's vehicles and
// the riders it carries.
func (r SMLE) vehicleLines(s *rules.State, u *rules.Unit, b Band) []string {
	var out []string
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		_, t, _ := r.vehicleOf(s, v.ID)
		if t == nil || v.Unit != u.ID {
			continue
		}
		if t.Flying {
			switch {
			case v.Var(vvAloft) == 1:
				out = append(out, v.Name+" waits off the table: it may land at its drop zone (the enemy may fire as it comes in).")
			case v.Var(vvGone) == 1:
				out = append(out, v.Name+" has left the battle.")
			case v.Damage.Has(vehicle.BrewedUp):
				out = append(out, v.Name+" is down and burning.")
			default:
				out = append(out, v.Name+" is on the ground: troops may get out or in; it may leave in a later go.")
			}
			continue
		}
		switch {
		case v.Damage.Has(vehicle.BrewedUp):
			out = append(out, v.Name+" is a burning wreck.")
			continue
		case wrecked(v):
			out = append(out, v.Name+" has been abandoned.")
			continue
		case len(liveCrew(s, v)) == 0:
			out = append(out, v.Name+" has nobody fit to drive or fight it.")
			continue
		}
		line := r.driveLine(s, v, t)
		switch {
		case v.Var(vvReady) > s.Round:
			line = fmt.Sprintf("%s: the crew have only just got aboard; it may drive off in round %d.", v.Name, v.Var(vvReady))
		case v.Var(vvHit) == s.Round:
			line = v.Name + ": hit and stopped this round; it may not fire again this round."
		case v.Var(vvFlat) == s.Round:
			line = v.Name + ": driven flat out this round; it may not fire or react."
		case b.Move <= 0:
			line = v.Name + ": the crew's activation does not let it move."
		}
		out = append(out, line)
	}
	if cv := r.carrierOfTeam(s, u); cv != nil && b.Move > 0 {
		if r.bandIndex(u) >= r.d.BandIndex("stand-6") {
			out = append(out, fmt.Sprintf("Aboard %s: the team may get out by a free door while %s has driven no more than a man's move (%s\") this round; they get out prone and their go ends.",
				cv.Name, cv.Name, rules.InchText(r.baseMove(s, members(s, u.ID)[0]))))
		} else {
			out = append(out, fmt.Sprintf("Aboard %s: de-bussing needs Stand (6) or better.", cv.Name))
		}
	}
	return out
}

// driveLine is how far vehicle v may drive this round, in plain words:
// its combat move, and the round's limit as it picks up speed with what
// is driven and left of it. "combat move 20\"" beside "it may go 4.4\"
// more this round (it gains half its road speed a round)" did not square
// for a play-tester: the round's own limit (12\" from a standstill) went
// unsaid.
func (r SMLE) driveLine(s *rules.State, v *rules.Vehicle, t *vehicle.Type) string {
	sc, _ := r.d.SpeedClassOf(t.Class)
	line := fmt.Sprintf("%s: combat move %d\" clear, %d\" on road (flat out on clear ground and road, up to twice that).", v.Name, sc.Clear, sc.Road)
	road := int64(max(sc.Road, sc.Clear)) * geom.PerInch
	last, driven := lastSpd(s, v), spdNow(s, v)
	limit := last + road/2 // accelCap's limit for the whole round
	if limit >= 2*int64(sc.Road)*geom.PerInch {
		if driven > 0 {
			line += fmt.Sprintf(" Driven %s\" this round.", rules.InchText(driven))
		}
		return line
	}
	if last == 0 {
		line += fmt.Sprintf(" From a standstill it may go %s\" this round (half its road speed).", rules.InchText(limit))
	} else {
		line += fmt.Sprintf(" After %s\" last round it may go %s\" this round (a vehicle picks up at most half its road speed, %s\", a round).",
			rules.InchText(last), rules.InchText(limit), rules.InchText(road/2))
	}
	if driven > 0 {
		line = strings.TrimSuffix(line, ".") + fmt.Sprintf(": %s\" driven, %s\" left.", rules.InchText(driven), rules.InchText(max(0, limit-driven)))
	}
	return line
}
