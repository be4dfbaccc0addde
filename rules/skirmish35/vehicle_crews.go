package skirmish35

import (
	"errors"
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/vehicle"
)

// ---- getting out ----

func (r Skirmish) bailProblem(s *rules.State, v *rules.Vehicle, vd *VehicleData, all bool) string {
	if !all {
		switch {
		case len(v.Passengers) == 0:
			return "the " + v.Name + " carries no passengers"
		case v.Var(vAP) < r.d.T.Vehicle.Dismount:
			return fmt.Sprintf("the %s needs %d points to let its passengers out", v.Name, r.d.T.Vehicle.Dismount)
		}
		return ""
	}
	if vd.Tank() && !v.Damage.Has(vehicle.Immobilised) {
		return "a tank's crew bails out only once it is immobilised"
	}
	return ""
}

// outSpots are the places figures getting out may stand, best first: by
// each door, then around the hull, starting behind it.
func (r Skirmish) outSpots(s *rules.State, v *rules.Vehicle, t *vehicle.Type) []geom.Pt {
	var out []geom.Pt
	for _, d := range t.Doors {
		out = append(out, t.DoorOut(d, v.Pose, s.BaseR))
	}
	half := geom.Isqrt(t.Length*t.Length+t.Width*t.Width)/2 + s.BaseR + s.BaseR/4
	for ring := int64(0); ring < 3; ring++ {
		for k := 0; k < 24; k++ {
			u := vehicle.Dir(v.Facing + 180 + k*15)
			d := half + ring*(2*s.BaseR+s.BaseR/2)
			out = append(out, geom.Pt{X: v.Pos.X + divRound(u.X*d, vehicle.Scale), Y: v.Pos.Y + divRound(u.Y*d, vehicle.Scale)})
		}
	}
	return out
}

func (r Skirmish) applyBail(s *rules.State, v *rules.Vehicle, vd *VehicleData, t *vehicle.Type, c rules.Command, all bool) ([]rules.Event, error) {
	if len(c.Path) > 0 || len(c.Targets) > 0 {
		return nil, fmt.Errorf("%s names the vehicle alone", c.Verb)
	}
	if why := r.bailProblem(s, v, vd, all); why != "" {
		return nil, errors.New(why)
	}
	who := v.Passengers
	if all {
		for _, id := range v.Crew {
			if f := s.Fig(id); f != nil && !f.Removed {
				f.SetVar(fBailed, int(v.ID))
			}
		}
		who = v.Aboard()
	} else {
		_ = vehSpend(v, r.d.T.Vehicle.Dismount, "letting the passengers out")
	}
	who = append([]rules.FigID(nil), who...)
	spots := r.outSpots(s, v, t)
	var names []string
	var figs []rules.FigID
	for _, id := range who {
		f := s.Fig(id)
		if f == nil || f.Removed {
			continue
		}
		for _, p := range spots {
			if r.standProblem(s, f, p) == "" {
				s.Alight(id, p)
				f.Facing = v.Facing
				f.SetVar(fAP, 0)
				f.SetVar(fMax, 0)
				names = append(names, f.Name)
				figs = append(figs, id)
				break
			}
		}
	}
	text := fmt.Sprintf("%s get out of the %s", joinNames(names), v.Name)
	if all {
		v.Damage |= vehicle.Abandoned
		v.SetVar(vAP, 0)
		text = fmt.Sprintf("The crew bail out of the %s: %s", v.Name, joinNames(names))
	}
	return []rules.Event{{Kind: "vehicle", Side: v.Side, Unit: v.Unit, Figures: figs, Text: text}}, nil
}

func joinNames(ns []string) string {
	switch len(ns) {
	case 0:
		return "nobody"
	case 1:
		return ns[0]
	}
	out := ns[0]
	for _, n := range ns[1 : len(ns)-1] {
		out += ", " + n
	}
	return out + " and " + ns[len(ns)-1]
}

// hullProblem says why a figure's base at p would stand on a hull.
func hullProblem(r Skirmish, s *rules.State, p geom.Pt) string {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed {
			continue
		}
		if h, ok := rules.HullOf(r, s, v.ID); ok && h.OverlapsBase(geom.Circle{C: p, R: s.BaseR}) {
			return "it would stand on the " + v.Name
		}
	}
	return ""
}

// vehicleTemplate is the burst a tank's shell would make on a figure, or
// the cloud its smoke shell or dischargers would lay.
func (r Skirmish) vehicleTemplate(s *rules.State, c rules.Command) (geom.Circle, bool) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	v := s.Veh(a.ID)
	if !ok || v == nil {
		return geom.Circle{}, false
	}
	switch {
	case c.Verb == "gun" && len(c.Targets) == 1:
		if e := s.Fig(c.Targets[0]); e != nil {
			return geom.Circle{C: e.Pos, R: in(r.d.T.Vehicle.HERadius)}, true
		}
	case c.Verb == "shell" && len(c.Path) == 1:
		return geom.Circle{C: c.Path[0], R: in(r.d.T.Smoke.Radius)}, true
	case c.Verb == "smoke":
		if _, t := r.vinfo(v); t != nil {
			return geom.Circle{C: r.dischargePoint(v, t), R: in(r.d.T.Smoke.Radius)}, true
		}
	}
	return geom.Circle{}, false
}

// hullBlocks says why a vehicle's hull hides b from a ("" if none does):
// a hull the centre line passes inside, other than one standing over
// either end (the looker's own vehicle, the target vehicle).
func (r Skirmish) hullBlocks(s *rules.State, a, b geom.Pt) string {
	if len(s.Vehicles) == 0 {
		return ""
	}
	var except []rules.VehicleID
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if h, ok := rules.HullOf(r, s, v.ID); ok && !v.Removed && (h.Under(a) || h.Under(b)) {
			except = append(except, v.ID)
		}
	}
	if id := rules.VehicleAcross(r, s, a, b, except...); id != 0 {
		return "the " + s.Veh(id).Name + " is in the way"
	}
	return ""
}

// hullHides says why a hull hides a figure's base (centre b, radius rad)
// from a ("" if none does): one hull across all three sight lines, to
// the base's centre and to its two edges across the line.
func (r Skirmish) hullHides(s *rules.State, a, b geom.Pt, rad int64) string {
	why := r.hullBlocks(s, a, b)
	if why == "" {
		return ""
	}
	v := b.Sub(a)
	n := geom.Isqrt(v.Len2())
	if n == 0 {
		return why
	}
	off := geom.Pt{X: -v.Y * rad / n, Y: v.X * rad / n}
	if r.hullBlocks(s, a, b.Add(off)) == "" || r.hullBlocks(s, a, b.Sub(off)) == "" {
		return ""
	}
	return why
}

// pathThroughHull says why a figure's path would pass through a hull ("" if
// it does not): its centre line may not run inside one.
func pathThroughHull(r Skirmish, s *rules.State, legs []geom.Pt) string {
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Removed {
			continue
		}
		h, ok := rules.HullOf(r, s, v.ID)
		if !ok {
			continue
		}
		for k := 1; k < len(legs); k++ {
			if h.BlocksSight(legs[k-1], legs[k]) || h.Under(legs[k]) {
				return "the " + v.Name + " is in the way"
			}
		}
	}
	return ""
}

// ---- getting in ----

// boardProblem says why figure f cannot climb aboard vehicle v as a
// passenger ("" if it can): a friendly vehicle, working, with room,
// within reach of its hull, a point to spend.
//
// A crewman who bailed out of a vehicle may instead climb back into it
// as crew while it lies abandoned (not destroyed), while it has a crew place free
// (house rule: the book has no bailing out, so nothing on getting back).
func (r Skirmish) boardProblem(s *rules.State, f *rules.Figure, v *rules.Vehicle) string {
	_, t := r.vinfo(v)
	recrew := recrewing(v, f)
	switch {
	case t == nil:
		return "an unknown vehicle"
	case v.Side != f.Side:
		return "board a vehicle of your own side"
	case recrew && crewLeft(s, v) >= t.Crew:
		return "the " + rules.Possessive(v.Name) + " crew places are full"
	case !recrew && v.Damage.Has(vehicle.Abandoned) && !v.Removed && !v.Damage.Has(vehicle.BrewedUp):
		return "only the " + rules.Possessive(v.Name) + " own crew may climb back into it"
	case !recrew && !working(s, v):
		return "the " + v.Name + " cannot move off: destroyed, abandoned or without a crew"
	case !recrew && len(v.Passengers) >= t.Passengers:
		return "the " + v.Name + " has no room"
	case f.Var(fAP) < r.d.T.Costs.Action:
		return fmt.Sprintf("%s needs %d point to climb aboard", f.Name, r.d.T.Costs.Action)
	}
	h, _ := rules.HullOf(r, s, v.ID)
	if !h.OverlapsBase(geom.Circle{C: f.Pos, R: s.BaseR + in(r.d.T.Melee.Contact)}) {
		return fmt.Sprintf("%s must be within %g\" of the %s", f.Name, r.d.T.Melee.Contact, v.Name)
	}
	return ""
}

// recrewing reports whether f boarding v is a crewman getting back into
// his abandoned vehicle: v abandoned, not destroyed, and f bailed out of
// it.
func recrewing(v *rules.Vehicle, f *rules.Figure) bool {
	return v.Damage.Has(vehicle.Abandoned) && !v.Damage.Has(vehicle.BrewedUp) && !v.Removed && f.Var(fBailed) == int(v.ID)
}

// applyBoard: "board F1 V2" climbs aboard as a passenger (an action, 1
// point); the figure's turn ends there. A crewman climbing back into his
// abandoned vehicle is crew again, and the vehicle is manned once more
// (its points come with its side's next turn).
func (r Skirmish) applyBoard(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	a, ok := rules.ParseVehicleArg(c.Arg)
	if !ok || a.Reverse || a.HasFace || len(c.Path) > 0 || len(c.Targets) > 0 {
		return nil, errors.New("board names the figure and the vehicle (board F1 V2)")
	}
	v := s.Veh(a.ID)
	if v == nil {
		return nil, fmt.Errorf("there is no vehicle V%d", a.ID)
	}
	if why := r.boardProblem(s, f, v); why != "" {
		return nil, errors.New(why)
	}
	recrew := recrewing(v, f)
	f.Markers &^= rules.OppFire | rules.Hidden
	f.SetVar(fAP, 0)
	f.SetVar(fLean, 0)
	s.Board(v.ID, f.ID, recrew)
	s.SetVar(gLastFig, int(f.ID))
	text := fmt.Sprintf("%s climbs aboard the %s", f.Name, v.Name)
	if recrew {
		f.SetVar(fBailed, 0)
		v.Damage &^= vehicle.Abandoned
		v.SetVar(vAP, 0)
		text = fmt.Sprintf("%s climbs back into the %s and crews it again", f.Name, v.Name)
	}
	return []rules.Event{{Kind: "vehicle", Side: f.Side, Fig: f.ID, Unit: v.Unit, Figures: []rules.FigID{f.ID},
		Text: text}}, nil
}

func (r Skirmish) boardCommands(s *rules.State, f *rules.Figure) []rules.Command {
	var out []rules.Command
	for i := range s.Vehicles {
		if v := &s.Vehicles[i]; v.Side == f.Side && r.boardProblem(s, f, v) == "" {
			out = append(out, rules.Command{Verb: "board", Fig: f.ID, Arg: rules.VehicleArg{ID: v.ID}.String()})
		}
	}
	return out
}

// ---- what a vehicle may do now ----

// vehicleCommands lists a vehicle's commands with the points it has.
func (r Skirmish) vehicleCommands(s *rules.State, v *rules.Vehicle) []rules.Command {
	vd, t := r.vinfo(v)
	if vd == nil || v.Removed || v.Damage&(vehicle.BrewedUp|vehicle.Abandoned) != 0 || crewLeft(s, v) == 0 {
		return nil
	}
	var out []rules.Command
	arg := rules.VehicleArg{ID: v.ID}
	mk := func(verb string, a rules.VehicleArg, path []geom.Pt, tg ...rules.FigID) rules.Command {
		return rules.Command{Verb: verb, Unit: v.Unit, Path: path, Targets: tg, Arg: a.String()}
	}
	vc := r.d.T.Vehicle
	ap := v.Var(vAP)
	var enemies []*rules.Figure
	for _, e := range alive(s, 1-v.Side) {
		if r.known(s, v.Side, e) && !e.Markers.Has(rules.Surrendered) {
			enemies = append(enemies, e)
		}
	}
	var foes []*rules.Vehicle
	for i := range s.Vehicles {
		if o := &s.Vehicles[i]; o.Side != v.Side && targetable(o) {
			foes = append(foes, o)
		}
	}
	near := nearest(s, v.Pos, enemies)
	if ap >= vc.MinDrive && !v.Damage.Has(vehicle.Immobilised) {
		out = append(out, mk("drive", arg, nil)) // the table's drag: any plan VehicleMove accepts
		try := func(a rules.VehicleArg, path []geom.Pt) {
			c := mk("drive", a, path)
			_, plan, _ := rules.PlanOf(c)
			res := r.VehicleMove(s, v.ID, plan)
			if !res.Arrived && len(path) == 1 && res.Length > 0 {
				c.Path = []geom.Pt{res.End.Pos}
				_, plan, _ = rules.PlanOf(c)
				res = r.VehicleMove(s, v.ID, plan)
			}
			if res.Arrived && res.End != v.Pose {
				out = append(out, c)
			}
		}
		if near != nil {
			reach := int64(ap) * in(vd.Speed[vehicle.Clear])
			d := dist(v.Pos, near.Pos)
			if step := min(reach, d-in(10)); step > 0 {
				try(arg, []geom.Pt{towards(v.Pos, near.Pos, step)})
			}
			if b := bearing(v.Pos, near.Pos); b != v.Facing {
				try(rules.VehicleArg{ID: v.ID, Face: b, HasFace: true}, nil)
			}
		}
		back := towards(v.Pos, r.dischargePoint(v, t), -in(4))
		try(rules.VehicleArg{ID: v.ID, Reverse: true}, []geom.Pt{back})
	}
	if t.HasTurret && ap >= vc.Turret {
		aim := geom.Pt{}
		has := false
		if near != nil {
			aim, has = near.Pos, true
		}
		if len(foes) > 0 {
			if nv := foes[0]; !has || geom.Dist2(v.Pos, nv.Pos) < geom.Dist2(v.Pos, aim) {
				aim, has = nv.Pos, true
			}
		}
		if has {
			if b := bearing(t.TurretCentre(v.Pose), aim); b != v.Turret {
				out = append(out, mk("turret", rules.VehicleArg{ID: v.ID, Face: b, HasFace: true}, nil))
			}
		}
	}
	for _, e := range enemies {
		if vd.Gun != "" && ap >= vc.Gun && within(v.Pos, e.Pos, in(vc.GunBands[len(vc.GunBands)-1].Upto)) {
			if _, why := r.gunFigure(s, v, vd, t, e); why == "" {
				out = append(out, mk("gun", arg, nil, e.ID))
			}
		}
		if ap >= vc.MG {
			if _, _, why := r.mgShot(s, v, t, e); why == "" {
				out = append(out, mk("mg", arg, nil, e.ID))
			}
		}
	}
	for _, o := range foes {
		if vd.Gun != "" && ap >= vc.Gun {
			if _, why := r.gunVehicle(s, v, vd, t, o); why == "" {
				out = append(out, mk("gun", arg, []geom.Pt{o.Pos}))
			}
		}
	}
	if r.dischargeProblem(v, vd) == "" {
		out = append(out, mk("smoke", arg, nil))
	}
	if near != nil && r.shellProblem(s, v, vd, t, near.Pos) == "" {
		out = append(out, mk("shell", arg, []geom.Pt{near.Pos}))
	}
	if r.bailProblem(s, v, vd, false) == "" {
		out = append(out, mk("dismount", arg, nil))
	}
	if r.bailProblem(s, v, vd, true) == "" {
		out = append(out, mk("bail", arg, nil))
	}
	if ap >= vc.Hatch {
		out = append(out, mk("hatch", arg, nil))
	}
	if r.vHoldProblem(s, v, t) == "" {
		out = append(out, mk("vopp", arg, nil))
	}
	return out
}

// atVehicleCommands lists a figure's anti-tank shots at vehicles.
func (r Skirmish) atVehicleCommands(s *rules.State, f *rules.Figure) []rules.Command {
	if !r.carries(f, "at") {
		return nil
	}
	var out []rules.Command
	last := in(r.d.T.AT.Bands[len(r.d.T.AT.Bands)-1].Upto)
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side == f.Side || !targetable(v) || !within(f.Pos, v.Pos, last) {
			continue
		}
		if _, why := r.atVehicleProblem(s, f, v); why == "" {
			out = append(out, rules.Command{Verb: "at", Fig: f.ID, Arg: rules.VehicleArg{ID: v.ID}.String()})
		}
		if !inFront(f, v.Pos, r.d.T.Sight.Front) && f.Var(fAP) >= r.d.T.Costs.Face {
			out = append(out, rules.Command{Verb: "face", Fig: f.ID, Path: []geom.Pt{v.Pos}})
		}
	}
	return out
}

// ---- the vehicle's card ----

// Vehicle is a vehicle's card: type, points, armour read as the book's
// faces, smoke left, damage.
func (r Skirmish) Vehicle(s *rules.State, id rules.VehicleID) rules.VehicleInfo {
	v := s.Veh(id)
	if v == nil {
		return rules.VehicleInfo{}
	}
	vd, t := r.vinfo(v)
	if vd == nil {
		return rules.BasicVehicle(r, s, id)
	}
	var vi rules.VehicleInfo
	un := ""
	if u := s.UnitOf(v.Unit); u != nil {
		un = u.Name
	}
	vi.Lines = append(vi.Lines, fmt.Sprintf("%s  -  %s", s.Sides[v.Side].Name, un), vd.Name)
	if vd.Tank() {
		vi.Lines = append(vi.Lines, "Anti-tank hits: rear destroys; side and front roll two dice")
	} else {
		vi.Lines = append(vi.Lines, "Any anti-tank hit destroys it")
	}
	vi.Lines = append(vi.Lines, fmt.Sprintf("%d action points a turn; %g\" a point across open ground, %g\" on a road", vd.Points, vd.Speed[vehicle.Clear], vd.Speed[vehicle.Road]))
	if v.Side == s.Active && s.Phase == PhaseTurn && working(s, v) {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Points left: %d of %d", v.Var(vAP), v.Var(vMax)))
	}
	if vd.Dischargers > 0 || vd.SmokeShells > 0 {
		vi.Lines = append(vi.Lines, fmt.Sprintf("Smoke: dischargers %d, shells %d", max(0, vd.Dischargers-v.Var(vDisch)), max(0, vd.SmokeShells-v.Var(vShells))))
	}
	var names []string
	for _, f := range v.Aboard() {
		if fig := s.Fig(f); fig != nil && !fig.Removed {
			names = append(names, fig.Name)
		}
	}
	if len(names) > 0 {
		vi.Lines = append(vi.Lines, "Aboard: "+joinNames(names))
	}
	if d := v.Damage.Names(); len(d) > 0 {
		vi.Lines = append(vi.Lines, "State: "+joinNames(d))
	}
	for _, w := range t.Weapons {
		wi := r.WeaponInfo(w.ID)
		wi.Label += " (" + w.Mount.String() + ")"
		vi.Weapons = append(vi.Weapons, wi)
	}
	for _, n := range v.Damage.Names() {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: n, Label: n})
	}
	if v.HatchesOpen {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkHatchesOpen, Label: "hatches open"})
	}
	if v.Var(vOpp) != 0 && working(s, v) {
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkOppFire, Label: "holding its machine guns for opportunity fire"})
	}
	if v.Side == s.Active && s.Phase == PhaseTurn && working(s, v) {
		n := v.Var(vAP)
		vi.Marks = append(vi.Marks, rules.Mark{Kind: rules.MarkAP, Label: fmt.Sprintf("%d action %s", n, rules.OneOrMany(n, "point", "points")), N: n})
		vi.Spent = n == 0
	}
	return vi
}

// vehicleAction labels a vehicle's commands for the action bar.
func (r Skirmish) vehicleAction(s *rules.State, c rules.Command) rules.Action {
	vc := r.d.T.Vehicle
	ap := func(label string, n int) string {
		if n == 0 {
			return label + " (free)"
		}
		return fmt.Sprintf("%s (%d AP)", label, n)
	}
	name := "vehicle"
	if a, ok := rules.ParseVehicleArg(c.Arg); ok {
		if v := s.Veh(a.ID); v != nil {
			name = v.Name
		}
	}
	g := func(k string) string { return k + " " + c.Arg }
	switch c.Verb {
	case "drive":
		if len(c.Path) == 0 && !stringsHas(c.Arg, "-f") {
			return rules.Action{Label: "Drive the " + name + " (inches a point by going)", Short: "Drive", Kind: rules.ActDrag, Group: g("drive")}
		}
		if len(c.Path) == 0 {
			return rules.Action{Label: ap("Turn the "+name+" to face the enemy", vc.MinDrive), Short: "Pivot", Kind: rules.ActButton, Group: g("pivot")}
		}
		if stringsHas(c.Arg, "-r") {
			return rules.Action{Label: "Back the " + name + " up", Short: "Reverse", Kind: rules.ActButton, Group: g("reverse")}
		}
		return rules.Action{Label: "Drive the " + name + " towards the enemy", Short: "Advance", Kind: rules.ActButton, Group: g("advance")}
	case "turret":
		return rules.Action{Label: ap("Turn the "+rules.Possessive(name)+" turret", vc.Turret), Short: "Turret", Kind: rules.ActButton, Group: g("turret")}
	case "gun":
		if len(c.Path) == 1 {
			return rules.Action{Label: ap("The "+rules.Possessive(name)+" gun at a vehicle", vc.Gun), Short: "Gun", Kind: rules.ActAim, Group: g("gun vehicle")}
		}
		return rules.Action{Label: ap("The "+rules.Possessive(name)+" gun (high explosive)", vc.Gun), Short: "Gun HE", Kind: rules.ActAim, Group: g("gun")}
	case "mg":
		return rules.Action{Label: ap("The "+rules.Possessive(name)+" machine gun", vc.MG), Short: "MG", Kind: rules.ActAim, Group: g("mg")}
	case "smoke":
		return rules.Action{Label: ap("Fire the "+rules.Possessive(name)+" smoke dischargers", vc.Smoke), Short: "Dischargers", Kind: rules.ActButton, Group: g("smoke")}
	case "shell":
		return rules.Action{Label: ap("The "+name+" fires a smoke shell", vc.Shell), Short: "Smoke shell", Kind: rules.ActAim, Group: g("shell")}
	case "dismount":
		return rules.Action{Label: ap("Passengers out of the "+name, vc.Dismount), Short: "Dismount", Kind: rules.ActButton, Group: g("dismount")}
	case "bail":
		return rules.Action{Label: "The crew bail out of the " + name + " (free)", Short: "Bail out", Kind: rules.ActButton, Group: g("bail")}
	case "hatch":
		if a, ok := rules.ParseVehicleArg(c.Arg); ok && s.Veh(a.ID) != nil && s.Veh(a.ID).HatchesOpen {
			return rules.Action{Label: ap("Close up the "+rules.Possessive(name)+" hatches", vc.Hatch), Short: "Close up", Kind: rules.ActButton, Group: g("hatch")}
		}
		return rules.Action{Label: ap("Open the "+rules.Possessive(name)+" hatches (see better, exposed to bursts)", vc.Hatch), Short: "Hatches", Kind: rules.ActButton, Group: g("hatch")}
	case "vopp":
		return rules.Action{Label: ap("The "+name+" holds its machine guns for opportunity fire", r.d.T.Costs.Opportunity), Short: "Opp fire", Kind: rules.ActButton, Group: g("vopp")}
	case "oppmg":
		return rules.Action{Label: "The " + rules.Possessive(name) + " machine gun: opportunity fire (double six)", Short: "MG", Kind: rules.ActButton, Group: g("oppmg")}
	case "board":
		return rules.Action{Label: ap("Climb aboard the "+name, r.d.T.Costs.Action), Short: "Board", Kind: rules.ActButton, Group: g("board")}
	}
	return rules.Action{}
}

func stringsHas(s, sub string) bool { return strings.Contains(s, sub) }
