package maxim

import "hedgerow/rules"

// Shapes are the areas a proposed explosive shot would affect, for the
// table to draw while aiming: its A, B and C radii innermost first, or a
// cone weapon's triangle.
func (Maxim) Shapes(s *rules.State, c rules.Command) []rules.Shape {
	if p := Cone(s, c); len(p) > 0 {
		return []rules.Shape{{Label: "cone", Poly: p}}
	}
	var out []rules.Shape
	for i, r := range Rings(s, c) {
		r := r
		out = append(out, rules.Shape{Label: string(rune('A' + i)), Circle: &r})
	}
	return out
}

var _ rules.Shaper = Maxim{}
