package terrain

import (
	"math"

	"hedgerow/rules/geom"
)

// Polygon returns the template's outline for a rectangle (width Width,
// square ends at From and To) or a cone (a triangle with its point at From
// and Width across at To). Corners are rounded to the grid; the overlap
// tests against that outline are exact. Circles return nil.
func (t Template) Polygon() geom.Polygon {
	d := t.To.Sub(t.From)
	l := math.Sqrt(float64(d.Len2()))
	if l == 0 || (t.Kind != "rect" && t.Kind != "cone") {
		return nil
	}
	h := float64(t.Width) / 2
	ox := int64(math.Round(float64(-float64(d.Y) / l * h)))
	oy := int64(math.Round(float64(float64(d.X) / l * h)))
	off := geom.Pt{X: ox, Y: oy}
	if t.Kind == "cone" {
		return geom.Polygon{t.From, t.To.Add(off), t.To.Sub(off)}
	}
	return geom.Polygon{t.From.Add(off), t.To.Add(off), t.To.Sub(off), t.From.Sub(off)}
}

// Origin is where the template's effect comes from: a circle's centre, or
// From for rectangles and cones.
func (t Template) Origin() geom.Pt {
	if t.Kind == "circle" {
		return t.Circle.C
	}
	return t.From
}

// Touches lists the bases the template covers any part of (touching
// counts), in the order of bases, and for each whether blocking terrain
// stands between the template's origin and the base's centre (the same
// test as Clear). An unknown kind touches nothing.
func (ix *Index) Touches(t Template, bases []geom.Circle) []Touch {
	var poly geom.Polygon
	if t.Kind == "rect" || t.Kind == "cone" {
		poly = t.Polygon()
		if poly == nil {
			return nil
		}
	} else if t.Kind != "circle" {
		return nil
	}
	var out []Touch
	o := t.Origin()
	for i, b := range bases {
		var in bool
		if poly == nil {
			in = t.Circle.Overlaps(b)
		} else {
			in = poly.CircleOverlaps(b)
		}
		if in {
			out = append(out, Touch{Index: i, Shielded: !ix.Clear(o, b.C)})
		}
	}
	return out
}
