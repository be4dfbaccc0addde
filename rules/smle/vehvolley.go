package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/vehicle"
)

// A team's volley at a vehicle ("shoot U2 V1"): every figure of the
// team on foot that can fire its team weapon (its first weapon that is
// not an explosive) at the hull rolls to hit, in figure order, as in
// team fire; each hit rolls damage against the armour of the face it
// strikes from that firer. A serious wound takes effect before the next
// hit (a tank's armour is a die weaker for it); the volley stops once
// the vehicle is knocked out or gone (a helicopter aborting). The odds
// are the worst result of the volley: "miss" (no hit at all), "no
// effect", "vehicle light wound", "vehicle serious wound", "vehicle
// kill".

// volleyFirers lists the team's figures that can fire their team weapon
// at vehicle v now, with their shots.
func (r SMLE) volleyFirers(s *rules.State, u *rules.Unit, v *rules.Vehicle) ([]*rules.Figure, []ShotInput) {
	var fs []*rules.Figure
	var ins []ShotInput
	for _, f := range members(s, u.ID) {
		if aboard(s, f) {
			continue
		}
		w := r.primary(f)
		if w == nil || !r.canShoot(s, f, w) {
			continue
		}
		if in, ok := r.shootAt(s, f, w, v); ok {
			fs = append(fs, f)
			ins = append(ins, in)
		}
	}
	return fs, ins
}

// volleyOptions: "shoot U2 V<n>" at each enemy vehicle two or more of
// the team can fire at (one firer is "shoot F<n> V<n>").
func (r SMLE) volleyOptions(s *rules.State, u *rules.Unit) []rules.Command {
	var out []rules.Command
	for i := range s.Vehicles {
		v := &s.Vehicles[i]
		if v.Side == u.Side || v.Removed || v.Damage.Has(vehicle.BrewedUp) {
			continue
		}
		if fs, _ := r.volleyFirers(s, u, v); len(fs) >= 2 {
			out = append(out, rules.Command{Verb: "shoot", Unit: u.ID, Arg: fmt.Sprintf("V%d", v.ID)})
		}
	}
	return out
}

// findVolley checks a team volley command against the legal ones.
func (r SMLE) findVolley(s *rules.State, c rules.Command) (*rules.Unit, *rules.Vehicle, error) {
	id, ok := r.parseVehArg(c.Arg)
	u := s.UnitOf(c.Unit)
	if !ok || u == nil || c.Fig != 0 || len(c.Targets) > 0 {
		return nil, nil, fmt.Errorf("a team shoots at one enemy vehicle: pick the vehicle")
	}
	for _, l := range r.Legal(s) {
		if l.Verb == "shoot" && l.Unit == c.Unit && l.Fig == 0 && l.Arg == c.Arg {
			return u, s.Veh(id), nil
		}
	}
	return nil, nil, fmt.Errorf("%s cannot fire at %s now", teamName(s, u), vehWords(s, id))
}

func (r SMLE) applyVolley(s *rules.State, c rules.Command) ([]rules.Event, error) {
	u, v, err := r.findVolley(s, c)
	if err != nil {
		return nil, err
	}
	_, t, _ := r.vehicleOf(s, v.ID)
	fs, ins := r.volleyFirers(s, u, v)
	var evs []rules.Event
	for i, f := range fs {
		if v.Removed || v.Damage.Has(vehicle.BrewedUp) {
			break
		}
		w := ins[i].Weapon
		h, l, err := r.d.RollShot(s, ins[i], fmt.Sprintf("%s, %s at %s", w.Name, f.Name, v.Name))
		if err != nil {
			return nil, err
		}
		f.SetVar(fStill, s.Round)
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Roll: &l, Text: fmt.Sprintf("%s fires at %s: %s", f.Name, v.Name, l.Outcome)})
		evs = append(evs, r.afterHeavyRoll(s, f, w, l)...)
		evs = append(evs, r.strikeVehicle(s, f.Side, u, v, t, w, f.Pos, h > 0)...)
	}
	markFired(s, u)
	return evs, nil
}

// volleyState is the odds' state between shots: serious wounds so far,
// and the worst result (index into volleyNames), or done (killed or
// gone).
type volleyState struct {
	vsw, worst int
	done       bool
}

var volleyNames = []string{Miss, VNone, VLight, VSerious, VKill}

func (r SMLE) volleyOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	u, v, err := r.findVolley(s, c)
	if err != nil {
		return rules.Odds{}, err
	}
	_, t, _ := r.vehicleOf(s, v.ID)
	fs, ins := r.volleyFirers(s, u, v)
	dist := map[volleyState]float64{{}: 1}
	var mods []rules.Mod
	var parts []rules.OddsPart
	for i, f := range fs {
		if p, ok := r.dryPart(f, ins[i].Weapon); ok {
			parts = append(parts, p)
		}
		hc, err := r.d.HitCounts(ins[i])
		if err != nil {
			return rules.Odds{}, err
		}
		if i == 0 {
			_, mods, _ = r.d.ShotMods(ins[i])
		}
		ph := float64(36-hc[0]) / 36
		next := map[volleyState]float64{}
		for _, st := range sortedVolley(dist) {
			p := dist[st]
			if st.done {
				next[st] += p
				continue
			}
			next[volleyState{st.vsw, max(st.worst, 0), false}] += p * (1 - ph)
			// The damage with the armour as it stands after st.vsw wounds.
			tmp := *v
			tmp.Vars = map[string]int{}
			tmp.SetVar(vvVSW, v.Var(vvVSW)+st.vsw)
			hin, _ := r.hitInput(s, &tmp, t, ins[i].Weapon, f.Pos)
			d := hitLocP(s, VehicleHitP(hin))
			next[volleyState{st.vsw, 4, true}] += p * ph * d[0]
			next[volleyState{st.vsw + 1, 3, t.Flying}] += p * ph * d[1]
			next[volleyState{st.vsw, max(st.worst, 2), false}] += p * ph * d[2]
			next[volleyState{st.vsw, max(st.worst, 1), false}] += p * ph * d[3]
		}
		dist = next
	}
	var out [5]float64
	for _, st := range sortedVolley(dist) {
		p := dist[st]
		w := st.worst
		if st.vsw > 0 && w < 3 {
			w = 3
		}
		out[w] += p
	}
	o := rules.Odds{Mods: mods, Parts: parts, Note: firers(len(fs)) + "; the worst result of the volley; modifiers shown are the first firer's"}
	for i := len(volleyNames) - 1; i >= 0; i-- {
		o.Outcomes = append(o.Outcomes, rules.Outcome{Name: volleyNames[i], P: out[i]})
	}
	return o, nil
}

// sortedVolley lists the states in a fixed order.
func sortedVolley(m map[volleyState]float64) []volleyState {
	var out []volleyState
	for st := range m {
		out = append(out, st)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && volleyLess(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func volleyLess(a, b volleyState) bool {
	if a.vsw != b.vsw {
		return a.vsw < b.vsw
	}
	if a.worst != b.worst {
		return a.worst < b.worst
	}
	return !a.done && b.done
}
