package geom

// Polygon is a simple polygon (convex or concave, never self-intersecting)
// given by its vertices in order; the closing edge is implied.
type Polygon []Pt

// Edge returns edge i, from vertex i to vertex i+1 (wrapping).
func (p Polygon) Edge(i int) Seg { return Seg{p[i], p[(i+1)%len(p)]} }

// Area2 is twice the signed area (positive when the vertices run
// counter-clockwise in maths axes).
func (p Polygon) Area2() int64 {
	var a int64
	for i := range p {
		a += p[i].Cross(p[(i+1)%len(p)])
	}
	return a
}

// Bounds is the polygon's bounding box.
func (p Polygon) Bounds() Rect {
	r := Rect{p[0], p[0]}
	for _, q := range p[1:] {
		r.Min.X, r.Min.Y = min(r.Min.X, q.X), min(r.Min.Y, q.Y)
		r.Max.X, r.Max.Y = max(r.Max.X, q.X), max(r.Max.Y, q.Y)
	}
	return r
}

// PointIn classifies p against the polygon: 1 strictly inside, 0 on the
// boundary, -1 outside. Exact (crossing number with integer tests).
func (p Polygon) PointIn(q Pt) int {
	inside := false
	n := len(p)
	for i := 0; i < n; i++ {
		a, b := p[i], p[(i+1)%n]
		if (Seg{a, b}).Contains(q) {
			return 0
		}
		// Half-open rule on y so each crossing counts once.
		if (a.Y > q.Y) != (b.Y > q.Y) {
			// x of the edge at q.Y compared with q.X, exactly:
			// sign((b.X-a.X)*(q.Y-a.Y) - (q.X-a.X)*(b.Y-a.Y)) relative to dy sign.
			o := Orient(a, b, q)
			if (b.Y > a.Y && o > 0) || (b.Y < a.Y && o < 0) {
				inside = !inside
			}
		}
	}
	if inside {
		return 1
	}
	return -1
}

// Contains reports whether q is inside or on the boundary.
func (p Polygon) Contains(q Pt) bool { return p.PointIn(q) >= 0 }

// SelfIntersects reports whether any two non-adjacent edges share a point,
// or adjacent edges overlap (a spike), or a vertex repeats. A valid terrain
// polygon must not.
func (p Polygon) SelfIntersects() bool {
	n := len(p)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if p[i] == p[j] {
				return true
			}
		}
	}
	for i := 0; i < n; i++ {
		ei := p.Edge(i)
		for j := i + 1; j < n; j++ {
			ej := p.Edge(j)
			adjacent := j == i+1 || (i == 0 && j == n-1)
			if adjacent {
				// Adjacent edges share exactly one vertex; they overlap if
				// collinear and pointing back on each other.
				var shared, a, b Pt
				if j == i+1 {
					shared, a, b = p[j], p[i], p[(j+1)%n]
				} else {
					shared, a, b = p[0], p[1], p[n-1]
				}
				if Orient(a, shared, b) == 0 && a.Sub(shared).Dot(b.Sub(shared)) > 0 {
					return true
				}
				continue
			}
			if SegmentsIntersect(ei, ej) {
				return true
			}
		}
	}
	return false
}

// IsConvex reports whether the polygon is convex (collinear vertices allowed).
func (p Polygon) IsConvex() bool {
	n := len(p)
	sign := 0
	for i := 0; i < n; i++ {
		o := Orient(p[i], p[(i+1)%n], p[(i+2)%n])
		if o == 0 {
			continue
		}
		if sign == 0 {
			sign = o
		} else if o != sign {
			return false
		}
	}
	return true
}

// SegTouches reports whether segment s shares any point with the closed
// polygon region (crosses an edge, or lies inside).
func (p Polygon) SegTouches(s Seg) bool {
	for i := range p {
		if SegmentsIntersect(s, p.Edge(i)) {
			return true
		}
	}
	return p.PointIn(s.A) >= 0
}

// CircleOverlaps reports exactly whether the closed disc c shares any
// point with the closed polygon region.
func (p Polygon) CircleOverlaps(c Circle) bool {
	if p.PointIn(c.C) >= 0 {
		return true
	}
	for i := range p {
		if SegWithin(p.Edge(i), c.C, c.R, false) {
			return true
		}
	}
	return false
}

// CircleInside reports exactly whether the whole disc lies inside the
// closed polygon region.
func (p Polygon) CircleInside(c Circle) bool {
	if p.PointIn(c.C) < 0 {
		return false
	}
	for i := range p {
		if SegWithin(p.Edge(i), c.C, c.R, true) {
			return false
		}
	}
	return true
}
