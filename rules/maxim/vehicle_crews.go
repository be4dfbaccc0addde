// Maxim: getting men out of and into vehicles, and listing what a side's vehicles may do.

package maxim

import (
	"errors"
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// exitSpots appends where figures getting out of vehicle v may stand, best
// first: by each door, then in rings hugging the hull, rear first.
func exitSpots(dst []geom.Pt, s *rules.State, v *rules.Vehicle) []geom.Pt {
	t := vehType(v)
	out := dst
	for _, d := range t.Doors {
		out = append(out, t.DoorOut(d, v.Pose, s.BaseR))
	}
	fw, rt := vehicle.Dir(v.Facing), vehicle.Dir(v.Facing+90)
	at := func(a, b int64) geom.Pt {
		return v.Pos.Add(geom.Pt{X: divRound(fw.X*a+rt.X*b, vehicle.Scale), Y: divRound(fw.Y*a+rt.Y*b, vehicle.Scale)})
	}
	hl, hw := t.Length/2, t.Width/2
	for ring := int64(0); ring < 3; ring++ {
		off := s.BaseR + 50 + ring*(2*s.BaseR+50)
		out = append(out, at(-(hl+off), 0), at(-(hl+off), hw), at(-(hl+off), -hw))
		for k := int64(-3); k <= 3; k++ {
			a := -k * hl / 4
			out = append(out, at(a, hw+off), at(a, -(hw+off)))
		}
		out = append(out, at(hl+off, 0))
	}
	return out
}

// freeSpot is the first exit spot where figure f may stand (within an
// inch of the hull when near).
func freeSpot(s *rules.State, v *rules.Vehicle, f *rules.Figure, near bool) (geom.Pt, bool) {
	var buf [64]geom.Pt // the doors and three rings of 18 spots
	for _, p := range exitSpots(buf[:0], s, v) {
		if near && !hullNear(s, v, p) {
			continue
		}
		if standProblem(s, f.ID, p) == "" {
			return p, true
		}
	}
	return geom.Pt{}, false
}

// hullNear reports whether a base at p is within an inch of v's hull.
func hullNear(s *rules.State, v *rules.Vehicle, p geom.Pt) bool {
	h := vehType(v).Hull(v.Pose)
	return h.TouchesBase(geom.Circle{C: p, R: s.BaseR + geom.PerInch})
}

// dismountProblem says why f may not get out to p now.
func dismountProblem(s *rules.State, f *rules.Figure, p *geom.Pt) string {
	v := s.Veh(s.Carrier(f.ID))
	switch {
	case f == nil || f.Removed:
		return "that figure is out of the fight"
	case v == nil:
		return f.Name + " is not in a vehicle"
	case s.Phase != PhaseMove || f.Side != s.Active || s.Decider != s.Active:
		return "men get out of vehicles in their side's move phase"
	case f.Var(fMoved) == s.Round:
		return f.Name + " has already moved this turn"
	case stunned(f):
		return f.Name + " is stunned"
	case crewOf(s, f) != nil && !v.Damage.Has(vehicle.Immobilised):
		return f.Name + " crews " + v.Name + ": a crew leaves its vehicle only when it is immobilised (house rule)"
	}
	if p != nil {
		if !hullNear(s, v, *p) {
			return "get out within an inch of the vehicle"
		}
		if why := standProblem(s, f.ID, *p); why != "" {
			return f.Name + " cannot stand there: " + why
		}
	}
	return ""
}

func applyDismount(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) != 1 || len(c.Targets) > 0 || c.Arg != "" || c.Unit != 0 {
		return nil, errors.New(`getting out names the figure and where it stands: "dismount F3 30,12"`)
	}
	f := s.Fig(c.Fig)
	if f == nil {
		return nil, fmt.Errorf("there is no figure F%d", c.Fig)
	}
	p := c.Path[0]
	if why := dismountProblem(s, f, &p); why != "" {
		return nil, errors.New(why)
	}
	v := s.Veh(s.Carrier(f.ID))
	from := v.Pos
	s.Alight(f.ID, p)
	f.SetVar(fMoved, s.Round)
	f.Facing = facingOf(from, p, f.Facing)
	evs := []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{from, p}, Text: fmt.Sprintf("%s gets out of %s", f.Name, v.Name)}}
	return append(evs, offerOpp(s, f, []geom.Pt{from, p})...), nil
}

// offerOpp opens opportunity fire at figure f after its move along legs.
func offerOpp(s *rules.State, f *rules.Figure, legs []geom.Pt) []rules.Event {
	storePath(s, legs)
	s.SetVar(gOppFig, int(f.ID))
	if anyOppShot(s) {
		s.Phase = PhaseOpportunity
		s.Decider = 1 - f.Side
		return []rules.Event{{Kind: "phase", Side: s.Decider, Fig: f.ID,
			Text: fmt.Sprintf("%s may take opportunity fire at %s, at any point of its move", s.Sides[s.Decider].Name, f.Name)}}
	}
	clearPath(s)
	return nil
}

// boardProblem says why f may not get into v now.
func boardProblem(s *rules.State, f *rules.Figure, v *rules.Vehicle) string {
	switch {
	case f == nil || f.Removed:
		return "that figure is out of the fight"
	case v == nil || v.Removed:
		return "there is no such vehicle"
	case aboard(s, f):
		return f.Name + " is already aboard a vehicle"
	case s.Phase != PhaseMove || f.Side != s.Active || s.Decider != s.Active:
		return "men get into vehicles in their side's move phase"
	case v.Side != f.Side:
		return v.Name + " is the enemy's"
	case v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) != 0:
		return v.Name + " is knocked out"
	case len(v.Passengers) >= vehType(v).Passengers:
		return v.Name + " has no room"
	case f.Var(fMoved) == s.Round:
		return f.Name + " has already moved this turn"
	case stunned(f):
		return f.Name + " is stunned"
	case !hullNear(s, v, f.Pos):
		return f.Name + " must be within an inch of " + v.Name
	}
	return ""
}

func applyBoard(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 || c.Unit != 0 {
		return nil, errors.New(`getting in names the figure and the vehicle: "board F3 V1"`)
	}
	v, err := vehicleOf(s, c)
	if err != nil {
		return nil, err
	}
	f := s.Fig(c.Fig)
	if why := boardProblem(s, f, v); why != "" {
		return nil, errors.New(why)
	}
	from := f.Pos
	s.Board(v.ID, f.ID, false)
	f.SetVar(fMoved, s.Round)
	return []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: []geom.Pt{from, v.Pos}, Text: fmt.Sprintf("%s gets into %s", f.Name, v.Name)}}, nil
}

// driveCandidates appends to dst a few drives of v the random player and Legal
// offer (the table's drag gives any other): ahead a full and a half
// move, towards the nearest enemy, and turns of 45 degrees either way.
func driveCandidates(dst []rules.Command, s *rules.State, v *rules.Vehicle) []rules.Command {
	d := int64(v.Var(vMove))
	arg := rules.VehicleArg{ID: v.ID}.String() // one word for every drive listed
	out := dst
	da := newDriveArriver(s, v)
	try := func(c rules.Command) {
		_, plan, _ := rules.PlanOf(c)
		if da.arrives(plan) {
			out = append(out, c)
		}
	}
	ahead := func(facing int, dist int64) geom.Pt {
		u := vehicle.Dir(facing)
		return v.Pos.Add(geom.Pt{X: divRound(u.X*dist, vehicle.Scale), Y: divRound(u.Y*dist, vehicle.Scale)})
	}
	for _, frac := range []int64{2, 4} {
		try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{ahead(v.Facing, d*frac/4-10)}, Arg: arg})
	}
	if e := nearestEnemy(s, v.Side, v.Pos); e != nil {
		dist := min(d*3/4, geom.Isqrt(geom.Dist2(v.Pos, e.Pos))/2)
		if dist > geom.PerInch {
			try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{toward(v.Pos, e.Pos, dist)}, Arg: arg})
		}
	}
	for _, turn := range []int{45, -45} {
		try(rules.Command{Verb: "drive", Unit: v.Unit, Path: []geom.Pt{ahead(v.Facing+turn, d/2)}, Arg: arg})
	}
	return out
}

// vehicleLegal lists the drives, and getting in and out, for the move
// phase or the vehicles' phase.
func vehicleLegal(dst []rules.Command, s *rules.State) []rules.Command {
	out := dst
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if mayDrive(s, v) != "" {
			continue
		}
		out = append(out, rules.Command{Verb: "drive", Unit: v.Unit, Arg: rules.VehicleArg{ID: v.ID}.String()})
		out = driveCandidates(out, s, v)
	}
	if s.Phase != PhaseMove {
		return out
	}
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		for _, id := range v.Aboard() {
			f := s.Fig(id)
			if f == nil || dismountProblem(s, f, nil) != "" {
				continue
			}
			if p, ok := freeSpot(s, v, f, true); ok {
				out = append(out, rules.Command{Verb: "dismount", Fig: f.ID, Path: []geom.Pt{p}})
			}
		}
	}
	for _, f := range s.Alive(s.Active) {
		if aboard(s, f) {
			continue
		}
		for i := range s.Vehicles {
			v := &s.Vehicles[i]
			if boardProblem(s, f, v) == "" {
				out = append(out, rules.Command{Verb: "board", Fig: f.ID, Arg: rules.VehicleArg{ID: v.ID}.String()})
			}
		}
	}
	return out
}

// openSecondMoves starts the vehicles' phase: the moving side's vehicles
// that moved roll their second move. It reports whether any may move.
func openSecondMoves(s *rules.State) ([]rules.Event, bool) {
	mover := s.Var(gMover)
	s.Active, s.Decider = mover, mover
	s.Phase = PhaseVehicles
	evs := rollVehicleMoves(s, mover, true)
	for i := range s.Vehicles {
		if mayDrive(s, &s.Vehicles[i]) == "" {
			return append([]rules.Event{{Kind: "phase", Side: mover,
				Text: fmt.Sprintf("Vehicles' second move: %s vehicles that moved may move again (-30%% to hit for and against them)", rules.Possessive(s.Sides[mover].Name))}}, evs...), true
		}
	}
	for i := range s.Vehicles {
		s.Vehicles[i].SetVar(vMove, 0)
	}
	return []rules.Event{{Kind: "phase", Side: mover, Text: "Vehicles' second move: no vehicle of the moving side may move again"}}, false
}

// Vehicle is the VehicleCarder hook: a vehicle's card.
func (Maxim) Vehicle(s *rules.State, id rules.VehicleID) rules.VehicleInfo {
	v := s.Veh(id)
	if v == nil {
		return rules.VehicleInfo{}
	}
	vi := rules.BasicVehicle(Maxim{}, s, id)
	t := vehType(v)
	for i, l := range vi.Lines {
		if strings.HasPrefix(l, "Armour: ") {
			// what the numbers are: "front 90, side 38" had no unit and no
			// meaning for a play-tester; they stand on the weapons table's
			// penetration scale, about millimetres of steel
			vi.Lines[i] = armourLine(t.Armour)
		}
	}
	k := vehKinds[v.Type]
	da := data.Vehicle.Move[k.Class]
	wreck := knockedOut(s, v)
	if wreck {
		// a wreck's card offered its movement ("Moves 2D6\" (tracked),
		// twice a turn") to a play-tester: it says what became of it
		vi.Lines = append(vi.Lines, "Knocked out: "+wreckWhy(s, v)+"; it will not move or fire again")
	} else {
		mv := "Moves the roll of " + rules.DiceWords(da.Dice, da.Add) + ", in inches (" + strings.ReplaceAll(k.Class, "_", " ") + "), twice a turn at -30% to hit"
		if v.Var(vLoco) > 0 {
			mv += "; half speed (locomotion hit)"
		}
		if m := v.Var(vMove); m > 0 {
			mv += fmt.Sprintf("; %s\" this move", rules.InchText(int64(m)))
		}
		vi.Lines = append(vi.Lines, mv)
		if hasGFCS(v) {
			vi.Lines = append(vi.Lines, "Advanced gun fire control: no penalty for one move, -10% for two")
		}
	}
	vi.Weapons = nil
	for i, w := range t.Weapons {
		wc := weaponCard(w.ID, mountName(v, i))
		if c := className(w.ID, wc.Label); c != "" {
			vi.Lines = append(vi.Lines, wc.Label+": counts as "+c)
		}
		wc.Label += " (" + w.Mount.String() + ")"
		if i == 0 && v.Damage.Has(vehicle.WeaponOut) {
			wc.Label += ": out of action"
		}
		vi.Weapons = append(vi.Weapons, wc)
	}
	if v.Var(vMoved) == s.Round && !wreck {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkMoved, Label: "moved this turn (-20% to hit it and for it; -30% after a second move)"})
	}
	if s.Phase == PhaseMove && v.Side == s.Active {
		vi.Spent = v.Var(vMoved) == s.Round
	}
	if s.Phase == PhaseVehicles && v.Side == s.Active {
		vi.Spent = mayDrive(s, v) != ""
	}
	return vi
}

var (
	_ rules.Vehicled      = Maxim{}
	_ rules.VehicleMover  = Maxim{}
	_ rules.VehicleCarder = Maxim{}
)

// wreckWhy is what knocked a vehicle out, in words.
func wreckWhy(s *rules.State, v *rules.Vehicle) string {
	switch {
	case v.Damage.Has(vehicle.BrewedUp):
		return "brewed up, a burning wreck"
	case v.Damage.Has(vehicle.Abandoned):
		return "abandoned by its crew"
	case v.Removed:
		return "destroyed"
	}
	return "no crewman left alive in it"
}

// armourLine is a vehicle's armour by face as the book's weapons table
// means it: on the scale of its penetration figures (about millimetres
// of steel), a hit going through only when its penetration is greater.
func armourLine(a vehicle.Armour) string {
	if a[vehicle.ArmourFront] == 0 && a[vehicle.ArmourSide] == 0 && a[vehicle.ArmourRear] == 0 && a[vehicle.ArmourTop] == 0 {
		return "Armour: none (a soft skin: any hit goes through)"
	}
	turret := ""
	if a[vehicle.ArmourTurret] > 0 {
		turret = fmt.Sprintf(", turret %d", a[vehicle.ArmourTurret])
	}
	return fmt.Sprintf("Armour: front %d, side %d, rear %d, top %d%s (about millimetres of steel: a hit goes through when its weapon's penetration is greater)",
		a[vehicle.ArmourFront], a[vehicle.ArmourSide], a[vehicle.ArmourRear], a[vehicle.ArmourTop], turret)
}
