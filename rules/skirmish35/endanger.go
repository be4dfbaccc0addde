package skirmish35

import (
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// EndDanger (rules.EndDangerer): the enemy's mortar rounds, plotted in
// its turn, come down at the end of the side's go, and the side may not
// know where they were aimed (ShapeGameVars keeps the aim points, and how
// many rounds there are, from it). What it does know: which enemy mortars
// are still in the fight with rounds left (as far as it has seen them
// fire), and that a round is aimed at a point the enemy could see, most
// likely where one of the side's men stood in the enemy's turn. So each
// such mortar is taken to have plotted one round on the spot of one of
// the side's men who has not moved since (not hidden from the enemy, not
// aboard a vehicle), each spot as likely as another, and the round to
// land as a first round does: on the aim point, or 2D3" off towards the
// spinner. The harm at a point is the chance such a round reaches it
// (walls keep it out of a building and in) times the effect table's
// chance of a kill there, plus a third of its chance of suppression.
// It reads nothing the side's own copy lacks.
func (r Skirmish) EndDanger(s *rules.State, side int) func(geom.Pt) float64 {
	if s.Over || s.Active != side {
		return nil
	}
	mortars := 0
	for i := range s.Figures {
		m := &s.Figures[i]
		if m.Side == side || m.Removed || m.Markers.Has(rules.Surrendered) || !r.carries(m, "mortar") {
			continue
		}
		if m.Rating > 0 && m.Var(fMortarUsed) >= m.Rating {
			continue
		}
		mortars++
	}
	if mortars == 0 {
		return nil
	}
	var spots []geom.Pt
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Side != side || f.Removed || f.Var(fMoved) != 0 ||
			f.Markers.Has(rules.Hidden) && f.Var(fSpotted) == 0 ||
			len(s.Vehicles) > 0 && s.Carrier(f.ID) != 0 {
			continue
		}
		spots = append(spots, f.Pos)
	}
	if len(spots) == 0 {
		return nil
	}
	mt := r.d.T.Mortar
	faces := r.d.T.Spinner.Faces
	on := 1 - probGreater2D6(mt.OnTargetMax)
	var ls []landing
	each := min(1, float64(mortars)/float64(len(spots)))
	for _, q := range spots {
		ls = append(ls, landing{q, each * on})
		for a := 1; a <= 3; a++ {
			for b := 1; b <= 3; b++ {
				for sp := 1; sp <= faces; sp++ {
					ls = append(ls, landing{spin(q, sp, faces, int64(a+b)*geom.PerInch), each * (1 - on) / float64(9*faces)})
				}
			}
		}
	}
	reach := in(mt.Radius) + s.BaseR
	return func(pt geom.Pt) float64 {
		p := 0.0
		for _, l := range ls {
			if within(pt, l.at, reach) && reaches(s, l.at, pt, false) {
				p += l.p
			}
		}
		if p == 0 {
			return 0
		}
		e, _ := r.effectRow(s, pt, false)
		_, sup, kill := effectDist(e)
		return min(1, p) * (kill + sup/3)
	}
}

var _ rules.EndDangerer = Skirmish{}
