package netplay

import (
	"errors"
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Snapshot is the battle as one side may know it: the state filtered
// through the side's view (rules.View). A figure the side may not see is
// listed by its number and side only (Seen false): no name, place,
// posture or variables. A unit it may not know of is listed the same way,
// and so is a vehicle of such a unit. Of the other side's known units and
// seen figures only the variables the rule set's rules.UnitVarKnower hook
// passes are sent (an activation roll the book makes public); every other
// variable of the other side's side, units, figures and vehicles is left
// out, and so are the rule set's game-level variables but those its
// rules.GameVarKnower hook passes: a rule set keeps anything there (a booby trap's place, where a
// figure started its round or the legs of its move, perhaps while
// unseen) and the core cannot tell which of them a side may know. What the table shows of a seen enemy (its place,
// facing, posture, wounds, markers, weapons) is sent. The dice stream is
// never sent.
type Snapshot struct {
	Round     int    `json:"round"`
	Phase     string `json:"phase"`
	Active    int    `json:"active"`
	Decider   int    `json:"decider"`
	Over      bool   `json:"over"`
	Winner    int    `json:"winner"`
	Result    string `json:"result,omitempty"`
	TurnLimit int    `json:"turn_limit,omitempty"`
	Rolls     int    `json:"rolls"`
	// Vars is the game-level variables the rule set says the side may
	// know (rules.GameVarKnower); none without that hook.
	Vars map[string]int `json:"vars,omitempty"`

	Sides    [2]SnapSide     `json:"sides"`
	Units    []SnapUnit      `json:"units"`
	Figures  []SnapFigure    `json:"figures"`
	Vehicles []SnapVehicle   `json:"vehicles,omitempty"`
	Overlays []rules.Overlay `json:"overlays,omitempty"`
}

// SnapSide is a side: all its variables for the viewing side, of the
// other side those the rule set's rules.SideVarKnower passes.
type SnapSide struct {
	Name   string         `json:"name"`
	Losses int            `json:"losses"`
	Vars   map[string]int `json:"vars,omitempty"`
}

// SnapUnit is a unit; when not Known only its number and side.
type SnapUnit struct {
	ID      rules.UnitID   `json:"id"`
	Side    int            `json:"side"`
	Known   bool           `json:"known"`
	Name    string         `json:"name,omitempty"`
	Leader  rules.FigID    `json:"leader,omitempty"`
	Quality string         `json:"quality,omitempty"`
	Motive  string         `json:"motive,omitempty"`
	Rating  int            `json:"rating,omitempty"`
	Vars    map[string]int `json:"vars,omitempty"`
}

// SnapFigure is a figure; when not Seen only its number and side.
type SnapFigure struct {
	ID      rules.FigID    `json:"id"`
	Side    int            `json:"side"`
	Seen    bool           `json:"seen"`
	Name    string         `json:"name,omitempty"`
	Unit    rules.UnitID   `json:"unit,omitempty"`
	Pos     *geom.Pt       `json:"pos,omitempty"`
	Facing  int            `json:"facing,omitempty"`
	Posture rules.Posture  `json:"posture,omitempty"`
	Weapons []string       `json:"weapons,omitempty"`
	Wounds  int            `json:"wounds,omitempty"`
	Markers rules.Marker   `json:"markers,omitempty"`
	Removed bool           `json:"removed,omitempty"`
	Vars    map[string]int `json:"vars,omitempty"`
}

// SnapVehicle is a vehicle; when not Seen only its number and side.
type SnapVehicle struct {
	ID          rules.VehicleID     `json:"id"`
	Side        int                 `json:"side"`
	Seen        bool                `json:"seen"`
	Pose        *rules.VehiclePose  `json:"pose,omitempty"`
	Damage      rules.VehicleDamage `json:"damage,omitempty"`
	HatchesOpen bool                `json:"hatches_open,omitempty"`
	Crew        []rules.FigID       `json:"crew,omitempty"`
	Passengers  []rules.FigID       `json:"passengers,omitempty"`
	Removed     bool                `json:"removed,omitempty"`
	Vars        map[string]int      `json:"vars,omitempty"`
}

// SnapshotOf is s as side may know it under rs.
func SnapshotOf(rs rules.RuleSet, s *rules.State, side int) Snapshot {
	v := rules.ViewOf(rs, s, side)
	sn := Snapshot{Round: s.Round, Phase: s.Phase, Active: s.Active, Decider: s.Decider, Over: s.Over,
		Winner: s.Winner, Result: s.Result, TurnLimit: s.TurnLimit, Rolls: s.Rolls}
	for i := range s.Sides {
		sd := &s.Sides[i]
		sn.Sides[i] = SnapSide{Name: sd.Name, Losses: sd.Losses, Vars: v.SideVars(i)} // the other's: rules.SideVarKnower
	}
	sn.Units = make([]SnapUnit, len(s.Units))
	for i := range s.Units {
		u := &s.Units[i]
		su := SnapUnit{ID: u.ID, Side: u.Side}
		if v.Unit(u.ID) {
			su.Known, su.Name, su.Leader, su.Quality, su.Motive, su.Rating = true, u.Name, u.Leader, u.Quality, u.Motive, u.Rating
			su.Vars = v.UnitVars(u.ID) // the enemy's: only what rules.UnitVarKnower passes
			if su.Leader != 0 && !v.Figure(su.Leader) {
				su.Leader = 0 // a known team's leader out of sight
			}
		}
		sn.Units[i] = su
	}
	sn.Figures = make([]SnapFigure, len(s.Figures))
	for i := range s.Figures {
		f := &s.Figures[i]
		sf := SnapFigure{ID: f.ID, Side: f.Side}
		if v.Figure(f.ID) {
			p := f.Pos
			sf.Seen, sf.Name, sf.Unit, sf.Pos, sf.Facing, sf.Posture = true, f.Name, f.Unit, &p, f.Facing, f.Posture
			sf.Weapons = append([]string(nil), f.Weapons...)
			sf.Wounds, sf.Markers, sf.Removed = f.Wounds, f.Markers, f.Removed
			sf.Vars = v.FigureVars(f.ID)
		}
		sn.Figures[i] = sf
	}
	for i := range s.Vehicles {
		vh := &s.Vehicles[i]
		sv := SnapVehicle{ID: vh.ID, Side: vh.Side}
		if vh.Side == side || vh.Removed || v.Unit(vh.Unit) && allSeen(v, vh.Crew) {
			pose := vh.Pose
			sv.Seen, sv.Pose, sv.Damage, sv.HatchesOpen, sv.Removed = true, &pose, vh.Damage, vh.HatchesOpen, vh.Removed
			sv.Crew = seenOnly(v, vh.Crew)
			sv.Passengers = seenOnly(v, vh.Passengers)
			if vh.Side == side {
				sv.Vars = copyVars(vh.Vars)
			}
		}
		sn.Vehicles = append(sn.Vehicles, sv)
	}
	sn.Overlays = v.Overlays()
	sn.Vars = v.GameVars()
	return sn
}

func allSeen(v rules.View, figs []rules.FigID) bool {
	for _, f := range figs {
		if !v.Figure(f) {
			return false
		}
	}
	return true
}

func seenOnly(v rules.View, figs []rules.FigID) []rules.FigID {
	var out []rules.FigID
	for _, f := range figs {
		if v.Figure(f) {
			out = append(out, f)
		}
	}
	return out
}

func copyVars(m map[string]int) map[string]int {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// check bounds a snapshot read from the wire.
func (sn *Snapshot) check() error {
	if len(sn.Units) > MaxFigures || len(sn.Figures) > MaxFigures || len(sn.Vehicles) > MaxFigures || len(sn.Overlays) > MaxFigures {
		return errors.New("the snapshot lists too many figures, units, vehicles or overlays")
	}
	if err := sideOK(sn.Active); err != nil {
		return fmt.Errorf("the snapshot's active side: %v", err)
	}
	if err := sideOK(sn.Decider); err != nil {
		return fmt.Errorf("the snapshot's deciding side: %v", err)
	}
	for i, f := range sn.Figures {
		if int(f.ID) != i+1 {
			return fmt.Errorf("the snapshot's figure %d is numbered %d", i+1, f.ID)
		}
		if err := sideOK(f.Side); err != nil {
			return err
		}
		if f.Seen != (f.Pos != nil) {
			return fmt.Errorf("the snapshot's figure F%d is seen without a place, or unseen with one", f.ID)
		}
	}
	for i, u := range sn.Units {
		if int(u.ID) != i+1 {
			return fmt.Errorf("the snapshot's unit %d is numbered %d", i+1, u.ID)
		}
	}
	for i, vh := range sn.Vehicles {
		if int(vh.ID) != i+1 {
			return fmt.Errorf("the snapshot's vehicle %d is numbered %d", i+1, vh.ID)
		}
		if vh.Seen != (vh.Pose != nil) {
			return fmt.Errorf("the snapshot's vehicle V%d is seen without a place, or unseen with one", vh.ID)
		}
	}
	return nil
}

// Apply writes the snapshot over base, a state built from the same
// scenario (rules.NewState on the side's own copy of it), giving the
// side's own working copy: what it knows, and nothing for the rest. A
// figure or vehicle it may not see is marked off the table there with no
// place, so that measuring a move on the copy knows nothing of it. The
// copy has no dice and only the game-level variables the rule set passes
// (rules.GameVarKnower); it is for choosing a
// command, never for deciding one (the host's Apply decides).
func (sn *Snapshot) Apply(base *rules.State) (*rules.State, error) {
	if len(sn.Figures) != len(base.Figures) || len(sn.Units) != len(base.Units) || len(sn.Vehicles) != len(base.Vehicles) {
		return nil, errors.New("the snapshot does not match this scenario (its figures, units or vehicles differ)")
	}
	s := base.Clone()
	s.Round, s.Phase, s.Active, s.Decider, s.Over, s.Winner, s.Result, s.TurnLimit, s.Rolls =
		sn.Round, sn.Phase, sn.Active, sn.Decider, sn.Over, sn.Winner, sn.Result, sn.TurnLimit, sn.Rolls
	s.Vars = copyVars(sn.Vars)
	for i := range s.Sides {
		s.Sides[i].Losses = sn.Sides[i].Losses
		s.Sides[i].Vars = copyVars(sn.Sides[i].Vars)
	}
	for i := range s.Units {
		su, u := &sn.Units[i], &s.Units[i]
		u.Vars = copyVars(su.Vars)
		if su.Known {
			u.Leader, u.Quality, u.Motive, u.Rating = su.Leader, su.Quality, su.Motive, su.Rating
		}
	}
	for i := range s.Figures {
		sf, f := &sn.Figures[i], &s.Figures[i]
		if !sf.Seen {
			f.Pos, f.Removed, f.Unknown, f.Vars, f.Markers, f.Wounds = geom.Pt{}, true, true, nil, 0, 0
			continue
		}
		f.Pos, f.Facing, f.Posture, f.Wounds, f.Markers, f.Removed = *sf.Pos, sf.Facing, sf.Posture, sf.Wounds, sf.Markers, sf.Removed
		if sf.Unit != 0 {
			f.Unit = sf.Unit // a figure that has joined another team since the start
		}
		f.Weapons = append([]string(nil), sf.Weapons...)
		f.Vars = copyVars(sf.Vars)
	}
	for i := range s.Vehicles {
		sv, vh := &sn.Vehicles[i], &s.Vehicles[i]
		if !sv.Seen {
			vh.Pose, vh.Removed, vh.Vars = rules.VehiclePose{}, true, nil
			continue
		}
		vh.Pose, vh.Damage, vh.HatchesOpen, vh.Removed = *sv.Pose, sv.Damage, sv.HatchesOpen, sv.Removed
		vh.Crew = append([]rules.FigID(nil), sv.Crew...)
		vh.Passengers = append([]rules.FigID(nil), sv.Passengers...)
		vh.Vars = copyVars(sv.Vars)
	}
	return s, nil
}

// tellAll is the events of one command as side may be told them: through
// the side's view of the state after the command (rules.View.Tell), and
// more strictly than Tell alone: a figure or target the side does not see
// afterwards is struck from the event's lists, and a figure that was out
// of sight before the command and comes into view by it is shown only
// where it ends, not the way it came.
func tellAll(rs rules.RuleSet, before, after *rules.State, side int, evs []rules.Event) []rules.Event {
	va := rules.ViewOf(rs, after, side)
	vb := rules.ViewOf(rs, before, side)
	out := make([]rules.Event, 0, len(evs))
	for _, ev := range evs {
		t, withheld := va.Tell(ev)
		if withheld && t.Text == "" && t.Roll == nil {
			continue // kept quiet (rules.Quieter): not even that something happened
		}
		if !withheld {
			if t.Target != 0 && !va.Figure(t.Target) {
				t.Target = 0
			}
			if len(t.Figures) > 0 {
				t.Figures = seenOnly(va, t.Figures)
			}
			if t.Fig != 0 && len(t.Path) > 1 && !vb.Figure(t.Fig) {
				t.Path = t.Path[len(t.Path)-1:]
			}
		}
		out = append(out, t)
	}
	return out
}
