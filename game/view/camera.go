// Package view holds the parts of the table screen that need no display:
// camera maths, the selection and targeting state machine that turns
// pointer actions into rules commands, and the animation timeline.
package view

import "math"

// Camera maps table inches to screen pixels. The screen point (W/2, H/2)
// shows the table point (CX, CY); Zoom is pixels per inch. Pans and zooms
// set a goal that Step approaches smoothly.
type Camera struct {
	CX, CY float64 // table inches under the screen centre
	Zoom   float64 // pixels per inch
	W, H   float64 // screen size in pixels

	goalX, goalY, goalZoom float64
	anchored               bool
	anchorSX, anchorSY     float64 // screen point held fixed while zooming
	anchorX, anchorY       float64 // table point under it
	MinZoom, MaxZoom       float64
}

// NewCamera returns a camera of the given screen size looking at (0,0).
func NewCamera(w, h float64) *Camera {
	c := &Camera{W: w, H: h, Zoom: 10, MinZoom: 2, MaxZoom: 160}
	c.goalZoom = c.Zoom
	return c
}

// ToScreen converts table inches to screen pixels.
func (c *Camera) ToScreen(x, y float64) (float64, float64) {
	return (x-c.CX)*c.Zoom + c.W/2, (y-c.CY)*c.Zoom + c.H/2
}

// ToTable converts screen pixels to table inches.
func (c *Camera) ToTable(sx, sy float64) (float64, float64) {
	return (sx-c.W/2)/c.Zoom + c.CX, (sy-c.H/2)/c.Zoom + c.CY
}

// Resize changes the screen size, keeping the centre.
func (c *Camera) Resize(w, h float64) { c.W, c.H = w, h }

func (c *Camera) clampZoom(z float64) float64 {
	return math.Max(c.MinZoom, math.Min(c.MaxZoom, z))
}

// ZoomAt multiplies the zoom by factor, keeping the table point under the
// screen point (sx, sy) where it is. The change is eased by Step.
func (c *Camera) ZoomAt(sx, sy, factor float64) {
	if !c.anchored || c.anchorSX != sx || c.anchorSY != sy {
		c.anchorX, c.anchorY = c.ToTable(sx, sy)
		c.anchorSX, c.anchorSY = sx, sy
	}
	c.anchored = true
	c.goalZoom = c.clampZoom(c.goalZoom * factor)
	c.goalX = c.anchorX - (sx-c.W/2)/c.goalZoom
	c.goalY = c.anchorY - (sy-c.H/2)/c.goalZoom
}

// Pan moves the view by a screen offset at once (a dragged table follows
// the pointer exactly).
func (c *Camera) Pan(dx, dy float64) {
	c.anchored = false
	c.CX -= dx / c.Zoom
	c.CY -= dy / c.Zoom
	c.goalX -= dx / c.goalZoom
	c.goalY -= dy / c.goalZoom
}

// PanSmooth moves the goal by a screen offset (keyboard panning).
func (c *Camera) PanSmooth(dx, dy float64) {
	c.anchored = false
	c.goalX -= dx / c.goalZoom
	c.goalY -= dy / c.goalZoom
}

// Fit sets a goal showing the whole w x h inch table with a margin in
// pixels. Snap jumps there at once.
func (c *Camera) Fit(w, h, margin float64, snap bool) { c.FitBorder(w, h, 0, margin, snap) }

// FitBorder is Fit with a border of b inches all round the table (its
// frame and rulers), the table itself kept in the middle.
func (c *Camera) FitBorder(w, h, b, margin float64, snap bool) {
	c.anchored = false
	zx := (c.W - 2*margin) / (w + 2*b)
	zy := (c.H - 2*margin) / (h + 2*b)
	c.goalZoom = c.clampZoom(math.Min(zx, zy))
	c.goalX, c.goalY = w/2, h/2
	if snap {
		c.Zoom, c.CX, c.CY = c.goalZoom, c.goalX, c.goalY
	}
}

// Snap finishes any easing at once.
func (c *Camera) Snap() { c.Step(1e9) }

// Settled reports whether the camera has reached its goal.
func (c *Camera) Settled() bool {
	return c.Zoom == c.goalZoom && c.CX == c.goalX && c.CY == c.goalY
}

// Step eases the camera towards its goal over dt seconds.
func (c *Camera) Step(dt float64) {
	if c.goalZoom == 0 {
		c.goalZoom, c.goalX, c.goalY = c.Zoom, c.CX, c.CY
	}
	k := 1 - math.Exp(-dt*14)
	lz := math.Log(c.Zoom) + (math.Log(c.goalZoom)-math.Log(c.Zoom))*k
	c.Zoom = math.Exp(lz)
	if math.Abs(c.Zoom-c.goalZoom) < 1e-4*c.goalZoom {
		c.Zoom = c.goalZoom
	}
	if c.anchored {
		c.CX = c.anchorX - (c.anchorSX-c.W/2)/c.Zoom
		c.CY = c.anchorY - (c.anchorSY-c.H/2)/c.Zoom
		if c.Zoom == c.goalZoom {
			c.CX, c.CY = c.goalX, c.goalY
			c.anchored = false
		}
		return
	}
	c.CX += (c.goalX - c.CX) * k
	c.CY += (c.goalY - c.CY) * k
	if math.Abs(c.CX-c.goalX)*c.Zoom < 0.01 && math.Abs(c.CY-c.goalY)*c.Zoom < 0.01 {
		c.CX, c.CY = c.goalX, c.goalY
	}
}
