// Package assets holds Hedgerow's art. Every picture in the game is drawn
// by the game's own code (terrain, miniatures, dice are painted with
// vectors in package game), so there are no image files to embed; this
// package makes the one bitmap the window system wants, the icon.
package assets

import (
	"image"
	"image/color"
	"math"
)

// Icon draws the window icon at size x size pixels: a die showing five
// on a hedge-green round base.
func Icon(size int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float64(size)
	c := s / 2
	set := func(x, y int, col color.RGBA, cover float64) {
		if cover <= 0 {
			return
		}
		if cover > 1 {
			cover = 1
		}
		o := img.RGBAAt(x, y)
		mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-cover) + float64(b)*cover) }
		img.SetRGBA(x, y, color.RGBA{mix(o.R, col.R), mix(o.G, col.G), mix(o.B, col.B), mix(o.A, col.A)})
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			d := math.Hypot(px-c, py-c)
			set(x, y, color.RGBA{0x3a, 0x31, 0x28, 0xff}, c-d+0.5)     // base rim
			set(x, y, color.RGBA{0x3d, 0x61, 0x28, 0xff}, c*0.9-d+0.5) // hedge green
			// the die: a rounded square
			h, r := s*0.27, s*0.07
			qx, qy := math.Max(math.Abs(px-c)-(h-r), 0), math.Max(math.Abs(py-c)-(h-r), 0)
			set(x, y, color.RGBA{0xf6, 0xf0, 0xe2, 0xff}, r-math.Hypot(qx, qy)+0.5)
			for _, p := range [][2]float64{{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}} {
				dd := math.Hypot(px-(c+p[0]*h*0.55), py-(c+p[1]*h*0.55))
				set(x, y, color.RGBA{0x2b, 0x24, 0x18, 0xff}, s*0.06-dd+0.5)
			}
		}
	}
	return img
}
