package smle

import (
	"fmt"
	"math"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// What the table shows of S.M.L.E., through the core's hooks
// (rules/present.go): what a side may know (hidden set-up), each figure's
// card and markers, weapon range bands, the activation dice and order of
// play, door states and the action bar's words.

// UnitKnown: a team of the other side set up hidden is unknown until it
// is spotted.
func (SMLE) UnitKnown(s *rules.State, side int, id rules.UnitID) bool {
	u := s.UnitOf(id)
	return u == nil || u.Side == side || !Unspotted(s, u)
}

// FigureKnown: every figure of a known team is seen.
func (SMLE) FigureKnown(*rules.State, int, rules.FigID) bool { return true }

// DoorState is how a door stands (rules.DoorShut, DoorOpen, DoorBroken).
func (SMLE) DoorState(s *rules.State, d terrain.DoorRef) int { return DoorState(s, d) }

// WeaponInfo is one weapon's range bands: close (4"), effective range,
// and out to twice effective range beyond it.
func (r SMLE) WeaponInfo(id string) rules.WeaponInfo {
	w, ok := r.d.Weapon(id)
	if !ok {
		return rules.WeaponInfo{ID: id, Label: id}
	}
	wi := rules.WeaponInfo{ID: id, Label: w.Name}
	if w.Dice > 0 {
		// the book's damage rating "<dice>D<add>", in words
		wi.Dice = fmt.Sprintf("damage %d %s", w.Dice, map[bool]string{true: "die", false: "dice"}[w.Dice == 1])
		if w.Add != 0 {
			wi.Dice += fmt.Sprintf(" %+d", w.Add)
		}
	}
	rng := int64(w.Range) * geom.PerInch
	if rng <= 0 {
		return wi
	}
	if !w.Indirect && !w.CloseNA && w.Close != 0 && rng > 4*geom.PerInch {
		wi.Bands = append(wi.Bands, rules.RangeBand{Dist: 4 * geom.PerInch, Label: "close", Note: fmt.Sprintf("%+d close range", w.Close)})
	}
	wi.Bands = append(wi.Bands, rules.RangeBand{Dist: rng, Label: "effective"})
	if !w.Indirect {
		wi.Bands = append(wi.Bands, rules.RangeBand{Dist: 2 * rng, Label: "beyond effective", Note: fmt.Sprintf("%+d", r.d.FirerMods.ExtremeRange)})
	}
	return wi
}

// Figure is a figure's card: its team and side, weapons by name with
// their ranges, quality, posture and markers.
func (r SMLE) Figure(s *rules.State, id rules.FigID) rules.FigureInfo {
	fi := rules.BasicFigure(s, id)
	f := s.Fig(id)
	if f == nil {
		return fi
	}
	fi.Weapons = nil
	var names []string
	for _, w := range f.Weapons {
		wi := r.WeaponInfo(w)
		fi.Weapons = append(fi.Weapons, wi)
		if reach := wi.Reach(); reach > 0 {
			names = append(names, fmt.Sprintf("%s, effective to %g\"", wi.Label, geom.Inches(reach/2)))
		} else {
			names = append(names, wi.Label)
		}
	}
	for i, l := range fi.Lines {
		if strings.HasPrefix(l, "Weapon") && len(names) > 0 {
			fi.Lines[i] = "Weapons: " + strings.Join(names, "; ")
			if len(names) == 1 {
				fi.Lines[i] = "Weapon: " + names[0]
			}
		}
	}
	if f.Var(fShaken) == s.Round && !f.Removed {
		fi.Marks = append(fi.Marks, rules.Mark{Kind: rules.MarkShaken, Label: "shaken: no more action this round"})
	}
	if f.Var(fBraced) == 1 {
		fi.Lines = append(fi.Lines, "Weapon braced")
	}
	for _, w := range r.dryWeapons(f) {
		fi.Marks = append(fi.Marks, rules.Mark{Kind: rules.MarkOutOfAmmo, Label: w.Name + " has run dry: reload it (Pinned or better)"})
	}
	if vid := s.Carrier(f.ID); vid != 0 {
		if v := s.Veh(vid); v != nil {
			role := "riding in"
			for _, c := range v.Crew {
				if c == f.ID {
					role = "crewing"
				}
			}
			fi.Lines = append(fi.Lines, fmt.Sprintf("Aboard: %s %s (off the table)", role, v.Name))
		}
	}
	if u := s.UnitOf(f.Unit); u != nil {
		fi.Spent = uget(u, vDone) == 1 && rules.UnitID(s.Var(vCur)) != u.ID
	}
	return fi
}

// present fills what the table draws beyond the status lines: the turn,
// the end button's words, the step (the activation under way) and the
// activation dice.
func (r SMLE) present(s *rules.State, ex *rules.Explanation) {
	ex.Turn = fmt.Sprintf("Round %d", s.Round)
	ex.OrderNote = "Order of play, lowest activation roll first:"
	ex.End = "End activation"
	ex.Step = ActivationKey(s)
	ex.StepUnit = rules.UnitID(s.Var(vCur))
	dice := rules.Panel{Kind: rules.PanelDice, Title: "Activation dice"}
	for _, o := range ex.Order {
		u := s.UnitOf(o.Unit)
		if u == nil || uget(u, vDie) == 0 {
			continue
		}
		dice.Items = append(dice.Items, rules.PanelItem{Side: u.Side, Label: teamName(s, u), Value: uget(u, vDie), Max: 6,
			Done: o.Done, Current: o.Current, Unit: u.ID})
	}
	if len(dice.Items) > 0 {
		ex.Panels = append(ex.Panels, dice)
	}
}

// Action names S.M.L.E.'s commands for the action bar.
func (r SMLE) Action(s *rules.State, c rules.Command) rules.Action {
	switch c.Verb {
	case "blast":
		a := rules.Action{Label: "Explosive", Kind: rules.ActAim, Group: "blast " + c.Arg}
		if w, ok := r.d.Weapon(c.Arg); ok {
			a.Label = "Explosive (" + w.Name + ")"
		} else if c.Arg != "" {
			a.Label = "Explosive (" + c.Arg + ")"
		}
		a.Short = "Explosive"
		return a
	case "fire":
		if c.Arg == FireAimed {
			// a button of its own: sharing Shoot's, a click on the man
			// gave the team's ordinary fire, listed first
			return rules.Action{Label: "Aimed fire at one man", Short: "Aimed fire", Kind: rules.ActAim, Group: "fire aimed"}
		}
		// A fire of a band below the team's own, chosen instead of it: a
		// button of its own.
		if u := s.UnitOf(c.Unit); u != nil && (c.Arg == FireReturn || c.Arg == FirePanic) {
			if ks := r.fireKinds(u); len(ks) > 0 && ks[0] != c.Arg {
				label := map[string]string{FireReturn: "Return fire", FirePanic: "Panic fire"}[c.Arg]
				return rules.Action{Label: label + " instead", Short: label, Kind: rules.ActAim, Group: "fire " + c.Arg}
			}
		}
	case "assault":
		return rules.Action{Label: "Close assault"}
	case "run":
		return rules.Action{Label: "Run", Short: "Run"}
	case "dismount":
		return rules.Action{Label: "Dismount", Short: "Dismount"}
	case "trap":
		return rules.Action{Label: "Set a booby trap", Short: "Set trap", Kind: rules.ActButton}
	case "clear":
		return rules.Action{Label: "Clear the booby trap", Short: "Clear trap", Kind: rules.ActButton, Group: fmt.Sprint("clear ", c.Path)}
	case "reload":
		a := rules.Action{Label: "Reload", Short: "Reload", Kind: rules.ActButton}
		if f := s.Fig(c.Fig); f != nil {
			a.Label = "Reload: " + f.Name
		}
		return a
	case "call":
		// aimed at any point an observer sees, with the weapon of the
		// button (Legal lists calls on the enemy it sees, for the random
		// player)
		a := rules.Action{Label: "Call for fire", Short: "Call fire", Kind: rules.ActPoint, Group: "call " + c.Arg}
		if w, ok := r.d.Weapon(c.Arg); ok {
			a.Label = "Call for fire: " + w.Name
		}
		return a
	case "face":
		return rules.Action{Label: "Turn to face", Short: "Turn", Kind: rules.ActPoint}
	case "aid":
		a := rules.Action{Label: "First aid", Kind: rules.ActButton}
		if len(c.Targets) > 0 {
			if t := s.Fig(c.Targets[0]); t != nil {
				a.Label = "First aid: " + t.Name
			}
		}
		return a
	case "pass":
		if c.Fig == 0 && c.Unit == 0 && s.Phase == PhaseReact {
			return rules.Action{Label: "Stay on his feet", Kind: rules.ActPass}
		}
		if c.Fig == 0 && c.Unit == 0 {
			return rules.Action{Label: "Let it pass", Kind: rules.ActPass}
		}
	case "posture":
		if s.Phase == PhaseReact && c.Arg == "prone" {
			a := rules.Action{Label: "Drop prone", Kind: rules.ActButton, Group: "react prone"}
			if f := s.Fig(c.Fig); f != nil {
				a.Label = "Drop prone: " + f.Name
			}
			return a
		}
	case "end":
		return rules.Action{Label: "End activation", Kind: rules.ActEnd}
	case "drive", "turret", "board", "debus", "shoot", "gun", "arrive", "leave":
		return r.vehicleAction(s, c)
	case "oppfire":
		a := rules.Action{Label: "Opportunity fire", Kind: rules.ActButton, Group: fmt.Sprint("oppfire ", c.Unit, c.Targets)}
		if u := s.UnitOf(c.Unit); u != nil && c.Fig == 0 {
			a.Label = teamName(s, u) + " fires"
			if o, err := r.Odds(s, c); err == nil && len(o.Outcomes) > 0 {
				a.Label += fmt.Sprintf(" (%s %.0f%%)", o.Outcomes[0].Name, o.Outcomes[0].P*100)
			}
		}
		if c.Fig != 0 {
			a.Kind = rules.ActAim
			a.Group = "oppfire"
		}
		return a
	case "door":
		what := map[string]string{"kick": "Kick in the door", "rush": "Rush the door, team behind"}[c.Arg]
		short := map[string]string{"kick": "Kick in", "rush": "Rush in"}[c.Arg]
		a := rules.Action{Kind: rules.ActButton, Group: fmt.Sprint("door ", c.Arg, c.Path)}
		if what == "" {
			a.Label, a.Short = "Open the door", "Open door"
			return a
		}
		a.Label, a.Short = what, short
		if o, err := r.Odds(s, c); err == nil {
			n := int(math.Round(o.P("door open") * 6))
			a.Label += fmt.Sprintf(" (%d in 6)", n)
			a.Short += fmt.Sprintf(" (%d in 6)", n)
		}
		return a
	}
	return rules.Action{}
}

var (
	_ rules.Vehicled      = SMLE{}
	_ rules.VehicleMover  = SMLE{}
	_ rules.VehicleCarder = SMLE{}
	_ rules.Knower        = SMLE{}
	_ rules.FigureCarder  = SMLE{}
	_ rules.DoorStater    = SMLE{}
	_ rules.ActionLabeler = SMLE{}
)

// OddsOnly: "activate U<n>" asks the bands of a team's activation roll; it
// is never given as a command.
func (SMLE) OddsOnly(c rules.Command) bool { return c.Verb == "activate" }

var _ rules.OddsOnlyer = SMLE{}
