package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Overlays lists what lies on the table for side to see (the core's
// Overlayer hook): each fire mission called and not yet landed, as the
// burst it will make on its aim point. S.M.L.E. has no smoke. A mission
// is shown to the other side only when that side knows the calling team
// (as the log tells the call). Booby traps are shown to the side that set
// them and to a side that saw them set or found them (Traps), as a live
// grenade with its burst.
func (r SMLE) Overlays(s *rules.State, side int) []rules.Overlay {
	var out []rules.Overlay
	if w, ok := r.d.Weapon(r.d.BoobyTrap.Weapon); ok {
		for _, t := range Traps(s, side) {
			c := geom.Circle{C: t.At, R: int64(w.Dice) * geom.PerInch}
			reach := r.d.BoobyTrap.Trigger
			whose := fmt.Sprintf("the enemy's: keep %d\" clear of it, or clear it", reach)
			if t.Side == side {
				whose = fmt.Sprintf("yours: it goes off when an enemy comes within %d\"", reach)
			}
			out = append(out, rules.Overlay{Kind: rules.OverGrenade, Side: t.Side, Circle: &c,
				Label: fmt.Sprintf("Booby trap (%s), %s", w.Name, whose), Until: "until it goes off or is cleared"})
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		called := uget(u, vFMRound)
		if called == 0 || (u.Side != side && !r.UnitKnown(s, side, u.ID)) {
			continue
		}
		p := geom.Pt{X: int64(uget(u, vFMX)), Y: int64(uget(u, vFMY))}
		name, rad := "Indirect fire", int64(0)
		if m := s.Fig(rules.FigID(uget(u, vFMFig))); m != nil {
			for _, id := range m.Weapons {
				if w, ok := r.d.Weapon(id); ok && w.Indirect {
					name, rad = w.Name, int64(w.Dice)*geom.PerInch
				}
			}
		}
		c := geom.Circle{C: p, R: rad}
		out = append(out, rules.Overlay{Kind: rules.OverRound, Side: u.Side, Circle: &c,
			Label: fmt.Sprintf("%s called by %s: it lands in the team's activation next round", name, teamName(s, u)),
			Until: fmt.Sprintf("%s activation in round %d", rules.Possessive(teamName(s, u)), called+1)})
	}
	return out
}

var _ rules.Overlayer = SMLE{}
