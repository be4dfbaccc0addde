package art

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// vehicleLooks is every look with a plausible footprint, turret and
// whether it runs on tracks.
var vehicleLooks = []struct {
	look         string
	l, w         float64
	turret       bool
	tOff, tR     float64
	tracked      bool
	trackF0, tF1 float64 // where the tracks run, as fractions of the length
}{
	{look: "jeep", l: 2.4, w: 1.3},
	{look: "truck", l: 4.2, w: 1.7},
	{look: "lorry", l: 5.6, w: 1.9},
	{look: "halftrack", l: 4.2, w: 1.7, tracked: true, trackF0: -0.45, tF1: 0.05},
	{look: "carrier", l: 2.6, w: 1.5, tracked: true, trackF0: -0.45, tF1: 0.45},
	{look: "armoured-car", l: 3.2, w: 1.6, turret: true, tOff: 0.1, tR: 0.45},
	{look: "light-tank", l: 3.4, w: 1.8, turret: true, tOff: 0.15, tR: 0.5},
	{look: "medium-tank", l: 4.4, w: 2.2, turret: true, tOff: 0.25, tR: 0.7, tracked: true, trackF0: -0.45, tF1: 0.45},
	{look: "apc", l: 3.8, w: 2.1, tracked: true, trackF0: -0.42, tF1: 0.42},
	{look: "helicopter", l: 9, w: 1.8},
}

func init() {
	// the light tank is tracked too (set here to keep the table short)
	for i := range vehicleLooks {
		if vehicleLooks[i].look == "light-tank" {
			vehicleLooks[i].tracked, vehicleLooks[i].trackF0, vehicleLooks[i].tF1 = true, -0.45, 0.45
		}
	}
}

var (
	vehRed  = RGB(0xc0392b)
	vehBlue = RGB(0x2e6da4)
	vehMat  = RGB(0x7d7f52)
)

func vehTestLook(i int, c Pt, ppi float64) vehicleLook {
	d := vehicleLooks[i]
	return vehicleLook{look: d.look, centre: c, pxPerInch: ppi, length: d.l, width: d.w, hasTurret: d.turret,
		turretOffset: d.tOff, turretRadius: d.tR, side: vehRed}
}

// renderVehicle draws one vehicle into a fresh image the way the battle
// does (inside the frame's batch), on a transparent or a mat background.
func renderVehicle(w, h int, bg *color.RGBA, vs ...vehicleLook) *ebiten.Image {
	dst := ebiten.NewImage(w, h)
	if bg != nil {
		dst.Fill(*bg)
	}
	BeginBatch(dst, false)
	for _, v := range vs {
		DrawVehicle(dst, v)
	}
	EndBatch()
	return dst
}

func saveVehiclePNG(t testing.TB, img *ebiten.Image, name string) {
	t.Helper()
	dir := filepath.Join("..", "..", "out", "vehicles")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	rgba := vehPixels(img)
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, rgba); err != nil {
		t.Fatal(err)
	}
}

func vehPixels(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(rgba.Pix)
	return rgba
}

func vehLum(c color.RGBA) float64 {
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}

// Every look at two zooms, saved for a person to look at, with a sheet of
// every state for each look.
func TestVehicleSheets(t *testing.T) {
	for _, ppi := range []float64{8, 30} {
		for i, d := range vehicleLooks {
			sz := int(math.Max(d.l, d.w)*ppi*1.5) + 40
			v := vehTestLook(i, Pt{float64(sz) / 2, float64(sz) / 2}, ppi)
			v.facing = 0.5
			v.turret = 1.6
			img := renderVehicle(sz, sz, &vehMat, v)
			saveVehiclePNG(t, img, fmt.Sprintf("%s_%g.png", d.look, ppi))
		}
	}
	type state struct {
		name string
		set  func(*vehicleLook)
	}
	states := []state{
		{"red", func(v *vehicleLook) {}},
		{"blue side 2", func(v *vehicleLook) { v.side, v.sideIdx = vehBlue, 1 }},
		{"turned", func(v *vehicleLook) { v.facing, v.turret = 0.7, -0.9 }},
		{"hatches", func(v *vehicleLook) { v.hatchesOpen = true }},
		{"immobilised", func(v *vehicleLook) { v.immobilised = true }},
		{"smoking", func(v *vehicleLook) { v.smoking = true; v.Time = 1.3 }},
		{"brewed up", func(v *vehicleLook) { v.brewedUp = true; v.Time = 0.8 }},
		{"abandoned", func(v *vehicleLook) { v.abandoned = true; v.side, v.sideIdx = vehBlue, 1 }},
		{"selected", func(v *vehicleLook) { v.selected = true; v.target = false }},
		{"target", func(v *vehicleLook) { v.target = true; v.hover = true }},
	}
	for _, ppi := range []float64{30, 12, 8} {
		cell := 6.2 * ppi
		rows := len(vehicleLooks) - 1 // the helicopter gets its own row, wider
		W, H := int(cell*float64(len(states))), int(cell*float64(rows)+cell*1.8)
		dst := ebiten.NewImage(W, H)
		dst.Fill(vehMat)
		BeginBatch(dst, false)
		for i, d := range vehicleLooks {
			for j, s := range states {
				y := cell*float64(i) + cell/2
				if d.look == "helicopter" {
					y = cell*float64(rows) + cell*0.9
				}
				v := vehTestLook(i, Pt{cell*float64(j) + cell/2, y}, ppi)
				s.set(&v)
				if d.look == "helicopter" {
					v.pxPerInch = ppi * 0.6
				}
				DrawVehicle(dst, v)
			}
		}
		EndBatch()
		for j, s := range states {
			Say(dst, s.name, Face(11), cell*float64(j)+4, 2, RGB(0x101010), 0)
		}
		saveVehiclePNG(t, dst, fmt.Sprintf("sheet_%g.png", ppi))
		if ppi == 30 { // in quarters, to look at closely
			for qi := 0; qi < 4; qi++ {
				x0, y0 := (qi%2)*W/2, (qi/2)*H/2
				saveVehiclePNG(t, dst.SubImage(image.Rect(x0, y0, x0+W/2, y0+H/2)).(*ebiten.Image), fmt.Sprintf("sheet_%g_%c.png", ppi, 'a'+qi))
			}
		}
	}
	// the smallest: far zoomed out, every look on one strip
	dst := ebiten.NewImage(60*len(vehicleLooks), 60)
	dst.Fill(vehMat)
	BeginBatch(dst, false)
	for i := range vehicleLooks {
		v := vehTestLook(i, Pt{30 + 60*float64(i), 30}, 4)
		v.sideIdx = i & 1
		if i&1 == 1 {
			v.side = vehBlue
		}
		DrawVehicle(dst, v)
	}
	EndBatch()
	saveVehiclePNG(t, dst, "strip_4.png")
}

// A battle vehicle reads into a look: inches, radians, damage and hatches.
func TestVehicleLookOf(t *testing.T) {
	ty := rules.VehicleLook{Look: "medium-tank", Length: geom.In(4.4), Width: geom.In(2.2),
		HasTurret: true, TurretOffset: geom.In(0.25), TurretRadius: geom.In(0.7), Facing: 90, Turret: 270,
		Smoking: true, Immobilised: true, HatchesOpen: true}
	l := VehicleLookOf(ty, 1, Pt{100, 120}, 20, vehRed)
	if l.look != "medium-tank" || l.length != 4.4 || l.width != 2.2 || l.turretOffset != 0.25 || l.turretRadius != 0.7 || !l.hasTurret {
		t.Errorf("type read wrong: %+v", l)
	}
	if math.Abs(l.facing-math.Pi/2) > 1e-9 || math.Abs(l.turret-3*math.Pi/2) > 1e-9 {
		t.Errorf("facings %v %v, want pi/2 and 3pi/2", l.facing, l.turret)
	}
	if !l.smoking || !l.immobilised || l.brewedUp || l.abandoned || !l.hatchesOpen || l.sideIdx != 1 {
		t.Errorf("state read wrong: %+v", l)
	}
}

// Drawn outside a batch (a panel, a card), a vehicle looks the same as
// in the battle's batched frame.
func TestVehicleOutsideBatch(t *testing.T) {
	v := vehTestLook(7, Pt{100, 100}, 20)
	v.facing, v.turret, v.smoking, v.Time = 0.4, 2, true, 0.5
	a := vehPixels(renderVehicle(200, 200, &vehMat, v))
	dst := ebiten.NewImage(200, 200)
	dst.Fill(vehMat)
	DrawVehicle(dst, v)
	b := vehPixels(dst)
	if Batch != nil {
		t.Error("drawVehicle left a batch behind")
	}
	diff := 0
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("%d bytes differ between batched and unbatched drawing", diff)
	}
}

// A vehicle is never drawn shorter than the minimum, however far out.
func TestVehicleMinimumSize(t *testing.T) {
	v := vehTestLook(0, Pt{40, 40}, 1)
	img := vehPixels(renderVehicle(80, 80, nil, v))
	minY, maxY := 80, -1
	for y := 0; y < 80; y++ {
		for x := 0; x < 80; x++ {
			if img.RGBAAt(x, y).A > 200 {
				minY, maxY = min(minY, y), max(maxY, y)
			}
		}
	}
	if got := maxY - minY + 1; float64(got) < minVehicleLen()-1 {
		t.Errorf("a jeep at 1 px/inch is %d px long, want at least %.0f", got, minVehicleLen())
	}
}

// The side colour is the paint: most of the hull's body is in it.
func TestVehicleSideColourDominates(t *testing.T) {
	const ppi = 30
	for _, side := range []color.RGBA{vehRed, vehBlue} {
		for i, d := range vehicleLooks {
			v := vehTestLook(i, Pt{200, 200}, ppi)
			v.side = side
			v.turret = math.Pi // keep the turret over the hull
			img := vehPixels(renderVehicle(400, 400, nil, v))
			sh, ss := hueSat(side)
			var n, in int
			// the middle of the body: half its length, most of its width
			// (a helicopter's fuselage is its front half)
			f0, f1 := -0.25, 0.25
			if d.look == "helicopter" {
				f0, f1 = 0, 0.25
			}
			for f := f0; f <= f1; f += 0.01 {
				for r := -0.3; r <= 0.3; r += 0.02 {
					x, y := 200+r*d.w*ppi, 200-f*d.l*ppi
					c := img.RGBAAt(int(x), int(y))
					n++
					if h, s := hueSat(c); hueDist(h, sh) < 20 && s > ss*0.4 && vehLum(c) > 25 {
						in++
					}
				}
			}
			if frac := float64(in) / float64(n); frac < 0.5 {
				t.Errorf("%s in %v: %.0f%% of the body in the side colour, want most", d.look, side, frac*100)
			}
		}
	}
}

// hueSat is a colour's hue in degrees and its saturation (HSV).
func hueSat(c color.RGBA) (float64, float64) {
	r, g, b := float64(c.R), float64(c.G), float64(c.B)
	mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	if mx == 0 || mx == mn {
		return 0, 0
	}
	d := mx - mn
	var h float64
	switch mx {
	case r:
		h = math.Mod((g-b)/d+6, 6)
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	return h * 60, d / mx
}

func hueDist(a, b float64) float64 {
	d := math.Abs(a - b)
	return math.Min(d, 360-d)
}

// The gun points where the turret faces, not where the hull does: along
// the turret's facing there are dark barrel pixels that are not there
// when the turret is turned the other way, and nothing sticks out ahead
// of the hull.
func TestVehicleGunFollowsTurret(t *testing.T) {
	const ppi = 30
	for i, d := range vehicleLooks {
		if !d.turret {
			continue
		}
		for _, deg := range []float64{90, 225} {
			v := vehTestLook(i, Pt{250, 250}, ppi)
			v.turret = deg * math.Pi / 180
			img := vehPixels(renderVehicle(500, 500, nil, v))
			v.turret += math.Pi
			other := vehPixels(renderVehicle(500, 500, nil, v))
			tc := Pt{250, 250 - d.tOff*ppi}
			dx, dy := math.Sin(deg*math.Pi/180), -math.Cos(deg*math.Pi/180)
			dark := 0
			for s := d.tR * 1.5; s < d.l; s += 0.03 {
				x, y := int(math.Round(tc.X+dx*s*ppi)), int(math.Round(tc.Y+dy*s*ppi))
				c, o := img.RGBAAt(x, y), other.RGBAAt(x, y)
				if c.A > 200 && vehLum(c) < 70 && (o.A < 200 || vehLum(o) > vehLum(c)+40) {
					dark++
				}
			}
			if dark < 5 {
				t.Errorf("%s turret at %g°: %d barrel pixels along its facing, want a gun there", d.look, deg, dark)
			}
			for _, pic := range []*image.RGBA{img, other} {
				if ahead := pic.RGBAAt(250, int(250-d.l*ppi/2-0.4*ppi)); ahead.A > 100 {
					t.Errorf("%s turret at %g°: something drawn ahead of the hull %v", d.look, deg, ahead)
				}
			}
		}
	}
}

// A brewed-up wreck is blackened.
func TestVehicleBrewedUpDarker(t *testing.T) {
	const ppi = 30
	// the median lightness over the hull (the flames are a few pixels)
	mean := func(img *image.RGBA, d int) float64 {
		l, w := vehicleLooks[d].l*ppi, vehicleLooks[d].w*ppi
		var ls []float64
		for y := 200 - l*0.4; y < 200+l*0.4; y++ {
			for x := 200 - w*0.4; x < 200+w*0.4; x++ {
				ls = append(ls, vehLum(img.RGBAAt(int(x), int(y))))
			}
		}
		sort.Float64s(ls)
		return ls[len(ls)/2]
	}
	for i, d := range vehicleLooks {
		for _, side := range []color.RGBA{vehRed, vehBlue, RGB(0xd8c89a)} {
			v := vehTestLook(i, Pt{200, 200}, ppi)
			v.side = side
			v.turret = math.Pi
			whole := mean(vehPixels(renderVehicle(400, 400, &vehMat, v)), i)
			v.brewedUp = true
			wreck := mean(vehPixels(renderVehicle(400, 400, &vehMat, v)), i)
			if wreck > whole*0.7 {
				t.Errorf("%s in %v: brewed up %.0f, intact %.0f: want the wreck much darker", d.look, side, wreck, whole)
			}
		}
	}
}

// Tracked vehicles show dark tracks down both sides.
func TestVehicleTracksShow(t *testing.T) {
	const ppi = 30
	for i, d := range vehicleLooks {
		if !d.tracked {
			continue
		}
		v := vehTestLook(i, Pt{200, 200}, ppi)
		v.side = RGB(0xd8c89a) // a pale paint, so dark means track
		img := vehPixels(renderVehicle(400, 400, nil, v))
		for _, s := range []float64{-1, 1} {
			dark, n := 0, 0
			for f := d.trackF0; f <= d.tF1; f += 0.02 {
				x, y := 200+s*(d.w*ppi/2-3), 200-f*d.l*ppi
				c := img.RGBAAt(int(x), int(y))
				n++
				if c.A > 200 && vehLum(c) < 90 {
					dark++
				}
			}
			if float64(dark) < 0.8*float64(n) {
				t.Errorf("%s: %d of %d dark track pixels on side %g", d.look, dark, n, s)
			}
		}
	}
}

// Every look's silhouette differs from every other's, at one footprint.
func TestVehicleSilhouettesDiffer(t *testing.T) {
	const ppi, cells, size = 30, 48, 240
	masks := make([][cells * cells]bool, len(vehicleLooks))
	for i := range vehicleLooks {
		v := vehTestLook(i, Pt{size / 2, size / 2}, ppi)
		v.length, v.width = 4, 2
		v.turretOffset, v.turretRadius = v.turretOffset*4/vehicleLooks[i].l, v.turretRadius*2/vehicleLooks[i].w
		img := vehPixels(renderVehicle(size, size, nil, v))
		for cy := 0; cy < cells; cy++ {
			for cx := 0; cx < cells; cx++ {
				on := 0
				for y := cy * size / cells; y < (cy+1)*size/cells; y++ {
					for x := cx * size / cells; x < (cx+1)*size/cells; x++ {
						if img.RGBAAt(x, y).A > 200 {
							on++
						}
					}
				}
				masks[i][cy*cells+cx] = on >= 3
			}
		}
	}
	for i := range masks {
		for j := i + 1; j < len(masks); j++ {
			diff := 0
			for k := range masks[i] {
				if masks[i][k] != masks[j][k] {
					diff++
				}
			}
			if testing.Verbose() {
				t.Logf("%s / %s: %d", vehicleLooks[i].look, vehicleLooks[j].look, diff)
			}
			if diff < 8 {
				t.Errorf("%s and %s: silhouettes differ in only %d cells of %d", vehicleLooks[i].look, vehicleLooks[j].look, diff, cells*cells)
			}
		}
	}
}

// Smoke moves with time and the same time draws the same picture.
func TestVehicleSmokeDeterministic(t *testing.T) {
	v := vehTestLook(7, Pt{150, 150}, 20)
	v.smoking = true
	v.Time = 1.1
	a := vehPixels(renderVehicle(300, 300, nil, v))
	b := vehPixels(renderVehicle(300, 300, nil, v))
	v.Time = 1.6
	c := vehPixels(renderVehicle(300, 300, nil, v))
	same, moved := true, false
	for i := range a.Pix {
		same = same && a.Pix[i] == b.Pix[i]
		moved = moved || a.Pix[i] != c.Pix[i]
	}
	if !same {
		t.Error("the same t drew different smoke")
	}
	if !moved {
		t.Error("smoke did not move between t=1.1 and t=1.6")
	}
}

// BenchmarkDrawVehicles draws 20 vehicles of every look (some smoking,
// some burning, hatches open on some) in one batched frame and waits for
// the GPU; "empty" is the same frame with none, the cost of the wait
// and the read back.
func BenchmarkDrawVehicles(b *testing.B) {
	dst := ebiten.NewImage(1280, 800)
	var vs []vehicleLook
	for i := 0; i < 20; i++ {
		v := vehTestLook(i%len(vehicleLooks), Pt{80 + float64(i%5)*240, 100 + float64(i/5)*180}, 20)
		v.facing, v.turret = float64(i)*0.7, float64(i)*1.3
		v.smoking = i%4 == 1
		v.brewedUp = i%7 == 3
		v.hatchesOpen = i%3 == 0
		vs = append(vs, v)
	}
	for _, n := range []int{20, 0} {
		name := "20"
		if n == 0 {
			name = "empty"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				BeginBatch(dst, false)
				for _, v := range vs[:n] {
					v.Time = float64(i) / 60
					DrawVehicle(dst, v)
				}
				Rect(dst, 0, 0, 1, 1, RGB(0x101010)) // something drawn, so the wait reads back
				EndBatch()
				dst.At(0, 0) // wait for the GPU
			}
		})
	}
}
