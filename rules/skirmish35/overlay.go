package skirmish35

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Overlay is something lying on the table that is no figure: a line of
// suppressive fire, a smoke cloud, a grenade fizzing, a mortar round
// plotted. The core has no hook for these yet; Overlays is written so it
// can become one (a rule-set-neutral "Overlayer") without change.
type Overlay struct {
	Kind   string       // "line", "smoke", "grenade", "plot"
	Label  string       // plain words for a tooltip
	Side   int          // whose it is
	Path   []geom.Pt    // a line's two ends
	Circle *geom.Circle // a cloud, a burst to come
}

// Overlays lists what side may see lying on the table: everything but the
// other side's mortar plots.
func (r Skirmish) Overlays(s *rules.State, side int) []Overlay {
	var out []Overlay
	for _, l := range Lines(s) {
		name := "a gun"
		if f := s.Fig(l.Fig); f != nil {
			name = f.Name
		}
		out = append(out, Overlay{Kind: "line", Side: l.Side, Path: []geom.Pt{l.A, l.B},
			Label: fmt.Sprintf("%s's line of suppressive fire: crossing it in %s's next turn is diced for", name, s.Sides[l.Side].Name)})
	}
	for _, c := range r.SmokeCircles(s) {
		c := c
		out = append(out, Overlay{Kind: "smoke", Side: -1, Circle: &c, Label: "smoke: blocks all sight"})
	}
	for _, g := range Live(s) {
		c := geom.Circle{C: g.At, R: in(r.d.T.Grenade.Radius)}
		what := "a grenade lying live: it goes off at the end of this turn unless thrown back"
		if g.Smoke {
			what = "a smoke grenade yet to go off"
		}
		out = append(out, Overlay{Kind: "grenade", Side: g.Side, Circle: &c, Label: what})
	}
	for _, m := range Rounds(s) {
		if m.Side != side {
			continue
		}
		c := geom.Circle{C: m.At, R: in(r.d.T.Mortar.Radius)}
		out = append(out, Overlay{Kind: "plot", Side: m.Side, Circle: &c, Label: "mortar fire plotted: it lands at the end of the enemy's turn"})
	}
	return out
}
