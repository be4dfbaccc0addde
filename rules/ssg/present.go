package ssg

import (
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// What the table shows of the Simple Skirmish Game, through the core's
// hooks (rules/present.go): the turn and its three phases, the end
// button's words, each figure's card with its weapon's ranges.

var phaseWords = map[string]string{PhaseMove: "Movement", PhaseMelee: "Melee", PhaseShoot: "Shooting"}

// Explain says whose turn it is and which phase, with the turn's phases
// as a panel.
func (SSG) Explain(s *rules.State) rules.Explanation {
	var ex rules.Explanation
	side := s.Sides[s.Active].Name
	if s.Over {
		ex.Head = "The battle is over"
		if s.Result != "" {
			ex.Lines = []string{s.Result}
		}
		ex.Turn = fmt.Sprintf("Turn %d", s.Round)
		return ex
	}
	ph := phaseWords[s.Phase]
	if ph == "" {
		ph = s.Phase
	}
	ex.Turn = fmt.Sprintf("Turn %d, %s phase", s.Round, ph)
	ex.Head = fmt.Sprintf("%s: %s phase", side, ph)
	switch s.Phase {
	case PhaseMove:
		ex.End = "End movement"
		ex.Lines = []string{"Each figure may move up to 4\", stopping at the first point within 1\" of an enemy."}
	case PhaseMelee:
		ex.End = "Fight all melees"
		ex.Lines = []string{"Figures in contact fight: each rolls a die, the lower is out of the fight."}
	case PhaseShoot:
		ex.End = "End turn"
		ex.Lines = []string{"Each figure may shoot once: a 5 or 6 hits (partial sight and long range each -1)."}
	}
	ph2 := rules.Panel{Kind: rules.PanelPhases, Title: "Turn"}
	for _, p := range []string{PhaseMove, PhaseMelee, PhaseShoot} {
		ph2.Items = append(ph2.Items, rules.PanelItem{Side: s.Active, Label: phaseWords[p], Current: p == s.Phase})
	}
	ex.Panels = append(ex.Panels, ph2)
	return ex
}

// WeaponInfo is a weapon's two range bands: short, and long at -1.
func WeaponInfo(id string) rules.WeaponInfo {
	w, ok := WeaponByID(id)
	if !ok {
		return rules.WeaponInfo{ID: id, Label: id}
	}
	dice := "dice"
	if w.ROF == 1 {
		dice = "die"
	}
	return rules.WeaponInfo{ID: id, Label: w.Label, Dice: fmt.Sprintf("%d %s", w.ROF, dice), Shots: w.ROF, Bands: []rules.RangeBand{
		{Dist: w.Short, Label: "short range"},
		{Dist: w.Long, Label: "long range", Note: "-1"},
	}}
}

// Figure is a figure's card: its weapon with ranges and dice, and
// whether it has moved or fired this turn.
func (SSG) Figure(s *rules.State, id rules.FigID) rules.FigureInfo {
	fi := rules.BasicFigure(s, id)
	f := s.Fig(id)
	if f == nil {
		return fi
	}
	fi.Weapons = nil
	for _, w := range f.Weapons {
		fi.Weapons = append(fi.Weapons, WeaponInfo(w))
	}
	if len(fi.Weapons) > 0 {
		wi := fi.Weapons[0]
		line := "Weapon: " + wi.Label
		if len(wi.Bands) == 2 {
			line = fmt.Sprintf("Weapon: %s, short range to %g\", long to %g\", %s", wi.Label, geom.Inches(wi.Bands[0].Dist), geom.Inches(wi.Bands[1].Dist), wi.Dice)
		}
		for i, l := range fi.Lines {
			if strings.HasPrefix(l, "Weapon") {
				fi.Lines[i] = line
			}
		}
	}
	last := len(fi.Lines) - 1
	if f.Var(VarMoved) != 0 {
		fi.Lines[last] += ", has moved"
	}
	if f.Var(VarFired) != 0 {
		fi.Lines[last] += ", has fired"
	}
	return fi
}

// Action names SSG's commands: the melee phase's "fight them all".
func (SSG) Action(s *rules.State, c rules.Command) rules.Action {
	if c.Verb == "melee" && len(c.Targets) == 0 {
		return rules.Action{Label: "Fight all melees", Kind: rules.ActEnd}
	}
	if c.Verb == "end" {
		var l string
		switch s.Phase {
		case PhaseMove:
			l = "End movement"
		case PhaseShoot:
			l = "End turn"
		case PhaseMelee:
			l = "Fight all melees"
		}
		return rules.Action{Label: l, Kind: rules.ActEnd}
	}
	return rules.Action{}
}

// VarsBySetter: SSG writes the game's variables only through
// State.SetVar, and units' and sides' not at all, so the random player's
// copies share those maps (rules.VarsBySetter).
func (SSG) VarsBySetter() bool { return true }

var (
	_ rules.VarsBySetter  = SSG{}
	_ rules.LegalAppender = SSG{}
	_ rules.Explainer     = SSG{}
	_ rules.FigureCarder  = SSG{}
	_ rules.ActionLabeler = SSG{}
)
