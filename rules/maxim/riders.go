package maxim

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Opportunity fire at the men riding an open-topped vehicle as it drives
// (house rule: the book says nothing of passengers). Such a man may be
// shot at any point of the drive, as a man may be shot at any point of
// his move: `fire F9 21.5,14 F3` names the point of the drive and the
// rider. He is where the hull's centre was at that point, behind its
// sides (hard cover from every side) and moving as it moved. Only direct
// fire picks out a rider; an explosive weapon fired at a moving vehicle
// is aimed at the vehicle itself. A rider hit does not stop the vehicle:
// its driver drives on.

// planRiderOpp checks the point and targets of an opportunity shot at the
// riders of the vehicle whose drive is open to fire, and sets the
// volley's point and leg.
func planRiderOpp(s *rules.State, v *volley, c rules.Command) error {
	mv := s.Veh(rules.VehicleID(s.Var(gOppVeh)))
	if mv == nil {
		return errors.New("no vehicle is driving")
	}
	for _, id := range c.Targets {
		t := s.Fig(id)
		if t == nil {
			return errors.New("no such man")
		}
		if t.Removed {
			return fmt.Errorf("%s is not on the table", t.Name)
		}
		if openRide(s, t) != mv {
			return fmt.Errorf("opportunity fire is at %s or the men riding in the open in it; %s is not", mv.Name, t.Name)
		}
	}
	if v.w.Explosive {
		return fmt.Errorf("a %s is fired at %s itself, not at a man riding in it: give a point of its drive only", v.w.Name, mv.Name)
	}
	if len(c.Path) != 1 {
		return errors.New("give the point of its drive where the shot is taken")
	}
	leg, ok := onPath(loadPath(s), c.Path[0])
	if !ok {
		return fmt.Errorf("that point is not on %s path: click its dashed path", rules.Possessive(mv.Name))
	}
	v.leg, v.point = leg, c.Path[0]
	return nil
}

// riderOppCommands lists f's opportunity shots at the riders of the
// driving vehicle mv: each weapon's full rate of fire at one rider, at
// the point of the drive where the shot is best.
func riderOppCommands(s *rules.State, f *rules.Figure, mv *rules.Vehicle) []rules.Command {
	var riders []*rules.Figure
	for _, id := range mv.Passengers {
		if t := s.Fig(id); t != nil && !t.Removed && openRide(s, t) == mv {
			riders = append(riders, t)
		}
	}
	if len(riders) == 0 {
		return nil
	}
	path := loadPath(s)
	var out []rules.Command
	var seen []string
	for i, id := range weaponList(s, f) {
		if containsStr(seen, id) {
			continue
		}
		seen = append(seen, id)
		w, ok := data.Weapon(id)
		if !ok || w.Melee || w.Explosive || w.Aircraft || mayFire(s, f, w) != "" || !pathWithin(path, f.Pos, w.Reach()) {
			continue
		}
		arg := id
		if i == 0 && !aboard(s, f) {
			arg = ""
		}
		for _, t := range riders {
			c := rules.Command{Verb: "fire", Fig: f.ID, Arg: arg}
			for k := 0; k < w.ROF; k++ {
				c.Targets = append(c.Targets, t.ID)
			}
			p, ok := bestPlannedPoint(s, f, c)
			if !ok {
				continue
			}
			c.Path = []geom.Pt{p}
			out = append(out, c)
		}
	}
	return out
}

// bestPlannedPoint is the point of the open drive where c's shot has its
// best chance, each point's shot planned in full (a rider's chance hangs
// on the hull's place at that point, which the listing's quick judge of
// a man on foot does not know).
func bestPlannedPoint(s *rules.State, f *rules.Figure, c rules.Command) (geom.Pt, bool) {
	path := loadPath(s)
	best, bestCh, found := geom.Pt{}, -1, false
	for i := 1; i < len(path); i++ {
		seg := geom.Seg{A: path[i-1], B: path[i]}
		for _, p := range [2]geom.Pt{geom.ClosestOnSeg(seg, f.Pos), path[i]} {
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
