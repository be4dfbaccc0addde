package firefight

import "hedgerow/rules"

// Shapes are the areas a proposed command would cover, for the table to
// draw while aiming: a burst template's rectangle along the line of fire,
// or a blast's circle.
func (r Firefight) Shapes(s *rules.State, c rules.Command) []rules.Shape {
	if p, ok := TemplatePolygon(s, c); ok {
		label := "template"
		if _, w, _, ok := fireParts(s, c); ok && w.Template != "" {
			label = w.Template + " template"
		}
		return []rules.Shape{{Label: label, Poly: p}}
	}
	if circ, ok := r.Template(s, c); ok {
		return []rules.Shape{{Label: "blast", Circle: &circ}}
	}
	return nil
}

var _ rules.Shaper = Firefight{}

// commandRadius is a leader's command distance as a card radius.
func commandRadius(s *rules.State, id rules.FigID) []rules.Radius {
	c, ok := CommandRadius(s, id)
	if !ok {
		return nil
	}
	return []rules.Radius{{R: c.R, Label: "command " + rules.Centimetres.Format(c.R)}}
}
