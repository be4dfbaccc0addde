package skirmish35

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Overlays lists what side may see lying on the table (the core's
// Overlayer hook): the lines of suppressive fire, the smoke clouds with
// the turns they have left, the grenades lying live and that side's own
// mortar rounds plotted (the other side does not know where they will
// fall).
func (r Skirmish) Overlays(s *rules.State, side int) []rules.Overlay {
	var out []rules.Overlay
	now := turnNo(s)
	for _, l := range Lines(s) {
		name := "a gun"
		if f := s.Fig(l.Fig); f != nil {
			name = f.Name
		}
		other := s.Sides[1-l.Side].Name
		label := fmt.Sprintf("%s line of suppressive fire: any of the %s crossing it in their next turn is diced for", rules.Possessive(name), other)
		if l.Turn < now {
			label = fmt.Sprintf("%s line of suppressive fire: any of the %s crossing it this turn is diced for", rules.Possessive(name), other)
		}
		out = append(out, rules.Overlay{Kind: rules.OverFireLine, Side: l.Side, Path: []geom.Pt{l.A, l.B}, Label: label,
			Until: "until " + rules.Possessive(s.Sides[l.Side].Name) + " next turn"})
	}
	rad := in(r.d.T.Smoke.Radius)
	for _, m := range Smokes(s) {
		age := now - m.Turn
		left := r.d.T.Smoke.Turns - age
		c := geom.Circle{C: m.C, R: rad}
		label := fmt.Sprintf("Smoke: blocks all sight; it clears in %d %s (each side's turn counts)", left, rules.OneOrMany(left, "turn", "turns"))
		out = append(out, rules.Overlay{Kind: rules.OverSmoke, Side: -1, Circle: &c, Turns: left, Label: label,
			Until: fmt.Sprintf("%d %s more", left, rules.OneOrMany(left, "turn", "turns"))})
		if age >= 2 && age < 4 {
			from := m.C
			d := geom.Circle{C: m.C.Add(geom.Pt{X: in(r.d.T.Smoke.DriftX), Y: in(r.d.T.Smoke.DriftY)}), R: rad}
			out = append(out, rules.Overlay{Kind: rules.OverSmoke, Side: -1, Circle: &d, Turns: left, Drift: true, From: &from,
				Label: "Smoke drifting downwind: blocks all sight", Until: fmt.Sprintf("%d %s more", left, rules.OneOrMany(left, "turn", "turns"))})
		}
	}
	for _, g := range Live(s) {
		c := geom.Circle{C: g.At, R: in(r.d.T.Grenade.Radius)}
		until := "the end of " + rules.Possessive(s.Sides[1-g.Side].Name) + " turn"
		what := "A grenade lying live: it goes off at " + until + " unless thrown back"
		if g.Smoke {
			c.R = rad
			what = "A smoke grenade yet to go off: it smokes at " + until
		}
		out = append(out, rules.Overlay{Kind: rules.OverGrenade, Side: g.Side, Circle: &c, Label: what, Until: until})
	}
	for _, m := range Rounds(s) {
		if m.Side != side {
			continue
		}
		c := geom.Circle{C: m.At, R: in(r.d.T.Mortar.Radius)}
		out = append(out, rules.Overlay{Kind: rules.OverRound, Side: m.Side, Circle: &c, Secret: true,
			Label: "Mortar fire plotted: it lands at the end of the enemy's turn", Until: "the end of the enemy's turn"})
	}
	return out
}

var _ rules.Overlayer = Skirmish{}
