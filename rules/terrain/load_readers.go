// The map loader's readers of single values: strings, kinds, inches, shapes, point lists and inner walls.

package terrain

import (
	"fmt"
	"math"
	"strings"

	"hedgerow/rules/geom"
)

func (ld *loader) optString(t map[string]any, path, key string) string {
	v, ok := t[key]
	if !ok {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		ld.at(path+"."+key, "%s must be text in quotes, not %s", key, typeName(v))
	} else if msg := TextProblem(key, s, MaxNameChars, false); msg != "" {
		ld.at(path+"."+key, "%s", msg)
		return ""
	}
	return s
}

func (ld *loader) enum(t map[string]any, path, key string, names []string) (string, bool) {
	v, ok := t[key]
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	if !ok {
		ld.at(path+"."+key, "%s must be text in quotes (one of %s), not %s", key, strings.Join(names, ", "), typeName(v))
		return "", false
	}
	if indexOf(names, s) < 0 {
		msg := fmt.Sprintf("unknown %s %q", key, s)
		if n, ok := Nearest(s, names); ok {
			msg += fmt.Sprintf(" (did you mean %q?)", n)
		}
		ld.at(path+"."+key, "%s; valid values are %s", msg, strings.Join(names, ", "))
		return "", false
	}
	return s, true
}

// inches reads a length in inches within [lo, hi].
func (ld *loader) inches(v any, path, key string, lo, hi float64) (int64, bool) {
	f, ok := number(v)
	if !ok {
		ld.at(path, "%s must be a number of inches, not %s", key, typeName(v))
		return 0, false
	}
	if f < lo || f > hi {
		ld.at(path, "%s is %s\"; it must be from %s\" to %s\"", key, fmtIn(f), fmtIn(lo), fmtIn(hi))
		return 0, false
	}
	return geom.In(f), true
}

// shapeKeys are the ways to give a piece's or area's shape.
var shapeKeys = []string{"points", "rect", "circle"}

// shape reads exactly one of points, rect, circle into raw vertices (not
// yet checked for placement). closed is true for rect and circle.
func (ld *loader) shape(t map[string]any, path, where string) (pts []geom.Pt, key string, ok bool) {
	var given []string
	for _, k := range shapeKeys {
		if _, ok := t[k]; ok {
			given = append(given, k)
		}
	}
	switch len(given) {
	case 0:
		ld.at(path, "%s has no shape: give points, rect = [x, y, w, h] or circle = [cx, cy, r]", where)
		return nil, "", false
	case 1:
	default:
		ld.at(path+"."+given[1], "%s gives both %s and %s; use only one", where, given[0], given[1])
		return nil, "", false
	}
	key = given[0]
	kp := path + "." + key
	switch key {
	case "points":
		pts, ok = ld.pointList(t[key], kp, "points", where, MaxPiecePoints)
		return pts, key, ok
	case "rect":
		nums, ok := ld.numbers(t[key], kp, "rect = [x, y, w, h]", 4)
		if !ok {
			return nil, key, false
		}
		x, y, w, h := nums[0], nums[1], nums[2], nums[3]
		if w <= 0 || h <= 0 {
			ld.at(kp, "rect width and height must be more than 0 (got %s x %s)", fmtIn(w), fmtIn(h))
			return nil, key, false
		}
		// Positions are kept to a thousandth of an inch: a thinner rect
		// would be a line, its corners the same points.
		if w < 0.001 || h < 0.001 {
			ld.at(kp, "rect width and height must be at least 0.001\" (got %s x %s)", fmtIn(w), fmtIn(h))
			return nil, key, false
		}
		return []geom.Pt{geom.P(x, y), geom.P(x+w, y), geom.P(x+w, y+h), geom.P(x, y+h)}, key, true
	default: // circle
		nums, ok := ld.numbers(t[key], kp, "circle = [cx, cy, r]", 3)
		if !ok {
			return nil, key, false
		}
		cx, cy, r := nums[0], nums[1], nums[2]
		if r < 0.25 {
			ld.at(kp, "circle radius must be at least 0.25\" (got %s)", fmtIn(r))
			return nil, key, false
		}
		unit := circle16[:]
		if r > 3 {
			unit = circle24[:]
		}
		n := len(unit)
		out := make([]geom.Pt, n)
		for k, u := range unit {
			// float64(...) rounds each product before the add, so no
			// compiler fuses them into one multiply-add (arm64 would):
			// the outline, and what it blocks, is the same on every machine.
			out[k] = geom.P(cx+float64(r*u[0]), cy+float64(r*u[1]))
		}
		ld.spend(n)
		return out, key, true
	}
}

// spend takes n points from the whole file's budget.
func (ld *loader) spend(n int) bool {
	ld.totalPoints += n
	if ld.totalPoints > MaxTotalPoints && !ld.tooMany {
		ld.tooMany = true
		ld.add(srcPos{}, "the map has more than %d points in all", MaxTotalPoints)
	}
	return !ld.tooMany
}

// numbers reads a flat list of exactly n finite numbers.
func (ld *loader) numbers(v any, path, form string, n int) ([]float64, bool) {
	l, ok := v.([]any)
	if !ok || len(l) != n {
		ld.at(path, "expected %s (%d numbers, inches), got %s", form, n, describe(v))
		return nil, false
	}
	out := make([]float64, n)
	for i, e := range l {
		f, ok := number(e)
		if !ok {
			ld.at(path, "expected %s: item %d is %s, not a number", form, i+1, typeName(e))
			return nil, false
		}
		if math.Abs(f) > 1e6 {
			ld.at(path, "item %d (%s) is far off any table", i+1, fmtIn(f))
			return nil, false
		}
		out[i] = f
	}
	return out, true
}

// pointList reads [[x, y], ...] in inches.
func (ld *loader) pointList(v any, path, key, where string, max int) ([]geom.Pt, bool) {
	l, ok := v.([]any)
	if !ok {
		ld.at(path, "%s must be a list of [x, y] pairs in inches, not %s", key, typeName(v))
		return nil, false
	}
	if len(l) > max {
		ld.at(path, "%s lists %d %s; at most %d are allowed in one piece", where, len(l), key, max)
		return nil, false
	}
	if !ld.spend(len(l)) {
		return nil, false
	}
	out := make([]geom.Pt, 0, len(l))
	for i, e := range l {
		ep := fmt.Sprintf("%s[%d]", path, i)
		pair, ok := e.([]any)
		if !ok || len(pair) != 2 {
			ld.at(ep, "%s point %d must be an [x, y] pair of inches, not %s", key, i+1, describe(e))
			return nil, false
		}
		x, okx := number(pair[0])
		y, oky := number(pair[1])
		if !okx || !oky {
			ld.at(ep, "%s point %d must be two numbers, not [%s, %s]", key, i+1, typeName(pair[0]), typeName(pair[1]))
			return nil, false
		}
		if math.Abs(x) > 1e6 || math.Abs(y) > 1e6 {
			ld.at(ep, "%s point %d is far off any table", key, i+1)
			return nil, false
		}
		out = append(out, geom.P(x, y))
	}
	return out, true
}

// offTable returns the index of the first point off the table, or -1.
func (ld *loader) offTable(pts []geom.Pt) int {
	if ld.w == 0 {
		return -1 // table size unknown: already reported
	}
	for i, q := range pts {
		if q.X < 0 || q.Y < 0 || q.X > ld.w || q.Y > ld.h {
			return i
		}
	}
	return -1
}

// elemPath is where to report a problem with point i of a shape.
func elemPath(path, key string, i int) string {
	if key == "points" {
		return fmt.Sprintf("%s.points[%d]", path, i)
	}
	return path + "." + key
}

// readInner reads a building's inside wall and its doors: the wall a
// polyline of at least two points within the building's outline, each
// door within 0.25" of the wall.
func (ld *loader) readInner(t map[string]any, path, where string, building bool, p *Piece) {
	wv, hasWall := t["inner_wall"]
	dv, hasDoors := t["inner_doors"]
	if !hasWall && !hasDoors {
		return
	}
	if !building {
		k := "inner_wall"
		if !hasWall {
			k = "inner_doors"
		}
		ld.at(path+"."+k, "only buildings may have %s", k)
		return
	}
	if !hasWall {
		ld.at(path+".inner_doors", "inner_doors needs an inner_wall to stand in")
		return
	}
	wall, ok := ld.pointList(wv, path+".inner_wall", "inner_wall", where, maxFeaturePoints)
	if !ok {
		return
	}
	if len(wall) < 2 {
		ld.at(path+".inner_wall", "an inner_wall needs at least 2 points, not %d", len(wall))
		return
	}
	if len(p.Poly) >= 3 {
		for j, q := range wall {
			if p.Poly.PointIn(q) < 0 {
				ld.at(fmt.Sprintf("%s.inner_wall[%d]", path, j), "inner_wall point %d %s is outside the building", j+1, fmtPt(q))
				return
			}
		}
	}
	p.InnerWall = wall
	if !hasDoors {
		return
	}
	doors, ok := ld.pointList(dv, path+".inner_doors", "inner_doors", where, maxFeaturePoints)
	if !ok {
		return
	}
	for j, q := range doors {
		on := false
		for i := 1; i < len(wall); i++ {
			on = on || geom.SegWithin(geom.Seg{A: wall[i-1], B: wall[i]}, q, geom.In(0.25), false)
		}
		if !on {
			ld.at(fmt.Sprintf("%s.inner_doors[%d]", path, j), "inner_doors point %d %s is not on the inner_wall (within 0.25\")", j+1, fmtPt(q))
			return
		}
	}
	p.InnerDoors = doors
}
