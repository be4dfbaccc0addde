package terrain

import (
	"fmt"

	"hedgerow/rules/geom"
)

// Reading a piece's outline: polygons and paths, checked.

// readPoly reads an area's outline and checks it is a proper polygon on
// the table.
func (ld *loader) readPoly(t map[string]any, path, where string) geom.Polygon {
	pts, key, ok := ld.shape(t, path, where)
	if !ok {
		return nil
	}
	kp := path + "." + key
	if len(pts) < 3 {
		ld.at(kp, "%s needs at least 3 points for an outline, has %d", where, len(pts))
		return nil
	}
	if i := ld.offTable(pts); i >= 0 {
		ld.at(elemPath(path, key, i), "%s is off the table: point %d %s is outside the %s\" x %s\" table", where, i+1, fmtPt(pts[i]), fmtIn(ld.wIn), fmtIn(ld.hIn))
		return nil
	}
	for i := range pts {
		for j := 0; j < i; j++ {
			if pts[i] == pts[j] {
				ld.at(elemPath(path, key, i), "%s repeats a point: point %d %s is the same as point %d", where, i+1, fmtPt(pts[i]), j+1)
				return nil
			}
		}
	}
	poly := geom.Polygon(pts)
	if allOnOneLine(pts) {
		ld.at(kp, "%s has no area: its points all lie on one line", where)
		return nil
	}
	if poly.SelfIntersects() {
		ld.at(kp, "%s crosses itself: %s", where, crossingDetail(poly, true))
		return nil
	}
	if poly.Area2() == 0 { // cannot happen for a simple polygon; kept as a guard
		ld.at(kp, "%s has no area", where)
		return nil
	}
	return poly
}

// crossingDetail names the first two edges of a polygon (closed) or
// polyline (open) that meet where they should not.
func crossingDetail(pts []geom.Pt, closed bool) string {
	n := len(pts)
	edges := n - 1
	if closed {
		edges = n
	}
	edge := func(i int) geom.Seg { return geom.Seg{A: pts[i], B: pts[(i+1)%n]} }
	name := func(i int) string { return fmt.Sprintf("%d-%d", i+1, (i+1)%n+1) }
	for i := 0; i < edges; i++ {
		for j := i + 1; j < edges; j++ {
			adjacent := j == i+1 || (closed && i == 0 && j == n-1)
			if adjacent {
				var shared, a, b geom.Pt
				if j == i+1 {
					shared, a, b = pts[j], pts[i], pts[(j+1)%n]
				} else {
					shared, a, b = pts[0], pts[1], pts[n-1]
				}
				if geom.Orient(a, shared, b) == 0 && a.Sub(shared).Dot(b.Sub(shared)) > 0 {
					return fmt.Sprintf("the line doubles back on itself at point %d", indexOfPt(pts, shared)+1)
				}
				continue
			}
			if geom.SegmentsIntersect(edge(i), edge(j)) {
				return fmt.Sprintf("edge %s meets edge %s", name(i), name(j))
			}
		}
	}
	return "two of its edges meet"
}

func allOnOneLine(pts []geom.Pt) bool {
	for i := 2; i < len(pts); i++ {
		if geom.Orient(pts[0], pts[1], pts[i]) != 0 {
			return false
		}
	}
	return true
}

func indexOfPt(pts []geom.Pt, q geom.Pt) int {
	for i, p := range pts {
		if p == q {
			return i
		}
	}
	return 0
}

// readPath reads a linear piece's line. points gives an open line (its
// last point may equal its first to close a loop); rect and circle give
// a closed loop around that shape.
func (ld *loader) readPath(t map[string]any, path, where string) []geom.Pt {
	pts, key, ok := ld.shape(t, path, where)
	if !ok {
		return nil
	}
	kp := path + "." + key
	if key != "points" {
		pts = append(pts, pts[0])
	}
	if len(pts) < 2 {
		ld.at(kp, "%s needs at least 2 points for a line, has %d", where, len(pts))
		return nil
	}
	if i := ld.offTable(pts); i >= 0 {
		ld.at(elemPath(path, key, i), "%s is off the table: point %d %s is outside the %s\" x %s\" table", where, i+1, fmtPt(pts[i]), fmtIn(ld.wIn), fmtIn(ld.hIn))
		return nil
	}
	n := len(pts)
	closed := n >= 4 && pts[0] == pts[n-1]
	for i := range pts {
		for j := 0; j < i; j++ {
			if pts[i] == pts[j] && !(closed && j == 0 && i == n-1) {
				ld.at(elemPath(path, key, i), "%s repeats a point: point %d %s is the same as point %d", where, i+1, fmtPt(pts[i]), j+1)
				return nil
			}
		}
	}
	if pathCrosses(pts, closed) {
		ld.at(kp, "%s crosses itself: %s", where, crossingDetail(pts, false))
		return nil
	}
	return pts
}

// pathCrosses reports whether an open polyline meets itself anywhere other
// than where consecutive segments join (and, for a closed loop, where the
// last segment meets the first).
func pathCrosses(pts []geom.Pt, closed bool) bool {
	n := len(pts) - 1 // segments
	for i := 0; i < n; i++ {
		si := geom.Seg{A: pts[i], B: pts[i+1]}
		for j := i + 1; j < n; j++ {
			sj := geom.Seg{A: pts[j], B: pts[j+1]}
			if j == i+1 || (closed && i == 0 && j == n-1) {
				// Joined at one point: bad only if they fold back.
				var shared, a, b geom.Pt
				if j == i+1 {
					shared, a, b = pts[j], pts[i], pts[j+1]
				} else {
					shared, a, b = pts[0], pts[1], pts[n-1]
				}
				if geom.Orient(a, shared, b) == 0 && a.Sub(shared).Dot(b.Sub(shared)) > 0 {
					return true
				}
				continue
			}
			if geom.SegmentsIntersect(si, sj) {
				return true
			}
		}
	}
	return false
}
